//! A container's, queue's or table's Properties window, opened from its right-click menu in the tree: its
//! address (without any signature) and what the service says of it, read when the window opens.

use crate::app::accounts::tree::TabTarget;
use crate::app::context::InFlight;
use crate::app::runtime::backend::Backend;
use crate::app::widgets::format::utc_opt;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::{Client, Service, StorageError};

/// What the service said, as the window's rows.
type Facts = Vec<(&'static str, String)>;

pub struct ResourceProperties {
    pub(crate) target: TabTarget,
    url: String,
    reading: InFlight<(), Result<Facts, StorageError>>,
    facts: Option<Result<Facts, StorageError>>,
}

impl ResourceProperties {
    /// Opens the window and reads the resource's properties (a table has none to read: its address is all).
    pub fn open(backend: &Backend, client: &Client, target: TabTarget) -> Self {
        let url = client
            .resource_url(target.service, &format!("/{}", target.name))
            .map(|u| u.to_string())
            .unwrap_or_default();
        let mut reading = InFlight::default();
        let (client, name) = (client.clone(), target.name.clone());
        match target.service {
            Service::Blob => reading.start(
                (),
                backend.spawn(async move {
                    let (p, metadata) = client.get_container_properties(&name).await?;
                    Ok(vec![
                        ("props-etag", p.etag),
                        ("props-last-modified", utc_opt(p.last_modified)),
                        ("props-public-access", p.public_access.describe().to_string()),
                        ("props-lease-state", p.lease.state.as_str().to_string()),
                        (
                            "props-lease-status",
                            t(if p.lease.locked {
                                "props-locked"
                            } else {
                                "props-unlocked"
                            }),
                        ),
                        ("props-metadata", pairs(&metadata)),
                    ])
                }),
            ),
            Service::Queue => reading.start(
                (),
                backend.spawn(async move {
                    let p = client.get_queue_properties(&name).await?;
                    Ok(vec![
                        (
                            "props-approximate-count",
                            tr!("props-count", count = p.approximate_message_count),
                        ),
                        ("props-metadata", pairs(&p.metadata)),
                    ])
                }),
            ),
            Service::Table => {}
        }
        let facts = (target.service == Service::Table).then(|| Ok(Vec::new()));
        ResourceProperties {
            target,
            url,
            reading,
            facts,
        }
    }

    /// Draws the window; false once the user closed it (its close button, Close, or Escape).
    pub fn ui(&mut self, egui_ctx: &egui::Context) -> bool {
        if let Some(((), facts)) = self.reading.take() {
            self.facts = Some(facts);
        }
        let mut open = true;
        let mut close = false;
        let id = match self.target.service {
            Service::Blob => "props-title-container",
            Service::Queue => "props-title-queue",
            Service::Table => "props-title-table",
        };
        let title = tr!(id, name = self.target.name.as_str());
        crate::app::widgets::placement::beside_the_toolbar(egui::Window::new(&title), egui_ctx)
            .open(&mut open)
            .collapsible(false)
            .default_width(460.0)
            .show(egui_ctx, |ui| {
                egui::Grid::new("resource-properties")
                    .num_columns(2)
                    .striped(true)
                    .show(ui, |ui| {
                        ui.label(t("props-name"));
                        ui.monospace(&self.target.name);
                        ui.end_row();
                        ui.label(t("props-address"));
                        ui.monospace(&self.url);
                        ui.end_row();
                        if let Some(Ok(facts)) = &self.facts {
                            for (what, value) in facts {
                                ui.label(t(what));
                                ui.monospace(value);
                                ui.end_row();
                            }
                        }
                    });
                match &self.facts {
                    None => {
                        ui.horizontal(|ui| {
                            ui.spinner();
                            ui.label(t("props-reading"));
                        });
                    }
                    Some(Err(e)) => {
                        ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
                    }
                    Some(Ok(_)) if self.target.service == Service::Table => {
                        ui.weak(t("props-table-none"));
                    }
                    Some(Ok(_)) => {}
                }
                ui.horizontal(|ui| {
                    if ui.button(t("props-copy-address")).clicked() {
                        ui.ctx().copy_text(self.url.clone());
                    }
                    close = ui.button(t("props-close")).clicked();
                });
            });
        open && !close && !egui_ctx.input(|i| i.key_pressed(egui::Key::Escape))
    }
}

/// Metadata as one line: "a=1, b=2", or "none".
fn pairs(metadata: &[(String, String)]) -> String {
    if metadata.is_empty() {
        return "none".into();
    }
    metadata
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(", ")
}
