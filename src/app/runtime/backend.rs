//! The bridge between the UI thread and tokio: work goes out as futures spawned on the runtime, results
//! come back through channels the UI polls each frame, and every arrival wakes the UI.
//! Dropping a `Pending` aborts its task, so work for a view the user has left stops and its reply is lost.

use std::future::Future;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use tokio::runtime::Handle;
use tokio::sync::oneshot;

use crate::storage::RequestEvent;

/// Wakes the UI (egui's `request_repaint`), callable from any thread.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// The runtime handle, the UI's waker, and the channel request events travel on.
#[derive(Clone)]
pub struct Backend {
    runtime: Handle,
    waker: Waker,
    events_tx: mpsc::Sender<RequestEvent>,
    events_rx: Arc<Mutex<mpsc::Receiver<RequestEvent>>>,
}

impl Backend {
    pub fn new(runtime: Handle, waker: Waker) -> Self {
        let (events_tx, events_rx) = mpsc::channel();
        Backend {
            runtime,
            waker,
            events_tx,
            events_rx: Arc::new(Mutex::new(events_rx)),
        }
    }

    pub fn runtime(&self) -> &Handle {
        &self.runtime
    }

    pub fn wake(&self) {
        (self.waker)()
    }

    /// The sink a storage client reports its requests to: forwarded to the UI, which is woken.
    pub fn event_sink(&self) -> crate::storage::EventSink {
        let tx = self.events_tx.clone();
        let waker = self.waker.clone();
        Arc::new(move |event| {
            if tx.send(event).is_ok() {
                waker();
            }
        })
    }

    /// Request events that arrived since the last call (the UI drains them once per frame).
    pub fn drain_events(&self) -> Vec<RequestEvent> {
        let rx = self.events_rx.lock().expect("events lock");
        rx.try_iter().collect()
    }

    /// Runs `work` on the runtime; its result waits in the returned `Pending`.
    pub fn spawn<T: Send + 'static>(&self, work: impl Future<Output = T> + Send + 'static) -> Pending<T> {
        let (tx, rx) = oneshot::channel();
        let waker = self.waker.clone();
        // Whatever the work words, it words in the language of the window that started it.
        let work = crate::i18n::speaking(crate::i18n::language(), work);
        let task = self.runtime.spawn(async move {
            let result = work.await;
            if tx.send(result).is_ok() {
                waker();
            }
        });
        Pending { rx, task, sent: None }
    }

    /// Runs a write `work` for a tab: like `spawn`, but the write is never aborted (dropping the result lets it
    /// run on), and it counts in `sent` until its reply is taken, so a tab closes only once what it sent has
    /// answered (`SentCount`).
    pub fn send<T: Send + 'static>(
        &self,
        sent: &SentCount,
        work: impl Future<Output = T> + Send + 'static,
    ) -> Pending<T> {
        let mut pending = self.spawn(work);
        pending.sent = Some(sent.clone());
        pending
    }

    /// Runs blocking work (the OS keychain, file dialogs' aftermath) off the UI thread.
    pub fn spawn_blocking<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Pending<T> {
        let (tx, rx) = oneshot::channel();
        let waker = self.waker.clone();
        let language = crate::i18n::language();
        let work = move || crate::i18n::in_language(language, work);
        let task = self.runtime.spawn(async move {
            if let Ok(result) = tokio::task::spawn_blocking(work).await
                && tx.send(result).is_ok()
            {
                waker();
            }
        });
        Pending { rx, task, sent: None }
    }
}

impl Backend {
    /// Runs blocking work to its end with nobody waiting for the result (deleting a keychain entry). Unlike a
    /// dropped `Pending`, which aborts, this always runs.
    pub fn run_blocking_detached(&self, work: impl FnOnce() + Send + 'static) {
        drop(self.runtime.spawn_blocking(work));
    }
}

/// What a tab has sent (writes, lease actions, dequeues) and not yet heard back about: every `Pending` made by
/// `Backend::send` with it counts until its reply is taken or it is dropped. The tab's close asks it, so no
/// feature has to remember to say it has work out: sending through the tab is what counts it.
#[derive(Clone, Default)]
pub struct SentCount(Arc<()>);

impl SentCount {
    /// How many replies to writes sent with this count have not been taken yet.
    pub fn outstanding(&self) -> usize {
        Arc::strong_count(&self.0) - 1
    }
}

/// A result on its way from the runtime. Poll it each frame; drop it to abort the work (a read). A write made
/// with `Backend::send` is never aborted: dropped, it runs on and only its reply is lost.
pub struct Pending<T> {
    rx: oneshot::Receiver<T>,
    task: tokio::task::JoinHandle<()>,
    /// The tab's count this write is in (None: a read, aborted when dropped).
    sent: Option<SentCount>,
}

impl<T> Pending<T> {
    /// The result, once it has arrived (then the `Pending` is spent).
    pub fn poll(&mut self) -> Option<T> {
        self.rx.try_recv().ok()
    }
}

impl<T> Drop for Pending<T> {
    fn drop(&mut self) {
        if self.sent.is_none() {
            self.task.abort();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    fn backend(rt: &tokio::runtime::Runtime) -> (Backend, Arc<AtomicUsize>) {
        let wakes = Arc::new(AtomicUsize::new(0));
        let w = wakes.clone();
        (
            Backend::new(
                rt.handle().clone(),
                Arc::new(move || {
                    w.fetch_add(1, Ordering::SeqCst);
                }),
            ),
            wakes,
        )
    }

    #[test]
    fn results_arrive_and_wake_the_ui() {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let (b, wakes) = backend(&rt);
        let mut slot = b.spawn(async { 41 + 1 });
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        let value = loop {
            if let Some(v) = slot.poll() {
                break v;
            }
            assert!(std::time::Instant::now() < deadline);
            std::thread::sleep(Duration::from_millis(1));
        };
        assert_eq!(value, 42);
        // The result is sent before the wake, so the wake may land a moment after the value.
        while wakes.load(Ordering::SeqCst) == 0 {
            assert!(std::time::Instant::now() < deadline, "the UI was woken");
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(wakes.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_write_counts_until_its_reply_is_taken_and_runs_on_when_dropped() {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let (b, _) = backend(&rt);
        let sent = SentCount::default();
        let mut write = b.send(&sent, async { 7 });
        assert_eq!(sent.outstanding(), 1);
        // Answered but not taken: still out, so a closing tab waits to record it.
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(sent.outstanding(), 1);
        while write.poll().is_none() {
            std::thread::sleep(Duration::from_millis(1));
        }
        drop(write);
        assert_eq!(sent.outstanding(), 0);
        let finished = Arc::new(AtomicUsize::new(0));
        let f = finished.clone();
        drop(b.send(&sent, async move {
            tokio::time::sleep(Duration::from_millis(100)).await;
            f.fetch_add(1, Ordering::SeqCst);
        }));
        assert_eq!(sent.outstanding(), 0);
        std::thread::sleep(Duration::from_millis(400));
        assert_eq!(finished.load(Ordering::SeqCst), 1, "a dropped write still ran");
    }

    #[test]
    fn dropping_a_pending_aborts_its_work() {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let (b, _) = backend(&rt);
        let finished = Arc::new(AtomicUsize::new(0));
        let f = finished.clone();
        let pending = b.spawn(async move {
            tokio::time::sleep(Duration::from_millis(200)).await;
            f.fetch_add(1, Ordering::SeqCst);
        });
        drop(pending);
        std::thread::sleep(Duration::from_millis(400));
        assert_eq!(finished.load(Ordering::SeqCst), 0, "the abandoned work never finished");
    }
}
