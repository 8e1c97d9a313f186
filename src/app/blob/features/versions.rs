//! A blob's versions in its details, on an account that keeps them (the blob's properties carry a version id;
//! Azurite's never do, so nothing here has run against a service): listed on request, oldest first, the current
//! one marked; an earlier one promoted over the blob (If-Match the version shown) or deleted, each asked first.

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobEvent, BlobFeature, DetailsTab, Effects};
use crate::app::context::feature::Feature;
use crate::app::context::sent::OpDone;
use crate::app::context::{InFlight, PaneContext};
use crate::app::widgets::format::{human_bytes, utc_opt};
use crate::app::widgets::i18n::{t, tr};
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
    /// Listings under way, keyed by the blob each is for.
    reading: InFlight<String, Result<Vec<BlobItem>, StorageError>>,
    asking: Option<Ask>,
}

impl Feature for Versions {
    type Pane = crate::app::blob::feature::Blob;

    fn poll(&mut self, _: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        if let Some((blob, result)) = self.reading.take() {
            self.listed = Some((blob, result));
        }
    }

    fn busy(&self) -> bool {
        !self.reading.is_empty()
    }

    fn windows(&mut self, egui_ctx: &egui::Context, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        self.confirm(egui_ctx, core, ctx, fx);
    }
}

impl BlobFeature for Versions {
    fn details_tab(&self) -> DetailsTab {
        DetailsTab::Snapshots
    }

    fn event(&mut self, event: &BlobEvent, _: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        // A listing asked for a blob no longer shown lands nowhere.
        if let BlobEvent::Selected(shown) = event {
            self.reading.keep(|b| Some(b.as_str()) == *shown);
        }
    }

    fn blob_ui(&mut self, ui: &mut egui::Ui, blob: &str, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        self.ui(ui, blob, core, ctx, fx);
    }
}

impl Versions {
    fn list_versions(&mut self, core: &BlobCore, ctx: &PaneContext, blob: &str) {
        let (client, container, name) = (ctx.client.clone(), core.container.clone(), blob.to_string());
        let pending = ctx
            .backend
            .spawn(async move { client.list_versions(&container, &name).await });
        self.reading.start(blob.to_string(), pending);
    }

    fn promote_version(
        &mut self,
        core: &BlobCore,
        ctx: &mut PaneContext,
        fx: &mut Effects,
        (blob, version): (&str, &str),
    ) {
        let Some(etag) = core.shown_etag(blob) else { return };
        let lease = ctx.leases.id_for_write(&core.key(Some(blob)));
        let (client, container, name) = (ctx.client.clone(), core.container.clone(), blob.to_string());
        let version = version.to_string();
        self.listed = None;
        let for_blob = Some(name.clone());
        let work = ctx.send(async move {
            let only_if = Conditions::if_match(etag).with_lease(lease);
            let r = client.promote_version(&container, &name, &version, &only_if).await;
            OpDone {
                message: r.map(|_| {
                    tr!(
                        "blob-versions-promoted",
                        version = version.as_str(),
                        name = name.as_str()
                    )
                }),
                lease: None,
            }
        });
        fx.op(for_blob, work);
    }

    fn delete_version(
        &mut self,
        core: &BlobCore,
        ctx: &mut PaneContext,
        fx: &mut Effects,
        (blob, version): (&str, &str),
    ) {
        let (client, container, name) = (ctx.client.clone(), core.container.clone(), blob.to_string());
        let version = version.to_string();
        self.listed = None;
        let for_blob = Some(name.clone());
        let work = ctx.send(async move {
            let r = client.delete_version(&container, &name, &version).await;
            OpDone {
                message: r.map(|_| {
                    tr!(
                        "blob-versions-deleted",
                        version = version.as_str(),
                        name = name.as_str()
                    )
                }),
                lease: None,
            }
        });
        fx.op(for_blob, work);
    }

    /// The Versions part of a blob's details: nothing unless the blob's properties carry a version id.
    fn ui(&mut self, ui: &mut egui::Ui, blob: &str, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        let Some(this) = core.selected_properties().and_then(|p| p.version_id.clone()) else {
            return;
        };
        ui.separator();
        ui.strong(t("blob-versions-title"));
        ui.label(tr!("blob-versions-this", version = this));
        if ui.button(t("blob-versions-list")).clicked() {
            self.list_versions(core, ctx, blob);
        }
        let mut ask = None;
        match self.listed.as_ref().filter(|(b, _)| b == blob) {
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
                            ui.strong(t("blob-versions-current"));
                        } else {
                            if ui
                                .small_button(tr!("blob-versions-promote-id", version = id.as_str()))
                                .clicked()
                            {
                                ask = Some(Ask::Promote(blob.to_string(), id.clone()));
                            }
                            if ui
                                .small_button(tr!("blob-versions-delete-id", version = id.as_str()))
                                .on_hover_text(t("blob-versions-delete-hint"))
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
            self.asking = ask;
        }
    }

    fn confirm(&mut self, egui_ctx: &egui::Context, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        let Some(asking) = self.asking.clone() else {
            return;
        };
        let (title, body, yes) = match &asking {
            Ask::Promote(blob, v) => (
                tr!(
                    "blob-versions-promote-title",
                    version = v.as_str(),
                    name = blob.as_str()
                ),
                tr!("blob-versions-promote-body", name = blob.as_str()),
                t("blob-versions-promote"),
            ),
            Ask::Delete(blob, v) => (
                tr!("blob-versions-delete-title", version = v.as_str(), name = blob.as_str()),
                t("blob-versions-delete-body"),
                t("blob-versions-delete"),
            ),
        };
        let id = egui::Id::unique(("version-confirm", &core.container));
        let Some(answer) = crate::app::widgets::confirm::ask(egui_ctx, id, &title, &body, &yes, |_| {}) else {
            return;
        };
        self.asking = None;
        match (answer, asking) {
            (true, Ask::Promote(blob, v)) => self.promote_version(core, ctx, fx, (&blob, &v)),
            (true, Ask::Delete(blob, v)) => self.delete_version(core, ctx, fx, (&blob, &v)),
            (false, _) => {}
        }
    }
}
