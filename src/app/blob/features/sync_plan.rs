//! A sync's plan, built once from a compare when a way is chosen: what it writes and may delete, and what it
//! leaves and why (a link or an entry passed over on the way, pairs of the same size with no hash to compare,
//! read errors, which turn every delete of the run off as rclone's "not deleting files as there were IO
//! errors"); drawn for the user's answer, with a second question before it deletes many.

use std::collections::BTreeSet;

use crate::app::blob::features::compare::{FolderDifference, FolderReport, FolderSide, Item, ItemDiff};
use crate::app::blob::features::compare_copy::{Direction, SyncRun, Write};
use crate::app::blob::features::local_files::PassedOver;
use crate::app::widgets::i18n::{t, tr};

/// Deletes beyond this many, or beyond a tenth of what the target holds, are asked about a second time (as
/// rclone's `--max-delete` stops a sync that would delete more than it should).
pub const MANY_DELETES: usize = 100;

/// Whether deleting `count` of the `held` items of a target is "many": more than a tenth of them, or more than
/// `MANY_DELETES`.
pub fn many_deletes(count: usize, held: u64) -> bool {
    count > MANY_DELETES || count as u64 * 10 > held
}

/// Whether copying one way writes this difference: an item only on the source side, or one that differs (a
/// pair of the same size with no hash to compare is not known to differ: the plan asks about it apart).
fn written(d: &FolderDifference, direction: Direction) -> bool {
    d.kind == only_source(direction) || d.kind == ItemDiff::Different
}

fn only_source(direction: Direction) -> ItemDiff {
    match direction {
        Direction::LeftToRight => ItemDiff::OnlyLeft,
        Direction::RightToLeft => ItemDiff::OnlyRight,
    }
}

fn only_target(direction: Direction) -> ItemDiff {
    match direction {
        Direction::LeftToRight => ItemDiff::OnlyRight,
        Direction::RightToLeft => ItemDiff::OnlyLeft,
    }
}

/// What a way's plan does with one difference: one answer for the plan and for its button's count, so the
/// button never promises what the plan then leaves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fate {
    /// A link, an entry passed over or a folder not read is on its way: left alone.
    InTheWay,
    Write,
    /// The same size and no hash to compare: written only when ticked.
    Unchecked,
    /// Only on the target: deleted only when ticked (and no read error forbids it).
    Delete,
}

fn fate(d: &FolderDifference, direction: Direction, blocked: &BTreeSet<&str>) -> Option<Fate> {
    if under(d.name(), blocked) {
        Some(Fate::InTheWay)
    } else if written(d, direction) {
        Some(Fate::Write)
    } else if d.kind == ItemDiff::Unchecked {
        Some(Fate::Unchecked)
    } else if d.kind == only_target(direction) {
        Some(Fate::Delete)
    } else {
        None
    }
}

/// The local side's names that nothing under is written or deleted for: what its walk passed over or could not
/// read.
fn blocked(report: &FolderReport) -> BTreeSet<&str> {
    (report.local.passed.iter().map(|(n, _)| n.as_str()))
        .chain(report.local.unread.iter().map(|(n, _)| n.as_str()))
        .collect()
}

/// What one way's plan holds, counted without building it (for the window's buttons): the writes, the pairs
/// written only when ticked, and what only the target has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlanCounts {
    pub writes: usize,
    pub unchecked: usize,
    pub deletes: usize,
}

impl PlanCounts {
    /// Counted as `SyncPlan::new` sorts them (one pass; the window keeps the answer until the report changes).
    pub fn of(report: &FolderReport, direction: Direction) -> PlanCounts {
        let blocked = blocked(report);
        let mut counts = PlanCounts::default();
        for d in &report.differences {
            match fate(d, direction, &blocked) {
                Some(Fate::Write) => counts.writes += 1,
                Some(Fate::Unchecked) => counts.unchecked += 1,
                Some(Fate::Delete) => counts.deletes += 1,
                Some(Fate::InTheWay) | None => {}
            }
        }
        counts
    }

    /// Whether the plan has anything to do, on the user's word.
    pub fn any(&self) -> bool {
        self.writes + self.unchecked + self.deletes > 0
    }
}

/// Whether `name` is, or is under, one of `names` (`.`: the folder itself, so everything is).
fn under(name: &str, names: &BTreeSet<&str>) -> bool {
    names.contains(".") || names.contains(name) || name.match_indices('/').any(|(i, _)| names.contains(&name[..i]))
}

