//! Account keys and SAS tokens: in the OS keychain, or for this run only when there is none. Never on disk.
//! Every call may block (the keychain is another process), so callers run them off the UI thread.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use zeroize::Zeroizing;

use crate::app::widgets::i18n::{t, tr};

const KEYCHAIN_SERVICE: &str = "tessera-storage-explorer";

/// Where a secret ended up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stored {
    Keychain,
    /// Kept in memory for this run; the reason says why the keychain could not take it.
    ThisRunOnly(String),
}

/// The keychain when there is one, and the session's memory behind it.
pub struct Secrets {
    /// Decided on first use, off the UI thread: None = the keychain works, Some(why) = there is none.
    unavailable: OnceLock<Option<String>>,
    open_keychain: fn() -> Result<Arc<keyring_core::CredentialStore>, String>,
    /// Wiped from memory as each leaves (stored in the keychain, forgotten, or the app closed).
    session: Mutex<HashMap<String, Zeroizing<String>>>,
}

impl Secrets {
    /// The platform's keychain, connected to on first use (connecting blocks, so never on the UI thread).
    pub fn platform() -> Arc<Secrets> {
        Arc::new(Secrets {
            unavailable: OnceLock::new(),
            open_keychain: platform_store,
            session: Mutex::default(),
        })
    }

    /// Uses whatever store is already registered with keyring-core (tests register the mock store).
    pub fn from_registered_store() -> Arc<Secrets> {
        let unavailable = OnceLock::new();
        let _ = unavailable.set(
            keyring_core::get_default_store()
                .is_none()
                .then(|| t("accounts-secrets-no-store")),
        );
        Arc::new(Secrets {
            unavailable,
            open_keychain: platform_store,
            session: Mutex::default(),
        })
    }

    pub fn this_run_only(why: &str) -> Arc<Secrets> {
        let unavailable = OnceLock::new();
        let _ = unavailable.set(Some(why.to_string()));
        Arc::new(Secrets {
            unavailable,
            open_keychain: platform_store,
            session: Mutex::default(),
        })
    }

    /// Connects to the keychain if that has not happened yet (blocks), and says why there is none.
    pub fn check(&self) -> Option<String> {
        self.unavailable
            .get_or_init(|| match (self.open_keychain)() {
                Ok(store) => {
                    keyring_core::set_default_store(store);
                    None
                }
                Err(why) => Some(why),
            })
            .clone()
    }

    fn keychain(&self) -> bool {
        self.check().is_none()
    }

    /// Whether the keychain is known to be in use, without blocking to find out (for the UI thread).
    pub fn uses_keychain(&self) -> bool {
        matches!(self.unavailable.get(), Some(None))
    }

    /// Keeps a secret in memory (never blocks, so the UI thread may call it) until `store` has put it in the
    /// keychain: an account opened in between would otherwise find no secret and fail to connect.
    pub fn hold(&self, id: &str, secret: &str) {
        self.session
            .lock()
            .expect("secrets lock")
            .insert(id.to_string(), Zeroizing::new(secret.to_string()));
    }

    pub fn store(&self, id: &str, secret: &str) -> Stored {
        if self.keychain() {
            match entry(id).and_then(|e| e.set_password(secret).map_err(|e| e.to_string())) {
                Ok(()) => {
                    self.session.lock().expect("secrets lock").remove(id);
                    return Stored::Keychain;
                }
                Err(why) => {
                    self.session
                        .lock()
                        .expect("secrets lock")
                        .insert(id.to_string(), Zeroizing::new(secret.to_string()));
                    return Stored::ThisRunOnly(tr!("accounts-secrets-refused", why = why.as_str()));
                }
            }
        }
        self.session
            .lock()
            .expect("secrets lock")
            .insert(id.to_string(), Zeroizing::new(secret.to_string()));
        Stored::ThisRunOnly(self.check().unwrap_or_default())
    }

    pub fn load(&self, id: &str) -> Result<Option<String>, String> {
        if let Some(s) = self.session.lock().expect("secrets lock").get(id) {
            return Ok(Some(s.to_string()));
        }
        if !self.keychain() {
            return Ok(None);
        }
        match entry(id)?.get_password() {
            Ok(s) => Ok(Some(s)),
            Err(keyring_core::Error::NoEntry) => Ok(None),
            Err(e) => Err(tr!("accounts-secrets-unreadable", why = e.to_string())),
        }
    }

    pub fn forget(&self, id: &str) {
        self.session.lock().expect("secrets lock").remove(id);
        if self.keychain()
            && let Ok(e) = entry(id)
        {
            let _ = e.delete_credential();
        }
    }
}

fn entry(id: &str) -> Result<keyring_core::Entry, String> {
    keyring_core::Entry::new(KEYCHAIN_SERVICE, id).map_err(|e| tr!("accounts-secrets-unusable", why = e.to_string()))
}

#[cfg(target_os = "linux")]
fn platform_store() -> Result<Arc<keyring_core::CredentialStore>, String> {
    zbus_secret_service_keyring_store::Store::new()
        .map(|s| s as Arc<keyring_core::CredentialStore>)
        .map_err(|e| tr!("accounts-secrets-no-secret-service", why = e.to_string()))
}

