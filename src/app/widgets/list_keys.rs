//! The keys every list answers, whatever it lists: the arrows, Page Up/Down, Home and End move a cursor; with
//! Shift they extend the selection from its anchor; with Ctrl the cursor moves alone and Ctrl+Space toggles the
//! row under it. The cursor is drawn as a frame, so where the keyboard is can always be seen. One list at a time
//! has the keys: the list of the panel that has the keyboard (the frame says which; a tab's when none does).

use egui::{Key, Modifiers};

/// Which list the keys go to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KeysGoTo {
    /// The list of the tab shown (only one tab is shown at a time).
    #[default]
    Tab,
    Inspector,
    /// The panel with the keyboard has no list (the tree).
    Nowhere,
}

fn owner_id() -> egui::Id {
    egui::Id::unique("list-keys-go-to")
}

/// Whether the keys go to `list` now.
pub fn has_keys(ctx: &egui::Context, list: KeysGoTo) -> bool {
    ctx.data(|d| d.get_temp::<KeysGoTo>(owner_id())).unwrap_or_default() == list
}

/// The keys go to `list` from now on.
pub fn take_keys(ctx: &egui::Context, list: KeysGoTo) {
    ctx.data_mut(|d| d.insert_temp(owner_id(), list));
}

/// Where the keyboard is in a list, by each row's own key (a blob's name, an entity's place in the store, a
/// message's id): positions change under every sort, filter and page, keys do not.
#[derive(Clone, Debug)]
pub struct ListCursor<K> {
    /// The row the cursor is on.
    pub at: Option<K>,
    /// Where a Shift extension starts: the last row chosen without Shift.
    pub anchor: Option<K>,
    /// Which list this is, for where the keys go.
    pub list: KeysGoTo,
}

impl<K> Default for ListCursor<K> {
    fn default() -> Self {
        ListCursor {
            at: None,
            anchor: None,
            list: KeysGoTo::Tab,
        }
    }
}

/// What a key asked of the list, by positions in the list as shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The selection is now exactly the rows `from..=to` (either way round); the cursor is on `to`.
    Select { from: usize, to: usize },
    /// The cursor moved to this row alone (Ctrl): the selection stays.
    Move(usize),
    /// Ctrl+Space: the row under the cursor joins the selection, or leaves it.
    Toggle(usize),
}

impl Step {
    /// The row the cursor is on after the step: the list scrolls to it.
    pub fn cursor(self) -> usize {
        match self {
            Step::Select { to, .. } => to,
            Step::Move(at) | Step::Toggle(at) => at,
        }
    }

    /// The rows selected by a `Select`, in order.
    pub fn range(self) -> Option<std::ops::RangeInclusive<usize>> {
        match self {
            Step::Select { from, to } => Some(from.min(to)..=from.max(to)),
            _ => None,
        }
    }
}

const MOVES: [Key; 6] = [
    Key::ArrowUp,
    Key::ArrowDown,
    Key::PageUp,
    Key::PageDown,
    Key::Home,
    Key::End,
];

impl<K: Clone + PartialEq> ListCursor<K> {
    /// A click on a row: the cursor goes there; without Shift it is the new anchor.
    pub fn clicked(&mut self, key: K, shift: bool) {
        if !shift || self.anchor.is_none() {
            self.anchor = Some(key.clone());
        }
        self.at = Some(key);
    }

    pub fn clear(&mut self) {
        self.at = None;
        self.anchor = None;
    }

    /// Reads this frame's keys for a list of `len` rows, `page` of which fit in its view. `position` finds a
    /// key's row (None: no longer shown), `key_at` the key of a row. Nothing happens while a text field has the
    /// keyboard or a menu is open, whose arrows are theirs.
    pub fn keys(
        &mut self,
        ui: &egui::Ui,
        len: usize,
        page: usize,
        position: impl Fn(&K) -> Option<usize>,
        key_at: impl Fn(usize) -> K,
    ) -> Option<Step> {
        let ctx = ui.ctx();
        if len == 0 || !has_keys(ctx, self.list) || ctx.text_edit_focused() || egui::Popup::is_any_open(ctx) {
            return None;
        }
        // A pattern without Shift matches with it too (egui's logical match): Shift is read from the modifiers.
        let (pressed, modifiers) = ui.input_mut(|i| {
            let pressed = MOVES.into_iter().chain([Key::Space]).find(|k| {
                [Modifiers::NONE, Modifiers::COMMAND]
                    .iter()
                    .any(|m| i.consume_key(*m, *k))
            });
            (pressed, i.modifiers)
        });
        let pressed = pressed?;
        // Only once a key was pressed: finding the cursor's row may scan the list (a million entities), which no
        // frame without a key should pay for.
        let at = self.at.as_ref().and_then(&position);
        let last = len - 1;
        let page = page.max(1);
        if pressed == Key::Space {
            // Space alone belongs to a focused button; Ctrl+Space toggles.
            return match (modifiers.command, at) {
                (true, Some(at)) => Some(Step::Toggle(at)),
                _ => None,
            };
        }
        let to = match (pressed, at) {
            (Key::Home, _) => 0,
            (Key::End, _) => last,
            // The first press in a list without a cursor lands on its first row (or its last, going up).
            (Key::ArrowDown | Key::PageDown, None) => 0,
            (_, None) => last,
            (Key::ArrowUp, Some(at)) => at.saturating_sub(1),
            (Key::ArrowDown, Some(at)) => (at + 1).min(last),
            (Key::PageUp, Some(at)) => at.saturating_sub(page),
            (_, Some(at)) => (at + page).min(last),
        };
        self.at = Some(key_at(to));
        // The list has the keys now: a focused button would otherwise take the arrows for moving its focus.
        ctx.memory_mut(|m| {
            if let Some(focused) = m.focused() {
                m.surrender_focus(focused);
            }
        });
        if modifiers.command {
            return Some(Step::Move(to));
        }
        let from = match (modifiers.shift, self.anchor.as_ref().and_then(&position)) {
            (true, Some(anchor)) => anchor,
            (true, None) => at.unwrap_or(to),
            (false, _) => to,
        };
        self.anchor = Some(key_at(from));
        Some(Step::Select { from, to })
    }
}

