//! What a container tab has listed so far: its folders and blobs (each sorted by name, as the service lists
//! them), a fresh first page merged into them, and the name filter's window onto them.

use std::collections::BTreeSet;
use std::ops::Range;
use std::sync::Arc;

use crate::app::blob::listed::{ListedBlobs, Shown};
use crate::app::blob::pane::BlobPane;
use crate::app::blob::rows::folder_at;
use crate::app::blob::walk::Walk;
use crate::app::context::PaneContext;
use crate::storage::blob::{BlobItem, BlobListing};
use crate::storage::listing_order;

/// How long the cursor rests on a blob before its details are read.
pub const DETAILS_AFTER: std::time::Duration = std::time::Duration::from_millis(250);

impl BlobPane {
    /// Loads page after page until the listing ends (Stop ends it sooner; what arrived stays). The rest is
    /// listed in parts at once (`list_in_parts`), unless snapshots or deleted blobs are listed too: their rows
    /// share a name with their blob, which a part's cut by name would split.
    pub fn load_all(&mut self, ctx: &mut PaneContext) {
        let Some(marker) = self.core.listed.next_marker.clone() else {
            return;
        };
        if self.core.reading.busy() {
            return;
        }
        let options = self.options(Some(marker));
        let (client, container) = (ctx.client.clone(), self.core.container.clone());
        // Whole pages: Load all shows everything listed.
        let stream = match options.include_snapshots || options.include_deleted || !self.core.reading.in_parts {
            true => Walk::start(ctx.backend, client, container, vec![options], |page| page),
            false => Walk::in_parts(ctx.backend, client, container, options, self.last_shown(), |page| page),
        };
        self.core.reading.all_pages = Some(stream);
    }

    /// The greatest name shown, blob or folder: a listing's next page starts after it.
    fn last_shown(&self) -> String {
        let blob = self.core.listed.blobs.last_name().unwrap_or_default();
        let folder = self.core.listed.folders.last().map(String::as_str).unwrap_or_default();
        std::cmp::max_by(blob, folder, |a, b| listing_order(a, b)).to_string()
    }

    /// Drops from a page that continues the list what is shown already: a listing resumed from a part's marker
    /// (Load more or Load all after a Stop) lists that part's last page again. The rows are sorted by name, so
    /// what is shown is what is not past the last row. (A page's snapshots were taken out of it first.)
    pub(super) fn drop_shown(&self, listing: &mut BlobListing) {
        if let Some(last) = self.core.listed.blobs.last_name() {
            listing.blobs.retain(|b| listing_order(&b.name, last).is_gt());
        }
        if let Some(last) = self.core.listed.folders.last() {
            listing.prefixes.retain(|f| listing_order(f, last).is_gt());
        }
    }

    /// Tells the features a page arrived (the lease timeline records its lease states). `before` is what the
    /// view showed before this page.
    pub(super) fn page_listed(&mut self, ctx: &mut PaneContext, page: &[BlobItem], before: &ListedBlobs) {
        self.dispatch(ctx, crate::app::blob::feature::BlobEvent::PageListed { page, before });
    }

    /// After a listing replaced or merged the rows: features hear it (the watch forgets marks made for another
    /// listing), then the rows they keep shown (vanished ones) go back in place, up to the last name loaded.
    pub(super) fn rows_replaced(&mut self, ctx: &mut PaneContext) {
        self.dispatch(ctx, crate::app::blob::feature::BlobEvent::Listed);
        let end = self.core.loaded_end();
        let kept = self.features.kept_rows();
        // Only when there are rows to put back: changing the rows copies them if a sort still reads them.
        if !kept.is_empty() {
            crate::app::blob::rows::keep_rows(self.core.blobs_mut(), &kept, end.as_deref());
        }
    }

