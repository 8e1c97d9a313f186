//! The settings file Accounts > Export settings writes and Import settings reads: the accounts (never a secret in
//! clear), the recently opened resources, the proxy choice and the look; the secrets only when the user asks, sealed
//! with AES-256-GCM under a key Argon2id derives from a passphrase. And how an import meets the accounts already here.

use std::collections::BTreeMap;

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use serde::{Deserialize, Serialize};

use crate::app::accounts::profiles::AccountProfile;
use crate::app::accounts::proxy_settings::ProxySettings;
use crate::app::accounts::tree::TabTarget;
use crate::app::widgets::i18n::{t, tr};

/// What the file says it is: an import refuses anything else in plain words.
pub const FORMAT: &str = "tessera-settings";
pub const VERSION: u32 = 1;
/// A passphrase shorter than this is refused before anything is written.
pub const MIN_PASSPHRASE: usize = 8;
/// Bound to the sealed bytes: a file's secrets cannot be moved into another kind of file unnoticed.
const ASSOCIATED: &[u8] = b"tessera-settings secrets v1";

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

/// The secrets, sealed: Argon2id's parameters and salt, the nonce, and the ciphertext with its tag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sealed {
    pub cipher: String,
    pub kdf: String,
    pub memory_kib: u32,
    pub iterations: u32,
    pub parallelism: u32,
    pub salt: String,
    pub nonce: String,
    pub ciphertext: String,
}

/// What the sealed part holds once opened: each account's secret by its id in the file, and the proxy's password.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SecretSet {
    pub accounts: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proxy_password: Option<String>,
}

impl SecretSet {
    pub fn is_empty(&self) -> bool {
        self.accounts.is_empty() && self.proxy_password.is_none()
    }
}

/// OWASP's Argon2id minimum (19 MiB, two passes, one lane): strong, and quick enough that Export does not stall.
const MEMORY_KIB: u32 = 19 * 1024;
const ITERATIONS: u32 = 2;
const PARALLELISM: u32 = 1;

fn derive(
    passphrase: &str,
    salt: &[u8],
    memory_kib: u32,
    iterations: u32,
    parallelism: u32,
) -> Result<[u8; 32], String> {
    let params = argon2::Params::new(memory_kib, iterations, parallelism, Some(32))
        .map_err(|e| tr!("accounts-settings-file-bad-params", why = e.to_string()))?;
    let argon = argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params);
    let mut key = [0u8; 32];
    argon
        .hash_password_into(passphrase.as_bytes(), salt, &mut key)
        .map_err(|e| tr!("accounts-settings-file-no-key", why = e.to_string()))?;
    Ok(key)
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

/// Seals the secrets under a fresh salt and nonce. Runs Argon2id: call it off the UI thread.
pub fn seal(secrets: &SecretSet, passphrase: &str) -> Result<Sealed, String> {
    // The salt and nonce come from the operating system's generator: a nonce used twice under one key would
    // expose the secrets.
    use aes_gcm::aead::rand_core::RngCore;
    let (mut salt, mut nonce) = ([0u8; 16], [0u8; 12]);
    aes_gcm::aead::OsRng.fill_bytes(&mut salt);
    aes_gcm::aead::OsRng.fill_bytes(&mut nonce);
    let key = derive(passphrase, &salt, MEMORY_KIB, ITERATIONS, PARALLELISM)?;
    let plain = serde_json::to_vec(secrets).map_err(|e| e.to_string())?;
    let cipher = Aes256Gcm::new_from_slice(&key).map_err(|e| e.to_string())?;
    let sealed = cipher
        .encrypt(
            Nonce::from_slice(&nonce),
            Payload {
                msg: &plain,
                aad: ASSOCIATED,
            },
        )
        .map_err(|_| t("accounts-settings-file-not-encrypted"))?;
    Ok(Sealed {
        cipher: "AES-256-GCM".into(),
        kdf: "Argon2id".into(),
        memory_kib: MEMORY_KIB,
        iterations: ITERATIONS,
        parallelism: PARALLELISM,
        salt: B64.encode(salt),
        nonce: B64.encode(nonce),
        ciphertext: B64.encode(sealed),
    })
}

