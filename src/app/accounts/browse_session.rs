//! A browse account's sign-in: its secret read once from the keychain, one credential per audience and tenant,
//! Resource Manager reached with them, and the storage accounts it found opened with the identity or a listed key.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::app::accounts::connections::rotation_hook;
use crate::app::accounts::discovered::discovered_id;
use crate::app::accounts::profiles::{AccountProfile, ArmSettings, EntraSettings, ProfileKind};
use crate::app::accounts::secrets::Secrets;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::arm::{ResourceManager, StorageAccountInfo, Tenant};
use crate::storage::cloud::Cloud;
use crate::storage::side_requests::Reporter;
use crate::storage::token::Audience;
use crate::storage::{Account, AccountKey, Credential, EndpointSetting, Service, StorageError, TokenCredential};

/// A browse account's sign-in, its secret read once from the keychain.
pub(crate) struct Session {
    pub(crate) profile_id: String,
    pub(crate) settings: EntraSettings,
    secret: Option<String>,
    trusted_cert: Option<std::path::PathBuf>,
    arm: ArmSettings,
    secrets: Arc<Secrets>,
    /// Resource Manager's requests, and the sign-in's for it, go to the inspector as this account's.
    reporter: Reporter,
    /// One credential per audience and tenant: tokens are asked for once, not per list.
    credentials: Mutex<HashMap<(String, Option<String>), TokenCredential>>,
}

impl Session {
    pub(crate) fn cloud(&self) -> Cloud {
        Cloud::of_resource_manager(self.arm.endpoint())
    }

    /// Tokens of `audience` in `tenant` (None: the tenant the settings name, or the sign-in's default).
    /// The tenant every request goes to, when the settings name one; None when they name none or a
    /// multi-tenant alias (`organizations`, `common`): then the tenants are listed and each signed in to.
    pub(crate) fn fixed_tenant(&self) -> Option<&str> {
        match self.settings.tenant.trim() {
            "" | "organizations" | "common" => None,
            t => Some(t),
        }
    }

    fn credential(&self, audience: &Audience, tenant: Option<&str>) -> Result<TokenCredential, StorageError> {
        let key = (audience.resource().to_string(), tenant.map(str::to_string));
        if let Some(c) = self.credentials.lock().expect("credentials lock").get(&key) {
            return Ok(c.clone());
        }
        let made = self.new_credential(audience, tenant)?;
        self.credentials
            .lock()
            .expect("credentials lock")
            .insert(key, made.clone());
        Ok(made)
    }

    fn new_credential(&self, audience: &Audience, tenant: Option<&str>) -> Result<TokenCredential, StorageError> {
        self.settings.credential_for(
            audience,
            tenant,
            self.secret.as_deref(),
            Some(rotation_hook(&self.secrets, &self.profile_id)),
            self.trusted_cert.clone(),
        )
    }

    pub(crate) fn manager(&self, tenant: Option<&str>) -> Result<ResourceManager, StorageError> {
        let credential = self.credential(&Audience::resource_manager(self.cloud()), tenant)?;
        Ok(
            ResourceManager::new(self.arm.endpoint(), credential, self.trusted_cert.clone())?
                .with_reporter(self.reporter.clone()),
        )
    }

    /// The tenant to ask in for a listed tenant: none when the settings name one (that one is used as typed).
    pub(crate) fn tenant_for<'a>(&self, tenant: &'a str) -> Option<&'a str> {
        (self.fixed_tenant().is_none() && !tenant.is_empty()).then_some(tenant)
    }
}

/// Reads the browse account's sign-in from the keychain (on the blocking pool: keychain calls block).
pub(crate) fn open_session(
    profile: &AccountProfile,
    secrets: &Arc<Secrets>,
    reporter: Reporter,
) -> Result<Arc<Session>, StorageError> {
    let op = tr!("accounts-profiles-op-open", account = profile.label.as_str());
    let settings = profile
        .entra
        .clone()
        .ok_or_else(|| StorageError::invalid(&op, t("accounts-browse-session-no-settings")))?;
    let secret = crate::app::accounts::connections::load_secret(secrets, profile)?;
    if profile.needs_secret() && secret.is_none() {
        return Err(StorageError::invalid(&op, t("accounts-browse-session-no-sign-in")));
    }
    Ok(Arc::new(Session {
        profile_id: profile.id.clone(),
        settings,
        secret,
        trusted_cert: profile.trusted_cert_path(),
        arm: profile.arm.clone().unwrap_or_default(),
        secrets: secrets.clone(),
        reporter,
        credentials: Mutex::default(),
    }))
}

/// The account as Resource Manager gave it (its own endpoints), with `credential`.
fn found_account(
    session: &Session,
    info: &StorageAccountInfo,
    credential: Credential,
) -> Result<Account, StorageError> {
    // The endpoints as Resource Manager gave them, checked as any typed endpoint is.
    let parse = |e: &Option<String>, service: Service| {
        e.as_deref()
            .map(|u| crate::storage::parse_endpoint(u, EndpointSetting::Of(service)))
            .transpose()
            .map_err(|e| e.with_operation(tr!("accounts-browse-session-op-open", account = info.name.as_str())))
    };
    Ok(Account {
        name: info.name.clone(),
        blob_endpoint: parse(&info.blob_endpoint, Service::Blob)?,
        queue_endpoint: parse(&info.queue_endpoint, Service::Queue)?,
        table_endpoint: parse(&info.table_endpoint, Service::Table)?,
        credential,
        scope: None,
        trusted_cert: session.trusted_cert.clone(),
    })
}

/// The found account opened with the signed-in identity (storage tokens of its tenant).
pub(crate) fn signed_in_account(
    session: &Session,
    tenant: &Tenant,
    info: &StorageAccountInfo,
) -> Result<(AccountProfile, Account), StorageError> {
    let credential = session.credential(&Audience::storage(), session.tenant_for(&tenant.id))?;
    let account = found_account(session, info, Credential::Bearer(credential))?;
    let mut settings = session.settings.clone();
    if let Some(t) = session.tenant_for(&tenant.id) {
        settings.tenant = t.to_string();
    }
    let (profile, _) = AccountProfile::from_account(&info.name, ProfileKind::EntraId, &account);
    let profile = AccountProfile {
        id: discovered_id(&session.profile_id, &tenant.id, &info.id),
        portal: Some(info.portal_url(session.cloud().portal(), &tenant.id)),
        ..profile.with_entra(settings)
    };
    Ok((profile, account))
}

/// The found account opened with its first key that may write (`listKeys`).
pub(crate) async fn keyed_account(
    session: &Session,
    tenant: Option<&str>,
    info: &StorageAccountInfo,
) -> Result<Account, StorageError> {
    let keys = session.manager(tenant)?.list_keys(&info.id).await?;
    let key = keys
        .iter()
        .find(|k| k.permissions.eq_ignore_ascii_case("FULL"))
        .or(keys.first())
        .ok_or_else(|| {
            StorageError::new(
                crate::storage::ErrorKind::Decode,
                t("accounts-browse-session-op-keys"),
                t("accounts-browse-session-no-keys"),
            )
        })?;
    found_account(
        session,
        info,
        Credential::SharedKey(AccountKey::from_base64(&key.value)?),
    )
}
