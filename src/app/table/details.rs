//! A table tab's details panel (F4 hides it): the selected entity's properties, read as stored, its editor
//! once opened (Enter, a double-click, Edit), and the versions of it seen this run.

use crate::storage::table::EntityView;
use egui::RichText;

use crate::app::widgets::i18n::{t, tr};

use crate::app::context::PaneContext;
use crate::app::context::features::{DetailsTab, details_shown, details_tabs, set_details_shown};
use crate::app::table::features::editing::Editing;
use crate::app::table::pane::TablePane;

/// The panel at the tab's right, drawn before the grid so that the grid takes the rest.
pub fn panel(pane: &mut TablePane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    follow_selection(pane);
    if std::mem::take(&mut pane.editing_mut().reveal) {
        set_details_shown(ui.ctx(), true);
    }
    if !details_shown(ui.ctx()) {
        return;
    }
    // The grid keeps at least 300 points, whatever width an earlier run left the panel at.
    let widest = (ui.available_width() - 300.0).max(220.0);
    egui::Panel::right(("table-details", &pane.core.table))
        .resizable(true)
        .default_size(400.0)
        .max_size(widest)
        .show(ui, |ui| {
            let about = about(pane);
            let mut present = vec![DetailsTab::Properties];
            if about.is_some() {
                present.push(DetailsTab::History);
            }
            details_tabs(ui, &mut pane.chrome.tab, &present);
            ui.style_mut().spacing.scroll = egui::style::ScrollStyle::solid();
            egui::ScrollArea::vertical()
                .auto_shrink(false)
                .id_salt("table-details-scroll")
                .show(ui, |ui| match (pane.chrome.tab, about) {
                    (DetailsTab::History, Some((pk, rk))) => pane.editing_mut().history.ui(ui, &pk, &rk),
                    _ => properties(pane, ui, ctx),
                });
        });
}

/// An editor with nothing of the user's in it gives way when the selection moves to another row (or rows): the
/// panel then shows what is selected. One holding an edit stays, whatever is selected.
fn follow_selection(pane: &mut TablePane) {
    let Some(editor) = &pane.editing().editor else { return };
    if !editor.is_idle() || pane.core.selection.rows.is_empty() {
        return;
    }
    let same = match single(pane) {
        Some(e) => (e.partition_key(), e.row_key()) == editor.keys(),
        None => false,
    };
    if !same {
        pane.close_editor();
    }
}

/// The one selected entity, if exactly one is.
fn single(pane: &TablePane) -> Option<&EntityView> {
    match pane.core.selection.rows.len() {
        1 => pane.core.selection.rows.first().map(|&row| pane.core.store.get(row)),
        _ => None,
    }
}

/// The entity the panel is about: the one edited (not a new one), else the one selected.
fn about(pane: &TablePane) -> Option<(String, String)> {
    match &pane.editing().editor {
        Some(e) if e.is_new() => None,
        Some(e) => Some((e.keys().0.to_string(), e.keys().1.to_string())),
        None => single(pane).map(|e| (e.partition_key().to_string(), e.row_key().to_string())),
    }
}

fn properties(pane: &mut TablePane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    if pane.editor().is_some_and(|e| e.is_shown()) {
        pane.with_feature(ctx, |editing: &mut Editing, core, ctx, fx| {
            if let Some(editor) = &mut editing.editor {
                let event = editor.ui(ui, ctx);
                editing.did(event, core, fx);
            }
        });
        return;
    }
    let n = pane.core.selection.rows.len();
    let Some(&row) = pane.core.selection.rows.first().filter(|_| n == 1) else {
        ui.weak(match n {
            0 => t("table-details-select"),
            n => tr!("table-details-selected", count = n),
        });
        return;
    };
    let partial = pane.core.paging.running.as_ref().is_some_and(|q| !q.select.is_empty());
    let entity = pane.core.store.get(row);
    if read_only(ui, entity, partial) {
        pane.edit_with(pane.editor_for(row));
    }
}

/// The entity as stored: its keys, ETag and Timestamp, then each property with its Edm type. Says whether Edit
/// was pressed.
fn read_only(ui: &mut egui::Ui, entity: &EntityView, partial: bool) -> bool {
    let title = tr!(
        "table-editor-entity",
        pk = entity.partition_key(),
        rk = entity.row_key()
    );
    ui.label(RichText::new(title).strong());
    let edit = ui
        .button(t("table-details-edit"))
        .on_hover_text(t("table-details-edit-hint"))
        .clicked();
    // No grid here: a grid sizes its columns to their content, and a long value would widen the panel over the
    // rows. Each value wraps within the panel instead.
    let said = |r: egui::Response, what: String| {
        r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &what));
    };
    let fact = |ui: &mut egui::Ui, name: &str, value: &str| {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{name}:"));
            let shown = ui.add(egui::Label::new(RichText::new(value).monospace()).wrap());
            said(shown, format!("{name}: {value}"));
        });
    };
    let none = t("table-details-none");
    fact(ui, "ETag", entity.etag().as_deref().unwrap_or(&none));
    let timestamp = entity.timestamp().map(|t| t.to_string()).unwrap_or_default();
    fact(ui, "Timestamp", &timestamp);
    if partial {
        ui.colored_label(ui.visuals().warn_fg_color, t("table-details-partial"));
    }
    ui.separator();
    let mut any = false;
    for (name, value) in entity.properties() {
        any = true;
        let (ty, text) = (value.edm_type().short_name(), value.to_text());
        // Each part is announced with its property ("Visits: 41"), as a screen reader reads a form; a bare value
        // would also be mistaken for the grid's cell of the same text.
        ui.horizontal_wrapped(|ui| {
            said(
                ui.label(RichText::new(name).strong()),
                tr!("table-details-property", name = name),
            );
            said(
                ui.label(RichText::new(ty).weak()),
                tr!("table-details-property-type", name = name, ty = ty),
            );
        });
        // Shown exactly as stored, under its name.
        let shown = ui.add(egui::Label::new(RichText::new(text.as_ref()).monospace()).wrap());
        said(shown, format!("{name}: {text}"));
        ui.add_space(2.0);
    }
    if !any {
        ui.weak(t("table-details-no-properties"));
    }
    edit
}
