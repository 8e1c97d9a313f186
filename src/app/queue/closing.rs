//! What closing a queue tab must ask about (unsaved metadata, a message's new text being typed) or keep: a
//! dequeue or an action already sent, and the messages held with live receipts, stay with the tab, which keeps
//! running unseen (listed under Activity, where it can be reopened) until they are returned or expire.

use std::time::SystemTime;

use crate::app::queue::pane::QueuePane;

impl QueuePane {
    /// The unsaved edits in this tab, in words.
    pub fn unsaved(&self) -> Vec<String> {
        let mut said = Vec::new();
        if self.metadata_edit.is_dirty() && !self.is_saving_metadata() {
            said.push("the queue's metadata".to_string());
        }
        let typing = self.held.iter().filter(|h| h.editing.is_some() && !h.done).count();
        if typing > 0 {
            said.push(format!("the new text of {typing} held message(s)"));
        }
        said.extend(self.policies.unsaved());
        said
    }

    /// Whether something this tab sent has not answered yet, or it holds receipts that still work.
    pub fn has_sent_work(&self) -> bool {
        let now = SystemTime::now();
        self.is_busy() || self.held.iter().any(|h| !h.done && !h.released(now))
    }

    /// The tab went out of sight: it stops refreshing on its own (what it sent still lands).
    pub fn hide(&mut self) {
        self.watch.cadence.on = false;
    }
}
