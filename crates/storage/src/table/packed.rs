//! The packed byte form of a loaded entity (written by `Packer`, read through `EdmRef` views) and the shapes.
//!
//! A shape is the ordered list of property names and types most entities of a table share: the process keeps
//! each one once and an entity holds its number and its values, not its names.
//!
//! Layout: a flags byte; the ETag (as the ticks it encodes when it is the service's usual `W/"datetime'…'"` form
//! and is recreated from them byte for byte, else as text); PartitionKey; RowKey; the Timestamp unless it is
//! the ETag's instant; the shape number (or the shape itself, once the table of shapes is full); then each
//! property's value in the shape's order. Integers are zigzag varints, other numbers fixed width.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use base64::Engine;

use crate::table::edm::{EdmDateTime, EdmType, EdmValue, UnparsedValue, format_double};
use crate::words::Said;

/// A borrowed view of one property value inside a packed entity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EdmRef<'a> {
    String(&'a str),
    Int32(i32),
    Int64(i64),
    Double(f64),
    Boolean(bool),
    DateTime(EdmDateTime),
    Guid(uuid::Uuid),
    Binary(&'a [u8]),
    /// A value this app cannot read: its declared type ("" when none) and its JSON text.
    Unparsed {
        declared: &'a str,
        json: &'a str,
        why: Why<'a>,
    },
}

/// Why an unparsed value could not be read: packed (the `Said` as JSON) or as the value holds it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Why<'a> {
    Packed(&'a str),
    Said(&'a Said),
}

impl Why<'_> {
    /// The reason, for the app to word.
    pub fn said(self) -> Said {
        match self {
            Why::Packed(json) => serde_json::from_str(json).unwrap_or_else(|_| Said::text(json)),
            Why::Said(s) => s.clone(),
        }
    }
}

impl EdmRef<'_> {
    pub fn edm_type(&self) -> EdmType {
        match self {
            EdmRef::String(_) => EdmType::String,
            EdmRef::Int32(_) => EdmType::Int32,
            EdmRef::Int64(_) => EdmType::Int64,
            EdmRef::Double(_) => EdmType::Double,
            EdmRef::Boolean(_) => EdmType::Boolean,
            EdmRef::DateTime(_) => EdmType::DateTime,
            EdmRef::Guid(_) => EdmType::Guid,
            EdmRef::Binary(_) => EdmType::Binary,
            EdmRef::Unparsed { .. } => EdmType::Unparsed,
        }
    }

    pub fn to_value(&self) -> EdmValue {
        match *self {
            EdmRef::String(s) => EdmValue::String(s.to_string()),
            EdmRef::Int32(v) => EdmValue::Int32(v),
            EdmRef::Int64(v) => EdmValue::Int64(v),
            EdmRef::Double(v) => EdmValue::Double(v),
            EdmRef::Boolean(v) => EdmValue::Boolean(v),
            EdmRef::DateTime(v) => EdmValue::DateTime(v),
            EdmRef::Guid(v) => EdmValue::Guid(v),
            EdmRef::Binary(v) => EdmValue::Binary(v.to_vec()),
            EdmRef::Unparsed { declared, json, why } => EdmValue::Unparsed(Box::new(UnparsedValue {
                declared: (!declared.is_empty()).then(|| declared.to_string()),
                json: json.to_string(),
                why: why.said(),
            })),
        }
    }

    /// The text a grid cell shows (and a "contains" filter searches).
    pub fn to_text(&self) -> Cow<'_, str> {
        match *self {
            EdmRef::String(s) => Cow::Borrowed(s),
            EdmRef::Int32(v) => Cow::Owned(v.to_string()),
            EdmRef::Int64(v) => Cow::Owned(v.to_string()),
            EdmRef::Double(v) => Cow::Owned(format_double(v)),
            EdmRef::Boolean(v) => Cow::Borrowed(if v { "true" } else { "false" }),
            EdmRef::DateTime(v) => Cow::Owned(v.to_string()),
            EdmRef::Guid(v) => Cow::Owned(v.hyphenated().to_string()),
            EdmRef::Binary(v) => Cow::Owned(base64::engine::general_purpose::STANDARD.encode(v)),
            EdmRef::Unparsed { json, .. } => Cow::Borrowed(json),
        }
    }
}

