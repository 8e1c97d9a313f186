//! The Compare menu of a table tab and the compares it opens: two selected rows (or one against a row picked in
//! any tab), this query against a picked one, against an exported file, or against an index table.

use crate::app::context::clipboard::{PickedEntity, PickedQuery};
use crate::app::context::feature::Feature;
use crate::app::context::features::Offer;
use crate::app::context::{InFlight, PaneContext};
use crate::app::table::core::TableCore;
use crate::app::table::feature::{TableEffects, TableFeature};
use crate::app::table::features::compare::EntityCompare;
use crate::app::table::features::diff_view::TableCompare;
use crate::app::table::features::index_view::IndexForm;
use crate::app::widgets::i18n::{t, tr};

#[derive(Default)]
pub struct Comparing {
    /// Two entities side by side, when the user asked.
    rows: Option<EntityCompare>,
    /// This tab's query against one picked elsewhere (or a file, or an index table).
    tables: Option<TableCompare>,
    index_form: Option<IndexForm>,
    /// The file dialog of "Compare with an exported file…".
    file: InFlight<(), Option<std::path::PathBuf>>,
}

impl Comparing {
    fn menu(&mut self, ui: &mut egui::Ui, core: &TableCore, ctx: &mut PaneContext) {
        let place = format!("{} ({})", core.table, ctx.client.account().name);
        let picked = |i: u32| PickedEntity {
            place: place.clone(),
            entity: core.store.get(i).to_owned(),
        };
        let rows: Vec<u32> = core.selection.rows.iter().copied().collect();
        if ui
            .add_enabled(rows.len() == 2, egui::Button::new(t("table-comparing-two")))
            .on_disabled_hover_text(t("table-comparing-two-hint"))
            .clicked()
        {
            self.rows = Some(EntityCompare::new(&picked(rows[0]), &picked(rows[1])));
            ui.close();
        }
        if ui
            .add_enabled(rows.len() == 1, egui::Button::new(t("table-comparing-pick-row")))
            .on_hover_text(t("table-comparing-pick-row-hint"))
            .clicked()
        {
            ctx.picks.entity = Some(picked(rows[0]));
            ui.close();
        }
        ui.separator();
        // A compare reads the service's filter only: a query with a part matched here is not offered.
        let side = core
            .paging
            .running
            .clone()
            .filter(|_| core.paging.matching.is_none())
            .map(|query| PickedQuery {
                place: place.clone(),
                client: ctx.client.clone(),
                table: core.table.clone(),
                query,
                index: None,
                file: None,
            });
        if ui
            .add_enabled(side.is_some(), egui::Button::new(t("table-comparing-pick-query")))
            .on_hover_text(t("table-comparing-pick-query-hint"))
            .on_disabled_hover_text(t("table-comparing-pick-query-off"))
            .clicked()
        {
            ctx.picks.query = side.clone();
            ui.close();
        }
        if ui
            .button(t("table-comparing-file"))
            .on_hover_text(t("table-comparing-file-hint"))
            .clicked()
        {
            let (dialogs, title) = (ctx.dialogs.clone(), t("table-comparing-file-dialog"));
            self.file.start(
                (),
                ctx.backend
                    .spawn_blocking(move || dialogs.pick_file(&title, &["csv", "json"])),
            );
            ui.close();
        }
        if ui
            .button(t("table-comparing-index"))
            .on_hover_text(t("table-comparing-index-hint"))
            .clicked()
        {
            self.index_form = Some(IndexForm::new());
            ui.close();
        }
        if let (Some(pick), Some(side)) = (ctx.picks.query.clone(), side) {
            let label = tr!("table-comparing-with-query", place = pick.place.as_str());
            if ui.button(label).clicked() {
                self.tables = Some(TableCompare::start(ctx, pick, side));
                ui.close();
            }
        }
        ui.separator();
        if let Some(pick) = ctx.picks.entity.as_ref() {
            let label = tr!(
                "table-comparing-with-row",
                place = pick.place.as_str(),
                pk = pick.entity.partition_key(),
                rk = pick.entity.row_key()
            );
            if ui.add_enabled(rows.len() == 1, egui::Button::new(label)).clicked() {
                self.rows = Some(EntityCompare::new(pick, &picked(rows[0])));
                ui.close();
            }
        }
    }
}

impl Feature for Comparing {
    type Pane = crate::app::table::feature::Table;

    fn poll(&mut self, core: &TableCore, ctx: &mut PaneContext, _: &mut TableEffects) {
        if let Some(((), Some(path))) = self.file.take() {
            self.tables = Some(crate::app::table::features::index_view::compare_with_file(
                core, ctx, path,
            ));
        }
    }

    fn busy(&self) -> bool {
        !self.file.is_empty()
    }

    fn windows(&mut self, egui_ctx: &egui::Context, core: &TableCore, ctx: &mut PaneContext, _: &mut TableEffects) {
        if let Some(c) = &mut self.rows
            && !c.window(egui_ctx)
        {
            self.rows = None;
        }
        crate::app::table::features::index_view::window(&mut self.index_form, &mut self.tables, core, egui_ctx, ctx);
        if let Some(c) = &mut self.tables
            && !c.window(egui_ctx, ctx)
        {
            self.tables = None;
        }
    }
}

impl TableFeature for Comparing {
    fn offers(&self, core: &TableCore, offers: &mut Vec<Offer>) {
        offers.push(Offer::new(
            "compare-two",
            t("table-comparing-two"),
            core.selection.rows.len() == 2,
        ));
    }

    fn run_offer(&mut self, id: &str, core: &TableCore, ctx: &mut PaneContext, _: &mut TableEffects) {
        let rows: Vec<u32> = core.selection.rows.iter().copied().collect();
        if id == "compare-two" && rows.len() == 2 {
            let place = format!("{} ({})", core.table, ctx.client.account().name);
            let picked = |i: u32| PickedEntity {
                place: place.clone(),
                entity: core.store.get(i).to_owned(),
            };
            self.rows = Some(EntityCompare::new(&picked(rows[0]), &picked(rows[1])));
        }
    }

    fn toolbar_ui(&mut self, ui: &mut egui::Ui, core: &TableCore, ctx: &mut PaneContext, _: &mut TableEffects) {
        let (name, hint) = (t("table-comparing-menu"), t("table-comparing-menu-hint"));
        crate::app::widgets::icon::icon_menu(ui, crate::app::widgets::icon::COMPARE, &name, &hint, |ui| {
            self.menu(ui, core, ctx)
        });
    }
}