    /// Merges a read of the listing shown (the watch's) into the rows in place: the rows kept shown out first
    /// (so one back is news and one still gone is not news twice), what changed told to the features, the kept
    /// rows back; the selected blob's details read again if it changed.
    pub(super) fn merge_read(&mut self, ctx: &mut PaneContext, mut read: crate::app::blob::rows::Read) {
        let mut page = BlobListing {
            blobs: std::mem::take(&mut read.blobs),
            ..Default::default()
        };
        self.keep_snapshots(&mut page);
        let shown = std::mem::take(&mut self.core.listed.blobs);
        self.page_listed(ctx, &page.blobs, &shown);
        self.core.listed.blobs = shown;
        read.blobs = page.blobs;
        // Never past the rows held now: names beyond them are for Load more.
        let end = self.core.loaded_end();
        read.covered_to = match (read.covered_to.take(), end.clone()) {
            (Some(a), Some(b)) => Some(std::cmp::min_by(a, b, |a, b| listing_order(a, b))),
            (a, b) => a.or(b),
        };
        let kept: std::collections::HashSet<String> = self.features.kept_rows().into_iter().map(|b| b.name).collect();
        self.core.blobs_mut().retain(|_, name| !kept.contains(name));
        let core = &mut self.core;
        let found =
            crate::app::blob::rows::merge(Arc::make_mut(&mut core.listed.blobs), &mut core.listed.folders, read);
        self.dispatch(ctx, crate::app::blob::feature::BlobEvent::RowsChanged(&found));
        let kept = self.features.kept_rows();
        if !kept.is_empty() {
            crate::app::blob::rows::keep_rows(self.core.blobs_mut(), &kept, end.as_deref());
        }
        let selected = self.core.details.as_ref().map(|d| d.name.clone());
        if let Some(name) = selected.filter(|n| found.iter().any(|c| &c.name == n)) {
            self.load_details(ctx, &name);
        }
        self.core.reading.last_refresh = std::time::Instant::now();
    }

    /// The rows the list shows that can be selected, in its order: the folders, then the blobs (or the rows
    /// found in the folder's place). A snapshot's row is reached with the mouse.
    pub(crate) fn shown_rows(&self) -> (&[String], Shown<'_>) {
        match &self.core.listed.found {
            Some(found) => (&[], found.rows.all()),
            None => {
                let (folders, blobs) =
                    in_view(&self.core.listed.folders, &self.core.listed.blobs, &self.filter_start());
                (
                    &self.core.listed.folders[folders],
                    self.core.listed.order.shown(&self.core.listed.blobs, blobs),
                )
            }
        }
    }

    /// Selects the rows `range` of `shown_rows` (the keys' and Shift+click's selection); the details follow
    /// `cursor`, the row the keyboard or the mouse is on.
    pub(crate) fn select_shown(
        &mut self,
        ctx: &mut PaneContext,
        range: std::ops::RangeInclusive<usize>,
        cursor: usize,
    ) {
        let at = self.pick_shown(range, cursor);
        if !at.ends_with('/') {
            self.load_details(ctx, &at);
        }
    }

    /// As `select_shown`, for a key: the details follow once the cursor rests (`DETAILS_AFTER`), so a key held
    /// down costs one blob's reads.
    pub(crate) fn select_shown_by_key(&mut self, range: std::ops::RangeInclusive<usize>, cursor: usize) {
        let at = self.pick_shown(range, cursor);
        self.core.selection.details_due = (!at.ends_with('/')).then(|| (at, std::time::Instant::now() + DETAILS_AFTER));
    }

    /// Makes the rows `range` of `shown_rows` the selection; the name of the row at `cursor`.
    fn pick_shown(&mut self, range: std::ops::RangeInclusive<usize>, cursor: usize) -> String {
        let (folders, blobs) = self.shown_rows();
        let name = |at: usize| match at.checked_sub(folders.len()) {
            None => folders[at].clone(),
            Some(b) => blobs.name(b).to_string(),
        };
        let (picked, at): (BTreeSet<String>, String) = (range.map(name).collect(), name(cursor));
        self.core.selection.names = picked;
        at
    }

