//! The lease timeline of a container tab: each blob's lease state as listings and property reads saw it, drawn
//! as a timeline of the blobs shown.

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobEvent, BlobFeature, Effects};
use crate::app::context::PaneContext;
use crate::app::context::feature::Feature;
use crate::app::widgets::lease_timeline::LeaseTimeline;
use crate::app::widgets::plot::now_secs;

/// What the tab saw of its blobs' leases, and when it last saw the listing (the "seen available at" of a series
/// that starts with the state a page replaces).
#[derive(Default)]
pub struct LeaseHistory {
    pub(crate) seen: LeaseTimeline,
    seen_at: f64,
}

impl LeaseHistory {
    pub fn timeline(&self) -> &LeaseTimeline {
        &self.seen
    }
}

impl Feature for LeaseHistory {
    type Pane = crate::app::blob::feature::Blob;
}

impl BlobFeature for LeaseHistory {
    fn event(&mut self, event: &BlobEvent, _: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        match event {
            // Only the page is looked at, so a listing costs in proportion to itself, not to all listed before.
            BlobEvent::PageListed { page, before } => {
                let now = now_secs();
                for b in *page {
                    let was = before
                        .position(&b.name)
                        .ok()
                        .map(|i| (self.seen_at, before.lease_state(i)));
                    self.seen.observe_activity(&b.name, b.properties.lease.state, now, was);
                }
                self.seen_at = now;
            }
            BlobEvent::PropertiesRead { blob, props, .. } => {
                self.seen.observe(blob, props.lease.state, now_secs());
            }
            _ => {}
        }
    }

    fn above_list_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        egui::CollapsingHeader::new(crate::app::widgets::i18n::t("blob-lease-history-title"))
            .id_salt(("lease-timeline", &core.container))
            .show(ui, |ui| {
                let shown = |name: &str| core.listed.blobs.position(name).is_ok();
                self.seen.only(shown).ui(ui, &core.container);
            });
    }
}
