//! A blob's snapshots: taken of the version shown (If-Match), listed in its details and (Show snapshots) under it
//! in the list, each viewed, saved to a file, copied (to paste anywhere as a blob of its name), promoted over its
//! blob (asked first; If-Match the version shown) or deleted (asked first; a snapshot never changes, so no
//! condition is needed).

use crate::app::context::feature::Feature;
use std::path::PathBuf;

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobEvent, BlobFeature, DetailsTab, Effects, SnapshotAct};
use crate::app::context::sent::OpDone;
use crate::app::context::{InFlight, PaneContext, Unit};
use crate::app::widgets::format::human_bytes;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;
use crate::storage::blob::Conditions;
use crate::storage::blob::{DeleteSnapshots, TransferOptions};

/// What is asked before it is done: (blob, snapshot time).
#[derive(Clone, Debug)]
enum Ask {
    Promote(String, String),
    Delete(String, String),
}

/// The Snapshots feature: a question waiting for its answer, and save dialogs open, keyed by the snapshot.
#[derive(Default)]
pub struct Snapshots {
    asking: Option<Ask>,
    saving: InFlight<(String, String), Option<Vec<PathBuf>>>,
}

impl Feature for Snapshots {
    type Pane = crate::app::blob::feature::Blob;

    fn poll(&mut self, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        for ((name, time), answer) in self.saving.ready() {
            if let Some(file) = answer.and_then(|paths| paths.into_iter().next()) {
                self.download_snapshot(core, ctx, (&name, &time), file);
            }
        }
    }

    fn windows(&mut self, egui_ctx: &egui::Context, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        let Some(asking) = self.asking.clone() else { return };
        let (title, body, yes) = match &asking {
            Ask::Delete(name, snapshot) => (
                tr!(
                    "blob-snapshots-delete-title",
                    snapshot = snapshot.as_str(),
                    name = name.as_str()
                ),
                t("blob-snapshots-delete-body"),
                t("blob-snapshots-delete-yes"),
            ),
            Ask::Promote(name, snapshot) => (
                tr!(
                    "blob-snapshots-promote-title",
                    snapshot = snapshot.as_str(),
                    name = name.as_str()
                ),
                tr!("blob-snapshots-promote-body", name = name.as_str()),
                t("blob-snapshots-promote"),
            ),
        };
        let id = egui::Id::unique(("snapshot-confirm", &core.container));
        let Some(answer) = crate::app::widgets::confirm::ask(egui_ctx, id, &title, &body, &yes, |_| {}) else {
            return;
        };
        self.asking = None;
        match (answer, asking) {
            (true, Ask::Delete(name, time)) => self.delete_snapshot(core, ctx, fx, (&name, &time)),
            (true, Ask::Promote(name, time)) => self.promote(core, ctx, fx, (&name, &time)),
            (false, _) => {}
        }
    }

    fn busy(&self) -> bool {
        !self.saving.is_empty()
    }
}

impl BlobFeature for Snapshots {
    fn details_tab(&self) -> DetailsTab {
        DetailsTab::Snapshots
    }

    fn event(&mut self, event: &BlobEvent, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        if let BlobEvent::SnapshotRow { blob, snapshot, act } = event {
            self.act(core, ctx, fx, (blob, snapshot), act);
        }
    }

    fn blob_actions_ui(
        &mut self,
        ui: &mut egui::Ui,
        blob: &str,
        core: &BlobCore,
        ctx: &mut PaneContext,
        fx: &mut Effects,
    ) {
        if ui
            .button(t("blob-snapshots-now"))
            .on_hover_text(t("blob-snapshots-now-hint"))
            .clicked()
        {
            self.snapshot(core, ctx, fx, blob);
        }
    }

