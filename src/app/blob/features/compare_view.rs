//! The "Compare folders" window of a container tab: a folder picked in one tab (of any account), or a local
//! folder, against this tab's folder, run as a job; the counts and differences as they come, exported as JSON
//! lines, and synced one way or the other (into a container, or into the local folder) after its plan is shown and
//! confirmed (`sync_plan`), what is only on the target deleted only when ticked, as a job after which it compares
//! again. A local folder's links are passed over unless the user asks to follow those to files inside it.

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobFeature, Effects};
use crate::app::blob::features::compare::{FolderReport, FolderSide, ItemDiff, KEPT, ReportUpdate, compare};
use crate::app::blob::features::compare_copy::{Direction, copy};
use crate::app::blob::features::local_files::Links;
use crate::app::blob::features::sync_plan::{PlanAnswer, PlanCounts, SyncPlan};
use crate::app::context::feature::Feature;
use crate::app::context::{InFlight, JobId, JobReplies, JobState, PaneContext, ReplyTx, Unit, job_replies};
use crate::app::widgets::i18n::{t, tr};

pub struct FolderCompare {
    pub left: FolderSide,
    pub right: FolderSide,
    /// What the compare job has handed back so far (`ReportUpdate`).
    pub report: FolderReport,
    updates: (ReplyTx<ReportUpdate>, JobReplies<ReportUpdate>),
    job: JobId,
    copying: Option<JobId>,
    /// The plan shown for confirmation: built once when its button is pressed (it may list 100,000 items).
    confirm: Option<SyncPlan>,
    /// What each way's plan would hold (left to right, right to left), counted as the plan sorts them once the
    /// compare is done, and kept until the report changes.
    counts: Option<[PlanCounts; 2]>,
    /// Which links of a local side the compare follows (none unless the user ticks it).
    links: Links,
    /// Compare again was pressed: the compare runs again at the next poll.
    again: bool,
    pub show: Option<ItemDiff>,
}

impl FolderCompare {
    pub fn start(ctx: &mut PaneContext, left: FolderSide, right: FolderSide) -> FolderCompare {
        let updates = job_replies();
        let job = run(ctx, (&left, &right), Links::PassOver, &updates.0);
        FolderCompare {
            left,
            right,
            report: FolderReport::default(),
            updates,
            job,
            copying: None,
            confirm: None,
            counts: None,
            links: Links::PassOver,
            again: false,
            show: None,
        }
    }

    /// Draws the window; false once closed.
    pub fn window(&mut self, egui_ctx: &egui::Context, ctx: &mut PaneContext) -> bool {
        self.take_updates();
        self.after_copy(ctx);
        let mut open = true;
        egui::Window::new(t("blob-compare-view-title"))
            .open(&mut open)
            .default_size([820.0, 480.0])
            .show(egui_ctx, |ui| {
                let failed = self.failed(ctx);
                self.ui(ui, failed);
            });
        self.confirm_copy(egui_ctx, ctx);
        open
    }

