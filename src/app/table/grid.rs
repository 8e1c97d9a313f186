//! Drawing a table tab: toolbar, query, status, the virtualized grid (only visible rows are laid out), the
//! column chooser, the raw JSON view and the delete confirmation.

use egui::RichText;
use egui_extras::{Column, TableBuilder};

use crate::app::context::PaneContext;
use crate::app::table::features::editor::EntityEditor;
use crate::app::table::pane::TablePane;
use crate::app::table::store::cell;
use crate::app::widgets::i18n::{t, tr};

pub const ROW_HEIGHT: f32 = 18.0;

pub fn ui(pane: &mut TablePane, ui: &mut egui::Ui, ctx: &mut PaneContext, focus_filter: bool, refresh: bool) {
    if refresh || (pane.core.paging.running.is_none() && !pane.is_loading() && pane.core.paging.error.is_none()) {
        pane.run_query(ctx);
    }
    if pane.core.query.ui(ui, false) {
        pane.run_query(ctx);
    }
    toolbar(pane, ui, ctx, focus_filter);
    tool_strips(pane, ui, ctx);
    // Under the grid: what is loaded, and the buttons that load more of it.
    egui::Panel::bottom(("table-footer", &pane.core.table))
        .show_separator_line(false)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(status(pane));
                let can_load = pane.has_more() && !pane.is_loading();
                if ui
                    .add_enabled(can_load, egui::Button::new(t("table-grid-load-more")))
                    .clicked()
                {
                    pane.load_more(ctx);
                }
                if ui
                    .add_enabled(can_load, egui::Button::new(t("table-grid-load-all")))
                    .clicked()
                {
                    pane.load_all(ctx);
                }
                if pane.core.paging.load_all.as_ref().is_some_and(|a| a.running)
                    && ui
                        .button(t("table-grid-cancel-loading"))
                        .on_hover_text(t("table-grid-cancel-loading-hint"))
                        .clicked()
                {
                    pane.cancel_load_all(ctx);
                }
            });
        });
    if let Some(e) = &pane.core.paging.error {
        ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
    }
    crate::app::table::details::panel(pane, ui, ctx);
    pane.each(ui, ctx, |f, ui, core, ctx, fx| f.beside_grid_ui(ui, core, ctx, fx));
    // What the tab and its features offer on the selection: a row's context menu lists them, their keys run them.
    let offers = pane.offers();
    let mut chosen = crate::app::context::features::pressed_offer(ui.ctx(), &offers);
    if !ui.ctx().text_edit_focused()
        && ui.input_mut(|i| i.consume_shortcut(&egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::A)))
    {
        pane.select_all_shown();
    }
    let follow = keys(pane, ui);
    chosen = grid_with_menu(pane, ui, &offers, follow).or(chosen);
    if let Some((at, id)) = chosen {
        pane.run_offer(ctx, &ui.ctx().clone(), at, id);
    }
    windows(pane, ui.ctx(), ctx);
}

fn status(pane: &TablePane) -> String {
    let more = if pane.has_more() {
        t("table-grid-more-available")
    } else if pane.is_loading() {
        t("table-grid-loading")
    } else {
        t("table-grid-all-loaded")
    };
    let shown = if pane.core.rows.view.len() == pane.core.store.len() {
        String::new()
    } else {
        tr!("table-grid-shown", count = pane.core.rows.view.len())
    };
    // Matched here: how many of the entities read so far matched.
    let held = pane.core.store.len();
    let loaded = match &pane.core.paging.matching {
        Some(_) => tr!("table-grid-matched", count = held, read = pane.core.paging.read),
        None => tr!("table-grid-loaded", count = held),
    };
    tr!(
        "table-grid-status",
        loaded = loaded,
        pages = pane.core.paging.pages,
        more = more,
        shown = shown,
        selected = pane.core.selection.rows.len()
    )
}

