//! How a feature of a container tab meets its pane. A feature (tags, tiers, copy and paste, watch, …) owns its
//! state, its drafts, its work in flight and its drawing; it sees the pane's core read-only (`BlobCore`), hears
//! what happened to it (`BlobEvent`), asks for what only the pane may do (`Effects`), and draws where the pane
//! gives it room. The pane holds a list of features and knows none of their fields: its "unsaved" and "busy" are
//! the union of theirs, so a closing tab asks about every draft by construction.

use crate::app::blob::core::BlobCore;
use crate::app::context::feature::Feature;
use crate::app::context::sent::OpDone;
use crate::app::context::{InFlight, PaneContext, Pending};
use crate::storage::StorageError;
use crate::storage::blob::{BlobItem, BlobListing, BlobProperties, ListBlobsOptions};

/// What happened to the core that a feature may care about.
pub enum BlobEvent<'a> {
    /// Another folder (or a flat or searched listing of it) is shown: what was found or marked for the one
    /// before lands nowhere.
    FolderChanged,
    /// A first page was listed or read again: the rows shown were replaced or refreshed.
    Listed,
    /// A page of the listing arrived (`before`: the rows shown before it, where it replaces them).
    PageListed {
        page: &'a [BlobItem],
        before: &'a crate::app::blob::listed::ListedBlobs,
    },
    /// A read of the listing (the watch's) was merged into the rows shown: what changed.
    RowsChanged(&'a [crate::app::blob::rows::BlobChange]),
    /// The details now show this blob (None: the container).
    Selected(Option<&'a str>),
    /// The details of this blob are read (it was selected, or what is shown is read again): what a feature
    /// shows in them (tags, say) is read with them.
    DetailsAsked(&'a str),
    /// A blob's properties were read (its details): what the service holds now.
    PropertiesRead {
        blob: &'a str,
        props: &'a BlobProperties,
        /// None: not said by what answered (a tier change's answer says nothing of the metadata, which stands).
        metadata: Option<&'a [(String, String)]>,
        /// Read with the whole details (selected, refreshed), not alone after a write.
        full: bool,
    },
    /// These blobs were deleted by this tab: whatever a feature holds for them goes.
    Deleted(&'a [String]),
    /// The folder is listed from its first page (opened again, Refresh, a listing option changed).
    Listing,
    /// What is shown is read again (the timer, after a write): the first page, the details, the container.
    Refreshed,
    /// Something was asked of a snapshot from its row in the list (Show snapshots).
    SnapshotRow {
        blob: &'a str,
        snapshot: &'a str,
        act: &'a SnapshotAct,
    },
    /// A preview of this blob (or of one of its snapshots) was asked for.
    PreviewAsked { blob: &'a str, snapshot: Option<&'a str> },
}

/// What the user asked of a snapshot from its row.
pub enum SnapshotAct {
    /// The row itself: open the base blob's details.
    Open,
    Download,
    Copy,
    Promote,
}

/// A write's answer about a blob: its name, what it now is, and its metadata when the write says.
pub(crate) type Wrote = (String, BlobProperties, Option<Vec<(String, String)>>);

/// One thing a feature asks of the pane (`Effects` holds them in the order asked).
pub enum BlobCommand {
    /// Shows an outcome in words above the list.
    Say(Result<String, StorageError>),
    /// Clears what was said above the list.
    Hush,
    /// A one-off write sent, keyed by the blob it is for (None: the container).
    Op(InFlight<Option<String>, OpDone>),
    /// Reads again what is shown (the first page, the details, the container).
    Refresh,
    /// Lists the folder again from its first page.
    Relist,
    /// Reads one blob's properties again, if its details are shown.
    Reread(String),
    /// A write to a blob answered with what it now is.
    Wrote(Wrote),
    ClearSelection,
    /// Selects this blob alone and shows its details.
    Select(String),
    OpenFolder(String),
    /// Shows these rows in the folder's place (None: the folder again).
    ShowFound(Option<crate::app::blob::core::Found>),
    /// More rows for what is shown in the folder's place.
    FoundMore(Vec<BlobItem>),
    /// These blobs were deleted by this tab.
    Deleted(Vec<String>),
    /// Shows a preview of this blob (or one of its snapshots).
    Preview(String, Option<String>),
    /// Merges a read of the listing shown into its rows.
    MergeRead(crate::app::blob::rows::Read),
    /// Takes these rows out of the listing.
    DropRows(Vec<String>),
}

impl crate::app::context::commands::Command for BlobCommand {
    /// Several asks to read the folder again in one batch are one listing, after the rest: a relist (from the
    /// first page) holds a refresh.
    fn reads_again(&self) -> Option<u8> {
        match self {
            BlobCommand::Refresh => Some(1),
            BlobCommand::Relist => Some(2),
            _ => None,
        }
    }
}

/// What a feature asks of the pane, in the order asked; the pane carries it out after the feature's call returns.
#[derive(Default)]
pub struct Effects {
    pub(crate) commands: crate::app::context::commands::Commands<BlobCommand>,
}

impl Effects {
    /// Shows an outcome in words above the list.
    pub fn say(&mut self, outcome: Result<String, StorageError>) {
        self.commands.push(BlobCommand::Say(outcome));
    }

    /// Shows a failure in words above the list.
    pub fn fail(&mut self, e: StorageError) {
        self.say(Err(e));
    }

    /// Clears what was said above the list (the work it announced has moved on to a job).
    pub fn hush(&mut self) {
        self.commands.push(BlobCommand::Hush);
    }

    /// A one-off write sent (`PaneContext::send`): its words are shown, its lease change recorded, and what is
    /// shown read again when it answers.
    pub fn op(&mut self, blob: Option<String>, work: Pending<OpDone>) {
        let mut sent = InFlight::default();
        sent.add(blob, work);
        self.commands.push(BlobCommand::Op(sent));
    }

    /// Reads again what is shown (the first page, the details, the container).
    pub fn refresh(&mut self) {
        self.commands.push(BlobCommand::Refresh);
    }

    /// Lists the folder again from its first page (what the listing asks for changed).
    pub fn relist(&mut self) {
        self.commands.push(BlobCommand::Relist);
    }

    /// Reads one blob's properties again (after a write to it), if its details are shown.
    pub fn reread(&mut self, blob: &str) {
        self.commands.push(BlobCommand::Reread(blob.to_string()));
    }

    /// A write to a blob answered: what it now is (the answer's new ETag and time on what the write sent; its
    /// metadata, when the write says). The core and every feature take it in this frame, as they would a read of
    /// its properties, and nothing is read.
    pub fn wrote(&mut self, blob: &str, props: BlobProperties, metadata: Option<Vec<(String, String)>>) {
        self.commands
            .push(BlobCommand::Wrote((blob.to_string(), props, metadata)));
    }

    pub fn clear_selection(&mut self) {
        self.commands.push(BlobCommand::ClearSelection);
    }

    /// Selects this blob alone and shows its details.
    pub fn select(&mut self, blob: &str) {
        self.commands.push(BlobCommand::Select(blob.to_string()));
    }

    pub fn open_folder(&mut self, prefix: &str) {
        self.commands.push(BlobCommand::OpenFolder(prefix.to_string()));
    }

    /// Shows these rows in the folder's place (None: the folder again).
    pub fn show_found(&mut self, found: Option<crate::app::blob::core::Found>) {
        self.commands.push(BlobCommand::ShowFound(found));
    }

    /// More rows for what is shown in the folder's place.
    pub fn found_more(&mut self, rows: Vec<BlobItem>) {
        if !rows.is_empty() {
            self.commands.push(BlobCommand::FoundMore(rows));
        }
    }

    /// Shows a preview of this blob (or one of its snapshots) in its details.
    pub fn preview(&mut self, blob: &str, snapshot: Option<&str>) {
        self.commands
            .push(BlobCommand::Preview(blob.to_string(), snapshot.map(str::to_string)));
    }

    /// Merges a read of the listing shown into its rows, in place (what changed comes back as `RowsChanged`).
    pub fn merge_read(&mut self, read: crate::app::blob::rows::Read) {
        self.commands.push(BlobCommand::MergeRead(read));
    }

    /// Takes these rows out of the listing (rows a feature kept shown, dismissed).
    pub fn drop_rows(&mut self, names: Vec<String>) {
        if !names.is_empty() {
            self.commands.push(BlobCommand::DropRows(names));
        }
    }

    /// These blobs were deleted by this tab.
    pub fn deleted(&mut self, blobs: Vec<String>) {
        if !blobs.is_empty() {
            self.commands.push(BlobCommand::Deleted(blobs));
        }
    }
}

pub use crate::app::context::features::{AsAny, DetailsTab, Offer, Tool};

/// A container tab, as its features see it.
pub struct Blob;

impl crate::app::context::feature::PaneKind for Blob {
    type Core = BlobCore;
    type Effects = Effects;
    type Feature = dyn BlobFeature;
}

/// A feature of a container tab. Every hook has a default that does nothing: a feature implements the ones it
/// needs, and the pane calls them all, in the order the features were added.
#[allow(unused_variables)]
pub trait BlobFeature: Feature<Pane = Blob> {
    /// Something happened to the core.
    fn event(&mut self, event: &BlobEvent, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {}

    /// What a listing of the folder must include for this feature (deleted blobs, say).
    fn listing_options(&self, options: &mut ListBlobsOptions) {}

    /// Takes out of a listed page the rows that are this feature's (deleted blobs go to their own list).
    fn take_rows(&mut self, page: &mut BlobListing) {}

    /// A part of the row under the path (badges about the container).
    fn header_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {}

    /// Its controls above the list.
    fn controls_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {}

    /// Its buttons in the row of actions at the top of the selected blob's details.
    fn blob_actions_ui(
        &mut self,
        ui: &mut egui::Ui,
        blob: &str,
        core: &BlobCore,
        ctx: &mut PaneContext,
        fx: &mut Effects,
    ) {
    }

    /// Its tool, if its controls (`controls_ui`) are a form shown on demand: a toolbar button opens them in a
    /// strip under the toolbar.
    fn tool(&self) -> Option<Tool> {
        None
    }

    /// Whether its strip stays shown although not opened: it holds what the user must see (matches found, a
    /// count under way, the watch running).
    fn tool_in_use(&self, core: &BlobCore, ctx: &PaneContext) -> bool {
        false
    }

    /// Its entries in the toolbar's overflow menu (⋯): view options and rarely used actions.
    fn overflow_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {}

    /// The tab of the details its `blob_ui` and `container_ui` draw in.
    fn details_tab(&self) -> DetailsTab {
        DetailsTab::Properties
    }

    /// Its icon buttons in the toolbar over the list.
    fn toolbar_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {}

    /// Its part of the selected blob's details.
    fn blob_ui(&mut self, ui: &mut egui::Ui, blob: &str, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {}

    /// Its part of the container's details (no blob selected).
    fn container_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {}

    /// Its part between the details and the list (the lease timeline, the changes the watch saw).
    fn above_list_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {}

    /// Rows it keeps shown after they left the listing (the watch's vanished blobs, until dismissed).
    fn kept_rows(&self) -> Vec<&BlobItem> {
        Vec::new()
    }

    /// How often it reads the listing itself (the watch): the tab's own refresh then stands aside.
    fn reads_listing_every(&self) -> Option<std::time::Duration> {
        None
    }

    /// What it marks on a row of the list (a change the watch saw).
    fn mark(&self, blob: &str) -> Option<&crate::app::blob::rows::Mark> {
        None
    }

    /// The actions it offers on the selection (a row's context menu, their shortcuts).
    fn offers(&self, core: &BlobCore, ctx: &PaneContext, offers: &mut Vec<Offer>) {}

    /// Runs the offer it named `id` (chosen from the menu or by its shortcut).
    fn run_offer(&mut self, id: &str, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {}
}

/// The features of a container tab, in the order they draw.
pub type Features = crate::app::context::features::Features<dyn BlobFeature>;

impl<T: BlobFeature> crate::app::context::feature::IntoFeature<dyn BlobFeature> for T {
    fn boxed(self) -> Box<dyn BlobFeature> {
        Box::new(self)
    }
}

impl Features {
    /// Every feature's offers on the selection, with the place of the feature that offers each.
    pub fn offers(&self, core: &BlobCore, ctx: &PaneContext) -> Vec<(usize, Offer)> {
        let mut all = Vec::new();
        for (at, f) in self.iter().enumerate() {
            let mut mine = Vec::new();
            f.offers(core, ctx, &mut mine);
            all.extend(mine.into_iter().map(|o| (at, o)));
        }
        all
    }

    /// Rows features keep shown after they left the listing.
    pub fn kept_rows(&self) -> Vec<BlobItem> {
        self.0.iter().flat_map(|f| f.kept_rows()).cloned().collect()
    }

    /// How often a feature reads the listing itself, if one does.
    pub fn reads_listing_every(&self) -> Option<std::time::Duration> {
        self.0.iter().find_map(|f| f.reads_listing_every())
    }

    /// What a feature marks on a row.
    pub fn mark(&self, blob: &str) -> Option<&crate::app::blob::rows::Mark> {
        self.0.iter().find_map(|f| f.mark(blob))
    }
}
