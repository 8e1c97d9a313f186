//! The app's state and its routing: everything the window holds, what arrives from the backend each frame
//! (request events, finished work, job ends) and where it goes, and the actions that span panes (open a tab,
//! delete a resource after asking, open the conflict lab).

use crate::app::widgets::i18n::{t, tr};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::app::accounts::connections::Connections;
use crate::app::accounts::profiles::AppPaths;
use crate::app::accounts::secrets::{Secrets, Stored};
use crate::app::accounts::tree::{Explorer, TabTarget};
use crate::app::context::InFlight;
use crate::app::context::Notice;
use crate::app::frame::inspector::Inspector;
use crate::app::frame::tabs::Tabs;
use crate::app::runtime::backend::Backend;
use crate::app::runtime::jobs::{Jobs, Unit};
use crate::app::runtime::log::AppLog;

use crate::storage::StorageError;

/// What is remembered between runs (eframe persistence): never a secret.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct UiSettings {
    pub dark: bool,
    /// View > High contrast: white and yellow on black (over the dark theme), WCAG 2.1 AA for every text colour.
    #[serde(default)]
    pub high_contrast: bool,
    /// View > Language: None follows the system's.
    #[serde(default)]
    pub language: Option<crate::app::widgets::i18n::Language>,
    pub open_tabs: Vec<TabTarget>,
    pub active_tab: Option<usize>,
    pub bottom: BottomView,
    /// Whether the activity / inspector panel is shown (its height egui remembers by itself).
    #[serde(default)]
    pub bottom_open: bool,
    /// Resources opened lately, newest first (the welcome lists those of accounts still in the list).
    #[serde(default)]
    pub recent: Vec<TabTarget>,
    /// The proxy chosen under Tools > Proxy… (its password is in the keychain).
    #[serde(default)]
    pub proxy: crate::app::accounts::proxy_settings::ProxySettings,
    /// Queries saved by name in table tabs.
    #[serde(default)]
    pub saved_queries: crate::app::context::saved_queries::SavedQueries,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum BottomView {
    #[default]
    Activity,
    Inspector,
}

pub use crate::app::frame::confirm_words::Confirm;
pub use crate::app::frame::parts::{OpResult, PanelFocus};

pub struct TesseraApp {
    pub(crate) backend: Backend,
    pub(crate) settings: UiSettings,
    pub(crate) tabs: Tabs,
    pub(crate) jobs: Jobs,
    pub(crate) accounts: crate::app::frame::parts::Accounts,
    pub(crate) windows: crate::app::frame::parts::Windows,
    pub(crate) lab: crate::app::frame::parts::Lab,
    pub(crate) shared: crate::app::frame::parts::SharedState,
    pub(crate) panels: crate::app::frame::parts::Panels,
    pub(crate) session: crate::app::frame::parts::AppSession,
    pub(crate) ops: crate::app::frame::parts::OneOffs,
}

impl TesseraApp {
    pub fn new(backend: Backend, paths: AppPaths, secrets: Arc<Secrets>, settings: Option<UiSettings>) -> Self {
        let log = Arc::new(AppLog::open(&paths.log_file));
        let mut notices = Vec::new();
        if !log.is_open() {
            notices.push(Notice {
                text: tr!("notice-no-log", path = paths.log_file.display().to_string()),
                error: true,
            });
        }
        let loaded = crate::app::accounts::account_file::load(&paths.accounts_file);
        if let Some(problem) = &loaded.problem {
            notices.push(Notice {
                text: problem.clone(),
                error: true,
            });
        }
        let profiles = loaded.profiles;

        log.line(&format!("started; {} accounts", profiles.len())); // i18n-ignore: the log
        let settings = settings.unwrap_or_default();
        let interrupted = crate::app::frame::interrupted::Interrupted::load(&paths.transfers_dir);
        let proxy = crate::app::accounts::proxy_settings::ProxySetup::start(&settings.proxy, &secrets, &backend);
        let mut app = TesseraApp {
            accounts: crate::app::frame::parts::Accounts {
                connections: Connections::new(profiles, secrets.clone()),
                profile_saver: crate::app::accounts::saver::ProfileSaver::new(
                    paths.accounts_file.clone(),
                    loaded.kept,
                    loaded.read_only,
                ),
                secrets,
                explorer: Explorer::default(),
                editor: None,
                proxy,
                saving_secret: InFlight::default(),
                keychain_check: InFlight::default(),
            },
            backend,
            settings: settings.clone(),
            tabs: Tabs::default(),
            jobs: Jobs::default(),
            windows: Default::default(),
            lab: Default::default(),
            shared: Default::default(),
            panels: crate::app::frame::parts::Panels {
                notices,
                inspector: Inspector::default(),
                focus: PanelFocus::Tree,
                jobs_seen: 0,
                theme_applied: None,
            },
            session: crate::app::frame::parts::AppSession {
                paths,
                log,
                dialogs: Arc::new(crate::app::runtime::dialogs::NativeDialogs),
                interrupted,
                quitting: Default::default(),
                keep_alive: Vec::new(),
            },
            ops: Default::default(),
        };
        // Connecting to the keychain blocks (D-Bus, the login keychain): find out off the UI thread.
        let check = app.accounts.secrets.clone();
        app.accounts
            .keychain_check
            .start((), app.backend.spawn_blocking(move || check.check()));
        for target in settings.open_tabs {
            app.open_tab(target);
        }
        app.tabs.active = settings.active_tab.filter(|&i| i < app.tabs.list.len());
        app
    }

