//! Drawing the walks over a container: the Find in names row with its progress and Stop, and the statistics of a
//! folder or a selection as they add up.

use egui::RichText;

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::Effects;
use crate::app::blob::folder_stats::Statistics;
use crate::app::blob::name_search::{FindInNames, NameMatch};
use crate::app::blob::walk::WalkJob;
use crate::app::context::PaneContext;
use crate::app::widgets::format::{human_bytes, thousands, utc_opt};

/// The Find in names row, and under it how the search is going.
pub fn find_row(f: &mut FindInNames, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Find in names:");
        let edit = ui
            .add(
                egui::TextEdit::singleline(&mut f.form.text)
                    .desired_width(180.0)
                    .hint_text("anywhere in the name"),
            )
            .labelled_by(label.id);
        let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        // Three choices, all in sight: which one is on is read at a glance (and by a screen reader).
        for how in NameMatch::ALL {
            ui.radio_value(&mut f.form.how, how, how.describe());
        }
        let whole = if core.prefix.is_empty() {
            "Whole container".to_string()
        } else {
            format!("Whole container (not only `{}`)", core.prefix)
        };
        ui.checkbox(&mut f.form.whole_container, whole);
        let running = f.search.as_ref().is_some_and(|s| s.job.is_running());
        if running {
            if ui.button("Stop finding").clicked() {
                f.stop_find();
            }
        } else if ui
            .button("Find")
            .on_hover_text("Lists every name in the scope and shows those that match as they arrive")
            .clicked()
            || entered
        {
            f.find_in_names(core, ctx, fx);
        }
        if f.search.is_some() && ui.button("Back to the folder").clicked() {
            f.close_find(fx);
        }
    });
    if let Some(why) = &f.problem {
        ui.colored_label(ui.visuals().error_fg_color, why);
    }
    if let (Some(s), Some(found)) = (&f.search, &core.found) {
        ui.label(
            RichText::new(format!(
                "{} {}: {}",
                thousands(found.rows.len() as u64),
                if found.rows.len() == 1 { "match" } else { "matches" },
                found.what
            ))
            .strong(),
        );
        job_state(ui, &s.job);
    }
}

/// The statistics under the toolbar, while they add up and once they have.
pub fn stats(f: &mut Statistics, ui: &mut egui::Ui) {
    let Some(s) = &f.shown else { return };
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
        f.stop_stats();
    }
    if close {
        f.shown = None;
    }
}

/// How far a walk got and how fast, and its failure in plain words.
fn job_state<T: Send + 'static>(ui: &mut egui::Ui, job: &WalkJob<T>) {
    ui.label(job.progress_words());
    if let Some(e) = &job.error {
        ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
    }
}
