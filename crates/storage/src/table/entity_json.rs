//! Reading the service's entity JSON straight into packed entities: one pass, values typed by their
//! `@odata.type` (before or after the value), a value this app cannot read kept as it came.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

use crate::table::edm::{EdmDateTime, EdmType, EdmValue, UnparsedValue};
use crate::table::entity::{EdmRef, Entity, Packer};
use crate::words::{Said, said};

/// A JSON string that borrows from the response when it has no escapes.
struct Text<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Text<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Text<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string") // i18n-ignore: serde's words, inside its own message
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

/// Reads a `Text`: as a JSON string (checked as UTF-8 by serde_json), or, on a page whose UTF-8 was checked
/// whole, as the string's bytes taken from the page as they stand (`parse_entity_page_by_serde`: keys and the strings
/// it reads as text are most of an entity's strings, and checking each again was a fifth of the parse).
#[derive(Clone, Copy)]
struct TextSeed<'de> {
    /// The page, its UTF-8 checked and holding no control character; None: read each string as a string.
    page: Option<&'de str>,
}

/// What an error of the page-checked reading says: the page is read again the exact way, which words the error.
const NOT_AS_CHECKED: &str = "not as the page was checked"; // i18n-ignore: never shown, the page is read again

impl<'de> DeserializeSeed<'de> for TextSeed<'de> {
    type Value = Text<'de>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Text<'de>, D::Error> {
        struct V<'de>(&'de str);
        impl<'de> Visitor<'de> for V<'de> {
            type Value = Text<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string") // i18n-ignore: serde's words, inside its own message
            }
            fn visit_borrowed_bytes<E: de::Error>(self, v: &'de [u8]) -> std::result::Result<Self::Value, E> {
                // Between two quotes of the page, so on its character boundaries.
                let start = (v.as_ptr() as usize).wrapping_sub(self.0.as_ptr() as usize);
                match self.0.get(start..start.wrapping_add(v.len())) {
                    Some(text) if text.as_ptr() == v.as_ptr() => Ok(Text(Cow::Borrowed(text))),
                    _ => Err(E::custom(NOT_AS_CHECKED)),
                }
            }
            fn visit_bytes<E: de::Error>(self, v: &[u8]) -> std::result::Result<Self::Value, E> {
                // A string with escapes, unescaped: an escape may make what is no UTF-8 (a lone surrogate).
                match std::str::from_utf8(v) {
                    Ok(text) => Ok(Text(Cow::Owned(text.to_string()))),
                    Err(_) => Err(E::custom(NOT_AS_CHECKED)),
                }
            }
        }
        match self.page {
            None => Text::deserialize(d),
            Some(page) => d.deserialize_bytes(V(page)),
        }
    }
}

/// A JSON value as it arrived, before its `@odata.type` (which may come before or after it) is known.
pub(crate) enum Raw<'de> {
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
                f.write_str("a property value") // i18n-ignore: serde's words, inside its own message
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
pub(crate) fn typed(name: &str, raw: Raw, annotation: Option<&str>) -> Option<EdmValue> {
    let declared = annotation.map(EdmType::from_odata_name);
    let unparsed = |raw: &Raw, why: Said| {
        EdmValue::Unparsed(Box::new(UnparsedValue {
            declared: annotation.map(str::to_string),
            json: raw.to_json_text(),
            why: said!("error-entity-json-property-unread", name = name, why = why),
        }))
    };
    let declared = match declared {
        None => None,
        Some(Some(t)) => Some(t),
        Some(None) => {
            let a = annotation.unwrap_or_default();
            return Some(unparsed(&raw, said!("error-entity-json-type-unknown", odata_type = a)));
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
            Err(_) => unparsed(&raw, said!("error-entity-json-int32-too-large", value = v.to_string())),
        },
        (Raw::Int(v), Some(EdmType::Int64)) => EdmValue::Int64(*v),
        (Raw::Int(v), Some(EdmType::Double)) => EdmValue::Double(*v as f64),
        (Raw::Float(v), None | Some(EdmType::Double)) => EdmValue::Double(*v),
        (Raw::Bool(v), None | Some(EdmType::Boolean)) => EdmValue::Boolean(*v),
        (_, Some(t)) => unparsed(
            &raw,
            said!("error-entity-json-value-not-its-type", edm_type = t.to_string()),
        ),
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
        d.deserialize_map(EntityVisitor(TextSeed { page: None }))
    }
}

/// Reads an entity, its strings read as its `TextSeed` says.
struct EntityVisitor<'de>(TextSeed<'de>);

