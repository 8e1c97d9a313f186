//! The Account SAS window of one account: which services, resource levels and operations, for how long, from
//! where, over what protocol; the result copied as a connection string or a bare token, never shown or logged.

use crate::app::widgets::i18n::{t, tr};
use crate::app::widgets::sas_terms::SasTerms;
use crate::storage::Client;
use crate::storage::account_sas::{AccountSasGrant, PERMISSIONS};

pub struct AccountSasWindow {
    pub profile_id: String,
    label: String,
    services: [bool; 3],
    levels: [bool; 3],
    permissions: String,
    terms: SasTerms,
}

/// Each service's and level's message id and its letter in the SAS.
const SERVICES: [(&str, char); 3] = [
    ("accounts-account-sas-blob", 'b'),
    ("accounts-account-sas-queue", 'q'),
    ("accounts-account-sas-table", 't'),
];
const LEVELS: [(&str, char); 3] = [
    ("accounts-account-sas-level-service", 's'),
    ("accounts-account-sas-level-container", 'c'),
    ("accounts-account-sas-level-object", 'o'),
];

impl AccountSasWindow {
    /// Read-only, every service and level, one hour: the least a newcomer can hand over and still look around.
    pub fn new(profile_id: &str, label: &str) -> Self {
        AccountSasWindow {
            profile_id: profile_id.to_string(),
            label: label.to_string(),
            services: [true; 3],
            levels: [true; 3],
            permissions: "rl".into(),
            terms: SasTerms::default(),
        }
    }

    fn grant(&self) -> Result<AccountSasGrant, String> {
        let letters = |on: &[bool; 3], names: &[(&str, char); 3]| {
            names
                .iter()
                .zip(on)
                .filter(|(_, on)| **on)
                .map(|((_, c), _)| *c)
                .collect()
        };
        let (start, expiry) = self.terms.window()?;
        Ok(AccountSasGrant {
            services: letters(&self.services, &SERVICES),
            resource_types: letters(&self.levels, &LEVELS),
            permissions: self.permissions.trim().to_string(),
            start,
            expiry: Some(expiry),
            ip: self.terms.ip(),
            https_only: self.terms.https_only,
        })
    }

    /// Draws the window; false once the user closed it. `client`: the account's, or why there is none yet.
    pub fn window(&mut self, ctx: &egui::Context, client: Result<&Client, &String>) -> bool {
        let mut open = true;
        egui::Window::new(tr!("accounts-account-sas-title", account = self.label.as_str()))
            .id(egui::Id::unique(("account-sas", &self.profile_id)))
            .open(&mut open)
            .collapsible(false)
            .min_width(560.0)
            .show(ctx, |ui| self.form(ui, client));
        open
    }

    fn form(&mut self, ui: &mut egui::Ui, client: Result<&Client, &String>) {
        ui.label(t("accounts-account-sas-intro"));
        ui.horizontal_wrapped(|ui| {
            for ((name, _), on) in SERVICES.iter().zip(&mut self.services) {
                ui.checkbox(on, t(name));
            }
        });
        for ((name, _), on) in LEVELS.iter().zip(&mut self.levels) {
            ui.checkbox(on, t(name));
        }
        ui.horizontal_wrapped(|ui| {
            let l = ui.label(tr!("accounts-account-sas-permissions", letters = PERMISSIONS));
            ui.add(egui::TextEdit::singleline(&mut self.permissions).desired_width(110.0))
                .labelled_by(l.id)
                .on_hover_text(t("accounts-account-sas-permissions-hint"));
        });
        ui.horizontal_wrapped(|ui| self.terms.ui(ui));
        ui.horizontal(|ui| {
            let client = match client {
                Ok(client) => client,
                Err(why) => {
                    ui.weak(why);
                    return;
                }
            };
            let mut made = None;
            if ui.button(t("accounts-account-sas-copy-connection")).clicked() {
                made = Some(self.grant().and_then(|g| sas(client.account_sas_connection_string(&g))));
            }
            if ui.button(t("accounts-account-sas-copy-token")).clicked() {
                made = Some(self.grant().and_then(|g| sas(client.account_sas(&g))));
            }
            if let Some(made) = made {
                self.terms.copied(ui, made);
            }
        });
        self.terms.outcome_ui(ui);
    }
}

/// A SAS made, or why not in words.
fn sas(made: crate::storage::Result<String>) -> Result<String, String> {
    made.map_err(|e| e.plain_words())
}
