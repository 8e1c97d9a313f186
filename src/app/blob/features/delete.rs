//! Delete… in a container tab: the selected blobs, asked first (naming them), each deleted only if unchanged since
//! it was listed (If-Match its ETag) unless forced, optionally only where its index tags match, as a job. The
//! blobs it removed are handed back (`job_replies`), and only their drafts go: one the delete kept (changed since
//! listed) keeps its unsaved edits.

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobFeature, Effects, Offer};
use crate::app::context::feature::Feature;
use crate::app::context::{JobReplies, Notice, PaneContext, ReplyTx, Unit, job_replies};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;
use crate::storage::blob::Conditions;
use crate::storage::blob::DeleteSnapshots;

/// The question before a delete: each blob with the ETag shown when it was asked (a refresh while it is open does
/// not change what "unchanged since listed" compares with), and the choices under it.
#[derive(Clone, Debug)]
struct Ask {
    names: Vec<(String, String)>,
    with_snapshots: bool,
    /// Delete even a blob changed since it was listed (no If-Match).
    force: bool,
    /// Only those whose index tags satisfy it (x-ms-if-tags), when not empty.
    if_tags: String,
}

/// The Delete feature: the question open, and the blobs its jobs removed, handed back.
pub struct DeleteBlobs {
    asking: Option<Ask>,
    removed: (ReplyTx<String>, JobReplies<String>),
}

impl Default for DeleteBlobs {
    fn default() -> Self {
        DeleteBlobs {
            asking: None,
            removed: job_replies(),
        }
    }
}

impl Feature for DeleteBlobs {
    type Pane = crate::app::blob::feature::Blob;

    fn poll(&mut self, _: &BlobCore, _: &mut PaneContext, fx: &mut Effects) {
        let gone = self.removed.1.take();
        if !gone.is_empty() {
            fx.deleted(gone);
        }
    }

    fn windows(&mut self, egui_ctx: &egui::Context, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        let Some(ask) = &mut self.asking else { return };
        let names = &ask.names;
        let title = tr!(
            "blob-delete-title",
            count = names.len(),
            container = core.container.as_str()
        );
        let listed: Vec<&str> = names.iter().take(10).map(|(n, _)| n.as_str()).collect();
        let body = format!("{}\n\n{}", listed.join(", "), t("blob-delete-body"));
        let yes = tr!("blob-delete-yes", count = names.len());
        let id = egui::Id::unique(("delete-blobs", &core.container));
        let answer = crate::app::widgets::confirm::ask(egui_ctx, id, &title, &body, &yes, |ui| {
            ui.checkbox(&mut ask.with_snapshots, t("blob-delete-with-snapshots"));
            ui.checkbox(&mut ask.force, t("blob-delete-force"));
            ui.horizontal(|ui| {
                let l = ui.label(t("blob-delete-if-tags"));
                ui.add(egui::TextEdit::singleline(&mut ask.if_tags).hint_text("\"status\" = 'done'"))
                    .labelled_by(l.id);
            });
        });
        let Some(yes) = answer else { return };
        let Some(ask) = self.asking.take().filter(|_| yes) else {
            return;
        };
        let if_tags = Some(ask.if_tags.trim().to_string()).filter(|t| !t.is_empty());
        self.delete_blobs(core, ctx, fx, (ask.names, ask.with_snapshots, ask.force, if_tags));
    }
}

impl BlobFeature for DeleteBlobs {
    fn toolbar_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        let any_blob = core.selection.names.iter().any(|n| !n.ends_with('/'));
        let icon = crate::app::widgets::icon::DELETE;
        let (name, hint) = (t("blob-delete-delete"), t("blob-delete-hint"));
        if crate::app::widgets::icon::icon_button(ui, any_blob, icon, &name, Some(&hint)).clicked() {
            self.ask(core, ctx);
        }
    }

    fn offers(&self, core: &BlobCore, _: &PaneContext, offers: &mut Vec<Offer>) {
        let any_blob = core.selection.names.iter().any(|n| !n.ends_with('/'));
        let offer = Offer::new("delete", t("blob-delete-delete"), any_blob);
        offers.push(offer.key(egui::Modifiers::NONE, egui::Key::Delete));
    }

    fn run_offer(&mut self, id: &str, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        if id == "delete" {
            self.ask(core, ctx);
        }
    }
}

impl DeleteBlobs {
    /// Asks about the selected blobs that are listed (in the folder or the rows shown in its place), each with the
    /// ETag shown: a selected name no longer listed (a folder left meanwhile) would otherwise go without its
    /// If-Match.
    fn ask(&mut self, core: &BlobCore, ctx: &mut PaneContext) {
        let chosen = core.selection.names.iter().filter(|n| !n.ends_with('/'));
        let names: Vec<(String, String)> = chosen
            .clone()
            .filter_map(|n| core.listed_blob(n).map(|b| (n.clone(), b.properties.etag.clone())))
            .collect();
        let unlisted = chosen.count() - names.len();
        if unlisted > 0 && !names.is_empty() {
            ctx.notices.push(Notice {
                text: tr!("blob-delete-some-unlisted", count = unlisted),
                error: false,
            });
        }
        if names.is_empty() {
            ctx.notices.push(Notice {
                text: t("blob-delete-none-listed"),
                error: true,
            });
            return;
        }
        self.asking = Some(Ask {
            names,
            with_snapshots: true,
            force: false,
            if_tags: String::new(),
        });
    }

    /// Deletes blobs as a job: each only if unchanged since it was listed (If-Match its listed ETag) unless
    /// `force`, with this app's lease. A blob changed since is kept and named at the end; one already gone (a
    /// retry of this job, or someone else's delete) counts as done.
    pub fn delete_blobs(
        &mut self,
        core: &BlobCore,
        ctx: &mut PaneContext,
        fx: &mut Effects,
        (names, with_snapshots, force, if_tags): (Vec<(String, String)>, bool, bool, Option<String>),
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
                    conditions.with_lease(ctx.leases.id_for_write(&core.key(Some(n)))),
                )
            })
            .collect();
        // A blob's unsaved edits go only once it is gone: one the delete keeps (changed since listed) keeps them.
        let gone = self.removed.0.clone();
        let count = names.len();
        let state = (ctx.client.clone(), core.container.clone(), items, gone);
        let title = tr!("blob-delete-job", count = count, container = core.container.as_str());
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
                        return Err(StorageError::cancelled(t("blob-delete-op")));
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
        fx.clear_selection();
    }
}

/// A delete job's words: what went, what was already gone, what the tag condition spared, and what was kept
/// because it changed.
fn delete_outcome(
    deleted: usize,
    gone: usize,
    untagged: &[String],
    changed: &[String],
) -> Result<String, StorageError> {
    let mut words = tr!("blob-delete-deleted", count = deleted);
    if gone > 0 {
        words.push_str(&tr!("blob-delete-already-gone", count = gone));
    }
    if !untagged.is_empty() {
        let names: Vec<&str> = untagged.iter().take(10).map(String::as_str).collect();
        words.push_str(&tr!(
            "blob-delete-untagged",
            count = untagged.len(),
            names = names.join(", ")
        ));
    }
    if changed.is_empty() {
        return Ok(words);
    }
    let names: Vec<&str> = changed.iter().take(10).map(String::as_str).collect();
    Err(StorageError::invalid(
        t("blob-delete-op"),
        tr!(
            "blob-delete-changed",
            done = words,
            count = changed.len(),
            names = names.join(", ")
        ),
    ))
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
                .to_string()
                .contains("1 changed after they were listed and were kept: b.txt"),
            "{}",
            e.message
        );
    }
}
