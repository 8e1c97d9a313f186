//! The centre with no tab open: what to do next. The accounts, the resources opened lately (each account's
//! own), and on a fresh install the demo, one click away. It reads a view the shell makes of the app and answers
//! with what the user asked, which the shell carries out.

use std::sync::OnceLock;

use crate::app::accounts::connections::ConnState;
use crate::app::accounts::tree::TabTarget;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::Service;

/// Whether the pinned Azurite is at hand (looked up once: it searches the folders upwards).
/// Whether the pinned Azurite is there to run the demo. The search walks folders, so it runs once on a thread
/// of its own; until it answers the welcome offers no demo (the UI thread never waits on a disk).
fn demo_available() -> bool {
    static FOUND: OnceLock<bool> = OnceLock::new();
    static SEARCH: std::sync::Once = std::sync::Once::new();
    SEARCH.call_once(|| {
        std::thread::spawn(|| FOUND.get_or_init(|| crate::emulator::find_azurite().is_ok()));
    });
    FOUND.get().copied().unwrap_or(false)
}

/// What the welcome shows, read from the app by the shell.
pub struct WelcomeView {
    /// Resources opened lately, with their account's label (of accounts still in the list).
    pub recent: Vec<(TabTarget, String)>,
    /// Each account shown: its id, label, and the message saying what is settled about it (None: a "Connect"
    /// link helps).
    pub accounts: Vec<(String, String, Option<&'static str>)>,
    pub demo_starting: bool,
    /// Nothing opened yet and the demo not started: the demo is offered.
    pub fresh: bool,
}

impl WelcomeView {
    pub fn read(
        recent: &[TabTarget],
        connections: &crate::app::accounts::connections::Connections,
        demo_starting: bool,
        demo_started: bool,
    ) -> Self {
        let shown = recent
            .iter()
            .filter_map(|t| {
                connections
                    .get(&t.profile_id)
                    .map(|c| (t.clone(), c.profile.label.clone()))
            })
            .collect();
        let accounts = connections
            .list
            .iter()
            // Accounts found by a browse account belong under it in the tree; a browse account is a sign-in,
            // opened there.
            .filter(|c| !crate::app::accounts::discovered::is_discovered(&c.profile.id))
            .map(|c| {
                let browse = c.profile.kind == crate::app::accounts::profiles::ProfileKind::EntraBrowse;
                let state = if browse {
                    Some("welcome-browse-state")
                } else {
                    settled(&c.state)
                };
                (c.profile.id.clone(), c.profile.label.clone(), state)
            })
            .collect();
        WelcomeView {
            recent: shown,
            accounts,
            demo_starting,
            fresh: recent.is_empty() && !demo_started,
        }
    }
}

/// What the user asked of the welcome.
pub enum WelcomeAsk {
    Open(TabTarget),
    Connect(String),
    AddAccount,
    Demo,
}

pub fn ui(view: WelcomeView, ui: &mut egui::Ui) -> Option<WelcomeAsk> {
    let mut ask = None;
    ui.heading(t("welcome-title"));
    ui.label(t("welcome-intro"));
    ui.add_space(8.0);
    if !view.recent.is_empty() {
        ui.strong(t("welcome-recent"));
        for (target, account) in view.recent {
            let id = match target.service {
                Service::Table => "welcome-recent-table",
                Service::Blob => "welcome-recent-container",
                Service::Queue => "welcome-recent-queue",
            };
            let text = tr!(id, name = target.name.as_str(), account = account.as_str());
            if ui.link(text).clicked() {
                ask = Some(WelcomeAsk::Open(target));
            }
        }
        ui.add_space(8.0);
    }
    ui.strong(t("welcome-accounts"));
    for (id, label, state) in view.accounts {
        // An account already open (or opening) says so: a "Connect" link there would promise something new.
        if let Some(state) = state {
            ui.label(tr!("welcome-account-state", account = label.as_str(), state = t(state)));
        } else if ui.link(tr!("welcome-connect", account = label.as_str())).clicked() {
            ask = Some(WelcomeAsk::Connect(id));
        }
    }
    if ui.button(t("menu-add-account")).clicked() {
        ask = Some(WelcomeAsk::AddAccount);
    }
    if view.demo_starting {
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(t("welcome-demo-starting"));
        });
    }
    if view.fresh && demo_available() {
        ui.add_space(8.0);
        ui.strong(t("welcome-new-here"));
        let open = ui
            .button(t("welcome-open-demo"))
            .on_hover_text(t("welcome-open-demo-hint"));
        if open.clicked() {
            ask = Some(WelcomeAsk::Demo);
        }
    }
    ask
}

/// The message the welcome says of an account that needs no "Connect" link; `None` when one would help.
fn settled(state: &ConnState) -> Option<&'static str> {
    match state {
        ConnState::Ready => Some("connection-ready"),
        ConnState::Opening => Some("connection-opening"),
        ConnState::Closed | ConnState::Failed(_) => None,
    }
}
