//! The one path every request takes: URL, version/date/id headers, signing, timeouts, retries, the circuit
//! breaker, request events, and turning error responses into `StorageError`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime};

use bytes::Bytes;
use percent_encoding::utf8_percent_encode;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use url::Url;

use crate::Service;
use crate::account::{Account, Credential};
use crate::auth::{SigningInput, sign_shared_key};
use crate::error::{ErrorKind, Result, StorageError};
use crate::events::{EventSink, RequestEvent, fill_response, kept_body};
use crate::http_clients::HttpClients;
use crate::no_answer::TransportFailure;
use crate::redact::{redact_header, redact_query};
pub use crate::request::{Headers, QUERY_VALUE, Request, Response, StreamingResponse};
use crate::retry::{CircuitBreaker, RetryPolicy, is_transient_status, parse_retry_after, write_never_ran};
use crate::service_error::{locate, service_error};
use crate::transport::{self, Activity};
use crate::words::{Said, number, said};

/// The storage REST version every request asks for (Azurite 3.35 knows up to 2025-11-05).
pub const API_VERSION: &str = "2024-11-04";

/// How a client behaves; the defaults suit a person waiting at the screen.
#[derive(Clone)]
pub struct ClientOptions {
    pub retry: RetryPolicy,
    pub connect_timeout: Duration,
    /// The longest silence: no byte of the request body sent and no byte of the response received for this
    /// long fails the attempt. A slow link that keeps moving never times out.
    pub read_timeout: Duration,
    pub breaker_threshold: u32,
    pub breaker_open_for: Duration,
    pub events: Option<EventSink>,
}

impl Default for ClientOptions {
    fn default() -> Self {
        ClientOptions {
            retry: RetryPolicy::default(),
            connect_timeout: Duration::from_secs(10),
            read_timeout: Duration::from_secs(30),
            breaker_threshold: 5,
            breaker_open_for: Duration::from_secs(20),
            events: None,
        }
    }
}

/// The shared client of one account: cheap to clone, safe to use from many tasks.
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
}

struct Inner {
    /// Unique in this process; request events carry it.
    id: u64,
    account: Account,
    /// Made again when the proxy choice changes (`HttpClients::current`).
    http: HttpClients,
    read_timeout: Duration,
    /// Set by the first answered request: a later 403 on the signature then cannot mean a wrong key.
    credential_worked: AtomicBool,
    retry: RetryPolicy,
    events: Option<EventSink>,
    /// Shared with the token requests made for this client (`reporter`): one numbering for both.
    seq: Arc<AtomicU64>,
    breaker: CircuitBreaker,
}

/// The outcome of one attempt before the retry decision: an answer (of any status), or a transport failure.
type Attempt = std::result::Result<Answer, TransportFailure>;

struct Answer {
    status: u16,
    headers: HeaderMap,
    body: AttemptBody,
    wire_names: Vec<String>,
}

enum AttemptBody {
    Read(Bytes),
    Streaming(reqwest::Response),
}

impl Client {
    pub fn new(account: Account, options: ClientOptions) -> Result<Client> {
        // Certificate reads and TLS set-up block: never while the window draws (`frame_guard`).
        crate::frame_guard::not_in_frame("Client::new");
        // One process-wide TLS provider; a second install is refused harmlessly.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let (extra_roots, reqwest_roots) = transport::trusted_roots(account.trusted_cert.as_deref())
            .map_err(|e| StorageError::invalid(said("error-op-set-up-http-client"), e))?;
        let http = HttpClients::new(options.connect_timeout, extra_roots, reqwest_roots)
            .map_err(|e| StorageError::new(ErrorKind::Connection, said("error-op-set-up-http-client"), e))?;
        let client = Client {
            inner: Arc::new(Inner {
                id: crate::events::next_client_id(),
                account,
                http,
                read_timeout: options.read_timeout,
                credential_worked: AtomicBool::new(false),
                retry: options.retry,
                events: options.events,
                seq: Arc::default(),
                breaker: CircuitBreaker::new(options.breaker_threshold, options.breaker_open_for),
            }),
        };
        // The sign-in's own requests show beside this client's (the first client of a credential takes them).
        if let (Credential::Bearer(credential), Some(reporter)) = (&client.inner.account.credential, client.reporter())
        {
            credential.report_to(reporter);
        }
        Ok(client)
    }

