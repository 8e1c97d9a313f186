//! The order of listed rows by a column, worked out on numbers: what a sort runs off the UI thread.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::time::{SystemTime, UNIX_EPOCH};

use super::{Bits, ETAG_HEX, Kind, ListedBlobs, MODIFIED, NOT_WHOLE};
use crate::storage::blob::BlobItem;

/// What the list can be sorted by: the columns it shows, but the tags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SortKey {
    Name,
    Lease,
    ETag,
    Size,
    Modified,
    ContentType,
    Tier,
}

/// The rows `start..start + keys.len()` ordered by `keys` (row `start + i` has `keys[i]`), equal keys in the order
/// they came (the names'), all reversed when descending. A least-significant byte first radix sort over only the
/// bytes in which the keys differ at all: five distinct sizes cost one counting read and one placing pass, any
/// keys at most eight passes. The last pass writes the order itself, so nothing is sorted and then copied; no
/// row's place is written (`ListedBlobs::place` finds it by a binary search), so ten million rows ask the kernel
/// for 40 MB of new pages, not 80. `or` and `and`: the keys' bits ORed and
/// ANDed together, or any wider (a byte sorted by that does not differ costs a pass, never a wrong order). None
/// once `cancel` is set. Every read of the keys pauses between chunks of `SORT_STEP` rows (`pause`).
fn radix_order(
    keys: Cow<'_, [u64]>,
    start: usize,
    ascending: bool,
    Bits { or, and }: Bits,
    spare: Spare,
    cancel: &AtomicBool,
) -> Option<Vec<u32>> {
    let n = keys.len();
    let shifts: Vec<u32> = (0..64).step_by(8).filter(|s| ((or ^ and) >> s) & 0xff != 0).collect();
    // Every pass's counts in one read of the keys, made into where each byte's run starts.
    let mut starts = vec![[0usize; 256]; shifts.len()];
    for chunk in keys.chunks(SORT_STEP) {
        for &k in chunk {
            for (counts, &shift) in starts.iter_mut().zip(&shifts) {
                counts[((k >> shift) & 0xff) as usize] += 1;
            }
        }
        pause(cancel)?;
    }
    for counts in &mut starts {
        let mut at = 0;
        for c in counts.iter_mut() {
            (*c, at) = (at, at + *c);
        }
    }
    let place = |pos: usize| (if ascending { pos } else { n - 1 - pos }) as u32;
    let spare_rows = spare.filter(|rows| rows.len() == n);
    let new_rows = |spare: Option<Vec<u32>>| spare.unwrap_or_else(|| vec![0u32; n]);
    if shifts.is_empty() {
        let mut rows = new_rows(spare_rows);
        for i in 0..n {
            rows[place(i) as usize] = (start + i) as u32;
        }
        return (!cancel.load(Relaxed)).then_some(rows);
    }
    // The passes but the last carry each key with its row into the spare pair, which then becomes the current
    // one (`from` empty: the rows as they came). Each pair is new memory the kernel must zero page by page,
    // which at ten million rows costs more than the sorting: so the keys read before (when they are this sort's
    // own) and a spare row buffer (as the order, in the last pass) are written again rather than left.
    let (mut keys, mut from) = (keys, Vec::<u32>::new());
    let (mut spare_keys, mut spare_from) = (Vec::<u64>::new(), Vec::<u32>::new());
    for (pass, (counts, &shift)) in starts.iter_mut().zip(&shifts).enumerate() {
        if cancel.load(Relaxed) {
            return None;
        }
        let row = |j: usize| if from.is_empty() { j as u32 } else { from[j] };
        if pass + 1 == shifts.len() {
            let mut rows = if spare_from.len() == n {
                spare_from
            } else {
                new_rows(spare_rows)
            };
            for chunk in (0..n).step_by(SORT_STEP) {
                for j in chunk..(chunk + SORT_STEP).min(n) {
                    let byte = ((keys[j] >> shift) & 0xff) as usize;
                    rows[place(counts[byte]) as usize] = start as u32 + row(j);
                    counts[byte] += 1;
                }
                pause(cancel)?;
            }
            return Some(rows);
        }
        if spare_keys.len() != n {
            spare_keys = vec![0u64; n];
        }
        if spare_from.len() != n {
            spare_from = vec![0u32; n];
        }
        for chunk in (0..n).step_by(SORT_STEP) {
            for j in chunk..(chunk + SORT_STEP).min(n) {
                let k = keys[j];
                let byte = ((k >> shift) & 0xff) as usize;
                let pos = counts[byte];
                counts[byte] += 1;
                (spare_keys[pos], spare_from[pos]) = (k, row(j));
            }
            pause(cancel)?;
        }
        let read = std::mem::replace(&mut keys, Cow::Owned(std::mem::take(&mut spare_keys)));
        // A column borrowed from the list is never written.
        if let Cow::Owned(v) = read {
            spare_keys = v;
        }
        spare_from = std::mem::replace(&mut from, spare_from);
    }
    None
}