    /// Reads the details the keys asked for, once the cursor has rested.
    pub(crate) fn details_when_due(&mut self, ctx: &mut PaneContext) {
        let due = self
            .core
            .selection
            .details_due
            .as_ref()
            .is_some_and(|(_, at)| std::time::Instant::now() >= *at);
        if let Some((name, _)) = due.then(|| self.core.selection.details_due.take()).flatten() {
            self.load_details(ctx, &name);
        }
    }

    /// The list's arrows, Page Up/Down, Home and End (`list_keys`), over the rows shown.
    pub(crate) fn cursor_keys(&mut self, ui: &egui::Ui, ctx: &mut PaneContext, page: usize) {
        use crate::app::widgets::list_keys::Step;
        let start = self.filter_start();
        let core = &mut self.core;
        let (folders, blobs) = match &core.listed.found {
            Some(found) => (&[][..], found.rows.all()),
            None => {
                let (f, b) = in_view(&core.listed.folders, &core.listed.blobs, &start);
                (&core.listed.folders[f], core.listed.order.shown(&core.listed.blobs, b))
            }
        };
        let len = folders.len() + blobs.len();
        let position = |name: &String| match name.ends_with('/') {
            true => folder_at(folders, name).ok(),
            false => blobs.position(name).ok().map(|b| folders.len() + b),
        };
        let key_at = |at: usize| match at.checked_sub(folders.len()) {
            None => folders[at].clone(),
            Some(b) => blobs.name(b).to_string(),
        };
        let Some(step) = core.selection.cursor.keys(ui, len, page, position, key_at) else {
            return;
        };
        core.selection.scroll_to = core.selection.cursor.at.clone();
        match step {
            Step::Select { .. } => self.select_shown_by_key(step.range().unwrap_or(0..=0), step.cursor()),
            Step::Toggle(_) => {
                let Some(name) = self.core.selection.cursor.at.clone() else {
                    return;
                };
                match name.ends_with('/') {
                    true => self.select_folder(&name, true),
                    false => self.select(ctx, &name, true),
                }
            }
            Step::Move(_) => {}
        }
    }

    /// The list row (snapshot rows counted) of a row of `shown_rows`, given the snapshot marks of its blobs.
    pub(crate) fn list_row(&self, name: &str, marks: &[(usize, usize)]) -> Option<usize> {
        let (folders, blobs) = self.shown_rows();
        if name.ends_with('/') {
            return folder_at(folders, name).ok();
        }
        let b = blobs.position(name).ok()?;
        let above: usize = marks.iter().filter(|(blob, _)| *blob < b).map(|(_, n)| n).sum();
        Some(folders.len() + b + above)
    }

    /// Takes these rows out of the listing and the selection.
    pub(super) fn drop_rows(&mut self, names: &[String]) {
        self.core.blobs_mut().retain(|_, name| !names.iter().any(|n| n == name));
        self.core.selection.names.retain(|n| !names.contains(n));
    }

    /// A click on a folder's row selects it (for download); with Ctrl (`add`) it toggles, as for a blob.
    pub fn select_folder(&mut self, name: &str, add: bool) {
        if !add {
            self.core.selection.names.clear();
        }
        if !self.core.selection.names.insert(name.to_string()) && add {
            self.core.selection.names.remove(name);
        }
    }

    /// Ctrl+A: every blob the list shows (the folder's rows in view, or the rows found in its place).
    pub fn select_all_shown(&mut self) {
        let names: Vec<String> = match &self.core.listed.found {
            Some(found) => found.rows.names().map(str::to_string).collect(),
            None => {
                let (_, blobs) = in_view(&self.core.listed.folders, &self.core.listed.blobs, &self.filter_start());
                self.core
                    .listed
                    .order
                    .shown(&self.core.listed.blobs, blobs)
                    .names()
                    .map(str::to_string)
                    .collect()
            }
        };
        self.core.selection.names = names.into_iter().collect();
    }

