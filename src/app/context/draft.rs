//! A form's draft, the one mechanism every form that edits something the service also holds uses: what the
//! service last said, what the user changed, and the version (ETag) the edit started from, which a save is
//! conditional on. A refresh updates the service's side and never the user's; a 412 leads to reload-and-reapply
//! or force, never to a lost edit. A draft also records what each save out carried, and answers "unsaved" itself
//! (`Draft::is_unsaved`): a change is unsaved unless a save out sends exactly it, so every form built on a draft
//! is asked about by a closing tab and the quit question without a line of its own.

/// The fields of a form, each compared and copied on its own, so a draft can say which field the service
/// changed under the user and re-apply only the fields the user changed.
pub trait Fields: Clone + PartialEq {
    /// The fields' names in the form's order (what a mark beside a field names).
    const NAMES: &'static [&'static str];
    /// Whether field `i` holds the same value in `a` and `b`.
    fn same(a: &Self, b: &Self, i: usize) -> bool;
    /// Copies field `i` from `from` into `to`.
    fn take(to: &mut Self, from: &Self, i: usize);
    /// Field `i` was changed by the user (`mine`, from `base`) and by the service (`theirs`): what re-applying
    /// the user's change on theirs makes of it. Keeping the user's value whole is the default; metadata merges
    /// name by name (`reapply_pairs`).
    fn reapply(mine: &mut Self, base: &Self, theirs: &Self, i: usize) {
        let _ = (mine, base, theirs, i);
    }
}

/// Metadata re-applied name by name: their names and values, with each name the user added, changed or removed
/// since `base` done again on top.
pub fn reapply_pairs(
    mine: &[(String, String)],
    base: &[(String, String)],
    theirs: &[(String, String)],
) -> Vec<(String, String)> {
    reapply_named(mine, base, theirs, |(n, _)| n)
}

/// A list of named things (metadata pairs, an entity's properties) re-applied name by name: theirs, with each
/// name the user added, changed (compared whole) or removed since `base` done again on top.
pub fn reapply_named<V: Clone + PartialEq>(mine: &[V], base: &[V], theirs: &[V], name: impl Fn(&V) -> &str) -> Vec<V> {
    let get = |list: &'_ [V], k: &str| list.iter().find(|v| name(v) == k).cloned();
    let mut merged: Vec<V> = theirs
        .iter()
        .filter(|v| get(mine, name(v)).is_some() || get(base, name(v)).is_none())
        .cloned()
        .collect();
    for v in mine {
        if get(base, name(v)).as_ref() != Some(v) {
            match merged.iter_mut().find(|m| name(m) == name(v)) {
                Some(slot) => *slot = v.clone(),
                None => merged.push(v.clone()),
            }
        }
    }
    merged
}

/// What the user is editing, apart from what the service said.
#[derive(Clone, Debug, PartialEq)]
pub struct Draft<T> {
    /// The service's version the edit started from, and its ETag (the If-Match of a save).
    base: T,
    version: String,
    /// What the service said last, and its ETag.
    theirs: T,
    theirs_version: String,
    /// What the form shows: the user's.
    pub edit: T,
    /// What each save out carried, until it answers: the form as typed is on its way when it is one of them.
    sent: Vec<T>,
}

impl<T: Fields> Draft<T> {
    pub fn new(version: &str, value: T) -> Self {
        Draft {
            base: value.clone(),
            version: version.to_string(),
            theirs: value.clone(),
            theirs_version: version.to_string(),
            edit: value,
            sent: Vec::new(),
        }
    }

    /// Whether the user changed anything since the version the edit started from.
    pub fn is_dirty(&self) -> bool {
        self.edit != self.base
    }

    /// The rule every form keeps: a change is unsaved unless a save out sends exactly it (that save lands whether
    /// the tab or window stays or not; anything typed beyond it does not).
    pub fn is_unsaved(&self) -> bool {
        self.is_dirty() && !self.is_sending()
    }

    /// Whether a save out carries exactly the form as typed.
    pub fn is_sending(&self) -> bool {
        self.sent.contains(&self.edit)
    }

    /// A save of the form as typed goes out: what it carries is recorded, and returned to send.
    pub fn send(&mut self) -> T {
        self.sending(self.edit.clone())
    }

    /// A save carrying `value` goes out (a form saved in parts sends its base with one part changed): recorded
    /// until it answers, and returned to send.
    pub fn sending(&mut self, value: T) -> T {
        self.sent.push(value.clone());
        value
    }

