//! Connection strings, read the way the SDKs read them: `;`-separated settings, names without regard to case,
//! `UseDevelopmentStorage=true`, explicit endpoints (a SAS in one becomes the credential), and the settings the
//! SDKs accept that this app does not use, named rather than refused.

use url::Url;

use crate::account::{
    Account, AccountKey, Credential, EMULATOR_ACCOUNT, EMULATOR_PORTS, EndpointSetting, SasToken, decode,
    is_path_style, op_name, parse_endpoint, parse_endpoint_with_sas, validate_account_name,
};
use crate::error::{Result, StorageError};
use crate::words::said;

/// The settings of a connection string this app uses, by their canonical names.
const SETTINGS: [&str; 10] = [
    "DefaultEndpointsProtocol",
    "AccountName",
    "AccountKey",
    "SharedAccessSignature",
    "EndpointSuffix",
    "BlobEndpoint",
    "QueueEndpoint",
    "TableEndpoint",
    "UseDevelopmentStorage",
    "DevelopmentStorageProxyUri",
];

/// Settings the SDKs accept that this app has no use for: the Files service's endpoint (in every SAS connection
/// string the portal makes) and the read-only secondary endpoints. Accepted, and named as ignored.
pub const IGNORED_SETTINGS: [&str; 5] = [
    "FileEndpoint",
    "BlobSecondaryEndpoint",
    "QueueSecondaryEndpoint",
    "TableSecondaryEndpoint",
    "FileSecondaryEndpoint",
];

/// A connection string's account and the settings in it that were accepted but not used.
pub struct ParsedConnectionString {
    pub account: Account,
    pub ignored: Vec<&'static str>,
}

/// A parsed connection string: each recognised setting at most once, names matched without regard to case.
#[derive(Default)]
pub(crate) struct ConnectionSettings {
    values: [Option<String>; SETTINGS.len()],
    pub(crate) ignored: Vec<&'static str>,
}

impl ConnectionSettings {
    pub(crate) fn parse(text: &str) -> Result<Self> {
        let mut settings = ConnectionSettings::default();
        let text = text.trim();
        if text.is_empty() {
            return Err(StorageError::invalid(op_name(), said("error-cs-empty")));
        }
        for (index, segment) in text.split(';').enumerate() {
            let segment = segment.trim();
            if segment.is_empty() {
                continue;
            }
            // Keys end in `=` padding, so only the first `=` separates name from value.
            let Some((key, value)) = segment.split_once('=') else {
                return Err(StorageError::invalid(
                    op_name(),
                    said!("error-cs-part-form", part = (index + 1).to_string()),
                ));
            };
            let key = key.trim();
            if let Some(ignored) = IGNORED_SETTINGS.iter().find(|s| s.eq_ignore_ascii_case(key)) {
                if !settings.ignored.contains(ignored) {
                    settings.ignored.push(ignored);
                }
                continue;
            }
            let Some(slot) = SETTINGS.iter().position(|s| s.eq_ignore_ascii_case(key)) else {
                // A pasted key or token (a "name" that is base64) must not be quoted back in a message.
                let looks_like_a_name = key.len() <= 40 && key.chars().all(|c| c.is_ascii_alphabetic());
                let known = SETTINGS
                    .iter()
                    .chain(IGNORED_SETTINGS.iter())
                    .copied()
                    .collect::<Vec<_>>()
                    .join(", ");
                return Err(StorageError::invalid(
                    op_name(),
                    if looks_like_a_name {
                        said!("error-cs-unknown-setting", setting = key, known = known)
                    } else {
                        said!(
                            "error-cs-unknown-setting-in-part",
                            part = (index + 1).to_string(),
                            known = known
                        )
                    },
                ));
            };
            if settings.values[slot].is_some() {
                return Err(StorageError::invalid(
                    op_name(),
                    said!("error-cs-twice", setting = SETTINGS[slot]),
                ));
            }
            settings.values[slot] = Some(value.trim().to_string());
        }
        Ok(settings)
    }

    fn get(&self, name: &str) -> Option<&str> {
        let slot = SETTINGS.iter().position(|s| *s == name)?;
        self.values[slot].as_deref()
    }

