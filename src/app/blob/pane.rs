//! A container tab's state: virtual folders (or flat), paged listing with "load more", live lease and ETag
//! indicators, the selected blob's details, and the polling that brings results in. Actions on blobs are in
//! `actions`, uploads and downloads in `transfers`, drawing in `view` and `details`.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};

pub use crate::app::blob::core::Details;
use crate::app::blob::core::Page;
use crate::app::context::InFlight;
use crate::app::context::PaneContext;
use crate::app::context::leases::LeaseKey;
use crate::storage::StorageError;
use crate::storage::blob::{BlobProperties, ListBlobsOptions};

/// How often the indicators refresh while the tab is shown.
pub const REFRESH_EVERY: Duration = Duration::from_secs(5);

pub use crate::app::blob::features::transfers::UploadMode;
pub use crate::app::context::sent::{LeaseChange, OpDone};

/// A container tab: the pane shell (`context::shell::Shell`) with the container's core (`BlobCore`) and
/// features (`feature::BlobFeature`), and its own part (`BlobOwn`).
pub type BlobPane = crate::app::context::shell::Shell<crate::app::blob::feature::Blob, BlobOwn>;

/// What a container tab holds itself, neither its core's nor a feature's.
pub struct BlobOwn {
    /// One-off writes sent (`PaneContext::send`), each answering with its words and lease change.
    pub(super) ops: InFlight<Option<String>, OpDone>,
    pub(crate) message: Option<Result<String, StorageError>>,
    /// Set when an upload or delete job ended: refresh at once rather than at the next tick.
    pub(crate) refresh_now: bool,
}

impl BlobPane {
    /// The share of the pane's height the list was given in the last frame.
    pub fn list_share(&self) -> f32 {
        self.chrome.list_height / self.chrome.pane_height.max(1.0)
    }

    /// Opens a tool's form (by the tool's name), as its toolbar button does.
    pub fn open_tool(&mut self, name: &'static str) {
        self.chrome.tool = Some(name);
    }

    /// Runs what a feature offered (from a row's menu, or by its shortcut), then does what it asked of the pane.
    pub fn run_offer(&mut self, ctx: &mut PaneContext, at: usize, id: &str) {
        // An action on the selection wants its details now, not when the cursor would have rested (F2's Rename
        // box is in them).
        if let Some((name, _)) = self.core.selection.details_due.take() {
            self.load_details(ctx, &name);
        }
        let mut fx = crate::app::blob::feature::Effects::default();
        if let Some(f) = self.features.at_mut(at) {
            f.run_offer(id, &self.core, ctx, &mut fx);
        }
        self.apply(ctx, fx);
    }

