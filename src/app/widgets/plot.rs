//! Drawing helpers the panes' charts share: clock labels, a horizontal timeline with "now", and a chart's
//! numbers as copyable text. Each chart's data lives with its pane.

use std::time::{SystemTime, UNIX_EPOCH};

use egui_plot::{BarChart, Plot, VLine};

use crate::app::widgets::format::utc;
use crate::app::widgets::i18n::t;

pub fn now_secs() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs_f64())
        .unwrap_or(0.0)
}

pub fn clock(secs: f64) -> String {
    let t = UNIX_EPOCH + std::time::Duration::from_secs_f64(secs.max(0.0));
    utc(t)
        .split(' ')
        .nth(1)
        .unwrap_or_default()
        .trim_end_matches('Z')
        .to_string()
}

/// The name of a whole-number tick on a category axis; nothing between ticks.
pub fn category_label(labels: &[String], value: f64) -> String {
    let i = value.round();
    let on_tick = (value - i).abs() < 1e-6 && i >= 0.0;
    match labels.get(i as usize) {
        Some(label) if on_tick => label.clone(),
        _ => String::new(),
    }
}

/// A horizontal timeline: one row per label, seconds along the bottom, and "now" as a vertical line.
pub fn timeline_plot(
    ui: &mut egui::Ui,
    id: impl egui::AsIdSalt,
    labels: Vec<String>,
    row_height: f32,
    max_height: f32,
    charts: Vec<BarChart>,
    now: f64,
) {
    let now_color = ui.visuals().strong_text_color();
    let (seconds, now_name) = (t("widgets-plot-seconds"), t("widgets-plot-now"));
    Plot::new(id)
        .height((40.0 + row_height * labels.len() as f32).min(max_height))
        .allow_drag(false)
        .allow_scroll(false)
        .y_axis_formatter(move |m, _| category_label(&labels, m.value))
        .x_axis_formatter(move |m, _| format!("{:.0} {seconds}", m.value))
        .show(ui, |plot| {
            for c in charts {
                plot.bar_chart(c);
            }
            plot.vline(VLine::new(now_name, now).color(now_color));
        });
}

/// A chart's numbers as text, one line each, and a button that copies them (for a bug report or a diff). The
/// lines are written only while the section is open: closed, it costs the frame nothing.
pub fn text_alternative(ui: &mut egui::Ui, heading: &str, copy: &str, lines: impl FnOnce() -> Vec<String>) {
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
