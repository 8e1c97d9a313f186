//! Comparing a container or folder with another (of any account) or with a local folder, as a job: names
//! relative to each folder, merged in name order as the listings arrive (a blob side is never held whole; a
//! local folder is walked first, names, sizes and times only, its links passed over and what could not be read
//! named), by size and MD5 (Content-MD5 where the service keeps one; a local file's MD5 is computed only when its
//! size matches and the other side has an MD5 to check).

use std::cmp::Ordering;
use std::path::PathBuf;
use std::time::SystemTime;

use crate::app::blob::features::local_files::{Links, PassedOver};
use crate::app::context::feed::{self, Feed};
use crate::app::context::{JobContext, ReplyTx};
use crate::app::widgets::i18n::{in_language, language, speaking, t, tr};
use crate::storage::StorageError;
use crate::storage::blob::ListBlobsOptions;

/// The differences kept with their items; beyond them only counts go on.
pub const KEPT: usize = 100_000;

pub use crate::app::context::clipboard::FolderSide;

/// A blob or file: its name after the folder, size, MD5 (Base64, as Content-MD5 says it) when known, when it
/// was last modified, and where it is (a blob's ETag, to write over it only if unchanged; where a file is read).
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub name: String,
    pub size: u64,
    pub md5: Option<String>,
    pub etag: Option<String>,
    pub path: Option<PathBuf>,
    pub modified: Option<SystemTime>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemDiff {
    OnlyLeft,
    OnlyRight,
    /// Sizes differ, or both MD5s are known and differ.
    Different,
    /// The same size, but one side has no MD5 to check the content by.
    Unchecked,
}

#[derive(Clone, Debug)]
pub struct FolderDifference {
    pub kind: ItemDiff,
    pub left: Option<Item>,
    pub right: Option<Item>,
}

impl FolderDifference {
    pub fn name(&self) -> &str {
        &self.left.as_ref().or(self.right.as_ref()).expect("a side").name
    }

    pub fn describe(&self) -> String {
        match (self.kind, &self.left, &self.right) {
            (ItemDiff::OnlyLeft, Some(l), _) => tr!("blob-compare-only-left", bytes = l.size),
            (ItemDiff::OnlyRight, _, Some(r)) => tr!("blob-compare-only-right", bytes = r.size),
            (ItemDiff::Different, Some(l), Some(r)) if l.size != r.size => {
                tr!("blob-compare-sizes-differ", left = l.size, right = r.size)
            }
            (ItemDiff::Different, ..) => t("blob-compare-md5-differs"),
            _ => t("blob-compare-no-md5"),
        }
    }

    pub fn json(&self) -> serde_json::Value {
        let side = |i: &Option<Item>| {
            i.as_ref()
                .map(|i| serde_json::json!({"size": i.size, "md5": i.md5, "etag": i.etag}))
        };
        let kind = match self.kind {
            ItemDiff::OnlyLeft => "only_left",
            ItemDiff::OnlyRight => "only_right",
            ItemDiff::Different => "different",
            ItemDiff::Unchecked => "unchecked",
        };
        serde_json::json!({"name": self.name(), "difference": kind, "left": side(&self.left), "right": side(&self.right)})
    }
}

/// What the walk of a local side passed over and could not read, by name from the folder.
#[derive(Clone, Debug, Default)]
pub struct LocalNotes {
    pub passed: Vec<(String, PassedOver)>,
    /// Each an error of the run: a sync after this compare deletes nothing.
    pub unread: Vec<(String, String)>,
}

#[derive(Default)]
pub struct FolderReport {
    pub read: [u64; 2],
    pub only_left: u64,
    pub only_right: u64,
    pub different: u64,
    pub unchecked: u64,
    pub same: u64,
    pub differences: Vec<FolderDifference>,
    /// The local side's walk (handed back with the last update).
    pub local: LocalNotes,
    pub done: bool,
}

impl FolderReport {
    pub fn differing(&self) -> u64 {
        self.only_left + self.only_right + self.different
    }

