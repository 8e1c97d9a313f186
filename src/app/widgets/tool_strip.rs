//! A tool's strip under a pane's toolbar: its form in a frame with its close button, and Escape to close it.

use crate::app::widgets::i18n::{t, tr};

/// A tool's strip under the toolbar, drawn while its tool is `open` or holds something the user must see: a
/// frame with its close button (while open) and its form. Says whether the close button was pressed.
pub fn tool_strip(
    ui: &mut egui::Ui,
    tool: &crate::app::context::features::Tool,
    open: bool,
    form: impl FnOnce(&mut egui::Ui),
) -> bool {
    let mut close = false;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal_top(|ui| {
            let name = tr!("widgets-tool-strip-close", tool = t(tool.name));
            let (icon, key) = (crate::app::widgets::icon::CLOSE, t("widgets-tool-strip-escape"));
            if open && crate::app::widgets::icon::icon_button(ui, true, icon, &name, Some(&key)).clicked() {
                close = true;
            }
            ui.vertical(form);
        });
    });
    close
}

/// Escape closes the open tool (unless a text field has the keyboard, whose Escape is its own).
pub fn escape_closes_tool(ui: &egui::Ui, open: &mut Option<&'static str>) {
    if open.is_some() && ui.input(|i| i.key_pressed(egui::Key::Escape)) && !ui.ctx().text_edit_focused() {
        *open = None;
    }
}
