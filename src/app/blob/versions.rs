//! A blob's versions in its details, on an account that keeps them (the blob's properties carry a version id;
//! Azurite's never do, so nothing here has run against a service): listed on request, oldest first, the current
//! one marked; an earlier one promoted over the blob (If-Match the version shown) or deleted, each asked first.

use crate::app::blob::pane::{BlobPane, OpDone};
use crate::app::context::{PaneContext, ReplyFor, take_for};
use crate::app::widgets::format::{human_bytes, utc_opt};
use crate::storage::StorageError;
use crate::storage::blob::{BlobItem, Conditions};

/// What is asked before it is done: (blob, version id).
#[derive(Clone, Debug)]
enum Ask {
    Promote(String, String),
    Delete(String, String),
}

#[derive(Default)]
pub struct Versions {
    /// The blob whose versions are shown, and its versions (or why they could not be listed).
    listed: Option<(String, Result<Vec<BlobItem>, StorageError>)>,
    /// A listing under way, keyed by the blob it is for.
    reading: Option<ReplyFor<String, Result<Vec<BlobItem>, StorageError>>>,
    asking: Option<Ask>,
}

impl BlobPane {
    /// Lands a listing of versions, if it is still for the blob shown.
    pub(super) fn poll_versions(&mut self) {
        let shown = self.core.details.as_ref().map(|d| d.name.clone());
        if let Some((blob, result)) = take_for(&mut self.versions.reading, |b| Some(b) == shown.as_ref()) {
            self.versions.listed = Some((blob, result));
        }
    }

    fn list_versions(&mut self, ctx: &PaneContext, blob: &str) {
        let (client, container, name) = self.owned(ctx, blob);
        let pending = ctx
            .backend
            .spawn(async move { client.list_versions(&container, &name).await });
        self.versions.reading = Some(ReplyFor::new(blob.to_string(), pending));
    }

    fn promote_version(&mut self, ctx: &mut PaneContext, blob: &str, version: &str) {
        let Some(etag) = self.shown_etag(blob) else { return };
        let lease = ctx.leases.id_for_write(&self.key(Some(blob)));
        let ((client, container, name), version) = (self.owned(ctx, blob), version.to_string());
        self.versions.listed = None;
        self.run(ctx, async move {
            let only_if = Conditions::if_match(etag).with_lease(lease);
            let r = client.promote_version(&container, &name, &version, &only_if).await;
            OpDone {
                message: r.map(|_| format!("Promoted version {version} to be `{name}` again")),
                lease: None,
            }
        });
    }

    fn delete_version(&mut self, ctx: &mut PaneContext, blob: &str, version: &str) {
        let ((client, container, name), version) = (self.owned(ctx, blob), version.to_string());
        self.versions.listed = None;
        self.run(ctx, async move {
            let r = client.delete_version(&container, &name, &version).await;
            OpDone {
                message: r.map(|_| format!("Deleted version {version} of `{name}`")),
                lease: None,
            }
        });
    }
}

/// The Versions part of a blob's details: nothing unless the blob's properties carry a version id.
pub fn ui(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext, blob: &str) {
    let Some(this) = pane
        .core
        .details
        .as_ref()
        .and_then(|d| d.props.as_ref())
        .and_then(|p| p.version_id.clone())
    else {
        return;
    };
    ui.separator();
    ui.strong("Versions");
    ui.label(format!("This is version {this}."));
    if ui.button("List versions").clicked() {
        pane.list_versions(ctx, blob);
    }
    let mut ask = None;
    match pane.versions.listed.as_ref().filter(|(b, _)| b == blob) {
        Some((_, Err(e))) => {
            ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
        }
        Some((_, Ok(versions))) => {
            for v in versions {
                let id = v.retention.version_id.clone().unwrap_or_default();
                ui.horizontal_wrapped(|ui| {
                    ui.monospace(&id);
                    ui.label(human_bytes(v.properties.content_length));
                    ui.label(utc_opt(v.properties.last_modified));
                    if v.retention.is_current_version {
                        ui.strong("current");
                    } else {
                        if ui.small_button(format!("Promote version {id}")).clicked() {
                            ask = Some(Ask::Promote(blob.to_string(), id.clone()));
                        }
                        if ui
                            .small_button(format!("Delete version {id}"))
                            .on_hover_text("No condition: a version never changes, and it is named by its id")
                            .clicked()
                        {
                            ask = Some(Ask::Delete(blob.to_string(), id.clone()));
                        }
                    }
                });
            }
        }
        None => {}
    }
    if ask.is_some() {
        pane.versions.asking = ask;
    }
    confirm(pane, ui.ctx(), ctx);
}

fn confirm(pane: &mut BlobPane, egui_ctx: &egui::Context, ctx: &mut PaneContext) {
    let Some(asking) = pane.versions.asking.clone() else {
        return;
    };
    let (title, body, yes) = match &asking {
        Ask::Promote(blob, v) => (
            format!("Promote version {v} of `{blob}`?"),
            format!(
                "`{blob}` becomes what that version holds; what it holds now is kept as a version of its own. Sent \
                 only if `{blob}` is still the version shown (If-Match)."
            ),
            "Promote version",
        ),
        Ask::Delete(blob, v) => (
            format!("Delete version {v} of `{blob}`?"),
            "Only this earlier version goes; the blob and its other versions stay. A version never changes, so no \
             condition is sent."
                .to_string(),
            "Delete version",
        ),
    };
    let id = egui::Id::unique(("version-confirm", &pane.core.container));
    let Some(answer) = crate::app::widgets::confirm::ask(egui_ctx, id, &title, &body, yes, |_| {}) else {
        return;
    };
    pane.versions.asking = None;
    match (answer, asking) {
        (true, Ask::Promote(blob, v)) => pane.promote_version(ctx, &blob, &v),
        (true, Ask::Delete(blob, v)) => pane.delete_version(ctx, &blob, &v),
        (false, _) => {}
    }
}
