//! The Import window of a table tab: the file read, the user's choices as drafts (into this table or a new one,
//! where the keys come from, each column's type, what to do with entities already there), a preview of the first
//! rows as they will be written, and the job that writes them and reports every row skipped or failed by its line.

use std::path::PathBuf;
use std::sync::Arc;

use crate::app::context::{PaneContext, Unit};
use crate::app::table::features::import_job::{self, ImportPlan, Shared};
use crate::app::table::features::import_plan::{
    ColumnType, Conflict, ImportChoices, ImportSource, PartitionFrom, RowKeyFrom,
};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::table::EdmType;

/// How many rows the preview shows.
pub const PREVIEW_ROWS: usize = 10;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum KeyMode {
    Column,
    Fixed,
    Counter,
    Guid,
}

pub struct ImportForm {
    path: PathBuf,
    source: Arc<ImportSource>,
    into_new: bool,
    new_table: String,
    pk_mode: KeyMode,
    pk_column: usize,
    pk_fixed: String,
    rk_mode: KeyMode,
    rk_column: usize,
    counter_start: String,
    types: Vec<ColumnType>,
    conflict: Conflict,
    error: Option<String>,
}

pub enum FormOutcome {
    Open,
    Cancelled,
    /// The import runs as this job.
    Started(crate::app::context::JobId),
}

impl ImportForm {
    pub fn new(path: PathBuf, source: ImportSource) -> Self {
        let defaults = source.default_choices();
        let (pk_mode, pk_column, pk_fixed) = match defaults.partition {
            PartitionFrom::Column(c) => (KeyMode::Column, c, String::new()),
            PartitionFrom::Fixed(v) => (KeyMode::Fixed, 0, v),
        };
        let (rk_mode, rk_column) = match defaults.row_key {
            RowKeyFrom::Column(c) => (KeyMode::Column, c),
            _ => (KeyMode::Counter, 0),
        };
        ImportForm {
            path,
            source: Arc::new(source),
            into_new: false,
            new_table: String::new(),
            pk_mode,
            pk_column,
            pk_fixed,
            rk_mode,
            rk_column,
            counter_start: "1".into(),
            types: defaults.types,
            conflict: defaults.conflict,
            error: None,
        }
    }

    /// What a closing tab names: the import set up here and not started.
    pub fn unsaved(&self) -> String {
        tr!("table-import-unsaved", path = self.path.display().to_string())
    }

    /// The choices the form describes, or what to change first.
    fn choices(&self) -> Result<ImportChoices, String> {
        let partition = match self.pk_mode {
            KeyMode::Column => PartitionFrom::Column(self.pk_column),
            _ => PartitionFrom::Fixed(self.pk_fixed.clone()),
        };
        let row_key = match self.rk_mode {
            KeyMode::Column => RowKeyFrom::Column(self.rk_column),
            KeyMode::Guid => RowKeyFrom::Guid,
            _ => RowKeyFrom::Counter(
                self.counter_start
                    .trim()
                    .parse()
                    .map_err(|_| tr!("table-import-bad-counter", start = self.counter_start.trim()))?,
            ),
        };
        Ok(ImportChoices {
            partition,
            row_key,
            types: self.types.clone(),
            conflict: self.conflict,
        })
    }

    pub fn window(&mut self, egui_ctx: &egui::Context, table: &str, ctx: &mut PaneContext) -> FormOutcome {
        let mut outcome = FormOutcome::Open;
        let mut open = true;
        egui::Window::new(tr!("table-import-title", table = table))
            .collapsible(false)
            .default_width(760.0)
            .open(&mut open)
            .show(egui_ctx, |ui| {
                ui.label(tr!(
                    "table-import-from",
                    path = self.path.display().to_string(),
                    rows = self.source.total,
                    columns = self.source.columns.len()
                ));
                ui.horizontal(|ui| {
                    ui.label(t("table-import-into"));
                    ui.radio_value(&mut self.into_new, false, tr!("table-import-this-table", table = table));
                    ui.radio_value(&mut self.into_new, true, t("table-import-new-table"));
                    let l = ui.label(t("table-import-new-table-name"));
                    ui.add_enabled(
                        self.into_new,
                        egui::TextEdit::singleline(&mut self.new_table)
                            .hint_text(t("table-import-name-hint"))
                            .desired_width(180.0),
                    )
                    .labelled_by(l.id);
                });
                self.keys_ui(ui);
                ui.separator();
                self.types_ui(ui);
                ui.separator();
                ui.horizontal(|ui| {
                    ui.label(t("table-import-already-there"));
                    for c in [Conflict::InsertOnly, Conflict::Merge, Conflict::Replace] {
                        ui.radio_value(&mut self.conflict, c, c.describe());
                    }
                });
                ui.separator();
                self.preview_ui(ui);
                if let Some(why) = &self.error {
                    ui.colored_label(ui.visuals().error_fg_color, why);
                }
                ui.horizontal(|ui| {
                    if ui.button(t("table-import-start")).clicked()
                        && let Some(job) = self.start(table, ctx)
                    {
                        outcome = FormOutcome::Started(job);
                    }
                    if ui.button(t("table-import-cancel")).clicked() {
                        outcome = FormOutcome::Cancelled;
                    }
                });
            });
        if !open {
            return FormOutcome::Cancelled;
        }
        outcome
    }

