//! Downloads of the selection into a local folder, one job per blob or folder, never replacing a local file
//! unasked: the destinations are checked first, and for each file already there the user chooses replace, keep
//! both (a free name beside it) or skip, for that file or for all of them. A file that appears after asking is
//! kept, and the download takes a free name beside it. Nothing is written outside the chosen folder: a blob whose
//! name has a link on its way is not downloaded (and named), and a link at its own name is neither followed nor
//! replaced (the blob is saved beside it).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::Effects;
use crate::app::blob::features::folder_download::FolderDownload;
use crate::app::blob::features::local_files::{Kept, reach};
use crate::app::blob::features::resumable::run as run_transfer;
use crate::app::blob::features::transfers::Transfers;
use crate::app::blob::features::transfers::{list_all, local_path};
use crate::app::context::{PaneContext, Unfinished, Unit};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;

/// What to do with a local file that is already there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Existing {
    Replace,
    KeepBoth,
    Skip,
}

/// A download waiting for the user's answers about files already there.
pub struct DownloadPlan {
    pub(crate) what: Selected,
    pub(crate) folder: PathBuf,
    pub(crate) conflicts: Vec<PathBuf>,
    pub(crate) decided: BTreeMap<PathBuf, Existing>,
    pub(crate) for_all: bool,
}

/// What a download takes: the selected blobs and folders, and the folder shown then (cut from each name for its
/// local path). Taken when the download is asked for: the selection may move while the dialog is open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selected {
    pub names: Vec<String>,
    pub base: String,
}

/// The check of a download's destinations: for what, into which folder.
pub(crate) type CheckFor = (Selected, PathBuf);

impl Transfers {
    /// Looks for local files the blobs and folders would land on (listing folders), off the UI thread.
    pub fn check_download(&mut self, core: &BlobCore, ctx: &mut PaneContext, what: Selected, folder: PathBuf) {
        let (client, container, base) = (ctx.client.clone(), core.container.clone(), what.base.clone());
        let (names, into) = (what.names.clone(), folder.clone());
        let check = ctx.backend.spawn(async move {
            let mut there = Vec::new();
            for name in names {
                let blobs = match name.ends_with('/') {
                    true => list_all(&client, &container, &name)
                        .await?
                        .into_iter()
                        .map(|(b, _)| b)
                        .collect(),
                    false => vec![name],
                };
                for blob in blobs {
                    let relative = local_path(blob.strip_prefix(&base).unwrap_or(&blob))?;
                    // Nothing is asked about through a link: a blob with one on its way is not downloaded (the
                    // job names it), and one whose name is a link is saved beside it.
                    let Ok(dest) = reach(&into, &relative, false) else {
                        continue;
                    };
                    if dest.exists() && !is_link(&dest) {
                        there.push(dest);
                    }
                }
            }
            Ok(there)
        });
        self.checking.start((what, folder), check);
    }

    /// Lands the check: downloads at once when nothing is in the way, or asks.
    pub(super) fn poll_download_check(&mut self, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        let Some(((what, folder), result)) = self.checking.take() else {
            return;
        };
        match result {
            Ok(conflicts) if conflicts.is_empty() => self.download(core, ctx, (&what, &folder), BTreeMap::new()),
            Ok(conflicts) => {
                self.plan = Some(DownloadPlan {
                    what,
                    folder,
                    for_all: conflicts.len() > 1,
                    conflicts,
                    decided: BTreeMap::new(),
                })
            }
            Err(e) => fx.fail(e),
        }
    }

    /// The user's answer for the file asked about (and, with "for all", every one after it).
    pub fn decide_download(&mut self, core: &BlobCore, ctx: &mut PaneContext, choice: Existing) {
        let Some(plan) = &mut self.plan else { return };
        let next: Vec<PathBuf> = plan
            .conflicts
            .iter()
            .filter(|c| !plan.decided.contains_key(*c))
            .take(if plan.for_all { usize::MAX } else { 1 })
            .cloned()
            .collect();
        for c in next {
            plan.decided.insert(c, choice);
        }
        if plan.decided.len() == plan.conflicts.len()
            && let Some(plan) = self.plan.take()
        {
            self.download(core, ctx, (&plan.what, &plan.folder), plan.decided);
        }
    }

