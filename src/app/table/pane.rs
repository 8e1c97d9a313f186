//! A table tab's state: the query, the loaded entities (first page at once, "load more", "load all" as a
//! cancellable job), the view (sorted and quick-filtered off the UI thread), selection, editing, deleting,
//! importing and exporting. Drawing lives in `grid`, files in `files`, the partition map in `partitions`,
//! whole-table scans in `scan`.

use std::collections::{BTreeSet, HashSet};
use std::sync::{Arc, Mutex};

use crate::app::context::PaneContext;
use crate::app::context::{Backend, InFlight, JobReplies, job_replies};
use crate::app::context::{JobId, JobState, Unit};
use crate::app::table::editor::EntityEditor;
use crate::app::table::files::DialogPurpose;
use crate::app::table::io::ExportFormat;
use crate::app::table::load_all::LoadAll;
use crate::app::table::partitions::PartitionCounts;
use crate::app::table::query::QueryPanel;
use crate::app::table::saved_rows::entity_key;
use crate::app::table::store::{Columns, EntityStore, QuickFilter, filtered, sorted};
use crate::storage::StorageError;
use crate::storage::names::listing_order;
use crate::storage::table::batch::BatchOperation;
use crate::storage::table::entity::Entity;
use crate::storage::table::{ContinuationToken, EntityPage, EntityQuery};

/// A delete in progress: its job, and the keys it hands back as it deletes them.
struct Deleting {
    job: JobId,
    done: JobReplies<(String, String)>,
}

pub struct TablePane {
    pub(crate) table: String,
    pub(crate) query: QueryPanel,
    pub(crate) store: EntityStore,
    pub(crate) columns: Columns,
    pub(crate) continuation: Option<ContinuationToken>,
    pub(crate) pages: u32,
    /// The query the loaded rows came from.
    pub(crate) running: Option<EntityQuery>,
    pub(crate) error: Option<StorageError>,
    /// A page being read: the first (false) or the next one (true).
    pub(super) loading: InFlight<bool, Result<EntityPage, StorageError>>,
    pub(super) load_all: Option<LoadAll>,
    /// Where "load more" / "load all" continue from (the token, and the partition key of the last row listed,
    /// where Load all's ranges are cut), shared with the load-all job so a retry resumes.
    pub(super) next: Arc<Mutex<Option<(String, ContinuationToken)>>>,
    /// The key of the last row a page listed: a page that lists it again (Load all resumed from a range's
    /// token) adds only what follows it.
    pub(super) listed_to: Option<(String, String)>,
    /// Load all reads PartitionKey ranges at once (off: the one chain of tokens, the benchmarks' baseline).
    pub(super) in_ranges: bool,
    pub(crate) view: Vec<u32>,
    /// The sorted and filtered view being computed, keyed by how many rows it covers.
    pub(super) view_task: InFlight<u32, Vec<u32>>,
    pub(super) view_stale: bool,
    pub(crate) sort: Option<(String, bool)>,
    pub(crate) quick: String,
    pub(super) applied_quick: String,
    pub(crate) selection: BTreeSet<u32>,
    /// Two entities side by side, when the user asked.
    pub(crate) compare: Option<crate::app::table::compare::EntityCompare>,
    /// Every version of an entity seen this run, for the editor's timeline.
    pub(crate) history: crate::app::table::history::EntityHistory,
    /// This tab's query against one picked elsewhere.
    pub(crate) tables: Option<crate::app::table::diff_view::TableCompare>,
    pub(crate) index_form: Option<crate::app::table::index_view::IndexForm>,
    /// The row Shift+click extends from, as the entity's place in the store, never a position in the view:
    /// positions change under every sort and filter.
    pub(crate) anchor: Option<u32>,
    pub(crate) editor: Option<EntityEditor>,
    /// The entity the Raw JSON window shows, as it was when opened: a row number would go stale (or out of range)
    /// when the query runs again or the row is deleted.
    pub(crate) json_view: Option<Entity>,
    /// That entity as pretty JSON, written once when the window opens rather than on every frame.
    pub(crate) json_text: String,
    pub(crate) confirm_delete: bool,
    pub(crate) columns_open: bool,
    pub(crate) focus_quick: bool,
    deleting: Option<Deleting>,
    pub(crate) export_format: ExportFormat,
    pub(crate) import_upsert: bool,
    /// The running import: when it ends, the query runs again so the imported rows show.
    pub(super) import_job: Option<crate::app::context::JobId>,
    /// A file dialog open, keyed by what its file is for.
    pub(super) dialog: InFlight<DialogPurpose, Option<std::path::PathBuf>>,
    pub(crate) partition_map: bool,
    pub(crate) partitions: Option<PartitionCounts>,
    /// The partition counts being computed, keyed by the store version they count.
    pub(super) counting: InFlight<u64, PartitionCounts>,
    /// The whole-table scan: its job, and the counts it hands back when done.
    pub(super) scan: Option<(JobId, JobReplies<PartitionCounts>)>,
    /// Saved entities added to the grid before the page that holds them came: that page replaces them rather
    /// than adding them twice.
    pub(super) put_ahead: HashSet<(String, String)>,
    /// The table's SAS form.
    pub(crate) sas: crate::app::widgets::policies::SasForm,
    /// The query read again on an interval, and what changed.
    pub(crate) watch: crate::app::table::watch::TableWatch,
    /// Whether its tab is the one shown (and the window not minimised): a watch reads only then.
    pub(crate) shown: bool,
}

