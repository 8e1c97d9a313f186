//! Request events: one per attempt of every request, redacted at the source, for the inspector and timelines.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use crate::Service;
use crate::words::Said;

/// Which door a request went through: a storage service, or the sign-in and Resource Manager hosts that come
/// before one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Api {
    Storage(Service),
    /// Microsoft Entra ID's token and device-code endpoints.
    SignIn,
    /// Azure Resource Manager (tenants, subscriptions, storage accounts, keys).
    ResourceManager,
    /// The proxy window's test: one GET of an address through the proxy being chosen.
    ProxyTest,
}

impl Api {
    /// Its name in the request log; the inspector says it in the window's language.
    pub fn name(self) -> &'static str {
        match self {
            Api::Storage(s) => s.name(),
            Api::SignIn => "sign-in",
            Api::ResourceManager => "Resource Manager",
            Api::ProxyTest => "proxy test", // i18n-ignore: the log's name; the inspector's words are its own
        }
    }

    /// As a narrow column shows it.
    pub fn short_name(self) -> &'static str {
        match self {
            Api::ResourceManager => "ARM",
            other => other.name(),
        }
    }

    /// The storage service, for a storage request.
    pub fn storage(self) -> Option<Service> {
        match self {
            Api::Storage(s) => Some(s),
            _ => None,
        }
    }
}

impl std::fmt::Display for Api {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A number for a new client (or a reporter of its own), unique in this process.
pub(crate) fn next_client_id() -> u64 {
    static NEXT_CLIENT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT_CLIENT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// What happened to one attempt of one request. Carries no secret: headers and URL are redacted before it exists.
#[derive(Clone, Debug)]
pub struct RequestEvent {
    /// Grows by one per request of a client; attempts of one request share it.
    pub request_seq: u64,
    /// Which client sent it (unique in this process): request numbers count per client, and two clients may
    /// share an account's name (every emulator is devstoreaccount1).
    pub client: u64,
    pub attempt: u32,
    pub started: SystemTime,
    pub duration: Duration,
    pub account: String,
    pub service: Api,
    /// What the caller asked for, in words: "Query entities", "Acquire lease".
    pub operation: Said,
    pub method: String,
    /// The resource path, decoded, relative to the service endpoint.
    pub resource: String,
    pub url: String,
    pub request_headers: Vec<(String, String)>,
    pub response_headers: Vec<(String, String)>,
    pub status: Option<u16>,
    pub request_id: Option<String>,
    pub client_request_id: String,
    pub error_code: Option<String>,
    /// What the pipeline did or saw: "retrying in 400 ms", "connection refused", "not retried: not idempotent".
    pub note: Option<Said>,
    /// The string the client signed; kept only when the service answered 403, to compare with the server's.
    pub string_to_sign: Option<String>,
    /// The first `BODY_KEPT` bytes of each body (copied, so a kept piece never holds a whole upload alive); a
    /// user delegation key's value is redacted. None when there was none, or it streamed (a download).
    pub request_body: Option<bytes::Bytes>,
    pub response_body: Option<bytes::Bytes>,
}

impl RequestEvent {
    /// A request as tests build them: `method` of `url`, answered `status`, everything else plain.
    #[doc(hidden)]
    pub fn sample(service: crate::Service, method: &str, url: &str, status: Option<u16>) -> Self {
        RequestEvent {
            request_seq: 1,
            client: 1,
            attempt: 1,
            started: std::time::UNIX_EPOCH,
            duration: Duration::from_millis(3),
            account: "acct".into(),
            service: Api::Storage(service),
            operation: "op".into(),
            method: method.into(),
            resource: String::new(),
            url: url.into(),
            request_headers: Vec::new(),
            response_headers: Vec::new(),
            status,
            request_id: None,
            client_request_id: "x".into(),
            error_code: None,
            note: None,
            string_to_sign: None,
            request_body: None,
            response_body: None,
        }
    }
}

/// How much of a body an event keeps.
pub const BODY_KEPT: usize = 16 * 1024;

/// A body as an event keeps it: its first `BODY_KEPT` bytes, copied, with any secret it holds redacted; nothing
/// unless someone takes the client's events (`listening`: the app's inspector; a bench's client copies nothing).
pub fn kept_body(listening: bool, body: &[u8]) -> Option<bytes::Bytes> {
    if !listening || body.is_empty() {
        return None;
    }
    let mut piece = &body[..body.len().min(BODY_KEPT)];
    // A cut in the middle of a character leaves text text: the character is dropped, not the redaction.
    if let Err(e) = std::str::from_utf8(piece)
        && e.error_len().is_none()
    {
        piece = &piece[..e.valid_up_to()];
    }
    let Ok(text) = std::str::from_utf8(piece) else {
        return Some(bytes::Bytes::copy_from_slice(piece));
    };
    // SAS signatures (a copy source in a listing), bearer tokens; then what a body itself may hold.
    let mut text = crate::redact::redact_text(text);
    // Get User Delegation Key answers with a key that signs SAS tokens: its value never leaves the pipeline.
    if text.contains("<UserDelegationKey") {
        text = redact_element(&text, "Value");
    }
    // A 403 AuthenticationFailed quotes the request's signature back.
    let lead = "The MAC signature found in the HTTP request '"; // i18n-ignore: the service's words, matched
    text = redact_quoted_after(&text, lead);
    Some(bytes::Bytes::from(text))
}

/// `text` with what stands between `lead` and the next `'` replaced.
fn redact_quoted_after(text: &str, lead: &str) -> String {
    let Some(at) = text.find(lead) else {
        return text.to_string();
    };
    let start = at + lead.len();
    let end = text[start..].find('\'').map_or(text.len(), |e| start + e);
    format!("{}redacted{}", &text[..start], &text[end..])
}

/// `text` with every `<name>…</name>` emptied to `redacted`.
fn redact_element(text: &str, name: &str) -> String {
    let (open, close) = (format!("<{name}>"), format!("</{name}>"));
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(&open) {
        let after = start + open.len();
        out.push_str(&rest[..after]);
        out.push_str("redacted");
        match rest[after..].find(&close) {
            Some(end) => rest = &rest[after + end..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// What an answer adds to its event: the request id, the error code, the headers (redacted).
pub(crate) fn fill_response(event: &mut RequestEvent, headers: &reqwest::header::HeaderMap) {
    event.request_id = headers
        .get("x-ms-request-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    if event.error_code.is_none() {
        event.error_code = headers
            .get("x-ms-error-code")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
    }
    event.response_headers = headers
        .iter()
        .map(|(n, v)| {
            (
                n.as_str().to_string(),
                crate::redact::redact_header(n.as_str(), v.to_str().unwrap_or("<binary>")),
            )
        })
        .collect();
}

impl RequestEvent {
    pub fn request_header(&self, name: &str) -> Option<&str> {
        find(&self.request_headers, name)
    }

    pub fn response_header(&self, name: &str) -> Option<&str> {
        find(&self.response_headers, name)
    }
}

fn find<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// Where a client delivers its events. The app forwards them to the UI; tests collect them.
pub type EventSink = Arc<dyn Fn(RequestEvent) + Send + Sync>;
