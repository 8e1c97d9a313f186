//! Copying what a folder compare found different, one way, as a job: into a container, from another
//! container (the service copies; across accounts through a read SAS of the source) or from a local folder
//! (uploaded), or into a local folder (downloaded): a sync one way. A blob missing at the target is written only
//! if still missing (If-None-Match `*`), one that differs only if unchanged since the compare (If-Match the ETag it
//! read; a local file, by its size); a target changed meanwhile is skipped and named. What is only on the target
//! is deleted only when the user asked, under the same conditions.

use std::time::{Duration, SystemTime};

use futures_util::StreamExt;

use crate::app::blob::compare::{FolderReport, FolderSide, Item, ItemDiff};
use crate::app::context::JobContext;
use crate::app::widgets::i18n::{t, tr};
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

/// How many items only the target side has (counted, not copied: the window asks every frame).
pub fn delete_count(report: &FolderReport, direction: Direction) -> usize {
    let only_target = match direction {
        Direction::LeftToRight => ItemDiff::OnlyRight,
        Direction::RightToLeft => ItemDiff::OnlyLeft,
    };
    report.differences.iter().filter(|d| d.kind == only_target).count()
}

/// What syncing one way would delete, when the user asks: the items only on the target side.
pub fn deletes(report: &FolderReport, direction: Direction) -> Vec<Item> {
    let (only_target, pick): (
        ItemDiff,
        fn(&crate::app::blob::compare::FolderDifference) -> Option<Item>,
    ) = match direction {
        Direction::LeftToRight => (ItemDiff::OnlyRight, |d| d.right.clone()),
        Direction::RightToLeft => (ItemDiff::OnlyLeft, |d| d.left.clone()),
    };
    report
        .differences
        .iter()
        .filter(|d| d.kind == only_target)
        .filter_map(pick)
        .collect()
}

enum Fate {
    Written,
    /// Refused because the target was there, but it already holds what the source does (by size and MD5): an
    /// earlier try of this sync (cancelled, or failed part-way, then retried) wrote it.
    AlreadySame,
    Deleted,
    /// The target changed since the compare (or appeared): not overwritten, not deleted.
    Changed(String),
    Failed(String, StorageError),
}

enum Work {
    Write(Write),
    Delete(Item),
}

/// Refused as a changed target is: the local file is not what the compare saw.
fn changed_here(what: String) -> StorageError {
    let mut e = StorageError::invalid(t("blob-compare-copy-op-sync"), what);
    e.status = Some(412);
    e
}