    /// Moves what the compare job handed back into the report shown.
    fn take_updates(&mut self) {
        for update in self.updates.1.take() {
            self.counts = None;
            match update {
                ReportUpdate::Restart => self.report = FolderReport::default(),
                ReportUpdate::Progress(mut more) => {
                    let r = &mut self.report;
                    (r.read, r.only_left, r.only_right) = (more.read, more.only_left, more.only_right);
                    (r.different, r.unchecked, r.same, r.done) = (more.different, more.unchecked, more.same, more.done);
                    r.differences.append(&mut more.differences);
                    if more.done {
                        r.local = more.local;
                    }
                }
            }
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, failed: Option<String>) {
        ui.label(tr!("blob-compare-view-left", place = self.left.place()));
        ui.label(tr!("blob-compare-view-right", place = self.right.place()));
        let r = &self.report;
        ui.strong(tr!(
            "blob-compare-view-counts",
            left = r.only_left,
            right = r.only_right,
            different = r.different,
            same = r.same,
            unchecked = r.unchecked
        ))
        .on_hover_text(t("blob-compare-view-counts-hint"));
        if let Some(why) = failed {
            ui.colored_label(ui.visuals().error_fg_color, why);
        } else if !r.done {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(t("blob-compare-view-comparing"));
            });
        } else if r.differing() + r.unchecked == 0 {
            ui.label(t("blob-compare-view-same"));
        }
        if r.done && !r.local.passed.is_empty() {
            ui.label(tr!("blob-compare-view-passed", count = r.local.passed.len()));
        }
        if r.done && !r.local.unread.is_empty() {
            let first = &r.local.unread[0];
            ui.colored_label(
                ui.visuals().error_fg_color,
                tr!(
                    "blob-compare-view-unread",
                    count = r.local.unread.len(),
                    name = first.0.as_str(),
                    why = first.1.as_str()
                ),
            );
        }
        let local_side = [&self.left, &self.right]
            .iter()
            .any(|s| matches!(s, FolderSide::Local { .. }));
        if local_side {
            let mut follow = self.links == Links::FilesInside;
            let idle = r.done && self.copying.is_none();
            let tick = ui
                .add_enabled(
                    idle,
                    egui::Checkbox::new(&mut follow, t("blob-compare-view-follow-links")),
                )
                .on_hover_text(t("blob-compare-view-follow-links-hint"));
            if tick.changed() {
                self.links = if follow { Links::FilesInside } else { Links::PassOver };
                self.again = true;
            }
        }
        if r.differing() > KEPT as u64 {
            ui.colored_label(ui.visuals().warn_fg_color, tr!("blob-compare-view-first", count = KEPT));
        }
        let blob_side = |s: &FolderSide| matches!(s, FolderSide::Blobs { .. });
        // The buttons count what their plans hold (a name a link is in the way of is not counted).
        let counts = match (r.done, self.counts) {
            (false, _) => [PlanCounts::default(); 2],
            (true, Some(counts)) => counts,
            (true, None) => *self.counts.insert([
                PlanCounts::of(r, Direction::LeftToRight),
                PlanCounts::of(r, Direction::RightToLeft),
            ]),
        };
        let idle = r.done && self.copying.is_none();
        ui.horizontal_wrapped(|ui| {
            ui.label(t("blob-compare-view-show"));
            ui.selectable_value(&mut self.show, None, t("blob-compare-view-all"));
            ui.selectable_value(
                &mut self.show,
                Some(ItemDiff::OnlyLeft),
                t("blob-compare-view-only-left"),
            );
            ui.selectable_value(
                &mut self.show,
                Some(ItemDiff::OnlyRight),
                t("blob-compare-view-only-right"),
            );
            ui.selectable_value(
                &mut self.show,
                Some(ItemDiff::Different),
                t("blob-compare-view-different"),
            );
            ui.selectable_value(
                &mut self.show,
                Some(ItemDiff::Unchecked),
                t("blob-compare-view-unchecked"),
            );
            if ui
                .add_enabled(
                    !r.differences.is_empty(),
                    egui::Button::new(t("blob-compare-view-copy-json")),
                )
                .clicked()
            {
                ui.ctx().copy_text(r.json_lines());
            }
        });
        ui.horizontal_wrapped(|ui| {
            for (direction, counts) in [(Direction::LeftToRight, counts[0]), (Direction::RightToLeft, counts[1])] {
                let (from, target) = match direction {
                    Direction::LeftToRight => (&self.left, &self.right),
                    Direction::RightToLeft => (&self.right, &self.left),
                };
                let verb = match (blob_side(from), blob_side(target)) {
                    (true, true) => "copy",
                    (false, _) => "upload",
                    (true, false) => "download",
                };
                let way = if direction == Direction::LeftToRight {
                    "right"
                } else {
                    "left"
                };
                let (n, can) = (
                    counts.writes,
                    idle && counts.any() && (blob_side(from) || blob_side(target)),
                );
                let b = ui
                    .add_enabled(
                        can,
                        egui::Button::new(tr!("blob-compare-view-sync", verb = verb, way = way, count = n)),
                    )
                    .on_hover_text(t("blob-compare-view-sync-hint"));
                if b.clicked() {
                    self.confirm = Some(SyncPlan::new(r, direction));
                }
            }
            if ui
                .add_enabled(idle, egui::Button::new(t("blob-compare-view-again")))
                .clicked()
            {
                self.again = true;
            }
            if self.copying.is_some() {
                ui.spinner();
            }
        });
        if r.done && self.copying.is_none() {
            ui.weak(t("blob-compare-view-dry-run"));
        }
        // Unfiltered, rows are read in place; a kind filter lists its rows (every frame only while it is chosen).
        let shown: Option<Vec<usize>> = self.show.map(|k| {
            (0..r.differences.len())
                .filter(|&i| r.differences[i].kind == k)
                .collect()
        });
        let n = shown.as_ref().map_or(r.differences.len(), Vec::len);
        egui::ScrollArea::vertical()
            .id_salt("folder-differences")
            .show_rows(ui, 18.0, n, |ui, rows| {
                for i in rows {
                    let d = &r.differences[shown.as_ref().map_or(i, |s| s[i])];
                    ui.label(format!("{}: {}", d.name(), d.describe()));
                }
            });
    }

    fn confirm_copy(&mut self, egui_ctx: &egui::Context, ctx: &mut PaneContext) {
        let Some(plan) = &mut self.confirm else { return };
        let (from, to) = match plan.direction {
            Direction::LeftToRight => (&self.left, &self.right),
            Direction::RightToLeft => (&self.right, &self.left),
        };
        match plan.show(egui_ctx, from, to) {
            Some(PlanAnswer::Run(sync)) => {
                let (from, to) = (from.clone(), to.clone());
                self.confirm = None;
                self.copying = Some(ctx.start_job(
                    tr!("blob-compare-view-write-job", place = to.place()),
                    Unit::Items("items"),
                    (from, to, sync),
                    |job, (from, to, sync)| async move { copy(&job, &from, &to, sync).await },
                ));
            }
            Some(PlanAnswer::Cancel) => self.confirm = None,
            None => {}
        }
    }

    /// When the copy ends, compare again: what it wrote now reads the same.
    fn after_copy(&mut self, ctx: &mut PaneContext) {
        if std::mem::take(&mut self.again) {
            self.job = run(ctx, (&self.left, &self.right), self.links, &self.updates.0);
            return;
        }
        let Some(id) = self.copying else { return };
        if ctx.jobs.get(id).is_some_and(|j| j.is_running()) {
            return;
        }
        self.copying = None;
        self.job = run(ctx, (&self.left, &self.right), self.links, &self.updates.0);
    }

    pub fn failed(&self, ctx: &mut PaneContext) -> Option<String> {
        match ctx.jobs.get(self.job).map(|j| &j.state) {
            Some(JobState::Failed(e)) => Some(e.plain_words()),
            _ => None,
        }
    }
}