/// The rows of an order let go of, written over by the next sort of as many rows rather than asking the kernel
/// for new pages.
pub type Spare = Option<Vec<u32>>;

/// An order worked out: its rows, and what finds a row's place in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sorted {
    pub rows: Vec<u32>,
    key: SortKey,
    ascending: bool,
    /// Each kind's rank by the words sorted by (content type, tier), as the sort read them.
    ranks: Vec<u64>,
    /// ETags compared as text (some were not Azure's number).
    texts: bool,
}

impl Sorted {
    /// The bytes it holds on the heap.
    pub fn heap_size(&self) -> usize {
        self.rows.capacity() * 4 + self.ranks.capacity() * 8
    }
}

/// A row's key as its sort compared it.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Number(u64),
    Text(String),
}

/// How many rows a sort reads between pauses (`pause`).
const SORT_STEP: usize = 1 << 16;

/// Between two chunks of a sort's read: None once Cancel is set; otherwise the sort's thread gives the core
/// to a thread waiting for one (the window's, with a frame to draw) before it goes on. A pass over ten million
/// rows is tens of milliseconds of memory traffic, two or three frames: on two cores shared with anything else,
/// the frame drawn meanwhile waited for the sort's time slice (`frame_p99_while_sorting_10m` 1.47 under load).
/// A chunk is a fraction of a millisecond, and a yield with no one waiting costs about a microsecond.
fn pause(cancel: &AtomicBool) -> Option<()> {
    #[cfg(test)]
    PAUSES.with(|p| p.set(p.get() + 1));
    if cancel.load(Relaxed) {
        return None;
    }
    std::thread::yield_now();
    Some(())
}