impl<'de> DeserializeSeed<'de> for EntityVisitor<'de> {
    type Value = Entity;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Entity, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for EntityVisitor<'de> {
    type Value = Entity;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an entity object") // i18n-ignore: serde's words, inside its own message
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Entity, A::Error> {
        let mut etag: Option<Text> = None;
        let (mut pk, mut rk, mut ts): (Option<Text>, Option<Text>, Option<Text>) = (None, None, None);
        let mut values: Vec<(Cow<'de, str>, Raw<'de>)> = Vec::with_capacity(12);
        let mut types: Vec<(Cow<'de, str>, Cow<'de, str>)> = Vec::with_capacity(8);
        let strings = self.0;
        while let Some(Text(key)) = map.next_key_seed(strings)? {
            if key == "odata.etag" {
                etag = Some(map.next_value_seed(strings)?);
            } else if key.starts_with("odata.") {
                map.next_value::<IgnoredAny>()?;
            } else if key.ends_with(TYPE_SUFFIX) {
                // The property's name, borrowed from the page as its key was (no string made per typed value).
                let name = match key {
                    Cow::Borrowed(k) => Cow::Borrowed(&k[..k.len() - TYPE_SUFFIX.len()]),
                    Cow::Owned(mut k) => {
                        k.truncate(k.len() - TYPE_SUFFIX.len());
                        Cow::Owned(k)
                    }
                };
                let Text(t) = map.next_value_seed(strings)?;
                types.push((name, t));
            } else {
                match key.as_ref() {
                    "PartitionKey" => pk = Some(map.next_value_seed(strings)?),
                    "RowKey" => rk = Some(map.next_value_seed(strings)?),
                    "Timestamp" => ts = Some(map.next_value_seed(strings)?),
                    _ => values.push((key, map.next_value()?)),
                }
            }
        }
        checked(&values, &types).map_err(serde::de::Error::custom)?;
        let timestamp = ts.and_then(|Text(t)| EdmDateTime::parse(&t).ok());
        fn text<'t>(t: &'t Option<Text>) -> &'t str {
            t.as_ref().map_or("", |Text(s)| s.as_ref())
        }
        let mut packer = Packer::new(text(&etag), text(&pk), text(&rk), timestamp, values.len() * 24);
        pack_properties(&mut packer, values, &types);
        Ok(Entity::from_packed(packer.finish()))
    }
}

/// Refuses, in words, what no entity the service holds can be: a property (or its type) named twice (which one
/// would be meant?), or an empty type (read as "none" it would write back without it, another entity).
pub(crate) fn checked(values: &[(Cow<str>, Raw)], types: &[(Cow<str>, Cow<str>)]) -> Result<(), Said> {
    if let Some(name) = named_twice(values) {
        return Err(said!("error-entity-json-property-twice", name = name));
    }
    if let Some(name) = named_twice(types) {
        return Err(said!("error-entity-json-type-twice", name = name));
    }
    if let Some((name, _)) = types.iter().find(|(_, t)| t.is_empty()) {
        return Err(said!("error-entity-json-type-empty", name = name.as_ref()));
    }
    Ok(())
}

/// Packs a checked entity's properties in the order they came, each typed by its annotation.
pub(crate) fn pack_properties<'de>(
    packer: &mut Packer,
    values: impl IntoIterator<Item = (Cow<'de, str>, Raw<'de>)>,
    types: &[(Cow<str>, Cow<str>)],
) {
    for (name, raw) in values {
        let annotation = types.iter().find(|(n, _)| *n == name).map(|(_, t)| t.as_ref());
        match (&raw, annotation) {
            // A string is packed from the page's text as it stands: `typed` would copy it into a value first.
            (Raw::Text(s), None | Some("Edm.String")) => packer.property(&name, EdmRef::String(s)),
            // What `typed` makes of the plain JSON types, without making a value first.
            (Raw::Int(v), None) => match i32::try_from(*v) {
                Ok(v) => packer.property(&name, EdmRef::Int32(v)),
                Err(_) => packer.property(&name, EdmRef::Int64(*v)),
            },
            (Raw::Float(v), None | Some("Edm.Double")) => packer.property(&name, EdmRef::Double(*v)),
            (Raw::Bool(v), None | Some("Edm.Boolean")) => packer.property(&name, EdmRef::Boolean(*v)),
            _ => {
                if let Some(value) = typed(&name, raw, annotation) {
                    packer.property(&name, EdmRef::from(&value));
                }
            }
        }
    }
}

/// What a key ends with when it gives the type of the property it names.
pub(crate) const TYPE_SUFFIX: &str = "@odata.type";

