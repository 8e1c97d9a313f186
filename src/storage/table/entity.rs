//! Entities as a query returns them: packed, read-only, one allocation each (smaller than their JSON), read
//! through accessors; and their JSON form for the raw view and exports. Drafts (what is written) are in
//! `draft`, reading the service's JSON in `entity_json`.

use std::borrow::Cow;
use std::fmt;

use base64::Engine;

pub use crate::storage::table::draft::{EntityDraft, Property};
use crate::storage::table::edm::{EdmDateTime, EdmType, EdmValue, UnparsedValue, format_double};
pub use crate::storage::table::entity_json::{parse_entity, parse_entity_page};

/// An entity as the service returned it, packed into one buffer: ETag, keys, Timestamp, then each property's
/// name, type and value. Cheap to hold by the million; read it through the accessors.
#[derive(Clone, PartialEq, Eq)]
pub struct Entity {
    buf: Box<[u8]>,
}

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
        why: &'a str,
    },
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
                why: why.to_string(),
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
                why: &u.why,
            },
        }
    }
}

const NO_TIMESTAMP: i64 = i64::MIN;

fn tag(t: EdmType) -> u8 {
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

/// Writes the packed form.
pub(crate) struct Packer {
    buf: Vec<u8>,
}

impl Packer {
    pub(crate) fn new(etag: &str, pk: &str, rk: &str, timestamp: Option<EdmDateTime>, capacity: usize) -> Self {
        let mut p = Packer {
            buf: Vec::with_capacity(capacity + etag.len() + pk.len() + rk.len() + 16),
        };
        p.bytes(etag.as_bytes());
        p.bytes(pk.as_bytes());
        p.bytes(rk.as_bytes());
        p.buf
            .extend_from_slice(&timestamp.map_or(NO_TIMESTAMP, EdmDateTime::ticks).to_le_bytes());
        p
    }

    fn varint(&mut self, mut n: usize) {
        while n >= 0x80 {
            self.buf.push((n as u8) | 0x80);
            n >>= 7;
        }
        self.buf.push(n as u8);
    }

    fn bytes(&mut self, b: &[u8]) {
        self.varint(b.len());
        self.buf.extend_from_slice(b);
    }

    pub(crate) fn property(&mut self, name: &str, value: EdmRef) {
        self.bytes(name.as_bytes());
        self.buf.push(tag(value.edm_type()));
        match value {
            EdmRef::String(s) => self.bytes(s.as_bytes()),
            EdmRef::Binary(b) => self.bytes(b),
            EdmRef::Int32(v) => self.buf.extend_from_slice(&v.to_le_bytes()),
            EdmRef::Int64(v) => self.buf.extend_from_slice(&v.to_le_bytes()),
            EdmRef::Double(v) => self.buf.extend_from_slice(&v.to_bits().to_le_bytes()),
            EdmRef::DateTime(v) => self.buf.extend_from_slice(&v.ticks().to_le_bytes()),
            EdmRef::Boolean(v) => self.buf.push(u8::from(v)),
            EdmRef::Guid(v) => self.buf.extend_from_slice(v.as_bytes()),
            EdmRef::Unparsed { declared, json, why } => {
                self.bytes(declared.as_bytes());
                self.bytes(json.as_bytes());
                self.bytes(why.as_bytes());
            }
        }
    }

    pub(crate) fn finish(self) -> Entity {
        Entity {
            buf: self.buf.into_boxed_slice(),
        }
    }
}

/// Reads the packed form; every buffer it reads was written by `Packer`.
struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn varint(&mut self) -> usize {
        let mut n = 0usize;
        let mut shift = 0;
        loop {
            let b = self.buf[self.pos];
            self.pos += 1;
            n |= usize::from(b & 0x7f) << shift;
            if b < 0x80 {
                return n;
            }
            shift += 7;
        }
    }

    fn bytes(&mut self) -> &'a [u8] {
        let len = self.varint();
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

    fn value(&mut self) -> EdmRef<'a> {
        let t = self.buf[self.pos];
        self.pos += 1;
        match t {
            0 => EdmRef::String(self.str()),
            1 => EdmRef::Int32(i32::from_le_bytes(self.fixed())),
            2 => EdmRef::Int64(i64::from_le_bytes(self.fixed())),
            3 => EdmRef::Double(f64::from_bits(u64::from_le_bytes(self.fixed()))),
            4 => EdmRef::Boolean(self.fixed::<1>()[0] != 0),
            5 => EdmRef::DateTime(
                EdmDateTime::from_ticks(i64::from_le_bytes(self.fixed())).expect("packed from a valid DateTime"),
            ),
            6 => EdmRef::Guid(uuid::Uuid::from_bytes(self.fixed())),
            8 => EdmRef::Unparsed {
                declared: self.str(),
                json: self.str(),
                why: self.str(),
            },
            _ => EdmRef::Binary(self.bytes()),
        }
    }
}

