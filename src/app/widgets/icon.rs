//! Toolbar buttons drawn as an icon from the icon font the app ships (Phosphor, MIT, `assets/fonts/`), so the
//! app's own chrome never depends on the fonts a system has; the action's name is the tooltip and the name
//! screen readers (and the UI tests) read.

/// The icons the app draws (Phosphor's code points, in its private-use range).
pub const ADD: &str = "\u{E3D4}";
pub const EDIT: &str = "\u{E3B4}";
pub const CLONE: &str = "\u{E1CA}";
pub const RAW_JSON: &str = "\u{E860}";
pub const CONFLICT_LAB: &str = "\u{E5BA}";
pub const COPY_JSON: &str = "\u{E198}";
pub const COPY_TSV: &str = "\u{E196}";
pub const DELETE: &str = "\u{E4A6}";
pub const DOWNLOAD: &str = "\u{E20C}";
pub const RESTORE: &str = "\u{E1A0}";
pub const BACK: &str = "\u{E058}";
pub const UP: &str = "\u{E08E}";
pub const REFRESH: &str = "\u{E094}";
pub const UPLOAD: &str = "\u{E4C0}";
pub const UPLOAD_FOLDER: &str = "\u{E258}";
pub const CUT: &str = "\u{EAE0}";
pub const PASTE: &str = "\u{E196}";
pub const WATCH: &str = "\u{E220}";
pub const COMPARE: &str = "\u{E750}";
pub const STATISTICS: &str = "\u{E150}";
pub const FIND: &str = "\u{E30C}";
pub const TAG: &str = "\u{E478}";
pub const NEW_FILE: &str = "\u{E236}";
pub const MORE: &str = "\u{E1FE}";
pub const DETAILS: &str = "\u{EC24}";
pub const FILTER: &str = "\u{E266}";
pub const DELETED: &str = "\u{E62A}";
pub const OPTIONS: &str = "\u{E136}";
pub const CLOSE: &str = "\u{E4F6}";
pub const LINK: &str = "\u{E2E2}";
pub const COLUMNS: &str = "\u{E546}";
pub const EXPORT: &str = "\u{EAF0}";
pub const PARTITIONS: &str = "\u{E464}";

/// Every icon above, for the test that each one draws.
pub const ALL: [&str; 33] = [
    ADD,
    EDIT,
    CLONE,
    RAW_JSON,
    CONFLICT_LAB,
    COPY_JSON,
    COPY_TSV,
    DELETE,
    DOWNLOAD,
    RESTORE,
    BACK,
    UP,
    REFRESH,
    UPLOAD,
    UPLOAD_FOLDER,
    CUT,
    PASTE,
    WATCH,
    COMPARE,
    STATISTICS,
    FIND,
    TAG,
    NEW_FILE,
    MORE,
    DETAILS,
    FILTER,
    DELETED,
    OPTIONS,
    CLOSE,
    LINK,
    COLUMNS,
    EXPORT,
    PARTITIONS,
];

const PHOSPHOR: &[u8] = include_bytes!("../../../assets/fonts/Phosphor.ttf");

/// Adds the icon font as the last fallback of proportional text: its code points are private-use ones that no
/// text font draws, so it never takes a character from them (and its blank ligature glyphs for `a`-`z` are
/// never reached). Takes effect from the next frame.
pub fn install(ctx: &egui::Context) {
    ctx.add_font(egui::epaint::text::FontInsert::new(
        "phosphor",
        egui::FontData::from_static(PHOSPHOR),
        vec![egui::epaint::text::InsertFontFamily {
            family: egui::FontFamily::Proportional,
            priority: egui::epaint::text::FontPriority::Lowest,
        }],
    ));
}

/// An icon button named `name` for accessibility, showing `name` (and `more`, when given) on hover.
pub fn icon_button(ui: &mut egui::Ui, enabled: bool, icon: &str, name: &str, more: Option<&str>) -> egui::Response {
    let hover = match more {
        Some(more) => format!("{name}: {more}"),
        None => name.to_string(),
    };
    let response = ui
        .add_enabled(enabled, egui::Button::new(icon).min_size(egui::vec2(26.0, 0.0)))
        .on_hover_text(&hover)
        .on_disabled_hover_text(&hover);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, name));
    response
}

/// The toolbar's button that hides or shows the details panel (F4 too).
pub fn details_toggle(ui: &mut egui::Ui) {
    let shown = crate::app::context::features::details_shown(ui.ctx());
    let name = crate::app::widgets::i18n::t(if shown { "details-hide" } else { "details-show" });
    let pressed =
        !ui.ctx().text_edit_focused() && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::F4));
    let clicked = icon_button(ui, true, DETAILS, &name, Some("F4")).clicked();
    if clicked || pressed {
        crate::app::context::features::set_details_shown(ui.ctx(), !shown);
    }
}

/// As `icon_menu`, for a menu that is a small form (fields, a question asked inside it): it stays open while
/// its buttons are used and closes on a click outside it (or by `ui.close()`).
pub fn icon_form_menu(ui: &mut egui::Ui, icon: &str, name: &str, hint: &str, menu: impl FnOnce(&mut egui::Ui)) {
    let config =
        egui::containers::menu::MenuConfig::new().close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
    let (response, _) = egui::containers::menu::MenuButton::new(icon)
        .config(config)
        .ui(ui, menu);
    let name = name.to_string();
    response
        .on_hover_text(format!("{name}: {hint}"))
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
}

/// An icon that opens a menu, named for screen readers by `name` and said on hover with `hint`.
pub fn icon_menu<R>(
    ui: &mut egui::Ui,
    icon: &str,
    name: &str,
    hint: &str,
    menu: impl FnOnce(&mut egui::Ui) -> R,
) -> egui::InnerResponse<Option<R>> {
    let r = ui.menu_button(icon, menu);
    let name = name.to_string();
    r.response
        .clone()
        .on_hover_text(format!("{name}: {hint}"))
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
    r
}
