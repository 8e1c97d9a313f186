//! Local folders a folder job must meet as a user's disk has them, made so that root (the tests may run as root,
//! where permissions stop no read) meets them too.

/// Makes, under `parent`, a chain of folders deeper than the system's longest path: its deepest folders cannot be
/// read by anyone (`read_dir` of them fails, "File name too long"). Made a level at a time, relative to the last
/// (mkdirat, openat), as only such a folder can be. Returns the first level's name.
#[cfg(target_os = "linux")]
pub fn too_deep_to_read(parent: &std::path::Path) -> String {
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    let name = "d".repeat(200);
    let part = std::ffi::CString::new(name.clone()).unwrap();
    let mut folder = OwnedFd::from(std::fs::File::open(parent).unwrap());
    for _ in 0..25 {
        // SAFETY: plain system calls on a descriptor this function owns and a NUL-terminated name.
        let next = unsafe {
            assert_eq!(libc::mkdirat(folder.as_raw_fd(), part.as_ptr(), 0o755), 0);
            libc::openat(folder.as_raw_fd(), part.as_ptr(), libc::O_RDONLY | libc::O_DIRECTORY)
        };
        assert!(next >= 0);
        // SAFETY: `next` was just opened and is owned by nothing else.
        folder = unsafe { OwnedFd::from_raw_fd(next) };
    }
    name
}
