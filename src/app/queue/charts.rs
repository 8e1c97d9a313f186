//! A queue's charts: its backlog over time (one queue, or several side by side) and the invisibility windows
//! of the messages this pane holds.

use std::collections::{BTreeMap, VecDeque};

use egui_plot::{Bar, BarChart, Line, Plot, PlotPoints, Points};

use egui::Color32;

use crate::app::widgets::format::decimal;
use crate::app::widgets::i18n::{t, tr};
use crate::app::widgets::plot::{clock, now_secs, text_alternative, timeline_plot};

/// A queue's approximate message count over time.
#[derive(Clone, Debug, Default)]
pub struct Backlog {
    pub samples: VecDeque<(f64, f64)>,
}

impl Backlog {
    const KEEP: usize = 720;

    pub fn record(&mut self, at: f64, count: u64) {
        if self.samples.len() == Self::KEEP {
            self.samples.pop_front();
        }
        self.samples.push_back((at, count as f64));
    }

    /// Messages per minute over the last five minutes of samples (negative: draining).
    pub fn rate_per_minute(&self) -> Option<f64> {
        let (last_t, last) = *self.samples.back()?;
        let (first_t, first) = *self.samples.iter().find(|(t, _)| last_t - t <= 300.0)?;
        (last_t - first_t >= 1.0).then(|| (last - first) / (last_t - first_t) * 60.0)
    }

    pub fn summary(&self) -> String {
        let Some((_, now)) = self.samples.back() else {
            return t("chart-no-samples");
        };
        let trend = match self.rate_per_minute() {
            Some(r) if r > 0.5 => tr!("chart-growing", rate = decimal(r, 1)),
            Some(r) if r < -0.5 => tr!("chart-draining", rate = decimal(-r, 1)),
            Some(_) => t("chart-steady"),
            None => t("chart-one-sample"),
        };
        tr!("chart-backlog-now", count = *now as u64, trend = trend)
    }

    pub fn as_text(&self) -> String {
        let mut out = String::from("time (UTC)\tapproximate messages\n");
        for (t, n) in &self.samples {
            out.push_str(&format!("{}\t{}\n", clock(*t), *n as u64));
        }
        out
    }
}

/// What a queue's watch saw, placed on its backlog line: when, and which kind ("appeared", "taken", "back").
pub struct Event {
    pub at: f64,
    pub kind: &'static str,
}

impl Backlog {
    /// Where the line stands at `at`: between the samples either side, as the chart draws it (the first or
    /// last sample outside them).
    fn at(&self, at: f64) -> Option<f64> {
        let i = self.samples.partition_point(|(t, _)| *t <= at);
        let before = self.samples.get(i.wrapping_sub(1));
        match (before, self.samples.get(i)) {
            (Some(&(t0, n0)), Some(&(t1, n1))) if t1 > t0 => Some(n0 + (n1 - n0) * (at - t0) / (t1 - t0)),
            (Some(&(_, n)), _) | (None, Some(&(_, n))) => Some(n),
            (None, None) => None,
        }
    }
}

