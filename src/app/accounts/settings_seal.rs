//! The seal over a settings file's secrets: AES-256-GCM under a key Argon2id derives from a passphrase, made over
//! the whole file (every account, endpoint and sign-in host, and which account each secret is for), so that a file
//! changed anywhere after it was exported is refused rather than its secrets sent where the change points. The
//! derived key, the opened secrets and the bytes they are read from are wiped from memory when dropped.

use std::collections::BTreeMap;

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use serde::{Deserialize, Serialize};
use zeroize::{Zeroize, Zeroizing};

use crate::app::widgets::i18n::{t, tr};
use crate::storage::Secret;

/// The settings file's version once it holds secrets sealed this way. A version 1 file's seal was made over a fixed
/// string, so nothing proved its accounts were the ones sealed with the secrets: its secrets are never opened.
pub const SEALED_VERSION: u32 = 2;

/// What the passphrase check is sealed with (it seals nothing): a wrong passphrase fails it, a changed file passes
/// it and fails the seal, so the two are told apart in words.
const CHECK_ASSOCIATED: &[u8] = b"tessera-settings passphrase check";

/// OWASP's Argon2id minimum (19 MiB, two passes, one lane): strong, and quick enough that Export does not stall.
const MEMORY_KIB: u32 = 19 * 1024;
const ITERATIONS: u32 = 2;
const PARALLELISM: u32 = 1;

/// The secrets, sealed: Argon2id's parameters and salt, the passphrase check, the nonce, and the ciphertext with
/// its tag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sealed {
    pub cipher: String,
    pub kdf: String,
    pub memory_kib: u32,
    pub iterations: u32,
    pub parallelism: u32,
    pub salt: String,
    pub nonce: String,
    /// The passphrase check: AES-256-GCM of nothing under the same key with a nonce of its own (the tag alone).
    /// Absent from version 1 files.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub check_nonce: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub check: String,
    pub ciphertext: String,
}

/// What the seal holds once opened: each account's secret by its id in the file, and the proxy's password. Debug
/// output shows no secret (`Secret`), and each is wiped from memory when its last copy goes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SecretSet {
    pub accounts: BTreeMap<String, Secret>,
    pub proxy_password: Option<Secret>,
}

impl SecretSet {
    pub fn is_empty(&self) -> bool {
        self.accounts.is_empty() && self.proxy_password.is_none()
    }
}

/// The sealed JSON as written: borrowed from the secrets, never copied.
#[derive(Serialize)]
struct PlainOut<'a> {
    accounts: BTreeMap<&'a str, &'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    proxy_password: Option<&'a str>,
}

/// The sealed JSON as read; what is not moved into a `Secret` is wiped when it is dropped.
#[derive(Deserialize)]
struct PlainIn {
    accounts: BTreeMap<String, String>,
    #[serde(default)]
    proxy_password: Option<String>,
}

impl Drop for PlainIn {
    fn drop(&mut self) {
        self.accounts.values_mut().for_each(Zeroize::zeroize);
        self.proxy_password.zeroize();
    }
}

/// Why the secrets were not opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unopened {
    /// The passphrase is right, but the file is not the one that was sealed: it is refused whole.
    Changed,
    /// In words: a wrong passphrase, a damaged seal, an earlier version's seal.
    Refused(String),
}

impl Unopened {
    pub fn words(&self) -> String {
        match self {
            Unopened::Changed => t("accounts-settings-file-changed"),
            Unopened::Refused(words) => words.clone(),
        }
    }
}

fn derive(
    passphrase: &str,
    salt: &[u8],
    memory_kib: u32,
    iterations: u32,
    parallelism: u32,
) -> Result<Zeroizing<[u8; 32]>, String> {
    let params = argon2::Params::new(memory_kib, iterations, parallelism, Some(32))
        .map_err(|e| tr!("accounts-settings-file-bad-params", why = e.to_string()))?;
    let argon = argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params);
    let mut key = Zeroizing::new([0u8; 32]);
    argon
        .hash_password_into(passphrase.as_bytes(), salt, &mut *key)
        .map_err(|e| tr!("accounts-settings-file-no-key", why = e.to_string()))?;
    Ok(key)
}

