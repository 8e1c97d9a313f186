//! Every version of an entity a table tab has seen during the run (a reload, the watch, a save brought it), kept
//! per entity (at most 100 each, 100 MB in all, the oldest going first) and shown in the editor as a timeline
//! with the differences between any two. An entity seen in one version only has no history: versions are kept
//! from the moment a second one arrives.

use std::borrow::Cow;

use crate::storage::table::EntityView;
use egui::RichText;
use std::collections::{HashMap, VecDeque};
use std::time::SystemTime;

use crate::app::table::features::compare::lines;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::table::Entity;

pub const PER_ENTITY: usize = 100;
pub const BYTES: usize = 100 * 1024 * 1024;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    Loaded,
    Watched,
    Saved,
}

impl Seen {
    fn word(self) -> String {
        t(match self {
            Seen::Loaded => "table-history-loaded",
            Seen::Watched => "table-history-watched",
            Seen::Saved => "table-history-saved",
        })
    }
}

pub struct Version {
    pub at: SystemTime,
    pub seen: Seen,
    pub entity: Entity,
    /// Which entry of `order` it is.
    seq: u64,
}

type Key = (String, String);

#[derive(Default)]
pub struct EntityHistory {
    versions: HashMap<Key, VecDeque<Version>>,
    /// One entry per version kept, oldest first: what goes when the whole is over `BYTES`.
    order: VecDeque<(Key, u64)>,
    bytes: usize,
    /// Versions kept.
    live: usize,
    seq: u64,
    /// The two versions the editor compares (places in the timeline), once the user picked; the last two until.
    pub pick: Option<(usize, usize)>,
}

fn key(e: &EntityView) -> Key {
    (e.partition_key().to_string(), e.row_key().to_string())
}

impl EntityHistory {
    pub fn versions(&self, partition_key: &str, row_key: &str) -> Option<&VecDeque<Version>> {
        self.versions.get(&(partition_key.to_string(), row_key.to_string()))
    }

    pub fn is_empty(&self) -> bool {
        self.versions.is_empty()
    }

    /// An entity changed from `old` to `new`: both kept (the old one unless it is already the last kept).
    pub fn changed(&mut self, old: &EntityView, new: &EntityView, seen: Seen, at: SystemTime) {
        if old.etag() == new.etag() {
            return;
        }
        if self.last_etag(old) != Some(old.etag().map(Cow::into_owned)) {
            self.keep(old, Seen::Loaded, at);
        }
        self.keep(new, seen, at);
    }

    /// A version loaded: kept when its entity has a history and this ETag is not the last one kept.
    pub fn loaded(&mut self, e: &EntityView, at: SystemTime) {
        if let Some(last) = self.last_etag(e)
            && last.as_deref() != e.etag().as_deref()
        {
            self.keep(e, Seen::Loaded, at);
        }
    }

    /// A page loaded: its rows that have a history and a new ETag join it.
    pub fn loaded_page(&mut self, entities: &[Entity]) {
        if self.is_empty() {
            return;
        }
        let now = SystemTime::now();
        entities.iter().for_each(|e| self.loaded(e, now));
    }

    fn last_etag(&self, e: &EntityView) -> Option<Option<String>> {
        let v = self.versions.get(&key(e))?;
        v.back().map(|l| l.entity.etag().map(Cow::into_owned))
    }

    fn keep(&mut self, e: &EntityView, seen: Seen, at: SystemTime) {
        let k = key(e);
        let list = self.versions.entry(k.clone()).or_default();
        if list.len() == PER_ENTITY
            && let Some(old) = list.pop_front()
        {
            self.bytes -= old.entity.heap_size();
            self.live -= 1;
            // Its entry in `order` stays: the global eviction skips entries whose version is gone.
        }
        self.bytes += e.heap_size();
        self.live += 1;
        self.seq += 1;
        list.push_back(Version {
            at,
            seen,
            entity: e.to_owned(),
            seq: self.seq,
        });
        self.order.push_back((k, self.seq));
        // Entries of versions the per-entity bound dropped pile up: swept when they outnumber the live ones.
        if self.order.len() > 2 * self.live + 1_000 {
            let versions = &self.versions;
            self.order
                .retain(|(k, seq)| versions.get(k).is_some_and(|l| l.iter().any(|v| v.seq == *seq)));
        }
        while self.bytes > BYTES {
            let Some((oldest, seq)) = self.order.pop_front() else {
                break;
            };
            if let Some(list) = self.versions.get_mut(&oldest)
                && list.front().is_some_and(|v| v.seq == seq)
            {
                let v = list.pop_front().expect("front");
                self.bytes -= v.entity.heap_size();
                self.live -= 1;
                if list.is_empty() {
                    self.versions.remove(&oldest);
                }
            }
        }
    }

