//! Accounts > Export settings… and Import settings…: the window, its drafts (what to include, the passphrase, each
//! clash's answer) and its jobs (write the file, read it, open its secrets), all apart from the app's own settings
//! until the user presses Import.

use std::path::PathBuf;
use std::sync::Arc;

use crate::app::accounts::editor::field;
use crate::app::accounts::profiles::AccountProfile;
use crate::app::accounts::proxy_settings::{PASSWORD_ID, ProxyMode, ProxySettings};
use crate::app::accounts::secrets::Secrets;
use crate::app::accounts::settings_file::{
    self, Clash, FORMAT, Incoming, Look, Placed, SecretSet, SettingsFile, VERSION,
};
use crate::app::accounts::tree::TabTarget;
use crate::app::context::saved_queries::SavedQuery;
use crate::app::context::{FileDialogs, InFlight};
use crate::app::runtime::backend::Backend;
use crate::app::widgets::format::count;

/// What an export writes, taken from the app when the window opens.
#[derive(Clone, Debug, Default)]
pub struct ExportSnapshot {
    pub accounts: Vec<AccountProfile>,
    pub recent: Vec<TabTarget>,
    pub proxy: ProxySettings,
    pub look: Look,
    pub saved_queries: Vec<SavedQuery>,
}

/// What the user chose to import, ready to be put in place.
#[derive(Debug, Default)]
pub struct Imported {
    pub accounts: Vec<Placed>,
    /// The recent resources of the file, their account ids those the accounts have here.
    pub recent: Vec<TabTarget>,
    /// The proxy choice, with its password when the file's secrets were opened.
    pub proxy: Option<(ProxySettings, Option<String>)>,
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
        SettingsWindow::Export(Box::new(ExportForm {
            snapshot,
            with_secrets: false,
            passphrase: String::new(),
            again: String::new(),
            writing: InFlight::default(),
            result: None,
        }))
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
            SettingsWindow::Export(_) => "Export settings",
            SettingsWindow::Import(_) => "Import settings",
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

pub struct ExportForm {
    snapshot: ExportSnapshot,
    with_secrets: bool,
    passphrase: String,
    again: String,
    /// The file being written: Ok(None) when the user cancelled the file dialog.
    writing: InFlight<(), Result<Option<String>, String>>,
    /// What the last export did, or why it failed (or a passphrase refused before anything was written).
    result: Option<Result<String, String>>,
}

impl ExportForm {
    /// Returns true when the window is to close.
    fn ui(
        &mut self,
        ui: &mut egui::Ui,
        backend: &Backend,
        dialogs: &Arc<dyn FileDialogs>,
        secrets: &Arc<Secrets>,
    ) -> bool {
        if let Some((_, written)) = self.writing.take() {
            match written {
                Ok(Some(words)) => self.result = Some(Ok(words)),
                Ok(None) => {}
                Err(why) => self.result = Some(Err(why)),
            }
        }
        let s = &self.snapshot;
        ui.label(format!(
            "Writes a file with {} (names, endpoints, kinds, sign-in settings), {} recently opened, {}, the \
             proxy choice ({}) and the look ({}).",
            count(s.accounts.len(), "account"),
            count(s.recent.len(), "resource"),
            counted_queries(s.saved_queries.len()),
            describe_proxy(&s.proxy),
            s.look.describe()
        ));
        ui.checkbox(
            &mut self.with_secrets,
            "Include the secrets (account keys, SAS, sign-in tokens, the proxy password), encrypted",
        )
        .on_hover_text("Sealed with AES-256-GCM under a key derived from your passphrase by Argon2id");
        if self.with_secrets {
            field(ui, "Passphrase:", &mut self.passphrase, true, "at least 8 characters");
            field(ui, "Passphrase again:", &mut self.again, true, "the same once more");
            ui.label("Whoever has the file and the passphrase has the secrets: keep them apart.");
        } else {
            ui.label("Without the secrets: after an import each account asks for its key, SAS or sign-in again.");
        }
        let busy = !self.writing.is_empty();
        let mut close = false;
        ui.horizontal(|ui| {
            if ui.add_enabled(!busy, egui::Button::new("Export…")).clicked() {
                self.start(backend, dialogs, secrets);
            }
            if ui.button("Close").clicked() {
                close = true;
            }
        });
        if busy {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(if self.with_secrets {
                    "Reading the secrets from the keychain and sealing them…"
                } else {
                    "Writing the file…"
                });
            });
        }
        match &self.result {
            Some(Ok(words)) => {
                ui.label(words);
            }
            Some(Err(why)) => {
                ui.colored_label(ui.visuals().error_fg_color, why);
            }
            None => {}
        }
        close
    }

    fn start(&mut self, backend: &Backend, dialogs: &Arc<dyn FileDialogs>, secrets: &Arc<Secrets>) {
        self.result = None;
        let passphrase = if self.with_secrets {
            if let Err(why) = settings_file::check_passphrase(&self.passphrase, &self.again) {
                self.result = Some(Err(why));
                return;
            }
            Some(self.passphrase.clone())
        } else {
            None
        };
        let (snapshot, dialogs, secrets) = (self.snapshot.clone(), dialogs.clone(), secrets.clone());
        self.writing.start(
            (),
            backend.spawn_blocking(move || {
                let Some(path) = dialogs.save_file("Export settings", "tessera-settings.json") else {
                    return Ok(None);
                };
                write_export(&snapshot, passphrase.as_deref(), &secrets, &path).map(Some)
            }),
        );
    }
}

