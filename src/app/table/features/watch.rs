//! A table tab's watch: the loaded query read again on an interval, compared with the rows held by their keys
//! off the UI thread, and applied in place: rows that appeared, rows whose ETag changed (which cells, and what
//! they held), rows that vanished (kept and struck through until dismissed), and a list of what changed when.
//!
//! The service returns a query's rows in key order, and the grid may hold only its first pages: a row is said
//! to have appeared only when it falls among the rows held (a held row after it was seen, or everything was
//! loaded), and to have vanished only when the read went past where it stood (a held row after it was seen, or
//! the query's end). A read stops once it has seen the last held row (or, when every row was loaded, at the
//! query's end), so unchanged data costs one query.

use std::collections::{HashMap, HashSet};
use std::hash::BuildHasher;
use std::sync::Arc;
use std::time::SystemTime;

use crate::app::context::{Backend, InFlight};
use crate::app::table::features::compare::{Line, lines};
use crate::app::table::row_match::RowMatches;
use crate::app::table::store::EntityStore;
use crate::app::widgets::i18n::{t, tr};
use crate::app::widgets::watch::{Cadence, Change, ChangeLog};
use crate::storage::table::{ContinuationToken, Entity, EntityQuery, EntityView};
use crate::storage::{Client, StorageError};

/// How far past the held rows a read goes looking for the last of them before it stops (it may have vanished).
const SLACK: usize = 1_000;

/// How the grid marks a row.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    New,
    /// The properties that changed, with what they held when the user last looked.
    Changed(Vec<Line>),
    Vanished,
}

/// One change in the list beside the grid.
#[derive(Clone, Debug, PartialEq)]
pub struct RowChange {
    pub partition_key: String,
    pub row_key: String,
    pub kind: Kind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    Appeared { etag: String },
    Changed { cells: Vec<Line>, etag: String },
    Vanished,
    Reappeared { etag: String },
}

/// A value as the list says it: its text, with its type when the two sides' types differ.
fn side(v: &Option<(crate::storage::table::EdmType, String)>, typed: bool) -> String {
    match v {
        None => t("table-watch-none"),
        Some((t, text)) if typed => format!("{text} [{t}]"),
        Some((_, text)) => text.clone(),
    }
}

/// "Balance 10 -> 12" (with types when they differ).
pub fn describe_cell(l: &Line) -> String {
    let typed = l.left.as_ref().map(|v| v.0) != l.right.as_ref().map(|v| v.0) && l.left.is_some() && l.right.is_some();
    format!("{} {} -> {}", l.name, side(&l.left, typed), side(&l.right, typed))
}

impl Change for RowChange {
    fn describe(&self) -> String {
        let who = format!("{} / {}", self.partition_key, self.row_key);
        match &self.kind {
            Kind::Appeared { etag } => tr!("table-watch-appeared", who = who, etag = etag.as_str()),
            Kind::Changed { cells, etag } if cells.is_empty() => {
                tr!("table-watch-same-values", who = who, etag = etag.as_str())
            }
            Kind::Changed { cells, etag } => {
                let said: Vec<String> = cells.iter().map(describe_cell).collect();
                tr!(
                    "table-watch-changed",
                    who = who,
                    cells = said.join(", "),
                    etag = etag.as_str()
                )
            }
            Kind::Vanished => tr!("table-watch-vanished", who = who),
            Kind::Reappeared { etag } => tr!("table-watch-back", who = who, etag = etag.as_str()),
        }
    }

    fn json(&self) -> serde_json::Value {
        let (kind, etag, cells) = match &self.kind {
            Kind::Appeared { etag } => ("appeared", Some(etag), None),
            Kind::Changed { cells, etag } => ("changed", Some(etag), Some(cells)),
            Kind::Vanished => ("vanished", None, None),
            Kind::Reappeared { etag } => ("reappeared", Some(etag), None),
        };
        let value = |v: &Option<(crate::storage::table::EdmType, String)>| match v {
            Some((t, text)) => serde_json::json!({"type": t.to_string(), "value": text}),
            None => serde_json::Value::Null,
        };
        let cells: Option<Vec<serde_json::Value>> = cells.map(|c| {
            c.iter()
                .map(|l| serde_json::json!({"property": l.name, "was": value(&l.left), "now": value(&l.right)}))
                .collect()
        });
        serde_json::json!({
            "PartitionKey": self.partition_key,
            "RowKey": self.row_key,
            "change": kind,
            "ETag": etag,
            "properties": cells,
            "text": self.describe(),
        })
    }
}

