//! "Compare with an index table…": the form that maps this table's rows onto an index table's entries (the
//! Index Table pattern), checked before anything is read, and the compare it starts; and "Compare with an
//! exported file…", the other compare this tab starts against something that is not a picked query.

use crate::app::context::PaneContext;
use crate::app::context::clipboard::PickedQuery;
use crate::app::context::index_map::IndexMap;
use crate::app::table::core::TableCore;
use crate::app::table::features::diff_view::TableCompare;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::table::EntityQuery;

/// The form as typed.
#[derive(Default)]
pub struct IndexForm {
    pub index_table: String,
    pub pk_from: String,
    pub rk_from: String,
    pub copies: String,
    pub problem: Option<String>,
}

impl IndexForm {
    pub fn new() -> IndexForm {
        IndexForm {
            rk_from: "RowKey".into(),
            ..Default::default()
        }
    }
}

/// Draws the form while open; Compare starts the compare (this tab's query projected, left; the index, right).
pub fn window(
    index_form: &mut Option<IndexForm>,
    tables: &mut Option<TableCompare>,
    core: &TableCore,
    egui_ctx: &egui::Context,
    ctx: &mut PaneContext,
) {
    let Some(form) = index_form else { return };
    let mut open = true;
    let mut start = false;
    crate::app::widgets::placement::beside_the_toolbar(egui::Window::new(t("table-index-view-title")), egui_ctx)
        .open(&mut open)
        .show(egui_ctx, |ui| {
            ui.label(tr!("table-index-view-explain", table = core.table.as_str()));
            egui::Grid::new("index-form").num_columns(2).show(ui, |ui| {
                for (label, text, hint) in [
                    (
                        t("table-index-view-table"),
                        &mut form.index_table,
                        t("table-index-view-table-hint"),
                    ),
                    (
                        t("table-index-view-pk"),
                        &mut form.pk_from,
                        t("table-index-view-pk-hint"),
                    ),
                    (
                        t("table-index-view-rk"),
                        &mut form.rk_from,
                        t("table-index-view-rk-hint"),
                    ),
                    (
                        t("table-index-view-copies"),
                        &mut form.copies,
                        "Name, Phone".to_string(),
                    ),
                ] {
                    let l = ui.label(label);
                    ui.add(egui::TextEdit::singleline(text).hint_text(hint))
                        .labelled_by(l.id);
                    ui.end_row();
                }
            });
            if let Some(p) = &form.problem {
                ui.colored_label(ui.visuals().error_fg_color, p);
            }
            start = ui.button(t("table-index-view-compare")).clicked();
        });
    if start {
        let index_table = form.index_table.trim().to_string();
        let checked = crate::storage::validate_table_name(&index_table)
            .map_err(|e| e.to_string())
            .and_then(|_| IndexMap::parse(&form.pk_from, &form.rk_from, &form.copies));
        match checked {
            Err(why) => form.problem = Some(why),
            Ok(map) => {
                let account = ctx.client.account().name.clone();
                // The whole table, whole rows: an entry for a row outside the tab's filter is not an orphan, and
                // a projection needs the key properties and the copies, whatever the grid shows.
                let query = EntityQuery::default();
                let left = PickedQuery {
                    place: tr!(
                        "table-index-view-left",
                        table = core.table.as_str(),
                        account = account.as_str(),
                        map = map.describe()
                    ),
                    client: ctx.client.clone(),
                    table: core.table.clone(),
                    query,
                    index: Some(map),
                    file: None,
                };
                let right = PickedQuery {
                    place: format!("{index_table} ({account})"),
                    client: ctx.client.clone(),
                    table: index_table,
                    query: EntityQuery::default(),
                    index: None,
                    file: None,
                };
                *tables = Some(TableCompare::start(ctx, left, right));
                *index_form = None;
                return;
            }
        }
    }
    if !open {
        *index_form = None;
    }
}

/// An exported file (left) against this tab's query (right): the file's rows are copied into the table if
/// the user asks; the file is never written.
pub fn compare_with_file(core: &TableCore, ctx: &mut PaneContext, path: std::path::PathBuf) -> TableCompare {
    let account = ctx.client.account().name.clone();
    let mut query = core.paging.running.clone().unwrap_or_default();
    query.select.clear();
    let name = path
        .file_name()
        .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
    let left = PickedQuery {
        place: tr!("table-index-view-file", name = name),
        client: ctx.client.clone(),
        table: core.table.clone(),
        query: EntityQuery::default(),
        index: None,
        file: Some(path),
    };
    let right = PickedQuery {
        place: format!("{} ({account})", core.table),
        client: ctx.client.clone(),
        table: core.table.clone(),
        query,
        index: None,
        file: None,
    };
    TableCompare::start(ctx, left, right)
}
