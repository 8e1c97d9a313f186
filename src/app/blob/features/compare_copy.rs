//! Copying what a folder compare found different, one way, as a job: into a container, from another
//! container (the service copies; across accounts through a read SAS of the source) or from a local folder
//! (uploaded, a replaced blob keeping its metadata and headers unless the user chose otherwise), or into a local
//! folder (downloaded): a sync one way. A blob missing at the target is written only if still missing
//! (If-None-Match `*`), one that differs only if unchanged since the compare (If-Match the ETag it read); a local
//! file only if still what the compare saw (size, time, and MD5 where it read one), checked again just before it
//! takes its name, and never through a link. What is only on the target is deleted only when the user asked,
//! under the same conditions. A target left as it was is named with why, by the service's error code.

use std::time::{Duration, SystemTime};

use futures_util::StreamExt;

use crate::app::blob::features::compare::{FolderSide, Item};
use crate::app::blob::features::local_files::{self, Kept, Seen};
use crate::app::context::JobContext;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;
use crate::storage::TransferProgress;
use crate::storage::blob::SasPermissions;
use crate::storage::blob::{BlobHttpHeaders, Conditions, TransferOptions, quoted_etag};

const AT_ONCE: usize = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    LeftToRight,
    RightToLeft,
}

/// A write the copy makes: the source item, and the target's item as the compare saw it (None: missing).
pub type Write = (Item, Option<Item>);

/// What a confirmed plan runs (`sync_plan::SyncPlan`): its writes, its deletes (none unless ticked), and whether
/// a blob replaced by an upload keeps its metadata and headers.
#[derive(Clone)]
pub struct SyncRun {
    pub writes: Vec<Write>,
    pub deletes: Vec<Item>,
    pub keep_properties: bool,
}

enum Fate {
    Written,
    /// Refused because the target was there, but it already holds what the source does (by size and MD5): an
    /// earlier try of this sync (cancelled, or failed part-way, then retried) wrote it.
    AlreadySame,
    Deleted,
    /// Gone already: an earlier try of this sync, or someone else, deleted it.
    AlreadyGone,
    /// Left as it was (name, why): the service refused it for a reason of its own (said by its code), or the
    /// local file is no longer what the compare saw, or a link is on the way.
    Kept(String, String),
    Failed(String, StorageError),
}

/// Why one write or delete was not done.
enum Refused {
    /// Left as it was, and why, in words.
    Kept(String),
    /// A local file gone since the compare.
    Gone,
    Failed(StorageError),
}

impl From<StorageError> for Refused {
    fn from(e: StorageError) -> Refused {
        match refusal_words(&e) {
            Some(why) => Refused::Kept(why),
            None => Refused::Failed(e),
        }
    }
}

impl From<Kept> for Refused {
    fn from(k: Kept) -> Refused {
        match k {
            Kept::Gone => Refused::Gone,
            Kept::Io(e) => Refused::Failed(StorageError::io(t("blob-compare-copy-op-sync"), &e)),
            other => Refused::Kept(other.words()),
        }
    }
}

/// A service's refusal of a write or delete, said for what it is by its error code (a 409 or 412 is not always
/// a change since the compare: a lease, snapshots, an immutability policy); None for any other failure, which
/// keeps its own words.
fn refusal_words(e: &StorageError) -> Option<String> {
    if !matches!(e.status, Some(404 | 409 | 412)) {
        return None;
    }
    let code = e.code.as_deref().unwrap_or_default();
    let id = match code {
        "ConditionNotMet" | "TargetConditionNotMet" => "blob-sync-refused-changed",
        "BlobAlreadyExists" => "blob-sync-refused-appeared",
        "BlobNotFound" => "blob-sync-refused-gone",
        "SnapshotsPresent" => "blob-sync-refused-snapshots",
        "BlobImmutableDueToPolicy" | "BlobImmutableDueToLegalHold" => "blob-sync-refused-immutable",
        "BlobArchived" | "BlobBeingRehydrated" => "blob-sync-refused-archived",
        "PendingCopyOperation" => "blob-sync-refused-copy-pending",
        _ if e.is_lease_conflict() => "blob-sync-refused-leased",
        _ => return None,
    };
    Some(tr!(id, code = code))
}

enum Work {
    Write(Write),
    Delete(Item),
}

