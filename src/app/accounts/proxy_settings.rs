//! The app's proxy: the system's, none, or one set here (its password in the OS keychain), tried with Test before it
//! is used; put in place at start and whenever it changes, every open account's client made again through it.

use crate::app::widgets::i18n::{t, tr};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::app::accounts::editor::field;
use crate::app::accounts::secrets::Secrets;
use crate::app::context::InFlight;
use crate::app::runtime::backend::Backend;
use crate::storage::oauth::Secret;
use crate::storage::proxy::{self, ProxyChoice};
use crate::storage::side_requests::Reporter;

/// The keychain entry of the proxy's password.
pub(crate) const PASSWORD_ID: &str = "proxy";

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
    fn choice(&self, password: Option<Secret>) -> Result<ProxyChoice, String> {
        Ok(match self.mode {
            ProxyMode::System => ProxyChoice::System,
            ProxyMode::Direct => ProxyChoice::Direct,
            ProxyMode::Manual => ProxyChoice::Manual {
                address: proxy::parse_address(&self.address).map_err(|e| e.message.clone())?,
                user: self.user.trim().to_string(),
                password,
            },
        })
    }
}

/// The proxy being put in place at start (its password read from the keychain first), and the window.
#[derive(Default)]
pub struct ProxySetup {
    starting: InFlight<(), Result<Option<String>, String>>,
    pub window: Option<ProxyWindow>,
}

impl ProxySetup {
    /// Puts the saved choice in place (a manual proxy once its password is read, off the UI thread).
    pub fn start(settings: &ProxySettings, secrets: &Arc<Secrets>, backend: &Backend) -> ProxySetup {
        let mut setup = ProxySetup::default();
        match settings.mode {
            ProxyMode::Manual if !settings.user.trim().is_empty() => {
                let secrets = secrets.clone();
                setup
                    .starting
                    .start((), backend.spawn_blocking(move || secrets.load(PASSWORD_ID)));
            }
            _ => {
                if let Ok(choice) = settings.choice(None) {
                    proxy::set(choice);
                }
            }
        }
        setup
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

    /// New settings were put in place by the window: a password still being read for the old ones is not wanted.
    pub fn applied(&mut self) {
        self.starting.clear();
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
    Applied(ProxySettings),
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
            backend
                .spawn(async move { crate::storage::proxy_trial::test_through(choice, &address, Some(&report)).await }),
        );
    }

    /// `loading`: the saved password is still being read; Test and Use wait for it unless one is typed.
    pub fn ui(
        &mut self,
        ctx: &egui::Context,
        backend: &Backend,
        secrets: &Arc<Secrets>,
        loading: bool,
    ) -> ProxyOutcome {
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
                                let keeps_password =
                                    self.draft.mode == ProxyMode::Manual && !self.draft.user.trim().is_empty();
                                let typed = Some(self.password.trim().to_string()).filter(|p| !p.is_empty());
                                let secrets = secrets.clone();
                                match typed {
                                    Some(p) if keeps_password => {
                                        secrets.hold(PASSWORD_ID, &p);
                                        backend.run_blocking_detached(move || {
                                            let _ = secrets.store(PASSWORD_ID, &p);
                                        });
                                    }
                                    // No proxy with a password any more: none stays in the keychain.
                                    _ if !keeps_password => {
                                        backend.run_blocking_detached(move || secrets.forget(PASSWORD_ID))
                                    }
                                    _ => {}
                                }
                                // Every client's next request goes through it (`http_clients`).
                                proxy::set(choice);
                                outcome = ProxyOutcome::Applied(self.draft.clone());
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
