//! The side panel of a container tab: the selected blob's properties, metadata and headers (saved with
//! If-Match), its lease controls, snapshots, preview and SAS; with no blob selected, the container's own.

use crate::app::blob::details_form::HEADER_NAMES;
use crate::app::blob::pane::{BlobConfirm, BlobPane};
use crate::app::context::PaneContext;
use crate::app::widgets::format::{human_bytes, thousands, utc_opt};

pub(super) fn details(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    let Some(name) = pane.core.details.as_ref().map(|d| d.name.clone()) else {
        container_details(pane, ui, ctx);
        return;
    };
    ui.heading(&name);
    // The same rows while loading, so nothing below moves when the properties arrive.
    let props = pane.core.details.as_ref().and_then(|d| d.props.clone());
    let value = |f: &dyn Fn(&crate::storage::blob::BlobProperties) -> String| {
        props.as_ref().map(f).unwrap_or_else(|| "…".into())
    };
    // The actions first, where the panel opens: lease, snapshot, download, the lab; the properties below.
    ui.horizontal_wrapped(|ui| {
        let mut fx = crate::app::blob::feature::Effects::default();
        for f in pane.features.iter_mut() {
            f.blob_actions_ui(ui, &name, &pane.core, ctx, &mut fx);
        }
        pane.apply(ctx, fx);
        if ui.button("Download this blob…").clicked() {
            pane.core.selection = std::iter::once(name.clone()).collect();
            pane.ask(ctx, crate::app::blob::pane::DialogFor::Download);
        }
        if ui
            .button("Snapshot now")
            .on_hover_text("Of the version shown (If-Match its ETag)")
            .clicked()
        {
            pane.snapshot(ctx, &name);
        }
        if ui.button("Open in conflict lab").clicked() {
            *ctx.lab = Some(crate::app::context::open_lab::FreeTarget::Blob {
                container: pane.core.container.clone(),
                blob: name.clone(),
            });
        }
    });
    crate::app::blob::copy_paste::rename_ui(pane, ui, ctx, &name);
    if props.is_none() {
        ui.label("Loading the properties…");
    }
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
        row("Access tier", value(&|p| crate::app::blob::tiers::tier_words(p)));
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
    if props.as_ref().is_some_and(|p| p.access_tier.is_some()) {
        crate::app::blob::tiers::tier_controls(pane, ui, ctx, &name);
    }
    match props.as_ref().map(|p| (p.blob_type.as_str(), p.content_length)) {
        Some(("AppendBlob", _)) => {
            ui.separator();
            crate::app::blob::append_page::append_ui(pane, ui, ctx, &name);
        }
        Some(("PageBlob", size)) => {
            ui.separator();
            crate::app::blob::append_page::page_ui(pane, ui, ctx, &name, size);
        }
        _ => {}
    }
    ui.separator();
    crate::app::blob::tags_edit::tags_ui(pane, ui, ctx, &name);
    ui.separator();
    form(pane, ui, ctx, &name);
    ui.separator();
    ui.strong("Snapshots");
    let snaps = pane
        .core
        .details
        .as_ref()
        .and_then(|d| d.snapshots.clone())
        .unwrap_or_default();
    if snaps.is_empty() {
        ui.weak("No snapshots.");
    }
    for s in snaps {
        let time = s.snapshot.clone().unwrap_or_default();
        // Short buttons (the time is shown once, before them): three with the whole time each would run far past
        // the panel. Each still names its snapshot to a screen reader.
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
                let mut fx = crate::app::blob::feature::Effects::default();
                fx.preview(&name, Some(&time));
                pane.apply(ctx, fx);
            }
            if button(ui, "Promote") {
                pane.confirm = Some(BlobConfirm::PromoteSnapshot {
                    name: name.clone(),
                    snapshot: time.clone(),
                });
            }
            if button(ui, "Delete") {
                pane.confirm = Some(BlobConfirm::DeleteSnapshot {
                    name: name.clone(),
                    snapshot: time.clone(),
                });
            }
        });
    }
    let mut fx = crate::app::blob::feature::Effects::default();
    for f in pane.features.iter_mut() {
        f.blob_ui(ui, &name, &pane.core, ctx, &mut fx);
    }
    pane.apply(ctx, fx);
}

fn container_details(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    ui.heading(format!("Container {}", pane.core.container));
    if let Some((props, _)) = &pane.container_props {
        ui.label(format!("ETag: {}", props.etag));
        ui.label(format!("Last modified: {}", utc_opt(props.last_modified)));
    }
    crate::app::blob::container_edit::ui(pane, ui, ctx);
    ui.label("Select a blob to see its properties, lease and snapshots.");
    let lease = ctx.leases.id_for_write(&pane.key(None));
    pane.policies.ui(ui, ctx, lease);
    let mut fx = crate::app::blob::feature::Effects::default();
    for f in pane.features.iter_mut() {
        f.container_ui(ui, &pane.core, ctx, &mut fx);
    }
    pane.apply(ctx, fx);
}

