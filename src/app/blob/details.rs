//! The side panel of a container tab: the selected blob's properties, metadata and headers (saved with
//! If-Match), its lease controls, snapshots, preview and SAS; with no blob selected, the container's own.

use crate::app::blob::actions::LeaseAction;
use crate::app::blob::pane::{BlobConfirm, BlobPane, Preview};
use crate::app::blob::view::lease_label;
use crate::app::context::PaneContext;
use crate::app::widgets::format::{human_bytes, thousands, utc_opt};

pub(super) fn details(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    let dark = ui.visuals().dark_mode;
    let Some(name) = pane.details.as_ref().map(|d| d.name.clone()) else {
        container_details(pane, ui, ctx);
        return;
    };
    ui.heading(&name);
    let key = pane.key(Some(&name));
    // The same rows while loading, so nothing below moves when the properties arrive.
    let props = pane.details.as_ref().and_then(|d| d.props.clone());
    let value = |f: &dyn Fn(&crate::storage::blob::BlobProperties) -> String| {
        props.as_ref().map(f).unwrap_or_else(|| "…".into())
    };
    // The actions first, where the panel opens: lease, snapshot, download, the lab; the properties below.
    ui.horizontal_wrapped(|ui| {
        if ui.button("Preview").clicked() {
            pane.preview(ctx, &name, None);
        }
        if ui.button("Download this blob…").clicked() {
            pane.selection = std::iter::once(name.clone()).collect();
            pane.ask(ctx, crate::app::blob::pane::DialogFor::Download);
        }
        if ui.button("Snapshot now").clicked() {
            pane.snapshot(ctx, &name);
        }
        if ui.button("Open in conflict lab").clicked() {
            *ctx.lab = Some(crate::app::context::open_lab::FreeTarget::Blob {
                container: pane.container.clone(),
                blob: name.clone(),
            });
        }
    });
    match &props {
        Some(p) => {
            ui.horizontal(|ui| {
                ui.label("Lease now:");
                ui.label(lease_label(ctx.leases, &key, &p.lease, dark));
            });
        }
        None => {
            ui.label("Loading the properties…");
        }
    }
    let held = ctx.leases.held(&key).map(|h| h.lease_id.clone());
    ui.label(format!("This app's lease id: {}", held.as_deref().unwrap_or("none")));
    lease_controls(pane, ui, ctx, Some(name.clone()));
    ui.separator();
    egui::Grid::new("blob-props").striped(true).show(ui, |ui| {
        let mut row = |k: &str, v: String| {
            ui.label(k);
            ui.label(v);
            ui.end_row();
        };
        row("ETag", value(&|p| p.etag.clone()));
        row("Last-Modified", value(&|p| utc_opt(p.last_modified)));
        row(
            "Size",
            value(&|p| {
                format!(
                    "{} ({} bytes)",
                    human_bytes(p.content_length),
                    thousands(p.content_length)
                )
            }),
        );
        row(
            "Content-MD5",
            value(&|p| p.http.content_md5.clone().unwrap_or_else(|| "(none)".into())),
        );
        row("Blob type", value(&|p| p.blob_type.clone()));
        row("Access tier", value(&|p| p.access_tier.clone().unwrap_or_default()));
        row("Lease state", value(&|p| p.lease.state.as_str().into()));
        row(
            "Lease status",
            value(&|p| if p.lease.locked { "locked" } else { "unlocked" }.into()),
        );
        row(
            "Lease duration",
            value(&|p| match p.lease.infinite {
                Some(true) => "infinite".into(),
                Some(false) => "fixed".into(),
                None => "-".into(),
            }),
        );
        row("Created", value(&|p| utc_opt(p.created)));
        // An empty cell here read as if the next line (the lease indicator) were its value.
        row(
            "Copy status",
            value(&|p| p.copy_status.clone().unwrap_or_else(|| "(none: not a copy)".into())),
        );
    });
    ui.separator();
    ui.strong("Metadata and HTTP headers (saved with If-Match the ETag above)");
    if let Some(d) = &mut pane.details {
        crate::app::widgets::metadata_edit::rows(ui, &mut d.metadata, None);
        crate::app::widgets::metadata_edit::add_button(ui, &mut d.metadata, None);
        let fields: [(&str, &mut Option<String>); 5] = [
            ("Content-Type", &mut d.http.content_type),
            ("Content-Encoding", &mut d.http.content_encoding),
            ("Content-Language", &mut d.http.content_language),
            ("Content-Disposition", &mut d.http.content_disposition),
            ("Cache-Control", &mut d.http.cache_control),
        ];
        for (label, value) in fields {
            ui.horizontal(|ui| {
                let l = ui.label(format!("{label}:"));
                let mut text = value.clone().unwrap_or_default();
                if ui
                    .add(egui::TextEdit::singleline(&mut text).desired_width(200.0))
                    .labelled_by(l.id)
                    .changed()
                {
                    *value = Some(text).filter(|t| !t.is_empty());
                }
            });
        }
    }
    if ui.button("Save properties").clicked() {
        pane.save_details(ctx);
    }
    sas_controls(pane, ui, ctx, Some(&name));
    ui.separator();
    ui.strong("Snapshots");
    let snaps = pane
        .details
        .as_ref()
        .and_then(|d| d.snapshots.clone())
        .unwrap_or_default();
    if snaps.is_empty() {
        ui.weak("No snapshots.");
    }
    for s in snaps {
        let time = s.snapshot.clone().unwrap_or_default();
        ui.horizontal(|ui| {
            ui.monospace(&time);
            ui.label(human_bytes(s.properties.content_length));
            if ui.small_button(format!("View {time}")).clicked() {
                pane.preview(ctx, &name, Some(&time));
            }
            if ui.small_button(format!("Promote {time}")).clicked() {
                pane.promote(ctx, &name, &time);
            }
            if ui.small_button(format!("Delete {time}")).clicked() {
                pane.confirm = Some(BlobConfirm::DeleteSnapshot {
                    name: name.clone(),
                    snapshot: time.clone(),
                });
            }
        });
    }
    preview(pane, ui);
}

