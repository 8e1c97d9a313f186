//! Accounts: connection strings, SAS URLs, endpoints (host and path style) and the credential each request uses.

use std::fmt;
use std::sync::Arc;

use base64::Engine;
use url::Url;

use crate::Service;
use crate::error::{Result, StorageError};
use crate::words::{Arg, Said, said};

/// The emulator's well-known account name and key (public knowledge, not a secret).
pub const EMULATOR_ACCOUNT: &str = "devstoreaccount1";
pub const EMULATOR_KEY: &str =
    "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
pub const EMULATOR_PORTS: [u16; 3] = [10000, 10001, 10002];

pub(crate) fn op_name() -> Said {
    said("error-op-read-account-settings")
}

/// A decoded account key. Its bytes never reach Debug output, logs or events.
#[derive(Clone)]
pub struct AccountKey(Arc<[u8]>);

impl AccountKey {
    /// Decodes a base64 account key, naming the problem when it is not one.
    pub fn from_base64(text: &str) -> Result<Self> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(StorageError::invalid(op_name(), said("error-account-key-empty")));
        }
        base64::engine::general_purpose::STANDARD
            .decode(trimmed)
            .map(|bytes| AccountKey(bytes.into()))
            .map_err(|e| StorageError::invalid(op_name(), said!("error-account-key-base64", error = e.to_string())))
    }

    pub fn bytes(&self) -> &[u8] {
        &self.0
    }

    /// The key as base64 again, for storing in the OS keychain.
    pub fn to_base64(&self) -> String {
        base64::engine::general_purpose::STANDARD.encode(&self.0)
    }
}

impl fmt::Debug for AccountKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("AccountKey(<redacted>)")
    }
}

/// A shared access signature: the query string that grants access. Debug output hides its signature.
#[derive(Clone, PartialEq, Eq)]
pub struct SasToken(Arc<str>);

impl SasToken {
    pub fn new(token: &str) -> Result<Self> {
        let token = token.trim().trim_start_matches('?');
        if token.is_empty() {
            return Err(StorageError::invalid(op_name(), said("error-account-sas-empty")));
        }
        if !token.split('&').any(|p| p.starts_with("sig=")) {
            return Err(StorageError::invalid(op_name(), said("error-account-sas-no-sig")));
        }
        Ok(SasToken(token.into()))
    }

    /// The token as it goes on the query string (already percent-encoded, no leading `?`).
    pub fn query(&self) -> &str {
        &self.0
    }

    /// The token's expiry (`se=`), as written, for telling the user when it ends.
    pub fn expiry(&self) -> Option<String> {
        self.param("se")
    }

    /// The expiry as written, when it has passed by `now`: a 403 then has a plain cause. `se` is ISO 8601, a
    /// date and time in UTC or a bare date (which means its midnight).
    pub fn expired(&self, now: std::time::SystemTime) -> Option<String> {
        let se = self.expiry()?;
        let full = if se.len() == 10 {
            format!("{se}T00:00:00Z")
        } else {
            se.clone()
        };
        let at = time::OffsetDateTime::parse(&full, &time::format_description::well_known::Rfc3339).ok()?;
        (time::OffsetDateTime::from(now) > at).then_some(se)
    }

    /// The token's permissions (`sp=`), as written.
    pub fn permissions(&self) -> Option<String> {
        self.param("sp")
    }

    fn param(&self, name: &str) -> Option<String> {
        url::form_urlencoded::parse(self.0.as_bytes())
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.into_owned())
    }
}

impl fmt::Debug for SasToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SasToken({})", crate::redact::redact_query(&self.0))
    }
}

/// How requests of an account are authorised.
#[derive(Clone, Debug)]
pub enum Credential {
    SharedKey(AccountKey),
    Sas(SasToken),
    /// A Microsoft Entra ID sign-in: `Authorization: Bearer`, the token kept fresh by its credential.
    Bearer(crate::token::TokenCredential),
    Anonymous,
}

/// A SAS URL for one container, queue or table limits the account to that one resource.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceScope {
    pub service: Service,
    pub name: String,
}

