//! Comparing a table (or a query of it) with another, of any account, as a job: both sides are read at once,
//! page by page, in the service's key order (PartitionKey, then RowKey) and merged as they come, so neither side
//! is ever held whole: only the pages in flight and the differences found. Rows are the same when their
//! properties are, types included; the ETag and Timestamp are the service's and are not compared.

use std::cmp::Ordering;

use crate::app::context::feed::{self, Feed, FeedTx};
use crate::app::context::{JobContext, ReplyTx};
use crate::app::table::features::compare::lines;
use crate::app::widgets::i18n::{in_language, language, speaking, t, tr};
use crate::storage::StorageError;
use crate::storage::table::{Entity, EntityView};

/// The differences kept with their entities (for the list and for copying); beyond them only counts go on.
pub const KEPT: usize = 100_000;

/// Pages read ahead on each side while the merge works.
const AHEAD: usize = 2;

/// One side of a compare: a query of a table of some account (what "Pick this query" keeps).
pub type Side = crate::app::context::clipboard::PickedQuery;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiffKind {
    OnlyLeft,
    OnlyRight,
    Different,
}

/// A row that differs, with each side's entity as read.
#[derive(Clone, Debug)]
pub struct Difference {
    pub kind: DiffKind,
    pub left: Option<Entity>,
    pub right: Option<Entity>,
}

impl Difference {
    pub fn keys(&self) -> (&str, &str) {
        let e = self.left.as_ref().or(self.right.as_ref()).expect("a side");
        (e.partition_key(), e.row_key())
    }

    /// "only in left", or the properties that differ.
    pub fn describe(&self) -> String {
        match (self.kind, &self.left, &self.right) {
            (DiffKind::OnlyLeft, ..) => t("table-diff-only-left"),
            (DiffKind::OnlyRight, ..) => t("table-diff-only-right"),
            (DiffKind::Different, Some(l), Some(r)) => {
                let names: Vec<String> = lines(l, r).into_iter().filter(|x| !x.same()).map(|x| x.name).collect();
                tr!("table-diff-differs-in", names = names.join(", "))
            }
            _ => t("table-diff-differs"),
        }
    }

    pub fn json(&self) -> serde_json::Value {
        let (pk, rk) = self.keys();
        let kind = match self.kind {
            DiffKind::OnlyLeft => "only_left",
            DiffKind::OnlyRight => "only_right",
            DiffKind::Different => "different",
        };
        serde_json::json!({
            "PartitionKey": pk,
            "RowKey": rk,
            "difference": kind,
            "left": self.left.as_ref().map(|e| e.to_json()),
            "right": self.right.as_ref().map(|e| e.to_json()),
        })
    }
}

/// What a compare has found so far (the window shows it while the job runs).
#[derive(Default)]
pub struct DiffReport {
    /// Rows read on each side.
    pub read: [u64; 2],
    pub only_left: u64,
    pub only_right: u64,
    pub different: u64,
    pub same: u64,
    /// The first `KEPT` differences, in key order.
    pub differences: Vec<Difference>,
    pub done: bool,
    /// Differences already moved to the shared report (a local report's list is emptied as it publishes).
    moved: usize,
}

impl DiffReport {
    pub fn differing(&self) -> u64 {
        self.only_left + self.only_right + self.different
    }

    fn add(&mut self, d: Difference) {
        match d.kind {
            DiffKind::OnlyLeft => self.only_left += 1,
            DiffKind::OnlyRight => self.only_right += 1,
            DiffKind::Different => self.different += 1,
        }
        if self.differences.len() + self.moved < KEPT {
            self.differences.push(d);
        }
    }

    /// The differences as JSON lines, each side's entity with its types.
    pub fn json_lines(&self) -> String {
        self.differences.iter().map(|d| d.json().to_string() + "\n").collect()
    }
}

