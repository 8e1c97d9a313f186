//! The Raw JSON window: one entity as the service sent it, kept as it was when opened (a row number would go
//! stale, or out of range, when the query runs again or the row is deleted), its text written once.

use crate::app::context::PaneContext;
use crate::app::context::feature::Feature;
use crate::app::context::features::Offer;
use crate::app::table::core::TableCore;
use crate::app::table::feature::{TableEffects, TableFeature};
use crate::app::widgets::i18n::t;
use crate::storage::table::Entity;

#[derive(Default)]
pub struct RawJson {
    pub(crate) shown: Option<Entity>,
    /// That entity as pretty JSON, written once when the window opens rather than on every frame.
    text: String,
}

impl RawJson {
    pub fn show(&mut self, entity: Entity) {
        self.text = serde_json::to_string_pretty(&entity.to_json()).expect("JSON");
        self.shown = Some(entity);
    }
}

impl Feature for RawJson {
    type Pane = crate::app::table::feature::Table;

    fn windows(&mut self, egui_ctx: &egui::Context, _: &TableCore, _: &mut PaneContext, _: &mut TableEffects) {
        if self.shown.is_none() {
            return;
        }
        let mut open = true;
        let text = &self.text;
        crate::app::widgets::placement::beside_the_toolbar(egui::Window::new(t("table-raw-json-title")), egui_ctx)
            .open(&mut open)
            .default_size([520.0, 420.0])
            .show(egui_ctx, |ui| {
                if ui.button(t("table-raw-json-copy")).clicked() {
                    ui.ctx().copy_text(text.clone());
                }
                egui::ScrollArea::vertical().show(ui, |ui| {
                    ui.add(
                        // Read-only (a `&str` buffer) but selectable: edits belong in the editor, which saves them.
                        egui::TextEdit::multiline(&mut text.as_str())
                            .code_editor()
                            .desired_width(f32::INFINITY),
                    )
                    .accessible_name(t("table-raw-json-entity"));
                });
            });
        if !open {
            self.shown = None;
        }
    }
}

impl TableFeature for RawJson {
    fn offers(&self, core: &TableCore, offers: &mut Vec<Offer>) {
        offers.push(Offer::new(
            "raw-json",
            t("table-raw-json-title"),
            core.selection.rows.len() == 1,
        ));
    }

    fn run_offer(&mut self, id: &str, core: &TableCore, _: &mut PaneContext, _: &mut TableEffects) {
        if id == "raw-json"
            && let Some(&row) = core.selection.rows.iter().next()
        {
            self.show(core.store.get(row).to_owned());
        }
    }
}