    /// A save of `sent` answered without making it the version the edit goes on from (refused, failed, or an
    /// append that used the text up): it is no longer on its way.
    pub fn unsent(&mut self, sent: &T) {
        if let Some(i) = self.sent.iter().position(|s| s == sent) {
            self.sent.remove(i);
        }
    }

    /// The one save a form allows out at a time answered without storing the form (its reply names the
    /// message, not what was typed).
    pub fn unsent_all(&mut self) {
        self.sent.clear();
    }

    /// The ETag the edit started from: what a save is conditional on.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// What the service said last.
    pub fn theirs(&self) -> &T {
        &self.theirs
    }

    /// What the service said last, and its ETag.
    pub fn theirs_version(&self) -> &str {
        &self.theirs_version
    }

    /// The version the edit started from.
    pub fn base(&self) -> &T {
        &self.base
    }

    /// What the service says now (a refresh, the end of an action, a reload). A clean draft follows it; a dirty
    /// one is never touched: the service's side moves, and `changed_under` says which fields moved under the
    /// edit. A field the user already set to what the service now holds counts as agreed.
    pub fn observe(&mut self, version: &str, theirs: T) {
        self.theirs = theirs;
        self.theirs_version = version.to_string();
        if !self.is_dirty() {
            self.follow();
            return;
        }
        for i in 0..T::NAMES.len() {
            if T::same(&self.edit, &self.theirs, i) {
                T::take(&mut self.base, &self.theirs, i);
            }
        }
        // A new version whose fields are all the ones the edit started from (a save of another field from this
        // form, a write of what the form does not show) is one the edit may go on: it takes its ETag.
        if self.base == self.theirs {
            self.version = self.theirs_version.clone();
        }
    }

    /// The fields the service changed since the edit started (empty while the draft is clean).
    pub fn changed_under(&self) -> Vec<usize> {
        (0..T::NAMES.len())
            .filter(|&i| !T::same(&self.base, &self.theirs, i))
            .collect()
    }

    /// Whether the service holds another version than the one the edit started from: a save would be refused.
    pub fn is_stale(&self) -> bool {
        self.version != self.theirs_version || self.base != self.theirs
    }

    /// The fields the user changed.
    pub fn mine(&self) -> Vec<usize> {
        (0..T::NAMES.len())
            .filter(|&i| !T::same(&self.base, &self.edit, i))
            .collect()
    }

    /// Reload and re-apply: the service's version becomes the base, and the user's changes (the fields that
    /// differ from the old base) are laid on top of it; every other field takes the service's value.
    pub fn reapply_on_theirs(&mut self) {
        for i in 0..T::NAMES.len() {
            if T::same(&self.edit, &self.base, i) {
                T::take(&mut self.edit, &self.theirs, i);
            } else if !T::same(&self.base, &self.theirs, i) {
                T::reapply(&mut self.edit, &self.base, &self.theirs, i);
            }
        }
        self.base = self.theirs.clone();
        self.version = self.theirs_version.clone();
    }

    /// Drops the user's changes: the form shows the service's version.
    pub fn discard(&mut self) {
        self.follow();
    }

    /// A save of `sent` succeeded and the service now holds it under `version`. Changes made after Save was
    /// pressed stay in the form, unsaved, on the new version.
    pub fn saved(&mut self, sent: T, version: &str) {
        self.unsent(&sent);
        self.base = sent.clone();
        self.theirs = sent;
        self.version = version.to_string();
        self.theirs_version = version.to_string();
    }

    /// A draft the user typed back to the version it started from is clean, and a clean draft follows the
    /// service: called after the user's typing lands (each poll), so that the next keystroke is compared with
    /// what the service holds now, not with a version the form no longer shows as an edit.
    pub fn settle(&mut self) {
        if !self.is_dirty() && self.is_stale() {
            self.follow();
        }
    }

    fn follow(&mut self) {
        self.base = self.theirs.clone();
        self.edit = self.theirs.clone();
        self.version = self.theirs_version.clone();
    }
}

/// One draft per item of a tab (each blob's metadata and headers, each blob's tags): an item keeps its own while
/// another is shown, a clean one is forgotten once its item is no longer shown, and a dirty one only when saved,
/// discarded or its item deleted.
pub struct Drafts<T> {
    map: std::collections::BTreeMap<String, Draft<T>>,
}

impl<T> Default for Drafts<T> {
    fn default() -> Self {
        Drafts {
            map: Default::default(),
        }
    }
}

impl<T: Fields> Drafts<T> {
    pub fn get(&self, item: &str) -> Option<&Draft<T>> {
        self.map.get(item)
    }

