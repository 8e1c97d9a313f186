//! Saved accounts: what the account list file holds (names, endpoints, kinds; never a key or SAS), how a
//! profile becomes an `Account` again with its secret, and where the file lives.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::app::widgets::i18n::{t, tr};
use crate::storage::azure_cli::AzureCli;
use crate::storage::oauth::{Authority, OnRotate, RefreshToken, Secret, ServicePrincipal};
use crate::storage::token::Audience;
use crate::storage::{Account, AccountKey, Credential, SasToken, Service, StorageError, TokenCredential};
use crate::storage::{EMULATOR_ACCOUNT, ResourceScope};

/// Profiles whose id starts with this live for one run (the emulator the run command started).
pub const TRANSIENT_PREFIX: &str = "this-run-";

/// How the user added the account; decides what the edit form shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProfileKind {
    Emulator,
    ConnectionString,
    NameAndKey,
    SasUrl,
    EntraId,
    /// A sign-in that lists the user's subscriptions and storage accounts (Azure Resource Manager).
    EntraBrowse,
}

impl ProfileKind {
    /// In English, for the log.
    pub fn describe(self) -> &'static str {
        match self {
            ProfileKind::Emulator => "local emulator",
            ProfileKind::ConnectionString => "connection string",
            ProfileKind::NameAndKey => "name and key",
            ProfileKind::SasUrl => "SAS URL",
            ProfileKind::EntraId => "Microsoft Entra ID",
            ProfileKind::EntraBrowse => "Microsoft Entra ID: browse",
        }
    }

    /// In the window's language.
    pub fn shown(self) -> String {
        t(match self {
            ProfileKind::Emulator => "accounts-profiles-kind-emulator",
            ProfileKind::ConnectionString => "accounts-profiles-kind-connection-string",
            ProfileKind::NameAndKey => "accounts-profiles-kind-name-and-key",
            ProfileKind::SasUrl => "accounts-profiles-kind-sas-url",
            ProfileKind::EntraId => "accounts-profiles-kind-entra",
            ProfileKind::EntraBrowse => "accounts-profiles-kind-entra-browse",
        })
    }
}

/// Which credential the secret in the keychain is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SecretKind {
    /// The emulator's published key: not a secret, never stored.
    EmulatorKey,
    AccountKey,
    Sas,
    /// A service principal's client secret.
    ClientSecret,
    /// A device-code sign-in's refresh token.
    RefreshToken,
    None,
}

/// How a Microsoft Entra ID account gets its tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EntraMethod {
    AzureCli,
    DeviceCode,
    ServicePrincipal,
}

impl EntraMethod {
    pub fn describe(self) -> String {
        t(match self {
            EntraMethod::AzureCli => "accounts-profiles-method-cli",
            EntraMethod::DeviceCode => "accounts-profiles-method-device-code",
            EntraMethod::ServicePrincipal => "accounts-profiles-method-principal",
        })
    }

    pub fn secret_kind(self) -> SecretKind {
        match self {
            EntraMethod::AzureCli => SecretKind::None,
            EntraMethod::DeviceCode => SecretKind::RefreshToken,
            EntraMethod::ServicePrincipal => SecretKind::ClientSecret,
        }
    }
}

/// The sign-in settings of a Microsoft Entra ID account (no secret: that is in the keychain).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntraSettings {
    pub method: EntraMethod,
    /// Directory (tenant) id or domain; optional for the Azure CLI (its default tenant).
    pub tenant: String,
    /// The app registration's client id (device code, service principal).
    pub client_id: String,
    /// The sign-in host; empty means Microsoft's public cloud.
    pub authority: String,
}