    fn column_combo(ui: &mut egui::Ui, key: &str, columns: &[String], chosen: &mut usize, enabled: bool) {
        let (name, none) = (tr!("table-import-key-column", key = key), t("table-import-no-columns"));
        ui.add_enabled_ui(enabled, |ui| {
            egui::ComboBox::from_id_salt(key)
                .selected_text(columns.get(*chosen).map_or(none, String::clone))
                .show_ui(ui, |ui| {
                    for (i, c) in columns.iter().enumerate() {
                        ui.selectable_value(chosen, i, c);
                    }
                })
                .response
                .accessible_name(name);
        });
    }

    fn keys_ui(&mut self, ui: &mut egui::Ui) {
        let columns = &self.source.columns;
        egui::Grid::new("import keys").num_columns(2).show(ui, |ui| {
            ui.label("PartitionKey:"); // i18n-ignore: a protocol name
            ui.horizontal(|ui| {
                ui.radio_value(&mut self.pk_mode, KeyMode::Column, t("table-import-pk-column"));
                Self::column_combo(
                    ui,
                    "PartitionKey",
                    columns,
                    &mut self.pk_column,
                    self.pk_mode == KeyMode::Column,
                );
                ui.radio_value(&mut self.pk_mode, KeyMode::Fixed, t("table-import-pk-fixed"));
                let l = ui.label(t("table-import-pk-fixed-name"));
                ui.add_enabled(
                    self.pk_mode == KeyMode::Fixed,
                    egui::TextEdit::singleline(&mut self.pk_fixed).desired_width(140.0),
                )
                .labelled_by(l.id);
            });
            ui.end_row();
            ui.label("RowKey:"); // i18n-ignore: a protocol name
            ui.horizontal(|ui| {
                ui.radio_value(&mut self.rk_mode, KeyMode::Column, t("table-import-rk-column"));
                Self::column_combo(
                    ui,
                    "RowKey",
                    columns,
                    &mut self.rk_column,
                    self.rk_mode == KeyMode::Column,
                );
                ui.radio_value(&mut self.rk_mode, KeyMode::Counter, t("table-import-counter"))
                    .on_hover_text(t("table-import-counter-hint"));
                let l = ui.label(t("table-import-counter-start"));
                ui.add_enabled(
                    self.rk_mode == KeyMode::Counter,
                    egui::TextEdit::singleline(&mut self.counter_start).desired_width(60.0),
                )
                .labelled_by(l.id);
                ui.radio_value(&mut self.rk_mode, KeyMode::Guid, t("table-import-guid"));
            });
            ui.end_row();
        });
    }

