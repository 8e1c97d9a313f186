//! Accounts > Export settings…: the form (what to include, the passphrase typed twice) and its job, which reads the
//! secrets when asked, seals them over the whole file and writes the file readable by its owner only.

use std::path::Path;
use std::sync::Arc;

use zeroize::Zeroizing;

use crate::app::accounts::editor::field;
use crate::app::accounts::profiles::AccountProfile;
use crate::app::accounts::proxy_settings::{self, ProxySettings};
use crate::app::accounts::secrets::Secrets;
use crate::app::accounts::settings_file::{self, FORMAT, Look, SettingsFile, VERSION};
use crate::app::accounts::settings_seal::{self, SecretSet};
use crate::app::accounts::settings_transfer::{counted_queries, describe_proxy, pressed};
use crate::app::accounts::tree::TabTarget;
use crate::app::context::saved_queries::SavedQuery;
use crate::app::context::{FileDialogs, InFlight};
use crate::app::runtime::backend::Backend;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::Secret;

/// What an export writes, taken from the app when the window opens.
#[derive(Clone, Debug, Default)]
pub struct ExportSnapshot {
    pub accounts: Vec<AccountProfile>,
    pub recent: Vec<TabTarget>,
    pub proxy: ProxySettings,
    /// The proxy settings this run started with (whose password an earlier version kept in the keychain).
    pub proxy_started_with: ProxySettings,
    pub look: Look,
    pub saved_queries: Vec<SavedQuery>,
}

pub struct ExportForm {
    snapshot: ExportSnapshot,
    with_secrets: bool,
    /// Wiped from memory when the window goes (and each copy handed to the job when that is done).
    passphrase: Zeroizing<String>,
    again: Zeroizing<String>,
    /// The file being written: Ok(None) when the user cancelled the file dialog.
    writing: InFlight<(), Result<Option<String>, String>>,
    /// What the last export did, or why it failed (or a passphrase refused before anything was written).
    result: Option<Result<String, String>>,
}

impl ExportForm {
    pub fn new(snapshot: ExportSnapshot) -> Self {
        ExportForm {
            snapshot,
            with_secrets: false,
            passphrase: Zeroizing::default(),
            again: Zeroizing::default(),
            writing: InFlight::default(),
            result: None,
        }
    }

    /// Returns true when the window is to close.
    pub fn ui(
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
                let passphrase = passphrase.as_ref().map(|p| p.as_str());
                write_export(&snapshot, passphrase, &secrets, &path).map(Some)
            }),
        );
    }
}

/// Reads the secrets (when sealing), seals them over the whole file, writes the file, and says what it holds.
fn write_export(
    s: &ExportSnapshot,
    passphrase: Option<&str>,
    secrets: &Secrets,
    path: &Path,
) -> Result<String, String> {
    let mut set = SecretSet::default();
    let mut missing = Vec::new();
    if passphrase.is_some() {
        for p in s.accounts.iter().filter(|p| p.needs_secret()) {
            match secrets.load(&p.id) {
                Ok(Some(secret)) => {
                    set.accounts.insert(p.id.clone(), Secret::from(secret));
                }
                _ => missing.push(format!("`{}`", p.label)),
            }
        }
        if s.proxy.keeps_password() {
            set.proxy_password = proxy_settings::read_password(secrets, &s.proxy, &s.proxy_started_with)
                .ok()
                .flatten()
                .map(Secret::from);
        }
    }
    let file = SettingsFile {
        format: FORMAT.into(),
        version: VERSION,
        accounts: s.accounts.clone(),
        recent: s.recent.clone(),
        proxy: s.proxy.clone(),
        look: s.look,
        saved_queries: s.saved_queries.clone(),
        secrets: None,
    };
    let mut value = serde_json::to_value(&file).map_err(|e| e.to_string())?;
    if let Some(p) = passphrase {
        settings_seal::seal(&mut value, &set, p)?;
    }
    let text = serde_json::to_string_pretty(&value).map_err(|e| e.to_string())?;
    write_private(path, &text).map_err(|e| {
        let (path, why) = (path.display().to_string(), e.to_string());
        tr!("accounts-settings-transfer-write-failed", path = path, why = why)
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

/// Writes the file through a new one beside it, readable and writable by its owner only where the platform has
/// modes (it names the accounts and their endpoints, and may hold sealed secrets). On other platforms the file
/// takes the folder's access rules.
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let part = path.with_extension("json.part");
    // Whatever an earlier try left there (a file with another mode, a link elsewhere) is removed, and the new
    // file made afresh: never opened through a link, never with a looser mode.
    let _ = std::fs::remove_file(&part);
    let written = (|| {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(&part)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&part, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&part);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_passphrases_are_wiped_when_the_form_goes() {
        fn wiped<T: zeroize::ZeroizeOnDrop>(_: &T) {}
        let form = ExportForm::new(ExportSnapshot::default());
        wiped(&form.passphrase);
        wiped(&form.again);
    }

    #[cfg(unix)]
    #[test]
    fn the_file_is_written_for_its_owner_only_even_over_a_looser_leftover() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        let part = path.with_extension("json.part");
        std::fs::write(&part, "left from a crash").unwrap();
        std::fs::set_permissions(&part, std::fs::Permissions::from_mode(0o644)).unwrap();
        write_private(&path, "{}").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{mode:o}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{}");
        assert!(!part.exists());
    }
}
