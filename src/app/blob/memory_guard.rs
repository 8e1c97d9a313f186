//! Load all's guard on memory: a listing that would hold more than half of this computer's memory pauses there
//! and asks, with what it holds and what each further million blobs would take.

use crate::app::widgets::format::human_bytes;
use crate::app::widgets::i18n::{t, tr};

/// The share of the computer's memory a tab's listing may take before Load all asks.
const SHARE: f64 = 0.5;

/// Where Load all stops to ask, and whether the user said to go past it.
#[derive(Default)]
pub struct MemoryGuard {
    /// The bytes a listing may hold before Load all asks (None: not known yet).
    limit: Option<u64>,
    /// The user chose to go on past the limit for this listing.
    past: bool,
    /// Load all stopped here: the bytes held and the blobs they are for.
    stopped: Option<(u64, u64)>,
}

/// Half of the computer's memory, or what `TESSERA_LOAD_ALL_LIMIT` (bytes) sets instead.
fn limit() -> u64 {
    if let Some(bytes) = std::env::var("TESSERA_LOAD_ALL_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return bytes;
    }
    let mut system = sysinfo::System::new();
    system.refresh_memory();
    (system.total_memory() as f64 * SHARE) as u64
}

impl MemoryGuard {
    /// Whether Load all must stop: the listing holds `held` bytes for `blobs` blobs, past the limit the user has
    /// not let it pass. Says so for `ui`.
    pub fn must_stop(&mut self, held: u64, blobs: u64) -> bool {
        let limit = *self.limit.get_or_insert_with(limit);
        if self.past || held <= limit {
            return false;
        }
        self.stopped = Some((held, blobs));
        true
    }

    /// The user goes on loading past the limit (for this listing).
    pub fn go_past(&mut self) {
        self.past = true;
        self.stopped = None;
    }

    /// A new listing: the limit applies again.
    pub fn reset(&mut self) {
        self.past = false;
        self.stopped = None;
    }

    pub fn is_stopped(&self) -> bool {
        self.stopped.is_some()
    }

    /// The question under the list once Load all stopped here: true when the user chose to go on.
    pub fn ui(&mut self, ui: &mut egui::Ui) -> bool {
        let Some((held, blobs)) = self.stopped else {
            return false;
        };
        let per_million = held.saturating_mul(1_000_000) / blobs.max(1);
        let words = tr!(
            "blob-memory-stopped",
            blobs = blobs,
            held = human_bytes(held),
            limit = human_bytes(self.limit.unwrap_or_default()),
            per_million = human_bytes(per_million)
        );
        let mut go_on = false;
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(ui.visuals().warn_fg_color, words);
            if ui.button(t("blob-memory-go-on")).clicked() {
                go_on = true;
            }
            if ui.button(t("blob-memory-keep")).clicked() {
                self.stopped = None;
            }
        });
        go_on
    }
}