/// Opens sealed secrets with a passphrase. A wrong passphrase and a changed file look the same to AES-GCM, so the
/// words name both. Runs Argon2id: call it off the UI thread.
pub fn open(sealed: &Sealed, passphrase: &str) -> Result<SecretSet, String> {
    if sealed.cipher != "AES-256-GCM" || sealed.kdf != "Argon2id" {
        let (cipher, kdf) = (sealed.cipher.as_str(), sealed.kdf.as_str());
        return Err(tr!("accounts-settings-file-unknown-cipher", cipher = cipher, kdf = kdf));
    }
    let salt = B64
        .decode(&sealed.salt)
        .map_err(|_| t("accounts-settings-file-bad-salt"))?;
    let nonce = B64
        .decode(&sealed.nonce)
        .map_err(|_| t("accounts-settings-file-bad-nonce"))?;
    let ciphertext = B64
        .decode(&sealed.ciphertext)
        .map_err(|_| t("accounts-settings-file-bad-ciphertext"))?;
    if nonce.len() != 12 {
        return Err(t("accounts-settings-file-bad-nonce"));
    }
    // A file may ask for any cost; a hostile one must not take the machine's memory.
    if sealed.memory_kib > 1024 * 1024 || sealed.iterations > 64 || sealed.parallelism > 16 {
        return Err(t("accounts-settings-file-too-costly"));
    }
    let key = derive(
        passphrase,
        &salt,
        sealed.memory_kib,
        sealed.iterations,
        sealed.parallelism,
    )?;
    let cipher = Aes256Gcm::new_from_slice(&key).map_err(|e| e.to_string())?;
    let plain = cipher
        .decrypt(
            Nonce::from_slice(&nonce),
            Payload {
                msg: &ciphertext,
                aad: ASSOCIATED,
            },
        )
        .map_err(|_| t("accounts-settings-file-wrong-passphrase"))?;
    serde_json::from_slice(&plain).map_err(|_| t("accounts-settings-file-bad-plain"))
}

/// Reads a settings file's text; the words say what is wrong with one that is not such a file.
pub fn parse(text: &str) -> Result<SettingsFile, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| tr!("accounts-settings-file-not-json", why = e.to_string()))?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(t("accounts-settings-file-not-settings"));
    }
    let version = value.get("version").and_then(|v| v.as_u64()).unwrap_or(0);
    if version > u64::from(VERSION) {
        return Err(tr!("accounts-settings-file-newer", version = version, reads = VERSION));
    }
    serde_json::from_value(value).map_err(|e| tr!("accounts-settings-file-unreadable", why = e.to_string()))
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

/// An account to put in the list: its profile with the id it gets here, and its secret when the file had it.
#[derive(Clone, Debug)]
pub struct Placed {
    pub profile: AccountProfile,
    /// The id the account had in the file (recent resources refer to it).
    pub file_id: String,
    pub secret: Option<String>,
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
    fn sealed_secrets_open_with_the_passphrase_only() {
        let mut set = SecretSet::default();
        set.accounts.insert("a".into(), "S3cretKey==".into());
        set.proxy_password = Some("hunter22".into());
        let sealed = seal(&set, "correct horse").unwrap();
        let text = serde_json::to_string(&sealed).unwrap();
        assert!(!text.contains("S3cretKey") && !text.contains("hunter22"), "{text}");
        assert_eq!(open(&sealed, "correct horse").unwrap(), set);
        let wrong = open(&sealed, "correct horsE").unwrap_err();
        assert!(wrong.contains("passphrase does not open"), "{wrong}");
        // One changed byte of the ciphertext is refused, not read as other secrets.
        let mut changed = sealed.clone();
        let mut bytes = B64.decode(&changed.ciphertext).unwrap();
        bytes[0] ^= 1;
        changed.ciphertext = B64.encode(bytes);
        assert!(open(&changed, "correct horse").is_err());
        // Two seals of the same secrets differ (fresh salt and nonce).
        assert_ne!(seal(&set, "correct horse").unwrap().ciphertext, sealed.ciphertext);
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
        secrets.accounts.insert("p1".into(), "k1".into());
        secrets.accounts.insert("x".into(), "k4".into());
        // Unanswered clashes are left out.
        let placed = place(&items, &here, &secrets);
        assert_eq!(
            placed.iter().map(|p| p.profile.label.as_str()).collect::<Vec<_>>(),
            ["Test", "Staging"]
        );
        assert_ne!(placed[0].profile.id, "p2", "an id in use here is not taken");
        assert_eq!(placed[1].secret.as_deref(), Some("k4"));
        items[0].choice = Some(Clash::Replace);
        items[1].choice = Some(Clash::KeepBoth);
        let placed = place(&items, &here, &secrets);
        assert_eq!(placed[0].profile.id, "p1", "a replaced account keeps its id");
        assert_eq!(placed[0].profile.account_name, "prod2");
        assert_eq!(placed[0].secret.as_deref(), Some("k1"));
        assert_eq!(placed[1].profile.label, "Dev (imported)");
        assert_ne!(placed[1].profile.id, "p2");
        items[0].choice = Some(Clash::KeepMine);
        assert_eq!(place(&items, &here, &secrets).len(), 3);
        // An id of this run's only (a hand-edited file) would not outlive the run: it gets a lasting one.
        let odd = plan(&here, &[profile("this-run-emulator", "Odd", "odd")]);
        assert!(!place(&odd, &here, &secrets)[0].profile.id.starts_with("this-run-"));
    }
}