/// Writes `writes` from `from` into `to` (a container, or a local folder: downloaded), deletes `deletes` from
/// `to` when the user asked, AT_ONCE at a time, and says what happened.
pub async fn copy(
    job: &JobContext,
    from: &FolderSide,
    to: &FolderSide,
    writes: Vec<Write>,
    deletes: Vec<Item>,
) -> Result<String, StorageError> {
    if let (FolderSide::Local { .. }, FolderSide::Local { .. }) = (from, to) {
        return Err(StorageError::invalid(
            t("blob-compare-copy-op-copy"),
            t("blob-compare-copy-two-local"),
        ));
    }
    job.progress.start((writes.len() + deletes.len()) as u64);
    let work = writes
        .into_iter()
        .map(Work::Write)
        .chain(deletes.into_iter().map(Work::Delete));
    let fates: Vec<Fate> = futures_util::stream::iter(work.map(|work| async move {
        let name = match &work {
            Work::Write((source, _)) => source.name.clone(),
            Work::Delete(item) => item.name.clone(),
        };
        // After Cancel nothing more is sent.
        if job.cancel.is_cancelled() {
            return Fate::Failed(name, StorageError::cancelled(t("blob-compare-copy-op-copy")));
        }
        let result = match work {
            Work::Write((source, existing)) => {
                job.item(&name, t("blob-compare-copy-writing"));
                match write_one(job, from, to, &source, existing.as_ref()).await {
                    Err(e) if matches!(e.status, Some(409) | Some(412)) && already_same(from, to, &source).await => {
                        Ok(Fate::AlreadySame)
                    }
                    other => other.map(|()| Fate::Written),
                }
            }
            Work::Delete(item) => {
                job.item(&name, t("blob-compare-copy-deleting"));
                delete_one(to, &item).await.map(|()| Fate::Deleted)
            }
        };
        job.progress.add(1);
        let fate = match result {
            Ok(f) => f,
            Err(e) if matches!(e.status, Some(409) | Some(412)) => Fate::Changed(name.clone()),
            Err(e) => Fate::Failed(name.clone(), e),
        };
        job.item(
            &name,
            t(match &fate {
                Fate::Written => "blob-compare-copy-written",
                Fate::AlreadySame => "blob-compare-copy-already-same",
                Fate::Deleted => "blob-compare-copy-deleted",
                Fate::Changed(_) => "blob-compare-copy-changed",
                Fate::Failed(..) => "blob-compare-copy-failed",
            }),
        );
        fate
    }))
    .buffer_unordered(AT_ONCE)
    .collect()
    .await;
    if job.cancel.is_cancelled() {
        return Err(StorageError::cancelled(t("blob-compare-copy-op-copy")));
    }
    let count = |f: fn(&Fate) -> bool| fates.iter().filter(|x| f(x)).count();
    let (written, deleted) = (
        count(|f| matches!(f, Fate::Written)),
        count(|f| matches!(f, Fate::Deleted)),
    );
    let wrote = if to_is_local(to) {
        "blob-compare-copy-wrote-files"
    } else {
        "blob-compare-copy-wrote-blobs"
    };
    let mut words = tr!(wrote, count = written);
    if deleted > 0 {
        words.push_str(&tr!("blob-compare-copy-also-deleted", count = deleted));
    }
    let same = count(|f| matches!(f, Fate::AlreadySame));
    if same > 0 {
        words.push_str(&tr!("blob-compare-copy-also-same", count = same));
    }
    let changed: Vec<&str> = fates
        .iter()
        .filter_map(|f| match f {
            Fate::Changed(n) => Some(n.as_str()),
            _ => None,
        })
        .collect();
    if !changed.is_empty() {
        words.push_str(&tr!(
            "blob-compare-copy-also-changed",
            count = changed.len(),
            names = changed.join(", ")
        ));
    }
    let failed: Vec<(String, StorageError)> = fates
        .into_iter()
        .filter_map(|f| match f {
            Fate::Failed(n, e) => Some((n, e)),
            _ => None,
        })
        .collect();
    crate::app::blob::actions::with_failures(words, &t("blob-compare-copy-failed"), &failed)
}

/// Whether the target already holds what the source does, by size and MD5 (a source without an MD5 the service
/// keeps cannot tell, and is not taken as the same).
async fn already_same(from: &FolderSide, to: &FolderSide, source: &Item) -> bool {
    let md5 = match (&source.md5, from, &source.path) {
        (Some(m), _, _) => Some(m.clone()),
        (None, FolderSide::Local { .. }, Some(path)) => crate::app::blob::compare::file_md5(path.clone()).await,
        _ => None,
    };
    let Some(md5) = md5 else { return false };
    match to {
        FolderSide::Blobs {
            client,
            container,
            prefix,
            ..
        } => {
            let name = format!("{prefix}{}", source.name);
            match client.get_blob_properties(container, &name, None).await {
                Ok((p, _)) => p.content_length == source.size && p.http.content_md5.as_deref() == Some(md5.as_str()),
                Err(_) => false,
            }
        }
        FolderSide::Local { root, .. } => {
            let Ok(path) = local_path(root, &source.name) else {
                return false;
            };
            std::fs::metadata(&path).is_ok_and(|m| m.len() == source.size)
                && crate::app::blob::compare::file_md5(path).await.as_deref() == Some(md5.as_str())
        }
    }
}

fn to_is_local(to: &FolderSide) -> bool {
    matches!(to, FolderSide::Local { .. })
}