/// The properties of a packed entity, in the order the service returned them (system properties excluded).
pub struct Properties<'a> {
    reader: Reader<'a>,
}

impl<'a> Iterator for Properties<'a> {
    type Item = (&'a str, EdmRef<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.reader.pos >= self.reader.buf.len() {
            return None;
        }
        let name = self.reader.str();
        Some((name, self.reader.value()))
    }
}

impl Entity {
    fn header(&self) -> (Reader<'_>, &str, &str, &str, Option<EdmDateTime>) {
        let mut r = Reader { buf: &self.buf, pos: 0 };
        let etag = r.str();
        let pk = r.str();
        let rk = r.str();
        let ts = i64::from_le_bytes(r.fixed());
        (r, etag, pk, rk, EdmDateTime::from_ticks(ts))
    }

    pub fn etag(&self) -> Option<&str> {
        Some(self.header().1).filter(|e| !e.is_empty())
    }

    pub fn partition_key(&self) -> &str {
        self.header().2
    }

    pub fn row_key(&self) -> &str {
        self.header().3
    }

    pub fn timestamp(&self) -> Option<EdmDateTime> {
        self.header().4
    }

    pub fn properties(&self) -> Properties<'_> {
        Properties {
            reader: self.header().0,
        }
    }

    /// A property by name; the system properties answer too (PartitionKey, RowKey, Timestamp).
    pub fn get(&self, name: &str) -> Option<EdmRef<'_>> {
        match name {
            "PartitionKey" => Some(EdmRef::String(self.partition_key())),
            "RowKey" => Some(EdmRef::String(self.row_key())),
            "Timestamp" => self.timestamp().map(EdmRef::DateTime),
            _ => self.properties().find(|(n, _)| *n == name).map(|(_, v)| v),
        }
    }

    /// Bytes this entity holds on the heap.
    pub fn heap_size(&self) -> usize {
        self.buf.len()
    }

    /// The packed bytes, for a fast substring scan (names and string values appear in them verbatim).
    pub fn raw_bytes(&self) -> &[u8] {
        &self.buf
    }

    /// The same entity with the ETag a write returned.
    pub fn with_etag(&self, etag: &str) -> Entity {
        self.to_draft().with_etag(Some(etag.to_string())).to_entity()
    }

    /// The packed properties alone (no ETag, keys or Timestamp): two entities whose properties are equal in the
    /// same order have equal bytes here, which a table compare checks before looking property by property.
    pub fn property_bytes(&self) -> &[u8] {
        let (r, ..) = self.header();
        &self.buf[r.pos..]
    }

    /// An editable copy.
    pub fn to_draft(&self) -> EntityDraft {
        let (_, etag, pk, rk, ts) = self.header();
        EntityDraft {
            partition_key: pk.to_string(),
            row_key: rk.to_string(),
            properties: self
                .properties()
                .map(|(n, v)| Property {
                    name: n.to_string(),
                    value: v.to_value(),
                })
                .collect(),
            etag: Some(etag.to_string()).filter(|e| !e.is_empty()),
            timestamp: ts,
        }
    }

    /// The entity as the service's JSON (with `@odata.type` annotations), for the raw view and exports.
    pub fn to_json(&self) -> serde_json::Value {
        let mut map = serde_json::Map::new();
        if let Some(etag) = self.etag() {
            map.insert("odata.etag".into(), etag.into());
        }
        map.insert("PartitionKey".into(), self.partition_key().into());
        map.insert("RowKey".into(), self.row_key().into());
        if let Some(ts) = self.timestamp() {
            map.insert("Timestamp@odata.type".into(), "Edm.DateTime".into());
            map.insert("Timestamp".into(), ts.to_string().into());
        }
        for (name, value) in self.properties() {
            write_json_property(&mut map, name, value);
        }
        serde_json::Value::Object(map)
    }
}

impl fmt::Debug for Entity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entity")
            .field("partition_key", &self.partition_key())
            .field("row_key", &self.row_key())
            .field("etag", &self.etag())
            .field("properties", &self.properties().collect::<Vec<_>>())
            .finish()
    }
}