    /// The timeline of one entity, with the differences between the two versions picked.
    pub fn ui(&mut self, ui: &mut egui::Ui, partition_key: &str, row_key: &str) {
        let Some(list) = self.versions(partition_key, row_key) else {
            ui.label(RichText::new(t("table-history-one")).strong());
            ui.weak(t("table-history-one-explain"));
            return;
        };
        let n = list.len();
        let (a0, b0) = match self.pick {
            Some((a, b)) => (a.min(n - 1), b.min(n - 1)),
            None => (n.saturating_sub(2), n - 1),
        };
        let (mut a, mut b) = (a0, b0);
        ui.label(RichText::new(tr!("table-history-title", count = n)).strong());
        {
            // One version a line, its ETag under it: a side panel is narrow, and an ETag is long.
            for (i, v) in list.iter().enumerate() {
                ui.horizontal_wrapped(|ui| {
                    ui.radio_value(&mut a, i, format!("A{}", i + 1));
                    ui.radio_value(&mut b, i, format!("B{}", i + 1));
                    let clock = crate::storage::format_time(v.at, crate::storage::CLOCK_MILLIS);
                    ui.label(format!("{clock} {}", v.seen.word()));
                });
                let etag = match v.entity.etag() {
                    Some(etag) => format!("ETag {etag}"), // i18n-ignore: a protocol name and data
                    None => t("table-history-no-etag"),
                };
                ui.add(egui::Label::new(RichText::new(etag).monospace().weak()).wrap());
            }
            ui.separator();
            let changed: Vec<String> = lines(&list[a].entity, &list[b].entity)
                .iter()
                .filter(|l| !l.same())
                .map(crate::app::table::features::watch::describe_cell)
                .collect();
            if changed.is_empty() {
                ui.label(tr!("table-history-same", a = a + 1, b = b + 1));
            } else {
                ui.label(tr!(
                    "table-history-changed",
                    a = a + 1,
                    b = b + 1,
                    changes = changed.join(", ")
                ));
            }
        }
        if (a, b) != (a0, b0) {
            self.pick = Some((a, b));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::table::{EdmValue, EntityDraft};

    fn v(n: i32) -> Entity {
        EntityDraft::new("p", "r")
            .with("N", EdmValue::Int32(n))
            .with_etag(Some(format!("W/\"{n}\"")))
            .to_entity()
    }

    #[test]
    fn versions_are_kept_from_the_second_one_bounded_per_entity() {
        let mut h = EntityHistory::default();
        let t = SystemTime::UNIX_EPOCH;
        h.loaded(&v(1), t);
        assert!(h.is_empty(), "one version is no history");
        h.changed(&v(1), &v(2), Seen::Watched, t);
        h.loaded(&v(2), t);
        h.loaded(&v(3), t);
        let seen: Vec<Seen> = h.versions("p", "r").unwrap().iter().map(|x| x.seen).collect();
        assert_eq!(seen, [Seen::Loaded, Seen::Watched, Seen::Loaded]);
        for n in 4..200 {
            h.changed(&v(n - 1), &v(n), Seen::Saved, t);
        }
        let list = h.versions("p", "r").unwrap();
        assert_eq!(list.len(), PER_ENTITY);
        assert_eq!(list.back().unwrap().entity.etag().as_deref(), Some("W/\"199\""));
        assert_eq!(h.bytes, list.iter().map(|x| x.entity.heap_size()).sum::<usize>());
        assert_eq!(h.live, PER_ENTITY);
        assert!(
            h.order.len() <= 2 * h.live + 1_000,
            "dropped versions' entries are swept"
        );
    }
}
