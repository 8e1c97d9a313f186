//! The side panel of a container tab: the selected blob's properties, metadata and headers (saved with
//! If-Match), its lease controls, snapshots, preview and SAS; with no blob selected, the container's own.

use crate::app::blob::pane::BlobPane;
use crate::app::context::PaneContext;
use crate::app::context::features::DetailsTab;
use crate::app::widgets::format::{human_bytes, utc_opt};
use crate::app::widgets::i18n::{t, tr};

pub(super) fn details(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    let Some(name) = pane.core.details.as_ref().map(|d| d.name.clone()) else {
        container_details(pane, ui, ctx);
        return;
    };
    ui.heading(&name);
    // The same rows while loading, so nothing below moves when the properties arrive.
    let props = pane.core.details.as_ref().and_then(|d| d.props.clone());
    // The actions first, where the panel opens (rename, snapshot, download, the lab); the tabs below.
    ui.horizontal_wrapped(|ui| {
        let mut fx = crate::app::blob::feature::Effects::default();
        for f in pane.features.iter_mut() {
            f.blob_actions_ui(ui, &name, &pane.core, ctx, &mut fx);
        }
        pane.apply(ctx, fx);
        if ui.button(t("queue-open-lab")).clicked() {
            *ctx.lab = Some(crate::app::context::open_lab::FreeTarget::Blob {
                container: pane.core.container.clone(),
                blob: name.clone(),
            });
        }
    });
    let tab = tabs(pane, ui, true);
    if tab == DetailsTab::Properties {
        if props.is_none() {
            ui.label(t("blob-details-loading"));
        }
        properties_grid(ui, props.as_ref());
    }
    let mut fx = crate::app::blob::feature::Effects::default();
    for f in pane.features.iter_mut().filter(|f| f.details_tab() == tab) {
        f.blob_ui(ui, &name, &pane.core, ctx, &mut fx);
    }
    pane.apply(ctx, fx);
}

/// The details' tabs: Properties, and those the features draw in (no snapshots for a container); the one shown.
fn tabs(pane: &mut BlobPane, ui: &mut egui::Ui, blob: bool) -> DetailsTab {
    let present: Vec<DetailsTab> = DetailsTab::ALL
        .into_iter()
        .filter(|t| {
            *t == DetailsTab::Properties
                || (blob || matches!(t, DetailsTab::Lease | DetailsTab::Access))
                    && pane.features.iter().any(|f| f.details_tab() == *t)
        })
        .collect();
    crate::app::context::features::details_tabs(ui, &mut pane.chrome.tab, &present);
    pane.chrome.tab
}

/// The blob's own facts, as the service said them (the same rows while loading, so nothing moves).
fn properties_grid(ui: &mut egui::Ui, props: Option<&crate::storage::blob::BlobProperties>) {
    let value =
        |f: &dyn Fn(&crate::storage::blob::BlobProperties) -> String| props.map(f).unwrap_or_else(|| "…".into());
    egui::Grid::new("blob-props").striped(true).show(ui, |ui| {
        let mut row = |k: &str, v: String| {
            ui.label(k);
            ui.label(v);
            ui.end_row();
        };
        row("ETag", value(&|p| p.etag.clone()));
        row("Last-Modified", value(&|p| utc_opt(p.last_modified)));
        row(
            &t("blob-details-size"),
            value(&|p| {
                tr!(
                    "blob-details-size-value",
                    size = human_bytes(p.content_length),
                    bytes = p.content_length
                )
            }),
        );
        row(
            "Content-MD5",
            value(&|p| p.http.content_md5.clone().unwrap_or_else(|| t("blob-details-none"))),
        );
        row(&t("blob-details-blob-type"), value(&|p| p.blob_type.clone()));
        row(
            &t("blob-details-access-tier"),
            value(&|p| crate::app::blob::rows::tier_words(p)),
        );
        row(
            &t("blob-details-lease-state"),
            value(&|p| p.lease.state.as_str().into()),
        );
        row(
            &t("blob-details-lease-status"),
            value(&|p| if p.lease.locked { "locked" } else { "unlocked" }.into()),
        );
        row(
            &t("blob-details-lease-duration"),
            value(&|p| match p.lease.infinite {
                Some(true) => "infinite".into(),
                Some(false) => "fixed".into(),
                None => "-".into(),
            }),
        );
        row(&t("blob-details-created"), value(&|p| utc_opt(p.created)));
        // An empty cell here read as if the next line (the lease indicator) were its value.
        row(
            &t("blob-details-copy-status"),
            value(&|p| p.copy_status.clone().unwrap_or_else(|| t("blob-details-not-a-copy"))),
        );
    });
}

fn container_details(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    ui.heading(tr!("blob-details-container", container = pane.core.container.as_str()));
    ui.label(t("blob-details-select"));
    let tab = tabs(pane, ui, false);
    let mut fx = crate::app::blob::feature::Effects::default();
    for f in pane.features.iter_mut().filter(|f| f.details_tab() == tab) {
        f.container_ui(ui, &pane.core, ctx, &mut fx);
    }
    pane.apply(ctx, fx);
}
