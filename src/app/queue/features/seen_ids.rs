//! The message ids a scan has seen, kept on disk: a set whose memory is the same at ten messages or ten million.
//! A hash table of 16-byte digests (MD5 of the id) in a temporary file, open addressing with linear probing,
//! never more than half full (doubled into a new file past that), read and written a slot at a time.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};

use md5::Digest;

/// Bytes of one slot: one digest; all zeros is an empty slot.
const SLOT: u64 = 16;
/// The slots a set starts with (64 KiB of file).
const FIRST_SLOTS: u64 = 1 << 12;
/// Slots read at a time when the table is doubled.
const CHUNK_SLOTS: usize = 4096;

type Key = [u8; SLOT as usize];

pub struct SeenIds {
    file: File,
    slots: u64,
    len: u64,
}

impl SeenIds {
    /// An empty set in a new temporary file (removed when the set is dropped).
    pub fn new() -> io::Result<SeenIds> {
        Self::with_slots(FIRST_SLOTS)
    }

    fn with_slots(slots: u64) -> io::Result<SeenIds> {
        let file = tempfile::tempfile()?;
        // A file of zeros (sparse where the platform allows): every slot empty.
        file.set_len(slots * SLOT)?;
        Ok(SeenIds { file, slots, len: 0 })
    }

    /// How many ids the set holds.
    pub fn len(&self) -> u64 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `id` was inserted before.
    pub fn contains(&mut self, id: &str) -> io::Result<bool> {
        Ok(matches!(self.probe(&key(id))?, Probe::Present))
    }

    /// Adds `id`; false when it was there already.
    pub fn insert(&mut self, id: &str) -> io::Result<bool> {
        if (self.len + 1) * 2 > self.slots {
            self.grow()?;
        }
        let key = key(id);
        match self.probe(&key)? {
            Probe::Present => Ok(false),
            Probe::Empty(at) => {
                self.write_slot(at, &key)?;
                self.len += 1;
                Ok(true)
            }
        }
    }

    /// Where `key` is, or the empty slot where it would go.
    fn probe(&mut self, key: &Key) -> io::Result<Probe> {
        let mut at = u64::from_le_bytes(key[..8].try_into().expect("eight bytes")) % self.slots;
        loop {
            let slot = self.read_slot(at)?;
            if slot == *key {
                return Ok(Probe::Present);
            }
            if slot == [0; SLOT as usize] {
                return Ok(Probe::Empty(at));
            }
            at = (at + 1) % self.slots;
        }
    }

    fn read_slot(&mut self, at: u64) -> io::Result<Key> {
        let mut slot = [0; SLOT as usize];
        self.file.seek(SeekFrom::Start(at * SLOT))?;
        self.file.read_exact(&mut slot)?;
        Ok(slot)
    }

    fn write_slot(&mut self, at: u64, key: &Key) -> io::Result<()> {
        self.file.seek(SeekFrom::Start(at * SLOT))?;
        self.file.write_all(key)
    }

    /// Moves every digest into a table twice the size, reading this one a chunk at a time.
    fn grow(&mut self) -> io::Result<()> {
        let mut bigger = SeenIds::with_slots(self.slots * 2)?;
        let mut chunk = vec![0u8; CHUNK_SLOTS * SLOT as usize];
        self.file.seek(SeekFrom::Start(0))?;
        let mut left = self.slots as usize;
        while left > 0 {
            let n = left.min(CHUNK_SLOTS);
            let bytes = &mut chunk[..n * SLOT as usize];
            self.file.read_exact(bytes)?;
            for slot in bytes.chunks_exact(SLOT as usize) {
                let key: Key = slot.try_into().expect("a slot");
                if key != [0; SLOT as usize]
                    && let Probe::Empty(at) = bigger.probe(&key)?
                {
                    bigger.write_slot(at, &key)?;
                    bigger.len += 1;
                }
            }
            left -= n;
        }
        *self = bigger;
        Ok(())
    }
}

enum Probe {
    Present,
    Empty(u64),
}

/// The id's digest; the one digest of all zeros (which marks an empty slot) is moved off it.
fn key(id: &str) -> Key {
    let mut key: Key = md5::Md5::digest(id.as_bytes()).into();
    if key == [0; SLOT as usize] {
        key[SLOT as usize - 1] = 1;
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_told_apart_through_every_doubling_of_the_table() {
        let mut seen = SeenIds::new().unwrap();
        let n = FIRST_SLOTS * 5;
        for i in 0..n {
            assert!(seen.insert(&format!("id-{i}")).unwrap(), "new: {i}");
        }
        assert_eq!(seen.len(), n);
        assert!(seen.slots >= n * 2, "never more than half full");
        for i in 0..n {
            assert!(seen.contains(&format!("id-{i}")).unwrap(), "kept: {i}");
            assert!(!seen.insert(&format!("id-{i}")).unwrap(), "not twice: {i}");
        }
        assert!(!seen.contains("id-never").unwrap() && !seen.contains("").unwrap());
        assert_eq!(seen.len(), n);
    }
}
