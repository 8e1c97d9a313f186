//! The proxy every request of the app goes through, storage, sign-in and Resource Manager alike: the system's
//! (the environment's `HTTPS_PROXY`/`NO_PROXY` everywhere, and the system settings on macOS and Windows), none, or
//! one set in the app with its user and password (HTTP CONNECT for HTTPS).

use std::sync::RwLock;

use url::Url;

use crate::error::{Result, StorageError};
use crate::no_answer::Trouble;
use crate::secret::Secret;
use crate::words::{Said, said};

/// Which proxy requests take. After a change every client's next request uses the new one (`http_clients`).
#[derive(Clone, Debug, Default, PartialEq)]
pub enum ProxyChoice {
    /// The system's settings (the environment on Linux).
    #[default]
    System,
    /// No proxy, whatever the system says.
    Direct,
    /// This proxy, with a user and password when it asks for them (a 407).
    Manual {
        address: Url,
        user: String,
        password: Option<Secret>,
    },
}

static CHOICE: RwLock<Option<ProxyChoice>> = RwLock::new(None);
/// Grows with each change: a client cached for the sign-in endpoints is made again after one.
static GENERATION: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Makes `choice` the proxy of every request from now on (each client makes its HTTP clients again).
pub fn set(choice: ProxyChoice) {
    let mut current = CHOICE.write().expect("proxy lock");
    // The same choice again (each window of the app sets its saved one at start) changes no client.
    if current.clone().unwrap_or_default() == choice {
        return;
    }
    *current = Some(choice);
    GENERATION.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
}

pub(crate) fn generation() -> u64 {
    GENERATION.load(std::sync::atomic::Ordering::SeqCst)
}

pub fn current() -> ProxyChoice {
    CHOICE.read().expect("proxy lock").clone().unwrap_or_default()
}

/// A proxy address as typed: `http://host:port` (or `https://`), without a path or credentials (those go in their
/// own fields, the password to the keychain). Checked before anything is sent.
pub fn parse_address(text: &str) -> Result<Url> {
    let op = &said("error-op-read-proxy-settings");
    let text = text.trim();
    if text.is_empty() {
        return Err(StorageError::invalid(op, said("error-proxy-enter-address")));
    }
    let with_scheme = if text.contains("://") {
        text.to_string()
    } else {
        format!("http://{text}") // i18n-ignore: a URL scheme
    };
    let url = Url::parse(&with_scheme).map_err(|e| {
        StorageError::invalid(
            op,
            said!("error-proxy-not-an-address", text = text, error = e.to_string()),
        )
    })?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none_or(str::is_empty) {
        return Err(StorageError::invalid(op, said!("error-proxy-scheme", text = text)));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(StorageError::invalid(op, said("error-proxy-credentials-in-address")));
    }
    if url.path() != "/" || url.query().is_some() {
        return Err(StorageError::invalid(op, said!("error-proxy-path", text = text)));
    }
    Ok(url)
}

/// A reqwest client builder that takes the chosen proxy.
pub fn apply(builder: reqwest::ClientBuilder) -> std::result::Result<reqwest::ClientBuilder, Said> {
    apply_choice(builder, current())
}

/// A reqwest client builder that takes `choice` (the settings window tries one before it is chosen).
pub fn apply_choice(
    builder: reqwest::ClientBuilder,
    choice: ProxyChoice,
) -> std::result::Result<reqwest::ClientBuilder, Said> {
    Ok(match choice {
        ProxyChoice::System => builder,
        ProxyChoice::Direct => builder.no_proxy(),
        ProxyChoice::Manual {
            address,
            user,
            password,
        } => {
            let mut proxy = reqwest::Proxy::all(address.as_str())
                .map_err(|e| said!("error-proxy-address", error = e.to_string()))?;
            if !user.is_empty() {
                proxy = proxy.basic_auth(&user, password.as_ref().map_or("", Secret::expose));
            }
            builder.proxy(proxy)
        }
    })
}

/// The same choice for the exact-case transport, which makes its own connections.
pub(crate) fn matcher() -> hyper_util::client::proxy::matcher::Matcher {
    use hyper_util::client::proxy::matcher::Matcher;
    match current() {
        ProxyChoice::System => Matcher::from_system(),
        ProxyChoice::Direct => Matcher::builder().build(),
        ProxyChoice::Manual {
            address,
            user,
            password,
        } => {
            let mut with_auth = address.clone();
            if !user.is_empty() {
                let _ = with_auth.set_username(&user);
                let _ = with_auth.set_password(password.as_ref().map(Secret::expose));
            }
            Matcher::builder().all(with_auth.to_string()).build()
        }
    }
}

/// Whether a request to `url` would go through a proxy now.
pub(crate) fn would_intercept(url: &Url) -> bool {
    url.as_str()
        .parse::<http::Uri>()
        .is_ok_and(|uri| matcher().intercept(&uri).is_some())
}

/// What a proxy's 407 means for the user, by the choice in use.
pub fn refused(choice: &ProxyChoice) -> Said {
    match choice {
        ProxyChoice::Manual { user, .. } if !user.is_empty() => said("error-proxy-refused-credentials"),
        ProxyChoice::Manual { .. } => said("error-proxy-asks-credentials"),
        _ => said("error-proxy-system-asks-credentials"),
    }
}

/// What a proxy's refusal means, for why a connection failed (`no_answer::Trouble`, known from the transport's
/// errors, never from words): None when the failure was not the proxy's.
pub fn explain(trouble: Option<Trouble>) -> Option<Said> {
    explain_for(trouble, &current())
}

/// As `explain`, for the proxy `choice`.
pub fn explain_for(trouble: Option<Trouble>, choice: &ProxyChoice) -> Option<Said> {
    match trouble? {
        Trouble::ProxyRefused => Some(refused(choice)),
        Trouble::ProxyTunnel => Some(said("error-proxy-tunnel")),
        Trouble::Certificate | Trouble::NotConnected => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_checked_and_credentials_stay_out_of_it() {
        assert_eq!(
            parse_address("proxy.contoso.com:3128").unwrap().as_str(),
            "http://proxy.contoso.com:3128/"
        );
        assert_eq!(
            parse_address("http://u:p@proxy:3128").unwrap_err().message,
            said("error-proxy-credentials-in-address")
        );
        assert!(parse_address("ftp://proxy").is_err());
        assert!(parse_address("http://proxy:3128/path").is_err());
        assert!(parse_address("not a url at all").is_err());
        let manual = ProxyChoice::Manual {
            address: "http://proxy:3128".parse().unwrap(),
            user: String::new(),
            password: None,
        };
        assert_eq!(
            explain_for(Some(Trouble::ProxyRefused), &manual),
            Some(said("error-proxy-asks-credentials"))
        );
        assert!(explain(Some(Trouble::NotConnected)).is_none(), "not the proxy's");
    }
}
