//! The "Compare tables" window of a table tab: a query picked in one tab (of any account) against this tab's,
//! run as a job; the counts and the differences as they come, exported as JSON lines, and copied either way
//! as a confirmed job, after which the compare runs again.

use std::sync::Arc;

use crate::app::context::{JobId, JobReplies, JobState, PaneContext, ReplyTx, Unit, job_replies};
use crate::app::table::features::diff::{DiffKind, DiffReport, DiffUpdate, KEPT, Side, compare};
use crate::app::table::features::diff_copy::{Direction, batches, copy};
use crate::app::widgets::i18n::{t, tr};

pub struct TableCompare {
    pub left: Side,
    pub right: Side,
    /// What the compare job has handed back so far (`DiffUpdate`).
    pub report: DiffReport,
    updates: (ReplyTx<DiffUpdate>, JobReplies<DiffUpdate>),
    job: JobId,
    copying: Option<JobId>,
    confirm: Option<Direction>,
    /// Which differences the list shows (None: all).
    pub show: Option<DiffKind>,
    /// The writes each way, counted once per state of the report (its differences and whether done), not per
    /// frame: there may be 100,000 differences.
    writes: Option<((usize, bool), [usize; 2])>,
    /// The differences the list shows under a kind filter, found once per (count, filter), not per frame.
    filtered: Option<((usize, DiffKind), Vec<usize>)>,
}

impl TableCompare {
    /// Starts comparing `left` with `right`.
    pub fn start(ctx: &mut PaneContext, left: Side, right: Side) -> TableCompare {
        let updates = job_replies();
        let job = run(ctx, &left, &right, &updates.0);
        TableCompare {
            left,
            right,
            report: DiffReport::default(),
            updates,
            job,
            copying: None,
            confirm: None,
            show: None,
            writes: None,
            filtered: None,
        }
    }

    pub fn job(&self) -> JobId {
        self.job
    }

