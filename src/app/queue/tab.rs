//! What differs in a queue tab from every other pane, as the pane shell asks it (`context::shell::ShellKind`):
//! besides reading and drawing, the messages it holds with live receipts and the scan quitting cuts short.

use crate::app::context::PaneContext;
use crate::app::context::pane::PaneUi;
use crate::app::context::shell::ShellKind;
use crate::app::queue::feature::{Queue, QueueEffects};
use crate::app::queue::pane::{QueueOwn, QueuePane};
use crate::app::widgets::i18n::tr;

impl ShellKind<QueueOwn> for Queue {
    fn poll(pane: &mut QueuePane, ctx: &mut PaneContext) {
        pane.poll(ctx);
    }

    fn ui(pane: &mut QueuePane, ui: &mut egui::Ui, ctx: &mut PaneContext, asked: PaneUi) {
        let targets: Vec<String> = (asked.siblings)().into_iter().filter(|q| q != pane.queue()).collect();
        crate::app::queue::view::ui(pane, ui, ctx, asked.refresh, &targets);
    }

    /// Its features' asks need no pane context.
    fn apply(pane: &mut QueuePane, _: &mut PaneContext, fx: QueueEffects) {
        pane.apply(fx);
    }

    fn shown(core: &mut crate::app::queue::core::QueueCore) -> &mut bool {
        &mut core.shown
    }

    /// A countdown on screen wants frames too.
    fn busy(pane: &QueuePane) -> bool {
        pane.is_busy() || pane.counting()
    }

    /// Its peek, or receipts that still work: a closed tab keeps running unseen (listed under Activity, where it
    /// can be reopened) until they are returned or expire.
    fn sent_work(pane: &QueuePane) -> bool {
        pane.is_busy() || pane.features.holds()
    }

    fn held_count(pane: &QueuePane) -> usize {
        pane.held_count()
    }

    fn waits_for(pane: &QueuePane) -> String {
        let now = std::time::SystemTime::now();
        let live = pane.held().iter().filter(|h| !h.done && !h.released(now)).count();
        tr!("closed-held", count = live)
    }

    fn jobs(pane: &QueuePane) -> Vec<String> {
        pane.jobs()
    }

    fn cancel_work(pane: &mut QueuePane) {
        pane.cancel_work();
    }

    fn return_held(pane: &mut QueuePane, ctx: &mut PaneContext) {
        pane.return_held(ctx);
    }

    fn close(pane: &mut QueuePane) {
        pane.hide();
    }
}