fn run(
    ctx: &mut PaneContext,
    (left, right): (&FolderSide, &FolderSide),
    links: Links,
    updates: &ReplyTx<ReportUpdate>,
) -> JobId {
    ctx.start_job(
        tr!("blob-compare-view-job", left = left.place(), right = right.place()),
        Unit::Items("blobs and files"),
        (left.clone(), right.clone(), updates.clone()),
        move |job, (left, right, updates)| async move {
            let r = compare(&job, (&left, &right), links, &updates).await?;
            Ok(tr!(
                "blob-compare-view-summary",
                left = r.only_left,
                right = r.only_right,
                different = r.different,
                same = r.same,
                unchecked = r.unchecked
            ))
        },
    )
}

/// The Compare feature: the compare window shown, and the dialog picking a local folder for it.
#[derive(Default)]
pub struct Compare {
    shown: Option<FolderCompare>,
    picking: InFlight<(), Option<Vec<std::path::PathBuf>>>,
}

/// This tab's folder as a side of a compare.
pub fn as_folder_side(core: &BlobCore, ctx: &PaneContext) -> FolderSide {
    let (container, account) = (core.container.as_str(), ctx.client.account().name.as_str());
    let place = if core.prefix.is_empty() {
        tr!("blob-compare-view-place", container = container, account = account)
    } else {
        tr!(
            "blob-compare-view-place-in",
            folder = core.prefix.as_str(),
            container = container,
            account = account
        )
    };
    FolderSide::Blobs {
        place,
        client: ctx.client.clone(),
        container: core.container.clone(),
        prefix: core.prefix.clone(),
    }
}

impl Feature for Compare {
    type Pane = crate::app::blob::feature::Blob;

    fn poll(&mut self, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        // The local folder picked: compare it (left) with this folder (right).
        if let Some(((), Some(paths))) = self.picking.take()
            && let Some(root) = paths.into_iter().next()
        {
            let left = FolderSide::Local {
                place: tr!("blob-compare-view-local", path = root.display().to_string()),
                root,
            };
            let right = as_folder_side(core, ctx);
            self.shown = Some(FolderCompare::start(ctx, left, right));
        }
    }

    fn busy(&self) -> bool {
        !self.picking.is_empty()
    }

    fn windows(&mut self, egui_ctx: &egui::Context, _: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        if let Some(c) = &mut self.shown
            && !c.window(egui_ctx, ctx)
        {
            self.shown = None;
        }
    }
}

impl BlobFeature for Compare {
    fn toolbar_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        let (name, hint) = (t("blob-compare-view-tool"), t("blob-compare-view-tool-hint"));
        crate::app::widgets::icon::icon_menu(ui, crate::app::widgets::icon::COMPARE, &name, &hint, |ui| {
            self.menu(ui, core, ctx)
        });
    }
}

impl Compare {
    /// The Compare menu: pick this folder, compare with the picked one or with a local folder.
    fn menu(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext) {
        let here = as_folder_side(core, ctx);
        if ui
            .button(t("blob-compare-view-pick"))
            .on_hover_text(t("blob-compare-view-pick-hint"))
            .clicked()
        {
            ctx.picks.folder = Some(here.clone());
            ui.close();
        }
        if let Some(pick) = ctx.picks.folder.clone()
            && ui
                .button(tr!("blob-compare-view-with-picked", place = pick.place()))
                .clicked()
        {
            self.shown = Some(FolderCompare::start(ctx, pick, here));
            ui.close();
        }
        if ui
            .button(t("blob-compare-view-local-sync"))
            .on_hover_text(t("blob-compare-view-local-sync-hint"))
            .clicked()
        {
            self.picking.start((), ctx.pick_folder(t("blob-compare-op-local")));
            ui.close();
        }
    }
}
