//! Progress of long work (bytes of a transfer, entities of a load, messages of a drain): units done and the
//! total, shared between the task doing it and whoever shows it, and a transfer's wait for a lost network.

use crate::words::Said;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio_util::sync::CancellationToken;

/// Units done (bytes, entities, messages) and the total, shared with whoever shows the progress.
#[derive(Debug, Default)]
pub struct TransferProgress {
    done: AtomicU64,
    total: AtomicU64,
    /// A whole that counts this part too (a folder's upload counts each file's bytes as they go).
    parent: Option<Arc<TransferProgress>>,
    /// Bytes an interrupted transfer found already done (blocks staged, ranges on disk) and did not send again.
    resumed: AtomicU64,
    /// Set while the transfer waits for the network to come back.
    waiting: Mutex<Option<NetworkWait>>,
    /// Wakes every waiter at once ("Retry now").
    retry_now: tokio::sync::Notify,
}

/// A transfer waiting out a lost network: since when, why, and when it tries again.
#[derive(Clone, Debug)]
pub struct NetworkWait {
    pub since: Instant,
    pub why: Said,
    pub attempts: u32,
    pub next_try: Instant,
    /// How many of the transfer's blocks or ranges wait (each tries on its own).
    waiters: usize,
    /// When the network last answered one of them (or the wait began): what the pauses grow from.
    answered: Instant,
}

/// The longest pause between two tries: a network that comes back is noticed within this.
const MAX_PAUSE: Duration = Duration::from_secs(30);

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

    /// Bytes found already done by a resume and not sent again (counted in `done` too).
    pub fn resumed(&self) -> u64 {
        self.resumed.load(Ordering::Relaxed)
    }

    pub(crate) fn add_resumed(&self, n: u64) {
        self.resumed.fetch_add(n, Ordering::Relaxed);
        self.add(n);
        if let Some(p) = &self.parent {
            p.resumed.fetch_add(n, Ordering::Relaxed);
        }
    }

    /// The whole this progress belongs to: where a wait for the network is shown and woken.
    fn root(&self) -> &TransferProgress {
        match &self.parent {
            Some(p) => p.root(),
            None => self,
        }
    }

    /// The transfer's wait for the network, while it lasts.
    pub fn network_wait(&self) -> Option<NetworkWait> {
        self.root().waiting.lock().expect("wait lock").clone()
    }

    /// Ends every pause now: each waiting block or range tries again at once, and the pauses after start short
    /// (the user says the network is back).
    pub fn retry_now(&self) {
        let root = self.root();
        if let Some(w) = root.waiting.lock().expect("wait lock").as_mut() {
            w.answered = Instant::now();
        }
        root.retry_now.notify_waiters();
    }

    /// Pauses one block or range that failed for lack of a network, shown as the transfer's wait; Retry now ends
    /// the pause early. Err when cancelled meanwhile. The pause grows with the time the network has been gone
    /// (half of it, from 1 s up to 30 s), not with one piece's failures: once the network answered any piece,
    /// the others' next pauses start short again.
    /// A `short` pause (1 s) is for a circuit breaker's refusal: it sends nothing and lets a probe through on
    /// its own clock.
    pub(crate) async fn wait_for_network(&self, why: &Said, short: bool, cancel: &CancellationToken) -> Result<(), ()> {
        let root = self.root();
        let now = Instant::now();
        // Listening for Retry now before the wait is shown: a click between the two is not missed.
        let woken = root.retry_now.notified();
        tokio::pin!(woken);
        woken.as_mut().enable();
        let pause = {
            let mut waiting = root.waiting.lock().expect("wait lock");
            let gone = waiting.as_ref().map_or(Duration::ZERO, |w| now - w.answered);
            let pause = match short {
                true => Duration::from_secs(1),
                false => (gone / 2).clamp(Duration::from_secs(1), MAX_PAUSE),
            };
            let w = waiting.get_or_insert_with(|| NetworkWait {
                answered: now,
                since: now,
                why: Said::empty(),
                attempts: 0,
                next_try: now,
                waiters: 0,
            });
            w.why = why.clone();
            w.attempts += 1;
            w.next_try = now + pause;
            w.waiters += 1;
            pause
        };
        let cancelled = tokio::select! {
            _ = tokio::time::sleep(pause) => false,
            _ = woken => false,
            _ = cancel.cancelled() => true,
        };
        let mut waiting = root.waiting.lock().expect("wait lock");
        if let Some(w) = waiting.as_mut() {
            // The wait may have been ended and begun again meanwhile: never below none.
            w.waiters = w.waiters.saturating_sub(1);
        }
        if cancelled { Err(()) } else { Ok(()) }
    }

    /// The network answered again: the wait is over unless another piece still pauses, whose next pause then
    /// starts short.
    pub(crate) fn network_back(&self) {
        let mut waiting = self.root().waiting.lock().expect("wait lock");
        match waiting.as_mut() {
            Some(w) if w.waiters == 0 => *waiting = None,
            Some(w) => w.answered = Instant::now(),
            None => {}
        }
    }

    /// The transfer ended (done, failed or cancelled): it waits for nothing any more. Only a whole transfer
    /// ends the wait: one file of a folder ending leaves the others' wait shown.
    pub(crate) fn end_network_wait(&self) {
        if self.parent.is_none() {
            *self.waiting.lock().expect("wait lock") = None;
        }
    }

    /// Ends the wait for the network when the returned guard drops: at the end of the transfer, however it ends
    /// (an aborted task included).
    pub(crate) fn wait_ends_with_this(&self) -> impl Drop + '_ {
        struct Ends<'a>(&'a TransferProgress);
        impl Drop for Ends<'_> {
            fn drop(&mut self) {
                self.0.end_network_wait();
            }
        }
        Ends(self)
    }
}
