//! What differs in a table tab from every other pane, as the pane shell asks it (`context::shell::ShellKind`):
//! what closing must ask about (a feature's draft) or let finish (a save a feature sent) is its features' union,
//! which the shell answers.

use crate::app::context::PaneContext;
use crate::app::context::pane::{InMemory, PaneUi};
use crate::app::context::shell::ShellKind;
use crate::app::table::feature::{Table, TableEffects};
use crate::app::table::pane::TablePane;

impl ShellKind<()> for Table {
    fn poll(pane: &mut TablePane, ctx: &mut PaneContext) {
        pane.poll(ctx);
    }

    fn ui(pane: &mut TablePane, ui: &mut egui::Ui, ctx: &mut PaneContext, asked: PaneUi) {
        crate::app::table::grid::ui(pane, ui, ctx, asked.focus, asked.refresh);
    }

    fn apply(pane: &mut TablePane, ctx: &mut PaneContext, fx: TableEffects) {
        pane.apply(ctx, fx);
    }

    fn shown(core: &mut crate::app::table::core::TableCore) -> &mut bool {
        &mut core.shown
    }

    fn busy(pane: &TablePane) -> bool {
        pane.is_busy()
    }

    /// A feature's work not ended (its reads too: a closed tab lets them land).
    fn sent_work(pane: &TablePane) -> bool {
        pane.features.busy()
    }

    fn in_memory(pane: &TablePane) -> InMemory {
        InMemory {
            bytes: pane.store().heap_size() as u64,
            blobs: 0,
            entities: pane.store().len() as u64,
        }
    }
}
