//! Drawing a table tab: toolbar, query, status, the virtualized grid (only visible rows are laid out), the
//! column chooser, the raw JSON view and the delete confirmation.

use egui::RichText;
use egui_extras::{Column, TableBuilder};

use crate::app::context::PaneContext;
use crate::app::table::editor::EntityEditor;
use crate::app::table::files::DialogPurpose;
use crate::app::table::io::ExportFormat;
use crate::app::table::pane::TablePane;
use crate::app::table::store::cell;
use crate::app::widgets::format::thousands;

pub const ROW_HEIGHT: f32 = 18.0;

pub fn ui(pane: &mut TablePane, ui: &mut egui::Ui, ctx: &mut PaneContext, focus_filter: bool, refresh: bool) {
    if refresh || (pane.running.is_none() && !pane.is_loading() && pane.error.is_none()) {
        pane.run_query(ctx);
    }
    if pane.query.ui(ui, false) {
        pane.run_query(ctx);
    }
    toolbar(pane, ui, ctx);
    if let Some(c) = &mut pane.compare
        && !c.window(ui.ctx())
    {
        pane.compare = None;
    }
    crate::app::table::index_view::window(pane, ui.ctx(), ctx);
    if let Some(c) = &mut pane.tables
        && !c.window(ui.ctx(), ctx)
    {
        pane.tables = None;
    }
    egui::CollapsingHeader::new("SAS URL")
        .id_salt(("table-sas", &pane.table))
        .show(ui, |ui| {
            let table = crate::storage::service_sas::SasResource::Table(pane.table.clone());
            pane.sas.ui(ui, ctx, table);
            ui.weak(
                "Stored access policies of a table are not offered here: Azurite 3.35, the emulator this app is \
                 tested on, has none to try them against.",
            );
        });
    ui.horizontal(|ui| {
        let label = ui.label("Find in loaded rows:");
        let find = ui
            .add(
                egui::TextEdit::singleline(&mut pane.quick)
                    .hint_text("contains… (not sent to the service)")
                    .desired_width(220.0),
            )
            .labelled_by(label.id);
        if focus_filter || pane.focus_quick {
            find.request_focus();
            pane.focus_quick = false;
        }
        if pane.is_viewing() {
            ui.spinner();
            ui.label("sorting / filtering…");
        }
        ui.label(status(pane));
    });
    if let Some(e) = &pane.error {
        ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
    }
    if pane.running.is_some() {
        crate::app::table::watch_view::controls(pane, ui);
    }
    crate::app::table::watch_view::changes_panel(pane, ui);
    // The partition map sits beside the grid, never above it: the grid keeps its height.
    if pane.partition_map {
        let widest = (ui.available_width() - 320.0).max(160.0);
        egui::Panel::right(("partition-map", &pane.table))
            .resizable(true)
            .default_size(300.0)
            .max_size(widest)
            .show(ui, |ui| partition_map(pane, ui, ctx));
    }
    grid(pane, ui);
    windows(pane, ui.ctx(), ctx);
}

fn partition_map(pane: &mut TablePane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    ui.horizontal_wrapped(|ui| {
        ui.strong("Partitions");
        if ui
            .button("Scan whole table")
            .on_hover_text("Counts every partition (only PartitionKey is read), as a job")
            .clicked()
        {
            pane.scan_partitions(ctx);
        }
        if pane.partitions.as_ref().is_some_and(|p| p.whole_table) && ui.button("Back to the loaded rows").clicked() {
            pane.partitions = None;
        }
    });
    let chosen = match pane.partitions.clone() {
        Some(counts) => crate::app::table::partitions::partition_map_ui(ui, &counts),
        None if pane.store.is_empty() => {
            ui.weak("No rows loaded to count: run a query, or scan the whole table.");
            None
        }
        None => {
            ui.weak("Counting…");
            None
        }
    };
    if let Some(partition) = chosen {
        pane.show_partition(ctx, &partition);
    }
}

