//! A pane's list of features, whatever the pane: each feature is a boxed trait object of the pane's feature
//! trait, found again by its type (for what tests and the binary read) and asked in the order it was added.

use std::any::Any;

/// Lets a pane find a feature by its type.
pub trait AsAny: Any {
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T: Any> AsAny for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// An action a feature offers on what is selected: the pane shows every feature's offers in one place (a row's
/// context menu) and runs one by its shortcut, so a feature's action is reached the same way whoever offers it.
#[derive(Clone, Debug)]
pub struct Offer {
    /// What the feature knows it by (handed back to it when chosen).
    pub id: &'static str,
    pub label: String,
    pub shortcut: Option<egui::KeyboardShortcut>,
    /// Whether it applies to the selection now (shown greyed otherwise).
    pub enabled: bool,
}

impl Offer {
    pub fn new(id: &'static str, label: impl Into<String>, enabled: bool) -> Self {
        Offer {
            id,
            label: label.into(),
            shortcut: None,
            enabled,
        }
    }

    pub fn key(mut self, modifiers: egui::Modifiers, key: egui::Key) -> Self {
        self.shortcut = Some(egui::KeyboardShortcut::new(modifiers, key));
        self
    }
}

/// A feature's tool: a toolbar button that shows the feature's controls (its form) in a strip under the
/// toolbar, one tool at a time, so rarely used forms take no room until asked for.
#[derive(Clone, Copy, Debug)]
pub struct Tool {
    pub icon: &'static str,
    /// The button's accessible name and tooltip: a message id (words that are no message id show as they are).
    pub name: &'static str,
    /// What it does, on hover: a message id, like `name`.
    pub hint: &'static str,
    /// A search: offered in the search box's drop-down rather than in the toolbar.
    pub search: bool,
}

/// How a pane's chrome is set: the tool whose strip is open (by name), the details tab shown.
#[derive(Clone, Copy, Debug, Default)]
pub struct Chrome {
    pub tool: Option<&'static str>,
    pub tab: DetailsTab,
    /// The heights the list and the whole pane were given in the last frame (a test reads the list's share).
    pub list_height: f32,
    pub pane_height: f32,
}

/// Which tab of a details panel a feature draws in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DetailsTab {
    /// The item's own facts first: properties, headers, metadata, tier, contents.
    #[default]
    Properties,
    Lease,
    Tags,
    /// Snapshots and versions.
    Snapshots,
    /// SAS and stored access policies.
    Access,
    /// A queue's dequeued messages, held by their pop receipts, and the form that takes more.
    Held,
    /// A queue's form for a new message.
    NewMessage,
    /// An entity's versions seen this run.
    History,
}

impl DetailsTab {
    pub const ALL: [DetailsTab; 8] = [
        DetailsTab::Held,
        DetailsTab::NewMessage,
        DetailsTab::Properties,
        DetailsTab::Lease,
        DetailsTab::Tags,
        DetailsTab::Snapshots,
        DetailsTab::Access,
        DetailsTab::History,
    ];

    /// Its name, in the window's language.
    pub fn name(self) -> String {
        crate::i18n::t(match self {
            DetailsTab::Properties => "details-properties",
            DetailsTab::Lease => "details-lease",
            DetailsTab::Tags => "details-tags",
            DetailsTab::Snapshots => "details-snapshots",
            DetailsTab::Access => "details-access",
            DetailsTab::Held => "details-held",
            DetailsTab::NewMessage => "details-new-message",
            DetailsTab::History => "details-history",
        })
    }
}

/// Draws the tabs of a details panel (only those in `present`), switching `shown` on a click; a tab not
/// present falls back to the first that is.
pub fn details_tabs(ui: &mut egui::Ui, shown: &mut DetailsTab, present: &[DetailsTab]) {
    if !present.contains(shown)
        && let Some(first) = present.first()
    {
        *shown = *first;
    }
    ui.horizontal_wrapped(|ui| {
        for tab in present {
            let on = *shown == *tab;
            let name = tab.name();
            let response = ui.selectable_label(on, &name);
            // Announced as a tab (and found as one by the tests): "Lease" is also a column's name.
            response.widget_info(|| egui::WidgetInfo::selected(egui::Role::Tab, true, on, &name));
            if response.clicked() {
                *shown = *tab;
            }
        }
    });
    ui.separator();
}

/// Whether the details panels are shown: one choice for every pane, remembered between runs (egui's memory is
/// saved with the window's state).
pub fn details_shown(ctx: &egui::Context) -> bool {
    ctx.data_mut(|d| d.get_persisted::<bool>(details_id()).unwrap_or(true))
}

pub fn set_details_shown(ctx: &egui::Context, shown: bool) {
    ctx.data_mut(|d| d.insert_persisted(details_id(), shown));
}

fn details_id() -> egui::Id {
    egui::Id::unique("tessera-details-shown")
}

