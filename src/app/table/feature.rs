//! How a feature of a table tab meets its pane, as in a container or queue tab: a feature (the partition map,
//! deleting rows, the raw JSON view, the SAS form, compare, files, the watch) owns its state, its work in flight and its drawing; it sees the
//! core read-only (`TableCore`: the query, the rows loaded, the view, the selection) and asks for what only the
//! pane may do (`TableEffects`). The pane's "busy", "unsaved" and sent work are the union of its features' (the
//! entity editor's among them).

use crate::app::context::feature::Feature;
use std::collections::HashSet;

use crate::app::context::PaneContext;
use crate::app::context::features::{Offer, Tool};
use crate::app::table::core::TableCore;

/// What happened to the core that a feature may care about.
pub enum TableEvent<'a> {
    /// A query runs from its first page: what was held for the rows before means nothing now.
    QueryRan,
    /// These rows left the store, which renumbered the rest.
    RowsDropped(&'a HashSet<u32>),
    /// A page of entities is about to join the store (listed, or a row put ahead of its page).
    PageLoaded(&'a [crate::storage::table::Entity]),
    /// A watch read's store replaced `old`: the rows `touched` changed in place or were added.
    Swapped {
        old: &'a crate::app::table::store::EntityStore,
        touched: &'a [u32],
    },
}

/// One thing a feature asks of the pane (`TableEffects` holds them in the order asked).
pub enum TableCommand {
    /// An entity saved or fetched: it replaces its row, or is added.
    PutRow(crate::storage::table::Entity),
    /// A read of the rows found them changed: the pane swaps in its store.
    SwapStore(crate::app::table::features::watch::Found),
    /// Selects this row alone and scrolls the grid to its place in the view.
    SelectRow(u32, usize),
    /// These rows left the service: they leave the grid, and the selection is cleared.
    DropRows(HashSet<u32>),
    /// Runs the query again from its first page.
    Rerun,
    /// Runs the query again with this filter.
    RunFiltered(String),
}

impl crate::app::context::commands::Command for TableCommand {
    /// Several asks to run the query again in one batch are one run, after the rest: one with a filter holds a
    /// plain rerun (the last filter asked stands).
    fn reads_again(&self) -> Option<u8> {
        match self {
            TableCommand::Rerun => Some(1),
            TableCommand::RunFiltered(_) => Some(2),
            _ => None,
        }
    }
}

/// What a feature asks of the pane, in the order asked; the pane carries it out after the feature's call returns.
#[derive(Default)]
pub struct TableEffects {
    pub(crate) commands: crate::app::context::commands::Commands<TableCommand>,
}

impl TableEffects {
    /// Runs the query again with this filter (the partition map's click on a partition).
    pub fn run_filtered(&mut self, filter: String) {
        self.commands.push(TableCommand::RunFiltered(filter));
    }

    /// A read of the rows found them changed: the pane swaps in its store (the versions seen, the editor and the
    /// columns follow), new rows join the view.
    pub fn swap_store(&mut self, found: crate::app::table::features::watch::Found) {
        self.commands.push(TableCommand::SwapStore(found));
    }

    /// Selects this row alone and scrolls the grid to its place in the view.
    pub fn select_row(&mut self, row: u32, position: usize) {
        self.commands.push(TableCommand::SelectRow(row, position));
    }

    /// An entity saved or fetched: it replaces its row, or is added (ahead of its page, which then replaces it
    /// rather than adding it twice).
    pub fn put_row(&mut self, entity: crate::storage::table::Entity) {
        self.commands.push(TableCommand::PutRow(entity));
    }

    /// Runs the query again from its first page (an import ended: the imported rows show).
    pub fn rerun(&mut self) {
        self.commands.push(TableCommand::Rerun);
    }

    /// These rows left the service (deleted by this tab): they leave the grid, which renumbers the rest, and the
    /// selection is cleared (even when none left: a delete refused as a whole ends its selection too). The rows
    /// of one batch are numbered against the same store, so they join the batch's first drop: two drops would
    /// take the second's numbers from a store the first renumbered.
    pub fn drop_rows(&mut self, rows: HashSet<u32>) {
        for command in self.commands.iter_mut() {
            if let TableCommand::DropRows(held) = command {
                held.extend(rows);
                return;
            }
        }
        self.commands.push(TableCommand::DropRows(rows));
    }
}

/// A table tab, as its features see it.
pub struct Table;

impl crate::app::context::feature::PaneKind for Table {
    type Core = TableCore;
    type Effects = TableEffects;
    type Feature = dyn TableFeature;
}

/// A feature of a table tab. Every hook has a default that does nothing.
#[allow(unused_variables)]
pub trait TableFeature: Feature<Pane = Table> {
    /// Something happened to the core. Without a pane context or effects, unlike a container's or a queue's
    /// feature: a page joins the store where no context is lent (`context::feature::PaneKind` says why).
    fn event(&mut self, event: &TableEvent, core: &TableCore) {}

    /// What it marks on a row of the grid (a change the watch saw), by place in the store.
    fn mark(&self, row: u32) -> Option<&crate::app::table::features::watch::Mark> {
        None
    }

    /// Whether it reads the rows on its own (the watch): the window keeps drawing frames.
    fn watching(&self) -> bool {
        false
    }

    /// Its buttons at the end of the toolbar.
    fn toolbar_ui(&mut self, ui: &mut egui::Ui, core: &TableCore, ctx: &mut PaneContext, fx: &mut TableEffects) {}

    /// Its tool: a toolbar button that shows its part under the toolbar (`above_grid_ui`) in a strip, one tool
    /// at a time. Without one, that part is drawn always.
    fn tool(&self) -> Option<Tool> {
        None
    }

    /// Whether its strip stays shown although not opened: it holds what the user must see (a running watch,
    /// its marks).
    fn tool_in_use(&self, core: &TableCore) -> bool {
        false
    }

    /// Its part under the toolbar.
    fn above_grid_ui(&mut self, ui: &mut egui::Ui, core: &TableCore, ctx: &mut PaneContext, fx: &mut TableEffects) {}

    /// Its panel beside the grid (drawn before the grid takes the rest).
    fn beside_grid_ui(&mut self, ui: &mut egui::Ui, core: &TableCore, ctx: &mut PaneContext, fx: &mut TableEffects) {}

    /// The actions it offers on the selected rows (a row's context menu, their keys).
    fn offers(&self, core: &TableCore, offers: &mut Vec<Offer>) {}

    /// Runs the offer it named `id`.
    fn run_offer(&mut self, id: &str, core: &TableCore, ctx: &mut PaneContext, fx: &mut TableEffects) {}
}

/// The features of a table tab, in the order they draw.
pub type Features = crate::app::context::features::Features<dyn TableFeature>;

impl<T: TableFeature> crate::app::context::feature::IntoFeature<dyn TableFeature> for T {
    fn boxed(self) -> Box<dyn TableFeature> {
        Box::new(self)
    }
}

impl Features {
    pub fn mark(&self, row: u32) -> Option<&crate::app::table::features::watch::Mark> {
        self.iter().find_map(|f| f.mark(row))
    }

    pub fn watching(&self) -> bool {
        self.iter().any(|f| f.watching())
    }

    /// Every feature's offers on the selection, with the place of the feature that offers each.
    pub fn offers(&self, core: &TableCore) -> Vec<(usize, Offer)> {
        let mut all = Vec::new();
        for (at, f) in self.iter().enumerate() {
            let mut mine = Vec::new();
            f.offers(core, &mut mine);
            all.extend(mine.into_iter().map(|o| (at, o)));
        }
        all
    }
}
