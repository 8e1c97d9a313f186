//! An app's request as the inspector's HAR writer takes it: the lens's record, already redacted, put in the
//! shape of a request event, so the lens's export is the inspector's (one writer, `frame::replay::har`).

use std::time::{Duration, SystemTime};

use crate::lens::record::Record;
use crate::storage::{Api, RequestEvent, Service};

/// The request event a record stands for: what conflicts turn on as the headers that carried them (If-Match and
/// the lease id sent; the ETag answered), the lens's own words (a retry, the rules, a problem) as its note.
pub fn event(r: &Record) -> RequestEvent {
    let service = Service::ALL
        .into_iter()
        .find(|s| s.name() == r.service)
        .unwrap_or(Service::Blob);
    let mut sent = Vec::new();
    let mut got = Vec::new();
    let put = |list: &mut Vec<(String, String)>, name: &str, value: &Option<String>| {
        if let Some(v) = value {
            list.push((name.to_string(), v.clone()));
        }
    };
    put(&mut sent, "if-match", &r.if_match);
    put(&mut sent, "if-none-match", &r.if_none_match);
    put(&mut sent, "x-ms-lease-id", &r.lease_id);
    put(&mut sent, "x-ms-client-request-id", &r.client_request_id);
    put(&mut got, "etag", &r.etag);
    put(&mut got, "x-ms-request-id", &r.request_id);
    put(&mut got, "x-ms-error-code", &r.error_code);
    put(&mut got, "x-ms-popreceipt", &r.pop_receipt);
    put(&mut got, "x-ms-time-next-visible", &r.next_visible);
    put(&mut got, "x-ms-continuation", &r.continuation);
    let mut note = Vec::new();
    if let Some(first) = r.retry_of {
        note.push(format!("retry of #{first}")); // i18n-ignore: the HAR file's own words
    }
    if !r.rules.is_empty() {
        note.push(format!("rules: {}", r.rules.join(", "))); // i18n-ignore: the HAR file's own words
    }
    if !r.parts.is_empty() {
        note.push(format!("parts: {}", r.parts.join("; "))); // i18n-ignore: the HAR file's own words
    }
    note.extend(r.problem.clone());
    RequestEvent {
        request_seq: r.number,
        client: 0,
        attempt: 1,
        started: crate::storage::parse_iso(&r.time).unwrap_or(SystemTime::UNIX_EPOCH),
        duration: Duration::from_secs_f64(r.duration_ms.max(0.0) / 1000.0),
        account: String::new(),
        service: Api::Storage(service),
        operation: crate::storage::words::Said::text(r.operation.clone()),
        method: r.method.clone(),
        resource: r.resource.clone(),
        url: r.url.clone(),
        request_headers: sent,
        response_headers: got,
        status: r.status,
        request_id: r.request_id.clone(),
        client_request_id: r.client_request_id.clone().unwrap_or_default(),
        error_code: r.error_code.clone(),
        note: (!note.is_empty()).then(|| crate::storage::words::Said::text(note.join("; "))),
        string_to_sign: None,
        request_body: None,
        response_body: None,
    }
}
