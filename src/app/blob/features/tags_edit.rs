//! A blob's index tags in the details: read with its properties, edited as a draft apart from what the service
//! said (each blob keeps its own while you look at another), checked against the service's limits before
//! anything is sent, and saved only if the tags are still those the edit started from.

use crate::app::context::feature::Feature;
use std::collections::BTreeMap;

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobEvent, BlobFeature, DetailsTab, Effects};
use crate::app::context::draft::{Draft, Drafts};
use crate::app::context::{InFlight, PaneContext};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;
use crate::storage::blob::validate_tags;

pub type TagList = Vec<(String, String)>;

/// What a save found: the tags written, or someone else's tags where the edit's base was expected.
pub enum TagSave {
    Saved(TagList),
    ChangedUnder(TagList),
}

/// Tags have no ETag (a tag change leaves the blob's ETag as it is): the tags themselves are their version.
fn version_of(tags: &TagList) -> String {
    tags.iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("&")
}

/// The service's tags in a sentence: `k=v, k=v`, or "none".
fn tags_now(tags: &TagList) -> String {
    match tags.is_empty() {
        true => t("blob-tags-edit-none"),
        false => version_of(tags).replace('&', ", "),
    }
}

/// The `x-ms-if-tags` expression that holds while a blob's tags are still `tags` (keys and values cannot hold a
/// quote, so none needs escaping).
pub fn still(tags: &TagList) -> Option<String> {
    (!tags.is_empty()).then(|| {
        tags.iter()
            .map(|(k, v)| format!("\"{k}\" = '{v}'"))
            .collect::<Vec<_>>()
            .join(" AND ")
    })
}

/// Every blob's tag draft in a tab, and the reads and saves out for them, each keyed by its blob.
#[derive(Default)]
pub struct Tags {
    drafts: Drafts<TagList>,
    reads: InFlight<String, Result<TagList, StorageError>>,
    /// Keyed by the blob and the tags sent: typing beyond what is on its way is still unsaved.
    saves: InFlight<(String, TagList), Result<TagSave, StorageError>>,
    /// What went wrong with a blob's tags last, in words (bad input, a refused save, a change under the edit).
    pub(crate) problems: BTreeMap<String, String>,
}

impl Feature for Tags {
    type Pane = crate::app::blob::feature::Blob;

    fn poll(&mut self, _: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        self.drafts.settle();
        for (blob, result) in self.reads.ready() {
            match result {
                Ok(list) => {
                    let version = version_of(&list);
                    self.drafts.observe(&blob, &version, list);
                }
                Err(e) => {
                    let words = tr!("blob-tags-edit-read-failed", why = e.plain_words());
                    self.problems.insert(blob, words);
                }
            }
        }
        for ((blob, sent), result) in self.saves.ready() {
            if let Some(d) = self.drafts.get_mut(&blob) {
                d.unsent(&sent);
            }
            match result {
                Ok(TagSave::Saved(sent)) => {
                    let version = version_of(&sent);
                    if let Some(d) = self.drafts.get_mut(&blob) {
                        d.saved(sent, &version);
                    }
                    self.problems.remove(&blob);
                }
                Ok(TagSave::ChangedUnder(theirs)) => {
                    let words = tr!("blob-tags-edit-changed-under", now = tags_now(&theirs));
                    let version = version_of(&theirs);
                    self.drafts.observe(&blob, &version, theirs);
                    self.problems.insert(blob, words);
                }
                Err(e) => {
                    let words = tr!("blob-tags-edit-not-saved", why = e.plain_words());
                    self.problems.insert(blob, words);
                }
            }
        }
    }

    fn busy(&self) -> bool {
        !self.reads.is_empty()
    }

    fn sending(&self) -> bool {
        !self.saves.is_empty()
    }

    fn unsaved(&self) -> Vec<String> {
        self.drafts
            .unsaved()
            .map(|b| tr!("blob-tags-edit-unsaved", name = b))
            .collect()
    }

    fn save_all(&mut self, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        for blob in self.drafts.dirty_unsent(|b| self.is_saving(b)) {
            self.save_tags(core, ctx, &blob, false);
        }
    }
}

impl BlobFeature for Tags {
    fn details_tab(&self) -> DetailsTab {
        DetailsTab::Tags
    }

    fn event(&mut self, event: &BlobEvent, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        match event {
            // An edit is never forgotten; a clean draft goes when its blob is no longer shown.
            BlobEvent::Selected(shown) => self.drafts.forget_clean_except(*shown, |_| false),
            // Read with the blob's details (a refresh re-reads them, and the draft's service side moves).
            BlobEvent::DetailsAsked(blob) => self.read_tags(core, ctx, blob),
            BlobEvent::Deleted(blobs) => {
                for b in *blobs {
                    self.drafts.remove(b);
                    self.problems.remove(b);
                }
            }
            _ => {}
        }
    }

    fn blob_ui(&mut self, ui: &mut egui::Ui, blob: &str, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        ui.separator();
        self.tags_ui(ui, core, ctx, blob);
    }
}

impl Tags {
    pub fn draft(&self, blob: &str) -> Option<&Draft<TagList>> {
        self.drafts.get(blob)
    }

    pub fn draft_mut(&mut self, blob: &str) -> Option<&mut Draft<TagList>> {
        self.drafts.get_mut(blob)
    }