    pub fn select(&mut self, ctx: &mut PaneContext, name: &str, add: bool) {
        // A click's details are read at once; a key's waiting for the cursor to rest are not wanted any more.
        self.core.selection.details_due = None;
        if !add {
            self.core.selection.names.clear();
        }
        if !self.core.selection.names.insert(name.to_string()) && add {
            self.core.selection.names.remove(name);
        }
        self.load_details(ctx, name);
    }

    /// Takes a page's snapshots (listed when Show snapshots is on) out of its blobs, by base blob: the listing
    /// keeps one row per name, which its binary searches and merges rely on. A page re-read (a refresh) replaces
    /// the snapshots of the blobs it lists.
    pub(super) fn keep_snapshots(&mut self, listing: &mut BlobListing) {
        // Deleted blobs (listed when Show deleted blobs is on) go to their own list the same way.
        for f in self.features.iter_mut() {
            f.take_rows(listing);
        }
        if !listing.blobs.iter().any(|b| b.snapshot.is_some()) {
            return;
        }
        let (snaps, blobs): (Vec<BlobItem>, Vec<BlobItem>) = std::mem::take(&mut listing.blobs)
            .into_iter()
            .partition(|b| b.snapshot.is_some());
        listing.blobs = blobs;
        let mut by_base: std::collections::BTreeMap<String, Vec<BlobItem>> = Default::default();
        for s in snaps {
            by_base.entry(s.name.clone()).or_default().push(s);
        }
        self.core.listed.snapshots_of.extend(by_base);
    }

    /// Where snapshot rows fall among `blobs` (the rows shown): each blob that has snapshots, with how many, in
    /// blob order. Only the blobs with snapshots are looked at, so a frame over a million blobs costs no more.
    pub fn snapshot_marks(&self, blobs: &Shown) -> Vec<(usize, usize)> {
        let mut marks: Vec<(usize, usize)> = self
            .core
            .listed
            .snapshots_of
            .iter()
            .filter_map(|(name, snaps)| {
                let i = blobs.position(name).ok()?;
                Some((i, snaps.len()))
            })
            .collect();
        // In the list's order: a sort by another column makes it other than the names', and the map's own order
        // is `str`'s, not the service's the rows are in.
        marks.sort_unstable();
        marks
    }

    /// Opens a folder (its listing from the first page); the filter, and a search of it, were for the one left,
    /// and so were the results of Find in names.
    pub fn open_folder(&mut self, ctx: &mut PaneContext, prefix: &str) {
        self.core.back.push(self.core.prefix.clone());
        self.show_folder(ctx, prefix.to_string());
    }

    pub fn go_back(&mut self, ctx: &mut PaneContext) {
        if let Some(p) = self.core.back.pop() {
            self.show_folder(ctx, p);
        }
    }

    /// Shows another folder (opened, or gone back to) and lists it.
    fn show_folder(&mut self, ctx: &mut PaneContext, prefix: String) {
        self.core.prefix = prefix;
        self.core.details = None;
        // Another folder's names: the filter (and a search of it) was for the one left.
        self.core.view.name_filter.clear();
        self.core.view.searched = None;
        self.core.listed.found = None;
        self.dispatch(ctx, crate::app::blob::feature::BlobEvent::FolderChanged);
        self.list(ctx);
    }

    pub fn go_up(&mut self, ctx: &mut PaneContext) {
        if self.core.prefix.is_empty() {
            return;
        }
        let trimmed = self.core.prefix.trim_end_matches('/');
        let parent = match trimmed.rfind('/') {
            Some(i) => trimmed[..=i].to_string(),
            None => String::new(),
        };
        self.open_folder(ctx, &parent);
    }

    /// The folders from the root to here, as (label, prefix) pairs for the breadcrumbs.
    pub fn breadcrumbs(&self) -> Vec<(String, String)> {
        let mut crumbs = vec![(self.core.container.clone(), String::new())];
        let mut acc = String::new();
        for part in self.core.prefix.split('/').filter(|p| !p.is_empty()) {
            acc.push_str(part);
            acc.push('/');
            crumbs.push((part.to_string(), acc.clone()));
        }
        crumbs
    }