fn status(pane: &TablePane) -> String {
    let more = if pane.has_more() {
        "more available"
    } else if pane.is_loading() {
        "loading…"
    } else {
        "all loaded"
    };
    let shown = if pane.view.len() == pane.store.len() {
        String::new()
    } else {
        format!(" · {} shown", thousands(pane.view.len() as u64))
    };
    format!(
        "{} entities loaded in {} page{} · {more}{shown} · {} selected",
        thousands(pane.store.len() as u64),
        pane.pages,
        if pane.pages == 1 { "" } else { "s" },
        pane.selection.len()
    )
}

/// One row at 1,400 points: paging, the frequent actions as icons, then the view and file menus.
fn toolbar(pane: &mut TablePane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    use crate::app::widgets::icon::{self, icon_button};
    ui.horizontal(|ui| {
        let can_load = pane.has_more() && !pane.is_loading();
        if ui.add_enabled(can_load, egui::Button::new("Load more")).clicked() {
            pane.load_more(ctx);
        }
        if ui.add_enabled(can_load, egui::Button::new("Load all")).clicked() {
            pane.load_all(ctx);
        }
        ui.separator();
        if icon_button(ui, true, icon::ADD, "Add entity", None).clicked() {
            pane.editor = Some(EntityEditor::insert(&pane.table, None));
        }
        let one = pane.selection.len() == 1;
        let first = pane.selection.iter().next().copied();
        let needs_one = Some("select one row");
        if icon_button(ui, one, icon::EDIT, "Edit", needs_one).clicked()
            && let Some(i) = first
        {
            pane.editor = Some(pane.editor_for(i));
        }
        if icon_button(
            ui,
            one,
            icon::CLONE,
            "Clone",
            Some("a new entity from the selected one"),
        )
        .clicked()
            && let Some(i) = first
        {
            pane.editor = Some(EntityEditor::insert(&pane.table, Some(pane.store.get(i))));
        }
        if icon_button(
            ui,
            one,
            icon::RAW_JSON,
            "Raw JSON",
            Some("the entity as the service sent it"),
        )
        .clicked()
            && let Some(i) = first
        {
            pane.show_json(i);
        }
        if icon_button(ui, one, icon::CONFLICT_LAB, "Open in conflict lab", needs_one).clicked()
            && let Some(i) = first
        {
            let e = pane.store.get(i);
            *ctx.lab = Some(crate::app::context::open_lab::FreeTarget::Entity {
                table: pane.table.clone(),
                partition_key: e.partition_key().to_string(),
                row_key: e.row_key().to_string(),
            });
        }
        let any = !pane.selection.is_empty();
        if icon_button(ui, any, icon::COPY_JSON, "Copy as JSON", Some("the selected rows")).clicked() {
            ui.ctx().copy_text(pane.selection_as_json());
        }
        if icon_button(
            ui,
            any,
            &format!("{} TSV", icon::COPY_TSV),
            "Copy as TSV",
            Some("the selected rows, for a spreadsheet"),
        )
        .clicked()
        {
            ui.ctx().copy_text(pane.selection_as_tsv());
        }
        if icon_button(ui, any, icon::DELETE, "Delete selected", Some("asks first")).clicked() {
            pane.confirm_delete = true;
        }
        ui.separator();
        if ui.button("Columns…").clicked() {
            pane.columns_open = !pane.columns_open;
        }
        ui.toggle_value(&mut pane.partition_map, "Partition map")
            .on_hover_text("How the loaded rows (or the whole table) spread over partitions, beside the grid");
        ui.menu_button("Export / import", |ui| files_menu(pane, ui, ctx));
        ui.menu_button("Compare", |ui| compare_menu(pane, ui, ctx));
    });
}

