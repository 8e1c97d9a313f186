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
use crate::app::widgets::i18n::{t, tr};

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
        ui.label(tr!(
            "accounts-settings-transfer-writes",
            accounts = s.accounts.len(),
            recent = s.recent.len(),
            queries = counted_queries(s.saved_queries.len()),
            proxy = describe_proxy(&s.proxy),
            look = s.look.describe()
        ));
        ui.checkbox(&mut self.with_secrets, t("accounts-settings-transfer-with-secrets"))
            .on_hover_text(t("accounts-settings-transfer-with-secrets-hint"));
        if self.with_secrets {
            let label = t("accounts-settings-transfer-passphrase");
            let hint = t("accounts-settings-transfer-passphrase-hint");
            field(ui, &label, &mut self.passphrase, true, &hint);
            let label = t("accounts-settings-transfer-again");
            let hint = t("accounts-settings-transfer-again-hint");
            field(ui, &label, &mut self.again, true, &hint);
            ui.label(t("accounts-settings-transfer-keep-apart"));
        } else {
            ui.label(t("accounts-settings-transfer-no-secrets"));
        }
        let busy = !self.writing.is_empty();
        let mut close = false;
        ui.horizontal(|ui| {
            if pressed(ui, !busy, "accounts-settings-transfer-export") {
                self.start(backend, dialogs, secrets);
            }
            if ui.button(t("accounts-settings-transfer-close")).clicked() {
                close = true;
            }
        });
        if busy {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(t(if self.with_secrets {
                    "accounts-settings-transfer-sealing"
                } else {
                    "accounts-settings-transfer-writing"
                }));
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
        let title = t("accounts-settings-transfer-export-title");
        self.writing.start(
            (),
            backend.spawn_blocking(move || {
                let Some(path) = dialogs.save_file(&title, "tessera-settings.json") else {
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
    let failed = |e: std::io::Error| {
        let (path, why) = (path.display().to_string(), e.to_string());
        tr!("accounts-settings-transfer-write-failed", path = path, why = why)
    };
    let part = path.with_extension("json.part");
    std::fs::write(&part, text).map_err(failed)?;
    std::fs::rename(&part, path).map_err(|e| {
        let _ = std::fs::remove_file(&part);
        failed(e)
    })?;
    let secrets_words = match passphrase {
        None => t("accounts-settings-transfer-no-secrets-words"),
        Some(_) if missing.is_empty() => tr!("accounts-settings-transfer-sealed", count = set.accounts.len()),
        Some(_) => tr!(
            "accounts-settings-transfer-sealed-missing",
            count = set.accounts.len(),
            missing = missing.join(", ")
        ),
    };
    Ok(tr!(
        "accounts-settings-transfer-exported",
        accounts = s.accounts.len(),
        recent = s.recent.len(),
        queries = counted_queries(s.saved_queries.len()),
        path = path.display().to_string(),
        secrets = secrets_words
    ))
}

/// A button named by a message, greyed out unless `enabled`: whether it was pressed.
fn pressed(ui: &mut egui::Ui, enabled: bool, id: &str) -> bool {
    ui.add_enabled(enabled, egui::Button::new(t(id))).clicked()
}

/// "1 saved query", "3 saved queries".
pub(crate) fn counted_queries(n: usize) -> String {
    tr!("accounts-settings-transfer-queries", count = n)
}

fn describe_proxy(p: &ProxySettings) -> String {
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
        if let Some((_, file)) = &self.file {
            let sealed = file.secrets.clone();
            let (recent, proxy, look) = (file.recent.len(), describe_proxy(&file.proxy), file.look);
            let queries = file.saved_queries.len();
            if let Some(sealed) = sealed {
                self.secrets_ui(ui, backend, sealed);
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
        let waiting = self.waiting_for();
        if let Some(what) = &waiting {
            ui.label(what);
        }
        ui.horizontal(|ui| {
            let ready = self.file.is_some() && waiting.is_none() && self.opening.is_empty();
            if pressed(ui, ready, "accounts-settings-transfer-import") {
                outcome = SettingsOutcome::Import(Box::new(self.imported(here)));
            }
            if ui.button(t("accounts-settings-transfer-cancel")).clicked() {
                outcome = SettingsOutcome::Closed;
            }
        });
        outcome
    }

    fn secrets_ui(&mut self, ui: &mut egui::Ui, backend: &Backend, sealed: settings_file::Sealed) {
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
        let (_, file) = self.file.as_ref()?;
        if file.secrets.is_some() && self.secrets.is_none() && !self.without_secrets {
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
