//! The pane shell: one generic type for every pane (a container's, a queue's, a table's), holding its core (what
//! its features read), its features, its chrome and the few things that are the pane's own; what the three share
//! of their features is written here once.

use crate::app::context::feature::{Feature, PaneKind};
use crate::app::context::features::{Chrome, Features};

/// A pane of kind `K` (`blob::pane::BlobPane` is `Shell<Blob, BlobOwn>`): its core, its features, its chrome,
/// and `Own`, what is neither its core's nor a feature's (a container tab's one-off writes and message, a queue
/// tab's peek; a table tab has none).
pub struct Shell<K: PaneKind, Own> {
    /// What every feature of the pane sees, read-only to them.
    pub(crate) core: K::Core,
    /// Everything else the pane does, each feature with its own state (`context::feature::Feature`).
    pub(crate) features: Features<K::Feature>,
    /// The tool whose strip is open, the details tab shown, the heights last drawn.
    pub(crate) chrome: Chrome,
    /// What is the pane's own.
    pub(crate) own: Own,
}

impl<K: PaneKind, Own> Shell<K, Own> {
    /// The feature of type `T` (what tests and the binary read of it).
    pub fn feature<T: Feature<Pane = K>>(&self) -> Option<&T> {
        self.features.get::<T>()
    }

    /// The feature of type `T`, to set what its controls set (a test types into it through this).
    pub fn feature_mut<T: Feature<Pane = K>>(&mut self) -> Option<&mut T> {
        self.features.get_mut::<T>()
    }

    /// The unsaved edits in this pane, in words (closing asks before dropping them): the union of its features'.
    pub fn unsaved(&self) -> Vec<String> {
        self.features.unsaved()
    }
}
