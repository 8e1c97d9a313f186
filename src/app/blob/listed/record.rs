//! How a listed blob is packed into a row, its shared kind and its record of rare fields, and read back.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine;

use super::{CREATED, ETAG_HEX, Kind, Kinds, ListedBlobs, MD5, MODIFIED, NOT_WHOLE, Row};
use crate::storage::blob::{BlobHttpHeaders, BlobItem, BlobProperties, LeaseInfo, LeaseState};

impl Kinds {
    pub(super) fn id(&mut self, kind: Kind) -> u32 {
        // A listing's blobs mostly come in runs of one kind: a comparison with the last finds it without the hash.
        if self.all.get(self.last as usize) == Some(&kind) {
            return self.last;
        }
        if let Some(&id) = self.index.get(&kind) {
            self.last = id;
            return id;
        }
        let id = self.all.len() as u32;
        self.all.push(kind.clone());
        self.index.insert(kind, id);
        self.last = id;
        id
    }

    pub(super) fn heap_size(&self) -> usize {
        let strings: usize = self.all.iter().map(Kind::heap_size).sum();
        // Each kind is held twice (the list and the map's key), plus the map's table.
        2 * (strings + self.all.capacity() * std::mem::size_of::<Kind>())
            + self.index.capacity() * (std::mem::size_of::<Kind>() + 8)
    }
}

impl Kind {
    pub(super) fn heap_size(&self) -> usize {
        [
            &self.content_type,
            &self.content_encoding,
            &self.content_language,
            &self.cache_control,
            &self.access_tier,
            &self.archive_status,
            &self.rehydrate_priority,
            &self.copy_status,
        ]
        .iter()
        .map(|s| s.as_ref().map_or(0, |s| s.len()))
        .sum::<usize>()
            + self.blob_type.len()
    }
}

fn boxed(s: Option<String>) -> Option<Box<str>> {
    s.map(String::into_boxed_str)
}

fn string(s: &Option<Box<str>>) -> Option<String> {
    s.as_deref().map(str::to_string)
}

fn lease_code(state: LeaseState) -> u8 {
    match state {
        LeaseState::Available => 0,
        LeaseState::Leased => 1,
        LeaseState::Expired => 2,
        LeaseState::Breaking => 3,
        LeaseState::Broken => 4,
    }
}

fn lease_state(code: u8) -> LeaseState {
    match code {
        1 => LeaseState::Leased,
        2 => LeaseState::Expired,
        3 => LeaseState::Breaking,
        4 => LeaseState::Broken,
        _ => LeaseState::Available,
    }
}

/// The rare fields' tags in a record.
mod tag {
    pub const SNAPSHOT: u8 = 1;
    pub const DISPOSITION: u8 = 2;
    pub const META_KEY: u8 = 3;
    pub const META_VALUE: u8 = 4;
    pub const TAG_KEY: u8 = 5;
    pub const TAG_VALUE: u8 = 6;
    pub const ETAG: u8 = 7;
    pub const MD5: u8 = 8;
    pub const MODIFIED: u8 = 9;
    pub const CREATED: u8 = 10;
    pub const TIER_CHANGED: u8 = 11;
    pub const VERSION_ID: u8 = 12;
    pub const DELETED: u8 = 13;
    pub const REMAINING_DAYS: u8 = 14;
    pub const RETAINED_VERSION: u8 = 15;
    pub const CURRENT_VERSION: u8 = 16;
}

/// A time as whole seconds, when it has no finer part (all an HTTP date carries).
fn whole_seconds(t: SystemTime) -> Option<i64> {
    let d = t.duration_since(UNIX_EPOCH).ok()?;
    (d.subsec_nanos() == 0).then_some(d.as_secs() as i64)
}

fn time_bytes(t: SystemTime) -> Vec<u8> {
    let (before, d) = match t.duration_since(UNIX_EPOCH) {
        Ok(d) => (0u8, d),
        Err(e) => (1u8, e.duration()),
    };
    let mut out = vec![before];
    out.extend_from_slice(&d.as_secs().to_le_bytes());
    out.extend_from_slice(&d.subsec_nanos().to_le_bytes());
    out
}

