//! What a watch read changes in a table tab: its store swapped in, with the versions seen, the columns and an
//! open edit following the rows it touched; and the watch's switch and marks as tests and benches read them.

use std::collections::HashMap;

use crate::app::context::PaneContext;
use crate::app::table::features::watch::{Found, Mark, TableWatch};
use crate::app::table::pane::TablePane;
use crate::app::table::store::QuickFilter;

impl TablePane {
    fn watch(&self) -> Option<&TableWatch> {
        self.feature::<TableWatch>()
    }

    pub fn is_watching(&self) -> bool {
        self.features.watching()
    }

    /// Whether a watch read is out now (its spinner shows).
    pub fn watch_reading(&self) -> bool {
        self.watch().is_some_and(|w| w.is_reading())
    }

    /// The rows the watch marked, by place in the store.
    pub fn watch_marks(&self) -> &HashMap<u32, Mark> {
        &self.watch().expect("a table tab is built with its watch").marks
    }

    /// What the Watch switch does (tests and benches drive it directly too).
    pub fn set_watch(&mut self, seconds: Option<u32>) {
        if let Some(w) = self.feature_mut::<TableWatch>() {
            w.cadence.on = seconds.is_some();
            w.cadence.seconds = seconds.unwrap_or(w.cadence.seconds);
        }
    }

    /// Swaps in what a watch read found (a store with the changes in place and new rows at the end).
    pub(super) fn swap_in(&mut self, ctx: &mut PaneContext, found: Found) {
        if let Some(store) = found.store {
            // The old rows go on the blocking pool: when a change touched every chunk, freeing them all here
            // (100,000 entities) cost a frame 5 ms.
            let old = std::mem::replace(&mut self.core.store, store);
            // The versions seen and an open edit follow the rows it touched.
            let swapped = crate::app::table::feature::TableEvent::Swapped {
                old: &old,
                touched: &found.touched,
            };
            self.dispatch(swapped);
            drop(ctx.backend.spawn_blocking(move || drop(old)));
            for &row in &found.touched {
                let e = self.core.store.get(row);
                self.core.columns.observe_views(std::iter::once(e));
            }
            // Changed values may move a row in the sort or in or out of the filter; new rows join the view.
            if self.core.rows.sort.is_some() || QuickFilter::new(&self.core.rows.applied_quick).is_some() {
                self.core.rows.view_stale = true;
            } else {
                self.core.rows.view.extend(found.appended);
            }
        }
    }
}