    /// The full-name start the filter shows: the folder's prefix (flat listings show full names) and the text.
    pub fn filter_start(&self) -> String {
        if self.core.view.flat {
            self.core.view.name_filter.clone()
        } else {
            format!("{}{}", self.core.prefix, self.core.view.name_filter)
        }
    }

    /// Filters the listed names; what the filter hides leaves the selection (Delete acts on what is seen).
    pub fn set_name_filter(&mut self, text: &str) {
        self.core.view.name_filter = text.to_string();
        let start = self.filter_start();
        self.core.selection.names.retain(|n| n.starts_with(&start));
    }

    /// What typing in the filter does: filters, and when the text no longer starts with what the service was
    /// asked for, ends that search and lists the folder again (its loaded names no longer cover the filter).
    pub fn filter_typed(&mut self, ctx: &mut PaneContext, text: &str) {
        self.set_name_filter(text);
        let start = self.filter_start();
        if self
            .core
            .view
            .searched
            .as_ref()
            .is_some_and(|s| !start.starts_with(s.as_str()))
        {
            self.core.view.searched = None;
            self.list(ctx);
        }
    }

    /// The prefix "Search the service" would ask for: the filter's start, when the listing is not whole (what
    /// is loaded may miss names) and the start lies inside the folder and narrows it.
    pub fn search_offer(&self) -> Option<String> {
        let start = self.filter_start();
        let narrows = start.len() > self.core.prefix.len() && start.starts_with(&self.core.prefix);
        let more = self.core.listed.next_marker.is_some() || self.core.reading.all_pages.is_some();
        (narrows && more && self.core.view.searched.as_ref() != Some(&start)).then_some(start)
    }

    /// Lists, from the service, only the names starting with the filter's text (a prefix the service finds in
    /// one request, where a filter over loaded pages would need them all first).
    pub fn search_service(&mut self, ctx: &mut PaneContext) {
        if let Some(start) = self.search_offer() {
            self.core.view.searched = Some(start);
            self.list(ctx);
        }
    }

    /// Back to the whole folder: the search and the filter end, and the folder is listed from its first page.
    pub fn end_search(&mut self, ctx: &mut PaneContext) {
        self.core.view.searched = None;
        self.core.view.name_filter.clear();
        self.list(ctx);
    }

    pub fn stop_loading_all(&mut self) {
        self.core.reading.all_pages = None;
    }

    /// Takes the pages Load all streamed since the last frame.
    pub(super) fn take_streamed_pages(&mut self, ctx: &mut PaneContext) {
        let Some(stream) = &mut self.core.reading.all_pages else {
            return;
        };
        // A sort or search still reading the rows: the pages wait for it in their channel (a moment), rather
        // than the rows being copied for them.
        if Arc::strong_count(&self.core.listed.blobs) > 1 {
            return;
        }
        let arrived = stream.arrived();
        // A walk that ended with no page at all since (nothing was left to list) ended the listing.
        if arrived.ended && arrived.pages.is_empty() {
            self.core.listed.next_marker = None;
            self.core.reading.all_pages = None;
            return;
        }
        for page in arrived.pages {
            match page {
                Ok(mut listing) => {
                    self.keep_snapshots(&mut listing);
                    self.drop_shown(&mut listing);
                    self.page_listed(ctx, &listing.blobs, &ListedBlobs::new());
                    self.core.blobs_mut().extend(listing.blobs);
                    self.core.listed.folders.extend(listing.prefixes);
                    self.core.listed.next_marker = listing.next_marker;
                    let (held, listed) = (
                        self.core.listed.blobs.heap_size() as u64,
                        self.core.listed.blobs.len() as u64,
                    );
                    if self.core.listed.next_marker.is_some() && self.core.reading.memory.must_stop(held, listed) {
                        // Stop, as the button does: what arrived stays, and Load all goes on from its marker.
                        self.core.reading.all_pages = None;
                        return;
                    }
                    if self.core.listed.next_marker.is_none() {
                        self.core.reading.all_pages = None;
                        // Whole: what growing left spare goes back (a fifth of ten million rows' memory).
                        self.core.blobs_mut().shrink_to_fit();
                    }
                }
                Err(e) => {
                    self.core.listed.error = Some(e);
                    self.core.reading.all_pages = None;
                }
            }
        }
    }
}