/// An account as the client reaches it: a name, an endpoint per service, and a credential.
#[derive(Clone, Debug)]
pub struct Account {
    pub name: String,
    pub blob_endpoint: Option<Url>,
    pub queue_endpoint: Option<Url>,
    pub table_endpoint: Option<Url>,
    pub credential: Credential,
    pub scope: Option<ResourceScope>,
    /// One more certificate to trust (a PEM file) beside the platform's own: an emulator started with
    /// `--cert`, a corporate TLS proxy, a private endpoint.
    pub trusted_cert: Option<std::path::PathBuf>,
}

impl Account {
    /// The local emulator on its default ports.
    pub fn emulator() -> Self {
        Self::emulator_at("127.0.0.1", EMULATOR_PORTS)
    }

    /// The emulator's account on a given host and ports (blob, queue, table), path style.
    pub fn emulator_at(host: &str, ports: [u16; 3]) -> Self {
        let endpoint = |port: u16| Url::parse(&format!("http://{host}:{port}/{EMULATOR_ACCOUNT}")).ok();
        Account {
            name: EMULATOR_ACCOUNT.into(),
            blob_endpoint: endpoint(ports[0]),
            queue_endpoint: endpoint(ports[1]),
            table_endpoint: endpoint(ports[2]),
            credential: Credential::SharedKey(
                AccountKey::from_base64(EMULATOR_KEY).expect("the emulator key is valid base64"),
            ),
            scope: None,
            trusted_cert: None,
        }
    }

    /// An account name and key on Azure (or a sovereign cloud, by endpoint suffix), host style.
    pub fn from_name_and_key(name: &str, key: &str, endpoint_suffix: &str, https: bool) -> Result<Self> {
        let name = validate_account_name(name)?;
        let key = AccountKey::from_base64(key)?;
        Self::from_name_and_credential(&name, Credential::SharedKey(key), endpoint_suffix, https)
    }

    /// An account by name with any credential (a key, an Entra ID sign-in), host-style endpoints from the name.
    pub fn from_name_and_credential(
        name: &str,
        credential: Credential,
        endpoint_suffix: &str,
        https: bool,
    ) -> Result<Self> {
        let name = validate_account_name(name)?;
        let suffix = endpoint_suffix.trim().trim_matches('.');
        let suffix = if suffix.is_empty() { "core.windows.net" } else { suffix };
        let scheme = if https { "https" } else { "http" };
        let endpoint = |svc: &str| {
            parse_endpoint(
                &format!("{scheme}://{name}.{svc}.{suffix}"),
                EndpointSetting::Named("EndpointSuffix"),
            )
        };
        Ok(Account {
            blob_endpoint: Some(endpoint("blob")?),
            queue_endpoint: Some(endpoint("queue")?),
            table_endpoint: Some(endpoint("table")?),
            name,
            credential,
            scope: None,
            trusted_cert: None,
        })
    }

    /// Parses a connection string the way the Azure SDKs do, naming the offending part when it is malformed.
    pub fn from_connection_string(text: &str) -> Result<Self> {
        Self::parse_connection_string(text).map(|p| p.account)
    }

    /// The account, and the settings the string carried that the SDKs accept but this app does not use.
    pub fn parse_connection_string(text: &str) -> Result<crate::connection_string::ParsedConnectionString> {
        let settings = crate::connection_string::ConnectionSettings::parse(text)?;
        let ignored = settings.ignored.clone();
        Ok(crate::connection_string::ParsedConnectionString {
            account: settings.into_account()?,
            ignored,
        })
    }

    /// Points one service at a custom endpoint (checked like a connection string's; a query is refused).
    pub fn set_endpoint(&mut self, service: Service, text: &str) -> Result<()> {
        *self.endpoint_slot(service) = Some(parse_endpoint(text, EndpointSetting::Of(service))?);
        Ok(())
    }

