//! The account manager's form: add or edit an account from the emulator preset, a connection string, a name
//! and key, a SAS URL or a Microsoft Entra ID sign-in; check it before anything is sent; test it service by
//! service.

use std::path::PathBuf;

use crate::app::accounts::connections::{ServiceCheck, test_connection};
use crate::app::accounts::entra_form::EntraForm;
use crate::app::accounts::profiles::{AccountProfile, EntraMethod, ProfileKind};
use crate::app::context::InFlight;
use crate::app::runtime::backend::Backend;
use crate::app::widgets::i18n::t;
use crate::storage::{Account, Client, ClientOptions, Credential, Service, StorageError};

/// What the form ended with this frame.
pub enum EditorOutcome {
    Open,
    Cancelled,
    /// Save this profile; `secret` None keeps the stored one (an edit that did not touch it).
    Saved {
        profile: Box<AccountProfile>,
        secret: Option<String>,
    },
}

pub struct AccountEditor {
    /// The profile being edited, or None for a new account.
    pub editing: Option<AccountProfile>,
    pub kind: ProfileKind,
    pub label: String,
    pub connection_string: String,
    pub name: String,
    pub key: String,
    pub suffix: String,
    pub https: bool,
    pub blob_endpoint: String,
    pub queue_endpoint: String,
    pub table_endpoint: String,
    pub sas_url: String,
    pub sas_service: Option<Service>,
    pub entra: EntraForm,
    /// A browse account's Resource Manager address (empty: the public cloud's).
    pub arm_endpoint: String,
    /// A PEM file to trust beside the platform's certificates (empty: none).
    pub trusted_cert: String,
    pub(crate) choosing_cert: InFlight<(), Option<PathBuf>>,
    /// The Trust certificate file read off the UI thread before Save or Test (`cert_ready`).
    pub(crate) cert: CertCheck,
    pub error: Option<String>,
    /// A test under way: the client is built on the runtime too (it reads the platform's and the account's
    /// certificates), never on the UI thread.
    pub(crate) testing: InFlight<(), Result<Vec<ServiceCheck>, String>>,
    pub test_results: Option<Vec<ServiceCheck>>,
}

impl AccountEditor {
    pub fn new_account() -> Self {
        AccountEditor {
            editing: None,
            kind: ProfileKind::ConnectionString,
            label: String::new(),
            connection_string: String::new(),
            name: String::new(),
            key: String::new(),
            suffix: "core.windows.net".into(),
            https: true,
            blob_endpoint: String::new(),
            queue_endpoint: String::new(),
            table_endpoint: String::new(),
            sas_url: String::new(),
            sas_service: None,
            entra: EntraForm::new(None),
            arm_endpoint: String::new(),
            trusted_cert: String::new(),
            choosing_cert: InFlight::default(),
            cert: CertCheck::default(),
            error: None,
            testing: InFlight::default(),
            test_results: None,
        }
    }

    pub fn edit(profile: &AccountProfile) -> Self {
        let mut e = Self::new_account();
        e.kind = profile.kind;
        e.label = profile.label.clone();
        e.name = profile.account_name.clone();
        e.blob_endpoint = profile.blob_endpoint.clone().unwrap_or_default();
        e.queue_endpoint = profile.queue_endpoint.clone().unwrap_or_default();
        e.table_endpoint = profile.table_endpoint.clone().unwrap_or_default();
        e.entra = EntraForm::new(profile.entra.as_ref());
        e.trusted_cert = profile.trusted_cert.clone().unwrap_or_default();
        e.arm_endpoint = profile.arm.as_ref().map(|a| a.endpoint.clone()).unwrap_or_default();
        e.editing = Some(profile.clone());
        e
    }

    /// Whether an edit keeps the stored secret: same kind, and its secret field left empty.
    fn keeps_secret(&self, field: &str) -> bool {
        self.editing.as_ref().is_some_and(|p| p.kind == self.kind) && field.trim().is_empty()
    }

