//! A listing walked in the background: one task on the runtime asks for each page as soon as the previous one
//! arrived (not a frame later, which at a thousand pages would add seconds), folds it there (a search keeps its
//! matches, statistics their sums, Load all the whole page) and hands the result over a channel; the pane takes
//! what has arrived each frame. Dropping the walk (Stop, a new listing, a closed tab) stops the task.

use std::ops::Range;
use std::sync::Arc;
use std::time::Instant;

use tokio_util::task::AbortOnDropHandle;

use crate::app::blob::listed::ListedBlobs;
use crate::app::context::Backend;
use crate::app::context::feed::{self, Feed, FeedTx};
use crate::app::widgets::i18n::{language, speaking, t, tr};
use crate::storage::blob::{BlobListing, ListBlobsOptions, list_in_parts};
use crate::storage::{Client, StorageError};

/// Rows of a walk over listed rows folded at once: a listing page's worth.
const ROWS_AT_ONCE: usize = 5000;

/// Where a walk's task sends each page folded, with how many blobs it listed.
type Sender<T> = FeedTx<Result<(usize, T), StorageError>>;

pub struct Walk<T> {
    /// Each page folded, with how many blobs it listed; dropping it stops the walk's task.
    folded: Feed<Result<(usize, T), StorageError>>,
}

/// What a walk handed over since the last look, and whether it has ended (the last page, or a failure).
pub struct Arrived<T> {
    pub pages: Vec<Result<T, StorageError>>,
    /// The blobs those pages listed.
    pub listed: u64,
    pub ended: bool,
}

impl<T: Send + 'static> Walk<T> {
    /// Lists each of `starts` from its marker to its end, one after the other, folding every page with `fold`
    /// on the runtime; stops at the first failure (which it hands over).
    pub fn start(
        backend: &Backend,
        client: Client,
        container: String,
        starts: Vec<ListBlobsOptions>,
        mut fold: impl FnMut(BlobListing) -> T + Send + 'static,
    ) -> Walk<T> {
        Walk::spawn(backend, move |tx| async move {
            for mut options in starts {
                let ask = |options: &ListBlobsOptions| {
                    let (client, container, options) = (client.clone(), container.clone(), options.clone());
                    // Aborted with the walk: Stop or a closed tab leaves no request behind. A task of its own,
                    // so it is told the walk's language, to say a failure in.
                    let page = async move { client.list_blobs(&container, &options).await };
                    AbortOnDropHandle::new(tokio::spawn(speaking(language(), page)))
                };
                let mut asked = ask(&options);
                loop {
                    let Ok(page) = (&mut asked).await else { return };
                    let next = page.as_ref().ok().and_then(|p| p.next_marker.clone());
                    // The next page is asked for before this one is folded: its request and parsing overlap
                    // the fold, so a search runs at the listing's rate, not at the listing's plus its own.
                    if let Some(marker) = &next {
                        options.marker = Some(marker.clone());
                        asked = ask(&options);
                    }
                    let failed = page.is_err();
                    let folded = page.map(|p| (p.blobs.len(), fold(p)));
                    if !tx.send(folded).await || failed {
                        return;
                    }
                    if next.is_none() {
                        break;
                    }
                }
            }
        })
    }

    /// Lists what follows `after` (the last name shown) in parts at once (`list_in_parts`), the pages handed
    /// over in name order, each with the marker a later listing would resume from.
    pub fn in_parts(
        backend: &Backend,
        client: Client,
        container: String,
        options: ListBlobsOptions,
        after: String,
        mut fold: impl FnMut(BlobListing) -> T + Send + 'static,
    ) -> Walk<T> {
        Walk::spawn(backend, move |tx| async move {
            let listed = list_in_parts(&client, &container, &options, &after, |page| {
                tx.send_now(Ok((page.blobs.len(), fold(page))))
            })
            .await;
            if let Err(e) = listed {
                tx.send_now(Err(e));
            }
        })
    }

    /// Walks rows already listed (`range` of `list`) rather than the service: chunks of a listing page's size,
    /// folded by `fold` on the blocking pool and handed over as a listing's pages are; no request is sent. It
    /// ends when the walk is dropped (the next send fails).
    pub fn over_rows(
        backend: &Backend,
        list: Arc<ListedBlobs>,
        range: Range<usize>,
        mut fold: impl FnMut(&ListedBlobs, Range<usize>) -> T + Send + 'static,
    ) -> Walk<T> {
        Walk::spawn(backend, move |tx| async move {
            let _ = tokio::task::spawn_blocking(move || {
                let end = range.end;
                for at in range.step_by(ROWS_AT_ONCE) {
                    let chunk = at..(at + ROWS_AT_ONCE).min(end);
                    if !tx.blocking_send(Ok((chunk.len(), fold(&list, chunk)))) {
                        return;
                    }
                }
            })
            .await;
        })
    }

    /// Runs `walk` on the runtime with the sending end of the walk's feed (each page sent wakes the UI); when
    /// it returns, the sender drops, the feed ends, and the UI is woken to see it.
    fn spawn<F: std::future::Future<Output = ()> + Send + 'static>(
        backend: &Backend,
        walk: impl FnOnce(Sender<T>) -> F,
    ) -> Walk<T> {
        let (tx, folded) = feed::unbounded(Some(backend));
        let waker = backend.clone();
        // Its own task, not `Backend::spawn`'s: it speaks the window's language, as that one would.
        let body = speaking(language(), walk(tx));
        let task = backend
            .runtime()
            .spawn(async move {
                body.await;
                waker.wake();
            })
            .abort_handle();
        Walk {
            folded: folded.owning(task),
        }
    }

    /// The folded pages that arrived since the last call.
    pub fn arrived(&mut self) -> Arrived<T> {
        let mut listed = 0;
        let arrived = self.folded.arrived();
        let pages = arrived
            .items
            .into_iter()
            .map(|page| {
                page.map(|(n, folded)| {
                    listed += n as u64;
                    folded
                })
            })
            .collect();
        Arrived {
            pages,
            listed,
            ended: arrived.ended,
        }
    }
}

