//! A paste's job (Copy or Cut, then Paste; Rename): folders listed, each blob copied by the service (a SAS made
//! by the source account when the target is another), pending copies polled until done (cancel aborts them), a
//! cut source deleted only if it is still the version copied, and never with its snapshots. What each blob came to
//! is recorded with the job, so a Retry goes on from the record and never copies again what landed; a copy or a
//! delete whose answer was lost is read back before anything is said or sent again.

use futures_util::StreamExt;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use crate::app::context::{JobContext, PaneContext, Unit};
use crate::app::widgets::format::numbered;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::blob::{Conditions, CopyStatus, DeleteSnapshots, ListBlobsOptions, SasPermissions};
use crate::storage::{Client, ErrorKind, StorageError};

/// Copies sent at once by a paste.
pub const AT_ONCE: usize = 16;

/// What a paste does with a blob already at the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnExisting {
    /// Leave it, and count the source as skipped (If-None-Match `*`).
    Skip,
    /// Copy beside it as `name (1).ext`.
    KeepBoth,
    Replace,
}

impl OnExisting {
    pub const ALL: [OnExisting; 3] = [OnExisting::Skip, OnExisting::KeepBoth, OnExisting::Replace];

    pub fn describe(self) -> String {
        t(match self {
            OnExisting::Skip => "blob-paste-job-skip",
            OnExisting::KeepBoth => "blob-paste-job-keep-both",
            OnExisting::Replace => "blob-paste-job-replace",
        })
    }
}

/// One blob's fate in a paste.
#[derive(Clone, Debug)]
pub(crate) enum Fate {
    /// Copied, to this name.
    Copied(String),
    Skipped,
    /// Copied, and the cut source kept: it changed after it was copied.
    SourceKept(String),
    /// Moved to this name, and the source kept under its old name with its snapshots (a blob's base is deleted
    /// only with its snapshots, and a move never deletes what it did not carry).
    KeptWithSnapshots(String),
    Failed(String, StorageError),
}

impl Fate {
    /// The blob's state in the job's items.
    fn describe(&self) -> String {
        match self {
            Fate::Copied(to) => tr!("blob-paste-job-copied-to", to = to.as_str()),
            Fate::Skipped => t("blob-paste-job-skipped"),
            Fate::SourceKept(why) => tr!("blob-paste-job-source-kept", why = why.as_str()),
            Fate::KeptWithSnapshots(to) => tr!("blob-paste-job-kept-with-snapshots", to = to.as_str()),
            Fate::Failed(_, e) => tr!("blob-paste-job-failed", why = e.plain_words()),
        }
    }
}

/// What a paste's runs came to, blob by blob, kept with its job (every run holds the same record): a fate once it
/// is final (copied, skipped, the source kept), or the name a copy went out to when its answer was lost.
pub(crate) type Record = Arc<Mutex<HashMap<String, Recorded>>>;

#[derive(Clone, Debug)]
pub(crate) enum Recorded {
    Final(Fate),
    /// The copy into this name went out and its answer was lost: a Retry reads that name before copying again.
    Sent(String),
}

/// Everything a paste's work needs, owned (cloned for a Retry).
#[derive(Clone)]
pub struct Paste {
    pub(crate) source: Client,
    pub(crate) same_account: bool,
    pub(crate) src_container: String,
    /// The source account's profile id (a move changes the source's container: its tabs read again).
    pub(crate) src_profile: String,
    pub(crate) base: String,
    pub(crate) items: Vec<(String, Option<String>)>,
    pub(crate) target: Client,
    pub(crate) dst_container: String,
    pub(crate) dst_prefix: String,
    pub(crate) on_existing: OnExisting,
    pub(crate) cut: bool,
    /// The snapshot of the one source blob to copy (never cut: a snapshot is read-only).
    pub(crate) snapshot: Option<String>,
    /// What earlier runs of this paste did (empty for a new paste).
    pub(crate) record: Record,
}

