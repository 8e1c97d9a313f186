//! Metadata name/value rows (of a blob, a container or a queue), edited in place; saving is the owner's.

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
            .accessible_name(label(owner, &format!("metadata name {n}")));
            ui.add(
                egui::TextEdit::singleline(v)
                    .id_salt(("metadata-value", owner, n))
                    .desired_width(150.0),
            )
            .accessible_name(label(owner, &format!("metadata value {n}")));
            let name = remove_label(owner, n);
            if crate::app::widgets::icon::icon_button(ui, true, "Remove", &name, None).clicked() {
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
    let text = match owner {
        Some(o) => format!("Add {} metadata", o.to_lowercase()),
        None => "Add metadata".to_string(),
    };
    if ui.small_button(text).clicked() {
        rows.push((String::new(), String::new()));
    }
}

/// "Queue metadata name 1", or "Metadata name 1" for a blob.
fn label(owner: Option<&str>, rest: &str) -> String {
    match owner {
        Some(o) => format!("{o} {rest}"),
        None => {
            let mut chars = rest.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        }
    }
}

fn remove_label(owner: Option<&str>, n: usize) -> String {
    match owner {
        Some(o) => format!("Remove {} metadata {n}", o.to_lowercase()),
        None => format!("Remove metadata {n}"),
    }
}
