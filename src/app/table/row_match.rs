//! The part of a table query that runs here, because OData has no such operator: contains, starts with, ends
//! with and equals on a string property, in exact or any case, matched on every page of the service's result
//! as it streams (the service-side part of the filter is sent as usual).

use crate::app::widgets::i18n::{t, tr};
use crate::storage::table::{EdmRef, EntityView};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchOp {
    Contains,
    StartsWith,
    EndsWith,
    Equals,
}

impl MatchOp {
    pub const ALL: [MatchOp; 4] = [
        MatchOp::Contains,
        MatchOp::StartsWith,
        MatchOp::EndsWith,
        MatchOp::Equals,
    ];

    /// The operator's words, as the builder lists them and the status line says them.
    pub fn words(self) -> String {
        t(match self {
            MatchOp::Contains => "table-row-match-contains",
            MatchOp::StartsWith => "table-row-match-starts-with",
            MatchOp::EndsWith => "table-row-match-ends-with",
            MatchOp::Equals => "table-row-match-equals",
        })
    }
}

/// One condition matched here. The value is kept lowercased once when the case does not count, so that a page
/// costs one lowercasing of each property read, never of the value.
#[derive(Clone, Debug, PartialEq)]
pub struct RowMatch {
    property: String,
    op: MatchOp,
    value: String,
    any_case: bool,
    needle: String,
}

impl RowMatch {
    pub fn new(property: &str, op: MatchOp, value: &str, any_case: bool) -> Self {
        RowMatch {
            property: property.trim().to_string(),
            op,
            value: value.to_string(),
            any_case,
            needle: if any_case {
                value.to_lowercase()
            } else {
                value.to_string()
            },
        }
    }

    pub fn property(&self) -> &str {
        &self.property
    }

    /// Whether the entity's property is a string that matches. A property the entity lacks, or one of another
    /// type, does not match (as `eq` in OData never matches a missing property).
    pub fn matches(&self, entity: &EntityView) -> bool {
        let Some(EdmRef::String(text)) = entity.get(&self.property) else {
            return false;
        };
        if self.any_case {
            self.test(&text.to_lowercase())
        } else {
            self.test(text)
        }
    }

    fn test(&self, text: &str) -> bool {
        let needle = self.needle.as_str();
        match self.op {
            MatchOp::Contains => text.contains(needle),
            MatchOp::StartsWith => text.starts_with(needle),
            MatchOp::EndsWith => text.ends_with(needle),
            MatchOp::Equals => text == needle,
        }
    }

    /// "Name contains 'ab' (any case)".
    pub fn describe(&self) -> String {
        let id = match self.any_case {
            true => "table-row-match-one-any-case",
            false => "table-row-match-one",
        };
        let (property, value) = (self.property.as_str(), self.value.as_str());
        tr!(id, property = property, op = self.op.words(), value = value)
    }
}

/// Conditions joined by `and` (or by `or` when `any`).
#[derive(Clone, Debug, PartialEq)]
pub struct MatchGroup {
    pub any: bool,
    pub matches: Vec<RowMatch>,
}

/// Every condition that runs here: groups joined by `and`, and joined by `and` with the service's filter.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RowMatches {
    pub groups: Vec<MatchGroup>,
}

impl RowMatches {
    pub fn is_empty(&self) -> bool {
        self.groups.iter().all(|g| g.matches.is_empty())
    }

    pub fn matches(&self, entity: &EntityView) -> bool {
        self.groups
            .iter()
            .filter(|g| !g.matches.is_empty())
            .all(|g| match g.any {
                true => g.matches.iter().any(|m| m.matches(entity)),
                false => g.matches.iter().all(|m| m.matches(entity)),
            })
    }

    /// The properties the conditions read (a `$select` must fetch them).
    pub fn properties(&self) -> impl Iterator<Item = &str> {
        self.groups.iter().flat_map(|g| g.matches.iter().map(|m| m.property()))
    }

    /// The first operator, for "contains runs here".
    pub fn first_op(&self) -> Option<MatchOp> {
        self.groups.iter().flat_map(|g| g.matches.first()).map(|m| m.op).next()
    }

    /// "Name contains 'ab' and (City equals 'oslo' (any case) or City equals 'lima')".
    pub fn describe(&self) -> String {
        let groups: Vec<String> = self
            .groups
            .iter()
            .filter(|g| !g.matches.is_empty())
            .map(|g| {
                let joined: Vec<String> = g.matches.iter().map(RowMatch::describe).collect();
                let joiner = format!(
                    " {} ",
                    t(if g.any {
                        "table-row-match-or"
                    } else {
                        "table-row-match-and"
                    })
                );
                match joined.len() > 1 && self.groups.len() > 1 {
                    true => format!("({})", joined.join(&joiner)),
                    false => joined.join(&joiner),
                }
            })
            .collect();
        groups.join(&format!(" {} ", t("table-row-match-and")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::table::{EdmValue, EntityDraft};

    fn entity(name: &str) -> crate::storage::table::Entity {
        EntityDraft::new("p", "r")
            .with("Name", EdmValue::String(name.into()))
            .with("Count", EdmValue::Int32(7))
            .to_entity()
    }

    #[test]
    fn each_operator_matches_in_exact_and_in_any_case() {
        let e = entity("Ørsted Kraft AS");
        let m = |op, v: &str, any| RowMatch::new("Name", op, v, any).matches(&e);
        assert!(m(MatchOp::Contains, "Kraft", false));
        assert!(!m(MatchOp::Contains, "kraft", false));
        assert!(m(MatchOp::Contains, "kRAFT", true));
        assert!(m(MatchOp::StartsWith, "ørsted", true));
        assert!(!m(MatchOp::StartsWith, "ørsted", false));
        assert!(m(MatchOp::EndsWith, " AS", false));
        assert!(!m(MatchOp::EndsWith, "Kraft", false));
        assert!(m(MatchOp::Equals, "ØRSTED KRAFT AS", true));
        assert!(!m(MatchOp::Equals, "Ørsted", false));
        // The keys answer as properties; a number or a missing property never matches.
        assert!(RowMatch::new("PartitionKey", MatchOp::Equals, "P", true).matches(&e));
        assert!(!RowMatch::new("Count", MatchOp::Contains, "7", false).matches(&e));
        assert!(!RowMatch::new("Missing", MatchOp::Contains, "", false).matches(&e));
    }

    #[test]
    fn groups_join_with_and_and_inside_as_chosen() {
        let any = MatchGroup {
            any: true,
            matches: vec![
                RowMatch::new("Name", MatchOp::StartsWith, "a", true),
                RowMatch::new("Name", MatchOp::EndsWith, "z", false),
            ],
        };
        let all = MatchGroup {
            any: false,
            matches: vec![RowMatch::new("Name", MatchOp::Contains, "m", false)],
        };
        let m = RowMatches { groups: vec![any, all] };
        assert!(m.matches(&entity("Amz")));
        assert!(m.matches(&entity("bmz")));
        assert!(!m.matches(&entity("bmy")));
        assert!(!m.matches(&entity("Az")));
        assert_eq!(
            m.describe(),
            "(Name starts with 'a' (any case) or Name ends with 'z') and Name contains 'm'"
        );
        assert_eq!(m.first_op(), Some(MatchOp::StartsWith));
        assert!(RowMatches::default().is_empty());
    }
}