    fn blob_ui(&mut self, ui: &mut egui::Ui, name: &str, core: &BlobCore, _: &mut PaneContext, fx: &mut Effects) {
        ui.separator();
        ui.strong(t("blob-snapshots-title"));
        let details = core.details.as_ref();
        let snaps = details.and_then(|d| d.snapshots.clone()).unwrap_or_default();
        if let Some(e) = details.and_then(|d| d.snapshots_failed.as_ref()) {
            let said = tr!("blob-snapshots-unlisted", error = e.evidence().to_string());
            ui.colored_label(ui.visuals().error_fg_color, said);
        } else if snaps.is_empty() {
            ui.weak(t("blob-snapshots-none"));
        }
        for s in snaps {
            let time = s.snapshot.clone().unwrap_or_default();
            // Short buttons (the time is shown once, before them): three with the whole time each would run far
            // past the panel. Each still names its snapshot to a screen reader.
            let button = |ui: &mut egui::Ui, verb: &str| {
                let verb = t(verb);
                let r = ui.small_button(&verb);
                let name = format!("{verb} {time}");
                r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
                r.clicked()
            };
            ui.horizontal_wrapped(|ui| {
                ui.monospace(&time);
                ui.label(human_bytes(s.properties.content_length));
                if button(ui, "blob-snapshots-view") {
                    fx.preview(name, Some(&time));
                }
                if button(ui, "blob-snapshots-promote") {
                    self.asking = Some(Ask::Promote(name.to_string(), time.clone()));
                }
                if button(ui, "blob-snapshots-delete") {
                    self.asking = Some(Ask::Delete(name.to_string(), time.clone()));
                }
            });
        }
    }
}

impl Snapshots {
    /// Carries out what was asked of snapshot `time` of blob `name` from its row in the list.
    fn act(
        &mut self,
        core: &BlobCore,
        ctx: &mut PaneContext,
        fx: &mut Effects,
        (name, time): (&str, &str),
        what: &SnapshotAct,
    ) {
        match what {
            SnapshotAct::Open => fx.select(name),
            SnapshotAct::Download => {
                let file = crate::app::blob::features::downloads::snapshot_file_name(name, time);
                // The dialog's title in the window's language (`save_file` takes only a fixed one).
                let (dialogs, title) = (ctx.dialogs.clone(), t("blob-snapshots-save-as"));
                let asked = ctx
                    .backend
                    .spawn_blocking(move || dialogs.save_file(&title, &file).map(|p| vec![p]));
                self.saving.start((name.to_string(), time.to_string()), asked);
            }
            SnapshotAct::Copy => {
                let items = vec![(name.to_string(), None)];
                let said = crate::app::blob::features::copy_paste::put_on_clipboard(
                    core,
                    ctx,
                    items,
                    false,
                    Some(time.to_string()),
                );
                fx.say(Ok(said));
            }
            SnapshotAct::Promote => self.asking = Some(Ask::Promote(name.to_string(), time.to_string())),
        }
    }

    /// Takes a snapshot of the version shown (If-Match its ETag): a snapshot of a version nobody looked at
    /// would be a record of something else.
    pub fn snapshot(&mut self, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects, name: &str) {
        let Some(etag) = core.shown_etag(name) else {
            fx.fail(StorageError::invalid(
                t("blob-snapshots-op-snapshot"),
                tr!("blob-snapshots-loading", name = name),
            ));
            return;
        };
        let (client, container, name) = (ctx.client.clone(), core.container.clone(), name.to_string());
        let conditions = Conditions::if_match(etag).with_lease(ctx.leases.id_for_write(&core.key(Some(&name))));
        let for_blob = Some(name.clone());
        let work = ctx.send(async move {
            let r = client.snapshot_blob(&container, &name, &conditions).await;
            OpDone {
                message: r.map(|s| tr!("blob-snapshots-taken", name = name.as_str(), time = s.to_string())),
                lease: None,
            }
        });
        fx.op(for_blob, work);
    }