impl TablePane {
    /// The loaded entities (in arrival order).
    pub fn store(&self) -> &EntityStore {
        &self.store
    }

    /// The rows shown, as places in the store, in the order the grid draws them.
    pub fn view(&self) -> &[u32] {
        &self.view
    }

    /// The selected rows, as places in the store.
    pub fn selection(&self) -> &BTreeSet<u32> {
        &self.selection
    }

    /// The column sorted by, and whether ascending.
    pub fn sort(&self) -> Option<&(String, bool)> {
        self.sort.as_ref()
    }

    pub fn editor(&self) -> Option<&EntityEditor> {
        self.editor.as_ref()
    }

    /// The filter text in the query panel.
    pub fn filter_text(&self) -> &str {
        &self.query.filter
    }

    /// The query the loaded rows came from.
    pub fn running_query(&self) -> Option<&EntityQuery> {
        self.running.as_ref()
    }

    /// The entity the Raw JSON window shows.
    pub fn json_view(&self) -> Option<&Entity> {
        self.json_view.as_ref()
    }

    /// The query panel, as its inputs edit it (filter text, page size).
    pub fn query_panel_mut(&mut self) -> &mut QueryPanel {
        &mut self.query
    }

    /// What typing in the quick filter box does: the view follows on the next polls.
    pub fn set_quick_filter(&mut self, text: &str) {
        self.quick = text.to_string();
    }

    /// What double-clicking a row does: opens the editor on the row at this place in the view.
    pub fn open_editor(&mut self, position: usize) {
        if let Some(&row) = self.view.get(position) {
            self.editor = Some(self.editor_for(row));
        }
    }

    /// The editor on a loaded row, told whether the row holds only the shown columns (`$select`).
    pub(super) fn editor_for(&self, row: u32) -> EntityEditor {
        let mut editor = EntityEditor::edit(&self.table, self.store.get(row));
        editor.partial = self.running.as_ref().is_some_and(|q| !q.select.is_empty());
        editor
    }

    pub fn editor_mut(&mut self) -> Option<&mut EntityEditor> {
        self.editor.as_mut()
    }

    /// What the editor window's close button does (the edit is dropped, as the window says).
    pub fn close_editor(&mut self) {
        self.editor = None;
    }

    /// Whether a delete of selected rows is under way.
    pub fn is_deleting(&self) -> bool {
        self.deleting.is_some()
    }

    pub fn new(table: &str) -> Self {
        TablePane {
            table: table.to_string(),
            query: QueryPanel::default(),
            store: EntityStore::default(),
            columns: Columns::default(),
            continuation: None,
            pages: 0,
            running: None,
            error: None,
            loading: InFlight::default(),
            load_all: None,
            next: Arc::default(),
            listed_to: None,
            in_ranges: true,
            view: Vec::new(),
            view_task: InFlight::default(),
            view_stale: false,
            sort: None,
            quick: String::new(),
            applied_quick: String::new(),
            selection: BTreeSet::new(),
            compare: None,
            tables: None,
            index_form: None,
            history: Default::default(),
            anchor: None,
            editor: None,
            json_view: None,
            json_text: String::new(),
            confirm_delete: false,
            columns_open: false,
            focus_quick: false,
            deleting: None,
            export_format: ExportFormat::CsvTyped,
            import_upsert: true,
            import_job: None,
            dialog: InFlight::default(),
            partition_map: false,
            partitions: None,
            counting: InFlight::default(),
            scan: None,
            put_ahead: HashSet::new(),
            sas: crate::app::widgets::policies::SasForm::new("r"),
            watch: Default::default(),
            shown: true,
        }
    }

