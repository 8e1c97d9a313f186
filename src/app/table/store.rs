//! The loaded entities of a table tab: immutable page chunks (cheap to snapshot for a background sort or
//! filter), the union of their columns with the types seen, and the sort and "contains" filter themselves.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::Arc;

use crate::app::widgets::i18n::{t, tr};
use crate::storage::table::EdmType;
use crate::storage::table::{EdmRef, Entity, EntityView};

/// Columns that are not properties: the keys and the service's own fields.
pub const PARTITION_KEY: &str = "PartitionKey";
pub const ROW_KEY: &str = "RowKey";
pub const TIMESTAMP: &str = "Timestamp";
pub const ETAG: &str = "ETag";

/// Entities in arrival order, as shared chunks (one per page).
#[derive(Clone, Default)]
pub struct EntityStore {
    chunks: Vec<Arc<Page>>,
    starts: Vec<u32>,
    len: u32,
    /// Changes with every change of the rows, unique across stores: what a result computed from the rows (the
    /// partition counts) is keyed by, since two queries can load the same number of rows.
    version: u64,
}

/// A page's entities packed back to back in one allocation (entity `i` is `bytes[ends[i - 1]..ends[i]]`): no
/// allocation and no pointer per entity, only its end.
struct Page {
    bytes: Box<[u8]>,
    ends: Box<[u32]>,
}

impl Page {
    fn new(entities: &[&EntityView]) -> Page {
        let mut bytes = Vec::with_capacity(entities.iter().map(|e| e.raw_bytes().len()).sum());
        let mut ends = Vec::with_capacity(entities.len());
        for e in entities {
            bytes.extend_from_slice(e.raw_bytes());
            ends.push(u32::try_from(bytes.len()).expect("a page under 4 GiB"));
        }
        Page {
            bytes: bytes.into_boxed_slice(),
            ends: ends.into_boxed_slice(),
        }
    }

    fn get(&self, i: usize) -> &EntityView {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        EntityView::from_packed(&self.bytes[start..self.ends[i] as usize])
    }

    fn iter(&self) -> impl Iterator<Item = &EntityView> {
        (0..self.ends.len()).map(|i| self.get(i))
    }

    /// Its bytes, its ends, and the `Arc` block that holds it.
    fn heap_size(&self) -> usize {
        self.bytes.len() + self.ends.len() * 4 + 2 * std::mem::size_of::<usize>() + std::mem::size_of::<Page>()
    }
}