    /// The account the form describes, checked without sending anything (the certificate file was read by
    /// `cert_ready` before).
    fn build(&self) -> Result<Account, StorageError> {
        let mut account = self.build_credential()?;
        account.trusted_cert = self.cert_path();
        Ok(account)
    }

    /// Whether the certificate the form names (if any) was just read and is good. Otherwise the file is read on
    /// the blocking pool (a file may sit on a slow or hung disk), and `then` runs when it has been (`ui`).
    pub(crate) fn cert_ready(&mut self, backend: &Backend, then: AfterCert) -> bool {
        let Some(path) = self.cert_path() else { return true };
        if self.cert.read.as_ref() == Some(&path) {
            return true;
        }
        if !self.cert.reading.any(|(p, _)| *p == path) {
            let file = path.clone();
            let reading = backend.spawn_blocking(move || {
                crate::storage::read_pem_certificates(&file)
                    .map(drop)
                    .map_err(|e| e.to_string())
            });
            // Another file named now: the read of the one before is of no use.
            self.cert.reading.clear();
            self.cert.reading.start((path, then), reading);
        }
        false
    }

    /// The certificate file was read: Save or Test goes on, or the form says why it cannot.
    pub(crate) fn cert_read(&mut self, backend: &Backend) -> Option<EditorOutcome> {
        let ((path, then), result) = self.cert.reading.take()?;
        if let Err(e) = result {
            self.error = Some(StorageError::invalid("Read the account settings", e).plain_words());
            return None;
        }
        // Good for this one action: the next click reads the file again (it may have changed).
        self.cert.read = Some(path);
        let outcome = match then {
            AfterCert::Save => Some(self.save()),
            AfterCert::Test => {
                self.test(backend);
                None
            }
        };
        self.cert.read = None;
        outcome
    }

    fn build_credential(&self) -> Result<Account, StorageError> {
        match self.kind {
            ProfileKind::Emulator => match &self.editing {
                Some(p) if p.kind == ProfileKind::Emulator => p.to_account(None),
                _ => Ok(Account::emulator()),
            },
            ProfileKind::ConnectionString => Account::from_connection_string(&self.connection_string),
            ProfileKind::EntraBrowse => Err(StorageError::invalid(
                "Test the account",
                "A browse account lists subscriptions: save it, then open it in the tree.",
            )),
            ProfileKind::SasUrl => Account::from_sas_url(&self.sas_url, self.sas_service),
            ProfileKind::NameAndKey | ProfileKind::EntraId => {
                let credential = if self.kind == ProfileKind::EntraId {
                    self.entra_credential()?
                } else if self.keeps_secret(&self.key) {
                    // Keeping the stored key: a stand-in key derives the endpoints and is never sent or saved.
                    Credential::SharedKey(crate::storage::AccountKey::from_base64("AA==")?)
                } else {
                    Credential::SharedKey(crate::storage::AccountKey::from_base64(&self.key)?)
                };
                let mut a = Account::from_name_and_credential(&self.name, credential, &self.suffix, self.https)?;
                for (service, text) in [
                    (Service::Blob, &self.blob_endpoint),
                    (Service::Queue, &self.queue_endpoint),
                    (Service::Table, &self.table_endpoint),
                ] {
                    if !text.trim().is_empty() {
                        a.set_endpoint(service, text)?;
                    }
                }
                Ok(a)
            }
        }
    }

    /// The Entra ID credential the form describes; an edit that keeps the stored secret is checked with a
    /// stand-in that is never sent or saved.
    fn entra_credential(&self) -> Result<Credential, StorageError> {
        let settings = self.entra.settings();
        let secret = self.entra.secret().or_else(|| {
            (settings.method != EntraMethod::AzureCli && self.keeps_entra_secret()).then(|| "stored".to_string())
        });
        Ok(Credential::Bearer(settings.credential(
            secret.as_deref(),
            None,
            self.cert_path(),
        )?))
    }

