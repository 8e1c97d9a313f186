//! Unfinished transfers written down as they start (one small file each in the app's data folder: paths, names,
//! conditions, never a secret) and crossed out when they end, so that after a crash or a restart the app offers
//! them again (the jobs that keep it are `blob::resumable`).

use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use serde::{Deserialize, Serialize};

use crate::i18n::tr;
use crate::storage::blob::{Conditions, TransferOptions};

/// Which way an unfinished transfer went, and what it needs to go on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Direction {
    /// A file to a block blob; the file's size and modified time (ns since 1970) when it began, so a resume of a
    /// changed file is refused.
    Upload {
        source: PathBuf,
        size: u64,
        modified: u128,
        content_type: String,
    },
    /// A blob to a file; the partial file and its ranges are kept beside `dest` by the download itself.
    /// `replace`: the user chose to replace a file already at `dest`; otherwise a file there when the download
    /// finishes is kept and the download saved beside it.
    Download {
        dest: PathBuf,
        #[serde(default)]
        replace: bool,
    },
    /// A folder's files to blobs under `prefix` (the entry's `blob`), each upload as the mode says (`listed`: the
    /// ETags an "only if unchanged" upload compares with). The files done are listed beside the entry
    /// (`<id>.done`, a line each, appended as each commits), so a resume skips them.
    UploadFolder {
        root: PathBuf,
        mode: String,
        listed: Vec<(String, String)>,
    },
    /// A folder's blobs (under the entry's `blob`) into the local folder `root`, each blob's path its name less
    /// `base`. The blobs saved are listed beside the entry (`<id>.done`), so a resume skips them.
    DownloadFolder { root: PathBuf, base: String },
}

/// One unfinished transfer as journaled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unfinished {
    pub id: String,
    /// The account's profile (its label may change; the id does not).
    pub profile_id: String,
    pub container: String,
    pub blob: String,
    pub direction: Direction,
    /// The blocks' size: a resume cuts the file the same way, so the staged blocks' ids match.
    pub block_size: usize,
    pub if_match: Option<String>,
    pub if_none_match: Option<String>,
    pub lease_id: Option<String>,
}

impl Unfinished {
    /// "Upload report.pdf to files/report.pdf" / "Download files/report.pdf to /home/me/report.pdf".
    pub fn title(&self) -> String {
        match &self.direction {
            Direction::Upload { source, .. } => tr!(
                "runtime-transfer-journal-upload",
                file = file_name(source),
                container = self.container.as_str(),
                blob = self.blob.as_str()
            ),
            Direction::Download { dest, .. } => tr!(
                "runtime-transfer-journal-download",
                container = self.container.as_str(),
                blob = self.blob.as_str(),
                path = dest.display().to_string()
            ),
            Direction::UploadFolder { root, .. } => tr!(
                "runtime-transfer-journal-upload-folder",
                folder = file_name(root),
                container = self.container.as_str(),
                blob = self.blob.as_str()
            ),
            Direction::DownloadFolder { root, .. } => tr!(
                "runtime-transfer-journal-download-folder",
                container = self.container.as_str(),
                blob = self.blob.as_str(),
                path = root.display().to_string()
            ),
        }
    }

    pub fn conditions(&self) -> Conditions {
        Conditions {
            if_match: self.if_match.clone(),
            if_none_match: self.if_none_match.clone(),
            lease_id: self.lease_id.clone(),
            ..Conditions::none()
        }
    }

    /// An upload of `source` (its size and modified time are read when the job starts, off the UI thread).
    pub fn upload(
        profile_id: &str,
        (container, blob): (&str, &str),
        source: &Path,
        content_type: &str,
        conditions: &Conditions,
    ) -> Self {
        let (size, modified) = (0, 0);
        Unfinished {
            id: uuid::Uuid::new_v4().simple().to_string(),
            profile_id: profile_id.to_string(),
            container: container.to_string(),
            blob: blob.to_string(),
            direction: Direction::Upload {
                source: source.to_path_buf(),
                size,
                modified,
                content_type: content_type.to_string(),
            },
            block_size: TransferOptions::default().block_size,
            if_match: conditions.if_match.clone(),
            if_none_match: conditions.if_none_match.clone(),
            lease_id: conditions.lease_id.clone(),
        }
    }

    /// A download to `dest`, replacing a file there only when `replace` (the user chose Replace).
    pub fn download(profile_id: &str, container: &str, blob: &str, dest: &Path, replace: bool) -> Self {
        Self::new(
            profile_id,
            (container, blob),
            Direction::Download {
                dest: dest.to_path_buf(),
                replace,
            },
        )
    }

