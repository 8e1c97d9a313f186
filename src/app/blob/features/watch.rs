//! A container tab's watch: the folder's (or flat) listing read again on an interval, compared by name with the
//! blobs shown, and applied in place: blobs that appeared, blobs written again (which columns, and what they
//! held) or whose lease moved, blobs that vanished (kept and struck through until dismissed), and a list of what
//! changed when.
//!
//! The tab may hold only the listing's first pages: a read goes page by page until it passes the last name
//! held (or to the end when everything was loaded), so a blob past the loaded ones is not news, and unchanged
//! blobs cost one listing per interval.

use std::collections::HashMap;
use std::time::SystemTime;

pub use crate::app::blob::rows::{BlobChange, Cell, Column, Kind, Mark, Read, last_name};
use crate::app::context::{Backend, InFlight};
use crate::app::widgets::watch::{Cadence, ChangeLog};
use crate::storage::blob::{BlobItem, BlobListing, ListBlobsOptions};
use crate::storage::{Client, StorageError};
/// What a read is for: the listing it re-reads. A reply for another (the user opened a folder, searched, went
/// flat) is dropped, never merged into the listing shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadFor {
    pub prefix: Option<String>,
    pub flat: bool,
}
/// Watch: the listing read again on an interval, what changed marked in place and logged.
#[derive(Default)]
pub struct ContainerWatch {
    pub cadence: Cadence,
    pub changes: ChangeLog<BlobChange>,
    /// The blobs marked since the user last looked, by name.
    pub marks: HashMap<String, Mark>,
    pub show_changes: bool,
    /// Requests the last read took (the cost line's figure).
    pub requests: u32,
    /// The read out, keyed by the listing it re-reads.
    pub(super) reading: InFlight<ReadFor, Result<Read, StorageError>>,
    /// The listing the marks are for: another one shown forgets them.
    pub(super) marks_for: Option<ReadFor>,
}

impl ContainerWatch {
    pub fn is_reading(&self) -> bool {
        !self.reading.is_empty()
    }

    pub fn vanished_count(&self) -> usize {
        self.marks.values().filter(|m| matches!(m, Mark::Vanished(_))).count()
    }

    /// What the Watch switch does (tests drive it directly too): on every `seconds`, or off.
    pub fn set(&mut self, seconds: Option<u32>) {
        self.cadence.on = seconds.is_some();
        self.cadence.seconds = seconds.unwrap_or(self.cadence.seconds);
    }

    pub fn marks(&self) -> &HashMap<String, Mark> {
        &self.marks
    }

    /// Reads `options`' listing from its first page until past `until` (or to the end when None).
    pub fn start(
        &mut self,
        backend: &Backend,
        client: &Client,
        container: &str,
        options: ListBlobsOptions,
        until: Option<String>,
        flat: bool,
    ) {
        self.cadence.started();
        let key = ReadFor {
            prefix: options.prefix.clone(),
            flat,
        };
        let (client, container) = (client.clone(), container.to_string());
        let work = backend.spawn(async move { read(&client, &container, options, until).await });
        self.reading.start(key, work);
    }

    /// Clears the new and changed marks; vanished rows stay until dismissed.
    pub fn seen(&mut self) {
        self.marks.retain(|_, m| matches!(m, Mark::Vanished(_)));
    }

    /// Marks what a read found changed (each change comes once, when first seen) and logs it.
    pub fn note(&mut self, found: &[BlobChange]) {
        for c in found {
            match &c.kind {
                Kind::Appeared { .. } => {
                    self.marks.insert(c.name.clone(), Mark::New);
                }
                Kind::Changed(cells) => remember_cells(&mut self.marks, &c.name, cells.clone()),
                Kind::Vanished(row) => {
                    self.marks.insert(c.name.clone(), Mark::Vanished(row.clone()));
                }
            }
        }
        log(&mut self.changes, found.to_vec());
    }

    /// The rows gone from the listing that stay shown, struck through, until dismissed.
    pub fn vanished_rows(&self) -> impl Iterator<Item = &BlobItem> {
        self.marks.values().filter_map(|m| match m {
            Mark::Vanished(b) => Some(&**b),
            _ => None,
        })
    }

