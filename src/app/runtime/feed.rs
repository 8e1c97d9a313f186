//! Replies that come as a stream (a listing's pages, a walk's folds, a lab's request events, a comparison's
//! pages): the one way the app holds more than one reply to one piece of work, as `InFlight` is for one. A feed's
//! sender wakes the UI on every item; dropping the feed closes it, so its producer sees that its purpose is gone
//! (its next send fails) and a task tied to it is aborted.

use tokio::sync::mpsc;
use tokio::task::AbortHandle;

use crate::app::runtime::backend::Backend;

enum Rx<T> {
    /// Holds at most so many items: the producer waits for the consumer (a comparison reads ahead a little).
    Bounded(mpsc::Receiver<T>),
    /// Holds what arrived until it is taken: the producer never waits (pages the UI takes each frame).
    Unbounded(mpsc::UnboundedReceiver<T>),
}

enum Tx<T> {
    Bounded(mpsc::Sender<T>),
    Unbounded(mpsc::UnboundedSender<T>),
}

/// The receiving end: what a pane, a feature or a task holds while the work streams to it.
pub struct Feed<T> {
    rx: Rx<T>,
    /// The producing task, aborted with the feed.
    task: Option<AbortHandle>,
}

/// The sending end, held by the work that produces: each item sent wakes the UI.
pub struct FeedTx<T> {
    tx: Tx<T>,
    wake: Option<Backend>,
}

impl<T> Clone for FeedTx<T> {
    fn clone(&self) -> Self {
        let tx = match &self.tx {
            Tx::Bounded(t) => Tx::Bounded(t.clone()),
            Tx::Unbounded(t) => Tx::Unbounded(t.clone()),
        };
        FeedTx {
            tx,
            wake: self.wake.clone(),
        }
    }
}

/// What a feed held since the last look, and whether it has ended (every sender gone and all taken).
pub struct Arrived<T> {
    pub items: Vec<T>,
    pub ended: bool,
}

/// A feed that holds whatever arrives until it is taken; `wake`: the UI to wake on each item (None for a feed
/// read inside a task).
pub fn unbounded<T>(wake: Option<&Backend>) -> (FeedTx<T>, Feed<T>) {
    let (tx, rx) = mpsc::unbounded_channel();
    (
        FeedTx {
            tx: Tx::Unbounded(tx),
            wake: wake.cloned(),
        },
        Feed {
            rx: Rx::Unbounded(rx),
            task: None,
        },
    )
}

/// A feed that holds at most `ahead` items: its producer waits (`send`) until the consumer takes one.
pub fn bounded<T>(ahead: usize, wake: Option<&Backend>) -> (FeedTx<T>, Feed<T>) {
    let (tx, rx) = mpsc::channel(ahead);
    (
        FeedTx {
            tx: Tx::Bounded(tx),
            wake: wake.cloned(),
        },
        Feed {
            rx: Rx::Bounded(rx),
            task: None,
        },
    )
}

impl<T> FeedTx<T> {
    /// Sends `item`, waiting for room in a bounded feed; false when the feed was dropped (stop producing).
    pub async fn send(&self, item: T) -> bool {
        let sent = match &self.tx {
            Tx::Bounded(t) => t.send(item).await.is_ok(),
            Tx::Unbounded(t) => t.send(item).is_ok(),
        };
        self.woken(sent)
    }

    /// Sends `item` from a thread that may block (the blocking pool, a thread of its own), waiting for room in
    /// a bounded feed; false when the feed was dropped. Never from a task on the runtime.
    pub fn blocking_send(&self, item: T) -> bool {
        let sent = match &self.tx {
            Tx::Bounded(t) => t.blocking_send(item).is_ok(),
            Tx::Unbounded(t) => t.send(item).is_ok(),
        };
        self.woken(sent)
    }

