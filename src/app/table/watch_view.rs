//! A table tab's watch as the user sees and drives it: when a read starts, swapping in what it found, the
//! controls above the grid, the changes list beside it, and how a marked cell is drawn.

use std::collections::HashSet;

use crate::app::context::PaneContext;
use crate::app::table::history::Seen;
use crate::app::table::pane::TablePane;
use crate::app::table::store::{ETAG, QuickFilter, TIMESTAMP};
use crate::app::table::watch::{Mark, describe_cell};
use crate::app::widgets::watch::{MarksAsk, marks_ui};

impl TablePane {
    pub fn is_watching(&self) -> bool {
        self.watch.cadence.on || self.watch.is_reading()
    }

    /// Whether a watch read is out now (its spinner shows).
    pub fn watch_reading(&self) -> bool {
        self.watch.is_reading()
    }

    /// The rows the watch marked, by place in the store.
    pub fn watch_marks(&self) -> &std::collections::HashMap<u32, Mark> {
        &self.watch.marks
    }

    /// What the Watch switch does (tests and benches drive it directly too).
    pub fn set_watch(&mut self, seconds: Option<u32>) {
        self.watch.cadence.on = seconds.is_some();
        self.watch.cadence.seconds = seconds.unwrap_or(self.watch.cadence.seconds);
    }

    /// Swaps in what a read found, and starts the next read when it is due (while the tab is shown, and not
    /// while a load or delete changes the rows).
    pub(super) fn poll_watch(&mut self, ctx: &mut PaneContext) {
        if let Some(found) = self.watch.finished(&self.core.store)
            && let Some(store) = found.store
        {
            // The old rows go on the blocking pool: when a change touched every chunk, freeing them all here
            // (100,000 entities) cost a frame 5 ms.
            let old = std::mem::replace(&mut self.core.store, store);
            let now = std::time::SystemTime::now();
            for &row in found.touched.iter().filter(|&&r| (r as usize) < old.len()) {
                self.history
                    .changed(old.get(row), self.core.store.get(row), Seen::Watched, now);
            }
            drop(ctx.backend.spawn_blocking(move || drop(old)));
            let full_rows = self.core.running.as_ref().is_none_or(|q| q.select.is_empty());
            for &row in &found.touched {
                let e = self.core.store.get(row);
                self.core.columns.observe(std::slice::from_ref(e));
                if full_rows && let Some(editor) = &mut self.editor {
                    editor.observe(e);
                }
            }
            // Changed values may move a row in the sort or in or out of the filter; new rows join the view.
            if self.core.sort.is_some() || QuickFilter::new(&self.core.applied_quick).is_some() {
                self.core.view_stale = true;
            } else {
                self.core.view.extend(found.appended);
            }
        }
        let busy = self.is_loading() || self.is_deleting() || self.watch.is_reading();
        if self.core.shown
            && !busy
            && self.watch.cadence.due()
            && let Some(query) = &self.core.running
        {
            let all = self.core.continuation.is_none();
            self.watch
                .start(ctx.backend, ctx.client, &self.core.table, query, &self.core.store, all);
        }
    }

    /// "Next change": the next marked row after the selected one, in the order the grid shows, selected and
    /// scrolled to (from the top again after the last).
    pub fn next_change(&mut self) {
        let from = self
            .core
            .anchor
            .and_then(|a| self.core.view.iter().position(|&r| r == a))
            .map_or(0, |p| p + 1);
        let n = self.core.view.len();
        let found = (0..n)
            .map(|i| (from + i) % n)
            .find(|&p| self.watch.marks.contains_key(&self.core.view[p]));
        if let Some(p) = found {
            let row = self.core.view[p];
            self.core.selection.clear();
            self.core.selection.insert(row);
            self.core.anchor = Some(row);
            self.watch.go_to = Some(p);
        }
    }

    /// "Dismiss vanished": the struck-through rows leave the grid.
    pub fn dismiss_vanished(&mut self) {
        let rows: HashSet<u32> = self.watch.vanished();
        self.drop_rows(&rows);
    }
}

/// The Watch switch, its cost, and what to do with the marks.
pub fn controls(pane: &mut TablePane, ui: &mut egui::Ui) {
    ui.horizontal_wrapped(|ui| {
        let requests = pane.watch.requests.max(1);
        pane.watch
            .cadence
            .ui(ui, requests, "the loaded rows' query, page by page");
        let marks = pane.watch.marks.len();
        let vanished = pane.watch.vanished_count();
        if ui
            .add_enabled(marks > 0, egui::Button::new("Next change"))
            .on_hover_text("Selects the next marked row and scrolls to it")
            .clicked()
        {
            pane.next_change();
        }
        let n = pane.watch.changes.len();
        let asked = marks_ui(
            ui,
            (marks, vanished),
            &mut pane.watch.show_changes,
            n,
            ("rows", "beside the grid"),
        );
        match asked {
            Some(MarksAsk::Seen) => pane.watch.seen(),
            Some(MarksAsk::Dismiss) => pane.dismiss_vanished(),
            None => {}
        }
        // Last in the row: a spinner that comes and goes with each read must not move the buttons under the
        // pointer.
        if pane.watch.is_reading() {
            ui.spinner();
        }
    });
}

/// The changes list, beside the grid.
pub fn changes_panel(pane: &mut TablePane, ui: &mut egui::Ui) {
    if !pane.watch.show_changes {
        return;
    }
    egui::Panel::right(("table-changes", &pane.core.table))
        .resizable(true)
        .default_size(380.0)
        .show(ui, |ui| {
            ui.strong("Changes seen");
            pane.watch.changes.ui(ui, ("table", &pane.core.table));
        });
}

/// How a cell of a marked row looks: a new row tinted, a changed cell tinted with its old value on hover, a
/// vanished row struck through. Returns whether to strike the text, and the hover.
pub fn mark_cell(ui: &mut egui::Ui, mark: Option<&Mark>, column: &str) -> (bool, Option<String>) {
    use crate::app::widgets::watch::{CHANGED, NEW, tint};
    match mark {
        None => (false, None),
        Some(Mark::New) => {
            tint(ui, NEW);
            (false, Some("New since the last look".into()))
        }
        Some(Mark::Vanished) => (
            true,
            Some("Vanished: deleted, or no longer matches the filter (Dismiss vanished removes it)".into()),
        ),
        Some(Mark::Changed(cells)) => {
            if let Some(line) = cells.iter().find(|l| l.name == column) {
                tint(ui, CHANGED);
                return (false, Some(format!("Changed: {}", describe_cell(line))));
            }
            if column == ETAG || column == TIMESTAMP {
                tint(ui, CHANGED);
                return (false, Some("Written again since the last look".into()));
            }
            (false, None)
        }
    }
}
