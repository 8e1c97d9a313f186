//! The entity editor: an input per Edm type, add/remove/retype properties, Replace or Merge with If-Match,
//! and on a 412 the user's version beside the server's, to reload and re-apply, overwrite, or discard.
//! The user's edit survives every failure until they discard it: the form is a `Draft` (what the service said,
//! what the user changed, the ETag the edit started from), as every form that edits what the service holds.

use egui::RichText;

use crate::app::widgets::i18n::{t, tr};

use crate::app::context::draft::Draft;
use crate::app::context::{Backend, InFlight, PaneContext};
use crate::app::table::features::editor_conflict::theirs_kind;
use crate::app::table::features::entity_form::EntityForm;
pub use crate::app::table::features::property::{PropertyEdit, parse_hex, to_hex};
use crate::storage::table::{EdmType, EdmValue};
use crate::storage::table::{Entity, EntityDraft, EntityView, Property};
use crate::storage::table::{IfMatch, UpdateMode};
use crate::storage::{Client, StorageError};

/// What the server holds now, fetched after a 412 so the user can compare.
pub enum Theirs {
    Loading,
    Current(Entity),
    /// Deleted by someone else meanwhile.
    Gone,
    Failed(StorageError),
}

pub enum EditorEvent {
    None,
    /// Saved: the entity as now stored (with its new ETag); the editor closes.
    Saved(Entity),
    /// Saved what the form held when Save was pressed, but the form changed since: the row shows what was
    /// stored, and the editor stays open with the newer edit (on the new ETag), not yet saved.
    SavedWhileEditing(Entity),
    /// The user discarded their edit; `theirs` is the server's version, if it was fetched.
    Discarded(Option<Entity>),
    Closed,
}

pub struct EntityEditor {
    pub(crate) table: String,
    pub(crate) partition_key: String,
    pub(crate) row_key: String,
    /// The properties: what the service said, what the user typed, and the ETag the edit started from.
    pub(crate) form: Draft<EntityForm>,
    /// A new entity (Insert): the draft's version means nothing yet.
    pub(crate) new: bool,
    pub(crate) mode: UpdateMode,
    pub(crate) error: Option<StorageError>,
    pub(crate) theirs: Option<Theirs>,
    /// A save out, keyed by what it sent (its keys and properties): its reply is about this, not about whatever
    /// the form holds by then.
    pub(crate) saving: InFlight<(String, String, EntityForm), Result<String, StorageError>>,
    /// Said after a save that stored an earlier state of the form.
    pub(crate) note: Option<String>,
    fetching: InFlight<(), Result<Entity, StorageError>>,
    /// Loaded with only the shown columns: Save merges only what changed (see `partial`).
    pub(crate) partial: bool,
    /// "Load the whole entity" asked; the fetch lands in `theirs`.
    pub(crate) whole_wanted: bool,
    /// The window's close was asked while the form holds unsaved changes: it asks before dropping them.
    pub(crate) confirm_close: bool,
    /// The question's Discard was chosen: the one answer that lets a close drop the edit (a second Close does not).
    discarding: bool,
    /// Closed while its save was out: hidden until the save answers (then closed, or shown again with why).
    pub(crate) close_when_saved: bool,
    /// Just opened: the keyboard goes to the first value, so Enter on a row then typing edits it.
    focus_first: bool,
}

impl EntityEditor {
    pub fn edit(table: &str, entity: &EntityView) -> Self {
        EntityEditor {
            table: table.to_string(),
            partition_key: entity.partition_key().to_string(),
            row_key: entity.row_key().to_string(),
            form: Draft::new(&entity.etag().unwrap_or_default(), EntityForm::of(entity)),
            new: false,
            mode: UpdateMode::Replace,
            error: None,
            theirs: None,
            saving: InFlight::default(),
            note: None,
            fetching: InFlight::default(),
            partial: false,
            whole_wanted: false,
            confirm_close: false,
            discarding: false,
            close_when_saved: false,
            focus_first: true,
        }
    }

    pub fn insert(table: &str, template: Option<&EntityView>) -> Self {
        let mut e = match template {
            Some(t) => Self::edit(table, t),
            None => Self::edit(table, &EntityDraft::new("", "").to_entity()),
        };
        if template.is_some() {
            e.row_key.push_str("-copy");
        }
        e.new = true;
        e
    }

