//! The UI thread's promise, kept where it can be checked: while the window draws a frame (`in_frame`), nothing
//! that blocks (building a `Client`: certificate reads, TLS set-up) may run on that thread. Debug builds (every
//! test) panic when it does; release builds carry on.

use std::cell::Cell;

thread_local! {
    static IN_FRAME: Cell<bool> = const { Cell::new(false) };
}

/// Marks this thread as drawing a frame until the guard drops.
pub fn in_frame() -> FrameGuard {
    let was = IN_FRAME.with(|f| f.replace(true));
    FrameGuard { was }
}

pub struct FrameGuard {
    was: bool,
}

impl Drop for FrameGuard {
    fn drop(&mut self) {
        IN_FRAME.with(|f| f.set(self.was));
    }
}

/// Whether this thread is drawing a frame now.
pub fn drawing() -> bool {
    IN_FRAME.with(Cell::get)
}

/// Refuses (in debug builds) blocking work `what` on a thread drawing a frame.
pub(crate) fn not_in_frame(what: &str) {
    debug_assert!(
        !drawing(),
        "{what} ran on the UI thread during a frame: hand it to the backend (spawn_blocking) instead"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_marks_only_its_own_thread_and_only_while_it_lasts() {
        assert!(!drawing());
        {
            let _frame = in_frame();
            assert!(drawing());
            {
                let _nested = in_frame();
            }
            assert!(drawing(), "a nested frame leaves the outer one marked");
            assert!(
                !std::thread::spawn(drawing).join().unwrap(),
                "another thread is not drawing"
            );
        }
        assert!(!drawing());
    }

    #[test]
    #[should_panic(expected = "on the UI thread during a frame")]
    #[cfg(debug_assertions)]
    fn blocking_work_in_a_frame_is_refused() {
        let _frame = in_frame();
        not_in_frame("Client::new");
    }
}
