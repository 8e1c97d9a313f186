//! A table tab's saved queries (the funnel in its toolbar): save the filter in the box under a name, run a saved
//! one here, remove one after asking. The list is the app's (`context::saved_queries`), shared by every table tab,
//! remembered between runs and carried by Export settings.

use crate::app::context::PaneContext;
use crate::app::context::saved_queries::SavedQuery;
use crate::app::table::core::TableCore;
use crate::app::table::feature::{TableEffects, TableFeature};
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
    fn cannot_save(&self, core: &TableCore) -> Option<&'static str> {
        if core.query.filter.trim().is_empty() {
            Some("Type a filter first: there is nothing to save.")
        } else if core.query.matching().is_some() {
            Some("What runs here (contains, any case…) is not saved, only the $filter: stop matching here first.")
        } else if self.name.trim().is_empty() {
            Some("Type a name to save it under.")
        } else {
            None
        }
    }
}

impl TableFeature for SavedQueryMenu {
    fn toolbar_ui(&mut self, ui: &mut egui::Ui, core: &TableCore, ctx: &mut PaneContext, fx: &mut TableEffects) {
        let hint = "save the filter under a name, or run a saved one";
        icon::icon_form_menu(ui, icon::FILTER, "Saved queries", hint, |ui| {
            ui.horizontal(|ui| {
                let l = ui.label("Save as:");
                ui.add(
                    egui::TextEdit::singleline(&mut self.name)
                        .hint_text("a name")
                        .desired_width(160.0),
                )
                .labelled_by(l.id);
                let name = self.name.trim().to_string();
                let label = match ctx.saved_queries.get(&name) {
                    Some(_) => format!("Replace `{name}`"),
                    None => "Save this query".to_string(),
                };
                let why = self.cannot_save(core);
                let b = ui.add_enabled(why.is_none(), egui::Button::new(label));
                let b = match why {
                    Some(w) => b.on_disabled_hover_text(w),
                    None => b.on_hover_text(format!("Saves `{}`", core.query.filter.trim())),
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
                ui.weak("No saved queries yet.");
            }
            for q in ctx.saved_queries.0.clone() {
                ui.horizontal(|ui| {
                    if ui
                        .button(&q.name)
                        .on_hover_text(format!("Runs `{}` here (saved in {})", q.filter, q.table))
                        .clicked()
                    {
                        fx.run_filtered(q.filter.clone());
                        ui.close();
                    }
                    ui.weak(crate::app::widgets::format::one_line(&q.filter, 60));
                    if self.removing.as_deref() == Some(q.name.as_str()) {
                        ui.label(format!("Remove `{}`?", q.name));
                        if ui.button("Remove it").clicked() {
                            ctx.saved_queries.remove(&q.name);
                            self.removing = None;
                        }
                        if ui.button("Keep it").clicked() {
                            self.removing = None;
                        }
                    } else if ui.button(format!("Remove {}", q.name)).clicked() {
                        self.removing = Some(q.name.clone());
                    }
                });
            }
        });
    }
}
