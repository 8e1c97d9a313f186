//! What the frame asks of a container tab, through the one trait it talks to every pane by
//! (`context::pane::Pane`).

use std::time::Duration;

use crate::app::blob::pane::BlobPane;
use crate::app::context::PaneContext;
use crate::app::context::pane::{InMemory, Pane, PaneUi};

impl Pane for BlobPane {
    fn poll(&mut self, ctx: &mut PaneContext) {
        BlobPane::poll(self, ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut PaneContext, asked: PaneUi) {
        crate::app::blob::view::ui(self, ui, ctx, asked.focus, asked.refresh);
    }

    fn set_shown(&mut self, shown: bool) {
        self.core.shown = shown;
    }

    fn unsaved(&self) -> Vec<String> {
        BlobPane::unsaved(self)
    }

    fn busy(&self) -> bool {
        self.is_busy()
    }

    fn has_sent_work(&self) -> bool {
        BlobPane::has_sent_work(self)
    }

    fn save_all(&mut self, ctx: &mut PaneContext) {
        BlobPane::save_all(self, ctx);
    }

    /// Its lease and ETag indicators refresh every few seconds, so a change made elsewhere shows up on its own.
    fn next_tick(&self) -> Option<Duration> {
        Some(BlobPane::next_tick(self))
    }

    fn changed_elsewhere(&mut self) {
        self.own.refresh_now = true;
    }

    fn paste_into(&mut self, ctx: &mut PaneContext, prefix: &str) {
        BlobPane::paste_into(self, ctx, prefix);
    }

    fn in_memory(&self) -> InMemory {
        InMemory {
            bytes: self.held_bytes() as u64,
            blobs: self.blobs().len() as u64,
            entities: 0,
        }
    }

    fn close(&mut self) {
        self.core.shown = false;
    }

    fn shown_image(&self) -> Option<&str> {
        BlobPane::shown_image(self)
    }
}