    pub fn notice_error(&mut self, e: &StorageError) {
        let line = format!("error: {}", e.plain_words().replace('\n', " | ")); // i18n-ignore: the log
        self.session.log.line(&line);
        self.panels.notices.push(Notice {
            text: e.plain_words(),
            error: true,
        });
    }

    pub fn notice(&mut self, text: impl Into<String>) {
        self.panels.notices.push(Notice {
            text: text.into(),
            error: false,
        });
    }

    /// A window of one account's (`make(id, label)`), the account opened first: its key is read from the
    /// keychain when it opens.
    pub(crate) fn account_window<W>(&mut self, id: &str, make: impl FnOnce(&str, &str) -> W) -> Option<W> {
        self.accounts.connections.open(&self.backend, id);
        self.accounts.connections.get(id).map(|c| make(id, &c.profile.label))
    }

    /// Opens (or focuses) a tab for a resource, connecting its account first if needed.
    pub fn open_tab(&mut self, target: TabTarget) {
        self.accounts.connections.open(&self.backend, &target.profile_id);
        crate::app::frame::recent::remember(&mut self.settings.recent, &target);
        self.tabs.open(target);
        // What was just opened is what the keyboard (Ctrl+R, Ctrl+F) should act on.
        self.panels.focus = PanelFocus::Tabs;
    }

    /// Blobs dragged from a container tab were let go on a container in the tree: its tab opens (or shows) and
    /// pastes them at its root, moved or copied, through the same job and questions as Paste here.
    pub fn drop_blobs(&mut self, target: TabTarget, drag: &crate::app::context::clipboard::BlobDrag, copy: bool) {
        let mut clip = drag.0.clone();
        clip.cut = !copy;
        self.shared.blob_clipboard = Some(clip);
        self.open_tab(target.clone());
        self.tabs.drop_paste = Some((target, String::new()));
    }

    /// Runs a one-off operation on `targets`; its outcome becomes a notice and, if asked, a list refresh.
    pub fn run_op(
        &mut self,
        targets: Vec<TabTarget>,
        work: impl std::future::Future<Output = OpResult> + Send + 'static,
    ) {
        self.ops.pending_ops.add(targets, self.backend.spawn(work));
    }

    /// The tree's creates and deletes sent and not answered: the window's close waits for them.
    pub(crate) fn ops_out(&self) -> usize {
        self.ops.pending_ops.len()
    }

