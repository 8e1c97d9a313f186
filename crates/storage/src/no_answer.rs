//! A request that got no answer: what stopped it and why, told from the errors' types rather than from words
//! (the app's words are in the user's language, and a system may word its own errors in its), and the words
//! for it, said in the language of whoever turns it into a message.

use std::time::Duration;

use crate::error::{ErrorKind, StorageError};
use crate::redact::redact_text;
use crate::words::{Said, number, said};

/// What ended a request that got no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A name under `.invalid` (RFC 6761): refused before any lookup.
    Unresolvable(String),
    /// The HTTP client could not be made for the chosen proxy, for this reason.
    Setup(Said),
    /// No connection within this many seconds.
    ConnectTimeout(u64),
    /// Nothing moved either way for this many seconds.
    Silence(u64),
    /// The HTTP client's own time limit ran out; the detail says in what.
    TimedOut,
    /// The connection or the exchange failed; the detail says how.
    Failed,
}

/// Why a connection failed, as far as it changes what the user should do about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trouble {
    /// The proxy wants a user and password, or refused the ones it got (a 407 to CONNECT).
    ProxyRefused,
    /// The proxy did not open the way to the endpoint.
    ProxyTunnel,
    /// The server's certificate is not one this computer trusts.
    Certificate,
    /// No connection was made: nothing listening, refused, no route.
    NotConnected,
}

/// A request that got no answer: what happened, and what it means for a retry.
#[derive(Clone, Debug)]
pub struct TransportFailure {
    pub stop: Stop,
    /// The failure chain's own words (the libraries'), without the URL reqwest quotes and with secrets redacted:
    /// evidence, quoted as it came, like a service's message.
    pub detail: String,
    pub trouble: Option<Trouble>,
    /// The connection was never made, so the service cannot have seen the request.
    pub never_sent: bool,
}

impl TransportFailure {
    pub fn from_reqwest(error: &reqwest::Error) -> Self {
        TransportFailure {
            stop: if error.is_timeout() {
                Stop::TimedOut
            } else {
                Stop::Failed
            },
            detail: chain_words(error),
            trouble: trouble_of(error, error.is_connect()),
            never_sent: error.is_connect(),
        }
    }

    fn plain(stop: Stop, never_sent: bool) -> Self {
        TransportFailure {
            stop,
            detail: String::new(),
            trouble: None,
            never_sent,
        }
    }

    /// A name that cannot exist: refused before any lookup, so no query leaves the machine.
    pub fn unresolvable(host: &str) -> Self {
        Self::plain(Stop::Unresolvable(host.to_string()), true)
    }

    /// The HTTP client could not be made for the proxy chosen now (nothing was sent).
    pub fn setup(why: Said) -> Self {
        Self::plain(Stop::Setup(why), true)
    }

    /// Nothing moved either way for `limit`.
    pub fn silence(limit: Duration) -> Self {
        Self::plain(Stop::Silence(limit.as_secs()), false)
    }

    /// The connection was not made within `limit`.
    pub fn connect_timeout(limit: Duration) -> Self {
        Self::plain(Stop::ConnectTimeout(limit.as_secs()), true)
    }

