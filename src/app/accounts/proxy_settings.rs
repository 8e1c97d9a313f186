//! The app's proxy: the system's, none, or one set here (its password in the OS keychain, kept for that proxy and
//! user only), tried with Test before it is used; put in place at start and whenever it changes, every open
//! account's client made again through it.

use crate::app::widgets::i18n::{t, tr};
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use crate::app::accounts::editor::field;
use crate::app::accounts::secrets::{Secrets, Stored};
use crate::app::context::InFlight;
use crate::app::runtime::backend::Backend;
use crate::storage::oauth::Secret;
use crate::storage::proxy::{self, ProxyChoice};
use crate::storage::side_requests::Reporter;

/// Where earlier versions kept the password: one keychain entry, for whichever proxy was saved. It is moved under
/// the entry of the settings it was saved with (`adopt_earlier`) and never read for any other.
const EARLIER_PASSWORD_ID: &str = "proxy";

/// The keychain entry of the password for these settings' proxy and user: a password is read back only for the
/// proxy and user it was given for, so settings that name another (an import) never send it there, and it is
/// still there when they name this one again.
pub fn password_id(settings: &ProxySettings) -> String {
    // Written as a JSON pair, so that no other user and address (an `@` in either) names the same entry.
    let pair = serde_json::json!([settings.user.trim(), settings.address.trim()]);
    format!("proxy {pair}") // i18n-ignore: a keychain entry's name
}

/// One piece of proxy keychain work at a time: each reads and writes several entries (an earlier password moved,
/// a new one stored, the one in use read), which must not interleave with another's.
static KEYCHAIN_TURN: Mutex<()> = Mutex::new(());

/// Moves a password an earlier version kept (for whichever proxy was saved) under the entry of `saved_with`, the
/// settings this run started with, which it was saved for. Left alone when those settings have no user (it was
/// never read for them).
fn adopt_earlier(secrets: &Secrets, saved_with: &ProxySettings) {
    if saved_with.user.trim().is_empty() {
        return;
    }
    let Ok(Some(earlier)) = secrets.load(EARLIER_PASSWORD_ID) else {
        return;
    };
    let id = password_id(saved_with);
    let kept = match secrets.load(&id) {
        Ok(Some(_)) => true,
        Ok(None) => secrets.store(&id, &earlier) == Stored::Keychain,
        Err(_) => false,
    };
    if kept {
        secrets.forget(EARLIER_PASSWORD_ID);
    }
}

/// The password kept for `settings` (None when there is none or they have no user). Blocks: off the UI thread.
pub(crate) fn read_password(
    secrets: &Secrets,
    settings: &ProxySettings,
    started_with: &ProxySettings,
) -> Result<Option<String>, String> {
    let _turn = KEYCHAIN_TURN.lock().unwrap_or_else(|e| e.into_inner());
    adopt_earlier(secrets, started_with);
    if !settings.keeps_password() {
        return Ok(None);
    }
    secrets.load(&password_id(settings))
}

/// Keychain work for new proxy settings, done in order off the UI thread before their password is read.
struct Keeping {
    /// The settings the run started with (an earlier version's password is theirs).
    started_with: ProxySettings,
    /// A password for an entry (the new settings').
    store: Option<(String, Secret)>,
    /// An entry whose password leaves the keychain.
    forget: Option<String>,
}

