//! Microsoft identity platform sign-ins (OAuth 2.0 v2 endpoints): a service principal's client secret, the
//! device-code flow a person finishes in any browser, and the refresh token that keeps that sign-in going.

use std::fmt;
use std::sync::Mutex;
use std::time::{Duration, SystemTime};

use url::Url;

use crate::error::{ErrorKind, Result, StorageError};
pub use crate::secret::Secret;
use crate::side_requests::{self, Reporter, SideRequest};
use crate::token::{AccessToken, Audience, TokenFuture, TokenSource};
use crate::words::{Said, said};

/// The public cloud's sign-in host; national clouds and tests name their own.
pub const PUBLIC_AUTHORITY: &str = "https://login.microsoftonline.com";
const DEVICE_CODE_GRANT: &str = "urn:ietf:params:oauth:grant-type:device_code";

/// Where tokens come from: the sign-in host and the tenant (a directory id, a domain, or `organizations`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Authority {
    pub host: Url,
    pub tenant: String,
    /// A PEM file trusted beside the platform's certificates (the account's own: a TLS-inspecting proxy or a
    /// private sign-in host signs with the same authority as the storage endpoint it stands before).
    pub trusted_cert: Option<std::path::PathBuf>,
}

impl Authority {
    /// Checks the host and tenant as typed, before anything is sent.
    pub fn new(host: &str, tenant: &str) -> Result<Self> {
        let op = &said("error-op-read-sign-in-settings");
        let host = if host.trim().is_empty() {
            PUBLIC_AUTHORITY
        } else {
            host.trim()
        };
        let host = Url::parse(host).map_err(|e| {
            StorageError::invalid(
                op,
                said!(
                    "error-oauth-host-not-url",
                    host = host,
                    error = e.to_string(),
                    example = PUBLIC_AUTHORITY
                ),
            )
        })?;
        if host.scheme() != "https" && !crate::transport::is_loopback(&host) {
            return Err(StorageError::invalid(
                op,
                said!("error-oauth-host-not-https", host = host.to_string()),
            ));
        }
        let tenant = tenant.trim();
        if tenant.is_empty() || tenant.contains(['/', '?', '#', ' ']) {
            return Err(StorageError::invalid(op, said("error-oauth-enter-tenant")));
        }
        Ok(Authority {
            host,
            tenant: tenant.to_string(),
            trusted_cert: None,
        })
    }

    /// The same authority, reached trusting this certificate as well (the account's "Trust certificate").
    pub fn trusting(mut self, cert: Option<std::path::PathBuf>) -> Self {
        self.trusted_cert = cert;
        self
    }

    pub(crate) fn endpoint(&self, leaf: &str) -> String {
        format!(
            "{}/{}/oauth2/v2.0/{leaf}",
            self.host.as_str().trim_end_matches('/'),
            self.tenant
        )
    }
}

/// One HTTP client for the sign-in endpoints (no storage signing, the platform's certificates), made once: a
/// device-code sign-in polls every few seconds.
pub(crate) fn http(trusted_cert: Option<&std::path::Path>) -> Result<reqwest::Client> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let build = |roots: Vec<reqwest::Certificate>| {
        let builder = reqwest::Client::builder()
            .tls_certs_merge(roots)
            .connect_timeout(Duration::from_secs(10))
            .timeout(Duration::from_secs(60))
            .user_agent(concat!("tessera/", env!("CARGO_PKG_VERSION")));
        crate::proxy::apply(builder)?
            .build()
            .map_err(|e| Said::text(e.to_string()))
    };
    let setup = |e: Said| StorageError::new(ErrorKind::Connection, said("error-op-set-up-sign-in-client"), e);
    if let Some(path) = trusted_cert {
        // Built for each sign-in request (a few an hour): the file may have changed since the last one.
        // The certificate file's fault: the hint says where it is chosen.
        let unusable = |e: Said| {
            let mut e = setup(e);
            e.trouble = Some(crate::no_answer::Trouble::Certificate);
            e
        };
        let (_, roots) = crate::transport::trusted_roots(Some(path)).map_err(unusable)?;
        return build(roots).map_err(setup);
    }
    // One client until the proxy changes.
    type Cached = Option<(u64, std::result::Result<reqwest::Client, Said>)>;
    static CLIENT: Mutex<Cached> = Mutex::new(None);
    let generation = crate::proxy::generation();
    let mut cached = CLIENT.lock().expect("sign-in client lock");
    if cached.as_ref().is_none_or(|(g, _)| *g != generation) {
        *cached = Some((generation, build(Vec::new())));
    }
    cached.as_ref().expect("just made").1.clone().map_err(setup)
}

