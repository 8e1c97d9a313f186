//! A snapshot's row under its blob in the listing (Show snapshots): its time, ETag, size and date, and what can
//! be done with it from there: save it to a file, copy it (to paste into any container of any account as a
//! blob of the base blob's name), promote it over its blob (asked first), or open its blob's details.

use egui::RichText;
use egui_extras::TableRow;

use crate::app::blob::feature::SnapshotAct;
use crate::app::blob::pane::BlobPane;
use crate::app::context::PaneContext;
use crate::app::widgets::format::{human_bytes, utc_opt};
use crate::app::widgets::icon;
use crate::storage::blob::BlobItem;

/// Draws snapshot `s` of blob `b` in a row of `columns` columns; what the user asked, if anything.
pub fn row(row: &mut TableRow, b: &BlobItem, s: &BlobItem, columns: usize) -> Option<SnapshotAct> {
    let time = s.snapshot.as_deref().unwrap_or_default();
    let mut act = None;
    row.col(|ui| {
        let words = format!("snapshot {time} of {}", b.name);
        let r = ui.add(egui::Label::new(RichText::new(format!("   snapshot {time}")).weak()).truncate());
        r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &words));
    });
    // The lease column (a snapshot has no lease) holds the snapshot's actions, each named in full for a screen
    // reader.
    row.col(|ui| {
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 2.0;
            let mut button = |icon: &str, verb: &str, more: &str, what: SnapshotAct| {
                let name = format!("{verb} snapshot {time} of {}", b.name);
                if icon::icon_button(ui, true, icon, &name, Some(more)).clicked() {
                    act = Some(what);
                }
            };
            button(icon::DOWNLOAD, "Save", "to a file", SnapshotAct::Download);
            button(
                icon::CLONE,
                "Copy",
                "to paste into any container of any account as a blob of this name",
                SnapshotAct::Copy,
            );
            button(
                icon::RESTORE,
                "Promote",
                "copied over its blob (asked first; only if the blob is still the version listed)",
                SnapshotAct::Promote,
            );
        });
    });
    row.col(|ui| {
        ui.monospace(&s.properties.etag);
    });
    row.col(|ui| {
        ui.label(human_bytes(s.properties.content_length));
    });
    row.col(|ui| {
        ui.label(utc_opt(s.properties.last_modified));
    });
    for _ in 5..columns {
        row.col(|_| {});
    }
    if act.is_none() && row.response().clicked() {
        act = Some(SnapshotAct::Open);
    }
    act
}

/// Carries out what was asked of snapshot `time` of blob `name`: opening the blob is the pane's, the rest the
/// Snapshots feature's.
pub fn act(pane: &mut BlobPane, ctx: &mut PaneContext, name: &str, time: &str, what: SnapshotAct) {
    match what {
        SnapshotAct::Open => pane.select(ctx, name, false),
        act => pane.dispatch(
            ctx,
            crate::app::blob::feature::BlobEvent::SnapshotRow {
                blob: name,
                snapshot: time,
                act: &act,
            },
        ),
    }
}