/// One row at 1,400 points (wrapped where the pane is narrower): the frequent actions as icons, the view and
/// file menus, the tools, and the quick filter.
fn toolbar(pane: &mut TablePane, ui: &mut egui::Ui, ctx: &mut PaneContext, focus_filter: bool) {
    use crate::app::widgets::icon::{self, icon_button};
    // Wrapped: at 1.5x beside the tree the row is wider than the pane, and a cut row hides its last buttons.
    ui.horizontal_wrapped(|ui| {
        if icon_button(ui, true, icon::ADD, &t("table-grid-add"), None).clicked() {
            pane.edit_with(EntityEditor::insert(&pane.core.table, None));
        }
        let one = pane.core.selection.rows.len() == 1;
        let first = pane.core.selection.rows.iter().next().copied();
        let one_row = t("table-grid-needs-one");
        let needs_one = Some(one_row.as_str());
        if icon_button(ui, one, icon::EDIT, &t("table-grid-edit"), needs_one).clicked()
            && let Some(i) = first
        {
            pane.edit_with(pane.editor_for(i));
        }
        if icon_button(
            ui,
            one,
            icon::CLONE,
            &t("table-grid-clone"),
            Some(&t("table-grid-clone-hint")),
        )
        .clicked()
            && let Some(i) = first
        {
            pane.edit_with(EntityEditor::insert(&pane.core.table, Some(pane.core.store.get(i))));
        }
        if icon_button(
            ui,
            one,
            icon::RAW_JSON,
            &t("table-grid-raw-json"),
            Some(&t("table-grid-raw-json-hint")),
        )
        .clicked()
            && let Some(i) = first
        {
            pane.show_json(i);
        }
        if icon_button(ui, one, icon::CONFLICT_LAB, &t("table-grid-open-lab"), needs_one).clicked()
            && let Some(i) = first
        {
            let e = pane.core.store.get(i);
            *ctx.lab = Some(crate::app::context::open_lab::FreeTarget::Entity {
                table: pane.core.table.clone(),
                partition_key: e.partition_key().to_string(),
                row_key: e.row_key().to_string(),
            });
        }
        let any = !pane.core.selection.rows.is_empty();
        let (json, rows) = (t("table-grid-copy-json"), t("table-grid-copy-json-hint"));
        if icon_button(ui, any, icon::COPY_JSON, &json, Some(&rows)).clicked() {
            ui.ctx().copy_text(pane.selection_as_json());
        }
        if icon_button(
            ui,
            any,
            &format!("{} TSV", icon::COPY_TSV), // i18n-ignore: an icon and a format name
            &t("table-grid-copy-tsv"),
            Some(&t("table-grid-copy-tsv-hint")),
        )
        .clicked()
        {
            ui.ctx().copy_text(pane.selection_as_tsv());
        }
        ui.separator();
        if icon_button(
            ui,
            true,
            icon::COLUMNS,
            &t("table-grid-columns"),
            Some(&t("table-grid-columns-hint")),
        )
        .clicked()
        {
            pane.core.columns_open = !pane.core.columns_open;
        }
        pane.each(ui, ctx, |f, ui, core, ctx, fx| f.toolbar_ui(ui, core, ctx, fx));
        ui.separator();
        let mut open = pane.chrome.tool;
        for f in pane.features.iter() {
            let Some(tool) = f.tool() else {
                continue;
            };
            let is_open = open == Some(tool.name);
            if crate::app::context::features::tool_button(ui, &tool, is_open) {
                open = if is_open { None } else { Some(tool.name) };
            }
        }
        pane.chrome.tool = open;
        // The quick filter at the row's end, as a search box: it filters the loaded rows, nothing is sent. It goes
        // to the next line rather than over the buttons when too little is left of this one.
        if ui.max_rect().right() - ui.cursor().min.x < 240.0 {
            ui.end_row();
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            icon::details_toggle(ui);
            let find = ui
                .add(
                    egui::TextEdit::singleline(&mut pane.core.rows.quick)
                        .id_salt("table-grid-find")
                        .hint_text(t("table-grid-find-hint"))
                        .desired_width(200.0),
                )
                .accessible_name(t("table-grid-find-name"))
                .on_hover_text(t("table-grid-find-more"));
            if focus_filter || pane.core.rows.focus_quick {
                find.request_focus();
                pane.core.rows.focus_quick = false;
            }
            ui.label(icon::FIND);
            if pane.is_viewing() {
                ui.label(t("table-grid-sorting"));
                ui.spinner();
            }
        });
    });
}

/// Under the toolbar: the open tool's strip, the strips of tools that hold something the user must see, and the
/// parts of features without a tool.
fn tool_strips(pane: &mut TablePane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    let mut fx = crate::app::table::feature::TableEffects::default();
    let mut close = false;
    for f in pane.features.iter_mut() {
        match f.tool() {
            None => f.above_grid_ui(ui, &pane.core, ctx, &mut fx),
            Some(tool) => {
                let open = pane.chrome.tool == Some(tool.name);
                if open || f.tool_in_use(&pane.core) {
                    close |= crate::app::widgets::tool_strip::tool_strip(ui, &tool, open, |ui| {
                        f.above_grid_ui(ui, &pane.core, ctx, &mut fx)
                    });
                }
            }
        }
    }
    if close {
        pane.chrome.tool = None;
    }
    crate::app::widgets::tool_strip::escape_closes_tool(ui, &mut pane.chrome.tool);
    pane.apply(ctx, fx);
}