    /// A SAS URL for one container, queue or table (`https://acct.blob.core.windows.net/c?sv=...&sig=...`).
    /// `service` is needed only when the URL does not say which service it is for.
    pub fn from_sas_url(text: &str, service: Option<Service>) -> Result<Self> {
        let url = Url::parse(text.trim()).map_err(|e| {
            StorageError::invalid(op_name(), said!("error-account-sas-url-not-url", error = e.to_string()))
        })?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(StorageError::invalid(op_name(), said("error-account-sas-url-scheme")));
        }
        let token = SasToken::new(url.query().unwrap_or(""))?;
        let host = url.host_str().unwrap_or("").to_string();
        let service = service
            .or_else(|| service_from_url(&url))
            .ok_or_else(|| StorageError::invalid(op_name(), said("error-account-sas-url-which-service")))?;
        let mut segments: Vec<&str> = url
            .path_segments()
            .map(|s| s.filter(|p| !p.is_empty()).collect())
            .unwrap_or_default();
        let path_style = is_path_style(&url);
        let name = if path_style {
            if segments.is_empty() {
                return Err(StorageError::invalid(
                    op_name(),
                    said("error-account-sas-url-no-account"),
                ));
            }
            segments.remove(0).to_string()
        } else {
            host.split('.').next().unwrap_or("").to_string()
        };
        let resource = match service {
            // Table SAS URLs may point at the table or carry it in `tn=`.
            Service::Table => url
                .query_pairs()
                .find(|(k, _)| k == "tn")
                .map(|(_, v)| v.into_owned())
                .or_else(|| segments.first().map(|s| s.trim_end_matches("()").to_string())),
            _ => segments.first().map(|s| s.to_string()),
        };
        let Some(resource) = resource.filter(|r| !r.is_empty()) else {
            return Err(StorageError::invalid(
                op_name(),
                said("error-account-sas-url-no-resource"),
            ));
        };
        let mut endpoint = url.clone();
        endpoint.set_query(None);
        endpoint.set_fragment(None);
        endpoint.set_path(if path_style { &name } else { "" });
        let mut account = Account {
            name: decode(&name),
            blob_endpoint: None,
            queue_endpoint: None,
            table_endpoint: None,
            credential: Credential::Sas(token),
            scope: Some(ResourceScope {
                service,
                name: decode(&resource),
            }),
            trusted_cert: None,
        };
        *account.endpoint_slot(service) = Some(endpoint);
        Ok(account)
    }

    fn endpoint_slot(&mut self, service: Service) -> &mut Option<Url> {
        match service {
            Service::Blob => &mut self.blob_endpoint,
            Service::Queue => &mut self.queue_endpoint,
            Service::Table => &mut self.table_endpoint,
        }
    }

    /// The endpoint of one service, or an error that says the account has none.
    pub fn endpoint(&self, service: Service) -> Result<&Url> {
        let slot = match service {
            Service::Blob => &self.blob_endpoint,
            Service::Queue => &self.queue_endpoint,
            Service::Table => &self.table_endpoint,
        };
        slot.as_ref().ok_or_else(|| {
            StorageError::invalid(
                match service {
                    Service::Blob => said("error-op-reach-blob-service"),
                    Service::Queue => said("error-op-reach-queue-service"),
                    Service::Table => said("error-op-reach-table-service"),
                },
                match service {
                    Service::Blob => said!("error-account-no-blob-endpoint", account = self.name.as_str()),
                    Service::Queue => said!("error-account-no-queue-endpoint", account = self.name.as_str()),
                    Service::Table => said!("error-account-no-table-endpoint", account = self.name.as_str()),
                },
            )
        })
    }

    /// The endpoint's `host:port`, for messages.
    pub fn endpoint_authority(&self, service: Service) -> Option<String> {
        let url = self.endpoint(service).ok()?;
        Some(format!("{}:{}", url.host_str()?, url.port_or_known_default()?))
    }

    pub fn is_emulator(&self) -> bool {
        self.name == EMULATOR_ACCOUNT
    }

    /// What tells this account apart from every other: its name and where its services are. Two emulators are
    /// both `devstoreaccount1`, so anything held for an account (leases, the lab) is keyed by this, not the name.
    pub fn identity(&self) -> String {
        fn url(u: &Option<Url>) -> Option<&str> {
            u.as_ref().map(Url::as_str)
        }
        account_identity(
            &self.name,
            [
                url(&self.blob_endpoint),
                url(&self.queue_endpoint),
                url(&self.table_endpoint),
            ],
        )
    }
}

/// The identity of an account from its name and its endpoints (blob, queue, table), as [`Account::identity`].
pub fn account_identity(name: &str, endpoints: [Option<&str>; 3]) -> String {
    let mut id = name.to_string();
    for e in endpoints {
        id.push('|');
        id.push_str(e.unwrap_or("").trim_end_matches('/'));
    }
    id
}

