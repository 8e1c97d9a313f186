//! Accounts > Export settings… and Import settings…: the window, and the import's drafts (the passphrase, each
//! clash's answer) and jobs (read the file, open its secrets), all apart from the app's own settings until the user
//! presses Import. A file whose seal shows it was changed after it was exported is refused whole.

use std::path::PathBuf;
use std::sync::Arc;

use zeroize::Zeroizing;

use crate::app::accounts::editor::field;
use crate::app::accounts::profiles::AccountProfile;
use crate::app::accounts::proxy_settings::{ProxyMode, ProxySettings};
use crate::app::accounts::secrets::Secrets;
use crate::app::accounts::settings_export::{ExportForm, ExportSnapshot};
use crate::app::accounts::settings_file::{self, Clash, Incoming, Look, Placed, ReadFile};
use crate::app::accounts::settings_seal::{self, SecretSet, Unopened};
use crate::app::accounts::tree::TabTarget;
use crate::app::context::saved_queries::SavedQuery;
use crate::app::context::{FileDialogs, InFlight};
use crate::app::runtime::backend::Backend;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::Secret;

/// What the user chose to import, ready to be put in place. Debug output shows no secret (`Secret`).
#[derive(Debug, Default)]
pub struct Imported {
    pub accounts: Vec<Placed>,
    /// The recent resources of the file, their account ids those the accounts have here.
    pub recent: Vec<TabTarget>,
    /// The proxy choice, with its password when the file's secrets were opened.
    pub proxy: Option<(ProxySettings, Option<Secret>)>,
    pub look: Option<Look>,
    pub saved_queries: Vec<SavedQuery>,
}

pub enum SettingsOutcome {
    Open,
    Closed,
    Import(Box<Imported>),
}

pub enum SettingsWindow {
    Export(Box<ExportForm>),
    Import(Box<ImportForm>),
}

impl SettingsWindow {
    pub fn export(snapshot: ExportSnapshot) -> Self {
        SettingsWindow::Export(Box::new(ExportForm::new(snapshot)))
    }

    /// Opens the window and asks at once which file to import.
    pub fn import(backend: &Backend, dialogs: &Arc<dyn FileDialogs>) -> Self {
        let mut form = Box::<ImportForm>::default();
        form.choose(backend, dialogs, None);
        SettingsWindow::Import(form)
    }

    /// `here`: the accounts in the list now (an import's clashes are with them).
    pub fn ui(
        &mut self,
        ctx: &egui::Context,
        backend: &Backend,
        dialogs: &Arc<dyn FileDialogs>,
        secrets: &Arc<Secrets>,
        here: &[AccountProfile],
    ) -> SettingsOutcome {
        let mut open = true;
        let mut outcome = SettingsOutcome::Open;
        let title = match self {
            SettingsWindow::Export(_) => t("accounts-settings-transfer-export-title"),
            SettingsWindow::Import(_) => t("accounts-settings-transfer-import-title"),
        };
        egui::Window::new(title)
            .collapsible(false)
            .default_width(560.0)
            .open(&mut open)
            .show(ctx, |ui| match self {
                SettingsWindow::Export(form) => {
                    if form.ui(ui, backend, dialogs, secrets) {
                        outcome = SettingsOutcome::Closed;
                    }
                }
                SettingsWindow::Import(form) => outcome = form.ui(ui, backend, dialogs, here),
            });
        if !open {
            return SettingsOutcome::Closed;
        }
        outcome
    }
}

/// A button named by a message, greyed out unless `enabled`: whether it was pressed.
pub(crate) fn pressed(ui: &mut egui::Ui, enabled: bool, id: &str) -> bool {
    ui.add_enabled(enabled, egui::Button::new(t(id))).clicked()
}

/// "1 saved query", "3 saved queries".
pub(crate) fn counted_queries(n: usize) -> String {
    tr!("accounts-settings-transfer-queries", count = n)
}

pub(crate) fn describe_proxy(p: &ProxySettings) -> String {
    let (address, user) = (p.address.trim(), p.user.trim());
    match p.mode {
        ProxyMode::System => t("accounts-settings-transfer-proxy-system"),
        ProxyMode::Direct => t("accounts-settings-transfer-proxy-none"),
        ProxyMode::Manual if user.is_empty() => address.to_string(),
        ProxyMode::Manual => tr!("accounts-settings-transfer-proxy-user", address = address, user = user),
    }
}

