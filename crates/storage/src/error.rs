//! The one error type of the storage client, and the one place that turns failures into plain words.

use std::fmt;

use crate::Service;
use crate::no_answer::Trouble;
use crate::words::{Said, said};

/// What kind of failure this was: it decides the plain words and whether a retry could help.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The service answered with an error status.
    Service,
    /// Nothing listening, DNS failure, TLS failure: the request never reached the service.
    Connection,
    /// The service did not answer in time.
    Timeout,
    /// A request that is not safe to repeat failed after it may have reached the service.
    OutcomeUnknown,
    /// Input rejected before any request was sent.
    Invalid,
    /// The circuit breaker stopped sending to an endpoint that keeps failing.
    CircuitOpen,
    /// The user (or the app) cancelled the work.
    Cancelled,
    /// A local file could not be read or written.
    Io,
    /// The service answered, but not in a form the client understands.
    Decode,
    /// No Microsoft Entra ID token could be had (the CLI not signed in, a secret refused, a code expired):
    /// nothing was sent to the storage service.
    SignIn,
    /// A write the service offers no condition for was checked by reading the resource again just before it,
    /// and what was read differs from what the edit started from: nothing was written.
    ChangedSinceRead,
}

/// A failed storage operation: what failed, why, and what to do, with the service's own evidence.
/// The details are boxed so every `Result` of the client stays small; fields read through `Deref`.
#[derive(Clone)]
pub struct StorageError(Box<ErrorDetails>);

#[derive(Clone, Debug)]
pub struct ErrorDetails {
    pub kind: ErrorKind,
    /// What the user asked for, e.g. "Update entity" (`op-…` messages the app words).
    pub operation: Said,
    pub service: Option<Service>,
    pub status: Option<u16>,
    /// The service's `x-ms-error-code` (or the code in the body).
    pub code: Option<String>,
    /// The service's own message (its words, as text), or the local cause (a message the app words).
    pub message: Said,
    pub request_id: Option<String>,
    /// The resource's current ETag when a failed condition response carried one.
    pub current_etag: Option<String>,
    /// Endpoint host:port, for connection failures.
    pub endpoint: Option<String>,
    /// The expiry of the SAS the request was signed with, when it had passed: the cause of a 403.
    pub sas_expired: Option<String>,
    /// Whether the request went to the emulator's account (devstoreaccount1), on whatever port.
    pub emulator: bool,
    /// On a 403: the same credential had been accepted before, so the key is right and the signature's form
    /// is what the service refused.
    pub credential_worked: bool,
    /// The string this app signed, when the service refused a signature made with a credential that worked.
    pub string_to_sign: Option<String>,
    /// For a request with a Microsoft Entra ID sign-in: what the user does to sign in again.
    pub sign_in: Option<Said>,
    /// The service's `AuthenticationErrorDetail`: why it refused a token or signature ("The token is expired").
    pub auth_detail: Option<String>,
    /// Why a connection failed, known from the transport's errors: it picks the hint, as the message (in the
    /// user's language) cannot.
    pub trouble: Option<Trouble>,
}

impl std::ops::Deref for StorageError {
    type Target = ErrorDetails;
    fn deref(&self) -> &ErrorDetails {
        &self.0
    }
}

impl std::ops::DerefMut for StorageError {
    fn deref_mut(&mut self) -> &mut ErrorDetails {
        &mut self.0
    }
}

impl fmt::Debug for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl StorageError {
    pub fn new(kind: ErrorKind, operation: impl Into<Said>, message: impl Into<Said>) -> Self {
        StorageError(Box::new(ErrorDetails {
            kind,
            operation: operation.into(),
            service: None,
            status: None,
            code: None,
            // Transport errors quote URLs (with any SAS) and tokens: no message leaves here unredacted.
            message: message.into().map_text(&crate::redact::redact_text),
            request_id: None,
            current_etag: None,
            endpoint: None,
            sas_expired: None,
            emulator: false,
            credential_worked: false,
            string_to_sign: None,
            sign_in: None,
            auth_detail: None,
            trouble: None,
        }))
    }

    /// Bad input, caught before anything was sent.
    pub fn invalid(operation: impl Into<Said>, message: impl Into<Said>) -> Self {
        Self::new(ErrorKind::Invalid, operation, message)
    }

