//! Folder statistics: how many blobs a folder, a selection or the whole container holds, their total size, the
//! size in each access tier and the newest change, summed by walking the flat listing in the background. Each
//! page is summed on the runtime and dropped there, so the pane never holds more than the sums.

use std::collections::BTreeMap;
use std::time::SystemTime;

use crate::app::blob::pane::BlobPane;
use crate::app::blob::walk::{Walk, WalkJob};
use crate::app::context::PaneContext;
use crate::storage::blob::{BlobItem, ListBlobsOptions};

/// Sums over blobs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Totals {
    pub blobs: u64,
    pub bytes: u64,
    /// By access tier (or, for blobs without one, their type): (blobs, bytes).
    pub tiers: BTreeMap<String, (u64, u64)>,
    /// The most recent Last-Modified, and the blob it belongs to.
    pub newest: Option<(SystemTime, String)>,
}

impl Totals {
    pub fn add(&mut self, b: &BlobItem) {
        let p = &b.properties;
        self.blobs += 1;
        self.bytes += p.content_length;
        // Found by reference: a tier's name is copied once per container, not once per blob.
        let tier: std::borrow::Cow<str> = match &p.access_tier {
            Some(t) => t.as_str().into(),
            None if p.blob_type.is_empty() => "(no tier)".into(),
            None => format!("{} (no tier)", p.blob_type).into(),
        };
        let t = match self.tiers.get_mut(tier.as_ref()) {
            Some(t) => t,
            None => self.tiers.entry(tier.into_owned()).or_default(),
        };
        t.0 += 1;
        t.1 += p.content_length;
        if let Some(m) = p.last_modified
            && self.newest.as_ref().is_none_or(|(n, _)| m > *n)
        {
            self.newest = Some((m, b.name.clone()));
        }
    }

    pub fn merge(&mut self, other: Totals) {
        self.blobs += other.blobs;
        self.bytes += other.bytes;
        for (tier, (n, bytes)) in other.tiers {
            let t = self.tiers.entry(tier).or_default();
            t.0 += n;
            t.1 += bytes;
        }
        if let Some((m, name)) = other.newest
            && self.newest.as_ref().is_none_or(|(n, _)| m > *n)
        {
            self.newest = Some((m, name));
        }
    }

    fn of(page: &[BlobItem]) -> Totals {
        let mut t = Totals::default();
        for b in page {
            t.add(b);
        }
        t
    }
}

/// Statistics under way or ended: of what, and the sums so far.
pub struct FolderStats {
    /// "`photos/`", "3 selected (2 folders, 1 blob)", "the whole of photos".
    pub(crate) scope: String,
    pub(crate) totals: Totals,
    pub(crate) job: WalkJob<Totals>,
}

impl FolderStats {
    pub fn totals(&self) -> &Totals {
        &self.totals
    }

    pub fn is_running(&self) -> bool {
        self.job.is_running()
    }

    pub fn job(&self) -> &WalkJob<Totals> {
        &self.job
    }
}

impl BlobPane {
    /// Counts and sizes the selection (its folders walked, its blobs as listed), or, with nothing selected, the
    /// folder shown (the whole container at the top).
    pub fn folder_stats(&mut self, ctx: &mut PaneContext) {
        let mut totals = Totals::default();
        let mut prefixes = Vec::new();
        let (mut folders, mut blobs) = (0, 0);
        for name in &self.core.selection {
            if name.ends_with('/') {
                prefixes.push(name.clone());
                folders += 1;
            } else if let Some(b) = self.listed_blob(name) {
                totals.add(b);
                blobs += 1;
            }
        }
        let scope = if folders + blobs > 0 {
            format!(
                "the {} selected ({}, {})",
                folders + blobs,
                crate::app::widgets::format::count(folders, "folder"),
                crate::app::widgets::format::count(blobs, "blob")
            )
        } else if self.core.prefix.is_empty() {
            prefixes.push(String::new());
            format!("the whole of {}", self.core.container)
        } else {
            prefixes.push(self.core.prefix.clone());
            format!("`{}`", self.core.prefix)
        };
        let starts = prefixes
            .into_iter()
            .map(|p| ListBlobsOptions {
                prefix: Some(p).filter(|p| !p.is_empty()),
                max_results: Some(5000),
                ..Default::default()
            })
            .collect();
        let walk = Walk::start(
            ctx.backend,
            ctx.client.clone(),
            self.core.container.clone(),
            starts,
            |page| Totals::of(&page.blobs),
        );
        self.stats = Some(FolderStats {
            scope,
            totals,
            job: WalkJob::new(walk),
        });
    }

    /// A blob as listed, in the folder's listing or the search's matches.
    pub(crate) fn listed_blob(&self, name: &str) -> Option<&BlobItem> {
        let find = |list: &'_ [BlobItem]| list.binary_search_by(|b| b.name.as_str().cmp(name)).ok();
        if let Some(i) = find(&self.core.blobs) {
            return Some(&self.core.blobs[i]);
        }
        let s = self.name_search.as_ref()?;
        find(&s.matches).map(|i| &s.matches[i])
    }

    pub fn stop_stats(&mut self) {
        if let Some(s) = &mut self.stats {
            s.job.stop();
        }
    }

    pub fn close_stats(&mut self) {
        self.stats = None;
    }

    pub fn stats(&self) -> Option<&FolderStats> {
        self.stats.as_ref()
    }

    pub(super) fn poll_stats(&mut self) {
        if let Some(s) = &mut self.stats {
            for page in s.job.take() {
                s.totals.merge(page);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::blob::BlobProperties;

    fn blob(name: &str, size: u64, tier: Option<&str>, kind: &str, secs: u64) -> BlobItem {
        BlobItem {
            name: name.into(),
            properties: BlobProperties {
                content_length: size,
                access_tier: tier.map(str::to_string),
                blob_type: kind.into(),
                last_modified: Some(SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(secs)),
                ..Default::default()
            },
            ..Default::default()
        }
    }

    #[test]
    fn pages_sum_to_what_one_pass_over_all_would() {
        let all = [
            blob("a", 10, Some("Hot"), "BlockBlob", 5),
            blob("b", 20, Some("Cool"), "BlockBlob", 9),
            blob("c", 30, None, "AppendBlob", 7),
            blob("d", 40, Some("Hot"), "BlockBlob", 1),
        ];
        let mut merged = Totals::of(&all[..1]);
        merged.merge(Totals::of(&all[1..3]));
        merged.merge(Totals::of(&all[3..]));
        assert_eq!(merged, Totals::of(&all));
        assert_eq!((merged.blobs, merged.bytes), (4, 100));
        assert_eq!(merged.tiers["Hot"], (2, 50));
        assert_eq!(merged.tiers["AppendBlob (no tier)"], (1, 30));
        assert_eq!(merged.newest.as_ref().unwrap().1, "b");
    }
}