    /// Sends `item` at once, from code that can neither wait nor block (a callback): an unbounded feed always
    /// has room; a full bounded feed refuses it (false), as a dropped one does.
    pub fn send_now(&self, item: T) -> bool {
        let sent = match &self.tx {
            Tx::Bounded(t) => t.try_send(item).is_ok(),
            Tx::Unbounded(t) => t.send(item).is_ok(),
        };
        self.woken(sent)
    }

    /// Whether the feed was dropped: whoever it was for no longer listens.
    pub fn is_closed(&self) -> bool {
        match &self.tx {
            Tx::Bounded(t) => t.is_closed(),
            Tx::Unbounded(t) => t.is_closed(),
        }
    }

    fn woken(&self, sent: bool) -> bool {
        if sent && let Some(b) = &self.wake {
            b.wake();
        }
        sent
    }
}

impl<T> Feed<T> {
    /// Ties the producing task to the feed: dropping the feed aborts it.
    pub fn owning(mut self, task: AbortHandle) -> Self {
        self.task = Some(task);
        self
    }

    /// The next item, waiting for it; None once every sender is gone and all is taken.
    pub async fn next(&mut self) -> Option<T> {
        match &mut self.rx {
            Rx::Bounded(r) => r.recv().await,
            Rx::Unbounded(r) => r.recv().await,
        }
    }

    /// The next item if one has arrived (Err(true): the feed has ended; Err(false): nothing yet).
    pub fn try_next(&mut self) -> Result<T, bool> {
        let got = match &mut self.rx {
            Rx::Bounded(r) => r.try_recv(),
            Rx::Unbounded(r) => r.try_recv(),
        };
        got.map_err(|e| e == mpsc::error::TryRecvError::Disconnected)
    }

    /// The feed as a stream, for work that reads it as one (a copy reading a scan's record as it goes).
    pub fn into_stream(self) -> impl futures_util::Stream<Item = T> + Send
    where
        T: Send,
    {
        futures_util::stream::unfold(
            self,
            |mut feed| async move { feed.next().await.map(|item| (item, feed)) },
        )
    }

    /// Everything that arrived since the last look (the UI takes it once per frame).
    pub fn arrived(&mut self) -> Arrived<T> {
        let mut items = Vec::new();
        let ended = loop {
            match self.try_next() {
                Ok(item) => items.push(item),
                Err(ended) => break ended,
            }
        };
        Arrived { items, ended }
    }
}

impl<T> Drop for Feed<T> {
    fn drop(&mut self) {
        if let Some(task) = &self.task {
            task.abort();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn every_item_wakes_the_ui_arrives_in_order_and_a_dropped_feed_stops_its_producer() {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let wakes = Arc::new(AtomicUsize::new(0));
        let w = wakes.clone();
        let backend = Backend::new(
            rt.handle().clone(),
            Arc::new(move || {
                w.fetch_add(1, Ordering::SeqCst);
            }),
        );
        let (tx, mut feed) = unbounded::<u32>(Some(&backend));
        assert!(tx.send_now(1) && tx.blocking_send(2));
        assert_eq!(wakes.load(Ordering::SeqCst), 2);
        let seen = feed.arrived();
        assert_eq!((seen.items, seen.ended), (vec![1, 2], false));
        drop(tx);
        assert!(feed.arrived().ended, "every sender gone: the feed has ended");

        // A bounded feed makes its producer wait; dropping the feed aborts the task it owns.
        let (tx, feed) = bounded::<u32>(1, None);
        let sent = Arc::new(AtomicUsize::new(0));
        let s = sent.clone();
        let task = rt.spawn(async move {
            for i in 0.. {
                if !tx.send(i).await {
                    return;
                }
                s.fetch_add(1, Ordering::SeqCst);
            }
        });
        let feed = feed.owning(task.abort_handle());
        std::thread::sleep(std::time::Duration::from_millis(50));
        assert_eq!(sent.load(Ordering::SeqCst), 1, "one item of room: the producer waits");
        drop(feed);
        let ended = rt.block_on(task);
        assert!(
            ended.is_err_and(|e| e.is_cancelled()),
            "the producer was aborted with its feed"
        );
    }
}
