//! Pictures drawn from data the panes already hold: a table's partition map, a queue's backlog over time,
//! lease states over time, and dequeued messages' invisibility windows. Each has its numbers as text too,
//! to copy, and follows the light or dark theme through the plot's visuals.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::time::{SystemTime, UNIX_EPOCH};

use egui::{Color32, RichText};
use egui_plot::{Bar, BarChart, Line, Plot, PlotPoints, Points, VLine};

use crate::app::widgets::format::{count, thousands, utc};
use crate::storage::blob::LeaseState;
use crate::storage::table::entity::Entity;

pub fn now_secs() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs_f64())
        .unwrap_or(0.0)
}

fn clock(secs: f64) -> String {
    let t = UNIX_EPOCH + std::time::Duration::from_secs_f64(secs.max(0.0));
    utc(t)
        .split(' ')
        .nth(1)
        .unwrap_or_default()
        .trim_end_matches('Z')
        .to_string()
}

/// Entities per partition, biggest first.
#[derive(Clone, Debug, Default)]
pub struct PartitionCounts {
    pub counts: Vec<(String, u64)>,
    pub total: u64,
    /// Counted over the whole table (a scan) rather than the loaded rows.
    pub whole_table: bool,
}

/// One partition above this share of the rows is flagged: it takes most of the load.
pub const HOT_SHARE: f64 = 0.5;

impl PartitionCounts {
    pub fn from_keys<'a>(keys: impl Iterator<Item = &'a str>) -> Self {
        let mut map: HashMap<&str, u64> = HashMap::new();
        for k in keys {
            *map.entry(k).or_default() += 1;
        }
        let total = map.values().sum();
        let mut counts: Vec<(String, u64)> = map.into_iter().map(|(k, n)| (k.to_string(), n)).collect();
        counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        PartitionCounts {
            counts,
            total,
            whole_table: false,
        }
    }

    pub fn from_entities<'a>(entities: impl Iterator<Item = &'a Entity>) -> Self {
        Self::from_keys(entities.map(Entity::partition_key))
    }

    pub fn top_share(&self) -> f64 {
        match self.counts.first() {
            Some((_, n)) if self.total > 0 => *n as f64 / self.total as f64,
            _ => 0.0,
        }
    }

    pub fn is_hot(&self) -> bool {
        self.counts.len() > 1 && self.top_share() >= HOT_SHARE
    }

    pub fn summary(&self) -> String {
        match self.counts.first() {
            Some((pk, n)) => format!(
                "Top partition: {pk} with {} {} ({:.1}% of {}); {}",
                thousands(*n),
                if *n == 1 { "entity" } else { "entities" },
                self.top_share() * 100.0,
                thousands(self.total),
                count(self.counts.len(), "partition")
            ),
            None => "No entities to count.".into(),
        }
    }

    pub fn as_text(&self) -> String {
        let mut out = String::from("PartitionKey\tentities\n");
        for (pk, n) in &self.counts {
            out.push_str(&format!("{pk}\t{n}\n"));
        }
        out
    }
}

