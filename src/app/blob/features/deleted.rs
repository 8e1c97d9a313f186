//! Soft-deleted blobs in a container tab: offered only when the account keeps deleted blobs (its Blob service
//! properties say so; Azurite's never do), listed apart from the live listing (a deleted blob may share its name
//! with a live one), each with how long it is kept and Undelete.

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobEvent, BlobFeature, Effects};
use crate::app::context::feature::Feature;
use crate::app::context::sent::OpDone;
use crate::app::context::{InFlight, PaneContext};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;
use crate::storage::blob::{BlobItem, BlobListing, ListBlobsOptions, Retention};

#[derive(Default)]
pub struct DeletedBlobs {
    /// How many days the account keeps deleted blobs; None: it does not (or not known yet).
    pub kept_days: Option<u32>,
    /// The account answered (whatever it said).
    known: bool,
    pub show: bool,
    /// The account's answer about retention (asked once).
    reading: InFlight<(), Result<Retention, StorageError>>,
    pub listed: Vec<BlobItem>,
}

impl Feature for DeletedBlobs {
    type Pane = crate::app::blob::feature::Blob;

    fn poll(&mut self, _: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        // A failure (a SAS without service rights, say) leaves the switch hidden: nothing to offer then.
        if let Some(((), answer)) = self.reading.take() {
            self.known = true;
            if let Ok(r) = answer {
                self.kept_days = r.deleted_blob_days;
            }
        }
    }
}

impl BlobFeature for DeletedBlobs {
    fn event(&mut self, event: &BlobEvent, _: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        if let BlobEvent::Listing = event {
            self.read_retention(ctx);
        }
    }

    fn listing_options(&self, options: &mut ListBlobsOptions) {
        options.include_deleted = self.show;
    }

    fn take_rows(&mut self, page: &mut BlobListing) {
        self.take_from(page);
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        self.ui(ui, core, ctx, fx);
    }
}

impl DeletedBlobs {
    /// Asks the account once whether it keeps deleted blobs.
    pub fn read_retention(&mut self, ctx: &PaneContext) {
        if !self.reading.is_empty() || self.known {
            return;
        }
        let client = ctx.client.clone();
        self.reading
            .start((), ctx.backend.spawn(async move { client.blob_retention().await }));
    }

    /// Takes a page's deleted blobs out of it (into the deleted list).
    pub fn take_from(&mut self, listing: &mut BlobListing) {
        if !listing.blobs.iter().any(|b| b.retention.deleted) {
            return;
        }
        let (deleted, live): (Vec<BlobItem>, Vec<BlobItem>) = std::mem::take(&mut listing.blobs)
            .into_iter()
            .partition(|b| b.retention.deleted);
        listing.blobs = live;
        for d in deleted {
            if !self.listed.iter().any(|l| l.name == d.name) {
                self.listed.push(d);
            }
        }
    }
}

impl DeletedBlobs {
    pub fn undelete(&mut self, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects, name: &str) {
        let (client, container, name) = (ctx.client.clone(), core.container.clone(), name.to_string());
        self.listed.retain(|b| b.name != name);
        let for_blob = Some(name.clone());
        let work = ctx.send(async move {
            let r = client.undelete_blob(&container, &name).await;
            OpDone {
                message: r.map(|_| tr!("blob-deleted-undeleted", blob = name.as_str())),
                lease: None,
            }
        });
        fx.op(for_blob, work);
    }

    /// Whether the account has said whether it keeps deleted blobs.
    pub fn retention_known(&self) -> bool {
        self.known
    }

    /// Whether the Show deleted blobs switch is offered (the account keeps deleted blobs).
    pub fn offers_deleted(&self) -> bool {
        self.kept_days.is_some()
    }

    /// The switch, when the account keeps deleted blobs, and the deleted blobs listed.
    fn ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        let Some(days) = self.kept_days else { return };
        if ui
            .checkbox(&mut self.show, tr!("blob-deleted-show", days = days))
            .changed()
        {
            self.listed.clear();
            fx.relist();
        }
        if !self.show || self.listed.is_empty() {
            return;
        }
        let mut undelete = None;
        egui::Grid::new(("deleted-blobs", &core.container))
            .striped(true)
            .show(ui, |ui| {
                for b in &self.listed {
                    ui.label(&b.name);
                    ui.label(crate::app::widgets::format::human_bytes(b.properties.content_length));
                    ui.label(b.retention.describe().map(|d| d.to_string()).unwrap_or_default());
                    if ui
                        .small_button(tr!("blob-deleted-undelete", blob = b.name.as_str()))
                        .on_hover_text(t("blob-deleted-undelete-hint"))
                        .clicked()
                    {
                        undelete = Some(b.name.clone());
                    }
                    ui.end_row();
                }
            });
        if let Some(name) = undelete {
            self.undelete(core, ctx, fx, &name);
        }
    }
}
