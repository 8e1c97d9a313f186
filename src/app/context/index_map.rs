//! The Index Table pattern as a compare sees it: which property of a main table's row becomes its index
//! entry's PartitionKey and RowKey, and which properties the entry copies. A main row projected this way is
//! the index entry it should have; the compare lines these up with the index table's entries.

use crate::i18n::{t, tr};
use crate::storage::table::Entity;
use crate::storage::table::EntityView;
use crate::storage::table::validate_key;

#[derive(Clone, Debug, PartialEq)]
pub struct IndexMap {
    /// The main row's property that becomes the entry's PartitionKey ("PartitionKey" and "RowKey" name the keys).
    pub pk_from: String,
    pub rk_from: String,
    /// The properties the entry copies from its main row.
    pub copies: Vec<String>,
}

impl IndexMap {
    /// The mapping as typed, checked before anything is read.
    pub fn parse(pk_from: &str, rk_from: &str, copies: &str) -> Result<IndexMap, String> {
        let (pk_from, rk_from) = (pk_from.trim(), rk_from.trim());
        if pk_from.is_empty() || rk_from.is_empty() {
            return Err(t("context-index-map-no-keys"));
        }
        if pk_from == rk_from {
            return Err(tr!("context-index-map-same", property = pk_from));
        }
        let copies: Vec<String> = copies
            .split(',')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_string)
            .collect();
        if let Some(key) = copies
            .iter()
            .find(|c| matches!(c.as_str(), "PartitionKey" | "RowKey" | "Timestamp"))
        {
            return Err(tr!("context-index-map-own", key = key.as_str()));
        }
        Ok(IndexMap {
            pk_from: pk_from.to_string(),
            rk_from: rk_from.to_string(),
            copies,
        })
    }

    /// "PartitionKey from Email, RowKey from RowKey, copies Name, Phone".
    pub fn describe(&self) -> String {
        let copies = if self.copies.is_empty() {
            t("context-index-map-copies-nothing")
        } else {
            tr!("context-index-map-copies", names = self.copies.join(", "))
        };
        tr!(
            "context-index-map-describe",
            pk = self.pk_from.as_str(),
            rk = self.rk_from.as_str(),
            copies = copies
        )
    }

    fn key_of(e: &EntityView, from: &str) -> Option<String> {
        let key = match from {
            "PartitionKey" => e.partition_key().to_string(),
            "RowKey" => e.row_key().to_string(),
            name => e.get(name)?.to_text().into_owned(),
        };
        validate_key(from, &key).ok().map(|_| key)
    }

    /// The index entry `e` should have, or None when it gives no valid key (the property missing, or a value
    /// a key cannot hold): such a row is not indexed.
    pub fn project(&self, e: &EntityView) -> Option<Entity> {
        let (pk, rk) = (Self::key_of(e, &self.pk_from)?, Self::key_of(e, &self.rk_from)?);
        let mut entry = crate::storage::table::EntityDraft::new(pk, rk);
        for name in &self.copies {
            if let Some(v) = e.get(name) {
                entry.set(name.clone(), v.to_value());
            }
        }
        Some(entry.to_entity())
    }

    /// An index entry as the compare sees it: its keys, its ETag and the copied properties only (its other
    /// properties are its own and are neither compared nor written).
    pub fn only_copies(&self, entry: &EntityView) -> Entity {
        let mut seen = crate::storage::table::EntityDraft::new(entry.partition_key(), entry.row_key());
        for name in &self.copies {
            if let Some(v) = entry.get(name) {
                seen.set(name.clone(), v.to_value());
            }
        }
        let seen = seen.to_entity();
        match entry.etag() {
            Some(etag) => seen.with_etag(&etag),
            None => seen,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::table::{EdmValue, EntityDraft};

    #[test]
    fn a_row_becomes_the_entry_it_should_have() {
        let map = IndexMap::parse("Email", "RowKey", "Name, Age").unwrap();
        let row = EntityDraft::new("customers", "42")
            .with("Email", EdmValue::String("a@b.c".into()))
            .with("Name", EdmValue::String("Ann".into()))
            .with("Age", EdmValue::Int32(40))
            .with("Secret", EdmValue::String("x".into()))
            .to_entity();
        let entry = map.project(&row).unwrap();
        assert_eq!((entry.partition_key(), entry.row_key()), ("a@b.c", "42"));
        assert_eq!(entry.properties().count(), 2, "only the copies");
        let stored = EntityDraft::new("a@b.c", "42")
            .with("Name", EdmValue::String("Ann".into()))
            .with("Age", EdmValue::Int32(40))
            .with("MainPartition", EdmValue::String("customers".into()))
            .to_entity();
        let same = |a: &EntityView, b: &EntityView| a.property_bytes() == map.only_copies(b).property_bytes();
        assert!(same(&entry, &stored), "its own properties are not compared");
        let stale = EntityDraft::new("a@b.c", "42")
            .with("Name", EdmValue::String("Ann".into()))
            .with("Age", EdmValue::Int64(40))
            .to_entity();
        assert!(!same(&entry, &stale), "a type change is a stale copy");
        let no_email = EntityDraft::new("customers", "43").to_entity();
        assert!(map.project(&no_email).is_none());
        let slash = EntityDraft::new("c", "44")
            .with("Email", EdmValue::String("a/b".into()))
            .to_entity();
        assert!(map.project(&slash).is_none(), "a value no key can hold");
    }

    #[test]
    fn a_mapping_is_checked_before_anything_is_read() {
        assert!(IndexMap::parse("", "RowKey", "").is_err());
        assert!(IndexMap::parse("Email", "Email", "").is_err());
        assert!(IndexMap::parse("Email", "RowKey", "Name, PartitionKey").is_err());
        assert_eq!(
            IndexMap::parse(" Email ", "RowKey", "Name,,Age ").unwrap().describe(),
            "PartitionKey from Email, RowKey from RowKey, copies Name, Age"
        );
    }
}