/// Merges a fresh first page into what is shown, by name: rows stay where they are and their indicators move;
/// blobs and folders made since appear, and ones gone from the range the page covers disappear. What left the
/// listing leaves the selection: Delete and Download act on what the user sees selected.
pub fn merge_first_page(
    blobs: &mut ListedBlobs,
    folders: &mut Vec<String>,
    selection: &mut BTreeSet<String>,
    listing: BlobListing,
) {
    // The page covers names up to its last one, or everything when it is the only page.
    let end = listing.next_marker.as_ref().and_then(|_| {
        let last_blob = listing.blobs.last().map(|b| b.name.as_str());
        crate::app::blob::rows::last_name(last_blob, &listing.prefixes)
    });
    let covered = |name: &str| end.as_deref().is_none_or(|e| listing_order(name, e).is_le());
    let fresh: std::collections::HashSet<&str> = listing.blobs.iter().map(|b| b.name.as_str()).collect();
    blobs.retain(|_, name| !covered(name) || fresh.contains(name));
    folders.retain(|f| !covered(f) || listing.prefixes.contains(f));
    for blob in listing.blobs {
        match blobs.position(&blob.name) {
            Ok(i) => {
                let mut row = blobs.get(i);
                if row.properties != blob.properties || row.tags != blob.tags {
                    (row.properties, row.tags) = (blob.properties, blob.tags);
                    blobs.set(i, row);
                }
            }
            Err(i) => blobs.insert(i, blob),
        }
    }
    for folder in listing.prefixes {
        if let Err(i) = folder_at(folders, &folder) {
            folders.insert(i, folder);
        }
    }
    selection.retain(|n| folder_at(folders, n).is_ok() || blobs.position(n).is_ok());
}

/// Which blob (and which of its snapshots, if the row is one) list row `row` shows, given `snapshot_marks`.
pub fn row_at(marks: &[(usize, usize)], row: usize) -> (usize, Option<usize>) {
    // Snapshot rows above the row so far.
    let mut above = 0;
    for &(blob, count) in marks {
        let blob_row = blob + above;
        if row <= blob_row {
            break;
        }
        if row <= blob_row + count {
            return (blob, Some(row - blob_row - 1));
        }
        above += count;
    }
    (row - above, None)
}

/// The rows whose names start with `start`: a contiguous run of a list sorted in the service's order, found by
/// two binary searches, so filtering a million listed blobs costs a frame nothing.
pub fn starting_with<T>(sorted: &[T], name: impl Fn(&T) -> &str, start: &str) -> Range<usize> {
    let from = sorted.partition_point(|t| listing_order(name(t), start).is_lt());
    let to = from + sorted[from..].partition_point(|t| name(t).starts_with(start));
    from..to
}