    /// Draws the window; false once closed.
    pub fn window(&mut self, egui_ctx: &egui::Context, ctx: &mut PaneContext) -> bool {
        for update in self.updates.1.take() {
            self.report.apply(update);
        }
        self.after_copy(ctx);
        let mut open = true;
        crate::app::widgets::placement::beside_the_toolbar(egui::Window::new(t("table-diff-op")), egui_ctx)
            .open(&mut open)
            .default_size([820.0, 520.0])
            .show(egui_ctx, |ui| self.ui(ui, ctx));
        self.confirm_copy(egui_ctx, ctx);
        open
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut PaneContext) {
        let describe = |s: &Side| match &s.query.filter {
            Some(f) => tr!("table-diff-view-where", place = s.place.as_str(), filter = f.as_str()),
            None => s.place.clone(),
        };
        ui.label(tr!("table-compare-left", what = describe(&self.left)));
        ui.label(tr!("table-compare-right", what = describe(&self.right)));
        let state = ctx.jobs.get(self.job).map(|j| j.state.clone());
        let r = &self.report;
        let (left_only, right_only, different, same) = (r.only_left, r.only_right, r.different, r.same);
        ui.horizontal_wrapped(|ui| {
            ui.strong(tr!(
                "table-diff-view-counts",
                left = left_only,
                right = right_only,
                different = different,
                same = same
            ));
            ui.weak(tr!("table-diff-view-read", left = r.read[0], right = r.read[1]));
        });
        match &state {
            Some(JobState::Running) => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(t("table-diff-view-comparing"));
                });
            }
            Some(JobState::Failed(e)) => {
                ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
            }
            _ if r.done && r.differing() == 0 => {
                ui.label(t("table-diff-view-same"));
            }
            _ => {}
        }
        if r.differing() > KEPT as u64 {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                tr!("table-diff-view-too-many", count = r.differing(), kept = KEPT as u64),
            );
        }
        let done = r.done && !matches!(state, Some(JobState::Running));
        let copying = self.copying.is_some();
        ui.horizontal_wrapped(|ui| {
            ui.label(t("table-diff-view-show"));
            ui.selectable_value(&mut self.show, None, t("table-diff-view-all"));
            ui.selectable_value(&mut self.show, Some(DiffKind::OnlyLeft), t("table-diff-view-only-left"));
            ui.selectable_value(
                &mut self.show,
                Some(DiffKind::OnlyRight),
                t("table-diff-view-only-right"),
            );
            ui.selectable_value(
                &mut self.show,
                Some(DiffKind::Different),
                t("table-diff-view-different"),
            );
            if ui
                .add_enabled(
                    !r.differences.is_empty(),
                    egui::Button::new(t("table-diff-view-copy-json")),
                )
                .clicked()
            {
                ui.ctx().copy_text(r.json_lines());
            }
        });
        let state = (r.differences.len(), r.done);
        let writes = match self.writes {
            Some((s, w)) if s == state => w,
            _ => {
                let merge = self.left.index.is_some();
                let count = |way| batches(&r.differences, way, merge).iter().map(Vec::len).sum::<usize>();
                let w = [count(Direction::LeftToRight), count(Direction::RightToLeft)];
                self.writes = Some((state, w));
                w
            }
        };
        // A side read with $select holds only some properties: a replace from it would drop the others.
        let partial = !self.left.query.select.is_empty() || !self.right.query.select.is_empty();
        if partial {
            ui.colored_label(ui.visuals().warn_fg_color, t("table-diff-view-partial"));
        }
        // Against an index: the left side is what the index should hold; only the index is written.
        let index = self.left.index.is_some();
        if index {
            ui.label(t("table-diff-view-index"));
        }
        ui.horizontal_wrapped(|ui| {
            for (i, (way, label)) in [(Direction::LeftToRight, "left"), (Direction::RightToLeft, "right")]
                .into_iter()
                .enumerate()
            {
                let n = writes[i];
                // Only a table's own rows are written: not a file, not an index projection.
                let target = if way == Direction::LeftToRight {
                    &self.right
                } else {
                    &self.left
                };
                let wrong_way = !target.writable();
                if ui
                    .add_enabled(
                        done && !copying && !partial && !wrong_way && n > 0,
                        egui::Button::new(tr!("table-diff-view-copy", way = label, count = n)),
                    )
                    .on_hover_text(t("table-diff-view-copy-hint"))
                    .clicked()
                {
                    self.confirm = Some(way);
                }
            }
            if copying {
                ui.spinner();
                ui.label(t("table-diff-view-copying"));
            }
        });
        ui.separator();
        let rows: Option<&[usize]> = match self.show {
            None => None,
            Some(kind) => {
                let key = (r.differences.len(), kind);
                if self.filtered.as_ref().is_none_or(|(k, _)| *k != key) {
                    let found = (0..r.differences.len())
                        .filter(|&i| r.differences[i].kind == kind)
                        .collect();
                    self.filtered = Some((key, found));
                }
                self.filtered.as_ref().map(|(_, rows)| rows.as_slice())
            }
        };
        let count = rows.map_or(r.differences.len(), <[usize]>::len);
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show_rows(ui, 18.0, count, |ui, range| {
                for i in range {
                    let d = &r.differences[rows.map_or(i, |rows| rows[i])];
                    let (pk, rk) = d.keys();
                    ui.label(format!("{pk} / {rk}: {}", d.describe()));
                }
            });
    }

    /// Asks before writing: the target is named, with the number of writes and what is not done.
    fn confirm_copy(&mut self, egui_ctx: &egui::Context, ctx: &mut PaneContext) {
        let Some(way) = self.confirm else { return };
        let (source, target) = match way {
            Direction::LeftToRight => (&self.left, &self.right),
            Direction::RightToLeft => (&self.right, &self.left),
        };
        let n = self
            .writes
            .map_or(0, |(_, w)| w[(way == Direction::RightToLeft) as usize]);
        let body = tr!(
            "table-diff-view-confirm-body",
            count = n,
            source = source.place.as_str(),
            target = target.place.as_str()
        );
        let answer = crate::app::widgets::confirm::ask(
            egui_ctx,
            egui::Id::unique(("confirm-copy-differences", &self.right.table)),
            &tr!(
                "table-diff-view-confirm-title",
                count = n,
                target = target.place.as_str()
            ),
            &body,
            &tr!("table-diff-view-confirm-yes", count = n),
            |_| {},
        );
        if let Some(yes) = answer {
            self.confirm = None;
            if yes {
                let target = target.clone();
                let merge = self.left.index.is_some();
                let ops = Arc::new(batches(&self.report.differences, way, merge));
                self.copying = Some(ctx.start_job(
                    tr!("table-diff-view-copy-job", count = n, target = target.place.as_str()),
                    Unit::Items("entities"),
                    (target, ops),
                    |job, (target, ops)| async move { copy(&job, &target, &ops).await },
                ));
            }
        }
    }

    /// A copy that ended runs the compare again, so the window shows what is left.
    fn after_copy(&mut self, ctx: &mut PaneContext) {
        let Some(id) = self.copying else { return };
        if ctx.jobs.get(id).is_some_and(|j| j.is_running()) {
            return;
        }
        self.copying = None;
        self.job = run(ctx, &self.left, &self.right, &self.updates.0);
    }
}

fn run(ctx: &mut PaneContext, left: &Side, right: &Side, updates: &ReplyTx<DiffUpdate>) -> JobId {
    ctx.start_job(
        tr!(
            "table-diff-view-job",
            left = left.place.as_str(),
            right = right.place.as_str()
        ),
        Unit::Items("entities"),
        (left.clone(), right.clone(), updates.clone()),
        |job, (left, right, updates)| async move {
            let r = compare(&job, &left, &right, &updates).await?;
            Ok(tr!(
                "table-diff-view-done",
                left = r.only_left,
                right = r.only_right,
                different = r.different,
                same = r.same
            ))
        },
    )
}