/// The metadata and headers as the user edits them, with what the service changed under the edit marked, the
/// save, and after a 412 the user's version beside the service's.
pub(super) fn form(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext, name: &str) {
    ui.strong("Metadata and HTTP headers (saved with If-Match the ETag the edit started from)");
    let warn = ui.visuals().warn_fg_color;
    let Some(draft) = pane.forms.get_mut(name) else {
        return;
    };
    let under = draft.changed_under();
    let theirs = draft.theirs().clone();
    let moved = |ui: &mut egui::Ui, i: usize, now: String| {
        if under.contains(&i) {
            ui.colored_label(
                warn,
                format!("changed on the service since you started editing: now {now}"),
            );
        }
    };
    crate::app::widgets::metadata_edit::rows(ui, &mut draft.edit.metadata, None);
    crate::app::widgets::metadata_edit::add_button(ui, &mut draft.edit.metadata, None);
    moved(ui, 0, show_metadata(&theirs.metadata));
    for (i, label) in HEADER_NAMES.iter().enumerate() {
        let value = &mut draft.edit.headers[i];
        ui.horizontal(|ui| {
            let l = ui.label(format!("{label}:"));
            let mut text = value.clone().unwrap_or_default();
            if ui
                .add(
                    egui::TextEdit::singleline(&mut text)
                        // A stable id: a mark a refresh adds above must not move the focus to another field.
                        .id_salt(("blob-header", name, *label))
                        .desired_width(200.0),
                )
                .labelled_by(l.id)
                .changed()
            {
                *value = Some(text).filter(|t| !t.is_empty());
            }
        });
        moved(ui, i + 1, show_header(&theirs.headers[i]));
    }
    let (dirty, stale) = (draft.is_dirty(), draft.is_stale());
    let (version, theirs_version) = (draft.version().to_string(), draft.theirs_version().to_string());
    let saving = pane.forms.is_saving(name);
    let conflict = pane.forms.conflict(name).is_some();
    if dirty && stale && !conflict {
        ui.colored_label(
            warn,
            format!(
                "The blob changed on the service since you started editing (ETag {version}, now {theirs_version}): \
                 Save will be refused. Reload and re-apply your changes on its version, or overwrite it."
            ),
        );
    }
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(dirty && !saving, egui::Button::new("Save properties"))
            .clicked()
        {
            pane.save_details(ctx, false);
        }
        if saving {
            ui.spinner();
        }
        if dirty && !saving && ui.button("Discard my changes").clicked() {
            pane.forms.discard(name);
        }
    });
    if conflict || (dirty && stale) {
        conflict_ui(pane, ui, ctx, name);
    }
}

/// After a 412 (or with the service's version moved under the edit): yours beside theirs, and the three ways on.
fn conflict_ui(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext, name: &str) {
    let Some(draft) = pane.forms.get(name) else { return };
    let warn = ui.visuals().warn_fg_color;
    if pane.forms.conflict(name).is_some() {
        ui.strong("Someone else changed this blob after you loaded it: the save was refused (412).");
    }
    egui::Grid::new(("blob-conflict", name)).striped(true).show(ui, |ui| {
        ui.strong("Field");
        ui.strong("Yours");
        ui.strong("Theirs (on the service now)");
        ui.end_row();
        let rows = std::iter::once((
            "Metadata",
            show_metadata(&draft.edit.metadata),
            show_metadata(&draft.theirs().metadata),
        ))
        .chain(HEADER_NAMES.iter().enumerate().map(|(i, n)| {
            (
                *n,
                show_header(&draft.edit.headers[i]),
                show_header(&draft.theirs().headers[i]),
            )
        }));
        for (field, mine, theirs) in rows {
            let text = |s: &str| {
                if mine == theirs {
                    egui::RichText::new(s)
                } else {
                    egui::RichText::new(s).strong().color(warn)
                }
            };
            ui.label(text(field));
            ui.label(text(&mine));
            ui.label(text(&theirs));
            ui.end_row();
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button("Reload and re-apply my changes").clicked() {
            pane.forms.reapply(name);
        }
        if ui.button("Overwrite anyway (no If-Match)").clicked() {
            pane.save_details(ctx, true);
        }
        if ui.button("Discard mine").clicked() {
            pane.forms.discard(name);
        }
    });
}

fn show_header(v: &Option<String>) -> String {
    v.as_deref()
        .map(|v| format!("`{v}`"))
        .unwrap_or_else(|| "(none)".into())
}

fn show_metadata(m: &[(String, String)]) -> String {
    if m.is_empty() {
        return "(none)".into();
    }
    m.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(", ")
}
