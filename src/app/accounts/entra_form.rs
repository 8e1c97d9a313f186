//! The Microsoft Entra ID part of the account form: how to sign in (Azure CLI, device code, service principal),
//! its settings, and the device-code sign-in shown while the person finishes it in a browser.

use std::time::SystemTime;

use crate::app::accounts::profiles::{EntraMethod, EntraSettings};
use crate::app::runtime::backend::{Backend, Pending};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;
use crate::storage::browser_sign_in::BrowserSignIn;
use crate::storage::oauth::{self, Authority, DeviceCode, Secret, SignedIn};

enum DeviceSignIn {
    Idle,
    Asking(Pending<Result<DeviceCode, StorageError>>),
    Waiting {
        code: Box<DeviceCode>,
        wait: Pending<Result<SignedIn, StorageError>>,
    },
    /// A browser sign-in: the page opened, and the wait for its redirect.
    Browsing {
        url: String,
        wait: Pending<Result<SignedIn, StorageError>>,
    },
    SignedIn(Secret),
    Failed(String),
}

/// The device-code requests show in the inspector as the sign-in's own.
fn sign_in_reporter(backend: &Backend) -> crate::storage::side_requests::Reporter {
    crate::storage::side_requests::Reporter::standalone(backend.event_sink(), "sign-in")
}

pub struct EntraForm {
    pub method: EntraMethod,
    pub tenant: String,
    pub client_id: String,
    pub client_secret: String,
    pub authority: String,
    /// The account's "Trust certificate", set by the editor: the sign-in host is reached trusting it too.
    pub trusted_cert: Option<std::path::PathBuf>,
    /// What a device-code sign-in is asked for (set by the editor: Resource Manager for a browse account).
    pub audience: crate::storage::token::Audience,
    device: DeviceSignIn,
}

impl EntraForm {
    pub fn new(settings: Option<&EntraSettings>) -> Self {
        EntraForm {
            method: settings.map_or(EntraMethod::AzureCli, |s| s.method),
            tenant: settings.map(|s| s.tenant.clone()).unwrap_or_default(),
            client_id: settings.map(|s| s.client_id.clone()).unwrap_or_default(),
            client_secret: String::new(),
            authority: settings.map(|s| s.authority.clone()).unwrap_or_default(),
            trusted_cert: None,
            audience: crate::storage::token::Audience::storage(),
            device: DeviceSignIn::Idle,
        }
    }

    pub fn settings(&self) -> EntraSettings {
        EntraSettings {
            method: self.method,
            tenant: self.tenant.trim().to_string(),
            client_id: self.client_id.trim().to_string(),
            authority: self.authority.trim().to_string(),
        }
    }

    /// The secret this form holds for the keychain: the client secret typed, or the refresh token of a
    /// finished device-code sign-in. None: nothing new (an edit keeps the stored one).
    pub fn secret(&self) -> Option<String> {
        match self.method {
            EntraMethod::AzureCli => None,
            EntraMethod::ServicePrincipal => Some(self.client_secret.trim().to_string()).filter(|s| !s.is_empty()),
            EntraMethod::DeviceCode => match &self.device {
                DeviceSignIn::SignedIn(refresh) => Some(refresh.expose().to_string()),
                _ => None,
            },
        }
    }

    pub fn is_signing_in(&self) -> bool {
        matches!(
            self.device,
            DeviceSignIn::Asking(_) | DeviceSignIn::Waiting { .. } | DeviceSignIn::Browsing { .. }
        )
    }

    fn start_device_code(&mut self, backend: &Backend) {
        match Authority::new(&self.authority, &self.tenant).map(|a| a.trusting(self.trusted_cert.clone())) {
            Err(e) => self.device = DeviceSignIn::Failed(e.plain_words()),
            Ok(authority) => {
                let client_id = self.client_id.clone();
                let (report, audience) = (sign_in_reporter(backend), self.audience.clone());
                self.device = DeviceSignIn::Asking(backend.spawn(async move {
                    oauth::start_device_code(&authority, &client_id, &audience, Some(&report)).await
                }));
            }
        }
    }

    /// Opens the sign-in page in the system browser and waits for its redirect on a loopback port.
    fn start_browser(&mut self, ctx: &egui::Context, backend: &Backend) {
        let started = Authority::new(&self.authority, &self.tenant)
            .map(|a| a.trusting(self.trusted_cert.clone()))
            .and_then(|a| BrowserSignIn::start(&a, &self.client_id, &self.audience));
        match started {
            Err(e) => self.device = DeviceSignIn::Failed(e.plain_words()),
            Ok(sign_in) => {
                let url = sign_in.url.clone();
                ctx.open_url(egui::OpenUrl::new_tab(&url));
                let report = sign_in_reporter(backend);
                self.device = DeviceSignIn::Browsing {
                    url,
                    wait: backend.spawn(async move { sign_in.finish(Some(&report)).await }),
                };
            }
        }
    }