/// The source of store versions.
static VERSIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl EntityStore {
    /// Which rows these are: another number after any change, or in another store.
    pub fn version(&self) -> u64 {
        self.version
    }

    fn changed(&mut self) {
        self.version = VERSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn push_page(&mut self, entities: Vec<Entity>) {
        let views: Vec<&EntityView> = entities.iter().map(|e| &**e).collect();
        self.push_views(&views);
    }

    fn push_views(&mut self, entities: &[&EntityView]) {
        if entities.is_empty() {
            return;
        }
        self.starts.push(self.len);
        self.len += entities.len() as u32;
        self.chunks.push(Arc::new(Page::new(entities)));
        self.changed();
    }

    fn locate(&self, index: u32) -> (usize, usize) {
        let chunk = match self.starts.binary_search(&index) {
            Ok(c) => c,
            Err(c) => c - 1,
        };
        (chunk, (index - self.starts[chunk]) as usize)
    }

    pub fn get(&self, index: u32) -> &EntityView {
        let (c, o) = self.locate(index);
        self.chunks[c].get(o)
    }

    /// The entities at `rows`, each with its index: rows in a run of one page are found without searching the
    /// pages again (a search per row was most of a quick filter's time over a million rows).
    pub fn views<'a>(&'a self, rows: &'a [u32]) -> impl Iterator<Item = (u32, &'a EntityView)> + 'a {
        let mut page = (0u32, 0u32, 0usize);
        rows.iter().map(move |&index| {
            let (start, end, _) = page;
            if index < start || index >= end {
                let (c, _) = self.locate(index);
                page = (self.starts[c], self.starts[c] + self.chunks[c].ends.len() as u32, c);
            }
            (index, self.chunks[page.2].get((index - page.0) as usize))
        })
    }

    /// Replaces one entity (after a save); copies only its chunk.
    pub fn replace(&mut self, index: u32, entity: Entity) {
        *self = self.with_replaced(vec![(index, entity)]);
    }

    /// The same rows with some replaced, each touched chunk copied once: a watch builds this off the UI thread,
    /// which then only swaps it in.
    pub fn with_replaced(&self, rows: Vec<(u32, Entity)>) -> EntityStore {
        let mut out = self.clone();
        let mut copies: std::collections::BTreeMap<usize, Vec<&EntityView>> = Default::default();
        for (index, entity) in &rows {
            let (c, o) = self.locate(*index);
            copies.entry(c).or_insert_with(|| self.chunks[c].iter().collect())[o] = entity;
        }
        for (c, chunk) in copies {
            out.chunks[c] = Arc::new(Page::new(&chunk));
        }
        out.changed();
        out
    }

    /// Drops the given rows (after a delete) and rebuilds the chunks.
    pub fn remove(&mut self, rows: &std::collections::HashSet<u32>) {
        let old = std::mem::take(self);
        let kept: Vec<&EntityView> = (0..old.len).filter(|i| !rows.contains(i)).map(|i| old.get(i)).collect();
        for chunk in kept.chunks(1000) {
            self.push_views(chunk);
        }
        self.changed();
    }

    pub fn iter(&self) -> impl Iterator<Item = &EntityView> {
        self.chunks.iter().flat_map(|c| c.iter())
    }

    /// Finds a loaded entity by its keys.
    pub fn position(&self, partition_key: &str, row_key: &str) -> Option<u32> {
        self.iter()
            .position(|e| e.partition_key() == partition_key && e.row_key() == row_key)
            .map(|i| i as u32)
    }

    /// Bytes held on the heap by the loaded entities: the pages and the lists that find them. (Property names
    /// are in shapes shared by the process, a few bytes per kind of entity, not counted here.)
    pub fn heap_size(&self) -> usize {
        self.chunks.iter().map(|c| c.heap_size()).sum::<usize>()
            + self.chunks.capacity() * std::mem::size_of::<Arc<Page>>()
            + self.starts.capacity() * std::mem::size_of::<u32>()
    }
}

/// A column of the grid and the types its values have had.
#[derive(Clone, Debug)]
pub struct ColumnInfo {
    pub name: String,
    pub types: Vec<(EdmType, u32)>,
    pub visible: bool,
    pub width: f32,
}

impl ColumnInfo {
    fn new(name: &str, visible: bool) -> Self {
        ColumnInfo {
            name: name.to_string(),
            types: Vec::new(),
            visible,
            width: if name == ETAG { 260.0 } else { 140.0 },
        }
    }

    /// The type most values have.
    pub fn main_type(&self) -> Option<EdmType> {
        self.types.iter().max_by_key(|(_, n)| *n).map(|(t, _)| *t)
    }

    /// Whether values of more than one type share this name (the service allows it).
    pub fn has_clash(&self) -> bool {
        self.types.len() > 1
    }

    pub fn describe_types(&self) -> String {
        match self.types.as_slice() {
            [] => t("table-store-no-values"),
            [(ty, _)] => format!("Edm.{ty}"), // i18n-ignore: an Edm type name
            many => {
                let part =
                    |(ty, n): &(EdmType, u32)| tr!("table-store-type-in-rows", ty = ty.to_string(), n = n.to_string());
                let parts: Vec<String> = many.iter().map(part).collect();
                tr!("table-store-type-clash", types = parts.join(", "))
            }
        }
    }

