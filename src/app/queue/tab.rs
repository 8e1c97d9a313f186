//! What the frame asks of a queue tab, through the one trait it talks to every pane by (`context::pane::Pane`):
//! besides what every tab answers, the messages it holds with live receipts and the scan quitting cuts short.

use crate::app::context::PaneContext;
use crate::app::context::pane::{Pane, PaneUi};
use crate::app::queue::pane::QueuePane;
use crate::app::widgets::i18n::tr;

impl Pane for QueuePane {
    fn poll(&mut self, ctx: &mut PaneContext) {
        QueuePane::poll(self, ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut PaneContext, asked: PaneUi) {
        let targets: Vec<String> = (asked.siblings)().into_iter().filter(|q| q != self.queue()).collect();
        crate::app::queue::view::ui(self, ui, ctx, asked.refresh, &targets);
    }

    fn set_shown(&mut self, shown: bool) {
        QueuePane::set_shown(self, shown);
    }

    fn unsaved(&self) -> Vec<String> {
        QueuePane::unsaved(self)
    }

    /// A countdown on screen wants frames too.
    fn busy(&self) -> bool {
        self.is_busy() || self.counting()
    }

    fn has_sent_work(&self) -> bool {
        QueuePane::has_sent_work(self)
    }

    fn save_all(&mut self, ctx: &mut PaneContext) {
        QueuePane::save_all(self, ctx);
    }

    fn held_count(&self) -> usize {
        QueuePane::held_count(self)
    }

    fn waits_for(&self) -> String {
        let now = std::time::SystemTime::now();
        let live = self.held().iter().filter(|h| !h.done && !h.released(now)).count();
        tr!("closed-held", count = live)
    }

    fn jobs(&self) -> Vec<String> {
        QueuePane::jobs(self)
    }

    fn cancel_work(&mut self) {
        QueuePane::cancel_work(self);
    }

    fn return_held(&mut self, ctx: &mut PaneContext) {
        QueuePane::return_held(self, ctx);
    }

    fn close(&mut self) {
        self.hide();
    }
}
