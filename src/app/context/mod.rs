//! What a pane may use while it draws or polls: the pane context (the account's client, the backend, the jobs,
//! notices, file dialogs, the leases this app holds, and a slot to open the conflict lab on a resource), and
//! the runtime's pieces a pane works with. A pane imports from here, the shared widgets, its own folder and the
//! storage client; nothing else of the app.

pub mod clipboard;
pub mod commands;
pub mod draft;
pub mod feature;
pub mod features;
pub mod index_map;
pub mod leases;
pub mod open_lab;
pub mod pane;
pub mod saved_queries;
pub mod sent;
pub mod shell;

use std::sync::Arc;

use crate::app::context::open_lab::FreeTarget;
pub use crate::app::runtime::backend::{Backend, Pending, SentCount};
pub use crate::app::runtime::dialogs::FileDialogs;
pub use crate::app::runtime::feed::{self, Feed, FeedTx};
pub use crate::app::runtime::in_flight::InFlight;
pub use crate::app::runtime::jobs::{
    JobContext, JobFuture, JobId, JobReplies, JobState, Jobs, ReplyTx, Touched, Unit, job_replies,
};
pub use crate::app::runtime::transfer_journal::{Direction, TransferJournal, Unfinished, file_stamp};
use crate::storage::Client;
use leases::LeaseBook;

/// A message for the user above the tabs: an error in plain words, or news.
#[derive(Clone, Debug)]
pub struct Notice {
    pub text: String,
    pub error: bool,
}

/// What a pane may use while it draws or polls.
pub struct PaneContext<'a> {
    pub backend: &'a Backend,
    pub client: &'a Client,
    pub jobs: &'a mut Jobs,
    pub notices: &'a mut Vec<Notice>,
    pub dialogs: &'a Arc<dyn FileDialogs>,
    pub leases: &'a mut LeaseBook,
    /// Set by a pane to open the conflict lab on one of its resources.
    pub lab: &'a mut Option<FreeTarget>,
    /// Blobs copied or cut in one tab, for a paste in another (of any account).
    pub blob_clipboard: &'a mut Option<clipboard::BlobClipboard>,
    /// An entity picked in one table tab, to compare with one of another (of any account).
    pub picks: &'a mut clipboard::Picks,
    /// The queries saved by name, shared by every table tab (the app keeps them with its settings).
    pub saved_queries: &'a mut saved_queries::SavedQueries,
    /// The account's profile id, and where unfinished transfers are written down (None: not journaled).
    pub profile_id: &'a str,
    /// The container, table or queue the tab shows.
    pub resource: &'a str,
    pub journal: Option<&'a TransferJournal>,
    /// What the pane's tab has sent and not yet heard back about (see `send`).
    pub sent: &'a SentCount,
}

impl PaneContext<'_> {
    /// Sends a write (a save, a lease action, a delete, a clear): never aborted, and counted in the tab's
    /// `SentCount` until its reply is taken, so closing the tab lets it land and be recorded. Every write a pane
    /// makes goes through here or a job; a read goes through `backend.spawn` and is aborted with its tab.
    pub fn send<T: Send + 'static>(&self, work: impl std::future::Future<Output = T> + Send + 'static) -> Pending<T> {
        self.backend.send(self.sent, work)
    }

    /// Asks for files in the system's dialog, off the UI thread (None: the user cancelled).
    pub fn pick_files(&self, title: String) -> Pending<Option<Vec<std::path::PathBuf>>> {
        let dialogs = self.dialogs.clone();
        self.backend.spawn_blocking(move || dialogs.pick_files(&title))
    }

    /// Asks for a folder in the system's dialog, off the UI thread (one path, or None).
    pub fn pick_folder(&self, title: String) -> Pending<Option<Vec<std::path::PathBuf>>> {
        let dialogs = self.dialogs.clone();
        self.backend
            .spawn_blocking(move || dialogs.pick_folder(&title).map(|p| vec![p]))
    }

    /// Asks where to save a file in the system's dialog (which asks about a file already there), off the UI
    /// thread (one path, or None).
    pub fn save_file(&self, title: String, name: String) -> Pending<Option<Vec<std::path::PathBuf>>> {
        let dialogs = self.dialogs.clone();
        self.backend
            .spawn_blocking(move || dialogs.save_file(&title, &name).map(|p| vec![p]))
    }

    /// Starts a job of this pane (see `Jobs::run`): the activity list shows it with progress, cancel and retry.
    pub fn start_job<S, W, F>(&mut self, title: impl Into<String>, unit: Unit, state: S, work: W) -> JobId
    where
        S: Clone + Send + Sync + 'static,
        W: Fn(JobContext, S) -> F + Send + Sync + 'static,
        F: std::future::Future<Output = Result<String, crate::storage::StorageError>> + Send + 'static,
    {
        let id = self.jobs.run(self.backend, title, unit, state, work);
        // What the tab shows is what its jobs change: that tab reads again when the job ends.
        self.jobs.touch(id, self.touched());
        id
    }

    /// Starts a job whose outcome its feature takes into the tab itself, item by item, as each answer lands (a
    /// tier change): neither the tab nor the tree is read again when it ends.
    pub fn start_job_answered<S, W, F>(&mut self, title: impl Into<String>, unit: Unit, state: S, work: W) -> JobId
    where
        S: Clone + Send + Sync + 'static,
        W: Fn(JobContext, S) -> F + Send + Sync + 'static,
        F: std::future::Future<Output = Result<String, crate::storage::StorageError>> + Send + 'static,
    {
        let id = self.jobs.run(self.backend, title, unit, state, work);
        self.jobs.makes_no_resources(id);
        id
    }

    /// The resource this pane's tab shows, as a job that changes it is tagged.
    pub fn touched(&self) -> crate::app::runtime::jobs::Touched {
        crate::app::runtime::jobs::Touched {
            profile_id: self.profile_id.to_string(),
            name: self.resource.to_string(),
        }
    }
}
