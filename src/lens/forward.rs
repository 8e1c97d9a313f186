//! One app request through the lens: refused if it is not a storage request for the account, named, matched
//! against the rules (delayed, held, answered in the service's place), otherwise forwarded to the account's own
//! endpoint with its body streamed, and its answer streamed back while its record is filled in.

use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use bytes::Bytes;
use futures_util::{Stream, StreamExt};
use http::{HeaderMap, Method, Request, Response};
use http_body_util::combinators::UnsyncBoxBody;
use http_body_util::{BodyExt, Full, StreamBody};
use hyper::body::{Body, Frame, Incoming};

use crate::lens::answer::{self, Answer};
use crate::lens::holds::{HeldView, Holds, Verdict};
use crate::lens::operation::{self, Seen, query_value};
use crate::lens::record::{Journal, Record};
use crate::lens::rules::{Action, Candidate, Rules, Stage};
use crate::lens::tap::{self, TAP_LIMIT};
use crate::lens::upstream::{self, Bytestream, Failure, Outgoing};
use crate::storage::Service;
use crate::storage::{redact_query, redact_text};

pub type BoxError = Box<dyn std::error::Error + Send + Sync>;
/// The body of an answer to the app: streamed from the account, or one the lens made.
pub type LensBody = UnsyncBoxBody<Bytes, BoxError>;

/// Headers of one hop only: never passed on either way. `host` is the account's, set from its endpoint.
const HOP_BY_HOP: [&str; 8] = [
    "connection",
    "keep-alive",
    "proxy-connection",
    "transfer-encoding",
    "te",
    "trailer",
    "upgrade",
    "host",
];

/// The account's endpoint for one service: the only place this listener forwards to.
pub struct Upstream {
    pub service: Service,
    /// `scheme://host:port`, from the account's endpoint.
    pub origin: String,
    /// The endpoint's path: `/devstoreaccount1` for a path-style endpoint, empty for a host-style one.
    pub base_path: String,
}

/// What every listener of one lens shares.
pub struct Shared {
    pub http: reqwest::Client,
    /// The connections for a request whose header names must keep their case (`upstream`).
    pub exact_case: crate::storage::ExactCase,
    pub journal: Journal,
    pub rules: Rules,
    pub holds: Holds,
    /// How long the account's endpoint may send nothing before the app is answered 504.
    pub silence: Duration,
}

