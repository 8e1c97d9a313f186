//! The window's own close: while anything is unsaved or at work it is held back and asks once, naming each
//! unsaved edit, each running job, the writes still out and the messages held; the window goes only on the
//! user's word, after every cancelled job has done its clean-up and every write sent has answered.

use std::time::{Duration, Instant};

use crate::app::frame::app::TesseraApp;
use crate::app::frame::quit_state::Stage;
use crate::app::widgets::i18n::{t, tr};

/// What stands in the way of closing the window now.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AtWork {
    /// Each unsaved edit, with the tab or window it is in.
    pub unsaved: Vec<String>,
    /// Each running job's title.
    pub jobs: Vec<String>,
    /// Writes sent (saves, actions on held messages, the tree's creates and deletes) that have not answered.
    pub writes: usize,
    /// Messages held with a pop receipt that still works.
    pub held: usize,
    /// The user's app's connections open through the lens: quitting closes them (and waits for nothing).
    pub lens: Vec<String>,
}

impl AtWork {
    pub fn of(app: &TesseraApp) -> AtWork {
        let mut unsaved = Vec::new();
        for tab in &app.tabs.list {
            let title = tab.title();
            unsaved.extend(
                tab.unsaved()
                    .into_iter()
                    .map(|what| tr!("quit-unsaved-in", place = title.as_str(), what = what)),
            );
        }
        if let Some(w) = app.windows.service_settings.as_ref().filter(|w| w.unsaved()) {
            unsaved.push(tr!("quit-unsaved-service-settings", account = w.label()));
        }
        let tabs = app.tabs.list.iter().chain(&app.tabs.closed);
        let writes = tabs.clone().map(|t| t.sent.outstanding()).sum::<usize>()
            + app.windows.service_settings.iter().filter(|w| w.is_saving()).count()
            + app.windows.service_settings_landing.len()
            + app.ops_out();
        AtWork {
            unsaved,
            jobs: (app.jobs.list.iter())
                .filter(|j| j.is_running())
                .map(|j| j.title.clone())
                .chain(tabs.clone().filter_map(|t| t.pane.as_ref()).flat_map(|p| p.jobs()))
                .collect(),
            writes,
            held: tabs.filter_map(|t| t.pane.as_ref()).map(|p| p.held_count()).sum(),
            lens: app.windows.lens.open_connections(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.unsaved.is_empty() && self.jobs.is_empty() && self.writes == 0 && self.held == 0 && self.lens.is_empty()
    }
}

impl TesseraApp {
    /// Each frame, before anything else is drawn: holds back a close request while anything is at work, and
    /// moves the close along once the user answered. A method of the app, so the shell need not import this file.
    pub(crate) fn quitting_frame(&mut self, ctx: &egui::Context) {
        frame(self, ctx);
    }
}

fn frame(app: &mut TesseraApp, ctx: &egui::Context) {
    let requested = ctx.input(|i| i.viewport().close_requested());
    if requested && !app.session.quitting.is_gone() {
        let at_work = AtWork::of(app);
        if at_work.is_empty() && matches!(app.session.quitting.stage, Stage::Open | Stage::Asking { .. }) {
            if let Some(words) = app.windows.lens.close() {
                app.session.log.line(&words);
            }
            app.session.quitting.stage = Stage::Gone;
        } else {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            if app.session.quitting.stage == Stage::Open {
                app.session.quitting.stage = Stage::Asking { again: false };
            }
        }
    }
    match app.session.quitting.stage.clone() {
        Stage::Open | Stage::Gone => {}
        Stage::Asking { again } => ask(app, ctx, again),
        Stage::Saving => saving(app, ctx),
        Stage::Leaving { since } => leaving(app, ctx, since),
    }
}

/// The question: what would be lost or cut off, and the three ways on.
fn ask(app: &mut TesseraApp, ctx: &egui::Context, again: bool) {
    let at_work = AtWork::of(app);
    if at_work.is_empty() {
        // Everything landed or was saved while the question stood: nothing is lost by going.
        return go(app, ctx);
    }
    let mut chose = None;
    let modal = egui::Modal::new(egui::Id::unique("quit-question")).show(ctx, |ui| {
        ui.heading(t("quit-title"));
        if again {
            ui.label(t("quit-still-unsaved"));
        }
        lists(ui, &at_work);
        if at_work.held > 0 {
            ui.checkbox(
                &mut app.session.quitting.return_held,
                tr!("quit-return-held", count = at_work.held),
            );
        }
        ui.weak(t("quit-what-happens"));
        ui.horizontal(|ui| {
            if !at_work.unsaved.is_empty() && ui.button(t("quit-save-all")).clicked() {
                chose = Some(Choice::SaveAll);
            }
            if ui.button(t("quit-anyway")).clicked() {
                chose = Some(Choice::Quit);
            }
            let keep = ui.button(t("quit-keep-working"));
            // The keyboard starts on the choice that loses nothing.
            if ui.memory(|m| m.focused().is_none()) {
                keep.request_focus();
            }
            if keep.clicked() {
                chose = Some(Choice::Keep);
            }
        });
    });
    if modal.should_close() && chose.is_none() {
        chose = Some(Choice::Keep);
    }
    match chose {
        Some(Choice::Keep) => app.session.quitting.stage = Stage::Open,
        Some(Choice::Quit) => leave(app),
        Some(Choice::SaveAll) => {
            save_all(app);
            app.session.quitting.stage = Stage::Saving;
        }
        None => {}
    }
}

enum Choice {
    SaveAll,
    Quit,
    Keep,
}

/// The lists the question and the waits show: each unsaved edit and job by name, the writes and held messages
/// by count.
fn lists(ui: &mut egui::Ui, at_work: &AtWork) {
    if !at_work.unsaved.is_empty() {
        ui.strong(tr!("quit-unsaved", count = at_work.unsaved.len()));
        for what in &at_work.unsaved {
            ui.label(format!("• {what}"));
        }
    }
    if !at_work.jobs.is_empty() {
        ui.strong(tr!("quit-jobs", count = at_work.jobs.len()));
        for title in &at_work.jobs {
            ui.label(format!("• {title}"));
        }
    }
    if at_work.writes > 0 {
        ui.label(tr!("quit-writes", count = at_work.writes));
    }
    if at_work.held > 0 {
        ui.label(tr!("quit-held", count = at_work.held));
    }
    if !at_work.lens.is_empty() {
        ui.label(tr!(
            "quit-lens",
            count = at_work.lens.len(),
            connections = at_work.lens.join(", ")
        ));
    }
}

/// Save all: every tab's and window's drafts are saved as their Save buttons would (conditional, never forced).
fn save_all(app: &mut TesseraApp) {
    let (tabs, mut shared) = app.tabs_and_shared();
    tabs.each_pane(&mut shared, |pane, ctx| pane.save_all(ctx));
    let client = app
        .windows
        .service_settings
        .as_ref()
        .and_then(|w| app.accounts.connections.client(&w.profile_id));
    if let (Some(w), Some(client)) = (&mut app.windows.service_settings, client) {
        w.save_all(&app.backend, &client);
    }
}

/// Waits for the saves Save all sent; then asks again (a save failed or something cannot be saved) or goes.
fn saving(app: &mut TesseraApp, ctx: &egui::Context) {
    let at_work = AtWork::of(app);
    if at_work.writes == 0 {
        match at_work.unsaved.is_empty() {
            true => leave(app),
            false => app.session.quitting.stage = Stage::Asking { again: true },
        }
        return;
    }
    let mut keep = false;
    egui::Modal::new(egui::Id::unique("quit-saving")).show(ctx, |ui| {
        ui.heading(t("quit-saving"));
        lists(ui, &at_work);
        keep = ui.button(t("quit-keep-working")).clicked();
    });
    if keep {
        // The saves out still land and are said in their tabs.
        app.session.quitting.stage = Stage::Open;
    }
}

/// Quit: every job is cancelled (each runs its clean-up: a scan returns the batch it holds), the held messages
/// are let go if the user said so, and the window waits for the rest.
fn leave(app: &mut TesseraApp) {
    app.jobs.cancel_all();
    let tabs = app.tabs.list.iter_mut().chain(app.tabs.closed.iter_mut());
    tabs.filter_map(|t| t.pane.as_mut()).for_each(|p| p.cancel_work());
    if app.session.quitting.return_held {
        let (tabs, mut shared) = app.tabs_and_shared();
        tabs.each_pane(&mut shared, |pane, ctx| pane.return_held(ctx));
    }
    app.session.quitting.stage = Stage::Leaving { since: Instant::now() };
}

/// How long the window waits before it offers to go without the rest.
const PATIENT: Duration = Duration::from_secs(2);

/// Waits for the cancelled jobs' clean-up and the writes out (messages being returned among them), then goes.
fn leaving(app: &mut TesseraApp, ctx: &egui::Context, since: Instant) {
    let at_work = AtWork::of(app);
    if at_work.jobs.is_empty() && at_work.writes == 0 {
        return go(app, ctx);
    }
    ctx.request_repaint_after(Duration::from_millis(100));
    let mut now = false;
    egui::Modal::new(egui::Id::unique("quit-leaving")).show(ctx, |ui| {
        ui.heading(t("quit-leaving"));
        let waiting = AtWork {
            unsaved: Vec::new(),
            held: 0,
            lens: Vec::new(),
            ..at_work
        };
        lists(ui, &waiting);
        if since.elapsed() >= PATIENT {
            ui.weak(t("quit-now-loses"));
            now = ui.button(t("quit-now")).clicked();
        }
    });
    if now {
        go(app, ctx);
    }
}

/// The close goes through; the lens stops (its listeners are told to, nothing is waited for).
fn go(app: &mut TesseraApp, ctx: &egui::Context) {
    if let Some(words) = app.windows.lens.close() {
        app.session.log.line(&words);
    }
    app.session.quitting.stage = Stage::Gone;
    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
}