impl Paste {
    fn recorded(&self, name: &str) -> Option<Recorded> {
        self.record.lock().expect("record lock").get(name).cloned()
    }

    fn note(&self, name: &str, recorded: Recorded) {
        self.record
            .lock()
            .expect("record lock")
            .insert(name.to_string(), recorded);
    }
}

/// A rename's job: the copy to the new name, then the old one deleted if unchanged and without snapshots.
pub(crate) fn start_rename(ctx: &mut PaneContext, paste: Paste, to: String) {
    let title = tr!(
        "blob-paste-job-rename-title",
        name = paste.items[0].0.as_str(),
        to = to.as_str()
    );
    ctx.start_job(
        title,
        Unit::Items("blobs"),
        (paste, to),
        |job, (paste, to)| async move {
            let name = paste.items[0].0.clone();
            job.progress.start(1);
            let fate = copy_one(&job, &paste, &name, &to).await;
            job.progress.add(1);
            match fate {
                Fate::Copied(_) => Ok(tr!("blob-paste-job-renamed", name = name, to = to)),
                Fate::KeptWithSnapshots(_) => Ok(tr!("blob-paste-job-renamed-kept", name = name, to = to)),
                Fate::Skipped => Err(StorageError::invalid(
                    t("blob-paste-job-op-rename"),
                    tr!("blob-paste-job-rename-exists", to = to),
                )),
                Fate::SourceKept(why) => Err(StorageError::invalid(
                    t("blob-paste-job-op-rename"),
                    tr!("blob-paste-job-rename-kept", to = to, why = why),
                )),
                Fate::Failed(_, e) => Err(e),
            }
        },
    );
}

/// The paste job's work: folders listed, then every blob copied, AT_ONCE at a time.
pub(crate) async fn run_paste(job: JobContext, p: Paste) -> Result<String, StorageError> {
    let mut names = Vec::new();
    for (name, _) in &p.items {
        if !name.ends_with('/') {
            names.push(name.clone());
            continue;
        }
        job.say(tr!("blob-paste-job-listing", name = name.as_str()));
        let mut options = ListBlobsOptions {
            prefix: Some(name.clone()),
            max_results: Some(5000),
            ..Default::default()
        };
        loop {
            let page = p.source.list_blobs(&p.src_container, &options).await?;
            names.extend(page.blobs.into_iter().map(|b| b.name));
            match page.next_marker {
                Some(m) => options.marker = Some(m),
                None => break,
            }
        }
    }
    job.progress.start(names.len() as u64);
    let copies = names.into_iter().map(|name| {
        let (job, p) = (job.clone(), p.clone());
        let dst = format!("{}{}", p.dst_prefix, name.strip_prefix(&p.base).unwrap_or(&name));
        async move {
            // Done by an earlier run: said again as it was, and not done again.
            let fate = match p.recorded(&name) {
                Some(Recorded::Final(fate)) => fate,
                _ => {
                    job.item(&name, t("blob-paste-job-copying"));
                    copy_one(&job, &p, &name, &dst).await
                }
            };
            if !matches!(fate, Fate::Failed(..)) {
                p.note(&name, Recorded::Final(fate.clone()));
            }
            job.item_ended(&name, fate.describe(), matches!(fate, Fate::Failed(..)));
            job.progress.add(1);
            fate
        }
    });
    let fates: Vec<Fate> = futures_util::stream::iter(copies)
        .buffer_unordered(AT_ONCE)
        .collect()
        .await;
    if job.cancel.is_cancelled() {
        return Err(StorageError::cancelled(t("blob-paste-job-op-paste")));
    }
    paste_words(&p, &fates)
}