    /// The ETag the next save is conditional on (None for a new entity).
    pub fn etag(&self) -> Option<&str> {
        // A version never read (an entity shown without an ETag) is no condition: the save says If-Match *.
        Some(self.form.version()).filter(|v| !self.new && !v.is_empty())
    }

    /// The PartitionKey and RowKey, as shown (typed, for a new entity).
    pub fn keys(&self) -> (&str, &str) {
        (&self.partition_key, &self.row_key)
    }

    /// The inputs, as typed.
    pub fn props(&self) -> &[PropertyEdit] {
        &self.form.edit.props
    }

    pub fn props_mut(&mut self) -> &mut Vec<PropertyEdit> {
        &mut self.form.edit.props
    }

    /// The value inputs' texts, as typed.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.props().iter().map(|p| p.text.as_str())
    }

    /// What typing into a property's input does: its text becomes `text`. False when there is no such input.
    pub fn set_text(&mut self, property: &str, text: &str) -> bool {
        let Some(p) = self.props_mut().iter_mut().find(|p| p.name == property) else {
            return false;
        };
        p.text = text.to_string();
        true
    }

    /// Why the last save failed, if it did.
    pub fn error(&self) -> Option<&StorageError> {
        self.error.as_ref()
    }

    pub fn is_new(&self) -> bool {
        self.new
    }

    /// The entity as the service held it when the edit started (what a partial save compares with).
    pub(crate) fn base(&self) -> EntityDraft {
        let mut d = EntityDraft::new(self.partition_key.clone(), self.row_key.clone());
        d.properties = self.form.base().properties().unwrap_or_default();
        d
    }

    /// What the service said of this entity since the editor opened (a refresh of the grid brought a newer
    /// version): a clean form follows it, an edited one is kept and says the entity changed under it.
    pub fn observe(&mut self, entity: &EntityView) {
        let same = entity.partition_key() == self.partition_key && entity.row_key() == self.row_key;
        let version = entity.etag().unwrap_or_default();
        let version = version.as_ref();
        if same && !self.new && !self.partial && newer(version, self.form.theirs_version()) {
            self.form.observe(version, EntityForm::of(entity));
        }
    }

    pub fn is_saving(&self) -> bool {
        !self.saving.is_empty()
    }

    /// Whether the keys may be typed: a new entity, with no insert out (its reply is about the keys it sent).
    pub(crate) fn keys_editable(&self) -> bool {
        self.new && !self.is_saving()
    }

    /// The draft the inputs describe, or None after marking the inputs that do not parse.
    pub fn draft(&mut self) -> Option<EntityDraft> {
        let mut draft = EntityDraft::new(self.partition_key.clone(), self.row_key.clone())
            .with_etag(self.etag().map(str::to_string));
        let mut ok = true;
        for p in &mut self.form.edit.props {
            match p.value() {
                Ok(v) => {
                    p.error = None;
                    draft.properties.push(Property {
                        name: p.name.trim().to_string(),
                        value: v,
                    });
                }
                Err(e) => {
                    p.error = Some(e);
                    ok = false;
                }
            }
        }
        ok.then_some(draft)
    }

    /// Saves with If-Match the ETag the edit started from, or `*` when forced. The save is sent through the tab
    /// (`PaneContext::send`): closing the editor or the tab lets it land.
    pub fn save(&mut self, ctx: &PaneContext, force: bool) {
        let client = ctx.client;
        let Some(draft) = self.draft() else { return };
        let op = if self.is_new() {
            t("table-editor-insert")
        } else {
            t("table-editor-save")
        };
        if let Err(e) = draft.validate(&op.into()) {
            self.error = Some(e);
            return;
        }
        // A partial row merges only what changed: it never removes what it did not see.
        let (request, mode) = match self.partial && !self.is_new() {
            true => match self.merge_request(&draft) {
                Ok(r) => (r, UpdateMode::Merge),
                Err(e) => {
                    self.error = Some(e);
                    return;
                }
            },
            false => (draft.clone(), self.mode),
        };
        self.error = None;
        let (client, table, new) = (client.clone(), self.table.clone(), self.is_new());
        let condition = match (&draft.etag, force) {
            (Some(etag), false) => IfMatch::Etag(etag.clone()),
            _ => IfMatch::Any,
        };
        let sent = (draft.partition_key.clone(), draft.row_key.clone(), self.form.send());
        self.note = None;
        self.saving.start(
            sent,
            ctx.send(async move {
                if new {
                    client.insert_entity(&table, &request).await
                } else {
                    client.update_entity(&table, &request, mode, &condition).await
                }
            }),
        );
    }

    pub(crate) fn fetch_theirs(&mut self, backend: &Backend, client: &Client) {
        self.theirs = Some(Theirs::Loading);
        let (client, table, pk, rk) = (
            client.clone(),
            self.table.clone(),
            self.partition_key.clone(),
            self.row_key.clone(),
        );
        self.fetching.start(
            (),
            backend.spawn(async move { client.get_entity(&table, &pk, &rk).await }),
        );
    }

    /// Takes the server's current version as the base and applies the user's own changes on top of it,
    /// property by property (an input that does not parse yet is carried over as typed).
    pub fn reapply_on_theirs(&mut self) {
        self.form.reapply_on_theirs();
        self.theirs = None;
        self.error = None;
    }

    /// Their version arrived (after a 412, a 404 or "Load the whole entity").
    pub(crate) fn theirs_arrived(&mut self, result: Result<Entity, StorageError>) {
        self.theirs = Some(match result {
            Ok(e) => {
                self.form.observe(&e.etag().unwrap_or_default(), EntityForm::of(&e));
                Theirs::Current(e)
            }
            Err(e) if e.is_not_found() => Theirs::Gone,
            Err(e) => Theirs::Failed(e),
        });
        self.whole_arrived();
    }

    /// Takes the replies that arrived (a save, their version): called every frame by the tab.
    pub(crate) fn poll(&mut self, backend: &Backend, client: &Client) -> EditorEvent {
        self.form.settle();
        if let Some((sent, result)) = self.saving.take() {
            // Closed while saving: a save that stored everything closes it; anything else shows it again.
            let closing = std::mem::take(&mut self.close_when_saved);
            self.confirm_close = closing;
            let sent = Some(sent);
            match (result, sent) {
                (Ok(etag), Some((pk, rk, sent))) => {
                    // The form may have changed while the save was out (even to something that does not parse):
                    // the reply is about what was sent, and a later edit is kept, on the new ETag, unsaved.
                    let mut stored = EntityDraft::new(pk.clone(), rk.clone()).with_etag(Some(etag.clone()));
                    // The keys are the entity's identity: the form is about the entity that was stored.
                    (self.partition_key, self.row_key) = (pk, rk);
                    stored.properties = sent.properties().unwrap_or_default();
                    self.form.saved(sent, &etag);
                    self.new = false;
                    if !self.form.is_dirty() {
                        return EditorEvent::Saved(stored.to_entity());
                    }
                    self.note = Some(t("table-editor-saved-earlier"));
                    return EditorEvent::SavedWhileEditing(stored.to_entity());
                }
                (Ok(_), None) => {}
                (Err(e), sent) => {
                    if let Some((_, _, sent)) = &sent {
                        self.form.unsent(sent);
                    }
                    if e.is_conflict() || (e.is_not_found() && !self.is_new()) {
                        self.fetch_theirs(backend, client);
                    }
                    self.error = Some(e);
                }
            }
        }
        if let Some((_, result)) = self.fetching.take() {
            self.theirs_arrived(result);
        }
        EditorEvent::None
    }

    /// The form, drawn in the details panel. Replies are taken by `poll`, every frame, whether the panel is
    /// shown or not.
    pub fn ui(&mut self, ui: &mut egui::Ui, pane: &PaneContext) -> EditorEvent {
        let title = if self.is_new() {
            t("table-editor-new-entity")
        } else {
            tr!("table-editor-entity", pk = &self.partition_key, rk = &self.row_key)
        };
        ui.label(RichText::new(title).strong());
        let event = self.form_ui(ui, pane);
        if matches!(event, EditorEvent::Closed) {
            return self.close();
        }
        event
    }

    /// Whether the panel draws the form: not while it waits, closed, for its save to land.
    pub fn is_shown(&self) -> bool {
        !self.close_when_saved
    }

    /// Whether the form holds nothing of the user's own: no change, no save out, no failure or conflict to
    /// read. Such an editor gives way when the selection moves to another row.
    pub fn is_idle(&self) -> bool {
        !self.new && !self.holds_work() && self.error.is_none() && self.theirs.is_none()
    }

    /// Whether the form holds the user's work: an unsaved change, or a save not answered yet.
    pub fn holds_work(&self) -> bool {
        self.has_changes() || self.is_saving()
    }

    /// Close editor: an unsaved edit is asked about first (as closing the tab asks), and a save still out is
    /// let land before the form goes (shown again if it did not store all).
    pub fn close(&mut self) -> EditorEvent {
        let discarding = std::mem::take(&mut self.discarding);
        if self.is_saving() {
            self.close_when_saved = true;
            return EditorEvent::None;
        }
        if self.has_changes() && !discarding {
            self.confirm_close = true;
            return EditorEvent::None;
        }
        EditorEvent::Closed
    }

    /// The question a close with unsaved changes asks, at the top of the form.
    fn confirm_close_ui(&mut self, ui: &mut egui::Ui) -> EditorEvent {
        if !self.confirm_close {
            return EditorEvent::None;
        }
        let mut event = EditorEvent::None;
        ui.colored_label(
            ui.visuals().warn_fg_color,
            tr!(
                "table-editor-confirm-close",
                pk = &self.partition_key,
                rk = &self.row_key
            ),
        );
        ui.horizontal(|ui| {
            if ui.button(t("table-editor-discard-close")).clicked() {
                self.discarding = true;
                event = EditorEvent::Closed;
            }
            if ui.button(t("table-editor-keep-editing")).clicked() {
                self.confirm_close = false;
            }
        });
        ui.separator();
        event
    }

    fn form_ui(&mut self, ui: &mut egui::Ui, pane: &PaneContext) -> EditorEvent {
        let (backend, client) = (pane.backend, pane.client);
        let mut event = self.confirm_close_ui(ui);
        if matches!(event, EditorEvent::Closed) {
            return event;
        }
        // One field a line, as wide as the panel: the panel is narrow, and a key may be long.
        let editable = self.keys_editable();
        for (name, key) in [
            ("PartitionKey:", &mut self.partition_key),
            ("RowKey:", &mut self.row_key),
        ] {
            let l = ui.label(name);
            ui.add_enabled(
                editable,
                egui::TextEdit::singleline(key)
                    .id_salt(("entity-key", name))
                    .desired_width(f32::INFINITY),
            )
            .labelled_by(l.id);
        }
        let etag = self.etag().map_or_else(|| t("table-editor-etag-new"), str::to_string);
        ui.add(egui::Label::new(tr!("table-editor-etag", etag = etag)).wrap());
        self.changed_under_ui(ui);
        self.partial_ui(ui, backend, client);
        ui.separator();
        {
            let mut remove = None;
            for (i, p) in self.form.edit.props.iter_mut().enumerate() {
                let key = if p.name.is_empty() {
                    tr!("table-editor-property-n", n = i + 1)
                } else {
                    p.name.clone()
                };
                if let Some(EdmValue::Unparsed(u)) = &p.kept {
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(&p.name).strong());
                        ui.label(
                            RichText::new(match u.declared.as_deref() {
                                Some(ty) => tr!("table-editor-unreadable-typed", json = &u.json, ty = ty),
                                None => tr!("table-editor-unreadable", json = &u.json),
                            })
                            .monospace()
                            .color(ui.visuals().warn_fg_color),
                        )
                        .on_hover_text(tr!("table-editor-unreadable-hint", why = u.why.to_string()));
                        if ui.small_button(tr!("table-editor-remove", key = &key)).clicked() {
                            remove = Some(i);
                        }
                    });
                    continue;
                }
                ui.horizontal_wrapped(|ui| {
                    // Stable ids: a note appearing or going above the rows must not move the keyboard focus.
                    ui.add(
                        egui::TextEdit::singleline(&mut p.name)
                            .id_salt(("prop-name", i))
                            .desired_width(120.0),
                    )
                    .accessible_name(tr!("table-editor-name-of", key = &key));
                    let mut ty = p.ty;
                    egui::ComboBox::from_id_salt(("prop-type", i))
                        .selected_text(ty.short_name())
                        .show_ui(ui, |ui| {
                            for t in EdmType::ALL {
                                ui.selectable_value(&mut ty, t, t.short_name());
                            }
                        })
                        .response
                        .accessible_name(tr!("table-editor-type-of", key = &key));
                    if ty != p.ty {
                        p.retype(ty);
                    }
                    let as_other = if p.hex {
                        t("table-editor-as-base64")
                    } else {
                        t("table-editor-as-hex")
                    };
                    if p.ty == EdmType::Binary && ui.small_button(as_other).clicked() {
                        p.toggle_hex();
                    }
                    if p.ty == EdmType::DateTime && ui.small_button(tr!("table-editor-now-for", key = &key)).clicked() {
                        p.text = crate::storage::table::EdmDateTime::now().to_string();
                    }
                    if p.ty == EdmType::Guid && ui.small_button(tr!("table-editor-new-guid", key = &key)).clicked() {
                        p.text = uuid::Uuid::new_v4().to_string();
                    }
                    if ui.small_button(tr!("table-editor-remove", key = &key)).clicked() {
                        remove = Some(i);
                    }
                });
                // The value under its name, as wide as the panel.
                match p.ty {
                    EdmType::Boolean => {
                        ui.checkbox(&mut p.flag, tr!("table-editor-value-of", key = &key));
                    }
                    EdmType::String => {
                        let r = ui
                            .add(
                                egui::TextEdit::multiline(&mut p.text)
                                    .id_salt(("prop-value", i))
                                    .desired_rows(1)
                                    .desired_width(f32::INFINITY),
                            )
                            .accessible_name(tr!("table-editor-value-of", key = &key));
                        if std::mem::take(&mut self.focus_first) {
                            r.request_focus();
                        }
                    }
                    _ => {
                        let r = ui
                            .add(
                                egui::TextEdit::singleline(&mut p.text)
                                    .id_salt(("prop-value", i))
                                    .desired_width(f32::INFINITY)
                                    .font(egui::TextStyle::Monospace),
                            )
                            .accessible_name(tr!("table-editor-value-of", key = &key));
                        if std::mem::take(&mut self.focus_first) {
                            r.request_focus();
                        }
                    }
                }
                let live = if matches!(p.ty, EdmType::Boolean | EdmType::String) {
                    None
                } else {
                    p.value().err()
                };
                if let Some(err) = live.or_else(|| p.error.clone()) {
                    ui.colored_label(ui.visuals().error_fg_color, format!("{key}: {err}"));
                }
            }
            if let Some(i) = remove {
                self.form.edit.props.remove(i);
            }
        }
        if ui.button(t("table-editor-add-property")).clicked() {
            self.form
                .edit
                .props
                .push(PropertyEdit::from_value("", &EdmValue::String(String::new())));
        }
        ui.separator();
        if !self.is_new() && !self.partial {
            ui.horizontal_wrapped(|ui| {
                ui.label(t("table-editor-save-as"));
                ui.selectable_value(&mut self.mode, UpdateMode::Replace, t("table-editor-replace"));
                ui.selectable_value(&mut self.mode, UpdateMode::Merge, t("table-editor-merge"));
            });
        }
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
        }
        if let Some(note) = &self.note {
            ui.colored_label(ui.visuals().warn_fg_color, note);
        }
        if let Some(theirs) = &self.theirs {
            event = self.conflict_ui(ui, pane, theirs_kind(theirs));
            if !matches!(event, EditorEvent::None) {
                return event;
            }
        }
        ui.horizontal_wrapped(|ui| {
            let label = if self.is_new() {
                t("table-editor-insert")
            } else {
                t("table-editor-save")
            };
            // Ctrl+S saves from anywhere in the editor, as in any editor.
            let keyed = ui.input_mut(|i| {
                i.consume_shortcut(&egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::S))
            });
            let save = ui
                .add_enabled(!self.is_saving(), egui::Button::new(label))
                .on_hover_text(t("table-editor-save-key"));
            if save.clicked() || (keyed && !self.is_saving()) {
                self.save(pane, false);
            }
            if self.is_saving() {
                ui.spinner();
            }
            if ui.button(t("table-editor-close")).clicked() {
                event = self.close();
            }
        });
        event
    }
}