    fn add(&mut self, d: FolderDifference) {
        match d.kind {
            ItemDiff::OnlyLeft => self.only_left += 1,
            ItemDiff::OnlyRight => self.only_right += 1,
            ItemDiff::Different => self.different += 1,
            ItemDiff::Unchecked => self.unchecked += 1,
        }
        if self.differences.len() < KEPT {
            self.differences.push(d);
        }
    }

    pub fn json_lines(&self) -> String {
        self.differences.iter().map(|d| d.json().to_string() + "\n").collect()
    }
}

/// Names in the order the service lists them: by UTF-16 code units (as Azurite's and .NET's string compare;
/// the same as UTF-8's but for characters beyond U+FFFF).
pub fn name_cmp(a: &str, b: &str) -> Ordering {
    crate::storage::listing_order(a, b)
}

/// A page of one side's items; a local side's one page also says what its walk passed over.
type Page = Result<(Vec<Item>, LocalNotes), StorageError>;

/// One side's items in name order, as they arrive.
struct Cursor {
    pages: Feed<Page>,
    page: std::vec::IntoIter<Item>,
    head: Option<Item>,
    last: Option<String>,
    place: String,
    notes: LocalNotes,
}

impl Cursor {
    fn open(side: &FolderSide, links: Links) -> Cursor {
        let (tx, rx) = feed::bounded(2, None);
        // Each side's reader is a task of its own: it says its failures in the language of the comparison.
        let speaks = language();
        match side.clone() {
            FolderSide::Blobs {
                client,
                container,
                prefix,
                ..
            } => {
                tokio::spawn(speaking(speaks, async move {
                    let mut options = ListBlobsOptions {
                        prefix: (!prefix.is_empty()).then(|| prefix.clone()),
                        max_results: Some(5000),
                        ..Default::default()
                    };
                    loop {
                        let page = client.list_blobs(&container, &options).await;
                        let (items, next) = match page {
                            Ok(p) => (
                                Ok((
                                    p.blobs
                                        .into_iter()
                                        .map(|b| Item {
                                            name: b.name.strip_prefix(&prefix).unwrap_or(&b.name).to_string(),
                                            size: b.properties.content_length,
                                            md5: b.properties.http.content_md5.clone().filter(|m| !m.is_empty()),
                                            etag: Some(b.properties.etag),
                                            path: None,
                                            modified: b.properties.last_modified,
                                        })
                                        .collect::<Vec<_>>(),
                                    LocalNotes::default(),
                                )),
                                p.next_marker,
                            ),
                            Err(e) => (Err(e), None),
                        };
                        let failed = items.is_err();
                        if !tx.send(items).await || failed {
                            return;
                        }
                        match next {
                            Some(m) => options.marker = Some(m),
                            None => return,
                        }
                    }
                }));
            }
            FolderSide::Local { root, .. } => {
                tokio::spawn(async move {
                    let walk = move || in_language(speaks, || local_items(&root, links));
                    let walked = tokio::task::spawn_blocking(walk).await;
                    let items = walked.unwrap_or_else(|_| {
                        Err(StorageError::invalid(
                            t("blob-compare-op-compare"),
                            t("blob-compare-walk-failed"),
                        ))
                    });
                    tx.send(items).await;
                });
            }
        }
        Cursor {
            pages: rx,
            page: Vec::new().into_iter(),
            head: None,
            last: None,
            place: side.place().to_string(),
            notes: LocalNotes::default(),
        }
    }

    async fn peek(&mut self) -> Result<Option<&Item>, StorageError> {
        while self.head.is_none() {
            match self.page.next() {
                Some(i) => self.head = Some(i),
                None => match self.pages.next().await {
                    Some(page) => {
                        let (items, notes) = page?;
                        self.notes.passed.extend(notes.passed);
                        self.notes.unread.extend(notes.unread);
                        self.page = items.into_iter();
                    }
                    None => return Ok(None),
                },
            }
        }
        Ok(self.head.as_ref())
    }