/// Where a blob's name lands under a local folder, by the rule every download follows (`transfers::local_path`:
/// no `..`, and on Windows no `\` or `:`, so nothing lands outside the folder).
fn local_path(root: &std::path::Path, name: &str) -> Result<std::path::PathBuf, StorageError> {
    crate::app::blob::transfers::local_path(name).map(|p| root.join(p))
}

/// A local file is what the compare saw (by size; the compare read no more of it).
fn unchanged_locally(path: &std::path::Path, seen: &Item) -> Result<(), StorageError> {
    match std::fs::metadata(path) {
        Ok(m) if m.len() == seen.size => Ok(()),
        _ => Err(changed_here(t("blob-compare-copy-file-changed"))),
    }
}

/// Deletes an item only on the target: a blob only if unchanged since the compare (If-Match; one with snapshots
/// is refused by the service and named), a file only if its size is still the one compared.
async fn delete_one(to: &FolderSide, item: &Item) -> Result<(), StorageError> {
    match to {
        FolderSide::Blobs {
            client,
            container,
            prefix,
            ..
        } => {
            let conditions = item.etag.clone().map(Conditions::if_match).unwrap_or_default();
            let name = format!("{prefix}{}", item.name);
            client
                .delete_blob(
                    container,
                    &name,
                    None,
                    crate::storage::blob::DeleteSnapshots::None,
                    &conditions,
                )
                .await
        }
        FolderSide::Local { root, .. } => {
            let path = match &item.path {
                Some(p) => p.clone(),
                None => local_path(root, &item.name)?,
            };
            unchanged_locally(&path, item)?;
            std::fs::remove_file(&path).map_err(|e| {
                StorageError::new(
                    crate::storage::ErrorKind::Io,
                    t("blob-compare-copy-op-delete-file"),
                    e.to_string(),
                )
            })
        }
    }
}

/// One write into the target: into a container (as `write_blob`), or a blob downloaded into a local folder (a
/// file that differs is replaced only if its size is still the one compared; a new one is never written over a
/// file that appeared meanwhile, which is kept and the download saved beside it).
async fn write_one(
    job: &JobContext,
    from: &FolderSide,
    to: &FolderSide,
    source: &Item,
    existing: Option<&Item>,
) -> Result<(), StorageError> {
    match to {
        FolderSide::Blobs {
            client: target,
            container,
            prefix,
            ..
        } => {
            let dst = format!("{prefix}{}", source.name);
            let conditions = match existing.and_then(|e| e.etag.clone()) {
                Some(etag) => Conditions::if_match(etag),
                None => Conditions::create_only(),
            };
            write_blob(job, from, (target, container), source, &dst, &conditions).await
        }
        FolderSide::Local { root, .. } => {
            let FolderSide::Blobs {
                client,
                container,
                prefix,
                ..
            } = from
            else {
                return Err(StorageError::invalid(
                    t("blob-compare-copy-op-sync"),
                    t("blob-compare-copy-two-local-short"),
                ));
            };
            let path = local_path(root, &source.name)?;
            match existing {
                Some(seen) => unchanged_locally(&path, seen)?,
                None if path.exists() => return Err(changed_here(t("blob-compare-copy-file-appeared"))),
                None => {}
            }
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(|e| {
                    StorageError::new(
                        crate::storage::ErrorKind::Io,
                        t("blob-compare-copy-op-create-folder"),
                        e.to_string(),
                    )
                })?;
            }
            let options = TransferOptions {
                replace_existing: existing.is_some(),
                ..TransferOptions::default()
            };
            let progress = std::sync::Arc::new(TransferProgress::new());
            let name = format!("{prefix}{}", source.name);
            client
                .download_file(container, &name, None, &path, &options, &progress, &job.cancel)
                .await
                .map(|_| ())
        }
    }
}

/// One write into a container: the service copies a blob (waiting while it is pending), or the file is uploaded.
async fn write_blob(
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
            let path = source.path.as_ref().ok_or_else(|| {
                StorageError::invalid(t("blob-compare-copy-op-upload"), t("blob-compare-copy-no-file"))
            })?;
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
