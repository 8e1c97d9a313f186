//! A container tab's path bar: Back and Up, the path as links, what the features say about the container, and
//! the one search box (names starting with, or, as its drop-down says, containing a text or matching a regex).

use egui::RichText;

use crate::app::blob::pane::BlobPane;
use crate::app::context::PaneContext;
use crate::app::widgets::i18n::{t, tr};

/// Back and Up, the path as breadcrumbs, what the features say about the container, and the search box.
pub(crate) fn path_bar(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext, focus_search: bool) {
    use crate::app::widgets::icon::{self, icon_button};
    ui.horizontal(|ui| {
        if icon_button(
            ui,
            !pane.core.back.is_empty(),
            icon::BACK,
            &t("blob-path-bar-back"),
            None,
        )
        .clicked()
        {
            pane.go_back(ctx);
        }
        let up_hint = t("blob-path-bar-up-hint");
        if icon_button(
            ui,
            !pane.core.prefix.is_empty(),
            icon::UP,
            &t("blob-path-bar-up"),
            Some(&up_hint),
        )
        .clicked()
        {
            pane.go_up(ctx);
        }
        // The path as one line of links, each part followed by its slash (as the service names it).
        ui.spacing_mut().item_spacing.x = 1.0;
        let crumbs = pane.breadcrumbs();
        let last = crumbs.len() - 1;
        for (i, (label, prefix)) in crumbs.into_iter().enumerate() {
            let shown = if i == last {
                RichText::new(format!("{label}/")).strong()
            } else {
                RichText::new(format!("{label}/"))
            };
            if ui
                .link(shown)
                .on_hover_text(tr!(
                    "blob-path-bar-open",
                    path = format!("{}/{prefix}", pane.core.container)
                ))
                .clicked()
            {
                pane.open_folder(ctx, &prefix);
            }
        }
        ui.spacing_mut().item_spacing.x = 8.0;
        ui.add_space(8.0);
        let mut fx = crate::app::blob::feature::Effects::default();
        for f in pane.features.iter_mut() {
            f.header_ui(ui, &pane.core, ctx, &mut fx);
        }
        pane.apply(ctx, fx);
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            search_box(pane, ui, ctx, focus_search);
        });
    });
}

/// The one search box: names starting with (the loaded pages, then the service), or, as chosen in its
/// drop-down, names containing a text or matching a regular expression (Find in names, Enter to run); the
/// drop-down also opens the searches that take a form (find in names with its scope, find by tags).
fn search_box(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext, focus: bool) {
    use crate::app::blob::features::name_search::{FindInNames, NameMatch};
    use crate::app::widgets::icon;
    let searches: Vec<crate::app::blob::feature::Tool> = pane
        .features
        .iter()
        .filter_map(|f| f.tool())
        .filter(|t| t.search)
        .collect();
    let mut mode = pane.feature::<FindInNames>().and_then(|f| f.box_mode());
    let menu = ui.menu_button(icon::OPTIONS, |ui| {
        ui.strong(t("blob-path-bar-box-finds"));
        ui.radio_value(&mut mode, None, t("blob-path-bar-starting"));
        for how in NameMatch::ALL {
            let words = match how {
                NameMatch::ContainsAnyCase => "blob-path-bar-containing-any-case",
                NameMatch::ContainsExactCase => "blob-path-bar-containing-exact-case",
                NameMatch::Regex => "blob-path-bar-matching-regex",
            };
            ui.radio_value(&mut mode, Some(how), t(words));
        }
        ui.separator();
        for tool in &searches {
            if ui
                .button(format!("{}…", t(tool.name)))
                .on_hover_text(t(tool.hint))
                .clicked()
            {
                pane.chrome.tool = Some(tool.name);
                ui.close();
            }
        }
    });
    menu.response
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, t("blob-path-bar-search-options")));
    if mode != pane.feature::<FindInNames>().and_then(|f| f.box_mode()) {
        if let Some(f) = pane.feature_mut::<FindInNames>() {
            f.set_box_mode(mode);
        }
        // The box's text means another thing now: the starts-with filter it set goes.
        if mode.is_some() && !pane.core.view.name_filter.is_empty() {
            pane.filter_typed(ctx, "");
        }
    }
    if let Some(how) = mode {
        finding_box(pane, ui, ctx, focus, how);
        ui.label(icon::FIND);
        return;
    }
    let mut text = pane.core.view.name_filter.clone();
    let edit = ui.add(
        egui::TextEdit::singleline(&mut text)
            .id_salt(box_id(ctx))
            .desired_width(220.0)
            .hint_text(t("blob-path-bar-starting-hint")),
    );
    let edit = edit.accessible_name(t("blob-path-bar-starting-name"));
    if focus {
        edit.request_focus();
    }
    if edit.changed() {
        pane.filter_typed(ctx, &text);
    }
    ui.label(icon::FIND);
}

/// The search box while it finds names as Find in names does: Enter runs it over every page of the folder, the
/// matches in the folder's place (an empty box and Enter go back to the folder).
fn finding_box(
    pane: &mut BlobPane,
    ui: &mut egui::Ui,
    ctx: &mut PaneContext,
    focus: bool,
    how: crate::app::blob::features::name_search::NameMatch,
) {
    use crate::app::blob::features::name_search::{FindInNames, NameMatch};
    let (name, hint) = match how {
        NameMatch::Regex => (t("blob-path-bar-matching-name"), t("blob-path-bar-matching-hint")),
        _ => (t("blob-path-bar-containing-name"), t("blob-path-bar-containing-hint")),
    };
    let Some(f) = pane.feature_mut::<FindInNames>() else {
        return;
    };
    let edit = ui.add(
        egui::TextEdit::singleline(f.box_text())
            .id_salt(box_id(ctx))
            .desired_width(220.0)
            .hint_text(hint),
    );
    let edit = edit.accessible_name(name);
    if focus {
        edit.request_focus();
    }
    if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
        pane.with_feature::<FindInNames, _>(ctx, |f, core, ctx, fx| f.find_from_box(core, ctx, fx));
    }
}

/// The search box's own id, the tab's account and container: what the features show before it in the bar (the
/// container's lease, once its properties arrive) would otherwise move its id, and the focus with it, while the
/// user types.
fn box_id<'a>(ctx: &PaneContext<'a>) -> (&'static str, &'a str, &'a str) {
    ("blob-search-box", ctx.profile_id, ctx.resource)
}