    /// A write refused before sending because a read just before it found the resource changed since the
    /// edit began (`what`: what changed, in words). It counts as a conflict, like a 412.
    pub fn changed_since_read(operation: impl Into<Said>, what: impl Into<Said>) -> Self {
        Self::new(ErrorKind::ChangedSinceRead, operation, what)
    }

    pub fn cancelled(operation: impl Into<Said>) -> Self {
        Self::new(ErrorKind::Cancelled, operation, said("error-cancelled"))
    }

    pub fn io(operation: impl Into<Said>, err: &std::io::Error) -> Self {
        let said = err.get_ref().and_then(|e| e.downcast_ref::<Said>()).cloned();
        Self::new(
            ErrorKind::Io,
            operation,
            said.unwrap_or_else(|| Said::text(err.to_string())),
        )
    }

    pub fn decode(operation: impl Into<Said>, message: impl Into<Said>) -> Self {
        Self::new(ErrorKind::Decode, operation, message)
    }

    pub fn with_operation(mut self, operation: impl Into<Said>) -> Self {
        self.operation = operation.into();
        self
    }

    /// True when the service's error code equals `code`.
    pub fn has_code(&self, code: &str) -> bool {
        self.code.as_deref() == Some(code)
    }

    /// A failed If-Match / If-None-Match / lease condition: someone else holds or changed the resource.
    pub fn is_conflict(&self) -> bool {
        self.status == Some(412) || self.kind == ErrorKind::ChangedSinceRead
    }

    pub fn is_not_found(&self) -> bool {
        self.status == Some(404)
    }

    /// True when a failed condition was about a lease rather than an ETag.
    pub fn is_lease_conflict(&self) -> bool {
        matches!(
            self.code.as_deref(),
            Some(
                "LeaseIdMissing"
                    | "LeaseIdMismatchWithBlobOperation"
                    | "LeaseIdMismatchWithContainerOperation"
                    | "LeaseNotPresentWithBlobOperation"
                    | "LeaseNotPresentWithContainerOperation"
                    | "LeaseIdMismatchWithLeaseOperation"
                    | "LeaseAlreadyPresent"
                    | "LeaseIsBrokenAndCannotBeRenewed"
                    | "LeaseIsBreakingAndCannotBeAcquired"
                    | "LeaseIsBreakingAndCannotBeChanged"
                    | "LeaseNotPresentWithLeaseOperation"
                    | "LeaseLost"
            )
        )
    }

    /// Why it failed and what to do, in words a person can act on.
    pub fn hint(&self) -> Said {
        match self.kind {
            ErrorKind::Invalid => said("error-hint-invalid"),
            ErrorKind::Cancelled => said("error-hint-cancelled"),
            ErrorKind::ChangedSinceRead => said("error-hint-changed-since-read"),
            ErrorKind::Io => said("error-hint-io"),
            ErrorKind::Decode => said("error-hint-decode"),
            ErrorKind::CircuitOpen => said("error-hint-circuit-open"),
            ErrorKind::OutcomeUnknown if self.status.is_some() => said("error-hint-outcome-unknown-answered"),
            ErrorKind::OutcomeUnknown => said("error-hint-outcome-unknown"),
            ErrorKind::Timeout => said("error-hint-timeout"),
            ErrorKind::Connection => self.connection_hint(),
            ErrorKind::Service => self.service_hint(),
            ErrorKind::SignIn => said!(
                "error-hint-sign-in",
                sign_in = self
                    .sign_in
                    .clone()
                    .unwrap_or_else(|| said("error-hint-sign-in-settings"))
            ),
        }
    }

    /// The service refused the credential itself (a bearer token that ended or was revoked), not the operation.
    pub fn is_sign_in_refused(&self) -> bool {
        self.status == Some(401)
            || (self.status == Some(403)
                && matches!(
                    self.code.as_deref(),
                    Some("AuthenticationFailed" | "InvalidAuthenticationInfo")
                ))
    }

    /// The data-plane role a signed-in identity lacks for this service, in Azure's role names.
    fn missing_role(&self) -> Said {
        match self.service {
            Some(Service::Blob) => said("error-role-blob"),
            Some(Service::Queue) => said("error-role-queue"),
            Some(Service::Table) => said("error-role-table"),
            None => said("error-role-any"),
        }
    }