/// A tool's button: pressed while its strip is open; a click opens it (closing the one open) or closes it.
pub fn tool_button(ui: &mut egui::Ui, tool: &Tool, open: bool) -> bool {
    let name = crate::i18n::t(tool.name);
    let hover = format!("{name}: {}", crate::i18n::t(tool.hint));
    let response = ui
        .add(egui::Button::selectable(open, tool.icon).min_size(egui::vec2(26.0, 0.0)))
        .on_hover_text(hover);
    response.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, open, &name));
    response.clicked()
}

/// Draws offers as menu entries (each with its shortcut), saying which was chosen: `(feature, id)`.
pub fn offers_menu(ui: &mut egui::Ui, offers: &[(usize, Offer)]) -> Option<(usize, &'static str)> {
    let mut chosen = None;
    for (at, offer) in offers {
        let mut button = egui::Button::new(&offer.label);
        if let Some(sc) = &offer.shortcut {
            button = button.shortcut_text(ui.ctx().format_shortcut(sc));
        }
        if ui.add_enabled(offer.enabled, button).clicked() {
            chosen = Some((*at, offer.id));
            ui.close();
        }
    }
    chosen
}

/// The offer whose shortcut was pressed this frame (consumed), unless a text field has the keyboard.
pub fn pressed_offer(ctx: &egui::Context, offers: &[(usize, Offer)]) -> Option<(usize, &'static str)> {
    if ctx.text_edit_focused() {
        return None;
    }
    // Enter also presses a focused button: it runs an offer only when nothing has the keyboard.
    let focused = ctx.memory(|m| m.focused().is_some());
    offers.iter().find_map(|(at, offer)| {
        let sc = offer
            .shortcut
            .filter(|sc| offer.enabled && !(focused && sc.logical_key == egui::Key::Enter))?;
        ctx.input_mut(|i| pressed(i, &sc)).then_some((*at, offer.id))
    })
}

/// Whether `sc` was pressed (consumed). The window turns Ctrl+C, Ctrl+X and Ctrl+V into clipboard events rather
/// than key presses (egui-winit), so those shortcuts are read from them too.
fn pressed(input: &mut egui::InputState, sc: &egui::KeyboardShortcut) -> bool {
    if input.consume_shortcut(sc) {
        return true;
    }
    if sc.modifiers != egui::Modifiers::COMMAND {
        return false;
    }
    let is = |e: &egui::Event| match sc.logical_key {
        egui::Key::C => matches!(e, egui::Event::Copy),
        egui::Key::X => matches!(e, egui::Event::Cut),
        egui::Key::V => matches!(e, egui::Event::Paste(_)),
        _ => false,
    };
    let Some(at) = input.events.iter().position(is) else {
        return false;
    };
    input.events.remove(at);
    true
}

/// The features of a tab, in the order they draw. `F` is the pane's feature trait (`dyn BlobFeature`, say); the
/// pane's own folder adds what its features answer together (unsaved, busy, …).
pub struct Features<F: ?Sized>(pub(crate) Vec<Box<F>>);

impl<F: ?Sized> Default for Features<F> {
    fn default() -> Self {
        Features(Vec::new())
    }
}

impl<F: ?Sized + AsAny> Features<F> {
    pub fn push_boxed(&mut self, feature: Box<F>) {
        self.0.push(feature);
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut Box<F>> {
        self.0.iter_mut()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Box<F>> {
        self.0.iter()
    }

    /// The feature at this place in the list (as `offers` names it).
    pub fn at_mut(&mut self, at: usize) -> Option<&mut F> {
        self.0.get_mut(at).map(|f| &mut **f)
    }

    /// The feature of type `T`.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.iter().find_map(|f| (**f).as_any().downcast_ref::<T>())
    }

    pub fn get_mut<T: Any>(&mut self) -> Option<&mut T> {
        self.0.iter_mut().find_map(|f| (**f).as_any_mut().downcast_mut::<T>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    trait Part: AsAny {
        fn name(&self) -> &'static str;
    }
    struct A(u8);
    struct B;
    impl Part for A {
        fn name(&self) -> &'static str {
            "a"
        }
    }
    impl Part for B {
        fn name(&self) -> &'static str {
            "b"
        }
    }

    #[test]
    fn a_feature_is_found_again_by_its_type_and_the_list_keeps_its_order() {
        let mut list: Features<dyn Part> = Features::default();
        list.push_boxed(Box::new(B));
        list.push_boxed(Box::new(A(7)));
        assert_eq!(list.iter().map(|p| p.name()).collect::<Vec<_>>(), ["b", "a"]);
        list.get_mut::<A>().unwrap().0 += 1;
        assert_eq!(list.get::<A>().map(|a| a.0), Some(8));
        assert!(list.get::<u32>().is_none());
    }
}