    /// Where requests made for this client outside the storage services are reported (None: nobody listens).
    pub fn reporter(&self) -> Option<crate::side_requests::Reporter> {
        let sink = self.inner.events.clone()?;
        Some(crate::side_requests::Reporter::new(
            sink,
            self.inner.id,
            &self.inner.account.name,
            self.inner.seq.clone(),
        ))
    }

    pub fn account(&self) -> &Account {
        &self.inner.account
    }

    /// This client's number in the process, as its request events carry it.
    pub fn id(&self) -> u64 {
        self.inner.id
    }

    /// True while the circuit breaker holds requests to this service back.
    pub fn is_circuit_open(&self, service: Service) -> bool {
        self.inner.breaker.is_open(service)
    }

    /// The full URL of a resource (without any credential), e.g. for a copy source or a SAS URL.
    pub fn resource_url(&self, service: Service, path: &str) -> Result<Url> {
        // URL rules turn `a/../b` into `b`: such a name would address another resource, so it is refused.
        if let Some(segment) = path.split('/').find(|s| {
            matches!(
                percent_encoding::percent_decode_str(s).decode_utf8_lossy().as_ref(),
                "." | ".."
            )
        }) {
            return Err(StorageError::invalid(
                said("error-op-build-request"),
                said!(
                    "error-request-dot-segment",
                    name = percent_encoding::percent_decode_str(path.trim_start_matches('/'))
                        .decode_utf8_lossy()
                        .into_owned(),
                    segment = segment
                ),
            ));
        }
        let endpoint = self.inner.account.endpoint(service)?;
        let base = endpoint.as_str().trim_end_matches('/');
        Url::parse(&format!("{base}{path}")).map_err(|e| {
            StorageError::invalid(
                said("error-op-build-request"),
                said!("error-request-invalid-url", path = path, error = e.to_string()),
            )
        })
    }

    fn url(&self, req: &Request) -> Result<Url> {
        let mut url = self.resource_url(req.service, &req.path)?;
        let mut query: Vec<String> = req
            .query
            .iter()
            .map(|(k, v)| format!("{k}={}", utf8_percent_encode(v, QUERY_VALUE)))
            .collect();
        if let Credential::Sas(token) = &self.inner.account.credential {
            query.push(token.query().to_string());
        }
        let query = query.join("&");
        url.set_query(if query.is_empty() { None } else { Some(&query) });
        Ok(url)
    }

    /// Sends a request and reads its whole body; error statuses become `StorageError`.
    pub async fn send(&self, req: Request) -> Result<Response> {
        match self.execute(req, false).await? {
            Answer {
                status,
                headers,
                body: AttemptBody::Read(body),
                wire_names,
            } => Ok(Response {
                status,
                headers,
                body,
                wire_names,
            }),
            Answer { .. } => unreachable!("a whole-body request reads its body in the attempt"),
        }
    }

    /// Sends a request and hands back the body unread, for downloads that stream to disk.
    pub async fn send_streaming(&self, req: Request) -> Result<StreamingResponse> {
        match self.execute(req, true).await? {
            Answer {
                status,
                headers,
                body: AttemptBody::Streaming(body),
                ..
            } => Ok(StreamingResponse {
                status,
                headers,
                body,
                read_timeout: self.inner.read_timeout,
            }),
            Answer { .. } => unreachable!("a streaming request keeps its body on the wire"),
        }
    }