    /// A transfer of `direction` to or from `blob` (a folder upload's: the folder it goes into), unconditional.
    pub fn new(profile_id: &str, (container, blob): (&str, &str), direction: Direction) -> Self {
        Unfinished {
            id: uuid::Uuid::new_v4().simple().to_string(),
            profile_id: profile_id.to_string(),
            container: container.to_string(),
            blob: blob.to_string(),
            direction,
            block_size: TransferOptions::default().block_size,
            if_match: None,
            if_none_match: None,
            lease_id: None,
        }
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// A file's size and modified time (ns since 1970), what tells a changed file from the one an upload began with.
pub fn file_stamp(path: &Path) -> std::io::Result<(u64, u128)> {
    let meta = std::fs::metadata(path)?;
    let modified = meta.modified()?.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    Ok((meta.len(), modified))
}

/// The folder of unfinished transfers: one `<id>.json` each.
#[derive(Clone, Debug)]
pub struct TransferJournal {
    dir: PathBuf,
}

impl TransferJournal {
    pub fn new(dir: PathBuf) -> Self {
        TransferJournal { dir }
    }

    fn path(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.json")) // i18n-ignore: a file name
    }

    /// Whether the transfer is written down (a run before this one did not finish).
    pub fn has(&self, id: &str) -> bool {
        self.path(id).exists()
    }

    fn done_path(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.done")) // i18n-ignore: a file name
    }

    /// Notes one file (or blob) of a folder transfer as finished: one line appended, the cost does not grow with
    /// the folder. The line is the name as a JSON string, so any name (a newline in it, `a//b`) reads back as
    /// itself.
    pub fn mark_done(&self, id: &str, name: &str) -> std::io::Result<()> {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.done_path(id))?;
        let line = serde_json::to_string(name).map_err(std::io::Error::other)?;
        // One write of the whole line: files finishing at once never interleave their lines.
        f.write_all(format!("{line}\n").as_bytes())
    }

    /// The names a folder transfer noted as finished, exactly as noted (a line that is not a JSON string, from
    /// an earlier version, is taken as it is).
    pub fn done_names(&self, id: &str) -> std::collections::HashSet<String> {
        std::fs::read_to_string(self.done_path(id))
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.is_empty())
            .map(|l| serde_json::from_str(l).unwrap_or_else(|_| l.to_string()))
            .collect()
    }

    /// The files of a folder upload noted as finished.
    pub fn done(&self, id: &str) -> std::collections::HashSet<PathBuf> {
        self.done_names(id).into_iter().map(PathBuf::from).collect()
    }

    fn lock_path(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.lock")) // i18n-ignore: a file name
    }

    /// Every unfinished transfer found that no running app holds (a file that cannot be read is left where it is
    /// and not offered; one another instance of the app is running is not offered either).
    pub fn read_all(&self) -> Vec<Unfinished> {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut found: Vec<Unfinished> = entries
            .flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
            .filter_map(|e| serde_json::from_slice::<Unfinished>(&std::fs::read(e.path()).ok()?).ok())
            .filter(|t| !self.running(&t.id))
            .collect();
        found.sort_by_key(Unfinished::title);
        found
    }

    /// Whether a running transfer holds the entry now (in another instance of the app, or in this one).
    pub fn running(&self, id: &str) -> bool {
        let Ok(file) = std::fs::OpenOptions::new().write(true).open(self.lock_path(id)) else {
            return false;
        };
        matches!(file.try_lock(), Err(std::fs::TryLockError::WouldBlock))
    }

    /// Holds the entry (a lock on `<id>.lock`) while the returned claim lives; refused with `WouldBlock` when a
    /// running transfer holds it. A probe that holds it for an instant (`running`, in another window) is waited out.
    pub fn claim(&self, id: &str) -> std::io::Result<Claim> {
        std::fs::create_dir_all(&self.dir)?;
        let lock = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(self.lock_path(id))?;
        for _ in 0..5 {
            match lock.try_lock() {
                Ok(()) => return Ok(Claim(lock)),
                Err(std::fs::TryLockError::WouldBlock) => std::thread::sleep(std::time::Duration::from_millis(40)),
                Err(std::fs::TryLockError::Error(e)) => return Err(e),
            }
        }
        Err(std::io::Error::new(
            std::io::ErrorKind::WouldBlock,
            "this transfer is already running (in another window of Tessera, or started twice here), so it was not \
             started again",
        ))
    }