    /// Where a data role is assigned besides the account: this container, queue or table.
    fn role_scope(&self) -> Said {
        match self.service {
            Some(Service::Blob) => said("error-scope-container"),
            Some(Service::Queue) => said("error-scope-queue"),
            Some(Service::Table) => said("error-scope-table"),
            None => said("error-scope-resource"),
        }
    }

    fn connection_hint(&self) -> Said {
        let endpoint: Said = self
            .endpoint
            .clone()
            .map_or_else(|| said("error-the-endpoint"), Said::text);
        if let Some(proxy) = crate::proxy::explain(self.trouble) {
            return proxy;
        }
        if self.trouble == Some(Trouble::Certificate) {
            return said!("error-hint-untrusted-certificate", endpoint = endpoint);
        }
        let refused = self.trouble == Some(Trouble::NotConnected);
        let loopback = self
            .endpoint
            .as_deref()
            .is_some_and(|e| e.starts_with("127.") || e.starts_with("localhost") || e.starts_with("[::1]"));
        if refused && loopback && self.emulator {
            said!("error-hint-emulator-not-running", endpoint = endpoint)
        } else if refused && loopback {
            said!("error-hint-nothing-listening", endpoint = endpoint)
        } else {
            said!("error-hint-unreachable", endpoint = endpoint)
        }
    }

    fn service_hint(&self) -> Said {
        let code = self.code.as_deref().unwrap_or("");
        let sign_in = || self.sign_in.clone().unwrap_or_else(Said::empty);
        match (self.status.unwrap_or(0), code) {
            // Resource Manager's codes (storage's own never use these).
            (_, "AuthorizationFailed") => said("error-hint-arm-no-role"),
            (_, "InvalidAuthenticationTokenTenant") => said!("error-hint-other-tenant", sign_in = sign_in()),
            (_, "ExpiredAuthenticationToken" | "InvalidAuthenticationToken") => {
                said!("error-hint-arm-token-refused", sign_in = sign_in())
            }
            (_, "SubscriptionNotFound") => said("error-hint-subscription-not-found"),
            // Azure and Azurite both answer an expired SAS with the words of a bad signature.
            (403, _) if self.sas_expired.is_some() => {
                said!(
                    "error-hint-sas-expired-at",
                    expiry = self.sas_expired.clone().unwrap_or_default()
                )
            }
            (403, _)
                if self.says(|m| m.contains("Request date header too old")) || self.says(|m| m.contains("clock")) =>
            {
                said("error-hint-clock")
            }
            (403, "AuthorizationPermissionMismatch") if self.sign_in.is_some() => {
                said!(
                    "error-hint-no-data-role",
                    role = self.missing_role(),
                    scope = self.role_scope()
                )
            }
            (401 | 403, _) if self.sign_in.is_some() && self.is_sign_in_refused() => match &self.auth_detail {
                Some(d) => said!(
                    "error-hint-token-refused-because",
                    detail = d.as_str(),
                    sign_in = sign_in()
                ),
                None => said!("error-hint-token-refused", sign_in = sign_in()),
            },
            (403, _) if self.sign_in.is_some() => match &self.auth_detail {
                Some(d) => said!("error-hint-identity-refused-because", detail = d.as_str()),
                None => said("error-hint-identity-refused"),
            },
            (403, "KeyBasedAuthenticationNotPermitted") => said("error-hint-key-access-off"),
            // The key worked on this account before: it is right, and so is the clock (a few moments ago).
            (403, "AuthenticationFailed" | "AuthorizationFailure") if self.credential_worked => {
                said("error-hint-signature-form")
            }
            // Azure says AuthenticationFailed; Azurite says AuthorizationFailure with the same message.
            (403, "AuthenticationFailed") | (403, "AuthorizationFailure")
                if code == "AuthenticationFailed" || self.says(|m| m.contains("failed to authenticate")) =>
            {
                said("error-hint-bad-signature")
            }
            (
                403,
                "AuthorizationPermissionMismatch"
                | "AuthorizationResourceTypeMismatch"
                | "AuthorizationServiceMismatch",
            ) => said("error-hint-sas-permission"),
            (403, _) if self.says(|m| m.contains("expire")) => said("error-hint-sas-expired"),
            (403, _) => said("error-hint-access-refused"),
            (412, _) if self.is_lease_conflict() => said("error-hint-lease-precondition"),
            (412, _) => said("error-hint-precondition"),
            (409, c) if c.contains("Lease") => said("error-hint-lease-conflict"),
            (409, c) if c.ends_with("AlreadyExists") => said("error-hint-already-exists"),
            (409, c) if c.ends_with("BeingDeleted") => said("error-hint-being-deleted"),
            (409, _) => said("error-hint-conflict"),
            (404, "MessageNotFound") => said("error-hint-message-not-found"),
            (400, "PopReceiptMismatch") => said("error-hint-pop-receipt"),
            (404, _) => said("error-hint-not-found"),
            (400, _) => said("error-hint-bad-request"),
            (408 | 500 | 502 | 503 | 504, _) => said("error-hint-busy"),
            (413, _) => said("error-hint-too-large"),
            (407, _) => crate::proxy::refused(&crate::proxy::current()),
            _ => said("error-hint-refused"),
        }
    }

