//! Counting live heap bytes, to measure what loaded entities hold. A benchmark opts in with
//! `#[global_allocator] static ALLOCATOR: common::heap::Counting = common::heap::Counting;`.

use std::alloc::{GlobalAlloc, Layout};

/// The allocator the app ships with (`src/main.rs`): what is counted is allocated where the app allocates.
static INNER: tessera::allocator::Allocator = tessera::allocator::Allocator;
use std::sync::atomic::{AtomicIsize, Ordering};

pub struct Counting;
static LIVE: AtomicIsize = AtomicIsize::new(0);
/// The most live bytes seen since the last `reset_peak`.
static PEAK: AtomicIsize = AtomicIsize::new(0);
/// Every byte ever allocated (a realloc counts what it grew by).
static TOTAL: AtomicIsize = AtomicIsize::new(0);

/// Heap bytes allocated and not yet freed, when `Counting` is the global allocator.
pub fn live_bytes() -> isize {
    LIVE.load(Ordering::Relaxed)
}

/// Heap bytes allocated so far, freed or not, when `Counting` is the global allocator.
pub fn total_bytes() -> isize {
    TOTAL.load(Ordering::Relaxed)
}

/// The most live heap bytes since the last reset.
pub fn peak_bytes() -> isize {
    PEAK.load(Ordering::Relaxed)
}

/// Starts a new peak from what is live now.
pub fn reset_peak() {
    PEAK.store(live_bytes(), Ordering::Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed) + layout.size() as isize;
        PEAK.fetch_max(live, Ordering::Relaxed);
        TOTAL.fetch_add(layout.size() as isize, Ordering::Relaxed);
        unsafe { INNER.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        unsafe { INNER.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let grew = new_size as isize - layout.size() as isize;
        PEAK.fetch_max(LIVE.fetch_add(grew, Ordering::Relaxed) + grew, Ordering::Relaxed);
        TOTAL.fetch_add((new_size as isize - layout.size() as isize).max(0), Ordering::Relaxed);
        unsafe { INNER.realloc(ptr, layout, new_size) }
    }
}
