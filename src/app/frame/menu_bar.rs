//! The menu bar (Accounts, View with the look and the language, Tools, Help) and the About box it opens.

use crate::app::accounts::editor::AccountEditor;
use crate::app::frame::app::{Confirm, TesseraApp};
use crate::app::widgets::i18n::{Language, t, tr};

impl TesseraApp {
    /// The menu bar (a method, so the frame draws it without naming this file: the frame's files stay out of
    /// each other's import loop).
    pub(crate) fn menu_bar(&mut self, ui: &mut egui::Ui) {
        menu_bar(self, ui);
    }

    /// Help > About Tessera….
    pub(crate) fn about_box(&mut self, ctx: &egui::Context) {
        about(self, ctx);
    }
}

fn menu_bar(app: &mut TesseraApp, ui: &mut egui::Ui) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button(t("menu-accounts"), |ui| {
            if ui.button(t("menu-add-account")).clicked() {
                app.accounts.editor = Some(AccountEditor::new_account());
                ui.close();
            }
            ui.separator();
            if ui
                .button(t("menu-export-settings"))
                .on_hover_text(t("menu-export-settings-hint"))
                .clicked()
            {
                app.open_settings_export();
                ui.close();
            }
            if ui.button(t("menu-import-settings")).clicked() {
                app.open_settings_import();
                ui.close();
            }
        });
        ui.menu_button(t("menu-view"), |ui| {
            let (dark, high) = (app.settings.dark, app.settings.high_contrast);
            if ui.radio(!dark && !high, t("menu-light-theme")).clicked() {
                (app.settings.dark, app.settings.high_contrast) = (false, false);
                ui.close();
            }
            if ui.radio(dark && !high, t("menu-dark-theme")).clicked() {
                (app.settings.dark, app.settings.high_contrast) = (true, false);
                ui.close();
            }
            if ui
                .radio(high, t("menu-high-contrast"))
                .on_hover_text(t("menu-high-contrast-hint"))
                .clicked()
            {
                (app.settings.dark, app.settings.high_contrast) = (true, true);
                ui.close();
            }
            ui.separator();
            if ui
                .checkbox(&mut app.settings.bottom_open, t("menu-bottom-panel"))
                .clicked()
            {
                ui.close();
            }
            ui.separator();
            language_menu(app, ui);
        });
        ui.menu_button(t("menu-tools"), |ui| {
            if ui.button(t("menu-queue-backlogs")).clicked() {
                match app.current_profile() {
                    Some(id) => {
                        let label = app
                            .accounts
                            .connections
                            .get(&id)
                            .map(|c| c.profile.label.clone())
                            .unwrap_or_default();
                        app.accounts.connections.open(&app.backend, &id);
                        app.windows.backlogs = Some(crate::app::queue::backlogs::QueueBacklogs::new(&id, &label));
                    }
                    None => app.notice(t("notice-connect-first")),
                }
                ui.close();
            }
            if ui
                .button(t("menu-seed-million"))
                .on_hover_text(t("menu-seed-million-hint"))
                .clicked()
            {
                match app.current_profile() {
                    Some(id) => app.windows.confirm = Some(Confirm::SeedMillion(id)),
                    None => app.notice(t("notice-connect-first-seed")),
                }
                ui.close();
            }
            if ui.button(t("menu-proxy")).clicked() {
                app.accounts.proxy.window = Some(crate::app::accounts::proxy_settings::ProxyWindow::new(
                    &app.settings.proxy,
                ));
                ui.close();
            }
            if ui.button(t("menu-conflict-lab")).clicked() {
                if let Some(id) = app.current_profile() {
                    app.open_lab(&id, None);
                } else {
                    app.notice(t("notice-connect-first-lab"));
                }
                ui.close();
            }
        });
        ui.menu_button(t("menu-help"), |ui| {
            if ui.button(t("menu-shortcuts")).clicked() {
                app.windows.shortcuts_open = true;
                ui.close();
            }
            if ui.button(t("menu-about")).clicked() {
                app.windows.about_open = true;
                ui.close();
            }
            ui.label(tr!(
                "menu-log-file",
                path = app.session.log.path().display().to_string()
            ));
            ui.label(tr!(
                "menu-accounts-file",
                path = app.session.paths.accounts_file.display().to_string()
            ));
        });
    });
}

/// View > Language: the system's, or one chosen, applied from the next frame on and remembered.
fn language_menu(app: &mut TesseraApp, ui: &mut egui::Ui) {
    ui.menu_button(t("menu-language"), |ui| {
        let system = tr!("menu-language-system", language = Language::system().native_name());
        if ui.radio(app.settings.language.is_none(), system).clicked() {
            app.settings.language = None;
            ui.close();
        }
        for language in Language::ALL {
            let chosen = app.settings.language == Some(language);
            if ui.radio(chosen, language.native_name()).clicked() {
                app.settings.language = Some(language);
                ui.close();
            }
        }
    });
}

/// The about box: name, version and description come from Cargo.toml, so a release names itself right.
fn about(app: &mut TesseraApp, ctx: &egui::Context) {
    let mut open = app.windows.about_open;
    egui::Window::new(t("about-title"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.add(
                    egui::Image::new(egui::include_image!("../../../assets/png/tessera-128.png"))
                        .fit_to_exact_size(egui::vec2(64.0, 64.0)),
                );
                ui.vertical(|ui| {
                    ui.heading(concat!("Tessera ", env!("CARGO_PKG_VERSION")));
                    ui.label(env!("CARGO_PKG_DESCRIPTION"));
                    ui.label(tr!("about-license", license = env!("CARGO_PKG_LICENSE")));
                });
            });
            ui.separator();
            ui.label(tr!(
                "menu-accounts-file",
                path = app.session.paths.accounts_file.display().to_string()
            ));
            ui.label(tr!(
                "menu-log-file",
                path = app.session.log.path().display().to_string()
            ));
            ui.label(t("about-secrets"));
        });
    app.windows.about_open = open;
}
