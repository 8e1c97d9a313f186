//! The blobs a tab has listed, held compactly: ten million rows in about a seventh of the listing's XML.
//!
//! A `BlobItem` is 500 bytes inline, most of it empty `Option<String>`s, and one allocation per string. Here a
//! row is 72 bytes of fixed fields (size, times, a numeric ETag, the MD5's 16 bytes), its name and its rarely set
//! fields (metadata, tags, snapshot, retention, anything that does not fit the fixed fields exactly) packed in
//! one shared byte buffer, and the short strings rows share (content type, blob type, tier, lease state) kept
//! once as a "kind" every row with the same ones points to. A row is read back into a full `BlobItem` exactly
//! (`get`), which the list does only for the rows on screen and the features for the blob they act on.

use std::collections::HashMap;
use std::ops::Range;

use crate::storage::blob::BlobItem;
use crate::storage::listing_order;

mod order;
mod record;
mod shown;

pub use order::{SortKey, Sorted, Spare};
pub use shown::Shown;

/// Where `name` is (Ok) or would go (Err) among `len` names in the service's order (`listing_order`: UTF-16's,
/// not `str`'s), `name_at` giving each: a binary search over names that are not in one slice.
fn search<'a>(len: usize, name_at: impl Fn(usize) -> &'a str, name: &str) -> Result<usize, usize> {
    let (mut lo, mut hi) = (0, len);
    while lo < hi {
        let mid = (lo + hi) / 2;
        match listing_order(name_at(mid), name) {
            std::cmp::Ordering::Less => lo = mid + 1,
            std::cmp::Ordering::Greater => hi = mid,
            std::cmp::Ordering::Equal => return Ok(mid),
        }
    }
    Err(lo)
}

/// The listed blobs, in the order they were put: the listing's, by name as the service orders names (UTF-16 code
/// units, where a character past U+FFFF sorts before one in U+E000..U+FFFF), which every look-up follows.
#[derive(Clone, Default)]
pub struct ListedBlobs {
    rows: Vec<Row>,
    /// Each row's size, and its last modified time in seconds since 1970 (`NOT_WHOLE` when that is not exact in
    /// seconds or not given: `Row::flags` says which), as columns beside the rows: a sort by either reads only
    /// its column, an eighth of what reading them from the rows would.
    sizes: Vec<u64>,
    modified: Vec<i64>,
    /// Every size put in, ORed and ANDed: wider than what the sizes held differ in (a row taken out leaves its
    /// bits), which is all a sort by size needs to skip the bytes no size differs in without reading them.
    size_bits: Bits,
    /// Each row's name, then its rare fields (`Rare`), at `Row::at`.
    bytes: Vec<u8>,
    kinds: Kinds,
    /// Bytes of `bytes` no row points to any more (a row replaced or taken out): compacted away when they are
    /// half of it.
    garbage: usize,
    /// Another number after every change, unique across lists: what a sort worked out on them is keyed by.
    version: u64,
}

static VERSIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn next_version() -> u64 {
    VERSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

#[derive(Clone, Copy)]
struct Row {
    at: u64,
    /// Seconds since 1970 when `CREATED` is set (HTTP dates have no finer part).
    created: i64,
    /// The ETag's number when `ETAG_HEX` is set (Azure's `"0x8DC..."`), else it is a rare field.
    etag: u64,
    md5: [u8; 16],
    kind: u32,
    /// The record's length in `bytes`: the name, then the rare fields.
    len: u32,
    name_len: u32,
    flags: u8,
}

const ETAG_HEX: u8 = 1;
const MD5: u8 = 2;
const MODIFIED: u8 = 4;
const CREATED: u8 = 8;

/// A modified time kept among the rare fields (or none), in the column of times.
const NOT_WHOLE: i64 = i64::MIN;

/// Numbers' bits ORed and ANDed together: where they can differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bits {
    pub(crate) or: u64,
    pub(crate) and: u64,
}

impl Default for Bits {
    fn default() -> Bits {
        Bits { or: 0, and: u64::MAX }
    }
}

impl Bits {
    fn put(&mut self, n: u64) {
        (self.or, self.and) = (self.or | n, self.and & n);
    }
}

/// What many rows share, kept once.
#[derive(Clone, Default)]
struct Kinds {
    all: Vec<Kind>,
    index: HashMap<Kind, u32>,
    /// The kind found last.
    last: u32,
}