/// The order the service returns rows in: PartitionKey, then RowKey, each compared by UTF-16 code units (the
/// order of .NET's and JavaScript's string compare, which Azure and Azurite use; it differs from UTF-8's only
/// for characters beyond U+FFFF).
pub fn key_cmp(a: &EntityView, b: &EntityView) -> Ordering {
    let utf16 = |x: &str, y: &str| {
        if x.is_ascii() && y.is_ascii() {
            x.cmp(y)
        } else {
            x.encode_utf16().cmp(y.encode_utf16())
        }
    };
    utf16(a.partition_key(), b.partition_key()).then_with(|| utf16(a.row_key(), b.row_key()))
}

/// Whether two rows hold the same data: the same properties with the same types and values, in any order.
pub fn same_data(a: &EntityView, b: &EntityView) -> bool {
    a.property_bytes() == b.property_bytes() || lines(a, b).iter().all(|l| l.same())
}

/// One side's rows as they arrive, checked to come in key order.
struct Cursor {
    pages: Feed<Result<Vec<Entity>, StorageError>>,
    page: std::vec::IntoIter<Entity>,
    head: Option<Entity>,
    /// The last row taken, to check the order against.
    last: Option<Entity>,
    place: String,
}

impl Cursor {
    fn open(side: &Side) -> Cursor {
        let (tx, rx) = feed::bounded(AHEAD, None);
        let s = side.clone();
        // Each side's reader is a task of its own: it says its failures in the language of the comparison.
        let speaks = language();
        if let Some(path) = s.file.clone() {
            tokio::spawn(speaking(speaks, async move { send_file(&path, tx).await }));
        } else if let Some(map) = s.index.clone() {
            tokio::spawn(speaking(speaks, async move { send_projected(&s, &map, tx).await }));
        } else {
            tokio::spawn(speaking(speaks, async move { send_query(&s, tx).await }));
        }
        Cursor {
            pages: rx,
            page: Vec::new().into_iter(),
            head: None,
            last: None,
            place: side.place.clone(),
        }
    }

    /// The next row, without taking it; None at the end.
    async fn peek(&mut self) -> Result<Option<&Entity>, StorageError> {
        while self.head.is_none() {
            match self.page.next() {
                Some(e) => self.head = Some(e),
                None => match self.pages.next().await {
                    Some(page) => self.page = page?.into_iter(),
                    None => return Ok(None),
                },
            }
        }
        Ok(self.head.as_ref())
    }

    /// Takes the row `peek` showed, after checking it comes after the last one.
    fn take(&mut self) -> Result<Entity, StorageError> {
        let e = self.head.take().expect("peeked");
        if let Some(last) = &self.last
            && key_cmp(last, &e) != Ordering::Less
        {
            return Err(StorageError::invalid(
                t("table-diff-op"),
                tr!(
                    "table-diff-out-of-order",
                    place = self.place.as_str(),
                    pk = e.partition_key(),
                    rk = e.row_key(),
                    last_pk = last.partition_key(),
                    last_rk = last.row_key()
                ),
            ));
        }
        self.last = Some(e.clone());
        Ok(e)
    }
}

/// A query's pages as the service returns them.
async fn send_query(s: &Side, tx: FeedTx<Result<Vec<Entity>, StorageError>>) {
    let mut token = None;
    loop {
        let page = s.client.query_entities(&s.table, &s.query, token.as_ref()).await;
        let (rows, next) = match page {
            Ok(p) => (Ok(p.entities), p.continuation),
            Err(e) => (Err(e), None),
        };
        let failed = rows.is_err();
        if !tx.send(rows).await || failed {
            return;
        }
        match next {
            Some(t) => token = Some(t),
            None => return,
        }
    }
}