/// One way's writes and deletes as the compare found them when the user chose that way, what is left and why,
/// and the user's answers so far.
pub struct SyncPlan {
    pub direction: Direction,
    writes: Vec<Write>,
    /// Pairs of the same size where one side has no MD5: written only when ticked.
    unchecked: Vec<Write>,
    deletes: Vec<Item>,
    /// Writes and deletes left because an entry passed over, or a folder not read, is on their way (a blob's
    /// name under a local link is never written through it, nor deleted for the link's not being followed).
    in_the_way: Vec<String>,
    passed: Vec<(String, PassedOver)>,
    unread: Vec<(String, String)>,
    /// How many items the target holds, as the compare read them: what "many deletes" is measured against.
    held: u64,
    delete_too: bool,
    write_unchecked: bool,
    keep_properties: bool,
    /// The second question, about many deletes, is shown.
    asking_again: bool,
}

/// The user's answer to a plan.
pub enum PlanAnswer {
    Run(SyncRun),
    Cancel,
}

impl SyncPlan {
    pub fn new(report: &FolderReport, direction: Direction) -> SyncPlan {
        let blocked = blocked(report);
        let mut plan = SyncPlan {
            direction,
            writes: Vec::new(),
            unchecked: Vec::new(),
            deletes: Vec::new(),
            in_the_way: Vec::new(),
            passed: report.local.passed.clone(),
            unread: report.local.unread.clone(),
            held: match direction {
                Direction::LeftToRight => report.read[1],
                Direction::RightToLeft => report.read[0],
            },
            delete_too: false,
            write_unchecked: false,
            keep_properties: true,
            asking_again: false,
        };
        for d in &report.differences {
            let (from, to) = match direction {
                Direction::LeftToRight => (&d.left, &d.right),
                Direction::RightToLeft => (&d.right, &d.left),
            };
            let write = || from.clone().map(|f| (f, to.clone()));
            match fate(d, direction, &blocked) {
                Some(Fate::InTheWay) => plan.in_the_way.push(d.name().to_string()),
                Some(Fate::Write) => plan.writes.extend(write()),
                Some(Fate::Unchecked) => plan.unchecked.extend(write()),
                Some(Fate::Delete) => plan.deletes.extend(to.clone()),
                None => {}
            }
        }
        plan
    }

    /// What runs on the user's word: the deletes only when ticked and no read error forbids them.
    fn run(&self) -> SyncRun {
        let mut writes = self.writes.clone();
        if self.write_unchecked {
            writes.extend(self.unchecked.iter().cloned());
        }
        SyncRun {
            writes,
            deletes: if self.deletes_wanted() {
                self.deletes.clone()
            } else {
                Vec::new()
            },
            keep_properties: self.keep_properties,
        }
    }

    fn deletes_wanted(&self) -> bool {
        self.delete_too && self.unread.is_empty() && !self.deletes.is_empty()
    }