    pub fn get_mut(&mut self, item: &str) -> Option<&mut Draft<T>> {
        self.map.get_mut(item)
    }

    /// What the service said of an item (`version`, `theirs`): its draft follows while clean, a new one starts.
    pub fn observe(&mut self, item: &str, version: &str, theirs: T) {
        match self.map.get_mut(item) {
            Some(d) => d.observe(version, theirs),
            None => {
                self.map.insert(item.to_string(), Draft::new(version, theirs));
            }
        }
    }

    /// Each clean draft shows what the service said last (`Draft::settle`).
    pub fn settle(&mut self) {
        self.map.values_mut().for_each(Draft::settle);
    }

    /// Forgets the clean drafts of items other than `shown` and those `keep` holds on to (an edit is never
    /// forgotten).
    pub fn forget_clean_except(&mut self, shown: Option<&str>, keep: impl Fn(&str) -> bool) {
        self.map
            .retain(|n, d| d.is_dirty() || Some(n.as_str()) == shown || keep(n));
    }

    /// An item deleted (by this app): its draft goes with it.
    pub fn remove(&mut self, item: &str) {
        self.map.remove(item);
    }

    /// The items whose drafts hold changes and no save is out for (`saving` says which have one): what Save
    /// all sends.
    pub fn dirty_unsent(&self, saving: impl Fn(&str) -> bool) -> Vec<String> {
        self.dirty().filter(|b| !saving(b)).map(String::from).collect()
    }

    /// The items whose drafts hold changes no save out sends (`Draft::is_unsaved`): what a closing tab asks
    /// about.
    pub fn unsaved(&self) -> impl Iterator<Item = &str> {
        self.map.iter().filter(|(_, d)| d.is_unsaved()).map(|(n, _)| n.as_str())
    }

    /// The items whose drafts hold changes.
    pub fn dirty(&self) -> impl Iterator<Item = &str> {
        self.map.iter().filter(|(_, d)| d.is_dirty()).map(|(n, _)| n.as_str())
    }

    /// Whether a draft is kept for `item`.
    pub fn has(&self, item: &str) -> bool {
        self.map.contains_key(item)
    }
}

/// One field: `Fields` for a form of a single value (a queue's metadata).
impl Fields for Vec<(String, String)> {
    const NAMES: &'static [&'static str] = &["metadata"];
    fn same(a: &Self, b: &Self, _: usize) -> bool {
        a == b
    }
    fn take(to: &mut Self, from: &Self, _: usize) {
        to.clone_from(from);
    }
    fn reapply(mine: &mut Self, base: &Self, theirs: &Self, _: usize) {
        *mine = reapply_pairs(mine, base, theirs);
    }
}