    async fn execute(&self, req: Request, streaming: bool) -> Result<Answer> {
        let url = self.url(&req)?;
        let headers = self.base_headers(&req)?;
        let seq = self.inner.seq.fetch_add(1, Ordering::Relaxed) + 1;
        let client_request_id = uuid::Uuid::new_v4().to_string();
        let mut attempt = 0;
        // Whether this request already went again with a token fetched after a refusal (once is enough).
        let mut renewed = false;
        loop {
            attempt += 1;
            if let Err(open) = self.inner.breaker.check(req.service) {
                let mut e = StorageError::new(
                    ErrorKind::CircuitOpen,
                    &req.operation,
                    said!(
                        "error-circuit-paused",
                        failures = open.failures.to_string(),
                        service = req.service.to_string(),
                        last = open.last_failure,
                        seconds = (open.remaining.as_secs() + 1).to_string()
                    ),
                );
                e.service = Some(req.service);
                locate(&mut e, &self.inner.account, req.service);
                return Err(e);
            }
            let started = SystemTime::now();
            let clock = Instant::now();
            // Asked before every attempt: a retry after a long wait must not carry a token that ended meanwhile.
            let bearer = match &self.inner.account.credential {
                Credential::Bearer(credential) => Some(credential.token().await.map_err(|mut e| {
                    e.operation = req.operation.clone();
                    e.service = Some(req.service);
                    e.sign_in = Some(credential.sign_in_again());
                    e
                })?),
                _ => None,
            };
            let (signed, string_to_sign) = self.sign(&req, &url, &headers, &client_request_id, bearer.as_ref())?;
            let outcome = self.attempt(&req, &url, signed.clone(), streaming).await;
            let duration = clock.elapsed();
            let mut event = self.event(&req, &url, &signed, seq, attempt, started, duration, &client_request_id);
            match outcome {
                Ok(answer) if (200..300).contains(&answer.status) || answer.status == 304 => {
                    self.inner.breaker.record_success(req.service);
                    self.inner.credential_worked.store(true, Ordering::Relaxed);
                    event.status = Some(answer.status);
                    fill_response(&mut event, &answer.headers);
                    if let AttemptBody::Read(body) = &answer.body {
                        event.response_body = kept_body(self.inner.events.is_some(), body);
                    }
                    self.emit(event);
                    return Ok(answer);
                }
                Ok(Answer {
                    status, headers, body, ..
                }) => {
                    let body = match body {
                        AttemptBody::Read(b) => b,
                        AttemptBody::Streaming(r) => transport::read_whole(r, self.inner.read_timeout)
                            .await
                            .unwrap_or_default(),
                    };
                    let mut error = service_error(&req, status, &headers, &body, &self.inner.account);
                    event.response_body = kept_body(self.inner.events.is_some(), &body);
                    event.status = Some(status);
                    event.error_code = error.code.clone();
                    fill_response(&mut event, &headers);
                    if let (401 | 403, Credential::Bearer(credential), Some(used)) =
                        (status, &self.inner.account.credential, &bearer)
                        && error.is_sign_in_refused()
                    {
                        if !renewed && credential.renew_after_refusal(used).await {
                            // Refused (ended early, revoked) and the source has another token: a refused request
                            // was never carried out, so even a write goes once more, at once, with the new token.
                            renewed = true;
                            event.note = Some(said!("pipeline-token-refused-retrying", status = status.to_string()));
                            self.emit(event);
                            continue;
                        }
                        // Refused again, or no other token to try: the next request asks the source anew.
                        credential.refused();
                    }
                    if status == 403 {
                        event.string_to_sign = string_to_sign.clone();
                        let signed = matches!(self.inner.account.credential, Credential::SharedKey(_));
                        if signed && self.inner.credential_worked.load(Ordering::Relaxed) {
                            // The same credential was accepted before: the signature's form is at fault, not the key.
                            error.credential_worked = true;
                            error.string_to_sign = string_to_sign;
                        }
                    }
                    if status != 403 && status != 401 {
                        self.inner.credential_worked.store(true, Ordering::Relaxed);
                    }
                    if !is_transient_status(status, error.code.as_deref()) {
                        // The endpoint answered sensibly: it is healthy even though the request was refused.
                        self.inner.breaker.record_success(req.service);
                        self.emit(event);
                        return Err(error);
                    }
                    let retry_after = headers
                        .get("retry-after")
                        .and_then(|v| v.to_str().ok())
                        .and_then(parse_retry_after);
                    // A throttled request (503) was not carried out, so even a write may go again.
                    let safe = req.idempotent || write_never_ran(status);
                    match self.retry_delay(safe, attempt, retry_after) {
                        Ok(delay) => {
                            event.note = Some(retrying_in(Said::text(status.to_string()), delay));
                            self.emit(event);
                            tokio::time::sleep(delay).await;
                        }
                        Err(why) => {
                            event.note = Some(why);
                            self.emit(event);
                            let failed = error.clone();
                            self.inner
                                .breaker
                                .record_failure(req.service, move || failed.evidence());
                            if !safe {
                                // 500 OperationTimedOut, 502, 504: the write may or may not have happened.
                                error.kind = ErrorKind::OutcomeUnknown;
                            }
                            return Err(error);
                        }
                    }
                }
                Err(failure) => {
                    // Said here, in the request's future: it speaks the language of the window that asked.
                    let words = failure.words();
                    // A failed connect never reached the service, so even a non-idempotent request may go again.
                    match self.retry_delay(failure.never_sent || req.idempotent, attempt, None) {
                        Ok(delay) => {
                            event.note = Some(retrying_in(words.clone(), delay));
                            self.emit(event);
                            tokio::time::sleep(delay).await;
                        }
                        Err(why) => {
                            event.note = Some(said!("pipeline-stopped-because", words = &words, why = why));
                            self.emit(event);
                            let failed = failure.clone();
                            self.inner.breaker.record_failure(req.service, move || failed.words());
                            let kind = if !failure.never_sent && !req.idempotent {
                                ErrorKind::OutcomeUnknown
                            } else {
                                failure.kind()
                            };
                            let mut e = failure.error(kind, &req.operation);
                            e.service = Some(req.service);
                            locate(&mut e, &self.inner.account, req.service);
                            return Err(e);
                        }
                    }
                }
            }
        }
    }

