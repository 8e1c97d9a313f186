//! A local folder as one side of a folder job (a compare, a sync, a folder upload): walked without following
//! links, every entry that could not be read kept as an error of the run, and a file checked again just before
//! it is written over or deleted, reached through real folders only, never through a link (rclone's rules).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use base64::Engine;
use md5::Digest;

use crate::app::widgets::i18n::{t, tr};
use crate::storage::blob::is_partial_file;

/// Which links a walk follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Links {
    /// None: each is passed over and named, as rclone does without `--copy-links`.
    #[default]
    PassOver,
    /// A link to a file inside the folder is read as that file, under the link's name; any other is passed over.
    FilesInside,
}

/// A file a walk found: where to read it (a followed link's file inside the folder), its name from the folder
/// (`/` between folders), its size and modification time.
#[derive(Clone, Debug)]
pub struct LocalFile {
    pub path: PathBuf,
    pub name: String,
    pub size: u64,
    pub modified: Option<SystemTime>,
}

/// Why a walk passed over an entry (read nothing through it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassedOver {
    /// A link, not followed.
    Link,
    /// A link that leads to a folder or out of the folder (followed only to a file inside).
    LinkLeadsAway,
    /// Neither a file, a folder nor a link: a pipe, a socket, a device.
    Special,
}

impl PassedOver {
    pub fn words(self) -> String {
        t(match self {
            PassedOver::Link => "blob-local-passed-link",
            PassedOver::LinkLeadsAway => "blob-local-passed-link-away",
            PassedOver::Special => "blob-local-passed-special",
        })
    }
}

/// What a walk found: the files, what it passed over and what it could not read (each an error of the run), all by
/// their names from the folder.
#[derive(Clone, Debug, Default)]
pub struct Walk {
    pub files: Vec<LocalFile>,
    pub passed: Vec<(String, PassedOver)>,
    pub unread: Vec<(String, String)>,
}

/// The files below `root` and their sizes, links seen as links: a folder, an entry or a followed link that
/// cannot be read is named with the system's words, never taken for an empty one. A download's own partial files
/// are not the user's and are left out.
pub fn walk(root: &Path, links: Links) -> Walk {
    let mut out = Walk::default();
    let inside = std::fs::canonicalize(root).ok();
    let mut entries = walkdir::WalkDir::new(root)
        .follow_links(false)
        .sort_by_file_name()
        .into_iter();
    while let Some(entry) = entries.next() {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                let path = e.path().unwrap_or(root);
                let why = e.io_error().map_or_else(|| e.to_string(), ToString::to_string);
                out.unread.push((shown(root, path), why));
                continue;
            }
        };
        if entry.depth() == 0 {
            continue;
        }
        let kind = entry.file_type();
        let Some(name) = name_from(root, entry.path()) else {
            // No blob name can stand for it (nor for anything under it).
            out.unread
                .push((shown(root, entry.path()), t("blob-local-not-unicode")));
            if kind.is_dir() {
                entries.skip_current_dir();
            }
            continue;
        };
        if kind.is_dir() || is_partial_file(&entry.file_name().to_string_lossy()) {
            continue;
        }
        let file = if kind.is_file() {
            entry
                .metadata()
                .map_err(|e| e.to_string())
                .map(|m| (entry.path().to_path_buf(), m))
        } else if kind.is_symlink() && links == Links::FilesInside {
            match follow(entry.path(), inside.as_deref()) {
                Ok(Some(found)) => Ok(found),
                Ok(None) => {
                    out.passed.push((name, PassedOver::LinkLeadsAway));
                    continue;
                }
                Err(e) => Err(e.to_string()),
            }
        } else {
            let why = match kind.is_symlink() {
                true => PassedOver::Link,
                false => PassedOver::Special,
            };
            out.passed.push((name, why));
            continue;
        };
        match file {
            Ok((path, meta)) => out.files.push(LocalFile {
                path,
                name,
                size: meta.len(),
                modified: meta.modified().ok(),
            }),
            Err(why) => out.unread.push((name, why)),
        }
    }
    out
}

