//! Microsoft Entra ID bearer tokens: what a token source gives, and the credential that keeps one fresh so no
//! request fails because a token aged while the user looked at the screen.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

use crate::error::{ErrorKind, Result, StorageError};
use crate::side_requests::Reporter;
use crate::words::{Said, said};

/// The resource every storage token is asked for (blob, queue and table alike).
pub const STORAGE_RESOURCE: &str = "https://storage.azure.com/";

/// What a token is for (its audience): the storage services, or a cloud's Azure Resource Manager. A token for
/// one is refused by the other, so each credential asks for one audience.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Audience(String);

impl Audience {
    pub fn storage() -> Self {
        Audience(STORAGE_RESOURCE.into())
    }

    /// Resource Manager of this cloud (subscriptions, storage accounts, their keys).
    pub fn resource_manager(cloud: crate::cloud::Cloud) -> Self {
        Audience(cloud.resource_manager_audience().into())
    }

    /// The resource as `az account get-access-token --resource` takes it.
    pub fn resource(&self) -> &str {
        &self.0
    }

    /// What an application identity asks for: every permission granted to it on this resource.
    pub fn app_scope(&self) -> String {
        format!("{}/.default", self.0.trim_end_matches('/')) // i18n-ignore: an OAuth scope
    }

    /// What a person signs in for: this resource on their behalf, and a refresh token to keep going.
    pub fn user_scope(&self) -> String {
        format!("{}/user_impersonation offline_access", self.0.trim_end_matches('/')) // i18n-ignore: OAuth scopes
    }
}

/// A token is fetched again this long before it ends, as Microsoft's SDKs do: a request signed with it then
/// still has minutes to reach the service, even after retries.
pub const REFRESH_BEFORE: Duration = Duration::from_secs(5 * 60);

/// An access token and when it ends. Its text never reaches Debug output, logs or events.
#[derive(Clone)]
pub struct AccessToken {
    secret: Arc<str>,
    pub expires_at: SystemTime,
}

impl AccessToken {
    pub fn new(secret: &str, expires_at: SystemTime) -> Self {
        AccessToken {
            secret: secret.into(),
            expires_at,
        }
    }

    /// The token as it goes after `Bearer `.
    pub fn secret(&self) -> &str {
        &self.secret
    }
}

impl AccessToken {
    /// The `Authorization` value for a request to `url`. The token opens every storage account the identity
    /// may reach, so it never travels in the clear, except to this computer (an emulator, a local proxy).
    pub(crate) fn authorization(&self, url: &url::Url, operation: &Said) -> Result<reqwest::header::HeaderValue> {
        let through_proxy = url.scheme() != "https" && crate::proxy::would_intercept(url);
        if url.scheme() != "https" && (!crate::transport::is_loopback(url) || through_proxy) {
            return Err(StorageError::invalid(
                operation,
                said!(
                    "error-token-https-only",
                    host = url
                        .host_str()
                        .map_or_else(|| said("error-token-this-endpoint"), Said::text)
                ),
            ));
        }
        reqwest::header::HeaderValue::from_str(&format!("Bearer {}", self.secret())) // i18n-ignore: the Authorization scheme
            .map_err(|_| StorageError::new(ErrorKind::SignIn, operation, said("error-token-not-a-header")))
    }
}

impl fmt::Debug for AccessToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AccessToken(<redacted>, expires {:?})", self.expires_at)
    }
}

pub type TokenFuture<'a> = Pin<Box<dyn Future<Output = Result<AccessToken>> + Send + 'a>>;

/// One way of getting a token: the Azure CLI, a service principal's secret, a device-code sign-in's refresh token.
pub trait TokenSource: Send + Sync {
    /// A new token (the source may hand back one it cached itself, as `az` does); its requests, if any, are
    /// reported to `report`.
    fn fetch<'a>(&'a self, report: Option<&'a Reporter>) -> TokenFuture<'a>;
    /// How the user got this token, for the status line: "Azure CLI", "service principal 1234…".
    fn describe(&self) -> Said;
    /// What the user does when the sign-in is refused or ended, in words: "Run `az login`, then retry."
    fn sign_in_again(&self) -> Said;
}

/// A bearer credential shared by every request of an account: one token at a time, fetched once for all the
/// requests that wait for it, and fetched again `refresh_before` its end.
#[derive(Clone)]
pub struct TokenCredential {
    inner: Arc<Inner>,
}