/// The endpoint's answer: a token, or its `error` and `error_description` (which carries an `AADSTS` code).
enum TokenAnswer {
    Token {
        access: AccessToken,
        refresh: Option<String>,
    },
    Error {
        error: String,
        description: String,
    },
}

async fn post_form(
    op: &Said,
    authority: &Authority,
    leaf: &str,
    fields: &[(&str, &str)],
    report: Option<&Reporter>,
) -> Result<serde_json::Value> {
    let url = authority.endpoint(leaf);
    let form: String = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(fields)
        .finish();
    let request = SideRequest {
        api: crate::events::Api::SignIn,
        operation: op,
        method: reqwest::Method::POST,
        url: url::Url::parse(&url).map_err(|e| {
            StorageError::invalid(
                op,
                said!("error-oauth-not-url", url = url.as_str(), error = e.to_string()),
            )
        })?,
        headers: Vec::new(),
        form: Some(form),
        carries_secret: true,
        // A code (or a device code's grant) is used up when the endpoint handles it: never asked for twice.
        once: fields
            .iter()
            .any(|(k, v)| *k == "grant_type" && matches!(*v, "authorization_code" | DEVICE_CODE_GRANT)),
    };
    let answer = side_requests::send(&http(authority.trusted_cert.as_deref())?, &request, report)
        .await
        .map_err(|e| {
            let words = e.message.clone();
            let hint = if let Some(proxy) = crate::proxy::explain(e.trouble) {
                proxy
            } else if e.trouble == Some(crate::no_answer::Trouble::Certificate) {
                said("error-oauth-untrusted-certificate")
            } else {
                said("error-oauth-check-network")
            };
            StorageError::new(
                ErrorKind::SignIn,
                op,
                said!(
                    "error-oauth-unreachable",
                    url = url.as_str(),
                    words = words,
                    hint = hint
                ),
            )
        })?;
    if answer.json.is_null() {
        return Err(StorageError::new(
            ErrorKind::SignIn,
            op,
            said!(
                "error-oauth-no-json",
                url = url.as_str(),
                status = answer.status.to_string()
            ),
        ));
    }
    Ok(answer.json)
}

fn read_token_answer(json: &serde_json::Value) -> TokenAnswer {
    let text = |k: &str| json.get(k).and_then(|v| v.as_str()).map(str::to_string);
    match text("access_token") {
        Some(access) => {
            let expires_in = json
                .get("expires_in")
                .and_then(crate::token::json_seconds)
                .unwrap_or(3600);
            TokenAnswer::Token {
                access: AccessToken::new(&access, SystemTime::now() + Duration::from_secs(expires_in)),
                refresh: text("refresh_token"),
            }
        }
        None => TokenAnswer::Error {
            error: text("error").unwrap_or_else(|| "unknown_error".into()),
            description: text("error_description")
                .map(|d| d.lines().next().unwrap_or("").to_string())
                .unwrap_or_default(),
        },
    }
}

/// A service principal (an app registration's identity) signing in with its client secret.
#[derive(Clone, Debug)]
pub struct ServicePrincipal {
    pub authority: Authority,
    pub client_id: String,
    pub secret: Secret,
    /// What the tokens are for (storage, or Resource Manager).
    pub audience: Audience,
}