    pub fn is_loading(&self) -> bool {
        !self.loading.is_empty() || self.load_all.as_ref().is_some_and(|a| a.running)
    }

    pub fn is_viewing(&self) -> bool {
        !self.view_task.is_empty()
    }

    pub fn has_more(&self) -> bool {
        self.continuation.is_some()
    }

    pub(super) fn shown_columns(&self) -> Vec<String> {
        self.columns.visible().map(|c| c.name.clone()).collect()
    }

    /// Runs the query from the first page, dropping what was loaded (and any load still under way).
    pub fn run_query(&mut self, ctx: &mut PaneContext) {
        let Some(query) = self.query.to_query(self.shown_columns()) else {
            return;
        };
        if let Some(all) = self.load_all.take() {
            ctx.jobs.cancel(all.job);
        }
        self.store = EntityStore::default();
        self.columns = self.columns.reset_keeping_choices();
        self.view.clear();
        self.view_task.clear();
        self.selection.clear();
        self.anchor = None;
        self.pages = 0;
        self.put_ahead.clear();
        self.continuation = None;
        self.listed_to = None;
        self.error = None;
        *self.next.lock().expect("next lock") = None;
        let (client, table, q) = (ctx.client.clone(), self.table.clone(), query.clone());
        self.loading.clear();
        self.loading.start(
            false,
            ctx.backend
                .spawn(async move { client.query_entities(&table, &q, None).await }),
        );
        self.running = Some(query);
        self.watch.reset();
    }

    pub fn load_more(&mut self, ctx: &mut PaneContext) {
        let (Some(query), Some(token)) = (self.running.clone(), self.continuation.clone()) else {
            return;
        };
        if self.is_loading() {
            return;
        }
        let (client, table) = (ctx.client.clone(), self.table.clone());
        self.loading.start(
            true,
            ctx.backend
                .spawn(async move { client.query_entities(&table, &query, Some(&token)).await }),
        );
    }

    /// Opens the Raw JSON window on a loaded row.
    pub fn show_json(&mut self, row: u32) {
        let entity = self.store.get(row).clone();
        self.json_text = serde_json::to_string_pretty(&entity.to_json()).expect("JSON");
        self.json_view = Some(entity);
    }

    /// Whether Load all reads PartitionKey ranges at once (the default) or the one chain of tokens.
    pub fn set_reading_in_ranges(&mut self, on: bool) {
        self.in_ranges = on;
    }

    /// Whether the rows carry both keys (no `$select`, or one naming both): a row's place, and so what a page
    /// lists again, is known only then.
    pub(super) fn keys_listed(&self) -> bool {
        let has = |k: &str| {
            self.running
                .as_ref()
                .is_none_or(|q| q.select.is_empty() || q.select.iter().any(|s| s == k))
        };
        has("PartitionKey") && has("RowKey")
    }

    /// Adds a page the service listed: past the last row listed only (a Load all resumed from a range's token
    /// lists that range's last page again), and remembered as listed up to its last row.
    fn append_listed(&mut self, mut page: EntityPage) {
        if !self.keys_listed() {
            return self.append(page);
        }
        if let Some(to) = &self.listed_to {
            let past =
                |e: &Entity| listing_order(e.partition_key(), &to.0).then_with(|| listing_order(e.row_key(), &to.1));
            page.entities.retain(|e| past(e).is_gt());
        }
        if let Some(e) = page.entities.last().filter(|e| !e.partition_key().is_empty()) {
            self.listed_to = Some((e.partition_key().to_string(), e.row_key().to_string()));
        }
        self.append(page);
    }