    /// Writes the transfer down before its first byte goes (a blocking call, made on a job's thread), and holds it
    /// while the returned claim lives: another instance of the app neither offers it nor runs it meanwhile, and a
    /// second run of it here is refused. The claim goes with the process, also when it crashes.
    pub fn begin(&self, transfer: &Unfinished) -> std::io::Result<Claim> {
        self.begin_again(transfer).map(|(claim, _)| claim)
    }

    /// As `begin`, also saying whether the entry was there already (an earlier run of this job failed, and its
    /// Retry may find the work done), read once the entry is held.
    pub fn begin_again(&self, transfer: &Unfinished) -> std::io::Result<(Claim, bool)> {
        let claim = self.claim(&transfer.id)?;
        let again = self.has(&transfer.id);
        self.write(transfer)?;
        Ok((claim, again))
    }

    /// `resume` for a transfer offered after a restart, `begin` for one started or retried here.
    pub fn start(&self, transfer: &Unfinished, resumed: bool) -> std::io::Result<Claim> {
        match resumed {
            true => self.resume(transfer),
            false => self.begin(transfer),
        }
    }

    /// As `begin`, for a transfer offered after a restart: refused (`NotFound`) when its entry is gone by the time
    /// it is held (another window finished or discarded it since it was offered; or it was cancelled).
    pub fn resume(&self, transfer: &Unfinished) -> std::io::Result<Claim> {
        let claim = self.claim(&transfer.id)?;
        if !self.has(&transfer.id) {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                "this transfer is no longer written down as unfinished (another window of Tessera finished or \
                 discarded it after it was offered here, or it was cancelled), so it was not run again; start it anew \
                 if it is still wanted",
            ));
        }
        self.write(transfer)?;
        Ok(claim)
    }

    fn write(&self, transfer: &Unfinished) -> std::io::Result<()> {
        let tmp = self.dir.join(format!("{}.json.tmp", transfer.id)); // i18n-ignore: a file name
        let mut file = std::fs::File::create(&tmp)?;
        std::io::Write::write_all(
            &mut file,
            &serde_json::to_vec_pretty(transfer).map_err(std::io::Error::other)?,
        )?;
        // On disk before it is renamed into place: after a power cut the entry is the old one or the new one, whole.
        file.sync_all()?;
        std::fs::rename(tmp, self.path(&transfer.id))
    }

    /// Crosses the transfer out: it finished, the user cancelled it, or they discarded it.
    pub fn end(&self, id: &str) {
        let _ = std::fs::remove_file(self.path(id));
        let _ = std::fs::remove_file(self.done_path(id));
        let _ = std::fs::remove_file(self.lock_path(id));
    }
}

/// A running transfer's hold on its journal entry (a lock on `<id>.lock`), released when dropped.
#[derive(Debug)]
pub struct Claim(#[allow(dead_code)] std::fs::File);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_running_transfer_is_neither_offered_nor_run_again_until_its_claim_goes() {
        let dir = tempfile::tempdir().unwrap();
        let t = Unfinished::download("p", "c", "b.bin", &dir.path().join("b.bin"), false);
        // "This instance" runs the transfer; "another instance" reads the same folder.
        let this = TransferJournal::new(dir.path().to_path_buf());
        let other = TransferJournal::new(dir.path().to_path_buf());
        let claim = this.begin(&t).unwrap();
        assert!(other.running(&t.id));
        assert!(other.read_all().is_empty(), "a running transfer is not offered");
        let again = other.begin(&t).unwrap_err();
        assert_eq!(again.kind(), std::io::ErrorKind::WouldBlock, "{again}");
        // The app that ran it ended without crossing it out (a crash): the next start offers it, and can run it.
        drop(claim);
        assert!(!other.running(&t.id));
        assert_eq!(other.read_all(), vec![t.clone()]);
        let resumed = other.resume(&t).unwrap();
        other.end(&t.id);
        drop(resumed);
        assert!(other.read_all().is_empty());
        // A window that offered it before that run finished it: its Resume is refused, and writes nothing.
        let stale = this.resume(&t).unwrap_err();
        assert_eq!(stale.kind(), std::io::ErrorKind::NotFound, "{stale}");
        assert!(!this.has(&t.id));
        this.end(&t.id);
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            0,
            "nothing is left behind"
        );
    }
}
