//! A folder's blobs downloaded into a local folder as one job, journaled like the other transfers: each blob
//! saved is noted (`<id>.done`, and with the job itself, so a Retry after a Cancel, which crosses the journal's
//! entry out, still knows), so a Retry or a resume after a restart skips what was saved and the blob cut
//! part-way asks only for its missing ranges (its partial file stays beside its destination). Nothing is written
//! outside the chosen folder: a blob with a link on its way is not downloaded and named as such, and a link at a
//! blob's own name is neither followed nor replaced (the blob is saved beside it).

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::app::blob::features::downloads::{Existing, destination, is_link};
use crate::app::blob::features::local_files::{Kept, reach};
use crate::app::blob::features::transfers::{list_all, local_path};
use crate::app::context::{Backend, Direction, JobContext, Jobs, TransferJournal, Unfinished, Unit};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::blob::TransferOptions;
use crate::storage::{Client, ErrorKind, StorageError};

#[derive(Clone)]
pub struct FolderDownload {
    pub client: Client,
    pub container: String,
    /// The folder's prefix in the container.
    pub name: String,
    /// The local folder it goes into.
    pub into: PathBuf,
    /// What is cut from each blob's name for its local path (the folder shown when the download began).
    pub base: String,
    /// The user's answers about local files already there (none on a resume: a file in the way is kept, and
    /// the blob takes a free name beside it).
    pub choices: Arc<BTreeMap<PathBuf, Existing>>,
    /// Where it is written down (None: not journaled).
    pub journal: Option<(TransferJournal, Unfinished)>,
    /// Offered after a restart: refused if another window finished or discarded it since.
    pub resumed: bool,
    /// The blobs saved by every run of this job (shared by its runs): a Retry never saves one again, even after
    /// a Cancel crossed the journal's entry out (a second copy would land beside the first).
    pub saved: Arc<Mutex<HashSet<String>>>,
}

impl FolderDownload {
    /// The journal entry for a folder download (one id for every run of its job).
    pub fn entry(profile_id: &str, container: &str, name: &str, into: &Path, base: &str, id: &str) -> Unfinished {
        let direction = Direction::DownloadFolder {
            root: into.to_path_buf(),
            base: base.to_string(),
        };
        Unfinished {
            id: id.to_string(),
            ..Unfinished::new(profile_id, (container, name), direction)
        }
    }

    pub async fn run(self, job: JobContext) -> Result<String, StorageError> {
        let (mut done, mut _claim, resumed) = (HashSet::new(), None, self.resumed);
        if let Some((journal, u)) = self.journal.clone() {
            let begun =
                tokio::task::spawn_blocking(move || journal.start(&u, resumed).map(|c| (journal.done_names(&u.id), c)))
                    .await;
            let (names, claim) = begun
                .map_err(|e| StorageError::invalid(t("blob-folder-download-op-journal"), e.to_string()))?
                .map_err(crate::app::blob::features::resumable::journal_refused)?;
            (done, _claim) = (names, Some(claim));
        }
        done.extend(self.saved.lock().expect("saved lock").iter().cloned());
        let result = self.save_blobs(&job, &done).await;
        // Finished or cancelled: crossed out. Failed otherwise (one blob's name the disk refuses, the network):
        // kept, so Retry or the next start goes on from the blobs not yet saved. (A blob gone meanwhile is
        // skipped and said, not a failure of the folder.)
        let keep = matches!(&result, Err(e) if e.kind != ErrorKind::Cancelled);
        if let (Some((journal, t)), false) = (&self.journal, keep) {
            journal.end(&t.id);
        }
        result
    }

