//! What a service's error answer means for the request and the account it came from: the error in its words,
//! with the service's code and request id, where the request went, and what the account's credential says about
//! it (an expired SAS, a sign-in to do again).

use std::time::SystemTime;

use reqwest::header::HeaderMap;

use crate::Service;
use crate::account::{Account, Credential};
use crate::error::{ErrorKind, StorageError, parse_error_body, xml_element};
use crate::request::Request;

/// Builds the error for an error status from the headers and the (JSON or XML) body.
pub(crate) fn service_error(
    req: &Request,
    status: u16,
    headers: &HeaderMap,
    body: &[u8],
    account: &Account,
) -> StorageError {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
    let (body_code, body_message) = parse_error_body(body);
    let mut e = StorageError::new(
        ErrorKind::Service,
        &req.operation,
        body_message.unwrap_or_else(|| status_text(status).to_string()),
    );
    e.service = Some(req.service);
    e.status = Some(status);
    e.code = header("x-ms-error-code").or(body_code);
    e.request_id = header("x-ms-request-id");
    locate(&mut e, account, req.service);
    if status == 412 {
        e.current_etag = header("etag");
    }
    if let (403, Credential::Sas(sas)) = (status, &account.credential) {
        e.sas_expired = sas.expired(SystemTime::now());
    }
    if let Credential::Bearer(credential) = &account.credential {
        e.sign_in = Some(credential.sign_in_again());
    }
    e.auth_detail = auth_error_detail(body);
    e
}

/// Where a failed request went: the endpoint, and whether it was the emulator (whose hint says how to start it).
pub(crate) fn locate(e: &mut StorageError, account: &Account, service: Service) {
    e.endpoint = account.endpoint_authority(service);
    e.emulator = account.name == crate::account::EMULATOR_ACCOUNT;
}

fn status_text(status: u16) -> &'static str {
    reqwest::StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .unwrap_or("Error")
}

/// The `AuthenticationErrorDetail` of an XML error body (or a JSON one's key of that name).
fn auth_error_detail(body: &[u8]) -> Option<String> {
    if let Ok(json) = serde_json::from_slice::<serde_json::Value>(body) {
        let error = json.get("odata.error").or_else(|| json.get("error")).unwrap_or(&json);
        return error
            .get("AuthenticationErrorDetail")
            .and_then(|d| d.as_str())
            .map(|d| d.lines().next().unwrap_or("").to_string());
    }
    xml_element(&String::from_utf8_lossy(body), "AuthenticationErrorDetail")
        .map(|d| d.lines().next().unwrap_or("").trim().to_string())
}
