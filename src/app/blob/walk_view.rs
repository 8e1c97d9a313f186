//! Drawing the walks over a container: the Find in names row with its progress and Stop, and the statistics of a
//! folder or a selection as they add up.

use egui::RichText;

use crate::app::blob::name_search::NameMatch;
use crate::app::blob::pane::BlobPane;
use crate::app::blob::walk::WalkJob;
use crate::app::context::PaneContext;
use crate::app::widgets::format::{human_bytes, thousands, utc_opt};

/// The Find in names row, and under it how the search is going.
pub fn find_row(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Find in names:");
        let edit = ui
            .add(
                egui::TextEdit::singleline(&mut pane.find_form.text)
                    .desired_width(180.0)
                    .hint_text("anywhere in the name"),
            )
            .labelled_by(label.id);
        let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        // Three choices, all in sight: which one is on is read at a glance (and by a screen reader).
        for how in NameMatch::ALL {
            ui.radio_value(&mut pane.find_form.how, how, how.describe());
        }
        let whole = if pane.core.prefix.is_empty() {
            "Whole container".to_string()
        } else {
            format!("Whole container (not only `{}`)", pane.core.prefix)
        };
        ui.checkbox(&mut pane.find_form.whole_container, whole);
        let running = pane.name_search.as_ref().is_some_and(|s| s.is_running());
        if running {
            if ui.button("Stop finding").clicked() {
                pane.stop_find();
            }
        } else if ui
            .button("Find")
            .on_hover_text("Lists every name in the scope and shows those that match as they arrive")
            .clicked()
            || entered
        {
            pane.find_in_names(ctx);
        }
        if pane.name_search.is_some() && ui.button("Back to the folder").clicked() {
            pane.close_find();
        }
    });
    if let Some(why) = &pane.find_problem {
        ui.colored_label(ui.visuals().error_fg_color, why);
    }
    if let Some(s) = &pane.name_search {
        ui.label(
            RichText::new(format!(
                "{} {}: {}",
                thousands(s.matches.len() as u64),
                if s.matches.len() == 1 { "match" } else { "matches" },
                s.what
            ))
            .strong(),
        );
        job_state(ui, &s.job);
    }
}

/// The statistics under the toolbar, while they add up and once they have.
pub fn stats(pane: &mut BlobPane, ui: &mut egui::Ui) {
    let Some(s) = &pane.stats else { return };
    let (mut stop, mut close) = (false, false);
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            let t = &s.totals;
            ui.label(
                RichText::new(format!(
                    "Statistics of {}: {} blobs, {}",
                    s.scope,
                    thousands(t.blobs),
                    human_bytes(t.bytes)
                ))
                .strong(),
            );
            if s.is_running() {
                stop = ui.button("Stop").clicked();
            } else {
                close = ui.button("Close").clicked();
            }
        });
        let t = &s.totals;
        let tiers: Vec<String> = t
            .tiers
            .iter()
            .map(|(tier, (n, bytes))| format!("{tier}: {} in {}", human_bytes(*bytes), thousands(*n)))
            .collect();
        if !tiers.is_empty() {
            ui.label(format!("By tier: {}", tiers.join(" · ")));
        }
        if let Some((when, name)) = &t.newest {
            ui.label(format!("Newest change: {} ({name})", utc_opt(Some(*when))));
        }
        job_state(ui, &s.job);
    });
    if stop {
        pane.stop_stats();
    }
    if close {
        pane.close_stats();
    }
}

/// How far a walk got and how fast, and its failure in plain words.
fn job_state<T: Send + 'static>(ui: &mut egui::Ui, job: &WalkJob<T>) {
    ui.label(job.progress_words());
    if let Some(e) = &job.error {
        ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
    }
}
