//! A container tab's watch as the user sees and drives it: when a read starts, applying what it found, the
//! controls above the listing, the changes list below it, and how a marked cell is drawn.

use crate::app::blob::pane::BlobPane;
use crate::app::blob::watch::{self, Column, Mark, ReadFor};
use crate::app::context::{PaneContext, take_for};
use crate::app::widgets::watch::{MarksAsk, marks_ui};
use crate::storage::blob::BlobListing;

impl BlobPane {
    /// What the Watch switch does (tests drive it directly too).
    pub fn set_watch(&mut self, seconds: Option<u32>) {
        self.watch.cadence.on = seconds.is_some();
        self.watch.cadence.seconds = seconds.unwrap_or(self.watch.cadence.seconds);
    }

    pub fn watch_marks(&self) -> &std::collections::HashMap<String, Mark> {
        &self.watch.marks
    }

    /// The listing shown, as a read keys it.
    pub(super) fn watch_key(&self) -> ReadFor {
        ReadFor {
            prefix: self.options(None).prefix,
            flat: self.core.flat,
        }
    }

    /// The last name loaded, when the listing is not whole (a read goes no further).
    fn loaded_end(&self) -> Option<String> {
        self.core
            .next_marker
            .as_ref()
            .and_then(|_| watch::last_name(&self.core.blobs, &self.core.folders))
    }

    /// Applies a finished read (when it is still for the listing shown), and starts the next when it is due:
    /// while the tab is shown and no listing is under way.
    pub(super) fn poll_watch(&mut self, ctx: &mut PaneContext) {
        let key = self.watch_key();
        if let Some((_, result)) = take_for(&mut self.watch.reading, |k| *k == key) {
            match result {
                Ok(mut read) => {
                    self.watch.cadence.answered();
                    self.watch.requests = read.requests;
                    let mut page = BlobListing {
                        blobs: std::mem::take(&mut read.blobs),
                        ..Default::default()
                    };
                    self.keep_snapshots(&mut page);
                    let shown = std::mem::take(&mut self.core.blobs);
                    self.observe_leases(&page.blobs, &shown);
                    self.core.blobs = shown;
                    read.blobs = page.blobs;
                    // Never past the rows held now: names beyond them are for Load more.
                    read.covered_to = match (read.covered_to.take(), self.loaded_end()) {
                        (Some(a), Some(b)) => Some(a.min(b)),
                        (a, b) => a.or(b),
                    };
                    let selected = self.core.details.as_ref().map(|d| d.name.clone());
                    if self.watch.marks_for.as_ref() != Some(&key) {
                        self.watch.marks.clear();
                        self.watch.marks_for = Some(key);
                    }
                    let found = watch::apply(
                        &mut self.core.blobs,
                        &mut self.core.folders,
                        &mut self.watch.marks,
                        read,
                    );
                    // The selected blob changed: its details (and its draft's service side) are read again.
                    if let Some(name) = selected.filter(|n| found.iter().any(|c| &c.name == n)) {
                        self.load_details(ctx, &name);
                    }
                    watch::log(&mut self.watch.changes, found);
                    self.core.last_refresh = std::time::Instant::now();
                }
                Err(e) => {
                    self.watch.cadence.failed(e.status, &e.plain_words());
                }
            }
        }
        let idle = self.core.listing.is_none() && self.core.all_pages.is_none() && !self.watch.is_reading();
        if self.core.started && self.core.shown && idle && self.watch.cadence.due() {
            let (end, options) = (self.loaded_end(), self.options(None));
            let flat = self.core.flat;
            self.watch
                .start(ctx.backend, ctx.client, &self.core.container, options, end, flat);
        }
    }

    /// After a listing replaced or merged the rows: the vanished ones back in place, or, for another folder,
    /// the marks forgotten (they were for the listing left).
    pub(super) fn listing_replaced(&mut self) {
        if self.watch.marks_for.as_ref() == Some(&self.watch_key()) {
            let end = self.loaded_end();
            watch::keep_vanished(&mut self.core.blobs, &self.watch.marks, end.as_deref());
        } else {
            self.watch.marks.clear();
        }
    }

    pub fn dismiss_vanished(&mut self) {
        watch::dismiss_vanished(&mut self.core.blobs, &mut self.watch.marks);
        let blobs = &self.core.blobs;
        let folders = &self.core.folders;
        self.core
            .selection
            .retain(|n| folders.binary_search(n).is_ok() || blobs.binary_search_by(|b| b.name.as_str().cmp(n)).is_ok());
    }
}

/// The switch, its cost and the marks' buttons, above the listing.
pub fn controls(pane: &mut BlobPane, ui: &mut egui::Ui) {
    ui.horizontal_wrapped(|ui| {
        let requests = pane.watch.requests.max(1);
        pane.watch
            .cadence
            .ui(ui, requests, "the loaded blobs' listing, page by page");
        if pane.watch.is_reading() {
            ui.spinner();
        }
        let marks = pane.watch.marks.len();
        let vanished = pane.watch.vanished_count();
        if marks == 0 && pane.watch.changes.is_empty() && !pane.watch.cadence.on {
            return;
        }
        let n = pane.watch.changes.len();
        let asked = marks_ui(
            ui,
            (marks, vanished),
            &mut pane.watch.show_changes,
            n,
            ("blobs", "above the listing"),
        );
        match asked {
            Some(MarksAsk::Seen) => pane.watch.seen(),
            Some(MarksAsk::Dismiss) => pane.dismiss_vanished(),
            None => {}
        }
    });
}

/// The changes list, above the listing, in a block of its own height (the details take the side).
pub fn changes_list(pane: &mut BlobPane, ui: &mut egui::Ui) {
    if !pane.watch.show_changes {
        return;
    }
    ui.push_id(("blob-changes", &pane.core.container), |ui| {
        ui.group(|ui| {
            ui.set_max_height(170.0);
            ui.strong("Changes seen");
            pane.watch.changes.ui(ui, ("blob", &pane.core.container));
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
            (false, Some("New since the last look".into()))
        }
        Some(Mark::Vanished(_)) => (
            true,
            Some("Vanished: deleted or renamed (Dismiss vanished removes it)".into()),
        ),
        Some(Mark::Changed(cells)) => match cells.iter().find(|c| Some(c.column) == column) {
            Some(c) => {
                tint(ui, CHANGED);
                (false, Some(format!("Changed: {} was {}", c.column.title(), c.was)))
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
pub fn mark_hover(mark: Option<&Mark>) -> Option<&'static str> {
    match mark? {
        Mark::New => Some("New since the last look"),
        Mark::Vanished(_) => Some("Vanished: deleted or renamed (Dismiss vanished removes it)"),
        Mark::Changed(_) => Some("Changed since the last look: the tinted cells say what they held"),
    }
}