    /// The certificate file the form names, if any (read and checked by `build`).
    pub(crate) fn cert_path(&self) -> Option<PathBuf> {
        crate::app::accounts::profiles::cert_path(&self.trusted_cert)
    }

    /// An edit of an Entra ID account of the same method, with no new secret given: the stored one stays.
    fn keeps_entra_secret(&self) -> bool {
        self.editing
            .as_ref()
            .is_some_and(|p| p.kind == self.kind && p.entra.as_ref().is_some_and(|e| e.method == self.entra.method))
            && self.entra.secret().is_none()
    }

    pub(crate) fn save(&mut self) -> EditorOutcome {
        let secret_field = match self.kind {
            ProfileKind::ConnectionString => self.connection_string.clone(),
            ProfileKind::SasUrl => self.sas_url.clone(),
            ProfileKind::NameAndKey => self.key.clone(),
            ProfileKind::Emulator | ProfileKind::EntraId | ProfileKind::EntraBrowse => String::new(),
        };
        if self.kind == ProfileKind::EntraBrowse {
            return self.save_browse();
        }
        let keep = if self.kind == ProfileKind::EntraId {
            self.keeps_entra_secret()
        } else {
            self.keeps_secret(&secret_field)
        };
        // A connection string or SAS URL left empty in an edit changes only the label.
        if let Some(old) = self
            .editing
            .as_ref()
            .filter(|_| keep && !matches!(self.kind, ProfileKind::NameAndKey | ProfileKind::EntraId))
        {
            let label = if self.label.trim().is_empty() {
                old.label.clone()
            } else {
                self.label.trim().to_string()
            };
            // (The certificate file was read and checked by `cert_ready`.)
            let trusted_cert = Some(self.trusted_cert.trim().to_string()).filter(|c| !c.is_empty());
            return EditorOutcome::Saved {
                profile: Box::new(AccountProfile {
                    label,
                    trusted_cert,
                    ..old.clone()
                }),
                secret: None,
            };
        }
        match self.build() {
            Err(e) => {
                self.error = Some(e.plain_words());
                EditorOutcome::Open
            }
            Ok(account) => {
                let (mut profile, mut secret) = AccountProfile::from_account(&self.label, self.kind, &account);
                if self.kind == ProfileKind::EntraId {
                    profile = profile.with_entra(self.entra.settings());
                    secret = self.entra.secret();
                }
                if let Some(old) = &self.editing {
                    profile.id = old.id.clone();
                }
                let secret = if keep { None } else { secret };
                EditorOutcome::Saved {
                    profile: Box::new(profile),
                    secret,
                }
            }
        }
    }

    /// A browse account: its sign-in and Resource Manager address, checked before anything is saved or sent.
    fn save_browse(&mut self) -> EditorOutcome {
        let settings = self.entra.settings();
        let keep = self.keeps_entra_secret();
        let secret = self
            .entra
            .secret()
            .or_else(|| (keep && settings.method != EntraMethod::AzureCli).then(|| "stored".into()));
        let arm = crate::app::accounts::profiles::ArmSettings {
            endpoint: self.arm_endpoint.trim().trim_end_matches('/').to_string(),
            hidden_subscriptions: self
                .editing
                .as_ref()
                .and_then(|p| p.arm.clone())
                .unwrap_or_default()
                .hidden_subscriptions,
        };
        let audience = crate::storage::token::Audience::resource_manager(
            crate::storage::cloud::Cloud::of_resource_manager(arm.endpoint()),
        );
        let checked = settings
            .credential_for(&audience, None, secret.as_deref(), None, self.cert_path())
            .and_then(|c| crate::storage::arm::ResourceManager::new(arm.endpoint(), c, None));
        if let Err(e) = checked {
            self.error = Some(e.plain_words());
            return EditorOutcome::Open;
        }
        let label = match self.label.trim() {
            "" => "Microsoft Entra ID".to_string(),
            l => l.to_string(),
        };
        let profile = AccountProfile {
            id: self
                .editing
                .as_ref()
                .map_or_else(|| uuid::Uuid::new_v4().to_string(), |p| p.id.clone()),
            label,
            kind: ProfileKind::EntraBrowse,
            account_name: String::new(),
            blob_endpoint: None,
            queue_endpoint: None,
            table_endpoint: None,
            secret: settings.method.secret_kind(),
            scope: None,
            entra: Some(settings),
            trusted_cert: Some(self.trusted_cert.trim().to_string()).filter(|c| !c.is_empty()),
            arm: Some(arm),
            portal: None,
        };
        EditorOutcome::Saved {
            profile: Box::new(profile),
            secret: if keep { None } else { self.entra.secret() },
        }
    }