impl TokenSource for ServicePrincipal {
    fn fetch<'a>(&'a self, report: Option<&'a Reporter>) -> TokenFuture<'a> {
        Box::pin(async move {
            let op = &said("error-op-sign-in-service-principal");
            let json = post_form(
                op,
                &self.authority,
                "token",
                &[
                    ("grant_type", "client_credentials"),
                    ("client_id", &self.client_id),
                    ("client_secret", self.secret.expose()),
                    ("scope", &self.audience.app_scope()),
                ],
                report,
            )
            .await?;
            match read_token_answer(&json) {
                TokenAnswer::Token { access, .. } => Ok(access),
                TokenAnswer::Error { error, description } => Err(StorageError::new(
                    ErrorKind::SignIn,
                    op,
                    said!("error-oauth-secret-refused", error = error, description = description),
                )),
            }
        })
    }

    fn describe(&self) -> Said {
        said!(
            "error-describe-service-principal",
            client_id = self.client_id.as_str(),
            tenant = self.authority.tenant.as_str()
        )
    }

    fn sign_in_again(&self) -> Said {
        said("error-oauth-check-secret")
    }
}

/// A device-code sign-in under way: what the person types, and where.
#[derive(Clone)]
pub struct DeviceCode {
    pub user_code: String,
    pub verification_uri: String,
    /// The endpoint's own instruction, in the user's language.
    pub message: Said,
    pub expires_at: SystemTime,
    interval: Duration,
    device_code: Secret,
    authority: Authority,
    client_id: String,
}

impl fmt::Debug for DeviceCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DeviceCode({} at {})", self.user_code, self.verification_uri)
    }
}

/// A finished person's sign-in: the first access token and the refresh token that keeps it going.
pub struct SignedIn {
    pub access: AccessToken,
    pub refresh: Secret,
}

fn device_op_name() -> Said {
    said("error-op-sign-in-device-code")
}

/// Asks for a code for the person to type at the verification page.
/// The sign-in is for `audience` (storage; Resource Manager for a browse account), and its refresh token then
/// serves the other resource too where the app registration has that permission.
pub async fn start_device_code(
    authority: &Authority,
    client_id: &str,
    audience: &Audience,
    report: Option<&Reporter>,
) -> Result<DeviceCode> {
    if client_id.trim().is_empty() {
        return Err(StorageError::invalid(
            device_op_name(),
            said("error-oauth-enter-client-id"),
        ));
    }
    let json = post_form(
        &device_op_name(),
        authority,
        "devicecode",
        &[("client_id", client_id.trim()), ("scope", &audience.user_scope())],
        report,
    )
    .await?;
    let text = |k: &str| json.get(k).and_then(|v| v.as_str()).map(str::to_string);
    let secs = |k: &str, default: u64| json.get(k).and_then(crate::token::json_seconds).unwrap_or(default);
    match (text("device_code"), text("user_code"), text("verification_uri")) {
        (Some(device_code), Some(user_code), Some(verification_uri)) => Ok(DeviceCode {
            message: text("message").map(Said::text).unwrap_or_else(|| {
                said!(
                    "error-oauth-device-instruction",
                    uri = verification_uri.as_str(),
                    code = user_code.as_str()
                )
            }),
            user_code,
            verification_uri,
            expires_at: SystemTime::now() + Duration::from_secs(secs("expires_in", 900)),
            interval: Duration::from_secs(secs("interval", 5).max(1)),
            device_code: Secret::new(&device_code),
            authority: authority.clone(),
            client_id: client_id.trim().to_string(),
        }),
        _ => Err(StorageError::new(
            ErrorKind::SignIn,
            device_op_name(),
            said!(
                "error-oauth-no-code",
                error = text("error").unwrap_or_default(),
                description = text("error_description")
                    .unwrap_or_default()
                    .lines()
                    .next()
                    .unwrap_or("")
                    .to_string()
            ),
        )),
    }
}