/// The partition map. Returns the partition whose bar was clicked.
pub fn partition_map_ui(ui: &mut egui::Ui, counts: &PartitionCounts) -> Option<String> {
    let source = if counts.whole_table {
        "the whole table"
    } else {
        "the loaded rows"
    };
    ui.label(RichText::new(format!("{} (counted over {source})", counts.summary())).strong());
    if counts.is_hot() {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "Hot-partition risk: one partition holds {:.0}% of the rows, so its reads and writes all land on one \
                 server. Spread the keys if this is the real load.",
                counts.top_share() * 100.0
            ),
        );
    }
    let shown: Vec<&(String, u64)> = counts.counts.iter().take(40).collect();
    let names: Vec<String> = shown.iter().map(|(pk, _)| pk.clone()).collect();
    let bars: Vec<Bar> = shown
        .iter()
        .enumerate()
        .map(|(i, (pk, n))| Bar::new(i as f64, *n as f64).name(pk).width(0.8))
        .collect();
    let heights: Vec<f64> = shown.iter().map(|(_, n)| *n as f64).collect();
    let response = Plot::new("partition-map")
        .height(180.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        // Room for ten bars at least, so one partition is a bar and not a wall.
        .include_x(-0.5)
        .include_x(shown.len().max(10) as f64 - 0.5)
        .include_y(0.0)
        // Only the top eight are named under their bars: more would overlap.
        .x_axis_formatter(move |mark, _| category_label(&names[..names.len().min(8)], mark.value))
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new("entities per partition", bars));
            plot.pointer_coordinate()
        });
    let mut clicked = None;
    if response.response.clicked()
        && let Some(p) = response.inner
    {
        let i = p.x.round();
        if i >= 0.0
            && (i as usize) < heights.len()
            && (p.x - i).abs() <= 0.4
            && p.y >= 0.0
            && p.y <= heights[i as usize]
        {
            clicked = Some(shown[i as usize].0.clone());
        }
    }
    ui.horizontal(|ui| {
        if ui.button("Copy the partition counts").clicked() {
            ui.ctx().copy_text(counts.as_text());
        }
        ui.weak("Click a bar to query only that partition.");
    });
    ui.collapsing("Partition counts as text", |ui| {
        for (pk, n) in counts.counts.iter().take(100) {
            if ui.link(format!("{pk}: {}", thousands(*n))).clicked() {
                clicked = Some(pk.clone());
            }
        }
    });
    clicked
}

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
            return "No samples yet: each peek or refresh adds one.".into();
        };
        let trend = match self.rate_per_minute() {
            Some(r) if r > 0.5 => format!("growing at {r:.1} messages/min"),
            Some(r) if r < -0.5 => format!("draining at {:.1} messages/min", -r),
            Some(_) => "steady".to_string(),
            None => "one sample so far".to_string(),
        };
        format!("Backlog now: {} messages, {trend}", thousands(*now as u64))
    }

    pub fn as_text(&self) -> String {
        let mut out = String::from("time (UTC)\tapproximate messages\n");
        for (t, n) in &self.samples {
            out.push_str(&format!("{}\t{}\n", clock(*t), *n as u64));
        }
        out
    }
}

/// Backlogs side by side (one line per queue), with their summaries as text.
pub fn backlogs_ui(ui: &mut egui::Ui, id: &str, backlogs: &BTreeMap<String, Backlog>) {
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
        });
    if ui.button("Copy the backlog numbers").clicked() {
        let text: String = backlogs
            .iter()
            .map(|(n, b)| format!("# {n}\n{}", b.as_text()))
            .collect();
        ui.ctx().copy_text(text);
    }
}

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

    /// The part of the timeline for these blobs only (the ones in view).
    pub fn only<'a>(&self, names: impl Iterator<Item = &'a str>) -> LeaseTimeline {
        let series = names
            .filter_map(|n| self.series.get_key_value(n))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        LeaseTimeline { series }
    }

    pub fn describe(&self, name: &str) -> String {
        match self.series.get(name).and_then(|s| s.last()) {
            Some((since, state)) => format!("{name}: {} since {}", state.as_str(), clock(*since)),
            None => format!("{name}: not seen yet"),
        }
    }

    pub fn ui(&self, ui: &mut egui::Ui, id: &str) {
        if self.series.is_empty() {
            ui.weak("No lease states seen yet.");
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
            ui.weak("Seconds since this view first saw each blob; the line is now.");
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
        text_alternative(ui, "Lease states as text", "Copy the lease states", || {
            self.series
                .iter()
                .map(|(name, states)| {
                    let history: Vec<String> = states
                        .iter()
                        .map(|(t, s)| format!("{} at {}", s.as_str(), clock(*t)))
                        .collect();
                    format!("{}; history: {}", self.describe(name), history.join(", "))
                })
                .collect()
        });
    }
}

