//! What the frame asks of a table tab, through the one trait it talks to every pane by (`context::pane::Pane`).

use crate::app::context::PaneContext;
use crate::app::context::pane::{InMemory, Pane, PaneUi};
use crate::app::table::pane::TablePane;

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