    /// The connection could not be made (its proxy tunnel and TLS handshake included).
    pub fn not_connected(error: &(dyn std::error::Error + 'static)) -> Self {
        TransportFailure {
            stop: Stop::Failed,
            detail: chain_words(error),
            trouble: trouble_of(error, true),
            never_sent: true,
        }
    }

    /// Any other failure of the exchange.
    pub fn other(error: &(dyn std::error::Error + 'static), never_sent: bool) -> Self {
        TransportFailure {
            stop: Stop::Failed,
            detail: chain_words(error),
            trouble: trouble_of(error, false),
            never_sent,
        }
    }

    pub fn timeout(&self) -> bool {
        matches!(self.stop, Stop::ConnectTimeout(_) | Stop::Silence(_) | Stop::TimedOut)
    }

    /// A timeout, or a connection that failed: the kind of a failure whose request may not be repeated is the
    /// caller's to decide.
    pub fn kind(&self) -> ErrorKind {
        if self.timeout() {
            ErrorKind::Timeout
        } else {
            ErrorKind::Connection
        }
    }

    /// What happened, in this thread's language. Said where the failure becomes a message, in the request's own
    /// future (which speaks the window's language), never on the connection's task, which speaks none.
    pub fn words(&self) -> Said {
        let words = match &self.stop {
            Stop::Unresolvable(host) => said!("error-transport-unresolvable", host = host.as_str()),
            Stop::Setup(why) => said!("error-transport-setup", error = why),
            Stop::ConnectTimeout(s) => said!("error-transport-connect-timeout", seconds = number(*s as f64)),
            Stop::Silence(s) => said!("error-transport-silence", seconds = number(*s as f64)),
            Stop::TimedOut => said!("error-transport-timed-out", detail = self.detail.as_str()),
            Stop::Failed => Said::text(&self.detail),
        };
        words.map_text(&redact_text)
    }

    /// The failure as the error of `operation`, of `kind`: its words, and why it failed for the hint.
    pub fn error(&self, kind: ErrorKind, operation: &Said) -> StorageError {
        let mut e = StorageError::new(kind, operation, self.words());
        e.trouble = self.trouble;
        e
    }
}

/// Words for a failure chain, without the URL reqwest quotes (it may carry a SAS; the inspector shows the
/// URL redacted), redacted whole.
fn chain_words(error: &(dyn std::error::Error + 'static)) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = source {
        let text = without_url(&e.to_string());
        if !text.is_empty() && !parts.iter().any(|p| p.contains(&text)) {
            parts.push(text);
        }
        source = e.source();
    }
    redact_text(&parts.join(": "))
}

/// reqwest says "error sending request for url (…)": the words stay, the URL goes.
fn without_url(text: &str) -> String {
    match text.find(" for url (") {
        Some(start) => {
            let end = text[start..].find(')').map_or(text.len(), |e| start + e + 1);
            format!("{}{}", &text[..start], &text[end..])
        }
        None => text.to_string(),
    }
}

/// Why a failure chain failed, from its errors' types: an I/O error's kind, a TLS error. hyper-util keeps its
/// tunnel error's type private, so a proxy's refusal is known by that library's own words (English in every
/// language of the app; a host or port with "407" in it is not one); a certificate error a verifier wraps in a
/// type of its own, likewise. `connecting`: the chain is a failed connect.
pub(crate) fn trouble_of(error: &(dyn std::error::Error + 'static), connecting: bool) -> Option<Trouble> {
    let (mut tunnel, mut certificate, mut refused) = (false, false, false);
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = source {
        let said = e.to_string().to_ascii_lowercase();
        if said.contains("407 proxy authentication required") || said.contains("proxy authorization required") {
            return Some(Trouble::ProxyRefused);
        }
        tunnel |= said.contains("tunnel error");
        let io = e.downcast_ref::<std::io::Error>();
        refused |= io.is_some_and(|io| io.kind() == std::io::ErrorKind::ConnectionRefused);
        let tls = e.downcast_ref::<rustls::Error>().or_else(|| {
            io.and_then(std::io::Error::get_ref)
                .and_then(|inner| inner.downcast_ref::<rustls::Error>())
        });
        certificate |= tls.is_some_and(|tls| {
            matches!(
                tls,
                rustls::Error::InvalidCertificate(_)
                    | rustls::Error::NoCertificatesPresented
                    | rustls::Error::UnsupportedNameType
            )
        }) || ["certificate", "unknownissuer", "notvalidforname", "badsignature"]
            .iter()
            .any(|w| said.contains(w));
        source = e.source();
    }
    if tunnel {
        Some(Trouble::ProxyTunnel)
    } else if certificate {
        Some(Trouble::Certificate)
    } else if refused || connecting {
        Some(Trouble::NotConnected)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct Said(&'static str, Option<std::io::Error>);

    impl std::fmt::Display for Said {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(self.0)
        }
    }

    impl std::error::Error for Said {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            self.1.as_ref().map(|e| e as _)
        }
    }

    #[test]
    fn why_a_connection_failed_is_told_from_the_errors_not_from_the_words_shown() {
        let refused = std::io::Error::from(std::io::ErrorKind::ConnectionRefused);
        let wrapped = Said("client error (Connect)", Some(refused));
        assert_eq!(trouble_of(&wrapped, false), Some(Trouble::NotConnected));
        let tls = std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            rustls::Error::InvalidCertificate(rustls::CertificateError::UnknownIssuer),
        );
        assert_eq!(trouble_of(&tls, true), Some(Trouble::Certificate));
        let proxy = Said("tunnel error: proxy authorization required", None);
        assert_eq!(trouble_of(&proxy, true), Some(Trouble::ProxyRefused));
        let tunnel = Said("tunnel error: unsuccessful", None);
        assert_eq!(trouble_of(&tunnel, true), Some(Trouble::ProxyTunnel));
        let port = Said("connection closed by 127.0.0.1:40712", None);
        assert_eq!(
            trouble_of(&port, false),
            None,
            "a port with 407 in it is not the proxy's refusal"
        );
        // A system that words its own errors in Russian: the kind still says the connection was refused.
        let russian = std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "Подключение не установлено");
        assert_eq!(trouble_of(&russian, false), Some(Trouble::NotConnected));
    }

    #[test]
    fn what_is_said_of_a_request_without_an_answer_names_its_facts_for_any_language() {
        let silence = TransportFailure::silence(Duration::from_secs(30));
        let connect = TransportFailure::connect_timeout(Duration::from_secs(10));
        let invalid = TransportFailure::unresolvable("x.invalid");
        assert_eq!(
            silence.words(),
            crate::words::said!("error-transport-silence", seconds = crate::words::number(30))
        );
        assert_eq!(
            connect.words(),
            crate::words::said!("error-transport-connect-timeout", seconds = crate::words::number(10))
        );
        assert_eq!(
            invalid.words(),
            crate::words::said!("error-transport-unresolvable", host = "x.invalid")
        );
        assert!(silence.timeout() && connect.timeout() && connect.never_sent && !invalid.timeout());
    }
}