/// The name of a whole-number tick on a category axis; nothing between ticks.
fn category_label(labels: &[String], value: f64) -> String {
    let i = value.round();
    let on_tick = (value - i).abs() < 1e-6 && i >= 0.0;
    match labels.get(i as usize) {
        Some(label) if on_tick => label.clone(),
        _ => String::new(),
    }
}

/// A horizontal timeline: one row per label, seconds along the bottom, and "now" as a vertical line.
fn timeline_plot(
    ui: &mut egui::Ui,
    id: impl egui::AsIdSalt,
    labels: Vec<String>,
    row_height: f32,
    max_height: f32,
    charts: Vec<BarChart>,
    now: f64,
) {
    let now_color = ui.visuals().strong_text_color();
    Plot::new(id)
        .height((40.0 + row_height * labels.len() as f32).min(max_height))
        .allow_drag(false)
        .allow_scroll(false)
        .y_axis_formatter(move |m, _| category_label(&labels, m.value))
        .x_axis_formatter(|m, _| format!("{:.0} s", m.value))
        .show(ui, |plot| {
            for c in charts {
                plot.bar_chart(c);
            }
            plot.vline(VLine::new("now", now).color(now_color));
        });
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
    let charts = vec![BarChart::new("invisible", bars).horizontal()];
    timeline_plot(ui, ("visibility", id), labels, 22.0, 220.0, charts, now - origin);
    text_alternative(
        ui,
        "Invisibility windows as text",
        "Copy the invisibility windows",
        || {
            windows
                .iter()
                .map(|w| {
                    let left = w.until - now;
                    let state = if left > 0.0 {
                        format!("visible again in {left:.0} s")
                    } else {
                        "visible again".to_string()
                    };
                    format!("{}: hidden {} to {} ({state})", w.label, clock(w.from), clock(w.until))
                })
                .collect()
        },
    );
}

/// A chart's numbers as text, one line each, and a button that copies them (for a bug report or a diff). The
/// lines are written only while the section is open: closed, it costs the frame nothing.
fn text_alternative(ui: &mut egui::Ui, heading: &str, copy: &str, lines: impl FnOnce() -> Vec<String>) {
    ui.collapsing(heading, |ui| {
        let lines = lines();
        for line in &lines {
            ui.label(line);
        }
        if ui.button(copy).clicked() {
            ui.ctx().copy_text(lines.join("\n"));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partition_counts_find_the_hot_one() {
        let keys = ["a", "a", "a", "b", "c", "a"];
        let c = PartitionCounts::from_keys(keys.into_iter());
        assert_eq!(c.counts[0], ("a".to_string(), 4));
        assert!((c.top_share() - 4.0 / 6.0).abs() < 1e-9);
        assert!(c.is_hot());
        assert_eq!(
            c.summary(),
            "Top partition: a with 4 entities (66.7% of 6); 3 partitions"
        );
        assert!(c.as_text().contains("a\t4\n"));
        assert!(
            !PartitionCounts::from_keys(["x"].into_iter()).is_hot(),
            "one partition is not a skew"
        );
    }

    #[test]
    fn backlogs_tell_draining_from_growing() {
        let mut b = Backlog::default();
        b.record(0.0, 100);
        b.record(60.0, 40);
        assert_eq!(b.rate_per_minute(), Some(-60.0));
        assert_eq!(b.summary(), "Backlog now: 40 messages, draining at 60.0 messages/min");
        b.record(120.0, 100);
        assert!(b.summary().contains("steady"), "{}", b.summary());
    }

    #[test]
    fn lease_timelines_keep_changes_only() {
        let mut t = LeaseTimeline::default();
        t.observe("b", LeaseState::Available, 1.0);
        t.observe("b", LeaseState::Available, 2.0);
        t.observe("b", LeaseState::Leased, 3.0);
        assert_eq!(t.series["b"].len(), 2);
        assert!(t.describe("b").starts_with("b: leased since"));
    }
}