impl EntraSettings {
    /// The token source these settings describe, with its secret (none for the Azure CLI). A rotated refresh
    /// token is handed to `on_rotate`, so the keychain keeps the newest. The sign-in host is reached trusting
    /// the account's certificate too.
    pub fn credential(
        &self,
        secret: Option<&str>,
        on_rotate: Option<OnRotate>,
        trusted_cert: Option<std::path::PathBuf>,
    ) -> Result<TokenCredential, StorageError> {
        self.credential_for(&Audience::storage(), None, secret, on_rotate, trusted_cert)
    }

    /// As `credential`, for tokens of `audience` (storage, or Resource Manager), in `tenant` when given (a
    /// browse account signs in to each of the user's tenants in turn) or else the settings' own.
    pub fn credential_for(
        &self,
        audience: &Audience,
        tenant: Option<&str>,
        secret: Option<&str>,
        on_rotate: Option<OnRotate>,
        trusted_cert: Option<std::path::PathBuf>,
    ) -> Result<TokenCredential, StorageError> {
        let op = t("accounts-profiles-op-read-sign-in");
        let tenant = tenant.unwrap_or(&self.tenant).to_string();
        let secret = || {
            secret.filter(|s| !s.trim().is_empty()).map(Secret::new).ok_or_else(|| {
                StorageError::invalid(
                    &op,
                    t(match self.method {
                        EntraMethod::ServicePrincipal => "accounts-profiles-enter-client-secret",
                        _ => "accounts-profiles-sign-in-first",
                    }),
                )
            })
        };
        Ok(match self.method {
            EntraMethod::AzureCli => TokenCredential::new(AzureCli::new(Some(tenant)).with_audience(audience.clone())),
            EntraMethod::ServicePrincipal => {
                let authority = Authority::new(&self.authority, &tenant)?.trusting(trusted_cert);
                if self.client_id.trim().is_empty() {
                    return Err(StorageError::invalid(&op, t("accounts-profiles-enter-client-id")));
                }
                TokenCredential::new(ServicePrincipal {
                    authority,
                    client_id: self.client_id.trim().to_string(),
                    secret: secret()?,
                    audience: audience.clone(),
                })
            }
            EntraMethod::DeviceCode => TokenCredential::new(
                RefreshToken::new(
                    Authority::new(&self.authority, &tenant)?.trusting(trusted_cert),
                    &self.client_id,
                    secret()?,
                    on_rotate,
                )
                .with_audience(audience.clone()),
            ),
        })
    }
}

/// Where a browse account finds subscriptions and storage accounts, and which subscriptions the user hid.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmSettings {
    /// Resource Manager's address; empty means the public cloud's.
    #[serde(default)]
    pub endpoint: String,
    /// Subscription ids left out of the tree (new ones show until hidden).
    #[serde(default)]
    pub hidden_subscriptions: Vec<String>,
}

impl ArmSettings {
    pub fn endpoint(&self) -> &str {
        match self.endpoint.trim() {
            "" => crate::storage::cloud::Cloud::Public.resource_manager(),
            typed => typed,
        }
    }
}

/// One saved account, without its secret.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AccountProfile {
    pub id: String,
    pub label: String,
    pub kind: ProfileKind,
    pub account_name: String,
    pub blob_endpoint: Option<String>,
    pub queue_endpoint: Option<String>,
    pub table_endpoint: Option<String>,
    pub secret: SecretKind,
    pub scope: Option<(Service, String)>,
    /// How a Microsoft Entra ID account signs in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entra: Option<EntraSettings>,
    /// A PEM file trusted beside the platform's certificates, for this account's endpoints.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trusted_cert: Option<String>,
    /// A browse account's Resource Manager settings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arm: Option<ArmSettings>,
    /// The account's page in the Azure portal, for an account a browse account found (never saved).
    #[serde(skip)]
    pub portal: Option<String>,
}

