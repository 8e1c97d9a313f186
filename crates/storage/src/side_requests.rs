//! Requests outside the storage services (the sign-in endpoints, Resource Manager): sent with the retries reads
//! get, and reported as request events beside the storage requests, their secrets (client secrets, codes,
//! tokens, keys) redacted before the event exists.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime};

use serde_json::Value;
use url::Url;

use crate::error::{ErrorKind, Result, StorageError};
use crate::events::{Api, EventSink, RequestEvent, kept_body};
use crate::redact::{REDACTED, redact_header, redact_query};
use crate::words::{Said, said};

/// Tries before a busy (429, 5xx) or unreachable endpoint is given up on.
const ATTEMPTS: u32 = 3;

/// Form fields and JSON members that hold a secret.
const SECRET_FIELDS: [&str; 8] = [
    "client_secret",
    "refresh_token",
    "access_token",
    "id_token",
    "device_code",
    "code",
    "code_verifier",
    "client_assertion",
];

/// Where side requests are reported: the sink, and the client whose numbering they share (a storage client's
/// token requests count with its own requests, in the inspector and the connection status).
#[derive(Clone)]
pub struct Reporter {
    sink: EventSink,
    client: u64,
    account: String,
    seq: Arc<AtomicU64>,
}

impl Reporter {
    pub(crate) fn new(sink: EventSink, client: u64, account: &str, seq: Arc<AtomicU64>) -> Self {
        Reporter {
            sink,
            client,
            account: account.to_string(),
            seq,
        }
    }

    /// A reporter with a number of its own (Resource Manager for a browse account, a device-code sign-in).
    pub fn standalone(sink: EventSink, account: &str) -> Self {
        Self::new(sink, crate::events::next_client_id(), account, Arc::default())
    }
}

/// One request: a GET or POST with an optional form body, answered with JSON.
pub(crate) struct SideRequest<'a> {
    pub api: Api,
    pub operation: &'a Said,
    pub method: reqwest::Method,
    pub url: Url,
    pub headers: Vec<(&'static str, String)>,
    pub form: Option<String>,
    /// Whether it carries a secret (a form, a token): then it is never sent in plain HTTP through a proxy.
    pub carries_secret: bool,
    /// Used up when the endpoint handles it (an authorization code, a device-code poll): tried again only when it
    /// never left (the connection could not be made), never after a timeout or a 5xx.
    pub once: bool,
}

/// The answer: its status, its JSON (Null when it was none), and the request id it carried.
pub(crate) struct SideAnswer {
    pub status: u16,
    pub json: Value,
    pub request_id: Option<String>,
}

/// Sends `req`, again after a connection failure, a 429 or a 5xx (what the endpoint asked in `Retry-After`, at most
/// a minute, else 1 s, then 2 s): a token or a listing is safe to ask for twice. Each attempt is one event.
pub(crate) async fn send(
    http: &reqwest::Client,
    req: &SideRequest<'_>,
    report: Option<&Reporter>,
) -> Result<SideAnswer> {
    // A secret in the clear to a proxy (plain HTTP, which a proxy reads): refused before it leaves.
    if req.carries_secret && req.url.scheme() == "http" && crate::proxy::would_intercept(&req.url) {
        return Err(StorageError::invalid(
            req.operation,
            match req.url.host_str() {
                Some(host) => said!("error-side-plain-http-proxy", host = host),
                None => said("error-side-plain-http-proxy-endpoint"),
            },
        ));
    }
    let seq = report.map_or(0, |r| r.seq.fetch_add(1, Ordering::Relaxed) + 1);
    let client_request_id = uuid::Uuid::new_v4().to_string();
    let mut attempt = 0;
    loop {
        attempt += 1;
        let mut builder = http
            .request(req.method.clone(), req.url.clone())
            .header("accept", "application/json")
            .header("client-request-id", &client_request_id)
            .header("x-ms-client-request-id", &client_request_id);
        for (name, value) in &req.headers {
            builder = builder.header(*name, value);
        }
        builder = match &req.form {
            Some(form) => builder
                .header("content-type", "application/x-www-form-urlencoded")
                .body(form.clone()),
            None => builder.header("content-length", "0"),
        };
        let (started, clock) = (SystemTime::now(), Instant::now());
        let sent = builder.send().await;
        let mut event = report.map(|r| event(r, req, seq, attempt, started, &client_request_id));
        let response = match sent {
            Ok(r) => r,
            Err(e) => {
                let failure = crate::no_answer::TransportFailure::from_reqwest(&e);
                let words = failure.words();
                let again = attempt < ATTEMPTS && (!req.once || e.is_connect());
                if let (Some(mut ev), Some(r)) = (event.take(), report) {
                    ev.duration = clock.elapsed();
                    ev.note = Some(if again {
                        said!("error-retrying", words = &words)
                    } else {
                        words.clone()
                    });
                    (r.sink)(ev);
                }
                if again {
                    tokio::time::sleep(backoff(attempt, None)).await;
                    continue;
                }
                let mut err = StorageError::new(
                    ErrorKind::Connection,
                    req.operation,
                    match req.url.host_str() {
                        Some(host) => said!("error-side-unreachable", host = host, words = &words),
                        None => said!("error-side-unreachable-endpoint", words = &words),
                    },
                );
                err.trouble = failure.trouble;
                err.endpoint = req.url.host_str().map(|h| match req.url.port() {
                    Some(p) => format!("{h}:{p}"),
                    None => h.to_string(),
                });
                return Err(err);
            }
        };
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
        let request_id = header("x-ms-request-id").or_else(|| header("x-ms-correlation-request-id"));
        let retry_after = header("retry-after").and_then(|v| v.trim().parse::<u64>().ok());
        let bytes = response.bytes().await.unwrap_or_default();
        let json: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        // A 429 was not handled; a 5xx may have been, so a request that is used up is not sent again.
        let again = (status == 429 || (status >= 500 && !req.once)) && attempt < ATTEMPTS;
        if let (Some(mut ev), Some(r)) = (event.take(), report) {
            ev.duration = clock.elapsed();
            ev.status = Some(status);
            crate::events::fill_response(&mut ev, &headers);
            ev.request_id = request_id.clone();
            ev.error_code = error_code(&json).or(ev.error_code);
            let shown = if json.is_null() {
                String::from_utf8_lossy(&bytes).into_owned()
            } else {
                redact_json(json.clone()).to_string()
            };
            ev.response_body = kept_body(true, shown.as_bytes());
            if again {
                ev.note = Some(said!("error-retrying", words = format!("HTTP {status}"))); // i18n-ignore: the protocol's name
            }
            (r.sink)(ev);
        }
        if again {
            tokio::time::sleep(backoff(attempt, retry_after)).await;
            continue;
        }
        return Ok(SideAnswer {
            status,
            json,
            request_id,
        });
    }
}