#[cfg(target_os = "macos")]
fn platform_store() -> Result<Arc<keyring_core::CredentialStore>, String> {
    apple_native_keyring_store::keychain::Store::new()
        .map(|s| s as Arc<keyring_core::CredentialStore>)
        .map_err(|e| tr!("accounts-secrets-no-macos", why = e.to_string()))
}

#[cfg(target_os = "windows")]
fn platform_store() -> Result<Arc<keyring_core::CredentialStore>, String> {
    windows_native_keyring_store::Store::new()
        .map(|s| s as Arc<keyring_core::CredentialStore>)
        .map_err(|e| tr!("accounts-secrets-no-windows", why = e.to_string()))
}

#[cfg(not(any(target_os = "linux", target_os = "macos", target_os = "windows")))]
fn platform_store() -> Result<Arc<keyring_core::CredentialStore>, String> {
    Err(t("accounts-secrets-unsupported"))
}

/// Keeps one account's changing secret (a device-code sign-in's refresh token, renewed with each access token)
/// in the keychain, off the calling thread. Each change is numbered as it arrives, and the writes, one at a
/// time, skip any change older than the one already written: threads that run out of order never leave an
/// older token in the keychain than the newest.
pub struct RotationKeeper {
    secrets: Arc<Secrets>,
    id: String,
    arrived: std::sync::atomic::AtomicU64,
    written: Mutex<u64>,
}

impl RotationKeeper {
    pub fn new(secrets: Arc<Secrets>, id: &str) -> Arc<Self> {
        Arc::new(RotationKeeper {
            secrets,
            id: id.to_string(),
            arrived: Default::default(),
            written: Mutex::new(0),
        })
    }

    /// A new secret arrived: written on a thread of its own (keychain calls block, and this runs on the runtime).
    pub fn rotated(self: &Arc<Self>, secret: &str) {
        let n = self.number();
        let (keeper, secret) = (self.clone(), secret.to_string());
        std::thread::spawn(move || keeper.write(n, &secret));
    }

    /// The number of a change just arrived (1, 2, …).
    fn number(&self) -> u64 {
        self.arrived.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1
    }

    /// Writes change `n` unless a newer one is already written.
    fn write(&self, n: u64, secret: &str) {
        let mut written = self.written.lock().expect("rotation lock");
        if n > *written {
            self.secrets.store(&self.id, secret);
            *written = n;
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// One mock keychain for every test of the crate: tests run in parallel, and a new default store would hide the
    /// entries another test just wrote.
    pub(crate) fn mock_keychain() {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap()));
    }

    #[test]
    fn a_rotated_secret_written_late_never_replaces_a_newer_one() {
        mock_keychain();
        let s = Secrets::from_registered_store();
        let id = uuid::Uuid::new_v4().to_string();
        let keeper = RotationKeeper::new(s.clone(), &id);
        // The second change's thread ran first: the first one's write, arriving after it, is skipped.
        let (first, second) = (keeper.number(), keeper.number());
        keeper.write(second, "newer");
        keeper.write(first, "older");
        assert_eq!(s.load(&id).unwrap().as_deref(), Some("newer"));
        keeper.rotated("newest");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while s.load(&id).unwrap().as_deref() != Some("newest") {
            assert!(std::time::Instant::now() < deadline, "the new secret was never written");
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }

    #[test]
    fn without_a_keychain_secrets_live_for_this_run_only() {
        let s = Secrets::this_run_only("no Secret Service");
        assert_eq!(s.store("a", "key"), Stored::ThisRunOnly("no Secret Service".into()));
        assert_eq!(s.load("a").unwrap().as_deref(), Some("key"));
        s.forget("a");
        assert_eq!(s.load("a").unwrap(), None);
    }

    #[test]
    fn the_keychain_keeps_what_it_is_given() {
        mock_keychain();
        let s = Secrets::from_registered_store();
        let id = uuid::Uuid::new_v4().to_string();
        assert_eq!(s.store(&id, "k3y"), Stored::Keychain);
        // A fresh `Secrets` (a later run) finds it in the keychain, not in memory.
        assert_eq!(
            Secrets::from_registered_store().load(&id).unwrap().as_deref(),
            Some("k3y")
        );
        s.forget(&id);
        assert_eq!(s.load(&id).unwrap(), None);
    }

    #[test]
    fn a_held_secret_is_there_before_the_keychain_has_it() {
        mock_keychain();
        let s = Secrets::from_registered_store();
        let id = uuid::Uuid::new_v4().to_string();
        s.hold(&id, "k3y");
        assert_eq!(s.load(&id).unwrap().as_deref(), Some("k3y"));
        assert_eq!(
            Secrets::from_registered_store().load(&id).unwrap(),
            None,
            "not yet in the keychain"
        );
        assert_eq!(s.store(&id, "k3y"), Stored::Keychain);
        assert_eq!(
            Secrets::from_registered_store().load(&id).unwrap().as_deref(),
            Some("k3y")
        );
        s.forget(&id);
    }
}
