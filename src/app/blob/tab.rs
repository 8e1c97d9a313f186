//! What differs in a container tab from every other pane, as the pane shell asks it (`context::shell::ShellKind`;
//! the shell answers the frame's `context::pane::Pane` for every kind).

use std::time::Duration;

use crate::app::blob::feature::{Blob, Effects};
use crate::app::blob::pane::{BlobOwn, BlobPane};
use crate::app::context::PaneContext;
use crate::app::context::pane::{InMemory, PaneUi};
use crate::app::context::shell::ShellKind;

impl ShellKind<BlobOwn> for Blob {
    fn poll(pane: &mut BlobPane, ctx: &mut PaneContext) {
        pane.poll(ctx);
    }

    fn ui(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext, asked: PaneUi) {
        crate::app::blob::view::ui(pane, ui, ctx, asked.focus, asked.refresh);
    }

    fn apply(pane: &mut BlobPane, ctx: &mut PaneContext, fx: Effects) {
        pane.apply(ctx, fx);
    }

    fn shown(core: &mut crate::app::blob::core::BlobCore) -> &mut bool {
        &mut core.shown
    }

    fn busy(pane: &BlobPane) -> bool {
        pane.is_busy()
    }

    /// A one-off action it sent (a lease, a snapshot) that has not answered yet.
    fn sent_work(pane: &BlobPane) -> bool {
        !pane.own.ops.is_empty()
    }

    /// Its lease and ETag indicators refresh every few seconds, so a change made elsewhere shows up on its own.
    fn next_tick(pane: &BlobPane) -> Option<Duration> {
        Some(pane.next_tick())
    }

    fn changed_elsewhere(pane: &mut BlobPane) {
        pane.own.refresh_now = true;
    }

    fn paste_into(pane: &mut BlobPane, ctx: &mut PaneContext, prefix: &str) {
        pane.paste_into(ctx, prefix);
    }

    fn in_memory(pane: &BlobPane) -> InMemory {
        InMemory {
            bytes: pane.held_bytes() as u64,
            blobs: pane.blobs().len() as u64,
            entities: 0,
        }
    }

    fn close(pane: &mut BlobPane) {
        pane.core.shown = false;
    }

    fn shown_image(pane: &BlobPane) -> Option<&str> {
        pane.shown_image()
    }
}