fn time_of(b: &[u8]) -> SystemTime {
    let secs = u64::from_le_bytes(b[1..9].try_into().unwrap_or_default());
    let nanos = u32::from_le_bytes(b[9..13].try_into().unwrap_or_default());
    let d = Duration::new(secs, nanos);
    match b[0] {
        0 => UNIX_EPOCH + d,
        _ => UNIX_EPOCH - d,
    }
}

/// Azure's ETag (`"0x8DC2B..."`) as its number, when the number gives the same text back (`{:X}`: upper-case
/// digits, no leading zero, at most 16 of them), checked on the digits rather than by writing the number out.
fn hex_etag(etag: &str) -> Option<u64> {
    let digits = etag.strip_prefix("\"0x")?.strip_suffix('"')?;
    let written_back = (1..=16).contains(&digits.len())
        && (digits == "0" || !digits.starts_with('0'))
        && digits.bytes().all(|b| b.is_ascii_digit() || (b'A'..=b'F').contains(&b));
    written_back.then(|| u64::from_str_radix(digits, 16).ok()).flatten()
}

/// A Content-MD5 as its 16 bytes, when they give the same text back (decoded and encoded on the stack).
fn md5_bytes(md5: &str) -> Option<[u8; 16]> {
    let engine = base64::engine::general_purpose::STANDARD;
    if md5.len() != 24 {
        return None;
    }
    let mut decoded = [0u8; 18];
    let n = engine.decode_slice(md5, &mut decoded).ok()?;
    let bytes: [u8; 16] = decoded[..n].try_into().ok()?;
    let mut encoded = [0u8; 24];
    let n = engine.encode_slice(bytes, &mut encoded).ok()?;
    (&encoded[..n] == md5.as_bytes()).then_some(bytes)
}

fn put(out: &mut Vec<u8>, tag: u8, value: &[u8]) {
    out.push(tag);
    out.extend_from_slice(&(value.len() as u32).to_le_bytes());
    out.extend_from_slice(value);
}

impl ListedBlobs {
    /// Row `i`'s lease state, as listed.
    pub fn lease_state(&self, i: usize) -> LeaseState {
        lease_state(self.kinds.all[self.rows[i].kind as usize].lease_state)
    }

    /// Row `i`'s ETag, as the service gave it (quoted).
    pub fn etag(&self, i: usize) -> String {
        let r = &self.rows[i];
        if r.flags & ETAG_HEX != 0 {
            return format!("\"0x{:X}\"", r.etag);
        }
        let (start, end) = (r.at as usize + r.name_len as usize, r.at as usize + r.len as usize);
        let mut rare = &self.bytes[start..end];
        while rare.len() >= 5 {
            let len = u32::from_le_bytes(rare[1..5].try_into().unwrap_or_default()) as usize;
            if rare[0] == tag::ETAG {
                return String::from_utf8_lossy(&rare[5..5 + len]).into_owned();
            }
            rare = &rare[5 + len..];
        }
        String::new()
    }

    /// Row `i`, read back whole.
    pub fn get(&self, i: usize) -> BlobItem {
        let r = &self.rows[i];
        let k = &self.kinds.all[r.kind as usize];
        let mut b = BlobItem {
            name: self.name(i).to_string(),
            properties: BlobProperties {
                content_length: self.sizes[i],
                size_known: k.size_known,
                http: BlobHttpHeaders {
                    content_type: string(&k.content_type),
                    content_encoding: string(&k.content_encoding),
                    content_language: string(&k.content_language),
                    content_disposition: None,
                    cache_control: string(&k.cache_control),
                    content_md5: (r.flags & MD5 != 0).then(|| base64::engine::general_purpose::STANDARD.encode(r.md5)),
                },
                blob_type: k.blob_type.to_string(),
                access_tier: string(&k.access_tier),
                tier_inferred: k.tier_inferred,
                archive_status: string(&k.archive_status),
                rehydrate_priority: string(&k.rehydrate_priority),
                etag: match r.flags & ETAG_HEX {
                    0 => String::new(),
                    _ => format!("\"0x{:X}\"", r.etag),
                },
                last_modified: (r.flags & MODIFIED != 0)
                    .then(|| UNIX_EPOCH + Duration::from_secs(self.modified[i] as u64)),
                created: (r.flags & CREATED != 0).then(|| UNIX_EPOCH + Duration::from_secs(r.created as u64)),
                lease: LeaseInfo {
                    state: lease_state(k.lease_state),
                    locked: k.lease_locked,
                    infinite: k.lease_infinite,
                },
                copy_status: string(&k.copy_status),
                ..Default::default()
            },
            ..Default::default()
        };
        self.read_rare(r, &mut b);
        b
    }