/// Answers one request of the app.
pub async fn handle(
    shared: Arc<Shared>,
    upstream: Arc<Upstream>,
    req: Request<Incoming>,
) -> Result<Response<LensBody>, BoxError> {
    let started = Instant::now();
    let (parts, body) = req.into_parts();
    let path_and_query = parts.uri.path_and_query().map_or("/", |p| p.as_str()).to_string();
    let header = |name: &str| {
        parts
            .headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    };
    if let Some(why) = refusal(&upstream, &parts.method, &parts.uri, &parts.headers) {
        let mut record = Record {
            service: upstream.service.name().into(),
            method: parts.method.to_string(),
            operation: "Not a storage request".into(),
            url: redact_query(&parts.uri.to_string()),
            ..Record::default()
        };
        let refused = answer::error(upstream.service, 400, "LensRefusedRequest", &why);
        record.problem = Some(why);
        let mut response = answered(&shared.journal, record, started, refused);
        // A client that sends such requests is confused about where it is: it is not kept talking.
        response
            .headers_mut()
            .insert(http::header::CONNECTION, http::HeaderValue::from_static("close"));
        return Ok(response);
    }
    let path = parts.uri.path();
    let below = path.strip_prefix(upstream.base_path.as_str()).unwrap_or(path);
    let below = percent_encoding::percent_decode_str(below.trim_start_matches('/'))
        .decode_utf8_lossy()
        .into_owned();
    let query = parts.uri.query().unwrap_or("");
    let op = operation::decode(
        upstream.service,
        &Seen {
            method: parts.method.as_str(),
            path: &below,
            query,
            header: &header,
        },
    );
    let client_request_id = header("x-ms-client-request-id");
    let (number, retry_of) = shared
        .journal
        .arrive(&op.name, &op.resource, client_request_id.as_deref());
    let mut record = Record {
        number,
        retry_of,
        time: now(),
        service: upstream.service.name().into(),
        method: parts.method.to_string(),
        operation: op.name.clone(),
        resource: op.resource.clone(),
        url: redact_query(&path_and_query),
        if_match: header("if-match"),
        if_none_match: header("if-none-match"),
        lease_id: header("x-ms-lease-id").or_else(|| header("x-ms-proposed-lease-id")),
        pop_receipt: query_value(query, "popreceipt"),
        continuation_sent: continuation_sent(query),
        client_request_id,
        ..Record::default()
    };

    // The rules, in their order: latency and holds before forwarding, an answer instead of forwarding, a hold
    // or a cut of the answer after.
    let fired = shared.rules.fire(&Candidate {
        service: upstream.service.name(),
        operation: &op.name,
        resource: &op.resource,
        method: parts.method.as_str(),
    });
    let mut hold_after = None;
    let mut cut_after = None;
    let mut rule_answer = None;
    for (name, action) in fired {
        record.rules.push(name);
        match action {
            Action::Delay { ms } => tokio::time::sleep(Duration::from_millis(ms)).await,
            Action::Hold {
                stage: Stage::Before,
                ms,
            } => match hold(&shared.holds, &record, query, Stage::Before, ms).await {
                Verdict::Release => {}
                Verdict::Drop => return Err(dropped(&shared.journal, record, started, "before it was forwarded")),
                Verdict::Answer { status, code } => rule_answer = Some((status, Some(code), None)),
            },
            Action::Hold {
                stage: Stage::After,
                ms,
            } => hold_after = Some(ms),
            Action::Answer { status, code, message } => {
                rule_answer.get_or_insert((status, code, message));
            }
            Action::Cut { after_bytes } => cut_after = Some(after_bytes),
        }
    }
    if let Some((status, code, message)) = rule_answer {
        let code = code.unwrap_or_else(|| answer::default_code(upstream.service, status).to_string());
        let message = message.unwrap_or_else(|| answer::default_message(&code).to_string());
        let made = answer::error(upstream.service, status, &code, &message);
        return Ok(answered(&shared.journal, record, started, made));
    }

    // Forward: the path and query exactly as the app sent them (a Shared Key signature covers them), to the
    // account's origin only, every header but the hop's own.
    let url = format!("{}{}", upstream.origin, path_and_query);
    let mut headers = HeaderMap::new();
    for (name, value) in &parts.headers {
        if !HOP_BY_HOP.contains(&name.as_str()) {
            headers.append(name, value.clone());
        }
    }
    let exact_case = upstream::wants_exact_case(&op.name, &headers);
    let activity = Arc::new(Activity::new());
    let app_body_failed = Arc::new(AtomicBool::new(false));
    let request_tap = tap::wants_request(&op.name).then(|| Arc::new(Mutex::new(Vec::new())));
    let mut app_body: Option<Bytestream> = None;
    if !body.is_end_stream() {
        let (activity, failed, tapped) = (activity.clone(), app_body_failed.clone(), request_tap.clone());
        let stream = body.into_data_stream().map(move |chunk| {
            activity.touch();
            match chunk {
                Ok(bytes) => {
                    if let Some(tap) = &tapped {
                        copy_capped(tap, &bytes);
                    }
                    Ok(bytes)
                }
                Err(e) => {
                    failed.store(true, Ordering::Relaxed);
                    Err(BoxError::from(e))
                }
            }
        });
        app_body = Some(Box::pin(stream));
    }
    let outgoing = Outgoing {
        method: parts.method.clone(),
        url,
        headers,
        extensions: parts.extensions,
        body: app_body,
    };
    let sent = upstream::send(&shared, outgoing, exact_case);
    tokio::pin!(sent);
    let outcome = loop {
        tokio::select! {
            r = &mut sent => break Some(r),
            _ = tokio::time::sleep(Duration::from_millis(100)) => {
                if activity.idle() > shared.silence {
                    break None;
                }
            }
        }
    };
    let failure = match outcome {
        Some(Ok(response)) => Ok(response),
        Some(Err(e)) => Err(Some(e)),
        None => Err(None),
    };
    let response = match failure {
        Ok(response) => response,
        Err(failure) => {
            let (status, code, why) = match failure {
                None => (
                    504,
                    "OperationTimedOut",
                    format!(
                        "the account's endpoint ({}) sent nothing for {} s; the lens gave up on it",
                        upstream.origin,
                        shared.silence.as_secs_f64()
                    ),
                ),
                Some(_) if app_body_failed.load(Ordering::Relaxed) => (
                    400,
                    "LensIncompleteBody",
                    "the app's body ended before the length it announced, or the app closed the connection".into(),
                ),
                Some(Failure::Connect(e)) => (
                    502,
                    "LensUpstreamUnreachable",
                    format!(
                        "the lens could not connect to the account's endpoint ({}): {e}",
                        upstream.origin
                    ),
                ),
                Some(Failure::Other(e)) => (
                    502,
                    "LensUpstreamFailed",
                    format!("the account's endpoint ({}) did not answer: {e}", upstream.origin),
                ),
            };
            let why = redact_text(&why);
            let made = answer::error(upstream.service, status, code, &why);
            record.problem = Some(why);
            return Ok(answered(&shared.journal, record, started, made));
        }
    };

    let status = response.status;
    let got = |name: &str| {
        response
            .headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    };
    record.status = Some(status.as_u16());
    record.etag = got("etag");
    record.error_code = got("x-ms-error-code");
    record.request_id = got("x-ms-request-id");
    if let Some(lease) = got("x-ms-lease-id") {
        record.lease_id = Some(lease);
    }
    record.pop_receipt = got("x-ms-popreceipt").or(record.pop_receipt.take());
    record.next_visible = got("x-ms-time-next-visible");
    record.continuation = continuation_answered(&response.headers);

    if let Some(ms) = hold_after {
        match hold(&shared.holds, &record, query, Stage::After, ms).await {
            Verdict::Release => {}
            Verdict::Drop => return Err(dropped(&shared.journal, record, started, "after the service answered")),
            Verdict::Answer { status, code } => {
                let made = answer::error(
                    upstream.service,
                    status,
                    &code,
                    "Answered by hand in Tessera's lens (the service had already carried the request out).",
                );
                return Ok(answered(&shared.journal, record, started, made));
            }
        }
    }
    let empty = response.headers.get("content-length").is_some_and(|v| v == "0");
    if cut_after.is_some() && (empty || parts.method == Method::HEAD) {
        // Nothing to cut in the middle of: the connection closes before the head.
        return Err(dropped(
            &shared.journal,
            record,
            started,
            "cut by a rule (the answer had no body)",
        ));
    }
    let mut answer = Response::builder().status(status);
    for (name, value) in &response.headers {
        if !HOP_BY_HOP.contains(&name.as_str()) {
            answer = answer.header(name, value);
        }
    }
    // The answer's header names in the account's case, when it came on a connection of its own.
    if let Some(extensions) = answer.extensions_mut() {
        *extensions = response.extensions;
    }
    let ending = Ending {
        journal: shared.journal.clone(),
        record: Some(record),
        started,
        request_tap,
        answer_tap: tap::wants_answer(&op.name).then(Vec::new),
        base_path: upstream.base_path.clone(),
        complete: false,
    };
    let streamed = Answering {
        inner: response.body,
        ending,
        sent: 0,
        cut_after,
    };
    Ok(answer.body(StreamBody::new(streamed).boxed_unsync())?)
}