/// The bytes the seal is made over: the whole file but the ciphertext itself (`secrets.ciphertext` left out), as
/// compact JSON with every object's members sorted by name, strings in UTF-8 with only `"`, `\` and control
/// characters escaped. Exactly what Python's `json.dumps(file, sort_keys=True, separators=(",", ":"),
/// ensure_ascii=False).encode()` writes for the file read with `json.load`, its `secrets.ciphertext` deleted.
pub fn associated_data(file: &serde_json::Value) -> Vec<u8> {
    fn sorted(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(members) => {
                members.sort_keys();
                members.values_mut().for_each(sorted);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(sorted),
            _ => {}
        }
    }
    let mut file = file.clone();
    if let Some(secrets) = file.get_mut("secrets").and_then(|s| s.as_object_mut()) {
        secrets.remove("ciphertext");
    }
    sorted(&mut file);
    serde_json::to_vec(&file).unwrap_or_default()
}

/// The secrets as the JSON to seal, in a buffer that never grows (a grown one would leave copies behind in freed
/// memory) and is wiped when dropped.
fn plain_bytes(secrets: &SecretSet) -> Result<Zeroizing<Vec<u8>>, String> {
    let out = PlainOut {
        accounts: secrets
            .accounts
            .iter()
            .map(|(id, s)| (id.as_str(), s.expose()))
            .collect(),
        proxy_password: secrets.proxy_password.as_ref().map(Secret::expose),
    };
    // Every character escaped as \u00XX at worst.
    let texts =
        out.accounts.iter().map(|(id, s)| id.len() + s.len()).sum::<usize>() + out.proxy_password.map_or(0, str::len);
    let mut plain = Zeroizing::new(Vec::with_capacity(64 + 8 * out.accounts.len() + 6 * texts));
    serde_json::to_writer(&mut *plain, &out).map_err(|e| e.to_string())?;
    Ok(plain)
}

/// Seals the secrets into `file` (a settings file as JSON): its `secrets` and its version are set, and the seal is
/// made over the file as it then is, so nothing in it can be changed unnoticed. Runs Argon2id: call it off the UI
/// thread.
pub fn seal(file: &mut serde_json::Value, secrets: &SecretSet, passphrase: &str) -> Result<(), String> {
    // The salt and nonces come from the operating system's generator: a nonce used twice under one key would
    // expose the secrets.
    use aes_gcm::aead::rand_core::RngCore;
    let (mut salt, mut nonce, mut check_nonce) = ([0u8; 16], [0u8; 12], [0u8; 12]);
    aes_gcm::aead::OsRng.fill_bytes(&mut salt);
    aes_gcm::aead::OsRng.fill_bytes(&mut nonce);
    aes_gcm::aead::OsRng.fill_bytes(&mut check_nonce);
    let key = derive(passphrase, &salt, MEMORY_KIB, ITERATIONS, PARALLELISM)?;
    let cipher = Aes256Gcm::new_from_slice(&key[..]).map_err(|e| e.to_string())?;
    let not_sealed = |_| t("accounts-settings-file-not-encrypted");
    let check = cipher
        .encrypt(
            Nonce::from_slice(&check_nonce),
            Payload {
                msg: &[],
                aad: CHECK_ASSOCIATED,
            },
        )
        .map_err(not_sealed)?;
    let mut sealed = Sealed {
        cipher: "AES-256-GCM".into(),
        kdf: "Argon2id".into(),
        memory_kib: MEMORY_KIB,
        iterations: ITERATIONS,
        parallelism: PARALLELISM,
        salt: B64.encode(salt),
        nonce: B64.encode(nonce),
        check_nonce: B64.encode(check_nonce),
        check: B64.encode(check),
        ciphertext: String::new(),
    };
    let members = file
        .as_object_mut()
        .ok_or_else(|| t("accounts-settings-file-not-encrypted"))?;
    members.insert("version".into(), SEALED_VERSION.into());
    members.insert(
        "secrets".into(),
        serde_json::to_value(&sealed).map_err(|e| e.to_string())?,
    );
    let associated = associated_data(file);
    let plain = plain_bytes(secrets)?;
    let ciphertext = cipher
        .encrypt(
            Nonce::from_slice(&nonce),
            Payload {
                msg: &plain,
                aad: &associated,
            },
        )
        .map_err(not_sealed)?;
    sealed.ciphertext = B64.encode(ciphertext);
    file["secrets"] = serde_json::to_value(&sealed).map_err(|e| e.to_string())?;
    Ok(())
}