#[derive(Clone, Default, PartialEq, Eq, Hash)]
struct Kind {
    content_type: Option<Box<str>>,
    content_encoding: Option<Box<str>>,
    content_language: Option<Box<str>>,
    cache_control: Option<Box<str>>,
    blob_type: Box<str>,
    access_tier: Option<Box<str>>,
    archive_status: Option<Box<str>>,
    rehydrate_priority: Option<Box<str>>,
    copy_status: Option<Box<str>>,
    tier_inferred: bool,
    size_known: bool,
    lease_state: u8,
    lease_locked: bool,
    lease_infinite: Option<bool>,
}

impl ListedBlobs {
    pub fn new() -> ListedBlobs {
        ListedBlobs::default()
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Which rows these are: another number after any change (0: never changed, empty).
    pub fn version(&self) -> u64 {
        self.version
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    pub fn clear(&mut self) {
        *self = ListedBlobs::default();
    }

    /// Row `i`'s name.
    pub fn name(&self, i: usize) -> &str {
        let r = &self.rows[i];
        let at = r.at as usize;
        // Put from a `String`, so always UTF-8.
        std::str::from_utf8(&self.bytes[at..at + r.name_len as usize]).unwrap_or_default()
    }

    /// Row `i`'s size in bytes (the Size column, the statistics).
    pub fn size(&self, i: usize) -> u64 {
        self.sizes[i]
    }

    pub fn names(&self) -> impl DoubleEndedIterator<Item = &str> + '_ {
        (0..self.len()).map(|i| self.name(i))
    }

    pub fn last_name(&self) -> Option<&str> {
        self.len().checked_sub(1).map(|i| self.name(i))
    }

    /// Where `name` is (Ok) or would go (Err), the rows being in the service's name order.
    pub fn position(&self, name: &str) -> Result<usize, usize> {
        search(self.len(), |i| self.name(i), name)
    }

    /// The first row whose name is not `before` (the rows being partitioned by it: a test in the service's order,
    /// `listing_order`).
    pub fn partition_point(&self, before: impl Fn(&str) -> bool) -> usize {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if before(self.name(mid)) { lo = mid + 1 } else { hi = mid }
        }
        lo
    }

    /// The rows whose names start with `start`: a contiguous run in any order of whole strings, found by two binary
    /// searches in the service's (a test in `str`'s order would cut it wrong where names mix characters past
    /// U+FFFF with ones in U+E000..U+FFFF).
    pub fn starting_with(&self, start: &str) -> Range<usize> {
        let from = self.partition_point(|n| listing_order(n, start).is_lt());
        let to = self.partition_point(|n| listing_order(n, start).is_lt() || n.starts_with(start));
        from..to.max(from)
    }

    /// The blob named `name`, read back whole.
    pub fn find(&self, name: &str) -> Option<BlobItem> {
        self.position(name).ok().map(|i| self.get(i))
    }
}

impl ListedBlobs {
    /// Puts a blob after the others (the caller keeps the name order).
    pub fn push(&mut self, b: BlobItem) {
        self.version = next_version();
        let (row, size, modified) = self.pack(b);
        self.size_bits.put(size);
        self.rows.push(row);
        self.sizes.push(size);
        self.modified.push(modified);
    }

    /// Puts a blob at row `i`.
    pub fn insert(&mut self, i: usize, b: BlobItem) {
        self.version = next_version();
        let (row, size, modified) = self.pack(b);
        self.size_bits.put(size);
        self.rows.insert(i, row);
        self.sizes.insert(i, size);
        self.modified.insert(i, modified);
    }

    /// Replaces row `i` with a newer read of the same blob.
    pub fn set(&mut self, i: usize, b: BlobItem) {
        self.version = next_version();
        let (row, size, modified) = self.pack(b);
        self.size_bits.put(size);
        self.garbage += self.rows[i].len as usize;
        (self.rows[i], self.sizes[i], self.modified[i]) = (row, size, modified);
        self.compact_if_wasteful();
    }

    /// Keeps the rows `keep` says yes to, given their index and name.
    pub fn retain(&mut self, mut keep: impl FnMut(usize, &str) -> bool) {
        let before = self.rows.len();
        // Rows and their columns moved down over the rows not kept, together.
        let mut kept = 0;
        for i in 0..before {
            if keep(i, self.name(i)) {
                self.rows[kept] = self.rows[i];
                self.sizes[kept] = self.sizes[i];
                self.modified[kept] = self.modified[i];
                kept += 1;
            } else {
                self.garbage += self.rows[i].len as usize;
            }
        }
        self.rows.truncate(kept);
        self.sizes.truncate(kept);
        self.modified.truncate(kept);
        if kept != before {
            self.version = next_version();
        }
        self.compact_if_wasteful();
    }