/// Why a request is not forwarded at all, or None for a storage request of this account.
fn refusal(upstream: &Upstream, method: &Method, uri: &http::Uri, headers: &HeaderMap) -> Option<String> {
    let account = format!("{}{}", upstream.origin, upstream.base_path);
    if method == Method::CONNECT {
        return Some(format!(
            "a CONNECT request: the app uses Tessera as a web proxy; give it the lens's connection string instead. The lens forwards only to {account}"
        ));
    }
    if let Some(authority) = uri.authority() {
        return Some(format!(
            "a request for another host ({authority}): the lens forwards only to {account}"
        ));
    }
    let path = uri.path();
    let base = upstream.base_path.as_str();
    let inside = base.is_empty() || path == base || path.starts_with(&format!("{base}/"));
    if !inside {
        return Some(format!(
            "a request outside the account (path {}): the lens forwards only to {account}",
            redact_query(path)
        ));
    }
    let storage_shaped = headers.contains_key("x-ms-version")
        || headers.contains_key("authorization")
        || uri.query().is_some_and(|q| q.contains("sig="))
        || matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    if !storage_shaped {
        return Some(format!(
            "not a storage request (no x-ms-version, Authorization or shared access signature): the lens forwards only storage requests to {account}"
        ));
    }
    None
}