    fn saw(&mut self, t: EdmType) {
        match self.types.iter_mut().find(|(x, _)| *x == t) {
            Some((_, n)) => *n += 1,
            None => self.types.push((t, 1)),
        }
    }
}

/// The union of the loaded entities' properties: keys first, then properties as first seen, then Timestamp
/// and ETag.
#[derive(Clone, Debug)]
pub struct Columns {
    pub list: Vec<ColumnInfo>,
    index: HashMap<String, usize>,
}

impl Default for Columns {
    fn default() -> Self {
        let mut c = Columns {
            list: Vec::new(),
            index: HashMap::new(),
        };
        for (name, visible) in [(PARTITION_KEY, true), (ROW_KEY, true), (TIMESTAMP, true), (ETAG, true)] {
            c.index.insert(name.to_string(), c.list.len());
            c.list.push(ColumnInfo::new(name, visible));
        }
        c
    }
}

impl Columns {
    pub fn observe(&mut self, entities: &[Entity]) {
        self.observe_views(entities.iter().map(|e| &**e));
    }

    pub fn observe_views<'a>(&mut self, entities: impl Iterator<Item = &'a EntityView>) {
        // Entities of one shape have the same properties of the same types: a run of them (a page, mostly) has
        // its columns looked up once, not by name for every value.
        let mut run: Option<(u32, Vec<(usize, EdmType)>)> = None;
        for e in entities {
            let shape = e.shape_id();
            if let (Some(id), Some((last, columns))) = (shape, &run)
                && id == *last
            {
                for &(i, t) in columns {
                    self.list[i].saw(t);
                }
                continue;
            }
            let (mut columns, mut added) = (Vec::new(), false);
            for (name, value) in e.properties() {
                let i = match self.index.get(name) {
                    Some(&i) => i,
                    None => {
                        // New properties go before Timestamp and ETag, which stay last.
                        let at = self.list.len() - 2;
                        self.list.insert(at, ColumnInfo::new(name, true));
                        self.index = self.list.iter().enumerate().map(|(i, c)| (c.name.clone(), i)).collect();
                        added = true;
                        at
                    }
                };
                let t = value.edm_type();
                self.list[i].saw(t);
                columns.push((i, t));
            }
            // A column added moves the ones after it: what was found before it may be elsewhere now.
            run = shape.filter(|_| !added).map(|id| (id, columns));
        }
    }

    pub fn get(&self, name: &str) -> Option<&ColumnInfo> {
        self.index.get(name).map(|&i| &self.list[i])
    }

    /// The columns the user chose to see (what `$select` asks for).
    pub fn visible(&self) -> impl Iterator<Item = &ColumnInfo> {
        self.list.iter().filter(|c| c.visible)
    }

    /// The columns the grid draws: chosen ones the loaded rows have (keys, Timestamp and ETag always).
    pub fn shown(&self) -> impl Iterator<Item = &ColumnInfo> {
        let system = [PARTITION_KEY, ROW_KEY, TIMESTAMP, ETAG];
        self.list
            .iter()
            .filter(move |c| c.visible && (system.contains(&c.name.as_str()) || !c.types.is_empty()))
    }

    /// The same columns, order, visibility and widths with nothing observed: a new query keeps the choices
    /// made in the column chooser, and columns its rows lack are simply not drawn.
    pub fn reset_keeping_choices(&self) -> Columns {
        let mut c = self.clone();
        for column in &mut c.list {
            column.types.clear();
        }
        c
    }

    pub fn move_column(&mut self, from: usize, to: usize) {
        if from < self.list.len() && to < self.list.len() {
            let c = self.list.remove(from);
            self.list.insert(to, c);
            self.index = self.list.iter().enumerate().map(|(i, c)| (c.name.clone(), i)).collect();
        }
    }
}