pub(crate) fn decode(s: &str) -> String {
    percent_encoding::percent_decode_str(s).decode_utf8_lossy().into_owned()
}

/// Path style: the account is the first path segment (emulator, IP addresses, some proxies).
pub fn is_path_style(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Ipv4(_) | url::Host::Ipv6(_)) => true,
        Some(url::Host::Domain(d)) => {
            d.eq_ignore_ascii_case("localhost")
                || d.eq_ignore_ascii_case("host.docker.internal")
                || url.port().is_some_and(|p| (10000..=10009).contains(&p))
        }
        None => false,
    }
}

fn service_from_url(url: &Url) -> Option<Service> {
    let host = url.host_str()?.to_ascii_lowercase();
    let labels: Vec<&str> = host.split('.').collect();
    if labels.len() > 2 {
        match labels[1] {
            "blob" | "dfs" => return Some(Service::Blob),
            "queue" => return Some(Service::Queue),
            "table" => return Some(Service::Table),
            _ => {}
        }
    }
    // A service SAS says its resource: `sr=` for blobs and containers, `tn=` for a table.
    for (k, v) in url.query_pairs() {
        match (k.as_ref(), v.as_ref()) {
            ("sr", "b" | "c" | "bs" | "bv" | "d") => return Some(Service::Blob),
            ("tn", _) => return Some(Service::Table),
            _ => {}
        }
    }
    match url.port()? {
        10000 => Some(Service::Blob),
        10001 => Some(Service::Queue),
        10002 => Some(Service::Table),
        _ => None,
    }
}

pub(crate) fn validate_account_name(name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() {
        return Err(StorageError::invalid(op_name(), said("error-account-name-empty")));
    }
    if !name.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(StorageError::invalid(
            op_name(),
            said!("error-account-name-characters", name = name),
        ));
    }
    Ok(name.to_string())
}

/// Which endpoint an address was given as, so a refusal names it in the window's language: a connection string's
/// setting by the name the string gives it, or one service's endpoint (a form's field, Resource Manager's answer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndpointSetting {
    /// A connection string's setting (`BlobEndpoint`, `EndpointSuffix`), named as the string names it.
    Named(&'static str),
    /// The endpoint of one service, which the app words.
    Of(Service),
}

impl From<EndpointSetting> for Arg {
    fn from(setting: EndpointSetting) -> Arg {
        match setting {
            EndpointSetting::Named(name) => Arg::Text(name.to_string()),
            EndpointSetting::Of(Service::Blob) => Arg::Said(said("error-account-endpoint-of-blob")),
            EndpointSetting::Of(Service::Queue) => Arg::Said(said("error-account-endpoint-of-queue")),
            EndpointSetting::Of(Service::Table) => Arg::Said(said("error-account-endpoint-of-table")),
        }
    }
}

/// An endpoint: an http(s) URL with a host and no query. A query is refused with words (a SAS belongs in the
/// credential, never in an endpoint that is saved to the account list).
pub fn parse_endpoint(text: &str, setting: EndpointSetting) -> Result<Url> {
    let (url, sas) = parse_endpoint_with_sas(text, setting)?;
    if sas.is_some() {
        return Err(StorageError::invalid(
            op_name(),
            said!("error-account-endpoint-has-sas", setting = setting),
        ));
    }
    Ok(url)
}