    pub(crate) fn test(&mut self, backend: &Backend) {
        self.test_results = None;
        match self.build() {
            Err(e) => self.error = Some(e.plain_words()),
            Ok(_) if self.editing.is_some() && self.keeps_secret(&self.key) && self.kind == ProfileKind::NameAndKey => {
                self.error = Some(t("editor-key-again"))
            }
            Ok(_)
                if self.kind == ProfileKind::EntraId
                    && self.entra.method != EntraMethod::AzureCli
                    && self.entra.secret().is_none() =>
            {
                self.error = Some(match self.entra.method {
                    EntraMethod::DeviceCode => t("editor-sign-in-first"),
                    _ => t("editor-secret-again"),
                })
            }
            Ok(account) => {
                self.error = None;
                let options = ClientOptions {
                    retry: crate::storage::RetryPolicy::none(),
                    ..ClientOptions::default()
                };
                self.testing.start(
                    (),
                    backend.spawn(async move {
                        let client = Client::new(account, options).map_err(|e| e.plain_words())?;
                        Ok(test_connection(client).await)
                    }),
                );
            }
        }
    }
}

/// What Save or Test waits for: the Trust certificate file read off the UI thread.
#[derive(Default)]
pub(crate) struct CertCheck {
    /// The path read and found good, for the one action that asked.
    pub(crate) read: Option<PathBuf>,
    /// A read under way, keyed by the path and what goes on after it: Ok when the file holds certificates,
    /// else why not in words.
    pub(crate) reading: InFlight<(PathBuf, AfterCert), Result<(), String>>,
}

/// What a click asked for before the certificate had been read.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum AfterCert {
    Save,
    Test,
}

/// The settings of a connection string that the SDKs accept and this app ignores (the Files endpoint, secondary
/// endpoints), for saying so under the field; None when there are none or the string does not parse yet.
pub(crate) fn ignored_settings(text: &str) -> Option<String> {
    let parsed = Account::parse_connection_string(text).ok()?;
    (!parsed.ignored.is_empty()).then(|| parsed.ignored.join(", "))
}

pub(crate) use crate::app::accounts::editor_form::field;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::accounts::profiles::EntraSettings;

    /// Found in review: an edit of an Entra ID account that kept its secret saved the label only.
    #[test]
    fn an_entra_account_edit_keeps_the_stored_secret_and_saves_the_new_settings() {
        let (profile, _) = AccountProfile::from_account(
            "Team",
            ProfileKind::EntraId,
            &Account::from_name_and_key("acct", "AA==", "", true).unwrap(),
        );
        let profile = profile.with_entra(EntraSettings {
            method: EntraMethod::ServicePrincipal,
            tenant: "old-tenant".into(),
            client_id: "app".into(),
            authority: String::new(),
        });
        let mut editor = AccountEditor::edit(&profile);
        editor.entra.tenant = "new-tenant".into();
        editor.name = "other".into();
        match editor.save() {
            EditorOutcome::Saved { profile: saved, secret } => {
                assert_eq!(secret, None, "the stored client secret stays");
                assert_eq!(saved.entra.as_ref().unwrap().tenant, "new-tenant");
                assert_eq!(saved.account_name, "other");
                assert_eq!(saved.id, profile.id);
            }
            _ => panic!("the edit was not saved: {:?}", editor.error),
        }
    }
}
