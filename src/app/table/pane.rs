//! A table tab's state: the query, the loaded entities (first page at once, "load more", "load all" as a
//! cancellable job), the view (sorted and quick-filtered off the UI thread), selection, editing, deleting,
//! importing and exporting. Drawing lives in `grid`, files in `files`, the partition map in `partitions`,
//! whole-table scans in `scan`.

use std::collections::{BTreeSet, HashSet};

use crate::app::context::Backend;
use crate::app::context::JobState;
use crate::app::context::PaneContext;
pub use crate::app::table::core::TableCore;
use crate::app::table::features::editing::Editing;
use crate::app::table::features::editor::EntityEditor;
use crate::app::table::query::QueryPanel;
use crate::app::table::store::entity_key;
use crate::app::table::store::{Columns, EntityStore, QuickFilter, filtered, sorted};
use crate::app::widgets::i18n::t;
use crate::storage::table::Entity;
use crate::storage::table::{EntityPage, EntityQuery, EntityView};

/// Where `offers` puts the tab's own actions (a feature's place is its index in the list).
pub const PANE: usize = usize::MAX;

/// A table tab: the pane shell (`context::shell::Shell`) with the table's core (`TableCore`) and features
/// (`feature::TableFeature`, the entity editor among them); it holds nothing of its own.
pub type TablePane = crate::app::context::shell::Shell<crate::app::table::feature::Table, ()>;

impl TablePane {
    /// The loaded entities (in arrival order).
    pub fn store(&self) -> &EntityStore {
        &self.core.store
    }

    /// The rows shown, as places in the store, in the order the grid draws them.
    pub fn view(&self) -> &[u32] {
        &self.core.rows.view
    }

    /// The selected rows, as places in the store.
    pub fn selection(&self) -> &BTreeSet<u32> {
        &self.core.selection.rows
    }

    /// The column sorted by, and whether ascending.
    pub fn sort(&self) -> Option<&(String, bool)> {
        self.core.rows.sort.as_ref()
    }

    /// The entity editor feature (every table tab is built with it).
    pub(crate) fn editing(&self) -> &Editing {
        self.feature::<Editing>().expect("a table tab is built with its editor")
    }

    pub(crate) fn editing_mut(&mut self) -> &mut Editing {
        self.feature_mut::<Editing>()
            .expect("a table tab is built with its editor")
    }

    pub fn editor(&self) -> Option<&EntityEditor> {
        self.editing().editor.as_ref()
    }

    /// The filter text in the query panel.
    pub fn filter_text(&self) -> &str {
        &self.core.query.filter
    }

    /// The query the loaded rows came from.
    pub fn running_query(&self) -> Option<&EntityQuery> {
        self.core.paging.running.as_ref()
    }

    /// The entity the Raw JSON window shows.
    pub fn json_view(&self) -> Option<&Entity> {
        self.feature::<crate::app::table::features::raw_json::RawJson>()?
            .shown
            .as_ref()
    }

    /// The query panel, as its inputs edit it (filter text, page size).
    pub fn query_panel_mut(&mut self) -> &mut QueryPanel {
        &mut self.core.query
    }

    /// What typing in the quick filter box does: the view follows on the next polls.
    pub fn set_quick_filter(&mut self, text: &str) {
        self.core.rows.quick = text.to_string();
    }

    /// What double-clicking a row does: opens the editor on the row at this place in the view.
    pub fn open_editor(&mut self, position: usize) {
        if let Some(&row) = self.core.rows.view.get(position) {
            self.edit_with(self.editor_for(row));
        }
    }

    /// Puts an editor in the details panel (which shows, if hidden), in place of one with nothing unsaved.
    pub(crate) fn edit_with(&mut self, editor: EntityEditor) {
        // One edit at a time: the one under way is never dropped for another.
        if self.editing_mut().open(editor) {
            self.chrome.tab = crate::app::context::features::DetailsTab::Properties;
        }
    }

    /// The editor on a loaded row, told whether the row holds only the shown columns (`$select`).
    pub(super) fn editor_for(&self, row: u32) -> EntityEditor {
        let mut editor = EntityEditor::edit(&self.core.table, self.core.store.get(row));
        editor.partial = self.core.paging.running.as_ref().is_some_and(|q| !q.select.is_empty());
        editor
    }

    pub fn editor_mut(&mut self) -> Option<&mut EntityEditor> {
        self.editing_mut().editor.as_mut()
    }

    /// Drops the editor and its edit at once (a test's shortcut; Close editor asks first).
    pub fn close_editor(&mut self) {
        self.editing_mut().editor = None;
    }

    /// Whether a delete of selected rows is under way.
    pub fn is_deleting(&self) -> bool {
        self.feature::<crate::app::table::features::delete_rows::DeleteRows>()
            .is_some_and(|d| d.is_deleting())
    }