    /// Forgets the vanished rows; their names, for the pane to take out of the listing.
    pub fn dismiss_vanished(&mut self) -> Vec<String> {
        let gone: Vec<String> = self
            .marks
            .iter()
            .filter(|(_, m)| matches!(m, Mark::Vanished(_)))
            .map(|(n, _)| n.clone())
            .collect();
        self.marks.retain(|_, m| !matches!(m, Mark::Vanished(_)));
        gone
    }
}

async fn read(
    client: &Client,
    container: &str,
    mut options: ListBlobsOptions,
    until: Option<String>,
) -> Result<Read, StorageError> {
    let mut out = Read {
        blobs: Vec::new(),
        prefixes: Vec::new(),
        covered_to: None,
        requests: 0,
    };
    loop {
        let page: BlobListing = client.list_blobs(container, &options).await?;
        out.requests += 1;
        out.blobs.extend(page.blobs);
        out.prefixes.extend(page.prefixes);
        let last = last_name(out.blobs.last().map(|b| b.name.as_str()), &out.prefixes);
        let past = until.as_deref().is_some_and(|u| {
            last.as_deref()
                .is_some_and(|l| crate::storage::listing_order(l, u).is_ge())
        });
        match page.next_marker {
            Some(marker) if !past => options.marker = Some(marker),
            // Names past the loaded ones are left out: the tab lists them when it loads more.
            _ => {
                out.covered_to = until;
                return Ok(out);
            }
        }
    }
}
/// Marks changed cells, keeping for each the value the user last looked at (a cell changed twice since then
/// shows what it held before the first change).
fn remember_cells(marks: &mut HashMap<String, Mark>, name: &str, cells: Vec<Cell>) {
    match marks.get_mut(name) {
        Some(Mark::New) => {}
        Some(Mark::Changed(held)) => {
            for cell in cells {
                match held.iter_mut().find(|h| h.column == cell.column) {
                    Some(h) => h.now = cell.now,
                    None => held.push(cell),
                }
            }
        }
        _ => {
            marks.insert(name.to_string(), Mark::Changed(cells));
        }
    }
}
/// When the change was seen, for the log.
pub fn log(changes: &mut ChangeLog<BlobChange>, found: Vec<BlobChange>) {
    let now = SystemTime::now();
    for c in found {
        changes.push(now, c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::blob::listed::ListedBlobs;
    use crate::app::blob::rows::{keep_rows, merge};
    use crate::app::widgets::watch::Change;

    fn blob(name: &str, etag: &str, size: u64) -> BlobItem {
        let mut b = BlobItem {
            name: name.into(),
            ..Default::default()
        };
        b.properties.etag = etag.into();
        b.properties.content_length = size;
        b
    }

    /// What the pane does with a read: the kept rows out, the merge, the marks, the kept rows back.
    fn apply(
        blobs: &mut ListedBlobs,
        folders: &mut Vec<String>,
        watch: &mut ContainerWatch,
        read: Read,
    ) -> Vec<BlobChange> {
        let kept: Vec<BlobItem> = watch.vanished_rows().cloned().collect();
        blobs.retain(|_, name| !kept.iter().any(|k| k.name == name));
        let end = read.covered_to.clone();
        let changes = merge(blobs, folders, read);
        watch.note(&changes);
        let kept: Vec<BlobItem> = watch.vanished_rows().cloned().collect();
        keep_rows(blobs, &kept, end.as_deref());
        changes
    }

    fn read(blobs: Vec<BlobItem>, covered_to: Option<&str>) -> Read {
        Read {
            blobs,
            prefixes: Vec::new(),
            covered_to: covered_to.map(str::to_string),
            requests: 1,
        }
    }

    #[test]
    fn a_read_marks_new_changed_and_vanished_blobs_in_place() {
        let mut blobs: ListedBlobs = vec![blob("a", "1", 10), blob("b", "1", 10), blob("c", "1", 10)].into();
        let (mut folders, mut watch) = (Vec::new(), ContainerWatch::default());
        let changes = apply(
            &mut blobs,
            &mut folders,
            &mut watch,
            read(vec![blob("a", "2", 2048), blob("ab", "1", 5), blob("c", "1", 10)], None),
        );
        let names: Vec<&str> = blobs.names().collect();
        assert_eq!(names, ["a", "ab", "b", "c"], "b stays, struck through, until dismissed");
        assert_eq!(watch.marks.get("ab"), Some(&Mark::New));
        assert!(matches!(watch.marks.get("b"), Some(Mark::Vanished(_))));
        let Some(Mark::Changed(cells)) = watch.marks.get("a") else {
            panic!("a changed")
        };
        let columns: Vec<Column> = cells.iter().map(|c| c.column).collect();
        assert_eq!(columns, [Column::ETag, Column::Size]);
        assert_eq!(cells[1].was, "10 B");
        assert!(!watch.marks.contains_key("c"), "unchanged");
        assert_eq!(changes.len(), 3);
        assert!(changes[0].describe().contains("b: vanished"));
        assert!(
            changes[1].describe().contains("ETag 1 -> 2"),
            "{}",
            changes[1].describe()
        );

        // The same read again: nothing new is said, the vanished row is not said vanished twice.
        let again = apply(
            &mut blobs,
            &mut folders,
            &mut watch,
            read(vec![blob("a", "2", 2048), blob("ab", "1", 5), blob("c", "1", 10)], None),
        );
        assert!(again.is_empty(), "{again:?}");
        // A second change of a keeps what it held when the user looked: 1 -> 3.
        apply(
            &mut blobs,
            &mut folders,
            &mut watch,
            read(vec![blob("a", "3", 2048), blob("ab", "1", 5), blob("c", "1", 10)], None),
        );
        let Some(Mark::Changed(cells)) = watch.marks.get("a") else {
            panic!()
        };
        assert_eq!((cells[0].was.as_str(), cells[0].now.as_str()), ("1", "3"));
        let gone = watch.dismiss_vanished();
        blobs.retain(|_, name| !gone.iter().any(|g| g == name));
        assert_eq!(blobs.len(), 3);
        assert_eq!(watch.marks.len(), 2);
    }

    #[test]
    fn blobs_past_what_the_read_covered_are_not_news() {
        let mut blobs: ListedBlobs = vec![blob("a", "1", 1), blob("m", "1", 1), blob("z", "1", 1)].into();
        let (mut folders, mut watch) = (Vec::new(), ContainerWatch::default());
        let changes = apply(
            &mut blobs,
            &mut folders,
            &mut watch,
            read(vec![blob("a", "1", 1)], Some("b")),
        );
        assert!(changes.is_empty() && watch.marks.is_empty(), "{changes:?}");
        // A blob gone, then back under its name: vanished, then new again.
        apply(
            &mut blobs,
            &mut folders,
            &mut watch,
            read(vec![blob("m", "1", 1)], Some("n")),
        );
        assert!(matches!(watch.marks.get("a"), Some(Mark::Vanished(_))));
        apply(
            &mut blobs,
            &mut folders,
            &mut watch,
            read(vec![blob("a", "2", 1)], Some("b")),
        );
        assert_eq!(watch.marks.get("a"), Some(&Mark::New));
        // A refresh that merged the vanished row away gets it back.
        apply(
            &mut blobs,
            &mut folders,
            &mut watch,
            read(vec![blob("a", "2", 1)], Some("n")),
        );
        blobs.retain(|_, name| name != "m");
        keep_rows(&mut blobs, watch.vanished_rows(), Some("b"));
        assert!(!blobs.names().any(|n| n == "m"), "past the rows loaded now");
        keep_rows(&mut blobs, watch.vanished_rows(), None);
        assert!(blobs.names().any(|n| n == "m"));
        // A read whose last page went past the loaded rows leaves the names beyond them to Load more.
        let changes = apply(
            &mut blobs,
            &mut folders,
            &mut watch,
            read(
                vec![blob("a", "2", 1), blob("z", "1", 1), blob("zz", "1", 1)],
                Some("z"),
            ),
        );
        assert!(!blobs.names().any(|n| n == "zz") && changes.is_empty(), "{changes:?}");
    }
}
