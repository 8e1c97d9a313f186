//! Drawing a container tab: breadcrumbs, toolbar, the listing with lease and ETag indicators, the side panel
//! with the selected blob's properties, leases, snapshots and preview, and the confirmations.

use egui::RichText;
use egui_extras::{Column, TableBuilder};

use crate::app::blob::features::watch_view;
use crate::app::blob::pane::BlobPane;
use crate::app::blob::rows::{Column as Watched, lease_label, tier_short};
use crate::app::blob::{listing, snapshot_rows};
use crate::app::context::PaneContext;
use crate::app::widgets::format::{human_bytes, utc_opt};
use crate::app::widgets::i18n::{t, tr};

pub fn ui(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext, focus_search: bool, refresh: bool) {
    if refresh || !pane.core.started {
        pane.list(ctx);
    }
    let pane_top = ui.max_rect().top();
    // The details the keys asked for are read when the cursor has rested: a frame comes then to read them.
    if let Some((_, at)) = &pane.core.selection.details_due {
        ui.ctx()
            .request_repaint_after(at.saturating_duration_since(std::time::Instant::now()));
    }
    crate::app::blob::path_bar::path_bar(pane, ui, ctx, focus_search);
    toolbar(pane, ui, ctx);
    tool_strips(pane, ui, ctx);
    if let Some(msg) = &pane.own.message {
        crate::app::widgets::live::result_ui(ui, msg);
    }
    if let Some(e) = &pane.core.listed.error {
        ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
    }
    egui::Panel::bottom(("blob-footer", &pane.core.container))
        .show_separator_line(false)
        .show(ui, |ui| footer(pane, ui, ctx));
    if crate::app::context::features::details_shown(ui.ctx()) {
        // The list keeps at least 260 points, whatever width an earlier run left the details at.
        let widest = (ui.available_width() - 260.0).max(200.0);
        egui::Panel::right(("blob-details", &pane.core.container))
            .resizable(true)
            .default_size(360.0)
            .max_size(widest)
            .show(ui, |ui| {
                // Both ways: wide details scroll inside the panel instead of widening it over the list. The area
                // fills the panel and its bars take their own room: a short tab's floating bar would lie over its
                // last row of buttons and take their clicks.
                ui.style_mut().spacing.scroll = egui::style::ScrollStyle::solid();
                egui::ScrollArea::both()
                    .auto_shrink(false)
                    .id_salt("blob-details-scroll")
                    .show(ui, |ui| crate::app::blob::details::details(pane, ui, ctx));
            });
    }
    let mut fx = crate::app::blob::feature::Effects::default();
    for f in pane.features.iter_mut() {
        f.above_list_ui(ui, &pane.core, ctx, &mut fx);
    }
    pane.apply(ctx, fx);
    let list = ui.available_rect_before_wrap();
    pane.chrome.list_height = list.height();
    pane.chrome.pane_height = ui.max_rect().bottom() - pane_top;
    listing(pane, ui, ctx);
    let fx = pane.features.windows(ui.ctx(), &pane.core, ctx);
    pane.apply(ctx, fx);
}

/// One row of icon buttons: refresh, the features' actions and tools, the overflow menu and the details switch.
fn toolbar(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    use crate::app::widgets::icon::{self, icon_button};
    ui.horizontal(|ui| {
        let pressed =
            !ui.ctx().text_edit_focused() && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::F5));
        let hint = t("blob-view-refresh-hint");
        if icon_button(ui, true, icon::REFRESH, &t("blob-view-refresh"), Some(&hint)).clicked() || pressed {
            pane.list(ctx);
        }
        ui.separator();
        let mut fx = crate::app::blob::feature::Effects::default();
        for f in pane.features.iter_mut() {
            f.toolbar_ui(ui, &pane.core, ctx, &mut fx);
        }
        pane.apply(ctx, fx);
        ui.separator();
        let mut open = pane.chrome.tool;
        for f in pane.features.iter() {
            let Some(tool) = f.tool().filter(|t| !t.search) else {
                continue;
            };
            let is_open = open == Some(tool.name);
            if crate::app::context::features::tool_button(ui, &tool, is_open) {
                open = if is_open { None } else { Some(tool.name) };
            }
        }
        pane.chrome.tool = open;
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            crate::app::widgets::icon::details_toggle(ui);
            let hint = t("blob-view-more-hint");
            icon::icon_menu(ui, icon::MORE, &t("blob-view-more"), &hint, |ui| {
                overflow(pane, ui, ctx)
            });
        });
    });
}