    /// Find in names' search shown, with its matches, if one is.
    pub fn name_search(&self) -> Option<crate::app::blob::features::name_search::SearchShown<'_>> {
        let f = self.feature::<crate::app::blob::features::name_search::FindInNames>()?;
        Some(crate::app::blob::features::name_search::SearchShown {
            search: f.search.as_ref()?,
            found: &self.core.listed.found.as_ref()?.rows,
        })
    }

    /// The tags as the user is editing them (once they have been read).
    pub fn tags_draft(
        &self,
        blob: &str,
    ) -> Option<&crate::app::context::draft::Draft<crate::app::blob::features::tags_edit::TagList>> {
        self.feature::<crate::app::blob::features::tags_edit::Tags>()?
            .draft(blob)
    }

    /// Whether the container's stored access policies hold unsaved changes.
    pub fn policies_dirty(&self) -> bool {
        self.feature::<crate::app::blob::features::container_edit::ContainerSettings>()
            .is_some_and(|c| c.policies_dirty())
    }

    /// The ids of the container's stored access policies as the form shows them.
    pub fn policy_ids(&self) -> Vec<&str> {
        self.feature::<crate::app::blob::features::container_edit::ContainerSettings>()
            .map(|c| c.policy_ids())
            .unwrap_or_default()
    }

    /// Sorts the list by a column as a click on its title does (ascending, then descending, then by name).
    pub fn sort_by(&mut self, key: crate::app::blob::listed::SortKey) {
        self.core.listed.order.click(key);
    }

    /// The column the list is sorted by and whether ascending (None: by name), and whether the order shown is
    /// not yet that one (being worked out, or waiting for Load all to end).
    pub fn sorting(&self) -> (Option<(crate::app::blob::listed::SortKey, bool)>, bool) {
        let listed = &self.core.listed;
        let (_, range) = crate::app::blob::listing::in_view(&listed.folders, &listed.blobs, &self.filter_start());
        (listed.order.by(), listed.order.is_pending(&listed.blobs, &range))
    }

    /// The bytes this tab holds for what it listed: the rows, the rows found in their place, a sort's order.
    pub fn held_bytes(&self) -> usize {
        let found = self.core.listed.found.as_ref().map_or(0, |f| f.rows.heap_size());
        self.core.listed.blobs.heap_size() + found + self.core.listed.order.heap_size()
    }

    /// The blobs listed so far in the folder shown (or flat), compactly: `get` reads a row whole.
    pub fn blobs(&self) -> &crate::app::blob::listed::ListedBlobs {
        &self.core.listed.blobs
    }

    /// The container shown.
    pub fn container(&self) -> &str {
        &self.core.container
    }

    /// The folder shown, as a prefix ending in `/` (empty at the top).
    pub fn prefix(&self) -> &str {
        &self.core.prefix
    }

    /// Where the next page starts, when there is one.
    pub fn next_marker(&self) -> Option<&str> {
        self.core.listed.next_marker.as_deref()
    }

    /// The last one-off action's outcome, in words.
    pub fn message(&self) -> Option<&Result<String, StorageError>> {
        self.own.message.as_ref()
    }

    /// The address under which egui holds the image preview shown now, if one is.
    pub fn shown_image(&self) -> Option<&str> {
        let previews = self.features.get::<crate::app::blob::features::preview::Previews>()?;
        previews.shown_image.as_deref()
    }

    /// The selected blob's properties, once they have arrived.
    /// The blob whose details are shown (or being read).
    pub fn shown_blob(&self) -> Option<&str> {
        self.core.shown_blob()
    }

    pub fn selected_properties(&self) -> Option<&BlobProperties> {
        self.core.details.as_ref().and_then(|d| d.props.as_ref())
    }

    /// What typing into a blob's metadata and header fields changes (once its properties have been read).
    pub fn draft_mut(
        &mut self,
        blob: &str,
    ) -> Option<&mut crate::app::context::draft::Draft<crate::app::blob::features::details_form::BlobForm>> {
        self.features
            .get_mut::<crate::app::blob::features::details_form::PropertiesForm>()?
            .get_mut(blob)
    }

    /// A blob's metadata and headers as the user is editing them (once its properties have been read).
    pub fn draft(
        &self,
        blob: &str,
    ) -> Option<&crate::app::context::draft::Draft<crate::app::blob::features::details_form::BlobForm>> {
        self.feature::<crate::app::blob::features::details_form::PropertiesForm>()?
            .get(blob)
    }

    /// The folders listed so far in the folder shown (each ends with `/`).
    pub fn folders(&self) -> &[String] {
        &self.core.listed.folders
    }

    /// The selected blobs and folders, by name.
    pub fn selection(&self) -> &BTreeSet<String> {
        &self.core.selection.names
    }

    /// Whether Load all lists in parts at once (the default) or follows the one marker chain.
    pub fn set_listing_in_parts(&mut self, on: bool) {
        self.core.reading.in_parts = on;
    }

    /// What the page size box sets: blobs and folders per listing page.
    pub fn set_page_size(&mut self, size: u32) {
        self.core.reading.page_size = size;
    }

    /// The Flat listing box: names with every `/` in them, no folders (list again to apply).
    pub fn set_flat(&mut self, flat: bool) {
        self.core.view.flat = flat;
    }

    /// Whether a listing (first page, more, or a refresh) is under way.
    pub fn is_listing(&self) -> bool {
        !self.core.reading.listing.is_empty() || !self.core.reading.refreshing.is_empty()
    }

    /// What the Uploads choice sets.
    pub fn set_upload_mode(&mut self, mode: UploadMode) {
        if let Some(t) = self
            .features
            .get_mut::<crate::app::blob::features::transfers::Transfers>()
        {
            t.mode = mode;
        }
    }

    /// Uploads files into the folder shown, as Upload files… does.
    pub fn upload(&mut self, ctx: &mut PaneContext, files: Vec<PathBuf>) {
        use crate::app::blob::features::transfers::Transfers;
        self.with_feature(ctx, |t: &mut Transfers, core, ctx, _| t.upload(core, ctx, files));
    }

    /// Uploads a folder into the folder shown, as Upload folder… does.
    pub fn upload_folder(&mut self, ctx: &mut PaneContext, root: PathBuf) {
        use crate::app::blob::features::transfers::Transfers;
        self.with_feature(ctx, |t: &mut Transfers, core, ctx, _| t.upload_folder(core, ctx, root));
    }

    pub fn new(account: &str, container: &str) -> Self {
        BlobPane {
            core: crate::app::blob::core::BlobCore::new(account, container),
            // In the order they draw: the selected blob's details first, then what works on the listing.
            features: crate::app::blob::feature::Features::default()
                .with(crate::app::blob::features::lease_history::LeaseHistory::default())
                .with(crate::app::blob::features::watch::ContainerWatch::default())
                .with(crate::app::blob::features::find_tags::FindByTags::default())
                .with(crate::app::blob::features::copy_paste::CopyPaste::default())
                .with(crate::app::blob::features::tiers::Tiers::default())
                .with(crate::app::blob::features::append_page::AppendPage::default())
                .with(crate::app::blob::features::tags_edit::Tags::default())
                .with(crate::app::blob::features::snapshots::Snapshots::default())
                .with(crate::app::blob::features::details_form::PropertiesForm::default())
                .with(crate::app::blob::features::leases::Leases::default())
                .with(crate::app::blob::features::sas::SasUrls::default())
                .with(crate::app::blob::features::versions::Versions::default())
                .with(crate::app::blob::features::preview::Previews::default())
                .with(crate::app::blob::features::deleted::DeletedBlobs::default())
                .with(crate::app::blob::features::name_search::FindInNames::default())
                .with(crate::app::blob::features::folder_stats::Statistics::default())
                .with(crate::app::blob::features::delete::DeleteBlobs::default())
                .with(crate::app::blob::features::bulk_edit::BulkEdit::default())
                .with(crate::app::blob::features::transfers::Transfers::default())
                .with(crate::app::blob::features::compare_view::Compare::default())
                .with(crate::app::blob::features::container_edit::ContainerSettings::new(
                    container,
                )),
            chrome: Default::default(),
            own: BlobOwn {
                ops: InFlight::default(),
                message: None,
                refresh_now: false,
            },
        }
    }

    pub fn key(&self, blob: Option<&str>) -> LeaseKey {
        LeaseKey::new(&self.core.account, &self.core.container, blob)
    }

    /// Saves the shown blob's metadata and headers, as its Save properties button does.
    pub fn save_details(&mut self, ctx: &mut PaneContext, force: bool) {
        use crate::app::blob::features::details_form::PropertiesForm;
        let Some(blob) = self.core.shown_blob().map(str::to_string) else {
            return;
        };
        let saved = self.with_feature(ctx, |f: &mut PropertiesForm, core, ctx, _| {
            f.save(core, ctx, &blob, force)
        });
        if let Some(Err(e)) = saved {
            self.own.message = Some(Err(e));
        }
    }

    pub fn is_busy(&self) -> bool {
        self.core.reading.busy() || !self.own.ops.is_empty() || self.features.busy() || self.features.sending()
    }

    /// How soon the tab needs a frame without input: its indicators' refresh, or a watch's reads.
    pub fn next_tick(&self) -> Duration {
        self.features.reads_listing_every().unwrap_or(REFRESH_EVERY)
    }

    /// Whether the selected blob's properties are being read.
    pub fn is_reading_details(&self) -> bool {
        self.core.details.as_ref().is_some_and(|d| !d.loading.is_empty())
    }

    pub fn is_loading_all(&self) -> bool {
        self.core.reading.all_pages.is_some()
    }

    pub(super) fn options(&self, marker: Option<String>) -> ListBlobsOptions {
        let mut options = ListBlobsOptions {
            prefix: Some(self.core.view.searched.as_ref().unwrap_or(&self.core.prefix).clone())
                .filter(|p| !p.is_empty()),
            delimiter: (!self.core.view.flat).then(|| "/".to_string()),
            marker,
            max_results: Some(self.core.reading.page_size),
            include_metadata: false,
            include_snapshots: self.core.view.show_snapshots,
            include_tags: self.core.view.show_tags,
            ..Default::default()
        };
        // What features need listed with the blobs (deleted ones, say).
        for f in self.features.iter() {
            f.listing_options(&mut options);
        }
        options
    }

    /// Lists the current folder from its first page (the first page shows at once; more on request).
    pub fn list(&mut self, ctx: &mut PaneContext) {
        self.core.started = true;
        self.core.reading.memory.reset();
        self.core.listed.start_again();
        self.core.selection.clear();
        // A refresh of the folder left behind must not merge its rows into this one, nor its pages stream in;
        // nor a watch read that covered more rows than this listing will hold.
        self.core.reading.refreshing.clear();
        self.core.reading.all_pages = None;
        let (client, container, options) = (ctx.client.clone(), self.core.container.clone(), self.options(None));
        self.core.reading.first_page = options.clone();
        self.core.reading.listing.clear();
        self.core.reading.listing.start(
            Page::First,
            ctx.backend
                .spawn(async move { client.list_blobs(&container, &options).await }),
        );
        self.core.reading.last_refresh = Instant::now();
        self.dispatch(ctx, crate::app::blob::feature::BlobEvent::Listing);
    }

    pub fn load_more(&mut self, ctx: &mut PaneContext) {
        let Some(marker) = self.core.listed.next_marker.clone() else {
            return;
        };
        if self.core.reading.busy() {
            return;
        }
        let (client, container, options) = (
            ctx.client.clone(),
            self.core.container.clone(),
            self.options(Some(marker)),
        );
        self.core.reading.listing.start(
            Page::Next,
            ctx.backend
                .spawn(async move { client.list_blobs(&container, &options).await }),
        );
    }

    /// Re-reads the first page of this folder and updates lease, ETag and size of the blobs shown, and the
    /// details shown (after a change: a write, a job).
    pub fn refresh_indicators(&mut self, ctx: &mut PaneContext) {
        self.refresh_first_page(ctx, true);
    }

    /// `refresh_indicators`; `changed`: a change asked for it, else the timer did (`reread_details`).
    fn refresh_first_page(&mut self, ctx: &mut PaneContext, changed: bool) {
        if self.core.reading.busy() {
            // The listing under way may predate the change being shown: refresh once it has landed.
            self.own.refresh_now = true;
            return;
        }
        self.own.refresh_now = false;
        // A refresh already under way may have been answered before the change: dropped (that aborts it) by
        // the one started for the same page.
        let (client, container, options) = (ctx.client.clone(), self.core.container.clone(), self.options(None));
        self.core.reading.first_page = options.clone();
        self.core.reading.refreshing.start(
            Page::First,
            ctx.backend
                .spawn(async move { client.list_blobs(&container, &options).await }),
        );
        self.core.reading.last_refresh = Instant::now();
        self.reread_details(ctx, changed);
        self.dispatch(ctx, crate::app::blob::feature::BlobEvent::Refreshed);
    }

    /// Tells every feature what happened, then does what they asked.
    pub(crate) fn dispatch(&mut self, ctx: &mut PaneContext, event: crate::app::blob::feature::BlobEvent) {
        let fx = self
            .features
            .each(&self.core, ctx, |f, core, ctx, fx| f.event(&event, core, ctx, fx));
        self.apply(ctx, fx);
    }

    /// Does what features asked of the pane, in the order they asked (`context::commands`).
    pub(crate) fn apply(&mut self, ctx: &mut PaneContext, fx: crate::app::blob::feature::Effects) {
        for command in fx.commands.in_order() {
            self.run(ctx, command);
        }
    }

    /// Does one thing a feature asked.
    fn run(&mut self, ctx: &mut PaneContext, command: crate::app::blob::feature::BlobCommand) {
        use crate::app::blob::feature::{BlobCommand as C, BlobEvent};
        match command {
            C::Say(said) => self.own.message = Some(said),
            C::Hush => self.own.message = None,
            C::Op(sent) => self.own.ops.append(sent),
            C::ShowFound(found) => {
                // Rows in the folder's place (or the folder again): a selection of the rows before goes.
                self.core.listed.found = found;
                self.core.selection.names.clear();
            }
            C::FoundMore(rows) => {
                if let Some(found) = &mut self.core.listed.found {
                    found.rows.extend(rows);
                }
            }
            C::Preview(blob, snapshot) => {
                let snapshot = snapshot.as_deref();
                self.dispatch(ctx, BlobEvent::PreviewAsked { blob: &blob, snapshot });
            }
            C::Deleted(blobs) => self.dispatch(ctx, BlobEvent::Deleted(&blobs)),
            C::ClearSelection => {
                self.core.selection.names.clear();
                self.core.details = None;
                self.dispatch(ctx, BlobEvent::Selected(None));
            }
            C::Select(blob) => self.select(ctx, &blob, false),
            C::OpenFolder(prefix) => self.open_folder(ctx, &prefix),
            C::Reread(blob) => self.read_properties(ctx, &blob),
            C::Wrote((blob, props, metadata)) => self.take_written(ctx, &blob, props, metadata),
            C::MergeRead(read) => self.merge_read(ctx, read),
            C::DropRows(names) => self.drop_rows(&names),
            C::Relist => self.list(ctx),
            C::Refresh => self.refresh_indicators(ctx),
        }
    }

    /// Every feature's poll, then what they asked.
    fn poll_features(&mut self, ctx: &mut PaneContext) {
        let fx = self.features.poll(&self.core, ctx);
        self.apply(ctx, fx);
    }

    pub fn poll(&mut self, ctx: &mut PaneContext) {
        self.poll_features(ctx);
        self.details_when_due(ctx);
        if let Some((page, result)) = self.core.reading.listing.take() {
            let more = page == Page::Next;
            match result {
                Ok(mut listing) => {
                    self.keep_snapshots(&mut listing);
                    if !more {
                        self.core.listed.blobs = Default::default();
                        self.core.listed.folders.clear();
                    }
                    self.drop_shown(&mut listing);
                    let shown = std::mem::take(&mut self.core.listed.shown_before);
                    self.page_listed(ctx, &listing.blobs, &shown);
                    self.core.blobs_mut().extend(listing.blobs);
                    self.core.listed.folders.extend(listing.prefixes);
                    self.core.listed.next_marker = listing.next_marker;
                    if !more {
                        self.rows_replaced(ctx);
                    }
                }
                Err(e) => {
                    self.core.listed.shown_before = Default::default();
                    self.core.listed.error = Some(e);
                }
            }
        }
        self.take_streamed_pages(ctx);
        // The order of a sort by a column, for the rows the filter shows (none while Load all runs).
        let (_, range) = crate::app::blob::listing::in_view(
            &self.core.listed.folders,
            &self.core.listed.blobs,
            &self.filter_start(),
        );
        let hold = self.core.reading.all_pages.is_some();
        self.core
            .listed
            .order
            .poll(&self.core.listed.blobs, range, hold, ctx.backend);
        // A refresh waits while a sort still reads the rows (a moment), rather than the rows being copied for it.
        let shared = std::sync::Arc::strong_count(&self.core.listed.blobs) > 1;
        let refreshed = if shared {
            None
        } else {
            self.core.reading.refreshing.take()
        };
        if let Some((_, Ok(mut listing))) = refreshed {
            self.keep_snapshots(&mut listing);
            let shown = std::mem::take(&mut self.core.listed.blobs);
            self.page_listed(ctx, &listing.blobs, &shown);
            self.core.listed.blobs = shown;
            crate::app::blob::listing::merge_first_page(
                std::sync::Arc::make_mut(&mut self.core.listed.blobs),
                &mut self.core.listed.folders,
                &mut self.core.selection.names,
                listing,
            );
            self.rows_replaced(ctx);
        }
        self.poll_details(ctx);
        for (_, done) in self.own.ops.ready() {
            if let Some(change) = done.lease {
                change.apply(ctx.leases);
            }
            self.own.message = Some(done.message);
            self.refresh_indicators(ctx);
        }
        // A change asks at once; the timer waits for the refresh under way, so a slow endpoint still answers.
        // A watch reads the listing on its own interval, and more of it: no first-page refresh beside it.
        let due = self.core.reading.last_refresh.elapsed() >= REFRESH_EVERY
            && self.core.reading.refreshing.is_empty()
            && self.features.reads_listing_every().is_none();
        if self.core.started && self.core.shown && (self.own.refresh_now || due) {
            self.refresh_first_page(ctx, self.own.refresh_now);
        }
    }
}
