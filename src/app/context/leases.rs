//! The leases this app holds (and breaks), so it can count them down, offer their ids on writes, and tell
//! "leased by us" from "leased by another client". The service itself never says when a lease ends.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::i18n::{t, tr};
use crate::storage::blob::LeaseDuration;
use crate::storage::blob::{LeaseInfo, LeaseState};

/// A leased thing: an account's container, or one of its blobs. The account is its identity
/// (`Account::identity`), never its name: two emulators share the name `devstoreaccount1`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LeaseKey {
    pub account: String,
    pub container: String,
    pub blob: Option<String>,
}

impl LeaseKey {
    pub fn new(account_identity: &str, container: &str, blob: Option<&str>) -> Self {
        LeaseKey {
            account: account_identity.to_string(),
            container: container.to_string(),
            blob: blob.map(str::to_string),
        }
    }
}

#[derive(Clone, Debug)]
pub struct HeldLease {
    pub lease_id: String,
    pub duration: LeaseDuration,
    /// When it was acquired or last renewed.
    pub since: Instant,
}

impl HeldLease {
    /// Time left on a fixed lease (None for infinite).
    pub fn remaining(&self, now: Instant) -> Option<Duration> {
        match self.duration {
            LeaseDuration::Infinite => None,
            LeaseDuration::Seconds(s) => {
                Some((self.since + Duration::from_secs(u64::from(s))).saturating_duration_since(now))
            }
        }
    }
}

#[derive(Default)]
pub struct LeaseBook {
    held: HashMap<LeaseKey, HeldLease>,
    /// When a lease this app broke becomes `broken`.
    breaking: HashMap<LeaseKey, Instant>,
}

impl LeaseBook {
    pub fn held(&self, key: &LeaseKey) -> Option<&HeldLease> {
        self.held.get(key)
    }

    /// The live leases this app holds on the blobs of one container, by blob name (for a job that writes many).
    pub fn ids_for_writes_in(&self, account: &str, container: &str) -> HashMap<String, String> {
        self.held
            .keys()
            .filter(|k| k.account == account && k.container == container)
            .filter_map(|k| Some((k.blob.clone()?, self.id_for_write(k)?)))
            .collect()
    }

    /// The lease id to put on a write, if this app holds a live lease on it.
    pub fn id_for_write(&self, key: &LeaseKey) -> Option<String> {
        let h = self.held.get(key)?;
        match h.remaining(Instant::now()) {
            Some(left) if left.is_zero() => None,
            _ => Some(h.lease_id.clone()),
        }
    }

    pub fn acquired(&mut self, key: LeaseKey, lease_id: String, duration: LeaseDuration) {
        self.breaking.remove(&key);
        self.held.insert(
            key,
            HeldLease {
                lease_id,
                duration,
                since: Instant::now(),
            },
        );
    }

    pub fn renewed(&mut self, key: &LeaseKey) {
        if let Some(h) = self.held.get_mut(key) {
            h.since = Instant::now();
        }
    }

    pub fn changed(&mut self, key: &LeaseKey, new_id: String) {
        if let Some(h) = self.held.get_mut(key) {
            h.lease_id = new_id;
        }
    }

    pub fn released(&mut self, key: &LeaseKey) {
        self.held.remove(key);
    }

    pub fn broke(&mut self, key: LeaseKey, seconds_left: u32) {
        self.breaking
            .insert(key, Instant::now() + Duration::from_secs(u64::from(seconds_left)));
    }

    /// The words (and whether a countdown is running) for a lease indicator.
    pub fn describe(&self, key: &LeaseKey, info: &LeaseInfo) -> (String, bool) {
        let now = Instant::now();
        let mine = self.held.get(key);
        match info.state {
            LeaseState::Available => (t("context-leases-available"), false),
            LeaseState::Leased => match (mine, info.infinite) {
                (Some(h), _) => match h.remaining(now) {
                    None => (t("context-leases-mine-infinite"), false),
                    Some(left) if left.is_zero() => (t("context-leases-mine-expired"), false),
                    Some(left) => (tr!("context-leases-mine-left", seconds = left.as_secs() + 1), true),
                },
                (None, Some(true)) => (t("context-leases-other-infinite"), false),
                (None, _) => (t("context-leases-other-fixed"), false),
            },
            LeaseState::Expired => (t("context-leases-expired"), false),
            LeaseState::Breaking => match self.breaking.get(key) {
                Some(until) => {
                    let left = until.saturating_duration_since(now);
                    (
                        tr!(
                            "context-leases-breaking-left",
                            seconds = left.as_secs() + u64::from(!left.is_zero())
                        ),
                        !left.is_zero(),
                    )
                }
                None => (t("context-leases-breaking"), false),
            },
            LeaseState::Broken => (t("context-leases-broken"), false),
        }
    }

    /// Whether any countdown is running (the UI then repaints every quarter second).
    pub fn counting(&self) -> bool {
        let now = Instant::now();
        self.held
            .values()
            .any(|h| h.remaining(now).is_some_and(|l| !l.is_zero()))
            || self.breaking.values().any(|u| *u > now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> LeaseKey {
        LeaseKey {
            account: "a".into(),
            container: "c".into(),
            blob: Some("b".into()),
        }
    }

    #[test]
    fn indicators_tell_mine_from_theirs_and_count_down() {
        let mut book = LeaseBook::default();
        let leased = LeaseInfo {
            state: LeaseState::Leased,
            locked: true,
            infinite: Some(false),
        };
        assert_eq!(
            book.describe(&key(), &leased).0,
            "leased by another client, fixed (up to 60 s)"
        );
        book.acquired(key(), "id".into(), LeaseDuration::Seconds(15));
        let (words, counting) = book.describe(&key(), &leased);
        assert!(
            words.starts_with("leased by this app, expires in 15 s") || words.contains("in 14 s"),
            "{words}"
        );
        assert!(counting && book.counting());
        assert_eq!(book.id_for_write(&key()).as_deref(), Some("id"));
        book.released(&key());
        assert_eq!(book.id_for_write(&key()), None);
        book.broke(key(), 3);
        let breaking = LeaseInfo {
            state: LeaseState::Breaking,
            locked: true,
            infinite: Some(true),
        };
        assert!(
            book.describe(&key(), &breaking)
                .0
                .starts_with("breaking, broken in 3 s")
        );
    }
}
