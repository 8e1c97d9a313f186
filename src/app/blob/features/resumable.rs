//! Uploads and downloads as jobs that keep the journal of unfinished transfers: the same work for a first run, a
//! retry and a resume after a restart.

use crate::app::context::{Direction, JobContext, TransferJournal, Unfinished, file_stamp};
use crate::app::widgets::format::human_bytes;
use crate::app::widgets::i18n::{self, t, tr};
use crate::storage::blob::{BlobHttpHeaders, TransferOptions};
use crate::storage::{Client, ErrorKind, StorageError};

/// Runs one journaled transfer as a job's work: written down first, crossed out when it finishes or the user
/// cancels it, kept when it fails (Retry, or the next start, resumes it). A resumed upload whose file changed
/// since is refused, in words, and crossed out.
pub async fn run(
    job: JobContext,
    client: Client,
    transfer: Unfinished,
    journal: Option<TransferJournal>,
    resumed: bool,
) -> Result<String, StorageError> {
    let (j, mut t) = (journal.clone(), transfer);
    // The claim is held until the journal is settled below.
    let (transfer, again, _claim) = tokio::task::spawn_blocking(move || {
        // A first run notes the file as it is now; a resume compares with what was noted.
        if let (
            Direction::Upload {
                source, size, modified, ..
            },
            false,
        ) = (&mut t.direction, resumed)
        {
            (*size, *modified) = file_stamp(source).unwrap_or((0, 0));
        }
        // Written down already (read once held): an earlier run of this transfer (a Retry, a resume) may have
        // committed it. A resume whose entry another window crossed out meanwhile is refused.
        let held = match (&j, resumed) {
            (None, _) => None,
            (Some(j), true) => Some((j.resume(&t)?, true)),
            (Some(j), false) => Some(j.begin_again(&t)?),
        };
        let again = held.as_ref().is_some_and(|(_, again)| *again);
        Ok((t, again, held.map(|(claim, _)| claim)))
    })
    .await
    .map_err(|e| StorageError::invalid(i18n::t("blob-resumable-op-journal"), e.to_string()))?
    .map_err(journal_refused)?;
    let result = go(&job, &client, &transfer, resumed, resumed || again).await;
    // Kept for a Retry or the next start unless cancelled, or refused for what it asks (gone, exists, changed):
    // trying again would meet the same refusal.
    let keep = matches!(&result, Err(e) if e.kind != ErrorKind::Cancelled && e.kind != ErrorKind::Invalid
        && !matches!(e.status, Some(404 | 409 | 412)));
    if let (Some(journal), false) = (&journal, keep) {
        journal.end(&transfer.id);
    }
    result
}

/// What a download saved beside its destination says: a file appeared there while it ran, and was kept.
pub fn beside(dest: &std::path::Path, saved_as: &std::path::Path) -> String {
    if dest == saved_as {
        return String::new();
    }
    tr!("blob-resumable-beside", file = dest.display().to_string())
}

/// Why a transfer could not be written down: already running elsewhere, or finished or discarded there since it
/// was offered (said as a refusal, so nothing crosses the other run's entry out), or the disk's own words.
pub fn journal_refused(e: std::io::Error) -> StorageError {
    match e.kind() {
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::NotFound => {
            StorageError::invalid(t("blob-resumable-op-start"), e.to_string())
        }
        _ => StorageError::io(t("blob-resumable-op-journal"), &e),
    }
}

/// `verify_existing`: an earlier run may have committed this upload, so a refusal because the blob exists or
/// changed is checked against the file before it counts as a failure.
async fn go(
    job: &JobContext,
    client: &Client,
    t: &Unfinished,
    resumed: bool,
    verify_existing: bool,
) -> Result<String, StorageError> {
    let options = TransferOptions {
        block_size: t.block_size,
        // A failed download keeps its ranges on disk: Retry or the next start asks only for the rest.
        keep_partial: true,
        ..TransferOptions::default()
    };
    match &t.direction {
        Direction::Upload {
            source,
            size,
            modified,
            content_type,
        } => {
            if resumed && file_stamp(source).ok() != Some((*size, *modified)) {
                let why = tr!("blob-resumable-file-changed", file = source.display().to_string());
                return Err(StorageError::invalid(i18n::t("blob-resumable-op-resume-upload"), why));
            }
            let http = BlobHttpHeaders {
                content_type: Some(content_type.clone()),
                ..Default::default()
            };
            let sent = client
                .upload_file(
                    &t.container,
                    &t.blob,
                    source,
                    &http,
                    &[],
                    &t.conditions(),
                    &options,
                    &job.progress,
                    &job.cancel,
                )
                .await;
            let etag = match sent {
                // Refused because the blob exists or changed: after a restart it may be this very upload, committed
                // just before the app ended. Done when the blob holds exactly the file.
                Err(e) if verify_existing && matches!(e.status, Some(409 | 412)) => {
                    match client.holds_file(&t.container, &t.blob, source, &options).await {
                        Ok(true) => {
                            return Ok(tr!("blob-resumable-already-holds", name = t.blob.as_str()));
                        }
                        _ => return Err(e),
                    }
                }
                other => other?,
            };
            let again = match job.progress.resumed() {
                0 => String::new(),
                n => format!(" {}", tr!("blob-resumable-staged", size = human_bytes(n))),
            };
            Ok(tr!(
                "blob-resumable-uploaded",
                name = t.blob.as_str(),
                etag = etag,
                again = again
            ))
        }
        Direction::UploadFolder { .. } | Direction::DownloadFolder { .. } => Err(StorageError::invalid(
            i18n::t("blob-resumable-op-resume"),
            i18n::t("blob-resumable-folder-own-job"),
        )),
        Direction::Download { dest, replace } => {
            let options = TransferOptions {
                replace_existing: *replace,
                ..options
            };
            let got = client
                .download_file(&t.container, &t.blob, None, dest, &options, &job.progress, &job.cancel)
                .await?;
            let how = match (&got.restarted, got.resumed) {
                (Some(why), _) => format!(" ({why})"),
                (None, 0) => String::new(),
                (None, n) => format!(" {}", tr!("blob-resumable-on-disk", size = human_bytes(n))),
            };
            let (file, beside) = (got.saved_as.display().to_string(), beside(dest, &got.saved_as));
            Ok(tr!("blob-resumable-saved", file = file, how = how, beside = beside))
        }
    }
}
