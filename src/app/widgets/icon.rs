//! Toolbar buttons drawn as an icon from egui's built-in icon font, with the action's name as tooltip and as
//! the name screen readers (and the UI tests) read.

/// An icon button named `name` for accessibility, showing `name` (and `more`, when given) on hover.
pub fn icon_button(ui: &mut egui::Ui, enabled: bool, icon: &str, name: &str, more: Option<&str>) -> egui::Response {
    let hover = match more {
        Some(more) => format!("{name}: {more}"),
        None => name.to_string(),
    };
    let response = ui
        .add_enabled(enabled, egui::Button::new(icon).min_size(egui::vec2(26.0, 0.0)))
        .on_hover_text(&hover)
        .on_disabled_hover_text(&hover);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, name));
    response
}
