//! What every part of a table tab sees: the query and the rows it loaded (with what is being loaded), the view
//! (sorted, filtered), the selection. Features read it; only the pane changes it.

use std::collections::{BTreeSet, HashSet};
use std::sync::{Arc, Mutex};

use crate::app::context::{Feed, InFlight, JobId};
use crate::app::table::query::QueryPanel;
use crate::app::table::store::{Columns, EntityStore};
use crate::storage::StorageError;
use crate::storage::table::{ContinuationToken, EntityPage, EntityQuery, EntityView};

/// The last "load all" of this query: its job, and the feed of pages it sends here. It outlives the job so that
/// Retry in the activity list resumes into this tab; dropping it (a new query, a new Load all, a closed tab)
/// closes the feed, which turns the old job's Retry into a refusal instead of pages loaded into nothing.
pub(crate) struct LoadAll {
    pub(crate) job: JobId,
    pub(crate) pages: Feed<EntityPage>,
    pub(crate) running: bool,
}

pub struct TableCore {
    /// Whether a feature has work out (a delete, a count): a watch starts no read meanwhile.
    pub(crate) busy_features: bool,
    pub(crate) table: String,
    pub(crate) query: QueryPanel,
    pub(crate) store: EntityStore,
    pub(crate) columns: Columns,
    pub(crate) paging: Paging,
    pub(crate) rows: RowsView,
    pub(crate) selection: RowSelection,
    pub(crate) columns_open: bool,
    /// Whether its tab is the one shown (and the window not minimised): a watch reads only then.
    pub(crate) shown: bool,
}

/// The running query's pages: what was read, where the next page starts, and the reads under way.
pub struct Paging {
    pub(crate) continuation: Option<ContinuationToken>,
    pub(crate) pages: u32,
    /// The query the loaded rows came from.
    pub(crate) running: Option<EntityQuery>,
    pub(crate) error: Option<StorageError>,
    /// A page being read: the first (false) or the next one (true).
    pub(crate) loading: InFlight<bool, Result<EntityPage, StorageError>>,
    pub(super) load_all: Option<LoadAll>,
    /// Where "load more" / "load all" continue from (the token, and the partition key of the last row listed,
    /// where Load all's ranges are cut), shared with the load-all job so a retry resumes.
    pub(crate) next: Arc<Mutex<Option<(String, ContinuationToken)>>>,
    /// The key of the last row a page listed: a page that lists it again (Load all resumed from a range's
    /// token) adds only what follows it.
    pub(crate) listed_to: Option<(String, String)>,
    /// Load all reads PartitionKey ranges at once (off: the one chain of tokens, the benchmarks' baseline).
    pub(crate) in_ranges: bool,
    /// Saved entities added to the grid before the page that holds them came: that page replaces them rather
    /// than adding them twice.
    pub(crate) put_ahead: HashSet<(String, String)>,
    /// The part of the running query matched here (contains, starts with…): every page is filtered by it as it
    /// arrives, and `read` counts the entities the service sent for it.
    pub(crate) matching: Option<Arc<crate::app::table::row_match::RowMatches>>,
    pub(crate) read: u64,
}

impl Default for Paging {
    fn default() -> Self {
        Paging {
            continuation: None,
            pages: 0,
            running: None,
            error: None,
            loading: InFlight::default(),
            load_all: None,
            next: Arc::default(),
            listed_to: None,
            in_ranges: true,
            put_ahead: HashSet::new(),
            matching: None,
            read: 0,
        }
    }
}

/// The rows the grid shows: the loaded rows sorted and filtered (the quick filter), and that view's
/// computing.
#[derive(Default)]
pub struct RowsView {
    pub(crate) view: Vec<u32>,
    /// The sorted and filtered view being computed, keyed by how many rows it covers.
    pub(crate) view_task: InFlight<u32, Vec<u32>>,
    pub(crate) view_stale: bool,
    pub(crate) sort: Option<(String, bool)>,
    pub(crate) quick: String,
    pub(crate) applied_quick: String,
    pub(crate) focus_quick: bool,
}

/// The selected rows, where the keyboard is, and where the grid scrolls to next.
#[derive(Default)]
pub struct RowSelection {
    pub(crate) rows: BTreeSet<u32>,
    /// Where the keyboard is and the row Shift extends from, as entities' places in the store, never positions
    /// in the view: positions change under every sort and filter.
    pub(crate) cursor: crate::app::widgets::list_keys::ListCursor<u32>,
    /// The place in the view the grid scrolls to next frame ("Next change").
    pub(crate) go_to: Option<usize>,
}

impl Paging {
    pub fn is_loading(&self) -> bool {
        !self.loading.is_empty() || self.load_all.as_ref().is_some_and(|a| a.running)
    }
}

impl TableCore {
    pub fn is_loading(&self) -> bool {
        self.paging.is_loading()
    }

    pub fn table(&self) -> &str {
        &self.table
    }

    /// The names of the columns the grid shows, in its order.
    pub fn shown_columns(&self) -> Vec<String> {
        self.columns.visible().map(|c| c.name.clone()).collect()
    }

    /// The selected rows' entities, in the store's order.
    pub fn selected_entities(&self) -> Vec<&EntityView> {
        self.selection.rows.iter().map(|&i| self.store.get(i)).collect()
    }
}
