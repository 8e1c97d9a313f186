//! Asking before a destructive action: one modal that says what will happen, names the action on its button,
//! and offers Cancel.

/// Shows the question. `Some(true)` when the user confirms; `Some(false)` on Cancel, Escape or a click outside;
/// `None` while it waits. `extra` adds choices between the text and the buttons.
pub fn ask(
    ctx: &egui::Context,
    id: egui::Id,
    title: &str,
    body: &str,
    yes: &str,
    extra: impl FnOnce(&mut egui::Ui),
) -> Option<bool> {
    let mut answer = None;
    let modal = egui::Modal::new(id).show(ctx, |ui| {
        ui.heading(title);
        ui.label(body);
        extra(ui);
        ui.horizontal(|ui| {
            let button = ui.button(yes);
            // The keyboard starts on the named action: Enter or Space confirms, Tab reaches Cancel, Escape cancels.
            if ui.memory(|m| m.focused().is_none()) {
                button.request_focus();
            }
            if button.clicked() {
                answer = Some(true);
            }
            if ui.button(crate::app::widgets::i18n::t("confirm-cancel")).clicked() {
                answer = Some(false);
            }
        });
    });
    if modal.should_close() && answer.is_none() {
        answer = Some(false);
    }
    answer
}
