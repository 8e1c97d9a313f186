//! Lease states seen over time, per blob, and their chart: shared by the blob pane and the conflict lab (both
//! watch leases change), so it lives with the widgets.

use std::collections::BTreeMap;

use egui::Color32;
use egui_plot::{Bar, BarChart};

use crate::app::widgets::i18n::{t, tr};
use crate::app::widgets::plot::{clock, now_secs, text_alternative, timeline_plot};
use crate::storage::blob::LeaseState;

/// Lease states seen over time, per blob.
#[derive(Clone, Debug, Default)]
pub struct LeaseTimeline {
    pub series: BTreeMap<String, Vec<(f64, LeaseState)>>,
}

fn lease_color(state: LeaseState) -> Color32 {
    match state {
        LeaseState::Available => Color32::from_rgb(0x70, 0xa0, 0x70),
        LeaseState::Leased => Color32::from_rgb(0xd0, 0x60, 0x20),
        LeaseState::Expired => Color32::from_rgb(0x70, 0x70, 0xa0),
        LeaseState::Breaking => Color32::from_rgb(0xc0, 0x30, 0x30),
        LeaseState::Broken => Color32::from_rgb(0x80, 0x40, 0x40),
    }
}

impl LeaseTimeline {
    /// Records a state when it differs from the last one seen.
    pub fn observe(&mut self, name: &str, state: LeaseState, at: f64) {
        let s = self.series.entry(name.to_string()).or_default();
        if s.last().map(|(_, last)| *last) != Some(state) {
            s.push((at, state));
        }
    }

    /// Records a state like `observe`, but starts a blob's series only at its first lease: a listing of a
    /// million blobs nobody leased keeps nothing (their names stay in the listing alone). `before` is the state
    /// the view last showed for it and when, which starts the series when it differs.
    pub fn observe_activity(&mut self, name: &str, state: LeaseState, at: f64, before: Option<(f64, LeaseState)>) {
        match self.series.get_mut(name) {
            Some(s) if s.last().map(|(_, last)| *last) != Some(state) => s.push((at, state)),
            Some(_) => {}
            None if state != LeaseState::Available => {
                let earlier = before.filter(|(_, b)| *b != state);
                self.series
                    .insert(name.to_string(), earlier.into_iter().chain([(at, state)]).collect());
            }
            None => {}
        }
    }

    /// The part of the timeline for the blobs `keep` says are in view: walks the series (the blobs seen leased),
    /// not the listing.
    pub fn only(&self, keep: impl Fn(&str) -> bool) -> LeaseTimeline {
        let series = self
            .series
            .iter()
            .filter(|(name, _)| keep(name))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        LeaseTimeline { series }
    }

    pub fn describe(&self, name: &str) -> String {
        match self.series.get(name).and_then(|s| s.last()) {
            Some((since, state)) => tr!(
                "widgets-lease-timeline-since",
                name = name,
                state = state.as_str(),
                since = clock(*since)
            ),
            None => tr!("widgets-lease-timeline-not-seen", name = name),
        }
    }

    pub fn ui(&self, ui: &mut egui::Ui, id: &str) {
        if self.series.is_empty() {
            ui.weak(t("widgets-lease-timeline-none"));
            return;
        }
        let now = now_secs();
        let origin = self
            .series
            .values()
            .filter_map(|s| s.first().map(|x| x.0))
            .fold(now, f64::min);
        let names: Vec<String> = self.series.keys().cloned().collect();
        let mut charts = Vec::new();
        for (row, (name, states)) in self.series.iter().enumerate() {
            for (i, (start, state)) in states.iter().enumerate() {
                let end = states.get(i + 1).map_or(now, |n| n.0);
                let bar = Bar::new(row as f64, (end - start).max(0.05))
                    .base_offset(start - origin)
                    .fill(lease_color(*state))
                    .name(format!("{name}: {}", state.as_str()))
                    .width(0.6);
                charts.push(
                    BarChart::new(format!("{name} {i}"), vec![bar])
                        .horizontal()
                        .color(lease_color(*state)),
                );
            }
        }
        timeline_plot(ui, ("lease-timeline", id), names, 24.0, 260.0, charts, now - origin);
        ui.horizontal_wrapped(|ui| {
            ui.weak(t("widgets-lease-timeline-axis"));
            for state in [
                LeaseState::Available,
                LeaseState::Leased,
                LeaseState::Breaking,
                LeaseState::Broken,
                LeaseState::Expired,
            ] {
                // A painted swatch: the default fonts have no square glyph.
                let (swatch, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
                ui.painter().rect_filled(swatch, 2.0, lease_color(state));
                ui.label(state.as_str());
            }
        });
        let (title, copy) = (t("widgets-lease-timeline-as-text"), t("widgets-lease-timeline-copy"));
        text_alternative(ui, &title, &copy, || {
            self.series
                .iter()
                .map(|(name, states)| {
                    let history: Vec<String> = states
                        .iter()
                        .map(|(at, s)| tr!("widgets-lease-timeline-at", state = s.as_str(), at = clock(*at)))
                        .collect();
                    tr!(
                        "widgets-lease-timeline-history",
                        now = self.describe(name),
                        history = history.join(", ")
                    )
                })
                .collect()
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lease_timelines_keep_changes_only() {
        let mut t = LeaseTimeline::default();
        t.observe("b", LeaseState::Available, 1.0);
        t.observe("b", LeaseState::Available, 2.0);
        t.observe("b", LeaseState::Leased, 3.0);
        assert_eq!(t.series["b"].len(), 2);
        assert!(t.describe("b").starts_with("b: leased since"));
    }

    #[test]
    fn activity_starts_at_the_first_lease() {
        let mut t = LeaseTimeline::default();
        t.observe_activity("quiet", LeaseState::Available, 1.0, None);
        t.observe_activity("busy", LeaseState::Available, 1.0, None);
        t.observe_activity("busy", LeaseState::Leased, 2.0, Some((1.0, LeaseState::Available)));
        t.observe_activity("busy", LeaseState::Available, 3.0, Some((2.0, LeaseState::Leased)));
        t.observe_activity("new", LeaseState::Leased, 3.0, None);
        assert!(!t.series.contains_key("quiet"));
        assert_eq!(
            t.series["busy"],
            [
                (1.0, LeaseState::Available),
                (2.0, LeaseState::Leased),
                (3.0, LeaseState::Available)
            ]
        );
        assert_eq!(t.series["new"], [(3.0, LeaseState::Leased)]);
        assert_eq!(t.only(|n| n == "busy").series.len(), 1);
        assert!(t.only(|n| n == "quiet").series.is_empty());
    }
}