#[derive(Default)]
pub struct ImportForm {
    /// The file dialog and the read: Ok(None) when the user cancelled the dialog.
    reading: InFlight<(), Result<Option<(PathBuf, ReadFile)>, String>>,
    file: Option<(PathBuf, ReadFile)>,
    items: Vec<Incoming>,
    /// Wiped from memory once the secrets are open, and when the window goes.
    passphrase: Zeroizing<String>,
    /// The secrets being opened, keyed by the sealed bytes they are for: a reply for a file no longer shown (another
    /// was read meanwhile) is dropped, never applied to the new one.
    opening: InFlight<String, Result<SecretSet, Unopened>>,
    secrets: Option<SecretSet>,
    /// The seal says the file was changed after it was exported (the passphrase is right): nothing of it is
    /// imported, and these words say why.
    changed: Option<String>,
    /// Also set, for good, for a file an earlier version sealed: its secrets are never opened.
    without_secrets: bool,
    take_recent: bool,
    take_proxy: bool,
    take_look: bool,
    take_queries: bool,
    error: Option<String>,
    /// The file's path as shown and as the user may type it (where no file dialog is at hand).
    path_text: String,
}

impl ImportForm {
    /// Reads `typed` (a path typed in the window), or else the file the user picks in the file dialog.
    fn choose(&mut self, backend: &Backend, dialogs: &Arc<dyn FileDialogs>, typed: Option<PathBuf>) {
        self.error = None;
        let (dialogs, title) = (dialogs.clone(), t("accounts-settings-transfer-import-title"));
        self.reading.start(
            (),
            backend.spawn_blocking(move || {
                let Some(path) = typed.or_else(|| dialogs.pick_file(&title, &["json"])) else {
                    return Ok(None);
                };
                let text = std::fs::read_to_string(&path).map_err(|e| {
                    let (path, why) = (path.display().to_string(), e.to_string());
                    tr!("accounts-settings-transfer-read-failed", path = path, why = why)
                })?;
                settings_file::parse(&text).map(|f| Some((path, f)))
            }),
        );
    }

    fn read(&mut self, here: &[AccountProfile]) {
        let Some((_, read)) = self.reading.take() else { return };
        match read {
            Ok(Some((path, file))) => {
                self.path_text = path.display().to_string();
                self.items = settings_file::plan(here, &file.settings.accounts);
                self.secrets = None;
                self.changed = None;
                self.opening.clear();
                self.passphrase = Zeroizing::default();
                self.without_secrets = file.earlier_seal();
                (self.take_recent, self.take_proxy, self.take_look, self.take_queries) = (true, true, true, true);
                self.file = Some((path, file));
            }
            // The dialog was cancelled: a file already read stays.
            Ok(None) => {}
            Err(why) => self.error = Some(why),
        }
    }