/// Backlogs side by side (one line per queue), with their summaries as text; a single queue's line carries its
/// watch's events as dots (one series per kind, named in the legend).
pub fn backlogs_ui(ui: &mut egui::Ui, id: &str, backlogs: &BTreeMap<String, Backlog>, events: &[Event]) {
    for (name, b) in backlogs {
        ui.label(format!("{name}: {}", b.summary()));
    }
    let origin = backlogs
        .values()
        .filter_map(|b| b.samples.front().map(|s| s.0))
        .fold(f64::INFINITY, f64::min);
    let top = backlogs
        .values()
        .flat_map(|b| b.samples.iter().map(|s| s.1))
        .fold(0.0, f64::max);
    Plot::new(("backlog", id))
        .height(160.0)
        // A count is never negative: no margin below zero, headroom above the highest sample instead.
        .set_margin_fraction(egui::vec2(0.02, 0.0))
        .include_y(0.0)
        .include_y(top * 1.15 + 1.0)
        .legend(egui_plot::Legend::default())
        .x_axis_formatter(|m, _| format!("{:.0} s", m.value))
        .show(ui, |plot| {
            for (name, b) in backlogs {
                let points: Vec<[f64; 2]> = b.samples.iter().map(|(t, n)| [t - origin, *n]).collect();
                // A line needs two samples; until then the first one shows as a dot.
                if let [only] = points[..] {
                    plot.points(Points::new(name.clone(), vec![only]).radius(3.0));
                } else {
                    plot.line(Line::new(name.clone(), PlotPoints::from(points)));
                }
            }
            let Some(line) = backlogs.values().next().filter(|_| backlogs.len() == 1) else {
                return;
            };
            for (kind, legend, color) in [
                ("appeared", "chart-appeared", Color32::from_rgb(60, 170, 90)),
                ("taken", "chart-taken", Color32::from_rgb(120, 120, 120)),
                ("back", "chart-back", Color32::from_rgb(220, 130, 30)),
            ] {
                let dots: Vec<[f64; 2]> = events
                    .iter()
                    .filter(|e| e.kind == kind && e.at >= origin)
                    .filter_map(|e| Some([e.at - origin, line.at(e.at)?]))
                    .collect();
                if !dots.is_empty() {
                    plot.points(
                        Points::new(format!("{} ({})", t(legend), dots.len()), dots)
                            .radius(4.0)
                            .color(color),
                    );
                }
            }
        });
    if ui.button(t("chart-copy-backlog")).clicked() {
        let text: String = backlogs
            .iter()
            .map(|(n, b)| format!("# {n}\n{}", b.as_text()))
            .collect();
        ui.ctx().copy_text(text);
    }
}

/// One dequeued message's invisibility: from when it was taken until it shows again.
pub struct Window {
    pub label: String,
    pub from: f64,
    pub until: f64,
}

pub fn visibility_ui(ui: &mut egui::Ui, id: &str, windows: &[Window]) {
    if windows.is_empty() {
        return;
    }
    let now = now_secs();
    let origin = windows.iter().map(|w| w.from).fold(now, f64::min);
    let labels: Vec<String> = windows.iter().map(|w| w.label.clone()).collect();
    let bars: Vec<Bar> = windows
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let color = if w.until > now {
                Color32::from_rgb(0x50, 0x70, 0xc0)
            } else {
                Color32::GRAY
            };
            Bar::new(i as f64, (w.until - w.from).max(0.05))
                .base_offset(w.from - origin)
                .fill(color)
                .width(0.6)
                .name(&w.label)
        })
        .collect();
    let charts = vec![BarChart::new(t("chart-invisible"), bars).horizontal()];
    timeline_plot(ui, ("visibility", id), labels, 22.0, 220.0, charts, now - origin);
    text_alternative(ui, &t("chart-windows-text"), &t("chart-copy-windows"), || {
        windows
            .iter()
            .map(|w| {
                let left = w.until - now;
                let state = if left > 0.0 {
                    tr!("chart-visible-in", seconds = decimal(left, 0))
                } else {
                    t("chart-visible-again")
                };
                tr!(
                    "chart-window",
                    id = w.label.as_str(),
                    from = clock(w.from),
                    until = clock(w.until),
                    state = state
                )
            })
            .collect()
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backlogs_tell_draining_from_growing() {
        let mut b = Backlog::default();
        b.record(0.0, 100);
        b.record(60.0, 40);
        assert_eq!(b.rate_per_minute(), Some(-60.0));
        assert_eq!(b.summary(), "Backlog now: 40 messages, draining at 60.0 messages/min");
        assert_eq!(b.at(-5.0), Some(100.0), "before the first sample: the first");
        assert_eq!(b.at(30.0), Some(70.0), "on the line between two samples");
        assert_eq!(b.at(1e9), Some(40.0), "after the last: the last");
        b.record(120.0, 100);
        assert!(b.summary().contains("steady"), "{}", b.summary());
    }
}