    pub fn is_saving(&self, blob: &str) -> bool {
        self.saves.any(|(b, _)| b == blob)
    }

    /// Reads a blob's tags (with its details: a refresh re-reads them, and the draft's service side moves).
    fn read_tags(&mut self, core: &BlobCore, ctx: &mut PaneContext, blob: &str) {
        let (client, container, name) = (ctx.client.clone(), core.container.clone(), blob.to_string());
        let pending = ctx
            .backend
            .spawn(async move { client.get_blob_tags(&container, &name).await });
        self.reads.start(blob.to_string(), pending);
    }

    /// Saves the tags as typed: checked first; then, unless `force`, only if the service still holds the tags
    /// the edit started from (read again just before the write, and sent as `x-ms-if-tags` for a service that
    /// checks it at the write itself).
    pub fn save_tags(&mut self, core: &BlobCore, ctx: &mut PaneContext, blob: &str, force: bool) {
        let Some(d) = self.drafts.get_mut(blob) else { return };
        if let Err(why) = validate_tags(&d.edit) {
            self.problems.insert(blob.to_string(), why.to_string());
            return;
        }
        self.problems.remove(blob);
        let (sent, base) = (d.send(), d.base().clone());
        let key = (blob.to_string(), sent.clone());
        let lease = ctx.leases.id_for_write(&core.key(Some(blob)));
        let (client, container, name) = (ctx.client.clone(), core.container.clone(), blob.to_string());
        let pending = ctx.send(async move {
            if !force {
                let now = client.get_blob_tags(&container, &name).await?;
                if now != base {
                    return Ok(TagSave::ChangedUnder(now));
                }
            }
            let condition = if force { None } else { still(&base) };
            client
                .set_blob_tags(&container, &name, &sent, lease.as_deref(), condition.as_deref())
                .await?;
            Ok(TagSave::Saved(sent))
        });
        self.saves.add(key, pending);
    }
}

/// The tags section of the details: a row per tag, Add, Save, and, when the service's tags moved under the edit,
/// the ways out (re-apply, overwrite, discard).
impl Tags {
    fn tags_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, blob: &str) {
        let saving = self.is_saving(blob);
        let Some(d) = self.drafts.get_mut(blob) else {
            ui.weak(t("blob-tags-edit-reading"));
            if let Some(why) = self.problems.get(blob) {
                ui.colored_label(ui.visuals().error_fg_color, why);
            }
            return;
        };
        ui.strong(tr!(
            "blob-tags-edit-title",
            count = d.edit.len(),
            max = crate::storage::blob::MAX_TAGS
        ));
        let mut remove = None;
        for (i, (k, v)) in d.edit.iter_mut().enumerate() {
            ui.horizontal(|ui| {
                let label = ui.label(tr!("blob-tags-edit-key", n = i + 1));
                ui.add(
                    egui::TextEdit::singleline(k)
                        .id_salt(("tag-key", blob, i))
                        .desired_width(90.0),
                )
                .labelled_by(label.id);
                let label = ui.label(tr!("blob-tags-edit-value", n = i + 1));
                ui.add(
                    egui::TextEdit::singleline(v)
                        .id_salt(("tag-value", blob, i))
                        .desired_width(110.0),
                )
                .labelled_by(label.id);
                if ui.small_button(tr!("blob-tags-edit-remove", n = i + 1)).clicked() {
                    remove = Some(i);
                }
            });
        }
        if let Some(i) = remove {
            d.edit.remove(i);
        }
        let (dirty, stale) = (d.is_dirty(), d.is_stale());
        let (mut save, mut settled) = (None, false);
        // x-ms-if-tags can name only tags a blob has: for one with none there is no condition to send.
        let guard = t(if d.base().is_empty() {
            "blob-tags-edit-guard-none"
        } else {
            "blob-tags-edit-guard"
        });
        ui.horizontal(|ui| {
            if ui.button(t("blob-tags-edit-add")).clicked() {
                d.edit.push((String::new(), String::new()));
            }
            if saving {
                ui.weak(t("blob-tags-edit-saving"));
            } else if ui
                .add_enabled(dirty, egui::Button::new(t("blob-tags-edit-save")))
                .on_hover_text(guard)
                .clicked()
            {
                save = Some(false);
            }
        });
        if stale && dirty {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                tr!("blob-tags-edit-stale", now = tags_now(d.theirs())),
            );
            ui.horizontal_wrapped(|ui| {
                if ui.button(t("blob-tags-edit-reapply")).clicked() {
                    d.reapply_on_theirs();
                    settled = true;
                }
                if ui.button(t("blob-tags-edit-overwrite")).clicked() {
                    save = Some(true);
                }
                if ui.button(t("blob-tags-edit-discard")).clicked() {
                    d.discard();
                    settled = true;
                }
            });
        }
        if settled {
            self.problems.remove(blob);
        }
        if let Some(why) = self.problems.get(blob) {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
        if let Some(force) = save {
            self.save_tags(core, ctx, blob, force);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_condition_is_the_tags_the_edit_started_from() {
        assert_eq!(still(&Vec::new()), None);
        let base = vec![("status".into(), "new".into()), ("year".into(), "2026".into())];
        assert_eq!(still(&base).unwrap(), "\"status\" = 'new' AND \"year\" = '2026'");
    }
}
