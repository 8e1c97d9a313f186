//! The resources opened lately, newest first: what the welcome lists and the settings keep.

use crate::app::accounts::tree::TabTarget;

/// How many recently opened resources the app remembers, newest first.
pub const RECENT_KEPT: usize = 12;

/// Remembers a resource as just opened: first in the list, once.
pub fn remember(recent: &mut Vec<TabTarget>, target: &TabTarget) {
    recent.retain(|t| t != target);
    recent.insert(0, target.clone());
    recent.truncate(RECENT_KEPT);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::Service;

    fn target(name: &str) -> TabTarget {
        TabTarget {
            profile_id: "a".into(),
            service: Service::Table,
            name: name.into(),
        }
    }

    #[test]
    fn the_newest_comes_first_once_and_the_list_stays_short() {
        let mut recent = Vec::new();
        for i in 0..20 {
            remember(&mut recent, &target(&format!("t{i}")));
        }
        remember(&mut recent, &target("t10"));
        assert_eq!(recent.len(), RECENT_KEPT);
        assert_eq!(recent[0].name, "t10");
        assert_eq!(recent[1].name, "t19");
        assert_eq!(recent.iter().filter(|t| t.name == "t10").count(), 1);
    }
}