/// Compare two selected rows, or pick one here to compare with one of another table tab (of any account).
fn compare_menu(pane: &mut TablePane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    use crate::app::context::clipboard::PickedEntity;
    use crate::app::table::compare::EntityCompare;
    let place = format!("{} ({})", pane.table, ctx.client.account().name);
    let picked = |pane: &TablePane, i: u32| PickedEntity {
        place: place.clone(),
        entity: pane.store.get(i).clone(),
    };
    let rows: Vec<u32> = pane.selection.iter().copied().collect();
    if ui
        .add_enabled(rows.len() == 2, egui::Button::new("Compare the two selected rows"))
        .on_disabled_hover_text("Select two rows (Ctrl+click)")
        .clicked()
    {
        pane.compare = Some(EntityCompare::new(&picked(pane, rows[0]), &picked(pane, rows[1])));
        ui.close();
    }
    if ui
        .add_enabled(rows.len() == 1, egui::Button::new("Pick the selected row to compare"))
        .on_hover_text("Then, in any table tab of any account, compare a row with it")
        .clicked()
    {
        ctx.picks.entity = Some(picked(pane, rows[0]));
        ui.close();
    }
    ui.separator();
    let side = pane
        .running
        .clone()
        .map(|query| crate::app::context::clipboard::PickedQuery {
            place: place.clone(),
            client: ctx.client.clone(),
            table: pane.table.clone(),
            query,
            index: None,
            file: None,
        });
    if ui
        .add_enabled(side.is_some(), egui::Button::new("Pick this query to compare tables"))
        .on_hover_text("Then, in a table tab of any account, compare its query with this one, row by row")
        .clicked()
    {
        ctx.picks.query = side.clone();
        ui.close();
    }
    if ui
        .button("Compare with an exported file…")
        .on_hover_text("A CSV or JSON file as Export wrote it (typed CSV or JSON keep the types) against this query")
        .clicked()
    {
        pane.ask_file(ctx, DialogPurpose::CompareFile);
        ui.close();
    }
    if ui
        .button("Compare with an index table…")
        .on_hover_text("Check an index table kept by the application: missing entries, orphans, stale copies")
        .clicked()
    {
        pane.index_form = Some(crate::app::table::index_view::IndexForm::new());
        ui.close();
    }
    if let (Some(pick), Some(side)) = (ctx.picks.query.clone(), side) {
        let label = format!("Compare this query with the picked one ({})", pick.place);
        if ui.button(label).clicked() {
            pane.tables = Some(crate::app::table::diff_view::TableCompare::start(ctx, pick, side));
            ui.close();
        }
    }
    ui.separator();
    if let Some(pick) = ctx.picks.entity.as_ref() {
        let label = format!(
            "Compare with the picked row ({} / {} / {})",
            pick.place,
            pick.entity.partition_key(),
            pick.entity.row_key()
        );
        if ui.add_enabled(rows.len() == 1, egui::Button::new(label)).clicked() {
            pane.compare = Some(EntityCompare::new(pick, &picked(pane, rows[0])));
            ui.close();
        }
    }
}

fn files_menu(pane: &mut TablePane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    ui.label("Export as:");
    for f in [ExportFormat::CsvTyped, ExportFormat::CsvPlain, ExportFormat::Json] {
        ui.radio_value(&mut pane.export_format, f, f.describe());
    }
    if ui
        .button("Export shown rows…")
        .on_hover_text("The rows the grid shows now (quick filter and sort applied), with all their properties")
        .clicked()
    {
        pane.ask_file(ctx, DialogPurpose::ExportLoaded);
    }
    if ui.button("Export whole query…").clicked() {
        pane.ask_file(ctx, DialogPurpose::ExportQuery);
    }
    ui.separator();
    ui.checkbox(&mut pane.import_upsert, "import replaces existing (upsert)");
    if ui.button("Import…").clicked() {
        pane.ask_file(ctx, DialogPurpose::Import);
    }
}