    /// True when the service's own message (its text, never the app's words) passes `test`.
    fn says(&self, test: impl Fn(&str) -> bool) -> bool {
        self.message.as_text().is_some_and(test)
    }

    /// The whole story for a person, as the app words it: what failed, why and what to do, then the service's
    /// evidence.
    pub fn story(&self) -> Said {
        let mut parts = vec![
            said!("error-failed", operation = &self.operation, hint = self.hint()),
            Said::text("\n"),
            self.evidence(),
        ];
        if let Some(signed) = self.string_to_sign.as_ref().filter(|_| self.credential_worked) {
            parts.push(Said::text("\n"));
            parts.push(said!("error-string-signed", signed = signed.escape_debug().to_string()));
        }
        Said::Parts(parts)
    }

    /// The whole story in words, in the language of the wording the app installed ([`crate::words::set_wording`]).
    pub fn plain_words(&self) -> String {
        self.story().words()
    }

    /// Status, code, the service's message and the request id, for support and the inspector.
    pub fn evidence(&self) -> Said {
        let mut parts = Vec::new();
        if let Some(status) = self.status {
            parts.push(format!("HTTP {status}")); // i18n-ignore: the protocol's name
        }
        if let Some(code) = &self.code {
            parts.push(code.clone());
        }
        let mut s = parts.join(" ");
        let mut out = Vec::new();
        let message = match &self.message {
            Said::Text(m) => Said::text(m.lines().next().unwrap_or("")),
            other => other.clone(),
        };
        if !message.is_empty() {
            if !s.is_empty() {
                s.push_str(": ");
            }
            out.push(Said::text(s));
            out.push(message);
        } else {
            out.push(Said::text(s));
        }
        if let Some(id) = &self.request_id {
            out.push(Said::text(" "));
            out.push(said!("error-request-id", id = id.as_str()));
        }
        Said::Parts(out)
    }
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.plain_words())
    }
}

impl std::error::Error for StorageError {}

pub type Result<T> = std::result::Result<T, StorageError>;

/// Table errors come as JSON (`odata.error`), Blob and Queue errors as XML (`<Error><Code>`).
pub fn parse_error_body(body: &[u8]) -> (Option<String>, Option<String>) {
    if let Ok(json) = serde_json::from_slice::<serde_json::Value>(body) {
        let error = json.get("odata.error").or_else(|| json.get("error")).unwrap_or(&json);
        let code = error.get("code").and_then(|c| c.as_str()).map(str::to_string);
        let message = error
            .get("message")
            .and_then(|m| m.get("value").or(Some(m)))
            .and_then(|m| m.as_str())
            .map(|m| m.lines().next().unwrap_or("").to_string());
        return (code, message);
    }
    let text = String::from_utf8_lossy(body);
    let code = xml_element(&text, "Code");
    let message = xml_element(&text, "Message").map(|m| m.lines().next().unwrap_or("").to_string());
    (code, message)
}

