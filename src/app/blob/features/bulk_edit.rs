//! Changing many blobs at once, as a feature of a container tab: "Change the N selected…" (a row's menu) sets or
//! removes a metadata pair or an index tag, sets a header or a tier, or deletes, on every selected blob and every
//! blob under each selected folder, as one job (`bulk_job`) with its counts shown over the list, Cancel and
//! Resume.

use crate::app::context::feature::Feature;
use std::sync::Arc;

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobFeature, Effects};
use crate::app::blob::features::bulk_job::{self, Change, Header, Shared, tally_words};
use crate::app::context::features::Offer;
use crate::app::context::{PaneContext, Unit};
use crate::app::widgets::bulk_change::Running;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::blob::AccessTier;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    SetMetadata,
    RemoveMetadata,
    SetTag,
    RemoveTag,
    SetHeader,
    SetTier,
    Delete,
}

impl Action {
    const ALL: [Action; 7] = [
        Action::SetMetadata,
        Action::RemoveMetadata,
        Action::SetTag,
        Action::RemoveTag,
        Action::SetHeader,
        Action::SetTier,
        Action::Delete,
    ];

    fn words(self) -> String {
        t(match self {
            Action::SetMetadata => "blob-bulk-edit-set-metadata",
            Action::RemoveMetadata => "blob-bulk-edit-remove-metadata",
            Action::SetTag => "blob-bulk-edit-set-tag",
            Action::RemoveTag => "blob-bulk-edit-remove-tag",
            Action::SetHeader => "blob-bulk-edit-set-header",
            Action::SetTier => "blob-bulk-edit-set-tier",
            Action::Delete => "blob-bulk-edit-delete",
        })
    }
}

/// The form as the user fills it; what it acts on is taken when it opens.
struct Form {
    blobs: Vec<String>,
    folders: Vec<String>,
    action: Action,
    name: String,
    value: String,
    header: Header,
    tier: AccessTier,
    error: Option<String>,
}

#[derive(Default)]
pub struct BulkEdit {
    form: Option<Form>,
    running: Running<bulk_job::Position>,
}

impl BulkEdit {
    /// The change the form asks for, or why it cannot be sent.
    fn change_of(form: &Form) -> Result<Change, String> {
        let name = form.name.trim().to_string();
        let named = |id: &str| match name.is_empty() {
            true => Err(t(id)),
            false => Ok(name.clone()),
        };
        Ok(match form.action {
            Action::SetMetadata | Action::RemoveMetadata => {
                let name = named("blob-bulk-edit-name-metadata")?;
                if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    || name.starts_with(|c: char| c.is_ascii_digit())
                {
                    return Err(tr!("blob-bulk-edit-bad-metadata-name", name = name));
                }
                let value = (form.action == Action::SetMetadata).then(|| form.value.clone());
                Change::Metadata { name, value }
            }
            Action::SetTag | Action::RemoveTag => {
                let key = named("blob-bulk-edit-name-tag")?;
                let value = (form.action == Action::SetTag).then(|| form.value.clone());
                let check = [(key.clone(), value.clone().unwrap_or_default())];
                crate::storage::blob::validate_tags(&check).map_err(|e| e.to_string())?;
                Change::Tag { key, value }
            }
            Action::SetHeader => Change::Header {
                header: form.header,
                value: form.value.trim().to_string(),
            },
            Action::SetTier => Change::Tier(form.tier),
            Action::Delete => Change::Delete,
        })
    }

    fn start(
        &mut self,
        core: &BlobCore,
        ctx: &mut PaneContext,
        blobs: Vec<String>,
        folders: Vec<String>,
        change: Change,
    ) {
        let container = core.container().to_string();
        let (words, count) = (change.words(), blobs.len());
        let what = match folders.is_empty() {
            true => tr!("blob-bulk-edit-what", change = words, count = count),
            false => tr!(
                "blob-bulk-edit-what-folders",
                change = words,
                count = count,
                folders = folders.join(", ")
            ),
        };
        let position = Shared::default();
        let state = (
            ctx.client.clone(),
            container.clone(),
            (Arc::new(blobs), Arc::new(folders)),
            change.clone(),
            position.clone(),
        );
        let title = tr!(
            "blob-bulk-edit-title",
            what = what.as_str(),
            container = container.as_str()
        );
        let words = tally_words(&change);
        self.running.start(
            ctx,
            title,
            what,
            Unit::Items("blobs"),
            position,
            words,
            state,
            |job, (client, container, names, change, position)| {
                bulk_job::run(job, client, container, names, change, position)
            },
        );
    }

