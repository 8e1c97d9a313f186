//! What the entity editor edits, as a draft's fields: the properties as typed (the keys are the entity's
//! identity, not a field), compared by the values they would send and re-applied property by property.

use crate::app::context::draft::{Fields, reapply_named};
use crate::app::table::features::property::PropertyEdit;
use crate::storage::table::{EntityDraft, EntityView, Property};

/// The properties of an entity as the editor shows them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EntityForm {
    pub props: Vec<PropertyEdit>,
}

impl EntityForm {
    /// The form of what the service holds.
    pub fn of(entity: &EntityView) -> Self {
        Self::of_draft(&entity.to_draft())
    }

    pub fn of_draft(draft: &EntityDraft) -> Self {
        EntityForm {
            props: draft
                .properties
                .iter()
                .map(|p| PropertyEdit::from_value(&p.name, &p.value))
                .collect(),
        }
    }

    /// The properties as they would be sent, or None when an input does not parse.
    pub fn properties(&self) -> Option<Vec<Property>> {
        self.props
            .iter()
            .map(|p| {
                p.value().ok().map(|value| Property {
                    name: p.name.trim().to_string(),
                    value,
                })
            })
            .collect()
    }
}

impl Fields for EntityForm {
    const NAMES: &'static [&'static str] = &["Properties"];
    fn same(a: &Self, b: &Self, _: usize) -> bool {
        a == b
    }
    fn take(to: &mut Self, from: &Self, _: usize) {
        to.clone_from(from);
    }
    fn reapply(mine: &mut Self, base: &Self, theirs: &Self, _: usize) {
        mine.props = reapply_named(&mine.props, &base.props, &theirs.props, |p| p.name.trim());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::context::draft::Draft;
    use crate::storage::table::EdmValue;

    fn form(props: &[(&str, EdmValue)]) -> EntityForm {
        let mut d = EntityDraft::new("p", "r");
        for (n, v) in props {
            d.set(n.to_string(), v.clone());
        }
        EntityForm::of_draft(&d)
    }

    #[test]
    fn the_same_value_written_otherwise_is_no_change() {
        let mut f = form(&[("D", EdmValue::Double(1.5))]);
        let base = f.clone();
        f.props[0].text = "1.50".into();
        assert_eq!(f, base);
        f.props[0].text = "1.6".into();
        assert_ne!(f, base);
        f.props[0].text = "not a number".into();
        assert_ne!(f, base, "an input that does not parse differs");
    }

    #[test]
    fn a_refresh_marks_what_moved_under_an_edit_and_reapply_merges_by_property() {
        let loaded = form(&[("A", EdmValue::Int32(1)), ("B", EdmValue::Int32(1))]);
        let mut draft = Draft::new("v1", loaded);
        draft.edit.props[0].text = "2".into();
        draft.observe("v2", form(&[("A", EdmValue::Int32(1)), ("B", EdmValue::Int32(9))]));
        assert_eq!(draft.edit.props[0].text, "2", "the edit is untouched");
        assert!(draft.is_stale());
        assert_eq!(
            draft.version(),
            "v1",
            "a save is still conditional on what the edit started from"
        );
        draft.reapply_on_theirs();
        let merged = draft.edit.properties().unwrap();
        assert_eq!(merged[0].value, EdmValue::Int32(2), "mine");
        assert_eq!(merged[1].value, EdmValue::Int32(9), "theirs");
        assert_eq!(draft.version(), "v2");
    }
}