    /// Everything that arrived from the backend: request events, finished work.
    pub fn logic(&mut self) {
        let _frame = crate::storage::in_frame();
        for event in self.backend.drain_events() {
            self.session.log.request(&event);
            self.panels.inspector.push(event);
        }
        if let Some(e) = self.accounts.profile_saver.failure() {
            self.panels.notices.push(Notice { text: e, error: true });
        }
        self.poll_demo();
        self.accounts.connections.poll();
        if let Some(problem) = self.accounts.proxy.poll(&self.settings.proxy) {
            self.panels.notices.push(Notice {
                text: problem,
                error: true,
            });
        }
        crate::app::frame::interrupted::poll(self);
        self.accounts.connections.run_waiting_tests(&self.backend);
        self.accounts.explorer.poll();
        if self.jobs.poll() {
            // A finished seed, import or upload may have made containers, queues or tables the tree should show.
            self.accounts
                .explorer
                .refresh_all(&self.backend, &self.accounts.connections);
        }
        let touched = self.jobs.take_touched();
        if !touched.is_empty() {
            self.tabs.jobs_ended(&touched);
        }
        for (_, r) in self.ops.pending_ops.ready() {
            match r.message {
                Ok(m) => {
                    self.session.log.line(&m);
                    self.notice(m);
                }
                Err(e) => self.notice_error(&e),
            }
            if let Some((id, service)) = r.refresh
                && let Some(client) = self.accounts.connections.client(&id)
            {
                self.accounts.explorer.refresh(&self.backend, &client, &id, service);
            }
            for target in r.gone {
                if let Some(i) = self.tabs.list.iter().position(|t| t.target == target) {
                    crate::app::frame::closing::close(self, i);
                }
            }
        }
        if let Some(Some(why)) = self.accounts.keychain_check.take().map(|(_, v)| v) {
            self.session.log.line(&format!("no keychain: {why}")); // i18n-ignore: the log
            self.notice(tr!("notice-no-keychain", why = why));
        }
        if let Some((label, stored)) = self.accounts.saving_secret.take().map(|(_, v)| v)
            && let Stored::ThisRunOnly(why) = stored
        {
            self.notice(tr!("notice-secret-this-run", account = label, why = why));
        }
        // A queue tab offers "move to" the account's other queues, so their names must be loaded.
        for tab in &self.tabs.list {
            if tab.target.service == crate::storage::Service::Queue
                && let Some(client) = self.accounts.connections.client(&tab.target.profile_id)
            {
                self.accounts.explorer.ensure_loaded(
                    &self.backend,
                    &client,
                    &tab.target.profile_id,
                    crate::storage::Service::Queue,
                );
            }
        }
        let (tabs, mut shared) = self.tabs_and_shared();
        tabs.poll(&mut shared);
        if let Some((profile, target)) = self.lab.request.take() {
            self.open_lab(&profile, Some(target));
        }
        self.poll_lab_opening();
        if let Some(lab) = &mut self.lab.window {
            lab.poll(&self.backend);
        }
        if let Some(words) = self.windows.lens.poll(&self.backend, &self.accounts.connections) {
            self.notice(words);
        }
        if let Some(b) = &mut self.windows.backlogs
            && let Some(client) = self.accounts.connections.client(&b.profile_id)
        {
            b.poll(&self.backend, &client);
        }
    }

    /// The tabs, and what every pane may use, borrowed apart: the tabs lend the rest to their panes.
    pub(crate) fn tabs_and_shared(&mut self) -> (&mut Tabs, crate::app::frame::tabs::Shared<'_>) {
        let shared = crate::app::frame::tabs::Shared {
            connections: &self.accounts.connections,
            backend: &self.backend,
            jobs: &mut self.jobs,
            notices: &mut self.panels.notices,
            dialogs: &self.session.dialogs,
            leases: &mut self.shared.leases,
            explorer: &self.accounts.explorer,
            lab_request: &mut self.lab.request,
            blob_clipboard: &mut self.shared.blob_clipboard,
            picks: &mut self.shared.picks,
            saved_queries: &mut self.settings.saved_queries,
            journal: &self.session.interrupted.journal,
        };
        (&mut self.tabs, shared)
    }

    pub fn confirmed(&mut self, confirm: Confirm) {
        match confirm {
            Confirm::RemoveAccount(id) => {
                let secrets = self.accounts.secrets.clone();
                let forget = id.clone();
                let keychain = secrets.uses_keychain();
                self.backend.run_blocking_detached(move || secrets.forget(&forget));
                self.accounts.connections.list.retain(|c| c.profile.id != id);
                // With a browse account go the accounts it found (and a listed key held in memory).
                for found in self
                    .accounts
                    .connections
                    .drop_found(&id)
                    .into_iter()
                    .chain([id.clone()])
                {
                    self.accounts.explorer.forget_account(&found);
                    self.tabs.close_account(&found);
                }
                self.save_profiles();
                self.notice(t(if keychain {
                    "notice-removed-keychain"
                } else {
                    "notice-removed-this-run"
                }));
            }
            Confirm::SeedMillion(id) => {
                let Some(client) = self.accounts.connections.client(&id) else {
                    self.notice(t("notice-connect-account"));
                    return;
                };
                let title = tr!("job-seed-million", table = crate::demo::MILLION.table);
                self.jobs.run(
                    &self.backend,
                    title,
                    Unit::Items("entities"),
                    client,
                    |job, client| async move { crate::demo::seed_million(&client, &job.progress, &job.cancel).await },
                );
                self.settings.bottom = BottomView::Activity;
            }
            Confirm::CloseTab(target, _) => {
                if let Some(i) = self.tabs.list.iter().position(|t| t.target == target) {
                    crate::app::frame::closing::close(self, i);
                }
            }
            Confirm::DeleteResources(targets, ..) => self.delete_resources(targets),
            Confirm::DeleteResource(target, _) => self.delete_resources(vec![target]),
        }
    }

