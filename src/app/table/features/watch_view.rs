//! A table tab's watch as a feature of the tab: when a read starts, handing what it found to the pane, the
//! controls above the grid, the changes list beside it, and how a marked cell is drawn.

use crate::app::context::PaneContext;
use crate::app::context::feature::Feature;
use crate::app::table::core::TableCore;
use crate::app::table::feature::{TableEffects, TableEvent, TableFeature};
use crate::app::table::features::watch::{Mark, TableWatch, describe_cell};
use crate::app::table::store::{ETAG, TIMESTAMP};
use crate::app::widgets::i18n::{t, tr};
use crate::app::widgets::watch::{MarksAsk, WatchRow, watch_row};

impl Feature for TableWatch {
    type Pane = crate::app::table::feature::Table;

    /// Hands in what a read found, and starts the next read when it is due (while the tab is shown, and not while
    /// a load or a feature's work changes the rows).
    fn poll(&mut self, core: &TableCore, ctx: &mut PaneContext, fx: &mut TableEffects) {
        if let Some(found) = self.finished(&core.store)
            && found.store.is_some()
        {
            fx.swap_store(found);
            return;
        }
        let busy = core.is_loading() || core.busy_features || self.is_reading();
        if core.shown
            && !busy
            && self.cadence.due()
            && let Some(query) = &core.paging.running
        {
            let all = core.paging.continuation.is_none();
            let query = (query, core.paging.matching.clone());
            self.start(ctx.backend, ctx.client, &core.table, query, &core.store, all);
        }
    }

    fn busy(&self) -> bool {
        self.is_reading()
    }
}

impl TableFeature for TableWatch {
    fn event(&mut self, event: &TableEvent, _: &TableCore) {
        match event {
            TableEvent::QueryRan => self.reset(),
            TableEvent::RowsDropped(rows) => self.renumbered(rows),
            TableEvent::PageLoaded(_) | TableEvent::Swapped { .. } => {}
        }
    }

    fn watching(&self) -> bool {
        self.cadence.on || self.is_reading()
    }

    fn mark(&self, row: u32) -> Option<&Mark> {
        self.marks.get(&row)
    }

    fn tool(&self) -> Option<crate::app::context::features::Tool> {
        Some(crate::app::context::features::Tool {
            icon: crate::app::widgets::icon::WATCH,
            name: "table-watch-view-tool",
            hint: "table-watch-view-tool-hint",
            search: false,
        })
    }

    /// Shown while it watches or holds marks or changes the user has not dealt with.
    fn tool_in_use(&self, _: &TableCore) -> bool {
        self.watching() || !self.marks.is_empty() || !self.changes.is_empty()
    }

    /// The Watch switch, its cost, and what to do with the marks (once a query has run).
    fn above_grid_ui(&mut self, ui: &mut egui::Ui, core: &TableCore, _: &mut PaneContext, fx: &mut TableEffects) {
        if core.paging.running.is_none() {
            return;
        }
        let (what, rows, list_at) = (
            t("table-watch-view-what"),
            t("table-watch-view-rows"),
            t("table-watch-view-list-at"),
        );
        let row = WatchRow {
            requests: self.requests,
            what: &what,
            reading: self.is_reading(),
            marks: (self.marks.len(), self.vanished_count()),
            changes: self.changes.len(),
            words: (&rows, &list_at),
            show_marks: true,
        };
        let marks = row.marks.0;
        let mut next = false;
        let (cadence, show) = (&mut self.cadence, &mut self.show_changes);
        let asked = watch_row(ui, cadence, show, row, |ui| {
            next = ui
                .add_enabled(marks > 0, egui::Button::new(t("table-watch-view-next")))
                .on_hover_text(t("table-watch-view-next-hint"))
                .clicked();
        });
        if next {
            self.next_change(core, fx);
        }
        match asked {
            Some(MarksAsk::Seen) => self.seen(),
            // "Dismiss vanished": the struck-through rows leave the grid.
            Some(MarksAsk::Dismiss) => fx.drop_rows(self.vanished()),
            None => {}
        }
    }

    /// The changes list, beside the grid.
    fn beside_grid_ui(&mut self, ui: &mut egui::Ui, core: &TableCore, _: &mut PaneContext, _: &mut TableEffects) {
        if !self.show_changes {
            return;
        }
        egui::Panel::right(("table-changes", &core.table))
            .resizable(true)
            .default_size(380.0)
            .show(ui, |ui| {
                ui.strong(t("table-watch-view-changes-seen"));
                self.changes.ui(ui, ("table", &core.table));
            });
    }
}

impl TableWatch {
    /// "Next change": the next marked row after the selected one, in the order the grid shows, selected and
    /// scrolled to (from the top again after the last).
    fn next_change(&self, core: &TableCore, fx: &mut TableEffects) {
        let from = core
            .selection
            .cursor
            .at
            .and_then(|a| core.rows.view.iter().position(|&r| r == a))
            .map_or(0, |p| p + 1);
        let n = core.rows.view.len();
        let found = (0..n)
            .map(|i| (from + i) % n)
            .find(|&p| self.marks.contains_key(&core.rows.view[p]));
        if let Some(p) = found {
            fx.select_row(core.rows.view[p], p);
        }
    }
}

/// How a cell of a marked row looks: a new row tinted, a changed cell tinted with its old value on hover, a
/// vanished row struck through. Returns whether to strike the text, and the hover.
pub fn mark_cell(ui: &mut egui::Ui, mark: Option<&Mark>, column: &str) -> (bool, Option<String>) {
    use crate::app::widgets::watch::{CHANGED, NEW, tint};
    match mark {
        None => (false, None),
        Some(Mark::New) => {
            tint(ui, NEW);
            (false, Some(t("table-watch-view-new")))
        }
        Some(Mark::Vanished) => (true, Some(t("table-watch-view-vanished"))),
        Some(Mark::Changed(cells)) => {
            if let Some(line) = cells.iter().find(|l| l.name == column) {
                tint(ui, CHANGED);
                return (false, Some(tr!("table-watch-view-changed", cell = describe_cell(line))));
            }
            if column == ETAG || column == TIMESTAMP {
                tint(ui, CHANGED);
                return (false, Some(t("table-watch-view-written-again")));
            }
            (false, None)
        }
    }
}