    /// How long to wait before the next attempt, or why there is none.
    fn retry_delay(
        &self,
        safe_to_repeat: bool,
        attempt: u32,
        retry_after: Option<Duration>,
    ) -> std::result::Result<Duration, Said> {
        if !safe_to_repeat {
            return Err(said("pipeline-not-retried"));
        }
        if attempt > self.inner.retry.max_retries {
            return Err(said!("pipeline-gave-up", attempts = number(attempt)));
        }
        self.inner.retry.delay(attempt, retry_after).ok_or_else(|| {
            // As a string: a number would be grouped ("3,600"), and the note has always said "3600".
            let seconds = retry_after.unwrap_or_default().as_secs().to_string();
            said!("pipeline-retry-after-too-long", seconds = seconds)
        })
    }

    /// Every header name lower-cased, as hyper sends them and as they are signed; `exact_case` restores the
    /// case of `x-ms-meta-*` names on the wire where it matters.
    fn base_headers(&self, req: &Request) -> Result<HeaderMap> {
        let mut headers = HeaderMap::new();
        headers.insert("x-ms-version", HeaderValue::from_static(API_VERSION));
        for (name, value) in &req.headers {
            let header_name = HeaderName::from_bytes(name.as_bytes()).map_err(|_| {
                StorageError::invalid(&req.operation, said!("error-request-header-name", name = name.as_str()))
            })?;
            // `HeaderValue` takes bytes above ASCII, but the signature is made over the value as text: such a
            // value would be signed as something else than what is sent and refused with a misleading 403.
            let header_value = Some(value)
                .filter(|v| v.is_ascii())
                .and_then(|v| HeaderValue::from_str(v).ok())
                .ok_or_else(|| StorageError::invalid(&req.operation, crate::request::not_ascii(name, value)))?;
            headers.insert(header_name, header_value);
        }
        Ok(headers)
    }

    /// Date, request id and Authorization for one attempt (the date changes between attempts).
    fn sign(
        &self,
        req: &Request,
        url: &Url,
        base: &HeaderMap,
        client_request_id: &str,
        bearer: Option<&crate::token::AccessToken>,
    ) -> Result<(HeaderMap, Option<String>)> {
        let mut headers = base.clone();
        let date = httpdate::fmt_http_date(SystemTime::now());
        headers.insert(
            "x-ms-date",
            HeaderValue::from_str(&date).expect("an HTTP date is ASCII"),
        );
        headers.insert(
            "x-ms-client-request-id",
            HeaderValue::from_str(client_request_id).expect("a uuid is ASCII"),
        );
        let account = &self.inner.account;
        let mut string_to_sign = None;
        if let Credential::SharedKey(key) = &account.credential {
            let input = SigningInput {
                method: req.method.as_str(),
                url,
                headers: &headers,
                content_length: req.body.len() as u64,
            };
            let signature = sign_shared_key(req.service, &account.name, key, &input);
            headers.insert(
                "authorization",
                HeaderValue::from_str(&signature.authorization).expect("a signature is ASCII"),
            );
            // Kept to explain a 403, so a person reads it: a SAS it signs over (a cross-account copy's
            // `x-ms-copy-source`) is redacted here, like every other text that may quote one.
            string_to_sign = Some(crate::redact::redact_text(&signature.string_to_sign));
        }
        if let Some(token) = bearer {
            headers.insert("authorization", token.authorization(url, &req.operation)?);
        }
        Ok((headers, string_to_sign))
    }