/// An exported file's rows, sorted into key order (a file holds them in any order) and sent in pages. A record
/// that cannot be read stops the compare with its number and why: a compare that skipped it would call the
/// row missing.
async fn send_file(path: &std::path::Path, tx: FeedTx<Result<Vec<Entity>, StorageError>>) {
    let p = path.to_path_buf();
    // The read is a task of its own on the blocking pool: it says why a file cannot be read in the language of the
    // comparison that asked, as the reader around it does.
    let speaks = language();
    let read =
        tokio::task::spawn_blocking(move || in_language(speaks, || crate::app::table::features::io::read_import(&p)))
            .await;
    let rows = match read {
        Ok(Ok((rows, failures))) if failures.is_empty() => rows,
        Ok(Ok((_, failures))) => {
            let f = &failures[0];
            let why = tr!(
                "table-diff-file-unreadable",
                count = failures.len(),
                path = path.display().to_string(),
                record = f.record.to_string(),
                keys = f.keys.as_str(),
                why = f.reason.as_str()
            );
            tx.send(Err(StorageError::invalid(t("table-diff-file-op"), why))).await;
            return;
        }
        Ok(Err(e)) => {
            tx.send(Err(e)).await;
            return;
        }
        Err(_) => {
            let why = tr!("table-diff-file-stopped", path = path.display().to_string());
            tx.send(Err(StorageError::invalid(t("table-diff-file-op"), why))).await;
            return;
        }
    };
    let mut entities: Vec<Entity> = rows.into_iter().map(|(_, d)| d.to_entity()).collect();
    entities.sort_by(|a, b| key_cmp(a, b));
    send_pages(entities, tx).await;
}

/// Sends rows in pages of 1,000, as a query's pages come.
async fn send_pages(rows: Vec<Entity>, tx: FeedTx<Result<Vec<Entity>, StorageError>>) {
    let mut rest = rows.into_iter();
    loop {
        let page: Vec<Entity> = rest.by_ref().take(1_000).collect();
        if page.is_empty() || !tx.send(Ok(page)).await {
            return;
        }
    }
}

/// A main table read as the index entries its rows should have: every page read and projected, then sorted
/// into the index's key order (the projection holds only keys and copies, not the rows) and sent in pages.
async fn send_projected(
    side: &Side,
    map: &crate::app::context::index_map::IndexMap,
    tx: FeedTx<Result<Vec<Entity>, StorageError>>,
) {
    let mut entries = Vec::new();
    let mut token = None;
    loop {
        match side
            .client
            .query_entities(&side.table, &side.query, token.as_ref())
            .await
        {
            Ok(page) => {
                entries.extend(page.entities.iter().filter_map(|e| map.project(e)));
                match page.continuation {
                    Some(t) => token = Some(t),
                    None => break,
                }
            }
            Err(e) => {
                tx.send(Err(e)).await;
                return;
            }
        }
    }
    entries.sort_by(|a, b| key_cmp(a, b));
    // Two rows giving one entry: the index can hold only one, so the first stands for both.
    entries.dedup_by(|a, b| key_cmp(a, b) == Ordering::Equal);
    send_pages(entries, tx).await;
}

/// What a table compare job hands back to the window that started it.
pub enum DiffUpdate {
    /// The compare (re)started: what was shown goes.
    Restart,
    /// The counts so far and the differences found since the last update.
    Progress(DiffReport),
}

impl DiffReport {
    /// Takes in an update: the counts it brings, its differences added to the ones held.
    pub fn apply(&mut self, update: DiffUpdate) {
        match update {
            DiffUpdate::Restart => *self = DiffReport::default(),
            DiffUpdate::Progress(mut more) => {
                (self.read, self.only_left, self.only_right) = (more.read, more.only_left, more.only_right);
                (self.different, self.same, self.done) = (more.different, more.same, more.done);
                self.differences.append(&mut more.differences);
            }
        }
    }
}