    /// Opens the conflict lab on an account (two fresh clients), optionally pointed at one resource.
    pub fn open_lab(&mut self, profile_id: &str, target: Option<crate::app::context::open_lab::FreeTarget>) {
        let Some(conn) = self.accounts.connections.get(profile_id) else {
            return;
        };
        let Some(client) = &conn.client else {
            self.notice(t("notice-connect-lab"));
            return;
        };
        // The same account, not the same label or name: two emulators are both devstoreaccount1.
        let same = self
            .lab
            .window
            .as_ref()
            .is_some_and(|l| l.account_identity == client.account().identity());
        if same {
            if let (Some(lab), Some(t)) = (&mut self.lab.window, target) {
                let env = lab.env.clone();
                lab.free.aim(&env, t);
            }
            return;
        }
        // Built off the UI thread: its clients read certificates and set up TLS. A later open replaces it.
        let (account, label, backend) = (
            client.account().clone(),
            conn.profile.label.clone(),
            self.backend.clone(),
        );
        self.lab.aim = target;
        self.lab.opening.start(
            account.identity(),
            self.backend
                .spawn_blocking(move || crate::app::lab::ConflictLab::new(&account, &label, &backend).map(Box::new)),
        );
    }

    /// Takes the lab that finished opening, aimed where it was asked to be.
    fn poll_lab_opening(&mut self) {
        let Some((_, opened)) = self.lab.opening.take() else {
            return;
        };
        match opened {
            Ok(mut lab) => {
                if let Some(t) = self.lab.aim.take() {
                    let env = lab.env.clone();
                    lab.free.aim(&env, t);
                }
                self.lab.window = Some(lab);
            }
            Err(e) => self.notice_error(&e),
        }
    }

    /// The account the user is looking at: the active tab's, else the first connected one.
    pub fn current_profile(&self) -> Option<String> {
        self.tabs
            .active
            .and_then(|i| self.tabs.list.get(i))
            .map(|t| t.target.profile_id.clone())
            .or_else(|| {
                self.accounts
                    .connections
                    .list
                    .iter()
                    .find(|c| c.client.is_some())
                    .map(|c| c.profile.id.clone())
            })
    }

    pub fn apply_theme(&mut self, ctx: &egui::Context) {
        let look = (self.settings.dark, self.settings.high_contrast);
        if self.panels.theme_applied != Some(look) {
            // High contrast is drawn over the dark theme; leaving it gives the dark theme back its own visuals.
            let dark = match look.1 {
                true => crate::app::widgets::contrast::high_contrast(),
                false => egui::Visuals::dark(),
            };
            ctx.set_visuals_of(egui::Theme::Dark, dark);
            ctx.set_theme(if look.0 || look.1 {
                egui::Theme::Dark
            } else {
                egui::Theme::Light
            });
            self.panels.theme_applied = Some(look);
        }
    }

    /// What to remember between runs.
    pub fn settings_to_save(&self) -> UiSettings {
        // A this-run account (the demo's emulator) is gone next run, so its tabs would only reopen onto 404s.
        let lasting = |t: &&crate::app::frame::tabs::Tab| {
            !t.target
                .profile_id
                .starts_with(crate::app::accounts::profiles::TRANSIENT_PREFIX)
        };
        let active = self.tabs.active.and_then(|i| self.tabs.list.get(i));
        UiSettings {
            open_tabs: self
                .tabs
                .list
                .iter()
                .filter(lasting)
                .map(|t| t.target.clone())
                .collect(),
            active_tab: active.filter(lasting).map(|a| {
                self.tabs
                    .list
                    .iter()
                    .filter(lasting)
                    .position(|t| std::ptr::eq(t, a))
                    .unwrap_or(0)
            }),
            recent: self
                .settings
                .recent
                .iter()
                .filter(|t| {
                    !t.profile_id
                        .starts_with(crate::app::accounts::profiles::TRANSIENT_PREFIX)
                })
                .cloned()
                .collect(),
            ..self.settings.clone()
        }
    }
}

impl eframe::App for TesseraApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.tabs.minimised = ctx.input(|i| i.viewport().minimized == Some(true));
        TesseraApp::logic(self);
        // Countdowns (leases, visibility) and running jobs move without input.
        let lab_busy = self
            .lab
            .window
            .as_ref()
            .is_some_and(|l| l.run.as_ref().is_some_and(|r| r.busy()))
            || self.windows.backlogs.is_some();
        if self.jobs.running() > 0 || self.tabs.wants_ticks() || self.shared.leases.counting() || lab_busy {
            ctx.request_repaint_after(std::time::Duration::from_millis(250));
        } else if let Some(after) = self.tabs.next_tick() {
            ctx.request_repaint_after(after);
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        crate::app::frame::shell::ui(self, ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.settings_to_save());
    }
}
