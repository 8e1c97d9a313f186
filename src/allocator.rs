//! The app's heap: mimalloc for everything small, the system's allocator for blocks of a MiB and more.
//!
//! A listing of a million blobs or entities makes and frees millions of small strings; glibc's malloc spent about
//! 40% of such a listing's time on them (perf, `listing_latency` bench), and mimalloc a small share of that. But
//! mimalloc grows a large block by copying it into new memory, which the kernel must zero first: the pane's list
//! of a million blobs, grown by doubling, spent a fifth of the listing's CPU in page faults. glibc grows such a
//! block with `mremap`, moving no bytes and zeroing only what is added. So each allocator keeps the sizes it is
//! good at; a block that crosses the line on a realloc is copied once.

use std::alloc::{GlobalAlloc, Layout, System};

/// From this size on, blocks live in the system's allocator.
const LARGE: usize = 1 << 20;

pub struct Allocator;

static SMALL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn large(size: usize) -> bool {
    size >= LARGE
}

// SAFETY: every block is freed, and reallocated, by the allocator that made it: the one its size (which the
// caller passes back in `layout`) picks.
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if large(layout.size()) {
            unsafe { System.alloc(layout) }
        } else {
            unsafe { SMALL.alloc(layout) }
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if large(layout.size()) {
            unsafe { System.alloc_zeroed(layout) }
        } else {
            unsafe { SMALL.alloc_zeroed(layout) }
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if large(layout.size()) {
            unsafe { System.dealloc(ptr, layout) }
        } else {
            unsafe { SMALL.dealloc(ptr, layout) }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        match (large(layout.size()), large(new_size)) {
            (true, true) => unsafe { System.realloc(ptr, layout, new_size) },
            (false, false) => unsafe { SMALL.realloc(ptr, layout, new_size) },
            // Across the line: a new block from the other allocator, the bytes that fit copied once.
            _ => {
                let Ok(new_layout) = Layout::from_size_align(new_size, layout.align()) else {
                    return std::ptr::null_mut();
                };
                let new = unsafe { self.alloc(new_layout) };
                if !new.is_null() {
                    unsafe {
                        std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                        self.dealloc(ptr, layout);
                    }
                }
                new
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_keep_their_bytes_across_the_line_both_ways() {
        let a = Allocator;
        let layout = Layout::from_size_align(1000, 8).unwrap();
        unsafe {
            let p = a.alloc(layout);
            for i in 0..1000 {
                *p.add(i) = (i % 251) as u8;
            }
            // Small to large, grown in the large allocator, then back to small.
            let p = a.realloc(p, layout, LARGE + 10);
            let large_layout = Layout::from_size_align(LARGE + 10, 8).unwrap();
            let p = a.realloc(p, large_layout, 3 * LARGE);
            let p = a.realloc(p, Layout::from_size_align(3 * LARGE, 8).unwrap(), 500);
            for i in 0..500 {
                assert_eq!(*p.add(i), (i % 251) as u8);
            }
            a.dealloc(p, Layout::from_size_align(500, 8).unwrap());
            let z = a.alloc_zeroed(large_layout);
            assert!((0..LARGE + 10).all(|i| *z.add(i) == 0));
            a.dealloc(z, large_layout);
        }
    }
}
