//! Live regions: words a screen reader speaks when they appear or change, without the focus moving there (a
//! pane's last result, the window's notices): how a save done, a write refused with 412 or a lease lost is
//! heard by someone who cannot see the line change.

use crate::storage::StorageError;

/// Marks `response`'s widget as a live region: polite (said when the reader is free) or, for a failure,
/// assertive (said at once).
pub fn announce(ui: &egui::Ui, response: &egui::Response, urgent: bool) {
    let live = if urgent {
        egui::accesskit::Live::Assertive
    } else {
        egui::accesskit::Live::Polite
    };
    ui.ctx().accesskit_node_builder(response.id, |node| node.set_live(live));
}

/// A pane's last result, announced: its words, or the failure in plain words in the error colour.
pub fn result_ui(ui: &mut egui::Ui, result: &Result<String, StorageError>) {
    let (response, urgent) = match result {
        Ok(words) => (ui.label(words), false),
        Err(e) => (ui.colored_label(ui.visuals().error_fg_color, e.plain_words()), true),
    };
    announce(ui, &response, urgent);
}