/// An endpoint and the SAS its query carries, if any; a query that is not a SAS is refused.
pub(crate) fn parse_endpoint_with_sas(text: &str, setting: EndpointSetting) -> Result<(Url, Option<SasToken>)> {
    let shown = crate::redact::redact_text(text.trim());
    let mut url = Url::parse(text.trim()).map_err(|e| {
        StorageError::invalid(
            op_name(),
            said!(
                "error-account-endpoint-not-url",
                setting = setting,
                url = shown.as_str(),
                error = e.to_string()
            ),
        )
    })?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        return Err(StorageError::invalid(
            op_name(),
            said!("error-account-endpoint-scheme", setting = setting, url = shown.as_str()),
        ));
    }
    let sas = match url.query().filter(|q| !q.is_empty()) {
        None => None,
        Some(q) if q.split('&').any(|p| p.starts_with("sig=")) => Some(SasToken::new(q)?),
        Some(_) => {
            return Err(StorageError::invalid(
                op_name(),
                said!("error-account-endpoint-query", setting = setting, url = shown.as_str()),
            ));
        }
    };
    url.set_query(None);
    url.set_fragment(None);
    Ok((url, sas))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::said_arg;

    #[test]
    fn a_sas_knows_when_it_has_expired() {
        let at = |secs: u64| std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs);
        let sas = SasToken::new("sv=2024-11-04&se=2026-11-22T10%3A00%3A00Z&sp=r&sig=x").unwrap();
        // 2026-11-22T10:00:00Z is 1795341600.
        assert_eq!(sas.expired(at(1_795_341_601)).as_deref(), Some("2026-11-22T10:00:00Z"));
        assert_eq!(sas.expired(at(1_795_341_599)), None);
        let by_date = SasToken::new("se=2026-11-22&sig=x").unwrap();
        assert_eq!(by_date.expired(at(1_795_341_600)).as_deref(), Some("2026-11-22"));
        assert_eq!(SasToken::new("sig=x").unwrap().expired(at(u32::MAX as u64)), None);
    }

    fn invalid_message(text: &str) -> Said {
        Account::from_connection_string(text)
            .expect_err("should be rejected")
            .message
            .clone()
    }

    #[test]
    fn azure_connection_string_derives_host_style_endpoints() {
        let a = Account::from_connection_string(
            "DefaultEndpointsProtocol=https;AccountName=myacct;AccountKey=a2V5;EndpointSuffix=core.chinacloudapi.cn",
        )
        .unwrap();
        assert_eq!(a.name, "myacct");
        assert_eq!(
            a.table_endpoint.unwrap().as_str(),
            "https://myacct.table.core.chinacloudapi.cn/"
        );
        assert_eq!(
            a.blob_endpoint.unwrap().as_str(),
            "https://myacct.blob.core.chinacloudapi.cn/"
        );
        assert!(matches!(a.credential, Credential::SharedKey(ref k) if k.bytes() == b"key"));
    }

    #[test]
    fn setting_names_ignore_case_and_values_keep_their_equals_signs() {
        let a = Account::from_connection_string("accountname=acct;ACCOUNTKEY=a2V5MQ==;").unwrap();
        assert!(matches!(a.credential, Credential::SharedKey(ref k) if k.bytes() == b"key1"));
        assert_eq!(
            a.queue_endpoint.unwrap().as_str(),
            "https://acct.queue.core.windows.net/"
        );
    }

    #[test]
    fn development_storage_and_its_proxy() {
        let a = Account::from_connection_string("UseDevelopmentStorage=true").unwrap();
        assert_eq!(a.name, EMULATOR_ACCOUNT);
        assert_eq!(
            a.blob_endpoint.unwrap().as_str(),
            "http://127.0.0.1:10000/devstoreaccount1"
        );
        let p = Account::from_connection_string(
            "UseDevelopmentStorage=true;DevelopmentStorageProxyUri=http://ipv4.fiddler",
        )
        .unwrap();
        assert_eq!(
            p.table_endpoint.unwrap().as_str(),
            "http://ipv4.fiddler:10002/devstoreaccount1"
        );
        assert_eq!(
            invalid_message("UseDevelopmentStorage=true;AccountName=x"),
            said!("error-cs-development-combined", setting = "AccountName")
        );
    }

    #[test]
    fn explicit_endpoints_with_sas_and_no_account_name() {
        let a = Account::from_connection_string(
            "BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;SharedAccessSignature=sv=2024-11-04&sig=abc%2B",
        )
        .unwrap();
        assert_eq!(a.name, "devstoreaccount1");
        assert!(a.queue_endpoint.is_none());
        assert!(matches!(a.credential, Credential::Sas(ref s) if s.query() == "sv=2024-11-04&sig=abc%2B"));
        let err = a.endpoint(Service::Queue).unwrap_err();
        assert_eq!(
            err.message,
            said!("error-account-no-queue-endpoint", account = "devstoreaccount1")
        );
    }

    #[test]
    fn malformed_strings_name_the_offending_part() {
        assert_eq!(
            invalid_message("AccountName=a;AccountKey"),
            said!("error-cs-part-form", part = "2")
        );
        let unknown = invalid_message("AccountName=a;AcountKey=a2V5");
        assert_eq!(unknown.id(), Some("error-cs-unknown-setting"));
        assert_eq!(said_arg(&unknown, "setting"), Some(Arg::Text("AcountKey".into())));
        assert_eq!(
            invalid_message("AccountName=a;AccountKey=not base64!").id(),
            Some("error-account-key-base64")
        );
        assert_eq!(
            invalid_message("AccountName=a;AccountName=b"),
            said!("error-cs-twice", setting = "AccountName")
        );
        assert_eq!(
            invalid_message("DefaultEndpointsProtocol=ftp;AccountName=a"),
            said!("error-cs-protocol", protocol = "ftp")
        );
        let not_url = invalid_message("BlobEndpoint=not a url");
        assert_eq!(not_url.id(), Some("error-account-endpoint-not-url"));
        assert_eq!(said_arg(&not_url, "setting"), Some(Arg::Text("BlobEndpoint".into())));
        assert_eq!(said_arg(&not_url, "url"), Some(Arg::Text("not a url".into())));
        assert_eq!(
            invalid_message("DefaultEndpointsProtocol=https"),
            said("error-cs-no-account")
        );
        assert_eq!(invalid_message(""), said("error-cs-empty"));
    }

    #[test]
    fn the_portals_sas_connection_string_is_accepted_and_its_unused_settings_named() {
        // As the portal writes it: every service endpoint, the Files one included, then the SAS.
        let text = "BlobEndpoint=https://acct.blob.core.windows.net/;QueueEndpoint=https://acct.queue.core.windows.net/;\
                    FileEndpoint=https://acct.file.core.windows.net/;TableEndpoint=https://acct.table.core.windows.net/;\
                    SharedAccessSignature=sv=2022-11-02&ss=bfqt&srt=sco&sp=rl&se=2030-01-01T00:00:00Z&sig=abc%3D";
        let parsed = Account::parse_connection_string(text).unwrap();
        assert_eq!(parsed.ignored, vec!["FileEndpoint"]);
        assert_eq!(parsed.account.name, "acct");
        assert!(matches!(parsed.account.credential, Credential::Sas(_)));
        let with_secondaries = "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=a2V5;\
            BlobSecondaryEndpoint=https://acct-secondary.blob.core.windows.net/;\
            QueueSecondaryEndpoint=https://acct-secondary.queue.core.windows.net/;\
            TableSecondaryEndpoint=https://acct-secondary.table.core.windows.net/;\
            FileSecondaryEndpoint=https://acct-secondary.file.core.windows.net/;EndpointSuffix=core.windows.net";
        let parsed = Account::parse_connection_string(with_secondaries).unwrap();
        assert_eq!(
            parsed.ignored,
            vec![
                "BlobSecondaryEndpoint",
                "QueueSecondaryEndpoint",
                "TableSecondaryEndpoint",
                "FileSecondaryEndpoint"
            ]
        );
        assert_eq!(
            parsed.account.blob_endpoint.unwrap().as_str(),
            "https://acct.blob.core.windows.net/"
        );
    }

    #[test]
    fn a_sas_in_an_endpoint_becomes_the_credential_or_is_refused() {
        let a =
            Account::from_connection_string("BlobEndpoint=https://acct.blob.core.windows.net/?sv=1&sp=r&sig=SECRET")
                .unwrap();
        assert_eq!(
            a.blob_endpoint.as_ref().unwrap().as_str(),
            "https://acct.blob.core.windows.net/"
        );
        assert!(matches!(a.credential, Credential::Sas(ref s) if s.query() == "sv=1&sp=r&sig=SECRET"));
        let both = invalid_message(
            "AccountName=acct;AccountKey=a2V5;BlobEndpoint=https://acct.blob.core.windows.net/?sig=SECRET",
        );
        assert_eq!(both, said("error-cs-endpoint-sas-and-key"));
        let query = invalid_message("BlobEndpoint=https://acct.blob.core.windows.net/?comp=list");
        assert_eq!(
            query,
            said!(
                "error-account-endpoint-query",
                setting = "BlobEndpoint",
                url = "https://acct.blob.core.windows.net/?comp=list"
            )
        );
        let mut named = Account::from_name_and_key("acct", "a2V5", "", true).unwrap();
        let err = named
            .set_endpoint(Service::Blob, "https://acct.blob.core.windows.net/?sv=1&sig=SECRET")
            .unwrap_err();
        assert_eq!(
            err.message,
            said!(
                "error-account-endpoint-has-sas",
                setting = EndpointSetting::Of(Service::Blob)
            )
        );
        named.set_endpoint(Service::Blob, "https://proxy.example/acct").unwrap();
        assert_eq!(named.blob_endpoint.unwrap().as_str(), "https://proxy.example/acct");
    }

    /// An endpoint typed for one service is named by a message the app words in the window's language, never by
    /// English words of the client's.
    #[test]
    fn a_refused_endpoint_of_one_service_is_named_by_a_message() {
        let mut named = Account::from_name_and_key("acct", "a2V5", "", true).unwrap();
        for (service, id) in [
            (Service::Blob, "error-account-endpoint-of-blob"),
            (Service::Queue, "error-account-endpoint-of-queue"),
            (Service::Table, "error-account-endpoint-of-table"),
        ] {
            let err = named.set_endpoint(service, "ftp://acct.example/").unwrap_err();
            assert_eq!(err.message.id(), Some("error-account-endpoint-scheme"));
            assert_eq!(
                said_arg(&err.message, "setting"),
                Some(Arg::Said(said(id))),
                "{service}"
            );
        }
    }

    #[test]
    fn a_key_pasted_where_a_setting_belongs_is_not_quoted_back() {
        let message = invalid_message(&format!("AccountName=a;{EMULATOR_KEY}"));
        assert_eq!(message.id(), Some("error-cs-unknown-setting-in-part"));
        assert_eq!(said_arg(&message, "part"), Some(Arg::Text("2".into())));
        // Said as data, every argument in it: the key is in none of them.
        assert!(!format!("{message:?}").contains("Eby8"), "{message:?}");
    }

    #[test]
    fn the_key_never_shows_in_debug_output() {
        let a = Account::emulator();
        let debug = format!("{a:?}");
        assert!(!debug.contains("Eby8"), "{debug}");
        let s = SasToken::new("?sv=1&sig=SECRETSIG").unwrap();
        assert!(!format!("{s:?}").contains("SECRETSIG"));
    }

    #[test]
    fn sas_url_for_one_resource_host_and_path_style() {
        let a = Account::from_sas_url(
            "https://acct.blob.core.windows.net/photos?sv=2024-11-04&sp=rl&sig=x",
            None,
        )
        .unwrap();
        assert_eq!(a.name, "acct");
        assert_eq!(
            a.scope,
            Some(ResourceScope {
                service: Service::Blob,
                name: "photos".into()
            })
        );
        assert_eq!(a.blob_endpoint.unwrap().as_str(), "https://acct.blob.core.windows.net/");
        let t = Account::from_sas_url(
            "http://127.0.0.1:10002/devstoreaccount1/orders?sv=1&tn=orders&sig=x",
            None,
        )
        .unwrap();
        assert_eq!(t.scope.unwrap().service, Service::Table);
        assert_eq!(
            t.table_endpoint.unwrap().as_str(),
            "http://127.0.0.1:10002/devstoreaccount1"
        );
        let q = Account::from_sas_url("http://proxy.local:8080/acct/jobs?sig=x", None);
        assert_eq!(q.unwrap_err().message, said("error-account-sas-url-which-service"));
    }

    #[test]
    fn an_endpoint_suffix_with_a_path_is_refused_in_words() {
        for suffix in [
            "core.windows.net/extra",
            "core.w\\x",
            "core windows.net",
            "a?b",
            "user@core.windows.net",
        ] {
            let text = format!(
                "AccountName=acct;AccountKey={};EndpointSuffix={suffix}",
                crate::EMULATOR_KEY
            );
            let Err(e) = crate::Account::parse_connection_string(&text) else {
                panic!("{suffix} was accepted")
            };
            assert_eq!(e.message.id(), Some("error-cs-suffix"), "{suffix}");
            assert_eq!(said_arg(&e.message, "suffix"), Some(Arg::Text(suffix.into())));
        }
        let ok = format!(
            "AccountName=acct;AccountKey={};EndpointSuffix=core.chinacloudapi.cn",
            crate::EMULATOR_KEY
        );
        assert!(crate::Account::parse_connection_string(&ok).is_ok());
    }
}