/// A link's file and its metadata when it leads to a file inside the folder (`inside`, as the system resolves
/// it); None when it leads elsewhere; an error when it leads nowhere that can be read (a broken link, a share not
/// mounted).
fn follow(link: &Path, inside: Option<&Path>) -> std::io::Result<Option<(PathBuf, std::fs::Metadata)>> {
    let target = std::fs::canonicalize(link)?;
    let meta = std::fs::metadata(&target)?;
    let within = inside.is_some_and(|root| target.starts_with(root));
    Ok((meta.is_file() && within).then_some((target, meta)))
}

/// A path's name from the folder, `/` between folders; None when it is not Unicode text.
fn name_from(root: &Path, path: &Path) -> Option<String> {
    let parts: Option<Vec<&str>> = path
        .strip_prefix(root)
        .ok()?
        .components()
        .map(|c| c.as_os_str().to_str())
        .collect();
    Some(parts?.join("/"))
}

/// A path as the plan names it: from the folder where it can be, `.` for the folder itself.
fn shown(root: &Path, path: &Path) -> String {
    match path.strip_prefix(root) {
        Ok(rel) if rel.as_os_str().is_empty() => ".".into(),
        Ok(rel) => rel.to_string_lossy().replace('\\', "/"),
        Err(_) => path.display().to_string(),
    }
}

/// A local file's MD5, Base64 as Content-MD5 says it (blocking: call it off the UI thread and the workers).
pub fn md5_of(path: &Path) -> std::io::Result<String> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = md5::Md5::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    Ok(base64::engine::general_purpose::STANDARD.encode(hasher.finalize()))
}

/// What a local file was when compared: it is written over or deleted only while it still is.
#[derive(Clone, Debug)]
pub struct Seen {
    pub size: u64,
    pub modified: Option<SystemTime>,
    /// Its MD5, where the compare read one (the other side had an MD5 to check it against).
    pub md5: Option<String>,
}

/// Why a local write or delete left the file as it was.
#[derive(Debug)]
pub enum Kept {
    /// Its size, time or MD5 moved since the compare.
    Changed,
    /// A file, folder or anything else is where the compare saw nothing.
    Appeared,
    /// It is gone since the compare.
    Gone,
    /// A link where a file or a folder on the way was to be: links are never written through nor deleted.
    Link(String),
    /// Something other than a folder on the way.
    NotAFolder(String),
    /// The system refused to check, write or delete it: a failure, said in its words.
    Io(std::io::Error),
}

impl Kept {
    pub fn words(&self) -> String {
        match self {
            Kept::Changed => t("blob-local-kept-changed"),
            Kept::Appeared => t("blob-local-kept-appeared"),
            Kept::Gone => t("blob-local-kept-gone"),
            Kept::Link(at) => tr!("blob-local-kept-link", path = at.as_str()),
            Kept::NotAFolder(at) => tr!("blob-local-kept-not-a-folder", path = at.as_str()),
            Kept::Io(e) => e.to_string(),
        }
    }
}

/// Where `relative` lands under `root`, every folder on the way a real folder (made, one at a time, when `make`
/// and missing), never a link: nothing is written or deleted through a link that leads out of the folder.
pub fn reach(root: &Path, relative: &Path, make: bool) -> Result<PathBuf, Kept> {
    let mut at = root.to_path_buf();
    for part in relative.parent().into_iter().flat_map(Path::components) {
        at.push(part);
        match std::fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => return Err(Kept::Link(shown(root, &at))),
            Ok(m) if m.is_dir() => {}
            Ok(_) => return Err(Kept::NotAFolder(shown(root, &at))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && make => match std::fs::create_dir(&at) {
                Ok(()) => {}
                // Made meanwhile by another write of the same sync: it must be a real folder too.
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => match std::fs::symlink_metadata(&at) {
                    Ok(m) if m.is_dir() => {}
                    _ => return Err(Kept::NotAFolder(shown(root, &at))),
                },
                Err(e) => return Err(Kept::Io(e)),
            },
            // Nothing beyond exists: no link can be on the way.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => break,
            Err(e) => return Err(Kept::Io(e)),
        }
    }
    Ok(root.join(relative))
}

