//! The frame every pane lives in: menu, explorer tree, tabs, activity and inspector, status line, shortcuts
//! (Ctrl+R refresh, Ctrl+F filter, Ctrl+W close tab, F6 next panel) and the modal dialogs.

use egui::{Key, KeyboardShortcut, Modifiers, RichText};

use crate::app::accounts::connections::ConnState;
use crate::app::accounts::editor::AccountEditor;
use crate::app::accounts::service_settings::ServiceSettingsWindow;
use crate::app::frame::app::{BottomView, PanelFocus, TesseraApp};
use crate::app::widgets::i18n::{Language, t, tr};
use crate::storage::Service;

const REFRESH: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::R);
const FILTER: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::F);
const CLOSE_TAB: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::W);

/// Ids of the widget each panel focuses when F6 moves the keyboard there.
pub fn focus_id(panel: PanelFocus) -> egui::Id {
    egui::Id::unique(("panel-focus", panel as u8))
}

pub fn ui(app: &mut TesseraApp, ui: &mut egui::Ui) {
    let _frame = crate::storage::in_frame();
    // Everything drawn this frame speaks the language chosen in View > Language (or the system's).
    crate::app::widgets::i18n::set_language(app.settings.language.unwrap_or_else(Language::system));
    // The look chosen in the View menu, whatever drives the frame (eframe, a test harness).
    app.apply_theme(ui.ctx());
    // The app's icons come with it, whatever drives the frame (eframe, a test harness): once per context.
    let installed = egui::Id::unique("tessera-icon-font");
    if !ui.ctx().data(|d| d.get_temp::<bool>(installed)).unwrap_or(false) {
        crate::app::widgets::icon::install(ui.ctx());
        ui.ctx().data_mut(|d| d.insert_temp(installed, true));
    }
    // The window's close is held back while anything is unsaved or at work, and asked about (`quitting`).
    app.quitting_frame(ui.ctx());
    shortcuts(app, ui);
    crate::app::blob::drag_drop::drag_hint(ui.ctx());
    // The list keys go to the list of the panel with the keyboard (F6, or the last click): the tab's, or the
    // inspector's when the bottom panel shows it.
    use crate::app::widgets::list_keys::{KeysGoTo, take_keys};
    let keys = match app.panels.focus {
        PanelFocus::Tabs => KeysGoTo::Tab,
        PanelFocus::Bottom if app.settings.bottom == BottomView::Inspector => KeysGoTo::Inspector,
        _ => KeysGoTo::Nowhere,
    };
    take_keys(ui.ctx(), keys);
    egui::Panel::top("menu").show(ui, |ui| app.menu_bar(ui));
    if !app.panels.notices.is_empty() {
        egui::Panel::top("notices").show(ui, |ui| notices(app, ui));
    }
    crate::app::frame::interrupted::ui(app, ui);
    // The panel opens by itself only when a job fails (a running job's progress shows in the status line);
    // otherwise it stays as the user left it, so the list keeps its room.
    if app.jobs.failures() > app.panels.jobs_seen {
        app.panels.jobs_seen = app.jobs.failures();
        if !app.settings.bottom_open {
            app.settings.bottom_open = true;
            app.settings.bottom = BottomView::Activity;
        }
    }
    egui::Panel::bottom("status").show(ui, |ui| status_line(app, ui));
    if app.settings.bottom_open {
        egui::Panel::bottom("bottom")
            .resizable(true)
            .default_size(170.0)
            .show(ui, |ui| bottom(app, ui));
    }
    egui::Panel::left("tree")
        .resizable(true)
        .default_size(260.0)
        .show(ui, |ui| tree(app, ui));
    egui::CentralPanel::default().show(ui, |ui| central(app, ui));
    let ctx = ui.ctx().clone();
    modals(app, &ctx);
    app.about_box(&ctx);
    if app.windows.shortcuts_open {
        app.windows.shortcuts_open = crate::app::frame::shortcuts_help::window(&ctx);
    }
}

