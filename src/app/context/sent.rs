//! Work a tab had sent when it closed: it runs to its end instead of being cut off, and what it returns is
//! recorded where the user can find it (a lease in the lease book, dequeued messages kept for the queue's next
//! tab, an outcome in words). Panes hand it over (`into_sent_work`); the frame keeps and polls it.

use crate::app::context::Pending;
use crate::app::context::leases::{LeaseBook, LeaseKey};
use crate::storage::StorageError;
use crate::storage::blob::lease::LeaseDuration;
use crate::storage::queue::DequeuedMessage;

/// What a finished one-off action changes.
pub struct OpDone {
    pub message: Result<String, StorageError>,
    pub lease: Option<LeaseChange>,
}

/// A lease this app acquired, renewed, changed, released or broke.
pub enum LeaseChange {
    Acquired(LeaseKey, String, LeaseDuration),
    Renewed(LeaseKey),
    Changed(LeaseKey, String),
    Released(LeaseKey),
    Broke(LeaseKey, u32),
}

impl LeaseChange {
    /// Records the change in the lease book.
    pub fn apply(self, leases: &mut LeaseBook) {
        match self {
            LeaseChange::Acquired(k, id, d) => leases.acquired(k, id, d),
            LeaseChange::Renewed(k) => leases.renewed(&k),
            LeaseChange::Changed(k, id) => leases.changed(&k, id),
            LeaseChange::Released(k) => leases.released(&k),
            LeaseChange::Broke(k, s) => leases.broke(k, s),
        }
    }
}

/// One piece of work a closed tab had under way, or receipts it held.
pub enum SentWork {
    /// A one-off action (a lease, a snapshot, a delete): its words, and its lease change for the book.
    Op(Pending<OpDone>),
    /// A save: `what` names it in the words of its outcome.
    Save {
        what: String,
        reply: Pending<Result<String, StorageError>>,
    },
    /// A dequeue whose reply had not come: its messages are hidden with receipts only this reply carries.
    Dequeue {
        queue: String,
        reply: Pending<Result<Vec<DequeuedMessage>, StorageError>>,
    },
    /// Messages the tab held with live receipts.
    Held {
        queue: String,
        messages: Vec<DequeuedMessage>,
    },
}
