//! What the editor's saves and fetches put in the grid (`TableEffects::put_row`): the saved entity replaces its
//! row, or is added (ahead of its page, which then replaces it rather than adding it twice).

use crate::app::table::pane::TablePane;
use crate::app::table::store::entity_key;
use crate::storage::table::Entity;
use crate::storage::table::EntityPage;
use crate::storage::table::EntityView;

impl TablePane {
    /// Shows an entity saved or fetched (`TableEffects::put_row`): replaces its row, or adds it.
    pub(super) fn put_row(&mut self, entity: Entity) {
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