    fn form_ui(form: &mut Form, ui: &mut egui::Ui) {
        let count = form.blobs.len();
        ui.label(match form.folders.is_empty() {
            true => tr!("blob-bulk-edit-selected", count = count),
            false => tr!(
                "blob-bulk-edit-selected-folders",
                count = count,
                folders = form.folders.join(", ")
            ),
        });
        egui::ComboBox::from_id_salt("bulk-blob-action")
            .selected_text(form.action.words())
            .show_ui(ui, |ui| {
                for a in Action::ALL {
                    ui.selectable_value(&mut form.action, a, a.words());
                }
            })
            .response
            .accessible_name(t("blob-bulk-edit-what-to-change"));
        ui.horizontal(|ui| match form.action {
            Action::SetMetadata | Action::RemoveMetadata | Action::SetTag | Action::RemoveTag => {
                let l = ui.label(t(if matches!(form.action, Action::SetTag | Action::RemoveTag) {
                    "blob-bulk-edit-tag-name"
                } else {
                    "blob-bulk-edit-metadata-name"
                }));
                ui.add(egui::TextEdit::singleline(&mut form.name).desired_width(140.0))
                    .labelled_by(l.id);
                if matches!(form.action, Action::SetMetadata | Action::SetTag) {
                    let l = ui.label(t("blob-bulk-edit-value"));
                    ui.add(egui::TextEdit::singleline(&mut form.value).desired_width(180.0))
                        .labelled_by(l.id);
                }
            }
            Action::SetHeader => {
                egui::ComboBox::from_id_salt("bulk-blob-header")
                    .selected_text(form.header.name())
                    .show_ui(ui, |ui| {
                        for h in Header::ALL {
                            ui.selectable_value(&mut form.header, h, h.name());
                        }
                    })
                    .response
                    .accessible_name(t("blob-bulk-edit-header"));
                let l = ui.label(t("blob-bulk-edit-value"));
                ui.add(egui::TextEdit::singleline(&mut form.value).desired_width(180.0))
                    .labelled_by(l.id);
            }
            Action::SetTier => {
                for tier in AccessTier::ALL {
                    // Named apart from the details' own tier buttons, which the form covers.
                    ui.radio_value(&mut form.tier, tier, tier.as_str())
                        .accessible_name(tr!("blob-bulk-edit-new-tier", tier = tier.as_str()));
                }
            }
            Action::Delete => {}
        });
        ui.weak(t(match form.action {
            Action::SetTier => "blob-bulk-edit-tier-explain",
            Action::Delete => "blob-bulk-edit-delete-explain",
            Action::SetTag | Action::RemoveTag => "blob-bulk-edit-tag-explain",
            _ => "blob-bulk-edit-explain",
        }));
        ui.weak(t("blob-bulk-edit-at-once"));
        if let Some(e) = &form.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }
}

impl Feature for BulkEdit {
    type Pane = crate::app::blob::feature::Blob;

    fn busy(&self) -> bool {
        self.running.is_running()
    }

    fn unsaved(&self) -> Vec<String> {
        match &self.form {
            Some(f) if !f.name.trim().is_empty() || !f.value.is_empty() => {
                vec![t("blob-bulk-edit-unsaved")]
            }
            _ => Vec::new(),
        }
    }

    fn poll(&mut self, _: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        // Ended: the list shows what the service holds now.
        if self.running.poll(ctx) {
            fx.refresh();
        }
    }

    fn windows(&mut self, egui_ctx: &egui::Context, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        let Some(form) = &mut self.form else { return };
        let n = form.blobs.len() + form.folders.len();
        let yes = match (form.action, form.folders.is_empty()) {
            (Action::Delete, true) => tr!("blob-bulk-edit-delete-yes", count = form.blobs.len()),
            (Action::Delete, false) => t("blob-bulk-edit-delete-all-yes"),
            _ => tr!("blob-bulk-edit-change-yes", count = n),
        };
        let answer = crate::app::widgets::confirm::ask(
            egui_ctx,
            egui::Id::unique(("bulk-blob-change", core.container())),
            &tr!("blob-bulk-edit-window", container = core.container()),
            "",
            &yes,
            |ui| Self::form_ui(form, ui),
        );
        match answer {
            Some(true) => match Self::change_of(form) {
                Ok(change) => {
                    let form = self.form.take().expect("the form is open");
                    self.start(core, ctx, form.blobs, form.folders, change);
                }
                Err(e) => form.error = Some(e),
            },
            Some(false) => self.form = None,
            None => {}
        }
    }
}

impl BlobFeature for BulkEdit {
    fn offers(&self, core: &BlobCore, _: &PaneContext, offers: &mut Vec<Offer>) {
        let n = core.selection().len();
        let label = tr!("blob-bulk-edit-offer", count = n);
        offers.push(Offer::new("bulk-change", label, n > 0 && self.running.is_none()));
    }

    fn run_offer(&mut self, id: &str, core: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        if id != "bulk-change" {
            return;
        }
        let (folders, blobs): (Vec<String>, Vec<String>) =
            core.selection().iter().cloned().partition(|n| n.ends_with('/'));
        self.form = Some(Form {
            blobs,
            folders,
            action: Action::SetMetadata,
            name: String::new(),
            value: String::new(),
            header: Header::ContentType,
            tier: AccessTier::Cool,
            error: None,
        });
    }

    fn above_list_ui(&mut self, ui: &mut egui::Ui, _: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        self.running.ui(ui, ctx);
    }
}