impl<'a> From<&'a EdmValue> for EdmRef<'a> {
    fn from(v: &'a EdmValue) -> Self {
        match v {
            EdmValue::String(s) => EdmRef::String(s),
            EdmValue::Int32(v) => EdmRef::Int32(*v),
            EdmValue::Int64(v) => EdmRef::Int64(*v),
            EdmValue::Double(v) => EdmRef::Double(*v),
            EdmValue::Boolean(v) => EdmRef::Boolean(*v),
            EdmValue::DateTime(v) => EdmRef::DateTime(*v),
            EdmValue::Guid(v) => EdmRef::Guid(*v),
            EdmValue::Binary(v) => EdmRef::Binary(v),
            EdmValue::Unparsed(u) => EdmRef::Unparsed {
                declared: u.declared.as_deref().unwrap_or(""),
                json: &u.json,
                why: Why::Said(&u.why),
            },
        }
    }
}

const HAS_ETAG: u8 = 1;
const ETAG_TICKS: u8 = 2;
const HAS_TIMESTAMP: u8 = 4;
/// The Timestamp is the one the ETag encodes (the service writes both from the same instant).
const TIMESTAMP_IS_ETAG: u8 = 8;
const SHARED_SHAPE: u8 = 16;

/// Ends a property name in a shape's bytes: 0xFF is never part of UTF-8.
const NAME_END: u8 = 0xFF;

/// Shapes live for the process (they are small and few); past these limits a shape is kept in each entity.
const SEGMENT: usize = 1024;
const SEGMENTS: usize = 64;
const MAX_SHAPE_BYTES: usize = 16 << 20;

/// Shape numbers are read without a lock (a filter reads them on several threads at once): a slot is written
/// once, before its number is handed out.
static SLOTS: [OnceLock<Segment>; SEGMENTS] = [const { OnceLock::new() }; SEGMENTS];

/// `SEGMENT` slots, each set once to a shape's bytes.
type Segment = Box<[OnceLock<&'static [u8]>]>;

struct Registry {
    index: HashMap<&'static [u8], u32>,
    bytes: usize,
}

static REGISTRY: Mutex<Option<Registry>> = Mutex::new(None);

thread_local! {
    /// The shape this thread interned last, and its number: a page's entities mostly share one shape, which a
    /// comparison finds without the lock and the hash.
    static LAST_SHAPE: std::cell::RefCell<(Vec<u8>, u32)> = const { std::cell::RefCell::new((Vec::new(), 0)) };
}

/// The number of a shape, interning it the first time; `None` when the table is full.
fn intern(shape: &[u8]) -> Option<u32> {
    let last = LAST_SHAPE.with_borrow(|(bytes, id)| (bytes.as_slice() == shape && !shape.is_empty()).then_some(*id));
    if last.is_some() {
        return last;
    }
    let id = intern_shared(shape)?;
    LAST_SHAPE.with_borrow_mut(|(bytes, last)| {
        bytes.clear();
        bytes.extend_from_slice(shape);
        *last = id;
    });
    Some(id)
}

fn intern_shared(shape: &[u8]) -> Option<u32> {
    let mut guard = REGISTRY.lock().unwrap_or_else(|e| e.into_inner());
    let reg = guard.get_or_insert_with(|| Registry {
        index: HashMap::new(),
        bytes: 0,
    });
    if let Some(&id) = reg.index.get(shape) {
        return Some(id);
    }
    let id = reg.index.len();
    if id >= SEGMENT * SEGMENTS || reg.bytes + shape.len() > MAX_SHAPE_BYTES {
        return None;
    }
    let stored: &'static [u8] = Box::leak(shape.to_vec().into_boxed_slice());
    let segment = SLOTS[id / SEGMENT].get_or_init(|| (0..SEGMENT).map(|_| OnceLock::new()).collect());
    let _ = segment[id % SEGMENT].set(stored);
    reg.index.insert(stored, id as u32);
    reg.bytes += shape.len();
    Some(id as u32)
}

fn shape(id: usize) -> &'static [u8] {
    SLOTS[id / SEGMENT]
        .get()
        .and_then(|s| s[id % SEGMENT].get())
        .expect("a shape number handed out")
}

