//! Drawing a container tab: breadcrumbs, toolbar, the listing with lease and ETag indicators, the side panel
//! with the selected blob's properties, leases, snapshots and preview, and the confirmations.

use egui::{Color32, RichText};
use egui_extras::{Column, TableBuilder};

use crate::app::blob::pane::{BlobConfirm, BlobPane, DialogFor, LeaseAction, Preview, UploadMode};
use crate::app::context::PaneContext;
use crate::app::context::leases::LeaseBook;
use crate::app::widgets::format::{count, human_bytes, thousands, utc_opt};
use crate::storage::blob::{LeaseInfo, LeaseState, PublicAccess};

pub fn ui(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext, refresh: bool) {
    if refresh || !pane.started {
        pane.list(ctx);
    }
    dropped_files(pane, ui, ctx);
    header(pane, ui, ctx);
    toolbar(pane, ui, ctx);
    if let Some(msg) = &pane.message {
        match msg {
            Ok(m) => ui.label(m),
            Err(e) => ui.colored_label(ui.visuals().error_fg_color, e.plain_words()),
        };
    }
    if let Some(e) = &pane.error {
        ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
    }
    // The list keeps at least 260 points, whatever width an earlier run left the details at.
    let widest = (ui.available_width() - 260.0).max(200.0);
    egui::Panel::right(("blob-details", &pane.container))
        .resizable(true)
        .default_size(520.0)
        .max_size(widest)
        .show(ui, |ui| {
            // Both ways: wide details scroll inside the panel instead of widening it over the list.
            egui::ScrollArea::both()
                .id_salt("blob-details-scroll")
                .show(ui, |ui| details(pane, ui, ctx));
        });
    egui::CollapsingHeader::new("Lease timeline")
        .id_salt(("lease-timeline", &pane.container))
        .show(ui, |ui| {
            let in_view = pane.leases_seen.only(pane.blobs.iter().map(|b| b.name.as_str()));
            in_view.ui(ui, &pane.container);
        });
    listing(pane, ui, ctx);
    confirm(pane, ui.ctx(), ctx);
}

fn dropped_files(pane: &mut BlobPane, ui: &egui::Ui, ctx: &mut PaneContext) {
    let dropped: Vec<std::path::PathBuf> =
        ui.input(|i| i.raw.dropped_files.iter().map(|f| f.path().to_path_buf()).collect());
    if !dropped.is_empty() {
        let (files, folders): (Vec<_>, Vec<_>) = dropped.into_iter().partition(|p| p.is_file());
        pane.upload(ctx, files, None);
        for folder in folders {
            let files = crate::app::blob::transfers::walk(&folder);
            pane.upload(ctx, files, Some(folder));
        }
    }
}

fn header(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    ui.horizontal(|ui| {
        if ui
            .add_enabled(!pane.back.is_empty(), egui::Button::new("Back"))
            .clicked()
        {
            pane.go_back(ctx);
        }
        if ui
            .add_enabled(!pane.prefix.is_empty(), egui::Button::new("Up"))
            .clicked()
        {
            pane.go_up(ctx);
        }
        ui.label("Path:");
        for (label, prefix) in pane.breadcrumbs() {
            if ui.link(format!("{label}/")).clicked() {
                pane.open_folder(ctx, &prefix);
            }
        }
        ui.separator();
        if ui.checkbox(&mut pane.flat, "Flat listing (no folders)").changed() {
            pane.list(ctx);
        }
        if let Some((props, _)) = &pane.container_props {
            if props.public_access != PublicAccess::None {
                ui.label(
                    RichText::new(format!("PUBLIC ({:?} access)", props.public_access))
                        .color(Color32::from_rgb(200, 120, 0))
                        .strong(),
                );
            }
            let (words, _) = ctx.leases.describe(&pane.key(None), &props.lease);
            ui.label(format!("Container lease: {words}"));
        }
    });
}