/// The grid alone (benchmarks draw just this).
pub fn grid(pane: &mut TablePane, ui: &mut egui::Ui) {
    grid_with_menu(pane, ui, &[], None);
}

/// The grid, with `offers` in each row's context menu (a right-click on a row outside the selection selects it
/// first): the offer chosen, if any.
fn grid_with_menu(
    pane: &mut TablePane,
    ui: &mut egui::Ui,
    offers: &[(usize, crate::app::context::features::Offer)],
    follow: Option<usize>,
) -> Option<(usize, &'static str)> {
    let mut chosen = None;
    let columns: Vec<(String, f32, Option<crate::storage::table::EdmType>, String)> = pane
        .core
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
        .id_salt(("grid-h", &pane.core.table))
        .show(ui, |ui| {
            // What is seen of the grid: the keyboard's frame stays within it.
            let seen = ui.clip_rect();
            let mut table = TableBuilder::new(ui)
                .id_salt(("grid", &pane.core.table))
                .striped(true)
                .sense(egui::Sense::click())
                .max_scroll_height(f32::INFINITY);
            if let Some(p) = pane.core.selection.go_to.take() {
                table = table.scroll_to_row(p, Some(egui::Align::Center));
            } else if let Some(p) = follow {
                // The keyboard's row: scrolled to only as far as it takes to show it.
                table = table.scroll_to_row(p, None);
            }
            for (_, width, _, _) in &columns {
                // Fixed initial widths the user can resize: nothing re-measures rows while scrolling.
                table = table.column(Column::initial(*width).at_least(40.0).resizable(true).clip(true));
            }
            table
                .header(20.0, |mut header| {
                    for (name, _, _, types) in &columns {
                        header.col(|ui| {
                            let arrow = match &pane.core.rows.sort {
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
                    body.rows(ROW_HEIGHT, pane.core.rows.view.len(), |mut row| {
                        let position = row.index();
                        let index = pane.core.rows.view[position];
                        let entity = pane.core.store.get(index);
                        row.set_selected(pane.core.selection.rows.contains(&index));
                        let mark = pane.features.mark(index);
                        for (name, _, main, _) in &columns {
                            row.col(|ui| {
                                let (strike, hover) =
                                    crate::app::table::features::watch_view::mark_cell(ui, mark, name);
                                let r = cell_ui(ui, entity, name, *main, strike);
                                if let Some(h) = hover {
                                    r.on_hover_text(h);
                                }
                            });
                        }
                        let r = row.response();
                        // Heard as a row: its first columns, each with its name (a row of fifty properties is
                        // not read whole on every move).
                        let picked = pane.core.selection.rows.contains(&index);
                        crate::app::widgets::row_access::row(&r, picked, position, pane.core.rows.view.len(), || {
                            columns
                                .iter()
                                .take(6)
                                .filter_map(|(name, ..)| Some(format!("{name}: {}", entity.get(name)?.to_text())))
                                .collect()
                        });
                        if pane.core.selection.cursor.at == Some(index) {
                            crate::app::widgets::list_keys::paint_cursor(
                                &r,
                                crate::app::widgets::list_keys::KeysGoTo::Tab,
                                ROW_HEIGHT,
                                seen,
                            );
                        }
                        if r.clicked() {
                            clicked = Some((position, modifiers, false));
                        }
                        if r.double_clicked() {
                            clicked = Some((position, modifiers, true));
                        }
                        if r.secondary_clicked() && !pane.core.selection.rows.contains(&index) {
                            clicked = Some((position, egui::Modifiers::NONE, false));
                        }
                        if !offers.is_empty() {
                            r.context_menu(|ui| {
                                chosen = chosen.or(crate::app::context::features::offers_menu(ui, offers));
                            });
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
    chosen
}

/// One cell: its value's text, a value of another type than most of its column's flagged, an unreadable one
/// shown as it came.
fn cell_ui(
    ui: &mut egui::Ui,
    entity: &crate::storage::table::EntityView,
    name: &str,
    main: Option<crate::storage::table::EdmType>,
    strike: bool,
) -> egui::Response {
    let text = |t: String| {
        let t = RichText::new(t);
        if strike { t.strikethrough().weak() } else { t }
    };
    let value = cell(entity, name);
    match value.as_ref().map(|c| c.value()) {
        Some(crate::storage::table::EdmRef::Unparsed { declared, json, why }) => {
            let shown: String = json.chars().take(200).collect();
            let said = match declared.is_empty() {
                true => tr!("table-grid-unreadable", shown = shown),
                false => tr!("table-grid-unreadable-typed", shown = shown, ty = declared),
            };
            ui.label(text(said).color(ui.visuals().warn_fg_color))
                .on_hover_text(tr!("table-grid-unreadable-hint", why = why.said().to_string()))
        }
        Some(v) => {
            let shown: String = v.to_text().chars().take(200).collect();
            match main {
                Some(m) if m != v.edm_type() => ui
                    .label(text(format!("{shown} [{}]", v.edm_type())).color(ui.visuals().warn_fg_color))
                    .on_hover_text(tr!(
                        "table-grid-odd-type",
                        ty = v.edm_type().to_string(),
                        name = name,
                        main = m.to_string()
                    )),
                _ => ui.label(text(shown)),
            }
        }
        None => ui.weak(""),
    }
}

/// Click selects one row, Ctrl+click toggles, Shift+click selects the range, as the view now shows it, from
/// the last clicked row (a plain click when that row is no longer shown).
pub fn select(pane: &mut TablePane, position: usize, m: egui::Modifiers) {
    let Some(&index) = pane.core.rows.view.get(position) else {
        return;
    };
    let anchor_position = pane
        .core
        .selection
        .cursor
        .anchor
        .and_then(|anchor| pane.core.rows.view.iter().position(|&i| i == anchor));
    if m.shift
        && let Some(anchor) = anchor_position
    {
        let (a, b) = (anchor.min(position), anchor.max(position));
        pane.core
            .selection
            .rows
            .extend(pane.core.rows.view[a..=b].iter().copied());
        pane.core.selection.cursor.clicked(index, true);
        return;
    }
    if m.command || m.ctrl {
        if !pane.core.selection.rows.remove(&index) {
            pane.core.selection.rows.insert(index);
        }
    } else {
        pane.core.selection.rows.clear();
        pane.core.selection.rows.insert(index);
    }
    pane.core.selection.cursor.clicked(index, false);
}

/// The grid's keys (`list_keys`): arrows, Page Up/Down, Home and End select, with Shift extend, with Ctrl move
/// the cursor alone. Says which row to scroll to.
fn keys(pane: &mut TablePane, ui: &egui::Ui) -> Option<usize> {
    use crate::app::widgets::list_keys::{Step, page_rows};
    let core = &mut pane.core;
    let page = page_rows(ui, ROW_HEIGHT);
    let view = &core.rows.view;
    let step = core
        .selection
        .cursor
        .keys(ui, view.len(), page, |k| view.iter().position(|i| i == k), |p| view[p])?;
    match step {
        Step::Select { .. } => {
            core.selection.rows = step.range().into_iter().flatten().map(|p| core.rows.view[p]).collect();
        }
        Step::Toggle(p) => {
            let index = core.rows.view[p];
            if !core.selection.rows.remove(&index) {
                core.selection.rows.insert(index);
            }
        }
        Step::Move(_) => {}
    }
    Some(step.cursor())
}

fn windows(pane: &mut TablePane, egui_ctx: &egui::Context, ctx: &mut PaneContext) {
    if pane.core.columns_open {
        let mut open = true;
        crate::app::widgets::placement::beside_the_toolbar(egui::Window::new(t("table-grid-columns-title")), egui_ctx)
            .open(&mut open)
            .show(egui_ctx, |ui| {
                ui.label(t("table-grid-columns-explain"));
                let mut moves = None;
                let n = pane.core.columns.list.len();
                for (i, c) in pane.core.columns.list.iter_mut().enumerate() {
                    ui.horizontal(|ui| {
                        ui.checkbox(&mut c.visible, &c.name);
                        if ui
                            .add_enabled(
                                i > 0,
                                egui::Button::new(tr!("table-grid-move-up", name = c.name.as_str())).small(),
                            )
                            .clicked()
                        {
                            moves = Some((i, i - 1));
                        }
                        if ui
                            .add_enabled(
                                i + 1 < n,
                                egui::Button::new(tr!("table-grid-move-down", name = c.name.as_str())).small(),
                            )
                            .clicked()
                        {
                            moves = Some((i, i + 1));
                        }
                    });
                }
                if let Some((from, to)) = moves {
                    pane.core.columns.move_column(from, to);
                }
            });
        if !open {
            pane.core.columns_open = false;
        }
    }
    let fx = pane.features.windows(egui_ctx, &pane.core, ctx);
    pane.apply(ctx, fx);
}