/// One field: a text edited whole (a queued message's new text).
impl Fields for String {
    const NAMES: &'static [&'static str] = &["text"];
    fn same(a: &Self, b: &Self, _: usize) -> bool {
        a == b
    }
    fn take(to: &mut Self, from: &Self, _: usize) {
        to.clone_from(from);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq)]
    struct Two {
        a: String,
        b: String,
    }

    impl Fields for Two {
        const NAMES: &'static [&'static str] = &["a", "b"];
        fn same(x: &Self, y: &Self, i: usize) -> bool {
            if i == 0 { x.a == y.a } else { x.b == y.b }
        }
        fn take(to: &mut Self, from: &Self, i: usize) {
            if i == 0 {
                to.a = from.a.clone();
            } else {
                to.b = from.b.clone();
            }
        }
    }

    fn two(a: &str, b: &str) -> Two {
        Two {
            a: a.into(),
            b: b.into(),
        }
    }

    #[test]
    fn a_clean_draft_follows_the_service() {
        let mut d = Draft::new("1", two("x", "y"));
        d.observe("2", two("x", "z"));
        assert_eq!((d.edit.clone(), d.version()), (two("x", "z"), "2"));
        assert!(!d.is_dirty() && !d.is_stale());
    }

    #[test]
    fn a_refresh_never_touches_a_dirty_draft_and_marks_what_moved_under_it() {
        let mut d = Draft::new("1", two("x", "y"));
        d.edit.a = "mine".into();
        d.observe("2", two("x", "theirs"));
        d.observe("3", two("x", "theirs again"));
        assert_eq!(d.edit, two("mine", "y"), "the draft is untouched, untouched fields too");
        assert_eq!(
            d.version(),
            "1",
            "a save stays conditional on the version the edit started from"
        );
        assert_eq!(d.changed_under(), vec![1]);
        assert_eq!(d.mine(), vec![0]);
        assert!(d.is_stale());
        // Reload and re-apply: my field on top of theirs.
        d.reapply_on_theirs();
        assert_eq!(d.edit, two("mine", "theirs again"));
        assert_eq!(d.version(), "3");
        assert!(d.is_dirty() && !d.is_stale());
    }

    #[test]
    fn a_save_lands_and_later_typing_stays() {
        let mut d = Draft::new("1", two("x", "y"));
        d.edit.a = "sent".into();
        let sent = d.edit.clone();
        d.edit.b = "typed after save".into();
        d.saved(sent, "2");
        assert_eq!(d.version(), "2");
        assert_eq!(d.mine(), vec![1], "only what was typed after the save is left to save");
        // The refresh after the save brings what was saved: nothing moves.
        d.observe("2", two("sent", "y"));
        assert_eq!(d.edit, two("sent", "typed after save"));
        assert!(!d.is_stale());
    }

    #[test]
    fn a_draft_is_unsaved_unless_a_save_out_sends_exactly_it() {
        let mut d = Draft::new("1", two("x", "y"));
        assert!(!d.is_unsaved(), "nothing changed");
        d.edit.a = "mine".into();
        assert!(d.is_unsaved());
        let sent = d.send();
        assert!(!d.is_unsaved(), "on its way exactly as typed");
        d.edit.b = "more".into();
        assert!(d.is_unsaved(), "typing beyond what was sent is not on its way");
        d.edit.b = "y".into();
        assert!(!d.is_unsaved());
        // Refused: no longer on its way, the edit is unsaved again.
        d.unsent(&sent);
        assert!(d.is_unsaved());
        let sent = d.send();
        d.edit.b = "after".into();
        d.saved(sent, "2");
        assert!(d.is_unsaved(), "what was typed after Save is left to save");
        d.edit.b = "y".into();
        assert!(!d.is_dirty() && !d.is_unsaved());
    }

    #[test]
    fn a_field_set_to_what_the_service_now_holds_is_agreed() {
        let mut d = Draft::new("1", two("x", "y"));
        d.edit.a = "same".into();
        d.observe("2", two("same", "y"));
        assert!(!d.is_dirty());
        assert_eq!(d.version(), "2");
    }

    #[test]
    fn a_new_version_with_the_fields_the_edit_started_from_is_taken_on() {
        let mut d = Draft::new("1", two("x", "y"));
        d.edit.a = "mine".into();
        d.observe("2", two("x", "y"));
        assert_eq!((d.version(), d.is_stale()), ("2", false));
        assert_eq!(d.edit, two("mine", "y"));
    }

    #[test]
    fn metadata_is_reapplied_name_by_name() {
        let pairs = |p: &[(&str, &str)]| -> Vec<(String, String)> {
            p.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
        };
        let base = pairs(&[("a", "1"), ("gone", "x"), ("kept", "k")]);
        // I change a, remove gone, add mine; they add theirs and change kept.
        let mine = pairs(&[("a", "2"), ("kept", "k"), ("mine", "m")]);
        let theirs = pairs(&[("a", "1"), ("gone", "x"), ("kept", "K"), ("theirs", "t")]);
        let mut d = Draft::new("1", base);
        d.edit = mine;
        d.observe("2", theirs);
        d.reapply_on_theirs();
        assert_eq!(
            d.edit,
            pairs(&[("a", "2"), ("kept", "K"), ("theirs", "t"), ("mine", "m")])
        );
    }

    #[test]
    fn a_draft_typed_back_to_its_start_follows_the_service_once_settled() {
        let mut d = Draft::new("1", two("x", "y"));
        d.edit.a = "mine".into();
        d.observe("2", two("x", "theirs"));
        d.edit.a = "x".into();
        assert!(!d.is_dirty() && d.is_stale());
        d.settle();
        assert_eq!((d.edit.clone(), d.version()), (two("x", "theirs"), "2"));
        // Typing the service's own value now is no edit at all.
        d.edit.b = "theirs".into();
        assert!(!d.is_dirty() && !d.is_stale());
        // A dirty draft is never moved by settling.
        d.edit.a = "mine".into();
        d.observe("3", two("t", "theirs"));
        d.settle();
        assert_eq!((d.edit.clone(), d.version()), (two("mine", "theirs"), "2"));
    }

    #[test]
    fn discard_shows_theirs() {
        let mut d = Draft::new("1", two("x", "y"));
        d.edit.a = "mine".into();
        d.observe("2", two("t", "y"));
        d.discard();
        assert_eq!((d.edit.clone(), d.version()), (two("t", "y"), "2"));
    }
}
