//! A table tab's files, as a feature of the tab: export the shown rows or a whole query (CSV with types, plain
//! CSV, JSON) and import CSV or JSON (set up in the Import window, `import_form`), each as a job with progress and
//! cancel; the file dialogs that start them.
//! When an import ends, the query runs again so the imported rows show.

use crate::app::context::feature::Feature;
use crate::app::context::{InFlight, JobId, PaneContext, Unit};
use crate::app::table::core::TableCore;
use crate::app::table::feature::{TableEffects, TableFeature};
use crate::app::table::features::import_form::{FormOutcome, ImportForm};
use crate::app::table::features::import_plan::ImportSource;
use crate::app::table::features::io as table_io;
use crate::app::table::features::io::ExportFormat;
use crate::app::table::scan::job_pages;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;
use crate::storage::table::EntityView;

/// Which file a dialog asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogPurpose {
    ExportLoaded,
    ExportQuery,
    Import,
}

pub struct TableFiles {
    pub(crate) export_format: ExportFormat,
    /// The file chosen to import, being read (keyed by its path), then the Import window set up on it.
    reading: InFlight<std::path::PathBuf, Result<ImportSource, String>>,
    import_form: Option<ImportForm>,
    /// The running import: when it ends, the query runs again so the imported rows show.
    import_job: Option<JobId>,
    /// A file dialog open, keyed by what its file is for.
    dialog: InFlight<DialogPurpose, Option<std::path::PathBuf>>,
}

impl Default for TableFiles {
    fn default() -> Self {
        TableFiles {
            export_format: ExportFormat::CsvTyped,
            reading: InFlight::default(),
            import_form: None,
            import_job: None,
            dialog: InFlight::default(),
        }
    }
}

impl Feature for TableFiles {
    type Pane = crate::app::table::feature::Table;

    fn poll(&mut self, core: &TableCore, ctx: &mut PaneContext, fx: &mut TableEffects) {
        if let Some(id) = self.import_job
            && ctx.jobs.get(id).is_none_or(|j| !j.is_running())
        {
            self.import_job = None;
            fx.rerun();
        }
        if let Some((path, read)) = self.reading.take() {
            match read {
                Ok(source) => self.import_form = Some(ImportForm::new(path, source)),
                Err(why) => ctx.notices.push(crate::app::context::Notice {
                    text: tr!("table-files-cannot-import", why = why),
                    error: true,
                }),
            }
        }
        let Some((purpose, Some(path))) = self.dialog.take() else {
            return;
        };
        match purpose {
            DialogPurpose::ExportLoaded => self.export_loaded(core, ctx, path),
            DialogPurpose::ExportQuery => self.export_query(core, ctx, path),
            DialogPurpose::Import => {
                let p = path.clone();
                self.reading
                    .start(path, ctx.backend.spawn_blocking(move || ImportSource::read(&p)));
            }
        }
    }

    fn busy(&self) -> bool {
        !self.dialog.is_empty() || !self.reading.is_empty()
    }

    fn unsaved(&self) -> Vec<String> {
        self.import_form.iter().map(ImportForm::unsaved).collect()
    }

    fn windows(&mut self, egui_ctx: &egui::Context, core: &TableCore, ctx: &mut PaneContext, _: &mut TableEffects) {
        let Some(form) = &mut self.import_form else { return };
        match form.window(egui_ctx, &core.table, ctx) {
            FormOutcome::Open => {}
            FormOutcome::Cancelled => self.import_form = None,
            FormOutcome::Started(job) => {
                self.import_form = None;
                self.import_job = Some(job);
            }
        }
    }
}