/// Waits for the person to finish at the verification page, asking as often as the endpoint allows; ends
/// with words when the code expires or the person declines. Dropping the future cancels the wait.
pub async fn finish_device_code(code: &DeviceCode, report: Option<&Reporter>) -> Result<SignedIn> {
    let mut interval = code.interval;
    loop {
        tokio::time::sleep(interval).await;
        if SystemTime::now() > code.expires_at {
            return Err(expired());
        }
        let polled = post_form(
            &device_op_name(),
            &code.authority,
            "token",
            &[
                ("grant_type", DEVICE_CODE_GRANT),
                ("client_id", &code.client_id),
                ("device_code", code.device_code.expose()),
            ],
            report,
        )
        .await;
        // A network blip between polls does not end the sign-in (RFC 8628): ask again until the code expires.
        let Ok(json) = polled else { continue };
        match read_token_answer(&json) {
            TokenAnswer::Token {
                access,
                refresh: Some(refresh),
            } => {
                return Ok(SignedIn {
                    access,
                    refresh: Secret::new(&refresh),
                });
            }
            TokenAnswer::Token { refresh: None, .. } => {
                return Err(StorageError::new(
                    ErrorKind::SignIn,
                    device_op_name(),
                    said("error-oauth-no-refresh-token"),
                ));
            }
            TokenAnswer::Error { error, description } => match error.as_str() {
                "authorization_pending" => {}
                // The endpoint asks for more patience: five seconds more between polls (RFC 8628).
                "slow_down" => interval += Duration::from_secs(5),
                "expired_token" | "code_expired" => return Err(expired()),
                "access_denied" | "authorization_declined" => {
                    return Err(StorageError::new(
                        ErrorKind::SignIn,
                        device_op_name(),
                        said("error-oauth-declined"),
                    ));
                }
                _ => {
                    return Err(StorageError::new(
                        ErrorKind::SignIn,
                        device_op_name(),
                        said!("error-oauth-failed", error = error, description = description),
                    ));
                }
            },
        }
    }
}

/// Redeems a browser sign-in's code with its PKCE verifier (the authorization code grant).
pub(crate) async fn redeem_code(
    authority: &Authority,
    client_id: &str,
    code: &Secret,
    redirect_uri: &str,
    verifier: &Secret,
    audience: &Audience,
    report: Option<&Reporter>,
) -> Result<SignedIn> {
    let op = &said("error-op-sign-in-browser");
    let json = post_form(
        op,
        authority,
        "token",
        &[
            ("grant_type", "authorization_code"),
            ("client_id", client_id),
            ("code", code.expose()),
            ("redirect_uri", redirect_uri),
            ("code_verifier", verifier.expose()),
            ("scope", &audience.user_scope()),
        ],
        report,
    )
    .await?;
    match read_token_answer(&json) {
        TokenAnswer::Token {
            access,
            refresh: Some(refresh),
        } => Ok(SignedIn {
            access,
            refresh: Secret::new(&refresh),
        }),
        TokenAnswer::Token { refresh: None, .. } => Err(StorageError::new(
            ErrorKind::SignIn,
            op,
            said("error-oauth-no-refresh-token"),
        )),
        TokenAnswer::Error { error, description } => Err(StorageError::new(
            ErrorKind::SignIn,
            op,
            said!(
                "error-oauth-browser-code-refused",
                error = error,
                description = description
            ),
        )),
    }
}

fn expired() -> StorageError {
    StorageError::new(ErrorKind::SignIn, device_op_name(), said("error-oauth-code-expired"))
}

/// Hears of each new refresh token the endpoint hands back.
pub type OnRotate = Box<dyn Fn(&Secret) + Send + Sync>;