struct Inner {
    source: Box<dyn TokenSource>,
    /// Held across the fetch, so concurrent requests wait for one fetch instead of starting their own.
    cache: tokio::sync::Mutex<Option<AccessToken>>,
    /// Set when the service refused the cached token: the next request fetches a new one.
    refused: AtomicBool,
    refresh_before: Duration,
    fetches: AtomicU64,
    /// Where the source's own requests are reported: the newest client that uses this credential.
    reporter: std::sync::Mutex<Option<Reporter>>,
}

impl TokenCredential {
    pub fn new(source: impl TokenSource + 'static) -> Self {
        Self::with_refresh_before(source, REFRESH_BEFORE)
    }

    pub fn with_refresh_before(source: impl TokenSource + 'static, refresh_before: Duration) -> Self {
        TokenCredential {
            inner: Arc::new(Inner {
                source: Box::new(source),
                cache: tokio::sync::Mutex::new(None),
                refused: AtomicBool::new(false),
                refresh_before,
                fetches: AtomicU64::new(0),
                reporter: std::sync::Mutex::new(None),
            }),
        }
    }

    /// A token with more than `refresh_before` left, from the cache or fetched now.
    pub async fn token(&self) -> Result<AccessToken> {
        let mut cache = self.inner.cache.lock().await;
        let refused = self.inner.refused.swap(false, Ordering::Relaxed);
        if let Some(token) = cache.as_ref().filter(|_| !refused)
            && token.expires_at > SystemTime::now() + self.inner.refresh_before
        {
            return Ok(token.clone());
        }
        self.inner.fetches.fetch_add(1, Ordering::Relaxed);
        let fresh = self.inner.source.fetch(self.reporter().as_ref()).await?;
        *cache = Some(fresh.clone());
        Ok(fresh)
    }

    /// Reports the source's requests (a token endpoint's) to `reporter` from now on (a client made again after a
    /// proxy change takes them over).
    pub fn report_to(&self, reporter: Reporter) {
        *self.inner.reporter.lock().expect("reporter lock") = Some(reporter);
    }

    fn reporter(&self) -> Option<Reporter> {
        self.inner.reporter.lock().expect("reporter lock").clone()
    }

    /// The service refused the token (expired early, revoked): the next request asks the source again.
    pub fn refused(&self) {
        self.inner.refused.store(true, Ordering::Relaxed);
    }

    /// The service refused `used` (ended early, revoked): a new token is fetched now. True when there is another
    /// token to try (fetched now, or by a request refused at the same moment); false when the source handed back
    /// the same one (the CLI's own cache, a sign-in that has ended) or failed, and then the next request asks
    /// again.
    pub async fn renew_after_refusal(&self, used: &AccessToken) -> bool {
        let mut cache = self.inner.cache.lock().await;
        if cache.as_ref().is_some_and(|current| current.secret() != used.secret()) {
            return true;
        }
        self.inner.fetches.fetch_add(1, Ordering::Relaxed);
        match self.inner.source.fetch(self.reporter().as_ref()).await {
            Ok(fresh) if fresh.secret() != used.secret() => {
                *cache = Some(fresh);
                true
            }
            _ => {
                self.refused();
                false
            }
        }
    }

    /// How many times a token was fetched from the source (the cache's misses).
    pub fn fetches(&self) -> u64 {
        self.inner.fetches.load(Ordering::Relaxed)
    }

    pub fn describe(&self) -> Said {
        self.inner.source.describe()
    }

    pub fn sign_in_again(&self) -> Said {
        self.inner.source.sign_in_again()
    }
}

impl fmt::Debug for TokenCredential {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TokenCredential({})", self.describe())
    }
}

/// A count of seconds as sign-in endpoints write it: a JSON number, or the same digits in a string (the
/// Microsoft identity platform sends `expires_in` both ways; the Azure CLI's `expires_on` too).
pub(crate) fn json_seconds(value: &serde_json::Value) -> Option<u64> {
    value
        .as_u64()
        .or_else(|| value.as_str().and_then(|s| s.trim().parse().ok()))
}