    fn read_rare(&self, r: &Row, b: &mut BlobItem) {
        let (start, end) = (r.at as usize + r.name_len as usize, r.at as usize + r.len as usize);
        let mut rare = &self.bytes[start..end];
        let text = |v: &[u8]| String::from_utf8_lossy(v).into_owned();
        let mut key = String::new();
        while rare.len() >= 5 {
            let tag = rare[0];
            let len = u32::from_le_bytes(rare[1..5].try_into().unwrap_or_default()) as usize;
            let v = &rare[5..5 + len];
            rare = &rare[5 + len..];
            let p = &mut b.properties;
            match tag {
                tag::SNAPSHOT => b.snapshot = Some(text(v)),
                tag::DISPOSITION => p.http.content_disposition = Some(text(v)),
                tag::META_KEY | tag::TAG_KEY => key = text(v),
                tag::META_VALUE => b.metadata.push((std::mem::take(&mut key), text(v))),
                tag::TAG_VALUE => b.tags.push((std::mem::take(&mut key), text(v))),
                tag::ETAG => p.etag = text(v),
                tag::MD5 => p.http.content_md5 = Some(text(v)),
                tag::MODIFIED => p.last_modified = Some(time_of(v)),
                tag::CREATED => p.created = Some(time_of(v)),
                tag::TIER_CHANGED => p.tier_changed = Some(time_of(v)),
                tag::VERSION_ID => p.version_id = Some(text(v)),
                tag::DELETED => b.retention.deleted = true,
                tag::REMAINING_DAYS => {
                    b.retention.remaining_days = Some(u32::from_le_bytes(v.try_into().unwrap_or_default()))
                }
                tag::RETAINED_VERSION => b.retention.version_id = Some(text(v)),
                tag::CURRENT_VERSION => b.retention.is_current_version = true,
                _ => {}
            }
        }
    }

