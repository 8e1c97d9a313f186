//! A queue's metadata as the user edits it, apart from what the service said (`context::draft`). Set Queue
//! Metadata takes no condition, so the check is made here: a draft the service changed under is refused in
//! words, and the save reads the metadata again just before writing, unless the user saves "anyway".

use crate::app::context::draft::Draft;
use crate::app::context::feature::Feature;
use crate::app::context::{InFlight, PaneContext};
use crate::app::queue::core::QueueCore;
use crate::app::queue::feature::{QueueEffects, QueueEvent, QueueFeature};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;

/// A queue's metadata: names and values in the order the service gave them.
type Metadata = Vec<(String, String)>;

pub struct QueueMetadata {
    pub edit: Draft<Metadata>,
    /// A save on its way, keyed by what it sent.
    saving: InFlight<Metadata, Result<(), StorageError>>,
}

impl Default for QueueMetadata {
    fn default() -> Self {
        QueueMetadata {
            edit: Draft::new("", Vec::new()),
            saving: InFlight::default(),
        }
    }
}

impl QueueMetadata {
    pub fn is_saving(&self) -> bool {
        !self.saving.is_empty()
    }

    pub fn save(&mut self, core: &QueueCore, ctx: &mut PaneContext, fx: &mut QueueEffects, force: bool) {
        if !force && self.edit.is_stale() {
            return fx.say(Err(StorageError::invalid(
                t("op-save-queue-metadata"),
                t("queue-metadata-stale"),
            )));
        }
        let (client, queue) = (ctx.client.clone(), core.queue.clone());
        let (metadata, base) = (self.edit.send(), self.edit.base().clone());
        let sent = metadata.clone();
        let reply = ctx.send(async move {
            match force {
                true => client.set_queue_metadata(&queue, &metadata).await,
                false => client.set_queue_metadata_if_unchanged(&queue, &metadata, &base).await,
            }
        });
        self.saving.add(sent, reply);
    }
}

impl Feature for QueueMetadata {
    type Pane = crate::app::queue::feature::Queue;

    fn poll(&mut self, core: &QueueCore, _: &mut PaneContext, fx: &mut QueueEffects) {
        self.edit.settle();
        for (sent, result) in self.saving.ready() {
            match result {
                // What was sent is what the queue holds; typing done meanwhile stays, unsaved.
                Ok(()) => {
                    self.edit.saved(sent, "");
                    fx.say(Ok(tr!("queue-metadata-saved", queue = core.queue.as_str())));
                }
                Err(e) => {
                    self.edit.unsent(&sent);
                    fx.say(Err(e))
                }
            }
            fx.peek();
        }
    }

    fn save_all(&mut self, core: &QueueCore, ctx: &mut PaneContext, fx: &mut QueueEffects) {
        if self.edit.is_unsaved() {
            self.save(core, ctx, fx, false);
        }
    }

    fn unsaved(&self) -> Vec<String> {
        match self.edit.is_unsaved() {
            true => vec![t("queue-metadata-unsaved")],
            false => Vec::new(),
        }
    }

    fn busy(&self) -> bool {
        self.is_saving()
    }
}

impl QueueFeature for QueueMetadata {
    fn event(&mut self, event: &QueueEvent, _: &QueueCore, _: &mut PaneContext, _: &mut QueueEffects) {
        // Queues have no ETag: the draft's versions are its values. A peek never touches an edit.
        if let QueueEvent::Peeked { props, .. } = event {
            self.edit.observe("", props.metadata.clone());
        }
    }

    fn side_tab(&self) -> Option<crate::app::context::features::DetailsTab> {
        Some(crate::app::context::features::DetailsTab::Properties)
    }

    fn side_ui(&mut self, ui: &mut egui::Ui, core: &QueueCore, ctx: &mut PaneContext, fx: &mut QueueEffects) {
        ui.strong(t("queue-metadata"));
        let saving = self.is_saving();
        let draft = &mut self.edit;
        crate::app::widgets::metadata_edit::rows(ui, &mut draft.edit, Some("Queue"));
        let (dirty, stale) = (draft.is_dirty(), draft.is_stale());
        if dirty && stale {
            let theirs: Vec<String> = draft.theirs().iter().map(|(k, v)| format!("{k}={v}")).collect();
            let theirs = if theirs.is_empty() {
                t("queue-metadata-none")
            } else {
                theirs.join(", ")
            };
            ui.colored_label(
                ui.visuals().warn_fg_color,
                tr!("queue-metadata-changed", theirs = theirs),
            );
        }
        let mut save = None;
        ui.horizontal_wrapped(|ui| {
            crate::app::widgets::metadata_edit::add_button(ui, &mut draft.edit, Some("Queue"));
            if ui
                .add_enabled(dirty && !saving, egui::Button::new(t("queue-metadata-save")))
                .on_hover_text(t("queue-metadata-save-hint"))
                .clicked()
            {
                save = Some(false);
            }
            if dirty && stale {
                if ui.button(t("queue-metadata-reapply")).clicked() {
                    draft.reapply_on_theirs();
                }
                if ui.button(t("queue-metadata-force")).clicked() {
                    save = Some(true);
                }
            }
            if dirty && ui.button(t("queue-metadata-discard")).clicked() {
                draft.discard();
            }
        });
        if let Some(force) = save {
            self.save(core, ctx, fx, force);
        }
    }
}