/// The file at `path` is still what the compare saw: a file (not a link), of that size and time, and of that MD5
/// where the compare read one.
pub fn unchanged(root: &Path, path: &Path, seen: Seen) -> Result<(), Kept> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(Kept::Gone),
        Err(e) => return Err(Kept::Io(e)),
    };
    if meta.file_type().is_symlink() {
        return Err(Kept::Link(shown(root, path)));
    }
    if !meta.is_file() || meta.len() != seen.size || meta.modified().ok() != seen.modified {
        return Err(Kept::Changed);
    }
    match &seen.md5 {
        Some(md5) if md5_of(path).map_err(Kept::Io)? != *md5 => Err(Kept::Changed),
        _ => Ok(()),
    }
}

/// Nothing is at `path` (not even a broken link).
pub fn absent(root: &Path, path: &Path) -> Result<(), Kept> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(Kept::Io(e)),
        Ok(m) if m.file_type().is_symlink() => Err(Kept::Link(shown(root, path))),
        Ok(_) => Err(Kept::Appeared),
    }
}

/// Where a sync's download waits for its last check: a name beside its destination that no walk takes for the
/// user's (`is_partial_file`).
pub fn waiting_beside(dest: &Path) -> PathBuf {
    let name = dest
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    dest.with_file_name(format!(".{name}.tessera-partial-sync")) // i18n-ignore: a file name, not words
}

/// Puts a finished download (`waiting`, complete and synced) at `dest` after checking `dest` once more, just
/// before: over the file the compare saw only while it is still that file (`seen`), else only where nothing is
/// (a hard link, which fails on a name taken; a rename where the file system has no links). The waiting file is
/// removed when the check refuses.
pub fn place(root: &Path, waiting: &Path, dest: &Path, seen: Option<Seen>) -> Result<(), Kept> {
    let placed = match seen {
        Some(seen) => unchanged(root, dest, seen).and_then(|()| std::fs::rename(waiting, dest).map_err(Kept::Io)),
        None => absent(root, dest).and_then(|()| match std::fs::hard_link(waiting, dest) {
            Ok(()) => std::fs::remove_file(waiting).map_err(Kept::Io),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(Kept::Appeared),
            Err(_) => absent(root, dest).and_then(|()| std::fs::rename(waiting, dest).map_err(Kept::Io)),
        }),
    };
    if placed.is_err() {
        let _ = std::fs::remove_file(waiting);
    }
    #[cfg(unix)]
    if let (Ok(()), Some(folder)) = (&placed, dest.parent()) {
        // Best effort, as a download's own rename: the new name made durable.
        let _ = std::fs::File::open(folder).and_then(|f| f.sync_all());
    }
    placed
}

