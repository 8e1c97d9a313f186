//! Drawing the lens window: the connection string the app should use (copied with its secret, shown without),
//! where the endpoint listens (loopback; anywhere else only after a warning), the rules and the held requests
//! on the left, the app's requests on the right.

use std::net::{IpAddr, Ipv4Addr};

use crate::app::context::Backend;
use crate::app::lens::LensWindow;
use crate::app::widgets::i18n::{t, tr};

/// Shows the window; false when the user closed it.
pub fn window(w: &mut LensWindow, ctx: &egui::Context, backend: &Backend) -> bool {
    let mut open = true;
    egui::Window::new(tr!("lens-window", account = w.label.as_str()))
        .id(egui::Id::unique("lens-window"))
        .open(&mut open)
        .default_pos([40.0, 60.0])
        .default_size([1150.0, 680.0])
        .show(ctx, |ui| {
            egui::Panel::left("lens-controls")
                .resizable(true)
                .default_size(440.0)
                // A panel takes the width its content had on the window's first frame, when the window is still
                // small: without a floor the rule form's boxes were cut off at the column's edge.
                .min_size(330.0)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical().id_salt("lens-left").show(ui, |ui| {
                        endpoint_ui(w, ui, backend);
                        let Some(lens) = &w.lens else { return };
                        ui.separator();
                        if let Some(rule) = crate::app::lens::rule_form::ui(ui, &mut w.form) {
                            lens.add_rule(rule);
                        }
                        ui.separator();
                        crate::app::lens::rule_form::list(ui, lens);
                        ui.separator();
                        if let Some(why) = crate::app::lens::held::ui(ui, lens, &mut w.answer) {
                            w.form.problem = Some(why);
                        }
                    });
                });
            ui.heading(t("lens-requests-heading"));
            if crate::app::lens::requests::ui(ui, &w.records, &mut w.filter) {
                w.har_wanted = true;
            }
        });
    if w.asking_wide {
        ask_wide(w, ctx, backend);
    }
    if w.lens.as_ref().is_some_and(|l| !l.held().is_empty()) {
        // The time held moves on its own.
        ctx.request_repaint_after(std::time::Duration::from_millis(500));
    }
    open
}

/// The connection string, where the endpoint listens, and what is open.
fn endpoint_ui(w: &mut LensWindow, ui: &mut egui::Ui, backend: &Backend) {
    if let Some(why) = &w.failed {
        ui.colored_label(ui.visuals().error_fg_color, tr!("lens-failed", why = why.as_str()));
        if ui.button(t("lens-try-again")).clicked() {
            w.listen_on(backend, w.bind);
        }
        return;
    }
    let Some(lens) = &w.lens else {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(t("lens-starting"));
        });
        return;
    };
    ui.strong(t("lens-connection-string"));
    ui.add(egui::Label::new(egui::RichText::new(lens.connection_string_without_secret()).monospace()).wrap());
    ui.horizontal(|ui| {
        if ui
            .button(t("lens-copy-connection-string"))
            .on_hover_text(t("lens-copy-connection-string-hint"))
            .clicked()
        {
            ui.ctx().copy_text(lens.connection_string());
        }
    });
    ui.weak(t("lens-connection-string-hint"));
    ui.label(tr!("lens-open-connections", count = lens.open_connections().len()));
    if w.bind.is_loopback() {
        ui.label(t("lens-loopback"));
        if ui.button(t("lens-listen-wide")).clicked() {
            w.asking_wide = true;
        }
    } else {
        ui.colored_label(ui.visuals().warn_fg_color, t("lens-wide"));
        if ui.button(t("lens-listen-loopback")).clicked() {
            w.listen_on(backend, IpAddr::V4(Ipv4Addr::LOCALHOST));
        }
    }
}

/// The question before other machines may connect: whoever reaches the ports uses the account.
fn ask_wide(w: &mut LensWindow, ctx: &egui::Context, backend: &Backend) {
    let answer = crate::app::widgets::confirm::ask(
        ctx,
        egui::Id::unique("lens-wide-question"),
        &t("lens-wide-title"),
        &tr!("lens-wide-body", account = w.label.as_str()),
        &t("lens-wide-yes"),
        |_| {},
    );
    if let Some(yes) = answer {
        w.asking_wide = false;
        if yes {
            w.listen_on(backend, IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        }
    }
}