impl TableFeature for TableFiles {
    fn toolbar_ui(&mut self, ui: &mut egui::Ui, core: &TableCore, ctx: &mut PaneContext, _: &mut TableEffects) {
        let (name, hint) = (t("table-files-menu"), t("table-files-menu-hint"));
        crate::app::widgets::icon::icon_menu(ui, crate::app::widgets::icon::EXPORT, &name, &hint, |ui| {
            ui.label(t("table-files-export-as"));
            for f in [ExportFormat::CsvTyped, ExportFormat::CsvPlain, ExportFormat::Json] {
                ui.radio_value(&mut self.export_format, f, f.describe());
            }
            if ui
                .button(t("table-files-export-shown"))
                .on_hover_text(t("table-files-export-shown-hint"))
                .clicked()
            {
                self.ask_file(core, ctx, DialogPurpose::ExportLoaded);
            }
            if ui.button(t("table-files-export-query")).clicked() {
                self.ask_file(core, ctx, DialogPurpose::ExportQuery);
            }
            ui.separator();
            if ui
                .button(t("table-files-import"))
                .on_hover_text(t("table-files-import-hint"))
                .clicked()
            {
                self.ask_file(core, ctx, DialogPurpose::Import);
            }
        });
    }
}

impl TableFiles {
    pub fn ask_file(&mut self, core: &TableCore, ctx: &mut PaneContext, purpose: DialogPurpose) {
        let dialogs = ctx.dialogs.clone();
        let name = format!("{}.{}", core.table, self.export_format.extension());
        let title = t(match purpose {
            DialogPurpose::Import => "table-files-import-dialog",
            _ => "table-files-export-dialog",
        });
        self.dialog.start(
            purpose,
            match purpose {
                DialogPurpose::Import => ctx
                    .backend
                    .spawn_blocking(move || dialogs.pick_file(&title, &["csv", "json"])),
                _ => ctx.backend.spawn_blocking(move || dialogs.save_file(&title, &name)),
            },
        );
    }

    fn export_loaded(&mut self, core: &TableCore, ctx: &mut PaneContext, path: std::path::PathBuf) {
        let store = core.store.clone();
        let rows = core.rows.view.clone();
        let format = self.export_format;
        let title = tr!(
            "table-files-export-job",
            table = core.table.as_str(),
            format = format.describe()
        );
        ctx.start_job(
            title,
            Unit::Items("entities"),
            (store, rows, path),
            move |job, (store, rows, path)| {
                written(path, move |p| {
                    let entities: Vec<&EntityView> = rows.iter().map(|&i| store.get(i)).collect();
                    table_io::export(p, format, &entities, &job.progress, &job.cancel)
                })
            },
        );
    }

    fn export_query(&mut self, core: &TableCore, ctx: &mut PaneContext, path: std::path::PathBuf) {
        let Some(query) = core.query.to_query(core.shown_columns()) else {
            return;
        };
        let format = self.export_format;
        let state = (
            ctx.client.clone(),
            core.table.clone(),
            (query, core.query.matching()),
            path,
        );
        let title = tr!("table-files-export-query-job", table = core.table.as_str());
        ctx.start_job(
            title,
            Unit::Items("entities"),
            state,
            move |job, (client, table, (query, matching), path)| async move {
                // Pages stream in packed (about half their JSON size); the file is written when all arrived,
                // because a CSV header needs every column.
                let mut entities = Vec::new();
                // What runs here (contains, starts with…) is matched on every page, as the tab matches it.
                job_pages(
                    &client,
                    &table,
                    &query,
                    None,
                    true,
                    &job,
                    &t("table-files-export-op"),
                    |page| {
                        let matched = page
                            .entities
                            .into_iter()
                            .filter(|e| matching.as_ref().is_none_or(|m| m.matches(e)));
                        entities.extend(matched);
                        true
                    },
                )
                .await?;
                // The pages counted the progress once already; writing them again would count twice.
                let progress = crate::storage::TransferProgress::default();
                let cancel = job.cancel.clone();
                written(path, move |p| {
                    let refs: Vec<&EntityView> = entities.iter().map(|e| &**e).collect();
                    table_io::export(p, format, &refs, &progress, &cancel)
                })
                .await
            },
        );
    }
}

/// Writes an export on the blocking pool (encoding and file I/O), then says how many entities went where.
async fn written(
    path: std::path::PathBuf,
    write: impl FnOnce(&std::path::Path) -> Result<usize, StorageError> + Send + 'static,
) -> Result<String, StorageError> {
    let p = path.clone();
    let n = tokio::task::spawn_blocking(move || write(&p))
        .await
        .map_err(|e| StorageError::new(crate::storage::ErrorKind::Io, t("table-files-export-op"), e.to_string()))??;
    Ok(tr!("table-files-written", count = n, path = path.display().to_string()))
}
