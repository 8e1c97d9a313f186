//! The core of a container tab that every feature sees, read-only: the account and container, the folder shown,
//! what is listed of it, the selection and the selected blob's properties. Features change it only by asking the
//! pane (`feature::Effects`).

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Instant;

use crate::app::blob::listed::ListedBlobs;
use crate::app::context::InFlight;
use crate::app::context::leases::LeaseKey;
use crate::storage::StorageError;
use crate::storage::blob::{BlobItem, BlobListing, BlobProperties, ListBlobsOptions};

/// Rows shown in the folder's place (Find in names' matches), with what they are.
pub struct Found {
    pub what: String,
    pub rows: ListedBlobs,
}

/// The selected blob: its properties and its snapshots (its editable metadata and headers are its draft in
/// `details_form::PropertiesForm`).
pub struct Details {
    pub(crate) name: String,
    pub(crate) props: Option<BlobProperties>,
    pub(crate) snapshots: Option<Vec<BlobItem>>,
    /// Why the last listing of its snapshots failed; kept whole, so it is worded in the language shown.
    pub(crate) snapshots_failed: Option<StorageError>,
    /// Its properties being read, keyed by the blob.
    pub(crate) loading: InFlight<String, Result<PropertiesRead, StorageError>>,
    /// Its snapshots being listed, keyed by the blob.
    pub(crate) snap_loading: InFlight<String, Result<Vec<BlobItem>, StorageError>>,
    /// A page blob's ranges are read with the properties now being read (a full read of the details).
    pub(crate) ranges_wanted: bool,
}

/// A blob's properties and metadata, as one read answers them.
pub type PropertiesRead = (BlobProperties, Vec<(String, String)>);

/// Which page of the folder's listing a reply is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    First,
    Next,
}

pub struct BlobCore {
    pub(crate) container: String,
    /// The account's identity (`Account::identity`), which keys the leases this app holds.
    pub(crate) account: String,
    pub(crate) prefix: String,
    pub(crate) back: Vec<String>,
    pub(crate) listed: Listing,
    pub(crate) reading: Reading,
    pub(crate) view: ListView,
    pub(crate) selection: BlobSelection,
    pub(crate) details: Option<Details>,
    pub(crate) started: bool,
    /// Whether this is the tab on screen: only that one refreshes its indicators.
    pub(crate) shown: bool,
}

/// What is listed of the folder: the rows and their order, its folders, where the listing stopped, its error,
/// and the rows shown in its place.
#[derive(Default)]
pub struct Listing {
    /// The listed blobs, compactly (`listed`): a row is read whole only when it is drawn or acted on. Shared
    /// with a sort or search running on them off the UI thread (changed through `blobs_mut`).
    pub(crate) blobs: Arc<ListedBlobs>,
    /// The list's order when sorted by a column other than the name, worked out off the UI thread.
    pub(crate) order: crate::app::blob::sort::Sorting,
    pub(crate) folders: Vec<String>,
    pub(crate) next_marker: Option<String>,
    pub(crate) shown_before: Arc<ListedBlobs>,
    pub(crate) error: Option<StorageError>,
    /// Show snapshots: the listing's snapshots, kept here by base blob (the listing keeps one row per name).
    pub(crate) snapshots_of: std::collections::BTreeMap<String, Vec<BlobItem>>,
    /// Rows a feature shows in the folder's place (Find in names), in name order.
    pub(crate) found: Option<Found>,
}

/// The folder's listing being read: what it asks, its pages (Load more, Load all), and the refresh.
pub struct Reading {
    pub(crate) page_size: u32,
    /// Load all lists in parts at once (off: the one marker chain, the benchmarks' baseline).
    pub(crate) in_parts: bool,
    /// Load all's pause before the listing takes more than half of the computer's memory.
    pub(crate) memory: crate::app::blob::memory_guard::MemoryGuard,
    /// Load all under way: pages streaming in until the end, an error or Stop.
    pub(crate) all_pages: Option<crate::app::blob::walk::Walk<BlobListing>>,
    /// What the listing shown was asked for from its first page (features' needs included): a re-read asks
    /// the same.
    pub(crate) first_page: ListBlobsOptions,
    /// The folder's listing being read: its first page, or the next one (Load more).
    pub(crate) listing: InFlight<Page, Result<BlobListing, StorageError>>,
    /// The first page being read again (the refresh), to merge into the rows shown.
    pub(crate) refreshing: InFlight<Page, Result<BlobListing, StorageError>>,
    pub(crate) last_refresh: Instant,
}

/// How the folder is listed and shown: flat or by folders, the Tags column, snapshots, the name filter.
#[derive(Default)]
pub struct ListView {
    pub(crate) flat: bool,
    /// Names starting with this (after the folder) are shown; the rest stay loaded.
    pub(crate) name_filter: String,
    /// The prefix asked of the service instead of the folder's, while the filter's text is searched there.
    pub(crate) searched: Option<String>,
    /// The Tags column: listings ask for each blob's tags.
    pub(crate) show_tags: bool,
    /// Show snapshots: listings include them (`Listing::snapshots_of`).
    pub(crate) show_snapshots: bool,
}

