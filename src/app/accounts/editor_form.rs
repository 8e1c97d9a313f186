//! The account form's drawing: the kind of account, its fields, the cloud, the certificate to trust, the
//! test's results and Save / Test / Cancel. What the fields mean and what Save and Test do is `editor`'s.

use std::sync::Arc;

use crate::app::accounts::editor::{AccountEditor, AfterCert, EditorOutcome, ignored_settings};
use crate::app::accounts::profiles::ProfileKind;
use crate::app::runtime::backend::Backend;
use crate::app::runtime::dialogs::FileDialogs;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::Service;

impl AccountEditor {
    pub fn ui(&mut self, ctx: &egui::Context, backend: &Backend, dialogs: &Arc<dyn FileDialogs>) -> EditorOutcome {
        match self.testing.take().map(|(_, v)| v) {
            Some(Ok(results)) => self.test_results = Some(results),
            Some(Err(e)) => self.error = Some(e),
            None => {}
        }
        if let Some(Some(path)) = self.choosing_cert.take().map(|(_, v)| v) {
            self.trusted_cert = path.display().to_string();
        }
        let after_cert = self.cert_read(backend);
        let title = if self.editing.is_some() {
            t("editor-title-edit")
        } else {
            t("editor-title-add")
        };
        let mut outcome = after_cert.unwrap_or(EditorOutcome::Open);
        let mut open = true;
        egui::Window::new(title)
            .collapsible(false)
            .resizable(true)
            .default_size([520.0, 380.0])
            .open(&mut open)
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    ui.label(t("editor-kind"));
                    for kind in [
                        ProfileKind::ConnectionString,
                        ProfileKind::NameAndKey,
                        ProfileKind::SasUrl,
                        ProfileKind::EntraId,
                        ProfileKind::EntraBrowse,
                        ProfileKind::Emulator,
                    ] {
                        ui.selectable_value(&mut self.kind, kind, t(kind_message(kind)));
                    }
                });
                field(
                    ui,
                    &t("editor-display-name"),
                    &mut self.label,
                    false,
                    &t("editor-display-name-hint"),
                );
                let keep_hint = if self.editing.is_some() {
                    t("editor-keep-secret-hint")
                } else {
                    String::new()
                };
                let keep_hint = keep_hint.as_str();
                match self.kind {
                    ProfileKind::Emulator => {
                        ui.label(t("editor-emulator"));
                    }
                    ProfileKind::ConnectionString => {
                        let label = ui.label(t("editor-connection-string"));
                        ui.add(
                            egui::TextEdit::multiline(&mut self.connection_string)
                                .password(true)
                                .desired_rows(2)
                                .desired_width(f32::INFINITY)
                                .hint_text(if keep_hint.is_empty() {
                                    "DefaultEndpointsProtocol=https;AccountName=…;AccountKey=…"
                                } else {
                                    keep_hint
                                }),
                        )
                        .labelled_by(label.id);
                        if let Some(ignored) = ignored_settings(&self.connection_string) {
                            ui.label(tr!("editor-ignored", settings = ignored));
                        }
                        ui.weak(t("editor-secrets-where"));
                    }
                    ProfileKind::NameAndKey | ProfileKind::EntraId => {
                        field(ui, &t("editor-account-name"), &mut self.name, false, "");
                        if self.kind == ProfileKind::NameAndKey {
                            field(ui, &t("editor-account-key"), &mut self.key, true, keep_hint);
                        }
                        self.cloud_ui(ui);
                        field(
                            ui,
                            &t("editor-endpoint-suffix"),
                            &mut self.suffix,
                            false,
                            "core.windows.net",
                        );
                        ui.checkbox(&mut self.https, t("editor-https"));
                        ui.collapsing(t("editor-custom-endpoints"), |ui| {
                            field(
                                ui,
                                &t("editor-blob-endpoint"),
                                &mut self.blob_endpoint,
                                false,
                                "https://…",
                            );
                            field(
                                ui,
                                &t("editor-queue-endpoint"),
                                &mut self.queue_endpoint,
                                false,
                                "https://…",
                            );
                            field(
                                ui,
                                &t("editor-table-endpoint"),
                                &mut self.table_endpoint,
                                false,
                                "https://…",
                            );
                        });
                        if self.kind == ProfileKind::EntraId {
                            ui.separator();
                            self.entra.trusted_cert = self.cert_path();
                            self.entra.audience = crate::storage::token::Audience::storage();
                            self.entra.ui(ui, backend, self.editing.is_some());
                        }
                    }
                    ProfileKind::EntraBrowse => {
                        ui.label(t("editor-browse"));
                        self.cloud_ui(ui);
                        field(
                            ui,
                            &t("editor-resource-manager"),
                            &mut self.arm_endpoint,
                            false,
                            crate::storage::cloud::Cloud::Public.resource_manager(),
                        );
                        ui.separator();
                        self.entra.trusted_cert = self.cert_path();
                        let cloud = crate::storage::cloud::Cloud::of_resource_manager(&self.arm_endpoint);
                        self.entra.audience = crate::storage::token::Audience::resource_manager(cloud);
                        self.entra.ui(ui, backend, self.editing.is_some());
                    }
                    ProfileKind::SasUrl => {
                        field(
                            ui,
                            &t("editor-sas-url"),
                            &mut self.sas_url,
                            true,
                            if keep_hint.is_empty() {
                                "https://acct.blob.core.windows.net/container?sv=…&sig=…"
                            } else {
                                keep_hint
                            },
                        );
                        ui.horizontal(|ui| {
                            ui.label(t("editor-service"));
                            ui.selectable_value(&mut self.sas_service, None, t("editor-service-from-url"));
                            for s in Service::ALL {
                                ui.selectable_value(&mut self.sas_service, Some(s), s.name());
                            }
                        });
                    }
                }
                if self.kind != ProfileKind::Emulator {
                    ui.horizontal(|ui| {
                        let l = ui.label(t("editor-trust-cert"));
                        ui.add(
                            egui::TextEdit::singleline(&mut self.trusted_cert)
                                .hint_text(t("editor-trust-cert-hint"))
                                .desired_width(300.0),
                        )
                        .labelled_by(l.id);
                        if ui
                            .add_enabled(self.choosing_cert.is_empty(), egui::Button::new(t("editor-choose")))
                            .clicked()
                        {
                            let dialogs = dialogs.clone();
                            let title = t("editor-cert-dialog");
                            self.choosing_cert.start(
                                (),
                                backend.spawn_blocking(move || dialogs.pick_file(&title, &["pem", "crt", "cer"])),
                            );
                        }
                    });
                }
                if let Some(err) = &self.error {
                    ui.colored_label(ui.visuals().error_fg_color, err);
                }
                if self.testing.is_out(&()) {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(t("editor-testing"));
                    });
                }
                if let Some(results) = &self.test_results {
                    for r in results {
                        let color = if r.outcome.is_ok() {
                            ui.visuals().text_color()
                        } else {
                            ui.visuals().error_fg_color
                        };
                        ui.colored_label(color, r.describe());
                    }
                }
                if !self.cert.reading.is_empty() {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(t("editor-reading-cert"));
                    });
                }
                ui.horizontal(|ui| {
                    if ui.button(t("editor-save")).clicked() && self.cert_ready(backend, AfterCert::Save) {
                        outcome = self.save();
                    }
                    if ui.button(t("editor-test")).clicked() && self.cert_ready(backend, AfterCert::Test) {
                        self.test(backend);
                    }
                    if ui.button(t("editor-cancel")).clicked() {
                        outcome = EditorOutcome::Cancelled;
                    }
                });
            });
        if !open {
            return EditorOutcome::Cancelled;
        }
        outcome
    }

    /// The cloud the account lives in: choosing one sets the endpoint suffix and the sign-in host together (a
    /// suffix typed by hand that is no cloud's shows none chosen).
    fn cloud_ui(&mut self, ui: &mut egui::Ui) {
        use crate::storage::cloud::Cloud;
        let shown = match self.kind {
            ProfileKind::EntraBrowse => Cloud::ALL.into_iter().find(|c| {
                let arm = self.arm_endpoint.trim().trim_end_matches('/');
                arm == c.resource_manager() || (arm.is_empty() && *c == Cloud::Public)
            }),
            _ => Cloud::of_suffix(&self.suffix),
        };
        ui.horizontal(|ui| {
            ui.label(t("editor-cloud"));
            for cloud in Cloud::ALL {
                if ui.selectable_label(shown == Some(cloud), cloud.label()).clicked() {
                    self.suffix = cloud.storage_suffix().to_string();
                    self.arm_endpoint = match cloud {
                        Cloud::Public => String::new(),
                        other => other.resource_manager().to_string(),
                    };
                    // The public cloud's host is the default: an empty field keeps the account file short.
                    self.entra.authority = match cloud {
                        Cloud::Public => String::new(),
                        other => other.sign_in_host().to_string(),
                    };
                }
            }
        });
    }
}

/// The message naming a kind of account on its tab in the form.
fn kind_message(kind: ProfileKind) -> &'static str {
    match kind {
        ProfileKind::Emulator => "kind-emulator",
        ProfileKind::ConnectionString => "kind-connection-string",
        ProfileKind::NameAndKey => "kind-name-and-key",
        ProfileKind::SasUrl => "kind-sas-url",
        ProfileKind::EntraId => "kind-entra",
        ProfileKind::EntraBrowse => "kind-entra-browse",
    }
}

/// A labelled single-line input (the label names it for screen readers and tests).
pub(crate) fn field(ui: &mut egui::Ui, label: &str, value: &mut String, secret: bool, hint: &str) {
    ui.horizontal(|ui| {
        let l = ui.label(label);
        ui.add(
            egui::TextEdit::singleline(value)
                .password(secret)
                .hint_text(hint)
                .desired_width(340.0),
        )
        .labelled_by(l.id);
    });
}
