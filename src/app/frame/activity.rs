//! The activity list: every long job with its progress, rate, cancel and retry.

use egui::RichText;

use crate::app::runtime::backend::Backend;
use crate::app::runtime::jobs::{Job, JobId, JobState, Jobs, Unit};
use crate::app::widgets::format::{decimal, human_bytes};
use crate::app::widgets::i18n::{t, tr};

enum JobAction {
    Cancel(JobId),
    RetryNow(JobId),
    Retry(JobId),
    ShowItems(JobId),
}

fn amount(unit: Unit, n: u64) -> String {
    match unit {
        Unit::Bytes => human_bytes(n),
        Unit::Items(what) => tr!("unit-items", what = noun(what), count = n),
    }
}

/// A job's unit as the message files select it (`blobs and files` → `blobs-and-files`).
fn noun(what: &str) -> String {
    what.replace(' ', "-")
}

/// One job on one line of fixed height, so the list draws only the rows in view however many jobs there are. A
/// failure's full explanation shows below the list (and on hover).
fn job_ui(ui: &mut egui::Ui, job: &Job) -> Option<JobAction> {
    let mut action = None;
    // The whole row answers a right-click (its buttons, drawn on it, keep their clicks).
    let row = ui.scope_builder(egui::UiBuilder::new().sense(egui::Sense::click()), |ui| {
        // Its words take no clicks of their own, so a right-click on them reaches the row.
        ui.style_mut().interaction.selectable_labels = false;
        ui.horizontal(|ui| job_row(ui, job, &mut action));
    });
    row.response.context_menu(|ui| {
        if let Some(a) = job_menu(ui, job) {
            action = Some(a);
            ui.close();
        }
    });
    action
}

/// A job's context menu: what its row's buttons do, and its outcome to the clipboard.
fn job_menu(ui: &mut egui::Ui, job: &Job) -> Option<JobAction> {
    let mut action = None;
    let running = matches!(job.state, JobState::Running);
    if ui
        .add_enabled(
            running && !job.is_cancelling(),
            egui::Button::new(t("activity-cancel-job")),
        )
        .clicked()
    {
        action = Some(JobAction::Cancel(job.id));
    }
    if running && job.progress.network_wait().is_some() && ui.button(t("activity-retry-now")).clicked() {
        action = Some(JobAction::RetryNow(job.id));
    }
    let again = matches!(job.state, JobState::Failed(_) | JobState::Cancelled);
    if ui
        .add_enabled(again, egui::Button::new(t("activity-retry-job")))
        .clicked()
    {
        action = Some(JobAction::Retry(job.id));
    }
    if ui
        .add_enabled(job.item_count() > 0, egui::Button::new(t("activity-show-items")))
        .clicked()
    {
        action = Some(JobAction::ShowItems(job.id));
    }
    ui.separator();
    let outcome = match &job.state {
        JobState::Running => tr!("activity-outcome-running", job = job.title.as_str()),
        JobState::Done(summary) => tr!(
            "activity-outcome-done",
            job = job.title.as_str(),
            seconds = decimal(job.elapsed().as_secs_f64(), 1),
            summary = summary.as_str()
        ),
        JobState::Cancelled => tr!("activity-outcome-cancelled", job = job.title.as_str()),
        JobState::Failed(e) => tr!(
            "activity-outcome-failed",
            job = job.title.as_str(),
            why = e.plain_words()
        ),
    };
    if ui.button(t("activity-copy-outcome")).clicked() {
        ui.ctx().copy_text(outcome);
        ui.close();
    }
    action
}

