//! The conditions a Blob write carries: If-Match, If-None-Match, If-(Un)Modified-Since, and the lease id.

use std::time::SystemTime;

use crate::pipeline::Request;

/// Preconditions and lease for one request; empty means "unconditional, no lease".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Conditions {
    pub if_match: Option<String>,
    pub if_none_match: Option<String>,
    pub if_modified_since: Option<SystemTime>,
    pub if_unmodified_since: Option<SystemTime>,
    pub lease_id: Option<String>,
    /// Only if the blob's index tags satisfy this expression (`x-ms-if-tags`: `"status" = 'done'`).
    pub if_tags: Option<String>,
}

impl Conditions {
    pub fn none() -> Self {
        Self::default()
    }

    /// Only if the resource still has this ETag.
    pub fn if_match(etag: impl Into<String>) -> Self {
        Conditions {
            if_match: Some(etag.into()),
            ..Self::default()
        }
    }

    /// Only if the resource does not exist yet (`If-None-Match: *`).
    pub fn create_only() -> Self {
        Conditions {
            if_none_match: Some("*".into()),
            ..Self::default()
        }
    }

    /// Carry this lease id.
    pub fn with_lease(mut self, lease_id: Option<impl Into<String>>) -> Self {
        self.lease_id = lease_id.map(Into::into);
        self
    }

    pub fn apply(&self, req: Request) -> Request {
        self.apply_preconditions(req)
            .header_opt("x-ms-lease-id", self.lease_id.clone())
    }

    /// The ETag and date conditions only (lease operations carry their lease id themselves).
    pub fn apply_preconditions(&self, req: Request) -> Request {
        let date = |t: &Option<SystemTime>| t.map(httpdate::fmt_http_date);
        req.header_opt("if-match", self.if_match.clone())
            .header_opt("if-none-match", self.if_none_match.clone())
            .header_opt("if-modified-since", date(&self.if_modified_since))
            .header_opt("if-unmodified-since", date(&self.if_unmodified_since))
            .header_opt("x-ms-if-tags", self.if_tags.clone())
    }

    /// Whether any condition could make the write fail on purpose (so it must not be repeated blindly).
    pub fn is_conditional(&self) -> bool {
        self.if_match.is_some()
            || self.if_none_match.is_some()
            || self.if_modified_since.is_some()
            || self.if_unmodified_since.is_some()
            || self.if_tags.is_some()
    }
}
