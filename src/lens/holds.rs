//! Requests (or answers) a hold rule keeps waiting: what is held, since when, and the verdict that ends the
//! wait (release, drop, or an answer given by hand), given by the window or by the rule's own time running out.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

use crate::lens::rules::Stage;

/// How a hold ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Goes on as if never held.
    Release,
    /// The app's connection is closed with no answer.
    Drop,
    /// Answered in the service's place with this status and error code.
    Answer { status: u16, code: String },
}

/// A held request as the window shows it.
#[derive(Clone, Debug)]
pub struct HeldView {
    pub id: u64,
    /// The request's number in the journal.
    pub number: u64,
    pub operation: String,
    pub resource: String,
    pub stage: Stage,
    pub since: Instant,
    /// The request's own `timeout` parameter (seconds), after which the service (and the app) give up.
    pub timeout: Option<u64>,
}

struct Held {
    view: HeldView,
    verdict: oneshot::Sender<Verdict>,
}

/// Every hold under way.
#[derive(Clone, Default)]
pub struct Holds {
    inner: Arc<Mutex<(u64, Vec<Held>)>>,
}

impl Holds {
    /// Holds until a verdict, or for `limit` and then releases.
    pub async fn hold(&self, mut view: HeldView, limit: Option<Duration>) -> Verdict {
        let (tx, rx) = oneshot::channel();
        let id = {
            let mut inner = self.inner.lock().expect("holds");
            inner.0 += 1;
            view.id = inner.0;
            let id = view.id;
            inner.1.push(Held { view, verdict: tx });
            id
        };
        let verdict = match limit {
            Some(limit) => tokio::time::timeout(limit, rx).await.unwrap_or(Ok(Verdict::Release)),
            None => rx.await,
        };
        self.inner.lock().expect("holds").1.retain(|h| h.view.id != id);
        // A lens closed while holding lets the request go on: nothing is dropped without the user's word.
        verdict.unwrap_or(Verdict::Release)
    }

    pub fn held(&self) -> Vec<HeldView> {
        self.inner
            .lock()
            .expect("holds")
            .1
            .iter()
            .map(|h| h.view.clone())
            .collect()
    }

    /// Ends one hold; false when it had already ended.
    pub fn decide(&self, id: u64, verdict: Verdict) -> bool {
        let mut inner = self.inner.lock().expect("holds");
        let Some(at) = inner.1.iter().position(|h| h.view.id == id) else {
            return false;
        };
        let held = inner.1.remove(at);
        held.verdict.send(verdict).is_ok()
    }
}