fn container_details(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    ui.heading(format!("Container {}", pane.container));
    if let Some((props, _)) = &pane.container_props {
        ui.label(format!("ETag: {}", props.etag));
        ui.label(format!("Last modified: {}", utc_opt(props.last_modified)));
    }
    crate::app::blob::container_edit::ui(pane, ui, ctx);
    ui.label("Select a blob to see its properties, lease and snapshots.");
    lease_controls(pane, ui, ctx, None);
    sas_controls(pane, ui, ctx, None);
}

fn lease_controls(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext, blob: Option<String>) {
    ui.separator();
    ui.strong(if blob.is_some() {
        "Lease on this blob"
    } else {
        "Lease on the container"
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Duration:");
        for s in [15, 30, 60] {
            if ui
                .selectable_label(
                    !pane.lease_form.infinite && pane.lease_form.seconds == s,
                    format!("{s} s lease"),
                )
                .clicked()
            {
                pane.lease_form.seconds = s;
                pane.lease_form.infinite = false;
            }
        }
        if ui
            .selectable_label(pane.lease_form.infinite, "infinite lease")
            .clicked()
        {
            pane.lease_form.infinite = true;
        }
    });
    ui.horizontal(|ui| {
        let l = ui.label("Proposed id:");
        ui.add(
            egui::TextEdit::singleline(&mut pane.lease_form.proposed)
                .desired_width(250.0)
                .hint_text("optional GUID"),
        )
        .labelled_by(l.id);
    });
    ui.horizontal_wrapped(|ui| {
        for (label, action) in [
            ("Acquire lease", LeaseAction::Acquire),
            ("Renew lease", LeaseAction::Renew),
            ("Change lease id", LeaseAction::Change),
            ("Release lease", LeaseAction::Release),
        ] {
            if ui.button(label).clicked() {
                pane.lease_action(ctx, blob.clone(), action);
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Break period:");
        for p in [0, 3, 10, 30, 60] {
            ui.selectable_value(&mut pane.lease_form.break_period, p, format!("{p} s break"));
        }
        if ui.button("Break lease").clicked() {
            pane.lease_action(ctx, blob.clone(), LeaseAction::Break);
        }
    });
}

fn sas_controls(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext, blob: Option<&str>) {
    ui.collapsing("SAS URL", |ui| {
        ui.horizontal_wrapped(|ui| {
            let p = &mut pane.sas_permissions;
            ui.checkbox(&mut p.read, "read");
            ui.checkbox(&mut p.add, "add");
            ui.checkbox(&mut p.create, "create");
            ui.checkbox(&mut p.write, "write");
            ui.checkbox(&mut p.delete, "delete");
            if blob.is_none() {
                ui.checkbox(&mut p.list, "list");
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("valid for");
            for h in [1, 8, 24, 168] {
                ui.selectable_value(&mut pane.sas_hours, h, format!("{h} h"));
            }
        });
        // A signed-in account has no key: it signs with a user delegation key the service gives it.
        let signed_in = matches!(ctx.client.account().credential, crate::storage::Credential::Bearer(_));
        let label = if signed_in {
            "Copy user delegation SAS URL"
        } else {
            "Copy SAS URL"
        };
        if ui
            .add_enabled(pane.sas_making.is_none(), egui::Button::new(label))
            .clicked()
        {
            pane.make_sas_url(ctx, blob);
        }
    });
}

fn preview(pane: &BlobPane, ui: &mut egui::Ui) {
    let Some(p) = &pane.preview else { return };
    ui.separator();
    match p {
        Preview::Loading(n) => {
            ui.label(format!("Loading a preview of {n}…"));
        }
        Preview::Text(n, text) => {
            ui.strong(format!("Preview of {n} (text, first 64 KiB)"));
            let mut t = text.as_str();
            ui.add(egui::TextEdit::multiline(&mut t).code_editor().desired_rows(10))
                .accessible_name("Preview text");
        }
        Preview::Hex(n, hex) => {
            ui.strong(format!("Preview of {n} (hex, first bytes)"));
            ui.monospace(hex);
        }
        Preview::Image(n, bytes) => {
            ui.strong(format!("Preview of {n} (image)"));
            ui.add(
                egui::Image::from_bytes(
                    format!("bytes://{}/{n}", pane.container),
                    egui::load::Bytes::Shared(bytes.clone()),
                )
                .max_width(360.0),
            );
        }
        Preview::Failed(n, e) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("No preview of {n}: {}", e.plain_words()),
            );
        }
    }
}