/// The first name that comes again (entities have a dozen properties or so: a scan beats hashing, and keeps
/// nothing).
pub(crate) fn named_twice<'a, T>(names: &'a [(Cow<'a, str>, T)]) -> Option<String> {
    names
        .iter()
        .enumerate()
        .find_map(|(i, (n, _))| names[..i].iter().any(|(m, _)| m == n).then(|| n.to_string()))
}

/// Reads `{"value": [entity, ...]}` straight into packed entities, by serde: what the scanner
/// (`entity_scan::parse_entity_page`) declines is read this way, and its tests read every page both ways.
///
/// A page that is UTF-8 throughout and holds no control character (what the service sends: compact JSON) is
/// read with its strings taken as they stand (`TextSeed`); should that reading fail, or the page be any other,
/// it is read with every string checked, which says what is wrong in its words. Either reading gives the same
/// entities (`tests`).
pub(crate) fn parse_entity_page_by_serde(body: &[u8]) -> std::result::Result<Vec<Entity>, Said> {
    if let Some(page) = checked_page(body)
        && let Ok(entities) = read_page(body, TextSeed { page: Some(page) })
    {
        return Ok(entities);
    }
    read_page(body, TextSeed { page: None }).map_err(|e| Said::text(e.to_string()))
}

/// The page as text, when it is UTF-8 and no byte of it is a control character: a JSON string may hold
/// neither, which reading its bytes as they stand does not check.
fn checked_page(body: &[u8]) -> Option<&str> {
    // In blocks, without stopping early: the check runs over whole words at once.
    let no_control = body.chunks(64).all(|c| c.iter().fold(true, |ok, &b| ok & (b >= 0x20)));
    no_control.then(|| std::str::from_utf8(body).ok()).flatten()
}

fn read_page<'de>(body: &'de [u8], text: TextSeed<'de>) -> serde_json::Result<Vec<Entity>> {
    struct Page<'de>(TextSeed<'de>);
    impl<'de> DeserializeSeed<'de> for Page<'de> {
        type Value = Vec<Entity>;
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Vec<Entity>, D::Error> {
            d.deserialize_map(self)
        }
    }
    impl<'de> Visitor<'de> for Page<'de> {
        type Value = Vec<Entity>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("an object with `value`") // i18n-ignore: serde's words, inside its own message
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Vec<Entity>, A::Error> {
            let mut entities = Vec::new();
            while let Some(Text(key)) = map.next_key_seed(self.0)? {
                if key == "value" {
                    entities = map.next_value_seed(EntitySeq(self.0))?;
                } else {
                    map.next_value::<IgnoredAny>()?;
                }
            }
            Ok(entities)
        }
    }
    let mut d = serde_json::Deserializer::from_slice(body);
    let entities = Page(text).deserialize(&mut d)?;
    d.end()?;
    Ok(entities)
}

/// Reads the entity array with one up-front reservation (pages hold at most 1,000 entities).
struct EntitySeq<'de>(TextSeed<'de>);

impl<'de> DeserializeSeed<'de> for EntitySeq<'de> {
    type Value = Vec<Entity>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Vec<Entity>, D::Error> {
        struct V<'de>(TextSeed<'de>);
        impl<'de> Visitor<'de> for V<'de> {
            type Value = Vec<Entity>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an array of entities") // i18n-ignore: serde's words, inside its own message
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Vec<Entity>, A::Error> {
                let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).max(64));
                while let Some(e) = seq.next_element_seed(EntityVisitor(self.0))? {
                    out.push(e);
                }
                Ok(out)
            }
        }
        d.deserialize_seq(V(self.0))
    }
}