impl AccountProfile {
    /// Splits an account into what may be written to disk and the secret that goes to the keychain.
    pub fn from_account(label: &str, kind: ProfileKind, account: &Account) -> (AccountProfile, Option<String>) {
        let (secret_kind, secret) = match &account.credential {
            Credential::SharedKey(_) if account.is_emulator() && kind == ProfileKind::Emulator => {
                (SecretKind::EmulatorKey, None)
            }
            Credential::SharedKey(key) => (SecretKind::AccountKey, Some(key.to_base64())),
            Credential::Sas(token) => (SecretKind::Sas, Some(token.query().to_string())),
            // The sign-in's settings and secret come from the form (`with_entra`): a live credential keeps
            // neither in a form that could be saved.
            Credential::Bearer(_) | Credential::Anonymous => (SecretKind::None, None),
        };
        // An endpoint never carries a query here (the parsers refuse one or take it as the SAS); stripping it again
        // keeps any SAS out of the file whatever built the account.
        let url = |u: &Option<url::Url>| u.as_ref().map(|u| without_query(u.as_str()));
        let profile = AccountProfile {
            id: uuid::Uuid::new_v4().to_string(),
            label: if label.trim().is_empty() {
                account.name.clone()
            } else {
                label.trim().to_string()
            },
            kind,
            account_name: account.name.clone(),
            blob_endpoint: url(&account.blob_endpoint),
            queue_endpoint: url(&account.queue_endpoint),
            table_endpoint: url(&account.table_endpoint),
            secret: secret_kind,
            scope: account.scope.as_ref().map(|s| (s.service, s.name.clone())),
            entra: None,
            trusted_cert: account.trusted_cert.as_ref().map(|p| p.display().to_string()),
            arm: None,
            portal: None,
        };
        (profile, secret)
    }

    /// Makes this a Microsoft Entra ID profile with these sign-in settings.
    pub fn with_entra(mut self, settings: EntraSettings) -> Self {
        self.secret = settings.method.secret_kind();
        self.entra = Some(settings);
        self
    }

    /// The local emulator on its default ports, which every fresh install shows. Its name is the app's words,
    /// in the language the app speaks when it makes it; once saved it is the user's, kept as it is.
    pub fn emulator_preset() -> AccountProfile {
        let label = t("accounts-emulator-preset");
        let (mut p, _) = Self::from_account(&label, ProfileKind::Emulator, &Account::emulator());
        p.id = "local-emulator".into();
        p
    }

    /// The emulator the run command started, on whatever ports it got; not saved to the account list.
    pub fn started_emulator(account: &Account) -> AccountProfile {
        let (mut p, _) = Self::from_account(&t("accounts-started-emulator"), ProfileKind::Emulator, account);
        p.id = format!("{TRANSIENT_PREFIX}emulator"); // i18n-ignore: an id
        p
    }

    pub fn needs_secret(&self) -> bool {
        matches!(
            self.secret,
            SecretKind::AccountKey | SecretKind::Sas | SecretKind::ClientSecret | SecretKind::RefreshToken
        )
    }

    /// Rebuilds the account with its secret (None when the profile needs none).
    pub fn to_account(&self, secret: Option<&str>) -> Result<Account, StorageError> {
        self.to_account_rotating(secret, None)
    }

