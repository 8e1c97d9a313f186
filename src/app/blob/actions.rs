//! What a person does to blobs in a container tab: deletes, leases, saving properties and metadata,
//! snapshots (take, promote, delete), previews and SAS URLs. Each runs in the background and reports back
//! through the pane's one-off results.

use crate::app::blob::pane::BlobPane;
use crate::app::context::{PaneContext, Unit};
use crate::storage::StorageError;
use crate::storage::blob::DeleteSnapshots;
use crate::storage::blob::conditions::Conditions;

/// A delete job's words: what went, what was already gone, what the tag condition spared, and what was kept
/// because it changed.
fn delete_outcome(
    deleted: usize,
    gone: usize,
    untagged: &[String],
    changed: &[String],
) -> Result<String, StorageError> {
    let mut words = format!("deleted {deleted} blob(s)");
    if gone > 0 {
        words.push_str(&format!("; {gone} already gone"));
    }
    if !untagged.is_empty() {
        let names: Vec<&str> = untagged.iter().take(10).map(String::as_str).collect();
        words.push_str(&format!(
            "; {} kept: their tags do not match ({})",
            untagged.len(),
            names.join(", ")
        ));
    }
    if changed.is_empty() {
        return Ok(words);
    }
    let names: Vec<&str> = changed.iter().take(10).map(String::as_str).collect();
    Err(StorageError::invalid(
        "Delete blobs",
        format!(
            "{words}; {} changed after they were listed and were kept: {}. Refresh to see their new version, then \
             delete again (or tick \"even if changed since listed\").",
            changed.len(),
            names.join(", ")
        ),
    ))
}

/// A job's words when some of its blobs failed: what it did, then each failed blob named with the service's code;
/// the first failure's error (its code and request id) carries the words.
pub(super) fn with_failures(
    words: String,
    verb: &str,
    failed: &[(String, StorageError)],
) -> Result<String, StorageError> {
    let Some((_, first)) = failed.first() else {
        return Ok(words);
    };
    let names: Vec<String> = failed
        .iter()
        .take(10)
        .map(|(n, e)| format!("{n} ({})", e.code.as_deref().unwrap_or("failed")))
        .collect();
    let mut e = first.clone();
    e.message = format!(
        "{words}; {} {verb}: {}. {}",
        failed.len(),
        names.join(", "),
        first.message
    );
    Err(e)
}

impl BlobPane {
    /// Deletes blobs as a job: each only if unchanged since it was listed (If-Match its listed ETag) unless
    /// `force`, with this app's lease. A blob changed since is kept and named at the end; one already gone (a
    /// retry of this job, or someone else's delete) counts as done.
    pub fn delete_blobs(
        &mut self,
        ctx: &mut PaneContext,
        names: Vec<(String, String)>,
        with_snapshots: bool,
        force: bool,
        if_tags: Option<String>,
    ) {
        let items: Vec<(String, Conditions)> = names
            .iter()
            .map(|(n, seen)| {
                let etag = Some(seen.clone()).filter(|e| !e.is_empty() && !force);
                let conditions = Conditions {
                    if_match: etag,
                    if_tags: if_tags.clone(),
                    ..Conditions::none()
                };
                (
                    n.clone(),
                    conditions.with_lease(ctx.leases.id_for_write(&self.key(Some(n)))),
                )
            })
            .collect();
        // A blob's unsaved edits go only once it is gone: one the delete keeps (changed since listed) keeps them.
        let gone = self.deleted_blobs.0.clone();
        let count = names.len();
        let state = (ctx.client.clone(), self.core.container.clone(), items, gone);
        let title = format!("Delete {count} blob(s) from {}", self.core.container);
        ctx.start_job(
            title,
            Unit::Items("blobs"),
            state,
            move |job, (client, container, items, gone)| async move {
                job.progress.start(items.len() as u64);
                let snapshots = if with_snapshots {
                    DeleteSnapshots::Include
                } else {
                    DeleteSnapshots::None
                };
                let (mut deleted, mut already, mut untagged, mut changed) = (0, 0, Vec::new(), Vec::new());
                for (name, conditions) in &items {
                    if job.cancel.is_cancelled() {
                        return Err(StorageError::cancelled("Delete blobs"));
                    }
                    match client.delete_blob(&container, name, None, snapshots, conditions).await {
                        Ok(()) => {
                            deleted += 1;
                            gone.send(name.clone());
                        }
                        Err(e) if e.is_not_found() => already += 1,
                        // A condition on a blob that is not there fails as 412 on some services (Azurite): look.
                        // Or the tag condition: the blob still has the ETag listed, so it is the tags that refused.
                        Err(e) if e.is_conflict() => match client.get_blob_properties(&container, name, None).await {
                            Err(h) if h.is_not_found() => already += 1,
                            Ok((p, _))
                                if conditions.if_tags.is_some()
                                    && conditions.if_match.as_ref().is_none_or(|m| *m == p.etag) =>
                            {
                                untagged.push(name.clone())
                            }
                            _ => changed.push(name.clone()),
                        },
                        Err(e) => return Err(e),
                    }
                    job.progress.add(1);
                }
                delete_outcome(deleted, already, &untagged, &changed)
            },
        );
        self.core.selection.clear();
        self.core.details = None;
    }

    pub fn lease_target(&self, blob: Option<&str>) -> (String, Option<String>) {
        (self.core.container.clone(), blob.map(str::to_string))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_delete_job_counts_what_was_gone_and_names_what_changed() {
        assert_eq!(
            delete_outcome(3, 2, &[], &[]).unwrap(),
            "deleted 3 blob(s); 2 already gone"
        );
        let e = delete_outcome(1, 0, &[], &["b.txt".to_string()]).unwrap_err();
        assert!(
            e.message
                .contains("1 changed after they were listed and were kept: b.txt"),
            "{}",
            e.message
        );
    }
}