    fn ui(
        &mut self,
        ui: &mut egui::Ui,
        backend: &Backend,
        dialogs: &Arc<dyn FileDialogs>,
        here: &[AccountProfile],
    ) -> SettingsOutcome {
        self.read(here);
        let sealed_now = self
            .file
            .as_ref()
            .and_then(|(_, f)| f.settings.secrets.as_ref())
            .map(|s| s.ciphertext.clone());
        if let Some((for_sealed, opened)) = self.opening.take()
            && Some(for_sealed) == sealed_now
        {
            match opened {
                Ok(set) => {
                    self.secrets = Some(set);
                    self.passphrase = Zeroizing::default();
                    self.error = None;
                }
                Err(Unopened::Changed) => {
                    self.changed = Some(Unopened::Changed.words());
                    self.error = None;
                }
                Err(Unopened::Refused(why)) => self.error = Some(why),
            }
        }
        let mut outcome = SettingsOutcome::Open;
        if !self.reading.is_empty() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(t("accounts-settings-transfer-choosing"));
            });
        }
        ui.horizontal(|ui| {
            let label = t("accounts-settings-transfer-file");
            let hint = t("accounts-settings-transfer-file-hint");
            field(ui, &label, &mut self.path_text, false, &hint);
            let idle = self.reading.is_empty();
            if pressed(ui, idle, "accounts-settings-transfer-read") {
                match self.path_text.trim() {
                    "" => self.error = Some(t("accounts-settings-transfer-type-path")),
                    typed => self.choose(backend, dialogs, Some(PathBuf::from(typed))),
                }
            }
            if pressed(ui, idle, "accounts-settings-transfer-choose") {
                self.choose(backend, dialogs, None);
            }
        });
        if let Some(changed) = &self.changed {
            ui.colored_label(ui.visuals().error_fg_color, changed);
        } else if let Some((_, read)) = &self.file {
            let file = &read.settings;
            let (sealed, sealed_over) = (file.secrets.clone(), read.sealed_over.clone());
            let (recent, proxy, look) = (file.recent.len(), describe_proxy(&file.proxy), file.look);
            let queries = file.saved_queries.len();
            if read.earlier_seal() {
                ui.colored_label(ui.visuals().warn_fg_color, t("accounts-settings-file-earlier-seal"));
            } else if let Some(sealed) = sealed {
                self.secrets_ui(ui, backend, sealed, sealed_over);
            } else {
                ui.label(t("accounts-settings-transfer-file-no-secrets"));
            }
            ui.separator();
            ui.strong(t("accounts-settings-transfer-accounts"));
            self.accounts_ui(ui);
            ui.separator();
            let recent = tr!("accounts-settings-transfer-take-recent", count = recent);
            ui.checkbox(&mut self.take_recent, recent);
            let proxy = tr!("accounts-settings-transfer-take-proxy", proxy = proxy);
            ui.checkbox(&mut self.take_proxy, proxy);
            let look = tr!("accounts-settings-transfer-take-look", look = look.describe());
            ui.checkbox(&mut self.take_look, look);
            let queries = tr!("accounts-settings-transfer-take-queries", count = queries);
            ui.checkbox(&mut self.take_queries, queries)
                .on_hover_text(t("accounts-settings-transfer-take-queries-hint"));
        }
        if let Some(why) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
        // A refused file waits for nothing: it is not to be imported.
        let waiting = self.changed.is_none().then(|| self.waiting_for()).flatten();
        if let Some(what) = &waiting {
            ui.label(what);
        }
        ui.horizontal(|ui| {
            let ready = self.file.is_some() && self.changed.is_none() && waiting.is_none() && self.opening.is_empty();
            if pressed(ui, ready, "accounts-settings-transfer-import") {
                outcome = SettingsOutcome::Import(Box::new(self.imported(here)));
            }
            if ui.button(t("accounts-settings-transfer-cancel")).clicked() {
                outcome = SettingsOutcome::Closed;
            }
        });
        outcome
    }

    fn secrets_ui(
        &mut self,
        ui: &mut egui::Ui,
        backend: &Backend,
        sealed: settings_seal::Sealed,
        sealed_over: Vec<u8>,
    ) {
        match &self.secrets {
            Some(set) => {
                let n = set.accounts.len();
                ui.label(match set.proxy_password {
                    Some(_) => tr!("accounts-settings-transfer-opened-proxy", count = n),
                    None => tr!("accounts-settings-transfer-opened", count = n),
                });
            }
            None => {
                ui.label(t("accounts-settings-transfer-file-sealed"));
                let without = t("accounts-settings-transfer-without-secrets");
                ui.checkbox(&mut self.without_secrets, without);
                if !self.without_secrets {
                    ui.horizontal(|ui| {
                        let label = t("accounts-settings-transfer-file-passphrase");
                        let hint = t("accounts-settings-transfer-file-passphrase-hint");
                        field(ui, &label, &mut self.passphrase, true, &hint);
                        let busy = !self.opening.is_empty();
                        if pressed(ui, !busy, "accounts-settings-transfer-open-secrets") {
                            let passphrase = self.passphrase.clone();
                            self.opening.start(
                                sealed.ciphertext.clone(),
                                backend.spawn_blocking(move || settings_seal::open(&sealed, &sealed_over, &passphrase)),
                            );
                        }
                        if busy {
                            ui.spinner();
                        }
                    });
                }
            }
        }
    }

    fn accounts_ui(&mut self, ui: &mut egui::Ui) {
        let secrets = self.secrets.clone().unwrap_or_default();
        egui::ScrollArea::vertical().max_height(260.0).show(ui, |ui| {
            egui::Grid::new("imported accounts")
                .num_columns(3)
                .striped(true)
                .show(ui, |ui| {
                    for item in &mut self.items {
                        let p = &item.profile;
                        ui.label(&p.label);
                        let kind = p.kind.shown();
                        let name = p.account_name.as_str();
                        ui.label(match secrets.accounts.contains_key(&p.id) {
                            true => tr!("accounts-settings-transfer-kind-secret", kind = kind, name = name),
                            false => format!("{kind} · {}", p.account_name),
                        });
                        match &item.clashes_with {
                            None => {
                                ui.label(t("accounts-settings-transfer-new"));
                            }
                            Some(_) => {
                                ui.horizontal(|ui| {
                                    ui.label(t(if item.same {
                                        "accounts-settings-transfer-here-same"
                                    } else {
                                        "accounts-settings-transfer-here-other"
                                    }));
                                    for (clash, id) in [
                                        (Clash::KeepMine, "accounts-settings-transfer-keep-mine"),
                                        (Clash::Replace, "accounts-settings-transfer-replace-mine"),
                                        (Clash::KeepBoth, "accounts-settings-transfer-keep-both"),
                                    ] {
                                        ui.radio_value(&mut item.choice, Some(clash), t(id));
                                    }
                                });
                            }
                        }
                        ui.end_row();
                    }
                });
        });
    }

    /// What Import still waits for, in words.
    fn waiting_for(&self) -> Option<String> {
        let (_, read) = self.file.as_ref()?;
        if read.settings.secrets.is_some() && self.secrets.is_none() && !self.without_secrets {
            return Some(t("accounts-settings-transfer-wait-secrets"));
        }
        let open: Vec<&str> = self
            .items
            .iter()
            .filter(|i| i.clashes_with.is_some() && i.choice.is_none())
            .map(|i| i.profile.label.as_str())
            .collect();
        (!open.is_empty()).then(|| {
            let names = open.iter().map(|l| format!("`{l}`")).collect::<Vec<_>>().join(", ");
            tr!("accounts-settings-transfer-wait-clashes", names = names)
        })
    }

    fn imported(&self, here: &[AccountProfile]) -> Imported {
        let Some((_, read)) = &self.file else {
            return Imported::default();
        };
        let file = &read.settings;
        let secrets = self.secrets.clone().unwrap_or_default();
        let accounts = settings_file::place(&self.items, here, &secrets);
        // A recent resource follows its account: to its new id, or to the account kept here under its name.
        let id_here = |file_id: &str| {
            accounts
                .iter()
                .find(|p| p.file_id == file_id)
                .map(|p| p.profile.id.clone())
                .or_else(|| {
                    self.items
                        .iter()
                        .find(|i| i.profile.id == file_id && i.choice == Some(Clash::KeepMine))
                        .and_then(|i| i.clashes_with.clone())
                })
        };
        let recent = if self.take_recent {
            file.recent
                .iter()
                .filter_map(|t| {
                    id_here(&t.profile_id).map(|id| TabTarget {
                        profile_id: id,
                        ..t.clone()
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        Imported {
            accounts,
            recent,
            proxy: self
                .take_proxy
                .then(|| (file.proxy.clone(), secrets.proxy_password.clone())),
            look: self.take_look.then_some(file.look),
            saved_queries: if self.take_queries {
                file.saved_queries.clone()
            } else {
                Vec::new()
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_an_import_carries_shows_no_secret_in_debug_output() {
        let profile: AccountProfile = serde_json::from_value(serde_json::json!({
            "id": "a", "label": "Prod", "kind": "NameAndKey", "account_name": "prod",
            "blob_endpoint": "https://prod.blob.core.windows.net/", "queue_endpoint": null,
            "table_endpoint": null, "secret": "AccountKey", "scope": null
        }))
        .unwrap();
        let mut set = SecretSet::default();
        set.accounts.insert("a".into(), Secret::new("S3cret-account-key=="));
        set.proxy_password = Some(Secret::new("proxy-pa55word"));
        let imported = Imported {
            accounts: vec![Placed {
                profile,
                file_id: "a".into(),
                secret: set.accounts.get("a").cloned(),
            }],
            proxy: Some((ProxySettings::default(), set.proxy_password.clone())),
            ..Imported::default()
        };
        let shown = format!("{imported:?} {set:?} {:?}", imported.accounts[0]);
        assert!(shown.contains("Prod"), "{shown}");
        for secret in ["S3cret-account-key", "proxy-pa55word"] {
            assert!(!shown.contains(secret), "{shown}");
        }
    }
}