    /// Downloads the blobs and folders into `folder`, one job per blob or folder, each file already there
    /// treated as the user chose.
    pub fn download(
        &mut self,
        core: &BlobCore,
        ctx: &mut PaneContext,
        (what, folder): (&Selected, &Path),
        choices: BTreeMap<PathBuf, Existing>,
    ) {
        let choices = Arc::new(choices);
        // (Each blob or folder is its own job, so one failure leaves the others going.)
        for name in what.names.clone() {
            let (client, container, folder) = (ctx.client.clone(), core.container.clone(), folder.to_path_buf());
            let base = what.base.clone();
            let title = tr!("blob-downloads-title", name = name.as_str());
            // One id for every run of the job: a Retry's journal entry is the first run's, crossed out with it.
            let id = uuid::Uuid::new_v4().simple().to_string();
            if name.ends_with('/') {
                let entry = FolderDownload::entry(ctx.profile_id, &container, &name, &folder, &base, &id);
                let download = FolderDownload {
                    client,
                    container,
                    name,
                    into: folder,
                    base,
                    choices: choices.clone(),
                    journal: ctx.journal.cloned().map(|j| (j, entry)),
                    resumed: false,
                    saved: Arc::default(),
                };
                ctx.start_job(title, Unit::Bytes, download, |job, download| download.run(job));
                continue;
            }
            let journal = (ctx.profile_id.to_string(), ctx.journal.cloned(), id);
            let state = (client, container, folder, name, base, choices.clone(), journal);
            ctx.start_job(
                title,
                Unit::Bytes,
                state,
                move |job, (client, container, folder, blob, base, choices, (profile, journal, id))| async move {
                    let relative = local_path(blob.strip_prefix(&base).unwrap_or(&blob))?;
                    // From a flat listing a blob's name holds its folders: made as for a folder, each a real
                    // folder inside the one chosen, never through a link.
                    let op = t("blob-folder-download-op-download");
                    let wanted = reach(&folder, &relative, true).map_err(|kept| match kept {
                        Kept::Io(e) => StorageError::io(&op, &e),
                        kept => StorageError::invalid(&op, tr!("blob-downloads-not-done", why = kept.words())),
                    })?;
                    let replace = replaces(&wanted, &choices);
                    let Some(dest) = destination(&wanted, &choices) else {
                        let folder = folder.display().to_string();
                        return Ok(tr!("blob-downloads-skipped", folder = folder));
                    };
                    let link = match is_link(&wanted) {
                        true => tr!("blob-downloads-beside-link", link = wanted.display().to_string()),
                        false => String::new(),
                    };
                    // One blob moves byte by byte, journaled so that a crash or a restart resumes it.
                    let transfer = Unfinished {
                        id: id.clone(),
                        ..Unfinished::download(&profile, &container, &blob, &dest, replace)
                    };
                    let said = run_transfer(job.clone(), client.clone(), transfer, journal.clone(), false).await?;
                    Ok(tr!(
                        "blob-downloads-saved",
                        folder = folder.display().to_string(),
                        said = said,
                        link = link
                    ))
                },
            );
        }
    }
}

/// What a snapshot's file is called unless the user says otherwise: the blob's file name with the snapshot's
/// time before the extension, made of characters every file system takes (`report 2026-11-24T10-00-00.1234567Z.txt`).
pub fn snapshot_file_name(blob: &str, snapshot: &str) -> String {
    let file = blob.rsplit('/').next().unwrap_or(blob);
    let time: String = snapshot.chars().map(|c| if c == ':' { '-' } else { c }).collect();
    match file.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => format!("{stem} {time}.{ext}"),
        _ => format!("{file} {time}"),
    }
}

/// Whether a link (of any kind, broken too) is at `path`: a download neither follows nor replaces it.
pub(crate) fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

