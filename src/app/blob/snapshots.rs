//! A blob's snapshots: taken of the version shown (If-Match), listed in its details and (Show snapshots) under it
//! in the list, each viewed, saved to a file, copied (to paste anywhere as a blob of its name), promoted over its
//! blob (asked first; If-Match the version shown) or deleted (asked first; a snapshot never changes, so no
//! condition is needed).

use std::path::PathBuf;

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobEvent, BlobFeature, DetailsTab, Effects, SnapshotAct};
use crate::app::context::sent::OpDone;
use crate::app::context::{InFlight, PaneContext, Unit};
use crate::app::widgets::format::human_bytes;
use crate::storage::StorageError;
use crate::storage::blob::conditions::Conditions;
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

impl BlobFeature for Snapshots {
    fn details_tab(&self) -> DetailsTab {
        DetailsTab::Snapshots
    }

    fn event(&mut self, event: &BlobEvent, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        if let BlobEvent::SnapshotRow { blob, snapshot, act } = event {
            self.act(core, ctx, fx, (blob, snapshot), act);
        }
    }

    fn poll(&mut self, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        for ((name, time), answer) in self.saving.ready() {
            if let Some(file) = answer.and_then(|paths| paths.into_iter().next()) {
                self.download_snapshot(core, ctx, (&name, &time), file);
            }
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
            .button("Snapshot now")
            .on_hover_text("Of the version shown (If-Match its ETag)")
            .clicked()
        {
            self.snapshot(core, ctx, fx, blob);
        }
    }

    fn blob_ui(&mut self, ui: &mut egui::Ui, name: &str, core: &BlobCore, _: &mut PaneContext, fx: &mut Effects) {
        ui.separator();
        ui.strong("Snapshots");
        let snaps = core
            .details
            .as_ref()
            .and_then(|d| d.snapshots.clone())
            .unwrap_or_default();
        if snaps.is_empty() {
            ui.weak("No snapshots.");
        }
        for s in snaps {
            let time = s.snapshot.clone().unwrap_or_default();
            // Short buttons (the time is shown once, before them): three with the whole time each would run far
            // past the panel. Each still names its snapshot to a screen reader.
            let button = |ui: &mut egui::Ui, verb: &str| {
                let r = ui.small_button(verb);
                let name = format!("{verb} {time}");
                r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
                r.clicked()
            };
            ui.horizontal_wrapped(|ui| {
                ui.monospace(&time);
                ui.label(human_bytes(s.properties.content_length));
                if button(ui, "View") {
                    fx.preview(name, Some(&time));
                }
                if button(ui, "Promote") {
                    self.asking = Some(Ask::Promote(name.to_string(), time.clone()));
                }
                if button(ui, "Delete") {
                    self.asking = Some(Ask::Delete(name.to_string(), time.clone()));
                }
            });
        }
    }

    fn windows(&mut self, egui_ctx: &egui::Context, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        let Some(asking) = self.asking.clone() else { return };
        let (title, body, yes) = match &asking {
            Ask::Delete(name, snapshot) => (
                format!("Delete the snapshot {snapshot} of `{name}`?"),
                "Only this snapshot goes; the blob stays. No condition is sent: a snapshot never changes, so there \
                 is no newer version of it to lose."
                    .to_string(),
                "Delete snapshot",
            ),
            Ask::Promote(name, snapshot) => (
                format!("Promote the snapshot {snapshot} of `{name}`?"),
                format!(
                    "`{name}` becomes what the snapshot holds (content, properties, metadata). What it holds now is \
                     lost unless a snapshot keeps it. Sent only if `{name}` is still the version shown (If-Match)."
                ),
                "Promote",
            ),
        };
        let id = egui::Id::unique(("snapshot-confirm", &core.container));
        let Some(answer) = crate::app::widgets::confirm::ask(egui_ctx, id, &title, &body, yes, |_| {}) else {
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
                let file = crate::app::blob::downloads::snapshot_file_name(name, time);
                let asked = ctx.save_file("Save the snapshot as", file);
                self.saving.start((name.to_string(), time.to_string()), asked);
            }
            SnapshotAct::Copy => {
                let items = vec![(name.to_string(), None)];
                let said =
                    crate::app::blob::copy_paste::put_on_clipboard(core, ctx, items, false, Some(time.to_string()));
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
                "Snapshot",
                format!("The properties of `{name}` are still loading; snapshot once its ETag shows."),
            ));
            return;
        };
        let (client, container, name) = (ctx.client.clone(), core.container.clone(), name.to_string());
        let conditions = Conditions::if_match(etag).with_lease(ctx.leases.id_for_write(&core.key(Some(&name))));
        fx.op(ctx.send(async move {
            let r = client.snapshot_blob(&container, &name, &conditions).await;
            OpDone {
                message: r.map(|s| format!("Snapshot of `{name}` taken at {s}")),
                lease: None,
            }
        }));
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
                "Promote the snapshot",
                format!("The properties of `{name}` are still loading; promote once its ETag shows."),
            ));
            return;
        }
        let lease = ctx.leases.id_for_write(&core.key(Some(name)));
        let (client, container, name) = (ctx.client.clone(), core.container.clone(), name.to_string());
        let snapshot = snapshot.to_string();
        fx.op(ctx.send(async move {
            let conditions = Conditions {
                if_match: etag,
                ..Conditions::none()
            }
            .with_lease(lease);
            let r = client
                .copy_blob((&container, &name, Some(&snapshot)), (&container, &name), &conditions)
                .await;
            OpDone {
                message: r.map(|_| format!("Promoted the snapshot {snapshot} to be `{name}` again")),
                lease: None,
            }
        }));
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
        fx.op(ctx.send(async move {
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
                message: r.map(|_| format!("Deleted the snapshot {snapshot} of `{name}`")),
                lease: None,
            }
        }));
    }

    /// Saves one snapshot of `name` to `file` (the save dialog asked about a file already there), as a job.
    pub fn download_snapshot(
        &mut self,
        core: &BlobCore,
        ctx: &mut PaneContext,
        (name, snapshot): (&str, &str),
        file: PathBuf,
    ) {
        let state = (
            ctx.client.clone(),
            core.container.clone(),
            name.to_string(),
            snapshot.to_string(),
            file,
        );
        let title = format!("Download the snapshot {snapshot} of {name}");
        ctx.start_job(
            title,
            Unit::Bytes,
            state,
            |job, (client, container, name, snapshot, file)| async move {
                // The save dialog asked about a file already there.
                let options = TransferOptions {
                    replace_existing: true,
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
                got.await?;
                Ok(format!("saved as {}", file.display()))
            },
        );
    }
}
