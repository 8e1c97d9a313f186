//! Work a tab had sent when it closed: it runs to its end instead of being cut off, and what it returns is
//! recorded where the user can find it (a lease in the lease book, dequeued messages kept for the queue's next
//! tab, an outcome in words). Panes hand it over (`into_sent_work`); the frame keeps and polls it.

use crate::app::context::leases::{LeaseBook, LeaseKey};
use crate::storage::StorageError;
use crate::storage::blob::LeaseDuration;

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