/// The grid alone (benchmarks draw just this).
pub fn grid(pane: &mut TablePane, ui: &mut egui::Ui) {
    let columns: Vec<(String, f32, Option<crate::storage::table::edm::EdmType>, String)> = pane
        .columns
        .shown()
        .map(|c| (c.name.clone(), c.width, c.main_type(), c.describe_types()))
        .collect();
    let mut clicked: Option<(usize, egui::Modifiers, bool)> = None;
    let mut sort_by = None;
    let modifiers = ui.input(|i| i.modifiers);
    // Cells are not selectable text: a click on them selects the row.
    ui.style_mut().interaction.selectable_labels = false;
    // A solid bar takes its own space: a floating one would cover the last row of a short table.
    ui.style_mut().spacing.scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::horizontal()
        .id_salt(("grid-h", &pane.table))
        .show(ui, |ui| {
            let mut table = TableBuilder::new(ui)
                .id_salt(("grid", &pane.table))
                .striped(true)
                .sense(egui::Sense::click())
                .max_scroll_height(f32::INFINITY);
            if let Some(p) = pane.watch.go_to.take() {
                table = table.scroll_to_row(p, Some(egui::Align::Center));
            }
            for (_, width, _, _) in &columns {
                // Fixed initial widths the user can resize: nothing re-measures rows while scrolling.
                table = table.column(Column::initial(*width).at_least(40.0).resizable(true).clip(true));
            }
            table
                .header(20.0, |mut header| {
                    for (name, _, _, types) in &columns {
                        header.col(|ui| {
                            let arrow = match &pane.sort {
                                Some((c, true)) if c == name => " ^",
                                Some((c, false)) if c == name => " v",
                                _ => "",
                            };
                            if ui
                                .button(RichText::new(format!("{name}{arrow}")).strong())
                                .on_hover_text(types)
                                .clicked()
                            {
                                sort_by = Some(name.clone());
                            }
                        });
                    }
                })
                .body(|body| {
                    body.rows(ROW_HEIGHT, pane.view.len(), |mut row| {
                        let position = row.index();
                        let index = pane.view[position];
                        let entity = pane.store.get(index);
                        row.set_selected(pane.selection.contains(&index));
                        let mark = pane.watch.marks.get(&index);
                        for (name, _, main, _) in &columns {
                            row.col(|ui| {
                                let (strike, hover) = crate::app::table::watch_view::mark_cell(ui, mark, name);
                                let r = cell_ui(ui, entity, name, *main, strike);
                                if let Some(h) = hover {
                                    r.on_hover_text(h);
                                }
                            });
                        }
                        let r = row.response();
                        if r.clicked() {
                            clicked = Some((position, modifiers, false));
                        }
                        if r.double_clicked() {
                            clicked = Some((position, modifiers, true));
                        }
                    });
                });
        });
    if let Some(c) = sort_by {
        pane.set_sort(&c);
    }
    if let Some((position, m, double)) = clicked {
        select(pane, position, m);
        if double {
            pane.open_editor(position);
        }
    }
}

/// One cell: its value's text, a value of another type than most of its column's flagged, an unreadable one
/// shown as it came.
fn cell_ui(
    ui: &mut egui::Ui,
    entity: &crate::storage::table::Entity,
    name: &str,
    main: Option<crate::storage::table::edm::EdmType>,
    strike: bool,
) -> egui::Response {
    let text = |t: String| {
        let t = RichText::new(t);
        if strike { t.strikethrough().weak() } else { t }
    };
    match cell(entity, name) {
        Some(crate::storage::table::entity::EdmRef::Unparsed { declared, json, why }) => {
            let shown: String = json.chars().take(200).collect();
            let declared = if declared.is_empty() { "value" } else { declared };
            ui.label(text(format!("{shown} [unreadable {declared}]")).color(ui.visuals().warn_fg_color))
                .on_hover_text(format!(
                    "{why}. Shown as it came; the editor keeps it unchanged and cannot edit it."
                ))
        }
        Some(v) => {
            let shown: String = v.to_text().chars().take(200).collect();
            match main {
                Some(m) if m != v.edm_type() => ui
                    .label(text(format!("{shown} [{}]", v.edm_type())).color(ui.visuals().warn_fg_color))
                    .on_hover_text(format!("{} here; most values of {name} are {m}", v.edm_type())),
                _ => ui.label(text(shown)),
            }
        }
        None => ui.weak(""),
    }
}

