//! The entity editor as a feature of its table tab: the one edit open (drawn in the details panel), the versions
//! of each entity seen this run (its History tab), and what a save or a discard puts in the grid. Its "unsaved",
//! its save out and Save all are found through the feature list like every other feature's.

use crate::app::context::feature::Feature;
use std::time::SystemTime;

use crate::app::context::PaneContext;
use crate::app::table::core::TableCore;
use crate::app::table::feature::{TableEffects, TableEvent, TableFeature};
use crate::app::table::features::editor::{EditorEvent, EntityEditor};
use crate::app::table::features::history::{EntityHistory, Seen};
use crate::app::widgets::i18n::tr;
use crate::storage::table::Entity;

#[derive(Default)]
pub struct Editing {
    /// The edit open, if any: one at a time.
    pub(crate) editor: Option<EntityEditor>,
    /// Every version of an entity seen this run, for the editor's timeline.
    pub(crate) history: EntityHistory,
    /// An editor was opened: the details panel, where it is drawn, shows even if the user had hidden it.
    pub(crate) reveal: bool,
}

impl Editing {
    /// Puts an editor in place of one with nothing unsaved; says whether it did (the edit under way is never
    /// dropped for another: it is told why).
    pub(crate) fn open(&mut self, editor: EntityEditor) -> bool {
        self.reveal = true;
        if let Some(open) = &mut self.editor
            && open.holds_work()
        {
            let (pk, rk) = (open.partition_key.as_str(), open.row_key.as_str());
            open.note = Some(tr!("table-pane-one-edit", pk = pk, rk = rk));
            return false;
        }
        self.editor = Some(editor);
        true
    }

    /// What the editor reported (from a reply, or from its buttons): it closes, and what was saved or fetched
    /// goes into the grid.
    pub(crate) fn did(&mut self, event: EditorEvent, core: &TableCore, fx: &mut TableEffects) {
        match event {
            EditorEvent::None => {}
            EditorEvent::Closed => self.editor = None,
            EditorEvent::Saved(entity) => {
                self.editor = None;
                self.put_row(entity, Seen::Saved, core, fx);
            }
            EditorEvent::SavedWhileEditing(entity) => self.put_row(entity, Seen::Saved, core, fx),
            EditorEvent::Discarded(theirs) => {
                self.editor = None;
                if let Some(e) = theirs {
                    self.put_row(e, Seen::Loaded, core, fx);
                }
            }
        }
    }

    /// A saved or fetched entity replaces its row (its history keeps both) or is added.
    fn put_row(&mut self, entity: Entity, seen: Seen, core: &TableCore, fx: &mut TableEffects) {
        if let Some(i) = core.store.position(entity.partition_key(), entity.row_key()) {
            self.history
                .changed(core.store.get(i), &entity, seen, SystemTime::now());
        }
        fx.put_row(entity);
    }

    /// Whether the rows the core holds are whole (no `$select`): only a whole row is the service's word on it.
    fn full_rows(core: &TableCore) -> bool {
        core.paging.running.as_ref().is_none_or(|q| q.select.is_empty())
    }
}

impl Feature for Editing {
    type Pane = crate::app::table::feature::Table;

    /// Takes the editor's replies every frame, whether its panel is shown or not: a hidden panel never leaves a
    /// save unanswered.
    fn poll(&mut self, core: &TableCore, ctx: &mut PaneContext, fx: &mut TableEffects) {
        if let Some(editor) = &mut self.editor {
            let event = editor.poll(ctx.backend, ctx.client);
            self.did(event, core, fx);
        }
    }

    fn sending(&self) -> bool {
        self.editor.as_ref().is_some_and(EntityEditor::is_saving)
    }

    fn unsaved(&self) -> Vec<String> {
        match &self.editor {
            Some(e) if e.is_unsaved() => vec![tr!(
                "table-closing-edit",
                pk = e.partition_key.as_str(),
                rk = e.row_key.as_str()
            )],
            _ => Vec::new(),
        }
    }

    /// The edit is saved as its Save button would (If-Match the ETag it started from), unless a save out already
    /// sends exactly it.
    fn save_all(&mut self, _: &TableCore, ctx: &mut PaneContext, _: &mut TableEffects) {
        if let Some(e) = &mut self.editor
            && e.has_changes()
            && !e.is_saving()
        {
            e.save(ctx, false);
        }
    }
}

impl TableFeature for Editing {
    fn event(&mut self, event: &TableEvent, core: &TableCore) {
        match event {
            TableEvent::PageLoaded(entities) => {
                // A full row of the entity being edited is the service's latest word on it.
                if let Some(editor) = &mut self.editor
                    && Self::full_rows(core)
                {
                    entities.iter().for_each(|e| editor.observe(e));
                }
                self.history.loaded_page(entities);
            }
            TableEvent::Swapped { old, touched } => {
                let now = SystemTime::now();
                for &row in touched.iter().filter(|&&r| (r as usize) < old.len()) {
                    self.history
                        .changed(old.get(row), core.store.get(row), Seen::Watched, now);
                }
                if let Some(editor) = &mut self.editor
                    && Self::full_rows(core)
                {
                    touched.iter().for_each(|&row| editor.observe(core.store.get(row)));
                }
            }
            TableEvent::QueryRan | TableEvent::RowsDropped(_) => {}
        }
    }
}

impl EntityEditor {
    /// Whether the form holds a change no save out sends (`Draft::is_unsaved`; the keys of a new entity cannot
    /// be typed while its insert is out, so the form alone says what was sent).
    pub fn is_unsaved(&self) -> bool {
        self.has_changes() && !self.form.is_sending()
    }

    /// Whether the form holds anything the service does not: a changed, added or removed property, or a new
    /// entity with anything typed.
    pub fn has_changes(&self) -> bool {
        if self.is_new() {
            return !self.partition_key.is_empty() || !self.row_key.is_empty() || !self.props().is_empty();
        }
        self.form.is_dirty()
    }
}
