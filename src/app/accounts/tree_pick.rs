//! The tree's multi-selection: Ctrl+click picks or unpicks resources, Shift+click picks a range, both within one
//! service's list of one account (a pick in another list starts over there); a plain click picks one and opens it.
//! A range holds only what the tree shows: with Find on, what it found, never the resources between them.

use crate::storage::Service;

/// A resource as the pick knows it: its account, service and name (what the tree's `TabTarget` holds; the tree
/// imports this file, so this file does not import the tree).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picked {
    pub profile_id: String,
    pub service: Service,
    pub name: String,
}

#[derive(Default)]
pub struct TreePick {
    /// The picked resources, in their list's order.
    pub picked: Vec<Picked>,
    /// Where a Shift+click's range starts: the last resource clicked without Shift.
    anchor: Option<Picked>,
}

/// Whether two resources are in the same list (account and service).
fn same_list(a: &Picked, b: &Picked) -> bool {
    a.profile_id == b.profile_id && a.service == b.service
}

impl TreePick {
    pub fn contains(&self, target: &Picked) -> bool {
        self.picked.contains(target)
    }

    /// The picked resources when more than one is: what a menu's "the N selected" entries act on.
    pub fn many(&self) -> Option<&[Picked]> {
        (self.picked.len() > 1).then_some(&self.picked[..])
    }

    /// A click on `target` (`names`: its list, in the order drawn). Says whether it opens (a plain click).
    pub fn click(&mut self, target: &Picked, modifiers: egui::Modifiers, names: &[String]) -> bool {
        if let Some(first) = self.picked.first()
            && !same_list(first, target)
        {
            self.picked.clear();
            self.anchor = None;
        }
        if modifiers.shift
            && let Some(anchor) = self.anchor.clone().filter(|a| same_list(a, target))
        {
            let at = |name: &str| names.iter().position(|n| n == name);
            if let (Some(a), Some(b)) = (at(&anchor.name), at(&target.name)) {
                self.picked = names[a.min(b)..=a.max(b)]
                    .iter()
                    .map(|name| Picked {
                        name: name.clone(),
                        ..target.clone()
                    })
                    .collect();
                return false;
            }
        }
        self.anchor = Some(target.clone());
        if modifiers.command {
            if let Some(i) = self.picked.iter().position(|p| p == target) {
                self.picked.remove(i);
            } else {
                self.picked.push(target.clone());
                // Kept in the list's order: the question and the outcome name them as the tree shows them.
                self.picked
                    .sort_by_key(|p| names.iter().position(|n| *n == p.name).unwrap_or(usize::MAX));
            }
            return false;
        }
        self.picked = vec![target.clone()];
        true
    }

    /// Nothing picked, and no range started.
    pub fn clear(&mut self) {
        (self.picked, self.anchor) = (Vec::new(), None);
    }

    /// Resources that left their list (deleted, or the list reloaded without them) leave the pick.
    pub fn keep_only(&mut self, exists: impl Fn(&Picked) -> bool) {
        self.picked.retain(|t| exists(t));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(name: &str) -> Picked {
        Picked {
            profile_id: "a".into(),
            service: Service::Queue,
            name: name.into(),
        }
    }

    #[test]
    fn ctrl_toggles_shift_takes_the_range_from_the_anchor_and_another_list_starts_over() {
        let names: Vec<String> = ["q1", "q2", "q3", "q4"].map(String::from).to_vec();
        let mut pick = TreePick::default();
        assert!(
            pick.click(&t("q2"), egui::Modifiers::NONE, &names),
            "a plain click opens"
        );
        assert!(!pick.click(&t("q4"), egui::Modifiers::COMMAND, &names));
        assert!(!pick.click(&t("q1"), egui::Modifiers::COMMAND, &names));
        assert_eq!(pick.picked, [t("q1"), t("q2"), t("q4")], "in the list's order");
        pick.click(&t("q1"), egui::Modifiers::COMMAND, &names);
        assert!(!pick.click(&t("q4"), egui::Modifiers::COMMAND, &names));
        assert_eq!(pick.picked, [t("q2")]);
        pick.click(&t("q3"), egui::Modifiers::NONE, &names);
        pick.click(&t("q1"), egui::Modifiers::SHIFT, &names);
        assert_eq!(pick.picked, [t("q1"), t("q2"), t("q3")]);
        let container = Picked {
            service: Service::Blob,
            ..t("c1")
        };
        pick.click(&container, egui::Modifiers::COMMAND, &names);
        assert_eq!(pick.picked, [container], "a pick in another list starts over there");
    }
}