/// Writes `run.writes` from `from` into `to` (a container, or a local folder: downloaded), deletes `run.deletes`
/// from `to`, AT_ONCE at a time, and says what happened.
pub async fn copy(job: &JobContext, from: &FolderSide, to: &FolderSide, run: SyncRun) -> Result<String, StorageError> {
    if let (FolderSide::Local { .. }, FolderSide::Local { .. }) = (from, to) {
        return Err(StorageError::invalid(
            t("blob-compare-copy-op-copy"),
            t("blob-compare-copy-two-local"),
        ));
    }
    job.progress.start((run.writes.len() + run.deletes.len()) as u64);
    let keep = run.keep_properties;
    let work = run
        .writes
        .into_iter()
        .map(Work::Write)
        .chain(run.deletes.into_iter().map(Work::Delete));
    let fates: Vec<Fate> = futures_util::stream::iter(work.map(|work| async move {
        let name = match &work {
            Work::Write((source, _)) => source.name.clone(),
            Work::Delete(item) => item.name.clone(),
        };
        // After Cancel nothing more is sent.
        if job.cancel.is_cancelled() {
            return Fate::Failed(name, StorageError::cancelled(t("blob-compare-copy-op-copy")));
        }
        let fate = match work {
            Work::Write((source, existing)) => {
                job.item(&name, t("blob-compare-copy-writing"));
                match write_one(job, from, to, &source, existing.as_ref(), keep).await {
                    Ok(()) => Fate::Written,
                    Err(Refused::Kept(_) | Refused::Gone) if already_same(from, to, &source).await => Fate::AlreadySame,
                    // The answer was lost after the write went out: what the target holds now says it landed.
                    Err(Refused::Failed(e)) if unknown(&e) && already_same(from, to, &source).await => Fate::Written,
                    Err(Refused::Kept(why)) => Fate::Kept(name.clone(), why),
                    Err(Refused::Gone) => Fate::Kept(name.clone(), Kept::Gone.words()),
                    Err(Refused::Failed(e)) => Fate::Failed(name.clone(), e),
                }
            }
            Work::Delete(item) => {
                job.item(&name, t("blob-compare-copy-deleting"));
                match delete_one(to, &item).await {
                    Ok(()) => Fate::Deleted,
                    Err(Refused::Gone) => Fate::AlreadyGone,
                    Err(Refused::Failed(e)) if unknown(&e) && gone(to, &item).await => Fate::Deleted,
                    // Refused If-Match, and yet gone: the pipeline's second try of a delete whose first answer was
                    // lost (the first deleted it), or someone else deleted it. Not "left as it was" either way.
                    Err(Refused::Kept(_)) if gone(to, &item).await => Fate::AlreadyGone,
                    Err(Refused::Kept(why)) => Fate::Kept(name.clone(), why),
                    Err(Refused::Failed(e)) => Fate::Failed(name.clone(), e),
                }
            }
        };
        job.progress.add(1);
        let state = match &fate {
            Fate::Written => t("blob-compare-copy-written"),
            Fate::AlreadySame => t("blob-compare-copy-already-same"),
            Fate::Deleted => t("blob-compare-copy-deleted"),
            Fate::AlreadyGone => t("blob-compare-copy-already-gone"),
            Fate::Kept(_, why) => tr!("blob-compare-copy-kept", why = why.as_str()),
            // Why, in the item's own words: an outcome the job cannot know is said to be so.
            Fate::Failed(_, e) => tr!("blob-compare-copy-failed-why", why = e.plain_words()),
        };
        job.item_ended(&name, state, matches!(fate, Fate::Kept(..) | Fate::Failed(..)));
        fate
    }))
    .buffer_unordered(AT_ONCE)
    .collect()
    .await;
    if job.cancel.is_cancelled() {
        return Err(StorageError::cancelled(t("blob-compare-copy-op-copy")));
    }
    summary(fates, to_is_local(to))
}