/// Reads both sides and merges them, handing the counts and the new differences back as it goes (every 1,000
/// rows); the counts at the end.
pub async fn compare(
    job: &JobContext,
    left: &Side,
    right: &Side,
    updates: &ReplyTx<DiffUpdate>,
) -> Result<DiffReport, StorageError> {
    updates.send(DiffUpdate::Restart);
    let (mut l, mut r) = (Cursor::open(left), Cursor::open(right));
    let mut local = DiffReport::default();
    let mut published = 0;
    loop {
        if job.cancel.is_cancelled() {
            return Err(StorageError::cancelled(t("table-diff-op")));
        }
        let order = match (l.peek().await?, r.peek().await?) {
            (None, None) => break,
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (Some(a), Some(b)) => key_cmp(a, b),
        };
        match order {
            Ordering::Less => {
                local.read[0] += 1;
                local.add(Difference {
                    kind: DiffKind::OnlyLeft,
                    left: Some(l.take()?),
                    right: None,
                });
            }
            Ordering::Greater => {
                local.read[1] += 1;
                local.add(Difference {
                    kind: DiffKind::OnlyRight,
                    left: None,
                    right: Some(r.take()?),
                });
            }
            Ordering::Equal => {
                local.read[0] += 1;
                local.read[1] += 1;
                let (a, b) = (l.take()?, r.take()?);
                // Against an index, only the copies are compared: an entry's other properties are its own.
                let b = match &left.index {
                    Some(map) => map.only_copies(&b),
                    None => b,
                };
                if same_data(&a, &b) {
                    local.same += 1;
                } else {
                    local.add(Difference {
                        kind: DiffKind::Different,
                        left: Some(a),
                        right: Some(b),
                    });
                }
            }
        }
        let rows = local.read[0] + local.read[1];
        if rows - published >= 1_000 {
            job.progress.add(rows - published);
            published = rows;
            publish(&mut local, updates);
        }
    }
    job.progress.add(local.read[0] + local.read[1] - published);
    local.done = true;
    publish(&mut local, updates);
    Ok(local)
}

/// Hands back the new differences (moved out of `local`) and the counts.
fn publish(local: &mut DiffReport, updates: &ReplyTx<DiffUpdate>) {
    local.moved += local.differences.len();
    updates.send(DiffUpdate::Progress(DiffReport {
        read: local.read,
        only_left: local.only_left,
        only_right: local.only_right,
        different: local.different,
        same: local.same,
        differences: std::mem::take(&mut local.differences),
        done: local.done,
        moved: 0,
    }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::table::{EdmValue, EntityDraft};

    fn e(pk: &str, rk: &str) -> Entity {
        EntityDraft::new(pk, rk).to_entity()
    }

    #[test]
    fn keys_order_by_partition_then_row_in_utf16_units() {
        assert_eq!(key_cmp(&e("a", "z"), &e("b", "a")), Ordering::Less);
        assert_eq!(key_cmp(&e("a", "b"), &e("a", "a")), Ordering::Greater);
        assert_eq!(key_cmp(&e("a", "a"), &e("a", "a")), Ordering::Equal);
        // U+FF5E sorts after U+1F600 (a surrogate pair, 0xD83D…) in UTF-16, before it in UTF-8.
        assert_eq!(key_cmp(&e("p", "\u{FF5E}"), &e("p", "\u{1F600}")), Ordering::Greater);
    }

    #[test]
    fn the_same_data_in_another_order_is_the_same_and_a_type_change_is_not() {
        let a = EntityDraft::new("p", "r")
            .with("A", EdmValue::Int32(1))
            .with("B", EdmValue::String("x".into()))
            .to_entity();
        let b = EntityDraft::new("p", "r")
            .with("B", EdmValue::String("x".into()))
            .with("A", EdmValue::Int32(1))
            .with_etag(Some("W/\"other\"".into()))
            .to_entity();
        assert!(same_data(&a, &b), "order and ETag do not count");
        let c = EntityDraft::new("p", "r")
            .with("A", EdmValue::Int64(1))
            .with("B", EdmValue::String("x".into()))
            .to_entity();
        assert!(!same_data(&a, &c));
        let d = Difference {
            kind: DiffKind::Different,
            left: Some(a),
            right: Some(c),
        };
        assert_eq!(d.describe(), "differs: A");
    }
}