fn paste_words(p: &Paste, fates: &[Fate]) -> Result<String, StorageError> {
    let count = |f: fn(&Fate) -> bool| fates.iter().filter(|x| f(x)).count();
    let copied = count(|f| matches!(f, Fate::Copied(_) | Fate::SourceKept(_) | Fate::KeptWithSnapshots(_)));
    let id = if p.cut {
        "blob-paste-job-moved-count"
    } else {
        "blob-paste-job-copied-count"
    };
    let mut words = tr!(id, count = copied);
    let skipped = count(|f| matches!(f, Fate::Skipped));
    if skipped > 0 {
        words.push_str(&tr!("blob-paste-job-skipped-count", count = skipped));
    }
    let with_snapshots = count(|f| matches!(f, Fate::KeptWithSnapshots(_)));
    if with_snapshots > 0 {
        words.push_str(&tr!("blob-paste-job-with-snapshots-count", count = with_snapshots));
    }
    let kept: Vec<&str> = fates
        .iter()
        .filter_map(|f| {
            if let Fate::SourceKept(w) = f {
                Some(w.as_str())
            } else {
                None
            }
        })
        .collect();
    if !kept.is_empty() {
        words.push_str(&tr!(
            "blob-paste-job-kept-count",
            count = kept.len(),
            why = kept.join("; ")
        ));
    }
    let failed: Vec<(String, StorageError)> = fates
        .iter()
        .filter_map(|f| match f {
            Fate::Failed(n, e) => Some((n.clone(), e.clone())),
            _ => None,
        })
        .collect();
    crate::app::blob::actions::with_failures(words, &t("blob-paste-job-failed-verb"), &failed)
}

/// Copies one blob to `dst`: the source made readable, the target's existing blob handled as chosen, a
/// pending copy waited for (aborted on cancel), a cut source deleted if unchanged.
async fn copy_one(job: &JobContext, p: &Paste, name: &str, dst: &str) -> Fate {
    if job.cancel.is_cancelled() {
        return Fate::Failed(name.into(), StorageError::cancelled(t("blob-paste-job-op-paste")));
    }
    if p.same_account && p.src_container == p.dst_container && name == dst {
        return Fate::Skipped;
    }
    // A move reads the source's ETag now and copies exactly that version, so it deletes what it copied.
    let etag = if p.cut {
        match p.source.get_blob_properties(&p.src_container, name, None).await {
            Ok((props, _)) => Some(props.etag),
            Err(e) => return Fate::Failed(name.into(), e),
        }
    } else {
        None
    };
    let snapshot = p.snapshot.as_deref();
    let source_url = if p.same_account {
        match p.source.copy_source_url(&p.src_container, name, snapshot) {
            Ok(u) => u,
            Err(e) => return Fate::Failed(name.into(), e),
        }
    } else {
        let expiry = SystemTime::now() + Duration::from_secs(3600);
        let (source, container) = (&p.source, &p.src_container);
        // A snapshot is read through a SAS for that snapshot (`sr=bs`): a blob's SAS does not reach it.
        let sas = match snapshot {
            Some(time) => source.shareable_snapshot_sas_url(container, name, time, expiry).await,
            None => {
                let read = SasPermissions::read_only();
                source.shareable_sas_url(container, Some(name), read, expiry).await
            }
        };
        match sas {
            Ok(u) => u,
            Err(e) => return Fate::Failed(name.into(), e),
        }
    };
    let (mut target, mut n) = (dst.to_string(), 0);
    // A copy an earlier run sent whose answer was lost: if it landed, it is this paste's copy, and not made again.
    if let Some(Recorded::Sent(sent)) = p.recorded(name)
        && landed(p, name, &sent).await
    {
        return finish(p, name, sent, etag).await;
    }
    let outcome = loop {
        let conditions = match p.on_existing {
            OnExisting::Replace => Conditions::none(),
            _ => Conditions::create_only(),
        };
        // One request whatever the source: a move pins the version it read (x-ms-source-if-match).
        let sent = p
            .target
            .copy_blob_from_url(
                &source_url,
                name,
                (&p.dst_container, &target),
                &conditions,
                etag.as_deref(),
            )
            .await;
        match sent {
            Ok(o) => break o,
            Err(e) if exists(&e) && p.on_existing == OnExisting::Skip => return Fate::Skipped,
            Err(e) if exists(&e) && p.on_existing == OnExisting::KeepBoth => {
                n += 1;
                if n > 99 {
                    return Fate::Failed(name.into(), e);
                }
                target = numbered(dst, n);
            }
            // The source's own condition (x-ms-source-if-match), told by the service's code rather than by what
            // else it could be: it changed since the move read it, and nothing was copied.
            Err(mut e) if source_changed(&e, etag.is_some()) => {
                e.message = crate::storage::Said::text(tr!(
                    "blob-paste-job-source-changed",
                    name = name,
                    why = e.message.to_string()
                ));
                return Fate::Failed(name.into(), e);
            }
            // The answer was lost after the copy went out: the target says whether it landed.
            Err(e) if e.kind == ErrorKind::OutcomeUnknown => {
                if landed(p, name, &target).await {
                    return finish(p, name, target, etag).await;
                }
                p.note(name, Recorded::Sent(target));
                return Fate::Failed(name.into(), e);
            }
            Err(e) => return Fate::Failed(name.into(), e),
        }
    };
    if let Err(e) = wait_for_copy(
        job,
        (&p.target, &p.dst_container),
        (name, &target),
        (outcome.status.as_deref(), outcome.copy_id.as_deref()),
        true,
    )
    .await
    {
        return Fate::Failed(name.into(), e);
    }
    finish(p, name, target, etag).await
}