fn shortcuts(app: &mut TesseraApp, ui: &mut egui::Ui) {
    if ui.input_mut(|i| i.consume_shortcut(&REFRESH)) {
        app.refresh_active();
    }
    if ui.input_mut(|i| i.consume_shortcut(&FILTER)) {
        app.panels.focus = PanelFocus::Tabs;
        app.tabs.focus_filter = true;
    }
    if ui.input_mut(|i| i.consume_shortcut(&CLOSE_TAB))
        && let Some(i) = app.tabs.active
    {
        crate::app::frame::closing::request_close(app, i);
    }
    if ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::F6)) {
        app.panels.focus = match app.panels.focus {
            PanelFocus::Tree => PanelFocus::Tabs,
            PanelFocus::Tabs => PanelFocus::Bottom,
            PanelFocus::Bottom => PanelFocus::Tree,
        };
        // The keyboard brings the bottom panel back when it was hidden.
        app.settings.bottom_open |= app.panels.focus == PanelFocus::Bottom;
        let id = focus_id(app.panels.focus);
        ui.memory_mut(|m| m.request_focus(id));
    }
}

/// A panel's frame; the panel with the keyboard focus is outlined. The outline is painted over the panel rather
/// than given to the frame: a frame stroke changes the content's layout, and a side panel inside the tab then
/// took the whole width and covered the blob list.
fn panel_frame(app: &TesseraApp, ui: &egui::Ui, panel: PanelFocus) -> egui::Frame {
    if app.panels.focus == panel {
        let stroke = egui::Stroke::new(1.5, ui.visuals().selection.stroke.color);
        ui.painter()
            .rect_stroke(ui.max_rect(), 0.0, stroke, egui::StrokeKind::Inside);
    }
    egui::Frame::new().inner_margin(2.0)
}

/// A click anywhere in a panel moves the keyboard focus (and so Ctrl+R) there, as in any desktop app.
fn follow_click(app: &mut TesseraApp, ui: &egui::Ui, panel: PanelFocus) {
    let area = ui.max_rect();
    // The input lock must be released before asking which layer is under the pointer.
    let pressed_at = ui.input(|i| i.pointer.primary_pressed().then(|| i.pointer.interact_pos()).flatten());
    let clicked_here = pressed_at.is_some_and(|p| area.contains(p) && ui.ctx().layer_id_at(p) == Some(ui.layer_id()));
    if clicked_here {
        app.panels.focus = panel;
    }
}

fn tree(app: &mut TesseraApp, ui: &mut egui::Ui) {
    follow_click(app, ui, PanelFocus::Tree);
    panel_frame(app, ui, PanelFocus::Tree).show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.heading(t("tree-heading"));
            let add = ui.add(egui::Button::new(t("tree-add-account")).small());
            let add = add.on_hover_text(t("tree-add-account-hint"));
            if add.clicked() {
                app.accounts.editor = Some(AccountEditor::new_account());
            }
            if app.panels.focus == PanelFocus::Tree && ui.memory(|m| m.focused().is_none()) {
                add.request_focus();
            }
        });
        let actions = app
            .accounts
            .explorer
            .ui(ui, &app.backend, &mut app.accounts.connections);
        for a in actions {
            app.tree_action(a);
        }
        if let Some((target, drag, copy)) = app.accounts.explorer.take_dropped() {
            app.drop_blobs(target, &drag, copy);
        }
        for conn in &app.accounts.connections.list {
            if let Some(checks) = &conn.last_test {
                ui.separator();
                ui.strong(tr!("tree-test-of", account = conn.profile.label.as_str()));
                for c in checks {
                    let color = if c.outcome.is_ok() {
                        ui.visuals().text_color()
                    } else {
                        ui.visuals().error_fg_color
                    };
                    ui.colored_label(color, c.describe());
                }
            }
        }
    });
}

/// Banners above the whole window, one line each with the full text on hover; an error keeps all its lines (what
/// failed, why, what to do) in view.
fn notices(app: &mut TesseraApp, ui: &mut egui::Ui) {
    let mut dismiss = None;
    for (i, n) in app.panels.notices.iter().enumerate() {
        ui.horizontal(|ui| {
            if ui.small_button(t("notice-dismiss")).clicked() {
                dismiss = Some(i);
            }
            let label = if n.error {
                egui::Label::new(RichText::new(&n.text).color(ui.visuals().error_fg_color)).wrap()
            } else {
                egui::Label::new(&n.text).truncate()
            };
            let shown = ui.add(label);
            // Heard when it appears: a notice is what the window says of something done or refused.
            crate::app::widgets::live::announce(ui, &shown, n.error);
            shown.on_hover_text(&n.text);
        });
    }
    if let Some(i) = dismiss {
        app.panels.notices.remove(i);
    }
}