/// Whether anything, a broken link too, is at `path`.
fn taken(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// Where a blob goes: its own name, or as the user chose for a file already there; one that appeared after the
/// question is kept and the blob takes a free name beside it, as it does beside a link of its name (never
/// followed, never replaced).
pub(crate) fn destination(wanted: &Path, choices: &BTreeMap<PathBuf, Existing>) -> Option<PathBuf> {
    if !taken(wanted) {
        return Some(wanted.to_path_buf());
    }
    if is_link(wanted) {
        return Some(free_name(wanted));
    }
    match choices.get(wanted) {
        Some(Existing::Replace) => Some(wanted.to_path_buf()),
        Some(Existing::Skip) => None,
        Some(Existing::KeepBoth) | None => Some(free_name(wanted)),
    }
}

/// Whether the download to `wanted` may replace a file there: only when the user chose Replace for it (a file
/// that appears while the download runs is kept, and the download saved beside it), and never a link.
pub(crate) fn replaces(wanted: &Path, choices: &BTreeMap<PathBuf, Existing>) -> bool {
    wanted.exists() && !is_link(wanted) && choices.get(wanted) == Some(&Existing::Replace)
}

/// `report (1).txt`, `report (2).txt`, …: the first name beside `path` that is free (of a broken link too).
pub fn free_name(path: &Path) -> PathBuf {
    (1..)
        .map(|n| crate::storage::numbered_path(path, n))
        .find(|p| !taken(p))
        .expect("some number is free")
}

/// The question about files already there, while a download waits for it.
pub(super) fn ui(pane: &mut Transfers, egui_ctx: &egui::Context, core: &BlobCore, ctx: &mut PaneContext) {
    let Some(plan) = &mut pane.plan else { return };
    let Some(file) = plan.conflicts.iter().find(|c| !plan.decided.contains_key(*c)).cloned() else {
        return;
    };
    let left = plan.conflicts.len() - plan.decided.len();
    let mut choice = None;
    let mut cancel = false;
    egui::Modal::new(egui::Id::unique(("download-conflict", &core.container))).show(egui_ctx, |ui| {
        ui.heading(t("blob-downloads-exists-title"));
        ui.label(tr!("blob-downloads-exists", file = file.display().to_string()));
        if left > 1 {
            ui.checkbox(&mut plan.for_all, tr!("blob-downloads-for-all", count = left));
        }
        ui.horizontal(|ui| {
            if ui.button(t("blob-downloads-replace")).clicked() {
                choice = Some(Existing::Replace);
            }
            if ui
                .button(t("blob-downloads-keep-both"))
                .on_hover_text(t("blob-downloads-keep-both-hint"))
                .clicked()
            {
                choice = Some(Existing::KeepBoth);
            }
            if ui.button(t("blob-downloads-skip")).clicked() {
                choice = Some(Existing::Skip);
            }
            if ui.button(t("blob-downloads-cancel")).clicked() {
                cancel = true;
            }
        });
    });
    if cancel {
        pane.plan = None;
    } else if let Some(c) = choice {
        pane.decide_download(core, ctx, c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_file_is_named_for_its_blob_and_time_without_colons() {
        let time = "2026-11-24T10:00:00.1234567Z";
        assert_eq!(
            snapshot_file_name("dir/report.txt", time),
            "report 2026-11-24T10-00-00.1234567Z.txt"
        );
        assert_eq!(
            snapshot_file_name("README", time),
            "README 2026-11-24T10-00-00.1234567Z"
        );
        assert_eq!(snapshot_file_name(".env", time), ".env 2026-11-24T10-00-00.1234567Z");
    }

    #[test]
    fn a_file_already_there_gets_a_free_name_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("report.txt");
        std::fs::write(&a, "1").unwrap();
        std::fs::write(dir.path().join("report (1).txt"), "2").unwrap();
        assert_eq!(free_name(&a), dir.path().join("report (2).txt"));
        let choices = BTreeMap::from([(a.clone(), Existing::Skip)]);
        assert_eq!(destination(&a, &choices), None);
        assert_eq!(
            destination(&a, &BTreeMap::new()),
            Some(dir.path().join("report (2).txt"))
        );
    }
}
