//! What tests, benchmarks and the binary read and set on the running app: a few explicit accessors, so that
//! they depend on what the app offers rather than on how its fields are laid out.

use std::collections::VecDeque;
use std::sync::Arc;

use crate::app::accounts::connections::Connection;
use crate::app::accounts::profiles::{AccountProfile, AppPaths};
use crate::app::blob::pane::BlobPane;
use crate::app::context::Notice;
use crate::app::frame::app::TesseraApp;
use crate::app::lab::ConflictLab;
use crate::app::queue::pane::QueuePane;
use crate::app::runtime::backend::Backend;
use crate::app::runtime::dialogs::FileDialogs;
use crate::app::runtime::jobs::Job;
use crate::app::table::pane::TablePane;
use crate::storage::{Client, ClientOptions, RequestEvent};

impl TesseraApp {
    /// The active tab's pane as the concrete type a test reads (`TablePane`, `BlobPane`, `QueuePane`), when it is
    /// one: the one place the frame downcasts a pane; everything else speaks to it through `context::pane::Pane`.
    fn active_pane<T: 'static>(&self) -> Option<&T> {
        let tab = self.tabs.active.and_then(|i| self.tabs.list.get(i))?;
        let pane: &dyn crate::app::context::pane::Pane = tab.pane.as_deref()?;
        pane.as_any().downcast_ref()
    }

    fn active_pane_mut<T: 'static>(&mut self) -> Option<&mut T> {
        let tab = self.tabs.active.and_then(|i| self.tabs.list.get_mut(i))?;
        let pane: &mut dyn crate::app::context::pane::Pane = tab.pane.as_deref_mut()?;
        pane.as_any_mut().downcast_mut()
    }

    /// The table pane of the active tab, when it is one (and its account is open).
    pub fn active_table(&self) -> Option<&TablePane> {
        self.active_pane()
    }

    /// The same, to drive it as a test would through a control it cannot reach by label (a slider).
    pub fn active_table_mut(&mut self) -> Option<&mut TablePane> {
        self.active_pane_mut()
    }

    pub fn active_blob(&self) -> Option<&BlobPane> {
        self.active_pane()
    }

    /// The same, to drive it as a test would through a control it cannot reach by label (a slider).
    pub fn active_queue_mut(&mut self) -> Option<&mut QueuePane> {
        self.active_pane_mut()
    }

    pub fn active_blob_mut(&mut self) -> Option<&mut BlobPane> {
        self.active_pane_mut()
    }

    pub fn active_queue(&self) -> Option<&QueuePane> {
        self.active_pane()
    }

    /// Closed tabs still running unseen until what they sent has landed.
    pub fn tabs_closed_still_working(&self) -> usize {
        self.tabs.closed.len()
    }

    pub fn open_tab_count(&self) -> usize {
        self.tabs.list.len()
    }

    pub fn activate_tab(&mut self, index: usize) {
        if index < self.tabs.list.len() {
            self.tabs.active = Some(index);
        }
    }

    /// Every request the inspector holds, oldest first.
    pub fn requests(&self) -> &VecDeque<RequestEvent> {
        &self.panels.inspector.events
    }

    pub fn notices(&self) -> &[Notice] {
        &self.panels.notices
    }

    pub fn jobs(&self) -> &[Job] {
        &self.jobs.list
    }

    /// Starts a long job (with progress and cancel) that shows in the activity list.
    pub fn start_job(
        &mut self,
        title: impl Into<String>,
        unit: crate::app::runtime::jobs::Unit,
        factory: crate::app::runtime::jobs::JobFactory,
    ) -> crate::app::runtime::jobs::JobId {
        let backend = self.backend.clone();
        self.jobs.start(&backend, title, unit, factory)
    }

    /// Shows the activity list or the HTTP inspector in the bottom panel.
    pub fn show_bottom(&mut self, view: crate::app::frame::app::BottomView) {
        self.settings.bottom = view;
    }

    /// What typing in the inspector's filter box does.
    pub fn filter_requests(&mut self, text: &str) {
        self.panels.inspector.text_filter = text.to_string();
    }

    pub fn running_jobs(&self) -> usize {
        self.jobs.running()
    }

    /// Whether the window's close went through (at once, or after the question and the work it waited for).
    pub fn window_closed(&self) -> bool {
        self.session.quitting.is_gone()
    }

    pub fn clear_finished_jobs(&mut self) {
        self.jobs.clear_finished();
    }

    pub fn lab(&self) -> Option<&ConflictLab> {
        self.lab.window.as_deref()
    }

    /// The lens window, while one is open.
    pub fn lens(&self) -> Option<&crate::app::lens::LensWindow> {
        self.windows.lens.window.as_ref()
    }

    pub fn paths(&self) -> &AppPaths {
        &self.session.paths
    }

    pub fn backend(&self) -> &Backend {
        &self.backend
    }

    /// The saved account with this label.
    pub fn profile(&self, label: &str) -> Option<&AccountProfile> {
        self.accounts
            .connections
            .list
            .iter()
            .map(|c| &c.profile)
            .find(|p| p.label == label)
    }

    pub fn profile_ids(&self) -> Vec<String> {
        self.accounts
            .connections
            .list
            .iter()
            .map(|c| c.profile.id.clone())
            .collect()
    }

    /// An account's open client, once it has connected.
    pub fn client(&self, profile_id: &str) -> Option<Client> {
        self.accounts.connections.client(profile_id)
    }

    /// Starts connecting an account, as opening it in the tree does.
    pub fn connect(&mut self, profile_id: &str) {
        let backend = self.backend.clone();
        self.accounts.connections.open(&backend, profile_id);
    }

    /// What the keychain holds for a profile (a blocking call: for tests only).
    pub fn stored_secret(&self, profile_id: &str) -> Result<Option<String>, String> {
        self.accounts.secrets.load(profile_id)
    }

    /// Lists an account at `position` in the tree for this run (as the run command does with its emulator).
    pub fn add_account_for_this_run(&mut self, position: usize, profile: AccountProfile) {
        let at = position.min(self.accounts.connections.list.len());
        self.accounts.connections.list.insert(at, Connection::new(profile));
    }

    /// Whether secrets go to the OS keychain (rather than this run's memory, when there is none).
    pub fn keychain_in_use(&self) -> bool {
        self.accounts.secrets.uses_keychain()
    }

    /// Waits until the account list and the log hold every change made so far (they are written off the UI
    /// thread).
    pub fn sync_files(&self) {
        self.accounts.profile_saver.sync();
        self.session.log.sync();
    }

    /// How accounts' clients behave from now on (timeouts, retries).
    pub fn set_client_options(&mut self, options: ClientOptions) {
        self.accounts.connections.options = options;
    }

    /// Where file dialogs come from (tests script them).
    pub fn set_dialogs(&mut self, dialogs: Arc<dyn FileDialogs>) {
        self.session.dialogs = dialogs;
    }

    /// Keeps something alive as long as the app (the emulator the run command started).
    pub fn keep_alive(&mut self, thing: Box<dyn std::any::Any>) {
        self.session.keep_alive.push(thing);
    }
}
