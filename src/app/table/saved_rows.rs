//! What the editor's saves and fetches put in the grid: the saved entity replaces its row, or is added (ahead of
//! its page, which then replaces it rather than adding it twice).

use crate::app::context::PaneContext;
use crate::app::table::editor::EditorEvent;
use crate::app::table::history::Seen;
use crate::app::table::pane::TablePane;
use crate::app::table::store::entity_key;
use crate::storage::table::EntityPage;
use crate::storage::table::EntityView;
use crate::storage::table::entity::Entity;

impl TablePane {
    /// Takes the editor's replies (a save, their version), every frame, whether its panel is shown or not.
    pub(crate) fn poll_editor(&mut self, ctx: &PaneContext) {
        if let Some(editor) = &mut self.editor {
            let event = editor.poll(ctx.backend, ctx.client);
            self.editor_did(event);
        }
    }

    /// What the editor reported (from a reply, or from its buttons) done to the tab.
    pub(crate) fn editor_did(&mut self, event: EditorEvent) {
        match event {
            EditorEvent::None => {}
            EditorEvent::Closed => self.editor = None,
            EditorEvent::Saved(entity) => {
                self.editor = None;
                self.put_row(entity, Seen::Saved);
            }
            EditorEvent::SavedWhileEditing(entity) => self.put_row(entity, Seen::Saved),
            EditorEvent::Discarded(theirs) => {
                self.editor = None;
                if let Some(e) = theirs {
                    self.put_row(e, Seen::Loaded);
                }
            }
        }
    }

    /// Shows a saved or fetched entity: replaces its row (the entity's history keeps both), or adds it.
    fn put_row(&mut self, entity: Entity, seen: Seen) {
        if let Some(i) = self.core.store.position(entity.partition_key(), entity.row_key()) {
            self.history
                .changed(self.core.store.get(i), &entity, seen, std::time::SystemTime::now());
        }
        if !self.replace_row(&entity) {
            let key = entity_key(&entity);
            self.append(EntityPage {
                entities: vec![entity],
                continuation: self.core.paging.continuation.clone(),
                response_bytes: 0,
            });
            self.core.paging.pages -= 1;
            // A page still to come may hold it: the next one (more available) or the first (a query running).
            if self.core.paging.continuation.is_some() || self.is_loading() {
                self.core.paging.put_ahead.insert(key);
            }
        }
    }

    /// Replaces the loaded row with this entity's keys, if there is one.
    pub(super) fn replace_row(&mut self, entity: &EntityView) -> bool {
        let Some(i) = self.core.store.position(entity.partition_key(), entity.row_key()) else {
            return false;
        };
        self.core.columns.observe_views(std::iter::once(entity));
        self.core.store.replace(i, entity.to_owned());
        true
    }
}