/// The overflow menu: how the folder is listed, then what the features put there.
fn overflow(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    if ui
        .checkbox(&mut pane.core.view.show_snapshots, t("blob-view-show-snapshots"))
        .on_hover_text(t("blob-view-show-snapshots-hint"))
        .changed()
    {
        pane.list(ctx);
    }
    if ui
        .checkbox(&mut pane.core.view.show_tags, t("blob-view-tags-column"))
        .on_hover_text(t("blob-view-tags-column-hint"))
        .changed()
    {
        pane.list(ctx);
    }
    if ui.checkbox(&mut pane.core.view.flat, t("blob-view-flat")).changed() {
        // The filter's text means another start in the other view: a search of it ends.
        pane.core.view.searched = None;
        pane.list(ctx);
    }
    let mut fx = crate::app::blob::feature::Effects::default();
    for f in pane.features.iter_mut() {
        f.overflow_ui(ui, &pane.core, ctx, &mut fx);
    }
    pane.apply(ctx, fx);
}

/// The open tool's form, and the strips of tools that hold something the user must see, one under another.
fn tool_strips(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    let mut fx = crate::app::blob::feature::Effects::default();
    let mut close = false;
    for f in pane.features.iter_mut() {
        match f.tool() {
            // A feature with no tool draws its controls as it always did (nothing, until it has something).
            None => f.controls_ui(ui, &pane.core, ctx, &mut fx),
            Some(tool) => {
                let open = pane.chrome.tool == Some(tool.name);
                if open || f.tool_in_use(&pane.core, ctx) {
                    close |= crate::app::widgets::tool_strip::tool_strip(ui, &tool, open, |ui| {
                        f.controls_ui(ui, &pane.core, ctx, &mut fx)
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

/// Under the list: what is loaded, and the buttons that load more of it.
fn footer(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    if pane.core.reading.memory.ui(ui) {
        pane.core.reading.memory.go_past();
        pane.load_all(ctx);
    }
    ui.horizontal(|ui| {
        let id = match pane.core.listed.next_marker {
            Some(_) => "blob-view-loaded-more",
            None => "blob-view-loaded",
        };
        ui.label(tr!(
            id,
            blobs = pane.core.listed.blobs.len(),
            folders = pane.core.listed.folders.len()
        ));
        if ui
            .add_enabled(
                pane.core.listed.next_marker.is_some() && !pane.is_loading_all(),
                egui::Button::new(t("blob-view-load-more")),
            )
            .clicked()
        {
            pane.load_more(ctx);
        }
        if pane.is_loading_all() {
            if ui.button(t("blob-view-stop-loading")).clicked() {
                pane.stop_loading_all();
            }
        } else if ui
            .add_enabled(
                pane.core.listed.next_marker.is_some() && pane.core.reading.listing.is_empty(),
                egui::Button::new(t("blob-view-load-all")),
            )
            .on_hover_text(t("blob-view-load-all-hint"))
            .clicked()
        {
            pane.load_all(ctx);
        }
        if !pane.core.view.name_filter.is_empty() {
            ui.separator();
            let (f, b) = listing::in_view(&pane.core.listed.folders, &pane.core.listed.blobs, &pane.filter_start());
            ui.label(tr!(
                "blob-view-matches",
                count = f.len() + b.len(),
                start = pane.core.view.name_filter.as_str()
            ));
        }
        let (_, range) = listing::in_view(&pane.core.listed.folders, &pane.core.listed.blobs, &pane.filter_start());
        let waits =
            pane.core.reading.all_pages.is_some() && pane.core.listed.order.is_pending(&pane.core.listed.blobs, &range);
        if crate::app::blob::sort::progress_ui(ui, &pane.core.listed.order, waits) {
            pane.core.listed.order.cancel();
        }
        if let Some(start) = pane.search_offer() {
            let hover = tr!("blob-view-search-service-hint", start = start.as_str());
            if ui.button(t("blob-view-search-service")).on_hover_text(hover).clicked() {
                pane.search_service(ctx);
            }
        }
        if let Some(searched) = pane.core.view.searched.clone() {
            ui.label(tr!("blob-view-searched", start = searched.as_str()));
            if ui.button(t("blob-view-whole-folder")).clicked() {
                pane.end_search(ctx);
            }
        }
    });
}

fn listing(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    let dark = ui.visuals().dark_mode;
    ui.style_mut().interaction.selectable_labels = false;
    let mut open_folder = None;
    let mut clicked: Option<(String, bool)> = None;
    let mut snapshot_act = None;
    let modifiers = ui.input(|i| i.modifiers);
    // What the features offer on the selection: a row's context menu lists them, their keys run them.
    let offers = pane.features.offers(&pane.core, ctx);
    let mut chosen = crate::app::context::features::pressed_offer(ui.ctx(), &offers);
    let mut right_clicked: Option<String> = None;
    let mut sort_clicked = None;
    list_keys(pane, ui, ctx);
    // Shift+click selects from the anchor to the row, as the list shows them.
    let mut shift_clicked: Option<String> = None;
    let scroll_to = pane.core.selection.scroll_to.take();
    // A row dragged out of the list, and what was let go on a folder's row.
    let mut dragged: Option<String> = None;
    let mut dropped: Option<(String, std::sync::Arc<crate::app::context::clipboard::BlobDrag>)> = None;
    // Only the rows the name filter shows: two ranges of the sorted lists, found by binary search.
    let (folder_range, blob_range) =
        listing::in_view(&pane.core.listed.folders, &pane.core.listed.blobs, &pane.filter_start());
    // Find in names shows its matches in the folder's place, with their whole names.
    let found = pane.core.listed.found.as_ref().map(|f| &f.rows);
    let (folders, blobs) = match found {
        Some(matches) => (&[][..], matches.all()),
        None => (
            &pane.core.listed.folders[folder_range],
            pane.core.listed.order.shown(&pane.core.listed.blobs, blob_range),
        ),
    };
    // Each blob's snapshots under it, when asked for: the rows are placed from the few blobs that have them.
    let marks = if pane.core.view.show_snapshots && found.is_none() {
        pane.snapshot_marks(&blobs)
    } else {
        Vec::new()
    };
    let rows = folders.len() + blobs.len() + marks.iter().map(|(_, n)| n).sum::<usize>();
    if found.is_none() && rows == 0 && !pane.core.view.name_filter.is_empty() && pane.core.view.searched.is_none() {
        let id = match pane.search_offer() {
            Some(_) => "blob-view-no-match-more",
            None => "blob-view-no-match",
        };
        ui.label(tr!(id, start = pane.core.view.name_filter.as_str()));
    }
    let follow = scroll_to.and_then(|name| pane.list_row(&name, &marks));
    let cursor = pane.core.selection.cursor.at.clone();
    // A solid bar takes its own space: a floating one would cover the last blob of a short list.
    ui.style_mut().spacing.scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::horizontal()
        .id_salt(("blobs-h", &pane.core.container))
        .show(ui, |ui| {
            // What is seen of the list: the keyboard's frame stays within it.
            let seen = ui.clip_rect();
            let show_tags = pane.core.view.show_tags;
            let mut table = TableBuilder::new(ui)
                .id_salt(("blobs", &pane.core.container))
                .striped(true)
                // Rows are dragged onto folders (here or in the tree) to move or copy them.
                .sense(egui::Sense::click_and_drag())
                // What the pane is for comes first and fits beside the details at 1,400 points: name, lease,
                // ETag, size, last modified; content type, tier and (when asked for) tags follow.
                .column(Column::initial(180.0).at_least(80.0).resizable(true).clip(true))
                .column(Column::initial(130.0).resizable(true).clip(true))
                .column(Column::initial(150.0).resizable(true).clip(true))
                .column(Column::initial(70.0).resizable(true))
                .column(Column::initial(150.0).resizable(true).clip(true))
                .column(Column::initial(110.0).resizable(true).clip(true));
            if let Some(row) = follow {
                // The keyboard's row, scrolled to only as far as it takes to show it.
                table = table.scroll_to_row(row, None);
            }
            table = if show_tags {
                table
                    .column(Column::initial(110.0).resizable(true).clip(true))
                    .column(Column::remainder().at_least(80.0).clip(true))
            } else {
                table.column(Column::remainder().at_least(50.0).clip(true))
            };
            let all = [
                "blob-view-col-name",
                "blob-rows-col-lease",
                "blob-rows-col-etag",
                "blob-rows-col-size",
                "blob-rows-col-last-modified",
                "blob-rows-col-content-type",
                "blob-rows-col-tier",
                "blob-view-col-tags",
            ];
            let titles = &all[..if show_tags { 8 } else { 7 }];
            table
                .header(20.0, |mut h| {
                    sort_clicked = crate::app::blob::sort::titles(&mut h, titles, &pane.core.listed.order);
                })
                .body(|body| {
                    body.rows(18.0, rows, |mut row| {
                        let i = row.index();
                        if i < folders.len() {
                            let f = &folders[i];
                            let shown = f.strip_prefix(&pane.core.prefix).unwrap_or(f);
                            row.set_selected(pane.core.selection.names.contains(f));
                            row.col(|ui| {
                                ui.label(RichText::new(tr!("blob-view-folder-row", name = shown)).strong());
                            });
                            for _ in 1..titles.len() {
                                row.col(|_| {});
                            }
                            let response = row.response();
                            // Named with what it does, so that the row is told apart from its one cell.
                            let picked = pane.core.selection.names.contains(f);
                            crate::app::widgets::row_access::row(&response, picked, i, rows, || {
                                vec![tr!("blob-view-folder-row", name = shown), t("blob-view-open-folder")]
                            });
                            if cursor.as_ref() == Some(f) {
                                crate::app::widgets::list_keys::paint_cursor(
                                    &response,
                                    crate::app::widgets::list_keys::KeysGoTo::Tab,
                                    18.0,
                                    seen,
                                );
                            }
                            if response.secondary_clicked() && !pane.core.selection.names.contains(f) {
                                right_clicked = Some(f.clone());
                            }
                            if response.drag_started() {
                                dragged = Some(f.clone());
                            }
                            // A folder takes what is dragged onto it: framed while it would.
                            if response
                                .dnd_hover_payload::<crate::app::context::clipboard::BlobDrag>()
                                .is_some()
                            {
                                crate::app::widgets::list_keys::paint_cursor(
                                    &response,
                                    crate::app::widgets::list_keys::KeysGoTo::Tab,
                                    18.0,
                                    seen,
                                );
                            }
                            if let Some(drag) = response.dnd_release_payload() {
                                dropped = Some((f.clone(), drag));
                            }
                            response.context_menu(|ui| {
                                if ui.button(t("blob-view-open-folder")).clicked() {
                                    open_folder = Some(f.clone());
                                    ui.close();
                                }
                                ui.separator();
                                chosen = chosen.or(crate::app::context::features::offers_menu(ui, &offers));
                            });
                            // A click opens the folder; Ctrl+click selects it (to download it).
                            if row.response().clicked() {
                                if modifiers.shift {
                                    shift_clicked = Some(f.clone());
                                } else if modifiers.command || modifiers.ctrl {
                                    clicked = Some((f.clone(), true));
                                } else {
                                    open_folder = Some(f.clone());
                                }
                            }
                            return;
                        }
                        let (bi, snap) = listing::row_at(&marks, i - folders.len());
                        // Only the rows on screen are read whole from the compact list.
                        let b = &blobs.get(bi);
                        if let Some(s) = snap.and_then(|s| pane.core.listed.snapshots_of.get(&b.name)?.get(s)) {
                            if let Some(what) = snapshot_rows::row(&mut row, b, s, titles.len()) {
                                let time = s.snapshot.clone().unwrap_or_default();
                                snapshot_act = Some((b.name.clone(), time, what));
                            }
                            return;
                        }
                        row.set_selected(pane.core.selection.names.contains(&b.name));
                        let shown = if pane.core.view.flat || found.is_some() {
                            b.name.as_str()
                        } else {
                            b.name.strip_prefix(&pane.core.prefix).unwrap_or(&b.name)
                        };
                        let p = &b.properties;
                        // What the watch saw happen to it: the cells tinted, struck through when it vanished.
                        let mark = pane.features.mark(&b.name);
                        let cell = |ui: &mut egui::Ui, column, text: RichText| {
                            watch_view::cell(ui, mark, Some(column), text);
                        };
                        row.col(|ui| {
                            // Elided in the middle (both ends of a name tell blobs apart); the full name on hover.
                            let font = egui::TextStyle::Body.resolve(ui.style());
                            let fitted =
                                crate::app::widgets::format::elide_middle(ui, shown, ui.available_width(), &font);
                            let (strike, _) = watch_view::mark_cell(ui, mark, None);
                            let text = if strike {
                                RichText::new(fitted).strikethrough().weak()
                            } else {
                                fitted.into()
                            };
                            let why = watch_view::mark_hover(mark).map_or(String::new(), |w| format!("\n{w}"));
                            let r = ui
                                .add(egui::Label::new(text).truncate())
                                .on_hover_text(format!("{shown}{why}"));
                            // Screen readers (and the tests) read the whole name.
                            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, shown));
                        });
                        row.col(|ui| {
                            let lease = lease_label(ctx.leases, &pane.key(Some(&b.name)), &p.lease, dark);
                            let words = lease.text().to_string();
                            watch_view::cell(ui, mark, Some(Watched::Lease), lease).on_hover_text(words);
                        });
                        row.col(|ui| cell(ui, Watched::ETag, RichText::new(&p.etag).monospace()));
                        row.col(|ui| cell(ui, Watched::Size, human_bytes(p.content_length).into()));
                        row.col(|ui| cell(ui, Watched::LastModified, utc_opt(p.last_modified).into()));
                        let content_type = p.http.content_type.as_deref().unwrap_or("");
                        row.col(|ui| cell(ui, Watched::ContentType, content_type.into()));
                        row.col(|ui| cell(ui, Watched::Tier, tier_short(p).into()));
                        if show_tags {
                            row.col(|ui| {
                                let tags: Vec<String> = b.tags.iter().map(|(k, v)| format!("{k}={v}")).collect();
                                ui.label(tags.join(", "));
                            });
                        }
                        let response = row.response();
                        let picked = pane.core.selection.names.contains(&b.name);
                        crate::app::widgets::row_access::row(&response, picked, i, rows, || {
                            let lease = p.lease.state.as_str().to_string();
                            let (size, modified) = (human_bytes(p.content_length), utc_opt(p.last_modified));
                            vec![
                                shown.to_string(),
                                lease,
                                size,
                                modified,
                                content_type.to_string(),
                                tier_short(p),
                            ]
                        });
                        if cursor.as_ref() == Some(&b.name) {
                            crate::app::widgets::list_keys::paint_cursor(
                                &response,
                                crate::app::widgets::list_keys::KeysGoTo::Tab,
                                18.0,
                                seen,
                            );
                        }
                        if response.drag_started() {
                            dragged = Some(b.name.clone());
                        }
                        if response.clicked() && modifiers.shift {
                            shift_clicked = Some(b.name.clone());
                        } else if response.clicked() {
                            clicked = Some((b.name.clone(), modifiers.command || modifiers.ctrl));
                        }
                        // A right-click on a row outside the selection selects it first, as file managers do.
                        if response.secondary_clicked() && !pane.core.selection.names.contains(&b.name) {
                            right_clicked = Some(b.name.clone());
                        }
                        response.context_menu(|ui| {
                            chosen = chosen.or(crate::app::context::features::offers_menu(ui, &offers));
                        });
                    });
                });
        });
    if let Some(key) = sort_clicked {
        pane.core.listed.order.click(key);
    }
    if let Some(name) = right_clicked {
        clicked = Some((name, false));
    }
    if let Some((at, id)) = chosen {
        pane.run_offer(ctx, at, id);
    }
    if let Some(name) = dragged {
        pane.start_drag(ui.ctx(), ctx, &name);
    }
    if let Some((folder, drag)) = dropped {
        let copy = crate::app::blob::drag_drop::drop_copies(ui.ctx());
        pane.drop_on_folder(ctx, &drag, &folder, copy);
    }
    if let Some(name) = shift_clicked {
        shift_select(pane, ctx, &name);
    } else if let Some((name, _)) = &clicked {
        pane.core.selection.cursor.clicked(name.clone(), false);
    }
    if let Some((name, time, what)) = snapshot_act {
        snapshot_rows::act(pane, ctx, &name, &time, what);
    } else if let Some(f) = open_folder {
        pane.open_folder(ctx, &f);
    } else if let Some((name, add)) = clicked {
        if name.ends_with('/') {
            pane.select_folder(&name, add);
        } else {
            pane.select(ctx, &name, add);
        }
    }
}

/// Shift+click: the rows from the anchor to `name` are the selection (just `name` without an anchor shown).
fn shift_select(pane: &mut BlobPane, ctx: &mut PaneContext, name: &str) {
    let (folders, blobs) = pane.shown_rows();
    let position = |n: &str| {
        folders
            .iter()
            .position(|f| f == n)
            .or_else(|| blobs.position(n).ok().map(|b| folders.len() + b))
    };
    let Some(to) = position(name) else {
        return;
    };
    let from = pane
        .core
        .selection
        .cursor
        .anchor
        .as_deref()
        .and_then(position)
        .unwrap_or(to);
    pane.core.selection.cursor.clicked(name.to_string(), true);
    pane.select_shown(ctx, from.min(to)..=from.max(to), to);
}

/// The list's own keys: the arrows, Page Up/Down, Home and End move and select (`list_keys`), Ctrl+A selects
/// every blob shown, Backspace goes up a folder, Enter opens the folder selected (unless a text field has the
/// keyboard).
fn list_keys(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    use egui::{Key, KeyboardShortcut, Modifiers};
    if ui.ctx().text_edit_focused() {
        return;
    }
    let page = crate::app::widgets::list_keys::page_rows(ui, 18.0);
    pane.cursor_keys(ui, ctx, page);
    if ui.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::A))) {
        pane.select_all_shown();
    }
    if !pane.core.prefix.is_empty() && ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Backspace)) {
        pane.go_up(ctx);
    }
    // Enter opens the one folder selected (a blob selected is open in the details already); not while a
    // button has the keyboard, whose Enter presses it.
    let folder = match pane.core.selection.names.iter().collect::<Vec<_>>().as_slice() {
        [one] if one.ends_with('/') => Some((*one).clone()),
        _ => None,
    };
    if let Some(folder) = folder
        && ui.memory(|m| m.focused().is_none())
        && ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Enter))
    {
        pane.open_folder(ctx, &folder);
    }
}