/// The row's own line: title, items, progress or outcome, and its buttons.
fn job_row(ui: &mut egui::Ui, job: &Job, action: &mut Option<JobAction>) {
    {
        ui.strong(&job.title);
        let items = job.item_count();
        if items > 0 {
            // Short on screen (the title is just before it); named in full for a screen reader.
            let r = ui.small_button(tr!("activity-items", count = items));
            let name = tr!("activity-items-name", job = job.title.as_str(), count = items);
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
            if r.on_hover_text(t("activity-items-hint")).clicked() {
                *action = Some(JobAction::ShowItems(job.id));
            }
        }
        let done = amount(job.unit, job.progress.done());
        let progress_text = match job.progress.total() {
            0 => done,
            total => tr!(
                "activity-progress",
                done = done,
                total = amount(job.unit, total),
                left = time_left(job, total)
            ),
        };
        let rate = match job.unit {
            Unit::Bytes => tr!("unit-bytes-rate", size = human_bytes(job.rate() as u64)),
            Unit::Items(what) => tr!("unit-items-rate", what = noun(what), count = job.rate() as u64),
        };
        match &job.state {
            JobState::Running => {
                let wait = job.progress.network_wait();
                // A transfer waiting for the network says so where its progress would be.
                let text = match &wait {
                    Some(wait) => network_wait_words(wait),
                    None => format!("{progress_text} · {rate}"),
                };
                let bar = egui::ProgressBar::new(job.fraction().unwrap_or(0.0))
                    .desired_width(420.0)
                    .text(text);
                let bar = ui.add(bar);
                if let Some(wait) = &wait {
                    bar.on_hover_text(tr!(
                        "activity-last-failure",
                        progress = progress_text.as_str(),
                        why = wait.why.to_string()
                    ));
                }
                if job.is_cancelling() {
                    ui.weak(t("activity-cancelling"));
                } else if ui.button(tr!("activity-cancel", job = job.title.as_str())).clicked() {
                    *action = Some(JobAction::Cancel(job.id));
                }
                if wait.is_some() {
                    // Short on screen; named in full for a screen reader by the job it acts on.
                    let r = ui.button(t("activity-retry-now"));
                    let name = tr!("activity-retry-now-name", job = job.title.as_str());
                    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
                    if r.clicked() {
                        *action = Some(JobAction::RetryNow(job.id));
                    }
                } else if let Some(detail) = job.detail() {
                    ui.add(egui::Label::new(detail).truncate());
                }
            }
            JobState::Done(summary) => {
                let text = tr!(
                    "activity-done",
                    seconds = decimal(job.elapsed().as_secs_f64(), 1),
                    summary = summary.as_str()
                );
                ui.add(egui::Label::new(text).truncate());
            }
            JobState::Cancelled => {
                ui.label(tr!("activity-cancelled", progress = progress_text.as_str()));
                if ui.button(tr!("activity-retry", job = job.title.as_str())).clicked() {
                    *action = Some(JobAction::Retry(job.id));
                }
            }
            JobState::Failed(e) => {
                // The button comes first so the explanation, cut to the line, never pushes it out of reach.
                if ui.button(tr!("activity-retry", job = job.title.as_str())).clicked() {
                    *action = Some(JobAction::Retry(job.id));
                }
                let words = e.plain_words();
                ui.add(
                    egui::Label::new(RichText::new(first_line(&words)).color(ui.visuals().error_fg_color)).truncate(),
                )
                .on_hover_text(words);
            }
        }
    }
}

/// "Waiting for the network for 1 min 20 s (12 tries); next try in 14 s": a transfer that lost its connection
/// waits, rather than failing, until the network answers or the user cancels.
fn network_wait_words(wait: &crate::storage::NetworkWait) -> String {
    let waited = wait.since.elapsed().as_secs();
    let waited = match waited {
        s if s < 60 => tr!("duration-seconds", s = s),
        s => tr!("duration-minutes-seconds", m = s / 60, s = s % 60),
    };
    let next = wait
        .next_try
        .saturating_duration_since(std::time::Instant::now())
        .as_secs();
    tr!(
        "activity-network-wait",
        waited = waited,
        tries = wait.attempts,
        next = next
    )
}

