//! The settings file Accounts > Export settings writes and Import settings reads: the accounts (never a secret in
//! clear), the recently opened resources, the proxy choice and the look; the secrets only when the user asks, sealed
//! over the whole file (`settings_seal`). And how an import meets the accounts already here.

use serde::{Deserialize, Serialize};

use crate::app::accounts::profiles::AccountProfile;
use crate::app::accounts::proxy_settings::ProxySettings;
use crate::app::accounts::settings_seal::{self, Sealed, SecretSet};
use crate::app::accounts::tree::TabTarget;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::Secret;

/// What the file says it is: an import refuses anything else in plain words.
pub const FORMAT: &str = "tessera-settings";
/// The version of a file without secrets: unchanged since version 1, so earlier versions of Tessera read it.
pub const VERSION: u32 = 1;
/// The newest version this one reads: a file with sealed secrets (`settings_seal::SEALED_VERSION`).
pub const READS: u32 = settings_seal::SEALED_VERSION;
/// A passphrase shorter than this is refused before anything is written.
pub const MIN_PASSPHRASE: usize = 8;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Look {
    pub dark: bool,
    #[serde(default)]
    pub high_contrast: bool,
}

impl Look {
    pub fn describe(self) -> String {
        t(match (self.dark, self.high_contrast) {
            (_, true) => "accounts-settings-file-high-contrast",
            (true, false) => "accounts-settings-file-dark",
            (false, false) => "accounts-settings-file-light",
        })
    }
}

/// The whole file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SettingsFile {
    pub format: String,
    pub version: u32,
    pub accounts: Vec<AccountProfile>,
    #[serde(default)]
    pub recent: Vec<TabTarget>,
    #[serde(default)]
    pub proxy: ProxySettings,
    #[serde(default)]
    pub look: Look,
    /// The queries saved by name in table tabs.
    #[serde(default)]
    pub saved_queries: Vec<crate::app::context::saved_queries::SavedQuery>,
    /// Present only when the user chose to export the secrets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secrets: Option<Sealed>,
}

/// Whether a passphrase (typed twice) may seal secrets; the words say what to change.
pub fn check_passphrase(passphrase: &str, again: &str) -> Result<(), String> {
    if passphrase.chars().count() < MIN_PASSPHRASE {
        return Err(tr!("accounts-settings-file-short-passphrase", min = MIN_PASSPHRASE));
    }
    if passphrase != again {
        return Err(t("accounts-settings-file-passphrases-differ"));
    }
    Ok(())
}

/// A settings file as read: its settings, and the bytes its seal (if any) must have been made over, worked out
/// from the text itself, so that whatever the file holds (a member this version does not read too) is checked.
#[derive(Clone, Debug)]
pub struct ReadFile {
    pub settings: SettingsFile,
    pub sealed_over: Vec<u8>,
}

impl ReadFile {
    /// The file holds secrets sealed by an earlier version, whose seal leaves the accounts unauthenticated.
    pub fn earlier_seal(&self) -> bool {
        self.settings.secrets.is_some() && self.settings.version < settings_seal::SEALED_VERSION
    }
}

/// Reads a settings file's text; the words say what is wrong with one that is not such a file.
pub fn parse(text: &str) -> Result<ReadFile, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| tr!("accounts-settings-file-not-json", why = e.to_string()))?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(t("accounts-settings-file-not-settings"));
    }
    let version = value.get("version").and_then(|v| v.as_u64()).unwrap_or(0);
    if version > u64::from(READS) {
        return Err(tr!("accounts-settings-file-newer", version = version, reads = READS));
    }
    let sealed_over = settings_seal::associated_data(&value);
    let settings =
        serde_json::from_value(value).map_err(|e| tr!("accounts-settings-file-unreadable", why = e.to_string()))?;
    Ok(ReadFile { settings, sealed_over })
}

/// What to do with an imported account whose name is already in the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clash {
    KeepMine,
    Replace,
    KeepBoth,
}

/// One imported account, and the account here with the same name, if any.
#[derive(Clone, Debug)]
pub struct Incoming {
    pub profile: AccountProfile,
    /// The id of the account here with the same display name.
    pub clashes_with: Option<String>,
    /// The clash's profile is the same as the imported one (apart from its id): nothing would change.
    pub same: bool,
    /// The user's answer to the clash (none yet: Import waits for it).
    pub choice: Option<Clash>,
}

/// Pairs each imported account with the one here of the same display name (what the user calls it and sees in
/// the tree; two accounts may well share a storage account name, such as the emulator's).
pub fn plan(here: &[AccountProfile], imported: &[AccountProfile]) -> Vec<Incoming> {
    imported
        .iter()
        .map(|p| {
            let clash = here.iter().find(|h| h.label == p.label);
            let same = clash.is_some_and(|h| {
                AccountProfile {
                    id: h.id.clone(),
                    ..p.clone()
                } == *h
            });
            Incoming {
                profile: p.clone(),
                clashes_with: clash.map(|h| h.id.clone()),
                same,
                choice: None,
            }
        })
        .collect()
}

/// An account to put in the list: its profile with the id it gets here, and its secret when the file had it (never
/// in Debug output).
#[derive(Clone, Debug)]
pub struct Placed {
    pub profile: AccountProfile,
    /// The id the account had in the file (recent resources refer to it).
    pub file_id: String,
    pub secret: Option<Secret>,
}

