//! A container tab's watch as a feature of the tab: when a read starts, handing what it found to the pane to
//! merge and marking what changed, the controls above the listing, the changes list, and how a marked cell is
//! drawn.

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobEvent, BlobFeature, Effects, Tool};
use crate::app::blob::features::watch::{Column, ContainerWatch, Mark, ReadFor};
use crate::app::context::PaneContext;
use crate::app::context::feature::Feature;
use crate::app::widgets::i18n::{t, tr};
use crate::app::widgets::watch::{MarksAsk, WatchRow, watch_row};
use crate::storage::blob::BlobItem;

/// The listing shown, as a read keys it.
fn key_of(core: &BlobCore) -> ReadFor {
    ReadFor {
        prefix: core.reading.first_page.prefix.clone(),
        flat: core.view.flat,
    }
}

impl Feature for ContainerWatch {
    type Pane = crate::app::blob::feature::Blob;

    /// Hands a finished read (when it is still for the listing shown) to the pane to merge, and starts the next
    /// when it is due: while the tab is shown and no listing is under way.
    fn poll(&mut self, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        let key = key_of(core);
        for (read_for, result) in self.reading.ready() {
            if read_for != key {
                continue;
            }
            match result {
                Ok(read) => {
                    self.cadence.answered();
                    self.requests = read.requests;
                    if self.marks_for.as_ref() != Some(&key) {
                        self.marks.clear();
                        self.marks_for = Some(key.clone());
                    }
                    fx.merge_read(read);
                }
                Err(e) => {
                    self.cadence.failed(e.status, &e.plain_words());
                }
            }
        }
        let idle = !core.reading.busy() && !self.is_reading();
        if core.started && core.shown && idle && self.cadence.due() {
            let (end, options) = (core.loaded_end(), core.reading.first_page.clone());
            self.start(ctx.backend, ctx.client, &core.container, options, end, core.view.flat);
        }
    }

    fn busy(&self) -> bool {
        self.is_reading()
    }
}

impl BlobFeature for ContainerWatch {
    fn tool(&self) -> Option<Tool> {
        Some(Tool {
            icon: crate::app::widgets::icon::WATCH,
            name: "blob-watch-view-tool",
            hint: "blob-watch-view-tool-hint",
            search: false,
        })
    }

    fn tool_in_use(&self, _: &BlobCore, _: &PaneContext) -> bool {
        self.cadence.on
    }

    fn event(&mut self, event: &BlobEvent, core: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        match event {
            // A read that covered more rows than the new listing will hold must not land in it.
            BlobEvent::Listing => self.reading.clear(),
            // Another listing shown: the marks were for the one left.
            BlobEvent::Listed if self.marks_for.as_ref() != Some(&key_of(core)) => self.marks.clear(),
            BlobEvent::RowsChanged(found) => self.note(found),
            _ => {}
        }
    }

    fn kept_rows(&self) -> Vec<&BlobItem> {
        self.vanished_rows().collect()
    }

    fn reads_listing_every(&self) -> Option<std::time::Duration> {
        self.cadence
            .on
            .then(|| std::time::Duration::from_secs(u64::from(self.cadence.interval())))
    }

    fn mark(&self, blob: &str) -> Option<&Mark> {
        self.marks.get(blob)
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui, _: &BlobCore, _: &mut PaneContext, fx: &mut Effects) {
        controls(self, ui, fx);
    }

    fn above_list_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        changes_list(self, ui, core);
    }
}

/// The switch, its cost and the marks' buttons, above the listing.
fn controls(watch: &mut ContainerWatch, ui: &mut egui::Ui, fx: &mut Effects) {
    let (what, rows, list_at) = (
        t("blob-watch-view-what"),
        t("blob-watch-view-rows"),
        t("blob-watch-view-list-at"),
    );
    let row = WatchRow {
        requests: watch.requests,
        what: &what,
        reading: watch.is_reading(),
        marks: (watch.marks.len(), watch.vanished_count()),
        changes: watch.changes.len(),
        words: (&rows, &list_at),
        show_marks: !watch.marks.is_empty() || !watch.changes.is_empty() || watch.cadence.on,
    };
    match watch_row(ui, &mut watch.cadence, &mut watch.show_changes, row, |_| {}) {
        Some(MarksAsk::Seen) => watch.seen(),
        Some(MarksAsk::Dismiss) => fx.drop_rows(watch.dismiss_vanished()),
        None => {}
    }
}

/// The changes list, above the listing, in a block of its own height (the details take the side).
fn changes_list(watch: &mut ContainerWatch, ui: &mut egui::Ui, core: &BlobCore) {
    if !watch.show_changes {
        return;
    }
    ui.push_id(("blob-changes", &core.container), |ui| {
        ui.group(|ui| {
            ui.set_max_height(170.0);
            ui.strong(t("blob-watch-view-changes-seen"));
            watch.changes.ui(ui, ("blob", &core.container));
        });
    });
}

/// Tints a cell of a marked blob (a new blob's every cell, a changed one's changed cells). Returns whether
/// to strike the text (a vanished blob), and what the cell says on hover.
pub fn mark_cell(ui: &mut egui::Ui, mark: Option<&Mark>, column: Option<Column>) -> (bool, Option<String>) {
    use crate::app::widgets::watch::{CHANGED, NEW, tint};
    match mark {
        None => (false, None),
        Some(Mark::New) => {
            tint(ui, NEW);
            (false, Some(t("blob-watch-view-new")))
        }
        Some(Mark::Vanished(_)) => (true, Some(t("blob-watch-view-vanished"))),
        Some(Mark::Changed(cells)) => match cells.iter().find(|c| Some(c.column) == column) {
            Some(c) => {
                tint(ui, CHANGED);
                (
                    false,
                    Some(tr!(
                        "blob-watch-view-changed-cell",
                        column = c.column.name(),
                        was = c.was.as_str()
                    )),
                )
            }
            None => (false, None),
        },
    }
}

/// A listing cell's text as the watch marks it: tinted, struck through, with why on hover.
pub fn cell(ui: &mut egui::Ui, mark: Option<&Mark>, column: Option<Column>, text: egui::RichText) -> egui::Response {
    let (strike, hover) = mark_cell(ui, mark, column);
    let text = if strike { text.strikethrough().weak() } else { text };
    let r = ui.add(egui::Label::new(text).truncate());
    match hover {
        Some(h) => r.on_hover_text(h),
        None => r,
    }
}

/// What a marked blob's name says on hover, after the name.
pub fn mark_hover(mark: Option<&Mark>) -> Option<String> {
    Some(t(match mark? {
        Mark::New => "blob-watch-view-new",
        Mark::Vanished(_) => "blob-watch-view-vanished",
        Mark::Changed(_) => "blob-watch-view-changed",
    }))
}
