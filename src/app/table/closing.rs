//! What closing a table tab must ask about (an unsaved entity edit, a feature's draft) or let finish (a save
//! already sent, a feature's work).

use crate::app::context::PaneContext;
use crate::app::table::editor::EntityEditor;
use crate::app::table::pane::TablePane;
use crate::app::widgets::i18n::tr;

impl TablePane {
    /// The unsaved edits in this tab, in words.
    pub fn unsaved(&self) -> Vec<String> {
        let mut said = match &self.editor {
            Some(e) if e.is_unsaved() => vec![tr!(
                "table-closing-edit",
                pk = e.partition_key.as_str(),
                rk = e.row_key.as_str()
            )],
            _ => Vec::new(),
        };
        said.extend(self.features.unsaved());
        said
    }

    /// Quitting with Save all: the entity edit is saved as its Save button would (If-Match the ETag it started
    /// from), unless a save out already sends exactly it; then every feature's drafts.
    pub fn save_all(&mut self, ctx: &mut PaneContext) {
        if let Some(e) = &mut self.editor
            && e.has_changes()
            && !e.is_saving()
        {
            e.save(ctx, false);
        }
        let mut fx = crate::app::table::feature::TableEffects::default();
        for f in self.features.iter_mut() {
            f.save_all(&self.core, ctx, &mut fx);
        }
        self.apply(ctx, fx);
    }

    /// Whether work this tab sent has not answered yet (the tab keeps running, unseen, until it has).
    pub fn has_sent_work(&self) -> bool {
        self.editor.as_ref().is_some_and(EntityEditor::is_saving) || self.features.busy()
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