    fn poll(&mut self, backend: &Backend) {
        match &mut self.device {
            DeviceSignIn::Asking(pending) => match pending.poll() {
                None => {}
                Some(Ok(code)) => {
                    let waiting_for = code.clone();
                    let backend2 = backend.clone();
                    self.device = DeviceSignIn::Waiting {
                        code: Box::new(code),
                        wait: backend.spawn(async move {
                            oauth::finish_device_code(&waiting_for, Some(&sign_in_reporter(&backend2))).await
                        }),
                    };
                }
                Some(Err(e)) => self.device = DeviceSignIn::Failed(e.plain_words()),
            },
            DeviceSignIn::Waiting { wait, .. } | DeviceSignIn::Browsing { wait, .. } => match wait.poll() {
                None => {}
                Some(Ok(signed_in)) => self.device = DeviceSignIn::SignedIn(signed_in.refresh),
                Some(Err(e)) => self.device = DeviceSignIn::Failed(e.plain_words()),
            },
            _ => {}
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, backend: &Backend, editing: bool) {
        self.poll(backend);
        let before = self.settings();
        ui.horizontal(|ui| {
            ui.label(t("accounts-entra-form-sign-in-with"));
            for method in [
                EntraMethod::AzureCli,
                EntraMethod::DeviceCode,
                EntraMethod::ServicePrincipal,
            ] {
                ui.selectable_value(&mut self.method, method, method.describe());
            }
        });
        let tenant_hint = t(match self.method {
            EntraMethod::AzureCli => "accounts-entra-form-tenant-cli-hint",
            _ => "accounts-entra-form-tenant-hint",
        });
        super::editor::field(
            ui,
            &t("accounts-entra-form-tenant"),
            &mut self.tenant,
            false,
            &tenant_hint,
        );
        match self.method {
            EntraMethod::AzureCli => {
                ui.weak(t("accounts-entra-form-cli-about"));
            }
            EntraMethod::ServicePrincipal => {
                let (label, hint) = (
                    t("accounts-entra-form-client-id"),
                    t("accounts-entra-form-client-id-hint"),
                );
                super::editor::field(ui, &label, &mut self.client_id, false, &hint);
                let hint = match editing {
                    true => t("accounts-entra-form-keep-secret-hint"),
                    false => String::new(),
                };
                let label = t("accounts-entra-form-client-secret");
                super::editor::field(ui, &label, &mut self.client_secret, true, &hint);
                ui.weak(t("accounts-entra-form-secret-keychain"));
            }
            EntraMethod::DeviceCode => {
                let (label, hint) = (
                    t("accounts-entra-form-client-id"),
                    t("accounts-entra-form-public-client-hint"),
                );
                super::editor::field(ui, &label, &mut self.client_id, false, &hint);
                self.device_ui(ui, backend, editing);
            }
        }
        if self.method != EntraMethod::AzureCli {
            ui.collapsing(t("accounts-entra-form-host-section"), |ui| {
                let label = t("accounts-entra-form-host");
                super::editor::field(ui, &label, &mut self.authority, false, oauth::PUBLIC_AUTHORITY);
            });
        }
        // A sign-in belongs to the tenant, client and host it was made with: changing one asks for a new one.
        if self.settings() != before && !matches!(self.device, DeviceSignIn::Idle) {
            self.device = DeviceSignIn::Idle;
        }
    }

    fn device_ui(&mut self, ui: &mut egui::Ui, backend: &Backend, editing: bool) {
        let mut cancel = false;
        match &self.device {
            DeviceSignIn::Idle | DeviceSignIn::Failed(_) => {
                if let DeviceSignIn::Failed(why) = &self.device {
                    ui.colored_label(ui.visuals().error_fg_color, why);
                } else if editing {
                    ui.weak(t("accounts-entra-form-sign-in-again"));
                }
                ui.horizontal(|ui| {
                    if ui.button(t("accounts-entra-form-browser")).clicked() {
                        self.start_browser(ui.ctx(), backend);
                    }
                    // For a machine without a browser (a remote shell, a locked-down desktop).
                    if ui.button(t("accounts-entra-form-code")).clicked() {
                        self.start_device_code(backend);
                    }
                });
            }
            DeviceSignIn::Asking(_) => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(t("accounts-entra-form-asking"));
                });
            }
            DeviceSignIn::Waiting { code, .. } => {
                ui.label(t("accounts-entra-form-enter-code"));
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(&code.user_code).monospace().size(28.0).strong());
                    if ui.button(t("accounts-entra-form-copy-code")).clicked() {
                        ui.ctx().copy_text(code.user_code.clone());
                    }
                });
                ui.hyperlink(&code.verification_uri);
                let left = code
                    .expires_at
                    .duration_since(SystemTime::now())
                    .map_or(0, |d| d.as_secs());
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(tr!("accounts-entra-form-waiting", left = left));
                    cancel = ui.button(t("accounts-entra-form-cancel")).clicked();
                });
                // The countdown moves without input.
                ui.ctx().request_repaint_after(std::time::Duration::from_secs(1));
            }
            DeviceSignIn::Browsing { url, .. } => {
                ui.label(t("accounts-entra-form-finish-in-browser"));
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(t("accounts-entra-form-waiting-browser"));
                    if ui.button(t("accounts-entra-form-open-again")).clicked() {
                        ui.ctx().open_url(egui::OpenUrl::new_tab(url));
                    }
                    cancel = ui.button(t("accounts-entra-form-cancel")).clicked();
                });
            }
            DeviceSignIn::SignedIn(_) => {
                ui.label(t("accounts-entra-form-signed-in"));
            }
        }
        if cancel {
            // Dropping the wait stops the polling.
            self.device = DeviceSignIn::Failed(t("accounts-entra-form-cancelled"));
        }
    }
}