/// How many rows of `row_height` fit in what is left of `ui`: a Page Up or Down moves by that many.
pub fn page_rows(ui: &egui::Ui, row_height: f32) -> usize {
    ((ui.available_height() / row_height).floor() as usize)
        .saturating_sub(1)
        .max(1)
}

/// Draws the keyboard's cursor around a row of `height` (its response starts where the row does), when the keys
/// go to its list, within `seen`: what is seen of the list (the clip of the scroll area around its table). The
/// response's rect is the row's in the last frame, which may be taller: the height is the list's own.
pub fn paint_cursor(row: &egui::Response, list: KeysGoTo, height: f32, seen: egui::Rect) {
    if !has_keys(&row.ctx, list) {
        return;
    }
    let stroke = row.ctx.global_style().visuals.selection.stroke;
    // Within what is seen of the list: a table row's response is not clipped to the scroll area around the
    // table, and a row wider than the list's view would be framed across the panel beside it.
    let rect = egui::Rect::from_min_size(row.rect.min, egui::vec2(row.rect.width(), height))
        .intersect(row.interact_rect)
        .intersect(seen);
    row.ctx
        .layer_painter(row.layer_id)
        .rect_stroke(rect.shrink(1.0), 2.0, stroke, egui::StrokeKind::Inside);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(cursor: &mut ListCursor<usize>, len: usize, key: Key, modifiers: Modifiers) -> Option<Step> {
        let ctx = egui::Context::default();
        let mut input = egui::RawInput::default();
        input.events.push(egui::Event::ModifiersChanged(modifiers));
        input.events.push(egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers,
        });
        let mut step = None;
        let mut output = ctx.run_ui(input, |ui| {
            step = cursor.keys(ui, len, 10, |k| (*k < len).then_some(*k), |p| p);
        });
        output.textures_delta.clear();
        step
    }

    #[test]
    fn arrows_move_shift_extends_from_the_anchor_and_ctrl_moves_the_cursor_alone() {
        let mut c = ListCursor::default();
        assert_eq!(
            press(&mut c, 50, Key::ArrowDown, Modifiers::NONE),
            Some(Step::Select { from: 0, to: 0 })
        );
        assert_eq!(
            press(&mut c, 50, Key::ArrowDown, Modifiers::NONE),
            Some(Step::Select { from: 1, to: 1 })
        );
        assert_eq!(
            press(&mut c, 50, Key::ArrowDown, Modifiers::SHIFT),
            Some(Step::Select { from: 1, to: 2 })
        );
        assert_eq!(
            press(&mut c, 50, Key::PageDown, Modifiers::SHIFT),
            Some(Step::Select { from: 1, to: 12 })
        );
        assert_eq!(
            press(&mut c, 50, Key::ArrowDown, Modifiers::COMMAND),
            Some(Step::Move(13))
        );
        assert_eq!(
            press(&mut c, 50, Key::Space, Modifiers::COMMAND),
            Some(Step::Toggle(13))
        );
        // Shift still extends from the anchor chosen without it.
        assert_eq!(
            press(&mut c, 50, Key::Home, Modifiers::SHIFT),
            Some(Step::Select { from: 1, to: 0 })
        );
        assert_eq!(
            press(&mut c, 50, Key::End, Modifiers::NONE),
            Some(Step::Select { from: 49, to: 49 })
        );
        assert_eq!(
            press(&mut c, 50, Key::ArrowDown, Modifiers::NONE),
            Some(Step::Select { from: 49, to: 49 })
        );
        assert_eq!(
            press(&mut c, 50, Key::PageUp, Modifiers::NONE),
            Some(Step::Select { from: 39, to: 39 })
        );
        // Space alone is a focused button's; nothing happens in an empty list.
        assert_eq!(press(&mut c, 50, Key::Space, Modifiers::NONE), None);
        assert_eq!(press(&mut c, 0, Key::ArrowDown, Modifiers::NONE), None);
    }

    #[test]
    fn a_cursor_on_a_row_no_longer_shown_starts_again_at_the_ends() {
        let mut c = ListCursor {
            at: Some(99),
            anchor: Some(99),
            list: KeysGoTo::Tab,
        };
        assert_eq!(
            press(&mut c, 5, Key::ArrowUp, Modifiers::NONE),
            Some(Step::Select { from: 4, to: 4 })
        );
        (c.at, c.anchor) = (Some(99), Some(99));
        assert_eq!(
            press(&mut c, 5, Key::ArrowDown, Modifiers::SHIFT),
            Some(Step::Select { from: 0, to: 0 })
        );
    }

    #[test]
    fn the_keys_go_to_one_list_the_tabs_until_another_is_clicked() {
        let ctx = egui::Context::default();
        assert!(has_keys(&ctx, KeysGoTo::Tab));
        assert!(!has_keys(&ctx, KeysGoTo::Inspector));
        take_keys(&ctx, KeysGoTo::Inspector);
        assert!(!has_keys(&ctx, KeysGoTo::Tab));
        assert!(has_keys(&ctx, KeysGoTo::Inspector));
    }
}