/// What a read needs from one tick to the next, kept so that a read of unchanged data allocates nothing of its
/// own: the keys' index and the rows in the service's order, for one version of the store.
#[derive(Default)]
pub struct Keys {
    version: u64,
    hasher: std::hash::RandomState,
    /// (hash of the keys, row), sorted.
    index: Vec<(u64, u32)>,
    /// The held rows in the order the service last returned them (vanished ones left out).
    order: Vec<u32>,
    next: Vec<u32>,
    seen: Vec<bool>,
}

/// A row the read found that the store does not hold, where it was read.
const UNHELD: u32 = u32::MAX;

impl Keys {
    /// Bytes its buffers hold: what a read of unchanged data must not grow.
    pub fn heap_bytes(&self) -> usize {
        self.index.capacity() * std::mem::size_of::<(u64, u32)>()
            + (self.order.capacity() + self.next.capacity()) * std::mem::size_of::<u32>()
            + self.seen.capacity()
    }

    fn hash(&self, pk: &str, rk: &str) -> u64 {
        self.hasher.hash_one((pk, rk))
    }

    /// The index and order for this store, if they describe another one: the order is then the store's own
    /// (its pages came in the service's order; rows a watch added sit at the end).
    fn follow(&mut self, store: &EntityStore, vanished: &HashSet<u32>) {
        if self.version == store.version() && self.seen.len() == store.len() {
            return;
        }
        self.version = store.version();
        let mut index = std::mem::take(&mut self.index);
        index.clear();
        index.extend((0..store.len() as u32).map(|i| {
            let e = store.get(i);
            (self.hash(e.partition_key(), e.row_key()), i)
        }));
        self.index = index;
        self.index.sort_unstable();
        // The service's order: the store's is not it once rows were added at its end (by a watch, by a save).
        self.order.clear();
        self.order
            .extend((0..store.len() as u32).filter(|i| !vanished.contains(i)));
        self.order
            .sort_by(|&a, &b| crate::app::table::features::diff::key_cmp(store.get(a), store.get(b)));
        self.seen.clear();
        self.seen.resize(store.len(), false);
    }

    fn find(&self, store: &EntityStore, e: &EntityView) -> Option<u32> {
        let h = self.hash(e.partition_key(), e.row_key());
        let from = self.index.partition_point(|&(x, _)| x < h);
        self.index[from..]
            .iter()
            .take_while(|&&(x, _)| x == h)
            .map(|&(_, row)| row)
            .find(|&row| {
                let held = store.get(row);
                held.partition_key() == e.partition_key() && held.row_key() == e.row_key()
            })
    }
}

/// What one read found, against the store version it was compared with.
pub struct Found {
    /// The rows with the changes in place and new rows at the end; None when nothing changed.
    pub store: Option<EntityStore>,
    pub marks: Vec<(u32, Mark)>,
    pub changes: Vec<RowChange>,
    /// Rows replaced or added (their columns and the editor's view of them follow).
    pub touched: Vec<u32>,
    pub appended: std::ops::Range<u32>,
    pub requests: u32,
}

/// A finished read: its buffers come back with it.
pub struct Tick {
    pub version: u64,
    pub keys: Box<Keys>,
    pub found: Result<Found, StorageError>,
}

/// Reads the query again up to (and a little past) the rows held, and compares.
#[allow(clippy::too_many_arguments)]
pub async fn read(
    client: Client,
    table: String,
    query: EntityQuery,
    matching: Option<Arc<RowMatches>>,
    store: EntityStore,
    mut keys: Box<Keys>,
    vanished: HashSet<u32>,
    held_all: bool,
) -> Tick {
    keys.follow(&store, &vanished);
    let version = store.version();
    let query = (&query, matching.as_deref());
    let found = compare(&client, &table, query, &store, &mut keys, &vanished, held_all).await;
    if let Ok(Found { store: Some(s), .. }) = &found {
        // The new rows join the index and the order already holds them: the next read starts from here.
        let old = keys.seen.len() as u32;
        for row in old..s.len() as u32 {
            let e = s.get(row);
            let h = keys.hash(e.partition_key(), e.row_key());
            keys.index.push((h, row));
        }
        keys.index.sort_unstable();
        keys.seen.resize(s.len(), false);
        keys.version = s.version();
    }
    Tick { version, keys, found }
}