    async fn attempt(&self, req: &Request, url: &Url, headers: HeaderMap, streaming: bool) -> Attempt {
        if let Some(host) = url.host_str().filter(|h| transport::never_resolves(h)) {
            return Err(TransportFailure::unresolvable(host));
        }
        let read_timeout = self.inner.read_timeout;
        let clients = self.inner.http.current().map_err(TransportFailure::setup)?;
        if req.needs_exact_case() {
            let names: Vec<&str> = req.headers.iter().map(|(n, _)| n.as_str()).collect();
            let answer = clients
                .exact_case
                .send(&req.method, url, &headers, &names, req.body.clone(), read_timeout)
                .await?;
            return Ok(Answer {
                status: answer.status,
                headers: answer.headers,
                body: AttemptBody::Read(answer.body),
                wire_names: answer.wire_names,
            });
        }
        let activity = Arc::new(Activity::new());
        let mut headers = headers;
        let body = if req.body.len() > transport::UPLOAD_PIECE {
            // Sent in pieces, each counted as progress: a slow uplink keeps the attempt alive, a stalled one not.
            headers.insert(reqwest::header::CONTENT_LENGTH, HeaderValue::from(req.body.len()));
            reqwest::Body::wrap_stream(transport::pieces(req.body.clone(), activity.clone()))
        } else {
            reqwest::Body::from(req.body.clone())
        };
        let request = clients
            .http
            .request(req.method.clone(), url.clone())
            .headers(headers)
            .body(body);
        let resp = match activity.limit(request.send(), read_timeout).await {
            Ok(Ok(resp)) => resp,
            Ok(Err(error)) => return Err(TransportFailure::from_reqwest(&error)),
            Err(silence) => return Err(silence),
        };
        let status = resp.status().as_u16();
        let headers = resp.headers().clone();
        let success = (200..300).contains(&status);
        if streaming && success {
            return Ok(Answer {
                status,
                headers,
                body: AttemptBody::Streaming(resp),
                wire_names: Vec::new(),
            });
        }
        let body = transport::read_whole(resp, read_timeout).await?;
        Ok(Answer {
            status,
            headers,
            body: AttemptBody::Read(body),
            wire_names: Vec::new(),
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn event(
        &self,
        req: &Request,
        url: &Url,
        headers: &HeaderMap,
        seq: u64,
        attempt: u32,
        started: SystemTime,
        duration: Duration,
        client_request_id: &str,
    ) -> RequestEvent {
        let mut request_headers: Vec<(String, String)> = headers
            .iter()
            .map(|(n, v)| {
                (
                    n.as_str().to_string(),
                    redact_header(n.as_str(), v.to_str().unwrap_or("<binary>")),
                )
            })
            .collect();
        request_headers.push(("content-length".into(), req.body.len().to_string()));
        RequestEvent {
            request_seq: seq,
            client: self.inner.id,
            attempt,
            started,
            duration,
            account: self.inner.account.name.clone(),
            service: crate::events::Api::Storage(req.service),
            operation: req.operation.clone(),
            method: req.method.as_str().to_string(),
            resource: percent_encoding::percent_decode_str(&req.path)
                .decode_utf8_lossy()
                .into_owned(),
            url: redact_query(url.as_str()),
            request_headers,
            response_headers: Vec::new(),
            request_body: kept_body(self.inner.events.is_some(), &req.body),
            response_body: None,
            status: None,
            request_id: None,
            client_request_id: client_request_id.to_string(),
            error_code: None,
            note: None,
            string_to_sign: None,
        }
    }

    fn emit(&self, event: RequestEvent) {
        if let Some(sink) = &self.inner.events {
            sink(event);
        }
    }
}

/// The inspector's note on an attempt that goes again: what failed (a status or the network's words) and when.
/// The wait goes in as digits: as a number it would be grouped ("1,000 ms").
fn retrying_in(what: Said, delay: Duration) -> Said {
    said!("pipeline-retrying-in", what = what, ms = delay.as_millis().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_retry_note_names_what_failed_and_the_wait_in_digits() {
        let note = retrying_in(Said::text("503"), Duration::from_millis(1500));
        assert_eq!(
            note,
            Said::new("pipeline-retrying-in")
                .arg("what", Said::text("503"))
                .arg("ms", "1500"),
            "the wait goes in as text, so no language groups its digits"
        );
    }
}
