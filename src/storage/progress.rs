//! Progress of long work (bytes of a transfer, entities of a load, messages of a drain): units done and the
//! total, shared between the task doing it and whoever shows it.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Units done (bytes, entities, messages) and the total, shared with whoever shows the progress.
#[derive(Debug, Default)]
pub struct TransferProgress {
    done: AtomicU64,
    total: AtomicU64,
}

impl TransferProgress {
    pub fn new() -> Arc<Self> {
        Arc::new(Self::default())
    }

    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    pub fn total(&self) -> u64 {
        self.total.load(Ordering::Relaxed)
    }

    pub fn add(&self, n: u64) {
        self.done.fetch_add(n, Ordering::Relaxed);
    }

    pub(crate) fn sub(&self, n: u64) {
        self.done.fetch_sub(n, Ordering::Relaxed);
    }

    /// Starts counting towards `total` (0 when the total is not known yet).
    pub fn start(&self, total: u64) {
        self.total.store(total, Ordering::Relaxed);
        self.done.store(0, Ordering::Relaxed);
    }

    pub fn set_total(&self, total: u64) {
        self.total.store(total, Ordering::Relaxed);
    }
}