/// Whether ETag `a` is a later version of the entity than `b`. A table ETag carries the entity's Timestamp
/// (`W/"datetime'2026-11-24T07%3A28%3A45.0495404Z'"`, always in that form), so a page requested before a save and
/// answered after it cannot pass its older version off as news. An ETag of another form counts as newer when
/// it differs.
fn newer(a: &str, b: &str) -> bool {
    let time = |e: &str| {
        e.split_once("datetime'")
            .and_then(|(_, t)| t.split_once('\''))
            .map(|(t, _)| t.to_string())
    };
    match (time(a), time(b)) {
        (Some(x), Some(y)) => x > y,
        _ => a != b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::table::EdmDateTime;

    #[test]
    fn an_older_version_from_a_late_page_is_not_news() {
        let v1 = "W/\"datetime'2026-11-24T07%3A28%3A19.6291119Z'\"";
        let v2 = "W/\"datetime'2026-11-24T07%3A28%3A45.0495404Z'\"";
        assert!(newer(v2, v1));
        assert!(!newer(v1, v2), "a page asked for before the save");
        assert!(!newer(v2, v2));
        assert!(newer("\"0x1\"", "\"0x2\""), "another form: different is news");
    }

    #[test]
    fn unchanged_inputs_give_back_exactly_the_values() {
        let entity = EntityDraft::new("p", "r")
            .with("Big", EdmValue::Int64(i64::MIN))
            .with("When", EdmValue::DateTime(EdmDateTime::MAX))
            .with("D", EdmValue::Double(f64::NEG_INFINITY))
            .with("Third", EdmValue::Double(1.0 / 3.0))
            .with("B", EdmValue::Binary(vec![0, 255]))
            .with("F", EdmValue::Boolean(true))
            .with_etag(Some("W/\"x\"".into()))
            .to_entity();
        let mut editor = EntityEditor::edit("t", &entity);
        assert_eq!(editor.draft().unwrap(), entity.to_draft());
        editor.props_mut()[4].toggle_hex();
        assert_eq!(editor.props()[4].text, "00ff");
        assert_eq!(
            editor.draft().unwrap(),
            entity.to_draft(),
            "hex reads back the same bytes"
        );
    }

    #[test]
    fn retyping_checks_the_value_converts() {
        let mut p = PropertyEdit::from_value("N", &EdmValue::String("42".into()));
        p.retype(EdmType::Int64);
        assert_eq!(p.value().unwrap(), EdmValue::Int64(42));
        let mut q = PropertyEdit::from_value("N", &EdmValue::String("forty".into()));
        q.retype(EdmType::Int32);
        assert_eq!(q.ty, EdmType::String, "the type stays when the value does not convert");
        assert!(q.error.as_deref().unwrap().contains("does not convert"));
    }

    #[test]
    fn reapplying_puts_my_changes_on_their_version() {
        let original = EntityDraft::new("p", "r")
            .with("A", EdmValue::Int32(1))
            .with("B", EdmValue::Int32(1))
            .with("Gone", EdmValue::Int32(1))
            .with_etag(Some("v1".into()));
        let mut editor = EntityEditor::edit("t", &original.to_entity());
        editor.props_mut()[0].text = "2".into(); // I change A
        editor.props_mut().remove(2); // I remove Gone
        let theirs = EntityDraft::new("p", "r")
            .with("A", EdmValue::Int32(1))
            .with("B", EdmValue::Int32(9)) // they change B
            .with("Gone", EdmValue::Int32(1))
            .with("New", EdmValue::Boolean(true)) // and add New
            .with_etag(Some("v2".into()));
        editor.theirs_arrived(Ok(theirs.to_entity()));
        assert_eq!(
            editor.props()[0].text,
            "2",
            "their version arriving leaves my edit as it is"
        );
        editor.reapply_on_theirs();
        let merged = editor.draft().unwrap();
        assert_eq!(merged.etag.as_deref(), Some("v2"));
        assert_eq!(merged.get("A"), Some(&EdmValue::Int32(2)), "mine");
        assert_eq!(merged.get("B"), Some(&EdmValue::Int32(9)), "theirs");
        assert_eq!(merged.get("New"), Some(&EdmValue::Boolean(true)), "theirs");
        assert_eq!(merged.get("Gone"), None, "my removal");
    }
}