fn toolbar(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(pane.next_marker.is_some(), egui::Button::new("Load more"))
            .clicked()
        {
            pane.load_more(ctx);
        }
        ui.label(format!(
            "{} and {} shown{}",
            count(pane.blobs.len(), "blob"),
            count(pane.folders.len(), "folder"),
            if pane.next_marker.is_some() {
                " · more available"
            } else {
                ""
            }
        ));
        ui.separator();
        egui::ComboBox::from_label("Uploads")
            .selected_text(pane.upload_mode.describe())
            .show_ui(ui, |ui| {
                for m in [
                    UploadMode::OnlyIfNew,
                    UploadMode::OnlyIfUnchanged,
                    UploadMode::Overwrite,
                ] {
                    ui.selectable_value(&mut pane.upload_mode, m, m.describe());
                }
            });
        if ui.button("Upload files…").clicked() {
            pane.ask(ctx, DialogFor::UploadFiles);
        }
        if ui.button("Upload folder…").clicked() {
            pane.ask(ctx, DialogFor::UploadFolder);
        }
        let any = !pane.selection.is_empty();
        if ui.add_enabled(any, egui::Button::new("Download…")).clicked() {
            pane.ask(ctx, DialogFor::Download);
        }
        let blobs: Vec<String> = pane.selection.iter().filter(|n| !n.ends_with('/')).cloned().collect();
        if ui
            .add_enabled(!blobs.is_empty(), egui::Button::new("Delete…"))
            .clicked()
        {
            pane.confirm = Some(BlobConfirm::DeleteBlobs {
                names: blobs,
                with_snapshots: true,
            });
        }
        if ui.button("Refresh").on_hover_text("Ctrl+R").clicked() {
            pane.list(ctx);
        }
        if ui.button("Delete container…").clicked() {
            pane.confirm = Some(BlobConfirm::DeleteContainer);
        }
    });
}

/// The lease indicator: a symbol and words, coloured by state.
pub fn lease_label(
    book: &LeaseBook,
    key: &crate::app::context::leases::LeaseKey,
    info: &LeaseInfo,
    dark: bool,
) -> RichText {
    let (words, _) = book.describe(key, info);
    let (symbol, color) = match info.state {
        LeaseState::Available => ("", if dark { Color32::GRAY } else { Color32::DARK_GRAY }),
        LeaseState::Leased => ("[L] ", Color32::from_rgb(0xd0, 0x60, 0x20)),
        LeaseState::Expired => ("[E] ", Color32::from_rgb(0x70, 0x70, 0xa0)),
        LeaseState::Breaking => ("[B] ", Color32::from_rgb(0xc0, 0x30, 0x30)),
        LeaseState::Broken => ("[X] ", Color32::from_rgb(0x80, 0x40, 0x40)),
    };
    RichText::new(format!("{symbol}{words}")).color(color)
}

fn listing(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    let dark = ui.visuals().dark_mode;
    ui.style_mut().interaction.selectable_labels = false;
    let mut open_folder = None;
    let mut clicked: Option<(String, bool)> = None;
    let modifiers = ui.input(|i| i.modifiers);
    let folders = pane.folders.clone();
    let rows = folders.len() + pane.blobs.len();
    // A solid bar takes its own space: a floating one would cover the last blob of a short list.
    ui.style_mut().spacing.scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::horizontal()
        .id_salt(("blobs-h", &pane.container))
        .show(ui, |ui| {
            TableBuilder::new(ui)
                .id_salt(("blobs", &pane.container))
                .striped(true)
                .sense(egui::Sense::click())
                .column(Column::initial(240.0).at_least(80.0).resizable(true).clip(true))
                .column(Column::initial(250.0).resizable(true).clip(true))
                .column(Column::initial(170.0).resizable(true).clip(true))
                .column(Column::initial(70.0).resizable(true))
                .column(Column::initial(110.0).resizable(true).clip(true))
                .column(Column::initial(50.0).resizable(true))
                .column(Column::remainder().at_least(170.0).clip(true))
                .header(20.0, |mut h| {
                    for title in ["Name", "Lease", "ETag", "Size", "Content type", "Tier", "Last modified"] {
                        h.col(|ui| {
                            ui.strong(title);
                        });
                    }
                })
                .body(|body| {
                    body.rows(18.0, rows, |mut row| {
                        let i = row.index();
                        if i < folders.len() {
                            let f = &folders[i];
                            let shown = f.strip_prefix(&pane.prefix).unwrap_or(f);
                            row.set_selected(pane.selection.contains(f));
                            row.col(|ui| {
                                ui.label(RichText::new(format!("{shown} (folder)")).strong());
                            });
                            for _ in 0..6 {
                                row.col(|_| {});
                            }
                            // A click opens the folder; Ctrl+click selects it (to download it).
                            if row.response().clicked() {
                                if modifiers.command || modifiers.ctrl {
                                    clicked = Some((f.clone(), true));
                                } else {
                                    open_folder = Some(f.clone());
                                }
                            }
                            return;
                        }
                        let b = &pane.blobs[i - folders.len()];
                        row.set_selected(pane.selection.contains(&b.name));
                        let shown = if pane.flat {
                            b.name.as_str()
                        } else {
                            b.name.strip_prefix(&pane.prefix).unwrap_or(&b.name)
                        };
                        let p = &b.properties;
                        row.col(|ui| {
                            ui.label(shown);
                        });
                        row.col(|ui| {
                            ui.label(lease_label(ctx.leases, &pane.key(Some(&b.name)), &p.lease, dark));
                        });
                        row.col(|ui| {
                            ui.monospace(&p.etag);
                        });
                        row.col(|ui| {
                            ui.label(human_bytes(p.content_length));
                        });
                        row.col(|ui| {
                            ui.label(p.http.content_type.as_deref().unwrap_or(""));
                        });
                        row.col(|ui| {
                            ui.label(p.access_tier.as_deref().unwrap_or(""));
                        });
                        row.col(|ui| {
                            ui.label(utc_opt(p.last_modified));
                        });
                        if row.response().clicked() {
                            clicked = Some((b.name.clone(), modifiers.command || modifiers.ctrl));
                        }
                    });
                });
        });
    if let Some(f) = open_folder {
        pane.open_folder(ctx, &f);
    } else if let Some((name, add)) = clicked {
        if name.ends_with('/') {
            if !add {
                pane.selection.clear();
            }
            pane.selection.insert(name);
        } else {
            pane.select(ctx, &name, add);
        }
    }
}