/// Holds the request (or its answer) as a rule says, for `ms` or until the window decides.
async fn hold(holds: &Holds, record: &Record, query: &str, stage: Stage, ms: Option<u64>) -> Verdict {
    let view = HeldView {
        id: 0,
        number: record.number,
        operation: record.operation.clone(),
        resource: record.resource.clone(),
        stage,
        since: Instant::now(),
        timeout: query_value(query, "timeout").and_then(|t| t.parse().ok()),
    };
    holds.hold(view, ms.map(Duration::from_millis)).await
}

/// Records a request whose connection the lens closed on purpose, and the error that closes it.
fn dropped(journal: &Journal, mut record: Record, started: Instant, when: &str) -> BoxError {
    let why = format!("connection closed by the lens {when}");
    record.problem = Some(why.clone());
    record.duration_ms = millis(started);
    journal.finish(record);
    why.into()
}

/// An answer the lens made, recorded and turned into a response.
fn answered(journal: &Journal, mut record: Record, started: Instant, made: Answer) -> Response<LensBody> {
    record.status = Some(made.status);
    record.error_code = Some(made.code.clone());
    if record.time.is_empty() {
        let (number, _) = journal.arrive(&record.operation, &record.resource, None);
        record.number = number;
        record.time = now();
    }
    record.duration_ms = millis(started);
    journal.finish(record);
    let mut response = Response::builder().status(made.status);
    for (name, value) in &made.headers {
        response = response.header(*name, value);
    }
    response
        .body(Full::new(made.body).map_err(|never| match never {}).boxed_unsync())
        .expect("a made answer is a valid response")
}

/// The answer's body on its way to the app; when it ends (or the app stops reading) its record is finished.
struct Answering {
    inner: Bytestream,
    ending: Ending,
    sent: u64,
    cut_after: Option<u64>,
}

impl Stream for Answering {
    type Item = Result<Frame<Bytes>, BoxError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if let Some(limit) = self.cut_after
            && self.sent >= limit
        {
            let why = format!("the answer was cut by a rule after {limit} bytes");
            if let Some(r) = self.ending.record.as_mut() {
                r.problem = Some(why.clone());
            }
            self.ending.complete = true;
            return Poll::Ready(Some(Err(why.into())));
        }
        match self.inner.as_mut().poll_next(cx) {
            Poll::Ready(Some(Ok(mut bytes))) => {
                if let Some(limit) = self.cut_after {
                    bytes.truncate((limit - self.sent) as usize);
                }
                self.sent += bytes.len() as u64;
                if let Some(tap) = self.ending.answer_tap.as_mut() {
                    let room = TAP_LIMIT.saturating_sub(tap.len());
                    tap.extend_from_slice(&bytes[..bytes.len().min(room)]);
                }
                Poll::Ready(Some(Ok(Frame::data(bytes))))
            }
            Poll::Ready(Some(Err(e))) => {
                let why = redact_text(&format!(
                    "the account's endpoint broke off its answer: {}",
                    chain(e.as_ref())
                ));
                if let Some(r) = self.ending.record.as_mut() {
                    r.problem = Some(why);
                }
                self.ending.complete = true;
                Poll::Ready(Some(Err(e)))
            }
            Poll::Ready(None) => {
                self.ending.complete = true;
                Poll::Ready(None)
            }
            Poll::Pending => Poll::Pending,
        }
    }
}