fn central(app: &mut TesseraApp, ui: &mut egui::Ui) {
    follow_click(app, ui, PanelFocus::Tabs);
    panel_frame(app, ui, PanelFocus::Tabs).show(ui, |ui| {
        // A screen reader hears a tab list whose tabs say which one is selected.
        let strip = egui::UiBuilder::new()
            .accessibility_role(egui::accesskit::Role::TabList)
            .accessibility_label(t("tabs-name"));
        ui.scope_builder(strip, |ui| {
            ui.horizontal_wrapped(|ui| {
                let mut close = None;
                for (i, tab) in app.tabs.list.iter().enumerate() {
                    let title = tab.title();
                    let active = app.tabs.active == Some(i);
                    let r = ui.selectable_label(active, &title);
                    r.widget_info(|| egui::WidgetInfo::selected(egui::Role::Tab, true, active, &title));
                    if r.clicked() {
                        app.tabs.active = Some(i);
                    }
                    if ui
                        .small_button("x")
                        .on_hover_text(t("tab-close-hint"))
                        .accessible_name(tr!("tab-close-name", title = title.as_str()))
                        .clicked()
                    {
                        close = Some(i);
                    }
                    ui.separator();
                }
                if let Some(i) = close {
                    crate::app::frame::closing::request_close(app, i);
                }
            })
        });
        ui.separator();
        // What egui holds for tabs dropped since the last frame (an image preview's bytes) goes with them.
        for uri in app.tabs.forget_images.drain(..) {
            ui.ctx().forget_image(&uri);
        }
        if app.tabs.list.is_empty() {
            welcome(app, ui);
            return;
        }
        let (tabs, mut shared) = app.tabs_and_shared();
        tabs.pane_ui(ui, &mut shared);
    });
}

/// "Activity", with how many jobs run and how many closed tabs still work.
fn activity_label(app: &TesseraApp) -> String {
    let running = app.jobs.running();
    let closed = app.tabs.closed.len();
    // The newest running job's progress, so that a closed panel still shows what runs.
    let newest = app.jobs.all().iter().rev().find(|j| j.is_running());
    match (running, closed, newest) {
        (0, 0, _) => t("activity"),
        (1, 0, Some(job)) => match job.fraction() {
            Some(f) => tr!(
                "activity-one-running-at",
                job = job.title.as_str(),
                percent = format!("{:.0}", f * 100.0)
            ),
            None => tr!("activity-one-running", job = job.title.as_str()),
        },
        (r, 0, _) => tr!("activity-running", running = r),
        (0, c, _) => tr!("activity-closed", closed = c),
        (r, c, _) => tr!("activity-running-closed", running = r, closed = c),
    }
}

/// "HTTP inspector (12 requests, 1 failed)".
fn inspector_label(app: &TesseraApp) -> String {
    tr!(
        "inspector-tab",
        requests = app.panels.inspector.events.len(),
        failed = app.panels.inspector.failures()
    )
}

fn bottom(app: &mut TesseraApp, ui: &mut egui::Ui) {
    follow_click(app, ui, PanelFocus::Bottom);
    panel_frame(app, ui, PanelFocus::Bottom).show(ui, |ui| {
        ui.horizontal(|ui| {
            let activity = activity_label(app);
            let r = ui.selectable_value(&mut app.settings.bottom, BottomView::Activity, activity);
            if app.panels.focus == PanelFocus::Bottom && ui.memory(|m| m.focused().is_none()) {
                r.request_focus();
            }
            let inspector = inspector_label(app);
            ui.selectable_value(&mut app.settings.bottom, BottomView::Inspector, inspector);
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui
                    .button(t("bottom-hide"))
                    .on_hover_text(t("bottom-hide-hint"))
                    .clicked()
                {
                    app.settings.bottom_open = false;
                }
            });
        });
        ui.separator();
        match app.settings.bottom {
            BottomView::Activity => {
                crate::app::frame::closing::ui(app, ui);
                crate::app::frame::activity::ui(ui, &mut app.jobs, &app.backend)
            }
            BottomView::Inspector => app.panels.inspector.ui(ui),
        }
    });
}