    /// Gives back what growing left unused, once a listing is whole.
    pub fn shrink_to_fit(&mut self) {
        self.compact();
        self.rows.shrink_to_fit();
        self.sizes.shrink_to_fit();
        self.modified.shrink_to_fit();
        self.bytes.shrink_to_fit();
    }

    fn compact_if_wasteful(&mut self) {
        if self.garbage > 4096 && self.garbage * 2 > self.bytes.len() {
            self.compact();
        }
    }

    /// Copies every row's record into a new buffer, leaving out what no row points to.
    fn compact(&mut self) {
        if self.garbage == 0 {
            return;
        }
        let mut bytes = Vec::with_capacity(self.bytes.len() - self.garbage);
        for r in &mut self.rows {
            let at = r.at as usize;
            r.at = bytes.len() as u64;
            bytes.extend_from_slice(&self.bytes[at..at + r.len as usize]);
        }
        self.bytes = bytes;
        self.garbage = 0;
    }

    /// Every row, read back whole (for small lists and tests: each row is read into a `BlobItem`).
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = BlobItem> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// The bytes it holds on the heap.
    pub fn heap_size(&self) -> usize {
        self.rows.capacity() * std::mem::size_of::<Row>()
            + self.sizes.capacity() * 8
            + self.modified.capacity() * 8
            + self.bytes.capacity()
            + self.kinds.heap_size()
    }

    /// The rows `range`, as the list shows them.
    pub fn view(&self, range: Range<usize>) -> Shown<'_> {
        Shown::new(self, range)
    }

    pub fn all(&self) -> Shown<'_> {
        self.view(0..self.len())
    }
}

impl Extend<BlobItem> for ListedBlobs {
    fn extend<I: IntoIterator<Item = BlobItem>>(&mut self, items: I) {
        for b in items {
            self.push(b);
        }
    }
}

impl FromIterator<BlobItem> for ListedBlobs {
    fn from_iter<I: IntoIterator<Item = BlobItem>>(items: I) -> ListedBlobs {
        let mut list = ListedBlobs::new();
        list.extend(items);
        list
    }
}

impl From<Vec<BlobItem>> for ListedBlobs {
    fn from(items: Vec<BlobItem>) -> ListedBlobs {
        items.into_iter().collect()
    }
}

