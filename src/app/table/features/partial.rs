//! An entity loaded with only the shown columns (`$select`): the editor says so, and Save merges only the
//! properties the user changed, so a property the editor never saw is never removed on the service. Merge rather
//! than a fetch first because the edit is about what the user sees; "Load the whole entity" fetches the rest
//! and lays the user's changes on top of it, after which Replace is offered again.

use crate::app::table::features::editor::{EntityEditor, Theirs};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;
use crate::storage::table::EntityDraft;

impl EntityEditor {
    /// Whether the row was loaded with only some of its properties.
    pub fn is_partial(&self) -> bool {
        self.partial
    }

    /// What a save of a partial row sends: the keys, the ETag, and only the properties that differ from what was
    /// loaded (to be merged); or why it cannot be sent (a removal, which a merge cannot make).
    pub(crate) fn merge_request(&self, mine: &EntityDraft) -> Result<EntityDraft, StorageError> {
        if self.is_new() {
            return Ok(mine.clone());
        }
        let original = &self.base();
        if let Some(p) = original.properties.iter().find(|p| mine.get(&p.name).is_none()) {
            return Err(StorageError::invalid(
                t("table-partial-save-op"),
                tr!("table-partial-no-removal", name = p.name.as_str()),
            ));
        }
        let mut request =
            EntityDraft::new(mine.partition_key.clone(), mine.row_key.clone()).with_etag(mine.etag.clone());
        for p in &mine.properties {
            if original.get(&p.name) != Some(&p.value) {
                request.properties.push(p.clone());
            }
        }
        Ok(request)
    }

    /// The note at the top of a partial row's editor, with the button that loads the rest.
    pub(crate) fn partial_ui(
        &mut self,
        ui: &mut egui::Ui,
        backend: &crate::app::context::Backend,
        client: &crate::storage::Client,
    ) {
        if !self.partial {
            return;
        }
        ui.colored_label(
            ui.visuals().warn_fg_color,
            tr!("table-partial-note", count = self.props().len()),
        );
        let loading = self.whole_wanted && matches!(self.theirs, Some(Theirs::Loading));
        if ui
            .add_enabled(!loading, egui::Button::new(t("table-partial-load-whole")))
            .clicked()
        {
            self.whole_wanted = true;
            self.fetch_theirs(backend, client);
        }
    }

    /// The whole entity arrived after "Load the whole entity": the user's changes go on top of it.
    pub(crate) fn whole_arrived(&mut self) {
        if !self.whole_wanted || matches!(self.theirs, Some(Theirs::Loading) | None) {
            return;
        }
        self.whole_wanted = false;
        if matches!(self.theirs, Some(Theirs::Current(_))) {
            self.reapply_on_theirs();
            self.partial = false;
            self.note = Some(t("table-partial-loaded-whole"));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::app::table::features::editor::EntityEditor;
    use crate::storage::table::EdmValue;
    use crate::storage::table::EntityDraft;

    fn partial_editor() -> EntityEditor {
        let shown = EntityDraft::new("p", "r")
            .with("Name", EdmValue::String("Ann".into()))
            .with("Age", EdmValue::Int32(40))
            .with_etag(Some("v1".into()));
        let mut e = EntityEditor::edit("t", &shown.to_entity());
        e.partial = true;
        e
    }

    #[test]
    fn a_partial_row_sends_only_what_changed() {
        let mut e = partial_editor();
        e.set_text("Age", "41");
        let mine = e.draft().unwrap();
        let request = e.merge_request(&mine).unwrap();
        assert_eq!(request.properties.len(), 1);
        assert_eq!(request.get("Age"), Some(&EdmValue::Int32(41)));
        assert_eq!(request.etag.as_deref(), Some("v1"));
    }

    #[test]
    fn a_partial_row_refuses_a_removal_in_words() {
        let mut e = partial_editor();
        e.props_mut().retain(|p| p.name != "Name");
        let mine = e.draft().unwrap();
        let err = e.merge_request(&mine).unwrap_err();
        assert!(
            err.message.to_string().contains("Load the whole entity first"),
            "{}",
            err.message
        );
    }
}
