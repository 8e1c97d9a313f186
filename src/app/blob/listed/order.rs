//! The order of listed rows by a column, worked out on numbers: what a sort runs off the UI thread.

use std::ops::Range;
use std::time::{SystemTime, UNIX_EPOCH};

use super::{ETAG_HEX, Kind, ListedBlobs, MODIFIED};
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

/// Sorts `(key, row)` pairs by key, keeping equal keys in the order they came (the names'): a least-significant
/// byte first radix sort over the bytes in which the keys differ at all, so five distinct sizes cost one pass
/// and any sizes at most eight. False once `cancel` is set.
fn radix_sort(pairs: &mut Vec<(u64, u32)>, cancel: &std::sync::atomic::AtomicBool) -> bool {
    let (or, and) = pairs.iter().fold((0u64, u64::MAX), |(o, a), &(k, _)| (o | k, a & k));
    let differ = or ^ and;
    let mut spare = vec![(0u64, 0u32); pairs.len()];
    for shift in (0..64).step_by(8).filter(|s| (differ >> s) & 0xff != 0) {
        if cancel.load(std::sync::atomic::Ordering::Relaxed) {
            return false;
        }
        let mut starts = [0usize; 256];
        for &(k, _) in pairs.iter() {
            starts[((k >> shift) & 0xff) as usize] += 1;
        }
        let mut at = 0;
        for s in starts.iter_mut() {
            (*s, at) = (at, at + *s);
        }
        for &pair in pairs.iter() {
            let byte = ((pair.0 >> shift) & 0xff) as usize;
            spare[starts[byte]] = pair;
            starts[byte] += 1;
        }
        std::mem::swap(pairs, &mut spare);
    }
    true
}

/// How many rows a sort reads between looks at its Cancel.
const SORT_STEP: usize = 1 << 16;

impl ListedBlobs {
    /// The rows `range` in the order of `key` (equal keys in name order, reversed with the rest when
    /// descending), as row indices; None once `cancel` is set. `done` counts the rows read so far, for the
    /// progress shown. Every key but an ETag that is not Azure's number is a `u64`, sorted by its bytes (a radix
    /// sort: a few linear passes, stable), so ten million rows sort about as fast as ten million bare numbers.
    pub fn sorted(
        &self,
        range: Range<usize>,
        key: SortKey,
        ascending: bool,
        done: &std::sync::atomic::AtomicUsize,
        cancel: &std::sync::atomic::AtomicBool,
    ) -> Option<Vec<u32>> {
        use std::sync::atomic::Ordering::Relaxed;
        let texts = key == SortKey::ETag && range.clone().any(|i| self.rows[i].flags & ETAG_HEX == 0);
        let mut order: Vec<u32> = if key == SortKey::Name {
            range.map(|i| i as u32).collect()
        } else if texts {
            let mut keyed: Vec<(String, u32)> = range.map(|i| (self.etag(i), i as u32)).collect();
            keyed.sort_unstable();
            keyed.into_iter().map(|(_, i)| i).collect()
        } else {
            let ranks = self.kind_ranks(key);
            let mut keyed: Vec<(u64, u32)> = Vec::with_capacity(range.len());
            let end = range.end;
            for chunk in range.step_by(SORT_STEP).map(|at| at..(at + SORT_STEP).min(end)) {
                if cancel.load(Relaxed) {
                    return None;
                }
                keyed.extend(chunk.map(|i| (self.sort_key(i, key, &ranks), i as u32)));
                done.store(keyed.len(), Relaxed);
            }
            if !radix_sort(&mut keyed, cancel) {
                return None;
            }
            keyed.into_iter().map(|(_, i)| i).collect()
        };
        if !ascending {
            order.reverse();
        }
        (!cancel.load(Relaxed)).then_some(order)
    }

    /// The rows `range` in the order of `key` (as `sorted`), and each row's place in that order (by row minus
    /// `range.start`): what the list needs to draw the order and to find a row in it.
    pub fn order_by(
        &self,
        range: Range<usize>,
        key: SortKey,
        ascending: bool,
        done: &std::sync::atomic::AtomicUsize,
        cancel: &std::sync::atomic::AtomicBool,
    ) -> Option<(Vec<u32>, Vec<u32>)> {
        let start = range.start;
        let rows = self.sorted(range, key, ascending, done, cancel)?;
        let mut at = vec![0u32; rows.len()];
        for (place, &row) in rows.iter().enumerate() {
            at[row as usize - start] = place as u32;
        }
        Some((rows, at))
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
            SortKey::Name => i as u64,
            SortKey::Size => r.size,
            SortKey::ETag => r.etag,
            SortKey::Modified => time(MODIFIED, r.modified, |b| b.properties.last_modified),
            SortKey::Lease => self.kinds.all[r.kind as usize].lease_state as u64,
            SortKey::ContentType | SortKey::Tier => ranks[r.kind as usize],
        }
    }
}