impl std::fmt::Debug for ListedBlobs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::blob::{LeaseInfo, LeaseState, RetentionFacts};
    use std::time::{Duration, UNIX_EPOCH};

    fn blob(name: &str) -> BlobItem {
        let mut b = BlobItem {
            name: name.into(),
            ..Default::default()
        };
        let p = &mut b.properties;
        p.content_length = 42;
        p.size_known = true;
        p.etag = "\"0x8DE2B00000000A1\"".into();
        p.http.content_type = Some("text/plain".into());
        p.http.content_encoding = Some(String::new());
        p.http.content_md5 = Some("CY9rzUYh03PK3k6DJie09g==".into());
        p.blob_type = "BlockBlob".into();
        p.access_tier = Some("Hot".into());
        p.tier_inferred = true;
        p.last_modified = Some(UNIX_EPOCH + Duration::from_secs(1_764_000_000));
        p.created = Some(UNIX_EPOCH + Duration::from_secs(1_763_000_000));
        b
    }

    /// Every field, set to what does not fit the fixed fields, reads back as it was put.
    #[test]
    fn every_field_reads_back_exactly() {
        let plain = blob("a/plain.txt");
        let mut odd = blob("b/ünïcödé 名前 .bin");
        odd.snapshot = Some("2026-11-20T10:00:00.1234567Z".into());
        odd.metadata = vec![("kind".into(), "k1".into()), ("empty".into(), String::new())];
        odd.tags = vec![("project".into(), "tessera".into())];
        let p = &mut odd.properties;
        p.etag = "W/\"weak-etag\"".into();
        p.http.content_md5 = Some("not base64".into());
        p.http.content_disposition = Some("attachment; filename=x.bin".into());
        p.http.cache_control = Some("no-cache".into());
        p.last_modified = Some(UNIX_EPOCH + Duration::new(1_764_000_000, 5));
        p.created = Some(UNIX_EPOCH - Duration::from_secs(86_400));
        p.tier_changed = Some(UNIX_EPOCH + Duration::from_secs(1_700_000_000));
        p.archive_status = Some("rehydrate-pending-to-hot".into());
        p.rehydrate_priority = Some("High".into());
        p.copy_status = Some("pending".into());
        p.version_id = Some("2026-11-20T10:00:00.0000000Z".into());
        p.lease = LeaseInfo {
            state: LeaseState::Leased,
            locked: true,
            infinite: Some(false),
        };
        odd.retention = RetentionFacts {
            deleted: true,
            remaining_days: Some(7),
            version_id: Some("v1".into()),
            is_current_version: true,
        };
        let mut leading_zero = blob("c");
        leading_zero.properties.etag = "\"0x08DE\"".into();
        leading_zero.properties.size_known = false;
        leading_zero.properties.last_modified = None;
        let empty = BlobItem::default();
        let all = vec![empty, plain.clone(), odd, leading_zero, blob("d/plain too")];
        let list: ListedBlobs = all.clone().into();
        assert_eq!(list.iter().collect::<Vec<_>>(), all);
        let etags: Vec<String> = (0..list.len()).map(|i| list.etag(i)).collect();
        assert_eq!(etags, all.iter().map(|b| b.properties.etag.clone()).collect::<Vec<_>>());
        assert_eq!(list.name(2), "b/ünïcödé 名前 .bin");
        // The two plain rows share one kind.
        assert!(list.kinds.all.len() < all.len());
    }

    #[test]
    fn inserts_replacements_and_removals_keep_every_row_exact() {
        let names: Vec<String> = (0..2000).map(|i| format!("item{i:05}")).collect();
        let mut list: ListedBlobs = names.iter().map(|n| blob(n)).collect();
        let mut changed = blob("item00007");
        changed.metadata = vec![("k".into(), "v".repeat(100))];
        let at = list.position("item00007").unwrap();
        list.set(at, changed.clone());
        list.insert(list.position("item00007a").unwrap_err(), blob("item00007a"));
        list.retain(|i, name| i % 3 != 0 || name == "item00007");
        list.shrink_to_fit();
        assert_eq!(list.find("item00007"), Some(changed));
        assert_eq!(list.find("item00007a"), Some(blob("item00007a")));
        assert_eq!(list.find("item00000"), None);
        let names: Vec<&str> = list.names().collect();
        assert!(names.windows(2).all(|w| w[0] < w[1]), "still in name order");
        assert_eq!(list.get(list.len() - 1), blob(list.last_name().unwrap()));
        assert_eq!(list.garbage, 0);
    }

    /// Rows in the service's order (UTF-16's: U+1F600 `😀` is the surrogates D83D DE00, before U+FF21 `Ａ`, where
    /// `str`'s order puts it after) are found where they are, a new one goes where the service would list it, and
    /// a run of names sharing a start is found whole.
    #[test]
    fn look_ups_follow_the_services_order_not_strs() {
        let names = ["a.txt", "😀 one", "😀/two", "Ａ one", "Ａ/two", "Ａ/two/three", "ｚ"];
        assert!(names.windows(2).all(|w| w[0].encode_utf16().lt(w[1].encode_utf16())));
        assert!(
            !names.windows(2).all(|w| w[0] < w[1]),
            "an order `str`'s disagrees with"
        );
        let mut list: ListedBlobs = names.iter().map(|n| blob(n)).collect();
        for (i, n) in names.iter().enumerate() {
            assert_eq!(list.position(n), Ok(i), "{n}");
        }
        assert_eq!(list.starting_with("Ａ"), 3..6);
        assert_eq!(list.starting_with("😀"), 1..3);
        assert_eq!(list.starting_with("Ａ/"), 4..6);
        assert_eq!(list.all().position("Ａ/two"), Ok(4));
        let at = list.position("Ａ new").unwrap_err();
        assert_eq!(at, 3);
        list.insert(at, blob("Ａ new"));
        let after: Vec<&str> = list.names().collect();
        assert!(
            after.windows(2).all(|w| w[0].encode_utf16().lt(w[1].encode_utf16())),
            "{after:?}"
        );
        assert_eq!(list.position("😀/two"), Ok(2));
    }

    /// A row costs a seventh of what a `BlobItem` holds inline, before its strings.
    #[test]
    fn a_row_is_small() {
        // The row and its two columns (size, modified).
        let row = std::mem::size_of::<Row>() + 16;
        assert!(row <= 72, "{row}");
        let mut list: ListedBlobs = (0..10_000).map(|i| blob(&format!("item{i:07}.txt"))).collect();
        list.shrink_to_fit();
        let per_row = list.heap_size() as f64 / list.len() as f64;
        assert!(per_row < 100.0, "{per_row} bytes a row");
    }

    #[test]
    fn a_view_finds_and_reads_its_own_rows() {
        let list: ListedBlobs = ["a", "b1", "b2", "c"].iter().map(|n| blob(n)).collect();
        let shown = list.view(1..3);
        assert_eq!(shown.len(), 2);
        assert_eq!(shown.position("b2"), Ok(1));
        assert_eq!(shown.position("c"), Err(2));
        assert_eq!(shown.get(0).name, "b1");
        assert_eq!(shown.names().collect::<Vec<_>>(), ["b1", "b2"]);
        assert_eq!(list.partition_point(|n| n < "b"), 1);
    }

    #[test]
    fn a_sort_orders_by_the_column_with_equal_keys_in_name_order() {
        use std::sync::atomic::{AtomicBool, AtomicUsize};
        let sized = |name: &str, size: u64, kind: &str| {
            let mut b = blob(name);
            b.properties.content_length = size;
            b.properties.http.content_type = Some(kind.into());
            b
        };
        let list: ListedBlobs = vec![
            sized("a", 30, "text/plain"),
            sized("b", 10, "image/png"),
            sized("c", 30, "application/json"),
            sized("d", 20, "text/plain"),
        ]
        .into();
        let (done, cancel) = (AtomicUsize::new(0), AtomicBool::new(false));
        let names = |order: Vec<u32>| -> Vec<&str> { order.iter().map(|&i| list.name(i as usize)).collect() };
        let by = |key, ascending| list.sorted(0..4, key, ascending, &done, &cancel).unwrap();
        assert_eq!(names(by(SortKey::Size, true)), ["b", "d", "a", "c"]);
        assert_eq!(names(by(SortKey::Size, false)), ["c", "a", "d", "b"]);
        assert_eq!(names(by(SortKey::ContentType, true)), ["c", "b", "a", "d"]);
        assert_eq!(
            names(list.sorted(1..4, SortKey::Size, true, &done, &cancel).unwrap()),
            ["b", "d", "c"]
        );
        assert_eq!(
            done.load(std::sync::atomic::Ordering::Relaxed),
            3,
            "the rows read are counted"
        );
        assert_eq!(
            names(list.sorted(1..3, SortKey::Size, false, &done, &cancel).unwrap()),
            ["c", "b"]
        );
        // A sorted view finds a row at its place in the order.
        let sorted = list.order_by(0..4, SortKey::Size, true, None, &done, &cancel).unwrap();
        let shown = list.all().sorted(&sorted);
        assert_eq!(
            (shown.name(0), shown.position("c"), shown.position("zz")),
            ("b", Ok(3), Err(4))
        );
        // By content type (kinds ranked by their words), and a row outside a filter's run is not in its order.
        let sorted = list
            .order_by(1..4, SortKey::ContentType, false, None, &done, &cancel)
            .unwrap();
        let shown = list.view(1..4).sorted(&sorted);
        assert_eq!(
            (
                shown.position("d"),
                shown.position("b"),
                shown.position("c"),
                shown.position("a")
            ),
            (Ok(0), Ok(1), Ok(2), Err(3))
        );
        cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(
            list.sorted(0..4, SortKey::Size, true, &done, &cancel),
            None,
            "a cancelled sort gives nothing"
        );
    }

    /// Keys that differ in several bytes (sizes past 2^32, times) sort as a comparison sort does, stably.
    #[test]
    fn a_radix_sort_of_wide_keys_is_a_stable_sort() {
        use std::sync::atomic::{AtomicBool, AtomicUsize};
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let list: ListedBlobs = (0..5000)
            .map(|i| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let mut b = blob(&format!("n{i:05}"));
                // Some sizes repeat (ties), the rest spread over every byte.
                b.properties.content_length = if i % 7 == 0 { 42 } else { state >> (i % 40) };
                // Times over decades, some with a fraction of a second (not whole: kept among the rare fields).
                let secs = (state >> 35) % 2_000_000_000;
                b.properties.last_modified = (i % 11 != 0).then(|| {
                    UNIX_EPOCH + Duration::from_secs(secs) + Duration::from_millis(if i % 13 == 0 { 250 } else { 0 })
                });
                b
            })
            .collect();
        let (done, cancel) = (AtomicUsize::new(0), AtomicBool::new(false));
        // A run from the middle, as a name filter gives, both ways, by sizes (a column) and by times (keys read
        // from the rows, some of them not whole seconds, kept as rare fields).
        let range = 700..4300;
        for (key, of) in [
            (
                SortKey::Size,
                Box::new(|b: BlobItem| b.properties.content_length as u128) as Box<dyn Fn(BlobItem) -> u128>,
            ),
            (
                SortKey::Modified,
                Box::new(|b: BlobItem| {
                    b.properties
                        .last_modified
                        .map_or(0, |t| t.duration_since(UNIX_EPOCH).unwrap().as_secs() as u128 + 1)
                }),
            ),
        ] {
            for ascending in [true, false] {
                let sorted = list
                    .order_by(range.clone(), key, ascending, None, &done, &cancel)
                    .unwrap();
                let rows = sorted.rows.clone();
                let mut expected: Vec<u32> = range.clone().map(|i| i as u32).collect();
                expected.sort_by_key(|&i| of(list.get(i as usize)));
                if !ascending {
                    expected.reverse();
                }
                assert_eq!(rows, expected, "{key:?} ascending {ascending}");
                assert!(
                    rows.iter()
                        .enumerate()
                        .all(|(place, &row)| list.place(&sorted, row as usize) == Some(place))
                );
            }
        }
    }

    /// A sort written into an earlier order's buffers (full of that order) gives what a sort into new ones gives;
    /// buffers of another length are not used. Sizes from a list whose larger rows were taken out (the bits it
    /// keeps are wider than what is left differs in) still sort exactly.
    #[test]
    fn a_sort_into_an_earlier_orders_buffers_is_the_same_sort() {
        use std::sync::atomic::{AtomicBool, AtomicUsize};
        let mut list: ListedBlobs = (0..3000u64)
            .map(|i| {
                let mut b = blob(&format!("n{i:05}"));
                b.properties.content_length = (i * 7919) % 1000 + if i % 3 == 0 { 1 << 40 } else { 0 };
                b
            })
            .collect();
        list.retain(|i, _| i % 3 != 0);
        let (done, cancel) = (AtomicUsize::new(0), AtomicBool::new(false));
        let fresh = |list: &ListedBlobs, key, up| list.order_by(0..list.len(), key, up, None, &done, &cancel).unwrap();
        let earlier = fresh(&list, SortKey::Modified, true);
        for (key, up) in [(SortKey::Size, true), (SortKey::Size, false), (SortKey::Name, false)] {
            let reused = list
                .order_by(0..list.len(), key, up, Some(earlier.rows.clone()), &done, &cancel)
                .unwrap();
            assert_eq!(reused, fresh(&list, key, up), "{key:?} {up}");
            let short = Some(vec![9u32; 5]);
            assert_eq!(
                list.order_by(0..list.len(), key, up, short, &done, &cancel).unwrap(),
                reused
            );
        }
        let mut expected: Vec<u32> = (0..list.len() as u32).collect();
        expected.sort_by_key(|&i| list.size(i as usize));
        assert_eq!(fresh(&list, SortKey::Size, true).rows, expected);
    }

    #[test]
    fn etags_that_are_not_numbers_sort_as_text() {
        use std::sync::atomic::{AtomicBool, AtomicUsize};
        let tagged = |name: &str, etag: &str| {
            let mut b = blob(name);
            b.properties.etag = etag.into();
            b
        };
        let list: ListedBlobs = vec![tagged("a", "\"0x2\""), tagged("b", "W/\"x\""), tagged("c", "\"0x1\"")].into();
        let order = list
            .sorted(0..3, SortKey::ETag, true, &AtomicUsize::new(0), &AtomicBool::new(false))
            .unwrap();
        assert_eq!(order, [2, 0, 1]);
        // Each row is found at its place in that order, both ways.
        for ascending in [true, false] {
            let (done, cancel) = (AtomicUsize::new(0), AtomicBool::new(false));
            let sorted = list
                .order_by(0..3, SortKey::ETag, ascending, None, &done, &cancel)
                .unwrap();
            let shown = list.all().sorted(&sorted);
            for (place, &row) in sorted.rows.iter().enumerate() {
                assert_eq!(shown.position(list.name(row as usize)), Ok(place));
            }
        }
    }
}