impl Keeping {
    fn run(self, secrets: &Secrets) {
        adopt_earlier(secrets, &self.started_with);
        if let Some((id, password)) = &self.store {
            secrets.store(id, password.expose());
        }
        if let Some(id) = &self.forget {
            secrets.forget(id);
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProxyMode {
    #[default]
    System,
    Direct,
    Manual,
}

/// What is remembered between runs: never the password.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProxySettings {
    pub mode: ProxyMode,
    pub address: String,
    pub user: String,
}

impl ProxySettings {
    /// A proxy set here that asks for a user name, whose password the keychain keeps.
    pub fn keeps_password(&self) -> bool {
        self.mode == ProxyMode::Manual && !self.user.trim().is_empty()
    }

    fn choice(&self, password: Option<Secret>) -> Result<ProxyChoice, String> {
        Ok(match self.mode {
            ProxyMode::System => ProxyChoice::System,
            ProxyMode::Direct => ProxyChoice::Direct,
            ProxyMode::Manual => ProxyChoice::Manual {
                address: proxy::parse_address(&self.address).map_err(|e| e.message.to_string())?,
                user: self.user.trim().to_string(),
                password,
            },
        })
    }
}

/// The proxy being put in place (at start, or imported: its password read from the keychain first), and the window.
#[derive(Default)]
pub struct ProxySetup {
    starting: InFlight<(), Result<Option<String>, String>>,
    pub window: Option<ProxyWindow>,
    /// The settings this run started with: a password an earlier version kept is theirs.
    started_with: ProxySettings,
}

impl ProxySetup {
    /// Puts the saved choice in place (a manual proxy once its password is read, off the UI thread).
    pub fn start(settings: &ProxySettings, secrets: &Arc<Secrets>, backend: &Backend) -> ProxySetup {
        let mut setup = ProxySetup {
            started_with: settings.clone(),
            ..ProxySetup::default()
        };
        let keeping = setup.keeping(None, None);
        setup.put_in_place(settings, secrets, backend, keeping);
        setup
    }

    /// The settings this run started with.
    pub fn started_with(&self) -> &ProxySettings {
        &self.started_with
    }

    fn keeping(&self, store: Option<(String, Secret)>, forget: Option<String>) -> Keeping {
        Keeping {
            started_with: self.started_with.clone(),
            store,
            forget,
        }
    }

    /// Does `keeping`, then puts `settings` in place: a manual proxy with a user once the password kept for it is
    /// read (`poll`), any other at once.
    fn put_in_place(&mut self, settings: &ProxySettings, secrets: &Arc<Secrets>, backend: &Backend, keeping: Keeping) {
        let secrets = secrets.clone();
        if settings.keeps_password() {
            let id = password_id(settings);
            self.starting.start(
                (),
                backend.spawn_blocking(move || {
                    let _turn = KEYCHAIN_TURN.lock().unwrap_or_else(|e| e.into_inner());
                    keeping.run(&secrets);
                    secrets.load(&id)
                }),
            );
            return;
        }
        self.starting.clear();
        backend.run_blocking_detached(move || {
            let _turn = KEYCHAIN_TURN.lock().unwrap_or_else(|e| e.into_inner());
            keeping.run(&secrets);
        });
        if let Ok(choice) = settings.choice(None) {
            proxy::set(choice);
        }
    }

    /// An imported proxy choice put in place, with its password when the file's secrets were opened. The password
    /// kept for the proxy in use stays in the keychain under that proxy and user: never forgotten by an import, and
    /// never sent to the proxy the file names.
    pub fn import(
        &mut self,
        settings: &ProxySettings,
        password: Option<Secret>,
        secrets: &Arc<Secrets>,
        backend: &Backend,
    ) {
        let store = password
            .filter(|_| settings.keeps_password())
            .map(|p| (password_id(settings), p));
        if let Some((id, p)) = &store {
            secrets.hold(id, p.expose());
        }
        let keeping = self.keeping(store, None);
        self.put_in_place(settings, secrets, backend, keeping);
    }

    /// Once the password is read: the proxy is set, and every client already made (open tabs, jobs, a Retry) sends
    /// its next request through it (`http_clients`).
    pub fn poll(&mut self, settings: &ProxySettings) -> Option<String> {
        let loaded = self.starting.take().map(|(_, v)| v)?;
        let (password, problem) = match loaded {
            Ok(p) => (p.map(|p| Secret::new(&p)), None),
            Err(e) => (None, Some(tr!("proxy-password-unreadable", why = e.to_string()))),
        };
        match settings.choice(password) {
            Ok(choice) => {
                proxy::set(choice);
                problem
            }
            Err(why) => Some(tr!("proxy-not-used", why = why.to_string())),
        }
    }

    /// Whether the saved proxy's password is still being read (the window waits for it: its "kept" password is
    /// the one in use).
    pub fn loading(&self) -> bool {
        self.starting.is_out(&())
    }

    /// New settings were put in place by the window, with the password it put in use: a password still being read
    /// for the old ones is not wanted; the one in use is kept for the new proxy and user, and the one kept for the
    /// settings replaced leaves the keychain (the user chose another proxy or user, or none that asks).
    pub fn applied(
        &mut self,
        old: &ProxySettings,
        new: &ProxySettings,
        password: Option<Secret>,
        secrets: &Arc<Secrets>,
        backend: &Backend,
    ) {
        self.starting.clear();
        let (old_id, new_id) = (password_id(old), password_id(new));
        // A proxy and user put in use without a password may have one kept from before (an import left it): it is
        // read and put in use, as at the next start.
        let read_kept = new.keeps_password() && password.is_none();
        let store = password.filter(|_| new.keeps_password()).map(|p| (new_id.clone(), p));
        if let Some((id, p)) = &store {
            secrets.hold(id, p.expose());
        }
        let forget = (old_id != new_id || !new.keeps_password()).then_some(old_id);
        let keeping = self.keeping(store, forget);
        if read_kept {
            self.put_in_place(new, secrets, backend, keeping);
            return;
        }
        let secrets = secrets.clone();
        backend.run_blocking_detached(move || {
            let _turn = KEYCHAIN_TURN.lock().unwrap_or_else(|e| e.into_inner());
            keeping.run(&secrets);
        });
    }
}

/// The Proxy window's draft, apart from the proxy in use until "Use these settings".
pub struct ProxyWindow {
    draft: ProxySettings,
    password: String,
    test_address: String,
    testing: InFlight<(), Result<String, String>>,
    /// The last test's words, with the settings and address it was for (shown only while the form still says so).
    tested: Option<(ProxySettings, String, Result<String, String>)>,
    /// What the test under way is for.
    testing_for: Option<(ProxySettings, String)>,
    error: Option<String>,
}

/// What the window ended with this frame.
pub enum ProxyOutcome {
    Open,
    Closed,
    /// The settings put in use, and the password they were put in use with (typed, or the one in use kept).
    Applied(ProxySettings, Option<Secret>),
}

impl ProxyWindow {
    pub fn new(settings: &ProxySettings) -> Self {
        ProxyWindow {
            draft: settings.clone(),
            password: String::new(),
            test_address: "https://management.azure.com/".into(),
            testing: InFlight::default(),
            tested: None,
            testing_for: None,
            error: None,
        }
    }

    /// The choice the form describes; an empty password keeps the one in use for the same proxy and user.
    fn draft_choice(&self) -> Result<ProxyChoice, String> {
        let typed = Some(self.password.trim()).filter(|p| !p.is_empty()).map(Secret::new);
        let kept = match proxy::current() {
            ProxyChoice::Manual { user, password, .. } if user == self.draft.user.trim() => password,
            _ => None,
        };
        self.draft.choice(typed.or(kept))
    }

    fn test(&mut self, backend: &Backend) {
        self.tested = None;
        let choice = match self.draft_choice() {
            Ok(c) => c,
            Err(why) => {
                self.error = Some(why);
                return;
            }
        };
        let address = self.test_address.trim().to_string();
        self.error = None;
        self.testing_for = Some((self.draft.clone(), address.clone()));
        let report = Reporter::standalone(backend.event_sink(), "proxy");
        self.testing.start(
            (),
            backend.spawn(async move {
                crate::storage::test_proxy(choice, &address, Some(&report))
                    .await
                    .map(|s| s.to_string())
                    .map_err(|e| e.to_string())
            }),
        );
    }

    /// `loading`: the saved password is still being read; Test and Use wait for it unless one is typed.
    pub fn ui(&mut self, ctx: &egui::Context, backend: &Backend, loading: bool) -> ProxyOutcome {
        if let Some(result) = self.testing.take().map(|(_, v)| v)
            && let Some((draft, address)) = self.testing_for.take()
        {
            self.tested = Some((draft, address, result));
        }
        let mut outcome = ProxyOutcome::Open;
        let mut open = true;
        let waiting = loading && self.password.trim().is_empty();
        egui::Window::new(t("proxy-title"))
            .collapsible(false)
            .open(&mut open)
            .show(ctx, |ui| {
                ui.radio_value(&mut self.draft.mode, ProxyMode::System, t("proxy-system"));
                ui.radio_value(&mut self.draft.mode, ProxyMode::Direct, t("proxy-direct"));
                ui.radio_value(&mut self.draft.mode, ProxyMode::Manual, t("proxy-manual"));
                if self.draft.mode == ProxyMode::Manual {
                    field(
                        ui,
                        &t("proxy-address"),
                        &mut self.draft.address,
                        false,
                        "http://proxy.contoso.com:3128",
                    );
                    field(ui, &t("proxy-user"), &mut self.draft.user, false, &t("proxy-user-hint"));
                    field(
                        ui,
                        &t("proxy-password"),
                        &mut self.password,
                        true,
                        &t("proxy-password-hint"),
                    );
                }
                ui.separator();
                ui.horizontal(|ui| {
                    field(
                        ui,
                        &t("proxy-test-with"),
                        &mut self.test_address,
                        false,
                        "https://management.azure.com/",
                    );
                    if ui
                        .add_enabled(self.testing.is_empty() && !waiting, egui::Button::new(t("proxy-test")))
                        .clicked()
                    {
                        self.test(backend);
                    }
                });
                if self.testing.is_out(&()) {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(t("proxy-testing"));
                    });
                }
                // A result for other settings than the form's now says nothing about them.
                let current = self
                    .tested
                    .as_ref()
                    .filter(|(draft, address, _)| *draft == self.draft && address == self.test_address.trim());
                match current.map(|(_, _, r)| r) {
                    Some(Ok(words)) => {
                        ui.label(words);
                    }
                    Some(Err(words)) => {
                        ui.colored_label(ui.visuals().error_fg_color, words);
                    }
                    None => {}
                }
                if let Some(why) = &self.error {
                    ui.colored_label(ui.visuals().error_fg_color, why);
                }
                if waiting {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(t("proxy-reading-password"));
                    });
                }
                ui.horizontal(|ui| {
                    if ui.add_enabled(!waiting, egui::Button::new(t("proxy-use"))).clicked() {
                        match self.draft_choice() {
                            Err(why) => self.error = Some(why),
                            Ok(choice) => {
                                // The keychain keeps it for these settings (`ProxySetup::applied`).
                                let password = match &choice {
                                    ProxyChoice::Manual { password, .. } => password.clone(),
                                    _ => None,
                                };
                                // Every client's next request goes through it (`http_clients`).
                                proxy::set(choice);
                                outcome = ProxyOutcome::Applied(self.draft.clone(), password);
                            }
                        }
                    }
                    if ui.button(t("confirm-cancel")).clicked() {
                        outcome = ProxyOutcome::Closed;
                    }
                });
            });
        if !open {
            return ProxyOutcome::Closed;
        }
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_earlier_versions_password_goes_to_the_settings_it_was_saved_with_and_to_no_other() {
        crate::app::accounts::secrets::tests::mock_keychain();
        let s = Secrets::from_registered_store();
        let manual = |address: &str| ProxySettings {
            mode: ProxyMode::Manual,
            address: address.into(),
            user: "bob".into(),
        };
        let (saved, other) = (manual("http://old.example:3128"), manual("http://other.example:3128"));
        assert_eq!(s.store(EARLIER_PASSWORD_ID, "old-pw"), Stored::Keychain);
        // Another proxy's password is read first (an import put it in place before the start had read its own):
        // it gets none, and the earlier password is moved under the settings the run started with.
        assert_eq!(read_password(&s, &other, &saved).unwrap(), None);
        assert_eq!(s.load(EARLIER_PASSWORD_ID).unwrap(), None);
        assert_eq!(read_password(&s, &saved, &saved).unwrap().as_deref(), Some("old-pw"));
        assert_eq!(read_password(&s, &other, &saved).unwrap(), None);
        s.forget(&password_id(&saved));
        // One user and address name one entry, whatever `@` they hold.
        let at = |user: &str, address: &str| ProxySettings {
            mode: ProxyMode::Manual,
            address: address.into(),
            user: user.into(),
        };
        assert_ne!(
            password_id(&at("bob@corp.example", "http://proxy.corp.example:3128")),
            password_id(&at("bob", "corp.example@http://proxy.corp.example:3128"))
        );
    }
}
