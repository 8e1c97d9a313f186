//! Entities as a query returns them: packed, read-only (far smaller than their JSON), read through
//! `EntityView`'s accessors; and their JSON form for the raw view and exports. Drafts (what is written) are in
//! `draft`, reading the service's JSON in `entity_json`.

use std::borrow::Cow;
use std::fmt;

use base64::Engine;

pub use crate::table::draft::{EntityDraft, Property};
use crate::table::edm::{EdmDateTime, EdmType, format_double};
pub use crate::table::entity_json::parse_entity;
pub(crate) use crate::table::packed::Packer;
use crate::table::packed::{self, Etag, Header, Reader};
pub use crate::table::packed::{EdmRef, Properties};

/// An entity as the service returned it, packed into one buffer (see `packed`): what a page, an editor or a
/// history holds. Read it through `EntityView`, which it dereferences to.
#[derive(Clone, PartialEq, Eq)]
pub struct Entity {
    buf: Box<[u8]>,
}

/// A packed entity borrowed: alone (`Entity`) or inside a page of them (`EntityStore`), as `str` is to
/// `String`. Holds no property names: those are in its shape.
#[repr(transparent)]
pub struct EntityView {
    buf: [u8],
}

impl Entity {
    pub(crate) fn from_packed(buf: Box<[u8]>) -> Entity {
        Entity { buf }
    }
}

impl std::ops::Deref for Entity {
    type Target = EntityView;

    fn deref(&self) -> &EntityView {
        EntityView::from_packed(&self.buf)
    }
}

impl std::borrow::Borrow<EntityView> for Entity {
    fn borrow(&self) -> &EntityView {
        self
    }
}

impl ToOwned for EntityView {
    type Owned = Entity;

    fn to_owned(&self) -> Entity {
        Entity { buf: self.buf.into() }
    }
}

impl PartialEq for EntityView {
    fn eq(&self, other: &Self) -> bool {
        self.buf == other.buf
    }
}

impl EntityView {
    /// A view of bytes `Packer` wrote (alone, or within a page of them): what `raw_bytes` gave (other bytes read
    /// as nonsense or panic; never unsound).
    pub fn from_packed(buf: &[u8]) -> &EntityView {
        // SAFETY: `EntityView` is `repr(transparent)` over `[u8]`, so the two references have the same layout.
        unsafe { &*(buf as *const [u8] as *const EntityView) }
    }

    fn header(&self) -> Header<'_> {
        Reader::header(&self.buf)
    }

    /// The ETag, recreated exactly when it is kept as the ticks it encodes.
    pub fn etag(&self) -> Option<Cow<'_, str>> {
        match self.header().etag {
            Etag::None => None,
            Etag::Text(t) => Some(Cow::Borrowed(t)),
            Etag::Ticks(t) => packed::etag_of(t).map(Cow::Owned),
        }
    }

    /// The instant an ETag of the service's usual form encodes (its text sorts as these ticks do).
    pub fn etag_ticks(&self) -> Option<i64> {
        match self.header().etag {
            Etag::Ticks(t) => Some(t),
            _ => None,
        }
    }

    pub fn partition_key(&self) -> &str {
        self.header().pk
    }

    pub fn row_key(&self) -> &str {
        self.header().rk
    }

    pub fn timestamp(&self) -> Option<EdmDateTime> {
        self.header().timestamp
    }

    pub fn properties(&self) -> Properties<'_> {
        let h = self.header();
        Properties {
            shape: h.shape,
            values: Reader {
                buf: &self.buf,
                pos: h.values,
            },
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

    /// The packed bytes, for a fast substring scan: string values, keys and an ETag not kept as ticks appear in
    /// them verbatim (property names do not).
    pub fn raw_bytes(&self) -> &[u8] {
        &self.buf
    }

    /// The same entity with the ETag a write returned.
    pub fn with_etag(&self, etag: &str) -> Entity {
        self.to_draft().with_etag(Some(etag.to_string())).to_entity()
    }

    /// The number of its shared shape, when it has one: entities with the same number have the same properties,
    /// of the same types, in the same order.
    pub fn shape_id(&self) -> Option<u32> {
        self.header().shape_id
    }

    /// The packed properties alone (no ETag, keys or Timestamp): two entities whose properties are equal in the
    /// same order are equal here, which a table compare checks before looking property by property.
    pub fn property_bytes(&self) -> PropertyBytes<'_> {
        let h = self.header();
        PropertyBytes {
            shape: h.shape_id.map_or(h.shape, |_| &[]),
            shape_id: h.shape_id,
            values: &self.buf[h.values..],
        }
    }

    /// An editable copy.
    pub fn to_draft(&self) -> EntityDraft {
        EntityDraft {
            partition_key: self.partition_key().to_string(),
            row_key: self.row_key().to_string(),
            properties: self
                .properties()
                .map(|(n, v)| Property {
                    name: n.to_string(),
                    value: v.to_value(),
                })
                .collect(),
            etag: self.etag().map(Cow::into_owned),
            timestamp: self.timestamp(),
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

/// A packed entity's properties, comparable: by shape number when both shapes are shared, else by shape bytes.
#[derive(Debug, PartialEq, Eq)]
pub struct PropertyBytes<'a> {
    shape_id: Option<u32>,
    shape: &'a [u8],
    values: &'a [u8],
}

impl fmt::Debug for EntityView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entity")
            .field("partition_key", &self.partition_key())
            .field("row_key", &self.row_key())
            .field("etag", &self.etag())
            .field("properties", &self.properties().collect::<Vec<_>>())
            .finish()
    }
}