/// A token's end from the `exp` claim of a JWT, for sources that hand back only the token.
pub fn jwt_expiry(token: &str) -> Option<SystemTime> {
    use base64::Engine;
    let payload = token.split('.').nth(1)?;
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload.trim_end_matches('='))
        .ok()?;
    let claims: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    let exp = claims.get("exp")?.as_u64()?;
    Some(SystemTime::UNIX_EPOCH + Duration::from_secs(exp))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// Hands out the lifetimes it is given, one per fetch, counting them.
    struct Lifetimes(Mutex<Vec<Duration>>);

    impl TokenSource for Lifetimes {
        fn fetch<'a>(&'a self, _report: Option<&'a Reporter>) -> TokenFuture<'a> {
            Box::pin(async move {
                let life = self.0.lock().unwrap().remove(0);
                Ok(AccessToken::new("SECRETTOKEN", SystemTime::now() + life))
            })
        }
        fn describe(&self) -> Said {
            "test".into()
        }
        fn sign_in_again(&self) -> Said {
            "again".into()
        }
    }

    #[tokio::test]
    async fn a_fresh_token_is_reused_one_about_to_end_is_fetched_again_and_a_refused_one_is_dropped() {
        let hour = Duration::from_secs(3600);
        let source = Lifetimes(Mutex::new(vec![Duration::from_secs(120), hour, hour]));
        let cred = TokenCredential::new(source);
        cred.token().await.unwrap();
        assert_eq!(cred.fetches(), 1);
        // Two minutes left is inside the five-minute margin: the next request fetches first.
        cred.token().await.unwrap();
        assert_eq!(cred.fetches(), 2);
        cred.token().await.unwrap();
        assert_eq!(cred.fetches(), 2, "an hour left: reused");
        cred.refused();
        cred.token().await.unwrap();
        assert_eq!(cred.fetches(), 3);
        assert!(!format!("{:?} {cred:?}", cred.token().await.unwrap()).contains("SECRETTOKEN"));
    }

    /// Hands out the tokens it is given, one per fetch (the last one again when they run out).
    struct Texts(Mutex<Vec<&'static str>>);

    impl TokenSource for Texts {
        fn fetch<'a>(&'a self, _report: Option<&'a Reporter>) -> TokenFuture<'a> {
            Box::pin(async move {
                let mut texts = self.0.lock().unwrap();
                let text = if texts.len() > 1 { texts.remove(0) } else { texts[0] };
                Ok(AccessToken::new(text, SystemTime::now() + Duration::from_secs(3600)))
            })
        }
        fn describe(&self) -> Said {
            "test".into()
        }
        fn sign_in_again(&self) -> Said {
            "again".into()
        }
    }

    #[tokio::test]
    async fn a_refused_token_is_renewed_at_once_and_only_another_token_is_worth_a_second_try() {
        let cred = TokenCredential::new(Texts(Mutex::new(vec!["OLD", "NEW", "NEW"])));
        let old = cred.token().await.unwrap();
        assert_eq!(old.secret(), "OLD");
        assert!(cred.renew_after_refusal(&old).await, "the source had another token");
        assert_eq!(
            cred.token().await.unwrap().secret(),
            "NEW",
            "kept for the requests after"
        );
        assert_eq!(cred.fetches(), 2);
        // A second request refused with the old token at the same moment finds the new one, fetching nothing.
        assert!(cred.renew_after_refusal(&old).await);
        assert_eq!(cred.fetches(), 2);
        // The source hands back the token just refused: no second try, and the next request asks again.
        let new = cred.token().await.unwrap();
        assert!(!cred.renew_after_refusal(&new).await);
        assert_eq!(cred.fetches(), 3);
        cred.token().await.unwrap();
        assert_eq!(cred.fetches(), 4, "the refused token was not kept");
    }

    #[test]
    fn a_token_goes_over_https_or_to_this_computer_only() {
        let token = AccessToken::new("T", SystemTime::now());
        let url = |u: &str| url::Url::parse(u).unwrap();
        assert!(
            token
                .authorization(&url("https://a.blob.core.windows.net/c"), &"op".into())
                .is_ok()
        );
        assert!(
            token
                .authorization(&url("http://127.0.0.1:10000/devstoreaccount1"), &"op".into())
                .is_ok()
        );
        let e = token
            .authorization(&url("http://a.blob.core.windows.net/c"), &"op".into())
            .unwrap_err();
        assert_eq!(
            (e.kind, &e.message),
            (
                ErrorKind::Invalid,
                &said!("error-token-https-only", host = Said::text("a.blob.core.windows.net"))
            )
        );
    }

    #[test]
    fn a_jwt_tells_its_end_and_its_debug_hides_it() {
        use base64::Engine;
        let payload = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(br#"{"exp":1900000000}"#);
        let jwt = format!("eyJhbGciOiJub25lIn0.{payload}.sig");
        assert_eq!(
            jwt_expiry(&jwt),
            Some(SystemTime::UNIX_EPOCH + Duration::from_secs(1_900_000_000))
        );
        assert_eq!(jwt_expiry("not a jwt"), None);
        let token = AccessToken::new(&jwt, SystemTime::now());
        assert!(!format!("{token:?}").contains("eyJ"));
    }
}