    /// As `to_account`; a device-code sign-in's new refresh tokens go to `on_rotate`.
    pub fn to_account_rotating(
        &self,
        secret: Option<&str>,
        on_rotate: Option<OnRotate>,
    ) -> Result<Account, StorageError> {
        let op = tr!("accounts-profiles-op-open", account = self.label.as_str());
        let parse = |u: &Option<String>| -> Result<Option<url::Url>, StorageError> {
            u.as_deref()
                .map(|s| {
                    url::Url::parse(s).map_err(|e| {
                        let why = e.to_string();
                        StorageError::invalid(&op, tr!("accounts-profiles-bad-endpoint", endpoint = s, why = why))
                    })
                })
                .transpose()
        };
        if self.kind == ProfileKind::EntraBrowse {
            return Err(StorageError::invalid(&op, t("accounts-profiles-browse-not-storage")));
        }
        let credential = match (self.secret, secret) {
            _ if self.kind == ProfileKind::EntraId => {
                let settings = self
                    .entra
                    .as_ref()
                    .ok_or_else(|| StorageError::invalid(&op, t("accounts-profiles-no-sign-in-settings")))?;
                if self.needs_secret() && secret.is_none() {
                    return Err(StorageError::invalid(&op, t("accounts-profiles-no-sign-in")));
                }
                Credential::Bearer(settings.credential(secret, on_rotate, self.trusted_cert_path())?)
            }
            (SecretKind::EmulatorKey, _) => Account::emulator().credential,
            (SecretKind::None, _) => Credential::Anonymous,
            (SecretKind::AccountKey, Some(s)) => Credential::SharedKey(AccountKey::from_base64(s)?),
            (SecretKind::Sas, Some(s)) => Credential::Sas(SasToken::new(s)?),
            (SecretKind::ClientSecret | SecretKind::RefreshToken, _) => {
                return Err(StorageError::invalid(&op, t("accounts-profiles-secret-entra-only")));
            }
            (_, None) => {
                return Err(StorageError::invalid(&op, t("accounts-profiles-no-secret")));
            }
        };
        Ok(Account {
            name: if self.account_name.is_empty() {
                EMULATOR_ACCOUNT.into()
            } else {
                self.account_name.clone()
            },
            blob_endpoint: parse(&self.blob_endpoint)?,
            queue_endpoint: parse(&self.queue_endpoint)?,
            table_endpoint: parse(&self.table_endpoint)?,
            credential,
            scope: self
                .scope
                .clone()
                .map(|(service, name)| ResourceScope { service, name }),
            trusted_cert: self.trusted_cert_path(),
        })
    }

    /// The certificate file the account trusts beside the platform's, if any.
    pub(crate) fn trusted_cert_path(&self) -> Option<std::path::PathBuf> {
        cert_path(self.trusted_cert.as_deref().unwrap_or(""))
    }

    /// The account's identity, as `Account::identity` gives it for the account this profile opens.
    pub fn identity(&self) -> String {
        let name = if self.account_name.is_empty() {
            EMULATOR_ACCOUNT
        } else {
            &self.account_name
        };
        crate::storage::account_identity(
            name,
            [
                self.blob_endpoint.as_deref(),
                self.queue_endpoint.as_deref(),
                self.table_endpoint.as_deref(),
            ],
        )
    }

    pub fn endpoint(&self, service: Service) -> Option<&str> {
        match service {
            Service::Blob => self.blob_endpoint.as_deref(),
            Service::Queue => self.queue_endpoint.as_deref(),
            Service::Table => self.table_endpoint.as_deref(),
        }
    }
}

/// Where the app keeps its files on this platform.
#[derive(Clone, Debug)]
pub struct AppPaths {
    pub accounts_file: PathBuf,
    pub log_file: PathBuf,
    /// One file per unfinished upload or download, offered again at the next start.
    pub transfers_dir: PathBuf,
}

impl AppPaths {
    /// The platform's config and data folders (`~/.config/tessera` and `~/.local/share/tessera`;
    /// `%APPDATA%\Tessera\Tessera\config` and `%LOCALAPPDATA%\Tessera\Tessera\data`;
    /// `~/Library/Application Support/dev.Tessera.Tessera`).
    pub fn platform() -> AppPaths {
        match directories::ProjectDirs::from("dev", "Tessera", "Tessera") {
            Some(dirs) => AppPaths {
                accounts_file: dirs.config_dir().join("accounts.json"),
                log_file: dirs.data_local_dir().join("tessera.log"),
                transfers_dir: dirs.data_local_dir().join("transfers"),
            },
            None => Self::in_dir(&std::env::temp_dir().join("tessera")),
        }
    }

    /// Everything under one folder (tests, portable use).
    pub fn in_dir(dir: &Path) -> AppPaths {
        AppPaths {
            accounts_file: dir.join("accounts.json"),
            log_file: dir.join("tessera.log"),
            transfers_dir: dir.join("transfers"),
        }
    }
}

