//! The centre with no tab open: what to do next. The accounts, the resources opened lately (each account's
//! own), and on a fresh install the demo, one click away.

use std::sync::{Arc, OnceLock};

use crate::app::accounts::connections::ConnState;
use crate::app::accounts::profiles::AccountProfile;
use crate::app::accounts::tree::TabTarget;
use crate::app::frame::app::TesseraApp;
use crate::app::runtime::jobs::{JobContext, JobFuture, Unit};
use crate::emulator::Emulator;
use crate::storage::{Client, ClientOptions, EMULATOR_PORTS};

/// How many recently opened resources the app remembers, newest first.
pub const RECENT_KEPT: usize = 12;

/// Remembers a resource as just opened: first in the list, once.
pub fn remember(recent: &mut Vec<TabTarget>, target: &TabTarget) {
    recent.retain(|t| t != target);
    recent.insert(0, target.clone());
    recent.truncate(RECENT_KEPT);
}

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

pub fn ui(app: &mut TesseraApp, ui: &mut egui::Ui) {
    ui.heading("Welcome to Tessera");
    ui.label("Open a table, container or queue from the tree on the left, or pick up where you left off.");
    ui.add_space(8.0);
    let recent: Vec<(TabTarget, String)> = app
        .settings
        .recent
        .iter()
        .filter_map(|t| {
            app.connections
                .get(&t.profile_id)
                .map(|c| (t.clone(), c.profile.label.clone()))
        })
        .collect();
    if !recent.is_empty() {
        ui.strong("Recently opened");
        for (target, account) in recent {
            let text = format!("{} `{}` on {account}", target.service.resource(), target.name);
            if ui.link(text).clicked() {
                app.open_tab(target);
            }
        }
        ui.add_space(8.0);
    }
    ui.strong("Accounts");
    let accounts: Vec<(String, String, Option<&'static str>)> = app
        .connections
        .list
        .iter()
        // Accounts found by a browse account belong under it in the tree; a browse account is a sign-in, opened
        // there.
        .filter(|c| !crate::app::accounts::browse::is_discovered(&c.profile.id))
        .map(|c| {
            let browse = c.profile.kind == crate::app::accounts::profiles::ProfileKind::EntraBrowse;
            let state = if browse {
                Some("open it in the tree to list its subscriptions and storage accounts")
            } else {
                settled(&c.state)
            };
            (c.profile.id.clone(), c.profile.label.clone(), state)
        })
        .collect();
    for (id, label, state) in accounts {
        // An account already open (or opening) says so: a "Connect" link there would promise something new.
        if let Some(state) = state {
            ui.label(format!("{label}: {state}"));
        } else if ui.link(format!("Connect to {label}")).clicked() {
            app.connect(&id);
        }
    }
    if ui.button("Add account…").clicked() {
        app.editor = Some(crate::app::accounts::editor::AccountEditor::new_account());
    }
    if !app.demo_starting.is_empty() {
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("Starting the demo emulator (Azurite, in memory)…");
        });
    }
    let fresh = app.settings.recent.is_empty() && !app.demo_started;
    if fresh && demo_available() {
        ui.add_space(8.0);
        ui.strong("New here?");
        let open = ui
            .button("Open the demo")
            .on_hover_text("Starts a local Azurite in memory and fills it with tables, blobs and queues to explore");
        if open.clicked() {
            start_demo(app);
        }
    }
}

/// What the welcome says of an account that needs no "Connect" link; `None` when one would help.
fn settled(state: &ConnState) -> Option<&'static str> {
    match state {
        ConnState::Ready => Some("connected"),
        ConnState::Opening => Some("connecting…"),
        ConnState::Closed | ConnState::Failed(_) => None,
    }
}

/// Starts Azurite (on the standard ports when free) off the UI thread, which polls for it (`poll_demo`): the
/// start waits for it to listen, up to minutes on a loaded machine, while the window keeps answering.
pub fn start_demo(app: &mut TesseraApp) {
    app.demo_started = true;
    if app.demo_starting.is_empty() {
        app.demo_starting.start(
            (),
            app.backend
                .spawn_blocking(|| Emulator::start_preferring(EMULATOR_PORTS)),
        );
    }
}

/// Once the demo emulator listens: adds it to the tree and seeds it as a job.
pub fn poll_demo(app: &mut TesseraApp) {
    let Some((_, started)) = app.demo_starting.take() else {
        return;
    };
    let emulator = match started {
        Ok(e) => e,
        Err(why) => {
            app.notice(format!("The demo emulator could not start: {why}"));
            return;
        }
    };
    let account = emulator.account();
    let profile = AccountProfile::started_emulator(&account);
    let id = profile.id.clone();
    app.add_account_for_this_run(0, profile);
    app.keep_alive(Box::new(emulator));
    app.connect(&id);
    let entities = std::env::var("TESSERA_DEMO_ENTITIES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(crate::demo::ENTITIES);
    let factory = Arc::new(move |ctx: JobContext| {
        let account = account.clone();
        Box::pin(async move {
            // Bulk writes to a local emulator that shares the machine's cores: an answer may take longer than the
            // interactive 30 s, and a retry on timeout would only add to the work Azurite is still doing.
            let options = ClientOptions {
                read_timeout: std::time::Duration::from_secs(180),
                ..ClientOptions::default()
            };
            let client = Client::new(account, options)?;
            crate::demo::seed(&client, entities, &ctx.progress, &ctx.cancel).await
        }) as JobFuture
    });
    app.start_job("Seed demo data", Unit::Items("entities"), factory);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::Service;

    fn target(name: &str) -> TabTarget {
        TabTarget {
            profile_id: "a".into(),
            service: Service::Table,
            name: name.into(),
        }
    }

    #[test]
    fn the_newest_comes_first_once_and_the_list_stays_short() {
        let mut recent = Vec::new();
        for i in 0..20 {
            remember(&mut recent, &target(&format!("t{i}")));
        }
        remember(&mut recent, &target("t10"));
        assert_eq!(recent.len(), RECENT_KEPT);
        assert_eq!(recent[0].name, "t10");
        assert_eq!(recent[1].name, "t19");
        assert_eq!(recent.iter().filter(|t| t.name == "t10").count(), 1);
    }
}
