//! Progress of long work (bytes of a transfer, entities of a load, messages of a drain): units done and the
//! total, shared between the task doing it and whoever shows it.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Units done (bytes, entities, messages) and the total, shared with whoever shows the progress.
#[derive(Debug, Default)]
pub struct TransferProgress {
    done: AtomicU64,
    total: AtomicU64,
    /// A whole that counts this part too (a folder's upload counts each file's bytes as they go).
    parent: Option<Arc<TransferProgress>>,
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

    /// Progress of one part of this work: what the part counts is counted here too; its own total and restarts
    /// stay its own.
    pub fn part(self: &Arc<Self>) -> Arc<TransferProgress> {
        Arc::new(TransferProgress {
            parent: Some(self.clone()),
            ..Default::default()
        })
    }

    pub fn add(&self, n: u64) {
        self.done.fetch_add(n, Ordering::Relaxed);
        if let Some(p) = &self.parent {
            p.add(n);
        }
    }

    pub(crate) fn sub(&self, n: u64) {
        self.done.fetch_sub(n, Ordering::Relaxed);
        if let Some(p) = &self.parent {
            p.sub(n);
        }
    }

    /// Starts counting towards `total` (0 when the total is not known yet).
    pub fn start(&self, total: u64) {
        self.total.store(total, Ordering::Relaxed);
        let before = self.done.swap(0, Ordering::Relaxed);
        if let Some(p) = &self.parent {
            p.sub(before);
        }
    }

    pub fn set_total(&self, total: u64) {
        self.total.store(total, Ordering::Relaxed);
    }
}