/// A walk the user started and watches: how far it got, how fast, how it ended. Search and statistics each
/// hold one; what they fold is theirs.
pub struct WalkJob<T> {
    walk: Option<Walk<T>>,
    /// Blobs listed so far.
    pub listed: u64,
    started: Instant,
    ended: Option<Instant>,
    pub error: Option<StorageError>,
    /// Stopped by the user before the listing's end (what arrived stays).
    pub stopped: bool,
}

impl<T: Send + 'static> WalkJob<T> {
    pub fn new(walk: Walk<T>) -> WalkJob<T> {
        WalkJob {
            walk: Some(walk),
            listed: 0,
            started: Instant::now(),
            ended: None,
            error: None,
            stopped: false,
        }
    }

    /// What arrived since the last frame, folded; the job ends with the listing, a failure or Stop.
    pub fn take(&mut self) -> Vec<T> {
        let Some(walk) = &mut self.walk else { return Vec::new() };
        let arrived = walk.arrived();
        self.listed += arrived.listed;
        let mut folded = Vec::new();
        for page in arrived.pages {
            match page {
                Ok(f) => folded.push(f),
                Err(e) => self.error = Some(e),
            }
        }
        if arrived.ended || self.error.is_some() {
            self.finish();
        }
        folded
    }

    pub fn stop(&mut self) {
        if self.is_running() {
            self.stopped = true;
            self.finish();
        }
    }

    fn finish(&mut self) {
        self.walk = None;
        self.ended = Some(Instant::now());
    }

    pub fn is_running(&self) -> bool {
        self.walk.is_some()
    }

    /// Blobs listed a second, over the time the job ran (or has been running).
    pub fn rate(&self) -> f64 {
        let secs = self
            .ended
            .unwrap_or_else(Instant::now)
            .duration_since(self.started)
            .as_secs_f64();
        if secs > 0.0 { self.listed as f64 / secs } else { 0.0 }
    }

    /// "1,234,000 names listed, 52,000 a second; stopped" in words.
    pub fn progress_words(&self) -> String {
        let state = t(if self.is_running() {
            "blob-walk-listing"
        } else if self.error.is_some() {
            "blob-walk-failed"
        } else if self.stopped {
            "blob-walk-stopped"
        } else {
            "blob-walk-done"
        });
        tr!(
            "blob-walk-progress",
            count = self.listed,
            rate = self.rate() as u64,
            state = state
        )
    }
}

/// How far a walk got and how fast, and its failure in plain words.
pub fn job_state<T: Send + 'static>(ui: &mut egui::Ui, job: &WalkJob<T>) {
    ui.label(job.progress_words());
    if let Some(e) = &job.error {
        ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
    }
}