pub(crate) fn xml_element(text: &str, tag: &str) -> Option<String> {
    let start = text.find(&format!("<{tag}>"))? + tag.len() + 2;
    let end = start + text[start..].find(&format!("</{tag}>"))?;
    let raw = &text[start..end];
    Some(
        quick_xml::escape::unescape(raw)
            .map(|c| c.into_owned())
            .unwrap_or_else(|_| raw.to_string()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn service_error(status: u16, code: &str, message: &str) -> StorageError {
        let mut e = StorageError::new(ErrorKind::Service, "Update entity", message);
        e.status = Some(status);
        e.code = Some(code.into());
        e.request_id = Some("req-1".into());
        e
    }

    #[test]
    fn a_signed_in_identity_without_a_data_role_is_told_which_role_and_that_owner_is_not_one() {
        let mut e = service_error(
            403,
            "AuthorizationPermissionMismatch",
            "This request is not authorized to perform this operation using this permission.",
        );
        e.sign_in = Some("Run `az login`.".into());
        for (service, role, scope) in [
            (Service::Blob, "error-role-blob", "error-scope-container"),
            (Service::Queue, "error-role-queue", "error-scope-queue"),
            (Service::Table, "error-role-table", "error-scope-table"),
        ] {
            e.service = Some(service);
            assert_eq!(
                e.hint(),
                said!("error-hint-no-data-role", role = said(role), scope = said(scope)),
                "{service}"
            );
        }
        // Without a sign-in the same code speaks of the SAS.
        e.sign_in = None;
        assert_eq!(e.hint(), said("error-hint-sas-permission"));
    }

    #[test]
    fn precondition_failure_says_someone_else_changed_it() {
        let e = service_error(
            412,
            "UpdateConditionNotSatisfied",
            "The update condition specified in the request was not satisfied.",
        );
        assert_eq!(e.hint(), said("error-hint-precondition"));
        let evidence = Said::Parts(vec![
            Said::text("HTTP 412 UpdateConditionNotSatisfied: "),
            Said::text("The update condition specified in the request was not satisfied."),
            Said::text(" "),
            said!("error-request-id", id = "req-1"),
        ]);
        assert_eq!(e.evidence(), evidence);
        assert_eq!(
            e.story(),
            Said::Parts(vec![
                said!("error-failed", operation = Said::text("Update entity"), hint = e.hint()),
                Said::text("\n"),
                evidence,
            ])
        );
    }

    #[test]
    fn lease_precondition_failure_names_the_lease() {
        let e = service_error(
            412,
            "LeaseIdMissing",
            "There is currently a lease on the blob and no lease ID was specified in the request.",
        );
        assert!(e.is_lease_conflict());
        assert_eq!(e.hint(), said("error-hint-lease-precondition"));
    }

    #[test]
    fn refused_emulator_port_says_how_to_start_it() {
        let mut e = StorageError::new(ErrorKind::Connection, "List tables", "connection refused");
        e.trouble = Some(Trouble::NotConnected);
        // The emulator's account on any port (the run command moves off 10000-10002 when they are taken).
        e.endpoint = Some("127.0.0.1:41234".into());
        e.emulator = true;
        let at = |endpoint: &str| Said::text(endpoint);
        assert_eq!(
            e.hint(),
            said!("error-hint-emulator-not-running", endpoint = at("127.0.0.1:41234"))
        );
        e.emulator = false;
        assert_eq!(
            e.hint(),
            said!("error-hint-nothing-listening", endpoint = at("127.0.0.1:41234"))
        );
        e.emulator = true;
        e.endpoint = Some("example.invalid:443".into());
        assert_eq!(
            e.hint(),
            said!("error-hint-unreachable", endpoint = at("example.invalid:443"))
        );
    }

    #[test]
    fn authentication_failure_mentions_key_and_clock() {
        let e = service_error(
            403,
            "AuthenticationFailed",
            "Server failed to authenticate the request.",
        );
        assert_eq!(e.hint(), said("error-hint-bad-signature"));
    }

    #[test]
    fn error_bodies_in_both_forms() {
        let json = br#"{"odata.error":{"code":"EntityAlreadyExists","message":{"lang":"en-US","value":"The specified entity already exists.\nRequestId:abc"}}}"#;
        assert_eq!(
            parse_error_body(json),
            (
                Some("EntityAlreadyExists".into()),
                Some("The specified entity already exists.".into())
            )
        );
        let xml = b"<?xml version=\"1.0\"?><Error><Code>LeaseIdMissing</Code><Message>There is a lease &amp; no id.\nRequestId:x</Message></Error>";
        assert_eq!(
            parse_error_body(xml),
            (Some("LeaseIdMissing".into()), Some("There is a lease & no id.".into()))
        );
        assert_eq!(parse_error_body(b""), (None, None));
    }
}
