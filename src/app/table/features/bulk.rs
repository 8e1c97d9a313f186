//! Changing many entities at once, as a feature of a table tab: "Edit the N selected…" sets or removes one typed
//! property on every selected row; "Select all that match the query" (offered when every loaded row is selected
//! and the service has more) takes every entity the query matches, loaded or not, to set or remove a property or
//! to delete them. The change runs as a job (`bulk_job`) with its counts shown here, Cancel, and Resume.

use crate::app::context::feature::Feature;
use std::sync::Arc;

use crate::app::context::features::Offer;
use crate::app::context::{PaneContext, Unit};
use crate::app::table::core::TableCore;
use crate::app::table::feature::{TableEffects, TableFeature};
use crate::app::table::features::bulk_job::{self, Change, Shared, Source, tally_words};
use crate::app::widgets::bulk_change::Running;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::table::MAX_PAGE_SIZE;
use crate::storage::table::{EdmType, EdmValue};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scope {
    /// The selected rows, as loaded.
    Selected,
    /// Every entity the query matches, read again page by page.
    AllThatMatch,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Set,
    Remove,
    Delete,
}

/// The form, as the user fills it: nothing is sent until its button is pressed and it reads right.
struct Form {
    scope: Scope,
    action: Action,
    name: String,
    ty: EdmType,
    value: String,
    error: Option<String>,
}

#[derive(Default)]
pub struct BulkChange {
    form: Option<Form>,
    /// "Select all that match the query" was taken, for a selection of this many rows (a change of the selection
    /// drops it).
    whole_query: Option<usize>,
    running: Running<bulk_job::Position>,
}

impl BulkChange {
    fn open(&mut self, scope: Scope) {
        self.form = Some(Form {
            scope,
            // Never a destructive default: the form's button has the keyboard.
            action: Action::Set,
            name: String::new(),
            ty: EdmType::String,
            value: String::new(),
            error: None,
        });
    }

    /// The change the form asks for, or why it cannot be sent.
    fn change_of(form: &Form, core: &TableCore) -> Result<Change, String> {
        let name = form.name.trim();
        if form.action != Action::Delete {
            if name.is_empty() {
                return Err(t("table-bulk-no-name"));
            }
            if ["PartitionKey", "RowKey", "Timestamp"].contains(&name) {
                return Err(tr!("table-bulk-system-property", name = name));
            }
        }
        let partial = core.paging.running.as_ref().is_some_and(|q| !q.select.is_empty());
        Ok(match form.action {
            Action::Set => Change::Set {
                name: name.to_string(),
                value: EdmValue::parse(form.ty, &form.value)
                    .map_err(|e| tr!("table-bulk-bad-value", ty = form.ty.short_name(), why = e.to_string()))?,
            },
            Action::Remove if partial && form.scope == Scope::Selected => {
                return Err(t("table-bulk-partial"));
            }
            Action::Remove => Change::Remove { name: name.to_string() },
            Action::Delete => Change::Delete,
        })
    }

    fn start(&mut self, core: &TableCore, ctx: &mut PaneContext, scope: Scope, change: Change) {
        let table = core.table.clone();
        let (source, what) = match scope {
            Scope::Selected => {
                // In key order: where a Retry goes on from is the last key dealt with.
                let mut rows: Vec<_> = core.selected_entities().into_iter().map(ToOwned::to_owned).collect();
                rows.sort_by(|a, b| (a.partition_key(), a.row_key()).cmp(&(b.partition_key(), b.row_key())));
                let what = change.words(Some(rows.len()), &table);
                (Source::Rows(Arc::new(rows)), what)
            }
            Scope::AllThatMatch => {
                let mut query = core.paging.running.clone().unwrap_or_default();
                let matching = core.paging.matching.clone();
                // Only what the change and the matching need is read: the keys (the ETag comes with them) and
                // the properties matched here; a remove writes the whole entity, so it reads it whole.
                query.select = match change.needs_whole_entities() {
                    true => Vec::new(),
                    false => ["PartitionKey", "RowKey"]
                        .into_iter()
                        .map(str::to_string)
                        .chain(
                            matching
                                .iter()
                                .flat_map(|m| m.properties().map(str::to_string).collect::<Vec<_>>()),
                        )
                        .collect(),
                };
                query.top = Some(MAX_PAGE_SIZE);
                let what = change.words(None, &table);
                (Source::Query { query, matching }, what)
            }
        };
        let position = Shared::default();
        let state = (ctx.client.clone(), table, source, change.clone(), position.clone());
        let words = tally_words(&change);
        self.running.start(
            ctx,
            what.clone(),
            what,
            Unit::Items("entities"),
            position,
            words,
            state,
            |job, (client, table, source, change, position)| {
                bulk_job::run(job, client, table, source, change, position)
            },
        );
    }