/// Click selects one row, Ctrl+click toggles, Shift+click selects the range, as the view now shows it, from
/// the last clicked row (a plain click when that row is no longer shown).
pub fn select(pane: &mut TablePane, position: usize, m: egui::Modifiers) {
    let Some(&index) = pane.view.get(position) else {
        return;
    };
    let anchor_position = pane
        .anchor
        .and_then(|anchor| pane.view.iter().position(|&i| i == anchor));
    if m.shift
        && let Some(anchor) = anchor_position
    {
        let (a, b) = (anchor.min(position), anchor.max(position));
        pane.selection.extend(pane.view[a..=b].iter().copied());
        return;
    }
    if m.command || m.ctrl {
        if !pane.selection.remove(&index) {
            pane.selection.insert(index);
        }
    } else {
        pane.selection.clear();
        pane.selection.insert(index);
    }
    pane.anchor = Some(index);
}

fn windows(pane: &mut TablePane, egui_ctx: &egui::Context, ctx: &mut PaneContext) {
    pane.editor_ui(egui_ctx, ctx);
    if pane.json_view.is_some() {
        let mut open = true;
        let text = &pane.json_text;
        egui::Window::new("Raw JSON")
            .open(&mut open)
            .default_size([520.0, 420.0])
            .show(egui_ctx, |ui| {
                if ui.button("Copy JSON").clicked() {
                    ui.ctx().copy_text(text.clone());
                }
                egui::ScrollArea::vertical().show(ui, |ui| {
                    ui.add(
                        // Read-only (a `&str` buffer) but selectable: edits belong in the editor, which saves them.
                        egui::TextEdit::multiline(&mut text.as_str())
                            .code_editor()
                            .desired_width(f32::INFINITY),
                    )
                    .accessible_name("Entity JSON");
                });
            });
        if !open {
            pane.json_view = None;
        }
    }
    if pane.columns_open {
        let mut open = true;
        egui::Window::new("Columns").open(&mut open).show(egui_ctx, |ui| {
            ui.label("Show, hide and order the columns. Hover a header for its Edm type.");
            let mut moves = None;
            let n = pane.columns.list.len();
            for (i, c) in pane.columns.list.iter_mut().enumerate() {
                ui.horizontal(|ui| {
                    ui.checkbox(&mut c.visible, &c.name);
                    if ui
                        .add_enabled(i > 0, egui::Button::new(format!("Move {} up", c.name)).small())
                        .clicked()
                    {
                        moves = Some((i, i - 1));
                    }
                    if ui
                        .add_enabled(i + 1 < n, egui::Button::new(format!("Move {} down", c.name)).small())
                        .clicked()
                    {
                        moves = Some((i, i + 1));
                    }
                });
            }
            if let Some((from, to)) = moves {
                pane.columns.move_column(from, to);
            }
        });
        if !open {
            pane.columns_open = false;
        }
    }
    if pane.confirm_delete {
        let count = pane.selection.len();
        let partitions: std::collections::BTreeSet<&str> =
            pane.selected_entities().iter().map(|e| e.partition_key()).collect();
        let body = format!(
            "They are in {} partition(s); each partition is deleted in batches of up to 100, all or nothing. \
             Each entity is deleted only if its ETag still matches (someone else's change is not lost).",
            partitions.len()
        );
        let answer = crate::app::widgets::confirm::ask(
            egui_ctx,
            egui::Id::unique(("confirm-delete-entities", &pane.table)),
            &format!("Delete {count} entities from `{}`?", pane.table),
            &body,
            &format!("Delete {count} entities"),
            |_| {},
        );
        if let Some(yes) = answer {
            pane.confirm_delete = false;
            if yes {
                pane.delete_selected(ctx);
            }
        }
    }
}