fn details(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
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
    ui.horizontal(|ui| {
        if ui.button("Save properties").clicked() {
            pane.save_details(ctx);
        }
        if ui.button("Preview").clicked() {
            pane.preview(ctx, &name, None);
        }
        if ui.button("Snapshot now").clicked() {
            pane.snapshot(ctx, &name);
        }
        if ui.button("Open in conflict lab").clicked() {
            *ctx.lab = Some(crate::app::lab::open::FreeTarget::Blob {
                container: pane.container.clone(),
                blob: name.clone(),
            });
        }
    });
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
        if ui.button("Copy SAS URL").clicked() {
            match pane.sas_url(ctx.client, blob) {
                Ok(url) => {
                    ui.ctx().copy_text(url);
                    pane.message = Some(Ok(
                        "SAS URL copied to the clipboard (it is a secret: share it with care).".into(),
                    ));
                }
                Err(e) => pane.message = Some(Err(e)),
            }
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

fn confirm(pane: &mut BlobPane, egui_ctx: &egui::Context, ctx: &mut PaneContext) {
    let Some(c) = pane.confirm.clone() else { return };
    let (title, body, yes) = match &c {
        BlobConfirm::DeleteBlobs { names, .. } => (
            format!("Delete {} blob(s) from `{}`?", names.len(), pane.container),
            names.iter().take(10).cloned().collect::<Vec<_>>().join(", "),
            format!("Delete {} blob(s)", names.len()),
        ),
        BlobConfirm::DeleteSnapshot { name, snapshot } => (
            format!("Delete the snapshot {snapshot} of `{name}`?"),
            "Only this snapshot goes; the blob stays.".into(),
            "Delete snapshot".into(),
        ),
        BlobConfirm::DeleteContainer => (
            format!("Delete container `{}`?", pane.container),
            "The container and every blob in it will be deleted. A leased container needs this app's lease id.".into(),
            format!("Delete {}", pane.container),
        ),
    };
    let id = egui::Id::unique(("blob-confirm", &pane.container));
    let answer = crate::app::widgets::confirm::ask(egui_ctx, id, &title, &body, &yes, |ui| {
        if let Some(BlobConfirm::DeleteBlobs { with_snapshots, .. }) = &mut pane.confirm {
            ui.checkbox(with_snapshots, "also delete their snapshots");
        }
    });
    let Some(yes) = answer else { return };
    let c = pane.confirm.take().unwrap_or(c);
    if !yes {
        return;
    }
    match c {
        BlobConfirm::DeleteBlobs { names, with_snapshots } => pane.delete_blobs(ctx, names, with_snapshots),
        BlobConfirm::DeleteSnapshot { name, snapshot } => pane.delete_snapshot(ctx, &name, &snapshot),
        BlobConfirm::DeleteContainer => {
            let (client, container) = (ctx.client.clone(), pane.container.clone());
            let lease = ctx.leases.id_for_write(&pane.key(None));
            pane.run(ctx, async move {
                let r = client
                    .delete_container(
                        &container,
                        &crate::storage::blob::conditions::Conditions::none().with_lease(lease),
                    )
                    .await;
                crate::app::blob::pane::OpDone {
                    message: r.map(|_| format!("Deleted container `{container}`; close this tab.")),
                    lease: None,
                }
            });
        }
    }
}