    fn take(&mut self) -> Result<Item, StorageError> {
        let i = self.head.take().expect("peeked");
        if let Some(last) = &self.last
            && name_cmp(last, &i.name) != Ordering::Less
        {
            return Err(StorageError::invalid(
                t("blob-compare-op-folders"),
                tr!(
                    "blob-compare-out-of-order",
                    place = self.place.as_str(),
                    name = i.name.as_str(),
                    last = last.as_str()
                ),
            ));
        }
        self.last = Some(i.name.clone());
        Ok(i)
    }
}

/// The files below `root`, named by their path from it with `/` between folders, in name order, and what the
/// walk passed over or could not read (`local_files::walk`).
fn local_items(root: &std::path::Path, links: Links) -> Page {
    if !root.is_dir() {
        return Err(StorageError::invalid(
            t("blob-compare-op-local"),
            tr!("blob-compare-not-a-folder", path = root.display().to_string()),
        ));
    }
    let walked = crate::app::blob::features::local_files::walk(root, links);
    let mut items: Vec<Item> = walked
        .files
        .into_iter()
        .map(|f| Item {
            name: f.name,
            size: f.size,
            md5: None,
            etag: None,
            path: Some(f.path),
            modified: f.modified,
        })
        .collect();
    items.sort_by(|a, b| name_cmp(&a.name, &b.name));
    let notes = LocalNotes {
        passed: walked.passed,
        unread: walked.unread,
    };
    Ok((items, notes))
}

/// A local file's MD5, Base64 as Content-MD5 says it (read off the UI thread).
pub(crate) async fn file_md5(path: PathBuf) -> Option<String> {
    tokio::task::spawn_blocking(move || crate::app::blob::features::local_files::md5_of(&path).ok())
        .await
        .ok()
        .flatten()
}

/// Compares two items of the same name: the MD5 of a local file is computed only when it can settle the
/// question (same size, and the other side has an MD5).
async fn compare_items(mut a: Item, mut b: Item) -> Option<FolderDifference> {
    if a.size != b.size {
        return Some(FolderDifference {
            kind: ItemDiff::Different,
            left: Some(a),
            right: Some(b),
        });
    }
    for (mine, other) in [(&mut a, b.md5.is_some()), (&mut b, true)] {
        if mine.md5.is_none()
            && other
            && let Some(path) = mine.path.clone()
        {
            mine.md5 = file_md5(path).await;
        }
    }
    let kind = match (&a.md5, &b.md5) {
        (Some(x), Some(y)) if x == y => return None,
        (Some(_), Some(_)) => ItemDiff::Different,
        _ => ItemDiff::Unchecked,
    };
    Some(FolderDifference {
        kind,
        left: Some(a),
        right: Some(b),
    })
}

/// What a compare job hands back to the window that started it.
pub enum ReportUpdate {
    /// The compare (re)started: what was shown goes.
    Restart,
    /// The counts so far and the differences found since the last update.
    Progress(FolderReport),
}

