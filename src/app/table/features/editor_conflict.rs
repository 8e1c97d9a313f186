//! The entity editor's words about the service's version: a newer one a reload brought while the form holds
//! an edit, and after a 412 the user's version beside theirs, with reload-and-re-apply, overwrite and discard.

use egui::RichText;

use crate::app::widgets::i18n::{t, tr};

use crate::app::context::PaneContext;
use crate::app::table::features::editor::{EditorEvent, EntityEditor, Theirs};
use crate::app::table::features::property::PropertyEdit;
use crate::storage::table::EdmValue;

impl EntityEditor {
    /// A newer version the grid's refresh brought while the form holds an edit: said before Save meets a 412.
    pub(crate) fn changed_under_ui(&mut self, ui: &mut egui::Ui) {
        if self.new || self.theirs.is_some() || !self.form.is_dirty() || !self.form.is_stale() {
            return;
        }
        let (base, theirs) = (&self.form.base().props, &self.form.theirs().props);
        // The properties they added, changed or removed: each differs from its namesake on the other side.
        let differs =
            |other: &[PropertyEdit], p: &PropertyEdit| other.iter().find(|q| q.name.trim() == p.name.trim()) != Some(p);
        let mut moved: Vec<&str> = theirs
            .iter()
            .filter(|p| differs(base, p))
            .map(|p| p.name.trim())
            .collect();
        moved.extend(base.iter().filter(|p| differs(theirs, p)).map(|p| p.name.trim()));
        moved.sort_unstable();
        moved.dedup();
        ui.colored_label(
            ui.visuals().warn_fg_color,
            tr!(
                "table-editor-conflict-changed-under",
                names = moved.join(", "),
                etag = self.form.theirs_version()
            ),
        );
        if ui.button(t("table-editor-conflict-reapply")).clicked() {
            self.reapply_on_theirs();
        }
    }

    pub(crate) fn conflict_ui(&mut self, ui: &mut egui::Ui, pane: &PaneContext, kind: u8) -> EditorEvent {
        ui.separator();
        ui.strong(t("table-editor-conflict-title"));
        let mine = self.draft();
        let warn = ui.visuals().warn_fg_color;
        match self.theirs.as_ref().expect("conflict") {
            Theirs::Loading => {
                ui.label(t("table-editor-conflict-fetching"));
                return EditorEvent::None;
            }
            Theirs::Failed(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
                return EditorEvent::None;
            }
            Theirs::Gone => {
                ui.label(t("table-editor-conflict-gone"));
            }
            Theirs::Current(theirs) => {
                ui.label(tr!(
                    "table-editor-conflict-their-etag",
                    etag = theirs.etag().unwrap_or("?".into()).into_owned()
                ));
                egui::Grid::new("conflict-grid").striped(true).show(ui, |ui| {
                    ui.strong(t("table-editor-conflict-property"));
                    ui.strong(t("table-editor-conflict-yours"));
                    ui.strong(t("table-editor-conflict-theirs"));
                    ui.end_row();
                    let theirs = theirs.to_draft();
                    let mut names: Vec<String> = mine
                        .iter()
                        .flat_map(|m| m.properties.iter().map(|p| p.name.clone()))
                        .collect();
                    for p in &theirs.properties {
                        if !names.contains(&p.name) {
                            names.push(p.name.clone());
                        }
                    }
                    let absent = t("table-editor-conflict-absent");
                    for name in names {
                        let m = mine
                            .as_ref()
                            .and_then(|m| m.get(&name))
                            .map(show_value)
                            .unwrap_or_else(|| absent.clone());
                        let t = theirs.get(&name).map(show_value).unwrap_or_else(|| absent.clone());
                        let differs = m != t;
                        let strong = |s: String| {
                            if differs {
                                RichText::new(s).strong().color(warn)
                            } else {
                                RichText::new(s)
                            }
                        };
                        ui.label(strong(name.clone()));
                        ui.label(strong(m));
                        ui.label(strong(t));
                        ui.end_row();
                    }
                });
            }
        }
        let mut event = EditorEvent::None;
        ui.horizontal(|ui| {
            if kind == 1 && ui.button(t("table-editor-conflict-reapply")).clicked() {
                self.reapply_on_theirs();
            }
            if kind == 2 && ui.button(t("table-editor-conflict-insert-again")).clicked() {
                self.new = true;
                self.theirs = None;
                self.save(pane, false);
            }
            if kind == 1 && ui.button(t("table-editor-conflict-overwrite")).clicked() {
                self.theirs = None;
                self.save(pane, true);
            }
            if ui.button(t("table-editor-conflict-discard")).clicked() {
                let theirs = match self.theirs.take() {
                    Some(Theirs::Current(e)) => Some(e),
                    _ => None,
                };
                event = EditorEvent::Discarded(theirs);
            }
        });
        event
    }
}

pub(crate) fn theirs_kind(t: &Theirs) -> u8 {
    match t {
        Theirs::Current(_) => 1,
        Theirs::Gone => 2,
        _ => 0,
    }
}

fn show_value(v: &EdmValue) -> String {
    let text = v.to_text();
    let short: String = text.chars().take(60).collect();
    let more = if text.chars().count() > 60 { "…" } else { "" };
    format!("{short}{more} ({})", v.edm_type())
}