/// The copy into `target` landed: a copy is done; a move deletes its source if it is still the version copied.
async fn finish(p: &Paste, name: &str, target: String, etag: Option<String>) -> Fate {
    if !p.cut {
        return Fate::Copied(target);
    }
    // Never with its snapshots: a copy does not carry them, and a base blob that has some is then refused
    // (409 SnapshotsPresent) and stays, with them, under its name.
    let only_if = Conditions::if_match(etag.unwrap_or_default());
    match p
        .source
        .delete_blob(&p.src_container, name, None, DeleteSnapshots::None, &only_if)
        .await
    {
        Ok(()) => Fate::Copied(target),
        Err(e) if e.has_code("SnapshotsPresent") => Fate::KeptWithSnapshots(target),
        Err(e) if e.is_conflict() => Fate::SourceKept(tr!("blob-paste-job-changed-after", name = name)),
        // The delete's answer was lost: a source no longer there was deleted.
        Err(e) if e.kind == ErrorKind::OutcomeUnknown && source_gone(p, name).await => Fate::Copied(target),
        Err(e) => Fate::SourceKept(tr!(
            "blob-paste-job-not-deleted",
            name = name,
            why = e.message.to_string()
        )),
    }
}

/// Whether `target` holds what the source blob does (its size and MD5, both known): a copy whose answer was lost
/// landed. A source without an MD5 cannot tell, and the copy stays unknown (said so).
async fn landed(p: &Paste, name: &str, target: &str) -> bool {
    let source = p
        .source
        .get_blob_properties(&p.src_container, name, p.snapshot.as_deref());
    let copied = p.target.get_blob_properties(&p.dst_container, target, None);
    match (source.await, copied.await) {
        (Ok((s, _)), Ok((c, _))) => {
            let md5 = s.http.content_md5.as_deref().filter(|m| !m.is_empty());
            s.content_length == c.content_length && md5.is_some() && md5 == c.http.content_md5.as_deref()
        }
        _ => false,
    }
}

/// Whether a moved blob's source is gone (its delete's answer was lost).
async fn source_gone(p: &Paste, name: &str) -> bool {
    matches!(p.source.get_blob_properties(&p.src_container, name, None).await, Err(e) if e.is_not_found())
}

/// A copy refused because the target exists (If-None-Match `*`): 409 `BlobAlreadyExists`, or 412
/// `TargetConditionNotMet` where a service answers so, by the service's code only: another 409 (a lease, a
/// copy pending into the target) or a 412 about the source is not "already there" (`copy_one`).
fn exists(e: &StorageError) -> bool {
    matches!(
        (e.status, e.code.as_deref()),
        (Some(409), Some("BlobAlreadyExists")) | (Some(412), Some("TargetConditionNotMet"))
    )
}