async fn compare(
    client: &Client,
    table: &str,
    (query, matching): (&EntityQuery, Option<&RowMatches>),
    store: &EntityStore,
    keys: &mut Keys,
    vanished: &HashSet<u32>,
    held_all: bool,
) -> Result<Found, StorageError> {
    let mut token: Option<ContinuationToken> = None;
    let mut requests = 0;
    let (mut replaced, mut unheld): (Vec<(u32, Entity)>, Vec<Entity>) = (Vec::new(), Vec::new());
    let mut changes = Vec::new();
    let mut marks = Vec::new();
    keys.next.clear();
    // A read that failed half-way left its marks.
    keys.seen.iter_mut().for_each(|s| *s = false);
    let last_held = keys.order.last().copied();
    let reached_end = loop {
        let page = client.query_entities(table, query, token.as_ref()).await?;
        requests += 1;
        // A row no longer matched here has left the query's result, as one the service no longer sends.
        for e in page
            .entities
            .into_iter()
            .filter(|e| matching.is_none_or(|m| m.matches(e)))
        {
            match keys.find(store, &e) {
                Some(row) => {
                    keys.seen[row as usize] = true;
                    keys.next.push(row);
                    let held = store.get(row);
                    let back = vanished.contains(&row);
                    if held.etag() != e.etag() || back {
                        let etag = e.etag().unwrap_or_default().to_string();
                        let kind = if back {
                            marks.push((row, Mark::New));
                            Kind::Reappeared { etag }
                        } else {
                            let cells: Vec<Line> = lines(held, &e).into_iter().filter(|l| !l.same()).collect();
                            marks.push((row, Mark::Changed(cells.clone())));
                            Kind::Changed { cells, etag }
                        };
                        changes.push(RowChange {
                            partition_key: e.partition_key().to_string(),
                            row_key: e.row_key().to_string(),
                            kind,
                        });
                        replaced.push((row, e));
                    }
                }
                None => {
                    keys.next.push(UNHELD);
                    unheld.push(e);
                }
            }
        }
        token = page.continuation;
        // With every row loaded, rows added at the end are news too: the read goes to the end.
        let past = keys.next.len() >= keys.order.len() + SLACK;
        match (&token, last_held) {
            (None, _) => break true,
            _ if held_all => {}
            _ if past => break false,
            (Some(_), Some(last)) if keys.seen[last as usize] => break false,
            (Some(_), None) => break false,
            _ => {}
        }
    };

    // Rows not held: new when they fall among the held rows, else they are beyond what was loaded.
    let last_seen_held = keys.next.iter().rposition(|&r| r != UNHELD);
    let mut appended_rows = Vec::new();
    let mut next_row = store.len() as u32;
    let mut unheld = unheld.into_iter();
    let mut kept = 0;
    for i in 0..keys.next.len() {
        if keys.next[i] != UNHELD {
            keys.next[kept] = keys.next[i];
            kept += 1;
            continue;
        }
        let e = unheld.next().expect("one entity per unheld place");
        if held_all || last_seen_held.is_some_and(|l| i < l) {
            changes.push(RowChange {
                partition_key: e.partition_key().to_string(),
                row_key: e.row_key().to_string(),
                kind: Kind::Appeared {
                    etag: e.etag().unwrap_or_default().to_string(),
                },
            });
            marks.push((next_row, Mark::New));
            keys.next[kept] = next_row;
            kept += 1;
            next_row += 1;
            appended_rows.push(e);
        }
    }
    keys.next.truncate(kept);

    // Held rows not seen: vanished when the read went past them; the rest lie beyond it and keep their place.
    let mut seen_after = reached_end;
    let mut beyond = 0;
    for i in (0..keys.order.len()).rev() {
        let row = keys.order[i];
        if keys.seen[row as usize] {
            seen_after = true;
        } else if seen_after {
            marks.push((row, Mark::Vanished));
            let e = store.get(row);
            changes.push(RowChange {
                partition_key: e.partition_key().to_string(),
                row_key: e.row_key().to_string(),
                kind: Kind::Vanished,
            });
        } else {
            beyond += 1;
        }
    }
    let beyond_start = keys.order.len() - beyond;
    for i in beyond_start..keys.order.len() {
        let row = keys.order[i];
        keys.next.push(row);
    }
    std::mem::swap(&mut keys.order, &mut keys.next);
    keys.seen.iter_mut().for_each(|s| *s = false);

    let touched: Vec<u32> = replaced
        .iter()
        .map(|(r, _)| *r)
        .chain(store.len() as u32..next_row)
        .collect();
    let new_store = (!replaced.is_empty() || !appended_rows.is_empty()).then(|| {
        let mut s = store.with_replaced(replaced);
        s.push_page(appended_rows);
        s
    });
    Ok(Found {
        store: new_store,
        marks,
        changes,
        touched,
        appended: store.len() as u32..next_row,
        requests,
    })
}