    /// Adds a page of entities to the store, the columns and the view.
    pub fn append(&mut self, mut page: EntityPage) {
        // A full row of the entity being edited is the service's latest word on it.
        if let Some(editor) = &mut self.editor
            && self.running.as_ref().is_none_or(|q| q.select.is_empty())
        {
            page.entities.iter().for_each(|e| editor.observe(e));
        }
        self.history.loaded_page(&page.entities);
        if !self.put_ahead.is_empty() {
            page.entities
                .retain(|e| !self.put_ahead.remove(&entity_key(e)) || !self.replace_row(e));
        }
        self.pages += 1;
        self.continuation = page.continuation;
        *self.next.lock().expect("next lock") = self.resume_point();
        let first = self.store.len() as u32;
        self.columns.observe(&page.entities);
        self.store.push_page(page.entities);
        let added = first..self.store.len() as u32;
        if self.sort.is_some() {
            self.view_stale = true;
        } else {
            match QuickFilter::new(&self.applied_quick) {
                Some(f) => self.view.extend(added.filter(|&i| f.matches(self.store.get(i)))),
                None => self.view.extend(added),
            }
        }
    }

    /// Re-sorts and re-filters on a snapshot, on the blocking pool: the UI keeps the old view meanwhile.
    fn start_view(&mut self, backend: &Backend) {
        let store = self.store.clone();
        let sort = self.sort.clone();
        let quick = self.quick.clone();
        self.applied_quick = quick.clone();
        self.view_stale = false;
        let len = store.len() as u32;
        let task = backend.spawn_blocking(move || {
            let all: Vec<u32> = (0..store.len() as u32).collect();
            let rows = match QuickFilter::new(&quick) {
                Some(f) => filtered(&store, &all, &f),
                None => all,
            };
            match sort {
                Some((column, ascending)) => sorted(&store, &rows, &column, ascending),
                None => rows,
            }
        });
        self.view_task.start(len, task);
    }

    pub fn set_sort(&mut self, column: &str) {
        self.sort = match &self.sort {
            Some((c, true)) if c == column => Some((column.to_string(), false)),
            Some((c, false)) if c == column => None,
            _ => Some((column.to_string(), true)),
        };
        self.view_stale = true;
    }

    /// Collects what arrived: pages, the view, editor results, job ends. Call once per frame.
    pub fn poll(&mut self, ctx: &mut PaneContext) {
        if let Some(id) = self.import_job {
            let ended = ctx.jobs.get(id).is_none_or(|j| !j.is_running());
            if ended {
                self.import_job = None;
                self.run_query(ctx);
            }
        }

        if let Some((_, result)) = self.loading.take() {
            match result {
                Ok(page) => {
                    // An empty page with a token is not the end (the service stopped at a partition boundary
                    // or its time limit): follow it, as Load all does, rather than show "0 entities".
                    let empty = page.entities.is_empty();
                    self.append_listed(page);
                    if empty && self.has_more() {
                        self.load_more(ctx);
                    }
                }
                Err(e) => self.error = Some(e),
            }
        }
        if let Some(all) = &mut self.load_all {
            let pages: Vec<EntityPage> = all.pages.try_iter().collect();
            let was_running = all.running;
            let state = ctx.jobs.get(all.job).map(|j| j.state.clone());
            // Retry in the activity list runs the same job again.
            all.running = matches!(state, Some(JobState::Running));
            for p in pages {
                self.append_listed(p);
            }
            if was_running && let Some(JobState::Failed(e)) = state {
                self.error = Some(e);
            }
        }
        if self.applied_quick != self.quick {
            self.view_stale = true;
        }
        if let Some((len, rows)) = self.view_task.take() {
            self.view = rows;
            self.keep_selection_in_view();
            // Rows that arrived during the computation join at the end (and a sort runs again).
            if (self.store.len() as u32) > len {
                if self.sort.is_some() {
                    self.view_stale = true;
                } else if let Some(f) = QuickFilter::new(&self.applied_quick) {
                    self.view
                        .extend((len..self.store.len() as u32).filter(|&i| f.matches(self.store.get(i))));
                } else {
                    self.view.extend(len..self.store.len() as u32);
                }
            }
        }
        if self.view_stale && self.view_task.is_empty() {
            self.start_view(ctx.backend);
        }
        self.poll_delete(ctx);
        self.poll_watch(ctx);
        self.poll_dialog(ctx);
        self.count_partitions(ctx);
    }