/// Reads both sides and merges them, handing the counts and the new differences back every 1,000 items; the
/// whole report at the end.
pub async fn compare(
    job: &JobContext,
    (left, right): (&FolderSide, &FolderSide),
    links: Links,
    updates: &ReplyTx<ReportUpdate>,
) -> Result<FolderReport, StorageError> {
    updates.send(ReportUpdate::Restart);
    let mut handed = 0;
    let (mut l, mut r) = (Cursor::open(left, links), Cursor::open(right, links));
    let mut local = FolderReport::default();
    let mut published = 0;
    loop {
        if job.cancel.is_cancelled() {
            return Err(StorageError::cancelled(t("blob-compare-op-folders")));
        }
        let order = match (l.peek().await?, r.peek().await?) {
            (None, None) => break,
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (Some(a), Some(b)) => name_cmp(&a.name, &b.name),
        };
        match order {
            Ordering::Less => {
                local.read[0] += 1;
                local.add(FolderDifference {
                    kind: ItemDiff::OnlyLeft,
                    left: Some(l.take()?),
                    right: None,
                });
            }
            Ordering::Greater => {
                local.read[1] += 1;
                local.add(FolderDifference {
                    kind: ItemDiff::OnlyRight,
                    left: None,
                    right: Some(r.take()?),
                });
            }
            Ordering::Equal => {
                local.read[0] += 1;
                local.read[1] += 1;
                match compare_items(l.take()?, r.take()?).await {
                    Some(d) => local.add(d),
                    None => local.same += 1,
                }
            }
        }
        let items = local.read[0] + local.read[1];
        if items - published >= 1_000 {
            job.progress.add(items - published);
            published = items;
            handed = publish(&local, handed, updates);
        }
    }
    job.progress.add(local.read[0] + local.read[1] - published);
    for notes in [l.notes, r.notes] {
        local.local.passed.extend(notes.passed);
        local.local.unread.extend(notes.unread);
    }
    local.done = true;
    publish(&local, handed, updates);
    Ok(local)
}

/// Hands back the counts and the differences past the first `handed`; how many are handed now.
fn publish(local: &FolderReport, handed: usize, updates: &ReplyTx<ReportUpdate>) -> usize {
    updates.send(ReportUpdate::Progress(FolderReport {
        read: local.read,
        only_left: local.only_left,
        only_right: local.only_right,
        different: local.different,
        unchecked: local.unchecked,
        same: local.same,
        done: local.done,
        differences: local.differences[handed..].to_vec(),
        // Whole once, with the last update: the walk's notes are known only then.
        local: if local.done {
            local.local.clone()
        } else {
            LocalNotes::default()
        },
    }));
    local.differences.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(name: &str, size: u64, md5: Option<&str>) -> Item {
        Item {
            name: name.into(),
            size,
            md5: md5.map(str::to_string),
            etag: None,
            path: None,
            modified: None,
        }
    }

    #[tokio::test]
    async fn items_differ_by_size_or_md5_and_are_unchecked_without_one() {
        assert!(
            compare_items(item("a", 1, Some("x")), item("a", 1, Some("x")))
                .await
                .is_none()
        );
        let d = compare_items(item("a", 1, Some("x")), item("a", 2, Some("x")))
            .await
            .unwrap();
        assert_eq!(
            (d.kind, d.describe().as_str()),
            (ItemDiff::Different, "sizes differ: 1 and 2 bytes")
        );
        let d = compare_items(item("a", 1, Some("x")), item("a", 1, Some("y")))
            .await
            .unwrap();
        assert_eq!(d.kind, ItemDiff::Different);
        let d = compare_items(item("a", 1, None), item("a", 1, Some("y")))
            .await
            .unwrap();
        assert_eq!(d.kind, ItemDiff::Unchecked);
    }

    #[tokio::test]
    async fn a_local_file_is_hashed_only_when_that_settles_it() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::fs::write(dir.path().join("sub").join("b.txt"), "hello").unwrap();
        std::fs::write(dir.path().join("a.txt"), "x").unwrap();
        let (items, _) = local_items(dir.path(), Links::PassOver).unwrap();
        let names: Vec<&str> = items.iter().map(|i| i.name.as_str()).collect();
        assert_eq!(names, ["a.txt", "sub/b.txt"]);
        // MD5 of "hello", Base64.
        let blob = item("sub/b.txt", 5, Some("XUFAKrxLKna5cZ2REBfFkg=="));
        assert!(compare_items(items[1].clone(), blob.clone()).await.is_none());
        let other = item("sub/b.txt", 5, Some("AAAAAAAAAAAAAAAAAAAAAA=="));
        let d = compare_items(items[1].clone(), other).await.unwrap();
        assert_eq!(d.kind, ItemDiff::Different);
        assert_eq!(d.left.unwrap().md5.as_deref(), Some("XUFAKrxLKna5cZ2REBfFkg=="));
    }
}
