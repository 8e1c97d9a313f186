//! A table tab's files, as a feature of the tab: export the shown rows or a whole query (CSV with types, plain
//! CSV, JSON) and import CSV or JSON, each as a job with progress and cancel; the file dialogs that start them.
//! When an import ends, the query runs again so the imported rows show.

use crate::app::context::{InFlight, JobId, PaneContext, Unit};
use crate::app::table::core::TableCore;
use crate::app::table::feature::{TableEffects, TableFeature};
use crate::app::table::io as table_io;
use crate::app::table::io::ExportFormat;
use crate::app::table::scan::job_pages;
use crate::app::widgets::format::thousands;
use crate::storage::StorageError;
use crate::storage::table::entity::Entity;

/// Which file a dialog asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogPurpose {
    ExportLoaded,
    ExportQuery,
    Import,
}

pub struct TableFiles {
    pub(crate) export_format: ExportFormat,
    pub(crate) import_upsert: bool,
    /// The running import: when it ends, the query runs again so the imported rows show.
    import_job: Option<JobId>,
    /// A file dialog open, keyed by what its file is for.
    dialog: InFlight<DialogPurpose, Option<std::path::PathBuf>>,
}

impl Default for TableFiles {
    fn default() -> Self {
        TableFiles {
            export_format: ExportFormat::CsvTyped,
            import_upsert: true,
            import_job: None,
            dialog: InFlight::default(),
        }
    }
}

impl TableFeature for TableFiles {
    fn poll(&mut self, core: &TableCore, ctx: &mut PaneContext, fx: &mut TableEffects) {
        if let Some(id) = self.import_job
            && ctx.jobs.get(id).is_none_or(|j| !j.is_running())
        {
            self.import_job = None;
            fx.rerun();
        }
        let Some((purpose, Some(path))) = self.dialog.take() else {
            return;
        };
        match purpose {
            DialogPurpose::ExportLoaded => self.export_loaded(core, ctx, path),
            DialogPurpose::ExportQuery => self.export_query(core, ctx, path),
            DialogPurpose::Import => self.import(core, ctx, path),
        }
    }

    fn busy(&self) -> bool {
        !self.dialog.is_empty()
    }

    fn toolbar_ui(&mut self, ui: &mut egui::Ui, core: &TableCore, ctx: &mut PaneContext, _: &mut TableEffects) {
        let hint = "the rows to a CSV or JSON file, or a file's rows into the table";
        crate::app::widgets::icon::icon_menu(ui, crate::app::widgets::icon::EXPORT, "Export / import", hint, |ui| {
            ui.label("Export as:");
            for f in [ExportFormat::CsvTyped, ExportFormat::CsvPlain, ExportFormat::Json] {
                ui.radio_value(&mut self.export_format, f, f.describe());
            }
            if ui
                .button("Export shown rows…")
                .on_hover_text("The rows the grid shows now (quick filter and sort applied), with all their properties")
                .clicked()
            {
                self.ask_file(core, ctx, DialogPurpose::ExportLoaded);
            }
            if ui.button("Export whole query…").clicked() {
                self.ask_file(core, ctx, DialogPurpose::ExportQuery);
            }
            ui.separator();
            ui.checkbox(&mut self.import_upsert, "import replaces existing (upsert)");
            if ui.button("Import…").clicked() {
                self.ask_file(core, ctx, DialogPurpose::Import);
            }
        });
    }
}

impl TableFiles {
    pub fn ask_file(&mut self, core: &TableCore, ctx: &mut PaneContext, purpose: DialogPurpose) {
        let dialogs = ctx.dialogs.clone();
        let name = format!("{}.{}", core.table, self.export_format.extension());
        self.dialog.start(
            purpose,
            match purpose {
                DialogPurpose::Import => ctx
                    .backend
                    .spawn_blocking(move || dialogs.pick_file("Import entities", &["csv", "json"])),
                _ => ctx
                    .backend
                    .spawn_blocking(move || dialogs.save_file("Export entities", &name)),
            },
        );
    }

    fn export_loaded(&mut self, core: &TableCore, ctx: &mut PaneContext, path: std::path::PathBuf) {
        let store = core.store.clone();
        let rows = core.view.clone();
        let format = self.export_format;
        let title = format!("Export {} ({})", core.table, format.describe());
        ctx.start_job(
            title,
            Unit::Items("entities"),
            (store, rows, path),
            move |job, (store, rows, path)| {
                written(path, move |p| {
                    let entities: Vec<&Entity> = rows.iter().map(|&i| store.get(i)).collect();
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
        let title = format!("Export query of {}", core.table);
        ctx.start_job(
            title,
            Unit::Items("entities"),
            state,
            move |job, (client, table, (query, matching), path)| async move {
                // Pages stream in packed (about half their JSON size); the file is written when all arrived,
                // because a CSV header needs every column.
                let mut entities = Vec::new();
                // What runs here (contains, starts with…) is matched on every page, as the tab matches it.
                job_pages(&client, &table, &query, None, true, &job, "Export", |page| {
                    let matched = page
                        .entities
                        .into_iter()
                        .filter(|e| matching.as_ref().is_none_or(|m| m.matches(e)));
                    entities.extend(matched);
                    true
                })
                .await?;
                // The pages counted the progress once already; writing them again would count twice.
                let progress = crate::storage::progress::TransferProgress::default();
                let cancel = job.cancel.clone();
                written(path, move |p| {
                    let refs: Vec<&Entity> = entities.iter().collect();
                    table_io::export(p, format, &refs, &progress, &cancel)
                })
                .await
            },
        );
    }

    fn import(&mut self, core: &TableCore, ctx: &mut PaneContext, path: std::path::PathBuf) {
        let upsert = self.import_upsert;
        let state = (ctx.client.clone(), core.table.clone(), path);
        let title = format!("Import into {}", core.table);
        let job = ctx.start_job(
            title,
            Unit::Items("rows"),
            state,
            move |job, (client, table, path)| async move {
                let p = path.clone();
                let (rows, mut failures) = tokio::task::spawn_blocking(move || table_io::read_import(&p))
                    .await
                    .map_err(|e| StorageError::new(crate::storage::ErrorKind::Io, "Import", e.to_string()))??;
                let (written, more) =
                    table_io::import(&client, &table, rows, upsert, &job.progress, &job.cancel).await?;
                failures.extend(more);
                failures.sort_by_key(|f| f.record);
                let report = table_io::write_report(&path, written, &failures)
                    .map(|p| format!("; report in {}", p.display()))
                    .unwrap_or_default();
                let first = failures
                    .first()
                    .map(|f| format!(" First failure: record {} ({}): {}", f.record, f.keys, f.reason))
                    .unwrap_or_default();
                Ok(format!(
                    "{} imported, {} failed{report}.{first}",
                    thousands(written as u64),
                    thousands(failures.len() as u64)
                ))
            },
        );
        self.import_job = Some(job);
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
        .map_err(|e| StorageError::new(crate::storage::ErrorKind::Io, "Export", e.to_string()))??;
    Ok(format!(
        "{} entities written to {}",
        thousands(n as u64),
        path.display()
    ))
}