/// Adds one property in the service's JSON form: the value, and its type where JSON cannot carry it.
pub(crate) fn write_json_property(map: &mut serde_json::Map<String, serde_json::Value>, name: &str, value: EdmRef) {
    use serde_json::Value as J;
    let annotated = |map: &mut serde_json::Map<String, J>, t: EdmType, v: J| {
        map.insert(format!("{name}@odata.type"), t.odata_name().into());
        map.insert(name.to_string(), v);
    };
    match value {
        EdmRef::String(s) => {
            map.insert(name.to_string(), s.into());
        }
        EdmRef::Int32(v) => {
            map.insert(name.to_string(), v.into());
        }
        EdmRef::Boolean(v) => {
            map.insert(name.to_string(), v.into());
        }
        EdmRef::Int64(v) => annotated(map, EdmType::Int64, v.to_string().into()),
        // Always annotated: a whole double would otherwise read back as Int32.
        EdmRef::Double(v) => match serde_json::Number::from_f64(v) {
            Some(n) => annotated(map, EdmType::Double, J::Number(n)),
            None => annotated(map, EdmType::Double, format_double(v).into()),
        },
        EdmRef::DateTime(v) => annotated(map, EdmType::DateTime, v.to_string().into()),
        // Written back exactly as it came: its JSON, and its annotation if it had one.
        EdmRef::Unparsed { declared, json, .. } => {
            if !declared.is_empty() {
                map.insert(format!("{name}@odata.type"), declared.into());
            }
            map.insert(name.to_string(), serde_json::from_str(json).unwrap_or(J::Null));
        }
        EdmRef::Guid(v) => annotated(map, EdmType::Guid, v.hyphenated().to_string().into()),
        EdmRef::Binary(v) => annotated(
            map,
            EdmType::Binary,
            base64::engine::general_purpose::STANDARD.encode(v).into(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::table::draft::validate_property_name;

    fn every_type() -> EntityDraft {
        EntityDraft::new("p'1", "r 1")
            .with("Name", EdmValue::String("ünïcode \"q\"".into()))
            .with("I32", EdmValue::Int32(i32::MIN))
            .with("I64", EdmValue::Int64(i64::MAX))
            .with("Dbl", EdmValue::Double(f64::NAN))
            .with("Whole", EdmValue::Double(5.0))
            .with("Flag", EdmValue::Boolean(true))
            .with("When", EdmValue::DateTime(EdmDateTime::MAX))
            .with("Id", EdmValue::Guid(uuid::Uuid::from_u128(7)))
            .with("Bytes", EdmValue::Binary(vec![0, 1, 2, 255]))
    }

    #[test]
    fn packing_keeps_every_value() {
        let draft = every_type().with_etag(Some("W/\"x\"".into()));
        let entity = draft.to_entity();
        assert_eq!(entity.partition_key(), "p'1");
        assert_eq!(entity.row_key(), "r 1");
        assert_eq!(entity.etag(), Some("W/\"x\""));
        assert_eq!(entity.get("I64"), Some(EdmRef::Int64(i64::MAX)));
        assert_eq!(entity.to_draft(), draft);
    }

    #[test]
    fn service_json_reads_back_into_the_same_entity_in_either_annotation_order() {
        let draft = every_type();
        let body = draft.to_json_body();
        let entity = parse_entity(&body).unwrap();
        assert_eq!(entity.to_draft(), draft);
        // The annotation may follow its value.
        let late = br#"{"PartitionKey":"p","RowKey":"r","Big":"9007199254740993","Big@odata.type":"Edm.Int64","Small":1,"Frac":1.5}"#;
        let e = parse_entity(late).unwrap();
        assert_eq!(e.get("Big"), Some(EdmRef::Int64(9_007_199_254_740_993)));
        assert_eq!(e.get("Small"), Some(EdmRef::Int32(1)));
        assert_eq!(e.get("Frac"), Some(EdmRef::Double(1.5)));
    }

    #[test]
    fn a_page_is_read_with_etags_and_timestamps() {
        let body = br#"{"odata.metadata":"x","value":[
            {"odata.etag":"W/\"datetime'2026-11-22T08%3A00%3A00.1234567Z'\"","PartitionKey":"a","RowKey":"1",
             "Timestamp@odata.type":"Edm.DateTime","Timestamp":"2026-11-22T08:00:00.1234567Z","N":3},
            {"PartitionKey":"a","RowKey":"2","Timestamp":"2026-11-22T08:00:01Z"}]}"#;
        let page = parse_entity_page(body).unwrap();
        assert_eq!(page.len(), 2);
        assert_eq!(page[0].etag(), Some("W/\"datetime'2026-11-22T08%3A00%3A00.1234567Z'\""));
        assert_eq!(page[0].timestamp().unwrap().to_string(), "2026-11-22T08:00:00.1234567Z");
        assert_eq!(page[1].properties().count(), 0);
    }

    #[test]
    fn bodies_are_ascii_with_escapes_that_read_back() {
        let draft = EntityDraft::new("p", "r").with("S", EdmValue::String("é ☃ 𝄞 \"".into()));
        let body = draft.to_json_body();
        assert!(body.is_ascii());
        assert!(
            String::from_utf8_lossy(&body).contains(r#"\u00e9 \u2603 \ud834\udd1e \""#),
            "{}",
            String::from_utf8_lossy(&body)
        );
        assert_eq!(parse_entity(&body).unwrap().to_draft(), draft);
    }

    #[test]
    fn a_mistyped_value_is_kept_raw_and_marked_not_a_silent_string() {
        let body = br#"{"PartitionKey":"p","RowKey":"r","N@odata.type":"Edm.Int64","N":"twelve"}"#;
        let e = parse_entity(body).unwrap();
        match e.get("N") {
            Some(EdmRef::Unparsed { declared, json, why }) => {
                assert_eq!((declared, json), ("Edm.Int64", "\"twelve\""));
                assert!(why.contains("property `N`"), "{why}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn values_this_app_cannot_read_leave_the_page_readable_and_are_written_back_as_they_came() {
        let body = br#"{"value":[
            {"PartitionKey":"a","RowKey":"1","Old":"1500-01-01T00:00:00Z","Old@odata.type":"Edm.DateTime",
             "Price@odata.type":"Edm.Decimal","Price":12.50,"Name":"fine"},
            {"PartitionKey":"a","RowKey":"2","Name":"also fine"}]}"#;
        let page = parse_entity_page(body).unwrap();
        assert_eq!(page.len(), 2, "one odd entity does not fail the page");
        assert_eq!(page[0].get("Name"), Some(EdmRef::String("fine")));
        assert_eq!(page[0].get("Old").unwrap().edm_type(), EdmType::Unparsed);
        assert_eq!(page[0].get("Price").unwrap().to_text(), "12.5");
        // Saved again, both go back with their own annotations and values.
        let json = page[0].to_json();
        assert_eq!(json["Old"], "1500-01-01T00:00:00Z");
        assert_eq!(json["Old@odata.type"], "Edm.DateTime");
        assert_eq!(json["Price@odata.type"], "Edm.Decimal");
        assert_eq!(json["Price"], 12.5);
        let draft = page[0].to_draft();
        assert_eq!(parse_entity(&draft.to_json_body()).unwrap().to_draft(), draft);
        assert!(draft.validate("Save entity").is_ok());
    }

    #[test]
    fn packed_entities_are_smaller_than_their_json() {
        let body = every_type().to_json_body();
        assert!(
            every_type().to_entity().heap_size() < body.len(),
            "packed {} json {}",
            every_type().to_entity().heap_size(),
            body.len()
        );
    }

    #[test]
    fn validation_names_the_broken_rule() {
        let msg = |d: EntityDraft| d.validate("Insert entity").unwrap_err().message.clone();
        assert!(msg(EntityDraft::new("a/b", "r")).contains("contains `/`"));
        assert!(msg(EntityDraft::new("a", "r\u{1}")).contains("U+0001"));
        assert!(msg(EntityDraft::new("a", "r").with("1st", EdmValue::Int32(1))).contains("must start with a letter"));
        assert!(msg(EntityDraft::new("a", "r").with("Timestamp", EdmValue::Int32(1))).contains("system property"));
        let long = EntityDraft::new("a", "r").with("S", EdmValue::String("x".repeat(32 * 1024 + 1)));
        assert!(msg(long).contains("at most 64 KiB"));
        let mut wide = EntityDraft::new("a", "r");
        for i in 0..253 {
            wide.set(format!("P{i}"), EdmValue::Int32(i));
        }
        assert!(msg(wide).contains("253 properties"));
        let mut big = EntityDraft::new("a", "r");
        for i in 0..20 {
            big.set(format!("B{i}"), EdmValue::Binary(vec![0; 60 * 1024]));
        }
        assert!(msg(big).contains("limit is 1 MiB"));
        assert!(every_type().validate("Insert entity").is_ok());
    }

    #[test]
    fn a_long_name_of_multi_byte_characters_is_refused_in_words_not_a_panic() {
        // 300 characters of three bytes each: byte 20 falls inside a character.
        let name = "日".repeat(300);
        let message = validate_property_name(&name).unwrap_err();
        assert!(message.contains("longer than 255 characters"), "{message}");
        assert!(message.contains(&"日".repeat(20)), "{message}");
    }
}