pub(crate) fn tag(t: EdmType) -> u8 {
    match t {
        EdmType::String => 0,
        EdmType::Int32 => 1,
        EdmType::Int64 => 2,
        EdmType::Double => 3,
        EdmType::Boolean => 4,
        EdmType::DateTime => 5,
        EdmType::Guid => 6,
        EdmType::Binary => 7,
        EdmType::Unparsed => 8,
    }
}

/// The ETag the service writes for an entity stored at `ticks`.
pub(crate) fn etag_of(ticks: i64) -> Option<String> {
    let ts = EdmDateTime::from_ticks(ticks)?.to_string();
    Some(format!("W/\"datetime'{}'\"", ts.replace(':', "%3A")))
}

/// The ticks an ETag encodes, when it is recreated from them exactly: `etag_of` writes the one canonical form
/// of an instant in the range, so an ETag in that form naming a real instant in the range is recreated, and
/// no other (`tests::etag_ticks_agree_with_the_round_trip` checks it against formatting the ticks back).
fn etag_ticks(etag: &str) -> Option<i64> {
    let inner = etag.strip_prefix("W/\"datetime'")?.strip_suffix("'\"")?;
    let ticks = crate::table::edm::canonical_ticks(inner.as_bytes(), b"%3A")?;
    EdmDateTime::from_ticks(ticks).map(EdmDateTime::ticks)
}

fn varint(buf: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        buf.push((n as u8) | 0x80);
        n >>= 7;
    }
    buf.push(n as u8);
}

fn bytes(buf: &mut Vec<u8>, b: &[u8]) {
    varint(buf, b.len() as u64);
    buf.extend_from_slice(b);
}

fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

/// Writes the packed form: values as they come, the shape beside them, the header once the shape is known.
pub(crate) struct Packer {
    head: Vec<u8>,
    shape: Vec<u8>,
    values: Vec<u8>,
}

impl Packer {
    pub(crate) fn new(etag: &str, pk: &str, rk: &str, timestamp: Option<EdmDateTime>, capacity: usize) -> Self {
        // Room for all of the head at once (grown a field at a time, the head was moved three times an entity).
        // Each text's length takes at most 5 bytes.
        let mut p = Packer {
            head: Vec::with_capacity(1 + 8 + etag.len() + pk.len() + rk.len() + 3 * 5 + 8),
            shape: Vec::with_capacity(capacity / 2),
            values: Vec::with_capacity(capacity),
        };
        p.write_head(etag, pk, rk, timestamp);
        p
    }

    /// An empty packer whose buffers are reused entity after entity (`start`, `finish_into`): a page is packed
    /// with no allocation per entity.
    pub(crate) fn reusable() -> Self {
        Packer {
            head: Vec::with_capacity(128),
            shape: Vec::with_capacity(256),
            values: Vec::with_capacity(512),
        }
    }

    /// Begins another entity in this packer's buffers.
    pub(crate) fn start(&mut self, etag: &str, pk: &str, rk: &str, timestamp: Option<EdmDateTime>) {
        self.head.clear();
        self.shape.clear();
        self.values.clear();
        self.write_head(etag, pk, rk, timestamp);
    }

    /// The flags byte first, filled in once known.
    fn write_head(&mut self, etag: &str, pk: &str, rk: &str, timestamp: Option<EdmDateTime>) {
        let head = &mut self.head;
        head.push(0);
        let ticks = etag_ticks(etag);
        let mut flags = 0;
        if !etag.is_empty() {
            flags |= HAS_ETAG;
            match ticks {
                Some(t) => {
                    flags |= ETAG_TICKS;
                    head.extend_from_slice(&t.to_le_bytes());
                }
                None => bytes(head, etag.as_bytes()),
            }
        }
        bytes(head, pk.as_bytes());
        bytes(head, rk.as_bytes());
        if let Some(ts) = timestamp {
            flags |= HAS_TIMESTAMP;
            if ticks == Some(ts.ticks()) {
                flags |= TIMESTAMP_IS_ETAG;
            } else {
                head.extend_from_slice(&ts.ticks().to_le_bytes());
            }
        }
        head[0] = flags;
    }