    async fn save_blobs(&self, job: &JobContext, done: &HashSet<String>) -> Result<String, StorageError> {
        let blobs = list_all(&self.client, &self.container, &self.name).await?;
        let (before, rest): (Vec<_>, Vec<_>) = blobs.into_iter().partition(|(b, _)| done.contains(b));
        job.progress.start(rest.iter().map(|(_, s)| s).sum());
        let options = TransferOptions {
            // Journaled: a blob cut part-way keeps its ranges for the next run.
            keep_partial: self.journal.is_some(),
            ..TransferOptions::default()
        };
        let (mut saved, mut skipped, mut gone, mut beside) = (0, 0, 0, Vec::new());
        let (mut by_links, mut refused) = (Vec::new(), Vec::new());
        let op = t("blob-folder-download-op-download");
        for (blob, _) in &rest {
            let relative = local_path(blob.strip_prefix(&self.base).unwrap_or(blob))?;
            // Every folder on the way a real one inside the chosen folder (made where missing), never a link: a
            // blob with a link (or a file) on its way is left and named, the others go on.
            let wanted = match reach(&self.into, &relative, true) {
                Ok(wanted) => wanted,
                Err(Kept::Io(e)) => return Err(StorageError::io(&op, &e)),
                Err(kept) => {
                    job.item_not_done(blob, tr!("blob-folder-download-item-not-done", why = kept.words()));
                    refused.push((blob.clone(), kept.words()));
                    continue;
                }
            };
            let replace = crate::app::blob::features::downloads::replaces(&wanted, &self.choices);
            let Some(dest) = destination(&wanted, &self.choices) else {
                job.item(blob, t("blob-folder-download-item-skipped"));
                skipped += 1;
                continue;
            };
            let link = is_link(&wanted);
            // A folder's progress moves with each blob's bytes (a part of the job's: its wait for the network
            // shows on the job's row).
            let part = job.progress.part();
            let options = TransferOptions {
                replace_existing: replace,
                ..options.clone()
            };
            let got = self
                .client
                .download_file(&self.container, blob, None, &dest, &options, &part, &job.cancel);
            let got = match got.await {
                Err(e) if e.status == Some(404) => {
                    job.item(blob, t("blob-folder-download-item-gone"));
                    gone += 1;
                    continue;
                }
                got => got?,
            };
            if link {
                by_links.push(wanted.display().to_string());
            } else if got.saved_as != dest {
                beside.push(dest.display().to_string());
            }
            let file = got.saved_as.display().to_string();
            job.item(blob, tr!("blob-folder-download-item-saved", file = file));
            // Noted only now: the download returns once its file is on disk under its name (synced).
            saved += 1;
            self.saved.lock().expect("saved lock").insert(blob.clone());
            if let Some((journal, u)) = &self.journal {
                let (journal, id, blob) = (journal.clone(), u.id.clone(), blob.clone());
                // Not fatal: a blob saved but not noted is only saved again (beside itself) by a later run.
                let _ = tokio::task::spawn_blocking(move || journal.mark_done(&id, &blob)).await;
            }
        }
        let skipped = match skipped {
            0 => String::new(),
            n => tr!("blob-folder-download-skipped", count = n),
        };
        let earlier = match before.len() {
            0 => String::new(),
            n => tr!("blob-folder-download-earlier", count = n),
        };
        let gone = match gone {
            0 => String::new(),
            n => tr!("blob-folder-download-gone", count = n),
        };
        let beside = match (beside.len(), by_links.len()) {
            (0, 0) => String::new(),
            (0, n) => tr!(
                "blob-folder-download-beside-link",
                count = n,
                files = by_links.join(", ")
            ),
            (n, 0) => tr!("blob-folder-download-beside", count = n, files = beside.join(", ")),
            (n, m) => {
                let links = tr!(
                    "blob-folder-download-beside-link",
                    count = m,
                    files = by_links.join(", ")
                );
                tr!("blob-folder-download-beside", count = n, files = beside.join(", ")) + &links
            }
        };
        let summary = tr!(
            "blob-folder-download-summary",
            saved = saved,
            folder = self.into.display().to_string(),
            skipped = skipped,
            earlier = earlier,
            gone = gone,
            beside = beside
        );
        match refused.first() {
            None => Ok(summary),
            // Not done, and said so: the job fails naming the first, and a Retry downloads only what was not saved.
            Some((first, why)) => Err(StorageError::invalid(
                op,
                tr!(
                    "blob-folder-download-not-done",
                    failed = refused.len(),
                    count = rest.len(),
                    first = first.as_str(),
                    why = why.as_str(),
                    summary = summary
                ),
            )),
        }
    }
}

/// Resumes a journaled folder download after a restart, as a job: the blobs it saved are skipped, the one it was
/// in the middle of asks only for its missing ranges.
pub fn resume_folder_download(
    jobs: &mut Jobs,
    backend: &Backend,
    client: Client,
    t: Unfinished,
    journal: TransferJournal,
) {
    let Direction::DownloadFolder { root, base } = &t.direction else {
        return;
    };
    let download = FolderDownload {
        client,
        container: t.container.clone(),
        name: t.blob.clone(),
        into: root.clone(),
        base: base.clone(),
        choices: Arc::default(),
        journal: Some((journal, t.clone())),
        resumed: true,
        saved: Arc::default(),
    };
    jobs.run(backend, t.title(), Unit::Bytes, download, |job, download| {
        download.run(job)
    });
}
