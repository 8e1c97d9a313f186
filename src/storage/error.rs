//! The one error type of the storage client, and the one place that turns failures into plain words.

use std::fmt;

use crate::storage::Service;

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
    /// What the user asked for, e.g. "Update entity".
    pub operation: String,
    pub service: Option<Service>,
    pub status: Option<u16>,
    /// The service's `x-ms-error-code` (or the code in the body).
    pub code: Option<String>,
    /// The service's own message, or the local cause.
    pub message: String,
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
    pub sign_in: Option<String>,
    /// The service's `AuthenticationErrorDetail`: why it refused a token or signature ("The token is expired").
    pub auth_detail: Option<String>,
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
    pub fn new(kind: ErrorKind, operation: impl Into<String>, message: impl Into<String>) -> Self {
        StorageError(Box::new(ErrorDetails {
            kind,
            operation: operation.into(),
            service: None,
            status: None,
            code: None,
            // Transport errors quote URLs (with any SAS) and tokens: no message leaves here unredacted.
            message: crate::storage::redact::redact_text(&message.into()),
            request_id: None,
            current_etag: None,
            endpoint: None,
            sas_expired: None,
            emulator: false,
            credential_worked: false,
            string_to_sign: None,
            sign_in: None,
            auth_detail: None,
        }))
    }

    /// Bad input, caught before anything was sent.
    pub fn invalid(operation: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Invalid, operation, message)
    }

    /// A write refused before sending because a read just before it found the resource changed since the
    /// edit began (`what`: what changed, in words). It counts as a conflict, like a 412.
    pub fn changed_since_read(operation: impl Into<String>, what: impl Into<String>) -> Self {
        Self::new(ErrorKind::ChangedSinceRead, operation, what)
    }

    pub fn cancelled(operation: impl Into<String>) -> Self {
        Self::new(ErrorKind::Cancelled, operation, "cancelled")
    }

    pub fn io(operation: impl Into<String>, err: &std::io::Error) -> Self {
        Self::new(ErrorKind::Io, operation, err.to_string())
    }

    pub fn decode(operation: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Decode, operation, message)
    }

    pub fn with_operation(mut self, operation: impl Into<String>) -> Self {
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
    pub fn hint(&self) -> String {
        match self.kind {
            ErrorKind::Invalid => "Nothing was sent. Correct the input and try again.".into(),
            ErrorKind::Cancelled => "Cancelled before it finished; nothing more will be sent.".into(),
            ErrorKind::ChangedSinceRead => "Someone else changed it since you read it (the service offers no condition for this write, so the app read it again just before writing). Nothing was written. Reload to see their version, then re-apply your change or force it.".into(),
            ErrorKind::Io => "A local file could not be read or written. Check the path, free space and permissions.".into(),
            ErrorKind::Decode => "The endpoint answered with something that is not a storage service response. Check that the endpoint points at the right service.".into(),
            ErrorKind::CircuitOpen => "The endpoint failed several times in a row, so the app stopped sending to it for a short while. It will try again by itself; check the endpoint or your network meanwhile.".into(),
            ErrorKind::OutcomeUnknown if self.status.is_some() => "The service failed while carrying out this request (it answered an error that may come after the change was made), and this request is not safe to repeat. It may or may not have taken effect: look (peek the queue, reload the item) before trying again.".into(),
            ErrorKind::OutcomeUnknown => "The connection failed after the request was sent, and this request is not safe to repeat. It may or may not have taken effect: look (peek the queue, reload the item) before trying again.".into(),
            ErrorKind::Timeout => "The service did not answer in time. It may be overloaded or unreachable; try again in a moment.".into(),
            ErrorKind::Connection => self.connection_hint(),
            ErrorKind::Service => self.service_hint(),
            ErrorKind::SignIn => format!(
                "No sign-in token could be had, so nothing was sent to the storage service. {}",
                self.sign_in.as_deref().unwrap_or("Check the account's sign-in settings, then retry.")
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
    fn missing_role(&self) -> &'static str {
        match self.service {
            Some(Service::Blob) => "Storage Blob Data Reader (to read) or Storage Blob Data Contributor (to write)",
            Some(Service::Queue) => {
                "Storage Queue Data Reader (to peek), Storage Queue Data Message Processor (to dequeue and delete) \
                 or Storage Queue Data Contributor"
            }
            Some(Service::Table) => "Storage Table Data Reader (to read) or Storage Table Data Contributor (to write)",
            None => "a Storage … Data role for this service",
        }
    }

    fn connection_hint(&self) -> String {
        let endpoint = self.endpoint.clone().unwrap_or_else(|| "the endpoint".into());
        if let Some(proxy) = crate::storage::proxy::explain(&self.message) {
            return proxy;
        }
        if is_certificate_failure(&self.message) {
            return format!(
                "The certificate {endpoint} presented is not trusted by this computer. If this endpoint uses its own \
                 certificate (an emulator started with --cert, a corporate TLS proxy, a private endpoint), choose \
                 that certificate's PEM file under \"Trust certificate\" in the account's settings; the rest of the \
                 trust store stays as it is."
            );
        }
        let refused = self.message.contains("refused") || self.message.contains("connect");
        let loopback = self
            .endpoint
            .as_deref()
            .is_some_and(|e| e.starts_with("127.") || e.starts_with("localhost") || e.starts_with("[::1]"));
        if refused && loopback && self.emulator {
            format!(
                "Nothing is listening on {endpoint}: the local emulator (Azurite) is not running. Start it with \
                 `npx azurite --inMemoryPersistence --disableTelemetry`, or use the app's run command, which starts one."
            )
        } else if refused && loopback {
            format!(
                "Nothing is listening on {endpoint}. Start the emulator or proxy that should be there, or check the port."
            )
        } else {
            format!(
                "Could not reach {endpoint}. Check the endpoint's address, your network, and any proxy or firewall in between."
            )
        }
    }

    fn service_hint(&self) -> String {
        let code = self.code.as_deref().unwrap_or("");
        match (self.status.unwrap_or(0), code) {
            // Resource Manager's codes (storage's own never use these).
            (_, "AuthorizationFailed") => "The signed-in identity has no role that allows this here. Listing \
                 storage accounts needs Reader (or any role with Microsoft.Storage/storageAccounts/read) on the \
                 subscription; using an account's key needs Storage Account Key Operator or Contributor. Ask an \
                 owner of the subscription; role assignments can take a few minutes to apply.".into(),
            (_, "InvalidAuthenticationTokenTenant") => format!(
                "The sign-in is for another tenant than this subscription's: sign in to that tenant too. {}",
                self.sign_in.as_deref().unwrap_or_default()
            ),
            (_, "ExpiredAuthenticationToken" | "InvalidAuthenticationToken") => format!(
                "Resource Manager refused the sign-in token (ended, or not for Resource Manager). {}",
                self.sign_in.as_deref().unwrap_or_default()
            ),
            (_, "SubscriptionNotFound") => "The subscription was not found in this tenant: it was moved, \
                 cancelled, or belongs to another tenant. Refresh the list.".into(),
            // Azure and Azurite both answer an expired SAS with the words of a bad signature.
            (403, _) if self.sas_expired.is_some() => format!(
                "The SAS expired at {} (UTC). Create a new SAS and edit the account to use it.",
                self.sas_expired.as_deref().unwrap_or_default()
            ),
            (403, _) if self.message.contains("Request date header too old")
                || self.message.contains("clock") =>
            {
                "The service rejected the request's time: this computer's clock is off. Correct the clock and try again.".into()
            }
            (403, "AuthorizationPermissionMismatch") if self.sign_in.is_some() => format!(
                "The signed-in identity has no data role that allows this. Ask an owner of the storage account to \
                 assign it {} on the account (or this {}). Management roles such as Owner or Contributor do not \
                 grant access to the data; role assignments can take a few minutes to apply.",
                self.missing_role(),
                self.service.map_or("resource", |s| s.resource())
            ),
            (401 | 403, _) if self.sign_in.is_some() && self.is_sign_in_refused() => format!(
                "The service refused the sign-in token{}. {}",
                self.auth_detail.as_deref().map(|d| format!(" ({d})")).unwrap_or_default(),
                self.sign_in.as_deref().unwrap_or_default()
            ),
            (403, _) if self.sign_in.is_some() => format!(
                "The service refused this request for the signed-in identity{}. A network rule or firewall on the \
                 account, or a data role that does not cover this operation, can cause it; the code and message \
                 below say which.",
                self.auth_detail.as_deref().map(|d| format!(" ({d})")).unwrap_or_default()
            ),
            (403, "KeyBasedAuthenticationNotPermitted") => "This account does not allow access with keys or SAS made \
                 from keys (Shared Key access is turned off). Add it as a Microsoft Entra ID account instead.".into(),
            // The key worked on this account before: it is right, and so is the clock (a few moments ago).
            (403, "AuthenticationFailed" | "AuthorizationFailure") if self.credential_worked => "The service did not accept how this request was signed, although the same credential worked for earlier requests: the key is right. This app signed the request in a form the service computes differently, or something between (a proxy) changed the request after it was signed. The string this app signed is below (and in the HTTP inspector) to compare with what the service expects.".into(),
            // Azure says AuthenticationFailed; Azurite says AuthorizationFailure with the same message.
            (403, "AuthenticationFailed") | (403, "AuthorizationFailure") if code == "AuthenticationFailed" || self.message.contains("failed to authenticate") => "The service could not verify the signature: the account key is wrong, or this computer's clock is more than 15 minutes off. Check the key (or the SAS) and the clock.".into(),
            (403, "AuthorizationPermissionMismatch" | "AuthorizationResourceTypeMismatch" | "AuthorizationServiceMismatch") => {
                "The SAS does not grant this operation. Create a SAS with the needed permission, service and resource type.".into()
            }
            (403, _) if self.message.contains("expire") => "The SAS has expired. Create a new one.".into(),
            (403, _) => "Access was refused. Check the account key or SAS and its permissions.".into(),
            (412, _) if self.is_lease_conflict() => "The blob or container is leased by another client, and this write did not carry that lease id. Wait for the lease to end, break it, or write with the lease id.".into(),
            (412, _) => "Someone else changed it since you loaded it (its ETag no longer matches, or it exists when it should not). Reload to see their version, or force your write.".into(),
            (409, c) if c.contains("Lease") => "A lease is in the way: the resource is leased, or the lease is in a state that does not allow this. Check the lease indicator.".into(),
            (409, c) if c.ends_with("AlreadyExists") => "It already exists. Pick another name, or open the existing one.".into(),
            (409, c) if c.ends_with("BeingDeleted") => "It is being deleted; the service needs a short while before the name can be used again.".into(),
            (409, _) => "It conflicts with the current state of the resource (it exists, is leased, or is busy). Reload and try again.".into(),
            (404, "MessageNotFound") => "The message is gone, or the pop receipt is stale: the message became visible again or was updated, and someone else may hold it now. Dequeue it again to get a current receipt.".into(),
            (400, "PopReceiptMismatch") => "The pop receipt is stale: the message was dequeued or updated since. Dequeue it again to get a current receipt.".into(),
            (404, _) => "It does not exist (any more). Refresh to see what is there now.".into(),
            (400, _) => "The service rejected the request as malformed. The message below says which part.".into(),
            (408 | 500 | 502 | 503 | 504, _) => "The service is busy or failing right now. Try again in a moment.".into(),
            (413, _) => "The request is too large for the service.".into(),
            (407, _) => crate::storage::proxy::refused(&crate::storage::proxy::current()),
            _ => "The service refused the request. The code and message below say why.".into(),
        }
    }

    /// The whole story for a person: what failed, why and what to do, then the service's evidence.
    pub fn plain_words(&self) -> String {
        let mut s = format!("{} failed: {}", self.operation, self.hint());
        s.push_str(&format!("\n{}", self.evidence()));
        if let Some(signed) = self.string_to_sign.as_ref().filter(|_| self.credential_worked) {
            s.push_str(&format!("\nString signed: {}", signed.escape_debug()));
        }
        s
    }

    /// Status, code, the service's message and the request id, for support and the inspector.
    pub fn evidence(&self) -> String {
        let mut parts = Vec::new();
        if let Some(status) = self.status {
            parts.push(format!("HTTP {status}"));
        }
        if let Some(code) = &self.code {
            parts.push(code.clone());
        }
        let mut s = parts.join(" ");
        if !self.message.is_empty() {
            if !s.is_empty() {
                s.push_str(": ");
            }
            s.push_str(self.message.lines().next().unwrap_or(""));
        }
        if let Some(id) = &self.request_id {
            s.push_str(&format!(" (request id {id})"));
        }
        s
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

/// Whether a connection failure's words say the server's certificate was not trusted.
pub(crate) fn is_certificate_failure(words: &str) -> bool {
    ["certificate", "UnknownIssuer", "NotValidForName", "BadSignature"]
        .iter()
        .any(|w| words.contains(w))
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
        for (service, role) in [
            (Service::Blob, "Storage Blob Data Contributor"),
            (Service::Queue, "Storage Queue Data Message Processor"),
            (Service::Table, "Storage Table Data Contributor"),
        ] {
            e.service = Some(service);
            let words = e.plain_words();
            assert!(words.contains(role), "{words}");
            assert!(
                words.contains("Owner or Contributor do not grant access to the data"),
                "{words}"
            );
        }
        // Without a sign-in the same code speaks of the SAS.
        e.sign_in = None;
        assert!(e.plain_words().contains("The SAS does not grant"));
    }

    #[test]
    fn precondition_failure_says_someone_else_changed_it() {
        let e = service_error(
            412,
            "UpdateConditionNotSatisfied",
            "The update condition specified in the request was not satisfied.",
        );
        let words = e.plain_words();
        assert!(
            words.starts_with("Update entity failed: Someone else changed it"),
            "{words}"
        );
        assert!(words.contains("HTTP 412 UpdateConditionNotSatisfied"), "{words}");
        assert!(words.contains("request id req-1"), "{words}");
    }

    #[test]
    fn lease_precondition_failure_names_the_lease() {
        let e = service_error(
            412,
            "LeaseIdMissing",
            "There is currently a lease on the blob and no lease ID was specified in the request.",
        );
        assert!(e.is_lease_conflict());
        assert!(e.hint().contains("leased by another client"), "{}", e.hint());
    }

    #[test]
    fn refused_emulator_port_says_how_to_start_it() {
        let mut e = StorageError::new(ErrorKind::Connection, "List tables", "connection refused");
        // The emulator's account on any port (the run command moves off 10000-10002 when they are taken).
        e.endpoint = Some("127.0.0.1:41234".into());
        e.emulator = true;
        assert!(e.hint().contains("Azurite) is not running"), "{}", e.hint());
        e.emulator = false;
        assert!(
            e.hint().starts_with("Nothing is listening on 127.0.0.1:41234."),
            "{}",
            e.hint()
        );
        e.emulator = true;
        e.endpoint = Some("example.invalid:443".into());
        assert!(
            e.hint().starts_with("Could not reach example.invalid:443"),
            "{}",
            e.hint()
        );
    }

    #[test]
    fn authentication_failure_mentions_key_and_clock() {
        let e = service_error(
            403,
            "AuthenticationFailed",
            "Server failed to authenticate the request.",
        );
        assert!(e.hint().contains("account key is wrong"));
        assert!(e.hint().contains("clock"));
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
