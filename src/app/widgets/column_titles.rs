//! The title row of a list's columns, each title a message in the window's language, heard by a screen reader
//! as a column header.

/// Fills `header` with the columns' titles, `ids` naming their messages in column order.
pub fn column_titles(header: &mut egui_extras::TableRow<'_, '_>, ids: &[&str]) {
    for id in ids {
        header.col(|ui| {
            let title = crate::app::widgets::i18n::t(id);
            let r = ui.strong(&title);
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ColumnHeader, true, &title));
        });
    }
}