fn backoff(attempt: u32, retry_after: Option<u64>) -> Duration {
    match retry_after {
        Some(secs) => Duration::from_secs(secs.min(60)),
        None => Duration::from_millis(500 << attempt.min(4)),
    }
}

/// The error code of a sign-in answer (`error`) or a Resource Manager one (`error.code`).
fn error_code(json: &Value) -> Option<String> {
    match json.get("error") {
        Some(Value::String(code)) => Some(code.clone()),
        Some(obj) => obj.get("code").and_then(Value::as_str).map(str::to_string),
        None => None,
    }
}

fn event(r: &Reporter, req: &SideRequest<'_>, seq: u64, attempt: u32, started: SystemTime, id: &str) -> RequestEvent {
    let mut request_headers: Vec<(String, String)> = req
        .headers
        .iter()
        .map(|(n, v)| (n.to_string(), redact_header(n, v)))
        .collect();
    request_headers.push(("client-request-id".into(), id.to_string()));
    RequestEvent {
        request_seq: seq,
        client: r.client,
        attempt,
        started,
        duration: Duration::ZERO,
        account: r.account.clone(),
        service: req.api,
        operation: req.operation.clone(),
        method: req.method.as_str().to_string(),
        resource: req.url.path().to_string(),
        url: redact_query(req.url.as_str()),
        request_headers,
        response_headers: Vec::new(),
        status: None,
        request_id: None,
        client_request_id: id.to_string(),
        error_code: None,
        note: None,
        string_to_sign: None,
        request_body: req
            .form
            .as_deref()
            .and_then(|f| kept_body(true, redact_form(f).as_bytes())),
        response_body: None,
    }
}

/// A form body with each secret field's value replaced.
pub(crate) fn redact_form(form: &str) -> String {
    url::form_urlencoded::parse(form.as_bytes())
        .map(|(k, v)| {
            let v = if SECRET_FIELDS.contains(&k.as_ref()) {
                REDACTED.into()
            } else {
                v
            };
            format!(
                "{}={}",
                k,
                url::form_urlencoded::byte_serialize(v.as_bytes()).collect::<String>()
            )
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// A JSON answer with each secret member's value replaced; a listed key's `value` too.
pub(crate) fn redact_json(mut json: Value) -> Value {
    fn walk(v: &mut Value) {
        match v {
            Value::Object(map) => {
                let is_key = map.contains_key("keyName");
                for (k, member) in map.iter_mut() {
                    if SECRET_FIELDS.contains(&k.as_str()) || (is_key && k == "value") {
                        *member = Value::String(REDACTED.into());
                    } else {
                        walk(member);
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(walk),
            _ => {}
        }
    }
    walk(&mut json);
    json
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_leave_forms_and_answers_before_an_event_holds_them() {
        let form = "grant_type=refresh_token&client_id=app&refresh_token=RT-SECRET&code_verifier=V3R1F13R&scope=a+b";
        let shown = redact_form(form);
        assert!(!shown.contains("RT-SECRET") && !shown.contains("V3R1F13R"), "{shown}");
        assert!(
            shown.contains("client_id=app") && shown.contains("scope=a+b"),
            "{shown}"
        );
        let answer = serde_json::json!({"access_token": "AT", "refresh_token": "RT", "expires_in": 3599,
            "keys": [{"keyName": "key1", "value": "S3CR3TKEY", "permissions": "FULL"}]});
        let shown = redact_json(answer).to_string();
        assert!(!shown.contains("\"AT\"") && !shown.contains("S3CR3TKEY"), "{shown}");
        assert!(shown.contains("key1") && shown.contains("3599"), "{shown}");
        assert_eq!(
            error_code(&serde_json::json!({"error": {"code": "AuthorizationFailed"}})).as_deref(),
            Some("AuthorizationFailed")
        );
        assert_eq!(
            error_code(&serde_json::json!({"error": "invalid_grant"})).as_deref(),
            Some("invalid_grant")
        );
    }
}
