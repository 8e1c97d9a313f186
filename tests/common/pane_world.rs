//! A pane's world without the app: a runtime's backend, jobs and the rest a `PaneContext` borrows, for model
//! tests and benchmarks that drive one pane directly (the benchmarks include this file by path).
#![allow(dead_code)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use tessera::app::context::PaneContext;
use tessera::app::context::leases::LeaseBook;
use tessera::app::lab::free::FreeTarget;
use tessera::app::runtime::backend::Backend;
use tessera::app::runtime::dialogs::{FileDialogs, NativeDialogs};
use tessera::app::runtime::jobs::Jobs;
use tessera::storage::Client;

/// How long `World::until` waits: far beyond any reply from a local Azurite, even on a loaded machine.
const UNTIL_LIMIT: Duration = Duration::from_secs(60);

pub struct World {
    /// How long `until` waits before it fails: a minute, longer for a bench listing ten million blobs.
    pub patience: Duration,
    pub backend: Backend,
    pub client: Client,
    pub jobs: Jobs,
    pub notices: Vec<tessera::app::Notice>,
    pub dialogs: Arc<dyn FileDialogs>,
    pub leases: LeaseBook,
    pub lab: Option<FreeTarget>,
    pub blob_clipboard: Option<tessera::app::context::clipboard::BlobClipboard>,
    pub picks: tessera::app::context::clipboard::Picks,
    pub saved_queries: tessera::app::context::saved_queries::SavedQueries,
    pub sent: tessera::app::context::SentCount,
}

impl World {
    pub fn new(rt: &tokio::runtime::Runtime, client: Client) -> World {
        World {
            patience: UNTIL_LIMIT,
            backend: Backend::new(rt.handle().clone(), Arc::new(|| {})),
            client,
            jobs: Jobs::default(),
            notices: Vec::new(),
            dialogs: Arc::new(NativeDialogs),
            leases: LeaseBook::default(),
            lab: None,
            blob_clipboard: None,
            picks: Default::default(),
            saved_queries: Default::default(),
            sent: Default::default(),
        }
    }

    /// Lends a pane what it needs for one call.
    pub fn with<R>(&mut self, f: impl FnOnce(&mut PaneContext) -> R) -> R {
        self.jobs.poll();
        let mut ctx = PaneContext {
            backend: &self.backend,
            client: &self.client,
            jobs: &mut self.jobs,
            notices: &mut self.notices,
            dialogs: &self.dialogs,
            leases: &mut self.leases,
            lab: &mut self.lab,
            blob_clipboard: &mut self.blob_clipboard,
            picks: &mut self.picks,
            saved_queries: &mut self.saved_queries,
            profile_id: "pane-world",
            resource: "",
            journal: None,
            sent: &self.sent,
        };
        f(&mut ctx)
    }

    /// Polls until `done` holds (the UI would poll once per frame; here every millisecond), for at most
    /// `patience` (a minute): a reply that never comes fails the test in words instead of hanging it.
    pub fn until(&mut self, mut done: impl FnMut(&mut PaneContext) -> bool) {
        let (patience, deadline) = (self.patience, Instant::now() + self.patience);
        loop {
            if self.with(&mut done) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "what the test waited for did not happen within {patience:?}"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

/// How many steps a model test takes in all: `TESSERA_MODEL_STEPS`, or `default`.
pub fn model_steps(default: u32) -> u32 {
    std::env::var("TESSERA_MODEL_STEPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// A model test's proptest settings: `cases` runs, and a shrink that ends within five minutes, so a failure
/// reports a (perhaps not minimal) failing sequence in minutes rather than shrinking for hours: each case drives
/// a real Azurite through a hundred steps.
pub fn model_config(cases: u32) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases,
        max_shrink_iters: 300,
        max_shrink_time: 300_000,
        ..Default::default()
    }
}

/// The runtime a model test's pane and direct client share.
pub fn model_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}