    fn types_ui(&mut self, ui: &mut egui::Ui) {
        // The types are inferred from the rows the window holds: the file's first `PREFIX_ROWS`.
        ui.label(tr!("table-import-column-types", rows = self.source.rows.len()));
        egui::ScrollArea::vertical()
            .id_salt("import types")
            .max_height(150.0)
            .show(ui, |ui| {
                egui::Grid::new("import column types").num_columns(3).show(ui, |ui| {
                    for (c, name) in self.source.columns.iter().enumerate() {
                        ui.label(name);
                        let file_typed = self.source.typed_by_file[c];
                        let inferred = self.source.inferred(c);
                        let ty = &mut self.types[c];
                        egui::ComboBox::from_id_salt(("import type", c))
                            .selected_text(ty.describe())
                            .show_ui(ui, |ui| {
                                if file_typed {
                                    ui.selectable_value(ty, ColumnType::File, ColumnType::File.describe());
                                }
                                for edm in EdmType::ALL {
                                    let words = match edm == inferred && !file_typed {
                                        true => tr!("table-import-inferred", ty = edm.short_name()),
                                        false => edm.short_name().to_string(),
                                    };
                                    ui.selectable_value(ty, ColumnType::Edm(edm), words);
                                }
                                ui.selectable_value(ty, ColumnType::LeaveOut, ColumnType::LeaveOut.describe());
                            })
                            .response
                            .accessible_name(tr!("table-import-type-of", name = name.as_str()));
                        let sample = self.source.sample(c);
                        ui.weak(
                            sample
                                .map(|s| {
                                    tr!(
                                        "table-import-example",
                                        value = crate::app::widgets::format::one_line(s, 40)
                                    )
                                })
                                .unwrap_or_default(),
                        );
                        ui.end_row();
                    }
                });
            });
    }

    fn preview_ui(&mut self, ui: &mut egui::Ui) {
        let shown = self.source.rows.len().min(PREVIEW_ROWS);
        ui.strong(tr!("table-import-preview", count = shown));
        let choices = match self.choices() {
            Ok(c) => c,
            Err(why) => {
                ui.colored_label(ui.visuals().error_fg_color, why);
                return;
            }
        };
        egui::ScrollArea::both()
            .id_salt("import preview")
            .max_height(220.0)
            .show(ui, |ui| {
                egui::Grid::new("import preview")
                    .num_columns(4)
                    .striped(true)
                    .show(ui, |ui| {
                        ui.strong(t("table-import-line"));
                        ui.strong("PartitionKey"); // i18n-ignore: a protocol name
                        ui.strong("RowKey"); // i18n-ignore: a protocol name
                        ui.strong(t("table-import-properties"));
                        ui.end_row();
                        for i in 0..shown {
                            ui.label(self.source.rows[i].line.to_string());
                            let row = &self.source.rows[i];
                            match self.source.entity(&choices, row, i, &|_| t("table-import-new-guid")) {
                                Ok(e) => {
                                    ui.label(&e.partition_key);
                                    ui.label(&e.row_key);
                                    let props: Vec<String> = e
                                        .properties
                                        .iter()
                                        .map(|p| {
                                            format!(
                                                "{}={} ({})",
                                                p.name,
                                                crate::app::widgets::format::one_line(&p.value.to_text(), 40),
                                                p.value.edm_type().short_name()
                                            )
                                        })
                                        .collect();
                                    ui.label(props.join(", "));
                                }
                                Err(why) => {
                                    ui.label("");
                                    ui.label("");
                                    ui.colored_label(
                                        ui.visuals().error_fg_color,
                                        tr!("table-import-not-written", why = why),
                                    );
                                }
                            }
                            ui.end_row();
                        }
                    });
            });
    }

    /// Checks what can be checked before anything is sent, then starts the job. None (with the reason shown)
    /// when something must change first.
    fn start(&mut self, table: &str, ctx: &mut PaneContext) -> Option<crate::app::context::JobId> {
        let choices = match self.choices() {
            Ok(c) => c,
            Err(why) => {
                self.error = Some(why.to_string());
                return None;
            }
        };
        let target = if self.into_new {
            let name = self.new_table.trim().to_string();
            if let Err(why) = crate::storage::validate_table_name(&name) {
                self.error = Some(why.to_string());
                return None;
            }
            name
        } else {
            table.to_string()
        };
        let plan = ImportPlan {
            table: target.clone(),
            create: self.into_new,
            path: self.path.clone(),
            source: self.source.clone(),
            choices,
            // Made once here: every run of the job (a Retry) derives the same RowKeys from it.
            seed: *uuid::Uuid::new_v4().as_bytes(),
        };
        let state = (ctx.client.clone(), plan, Shared::default());
        let job = ctx.start_job(
            tr!("table-import-title", table = target.as_str()),
            Unit::Items("rows"),
            state,
            |job, (client, plan, position)| import_job::run(job, client, plan, position),
        );
        self.error = None;
        Some(job)
    }
}
