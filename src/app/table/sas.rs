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
    fn tool(&self) -> Option<crate::app::context::features::Tool> {
        Some(crate::app::context::features::Tool {
            icon: crate::app::widgets::icon::LINK,
            name: "SAS URL",
            hint: "a shared access signature for this table, its permissions, expiry and key ranges",
            search: false,
        })
    }

    /// The SAS form, in its strip under the toolbar (its draft kept while the strip is closed).
    fn above_grid_ui(&mut self, ui: &mut egui::Ui, core: &TableCore, ctx: &mut PaneContext, _: &mut TableEffects) {
        ui.strong("SAS URL");
        let table = crate::storage::service_sas::SasResource::Table(core.table.clone());
        self.form.ui(ui, ctx, table);
        ui.weak(
            "Stored access policies of a table are not offered here: Azurite 3.35, the emulator this app is \
             tested on, has none to try them against.",
        );
    }
}