fn status_line(app: &mut TesseraApp, ui: &mut egui::Ui) {
    let profile_id = app
        .tabs
        .active
        .and_then(|i| app.tabs.list.get(i))
        .map(|t| (t.target.profile_id.clone(), t.target.service))
        .or_else(|| {
            app.accounts
                .connections
                .list
                .first()
                .map(|c| (c.profile.id.clone(), Service::Table))
        });
    // Wrapped: in a language with longer words (Russian) the connection's state goes to a second line rather
    // than past the window's edge.
    ui.horizontal_wrapped(|ui| {
        // Each part moves to the next line whole, never broken in the middle of its words.
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
        if !app.settings.bottom_open {
            // The closed panel's two views, one click away.
            let activity = activity_label(app);
            if ui.small_button(activity).clicked() {
                app.settings.bottom_open = true;
                app.settings.bottom = BottomView::Activity;
            }
            if ui.small_button(inspector_label(app)).clicked() {
                app.settings.bottom_open = true;
                app.settings.bottom = BottomView::Inspector;
            }
            ui.separator();
        }
        if let Some(note) = crate::app::runtime::fonts::missing_scripts_note() {
            ui.colored_label(ui.visuals().warn_fg_color, note);
            ui.separator();
        }
        app.shared.held.update(&app.tabs);
        if let Some(words) = app.shared.held.words() {
            ui.label(words).on_hover_text(t("status-held-hint"));
            ui.separator();
        }
        let Some((id, service)) = profile_id else {
            ui.label(t("status-no-account"));
            return;
        };
        let Some(conn) = app.accounts.connections.get(&id) else {
            return;
        };
        ui.label(tr!("status-account", account = conn.profile.label.as_str()));
        if let Some(client) = &conn.client {
            ui.separator();
            ui.label(match &client.account().credential {
                crate::storage::Credential::Bearer(token) => tr!("status-entra", token = token.describe().to_string()),
                other => tr!("status-signed-with", kind = t(credential_kind(other))),
            });
        }
        ui.separator();
        let endpoint = conn
            .profile
            .endpoint(service)
            .map_or_else(|| t("status-endpoint-none"), str::to_string);
        ui.label(tr!("status-endpoint", endpoint = endpoint));
        ui.separator();
        let state = match &conn.state {
            ConnState::Closed => t("connection-closed"),
            ConnState::Opening => t("connection-opening"),
            ConnState::Failed(e) => tr!("connection-failed", why = e.hint().to_string()),
            ConnState::Ready => match &conn.client {
                Some(c) if c.is_circuit_open(service) => t("connection-paused"),
                _ => match app
                    .panels
                    .inspector
                    .events
                    .iter()
                    .rev()
                    .find(|e| conn.client.as_ref().is_some_and(|c| c.id() == e.client))
                {
                    Some(e) => match e.status {
                        Some(s) if s < 500 => tr!(
                            "connection-answered",
                            status = s.to_string(),
                            ms = e.duration.as_millis() as u64
                        ),
                        Some(s) => tr!("connection-service-failing", status = s.to_string()),
                        None => tr!(
                            "connection-unreachable",
                            why = e
                                .note
                                .as_ref()
                                .map_or_else(|| t("connection-no-answer"), |n| n.to_string())
                        ),
                    },
                    None => t("connection-ready"),
                },
            },
        };
        ui.label(tr!("status-connection", state = state));
    });
}

