//! What the open tabs hold in memory, said in the status line ("3.1 GB for 10,000,000 blobs"): measured at most
//! once a second, since a table tab's measure walks its pages.

use std::time::{Duration, Instant};

use crate::app::frame::tabs::Tabs;
use crate::app::widgets::i18n::tr;

/// What the tabs held when last measured, and when that was.
#[derive(Default)]
pub struct Held {
    measured: Option<Instant>,
    bytes: u64,
    blobs: u64,
    entities: u64,
}

const EVERY: Duration = Duration::from_secs(1);

impl Held {
    /// Measures the tabs again if a second has passed since the last time.
    pub fn update(&mut self, tabs: &Tabs) {
        if self.measured.is_some_and(|at| at.elapsed() < EVERY) {
            return;
        }
        let (mut bytes, mut blobs, mut entities) = (0, 0, 0);
        for held in tabs.list.iter().filter_map(|t| t.pane.as_ref()).map(|p| p.in_memory()) {
            bytes += held.bytes;
            blobs += held.blobs;
            entities += held.entities;
        }
        (self.bytes, self.blobs, self.entities) = (bytes, blobs, entities);
        self.measured = Some(Instant::now());
    }

    /// The words for the status line, once the tabs hold a listing worth saying (None below a thousand rows).
    pub fn words(&self) -> Option<String> {
        if self.blobs + self.entities < 1000 {
            return None;
        }
        let size = crate::app::widgets::format::human_bytes(self.bytes);
        Some(match (self.blobs, self.entities) {
            (b, 0) => tr!("status-held-blobs", size = size, blobs = b),
            (0, e) => tr!("status-held-entities", size = size, entities = e),
            (b, e) => tr!("status-held-both", size = size, blobs = b, entities = e),
        })
    }
}