    pub(crate) fn into_account(self) -> Result<Account> {
        if let Some(dev) = self.get("UseDevelopmentStorage") {
            return self.development_storage(dev);
        }
        if self.get("AccountKey").is_some() && self.get("SharedAccessSignature").is_some() {
            return Err(StorageError::invalid(op_name(), said("error-cs-key-and-sas")));
        }
        let https = match self
            .get("DefaultEndpointsProtocol")
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            None | Some("https") => true,
            Some("http") => false,
            Some(other) => {
                return Err(StorageError::invalid(
                    op_name(),
                    said!("error-cs-protocol", protocol = other),
                ));
            }
        };
        // An endpoint's query may be the SAS (some tools write it there); it is taken as the credential, never kept
        // in the endpoint.
        let mut endpoint_sas: Option<SasToken> = None;
        let mut explicit = |setting: &'static str| -> Result<Option<Url>> {
            let Some(text) = self.get(setting) else {
                return Ok(None);
            };
            let (url, sas) = parse_endpoint_with_sas(text, EndpointSetting::Named(setting))?;
            if let Some(sas) = sas {
                match &endpoint_sas {
                    Some(other) if *other != sas => {
                        return Err(StorageError::invalid(op_name(), said("error-cs-different-sas")));
                    }
                    _ => endpoint_sas = Some(sas),
                }
            }
            Ok(Some(url))
        };
        let (blob, queue, table) = (
            explicit("BlobEndpoint")?,
            explicit("QueueEndpoint")?,
            explicit("TableEndpoint")?,
        );
        let name = match self.get("AccountName") {
            Some(n) => validate_account_name(n)?,
            None => {
                let first = blob
                    .as_ref()
                    .or(queue.as_ref())
                    .or(table.as_ref())
                    .ok_or_else(|| StorageError::invalid(op_name(), said("error-cs-no-account")))?;
                account_name_from_endpoint(first)
            }
        };
        let suffix = self
            .get("EndpointSuffix")
            .unwrap_or("core.windows.net")
            .trim_matches('.');
        // A suffix is the end of a host name (`core.windows.net`, `core.chinacloudapi.cn`): a path, query or
        // user part in it would quietly become part of every endpoint.
        if let Some(bad) = suffix
            .chars()
            .find(|c| matches!(c, '/' | '\\' | '?' | '#' | '@') || c.is_whitespace())
        {
            return Err(StorageError::invalid(
                op_name(),
                said!("error-cs-suffix", suffix = suffix, bad = bad.to_string()),
            ));
        }
        let scheme = if https { "https" } else { "http" };
        let derived = |svc: &str, given: Option<Url>| -> Result<Option<Url>> {
            match given {
                Some(url) => Ok(Some(url)),
                // Endpoints are derived only when the string names the account; explicit-only strings keep their gaps.
                None if self.get("AccountName").is_some() => parse_endpoint(
                    &format!("{scheme}://{name}.{svc}.{suffix}"),
                    EndpointSetting::Named("EndpointSuffix"),
                )
                .map(Some),
                None => Ok(None),
            }
        };
        if let Some(sas) = &endpoint_sas {
            let conflict = if self.get("AccountKey").is_some() {
                Some(said("error-cs-endpoint-sas-and-key"))
            } else {
                self.get("SharedAccessSignature")
                    .filter(|given| SasToken::new(given).ok().as_ref() != Some(sas))
                    .map(|_| said("error-cs-endpoint-sas-and-other-sas"))
            };
            if let Some(why) = conflict {
                return Err(StorageError::invalid(op_name(), why));
            }
        }
        let credential = if let Some(sas) = endpoint_sas {
            Credential::Sas(sas)
        } else if let Some(key) = self.get("AccountKey") {
            if self.get("AccountName").is_none() {
                return Err(StorageError::invalid(op_name(), said("error-cs-key-without-name")));
            }
            Credential::SharedKey(AccountKey::from_base64(key)?)
        } else if let Some(sas) = self.get("SharedAccessSignature") {
            Credential::Sas(SasToken::new(sas)?)
        } else {
            Credential::Anonymous
        };
        Ok(Account {
            blob_endpoint: derived("blob", blob)?,
            queue_endpoint: derived("queue", queue)?,
            table_endpoint: derived("table", table)?,
            name,
            credential,
            scope: None,
            trusted_cert: None,
        })
    }

    fn development_storage(&self, value: &str) -> Result<Account> {
        if !value.eq_ignore_ascii_case("true") {
            return Err(StorageError::invalid(
                op_name(),
                said!("error-cs-development-value", value = value),
            ));
        }
        if let Some(extra) = SETTINGS
            .iter()
            .zip(&self.values)
            .find(|(name, v)| v.is_some() && !matches!(**name, "UseDevelopmentStorage" | "DevelopmentStorageProxyUri"))
        {
            return Err(StorageError::invalid(
                op_name(),
                said!("error-cs-development-combined", setting = *extra.0),
            ));
        }
        let mut account = Account::emulator();
        if let Some(proxy) = self.get("DevelopmentStorageProxyUri") {
            let proxy = parse_endpoint(proxy, EndpointSetting::Named("DevelopmentStorageProxyUri"))?;
            let host = proxy.host_str().unwrap_or("127.0.0.1").to_string();
            let scheme = proxy.scheme().to_string();
            let endpoint = |port: u16| Url::parse(&format!("{scheme}://{host}:{port}/{EMULATOR_ACCOUNT}")).ok();
            account.blob_endpoint = endpoint(EMULATOR_PORTS[0]);
            account.queue_endpoint = endpoint(EMULATOR_PORTS[1]);
            account.table_endpoint = endpoint(EMULATOR_PORTS[2]);
        }
        Ok(account)
    }
}

fn account_name_from_endpoint(url: &Url) -> String {
    if is_path_style(url) {
        url.path_segments()
            .and_then(|mut s| s.next())
            .map(decode)
            .unwrap_or_default()
    } else {
        url.host_str()
            .and_then(|h| h.split('.').next())
            .unwrap_or("")
            .to_string()
    }
}