fn modals(app: &mut TesseraApp, ctx: &egui::Context) {
    if let Some(w) = &mut app.windows.account_sas
        && !w.window(ctx, app.accounts.connections.client_or_why(&w.profile_id).as_ref())
    {
        app.windows.account_sas = None;
    }
    if let Some(w) = &mut app.windows.service_settings
        && !w.window(
            ctx,
            &app.backend,
            app.accounts.connections.client_or_why(&w.profile_id).as_ref(),
        )
        && let Some(mut w) = app.windows.service_settings.take()
    {
        if let Some(id) = w.then_open.take() {
            app.windows.service_settings = app.account_window(&id, ServiceSettingsWindow::new);
        }
        if w.is_saving() {
            app.windows.service_settings_landing.push(w);
        }
    }
    let mut said = Vec::new();
    app.windows.service_settings_landing.retain_mut(|w| match w.landed() {
        Some(outcome) => {
            said.push(outcome);
            false
        }
        None => true,
    });
    for words in said {
        app.notice(words.unwrap_or_else(|e| e));
    }
    let loading = app.accounts.proxy.loading();
    if let Some(w) = &mut app.accounts.proxy.window {
        use crate::app::accounts::proxy_settings::ProxyOutcome;
        match w.ui(ctx, &app.backend, loading) {
            ProxyOutcome::Open => {}
            ProxyOutcome::Closed => app.accounts.proxy.window = None,
            ProxyOutcome::Applied(settings, password) => {
                app.accounts.proxy.window = None;
                app.accounts.proxy.applied(
                    &app.settings.proxy,
                    &settings,
                    password,
                    &app.accounts.secrets,
                    &app.backend,
                );
                app.settings.proxy = settings;
                app.notice(t("notice-proxy-in-use"));
            }
        }
    }
    app.settings_window_ui(ctx);
    if let Some(b) = &mut app.windows.backlogs
        && !b.window(ctx)
    {
        app.windows.backlogs = None;
    }
    if let Some(lab) = &mut app.lab.window
        && !crate::app::lab::view::window(lab, ctx, &app.backend)
    {
        app.lab.window = None;
    }
    lens(app, ctx);
    if let Some(editor) = &mut app.accounts.editor {
        let outcome = editor.ui(ctx, &app.backend, &app.session.dialogs);
        app.editor_outcome(outcome);
    }
    if let Some(confirm) = app.windows.confirm.clone() {
        let label = |id: &str| {
            app.accounts
                .connections
                .get(id)
                .map(|c| c.profile.label.clone())
                .unwrap_or_default()
        };
        let (title, body, yes) = crate::app::frame::confirm_words::words(&confirm, label);
        let answer = crate::app::widgets::confirm::ask(ctx, egui::Id::unique("confirm"), &title, &body, &yes, |_| {});
        if let Some(yes) = answer {
            app.windows.confirm = None;
            if yes {
                app.confirmed(confirm);
            }
        }
    }
}

impl TesseraApp {
    /// Ctrl+R: the active tab, or every loaded list of the tree.
    pub fn refresh_active(&mut self) {
        if self.panels.focus != PanelFocus::Tree && self.tabs.active.is_some() {
            self.tabs.refresh_requested = true;
        } else {
            self.accounts
                .explorer
                .refresh_all(&self.backend, &self.accounts.connections);
        }
    }
}

/// The centre with no tab open, and what the user asked of it.
fn welcome(app: &mut TesseraApp, ui: &mut egui::Ui) {
    use crate::app::frame::welcome::{WelcomeAsk, WelcomeView};
    let view = WelcomeView::read(
        &app.settings.recent,
        &app.accounts.connections,
        !app.ops.demo_starting.is_empty(),
        app.ops.demo_started,
    );
    match crate::app::frame::welcome::ui(view, ui) {
        Some(WelcomeAsk::Open(target)) => app.open_tab(target),
        Some(WelcomeAsk::Connect(id)) => app.connect(&id),
        Some(WelcomeAsk::AddAccount) => {
            app.accounts.editor = Some(crate::app::accounts::editor::AccountEditor::new_account());
        }
        Some(WelcomeAsk::Demo) => app.start_demo(),
        None => {}
    }
}

/// The message naming how an account's requests are signed.
fn credential_kind(credential: &crate::storage::Credential) -> &'static str {
    use crate::storage::Credential;
    match credential {
        Credential::SharedKey(_) => "credential-account-key",
        Credential::Sas(_) => "credential-sas",
        Credential::Bearer(_) => "credential-entra",
        Credential::Anonymous => "credential-anonymous",
    }
}

/// The lens window; its close stops the endpoint and says which app connections were open. Copy as HAR writes
/// the shown requests with the inspector's HAR writer.
fn lens(app: &mut TesseraApp, ctx: &egui::Context) {
    if let Some(w) = &mut app.windows.lens.window
        && !crate::app::lens::window::window(w, ctx, &app.backend)
        && let Some(words) = app.windows.lens.close()
    {
        app.session.log.line(&words);
        app.notice(words);
    }
    if let Some(events) = app.windows.lens.har_wanted() {
        let events: Vec<&crate::storage::RequestEvent> = events.iter().collect();
        ctx.copy_text(crate::app::frame::replay::har(&events));
    }
}