/// Reads the secrets (when sealing), seals them, writes the file through a temporary one, and says what it holds.
fn write_export(
    s: &ExportSnapshot,
    passphrase: Option<&str>,
    secrets: &Secrets,
    path: &std::path::Path,
) -> Result<String, String> {
    let mut set = SecretSet::default();
    let mut missing = Vec::new();
    if passphrase.is_some() {
        for p in s.accounts.iter().filter(|p| p.needs_secret()) {
            match secrets.load(&p.id) {
                Ok(Some(secret)) => {
                    set.accounts.insert(p.id.clone(), secret);
                }
                _ => missing.push(format!("`{}`", p.label)),
            }
        }
        if s.proxy.mode == ProxyMode::Manual && !s.proxy.user.trim().is_empty() {
            set.proxy_password = secrets.load(PASSWORD_ID).ok().flatten();
        }
    }
    let sealed = match passphrase {
        Some(p) => Some(settings_file::seal(&set, p)?),
        None => None,
    };
    let file = SettingsFile {
        format: FORMAT.into(),
        version: VERSION,
        accounts: s.accounts.clone(),
        recent: s.recent.clone(),
        proxy: s.proxy.clone(),
        look: s.look,
        saved_queries: s.saved_queries.clone(),
        secrets: sealed,
    };
    let text = serde_json::to_string_pretty(&file).map_err(|e| e.to_string())?;
    let failed = |e: std::io::Error| format!("The settings could not be written to {} ({e}).", path.display());
    let part = path.with_extension("json.part");
    std::fs::write(&part, text).map_err(failed)?;
    std::fs::rename(&part, path).map_err(|e| {
        let _ = std::fs::remove_file(&part);
        failed(e)
    })?;
    let secrets_words = match passphrase {
        None => "no secrets".to_string(),
        Some(_) => {
            let mut w = format!("{} sealed with your passphrase", count(set.accounts.len(), "secret"));
            if !missing.is_empty() {
                w += &format!(
                    " ({} without theirs: the keychain had none for them)",
                    missing.join(", ")
                );
            }
            w
        }
    };
    Ok(format!(
        "Exported {}, {} recently opened, {}, the proxy choice and the look to {}, with {secrets_words}.",
        count(s.accounts.len(), "account"),
        count(s.recent.len(), "resource"),
        counted_queries(s.saved_queries.len()),
        path.display()
    ))
}

/// "1 saved query", "3 saved queries".
pub(crate) fn counted_queries(n: usize) -> String {
    if n == 1 {
        "1 saved query".into()
    } else {
        format!("{n} saved queries")
    }
}

fn describe_proxy(p: &ProxySettings) -> String {
    match p.mode {
        ProxyMode::System => "the system's".into(),
        ProxyMode::Direct => "no proxy".into(),
        ProxyMode::Manual if p.user.trim().is_empty() => p.address.trim().to_string(),
        ProxyMode::Manual => format!("{} as {}", p.address.trim(), p.user.trim()),
    }
}

