//! A table tab's saved queries (the funnel in its toolbar): save the filter in the box under a name, run a saved
//! one here, remove one after asking. The list is the app's (`context::saved_queries`), shared by every table tab,
//! remembered between runs and carried by Export settings.

use crate::app::context::PaneContext;
use crate::app::context::feature::Feature;
use crate::app::context::saved_queries::SavedQuery;
use crate::app::table::core::TableCore;
use crate::app::table::feature::{TableEffects, TableFeature};
use crate::app::widgets::i18n::{t, tr};
use crate::app::widgets::icon;

#[derive(Default)]
pub struct SavedQueryMenu {
    /// The name typed for the next save (kept until saved).
    name: String,
    /// A remove asked for, waiting for its answer.
    removing: Option<String>,
}

impl SavedQueryMenu {
    /// Why the query in the box cannot be saved now, in words.
    fn cannot_save(&self, core: &TableCore) -> Option<String> {
        let why = if core.query.filter.trim().is_empty() {
            "table-saved-query-menu-no-filter"
        } else if core.query.matching().is_some() {
            "table-saved-query-menu-matching"
        } else if self.name.trim().is_empty() {
            "table-saved-query-menu-no-name"
        } else {
            return None;
        };
        Some(t(why))
    }
}

impl Feature for SavedQueryMenu {
    type Pane = crate::app::table::feature::Table;
}

impl TableFeature for SavedQueryMenu {
    fn toolbar_ui(&mut self, ui: &mut egui::Ui, core: &TableCore, ctx: &mut PaneContext, fx: &mut TableEffects) {
        let (name, hint) = (t("table-saved-query-menu-title"), t("table-saved-query-menu-hint"));
        icon::icon_form_menu(ui, icon::FILTER, &name, &hint, |ui| {
            ui.horizontal(|ui| {
                let l = ui.label(t("table-saved-query-menu-save-as"));
                ui.add(
                    egui::TextEdit::singleline(&mut self.name)
                        .hint_text(t("table-saved-query-menu-a-name"))
                        .desired_width(160.0),
                )
                .labelled_by(l.id);
                let name = self.name.trim().to_string();
                let label = match ctx.saved_queries.get(&name) {
                    Some(_) => tr!("table-saved-query-menu-replace", name = name.as_str()),
                    None => t("table-saved-query-menu-save"),
                };
                let why = self.cannot_save(core);
                let b = ui.add_enabled(why.is_none(), egui::Button::new(label));
                let b = match why {
                    Some(w) => b.on_disabled_hover_text(w),
                    None => b.on_hover_text(tr!("table-saved-query-menu-saves", filter = core.query.filter.trim())),
                };
                if b.clicked() {
                    ctx.saved_queries.save(SavedQuery {
                        name,
                        filter: core.query.filter.trim().to_string(),
                        table: core.table.clone(),
                    });
                    self.name.clear();
                }
            });
            ui.separator();
            if ctx.saved_queries.0.is_empty() {
                ui.weak(t("table-saved-query-menu-none"));
            }
            for q in ctx.saved_queries.0.clone() {
                ui.horizontal(|ui| {
                    if ui
                        .button(&q.name)
                        .on_hover_text(tr!(
                            "table-saved-query-menu-runs",
                            filter = q.filter.as_str(),
                            table = q.table.as_str()
                        ))
                        .clicked()
                    {
                        fx.run_filtered(q.filter.clone());
                        ui.close();
                    }
                    ui.weak(crate::app::widgets::format::one_line(&q.filter, 60));
                    if self.removing.as_deref() == Some(q.name.as_str()) {
                        ui.label(tr!("table-saved-query-menu-remove-ask", name = q.name.as_str()));
                        if ui.button(t("table-saved-query-menu-remove-it")).clicked() {
                            ctx.saved_queries.remove(&q.name);
                            self.removing = None;
                        }
                        if ui.button(t("table-saved-query-menu-keep-it")).clicked() {
                            self.removing = None;
                        }
                    } else if ui
                        .button(tr!("table-saved-query-menu-remove", name = q.name.as_str()))
                        .clicked()
                    {
                        self.removing = Some(q.name.clone());
                    }
                });
            }
        });
    }
}