/// A cell's value: a property, a key, the Timestamp, or the ETag (which may be made from the ticks it encodes).
pub enum Cell<'a> {
    Value(EdmRef<'a>),
    Etag(std::borrow::Cow<'a, str>),
}

impl Cell<'_> {
    pub fn value(&self) -> EdmRef<'_> {
        match self {
            Cell::Value(v) => *v,
            Cell::Etag(t) => EdmRef::String(t),
        }
    }
}

pub fn cell<'a>(e: &'a EntityView, column: &str) -> Option<Cell<'a>> {
    match column {
        ETAG => e.etag().map(Cell::Etag),
        other => e.get(other).map(Cell::Value),
    }
}

/// Orders two rows' ETags without writing them out when both are kept as ticks (their text sorts as these do:
/// fixed width, from the year on).
fn compare_etags(a: &EntityView, b: &EntityView) -> Ordering {
    match (a.etag_ticks(), b.etag_ticks()) {
        (Some(x), Some(y)) => x.cmp(&y),
        _ => compare(
            a.etag().as_deref().map(EdmRef::String),
            b.etag().as_deref().map(EdmRef::String),
        ),
    }
}

/// Orders values of one column: missing last, then by type, then by value (NaN after numbers).
fn compare(a: Option<EdmRef>, b: Option<EdmRef>) -> Ordering {
    match (a, b) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Greater,
        (Some(_), None) => Ordering::Less,
        (Some(a), Some(b)) => match (a, b) {
            (EdmRef::String(x), EdmRef::String(y)) => x.cmp(y),
            (EdmRef::Int32(x), EdmRef::Int32(y)) => x.cmp(&y),
            (EdmRef::Int64(x), EdmRef::Int64(y)) => x.cmp(&y),
            (EdmRef::Double(x), EdmRef::Double(y)) => x.total_cmp(&y),
            (EdmRef::Boolean(x), EdmRef::Boolean(y)) => x.cmp(&y),
            (EdmRef::DateTime(x), EdmRef::DateTime(y)) => x.cmp(&y),
            (EdmRef::Guid(x), EdmRef::Guid(y)) => x.cmp(&y),
            (EdmRef::Binary(x), EdmRef::Binary(y)) => x.cmp(y),
            (x, y) => x.edm_type().cmp(&y.edm_type()),
        },
    }
}

/// Row indices in the order of `column` (stable, so equal values keep their load order).
pub fn sorted(store: &EntityStore, rows: &[u32], column: &str, ascending: bool) -> Vec<u32> {
    let mut out = rows.to_vec();
    out.sort_by(|&a, &b| {
        let (a, b) = (store.get(a), store.get(b));
        let o = match column {
            ETAG => compare_etags(a, b),
            _ => compare(a.get(column), b.get(column)),
        };
        if ascending { o } else { o.reverse() }
    });
    out
}

/// A case-insensitive "contains" over what the grid shows: keys, ETag, and every value's text.
pub struct QuickFilter {
    needle: Vec<u8>,
    /// Numbers, dates and GUIDs are matched by their text only when the needle could appear in one.
    formats_values: bool,
    /// Whether the needle could be in an ETag of the usual form (`w/"datetime'2026-11-22t08%3a30%3a00…z'"`).
    etag_chars: bool,
    anchor: Anchor,
}

/// How candidates are found before a full case-insensitive compare.
enum Anchor {
    /// A part of the needle without letters (so without case), found with a SIMD search, and its offset.
    Exact(Box<memchr::memmem::Finder<'static>>, usize),
    /// The needle's rarest letter, in both cases, and its offset.
    Letter(u8, u8, usize),
}

/// Letters from the most to the least common in text: the anchor is the last one the needle has.
const LETTER_FREQUENCY: &[u8] = b"etaoinshrdlcumwfgypbvkjxqz";

impl QuickFilter {
    pub fn new(text: &str) -> Option<QuickFilter> {
        let needle = text.trim().to_lowercase();
        if needle.is_empty() {
            return None;
        }
        let formats_values = needle
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || b"-.:tzTZe+ ".contains(&b) || b.is_ascii_digit())
            || matches!(needle.as_str(), "true" | "false" | "nan" | "infinity" | "-infinity");
        let etag_chars = needle
            .bytes()
            .all(|b| b.is_ascii_digit() || b"w/\"datime'-%3a.z".contains(&b));
        let bytes = needle.into_bytes();
        Some(QuickFilter {
            etag_chars,
            anchor: anchor(&bytes),
            needle: bytes,
            formats_values,
        })
    }