    pub fn new(table: &str) -> Self {
        TablePane {
            core: TableCore {
                busy_features: false,
                table: table.to_string(),
                query: QueryPanel::default(),
                store: EntityStore::default(),
                columns: Columns::default(),
                paging: Default::default(),
                rows: Default::default(),
                selection: Default::default(),
                columns_open: false,
                shown: true,
            },
            features: crate::app::table::feature::Features::default()
                // The entity editor first (its edit is the first a closing tab names, its save the first Save all
                // sends); the rest in the order their buttons follow Columns… in the toolbar.
                .with(Editing::default())
                .with(crate::app::table::features::saved_query_menu::SavedQueryMenu::default())
                .with(crate::app::table::features::sas::TableSas::default())
                .with(crate::app::table::features::comparing::Comparing::default())
                .with(crate::app::table::features::files::TableFiles::default())
                .with(crate::app::table::features::partitions::PartitionMap::default())
                .with(crate::app::table::features::delete_rows::DeleteRows::default())
                .with(crate::app::table::features::bulk::BulkChange::default())
                .with(crate::app::table::features::raw_json::RawJson::default())
                .with(crate::app::table::features::watch::TableWatch::default()),
            chrome: Default::default(),
            own: (),
        }
    }

    pub fn is_loading(&self) -> bool {
        self.core.is_loading()
    }

    /// Whether something this tab started has not ended (the window keeps drawing frames).
    pub fn is_busy(&self) -> bool {
        self.is_loading() || self.is_viewing() || self.is_watching() || self.features.busy()
    }

    pub fn is_viewing(&self) -> bool {
        !self.core.rows.view_task.is_empty()
    }

    pub fn has_more(&self) -> bool {
        self.core.paging.continuation.is_some()
    }

    pub(super) fn shown_columns(&self) -> Vec<String> {
        self.core.shown_columns()
    }

    /// Runs the query from the first page, dropping what was loaded (and any load still under way).
    pub fn run_query(&mut self, ctx: &mut PaneContext) {
        let Some(query) = self.core.query.to_query(self.shown_columns()) else {
            return;
        };
        if let Some(all) = self.core.paging.load_all.take() {
            ctx.jobs.cancel(all.job);
        }
        self.core.store = EntityStore::default();
        self.core.columns = self.core.columns.reset_keeping_choices();
        self.core.rows.view.clear();
        self.core.rows.view_task.clear();
        self.core.selection.rows.clear();
        self.core.selection.cursor.clear();
        self.core.paging.pages = 0;
        self.core.paging.put_ahead.clear();
        self.core.paging.continuation = None;
        self.core.paging.listed_to = None;
        self.core.paging.error = None;
        *self.core.paging.next.lock().expect("next lock") = None;
        let (client, table, q) = (ctx.client.clone(), self.core.table.clone(), query.clone());
        self.core.paging.loading.clear();
        self.core.paging.loading.start(
            false,
            ctx.backend
                .spawn(async move { client.query_entities(&table, &q, None).await }),
        );
        self.core.paging.running = Some(query);
        self.core.paging.matching = self.core.query.matching();
        self.core.paging.read = 0;
        self.dispatch(crate::app::table::feature::TableEvent::QueryRan);
    }

    pub fn load_more(&mut self, ctx: &mut PaneContext) {
        let (Some(query), Some(token)) = (self.core.paging.running.clone(), self.core.paging.continuation.clone())
        else {
            return;
        };
        if self.is_loading() {
            return;
        }
        // A page matched here may hold nothing: the rest is read as a job, with progress and Cancel.
        if self.core.paging.matching.is_some() {
            return self.load_all(ctx);
        }
        let (client, table) = (ctx.client.clone(), self.core.table.clone());
        self.core.paging.loading.start(
            true,
            ctx.backend
                .spawn(async move { client.query_entities(&table, &query, Some(&token)).await }),
        );
    }

    /// Opens the Raw JSON window on a loaded row.
    pub fn show_json(&mut self, row: u32) {
        let entity = self.core.store.get(row).to_owned();
        if let Some(raw) = self
            .features
            .get_mut::<crate::app::table::features::raw_json::RawJson>()
        {
            raw.show(entity);
        }
    }

    /// Whether Load all reads PartitionKey ranges at once (the default) or the one chain of tokens.
    pub fn set_reading_in_ranges(&mut self, on: bool) {
        self.core.paging.in_ranges = on;
    }