    /// Draws the plan (or its second question) as a modal; the answer once given.
    pub fn show(&mut self, egui_ctx: &egui::Context, from: &FolderSide, to: &FolderSide) -> Option<PlanAnswer> {
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("confirm-folder-copy")).show(egui_ctx, |ui| {
            if self.asking_again {
                answer = self.ask_again(ui, to);
            } else {
                answer = self.plan_ui(ui, from, to);
            }
        });
        answer
    }

    fn plan_ui(&mut self, ui: &mut egui::Ui, from: &FolderSide, to: &FolderSide) -> Option<PlanAnswer> {
        let replacing = self.writes.iter().filter(|(_, existing)| existing.is_some()).count();
        ui.strong(tr!(
            "blob-compare-view-sync-title",
            from = from.place(),
            to = to.place()
        ));
        ui.label(tr!(
            "blob-compare-view-plan",
            count = self.writes.len(),
            new = self.writes.len() - replacing,
            replacing = replacing,
            names = names(self.writes.iter().map(|(s, _)| s.name.as_str()), self.writes.len())
        ));
        if !self.unchecked.is_empty() {
            let listed = names(
                self.unchecked.iter().map(|(s, _)| s.name.as_str()),
                self.unchecked.len(),
            );
            ui.label(tr!(
                "blob-sync-plan-unchecked",
                count = self.unchecked.len(),
                names = listed
            ));
            ui.checkbox(
                &mut self.write_unchecked,
                tr!("blob-sync-plan-write-unchecked", count = self.unchecked.len()),
            );
        }
        let uploads_over = matches!((from, to), (FolderSide::Local { .. }, FolderSide::Blobs { .. }));
        if uploads_over && replacing > 0 {
            ui.checkbox(&mut self.keep_properties, t("blob-sync-plan-keep-properties"))
                .on_hover_text(t("blob-sync-plan-keep-properties-hint"));
        }
        if !self.passed.is_empty() {
            let listed = self.passed.iter().map(|(n, why)| format!("{n} ({})", why.words()));
            ui.label(tr!(
                "blob-sync-plan-passed",
                count = self.passed.len(),
                names = names_owned(listed, self.passed.len())
            ));
        }
        if !self.in_the_way.is_empty() {
            ui.label(tr!(
                "blob-sync-plan-in-the-way",
                count = self.in_the_way.len(),
                names = names(self.in_the_way.iter().map(String::as_str), self.in_the_way.len())
            ));
        }
        self.deletes_ui(ui, to);
        let mut answer = None;
        ui.horizontal(|ui| {
            if ui.button(t("blob-compare-view-write")).clicked() {
                if self.deletes_wanted() && many_deletes(self.deletes.len(), self.held) {
                    self.asking_again = true;
                } else {
                    answer = Some(PlanAnswer::Run(self.run()));
                }
            }
            if ui.button(t("blob-compare-view-cancel")).clicked() {
                answer = Some(PlanAnswer::Cancel);
            }
        });
        answer
    }

    /// What is only on the target: kept, or deleted when ticked; never deleted in a run that met a read error.
    fn deletes_ui(&mut self, ui: &mut egui::Ui, to: &FolderSide) {
        let listed = names(self.deletes.iter().map(|i| i.name.as_str()), self.deletes.len());
        if !self.unread.is_empty() {
            let unread = self.unread.iter().map(|(n, why)| format!("{n} ({why})"));
            ui.colored_label(
                ui.visuals().error_fg_color,
                tr!(
                    "blob-sync-plan-unread",
                    count = self.unread.len(),
                    names = names_owned(unread, self.unread.len())
                ),
            );
            ui.colored_label(
                ui.visuals().warn_fg_color,
                tr!(
                    "blob-sync-plan-no-deletes",
                    count = self.deletes.len(),
                    place = to.place()
                ),
            );
            if !self.deletes.is_empty() {
                ui.label(tr!("blob-compare-view-kept", names = listed.as_str()));
            }
        } else if self.deletes.is_empty() {
            ui.label(t("blob-compare-view-nothing-extra"));
        } else {
            ui.checkbox(
                &mut self.delete_too,
                tr!(
                    "blob-compare-view-delete-too",
                    count = self.deletes.len(),
                    place = to.place()
                ),
            );
            if self.delete_too {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    tr!("blob-compare-view-deleted", names = listed.as_str()),
                );
            } else {
                ui.label(tr!("blob-compare-view-kept", names = listed.as_str()));
            }
        }
    }

    /// The second question before many deletes: how many, of how many the target holds.
    fn ask_again(&mut self, ui: &mut egui::Ui, to: &FolderSide) -> Option<PlanAnswer> {
        let count = self.deletes.len();
        ui.strong(tr!(
            "blob-sync-plan-many-title",
            count = count,
            held = self.held,
            place = to.place()
        ));
        ui.label(t("blob-sync-plan-many-why"));
        let mut answer = None;
        ui.horizontal(|ui| {
            if ui.button(tr!("blob-sync-plan-many-yes", count = count)).clicked() {
                answer = Some(PlanAnswer::Run(self.run()));
            }
            if ui.button(t("blob-sync-plan-many-back")).clicked() {
                self.asking_again = false;
            }
        });
        answer
    }
}

/// The first names of a list, and "…" when there are more.
fn names<'a>(items: impl Iterator<Item = &'a str>, total: usize) -> String {
    names_owned(items.map(str::to_string), total)
}

fn names_owned(items: impl Iterator<Item = String>, total: usize) -> String {
    let mut shown: Vec<String> = items.take(8).collect();
    if total > shown.len() {
        shown.push("…".into());
    }
    shown.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_under_a_link_passed_over_is_in_its_way() {
        let names: BTreeSet<&str> = ["photos", "a/b"].into_iter().collect();
        assert!(under("photos", &names) && under("photos/x.jpg", &names) && under("a/b/c/d", &names));
        assert!(!under("photos2/x.jpg", &names) && !under("a/bc", &names) && !under("a", &names));
        assert!(under(
            "anything",
            &[".".to_string()].iter().map(String::as_str).collect()
        ));
    }

    #[test]
    fn many_is_more_than_a_tenth_or_more_than_a_hundred() {
        assert!(!many_deletes(1, 10) && many_deletes(2, 10));
        assert!(!many_deletes(100, 5000) && many_deletes(101, 5000));
    }
}
