//! The Account SAS window of one account: which services, resource levels and operations, for how long, from
//! where, over what protocol; the result copied as a connection string or a bare token, never shown or logged.

use std::time::{Duration, SystemTime};

use crate::storage::Client;
use crate::storage::account_sas::{AccountSasGrant, PERMISSIONS};

pub struct AccountSasWindow {
    pub profile_id: String,
    label: String,
    services: [bool; 3],
    levels: [bool; 3],
    permissions: String,
    hours: u32,
    ip: String,
    https_only: bool,
    outcome: Option<Result<String, String>>,
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
            hours: 1,
            ip: String::new(),
            https_only: false,
            outcome: None,
        }
    }

    fn grant(&self) -> AccountSasGrant {
        let letters = |on: &[bool; 3], names: &[(&str, char); 3]| {
            names
                .iter()
                .zip(on)
                .filter(|(_, on)| **on)
                .map(|((_, c), _)| *c)
                .collect()
        };
        AccountSasGrant {
            services: letters(&self.services, &SERVICES),
            resource_types: letters(&self.levels, &LEVELS),
            permissions: self.permissions.trim().to_string(),
            start: None,
            expiry: Some(SystemTime::now() + Duration::from_secs(3600 * u64::from(self.hours))),
            ip: Some(self.ip.trim().to_string()).filter(|s| !s.is_empty()),
            https_only: self.https_only,
        }
    }

    /// Draws the window; false once the user closed it. `client`: the account's, when connected.
    pub fn window(&mut self, ctx: &egui::Context, client: Option<&Client>) -> bool {
        let mut open = true;
        egui::Window::new(format!("Account SAS for {}", self.label))
            .id(egui::Id::unique(("account-sas", &self.profile_id)))
            .open(&mut open)
            .collapsible(false)
            .default_width(580.0)
            .show(ctx, |ui| self.form(ui, client));
        open
    }

    fn form(&mut self, ui: &mut egui::Ui, client: Option<&Client>) {
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
            let l = ui.label("hours:");
            ui.add(egui::DragValue::new(&mut self.hours).range(1..=24 * 365))
                .labelled_by(l.id);
        });
        ui.horizontal_wrapped(|ui| {
            let l = ui.label("IP or range:");
            ui.add(
                egui::TextEdit::singleline(&mut self.ip)
                    .desired_width(150.0)
                    .hint_text("any"),
            )
            .labelled_by(l.id);
            ui.checkbox(&mut self.https_only, "HTTPS only");
        });
        ui.horizontal(|ui| {
            let Some(client) = client else {
                ui.weak("Connecting to the account…");
                return;
            };
            let mut made = None;
            if ui.button("Copy SAS connection string").clicked() {
                made = Some(client.account_sas_connection_string(&self.grant()));
            }
            if ui.button("Copy SAS token").clicked() {
                made = Some(client.account_sas(&self.grant()));
            }
            if let Some(made) = made {
                self.outcome = Some(match made {
                    Ok(text) => {
                        ui.ctx().copy_text(text);
                        Ok("Copied to the clipboard (it is a secret: share it with care).".into())
                    }
                    Err(e) => Err(e.plain_words()),
                });
            }
        });
        match &self.outcome {
            Some(Ok(words)) => {
                ui.label(words);
            }
            Some(Err(why)) => {
                ui.colored_label(ui.visuals().error_fg_color, why);
            }
            None => {}
        }
    }
}
