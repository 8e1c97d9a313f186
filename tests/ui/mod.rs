//! Driving the real app in egui_kittest: a harness around `TesseraApp` with a mock keychain and its files in
//! a temporary folder, and helpers that click and type by label and wait for what the backend sends back.
#![allow(dead_code)]

use std::sync::Arc;
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tessera::app::TesseraApp;
use tessera::app::accounts::profiles::AppPaths;
use tessera::app::accounts::secrets::Secrets;
use tessera::app::runtime::backend::Backend;
use tessera::emulator::Emulator;

pub struct TestApp<'a> {
    pub harness: Harness<'a, TesseraApp>,
    _dir: tempfile::TempDir,
}

pub fn connection_string_of(e: &Emulator) -> String {
    e.connection_string()
}

/// How long to wait for the backend before a test fails.
const PATIENCE: Duration = Duration::from_secs(60);

impl<'a> TestApp<'a> {
    /// The app with the test emulator already in its account list, as "Test emulator".
    pub fn with_emulator(rt: &tokio::runtime::Runtime) -> TestApp<'a> {
        Self::with_account(rt, &super::common::account())
    }

    /// The app with this account (the emulator's, perhaps through a fault proxy) listed as "Test emulator".
    pub fn with_account(rt: &tokio::runtime::Runtime, account: &tessera::storage::Account) -> TestApp<'a> {
        Self::with_accounts(rt, &[("Test emulator", account)])
    }

    /// The app with these emulator-kind accounts listed under these labels (the first with id `test-emulator`).
    pub fn with_accounts(rt: &tokio::runtime::Runtime, accounts: &[(&str, &tessera::storage::Account)]) -> TestApp<'a> {
        let dir = tempfile::tempdir().unwrap();
        let mut secrets = Vec::new();
        let profiles: Vec<_> = accounts
            .iter()
            .enumerate()
            .map(|(i, (label, account))| {
                let (mut profile, secret) = tessera::app::accounts::profiles::AccountProfile::from_account(
                    label,
                    tessera::app::accounts::profiles::ProfileKind::Emulator,
                    account,
                );
                profile.id = if i == 0 {
                    "test-emulator".into()
                } else {
                    format!("test-account-{i}")
                };
                // A key that is not the emulator's well-known one goes to the (mock) keychain, as Save does.
                secrets.extend(secret.map(|s| (profile.id.clone(), s)));
                profile
            })
            .collect();
        tessera::app::accounts::profiles::save_profiles(&AppPaths::in_dir(dir.path()).accounts_file, &profiles)
            .unwrap();
        let t = Self::in_dir(rt, dir);
        let store = Secrets::from_registered_store();
        for (id, secret) in secrets {
            store.store(&id, &secret);
        }
        t
    }

    /// The app started on an account list file with exactly these contents.
    pub fn with_accounts_file(rt: &tokio::runtime::Runtime, contents: &[u8]) -> TestApp<'a> {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(AppPaths::in_dir(dir.path()).accounts_file, contents).unwrap();
        Self::in_dir(rt, dir)
    }

    /// The folder the app keeps its files in for this test.
    pub fn dir(&self) -> &std::path::Path {
        self._dir.path()
    }

    /// Closes the app (its files written), handing back its folder for a restart.
    pub fn into_dir(self) -> tempfile::TempDir {
        self.harness.state().sync_files();
        self._dir
    }

    pub fn new(rt: &tokio::runtime::Runtime) -> TestApp<'a> {
        Self::in_dir(rt, tempfile::tempdir().unwrap())
    }

    fn in_dir(rt: &tokio::runtime::Runtime, dir: tempfile::TempDir) -> TestApp<'a> {
        // One mock keychain for the whole test binary: tests run in parallel and must not wipe each other's.
        static KEYCHAIN: std::sync::Once = std::sync::Once::new();
        KEYCHAIN.call_once(|| keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap()));
        Self::with_secrets(rt, dir, Secrets::from_registered_store())
    }

    /// The app on the files in `dir` (perhaps a previous run's, for a restart), keeping secrets in `secrets`.
    pub fn with_secrets(
        rt: &tokio::runtime::Runtime,
        dir: tempfile::TempDir,
        secrets: Arc<tessera::app::accounts::secrets::Secrets>,
    ) -> TestApp<'a> {
        let files = dir.path().to_path_buf();
        Self::on_files(rt, dir, &files, secrets)
    }

    /// Another window of the app on the same files as `first` while it runs (a second instance started beside it).
    pub fn beside(rt: &tokio::runtime::Runtime, first: &TestApp) -> TestApp<'a> {
        Self::on_files(
            rt,
            tempfile::tempdir().unwrap(),
            first.dir(),
            Secrets::from_registered_store(),
        )
    }

    /// The app on the files in `files`; `dir` is what the test holds (the same folder, or one of its own).
    fn on_files(
        rt: &tokio::runtime::Runtime,
        dir: tempfile::TempDir,
        files: &std::path::Path,
        secrets: Arc<tessera::app::accounts::secrets::Secrets>,
    ) -> TestApp<'a> {
        // The harness steps on its own; the backend needs no waker here.
        let backend = Backend::new(rt.handle().clone(), Arc::new(|| {}));
        // The tests find controls by their English names, whatever the language of the machine they run on.
        let settings = tessera::app::UiSettings {
            language: Some(tessera::app::widgets::i18n::Language::English),
            ..Default::default()
        };
        let app = TesseraApp::new(backend, AppPaths::in_dir(files), secrets, Some(settings));
        // User data holds characters the default fonts cannot draw; the app shows a box, kittest would panic.
        let harness = Harness::builder()
            .with_size(egui::vec2(1400.0, 900.0))
            .allow_missing_glyphs()
            .build_ui_state(
                |ui, app: &mut TesseraApp| {
                    app.logic();
                    tessera::app::frame::shell::ui(app, ui);
                },
                app,
            );
        // Scrolling into view is animated in the app; a test clicks at once, so it scrolls at once.
        harness
            .ctx
            .all_styles_mut(|s| s.scroll_animation = egui::style::ScrollAnimation::none());
        let mut t = TestApp { harness, _dir: dir };
        // The tests follow their jobs in the activity list, which stays closed until a user opens it: they open
        // it from the status line, as a user who wants to watch the jobs does.
        t.open_activity();
        t
    }

    /// Opens the activity list from the status line, unless it is open.
    pub fn open_activity(&mut self) {
        self.step();
        if self.harness.query_by_label("Clear finished jobs").is_none() {
            self.click_contains("Activity");
            self.wait_for("Clear finished jobs");
        }
    }

    pub fn step(&mut self) {
        self.harness.step();
    }

    /// Steps until a node with exactly this label exists.
    pub fn wait_for(&mut self, label: &str) {
        self.wait_until(label, |h| h.query_all_by_label(label).next().is_some());
    }

    pub fn wait_for_contains(&mut self, text: &str) {
        self.wait_until(text, |h| h.query_all_by_label_contains(text).next().is_some());
    }

    pub fn wait_until(&mut self, what: &str, done: impl Fn(&Harness<'a, TesseraApp>) -> bool) {
        self.wait_steps(what, PATIENCE, |t| done(&t.harness));
    }

    /// Steps a frame at a time until `done` holds (it may assert on every frame it sees), for up to `patience`.
    pub fn wait_steps(&mut self, what: &str, patience: Duration, mut done: impl FnMut(&Self) -> bool) {
        let this = std::cell::RefCell::new(self);
        super::common::wait(
            what,
            patience,
            || {
                let mut t = this.borrow_mut();
                t.harness.step();
                done(&t)
            },
            || this.borrow().describe(),
        );
    }

    /// What the app shows besides the expected text: notices, jobs, the active pane's last message.
    pub fn describe(&self) -> String {
        let app = self.harness.state();
        let notices: Vec<String> = app.notices().iter().map(|n| n.text.clone()).collect();
        let jobs: Vec<String> = app
            .jobs()
            .iter()
            .map(|j| {
                format!(
                    "{}: {:?} {}/{}",
                    j.title,
                    j.state,
                    j.progress.done(),
                    j.progress.total()
                )
            })
            .collect();
        fn words(m: Option<&Result<String, tessera::storage::StorageError>>) -> Option<Result<&String, String>> {
            m.map(|m| m.as_ref().map_err(|e| e.plain_words()))
        }
        let pane = if let Some(p) = app.active_blob() {
            format!("{:?}", words(p.message()))
        } else if let Some(p) = app.active_queue() {
            format!(
                "{:?}; peeked {:?}; held {:?}",
                words(p.message()),
                p.peeked().iter().map(|m| (&m.id, m.dequeue_count)).collect::<Vec<_>>(),
                p.held()
                    .iter()
                    .map(|h| (&h.message.id, h.message.dequeue_count, h.done))
                    .collect::<Vec<_>>()
            )
        } else {
            String::new()
        };
        format!("notices: {notices:?}; jobs: {jobs:?}; pane: {pane}")
    }

    /// Lets `time` pass with frames drawn all along, as an app left open does (for what must not happen).
    pub fn idle_for(&mut self, time: Duration) {
        let until = std::time::Instant::now() + time;
        while std::time::Instant::now() < until {
            self.harness.step();
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn click(&mut self, label: &str) {
        self.wait_for(label);
        // Scroll it into view first, as a person would. The scroll shows in the accessibility tree (where the click
        // position is read) only a few passes after the request: the click goes where the widget is by then.
        self.harness.get_all_by_label(label).next().unwrap().scroll_to_me();
        for _ in 0..3 {
            self.harness.step();
        }
        self.harness.get_all_by_label(label).next().unwrap().click();
        self.harness.step();
        self.harness.step();
    }

    /// Clicks the first node named `label` with `modifiers` held (Ctrl or Shift picking in a list).
    pub fn click_with(&mut self, label: &str, modifiers: egui::Modifiers) {
        self.wait_for(label);
        self.harness
            .get_all_by_label(label)
            .next()
            .unwrap()
            .click_modifiers(modifiers);
        self.harness.step();
        self.harness.step();
    }

    /// Presses the button named `label` through the accessibility interface, as a screen reader does: it acts on
    /// the widget itself, wherever a window still settling has moved it (a pointer click goes to where it was).
    pub fn press(&mut self, label: &str) {
        self.wait_for(label);
        self.harness.get_all_by_label(label).next().unwrap().click_accesskit();
        self.harness.step();
        self.harness.step();
    }

    /// Clicks the button named `label` and returns the text it put on the clipboard.
    pub fn copied_by_clicking(&mut self, label: &str) -> String {
        self.copied_by_clicking_within(label, Duration::ZERO)
    }

    /// The text put on the clipboard within `patience` (at least three frames) of clicking `label`: a SAS
    /// signed off the UI thread lands a little later.
    pub fn copied_by_clicking_within(&mut self, label: &str, patience: Duration) -> String {
        self.wait_for(label);
        self.harness.get_all_by_label(label).next().unwrap().scroll_to_me();
        self.harness.step();
        self.harness.get_all_by_label(label).next().unwrap().click();
        self.copied_within(patience)
            .unwrap_or_else(|| panic!("clicking `{label}` copied nothing"))
    }

    /// What the app put on the clipboard within `patience` (at least three frames), if anything.
    fn copied_within(&mut self, patience: Duration) -> Option<String> {
        let deadline = std::time::Instant::now() + patience;
        for frame in 0.. {
            if frame > 0 {
                self.harness.step();
            }
            let copied = self.output_command(|c| match c {
                egui::OutputCommand::CopyText(text) => Some(text.clone()),
                _ => None,
            });
            if copied.is_some() {
                return copied;
            }
            if frame >= 3 && std::time::Instant::now() >= deadline {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        None
    }

    /// Presses Ctrl+C (the window gets it as a copy event, as from the system) and returns what went to the
    /// clipboard.
    pub fn copied_by_ctrl_c(&mut self) -> String {
        self.harness.event(egui::Event::Copy);
        self.harness.step();
        self.copied_within(Duration::ZERO).expect("Ctrl+C copied nothing")
    }

    /// The first command of the last frame's output that `pick` takes (a copy, an address to open).
    fn output_command<T>(&self, pick: impl Fn(&egui::OutputCommand) -> Option<T>) -> Option<T> {
        self.harness.output().platform_output.commands.iter().find_map(pick)
    }

    /// Clicks `label` and returns the address it asked the system to open (a browser tab).
    pub fn opened_by_clicking(&mut self, label: &str) -> String {
        self.wait_for(label);
        self.harness.get_all_by_label(label).next().unwrap().click();
        for _ in 0..10 {
            self.harness.step();
            let opened = self.output_command(|c| match c {
                egui::OutputCommand::OpenUrl(open) => Some(open.url.clone()),
                _ => None,
            });
            if let Some(url) = opened {
                return url;
            }
        }
        panic!("clicking `{label}` opened nothing");
    }

    pub fn click_contains(&mut self, text: &str) {
        self.wait_for_contains(text);
        self.harness.get_all_by_label_contains(text).next().unwrap().click();
        self.harness.step();
        self.harness.step();
    }

    /// Turns the mouse wheel down over the widget named `label`, as a person scrolls a panel to what is below.
    pub fn scroll_down_over(&mut self, label: &str, points: f32) {
        self.wait_for(label);
        let at = self.harness.get_all_by_label(label).next().unwrap().rect().center();
        self.harness.event(egui::Event::PointerMoved(at));
        for phase in [egui::TouchPhase::Start, egui::TouchPhase::Move, egui::TouchPhase::End] {
            self.harness.event(egui::Event::MouseWheel {
                unit: egui::MouseWheelUnit::Point,
                delta: egui::vec2(0.0, if phase == egui::TouchPhase::Move { -points } else { 0.0 }),
                phase,
                source: egui::MouseWheelSource::Wheel,
                modifiers: egui::Modifiers::default(),
            });
        }
        for _ in 0..5 {
            self.harness.step();
        }
    }

    pub fn context_click(&mut self, label: &str) {
        self.wait_for(label);
        self.harness.get_all_by_label(label).next().unwrap().click_secondary();
        self.harness.step();
        self.harness.step();
    }

    /// Shows a tab of the details panel (Properties, Lease, Tags, Snapshots and versions, Access).
    pub fn details_tab(&mut self, name: &str) {
        use egui::accesskit::Role;
        self.wait_until(name, |h| h.query_by_role_and_label(Role::Tab, name).is_some());
        self.harness.get_by_role_and_label(Role::Tab, name).click();
        self.harness.step();
        self.harness.step();
    }

    /// Opens `table` (made by `common::table_with_ann`) and its row Ann in the editor, with " Smith" typed after
    /// her name, not yet saved.
    pub fn edit_ann(&mut self, table: &str) {
        self.open_table(table);
        self.click("Ann");
        self.click("Edit");
        self.wait_for("Value of Name");
        self.type_into("Value of Name", " Smith");
    }

    /// Selects `blob` (a blob with no tags), opens its Tags tab and types a first tag, not yet saved.
    pub fn type_first_tag(&mut self, blob: &str, key: &str, value: &str) {
        self.click(blob);
        self.details_tab("Tags");
        self.wait_for("Index tags (0 of 10)");
        self.click("Add tag");
        self.type_into("Key 1:", key);
        self.type_into("Value 1:", value);
    }

    /// Opens a search of the search box's drop-down (Find in names, Find by tags).
    pub fn open_search(&mut self, name: &str) {
        self.click("Search options");
        self.click(&format!("{name}…"));
    }

    /// Right-clicks the first node whose label contains `text` (a tree node with its count, say).
    pub fn context_click_contains(&mut self, text: &str) {
        self.wait_for_contains(text);
        self.harness
            .get_all_by_label_contains(text)
            .next()
            .unwrap()
            .click_secondary();
        self.harness.step();
        self.harness.step();
    }

    /// Presses a key (with `modifiers`), and lets the app answer it.
    pub fn key(&mut self, modifiers: egui::Modifiers, key: egui::Key) {
        self.harness.key_press_modifiers(modifiers, key);
        self.harness.step();
        self.harness.step();
    }

    /// Presses Tab until the keyboard is on the first node whose label contains `text`, as a person without a
    /// mouse moves through the window (the order is egui's: the order widgets are drawn in).
    pub fn tab_to(&mut self, text: &str) {
        self.wait_for_contains(text);
        for _ in 0..400 {
            let here = self.harness.query_all_by_label_contains(text).any(|n| n.is_focused());
            if here {
                return;
            }
            self.harness.key_press(egui::Key::Tab);
            self.harness.step();
        }
        panic!("Tab never reached `{text}`; {}", self.describe());
    }

    /// Focuses the input named `label` and types into it.
    pub fn type_into(&mut self, label: &str, text: &str) {
        self.wait_for(label);
        self.harness.get_by_label(label).focus();
        self.harness.step();
        self.harness.get_by_label(label).type_text(text);
        self.harness.step();
    }

    /// Opens a table of the test emulator through the tree, and waits for its first page.
    pub fn open_table(&mut self, table: &str) {
        self.click("Test emulator");
        self.click_contains("Tables");
        self.click(table);
        self.wait_for_contains("entities loaded in");
    }

    /// A watch behind a fault proxy that answers 503: it asks less often and says so (`throttled`); answered
    /// again, the user's interval is back; refused (403), it stops with the reason.
    pub fn watch_backs_off_then_stops(&mut self, proxy: &super::common::fault_proxy::FaultProxy, throttled: &str) {
        use super::common::fault_proxy::Fault;
        proxy.always(Some(Fault::Status {
            status: 503,
            retry_after: None,
        }));
        self.wait_for_contains(throttled);
        proxy.always(None);
        self.wait_steps("the user's interval back", Duration::from_secs(90), |t| {
            t.harness
                .query_all_by_label_contains("throttled: every")
                .next()
                .is_none()
        });
        proxy.always(Some(Fault::Status {
            status: 403,
            retry_after: None,
        }));
        self.wait_for_contains("Watching stopped: the service refused the read (403).");
    }

    /// Opens a container or queue of the test emulator through the tree.
    pub fn open_resource(&mut self, list: &str, name: &str) {
        self.click("Test emulator");
        self.click_contains(list);
        self.click(name);
    }

    pub fn blob(&self) -> &tessera::app::blob::pane::BlobPane {
        self.harness
            .state()
            .active_blob()
            .expect("the active tab is a container")
    }

    pub fn queue(&self) -> &tessera::app::queue::pane::QueuePane {
        self.harness.state().active_queue().expect("the active tab is a queue")
    }

    /// Steps until `done` holds for the app, for up to `patience`.
    pub fn wait_app(&mut self, what: &str, patience: Duration, done: impl Fn(&TesseraApp) -> bool) {
        self.wait_steps(what, patience, |t| done(t.harness.state()));
    }

    /// The table pane of the active tab.
    pub fn table(&self) -> &tessera::app::table::pane::TablePane {
        self.harness.state().active_table().expect("the active tab is a table")
    }

    /// Steps until the table pane satisfies `done`.
    pub fn wait_table(&mut self, what: &str, done: impl Fn(&tessera::app::table::pane::TablePane) -> bool) {
        self.wait_app(what, PATIENCE, |app| app.active_table().is_some_and(&done));
    }

    /// Closes the active tab with Ctrl+W, as a person does.
    pub fn close_tab(&mut self) {
        self.harness
            .key_press_modifiers(egui::Modifiers::CTRL | egui::Modifiers::COMMAND, egui::Key::W);
        self.harness.step();
        self.harness.step();
    }

    /// Replaces the whole text of an input: select all, then type.
    pub fn replace_text(&mut self, label: &str, text: &str) {
        self.wait_for(label);
        self.harness.get_by_label(label).focus();
        self.harness.step();
        self.harness
            .key_press_modifiers(egui::Modifiers::CTRL | egui::Modifiers::COMMAND, egui::Key::A);
        self.harness.step();
        self.harness.get_by_label(label).type_text(text);
        self.harness.step();
    }

    pub fn add_account_from_connection_string(&mut self, name: &str, connection_string: &str) {
        self.click("Add account");
        self.type_into("Display name:", name);
        self.type_into("Connection string:", connection_string);
        self.click("Save account");
    }
}

/// A download under way: a 24 MiB blob `big.bin` in a new container behind a proxy slowed to 2 MiB/s, its tab
/// open, and Download… answered with a folder; returned once its partial file exists and bytes have come, with
/// the proxy (kept while the test runs) and the folder it downloads into.
pub fn download_under_way<'a>(
    rt: &'a tokio::runtime::Runtime,
    prefix: &str,
) -> (TestApp<'a>, super::common::fault_proxy::FaultProxy, tempfile::TempDir) {
    const MIB: usize = 1 << 20;
    let (account, proxy, container) = super::common::blobs::proxied_container(rt, prefix, &[]);
    let client = super::common::client();
    let mut data = vec![0u8; 24 * MIB];
    fastrand::Rng::with_seed(41).fill(&mut data);
    rt.block_on(client.put_blob(
        &container,
        "big.bin",
        bytes::Bytes::from(data),
        &Default::default(),
        &[],
        &tessera::storage::blob::Conditions::none(),
    ))
    .unwrap();
    let dialogs = tessera::app::runtime::dialogs::ScriptedDialogs::new();
    let mut t = TestApp::with_account(rt, &account);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", &container);
    t.click("big.bin");
    // A slow link: the download is surely under way, its partial file written, when the test acts.
    proxy.bandwidth(Some(2 * MIB as u64));
    let into = tempfile::tempdir().unwrap();
    dialogs.answer(Some(into.path().to_path_buf()));
    t.click("Download…");
    let partial = into.path().join(".big.bin.tessera-partial");
    t.wait_app("the partial file and some bytes", Duration::from_secs(60), |app| {
        partial.exists() && app.jobs().iter().any(|j| j.progress.done() > 0)
    });
    (t, proxy, into)
}