/// Reads one entity (a point query's body).
pub fn parse_entity(body: &[u8]) -> std::result::Result<Entity, Said> {
    serde_json::from_slice(body).map_err(|e| Said::text(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::parse_entity_page;

    /// Found by the `entity` and `entity_page` fuzz targets (fuzz/regressions/): a body naming a property twice
    /// was read with both, and what the app wrote for it read back as another entity.
    #[test]
    fn a_property_or_its_type_named_twice_is_refused_in_words() {
        let twice = br#"{"PartitionKey":"p","RowKey":"r","When":"a","Other":1,"When":"b"}"#;
        // The refusal crosses serde's error as text (in the language of the thread's wording; in these tests,
        // none: the id and its arguments as a developer reads them).
        let says = |why: Said, what: Said| why.as_text().is_some_and(|t| t.starts_with(&what.to_string()));
        let why = parse_entity(twice).unwrap_err();
        assert!(
            says(why.clone(), said!("error-entity-json-property-twice", name = "When")),
            "{why:?}"
        );
        let typed_twice =
            br#"{"PartitionKey":"p","RowKey":"r","Id@odata.type":"Edm.Guid","Id@odata.type":"Edm.String","Id":"x"}"#;
        let why = parse_entity(typed_twice).unwrap_err();
        assert!(
            says(why.clone(), said!("error-entity-json-type-twice", name = "Id")),
            "{why:?}"
        );
        let page = br#"{"value":[{"PartitionKey":"p","RowKey":"r","N":1,"N":2}]}"#;
        assert!(says(
            parse_entity_page(page).unwrap_err(),
            said!("error-entity-json-property-twice", name = "N")
        ));
        // The same names once each read as before.
        let once = br#"{"PartitionKey":"p","RowKey":"r","When":"a","Other":1}"#;
        assert_eq!(parse_entity(once).unwrap().properties().count(), 2);
    }

    /// Found by the `entity` fuzz target (fuzz/regressions/entity/empty-type-annotation): an empty type was
    /// kept as "no type", so the body written back read as a String: another entity.
    #[test]
    fn an_empty_type_is_refused_in_words() {
        let empty = br#"{"PartitionKey":"p","RowKey":"r","Id@odata.type":"","Id":"0f8fad5b"}"#;
        let why = parse_entity(empty).unwrap_err();
        assert!(
            why.as_text()
                .is_some_and(|t| t.starts_with(&said!("error-entity-json-type-empty", name = "Id").to_string())),
            "{why:?}"
        );
        let named = br#"{"PartitionKey":"p","RowKey":"r","Id@odata.type":"Edm.String","Id":"0f8fad5b"}"#;
        assert!(parse_entity(named).is_ok());
    }

    /// A page read with its strings taken as they stand gives what reading each string checked gives, or is
    /// read that way: escapes, characters past U+FFFF, a lone surrogate, a control character, a key that is
    /// not text, a non-string where text belongs, a page cut short. Each page here is read both ways.
    #[test]
    fn a_checked_page_reads_as_every_string_checked_reads_it() {
        let entity = |pk: &str, extra: &str| {
            format!(
                r#"{{"odata.etag":"W/\"datetime'2026-11-22T08%3A30%3A00.1234567Z'\"","PartitionKey":{pk},"RowKey":"r","Timestamp":"2026-11-22T08:30:00.1234567Z","N@odata.type":"Edm.Int64","N":"12345678901234567"{extra}}}"#
            )
        };
        let pages = [
            entity(r#""p""#, r#","Name":"plain","Score":1.5,"Big":1e300,"On":true"#),
            entity(r#""a\"b\u00e9\ud83d\ude00 名前""#, r#","K\u00e9y":"v\n\t","Gone":null"#),
            entity(r#""lone \ud800 surrogate""#, ""),
            entity(r#""lone \udc00 trail""#, ""),
            entity(r#""p""#, r#","\ud800":"key not text""#),
            entity("5", ""),
            entity("[1]", ""),
            entity(r#""p""#, ",\"Ctl\":\"a\u{1}b\""),
            entity(
                r#""p""#,
                r#","Id@odata.type":"Edm.Guid","Id":"0f8fad5b-d9cb-469f-a165-70867728950e""#,
            ),
            entity(r#""p""#, r#","When@odata.type":"Edm.DateTime","When":"not a time""#),
        ];
        for one in &pages {
            for body in [
                format!(r#"{{"odata.metadata":"m","value":[{one},{one}]}}"#),
                format!("{{\"value\":[{one}]\n}}"),
                format!(r#"{{"value":[{one}"#),
                format!("{{\"value\":[{}]}}", one.replace("\"r\"", "\"r\u{1}\"")),
            ] {
                let exact = read_page(body.as_bytes(), TextSeed { page: None }).map_err(|e| e.to_string());
                let read = parse_entity_page(body.as_bytes()).map_err(|e| e.to_string());
                assert_eq!(read, exact, "{body}");
                if let Some(page) = checked_page(body.as_bytes())
                    && let Ok(fast) = read_page(body.as_bytes(), TextSeed { page: Some(page) })
                {
                    assert_eq!(Ok(fast), exact, "{body}");
                }
            }
        }
        let plain = format!(r#"{{"value":[{}]}}"#, pages[0]);
        assert!(
            checked_page(plain.as_bytes()).is_some(),
            "the service's pages are read the fast way"
        );
    }

    #[test]
    fn the_fuzz_inputs_that_found_it_are_refused() {
        for file in [
            "entity/duplicate-property-names.json",
            "entity_page/duplicate-property-names.json",
        ] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../fuzz/regressions")
                .join(file);
            let body = std::fs::read(&path).unwrap();
            let refused = if file.starts_with("entity/") {
                parse_entity(&body).is_err()
            } else {
                parse_entity_page(&body).is_err()
            };
            assert!(refused, "{file} still reads");
        }
    }
}