    /// Only what the view shows can be selected: a row the filter hid leaves the selection (Delete acts on what
    /// the user sees selected), and so does the anchor.
    fn keep_selection_in_view(&mut self) {
        if self.selection.is_empty() && self.anchor.is_none() {
            return;
        }
        let shown: HashSet<u32> = self.view.iter().copied().collect();
        self.selection.retain(|i| shown.contains(i));
        if self.anchor.is_some_and(|a| !shown.contains(&a)) {
            self.anchor = None;
        }
    }

    pub fn selected_entities(&self) -> Vec<&Entity> {
        self.selection.iter().map(|&i| self.store.get(i)).collect()
    }

    /// Deletes the selected rows, one batch (of up to 100) per partition, each entity with If-Match its ETag.
    pub fn delete_selected(&mut self, ctx: &mut PaneContext) {
        let mut ops: std::collections::BTreeMap<String, Vec<BatchOperation>> = Default::default();
        for e in self.selected_entities() {
            ops.entry(e.partition_key().to_string())
                .or_default()
                .push(crate::app::table::deletes::delete_op(
                    e.partition_key(),
                    e.row_key(),
                    e.etag(),
                ));
        }
        let total: usize = ops.values().map(Vec::len).sum();
        let batches: Vec<Vec<BatchOperation>> = ops
            .into_values()
            .flat_map(|v| v.chunks(100).map(<[_]>::to_vec).collect::<Vec<_>>())
            .collect();
        let (d, done) = job_replies();
        let (client, table) = (ctx.client.clone(), self.table.clone());
        let job = ctx.start_job(
            format!("Delete {total} entities from {}", self.table),
            Unit::Items("entities"),
            (client, table, batches, d),
            move |job, (client, table, batches, done)| async move {
                job.progress.start(total as u64);
                let mut gone = 0;
                for batch in &batches {
                    if job.cancel.is_cancelled() {
                        return Err(StorageError::cancelled("Delete"));
                    }
                    gone += crate::app::table::deletes::delete_batch(&client, &table, batch).await?;
                    for o in batch {
                        let (pk, rk) = o.keys();
                        done.send((pk.to_string(), rk.to_string()));
                    }
                    job.progress.add(batch.len() as u64);
                }
                Ok(match gone {
                    0 => format!("deleted {total} entities"),
                    g => format!("deleted {} entities; {g} were already gone", total - g),
                })
            },
        );
        self.deleting = Some(Deleting { job, done });
    }

    fn poll_delete(&mut self, ctx: &mut PaneContext) {
        let Some(d) = &self.deleting else { return };
        let state = ctx.jobs.get(d.job).map(|j| j.state.clone());
        if matches!(state, Some(JobState::Running)) {
            return;
        }
        let keys: HashSet<(String, String)> = d.done.take().into_iter().collect();
        let rows: HashSet<u32> = (0..self.store.len() as u32)
            .filter(|&i| {
                let e = self.store.get(i);
                keys.contains(&(e.partition_key().to_string(), e.row_key().to_string()))
            })
            .collect();
        self.drop_rows(&rows);
        self.deleting = None;
    }

    /// Takes rows out of the store (deleted, or vanished and dismissed), which renumbers the rest.
    pub(super) fn drop_rows(&mut self, rows: &HashSet<u32>) {
        self.store.remove(rows);
        // A sort or filter still running holds the old numbers, so its result is dropped (a new one starts from
        // the renumbered store); the watch's marks follow their rows.
        self.view_task.clear();
        self.selection.clear();
        self.anchor = None;
        self.view_stale = true;
        self.view.clear();
        self.watch.renumbered(rows);
    }

    /// Copies the selected rows as a JSON array (the service's form, with types).
    pub fn selection_as_json(&self) -> String {
        let items: Vec<serde_json::Value> = self.selected_entities().iter().map(|e| e.to_json()).collect();
        serde_json::to_string_pretty(&items).expect("JSON")
    }

    /// Copies the selected rows as tab-separated values of the shown columns.
    pub fn selection_as_tsv(&self) -> String {
        let cols = self.shown_columns();
        let mut out = cols.join("\t");
        for e in self.selected_entities() {
            out.push('\n');
            let cells: Vec<String> = cols
                .iter()
                .map(|c| {
                    crate::app::table::store::cell(e, c)
                        .map(|v| v.to_text().replace(['\t', '\n'], " "))
                        .unwrap_or_default()
                })
                .collect();
            out.push_str(&cells.join("\t"));
        }
        out
    }
}