    /// The positions to check: where the anchor occurs, shifted to where the needle would start.
    fn contains(&self, haystack: &[u8]) -> bool {
        let n = &self.needle;
        if haystack.len() < n.len() {
            return false;
        }
        let at = |start: usize| {
            start + n.len() <= haystack.len() && haystack[start..start + n.len()].eq_ignore_ascii_case(n)
        };
        match &self.anchor {
            Anchor::Exact(finder, offset) => finder.find_iter(haystack).any(|p| p >= *offset && at(p - offset)),
            Anchor::Letter(lo, up, offset) => {
                memchr::memchr2_iter(*lo, *up, haystack).any(|p| p >= *offset && at(p - offset))
            }
        }
    }

    pub fn matches(&self, e: &EntityView) -> bool {
        // Text values, keys and an ETag kept as text sit in the packed bytes as they are: no match there, no
        // match at all (unless numbers, or an ETag kept as ticks, have to be written out and searched too).
        let etag_written = self.etag_chars && e.etag_ticks().is_some();
        if !self.formats_values && !etag_written && !self.contains(e.raw_bytes()) {
            return false;
        }
        if self.contains(e.partition_key().as_bytes()) || self.contains(e.row_key().as_bytes()) {
            return true;
        }
        if e.etag().is_some_and(|t| self.contains(t.as_bytes())) {
            return true;
        }
        let mut digits = itoa::Buffer::new();
        e.properties().any(|(_, v)| match v {
            EdmRef::String(s) => self.contains(s.as_bytes()),
            _ if !self.formats_values => false,
            EdmRef::Int32(i) => self.contains(digits.format(i).as_bytes()),
            EdmRef::Int64(i) => self.contains(digits.format(i).as_bytes()),
            EdmRef::Guid(g) => self.contains(g.hyphenated().encode_lower(&mut uuid::Uuid::encode_buffer()).as_bytes()),
            other => self.contains(other.to_text().as_bytes()),
        })
    }
}

fn anchor(needle: &[u8]) -> Anchor {
    // The longest run without letters, if at least two bytes long.
    let mut best = (0, 0);
    let mut start = 0;
    for (i, b) in needle.iter().enumerate() {
        if b.is_ascii_alphabetic() || !b.is_ascii() {
            start = i + 1;
        } else if i + 1 - start > best.1 - best.0 {
            best = (start, i + 1);
        }
    }
    if best.1 - best.0 >= 2 {
        let part = needle[best.0..best.1].to_vec();
        return Anchor::Exact(Box::new(memchr::memmem::Finder::new(&part).into_owned()), best.0);
    }
    let rarest = needle
        .iter()
        .enumerate()
        .max_by_key(|(_, b)| {
            LETTER_FREQUENCY
                .iter()
                .position(|l| l == *b)
                .map_or(usize::MAX, |p| p + 1)
        })
        .map(|(i, _)| i)
        .unwrap_or(0);
    let b = needle[rarest];
    Anchor::Letter(b.to_ascii_lowercase(), b.to_ascii_uppercase(), rarest)
}