#[derive(Default)]
pub struct ImportForm {
    /// The file dialog and the read: Ok(None) when the user cancelled the dialog.
    reading: InFlight<(), Result<Option<(PathBuf, SettingsFile)>, String>>,
    file: Option<(PathBuf, SettingsFile)>,
    items: Vec<Incoming>,
    passphrase: String,
    /// The secrets being opened, keyed by the sealed bytes they are for: a reply for a file no longer shown (another
    /// was read meanwhile) is dropped, never applied to the new one.
    opening: InFlight<String, Result<SecretSet, String>>,
    secrets: Option<SecretSet>,
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
        let dialogs = dialogs.clone();
        self.reading.start(
            (),
            backend.spawn_blocking(move || {
                let Some(path) = typed.or_else(|| dialogs.pick_file("Import settings", &["json"])) else {
                    return Ok(None);
                };
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("{} cannot be read ({e}). Check the path.", path.display()))?;
                settings_file::parse(&text).map(|f| Some((path, f)))
            }),
        );
    }

    fn read(&mut self, here: &[AccountProfile]) {
        let Some((_, read)) = self.reading.take() else { return };
        match read {
            Ok(Some((path, file))) => {
                self.path_text = path.display().to_string();
                self.items = settings_file::plan(here, &file.accounts);
                self.secrets = None;
                self.opening.clear();
                self.passphrase.clear();
                self.without_secrets = false;
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
            .and_then(|(_, f)| f.secrets.as_ref())
            .map(|s| s.ciphertext.clone());
        if let Some((for_sealed, opened)) = self.opening.take()
            && Some(for_sealed) == sealed_now
        {
            match opened {
                Ok(set) => {
                    self.secrets = Some(set);
                    self.error = None;
                }
                Err(why) => self.error = Some(why),
            }
        }
        let mut outcome = SettingsOutcome::Open;
        if !self.reading.is_empty() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Choosing and reading the file…");
            });
        }
        ui.horizontal(|ui| {
            field(
                ui,
                "Settings file:",
                &mut self.path_text,
                false,
                "the path of a file Export settings wrote",
            );
            let idle = self.reading.is_empty();
            if ui.add_enabled(idle, egui::Button::new("Read")).clicked() {
                match self.path_text.trim() {
                    "" => self.error = Some("Type the path of a settings file, or Choose… one.".into()),
                    typed => self.choose(backend, dialogs, Some(PathBuf::from(typed))),
                }
            }
            if ui.add_enabled(idle, egui::Button::new("Choose…")).clicked() {
                self.choose(backend, dialogs, None);
            }
        });
        if let Some((_, file)) = &self.file {
            let sealed = file.secrets.clone();
            let (recent, proxy, look) = (file.recent.len(), describe_proxy(&file.proxy), file.look);
            let queries = file.saved_queries.len();
            if let Some(sealed) = sealed {
                self.secrets_ui(ui, backend, sealed);
            } else {
                ui.label("The file holds no secrets: each account asks for its key, SAS or sign-in after import.");
            }
            ui.separator();
            ui.strong("Accounts");
            self.accounts_ui(ui);
            ui.separator();
            ui.checkbox(&mut self.take_recent, format!("Recently opened resources ({recent})"));
            ui.checkbox(&mut self.take_proxy, format!("Proxy: {proxy}"));
            ui.checkbox(&mut self.take_look, format!("Look: {}", look.describe()));
            ui.checkbox(&mut self.take_queries, format!("Saved queries ({queries})"))
                .on_hover_text(
                    "Added to yours; one whose name you use for another filter comes in as \"… (imported)\"",
                );
        }
        if let Some(why) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
        let waiting = self.waiting_for();
        if let Some(what) = &waiting {
            ui.label(what);
        }
        ui.horizontal(|ui| {
            let ready = self.file.is_some() && waiting.is_none() && self.opening.is_empty();
            if ui.add_enabled(ready, egui::Button::new("Import")).clicked() {
                outcome = SettingsOutcome::Import(Box::new(self.imported(here)));
            }
            if ui.button("Cancel").clicked() {
                outcome = SettingsOutcome::Closed;
            }
        });
        outcome
    }

    fn secrets_ui(&mut self, ui: &mut egui::Ui, backend: &Backend, sealed: settings_file::Sealed) {
        match &self.secrets {
            Some(set) => {
                ui.label(format!(
                    "Secrets opened: {}{}.",
                    count(set.accounts.len(), "account secret"),
                    if set.proxy_password.is_some() {
                        " and the proxy password"
                    } else {
                        ""
                    }
                ));
            }
            None => {
                ui.label("The file holds secrets sealed with a passphrase (AES-256-GCM, Argon2id).");
                ui.checkbox(&mut self.without_secrets, "Import without the secrets");
                if !self.without_secrets {
                    ui.horizontal(|ui| {
                        field(
                            ui,
                            "File passphrase:",
                            &mut self.passphrase,
                            true,
                            "the one typed at export",
                        );
                        let busy = !self.opening.is_empty();
                        if ui.add_enabled(!busy, egui::Button::new("Open the secrets")).clicked() {
                            let passphrase = self.passphrase.clone();
                            self.opening.start(
                                sealed.ciphertext.clone(),
                                backend.spawn_blocking(move || settings_file::open(&sealed, &passphrase)),
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
                        let secret = if secrets.accounts.contains_key(&p.id) {
                            ", with its secret"
                        } else {
                            ""
                        };
                        ui.label(format!("{} · {}{secret}", p.kind.describe(), p.account_name));
                        match &item.clashes_with {
                            None => {
                                ui.label("new here");
                            }
                            Some(_) => {
                                ui.horizontal(|ui| {
                                    ui.label(if item.same {
                                        "already here, the same settings:"
                                    } else {
                                        "already here, other settings:"
                                    });
                                    ui.radio_value(&mut item.choice, Some(Clash::KeepMine), "Keep mine");
                                    ui.radio_value(&mut item.choice, Some(Clash::Replace), "Replace mine");
                                    ui.radio_value(&mut item.choice, Some(Clash::KeepBoth), "Keep both");
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
        let (_, file) = self.file.as_ref()?;
        if file.secrets.is_some() && self.secrets.is_none() && !self.without_secrets {
            return Some("Type the file's passphrase and open the secrets, or tick Import without the secrets.".into());
        }
        let open: Vec<&str> = self
            .items
            .iter()
            .filter(|i| i.clashes_with.is_some() && i.choice.is_none())
            .map(|i| i.profile.label.as_str())
            .collect();
        (!open.is_empty()).then(|| {
            format!(
                "Choose what to do with each account already here: {}.",
                open.iter().map(|l| format!("`{l}`")).collect::<Vec<_>>().join(", ")
            )
        })
    }

    fn imported(&self, here: &[AccountProfile]) -> Imported {
        let Some((_, file)) = &self.file else {
            return Imported::default();
        };
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
