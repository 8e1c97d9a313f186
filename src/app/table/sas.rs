//! A SAS for the table, under the toolbar.

use crate::app::context::PaneContext;
use crate::app::table::core::TableCore;
use crate::app::table::feature::{TableEffects, TableFeature};
use crate::app::widgets::policies::SasForm;

pub struct TableSas {
    form: SasForm,
}

impl Default for TableSas {
    fn default() -> Self {
        TableSas {
            form: SasForm::new("r"),
        }
    }
}

impl TableFeature for TableSas {
    fn above_grid_ui(&mut self, ui: &mut egui::Ui, core: &TableCore, ctx: &mut PaneContext, _: &mut TableEffects) {
        egui::CollapsingHeader::new("SAS URL")
            .id_salt(("table-sas", &core.table))
            .show(ui, |ui| {
                let table = crate::storage::service_sas::SasResource::Table(core.table.clone());
                self.form.ui(ui, ctx, table);
                ui.weak(
                    "Stored access policies of a table are not offered here: Azurite 3.35, the emulator this app \
                     is tested on, has none to try them against.",
                );
            });
    }
}