/// A person's sign-in kept going by its refresh token. The endpoint may hand back a new refresh token with each
/// access token; `on_rotate` hears of it so the keychain keeps the newest.
pub struct RefreshToken {
    pub authority: Authority,
    pub client_id: String,
    token: Mutex<Secret>,
    on_rotate: Option<OnRotate>,
    /// What the tokens are for: one sign-in's refresh token serves storage and Resource Manager alike.
    audience: Audience,
}

impl RefreshToken {
    pub fn new(authority: Authority, client_id: &str, token: Secret, on_rotate: Option<OnRotate>) -> Self {
        RefreshToken {
            authority,
            client_id: client_id.trim().to_string(),
            token: Mutex::new(token),
            on_rotate,
            audience: Audience::storage(),
        }
    }

    /// The same sign-in, asking for tokens for another resource (Resource Manager).
    pub fn with_audience(mut self, audience: Audience) -> Self {
        self.audience = audience;
        self
    }
}

impl TokenSource for RefreshToken {
    fn fetch<'a>(&'a self, report: Option<&'a Reporter>) -> TokenFuture<'a> {
        Box::pin(async move {
            let op = &said("error-op-renew-sign-in");
            let current = self.token.lock().expect("refresh token lock").clone();
            let json = post_form(
                op,
                &self.authority,
                "token",
                &[
                    ("grant_type", "refresh_token"),
                    ("client_id", &self.client_id),
                    ("refresh_token", current.expose()),
                    ("scope", &self.audience.user_scope()),
                ],
                report,
            )
            .await?;
            match read_token_answer(&json) {
                TokenAnswer::Token { access, refresh } => {
                    if let Some(new) = refresh.filter(|r| r != current.expose()) {
                        let new = Secret::new(&new);
                        *self.token.lock().expect("refresh token lock") = new.clone();
                        if let Some(hook) = &self.on_rotate {
                            hook(&new);
                        }
                    }
                    Ok(access)
                }
                TokenAnswer::Error { error, description } => Err(StorageError::new(
                    ErrorKind::SignIn,
                    op,
                    said!("error-oauth-ended", error = error, description = description),
                )),
            }
        })
    }

    fn describe(&self) -> Said {
        said!("error-describe-personal", tenant = self.authority.tenant.as_str())
    }

    fn sign_in_again(&self) -> Said {
        said("error-oauth-sign-in-again")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_authority_is_checked_before_anything_is_sent() {
        let a = Authority::new("", "contoso.onmicrosoft.com").unwrap();
        assert_eq!(
            a.endpoint("token"),
            "https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token"
        );
        assert_eq!(
            Authority::new("", " ").unwrap_err().message,
            said("error-oauth-enter-tenant")
        );
        assert_eq!(
            Authority::new("not a url", "t").unwrap_err().message.id(),
            Some("error-oauth-host-not-url")
        );
        assert_eq!(
            Authority::new("http://login.example.com", "t").unwrap_err().message,
            said!("error-oauth-host-not-https", host = "http://login.example.com/")
        );
        assert!(
            Authority::new("http://127.0.0.1:8080", "t").is_ok(),
            "this computer may speak plain HTTP"
        );
    }

    #[test]
    fn an_answer_is_a_token_or_its_error_and_secrets_stay_out_of_debug() {
        let ok = serde_json::json!({"access_token": "AT", "refresh_token": "RT", "expires_in": "3599"});
        assert!(matches!(read_token_answer(&ok), TokenAnswer::Token { refresh: Some(r), .. } if r == "RT"));
        let pending = serde_json::json!({"error": "authorization_pending", "error_description": "AADSTS70016: pending\nTrace ID: x"});
        assert!(
            matches!(read_token_answer(&pending), TokenAnswer::Error { error, description } if error == "authorization_pending" && description == "AADSTS70016: pending")
        );
        assert_eq!(format!("{:?}", Secret::new("CLIENTSECRET")), "Secret(<redacted>)");
    }
}
