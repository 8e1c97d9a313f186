//! What one tab hands to another: blobs copied or cut in one container tab, waiting to be pasted into another
//! tab of any account (the source account's client goes with them, so a paste elsewhere can make the source
//! readable, a SAS, for the copy); an entity, a query or a folder picked in one tab, to compare with another.

use crate::i18n::{number, tr};
use crate::storage::Client;

#[derive(Clone)]
pub struct BlobClipboard {
    /// The source account's client (it signs the source's SAS when the paste is into another account).
    pub client: Client,
    /// The source account's identity (`Account::identity`), and its name as the tree shows it.
    pub account: String,
    pub account_label: String,
    /// The source account's profile id: a move's job changes the source's container too.
    pub profile_id: String,
    pub container: String,
    /// The folder shown when they were copied: names are pasted relative to it.
    pub base: String,
    /// Blob names and the ETag each had when listed; a folder (ending in `/`) is listed at paste time.
    pub items: Vec<(String, Option<String>)>,
    /// Cut: each source is deleted once copied, if still the version copied.
    pub cut: bool,
    /// The one snapshot copied (of the one blob in `items`): pasted as a blob of the base blob's name.
    pub snapshot: Option<String>,
}

/// Blobs and folders being dragged (egui's drag-and-drop payload): dropped on a folder or a container, they are
/// pasted there through the same job as Paste here: moved, or copied when Ctrl is held at the drop.
pub struct BlobDrag(pub BlobClipboard);

/// The words a drag shows beside the pointer, and which a drop does.
pub fn drop_words(drag: &BlobDrag, copy: bool) -> String {
    let id = if copy {
        "context-clipboard-drop-copy"
    } else {
        "context-clipboard-drop-move"
    };
    tr!(id, what = drag.0.describe())
}

/// What the user picked in one tab to compare with something of another (of any account).
#[derive(Default)]
pub struct Picks {
    pub entity: Option<PickedEntity>,
    pub query: Option<PickedQuery>,
    pub folder: Option<FolderSide>,
}

/// A folder picked to compare with another: a container's folder (of any account), or a local folder.
#[derive(Clone)]
pub enum FolderSide {
    Blobs {
        /// "photos/2026/ in demo (Demo emulator)".
        place: String,
        client: crate::storage::Client,
        container: String,
        /// The folder: names are compared after it.
        prefix: String,
    },
    Local {
        place: String,
        root: std::path::PathBuf,
    },
}

impl FolderSide {
    pub fn place(&self) -> &str {
        match self {
            FolderSide::Blobs { place, .. } | FolderSide::Local { place, .. } => place,
        }
    }
}

/// A table query picked to compare with another: where, and how to read it.
#[derive(Clone)]
pub struct PickedQuery {
    /// "customers (devstoreaccount1)".
    pub place: String,
    pub client: crate::storage::Client,
    pub table: String,
    pub query: crate::storage::table::EntityQuery,
    /// Read as the index entries its rows should have (the Index Table pattern), not as its rows.
    pub index: Option<crate::app::context::index_map::IndexMap>,
    /// Rows read from this exported file (CSV or JSON, as Export writes them) instead of the table.
    pub file: Option<std::path::PathBuf>,
}

impl PickedQuery {
    /// Whether a compare may write into this side: a table's own rows, not a file or an index projection.
    pub fn writable(&self) -> bool {
        self.index.is_none() && self.file.is_none()
    }
}

/// An entity as it was when picked, and where it came from ("demo (devstoreaccount1) / customers").
#[derive(Clone, Debug)]
pub struct PickedEntity {
    pub place: String,
    pub entity: crate::storage::table::Entity,
}

impl BlobClipboard {
    /// "3 blobs and 1 folder from photos (Demo emulator)", for the Paste button.
    pub fn describe(&self) -> String {
        if let (Some(time), [(name, _)]) = (&self.snapshot, self.items.as_slice()) {
            return tr!(
                "context-clipboard-snapshot",
                time = time.as_str(),
                name = name.as_str(),
                container = self.container.as_str(),
                account = self.account_label.as_str()
            );
        }
        // Counted here, not with the widgets' `count`: the context is below the widgets.
        let folders = self.items.iter().filter(|(n, _)| n.ends_with('/')).count();
        let blobs = self.items.len() - folders;
        let mut what = tr!("context-clipboard-blobs", count = number(blobs as f64));
        if folders > 0 {
            let folders = tr!("context-clipboard-folders", count = number(folders as f64));
            what = tr!("context-clipboard-and", blobs = what, folders = folders);
        }
        tr!(
            "context-clipboard-from",
            what = what,
            container = self.container.as_str(),
            account = self.account_label.as_str()
        )
    }
}