/// Deletes the file at `path` only while it is what the compare saw.
pub fn delete(root: &Path, path: &Path, seen: Seen) -> Result<(), Kept> {
    unchanged(root, path, seen)?;
    std::fs::remove_file(path).map_err(Kept::Io)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(w: &Walk) -> Vec<&str> {
        let mut n: Vec<&str> = w.files.iter().map(|f| f.name.as_str()).collect();
        n.sort();
        n
    }

    #[test]
    fn a_walk_names_files_from_the_folder_and_leaves_a_downloads_partial_files_out() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::fs::write(dir.path().join("sub").join("b.txt"), "hello").unwrap();
        std::fs::write(dir.path().join("a.txt"), "x").unwrap();
        std::fs::write(dir.path().join(".big.bin.tessera-partial"), "xx").unwrap();
        std::fs::write(dir.path().join(".big.bin.tessera-partial.json"), "{}").unwrap();
        let w = walk(dir.path(), Links::PassOver);
        assert_eq!(names(&w), ["a.txt", "sub/b.txt"]);
        assert!(w.passed.is_empty() && w.unread.is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn links_are_passed_over_unless_asked_and_then_followed_only_to_files_inside() {
        use std::os::unix::fs::symlink;
        let outer = tempfile::tempdir().unwrap();
        let root = outer.path().join("root");
        std::fs::create_dir_all(root.join("sub")).unwrap();
        std::fs::write(root.join("sub").join("in.txt"), "inside").unwrap();
        std::fs::write(outer.path().join("secret.txt"), "outside").unwrap();
        symlink(root.join("sub").join("in.txt"), root.join("to-inside.txt")).unwrap();
        symlink(outer.path().join("secret.txt"), root.join("to-outside.txt")).unwrap();
        symlink(outer.path(), root.join("to-parent")).unwrap();
        symlink(outer.path().join("not-mounted"), root.join("share")).unwrap();

        let w = walk(&root, Links::PassOver);
        assert_eq!(names(&w), ["sub/in.txt"]);
        let mut passed: Vec<&str> = w.passed.iter().map(|(n, _)| n.as_str()).collect();
        passed.sort();
        assert_eq!(passed, ["share", "to-inside.txt", "to-outside.txt", "to-parent"]);
        assert!(w.unread.is_empty(), "{:?}", w.unread);

        let w = walk(&root, Links::FilesInside);
        assert_eq!(names(&w), ["sub/in.txt", "to-inside.txt"]);
        let followed = w.files.iter().find(|f| f.name == "to-inside.txt").unwrap();
        assert!(followed.path.starts_with(std::fs::canonicalize(&root).unwrap()));
        let mut away: Vec<&str> = w.passed.iter().map(|(n, _)| n.as_str()).collect();
        away.sort();
        assert_eq!(away, ["to-outside.txt", "to-parent"]);
        // A link that leads nowhere cannot be told from a folder that is not there: an error of the run.
        assert_eq!(w.unread.len(), 1, "{:?}", w.unread);
        assert_eq!(w.unread[0].0, "share");
    }

    /// Permissions do not stop root from reading, and the tests may run as root: a folder deeper than the
    /// system's longest path is one whose `read_dir` fails for everyone (made a level at a time, relative to the
    /// last, as only such a folder can be).
    #[cfg(target_os = "linux")]
    #[test]
    fn a_folder_that_cannot_be_read_is_named_never_taken_for_empty() {
        use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.txt"), "x").unwrap();
        let part = std::ffi::CString::new("d".repeat(200)).unwrap();
        let mut folder = OwnedFd::from(std::fs::File::open(dir.path()).unwrap());
        for _ in 0..25 {
            // SAFETY: plain system calls on a descriptor this test owns and a NUL-terminated name.
            let next = unsafe {
                assert_eq!(libc::mkdirat(folder.as_raw_fd(), part.as_ptr(), 0o755), 0);
                libc::openat(folder.as_raw_fd(), part.as_ptr(), libc::O_RDONLY | libc::O_DIRECTORY)
            };
            assert!(next >= 0);
            // SAFETY: `next` was just opened and is owned by nothing else.
            folder = unsafe { OwnedFd::from_raw_fd(next) };
        }
        let w = walk(dir.path(), Links::PassOver);
        assert_eq!(names(&w), ["a.txt"]);
        assert_eq!(w.unread.len(), 1, "{:?}", w.unread);
        assert!(w.unread[0].0.starts_with("ddd"), "{:?}", w.unread[0]);
    }

    #[cfg(unix)]
    #[test]
    fn nothing_is_reached_through_a_link_on_the_way() {
        use std::os::unix::fs::symlink;
        let outer = tempfile::tempdir().unwrap();
        let root = outer.path().join("root");
        std::fs::create_dir_all(&root).unwrap();
        std::fs::create_dir(outer.path().join("elsewhere")).unwrap();
        symlink(outer.path().join("elsewhere"), root.join("linked")).unwrap();
        let refused = reach(&root, Path::new("linked/deeper/x.txt"), true).unwrap_err();
        assert!(matches!(&refused, Kept::Link(at) if at == "linked"), "{refused:?}");
        assert!(!outer.path().join("elsewhere").join("deeper").exists());
        let made = reach(&root, Path::new("new/deeper/x.txt"), true).unwrap();
        assert!(root.join("new").join("deeper").is_dir());
        assert_eq!(made, root.join("new/deeper/x.txt"));
        assert!(matches!(absent(&root, &root.join("linked")), Err(Kept::Link(_))));
    }
}