    /// Copies a snapshot over its base blob, if the base is still the version shown.
    pub fn promote(
        &mut self,
        core: &BlobCore,
        ctx: &mut PaneContext,
        fx: &mut Effects,
        (name, snapshot): (&str, &str),
    ) {
        // The details' version when they show this blob, else the listing's (promoted from a snapshot's row).
        let etag = core.shown_etag(name).or_else(|| {
            let listed = core.listed_blob(name).map(|b| b.properties.etag.clone());
            listed.filter(|e| !e.is_empty())
        });
        // The copy is conditional on the version shown; with none shown yet there is nothing to condition on.
        if etag.is_none() {
            fx.fail(StorageError::invalid(
                t("blob-snapshots-op-promote"),
                tr!("blob-snapshots-promote-loading", name = name),
            ));
            return;
        }
        let lease = ctx.leases.id_for_write(&core.key(Some(name)));
        let (client, container, name) = (ctx.client.clone(), core.container.clone(), name.to_string());
        let snapshot = snapshot.to_string();
        let for_blob = Some(name.clone());
        let work = ctx.send(async move {
            let conditions = Conditions {
                if_match: etag,
                ..Conditions::none()
            }
            .with_lease(lease);
            let r = client
                .copy_blob((&container, &name, Some(&snapshot)), (&container, &name), &conditions)
                .await;
            OpDone {
                message: r.map(|_| {
                    tr!(
                        "blob-snapshots-promoted",
                        snapshot = snapshot.as_str(),
                        name = name.as_str()
                    )
                }),
                lease: None,
            }
        });
        fx.op(for_blob, work);
    }

    /// Deletes one snapshot, with no condition: a snapshot never changes, so there is no newer version of it
    /// to lose (the confirmation says so).
    pub fn delete_snapshot(
        &mut self,
        core: &BlobCore,
        ctx: &mut PaneContext,
        fx: &mut Effects,
        (name, snapshot): (&str, &str),
    ) {
        let (client, container, name) = (ctx.client.clone(), core.container.clone(), name.to_string());
        let snapshot = snapshot.to_string();
        let for_blob = Some(name.clone());
        let work = ctx.send(async move {
            let r = client
                .delete_blob(
                    &container,
                    &name,
                    Some(&snapshot),
                    DeleteSnapshots::None,
                    &Conditions::none(),
                )
                .await;
            OpDone {
                message: r.map(|_| {
                    tr!(
                        "blob-snapshots-deleted",
                        snapshot = snapshot.as_str(),
                        name = name.as_str()
                    )
                }),
                lease: None,
            }
        });
        fx.op(for_blob, work);
    }

    /// Saves one snapshot of `name` to `file` (the save dialog asked about a file already there), as a job.
    pub fn download_snapshot(
        &mut self,
        core: &BlobCore,
        ctx: &mut PaneContext,
        (name, snapshot): (&str, &str),
        file: PathBuf,
    ) {
        // The save dialog asked about a file there when it was chosen: only that one may be replaced. A file
        // that appears there while the job runs is kept, and the snapshot saved beside it (as downloads do).
        let replace = file.exists();
        let state = (
            ctx.client.clone(),
            core.container.clone(),
            name.to_string(),
            snapshot.to_string(),
            file,
        );
        let title = tr!("blob-snapshots-download-title", snapshot = snapshot, name = name);
        ctx.start_job(
            title,
            Unit::Bytes,
            state,
            move |job, (client, container, name, snapshot, file)| async move {
                let options = TransferOptions {
                    replace_existing: replace,
                    ..TransferOptions::default()
                };
                let got = client.download_file(
                    &container,
                    &name,
                    Some(&snapshot),
                    &file,
                    &options,
                    &job.progress,
                    &job.cancel,
                );
                let saved_as = got.await?.saved_as;
                let said = tr!("blob-snapshots-saved-as", file = saved_as.display().to_string());
                Ok(said + &crate::app::blob::features::resumable::beside(&file, &saved_as))
            },
        );
    }
}
