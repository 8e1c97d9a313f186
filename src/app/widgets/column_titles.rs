//! The title row of a list's columns, each title a message in the window's language.

/// Fills `header` with the columns' titles, `ids` naming their messages in column order.
pub fn column_titles(header: &mut egui_extras::TableRow<'_, '_>, ids: &[&str]) {
    for id in ids {
        header.col(|ui| {
            ui.strong(crate::app::widgets::i18n::t(id));
        });
    }
}