/// The rows that pass the filter, in the order given; large sets are split across the cores but one, which
/// stays free for the UI (on two cores a parallel scan made frames stutter while it ran).
pub fn filtered(store: &EntityStore, rows: &[u32], filter: &QuickFilter) -> Vec<u32> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .saturating_sub(1)
        .clamp(1, 8);
    let pass = |part: &[u32]| -> Vec<u32> {
        store
            .views(part)
            .filter_map(|(i, e)| filter.matches(e).then_some(i))
            .collect()
    };
    if rows.len() < 50_000 || threads == 1 {
        return pass(rows);
    }
    let chunk = rows.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let parts: Vec<_> = rows.chunks(chunk).map(|part| scope.spawn(move || pass(part))).collect();
        parts
            .into_iter()
            .flat_map(|p| p.join().expect("filter thread"))
            .collect()
    })
}

/// An entity's keys, as the grid and the editor find a row by them.
pub fn entity_key(e: &EntityView) -> (String, String) {
    (e.partition_key().to_string(), e.row_key().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::table::EdmValue;
    use crate::storage::table::EntityDraft;

    fn store() -> EntityStore {
        let mut s = EntityStore::default();
        s.push_page(vec![
            EntityDraft::new("p1", "b")
                .with("Name", EdmValue::String("Zoë".into()))
                .with("N", EdmValue::Int32(3))
                .to_entity(),
            EntityDraft::new("p1", "a")
                .with("Name", EdmValue::String("alpha".into()))
                .with("N", EdmValue::Int32(10))
                .to_entity(),
        ]);
        s.push_page(vec![
            EntityDraft::new("p2", "c")
                .with("N", EdmValue::String("ten".into()))
                .to_entity(),
        ]);
        s
    }

    #[test]
    fn chunks_address_rows_in_arrival_order() {
        let s = store();
        assert_eq!(s.len(), 3);
        assert_eq!(s.get(2).row_key(), "c");
        assert_eq!(s.position("p1", "a"), Some(1));
        let mut s2 = s.clone();
        s2.replace(1, EntityDraft::new("p1", "a2").to_entity());
        assert_eq!(s2.get(1).row_key(), "a2");
        assert_eq!(s.get(1).row_key(), "a", "a snapshot does not see later edits");
        s2.remove(&[0].into_iter().collect());
        assert_eq!(s2.len(), 2);
        assert_eq!(s2.get(0).row_key(), "a2");
    }

    #[test]
    fn columns_are_the_union_with_type_clashes() {
        let s = store();
        let mut c = Columns::default();
        for e in s.iter() {
            c.observe_views(std::iter::once(e));
        }
        let names: Vec<&str> = c.list.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, vec!["PartitionKey", "RowKey", "Name", "N", "Timestamp", "ETag"]);
        let n = c.get("N").unwrap();
        assert!(n.has_clash());
        assert_eq!(n.main_type(), Some(EdmType::Int32));
        assert!(n.describe_types().contains("Type clash"));
    }

    /// Observed a page at a time (runs of one shape found once) the columns and their type counts are what
    /// observing one entity at a time gives, also where a property named like the last columns (`ETag`) comes
    /// before a new column moves them.
    #[test]
    fn runs_of_one_shape_count_as_each_entity_does() {
        let shaped = |n: i32, extra: Option<&str>| {
            let mut d = EntityDraft::new("p", format!("r{n}"))
                .with("ETag", EdmValue::String("mine".into()))
                .with("N", EdmValue::Int32(n));
            if let Some(extra) = extra {
                d = d.with(extra, EdmValue::Boolean(true));
            }
            d.to_entity()
        };
        let page: Vec<Entity> = (0..6)
            .map(|n| shaped(n, None))
            .chain([
                shaped(6, Some("New")),
                shaped(7, None),
                shaped(8, Some("Later")),
                shaped(9, None),
            ])
            .collect();
        let (mut by_page, mut one_by_one) = (Columns::default(), Columns::default());
        by_page.observe(&page);
        for e in &page {
            one_by_one.observe_views(std::iter::once(&**e));
        }
        let seen = |c: &Columns| {
            c.list
                .iter()
                .map(|c| (c.name.clone(), c.types.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(seen(&by_page), seen(&one_by_one));
        assert_eq!(by_page.get("N").unwrap().types, vec![(EdmType::Int32, 10)]);
    }

    #[test]
    fn a_new_query_keeps_the_column_choices_and_draws_only_columns_its_rows_have() {
        let s = store();
        let mut c = Columns::default();
        c.observe_views(s.iter());
        let name = c.list.iter().position(|c| c.name == "Name").unwrap();
        c.list[name].visible = false;
        c.move_column(c.list.iter().position(|c| c.name == "N").unwrap(), 0);

        let mut next = c.reset_keeping_choices();
        let names = |c: &Columns| c.shown().map(|c| c.name.clone()).collect::<Vec<_>>();
        assert_eq!(
            names(&next),
            ["PartitionKey", "RowKey", "Timestamp", "ETag"],
            "nothing observed yet"
        );
        next.observe_views(s.iter());
        assert_eq!(names(&next), ["N", "PartitionKey", "RowKey", "Timestamp", "ETag"]);
        assert!(!next.get("Name").unwrap().visible, "hidden stays hidden");
    }

    #[test]
    fn sorting_is_by_value_and_type_and_filtering_ignores_case() {
        let s = store();
        let all: Vec<u32> = (0..3).collect();
        assert_eq!(
            sorted(&s, &all, "N", true),
            vec![2, 0, 1],
            "mixed types group by type (String first), then 3 < 10 as numbers"
        );
        assert_eq!(sorted(&s, &all, "RowKey", false), vec![2, 0, 1]);
        assert_eq!(filtered(&s, &all, &QuickFilter::new("ALP").unwrap()), vec![1]);
        assert_eq!(
            filtered(&s, &all, &QuickFilter::new("10").unwrap()),
            vec![1],
            "numbers match by their text"
        );
        assert_eq!(filtered(&s, &all, &QuickFilter::new("p2").unwrap()), vec![2]);
        assert_eq!(
            filtered(&s, &all, &QuickFilter::new("name").unwrap()),
            Vec::<u32>::new(),
            "property names are not values"
        );
        assert!(QuickFilter::new("  ").is_none());
    }

    fn mixed_page() -> Vec<Entity> {
        let usual = |n: u32| Some(format!("W/\"datetime'2026-11-22T08%3A30%3A00.{n:07}Z'\""));
        vec![
            EntityDraft::new("p", "0").with_etag(usual(9)).to_entity(),
            EntityDraft::new("p", "1")
                .with("A", EdmValue::Int32(-3))
                .with("Bé", EdmValue::String("x".into()))
                .with_etag(Some("W/\"odd\"".into()))
                .to_entity(),
            EntityDraft::new("p", "2")
                .with("Bé", EdmValue::Binary(vec![1, 2]))
                .with("A", EdmValue::Int32(4))
                .with_etag(usual(1))
                .to_entity(),
            EntityDraft::new("q", "3").to_entity(),
        ]
    }

    #[test]
    fn a_page_holds_its_entities_exactly_whatever_their_properties() {
        let page = mixed_page();
        let mut s = EntityStore::default();
        s.push_page(Vec::new());
        assert!(s.is_empty());
        assert_eq!(s.heap_size(), 0);
        s.push_page(page.clone());
        s.push_page(page.clone());
        assert_eq!(s.len(), 8);
        for (i, e) in page.iter().chain(&page).enumerate() {
            assert_eq!(s.get(i as u32), &**e, "row {i}");
            assert_eq!(s.get(i as u32).to_owned(), *e);
        }
        let s2 = s.with_replaced(vec![(5, page[3].clone()), (0, page[1].clone())]);
        let expect = [1, 1, 2, 3, 0, 3, 2, 3].map(|i| &page[i]);
        assert!(s2.iter().zip(expect).all(|(a, b)| a == &**b));
        let mut s3 = s2.clone();
        s3.remove(&[0, 7].into_iter().collect());
        assert!(s3.iter().zip(&expect[1..7]).all(|(a, b)| a == &***b));
        assert_eq!(s3.len(), 6);
    }

    #[test]
    fn heap_size_counts_the_pages_and_their_lists() {
        let page = mixed_page();
        let mut s = EntityStore::default();
        s.push_page(page.clone());
        let bytes: usize = page.iter().map(|e| e.heap_size()).sum();
        let arc = 2 * std::mem::size_of::<usize>() + std::mem::size_of::<Page>();
        let lists = s.chunks.capacity() * 8 + s.starts.capacity() * 4;
        assert_eq!(s.heap_size(), bytes + page.len() * 4 + arc + lists);
    }

    #[test]
    fn etags_kept_as_ticks_are_found_sorted_and_shown_as_stored() {
        let mut s = EntityStore::default();
        s.push_page(mixed_page());
        let all: Vec<u32> = (0..4).collect();
        let find = |text: &str| filtered(&s, &all, &QuickFilter::new(text).unwrap());
        assert_eq!(find("DATETIME"), vec![0, 2]);
        assert_eq!(find("00.0000009z"), vec![0]);
        assert_eq!(find("%3a30"), vec![0, 2]);
        assert_eq!(find("odd"), vec![1]);
        assert_eq!(
            sorted(&s, &all, ETAG, true),
            vec![2, 0, 1, 3],
            "by the text, the missing last"
        );
        assert_eq!(
            cell(s.get(0), ETAG).unwrap().value(),
            EdmRef::String("W/\"datetime'2026-11-22T08%3A30%3A00.0000009Z'\"")
        );
    }

    /// The bench's entity (`benches/grid.rs`), to see bytes per entity against JSON in a debug build.
    fn bench_entity(n: usize) -> Entity {
        let cities = ["Oslo", "Lima", "Kyoto", "Perth"];
        let since = crate::storage::table::EdmDateTime::from_ticks(638_000_000_000_000_000 + n as i64);
        EntityDraft::new(format!("partition{:04}", n % 1000), format!("row{n:07}"))
            .with("Name", EdmValue::String(format!("customer {n}")))
            .with("City", EdmValue::String(cities[n % 4].into()))
            .with("Age", EdmValue::Int32((n % 90) as i32))
            .with("Balance", EdmValue::Double(n as f64 * 1.25))
            .with("Visits", EdmValue::Int64(n as i64 * 1_000_003))
            .with("Active", EdmValue::Boolean(n.is_multiple_of(3)))
            .with("Since", EdmValue::DateTime(since.unwrap()))
            .with("Ref", EdmValue::Guid(uuid::Uuid::from_u128(n as u128)))
            .with_etag(Some(format!(
                "W/\"datetime'2026-11-22T08%3A30%3A00.{:07}Z'\"",
                n % 10_000_000
            )))
            .to_entity()
    }

    #[test]
    fn loaded_entities_hold_at_most_a_quarter_of_their_json() {
        let n = 100_000;
        let mut s = EntityStore::default();
        let mut json = 0;
        for chunk in (0..n).step_by(1000) {
            let page: Vec<Entity> = (chunk..chunk + 1000).map(bench_entity).collect();
            json += page
                .iter()
                .map(|e| serde_json::to_vec(&e.to_json()).unwrap().len() + 1)
                .sum::<usize>();
            s.push_page(page);
        }
        let (held, json) = (s.heap_size() as f64 / n as f64, json as f64 / n as f64);
        println!("{held:.1} B/entity, JSON {json:.1} B/entity: {:.3}", held / json);
        assert!(held / json <= 0.25, "{held:.1} B/entity against {json:.1} B of JSON");
        assert_eq!(s.get(4242).to_owned(), bench_entity(4242));
    }
}