/// The folders and blobs a filter shows: names (as the service has them) starting with `start`.
pub fn in_view(folders: &[String], blobs: &ListedBlobs, start: &str) -> (Range<usize>, Range<usize>) {
    (
        starting_with(folders, |f| f.as_str(), start),
        blobs.starting_with(start),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blob(name: &str) -> BlobItem {
        BlobItem {
            name: name.into(),
            ..Default::default()
        }
    }

    #[test]
    fn breadcrumbs_and_parent_folders() {
        let mut p = BlobPane::new("acct", "photos");
        p.core.prefix = "2026/11/raw/".into();
        let crumbs = p.breadcrumbs();
        assert_eq!(crumbs.last().unwrap(), &("raw".to_string(), "2026/11/raw/".to_string()));
        assert_eq!(crumbs[0], ("photos".to_string(), String::new()));
        assert_eq!(crumbs.len(), 4);
    }

    #[test]
    fn snapshot_rows_fall_under_their_blob() {
        // Blobs a, b, c; a has two snapshots, c one: rows a, a1, a2, b, c, c1.
        let marks = [(0, 2), (2, 1)];
        let rows: Vec<(usize, Option<usize>)> = (0..6).map(|r| row_at(&marks, r)).collect();
        assert_eq!(
            rows,
            [
                (0, None),
                (0, Some(0)),
                (0, Some(1)),
                (1, None),
                (2, None),
                (2, Some(0))
            ]
        );
        assert_eq!(row_at(&[], 4), (4, None));
    }

    /// Blobs with snapshots whose names the service orders unlike `str` (U+1F600 before U+FF21 in UTF-16,
    /// after it in UTF-8): each one's snapshot rows fall under it, in the list's order, not the map's.
    #[test]
    fn snapshot_rows_fall_under_their_blob_in_the_services_order() {
        let mut p = BlobPane::new("acct", "c");
        let names = ["😀.txt", "Ａ.txt"];
        p.core.listed.blobs = std::sync::Arc::new(names.iter().map(|n| blob(n)).collect());
        p.core.listed.snapshots_of.insert("😀.txt".into(), vec![blob("😀.txt")]);
        p.core
            .listed
            .snapshots_of
            .insert("Ａ.txt".into(), vec![blob("Ａ.txt"), blob("Ａ.txt")]);
        let blobs = p.core.listed.blobs.clone();
        assert_eq!(p.snapshot_marks(&blobs.all()), [(0, 1), (1, 2)]);
    }

    #[test]
    fn a_filter_is_the_run_of_names_with_its_start() {
        let names = ["a", "b/1", "b/2", "ba", "c"];
        let blobs: Vec<BlobItem> = names.iter().map(|n| blob(n)).collect();
        let run = |start| starting_with(&blobs, |b| b.name.as_str(), start);
        assert_eq!(run(""), 0..5);
        assert_eq!(run("b"), 1..4);
        assert_eq!(run("b/"), 1..3);
        assert_eq!(run("bb"), 4..4);
        assert_eq!(run("z"), 5..5);
        let folders = vec!["b/".to_string(), "d/".to_string()];
        assert_eq!(in_view(&folders, &blobs.into(), "d"), (1..2, 5..5));
        let listed: ListedBlobs = names.iter().map(|n| blob(n)).collect();
        assert_eq!(in_view(&[], &listed, "b"), (0..0, 1..4));
        assert_eq!(in_view(&[], &listed, "bb"), (0..0, 4..4));
        // Folders in the service's order: `😀/` (UTF-16 D83D) before `Ａ/` (FF21), which `str` orders otherwise.
        let folders = vec!["😀/".to_string(), "Ａ/".to_string(), "Ｚ/".to_string()];
        assert_eq!(in_view(&folders, &listed, "Ａ"), (1..2, 5..5));
        assert_eq!(crate::app::blob::rows::folder_at(&folders, "Ｚ/"), Ok(2));
    }

    #[test]
    fn a_fresh_first_page_keeps_rows_past_its_end() {
        let mut blobs: ListedBlobs = ["a", "b", "c", "x"].iter().map(|n| blob(n)).collect();
        let mut folders = Vec::new();
        let mut selection: BTreeSet<String> = ["b".to_string(), "x".to_string()].into();
        let page = BlobListing {
            blobs: vec![blob("a"), blob("aa"), blob("c")],
            prefixes: Vec::new(),
            next_marker: Some("next".into()),
        };
        merge_first_page(&mut blobs, &mut folders, &mut selection, page);
        let names: Vec<&str> = blobs.names().collect();
        // "b" is gone (inside the page's range, not in it); "x" lies past the page and stays.
        assert_eq!(names, ["a", "aa", "c", "x"]);
        assert_eq!(selection.into_iter().collect::<Vec<_>>(), ["x"]);
    }
}
