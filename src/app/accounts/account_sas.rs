//! The Account SAS window of one account: which services, resource levels and operations, for how long, from
//! where, over what protocol; the result copied as a connection string or a bare token, never shown or logged.

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

const SERVICES: [(&str, char); 3] = [("Blob service", 'b'), ("Queue service", 'q'), ("Table service", 't')];
const LEVELS: [(&str, char); 3] = [
    (
        "Service level (properties, listings of containers, queues, tables)",
        's',
    ),
    ("Containers, queues, tables", 'c'),
    ("Objects (blobs, messages, entities)", 'o'),
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
        egui::Window::new(format!("Account SAS for {}", self.label))
            .id(egui::Id::unique(("account-sas", &self.profile_id)))
            .open(&mut open)
            .collapsible(false)
            .min_width(560.0)
            .show(ctx, |ui| self.form(ui, client));
        open
    }

    fn form(&mut self, ui: &mut egui::Ui, client: Result<&Client, &String>) {
        ui.label(
            "One signature for several services at once, made with the account key. Whoever holds it can do \
             what it grants until it expires; it cannot be revoked except by rotating the key.",
        );
        ui.horizontal_wrapped(|ui| {
            for ((name, _), on) in SERVICES.iter().zip(&mut self.services) {
                ui.checkbox(on, *name);
            }
        });
        for ((name, _), on) in LEVELS.iter().zip(&mut self.levels) {
            ui.checkbox(on, *name);
        }
        ui.horizontal_wrapped(|ui| {
            let l = ui.label(format!("Permissions ({PERMISSIONS}):"));
            ui.add(egui::TextEdit::singleline(&mut self.permissions).desired_width(110.0))
                .labelled_by(l.id)
                .on_hover_text(
                    "r read, w write, d delete, x delete a version, y delete for good, l list, a add, c create, \
                     u update, p process (dequeue), t tags, f find by tags, i immutability policy",
                );
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
            if ui.button("Copy SAS connection string").clicked() {
                made = Some(self.grant().and_then(|g| sas(client.account_sas_connection_string(&g))));
            }
            if ui.button("Copy SAS token").clicked() {
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
