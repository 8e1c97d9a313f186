//! An entity being written or edited: plain owned fields, checked against the service's rules (keys, names,
//! sizes) before anything is sent, and written as the ASCII-only JSON the service reads.

use crate::error::{Result, StorageError};
use crate::table::edm::{EdmDateTime, EdmValue};
use crate::table::entity::{EdmRef, Entity, Packer, write_json_property};
use crate::words::{Said, said};

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
        Entity::from_packed(p.finish())
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
    pub fn validate(&self, operation: &Said) -> Result<()> {
        let fail = |m: Said| Err(StorageError::invalid(operation, m));
        validate_key("PartitionKey", &self.partition_key).or_else(fail)?;
        validate_key("RowKey", &self.row_key).or_else(fail)?;
        if self.properties.len() + 3 > MAX_PROPERTIES {
            return fail(said!(
                "error-entity-too-many-properties",
                count = self.properties.len().to_string(),
                allowed = (MAX_PROPERTIES - 3).to_string()
            ));
        }
        for (i, prop) in self.properties.iter().enumerate() {
            validate_property_name(&prop.name).or_else(fail)?;
            if self.properties[..i].iter().any(|p| p.name == prop.name) {
                return fail(said!("error-entity-property-twice", name = prop.name.as_str()));
            }
            let size = match &prop.value {
                EdmValue::String(s) => s.encode_utf16().count() * 2,
                EdmValue::Binary(b) => b.len(),
                _ => 0,
            };
            if size > MAX_VALUE_BYTES {
                return fail(said!(
                    "error-entity-value-too-large",
                    name = prop.name.as_str(),
                    kib = size.div_ceil(1024).to_string()
                ));
            }
        }
        let total = self.service_size();
        if total > MAX_ENTITY_BYTES {
            return fail(said!("error-entity-too-large", kib = total.div_ceil(1024).to_string()));
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
pub fn validate_key(which: &str, key: &str) -> std::result::Result<(), Said> {
    if let Some(c) = key
        .chars()
        .find(|c| matches!(c, '/' | '\\' | '#' | '?') || c.is_control())
    {
        let shown = if c.is_control() {
            format!("U+{:04X}", c as u32)
        } else {
            format!("`{c}`")
        };
        return Err(said!(
            "error-entity-key-character",
            which = which,
            key = key.escape_debug().to_string(),
            character = shown
        ));
    }
    if key.encode_utf16().count() * 2 > MAX_KEY_BYTES {
        return Err(said!("error-entity-key-too-long", which = which));
    }
    Ok(())
}

/// Property names follow C# identifier rules, at most 255 characters, and cannot reuse the system names.
pub fn validate_property_name(name: &str) -> std::result::Result<(), Said> {
    if name.is_empty() {
        return Err(said("error-entity-property-no-name"));
    }
    if name.chars().count() > 255 {
        // Quoted by characters: a byte slice could cut a multi-byte character in half.
        return Err(said!(
            "error-entity-property-name-too-long",
            name = crate::redact::shorten(name, 20)
        ));
    }
    if matches!(name, "PartitionKey" | "RowKey" | "Timestamp") || name.starts_with("odata.") {
        return Err(said!("error-entity-property-name-system", name = name));
    }
    let mut chars = name.chars();
    let first = chars.next().expect("not empty");
    if !(first.is_alphabetic() || first == '_') || !chars.all(|c| c.is_alphanumeric() || c == '_') {
        return Err(said!("error-entity-property-name-characters", name = name));
    }
    Ok(())
}

// ---- Reading the service's JSON without building a tree: straight into the packed form. ----
