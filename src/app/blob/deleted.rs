//! Soft-deleted blobs in a container tab: offered only when the account keeps deleted blobs (its Blob service
//! properties say so; Azurite's never do), listed apart from the live listing (a deleted blob may share its name
//! with a live one), each with how long it is kept and Undelete.

use crate::app::blob::pane::{BlobPane, OpDone};
use crate::app::context::{Loading, PaneContext, take_ready};
use crate::storage::blob::{BlobItem, BlobListing, Retention};

#[derive(Default)]
pub struct DeletedBlobs {
    /// How many days the account keeps deleted blobs; None: it does not (or not known yet).
    pub kept_days: Option<u32>,
    /// The account answered (whatever it said).
    known: bool,
    pub show: bool,
    reading: Loading<Retention>,
    pub listed: Vec<BlobItem>,
}

impl DeletedBlobs {
    /// Asks the account once whether it keeps deleted blobs.
    pub fn read_retention(&mut self, ctx: &PaneContext) {
        if self.reading.is_some() || self.known {
            return;
        }
        let client = ctx.client.clone();
        self.reading = Some(ctx.backend.spawn(async move { client.blob_retention().await }));
    }

    pub fn poll(&mut self) {
        // A failure (a SAS without service rights, say) leaves the switch hidden: nothing to offer then.
        if let Some(answer) = take_ready(&mut self.reading) {
            self.known = true;
            if let Ok(r) = answer {
                self.kept_days = r.deleted_blob_days;
            }
        }
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

impl BlobPane {
    pub fn undelete(&mut self, ctx: &mut PaneContext, name: &str) {
        let (client, container, name) = self.owned(ctx, name);
        self.deleted.listed.retain(|b| b.name != name);
        self.run(ctx, async move {
            let r = client.undelete_blob(&container, &name).await;
            OpDone {
                message: r.map(|_| format!("Undeleted `{name}`")),
                lease: None,
            }
        });
    }

    /// Whether the account has said whether it keeps deleted blobs.
    pub fn retention_known(&self) -> bool {
        self.deleted.known
    }

    /// Whether the Show deleted blobs switch is offered (the account keeps deleted blobs).
    pub fn offers_deleted(&self) -> bool {
        self.deleted.kept_days.is_some()
    }
}

/// The switch, when the account keeps deleted blobs, and the deleted blobs listed.
pub fn ui(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    let Some(days) = pane.deleted.kept_days else { return };
    if ui
        .checkbox(&mut pane.deleted.show, format!("Show deleted blobs (kept {days} days)"))
        .changed()
    {
        pane.deleted.listed.clear();
        pane.list(ctx);
    }
    if !pane.deleted.show || pane.deleted.listed.is_empty() {
        return;
    }
    let mut undelete = None;
    egui::Grid::new(("deleted-blobs", &pane.core.container))
        .striped(true)
        .show(ui, |ui| {
            for b in &pane.deleted.listed {
                ui.label(&b.name);
                ui.label(crate::app::widgets::format::human_bytes(b.properties.content_length));
                ui.label(b.retention.describe().unwrap_or_default());
                if ui
                    .small_button(format!("Undelete {}", b.name))
                    .on_hover_text(
                        "Undelete takes no condition: it restores this blob's deleted data and its deleted snapshots, \
                         whatever happened to the name since",
                    )
                    .clicked()
                {
                    undelete = Some(b.name.clone());
                }
                ui.end_row();
            }
        });
    if let Some(name) = undelete {
        pane.undelete(ctx, &name);
    }
}
