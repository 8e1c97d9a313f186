//! Folder statistics: how many blobs a folder, a selection or the whole container holds, their total size, the
//! size in each access tier and the newest change, summed by walking the flat listing in the background. Each
//! page is summed on the runtime and dropped there, so the pane never holds more than the sums.

use crate::app::context::feature::Feature;
use std::collections::BTreeMap;
use std::time::SystemTime;

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobFeature, Effects};
use crate::app::blob::walk::{Walk, WalkJob};
use crate::app::context::PaneContext;
use crate::app::widgets::format::{human_bytes, utc_opt};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::blob::{BlobItem, ListBlobsOptions};
use egui::RichText;

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
            None if p.blob_type.is_empty() => t("blob-folder-stats-no-tier").into(),
            None => tr!("blob-folder-stats-type-no-tier", kind = p.blob_type.as_str()).into(),
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

/// The Statistics feature: the statistics shown (under way or ended).
#[derive(Default)]
pub struct Statistics {
    pub(crate) shown: Option<FolderStats>,
}

impl Feature for Statistics {
    type Pane = crate::app::blob::feature::Blob;

    fn poll(&mut self, _: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        if let Some(s) = &mut self.shown {
            for page in s.job.take() {
                s.totals.merge(page);
            }
        }
    }

    fn busy(&self) -> bool {
        self.shown.as_ref().is_some_and(FolderStats::is_running)
    }
}

impl BlobFeature for Statistics {
    fn toolbar_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        let hover = if core.selection.names.is_empty() {
            t("blob-folder-stats-hint-shown")
        } else {
            t("blob-folder-stats-hint-selected")
        };
        let icon = crate::app::widgets::icon::STATISTICS;
        if crate::app::widgets::icon::icon_button(ui, true, icon, &t("blob-folder-stats-title"), Some(&hover)).clicked()
        {
            self.folder_stats(core, ctx);
        }
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui, _: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        stats(self, ui);
    }

    fn offers(&self, core: &BlobCore, _: &PaneContext, offers: &mut Vec<crate::app::context::features::Offer>) {
        let any = !core.selection.names.is_empty();
        offers.push(crate::app::context::features::Offer::new(
            "statistics",
            t("blob-folder-stats-title"),
            any,
        ));
    }

    fn run_offer(&mut self, id: &str, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        if id == "statistics" {
            self.folder_stats(core, ctx);
        }
    }
}

impl Statistics {
    /// Counts and sizes the selection (its folders walked, its blobs as listed), or, with nothing selected, the
    /// folder shown (the whole container at the top).
    pub fn folder_stats(&mut self, core: &BlobCore, ctx: &mut PaneContext) {
        let mut totals = Totals::default();
        let mut prefixes = Vec::new();
        let (mut folders, mut blobs) = (0, 0);
        for name in &core.selection.names {
            if name.ends_with('/') {
                prefixes.push(name.clone());
                folders += 1;
            } else if let Some(b) = core.listed_blob(name) {
                totals.add(&b);
                blobs += 1;
            }
        }
        let scope = if folders + blobs > 0 {
            tr!(
                "blob-folder-stats-selected",
                count = folders + blobs,
                folders = folders,
                blobs = blobs
            )
        } else if core.prefix.is_empty() {
            prefixes.push(String::new());
            tr!("blob-folder-stats-whole", container = core.container.as_str())
        } else {
            prefixes.push(core.prefix.clone());
            format!("`{}`", core.prefix)
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
            core.container.clone(),
            starts,
            |page| Totals::of(&page.blobs),
        );
        self.shown = Some(FolderStats {
            scope,
            totals,
            job: WalkJob::new(walk),
        });
    }

    pub fn stop_stats(&mut self) {
        if let Some(s) = &mut self.shown {
            s.job.stop();
        }
    }

    /// The statistics shown, if any.
    pub fn stats(&self) -> Option<&FolderStats> {
        self.shown.as_ref()
    }
}

/// The statistics under the toolbar, while they add up and once they have.
fn stats(f: &mut Statistics, ui: &mut egui::Ui) {
    let Some(s) = &f.shown else { return };
    let (mut stop, mut close) = (false, false);
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            let totals = &s.totals;
            ui.label(
                RichText::new(tr!(
                    "blob-folder-stats-of",
                    scope = s.scope.as_str(),
                    blobs = totals.blobs,
                    size = human_bytes(totals.bytes)
                ))
                .strong(),
            );
            if s.is_running() {
                stop = ui.button(t("blob-folder-stats-stop")).clicked();
            } else {
                close = ui.button(t("blob-folder-stats-close")).clicked();
            }
        });
        let totals = &s.totals;
        let tiers: Vec<String> = totals
            .tiers
            .iter()
            .map(|(tier, (n, bytes))| {
                tr!(
                    "blob-folder-stats-tier",
                    tier = tier.as_str(),
                    size = human_bytes(*bytes),
                    count = *n
                )
            })
            .collect();
        if !tiers.is_empty() {
            ui.label(tr!("blob-folder-stats-by-tier", tiers = tiers.join(" · ")));
        }
        if let Some((when, name)) = &totals.newest {
            ui.label(tr!(
                "blob-folder-stats-newest",
                time = utc_opt(Some(*when)),
                name = name.as_str()
            ));
        }
        crate::app::blob::walk::job_state(ui, &s.job);
    });
    if stop {
        f.stop_stats();
    }
    if close {
        f.shown = None;
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