    /// Packs a blob: its record appended to the bytes; its row, size and modified time (for their columns)
    /// returned.
    pub(super) fn pack(&mut self, b: BlobItem) -> (Row, u64, i64) {
        let at = self.bytes.len();
        self.bytes.extend_from_slice(b.name.as_bytes());
        let p = b.properties;
        let (size, mut modified) = (p.content_length, NOT_WHOLE);
        let mut row = Row {
            at: at as u64,
            created: 0,
            etag: 0,
            md5: [0; 16],
            kind: 0,
            len: 0,
            name_len: b.name.len() as u32,
            flags: 0,
        };
        let out = &mut self.bytes;
        if let Some(s) = &b.snapshot {
            put(out, tag::SNAPSHOT, s.as_bytes());
        }
        if let Some(d) = &p.http.content_disposition {
            put(out, tag::DISPOSITION, d.as_bytes());
        }
        for (k, v) in &b.metadata {
            put(out, tag::META_KEY, k.as_bytes());
            put(out, tag::META_VALUE, v.as_bytes());
        }
        for (k, v) in &b.tags {
            put(out, tag::TAG_KEY, k.as_bytes());
            put(out, tag::TAG_VALUE, v.as_bytes());
        }
        match hex_etag(&p.etag) {
            Some(n) => (row.etag, row.flags) = (n, row.flags | ETAG_HEX),
            None if p.etag.is_empty() => {}
            None => put(out, tag::ETAG, p.etag.as_bytes()),
        }
        match p.http.content_md5.as_deref().map(|m| (m, md5_bytes(m))) {
            Some((_, Some(bytes))) => (row.md5, row.flags) = (bytes, row.flags | MD5),
            Some((text, None)) => put(out, tag::MD5, text.as_bytes()),
            None => {}
        }
        for (time, field, flag, t) in [
            (p.last_modified, &mut modified, MODIFIED, tag::MODIFIED),
            (p.created, &mut row.created, CREATED, tag::CREATED),
        ] {
            match time.map(|when| (when, whole_seconds(when))) {
                Some((_, Some(secs))) => (*field, row.flags) = (secs, row.flags | flag),
                Some((when, None)) => put(out, t, &time_bytes(when)),
                None => {}
            }
        }
        if let Some(t) = p.tier_changed {
            put(out, tag::TIER_CHANGED, &time_bytes(t));
        }
        if let Some(v) = &p.version_id {
            put(out, tag::VERSION_ID, v.as_bytes());
        }
        let r = &b.retention;
        if r.deleted {
            put(out, tag::DELETED, &[]);
        }
        if let Some(days) = r.remaining_days {
            put(out, tag::REMAINING_DAYS, &days.to_le_bytes());
        }
        if let Some(v) = &r.version_id {
            put(out, tag::RETAINED_VERSION, v.as_bytes());
        }
        if r.is_current_version {
            put(out, tag::CURRENT_VERSION, &[]);
        }
        row.len = (self.bytes.len() - at) as u32;
        row.kind = self.kinds.id(Kind {
            content_type: boxed(p.http.content_type),
            content_encoding: boxed(p.http.content_encoding),
            content_language: boxed(p.http.content_language),
            cache_control: boxed(p.http.cache_control),
            blob_type: p.blob_type.into_boxed_str(),
            access_tier: boxed(p.access_tier),
            archive_status: boxed(p.archive_status),
            rehydrate_priority: boxed(p.rehydrate_priority),
            copy_status: boxed(p.copy_status),
            tier_inferred: p.tier_inferred,
            size_known: p.size_known,
            lease_state: lease_code(p.lease.state),
            lease_locked: p.lease.locked,
            lease_infinite: p.lease.infinite,
        });
        (row, size, modified)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ETag's number and the MD5's bytes are kept exactly when writing them back gives the same text: the
    /// checks on the text agree with writing them back, over the forms a listing can hold.
    #[test]
    fn etag_and_md5_are_kept_as_numbers_only_when_they_write_back_the_same() {
        let by_writing = |etag: &str| {
            let digits = etag.strip_prefix("\"0x")?.strip_suffix('"')?;
            let n = u64::from_str_radix(digits, 16).ok()?;
            (format!("{n:X}") == digits).then_some(n)
        };
        for etag in [
            "\"0x8DE2B00000000A1\"",
            "\"0x0\"",
            "\"0x00\"",
            "\"0x08DE\"",
            "\"0x8de2b\"",
            "\"0x+1F\"",
            "\"0xFFFFFFFFFFFFFFFF\"",
            "\"0x10000000000000000\"",
            "\"0x\"",
            "\"0xG1\"",
            "0x8DE",
            "W/\"x\"",
            "",
        ] {
            assert_eq!(hex_etag(etag), by_writing(etag), "{etag}");
        }
        let engine = base64::engine::general_purpose::STANDARD;
        let md5_by_writing = |md5: &str| {
            let bytes: [u8; 16] = engine.decode(md5).ok()?.try_into().ok()?;
            (engine.encode(bytes) == md5).then_some(bytes)
        };
        for md5 in [
            "CY9rzUYh03PK3k6DJie09g==",
            "CY9rzUYh03PK3k6DJie09h==",
            "CY9rzUYh03PK3k6DJie09g",
            "CY9rzUYh03PK3k6DJie09g=",
            "CY9rzUYh03PK3k6DJie09g===",
            "not base64",
            "",
            "AAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAA==",
        ] {
            assert_eq!(md5_bytes(md5), md5_by_writing(md5), "{md5}");
        }
    }
}