/// An endpoint as it may be saved: without a query or fragment (where an older version may have kept a SAS).
pub(crate) fn without_query(endpoint: &str) -> String {
    endpoint.split(['?', '#']).next().unwrap_or("").to_string()
}

/// Reads the account list (see `account_file::load`): the profiles it holds, or why it cannot be read.
pub fn load_profiles(path: &Path) -> Result<Vec<AccountProfile>, String> {
    let loaded = crate::app::accounts::account_file::load(path);
    match loaded.read_only {
        Some(why) => Err(why),
        None => Ok(loaded.profiles),
    }
}

/// Writes the account list (see `account_file::save`).
pub fn save_profiles(path: &Path, profiles: &[AccountProfile]) -> Result<(), String> {
    crate::app::accounts::account_file::save(path, profiles, &[])
}

/// A "Trust certificate" path as typed or saved: none when blank.
pub(crate) fn cert_path(text: &str) -> Option<std::path::PathBuf> {
    Some(text.trim())
        .filter(|t| !t.is_empty())
        .map(std::path::PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profile_keeps_no_secret_and_rebuilds_the_account_with_it() {
        let a =
            Account::from_connection_string("DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=c2VjcmV0a2V5")
                .unwrap();
        let (profile, secret) = AccountProfile::from_account("Prod", ProfileKind::ConnectionString, &a);
        assert_eq!(secret.as_deref(), Some("c2VjcmV0a2V5"));
        let json = serde_json::to_string(&profile).unwrap();
        assert!(!json.contains("c2VjcmV0a2V5"), "{json}");
        let back = profile.to_account(secret.as_deref()).unwrap();
        assert_eq!(
            back.table_endpoint.unwrap().as_str(),
            "https://acct.table.core.windows.net/"
        );
        assert!(
            profile
                .to_account(None)
                .unwrap_err()
                .message
                .to_string()
                .contains("not in the keychain")
        );
    }

    #[test]
    fn no_endpoint_query_reaches_the_file_and_an_old_one_is_scrubbed_on_load() {
        let mut a = Account::from_name_and_key("acct", "c2VjcmV0a2V5", "", true).unwrap();
        // Whatever built it, an endpoint with a query is saved without it.
        a.blob_endpoint = Some(url::Url::parse("https://acct.blob.core.windows.net/?sv=1&sig=SECRETSIG").unwrap());
        let (profile, _) = AccountProfile::from_account("x", ProfileKind::NameAndKey, &a);
        assert_eq!(
            profile.blob_endpoint.as_deref(),
            Some("https://acct.blob.core.windows.net/")
        );
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("accounts.json");
        let mut old = profile.clone();
        old.queue_endpoint = Some("https://acct.queue.core.windows.net/?sv=1&sig=OLDSECRET".into());
        std::fs::write(&path, serde_json::to_vec(&[old]).unwrap()).unwrap();
        let loaded = load_profiles(&path).unwrap();
        assert_eq!(
            loaded[0].queue_endpoint.as_deref(),
            Some("https://acct.queue.core.windows.net/")
        );
        let on_disk = std::fs::read_to_string(&path).unwrap();
        assert!(!on_disk.contains("OLDSECRET"), "{on_disk}");
    }

    #[test]
    fn a_fresh_install_shows_the_emulator_and_the_list_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/accounts.json");
        let profiles = load_profiles(&path).unwrap();
        assert_eq!(profiles, vec![AccountProfile::emulator_preset()]);
        assert!(profiles[0].to_account(None).unwrap().is_emulator());
        save_profiles(&path, &profiles).unwrap();
        assert_eq!(load_profiles(&path).unwrap(), profiles);
        std::fs::write(&path, "{broken").unwrap();
        assert!(load_profiles(&path).unwrap_err().contains("cannot be read"));
    }
}