/// A copy refused because its source is no longer the version read (`x-ms-source-if-match`, sent when
/// `pinned`): Azure's `SourceConditionNotMet`; Azurite says the plain 412 `ConditionNotMet`, which no target
/// condition of a paste answers (an existing target is 409 `BlobAlreadyExists` or 412 `TargetConditionNotMet`).
fn source_changed(e: &StorageError, pinned: bool) -> bool {
    e.has_code("SourceConditionNotMet") || (pinned && e.status == Some(412) && e.has_code("ConditionNotMet"))
}

/// Polls a pending copy into `target` of `container` until the service says it ended. A cancel aborts it when
/// `abort` (an aborted copy leaves the target empty: never done over a blob that was there before).
pub(crate) async fn wait_for_copy(
    job: &JobContext,
    (client, container): (&crate::storage::Client, &str),
    (source_name, target): (&str, &str),
    (status, copy_id): (Option<&str>, Option<&str>),
    abort: bool,
) -> Result<(), StorageError> {
    let mut status = status.and_then(CopyStatus::parse).unwrap_or(CopyStatus::Success);
    while status == CopyStatus::Pending {
        if abort && job.cancel.is_cancelled() {
            if let Some(id) = copy_id {
                client.abort_copy(container, target, id, None).await?;
            }
            return Err(StorageError::cancelled(t("blob-paste-job-op-paste")));
        }
        job.say(tr!("blob-paste-job-waiting", target = target));
        job.item(source_name, tr!("blob-paste-job-pending", target = target));
        tokio::time::sleep(Duration::from_millis(500)).await;
        let (props, _) = client.get_blob_properties(container, target, None).await?;
        status = props
            .copy_status
            .as_deref()
            .and_then(CopyStatus::parse)
            .unwrap_or(CopyStatus::Success);
    }
    match status {
        CopyStatus::Success | CopyStatus::Pending => Ok(()),
        other => Err(StorageError::invalid(
            t("blob-paste-job-op-paste"),
            tr!(
                "blob-paste-job-copy-ended",
                target = target,
                status = format!("{other:?}")
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_copy_is_numbered_before_its_extension() {
        assert_eq!(numbered("logs/report.csv", 1), "logs/report (1).csv");
        assert_eq!(numbered("README", 2), "README (2)");
        assert_eq!(numbered(".env", 1), ".env (1)");
    }

    fn refused(status: u16, code: &str) -> StorageError {
        let mut e = StorageError::new(crate::storage::ErrorKind::Service, "Copy", "refused");
        (e.status, e.code) = (Some(status), Some(code.to_string()));
        e
    }

    #[test]
    fn only_the_services_already_exists_codes_read_as_already_there() {
        assert!(exists(&refused(409, "BlobAlreadyExists")));
        assert!(exists(&refused(412, "TargetConditionNotMet")));
        // A copy still pending into the target, a lease, or the source's condition: not "already there".
        assert!(!exists(&refused(409, "PendingCopyOperation")));
        assert!(!exists(&refused(409, "LeaseIdMissing")));
        assert!(!exists(&refused(412, "SourceConditionNotMet")));
    }

    #[test]
    fn a_changed_source_is_told_by_its_code_and_no_other_refusal_reads_as_it() {
        assert!(source_changed(&refused(412, "SourceConditionNotMet"), true));
        assert!(source_changed(&refused(412, "ConditionNotMet"), true));
        assert!(
            !source_changed(&refused(412, "ConditionNotMet"), false),
            "no source condition was sent"
        );
        for (status, code) in [
            (409, "PendingCopyOperation"),
            (409, "LeaseIdMissing"),
            (409, "BlobAlreadyExists"),
        ] {
            assert!(!source_changed(&refused(status, code), true), "{code}");
        }
    }
}