/// ", about 3 min left" at the rate so far, once there is a rate to go by.
fn time_left(job: &Job, total: u64) -> String {
    let rate = job.rate();
    if !job.is_running() || rate <= 0.0 || job.elapsed().as_secs_f64() < 2.0 {
        return String::new();
    }
    let seconds = total.saturating_sub(job.progress.done()) as f64 / rate;
    match seconds {
        s if s < 90.0 => tr!("activity-left-seconds", n = decimal(s, 0)),
        s if s < 90.0 * 60.0 => tr!("activity-left-minutes", n = decimal(s / 60.0, 0)),
        s => tr!("activity-left-hours", n = decimal(s / 3600.0, 1)),
    }
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("")
}

pub fn ui(ui: &mut egui::Ui, jobs: &mut Jobs, backend: &Backend) {
    ui.horizontal(|ui| {
        ui.label(tr!("activity-counts", running = jobs.running(), all = jobs.list.len()));
        if ui.button(t("activity-clear")).clicked() {
            jobs.clear_finished();
        }
    });
    if jobs.list.is_empty() {
        ui.weak(t("activity-empty"));
        return;
    }
    // The newest failure in full, above the list, where a long explanation can wrap.
    if let Some((title, e)) = jobs.list.iter().rev().find_map(|j| match &j.state {
        JobState::Failed(e) => Some((&j.title, e)),
        _ => None,
    }) {
        ui.add(
            egui::Label::new(
                RichText::new(tr!("activity-failed", job = title.as_str(), why = e.plain_words()))
                    .color(ui.visuals().error_fg_color),
            )
            .wrap(),
        );
    }
    items_ui(ui, jobs);
    let mut actions = Vec::new();
    let row_height = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
    let count = jobs.list.len();
    egui::ScrollArea::vertical()
        .id_salt("activity")
        .auto_shrink([false, false])
        .show_rows(ui, row_height, count, |ui, rows| {
            for i in rows {
                let job = &jobs.list[count - 1 - i];
                if let Some(a) = job_ui(ui, job) {
                    actions.push(a);
                }
            }
        });
    for a in actions {
        match a {
            JobAction::Cancel(id) => jobs.cancel(id),
            JobAction::Retry(id) => jobs.retry(backend, id),
            JobAction::RetryNow(id) => {
                if let Some(job) = jobs.list.iter().find(|j| j.id == id) {
                    job.progress.retry_now();
                }
            }
            JobAction::ShowItems(id) => {
                jobs.items_shown = if jobs.items_shown == Some(id) { None } else { Some(id) };
            }
        }
    }
}

/// The items of the job the user opened, each with its state, drawn only where in view (a paste of a
/// hundred thousand blobs lists them all).
fn items_ui(ui: &mut egui::Ui, jobs: &mut Jobs) {
    let Some(job) = jobs.items_shown.and_then(|id| jobs.list.iter().find(|j| j.id == id)) else {
        return;
    };
    let count = job.item_count();
    let mut close = false;
    ui.horizontal(|ui| {
        ui.strong(tr!("activity-items-of", job = job.title.as_str(), count = count));
        close = ui.button(t("activity-close-items")).clicked();
    });
    let row_height = ui.spacing().interact_size.y;
    egui::ScrollArea::vertical()
        .id_salt("job-items")
        .max_height(240.0)
        .auto_shrink([false, true])
        .show_rows(ui, row_height, count, |ui, rows| {
            // Only the rows in view are copied out of the job's list.
            for row in job.items_in(rows) {
                ui.horizontal(|ui| {
                    ui.monospace(&row.name);
                    let text = RichText::new(&row.state);
                    let text = if row.not_done {
                        text.color(ui.visuals().error_fg_color)
                    } else {
                        text
                    };
                    ui.add(egui::Label::new(text).truncate());
                });
            }
        });
    ui.separator();
    if close {
        jobs.items_shown = None;
    }
}