impl fmt::Debug for Entity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
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
    use crate::table::draft::validate_property_name;
    use crate::table::edm::EdmValue;
    use crate::table::parse_entity_page;
    use crate::words::{Arg, said, said_arg};

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
        assert_eq!(entity.etag().as_deref(), Some("W/\"x\""));
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
        assert_eq!(
            page[0].etag().as_deref(),
            Some("W/\"datetime'2026-11-22T08%3A00%3A00.1234567Z'\"")
        );
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
                let why = why.said();
                assert_eq!(why.id(), Some("error-entity-json-property-unread"), "{why:?}");
                assert_eq!(said_arg(&why, "name"), Some(Arg::Text("N".into())));
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
        assert!(draft.validate(&"Save entity".into()).is_ok());
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
        let msg = |d: EntityDraft| d.validate(&"Insert entity".into()).unwrap_err().message.clone();
        for (draft, which, key, character) in [
            (EntityDraft::new("a/b", "r"), "PartitionKey", "a/b", "`/`"),
            (EntityDraft::new("a", "r\u{1}"), "RowKey", "r\\u{1}", "U+0001"),
        ] {
            let expected = said!(
                "error-entity-key-character",
                which = which,
                key = key,
                character = character
            );
            assert_eq!(msg(draft), expected);
        }
        assert_eq!(
            msg(EntityDraft::new("a", "r").with("1st", EdmValue::Int32(1))),
            said!("error-entity-property-name-characters", name = "1st")
        );
        assert_eq!(
            msg(EntityDraft::new("a", "r").with("Timestamp", EdmValue::Int32(1))),
            said!("error-entity-property-name-system", name = "Timestamp")
        );
        let long = EntityDraft::new("a", "r").with("S", EdmValue::String("x".repeat(32 * 1024 + 1)));
        assert_eq!(msg(long), said!("error-entity-value-too-large", name = "S", kib = "65"));
        let mut wide = EntityDraft::new("a", "r");
        for i in 0..253 {
            wide.set(format!("P{i}"), EdmValue::Int32(i));
        }
        assert_eq!(
            msg(wide),
            said!("error-entity-too-many-properties", count = "253", allowed = "252")
        );
        let mut big = EntityDraft::new("a", "r");
        for i in 0..20 {
            big.set(format!("B{i}"), EdmValue::Binary(vec![0; 60 * 1024]));
        }
        assert_eq!(msg(big).id(), Some("error-entity-too-large"));
        assert!(every_type().validate(&"Insert entity".into()).is_ok());
    }

    #[test]
    fn a_long_name_of_multi_byte_characters_is_refused_in_words_not_a_panic() {
        // 300 characters of three bytes each: byte 20 falls inside a character.
        let name = "日".repeat(300);
        let message = validate_property_name(&name).unwrap_err();
        assert_eq!(message.id(), Some("error-entity-property-name-too-long"));
        let Some(Arg::Text(shown)) = said_arg(&message, "name") else {
            panic!("{message:?}")
        };
        assert!(
            shown.starts_with(&"日".repeat(20)) && shown.chars().count() < 30,
            "{shown}"
        );
    }
}