    /// Adds a page of entities to the store, the columns and the view.
    pub fn append(&mut self, mut page: EntityPage) {
        // The editor observes a full row of the entity it edits, and its history the versions.
        self.dispatch(crate::app::table::feature::TableEvent::PageLoaded(&page.entities));
        if !self.core.paging.put_ahead.is_empty() {
            page.entities
                .retain(|e| !self.core.paging.put_ahead.remove(&entity_key(e)) || !self.replace_row(e));
        }
        self.core.paging.pages += 1;
        self.core.paging.continuation = page.continuation;
        *self.core.paging.next.lock().expect("next lock") = self.resume_point();
        let first = self.core.store.len() as u32;
        self.core.columns.observe(&page.entities);
        self.core.store.push_page(page.entities);
        let added = first..self.core.store.len() as u32;
        if self.core.rows.sort.is_some() {
            self.core.rows.view_stale = true;
        } else {
            match QuickFilter::new(&self.core.rows.applied_quick) {
                Some(f) => self
                    .core
                    .rows
                    .view
                    .extend(added.filter(|&i| f.matches(self.core.store.get(i)))),
                None => self.core.rows.view.extend(added),
            }
        }
    }

    /// Re-sorts and re-filters on a snapshot, on the blocking pool: the UI keeps the old view meanwhile.
    fn start_view(&mut self, backend: &Backend) {
        let store = self.core.store.clone();
        let sort = self.core.rows.sort.clone();
        let quick = self.core.rows.quick.clone();
        self.core.rows.applied_quick = quick.clone();
        self.core.rows.view_stale = false;
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
        self.core.rows.view_task.start(len, task);
    }

    pub fn set_sort(&mut self, column: &str) {
        self.core.rows.sort = match &self.core.rows.sort {
            Some((c, true)) if c == column => Some((column.to_string(), false)),
            Some((c, false)) if c == column => None,
            _ => Some((column.to_string(), true)),
        };
        self.core.rows.view_stale = true;
    }

    /// Collects what arrived: pages, the view, editor results, job ends. Call once per frame.
    pub fn poll(&mut self, ctx: &mut PaneContext) {
        if let Some((_, result)) = self.core.paging.loading.take() {
            match result {
                Ok(page) => {
                    // An empty page with a token is not the end (the service stopped at a partition boundary
                    // or its time limit): follow it, as Load all does, rather than show "0 entities".
                    let empty = page.entities.is_empty();
                    self.append_listed(page);
                    if (empty || self.core.paging.matching.is_some()) && self.has_more() {
                        self.load_more(ctx);
                    }
                }
                Err(e) => self.core.paging.error = Some(e),
            }
        }
        if let Some(all) = &mut self.core.paging.load_all {
            let pages = all.pages.arrived().items;
            let was_running = all.running;
            let state = ctx.jobs.get(all.job).map(|j| j.state.clone());
            // Retry in the activity list runs the same job again.
            all.running = matches!(state, Some(JobState::Running));
            for p in pages {
                self.append_listed(p);
            }
            if was_running && let Some(JobState::Failed(e)) = state {
                self.core.paging.error = Some(e);
            }
        }
        if self.core.rows.applied_quick != self.core.rows.quick {
            self.core.rows.view_stale = true;
        }
        if let Some((len, rows)) = self.core.rows.view_task.take() {
            self.core.rows.view = rows;
            self.keep_selection_in_view();
            // Rows that arrived during the computation join at the end (and a sort runs again).
            if (self.core.store.len() as u32) > len {
                if self.core.rows.sort.is_some() {
                    self.core.rows.view_stale = true;
                } else if let Some(f) = QuickFilter::new(&self.core.rows.applied_quick) {
                    self.core
                        .rows
                        .view
                        .extend((len..self.core.store.len() as u32).filter(|&i| f.matches(self.core.store.get(i))));
                } else {
                    self.core.rows.view.extend(len..self.core.store.len() as u32);
                }
            }
        }
        if self.core.rows.view_stale && self.core.rows.view_task.is_empty() {
            self.start_view(ctx.backend);
        }
        self.core.busy_features = self.features.busy();
        // The editor's replies too, whether its panel is shown or not.
        let fx = self.features.poll(&self.core, ctx);
        self.apply(ctx, fx);
    }

    /// Only what the view shows can be selected: a row the filter hid leaves the selection (Delete acts on what
    /// the user sees selected), and so do the cursor and the anchor.
    fn keep_selection_in_view(&mut self) {
        if self.core.selection.rows.is_empty() && self.core.selection.cursor.at.is_none() {
            return;
        }
        let shown: HashSet<u32> = self.core.rows.view.iter().copied().collect();
        self.core.selection.rows.retain(|i| shown.contains(i));
        if self.core.selection.cursor.anchor.is_some_and(|a| !shown.contains(&a)) {
            self.core.selection.cursor.anchor = None;
        }
        if self.core.selection.cursor.at.is_some_and(|a| !shown.contains(&a)) {
            self.core.selection.cursor.at = None;
        }
    }

    pub fn selected_entities(&self) -> Vec<&EntityView> {
        self.core.selected_entities()
    }

