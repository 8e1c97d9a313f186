//! A SAS for the table, under the toolbar.

use crate::app::context::PaneContext;
use crate::app::context::feature::Feature;
use crate::app::table::core::TableCore;
use crate::app::table::feature::{TableEffects, TableFeature};
use crate::app::widgets::i18n::t;
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

impl Feature for TableSas {
    type Pane = crate::app::table::feature::Table;
}

impl TableFeature for TableSas {
    fn tool(&self) -> Option<crate::app::context::features::Tool> {
        Some(crate::app::context::features::Tool {
            icon: crate::app::widgets::icon::LINK,
            name: "kind-sas-url",
            hint: "table-sas-hint",
            search: false,
        })
    }

    /// The SAS form, in its strip under the toolbar (its draft kept while the strip is closed).
    fn above_grid_ui(&mut self, ui: &mut egui::Ui, core: &TableCore, ctx: &mut PaneContext, _: &mut TableEffects) {
        ui.strong(t("kind-sas-url"));
        let table = crate::storage::service_sas::SasResource::Table(core.table.clone());
        self.form.ui(ui, ctx, table);
        ui.weak(t("table-sas-no-policies"));
    }
}
