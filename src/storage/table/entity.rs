//! Entities: the packed, read-only form a query returns (one allocation per entity, smaller than its JSON),
//! the editable `EntityDraft`, and the JSON forms the Table service reads and writes.

use std::borrow::Cow;
use std::fmt;

use base64::Engine;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

use crate::storage::error::{Result, StorageError};
use crate::storage::table::edm::{EdmDateTime, EdmType, EdmValue, UnparsedValue, format_double};

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
struct Packer {
    buf: Vec<u8>,
}

impl Packer {
    fn new(etag: &str, pk: &str, rk: &str, timestamp: Option<EdmDateTime>, capacity: usize) -> Self {
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

    fn property(&mut self, name: &str, value: EdmRef) {
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

    fn finish(self) -> Entity {
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
fn write_json_property(map: &mut serde_json::Map<String, serde_json::Value>, name: &str, value: EdmRef) {
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

/// One named property of a draft.
#[derive(Clone, Debug, PartialEq)]
pub struct Property {
    pub name: String,
    pub value: EdmValue,
}

/// An entity being written or edited: plain owned fields, validated before anything is sent.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct EntityDraft {
    pub partition_key: String,
    pub row_key: String,
    pub properties: Vec<Property>,
    pub etag: Option<String>,
    pub timestamp: Option<EdmDateTime>,
}

/// The service's limits.
pub const MAX_PROPERTIES: usize = 255;
pub const MAX_ENTITY_BYTES: usize = 1024 * 1024;
pub const MAX_VALUE_BYTES: usize = 64 * 1024;
pub const MAX_KEY_BYTES: usize = 1024;

impl EntityDraft {
    pub fn new(partition_key: impl Into<String>, row_key: impl Into<String>) -> Self {
        EntityDraft {
            partition_key: partition_key.into(),
            row_key: row_key.into(),
            ..Default::default()
        }
    }

    pub fn with(mut self, name: impl Into<String>, value: EdmValue) -> Self {
        self.set(name, value);
        self
    }

    pub fn with_etag(mut self, etag: Option<String>) -> Self {
        self.etag = etag;
        self
    }

    /// Sets a property, replacing one of the same name.
    pub fn set(&mut self, name: impl Into<String>, value: EdmValue) {
        let name = name.into();
        match self.properties.iter_mut().find(|p| p.name == name) {
            Some(p) => p.value = value,
            None => self.properties.push(Property { name, value }),
        }
    }

    pub fn get(&self, name: &str) -> Option<&EdmValue> {
        self.properties.iter().find(|p| p.name == name).map(|p| &p.value)
    }

    pub fn to_entity(&self) -> Entity {
        let mut p = Packer::new(
            self.etag.as_deref().unwrap_or(""),
            &self.partition_key,
            &self.row_key,
            self.timestamp,
            self.properties.len() * 24,
        );
        for prop in &self.properties {
            p.property(&prop.name, EdmRef::from(&prop.value));
        }
        p.finish()
    }

    /// Bytes the service counts against its 1 MiB limit.
    pub fn service_size(&self) -> usize {
        let utf16 = |s: &str| s.encode_utf16().count() * 2;
        4 + utf16(&self.partition_key)
            + utf16(&self.row_key)
            + self
                .properties
                .iter()
                .map(|p| 8 + utf16(&p.name) + p.value.service_size())
                .sum::<usize>()
    }

    /// Checks the service's rules, naming the first broken one, so nothing doomed is sent.
    pub fn validate(&self, operation: &str) -> Result<()> {
        let fail = |m: String| Err(StorageError::invalid(operation, m));
        validate_key("PartitionKey", &self.partition_key).or_else(fail)?;
        validate_key("RowKey", &self.row_key).or_else(fail)?;
        if self.properties.len() + 3 > MAX_PROPERTIES {
            return fail(format!(
                "The entity has {} properties; the service allows {} besides PartitionKey, RowKey and Timestamp.",
                self.properties.len(),
                MAX_PROPERTIES - 3
            ));
        }
        for (i, prop) in self.properties.iter().enumerate() {
            validate_property_name(&prop.name).or_else(fail)?;
            if self.properties[..i].iter().any(|p| p.name == prop.name) {
                return fail(format!("The property `{}` appears twice.", prop.name));
            }
            let size = match &prop.value {
                EdmValue::String(s) => s.encode_utf16().count() * 2,
                EdmValue::Binary(b) => b.len(),
                _ => 0,
            };
            if size > MAX_VALUE_BYTES {
                return fail(format!(
                    "The property `{}` is {} KiB; strings (as UTF-16) and binaries may be at most 64 KiB.",
                    prop.name,
                    size.div_ceil(1024)
                ));
            }
        }
        let total = self.service_size();
        if total > MAX_ENTITY_BYTES {
            return fail(format!(
                "The entity is {} KiB as the service counts it; the limit is 1 MiB.",
                total.div_ceil(1024)
            ));
        }
        Ok(())
    }

    /// The JSON body of an insert, update or merge.
    pub fn to_json_body(&self) -> Vec<u8> {
        let mut map = serde_json::Map::new();
        map.insert("PartitionKey".into(), self.partition_key.clone().into());
        map.insert("RowKey".into(), self.row_key.clone().into());
        for p in &self.properties {
            write_json_property(&mut map, &p.name, EdmRef::from(&p.value));
        }
        let mut out = Vec::with_capacity(64 + self.properties.len() * 32);
        let mut ser = serde_json::Serializer::with_formatter(&mut out, AsciiJson);
        serde::Serialize::serialize(&map, &mut ser).expect("a JSON map serialises");
        out
    }
}

/// JSON with every non-ASCII character escaped as `\uXXXX`. Azurite decodes each body chunk on its own, so a
/// multi-byte UTF-8 character split across two chunks would arrive as two U+FFFD; ASCII cannot be split.
struct AsciiJson;

impl serde_json::ser::Formatter for AsciiJson {
    fn write_string_fragment<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        let mut start = 0;
        for (i, c) in fragment.char_indices() {
            if c.is_ascii() {
                continue;
            }
            writer.write_all(&fragment.as_bytes()[start..i])?;
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                write!(writer, "\\u{unit:04x}")?;
            }
            start = i + c.len_utf8();
        }
        writer.write_all(&fragment.as_bytes()[start..])
    }
}

/// Keys: at most 1 KiB, and none of `/ \ # ?` or control characters.
pub fn validate_key(which: &str, key: &str) -> std::result::Result<(), String> {
    if let Some(c) = key
        .chars()
        .find(|c| matches!(c, '/' | '\\' | '#' | '?') || c.is_control())
    {
        let shown = if c.is_control() {
            format!("U+{:04X}", c as u32)
        } else {
            format!("`{c}`")
        };
        return Err(format!(
            "The {which} `{}` contains {shown}, which keys may not contain.",
            key.escape_debug()
        ));
    }
    if key.encode_utf16().count() * 2 > MAX_KEY_BYTES {
        return Err(format!("The {which} is longer than 1 KiB (as UTF-16)."));
    }
    Ok(())
}

/// Property names follow C# identifier rules, at most 255 characters, and cannot reuse the system names.
pub fn validate_property_name(name: &str) -> std::result::Result<(), String> {
    if name.is_empty() {
        return Err("A property has no name.".into());
    }
    if name.chars().count() > 255 {
        // Quoted by characters: a byte slice could cut a multi-byte character in half.
        return Err(format!(
            "The property name `{}` is longer than 255 characters.",
            crate::storage::redact::shorten(name, 20)
        ));
    }
    if matches!(name, "PartitionKey" | "RowKey" | "Timestamp") || name.starts_with("odata.") {
        return Err(format!(
            "`{name}` is a system property name and cannot be used for a property."
        ));
    }
    let mut chars = name.chars();
    let first = chars.next().expect("not empty");
    if !(first.is_alphabetic() || first == '_') || !chars.all(|c| c.is_alphanumeric() || c == '_') {
        return Err(format!(
            "The property name `{name}` must start with a letter or `_` and contain only letters, digits and `_`."
        ));
    }
    Ok(())
}

// ---- Reading the service's JSON without building a tree: straight into the packed form. ----

/// A JSON string that borrows from the response when it has no escapes.
struct Text<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Text<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Text<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> std::result::Result<Self::Value, E> {
                Ok(Text(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> std::result::Result<Self::Value, E> {
                Ok(Text(Cow::Owned(v.to_string())))
            }
            fn visit_string<E>(self, v: String) -> std::result::Result<Self::Value, E> {
                Ok(Text(Cow::Owned(v)))
            }
        }
        d.deserialize_str(V)
    }
}

/// A JSON value as it arrived, before its `@odata.type` (which may come before or after it) is known.
enum Raw<'de> {
    Text(Cow<'de, str>),
    Int(i64),
    Float(f64),
    Bool(bool),
    Null,
}

impl<'de> Deserialize<'de> for Raw<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Raw<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a property value")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> std::result::Result<Self::Value, E> {
                Ok(Raw::Text(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> std::result::Result<Self::Value, E> {
                Ok(Raw::Text(Cow::Owned(v.to_string())))
            }
            fn visit_string<E>(self, v: String) -> std::result::Result<Self::Value, E> {
                Ok(Raw::Text(Cow::Owned(v)))
            }
            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E> {
                Ok(Raw::Int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> std::result::Result<Self::Value, E> {
                i64::try_from(v).map(Raw::Int).or(Ok(Raw::Float(v as f64)))
            }
            fn visit_f64<E>(self, v: f64) -> std::result::Result<Self::Value, E> {
                Ok(Raw::Float(v))
            }
            fn visit_bool<E>(self, v: bool) -> std::result::Result<Self::Value, E> {
                Ok(Raw::Bool(v))
            }
            fn visit_unit<E>(self) -> std::result::Result<Self::Value, E> {
                Ok(Raw::Null)
            }
            fn visit_none<E>(self) -> std::result::Result<Self::Value, E> {
                Ok(Raw::Null)
            }
        }
        d.deserialize_any(V)
    }
}

/// Gives a raw JSON value its Edm type: the annotation's when there is one, else what JSON implies. A value
/// this app cannot read (an unknown annotation, a DateTime outside the range, a value that does not match its
/// type) is kept as it came, as `Unparsed`: one such value must not hide the rest of the page.
fn typed(name: &str, raw: Raw, annotation: Option<&str>) -> Option<EdmValue> {
    let declared = annotation.map(EdmType::from_odata_name);
    let unparsed = |raw: &Raw, why: String| {
        EdmValue::Unparsed(Box::new(UnparsedValue {
            declared: annotation.map(str::to_string),
            json: raw.to_json_text(),
            why: format!("property `{name}`: {why}"),
        }))
    };
    let declared = match declared {
        None => None,
        Some(Some(t)) => Some(t),
        Some(None) => {
            let a = annotation.unwrap_or_default();
            return Some(unparsed(
                &raw,
                format!("the type `{a}` is not a Table type this app knows"),
            ));
        }
    };
    let value = match (&raw, declared) {
        (Raw::Null, _) => return None,
        (Raw::Text(s), None | Some(EdmType::String)) => EdmValue::String(s.to_string()),
        (Raw::Text(s), Some(t)) => match EdmValue::parse(t, s) {
            Ok(v) => v,
            Err(why) => unparsed(&raw, why),
        },
        (Raw::Int(v), None | Some(EdmType::Int32)) => match i32::try_from(*v) {
            Ok(v) => EdmValue::Int32(v),
            Err(_) if declared.is_none() => EdmValue::Int64(*v),
            Err(_) => unparsed(&raw, format!("{v} does not fit an Int32")),
        },
        (Raw::Int(v), Some(EdmType::Int64)) => EdmValue::Int64(*v),
        (Raw::Int(v), Some(EdmType::Double)) => EdmValue::Double(*v as f64),
        (Raw::Float(v), None | Some(EdmType::Double)) => EdmValue::Double(*v),
        (Raw::Bool(v), None | Some(EdmType::Boolean)) => EdmValue::Boolean(*v),
        (_, Some(t)) => unparsed(&raw, format!("the value does not match its declared type {t}")),
    };
    Some(value)
}

impl Raw<'_> {
    /// The value as JSON text, to keep and write back as it came.
    fn to_json_text(&self) -> String {
        match self {
            Raw::Text(s) => serde_json::Value::String(s.to_string()).to_string(),
            Raw::Int(v) => v.to_string(),
            Raw::Float(v) => serde_json::Number::from_f64(*v).map_or_else(|| "null".into(), |n| n.to_string()),
            Raw::Bool(v) => v.to_string(),
            Raw::Null => "null".into(),
        }
    }
}

impl<'de> Deserialize<'de> for Entity {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        d.deserialize_map(EntityVisitor)
    }
}

struct EntityVisitor;

impl<'de> Visitor<'de> for EntityVisitor {
    type Value = Entity;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an entity object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Entity, A::Error> {
        let mut etag: Option<Text> = None;
        let (mut pk, mut rk, mut ts): (Option<Text>, Option<Text>, Option<Text>) = (None, None, None);
        let mut values: Vec<(Cow<'de, str>, Raw<'de>)> = Vec::with_capacity(12);
        let mut types: Vec<(Cow<'de, str>, Cow<'de, str>)> = Vec::new();
        while let Some(Text(key)) = map.next_key::<Text>()? {
            if key == "odata.etag" {
                etag = Some(map.next_value()?);
            } else if key.starts_with("odata.") {
                map.next_value::<IgnoredAny>()?;
            } else if let Some(name) = key.strip_suffix("@odata.type") {
                let Text(t) = map.next_value()?;
                types.push((Cow::Owned(name.to_string()), t));
            } else {
                match key.as_ref() {
                    "PartitionKey" => pk = Some(map.next_value()?),
                    "RowKey" => rk = Some(map.next_value()?),
                    "Timestamp" => ts = Some(map.next_value()?),
                    _ => values.push((key, map.next_value()?)),
                }
            }
        }
        let timestamp = ts.and_then(|Text(t)| EdmDateTime::parse(&t).ok());
        let text = |t: &Option<Text<'de>>| t.as_ref().map(|Text(s)| s.to_string()).unwrap_or_default();
        let mut packer = Packer::new(&text(&etag), &text(&pk), &text(&rk), timestamp, values.len() * 24);
        for (name, raw) in values {
            let annotation = types.iter().find(|(n, _)| *n == name).map(|(_, t)| t.as_ref());
            if let Some(value) = typed(&name, raw, annotation) {
                packer.property(&name, EdmRef::from(&value));
            }
        }
        Ok(packer.finish())
    }
}

/// Reads `{"value": [entity, ...]}` straight into packed entities.
pub fn parse_entity_page(body: &[u8]) -> std::result::Result<Vec<Entity>, String> {
    struct Page(Vec<Entity>);
    impl<'de> Deserialize<'de> for Page {
        fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = Page;
                fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                    f.write_str("an object with `value`")
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Page, A::Error> {
                    let mut entities = Vec::new();
                    while let Some(Text(key)) = map.next_key::<Text>()? {
                        if key == "value" {
                            entities = map.next_value_seed(EntitySeq)?;
                        } else {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                    Ok(Page(entities))
                }
            }
            d.deserialize_map(V)
        }
    }
    serde_json::from_slice::<Page>(body)
        .map(|p| p.0)
        .map_err(|e| e.to_string())
}

/// Reads the entity array with one up-front reservation (pages hold at most 1,000 entities).
struct EntitySeq;

impl<'de> DeserializeSeed<'de> for EntitySeq {
    type Value = Vec<Entity>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Vec<Entity>, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Vec<Entity>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an array of entities")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Vec<Entity>, A::Error> {
                let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).max(64));
                while let Some(e) = seq.next_element()? {
                    out.push(e);
                }
                Ok(out)
            }
        }
        d.deserialize_seq(V)
    }
}

/// Reads one entity (a point query's body).
pub fn parse_entity(body: &[u8]) -> std::result::Result<Entity, String> {
    serde_json::from_slice(body).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

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