#[cfg(test)]
thread_local! {
    /// The pauses this thread's sorts made.
    static PAUSES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

impl ListedBlobs {
    /// The rows `range` in the order of `key` (equal keys in name order, reversed with the rest when
    /// descending), as row indices; None once `cancel` is set. `done` counts the rows read so far, for the
    /// progress shown.
    pub fn sorted(
        &self,
        range: Range<usize>,
        key: SortKey,
        ascending: bool,
        done: &AtomicUsize,
        cancel: &AtomicBool,
    ) -> Option<Vec<u32>> {
        self.order_by(range, key, ascending, None, done, cancel).map(|s| s.rows)
    }

    /// Row `row`'s place in `sorted` (None: not one of its rows). The sort left equal keys in the rows' order, so
    /// its rows are in the order of (key, row), reversed when descending: a binary search by both finds it.
    pub fn place(&self, sorted: &Sorted, row: usize) -> Option<usize> {
        let key = |i: usize| match sorted.texts {
            true => Key::Text(self.etag(i)),
            false => Key::Number(self.sort_key(i, sorted.key, &sorted.ranks)),
        };
        let wanted = (key(row), row as u32);
        let found = sorted.rows.binary_search_by(|&r| {
            let o = (key(r as usize), r).cmp(&wanted);
            if sorted.ascending { o } else { o.reverse() }
        });
        found.ok()
    }

    /// The rows `range` in the order of `key` (as `sorted`), with what finds a row's place in it (`place`): what
    /// the list needs to draw the order and to find a row in it. Every key but an ETag that
    /// is not Azure's number is a `u64`, ordered by its bytes (`radix_order`), so ten million rows sort in a few
    /// linear passes. `spare`: an earlier order's buffers to write this one into.
    pub fn order_by(
        &self,
        range: Range<usize>,
        key: SortKey,
        ascending: bool,
        spare: Spare,
        done: &AtomicUsize,
        cancel: &AtomicBool,
    ) -> Option<Sorted> {
        let start = range.start;
        let texts = key == SortKey::ETag && range.clone().any(|i| self.rows[i].flags & ETAG_HEX == 0);
        if texts {
            let mut keyed: Vec<(String, u32)> = range.map(|i| (self.etag(i), i as u32)).collect();
            keyed.sort_unstable();
            let mut rows: Vec<u32> = keyed.into_iter().map(|(_, i)| i).collect();
            if !ascending {
                rows.reverse();
            }
            let sorted = Sorted {
                rows,
                key,
                ascending,
                ranks: Vec::new(),
                texts,
            };
            return (!cancel.load(Relaxed)).then_some(sorted);
        }
        let sorted = |rows, ranks| Sorted {
            rows,
            key,
            ascending,
            ranks,
            texts,
        };
        // Sizes are sorted in their column as they are; any other key is read into one first.
        if key == SortKey::Size {
            done.store(range.len(), Relaxed);
            // The bits of every size the list ever held: what the sizes of these rows can differ in.
            let bits = self.size_bits;
            let rows = radix_order(Cow::Borrowed(&self.sizes[range]), start, ascending, bits, spare, cancel)?;
            return Some(sorted(rows, Vec::new()));
        }
        let ranks = self.kind_ranks(key);
        let mut keys: Vec<u64> = Vec::with_capacity(range.len());
        let end = range.end;
        let mut bits = Bits::default();
        for chunk in range.step_by(SORT_STEP).map(|at| at..(at + SORT_STEP).min(end)) {
            pause(cancel)?;
            let chunk_start = keys.len();
            match key {
                // Seconds with the sign bit flipped order as unsigned numbers as they do signed.
                SortKey::Modified => keys.extend(chunk.map(|i| match self.modified[i] {
                    NOT_WHOLE => self.sort_key(i, key, &ranks),
                    secs => (secs as u64) ^ (1 << 63),
                })),
                // By name: every key equal, so the rows stay as they are (reversed when descending).
                SortKey::Name => keys.resize(chunk.end - start, 0),
                _ => keys.extend(chunk.map(|i| self.sort_key(i, key, &ranks))),
            }
            // The bits the keys differ in, from the keys just read (still in the cache).
            keys[chunk_start..].iter().for_each(|&k| bits.put(k));
            done.store(keys.len(), Relaxed);
        }
        let rows = radix_order(Cow::Owned(keys), start, ascending, bits, spare, cancel)?;
        Some(sorted(rows, ranks))
    }

    /// Each kind's place among the kinds by the words `key` shows (content type, tier, lease).
    fn kind_ranks(&self, key: SortKey) -> Vec<u64> {
        let word = |k: &Kind| -> String {
            match key {
                SortKey::ContentType => k.content_type.as_deref().unwrap_or_default().to_string(),
                SortKey::Tier => k.access_tier.as_deref().unwrap_or_default().to_string(),
                _ => String::new(),
            }
        };
        let mut by_word: Vec<(String, usize)> = self.kinds.all.iter().map(word).zip(0..).collect();
        by_word.sort();
        let mut ranks = vec![0; by_word.len()];
        for (rank, (_, kind)) in by_word.into_iter().enumerate() {
            ranks[kind] = rank as u64;
        }
        ranks
    }

    fn sort_key(&self, i: usize, key: SortKey, ranks: &[u64]) -> u64 {
        let r = &self.rows[i];
        // Seconds with the sign bit flipped order as unsigned numbers as they do signed; none first.
        let time = |flag: u8, secs: i64, read: fn(BlobItem) -> Option<SystemTime>| match r.flags & flag {
            0 => read(self.get(i)).map_or(0, |t| t.duration_since(UNIX_EPOCH).map_or(1, |d| d.as_secs() | 1 << 63)),
            _ => (secs as u64) ^ (1 << 63),
        };
        match key {
            SortKey::Name => 0,
            SortKey::Size => self.sizes[i],
            SortKey::ETag => r.etag,
            SortKey::Modified => time(MODIFIED, self.modified[i], |b| b.properties.last_modified),
            SortKey::Lease => self.kinds.all[r.kind as usize].lease_state as u64,
            SortKey::ContentType | SortKey::Tier => ranks[r.kind as usize],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sort of a few chunks' rows pauses after every chunk of every read of its keys (the counting read and
    /// each placing pass), gives the same order as a stable sort, and stops at a pause once cancelled.
    #[test]
    fn a_sort_pauses_between_chunks_and_stops_there_when_cancelled() {
        let n = 3 * SORT_STEP + 5;
        // Two bytes differ: a counting read and two placing passes, each of four chunks.
        let keys: Vec<u64> = (0..n as u64).map(|i| (i * 7919) % 60_000).collect();
        let mut bits = Bits::default();
        keys.iter().for_each(|&k| bits.put(k));
        let cancel = AtomicBool::new(false);
        let before = PAUSES.with(|p| p.get());
        let rows = radix_order(Cow::Borrowed(&keys), 0, true, bits, None, &cancel).expect("not cancelled");
        assert_eq!(
            PAUSES.with(|p| p.get()) - before,
            3 * 4,
            "a pause after each chunk of each read"
        );
        let mut expected: Vec<u32> = (0..n as u32).collect();
        expected.sort_by_key(|&r| keys[r as usize]);
        assert_eq!(rows, expected);

        cancel.store(true, Relaxed);
        let before = PAUSES.with(|p| p.get());
        assert_eq!(radix_order(Cow::Borrowed(&keys), 0, true, bits, None, &cancel), None);
        assert_eq!(PAUSES.with(|p| p.get()) - before, 1, "stopped at the first pause");
    }
}