/// Finishes a forwarded request's record when its answer's body is done with, however that happens.
struct Ending {
    journal: Journal,
    record: Option<Record>,
    started: Instant,
    request_tap: Option<Arc<Mutex<Vec<u8>>>>,
    answer_tap: Option<Vec<u8>>,
    base_path: String,
    complete: bool,
}

impl Drop for Ending {
    fn drop(&mut self) {
        let Some(mut record) = self.record.take() else {
            return;
        };
        if let Some(tap) = &self.request_tap {
            record.parts = tap::batch_parts(&tap.lock().expect("tap"), &self.base_path);
        }
        if let Some(body) = &self.answer_tap {
            if let Some(receipt) = tap::element(body, "PopReceipt") {
                record.pop_receipt = Some(receipt);
            }
            if let Some(next) = tap::element(body, "TimeNextVisible") {
                record.next_visible = Some(next);
            }
            record.dequeue_count = tap::element(body, "DequeueCount").and_then(|c| c.parse().ok());
            if let Some(marker) = tap::element(body, "NextMarker") {
                record.continuation = Some(marker);
            }
        }
        if !self.complete {
            record.problem = Some("the app stopped reading the answer before its end".into());
        }
        record.duration_ms = millis(self.started);
        self.journal.finish(record);
    }
}

/// When a byte last went either way, for the silence limit.
struct Activity {
    start: Instant,
    last_ms: AtomicU64,
}

impl Activity {
    fn new() -> Self {
        Activity {
            start: Instant::now(),
            last_ms: AtomicU64::new(0),
        }
    }

    fn touch(&self) {
        self.last_ms
            .store(self.start.elapsed().as_millis() as u64, Ordering::Relaxed);
    }

    fn idle(&self) -> Duration {
        self.start.elapsed() - Duration::from_millis(self.last_ms.load(Ordering::Relaxed))
    }
}

fn copy_capped(tap: &Mutex<Vec<u8>>, bytes: &Bytes) {
    let mut tap = tap.lock().expect("tap");
    let room = TAP_LIMIT.saturating_sub(tap.len());
    tap.extend_from_slice(&bytes[..bytes.len().min(room)]);
}

/// The continuation the app sent: a listing's `marker`, a query's next keys or table name.
fn continuation_sent(query: &str) -> Option<String> {
    if let Some(marker) = query_value(query, "marker") {
        return Some(marker);
    }
    let keys: Vec<String> = ["NextPartitionKey", "NextRowKey", "NextTableName"]
        .iter()
        .filter_map(|k| query_value(query, k).map(|v| format!("{k}={v}")))
        .collect();
    (!keys.is_empty()).then(|| keys.join("&"))
}

/// A table query's continuation from the answer's headers.
fn continuation_answered(headers: &HeaderMap) -> Option<String> {
    let keys: Vec<String> = ["NextPartitionKey", "NextRowKey", "NextTableName"]
        .iter()
        .filter_map(|k| {
            let name = format!("x-ms-continuation-{}", k.to_ascii_lowercase());
            headers
                .get(name.as_str())
                .and_then(|v| v.to_str().ok())
                .map(|v| format!("{k}={v}"))
        })
        .collect();
    (!keys.is_empty()).then(|| keys.join("&"))
}

/// An error and its causes, as one line.
pub fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

fn millis(started: Instant) -> f64 {
    started.elapsed().as_secs_f64() * 1000.0
}

fn now() -> String {
    time::OffsetDateTime::now_utc()
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_default()
}
