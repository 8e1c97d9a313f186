//! A change of many items (entities, blobs) as a pane shows it: the counts its job keeps, in words, and the line
//! over the list while it runs (with Cancel), after a Cancel or a failure (with Resume) and when it is done.

use std::sync::{Arc, Mutex};

use crate::app::context::{JobContext, JobId, JobState, PaneContext, Unit};
use crate::app::widgets::i18n::{number, t, tr};
use crate::storage::StorageError;

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

/// Where a change of many items got to, as its job shares it with the pane that shows it.
pub trait Progress: Send + 'static {
    fn tally(&self) -> &Tally;
    /// Every item was dealt with (a Cancel or a failure leaves it false, so the line offers Resume).
    fn finished(&self) -> bool;
}

/// A change started: its job, what it does in words ("set Level on the 30 selected entities of `t`"), where it
/// got to, and how its counts are said.
pub struct BulkRun<P> {
    job: JobId,
    what: String,
    /// Whether its job ran at the last poll.
    live: bool,
    position: Arc<Mutex<P>>,
    words: Words,
}

/// A feature's change of many items: none, or the one started, kept until the user dismisses its line or its
/// job leaves the activity list. The blob and table changes share it, so they start, end and show alike.
pub struct Running<P>(Option<BulkRun<P>>);

impl<P> Default for Running<P> {
    fn default() -> Self {
        Running(None)
    }
}

impl<P: Progress> Running<P> {
    /// Starts the job that makes the change (titled `title`, with the first letter made a capital); the pane
    /// reads again when it ends.
    #[allow(clippy::too_many_arguments)]
    pub fn start<S, W, F>(
        &mut self,
        ctx: &mut PaneContext,
        title: String,
        what: String,
        unit: Unit,
        position: Arc<Mutex<P>>,
        words: Words,
        state: S,
        work: W,
    ) where
        S: Clone + Send + Sync + 'static,
        W: Fn(JobContext, S) -> F + Send + Sync + 'static,
        F: std::future::Future<Output = Result<String, StorageError>> + Send + 'static,
    {
        let job = ctx.start_job(capitalised(&title), unit, state, work);
        self.0 = Some(BulkRun {
            job,
            what,
            live: true,
            position,
            words,
        });
    }

    /// No change shown (none started, or its line dismissed).
    pub fn is_none(&self) -> bool {
        self.0.is_none()
    }

    /// Whether its job runs now.
    pub fn is_running(&self) -> bool {
        self.0.as_ref().is_some_and(|r| r.live)
    }

    /// Follows the job; true on the one poll that sees it end (done, cancelled or failed), when what the pane
    /// shows should be read again. A job the user cleared from the activity list takes its line with it.
    pub fn poll(&mut self, ctx: &mut PaneContext) -> bool {
        let Some(r) = &mut self.0 else { return false };
        if ctx.jobs.get(r.job).is_none() {
            self.0 = None;
            return false;
        }
        let was = r.live;
        r.live = matches!(ctx.jobs.get(r.job).map(|j| &j.state), Some(JobState::Running));
        was && !r.live
    }

    /// The change's line over the list, with its counts so far; Dismiss takes it away.
    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut PaneContext) {
        let Some(r) = &self.0 else { return };
        let (counts, finished) = {
            let p = r.position.lock().expect("position lock");
            (p.tally().summary(&r.words), p.finished())
        };
        if r.ui(ui, ctx, &counts, finished) {
            self.0 = None;
        }
    }
}

/// `text` with its first letter made a capital ("set metadata…" as a job's title).
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .into_iter()
        .flat_map(char::to_uppercase)
        .chain(chars)
        .collect()
}

impl<P> BulkRun<P> {
    /// The line over the list: the items' noun ("entities") and the counts so far; true when the user dismisses it.
    fn ui(&self, ui: &mut egui::Ui, ctx: &mut PaneContext, counts: &str, finished: bool) -> bool {
        let state = ctx.jobs.get(self.job).map(|j| j.state.clone());
        let mut dismiss = false;
        ui.horizontal_wrapped(|ui| match state {
            Some(JobState::Running) => {
                ui.spinner();
                let (noun, what) = (t(self.words.items), self.what.as_str());
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
