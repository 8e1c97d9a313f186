//! What the frame asks of a table tab, through the one trait it talks to every pane by (`context::pane::Pane`):
//! what closing must ask about (a feature's draft) or let finish (a save a feature sent): the features' union.

use crate::app::context::PaneContext;
use crate::app::context::pane::{InMemory, Pane, PaneUi};
use crate::app::table::pane::TablePane;

impl TablePane {
    /// Quitting with Save all: every feature sends the save of its drafts, as their Save buttons would.
    pub fn save_all(&mut self, ctx: &mut PaneContext) {
        let fx = self.features.save_all(&self.core, ctx);
        self.apply(ctx, fx);
    }

    /// Whether work this tab sent has not answered yet (the tab keeps running, unseen, until it has).
    pub fn has_sent_work(&self) -> bool {
        self.features.sending() || self.features.busy()
    }
}

impl Pane for TablePane {
    fn poll(&mut self, ctx: &mut PaneContext) {
        TablePane::poll(self, ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut PaneContext, asked: PaneUi) {
        crate::app::table::grid::ui(self, ui, ctx, asked.focus, asked.refresh);
    }

    fn set_shown(&mut self, shown: bool) {
        self.core.shown = shown;
    }

    fn unsaved(&self) -> Vec<String> {
        TablePane::unsaved(self)
    }

    fn busy(&self) -> bool {
        self.is_busy()
    }

    fn has_sent_work(&self) -> bool {
        TablePane::has_sent_work(self)
    }

    fn save_all(&mut self, ctx: &mut PaneContext) {
        TablePane::save_all(self, ctx);
    }

    fn in_memory(&self) -> InMemory {
        InMemory {
            bytes: self.store().heap_size() as u64,
            blobs: 0,
            entities: self.store().len() as u64,
        }
    }
}