    pub(crate) fn property(&mut self, name: &str, value: EdmRef) {
        self.shape.extend_from_slice(name.as_bytes());
        self.shape.push(NAME_END);
        self.shape.push(tag(value.edm_type()));
        let buf = &mut self.values;
        match value {
            EdmRef::String(s) => bytes(buf, s.as_bytes()),
            EdmRef::Binary(b) => bytes(buf, b),
            EdmRef::Int32(v) => varint(buf, zigzag(i64::from(v))),
            EdmRef::Int64(v) => varint(buf, zigzag(v)),
            EdmRef::Double(v) => buf.extend_from_slice(&v.to_bits().to_le_bytes()),
            EdmRef::DateTime(v) => buf.extend_from_slice(&v.ticks().to_le_bytes()),
            EdmRef::Boolean(v) => buf.push(u8::from(v)),
            EdmRef::Guid(v) => buf.extend_from_slice(v.as_bytes()),
            EdmRef::Unparsed { declared, json, why } => {
                bytes(buf, declared.as_bytes());
                bytes(buf, json.as_bytes());
                match why {
                    Why::Packed(json) => bytes(buf, json.as_bytes()),
                    Why::Said(s) => bytes(buf, serde_json::to_string(s).unwrap_or_default().as_bytes()),
                }
            }
        }
    }

    /// The packed bytes, exactly as long as they need to be.
    pub(crate) fn finish(self) -> Box<[u8]> {
        let id = intern(&self.shape);
        self.finish_as(id)
    }

    fn finish_as(self, id: Option<u32>) -> Box<[u8]> {
        let extra = if id.is_some() { 5 } else { self.shape.len() + 5 };
        let mut buf = Vec::with_capacity(self.head.len() + self.values.len() + extra);
        self.write(id, &mut buf);
        buf.into_boxed_slice()
    }

    /// Appends the packed bytes of the entity begun by `start` to `out` (a page's one buffer).
    pub(crate) fn finish_into(&self, out: &mut Vec<u8>) {
        self.write(intern(&self.shape), out);
    }

    fn write(&self, id: Option<u32>, buf: &mut Vec<u8>) {
        let at = buf.len();
        buf.extend_from_slice(&self.head);
        match id {
            Some(id) => {
                buf[at] |= SHARED_SHAPE;
                varint(buf, u64::from(id));
            }
            None => bytes(buf, &self.shape),
        }
        buf.extend_from_slice(&self.values);
    }
}

/// Reads the packed form; every buffer it reads was written by `Packer`.
#[derive(Clone)]
pub(crate) struct Reader<'a> {
    pub(crate) buf: &'a [u8],
    pub(crate) pos: usize,
}

/// What precedes the properties.
pub(crate) struct Header<'a> {
    pub(crate) etag: Etag<'a>,
    pub(crate) pk: &'a str,
    pub(crate) rk: &'a str,
    pub(crate) timestamp: Option<EdmDateTime>,
    pub(crate) shape_id: Option<u32>,
    pub(crate) shape: &'a [u8],
    /// Where the values start.
    pub(crate) values: usize,
}

/// An ETag as packed.
#[derive(Clone, Copy)]
pub(crate) enum Etag<'a> {
    None,
    Ticks(i64),
    Text(&'a str),
}

