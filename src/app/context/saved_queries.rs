//! Queries the user saved by name (a table's `$filter`), kept with the app's settings, offered in every table tab
//! and carried by Export settings.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedQuery {
    pub name: String,
    pub filter: String,
    /// The table it was saved from (shown beside it; the query runs in whichever table it is picked in).
    #[serde(default)]
    pub table: String,
}

/// The saved queries, in the order they were saved.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SavedQueries(pub Vec<SavedQuery>);

impl SavedQueries {
    pub fn get(&self, name: &str) -> Option<&SavedQuery> {
        self.0.iter().find(|q| q.name == name)
    }

    /// Saves a query under its name, over one of the same name (the button said so).
    pub fn save(&mut self, query: SavedQuery) {
        match self.0.iter_mut().find(|q| q.name == query.name) {
            Some(q) => *q = query,
            None => self.0.push(query),
        }
    }

    pub fn remove(&mut self, name: &str) {
        self.0.retain(|q| q.name != name);
    }

    /// Adds imported queries: one already here with the same filter is not added twice; one whose name is taken by
    /// another filter comes in as "… (imported)". Returns how many were added.
    pub fn merge(&mut self, imported: &[SavedQuery]) -> usize {
        let mut added = 0;
        for q in imported {
            match self.get(&q.name) {
                Some(here) if here.filter == q.filter => continue,
                Some(_) => {
                    let mut name = crate::i18n::tr!("context-saved-queries-imported", name = q.name.as_str());
                    let mut n = 2;
                    while self.get(&name).is_some() {
                        name = crate::i18n::tr!("context-saved-queries-imported-n", name = q.name.as_str(), n = n);
                        n += 1;
                    }
                    self.0.push(SavedQuery { name, ..q.clone() });
                }
                None => self.0.push(q.clone()),
            }
            added += 1;
        }
        added
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(name: &str, filter: &str) -> SavedQuery {
        SavedQuery {
            name: name.into(),
            filter: filter.into(),
            table: "t".into(),
        }
    }

    #[test]
    fn a_name_saved_again_replaces_and_an_import_never_overwrites() {
        let mut saved = SavedQueries::default();
        saved.save(q("big", "Count gt 5"));
        saved.save(q("big", "Count gt 9"));
        assert_eq!(saved.0, [q("big", "Count gt 9")]);
        let added = saved.merge(&[q("big", "Count gt 9"), q("big", "Count gt 1"), q("new", "x eq 1")]);
        assert_eq!(added, 2);
        let names: Vec<&str> = saved.0.iter().map(|q| q.name.as_str()).collect();
        assert_eq!(names, ["big", "big (imported)", "new"]);
        assert_eq!(saved.get("big").unwrap().filter, "Count gt 9", "the one here is kept");
        saved.remove("big");
        assert!(saved.get("big").is_none());
    }
}
