//! Metadata name/value rows (of a blob, a container or a queue), edited in place; saving is the owner's.

use crate::app::widgets::i18n::{t, tr};

/// The rows, each with its name, value and Remove button. `owner` ("Queue", "Container", or None for a blob)
/// goes into the accessible names, so two editors on one screen never share a label.
pub fn rows(ui: &mut egui::Ui, rows: &mut Vec<(String, String)>, owner: Option<&str>) {
    let mut remove = None;
    for (i, (k, v)) in rows.iter_mut().enumerate() {
        let n = i + 1;
        // Narrow enough for the details panel at its default width: a wider row would push every wrapped row
        // of the panel past its edge.
        ui.horizontal(|ui| {
            // Stable ids: a mark a refresh adds above the rows must not move the focus to another field.
            ui.add(
                egui::TextEdit::singleline(k)
                    .id_salt(("metadata-name", owner, n))
                    .desired_width(100.0),
            )
            .accessible_name(said(owner, 1, n));
            ui.add(
                egui::TextEdit::singleline(v)
                    .id_salt(("metadata-value", owner, n))
                    .desired_width(150.0),
            )
            .accessible_name(said(owner, 2, n));
            let name = said(owner, 3, n);
            if crate::app::widgets::icon::icon_button(ui, true, &t("metadata-remove"), &name, None).clicked() {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        rows.remove(i);
    }
}

/// The button that adds an empty row.
pub fn add_button(ui: &mut egui::Ui, rows: &mut Vec<(String, String)>, owner: Option<&str>) {
    if ui.small_button(t(ids(owner)[0])).clicked() {
        rows.push((String::new(), String::new()));
    }
}

/// The messages for whose metadata it is: add, name, value, remove.
fn ids(owner: Option<&str>) -> [&'static str; 4] {
    match owner {
        Some("Queue") => [
            "metadata-add-queue",
            "metadata-name-queue",
            "metadata-value-queue",
            "metadata-remove-queue",
        ],
        Some("Container") => [
            "metadata-add-container",
            "metadata-name-container",
            "metadata-value-container",
            "metadata-remove-container",
        ],
        _ => [
            "metadata-add-blob",
            "metadata-name-blob",
            "metadata-value-blob",
            "metadata-remove-blob",
        ],
    }
}

/// "Queue metadata name 1", "Metadata value 2", "Remove container metadata 3": row `n`'s `what`.
fn said(owner: Option<&str>, what: usize, n: usize) -> String {
    tr!(ids(owner)[what], n = n)
}
