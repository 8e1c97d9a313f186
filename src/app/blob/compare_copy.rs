//! Copying what a folder compare found different, one way, as a job: into a container, from another
//! container (the service copies; across accounts through a read SAS of the source) or from a local folder
//! (uploaded). A blob missing at the target is written only if still missing (If-None-Match `*`), one that
//! differs only if unchanged since the compare (If-Match the ETag it read); a target changed meanwhile is
//! skipped and named. Nothing is ever deleted.

use std::time::{Duration, SystemTime};

use futures_util::StreamExt;

use crate::app::blob::compare::{FolderReport, FolderSide, Item, ItemDiff};
use crate::app::context::JobContext;
use crate::storage::StorageError;
use crate::storage::TransferProgress;
use crate::storage::blob::sas::SasPermissions;
use crate::storage::blob::{BlobHttpHeaders, Conditions, TransferOptions};

const AT_ONCE: usize = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    LeftToRight,
    RightToLeft,
}

/// A write the copy makes: the source item, and the target's item as the compare saw it (None: missing).
pub type Write = (Item, Option<Item>);

/// Whether copying one way writes this difference: an item only on the source side, or one that differs (an
/// unchecked pair is not known to differ, and is left).
fn written(d: &crate::app::blob::compare::FolderDifference, direction: Direction) -> bool {
    let only = match direction {
        Direction::LeftToRight => ItemDiff::OnlyLeft,
        Direction::RightToLeft => ItemDiff::OnlyRight,
    };
    d.kind == only || d.kind == ItemDiff::Different
}

/// How many writes copying one way makes, counted without copying anything (the window asks every frame).
pub fn write_count(report: &FolderReport, direction: Direction) -> usize {
    report.differences.iter().filter(|d| written(d, direction)).count()
}

/// What copying one way would write.
pub fn writes(report: &FolderReport, direction: Direction) -> Vec<Write> {
    report
        .differences
        .iter()
        .filter(|d| written(d, direction))
        .filter_map(|d| {
            let (from, to) = match direction {
                Direction::LeftToRight => (&d.left, &d.right),
                Direction::RightToLeft => (&d.right, &d.left),
            };
            Some((from.clone()?, to.clone()))
        })
        .collect()
}

enum Fate {
    Written,
    /// The target changed since the compare (or appeared): not overwritten.
    Changed(String),
    Failed(String, StorageError),
}

/// Writes `writes` from `from` into `to` (a container), AT_ONCE at a time, and says what happened.
pub async fn copy(
    job: &JobContext,
    from: &FolderSide,
    to: &FolderSide,
    writes: Vec<Write>,
) -> Result<String, StorageError> {
    let FolderSide::Blobs {
        client: target,
        container,
        prefix,
        ..
    } = to
    else {
        return Err(StorageError::invalid(
            "Copy the differences",
            "A local folder is not written by a compare: download the blobs instead.",
        ));
    };
    job.progress.start(writes.len() as u64);
    let fates: Vec<Fate> = futures_util::stream::iter(writes.into_iter().map(|(source, existing)| {
        let dst = format!("{prefix}{}", source.name);
        async move {
            // After Cancel nothing more is sent.
            if job.cancel.is_cancelled() {
                return Fate::Failed(source.name.clone(), StorageError::cancelled("Copy the differences"));
            }
            job.item(&source.name, "writing");
            let conditions = match existing.and_then(|e| e.etag) {
                Some(etag) => Conditions::if_match(etag),
                None => Conditions::create_only(),
            };
            let result = write_one(job, from, (target, container), &source, &dst, &conditions).await;
            job.progress.add(1);
            let fate = match result {
                Ok(()) => Fate::Written,
                Err(e) if matches!(e.status, Some(409) | Some(412)) => Fate::Changed(source.name.clone()),
                Err(e) => Fate::Failed(source.name.clone(), e),
            };
            job.item(
                &source.name,
                match &fate {
                    Fate::Written => "written",
                    Fate::Changed(_) => "skipped: the target changed since the compare",
                    Fate::Failed(..) => "failed",
                },
            );
            fate
        }
    }))
    .buffer_unordered(AT_ONCE)
    .collect()
    .await;
    if job.cancel.is_cancelled() {
        return Err(StorageError::cancelled("Copy the differences"));
    }
    let written = fates.iter().filter(|f| matches!(f, Fate::Written)).count();
    let mut words = format!("wrote {written} blob(s)");
    let changed: Vec<&str> = fates
        .iter()
        .filter_map(|f| match f {
            Fate::Changed(n) => Some(n.as_str()),
            _ => None,
        })
        .collect();
    if !changed.is_empty() {
        words.push_str(&format!(
            "; {} skipped because the target changed since the compare: {}",
            changed.len(),
            changed.join(", ")
        ));
    }
    let failed: Vec<(String, StorageError)> = fates
        .into_iter()
        .filter_map(|f| match f {
            Fate::Failed(n, e) => Some((n, e)),
            _ => None,
        })
        .collect();
    crate::app::blob::actions::with_failures(words, "failed", &failed)
}

/// One write: the service copies a blob (waiting while it is pending), or the file is uploaded.
async fn write_one(
    job: &JobContext,
    from: &FolderSide,
    (target, container): (&crate::storage::Client, &str),
    source: &Item,
    dst: &str,
    conditions: &Conditions,
) -> Result<(), StorageError> {
    match from {
        FolderSide::Blobs {
            client,
            container: src_container,
            prefix,
            ..
        } => {
            let name = format!("{prefix}{}", source.name);
            let same_account = client.account().identity() == target.account().identity();
            let url = if same_account {
                client.copy_source_url(src_container, &name, None)?
            } else {
                let expiry = SystemTime::now() + Duration::from_secs(3600);
                client
                    .shareable_sas_url(src_container, Some(&name), SasPermissions::read_only(), expiry)
                    .await?
            };
            let outcome = target
                .copy_blob_from_url(&url, &name, (container, dst), conditions, None)
                .await?;
            crate::app::blob::paste_job::wait_for_copy(
                job,
                (target, container),
                (&source.name, dst),
                (outcome.status.as_deref(), outcome.copy_id.as_deref()),
                // A copy over a blob that was there is left to finish: aborting it would leave that blob empty.
                conditions.if_match.is_none(),
            )
            .await
        }
        FolderSide::Local { .. } => {
            let path = source
                .path
                .as_ref()
                .ok_or_else(|| StorageError::invalid("Upload", "no file"))?;
            let http = BlobHttpHeaders {
                content_type: Some(crate::app::blob::transfers::guess_content_type(dst).to_string()),
                ..Default::default()
            };
            let progress = TransferProgress::new();
            target
                .upload_file(
                    container,
                    dst,
                    path,
                    &http,
                    &[],
                    conditions,
                    &TransferOptions::default(),
                    &progress,
                    &job.cancel,
                )
                .await
                .map(|_| ())
        }
    }
}