impl<'a> Reader<'a> {
    fn varint(&mut self) -> u64 {
        let mut n = 0u64;
        let mut shift = 0;
        loop {
            let b = self.buf[self.pos];
            self.pos += 1;
            n |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                return n;
            }
            shift += 7;
        }
    }

    fn signed(&mut self) -> i64 {
        let n = self.varint();
        ((n >> 1) as i64) ^ -((n & 1) as i64)
    }

    fn bytes(&mut self) -> &'a [u8] {
        let len = self.varint() as usize;
        let b = &self.buf[self.pos..self.pos + len];
        self.pos += len;
        b
    }

    fn str(&mut self) -> &'a str {
        std::str::from_utf8(self.bytes()).expect("packed from a str")
    }

    fn fixed<const N: usize>(&mut self) -> [u8; N] {
        let b: [u8; N] = self.buf[self.pos..self.pos + N].try_into().expect("packed width");
        self.pos += N;
        b
    }

    pub(crate) fn header(buf: &'a [u8]) -> Header<'a> {
        let mut r = Reader { buf, pos: 1 };
        let flags = buf[0];
        let etag = match (flags & HAS_ETAG != 0, flags & ETAG_TICKS != 0) {
            (false, _) => Etag::None,
            (true, true) => Etag::Ticks(i64::from_le_bytes(r.fixed())),
            (true, false) => Etag::Text(r.str()),
        };
        let pk = r.str();
        let rk = r.str();
        let timestamp = match (flags & HAS_TIMESTAMP != 0, flags & TIMESTAMP_IS_ETAG != 0, etag) {
            (false, ..) => None,
            (true, true, Etag::Ticks(t)) => EdmDateTime::from_ticks(t),
            _ => EdmDateTime::from_ticks(i64::from_le_bytes(r.fixed())),
        };
        let (shape_id, shape) = if flags & SHARED_SHAPE != 0 {
            let id = r.varint() as u32;
            (Some(id), shape(id as usize))
        } else {
            (None, r.bytes())
        };
        Header {
            etag,
            pk,
            rk,
            timestamp,
            shape_id,
            shape,
            values: r.pos,
        }
    }

    pub(crate) fn value(&mut self, t: u8) -> EdmRef<'a> {
        match t {
            0 => EdmRef::String(self.str()),
            1 => EdmRef::Int32(self.signed() as i32),
            2 => EdmRef::Int64(self.signed()),
            3 => EdmRef::Double(f64::from_bits(u64::from_le_bytes(self.fixed()))),
            4 => EdmRef::Boolean(self.fixed::<1>()[0] != 0),
            5 => EdmRef::DateTime(
                EdmDateTime::from_ticks(i64::from_le_bytes(self.fixed())).expect("packed from a valid DateTime"),
            ),
            6 => EdmRef::Guid(uuid::Uuid::from_bytes(self.fixed())),
            8 => EdmRef::Unparsed {
                declared: self.str(),
                json: self.str(),
                why: Why::Packed(self.str()),
            },
            _ => EdmRef::Binary(self.bytes()),
        }
    }
}

/// The properties of a packed entity, in the order the service returned them (system properties excluded).
pub struct Properties<'a> {
    pub(crate) shape: &'a [u8],
    pub(crate) values: Reader<'a>,
}