/// Applies the answers: new accounts get an id unused here, a replaced one keeps the id of the one it replaces
/// (its tabs and recent resources stay with it), a kept-both one is named "… (imported)". Accounts kept as they
/// are, and clashes not answered, are left out.
pub fn place(incoming: &[Incoming], here: &[AccountProfile], secrets: &SecretSet) -> Vec<Placed> {
    let mut used: std::collections::HashSet<String> = here.iter().map(|h| h.id.clone()).collect();
    let mut labels: std::collections::HashSet<String> = here.iter().map(|h| h.label.clone()).collect();
    let mut placed = Vec::new();
    for item in incoming {
        let mut profile = item.profile.clone();
        let file_id = profile.id.clone();
        match (&item.clashes_with, item.choice) {
            (None, _) => {}
            (Some(mine), Some(Clash::Replace)) => profile.id = mine.clone(),
            (Some(_), Some(Clash::KeepBoth)) => {
                let mut label = format!("{} (imported)", profile.label); // i18n-ignore: a saved account's name
                let mut n = 2;
                while labels.contains(&label) {
                    label = format!("{} (imported {n})", profile.label); // i18n-ignore: a saved account's name
                    n += 1;
                }
                profile.label = label;
            }
            (Some(_), Some(Clash::KeepMine) | None) => continue,
        }
        let replacing = matches!(item.choice, Some(Clash::Replace)) && item.clashes_with.is_some();
        // Every account that is not a replacement gets an id of its own: the file's could be in use here, be one
        // of this run's only, or name another keychain entry (the proxy's password is kept under `proxy`).
        if !replacing {
            profile.id = format!("imported-{}", uuid::Uuid::new_v4()); // i18n-ignore: an id
        }
        used.insert(profile.id.clone());
        labels.insert(profile.label.clone());
        placed.push(Placed {
            secret: secrets.accounts.get(&file_id).cloned(),
            profile,
            file_id,
        });
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::accounts::profiles::{ProfileKind, SecretKind};

    fn profile(id: &str, label: &str, name: &str) -> AccountProfile {
        AccountProfile {
            id: id.into(),
            label: label.into(),
            kind: ProfileKind::NameAndKey,
            account_name: name.into(),
            blob_endpoint: Some(format!("https://{name}.blob.core.windows.net")),
            queue_endpoint: None,
            table_endpoint: None,
            secret: SecretKind::AccountKey,
            scope: None,
            entra: None,
            trusted_cert: None,
            arm: None,
            portal: None,
        }
    }

    #[test]
    fn a_short_or_mistyped_passphrase_is_refused_first() {
        assert!(check_passphrase("short", "short").unwrap_err().contains("at least 8"));
        assert!(
            check_passphrase("long enough", "long enougH")
                .unwrap_err()
                .contains("differ")
        );
        assert!(check_passphrase("long enough", "long enough").is_ok());
    }

    #[test]
    fn other_files_are_refused_in_words() {
        assert!(parse("not json").unwrap_err().contains("not JSON"));
        assert!(
            parse("{\"accounts\":[]}")
                .unwrap_err()
                .contains("not a Tessera settings file")
        );
        let newer = format!("{{\"format\":\"{FORMAT}\",\"version\":9,\"accounts\":[]}}");
        assert!(parse(&newer).unwrap_err().contains("newer Tessera"));
    }

    #[test]
    fn clashes_are_placed_as_answered() {
        let here = vec![profile("p1", "Prod", "prod"), profile("p2", "Dev", "dev")];
        let imported = vec![
            profile("p1", "Prod", "prod2"),
            profile("p2", "Dev", "dev"),
            profile("p2", "Test", "test"),
            profile("x", "Staging", "staging"),
        ];
        let mut items = plan(&here, &imported);
        assert_eq!(items[0].clashes_with.as_deref(), Some("p1"));
        assert!(!items[0].same);
        assert!(items[1].same, "the same settings under the same name");
        assert!(items[2].clashes_with.is_none());
        let mut secrets = SecretSet::default();
        secrets.accounts.insert("p1".into(), Secret::new("k1"));
        secrets.accounts.insert("x".into(), Secret::new("k4"));
        // Unanswered clashes are left out.
        let placed = place(&items, &here, &secrets);
        assert_eq!(
            placed.iter().map(|p| p.profile.label.as_str()).collect::<Vec<_>>(),
            ["Test", "Staging"]
        );
        assert_ne!(placed[0].profile.id, "p2", "an id in use here is not taken");
        assert_eq!(placed[1].secret.as_ref().map(Secret::expose), Some("k4"));
        items[0].choice = Some(Clash::Replace);
        items[1].choice = Some(Clash::KeepBoth);
        let placed = place(&items, &here, &secrets);
        assert_eq!(placed[0].profile.id, "p1", "a replaced account keeps its id");
        assert_eq!(placed[0].profile.account_name, "prod2");
        assert_eq!(placed[0].secret.as_ref().map(Secret::expose), Some("k1"));
        assert_eq!(placed[1].profile.label, "Dev (imported)");
        assert_ne!(placed[1].profile.id, "p2");
        items[0].choice = Some(Clash::KeepMine);
        assert_eq!(place(&items, &here, &secrets).len(), 3);
        // An id of this run's only (a hand-edited file) would not outlive the run: it gets a lasting one.
        let odd = plan(&here, &[profile("this-run-emulator", "Odd", "odd")]);
        assert!(!place(&odd, &here, &secrets)[0].profile.id.starts_with("this-run-"));
    }
}