/// A table tab's watch.
#[derive(Default)]
pub struct TableWatch {
    pub cadence: Cadence,
    pub changes: ChangeLog<RowChange>,
    /// By place in the store; renumbered with it.
    pub marks: HashMap<u32, Mark>,
    pub show_changes: bool,
    /// The place in the view the grid scrolls to next frame ("Next change").
    pub go_to: Option<usize>,
    /// Requests the last read made.
    pub requests: u32,
    /// The read out (one at a time: a new query drops it).
    reading: InFlight<(), Tick>,
    keys: Option<Box<Keys>>,
}

impl TableWatch {
    pub fn is_reading(&self) -> bool {
        !self.reading.is_empty()
    }

    /// How many rows are marked vanished (drawn each frame: counted, not collected).
    pub fn vanished_count(&self) -> usize {
        self.marks.values().filter(|m| matches!(m, Mark::Vanished)).count()
    }

    pub fn vanished(&self) -> HashSet<u32> {
        self.marks
            .iter()
            .filter(|(_, m)| matches!(m, Mark::Vanished))
            .map(|(r, _)| *r)
            .collect()
    }

    /// Starts a read of `query` against a snapshot of `store`.
    pub fn start(
        &mut self,
        backend: &Backend,
        client: &Client,
        table: &str,
        (query, matching): (&EntityQuery, Option<Arc<RowMatches>>),
        store: &EntityStore,
        held_all: bool,
    ) {
        self.cadence.started();
        let keys = self.keys.take().unwrap_or_default();
        let work = read(
            client.clone(),
            table.to_string(),
            query.clone(),
            matching,
            store.clone(),
            keys,
            self.vanished(),
            held_all,
        );
        self.reading.start((), backend.spawn(work));
    }

    /// A finished read, if any, when it still describes `store`: the caller swaps in the new rows; marks and
    /// changes are moved here. A read of an older store is dropped (the next one compares the new rows).
    pub fn finished(&mut self, store: &EntityStore) -> Option<Found> {
        let (_, tick) = self.reading.take()?;
        self.keys = Some(tick.keys);
        match tick.found {
            Err(e) => {
                self.cadence.failed(e.status, &e.plain_words());
                None
            }
            Ok(found) => {
                self.cadence.answered();
                self.requests = found.requests;
                if tick.version != store.version() {
                    return None;
                }
                let now = SystemTime::now();
                let mut found = found;
                for c in std::mem::take(&mut found.changes) {
                    self.changes.push(now, c);
                }
                for (row, mark) in std::mem::take(&mut found.marks) {
                    self.mark(row, mark);
                }
                Some(found)
            }
        }
    }

