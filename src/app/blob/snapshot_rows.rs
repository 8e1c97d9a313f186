//! A snapshot's row under its blob in the listing (Show snapshots): its time, ETag, size and date, and what can
//! be done with it from there: save it to a file, copy it (to paste into any container of any account as a
//! blob of the base blob's name), promote it over its blob (asked first), or open its blob's details.

use egui::RichText;
use egui_extras::TableRow;

use crate::app::blob::feature::SnapshotAct;
use crate::app::blob::pane::BlobPane;
use crate::app::context::PaneContext;
use crate::app::widgets::format::{human_bytes, utc_opt};
use crate::app::widgets::i18n::{t, tr};
use crate::app::widgets::icon;
use crate::storage::blob::BlobItem;

/// Draws snapshot `s` of blob `b` in a row of `columns` columns; what the user asked, if anything.
pub fn row(row: &mut TableRow, b: &BlobItem, s: &BlobItem, columns: usize) -> Option<SnapshotAct> {
    let time = s.snapshot.as_deref().unwrap_or_default();
    let mut act = None;
    row.col(|ui| {
        let words = tr!("blob-snapshot-rows-name", time = time, name = b.name.as_str());
        let shown = format!("   {}", tr!("blob-snapshot-rows-shown", time = time));
        let r = ui.add(egui::Label::new(RichText::new(shown).weak()).truncate());
        r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &words));
    });
    // The lease column (a snapshot has no lease) holds the snapshot's actions, each named in full for a screen
    // reader.
    row.col(|ui| {
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 2.0;
            let mut button = |icon: &str, verb: &str, more: &str, what: SnapshotAct| {
                let name = tr!(verb, time = time, name = b.name.as_str());
                if icon::icon_button(ui, true, icon, &name, Some(&t(more))).clicked() {
                    act = Some(what);
                }
            };
            let (save, save_hint) = ("blob-snapshot-rows-save", "blob-snapshot-rows-save-hint");
            button(icon::DOWNLOAD, save, save_hint, SnapshotAct::Download);
            let (copy, copy_hint) = ("blob-snapshot-rows-copy", "blob-snapshot-rows-copy-hint");
            button(icon::CLONE, copy, copy_hint, SnapshotAct::Copy);
            let (promote, promote_hint) = ("blob-snapshot-rows-promote", "blob-snapshot-rows-promote-hint");
            button(icon::RESTORE, promote, promote_hint, SnapshotAct::Promote);
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