/// What the job says at its end: what it wrote and deleted, and every item it left or failed, with why.
fn summary(fates: Vec<Fate>, local: bool) -> Result<String, StorageError> {
    let count = |f: fn(&Fate) -> bool| fates.iter().filter(|x| f(x)).count();
    let (written, deleted) = (
        count(|f| matches!(f, Fate::Written)),
        count(|f| matches!(f, Fate::Deleted)),
    );
    let wrote = if local {
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
    let gone = count(|f| matches!(f, Fate::AlreadyGone));
    if gone > 0 {
        words.push_str(&tr!("blob-compare-copy-also-gone", count = gone));
    }
    let mut kept: Vec<String> = fates
        .iter()
        .filter_map(|f| match f {
            Fate::Kept(n, why) => Some(format!("{n} ({why})")),
            _ => None,
        })
        .collect();
    if !kept.is_empty() {
        kept.sort();
        words.push_str(&tr!(
            "blob-compare-copy-also-kept",
            count = kept.len(),
            names = kept.join(", ")
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

/// A write or delete whose answer was lost once it went out (the link broke, a 500 that may come after the work):
/// it may or may not have happened, and only a read of the target tells.
fn unknown(e: &StorageError) -> bool {
    e.kind == crate::storage::ErrorKind::OutcomeUnknown
}

/// Whether a blob the sync meant to delete is gone from the target container (a local delete always answers).
async fn gone(to: &FolderSide, item: &Item) -> bool {
    matches!(target_blob(to, &item.name).await, Some(Err(e)) if e.is_not_found())
}

/// The target container's blob for an item `name`, read afresh (under the side's prefix); None for a local folder.
async fn target_blob(
    to: &FolderSide,
    name: &str,
) -> Option<Result<crate::storage::blob::BlobProperties, StorageError>> {
    let FolderSide::Blobs {
        client,
        container,
        prefix,
        ..
    } = to
    else {
        return None;
    };
    let name = format!("{prefix}{name}");
    Some(client.get_blob_properties(container, &name, None).await.map(|(p, _)| p))
}

/// Whether the target already holds what the source does, by size and MD5 (a source without an MD5 the service
/// keeps cannot tell, and is not taken as the same).
async fn already_same(from: &FolderSide, to: &FolderSide, source: &Item) -> bool {
    let md5 = match (&source.md5, from, &source.path) {
        (Some(m), _, _) => Some(m.clone()),
        (None, FolderSide::Local { .. }, Some(path)) => {
            crate::app::blob::features::compare::file_md5(path.clone()).await
        }
        _ => None,
    };
    let Some(md5) = md5 else { return false };
    match to {
        FolderSide::Blobs { .. } => target_blob(to, &source.name).await.is_some_and(|p| {
            p.is_ok_and(|p| p.content_length == source.size && p.http.content_md5.as_deref() == Some(md5.as_str()))
        }),
        FolderSide::Local { root, .. } => {
            let Ok(relative) = crate::app::blob::features::transfers::local_path(&source.name) else {
                return false;
            };
            // Reached through real folders only, and a link there is never taken for the file: nothing outside
            // the folder is read to tell.
            let Ok(path) = local_files::reach(root, &relative, false) else {
                return false;
            };
            std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file() && m.len() == source.size)
                && crate::app::blob::features::compare::file_md5(path).await.as_deref() == Some(md5.as_str())
        }
    }
}

fn to_is_local(to: &FolderSide) -> bool {
    matches!(to, FolderSide::Local { .. })
}

/// What the compare saw of a local file, to check it by again.
fn seen(item: &Item) -> Seen {
    Seen {
        size: item.size,
        modified: item.modified,
        md5: item.md5.clone(),
    }
}

/// Runs a local file check off the async workers.
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> Result<T, Kept> + Send + 'static) -> Result<T, Refused> {
    match tokio::task::spawn_blocking(f).await {
        Ok(r) => r.map_err(Refused::from),
        Err(e) => Err(Refused::from(Kept::Io(std::io::Error::other(e.to_string())))),
    }
}

/// Deletes an item only on the target: a blob only if unchanged since the compare (If-Match; one with snapshots
/// is refused by the service and named), a file only if still what the compare saw, checked just before, and
/// never a link or through one.
async fn delete_one(to: &FolderSide, item: &Item) -> Result<(), Refused> {
    match to {
        FolderSide::Blobs {
            client,
            container,
            prefix,
            ..
        } => {
            let conditions = item.etag.clone().map(Conditions::if_match).unwrap_or_default();
            let name = format!("{prefix}{}", item.name);
            let deleted = client
                .delete_blob(
                    container,
                    &name,
                    None,
                    crate::storage::blob::DeleteSnapshots::None,
                    &conditions,
                )
                .await;
            match deleted {
                Err(e) if e.has_code("BlobNotFound") => Err(Refused::Gone),
                other => Ok(other?),
            }
        }
        FolderSide::Local { root, .. } => {
            let relative = crate::app::blob::features::transfers::local_path(&item.name).map_err(Refused::Failed)?;
            let (root, seen) = (root.clone(), seen(item));
            blocking(move || {
                let path = local_files::reach(&root, &relative, false)?;
                local_files::delete(&root, &path, seen)
            })
            .await
        }
    }
}

/// One write into the target: into a container (as `write_blob`), or a blob downloaded into a local folder: the
/// folders on the way real ones (never a link), the file there still what the compare saw (or nothing, for a new
/// one), the blob downloaded beside it and put in its place only after that check once more, just before.
async fn write_one(
    job: &JobContext,
    from: &FolderSide,
    to: &FolderSide,
    source: &Item,
    existing: Option<&Item>,
    keep: bool,
) -> Result<(), Refused> {
    match to {
        FolderSide::Blobs {
            client: target,
            container,
            prefix,
            ..
        } => {
            let dst = format!("{prefix}{}", source.name);
            write_blob(job, from, (target, container), source, &dst, existing, keep).await
        }
        FolderSide::Local { root, .. } => {
            let FolderSide::Blobs {
                client,
                container,
                prefix,
                ..
            } = from
            else {
                return Err(Refused::Failed(StorageError::invalid(
                    t("blob-compare-copy-op-sync"),
                    t("blob-compare-copy-two-local-short"),
                )));
            };
            let relative = crate::app::blob::features::transfers::local_path(&source.name).map_err(Refused::Failed)?;
            let (at, seen) = (root.clone(), existing.map(seen));
            // The cheap checks first (no MD5), so a file changed already costs no download.
            let quick = seen.clone().map(|s| Seen { md5: None, ..s });
            let dest = blocking(move || {
                let dest = local_files::reach(&at, &relative, true)?;
                match quick {
                    Some(s) => local_files::unchanged(&at, &dest, s)?,
                    None => local_files::absent(&at, &dest)?,
                }
                Ok(dest)
            })
            .await?;
            let waiting = local_files::waiting_beside(&dest);
            let options = TransferOptions {
                replace_existing: true,
                ..TransferOptions::default()
            };
            let progress = std::sync::Arc::new(TransferProgress::new());
            let name = format!("{prefix}{}", source.name);
            client
                .download_file(container, &name, None, &waiting, &options, &progress, &job.cancel)
                .await?;
            let root = root.clone();
            blocking(move || local_files::place(&root, &waiting, &dest, seen)).await
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
    existing: Option<&Item>,
    keep: bool,
) -> Result<(), Refused> {
    let conditions = match existing.and_then(|e| e.etag.clone()) {
        Some(etag) => Conditions::if_match(etag),
        None => Conditions::create_only(),
    };
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
                .copy_blob_from_url(&url, &name, (container, dst), &conditions, None)
                .await?;
            crate::app::blob::features::paste_job::wait_for_copy(
                job,
                (target, container),
                (&source.name, dst),
                (outcome.status.as_deref(), outcome.copy_id.as_deref()),
                // A copy over a blob that was there is left to finish: aborting it would leave that blob empty.
                conditions.if_match.is_none(),
            )
            .await?;
            Ok(())
        }
        FolderSide::Local { .. } => {
            let path = source.path.as_ref().ok_or_else(|| {
                StorageError::invalid(t("blob-compare-copy-op-upload"), t("blob-compare-copy-no-file"))
            })?;
            let (http, metadata) = match existing {
                Some(seen) if keep => kept_properties(target, container, dst, seen).await?,
                _ => {
                    let guessed = crate::app::blob::features::transfers::guess_content_type(dst).to_string();
                    let http = BlobHttpHeaders {
                        content_type: Some(guessed),
                        ..Default::default()
                    };
                    (http, Vec::new())
                }
            };
            let progress = TransferProgress::new();
            target
                .upload_file(
                    container,
                    dst,
                    path,
                    &http,
                    &metadata,
                    &conditions,
                    &TransferOptions::default(),
                    &progress,
                    &job.cancel,
                )
                .await?;
            Ok(())
        }
    }
}

/// The headers and metadata a blob replaced by an upload keeps (all but its MD5, which the new content has its
/// own of), read just before: a blob no longer the version the compare saw is left as it is.
async fn kept_properties(
    target: &crate::storage::Client,
    container: &str,
    dst: &str,
    seen: &Item,
) -> Result<(BlobHttpHeaders, Vec<(String, String)>), Refused> {
    let (props, metadata) = target.get_blob_properties(container, dst, None).await?;
    if seen.etag.as_deref().map(quoted_etag) != Some(quoted_etag(&props.etag)) {
        return Err(Refused::Kept(tr!("blob-sync-refused-changed", code = "ETag")));
    }
    let http = BlobHttpHeaders {
        content_md5: None,
        ..props.http
    };
    Ok((http, metadata))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(status: u16, code: &str) -> StorageError {
        let mut e = StorageError::new(crate::storage::ErrorKind::Service, "Sync", "refused");
        (e.status, e.code) = (Some(status), Some(code.to_string()));
        e
    }

    #[test]
    fn a_refusal_is_said_for_what_it_is_by_the_services_code() {
        let words = |status, code| refusal_words(&refused(status, code));
        assert_eq!(
            words(412, "ConditionNotMet").as_deref(),
            Some("changed since the compare (ConditionNotMet)")
        );
        assert!(words(412, "LeaseIdMissing").unwrap().starts_with("leased"));
        assert!(words(409, "SnapshotsPresent").unwrap().starts_with("it has snapshots"));
        assert!(words(409, "BlobImmutableDueToPolicy").unwrap().starts_with("immutable"));
        assert!(
            words(409, "BlobImmutableDueToLegalHold")
                .unwrap()
                .starts_with("immutable")
        );
        assert!(words(409, "BlobAlreadyExists").unwrap().starts_with("appeared"));
        // Anything else keeps its own words as a failure: never "changed since the compare".
        assert!(words(409, "ContainerBeingDeleted").is_none());
        assert!(words(500, "ConditionNotMet").is_none());
    }
}