    /// What the tab offers on the selected rows: its own (Edit, Copy as JSON, Copy as TSV, Clone, Open in
    /// conflict lab, under `PANE`) and its features'.
    pub fn offers(&self) -> Vec<(usize, crate::app::context::features::Offer)> {
        use crate::app::context::features::Offer;
        use egui::{Key, Modifiers};
        let (one, any) = (
            self.core.selection.rows.len() == 1,
            !self.core.selection.rows.is_empty(),
        );
        let mut all = vec![
            (
                PANE,
                Offer::new("edit", t("table-pane-edit"), one).key(Modifiers::NONE, Key::Enter),
            ),
            (
                PANE,
                Offer::new("copy-json", t("queue-copy-json"), any).key(Modifiers::COMMAND, Key::C),
            ),
            (PANE, Offer::new("copy-tsv", t("table-pane-copy-tsv"), any)),
            (PANE, Offer::new("clone", t("table-pane-clone"), one)),
            (PANE, Offer::new("lab", t("queue-open-lab"), one)),
        ];
        all.extend(self.features.offers(&self.core));
        all
    }

    /// Runs an offer (from a row's menu or by its key): the tab's own, or a feature's.
    pub fn run_offer(&mut self, ctx: &mut PaneContext, egui_ctx: &egui::Context, at: usize, id: &str) {
        if at == PANE {
            let first = self.core.selection.rows.iter().next().copied();
            match (id, first) {
                ("edit", Some(row)) => self.edit_with(self.editor_for(row)),
                ("copy-json", _) => egui_ctx.copy_text(self.selection_as_json()),
                ("copy-tsv", _) => egui_ctx.copy_text(self.selection_as_tsv()),
                ("clone", Some(row)) => {
                    self.edit_with(EntityEditor::insert(&self.core.table, Some(self.core.store.get(row))));
                }
                ("lab", Some(row)) => {
                    let e = self.core.store.get(row);
                    *ctx.lab = Some(crate::app::context::open_lab::FreeTarget::Entity {
                        table: self.core.table.clone(),
                        partition_key: e.partition_key().to_string(),
                        row_key: e.row_key().to_string(),
                    });
                }
                _ => {}
            }
            return;
        }
        let mut fx = crate::app::table::feature::TableEffects::default();
        if let Some(f) = self.features.at_mut(at) {
            f.run_offer(id, &self.core, ctx, &mut fx);
        }
        self.apply(ctx, fx);
    }

    /// Ctrl+A: every row the view shows.
    pub fn select_all_shown(&mut self) {
        self.core.selection.rows = self.core.rows.view.iter().copied().collect();
    }

    /// Deletes the selected rows, one batch (of up to 100) per partition, each entity with If-Match its ETag.
    pub fn delete_selected(&mut self, ctx: &mut PaneContext) {
        self.with_feature(
            ctx,
            |d: &mut crate::app::table::features::delete_rows::DeleteRows, core, ctx, _| d.delete_selected(core, ctx),
        );
    }

    pub(super) fn dispatch(&mut self, event: crate::app::table::feature::TableEvent) {
        for f in self.features.iter_mut() {
            f.event(&event, &self.core);
        }
    }

    /// Does what features asked of the pane, in the order they asked (`context::commands`).
    pub(crate) fn apply(&mut self, ctx: &mut PaneContext, fx: crate::app::table::feature::TableEffects) {
        use crate::app::table::feature::TableCommand as C;
        for command in fx.commands.in_order() {
            match command {
                C::PutRow(entity) => self.put_row(entity),
                C::SwapStore(found) => self.swap_in(ctx, found),
                C::SelectRow(row, position) => {
                    self.core.selection.rows.clear();
                    self.core.selection.rows.insert(row);
                    self.core.selection.cursor.clicked(row, false);
                    self.core.selection.go_to = Some(position);
                }
                C::DropRows(rows) => self.drop_rows(&rows),
                C::RunFiltered(filter) => {
                    self.core.query.filter = filter;
                    self.run_query(ctx);
                }
                C::Rerun => self.run_query(ctx),
            }
        }
    }

    /// Takes rows out of the store (deleted, or vanished and dismissed), which renumbers the rest.
    pub(super) fn drop_rows(&mut self, rows: &HashSet<u32>) {
        self.core.store.remove(rows);
        // A sort or filter still running holds the old numbers, so its result is dropped (a new one starts from
        // the renumbered store); the watch's marks follow their rows.
        self.core.rows.view_task.clear();
        self.core.selection.rows.clear();
        self.core.selection.cursor.clear();
        self.core.rows.view_stale = true;
        self.core.rows.view.clear();
        self.dispatch(crate::app::table::feature::TableEvent::RowsDropped(rows));
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
                        .map(|v| v.value().to_text().replace(['\t', '\n'], " "))
                        .unwrap_or_default()
                })
                .collect();
            out.push_str(&cells.join("\t"));
        }
        out
    }
}