/// The selected names, where the keyboard is, and the blob whose details the keys asked for.
#[derive(Default)]
pub struct BlobSelection {
    pub(crate) names: BTreeSet<String>,
    /// Where the keyboard is in the list and where Shift extends from, by name.
    pub(crate) cursor: crate::app::widgets::list_keys::ListCursor<String>,
    /// The row the list scrolls to in its next frame (the cursor's, after a key moved it).
    pub(crate) scroll_to: Option<String>,
    /// The blob the keys moved to, whose details are read once the cursor has rested there: holding an arrow
    /// through fifty rows reads one blob's details, not fifty.
    pub(crate) details_due: Option<(String, Instant)>,
}

impl Reading {
    /// Whether a page is being read (the first, or Load more's) or Load all is under way.
    pub(crate) fn busy(&self) -> bool {
        !self.listing.is_empty() || self.all_pages.is_some()
    }
}

impl BlobSelection {
    /// Selects nothing, and forgets where the keyboard was.
    pub(crate) fn clear(&mut self) {
        self.names.clear();
        self.cursor.clear();
        self.details_due = None;
    }
}

impl Default for Reading {
    fn default() -> Self {
        Reading {
            page_size: 1000,
            in_parts: true,
            memory: Default::default(),
            all_pages: None,
            first_page: ListBlobsOptions::default(),
            listing: InFlight::default(),
            refreshing: InFlight::default(),
            last_refresh: Instant::now(),
        }
    }
}

impl Listing {
    /// Empties it for a new listing of the folder.
    pub(crate) fn start_again(&mut self) {
        // Kept (moved, not copied) until the first page lands, for the lease timeline's "before".
        self.shown_before = std::mem::take(&mut self.blobs);
        self.folders.clear();
        self.snapshots_of.clear();
        self.next_marker = None;
        self.error = None;
    }

    /// The listed blobs, to change: copied first only if a sort or search still reads them (Load all's pages
    /// and a refresh wait for those instead).
    pub(crate) fn blobs_mut(&mut self) -> &mut ListedBlobs {
        Arc::make_mut(&mut self.blobs)
    }
}

impl BlobCore {
    pub fn new(account: &str, container: &str) -> Self {
        BlobCore {
            container: container.to_string(),
            account: account.to_string(),
            prefix: String::new(),
            back: Vec::new(),
            listed: Listing::default(),
            reading: Reading::default(),
            view: ListView::default(),
            selection: BlobSelection::default(),
            details: None,
            started: false,
            shown: false,
        }
    }

    /// The listed blobs, to change: copied first only if a sort or search still reads them (Load all's pages
    /// and a refresh wait for those instead).
    pub(crate) fn blobs_mut(&mut self) -> &mut ListedBlobs {
        self.listed.blobs_mut()
    }

    /// The container shown.
    pub fn container(&self) -> &str {
        &self.container
    }

    /// The folder shown ("" at the container's root).
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// The names selected in the list.
    pub fn selection(&self) -> &BTreeSet<String> {
        &self.selection.names
    }

    /// The last name loaded, when the listing is not whole (a re-read goes no further).
    pub fn loaded_end(&self) -> Option<String> {
        self.listed
            .next_marker
            .as_ref()
            .and_then(|_| crate::app::blob::rows::last_name(self.listed.blobs.last_name(), &self.listed.folders))
    }

    /// A blob as listed (read back whole), in the folder's listing or the rows shown in its place.
    pub fn listed_blob(&self, name: &str) -> Option<BlobItem> {
        self.listed
            .blobs
            .find(name)
            .or_else(|| self.listed.found.as_ref()?.rows.find(name))
    }

    /// The key of the container's lease (None) or a blob's, in the lease book.
    pub fn key(&self, blob: Option<&str>) -> LeaseKey {
        LeaseKey::new(&self.account, &self.container, blob)
    }

    /// The selected blob's properties, once they have arrived.
    pub fn selected_properties(&self) -> Option<&BlobProperties> {
        self.details.as_ref().and_then(|d| d.props.as_ref())
    }

    /// The name of the blob whose details are shown.
    pub fn shown_blob(&self) -> Option<&str> {
        self.details.as_ref().map(|d| d.name.as_str())
    }

    /// The ETag of a blob's properties shown in its details, once they have arrived.
    pub fn shown_etag(&self, name: &str) -> Option<String> {
        self.details
            .as_ref()
            .filter(|d| d.name == name)
            .and_then(|d| d.props.as_ref())
            .map(|p| p.etag.clone())
    }

    /// The length the details show for a blob.
    pub fn shown_length(&self, blob: &str) -> Option<u64> {
        self.details
            .as_ref()
            .filter(|d| d.name == blob)
            .and_then(|d| d.props.as_ref())
            .map(|p| p.content_length)
    }
}