    /// Marks pile up until the user has seen them: a cell changed twice keeps what it held at first.
    fn mark(&mut self, row: u32, mark: Mark) {
        match (self.marks.get_mut(&row), mark) {
            (Some(Mark::Changed(old)), Mark::Changed(new)) => {
                for l in new {
                    match old.iter_mut().find(|o| o.name == l.name) {
                        Some(o) => o.right = l.right,
                        None => old.push(l),
                    }
                }
                // A value written back to what it was is no longer a change.
                old.retain(|l| !l.same());
            }
            (Some(Mark::New), Mark::Changed(_)) => {}
            (_, mark) => {
                self.marks.insert(row, mark);
            }
        }
    }

    /// "Mark all seen": new and changed marks go; vanished rows stay until dismissed.
    pub fn seen(&mut self) {
        self.marks.retain(|_, m| matches!(m, Mark::Vanished));
    }

    /// A new query: nothing held is compared any more.
    pub fn reset(&mut self) {
        self.marks.clear();
        self.reading.clear();
        self.keys = None;
    }

    /// Rows left the store, which renumbered the rest: the marks follow their rows.
    pub fn renumbered(&mut self, removed: &HashSet<u32>) {
        let mut gone: Vec<u32> = removed.iter().copied().collect();
        gone.sort_unstable();
        self.marks = std::mem::take(&mut self.marks)
            .into_iter()
            .filter(|(r, _)| !removed.contains(r))
            .map(|(r, m)| (r - gone.partition_point(|&g| g < r) as u32, m))
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::table::{EdmType, EdmValue, EntityDraft};

    #[test]
    fn a_change_says_which_cells_and_types_changed() {
        let c = RowChange {
            partition_key: "customer-42".into(),
            row_key: "r1".into(),
            kind: Kind::Changed {
                cells: vec![
                    Line {
                        name: "Balance".into(),
                        left: Some((EdmType::Int32, "10".into())),
                        right: Some((EdmType::Int32, "12".into())),
                    },
                    Line {
                        name: "Code".into(),
                        left: Some((EdmType::Int64, "7".into())),
                        right: Some((EdmType::String, "7".into())),
                    },
                    Line {
                        name: "Note".into(),
                        left: None,
                        right: Some((EdmType::String, "hi".into())),
                    },
                ],
                etag: "W/\"x\"".into(),
            },
        };
        assert_eq!(
            c.describe(),
            "customer-42 / r1: Balance 10 -> 12, Code 7 [Int64] -> 7 [String], Note (none) -> hi, ETag W/\"x\""
        );
        let j = c.json();
        assert_eq!(j["properties"][1]["was"]["type"], "Int64");
        assert_eq!(j["properties"][2]["was"], serde_json::Value::Null);
    }

    #[test]
    fn marks_follow_their_rows_and_keep_the_first_old_value() {
        let mut w = TableWatch::default();
        let line = |was: &str, now: &str| Line {
            name: "N".into(),
            left: Some((EdmType::Int32, was.into())),
            right: Some((EdmType::Int32, now.into())),
        };
        w.mark(5, Mark::Changed(vec![line("1", "2")]));
        w.mark(5, Mark::Changed(vec![line("2", "3")]));
        assert_eq!(w.marks[&5], Mark::Changed(vec![line("1", "3")]));
        w.mark(7, Mark::Vanished);
        w.mark(9, Mark::New);
        w.renumbered(&[2, 6].into_iter().collect());
        assert!(matches!(w.marks[&4], Mark::Changed(_)), "5 moved up past the removed 2");
        assert_eq!(w.marks[&5], Mark::Vanished);
        assert_eq!(w.marks[&7], Mark::New);
        w.seen();
        assert_eq!(w.marks.len(), 1, "only the vanished row stays until dismissed");
    }

    #[test]
    fn the_key_index_finds_rows_and_tells_apart_what_it_does_not_hold() {
        let mut store = EntityStore::default();
        store.push_page(
            (0..50)
                .map(|i| {
                    EntityDraft::new("p", format!("r{i:02}"))
                        .with("N", EdmValue::Int32(i))
                        .to_entity()
                })
                .collect(),
        );
        let mut keys = Keys::default();
        keys.follow(&store, &HashSet::new());
        assert_eq!(keys.find(&store, &EntityDraft::new("p", "r17").to_entity()), Some(17));
        assert_eq!(keys.find(&store, &EntityDraft::new("q", "r17").to_entity()), None);
        assert_eq!(keys.order.len(), 50);
    }
}