impl<'a> Iterator for Properties<'a> {
    type Item = (&'a str, EdmRef<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        let end = memchr::memchr(NAME_END, self.shape)?;
        let name = std::str::from_utf8(&self.shape[..end]).expect("packed from a str");
        let t = self.shape[end + 1];
        self.shape = &self.shape[end + 2..];
        Some((name, self.values.value(t)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::draft::EntityDraft;
    use crate::table::edm::{EdmValue, UnparsedValue};

    fn ts(text: &str) -> EdmDateTime {
        EdmDateTime::parse(text).unwrap()
    }

    /// The round trip `etag_ticks` stands for: the ETag read by the general time parser, and kept as ticks only
    /// when formatting them back gives the same text.
    fn ticks_by_round_trip(etag: &str) -> Option<i64> {
        let inner = etag.strip_prefix("W/\"datetime'")?.strip_suffix("'\"")?;
        let text = inner.replace("%3A", ":");
        let parsed = time::OffsetDateTime::parse(&text, &time::format_description::well_known::Rfc3339).ok()?;
        let ticks = EdmDateTime::from_offset(parsed)?.ticks();
        (etag_of(ticks)? == etag).then_some(ticks)
    }

    /// The ETag read straight from its digits is the round trip's, over instants across the whole range and
    /// every near miss of the form (another digit count, a bad day, an hour past 23, a leap second, the range's
    /// edges and past them).
    #[test]
    fn etag_ticks_agree_with_the_round_trip() {
        let (min, max) = (EdmDateTime::MIN.ticks(), EdmDateTime::MAX.ticks());
        let mut etags: Vec<String> = Vec::new();
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            etags.push(etag_of(min + (x % (max - min) as u64) as i64).unwrap());
        }
        etags.extend([min, max, min + 1, max - 1].map(|t| etag_of(t).unwrap()));
        let near = [
            "W/\"datetime'2026-11-22T08%3A30%3A00.1234567Z'\"",
            "W/\"datetime'2026-11-22T08%3A30%3A00.123456Z'\"",
            "W/\"datetime'2026-11-22T08%3A30%3A00.12345678Z'\"",
            "W/\"datetime'2026-11-22T08:30:00.1234567Z'\"",
            "W/\"datetime'2026-02-29T08%3A30%3A00.1234567Z'\"",
            "W/\"datetime'2024-02-29T08%3A30%3A00.1234567Z'\"",
            "W/\"datetime'2000-02-29T00%3A00%3A00.0000000Z'\"",
            "W/\"datetime'1900-02-29T00%3A00%3A00.0000000Z'\"",
            "W/\"datetime'2026-04-31T08%3A30%3A00.1234567Z'\"",
            "W/\"datetime'2026-13-01T08%3A30%3A00.1234567Z'\"",
            "W/\"datetime'2026-00-01T08%3A30%3A00.1234567Z'\"",
            "W/\"datetime'2026-11-00T08%3A30%3A00.1234567Z'\"",
            "W/\"datetime'2026-11-22T24%3A00%3A00.0000000Z'\"",
            "W/\"datetime'2026-11-22T23%3A60%3A00.0000000Z'\"",
            "W/\"datetime'2016-12-31T23%3A59%3A60.0000000Z'\"",
            "W/\"datetime'1600-12-31T23%3A59%3A59.9999999Z'\"",
            "W/\"datetime'1601-01-01T00%3A00%3A00.0000000Z'\"",
            "W/\"datetime'2026-11-22T08%3A30%3A00.1234567+00%3A00'\"",
            "W/\"datetime'2026-11-22t08%3A30%3A00.1234567z'\"",
            "W/\"datetime'+026-11-22T08%3A30%3A00.1234567Z'\"",
            "W/\"datetime'2026-11-22T08%3A30%3A0a.1234567Z'\"",
            "W/\"datetime'2026-11-22T08%3a30%3a00.1234567Z'\"",
            "\"0x8DE2B0000000000\"",
            "",
        ];
        etags.extend(near.iter().map(|e| e.to_string()));
        for etag in &etags {
            assert_eq!(etag_ticks(etag), ticks_by_round_trip(etag), "{etag}");
        }
        assert!(etag_ticks(near[0]).is_some() && etag_ticks(near[1]).is_none());
    }

    /// The service's form of a time read straight from its digits is what the general parser reads.
    #[test]
    fn the_services_time_form_reads_as_the_general_parser_reads_it() {
        for etag in [
            "2026-11-22T08:30:00.1234567Z",
            "1601-01-01T00:00:00.0000000Z",
            "9999-12-31T23:59:59.9999999Z",
        ]
        .iter()
        .chain(&[
            "2024-02-29T23:59:59.0000001Z",
            "1970-01-01T00:00:00.0000000Z",
            "2000-03-01T12:00:00.5000000Z",
        ]) {
            let parsed = time::OffsetDateTime::parse(etag, &time::format_description::well_known::Rfc3339).unwrap();
            assert_eq!(ts(etag), EdmDateTime::from_offset(parsed).unwrap(), "{etag}");
            assert_eq!(ts(etag).to_string(), *etag);
        }
        // Out of the range, or not a day: refused in words, as before.
        assert!(EdmDateTime::parse("1600-12-31T23:59:59.9999999Z").is_err());
        assert!(EdmDateTime::parse("2026-02-30T00:00:00.0000000Z").is_err());
    }

    /// Packed and read back, the entity is the draft it came from: keys, ETag, Timestamp, every property.
    fn round_trip(draft: &EntityDraft) -> crate::table::Entity {
        let e = draft.to_entity();
        assert_eq!(&e.to_draft(), draft);
        assert_eq!(e.etag().as_deref(), draft.etag.as_deref());
        assert_eq!(e.timestamp(), draft.timestamp);
        e
    }

    #[test]
    fn every_type_at_its_extremes_reads_back_exactly() {
        let unparsed = |declared: Option<&str>, json: &str| {
            EdmValue::Unparsed(Box::new(UnparsedValue {
                declared: declared.map(str::to_string),
                json: json.to_string(),
                why: Said::text("why ü"),
            }))
        };
        let mut d = EntityDraft::new("", "ключ 日本")
            .with("Empty", EdmValue::String(String::new()))
            .with("Wide", EdmValue::String("é ☃ 𝄞 \"\u{0}".into()))
            .with("I32Min", EdmValue::Int32(i32::MIN))
            .with("I32Max", EdmValue::Int32(i32::MAX))
            .with("I32Neg", EdmValue::Int32(-1))
            .with("I64Min", EdmValue::Int64(i64::MIN))
            .with("I64Max", EdmValue::Int64(i64::MAX))
            .with("Zero", EdmValue::Int64(0))
            .with("Nan", EdmValue::Double(f64::NAN))
            .with("NegZero", EdmValue::Double(-0.0))
            .with("Inf", EdmValue::Double(f64::NEG_INFINITY))
            .with("Tiny", EdmValue::Double(f64::from_bits(1)))
            .with("No", EdmValue::Boolean(false))
            .with("Yes", EdmValue::Boolean(true))
            .with("First", EdmValue::DateTime(EdmDateTime::MIN))
            .with("Last", EdmValue::DateTime(EdmDateTime::MAX))
            .with("Nil", EdmValue::Guid(uuid::Uuid::nil()))
            .with("Max", EdmValue::Guid(uuid::Uuid::max()))
            .with("NoBytes", EdmValue::Binary(Vec::new()))
            .with("Bytes", EdmValue::Binary((0..=255).collect()))
            .with("Odd", unparsed(Some("Edm.Decimal"), "12.50"))
            .with("Bare", unparsed(None, "{\"a\":[1]}"))
            .with("Größe", EdmValue::Int32(7))
            .with("名前", EdmValue::String("値".into()));
        d.timestamp = Some(EdmDateTime::MAX);
        let e = round_trip(&d.with_etag(Some("\"strong\"".into())));
        assert_eq!(e.get("Nan").map(|v| v.to_text().into_owned()), Some("NaN".into()));
        assert_eq!(e.get("名前"), Some(EdmRef::String("値")));
        let d = EntityDraft::new("p", "r").with("Long", EdmValue::String("x".repeat(70_000)));
        round_trip(&d);
    }

    #[test]
    fn the_usual_etag_is_kept_as_ticks_and_any_other_as_its_text() {
        let usual = "W/\"datetime'2026-11-22T08%3A30%3A00.0000001Z'\"";
        let at = ts("2026-11-22T08:30:00.0000001Z");
        let odd = [
            "",
            "W/\"x\"",
            "*",
            // What a read of the ticks would not write again: no fraction, a lower-case escape, a colon, eight
            // digits, no W/, something after.
            "W/\"datetime'2026-11-22T08%3A30%3A00Z'\"",
            "W/\"datetime'2026-11-22T08%3a30%3a00.0000001Z'\"",
            "W/\"datetime'2026-11-22T08:30:00.0000001Z'\"",
            "W/\"datetime'2026-11-22T08%3A30%3A00.00000010Z'\"",
            "\"datetime'2026-11-22T08%3A30%3A00.0000001Z'\"",
            "W/\"datetime'2026-11-22T08%3A30%3A00.0000001Z'\" ",
            "W/\"datetime'1500-01-01T00%3A00%3A00.0000000Z'\"",
            "W/\"datetime'",
        ];
        let plain = EntityDraft::new("p", "r").with("N", EdmValue::Int32(1));
        let text = |etag: &str| {
            plain
                .clone()
                .with_etag(Some(etag.to_string()).filter(|e| !e.is_empty()))
        };
        for etag in odd {
            let e = round_trip(&text(etag));
            assert_eq!(e.etag_ticks(), None, "{etag}");
        }
        let e = round_trip(&text(usual));
        assert_eq!(e.etag_ticks(), Some(at.ticks()));
        assert!(e.heap_size() < round_trip(&text(odd[3])).heap_size());
        // Its Timestamp, the same instant, is not stored twice; another one is.
        let mut same = text(usual);
        same.timestamp = Some(at);
        let mut other = text(usual);
        other.timestamp = Some(EdmDateTime::MIN);
        assert_eq!(round_trip(&same).heap_size(), e.heap_size());
        assert_eq!(round_trip(&other).heap_size(), e.heap_size() + 8);
        let mut no_etag = plain.clone();
        no_etag.timestamp = Some(at);
        round_trip(&no_etag);
        // The oldest and newest instants make ETags that read back too.
        for t in [EdmDateTime::MIN, EdmDateTime::MAX] {
            let etag = etag_of(t.ticks()).unwrap();
            assert_eq!(round_trip(&text(&etag)).etag_ticks(), Some(t.ticks()), "{etag}");
        }
    }

    #[test]
    fn names_are_in_the_shared_shape_not_in_each_entity() {
        let a = EntityDraft::new("p", "1")
            .with("CustomerName", EdmValue::String("x".into()))
            .to_entity();
        let b = EntityDraft::new("p", "2")
            .with("CustomerName", EdmValue::String("x".into()))
            .to_entity();
        let c = EntityDraft::new("p", "2")
            .with("CustomerNamf", EdmValue::String("x".into()))
            .to_entity();
        let d = EntityDraft::new("p", "2")
            .with("CustomerName", EdmValue::Binary(b"x".to_vec()))
            .to_entity();
        assert!(memchr::memmem::find(a.raw_bytes(), b"CustomerName").is_none());
        assert_eq!(a.property_bytes(), b.property_bytes(), "same names, types and values");
        assert_ne!(a.property_bytes(), c.property_bytes(), "another name");
        assert_ne!(a.property_bytes(), d.property_bytes(), "another type");
        let none = EntityDraft::new("p", "3").to_entity();
        assert_eq!(none.properties().count(), 0);
        assert_eq!(
            none.property_bytes(),
            EntityDraft::new("q", "4").to_entity().property_bytes()
        );
    }

    #[test]
    fn an_entity_whose_shape_is_not_shared_keeps_its_names_and_reads_the_same() {
        // What a full table of shapes leads to: the shape written into the entity.
        let mut d = EntityDraft::new("p", "r")
            .with("Größe", EdmValue::Int64(-5))
            .with("Blob", EdmValue::Binary(vec![0xFF, 0]))
            .with_etag(Some("W/\"datetime'2026-11-22T08%3A30%3A00.1234567Z'\"".into()));
        d.timestamp = Some(ts("2026-11-22T08:30:00.1234567Z"));
        let mut p = Packer::new(d.etag.as_deref().unwrap(), "p", "r", d.timestamp, 0);
        for prop in &d.properties {
            p.property(&prop.name, EdmRef::from(&prop.value));
        }
        let alone = crate::table::Entity::from_packed(p.finish_as(None));
        assert!(memchr::memmem::find(alone.raw_bytes(), "Größe".as_bytes()).is_some());
        assert_eq!(alone.to_draft(), d);
        let shared = d.to_entity();
        assert_eq!(shared.to_draft(), d);
        assert!(shared.heap_size() < alone.heap_size());
        assert_ne!(
            alone.property_bytes(),
            shared.property_bytes(),
            "a fast compare may miss, never mistake"
        );
    }
}