/// Opens sealed secrets with a passphrase; `associated`: the file's `associated_data`, as read. The passphrase
/// check comes first, so a wrong passphrase and a changed file are said apart. Runs Argon2id: call it off the UI
/// thread.
pub fn open(sealed: &Sealed, associated: &[u8], passphrase: &str) -> Result<SecretSet, Unopened> {
    let refused = |id: &str| Unopened::Refused(t(id));
    if sealed.cipher != "AES-256-GCM" || sealed.kdf != "Argon2id" {
        let (cipher, kdf) = (sealed.cipher.as_str(), sealed.kdf.as_str());
        return Err(Unopened::Refused(tr!(
            "accounts-settings-file-unknown-cipher",
            cipher = cipher,
            kdf = kdf
        )));
    }
    if sealed.check.is_empty() || sealed.check_nonce.is_empty() {
        return Err(refused("accounts-settings-file-earlier-seal"));
    }
    let salt = B64
        .decode(&sealed.salt)
        .map_err(|_| refused("accounts-settings-file-bad-salt"))?;
    let nonce = B64.decode(&sealed.nonce).ok().filter(|n| n.len() == 12);
    let check_nonce = B64.decode(&sealed.check_nonce).ok().filter(|n| n.len() == 12);
    let (Some(nonce), Some(check_nonce)) = (nonce, check_nonce) else {
        return Err(refused("accounts-settings-file-bad-nonce"));
    };
    let check = B64
        .decode(&sealed.check)
        .map_err(|_| refused("accounts-settings-file-bad-ciphertext"))?;
    let ciphertext = B64
        .decode(&sealed.ciphertext)
        .map_err(|_| refused("accounts-settings-file-bad-ciphertext"))?;
    // A file may ask for any cost; a hostile one must not take the machine's memory.
    if sealed.memory_kib > 1024 * 1024 || sealed.iterations > 64 || sealed.parallelism > 16 {
        return Err(refused("accounts-settings-file-too-costly"));
    }
    let key = derive(
        passphrase,
        &salt,
        sealed.memory_kib,
        sealed.iterations,
        sealed.parallelism,
    )
    .map_err(Unopened::Refused)?;
    let cipher = Aes256Gcm::new_from_slice(&key[..]).map_err(|e| Unopened::Refused(e.to_string()))?;
    cipher
        .decrypt(
            Nonce::from_slice(&check_nonce),
            Payload {
                msg: &check,
                aad: CHECK_ASSOCIATED,
            },
        )
        .map_err(|_| refused("accounts-settings-file-wrong-passphrase"))?;
    let plain = Zeroizing::new(
        cipher
            .decrypt(
                Nonce::from_slice(&nonce),
                Payload {
                    msg: &ciphertext,
                    aad: associated,
                },
            )
            .map_err(|_| Unopened::Changed)?,
    );
    let mut read: PlainIn = serde_json::from_slice(&plain).map_err(|_| refused("accounts-settings-file-bad-plain"))?;
    let mut set = SecretSet::default();
    for (id, secret) in read.accounts.iter_mut() {
        set.accounts.insert(id.clone(), Secret::from(std::mem::take(secret)));
    }
    set.proxy_password = read.proxy_password.take().map(Secret::from);
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A settings file as JSON, as Export writes it before the seal.
    fn file() -> serde_json::Value {
        json!({
            "format": "tessera-settings",
            "version": 1,
            "accounts": [
                {"id": "a", "label": "Prod", "kind": "NameAndKey", "account_name": "prod",
                 "blob_endpoint": "https://prod.blob.core.windows.net/", "queue_endpoint": null,
                 "table_endpoint": null, "secret": "AccountKey", "scope": null},
                {"id": "b", "label": "Робот 机器人", "kind": "EntraId", "account_name": "ops",
                 "blob_endpoint": "https://ops.blob.core.windows.net/", "queue_endpoint": null,
                 "table_endpoint": null, "secret": "ClientSecret", "scope": null,
                 "entra": {"method": "ServicePrincipal", "tenant": "contoso.example", "client_id": "c1",
                           "authority": "https://login.microsoftonline.com/"}}
            ],
            "recent": [],
            "proxy": {"mode": "Manual", "address": "http://proxy.example:3128", "user": "bob\t\"q\""},
            "look": {"dark": true, "high_contrast": false},
            "saved_queries": []
        })
    }

    fn secrets() -> SecretSet {
        let mut set = SecretSet::default();
        set.accounts.insert("a".into(), Secret::from("S3cretKey==".to_string()));
        set.accounts
            .insert("b".into(), Secret::from("client-s3cret".to_string()));
        set.proxy_password = Some(Secret::from("hunter22".to_string()));
        set
    }

    fn sealed_file(passphrase: &str) -> serde_json::Value {
        let mut f = file();
        seal(&mut f, &secrets(), passphrase).unwrap();
        f
    }

    /// Opens the seal of a file as the Import window does: from the file's text.
    fn open_text(text: &str, passphrase: &str) -> Result<SecretSet, Unopened> {
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        let sealed: Sealed = serde_json::from_value(value["secrets"].clone()).unwrap();
        open(&sealed, &associated_data(&value), passphrase)
    }

    #[test]
    fn sealed_secrets_open_with_the_passphrase_only() {
        let f = sealed_file("correct horse");
        let text = serde_json::to_string_pretty(&f).unwrap();
        assert_eq!(f["version"], SEALED_VERSION);
        for secret in ["S3cretKey", "client-s3cret", "hunter22", "correct horse"] {
            assert!(!text.contains(secret), "`{secret}` in clear: {text}");
        }
        assert_eq!(open_text(&text, "correct horse").unwrap(), secrets());
        let wrong = open_text(&text, "correct horsE").unwrap_err();
        assert!(wrong.words().contains("passphrase does not open"), "{wrong:?}");
        // One changed byte of the ciphertext is refused, not read as other secrets.
        let mut changed = f.clone();
        let mut bytes = B64.decode(changed["secrets"]["ciphertext"].as_str().unwrap()).unwrap();
        bytes[0] ^= 1;
        changed["secrets"]["ciphertext"] = B64.encode(bytes).into();
        assert_eq!(
            open_text(&changed.to_string(), "correct horse").unwrap_err(),
            Unopened::Changed
        );
        // Two seals of the same secrets differ (fresh salt and nonce).
        assert_ne!(
            sealed_file("correct horse")["secrets"]["ciphertext"],
            f["secrets"]["ciphertext"]
        );
    }

    #[test]
    fn a_file_changed_anywhere_is_refused_though_the_passphrase_is_right() {
        let f = sealed_file("correct horse");
        // Laid out otherwise (indented, members reordered) it is the same file: it opens.
        let mut reordered = serde_json::Map::new();
        for (k, v) in f.as_object().unwrap().iter().rev() {
            reordered.insert(k.clone(), v.clone());
        }
        let reordered = serde_json::to_string_pretty(&reordered).unwrap();
        assert_eq!(open_text(&reordered, "correct horse").unwrap(), secrets());
        type Change = fn(&mut serde_json::Value);
        let changes: [(&str, Change); 6] = [
            ("an endpoint", |f| {
                f["accounts"][0]["blob_endpoint"] = "https://attacker.example/".into()
            }),
            ("a sign-in authority", |f| {
                f["accounts"][1]["entra"]["authority"] = "https://login.attacker.example/".into()
            }),
            ("which account a secret is for", |f| {
                let accounts = f["accounts"].as_array_mut().unwrap();
                let (a, b) = (accounts[0]["id"].clone(), accounts[1]["id"].clone());
                (accounts[0]["id"], accounts[1]["id"]) = (b, a);
            }),
            ("an account added", |f| {
                let copy = f["accounts"][0].clone();
                f["accounts"].as_array_mut().unwrap().push(copy);
            }),
            ("the proxy", |f| {
                f["proxy"]["address"] = "http://attacker.example:3128".into()
            }),
            ("a member this version does not read", |f| {
                f["accounts"][0]["portal"] = "https://attacker.example/".into()
            }),
        ];
        for (what, change) in changes {
            let mut changed = f.clone();
            change(&mut changed);
            let refused = open_text(&changed.to_string(), "correct horse").unwrap_err();
            assert_eq!(refused, Unopened::Changed, "{what}");
            assert!(refused.words().contains("changed after it was exported"), "{what}");
        }
    }

    #[test]
    fn an_earlier_versions_seal_is_never_opened() {
        let mut f = sealed_file("correct horse");
        f["version"] = 1.into();
        let secrets = f["secrets"].as_object_mut().unwrap();
        secrets.remove("check");
        secrets.remove("check_nonce");
        let refused = open_text(&f.to_string(), "correct horse").unwrap_err();
        assert!(refused.words().contains("earlier version of Tessera"), "{refused:?}");
    }

    #[test]
    fn the_key_the_plain_text_and_the_secrets_are_wiped_when_dropped() {
        fn wiped<T: zeroize::ZeroizeOnDrop>(_: &T) {}
        wiped(&derive("correct horse", &[7; 16], 64, 1, 1).unwrap());
        wiped(&plain_bytes(&secrets()).unwrap());
        wiped(&Secret::from("s".to_string()));
        let shown = format!("{:?}", secrets());
        for secret in ["S3cretKey", "client-s3cret", "hunter22"] {
            assert!(!shown.contains(secret), "{shown}");
        }
    }
}