    fn form_ui(form: &mut Form, ui: &mut egui::Ui, core: &TableCore) {
        let scope = match form.scope {
            Scope::Selected => tr!("table-bulk-scope-selected", count = core.selection.rows.len()),
            Scope::AllThatMatch => {
                let filter = core
                    .paging
                    .running
                    .as_ref()
                    .and_then(|q| q.filter.clone())
                    .unwrap_or_default();
                let here = core
                    .paging
                    .matching
                    .as_ref()
                    .map(|m| tr!("table-bulk-matched-here", what = m.describe()));
                let filter = if filter.is_empty() {
                    t("table-bulk-no-filter")
                } else {
                    filter
                };
                tr!("table-bulk-scope-all", filter = filter, here = here.unwrap_or_default())
            }
        };
        ui.label(scope);
        ui.horizontal(|ui| {
            ui.radio_value(&mut form.action, Action::Set, t("table-bulk-set"));
            ui.radio_value(&mut form.action, Action::Remove, t("table-bulk-remove"));
            if form.scope == Scope::AllThatMatch {
                ui.radio_value(&mut form.action, Action::Delete, t("table-bulk-delete"));
            }
        });
        if form.action != Action::Delete {
            ui.horizontal(|ui| {
                let l = ui.label(t("table-bulk-property-name"));
                ui.add(egui::TextEdit::singleline(&mut form.name).desired_width(140.0))
                    .labelled_by(l.id);
                if form.action == Action::Set {
                    egui::ComboBox::from_id_salt("bulk-type")
                        .selected_text(form.ty.short_name())
                        .show_ui(ui, |ui| {
                            for t in EdmType::ALL {
                                ui.selectable_value(&mut form.ty, t, t.short_name());
                            }
                        })
                        .response
                        .accessible_name(t("table-bulk-property-type"));
                    let l = ui.label(t("table-bulk-value"));
                    ui.add(egui::TextEdit::singleline(&mut form.value).desired_width(180.0))
                        .labelled_by(l.id);
                }
            });
        }
        ui.weak(match form.action {
            Action::Set => t("table-bulk-set-how"),
            Action::Remove => t("table-bulk-remove-how"),
            Action::Delete => t("table-bulk-delete-how"),
        });
        ui.weak(t("table-bulk-batches"));
        if let Some(e) = &form.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }
}

impl Feature for BulkChange {
    type Pane = crate::app::table::feature::Table;

    fn busy(&self) -> bool {
        self.running.is_running()
    }

    fn unsaved(&self) -> Vec<String> {
        match &self.form {
            Some(f) if !f.name.trim().is_empty() || !f.value.is_empty() => {
                vec![t("table-bulk-unsaved")]
            }
            _ => Vec::new(),
        }
    }

    fn poll(&mut self, _: &TableCore, ctx: &mut PaneContext, fx: &mut TableEffects) {
        // Ended (done, cancelled or failed part-way): the grid shows what the service holds now. An ended change
        // the user has not dismissed stays shown; one whose job left the list goes.
        if self.running.poll(ctx) {
            fx.rerun();
        }
    }

    fn windows(&mut self, egui_ctx: &egui::Context, core: &TableCore, ctx: &mut PaneContext, _: &mut TableEffects) {
        let Some(form) = &mut self.form else { return };
        let (title, yes) = match form.scope {
            Scope::Selected => {
                let n = core.selection.rows.len();
                (
                    tr!("table-bulk-title-selected", count = n, table = core.table.as_str()),
                    tr!("table-bulk-yes-selected", count = n),
                )
            }
            Scope::AllThatMatch => (
                tr!("table-bulk-title-all", table = core.table.as_str()),
                match form.action {
                    Action::Delete => t("table-bulk-yes-delete-all"),
                    _ => t("table-bulk-yes-change-all"),
                },
            ),
        };
        let answer = crate::app::widgets::confirm::ask(
            egui_ctx,
            egui::Id::unique(("bulk-change", &core.table)),
            &title,
            "",
            &yes,
            |ui| Self::form_ui(form, ui, core),
        );
        match answer {
            Some(true) => match Self::change_of(form, core) {
                Ok(change) => {
                    let scope = form.scope;
                    self.form = None;
                    self.start(core, ctx, scope, change);
                }
                Err(e) => form.error = Some(e),
            },
            Some(false) => self.form = None,
            None => {}
        }
    }
}

impl TableFeature for BulkChange {
    fn offers(&self, core: &TableCore, offers: &mut Vec<Offer>) {
        let n = core.selection.rows.len();
        let label = match n {
            1 => t("table-bulk-offer-one"),
            _ => tr!("table-bulk-offer", count = n),
        };
        offers.push(Offer::new("edit-many", label, n > 0 && self.running.is_none()));
    }

    fn run_offer(&mut self, id: &str, _: &TableCore, _: &mut PaneContext, _: &mut TableEffects) {
        if id == "edit-many" {
            self.open(Scope::Selected);
        }
    }

    /// "Select all that match the query" when every loaded row is selected and the service has more; the
    /// change under way or ended.
    fn above_grid_ui(&mut self, ui: &mut egui::Ui, core: &TableCore, ctx: &mut PaneContext, _: &mut TableEffects) {
        let all_loaded_selected = !core.rows.view.is_empty() && core.selection.rows.len() == core.rows.view.len();
        if self
            .whole_query
            .is_some_and(|n| n != core.selection.rows.len() || !all_loaded_selected)
        {
            self.whole_query = None;
        }
        let more = core.paging.continuation.is_some();
        if all_loaded_selected && (more || self.whole_query.is_some()) && core.paging.running.is_some() {
            ui.horizontal_wrapped(|ui| {
                if self.whole_query.is_none() {
                    ui.label(tr!("table-bulk-all-loaded-selected", count = core.selection.rows.len()));
                    if ui.link(t("table-bulk-select-all-matching")).clicked() {
                        self.whole_query = Some(core.selection.rows.len());
                    }
                } else {
                    ui.strong(t("table-bulk-all-matching-selected"));
                    let idle = !self.running.is_running();
                    if ui
                        .add_enabled(idle, egui::Button::new(t("table-bulk-change-all")))
                        .clicked()
                    {
                        self.open(Scope::AllThatMatch);
                    }
                    if ui.button(t("table-bulk-only-loaded")).clicked() {
                        self.whole_query = None;
                    }
                }
            });
        }
        self.running.ui(ui, ctx);
    }
}
