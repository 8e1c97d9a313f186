//! A change of many items (entities, blobs) as a pane shows it: the counts its job keeps, in words, and the line
//! over the list while it runs (with Cancel), after a Cancel or a failure (with Resume) and when it is done.

use crate::app::context::{JobId, JobState, PaneContext};
use crate::app::widgets::i18n::{number, t, tr};

/// What a change of many items did so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Items read (counted where the job reads them itself; 0 otherwise).
    pub read: u64,
    pub done: u64,
    /// Refused because the item changed since it was read.
    pub changed: u64,
    pub gone: u64,
    /// Already as asked (nothing to write).
    pub unchanged: u64,
    pub failed: u64,
    pub first_failure: Option<String>,
}

/// How a kind of item's counts are said. Each is a message id (words that are no message id are said as they
/// are), put into the summary's messages (`widgets-bulk-change-*` in locales/*/lab.ftl) as `$items`, `$done`,
/// `$why` and `$what`.
pub struct Words {
    /// "entities", "blobs".
    pub items: &'static str,
    /// "changed", "deleted".
    pub done: &'static str,
    /// After "skipped because they …".
    pub changed: &'static str,
    /// After the count of those already as asked.
    pub unchanged: &'static str,
    /// Whether "of N read" ends the summary.
    pub reads: bool,
}

/// What came of one item of a change of many (`Tally::item`).
#[derive(Clone, Debug)]
pub enum Came {
    Done,
    Unchanged,
    Changed,
    Gone,
    /// Failed, in plain words (an outcome the job cannot know says so).
    Failed(String),
}

impl Came {
    /// Whether the item was left undone: skipped because it changed, or failed (shown in the error colour).
    pub fn is_not_done(&self) -> bool {
        matches!(self, Came::Changed | Came::Failed(_))
    }
}

impl Tally {
    /// "12 entities changed; 3 skipped because they changed since they were read; 1 already gone; 0 failed".
    pub fn summary(&self, words: &Words) -> String {
        let n = |count: u64| number(count as f64);
        let mut said = tr!(
            "widgets-bulk-change-done",
            count = n(self.done),
            items = t(words.items),
            done = t(words.done)
        );
        if self.changed > 0 {
            said += &tr!(
                "widgets-bulk-change-changed",
                count = n(self.changed),
                why = t(words.changed)
            );
        }
        if self.gone > 0 {
            said += &tr!("widgets-bulk-change-gone", count = n(self.gone));
        }
        if self.unchanged > 0 {
            said += &tr!(
                "widgets-bulk-change-unchanged",
                count = n(self.unchanged),
                what = t(words.unchanged)
            );
        }
        said += &tr!("widgets-bulk-change-failed", count = n(self.failed));
        if let Some(f) = &self.first_failure {
            said += &tr!("widgets-bulk-change-first", failure = f.as_str());
        }
        if words.reads {
            said += &tr!("widgets-bulk-change-read", count = n(self.read));
        }
        said
    }

    /// What came of one item, for the job's list of items (each one named, so none is left unsaid): as the
    /// summary's words have it ("changed", "already as asked"), or why it was skipped or failed.
    pub fn item(words: &Words, came: Came) -> String {
        match came {
            Came::Done => t(words.done),
            Came::Unchanged => t(words.unchanged),
            Came::Changed => tr!("widgets-bulk-change-item-skipped", why = t(words.changed)),
            Came::Gone => t("widgets-bulk-change-item-gone"),
            Came::Failed(why) => tr!("widgets-bulk-change-item-failed", why = why),
        }
    }

    /// Adds another's counts (a batch's to the job's); the first failure stays the first.
    pub fn add(&mut self, other: Tally) {
        self.read += other.read;
        self.done += other.done;
        self.changed += other.changed;
        self.gone += other.gone;
        self.unchanged += other.unchanged;
        self.failed += other.failed;
        if self.first_failure.is_none() {
            self.first_failure = other.first_failure;
        }
    }
}

/// A change started: its job and what it does, in words ("set Level on the 30 selected entities of `t`").
pub struct BulkRun {
    pub job: JobId,
    pub what: String,
    /// Whether its job ran at the last poll.
    live: bool,
}

impl BulkRun {
    pub fn new(job: JobId, what: String) -> Self {
        BulkRun { job, what, live: true }
    }

    /// Whether the job runs now; `ended` is true on the one poll that sees it end (done, cancelled or failed).
    pub fn poll(&mut self, ctx: &mut PaneContext) -> (bool, bool) {
        let was = self.live;
        self.live = matches!(ctx.jobs.get(self.job).map(|j| &j.state), Some(JobState::Running));
        (self.live, was && !self.live)
    }

    pub fn is_live(&self) -> bool {
        self.live
    }

    /// Whether its job is still in the activity list (a cleared list drops it).
    pub fn listed(&self, ctx: &mut PaneContext) -> bool {
        ctx.jobs.get(self.job).is_some()
    }

    /// The line over the list: `noun` ("entities") and the counts so far; true when the user dismisses it.
    pub fn ui(&self, ui: &mut egui::Ui, ctx: &mut PaneContext, noun: &str, counts: &str, finished: bool) -> bool {
        let state = ctx.jobs.get(self.job).map(|j| j.state.clone());
        let mut dismiss = false;
        ui.horizontal_wrapped(|ui| match state {
            Some(JobState::Running) => {
                ui.spinner();
                let (noun, what) = (t(noun), self.what.as_str());
                ui.label(tr!(
                    "widgets-bulk-change-running",
                    items = noun,
                    what = what,
                    counts = counts
                ));
                if ui.button(t("widgets-bulk-change-cancel")).clicked() {
                    ctx.jobs.cancel(self.job);
                }
                ui.ctx().request_repaint_after(std::time::Duration::from_millis(200));
            }
            Some(JobState::Failed(e)) if !finished => {
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    tr!(
                        "widgets-bulk-change-stopped",
                        what = self.what.as_str(),
                        counts = counts,
                        why = e.plain_words()
                    ),
                );
                if ui.button(t("widgets-bulk-change-resume")).clicked() {
                    ctx.jobs.retry(ctx.backend, self.job);
                }
                dismiss = ui.button(t("widgets-bulk-change-dismiss")).clicked();
            }
            Some(JobState::Cancelled) if !finished => {
                ui.label(tr!(
                    "widgets-bulk-change-cancelled",
                    what = self.what.as_str(),
                    counts = counts
                ));
                if ui.button(t("widgets-bulk-change-resume")).clicked() {
                    ctx.jobs.retry(ctx.backend, self.job);
                }
                dismiss = ui.button(t("widgets-bulk-change-dismiss")).clicked();
            }
            _ => {
                ui.label(tr!(
                    "widgets-bulk-change-done-line",
                    what = self.what.as_str(),
                    counts = counts
                ));
                dismiss = ui.button(t("widgets-bulk-change-dismiss")).clicked();
            }
        });
        dismiss
    }
}
