//! Leases on blobs and containers: acquire, renew, change, release and break.

use reqwest::Method;

use crate::Service;
use crate::blob::conditions::Conditions;
use crate::blob::{blob_request, check_names};
use crate::error::{Result, StorageError};
use crate::pipeline::{Client, Headers, Request};
use crate::words::{Said, said};

/// What is leased.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaseTarget<'a> {
    Container(&'a str),
    Blob { container: &'a str, blob: &'a str },
}

impl LeaseTarget<'_> {
    /// The operation's name: `container` words it for a container, `blob` for a blob.
    fn describe(&self, container: impl FnOnce(&str) -> Said, blob: impl FnOnce(&str) -> Said) -> Said {
        match self {
            LeaseTarget::Container(c) => container(c),
            LeaseTarget::Blob { blob: b, .. } => blob(b),
        }
    }

    fn request(&self, op: &Said) -> Result<Request> {
        match *self {
            LeaseTarget::Container(c) => {
                check_names(op, c, None)?;
                Ok(Request::new(Service::Blob, Method::PUT, op, format!("/{c}")).query("restype", "container"))
            }
            LeaseTarget::Blob { container, blob } => {
                check_names(op, container, Some(blob))?;
                Ok(blob_request(Method::PUT, op, container, blob))
            }
        }
    }
}

/// How long a lease lasts: 15 to 60 seconds, or until released or broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaseDuration {
    Seconds(u32),
    Infinite,
}

impl LeaseDuration {
    fn header(self, op: &Said) -> Result<String> {
        match self {
            LeaseDuration::Infinite => Ok("-1".into()),
            LeaseDuration::Seconds(s) if (15..=60).contains(&s) => Ok(s.to_string()),
            LeaseDuration::Seconds(s) => Err(StorageError::invalid(
                op,
                said!("error-lease-duration", seconds = s.to_string()),
            )),
        }
    }
}

/// A lease the service granted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaseGrant {
    pub lease_id: String,
    pub etag: Option<String>,
}

/// Lease ids are GUIDs; checking first turns a typo into words instead of a 400.
fn check_lease_id(op: &Said, id: &str) -> Result<()> {
    uuid::Uuid::parse_str(id)
        .map(drop)
        .map_err(|_| StorageError::invalid(op, said!("error-lease-id", id = id)))
}

impl Client {
    async fn lease_action(
        &self,
        target: LeaseTarget<'_>,
        op: &Said,
        req: Request,
        conditions: &Conditions,
    ) -> Result<LeaseGrant> {
        let resp = self.send(conditions.apply_preconditions(req)).await?;
        let lease_id = resp.header("x-ms-lease-id").unwrap_or("").to_string();
        if lease_id.is_empty() {
            return Err(StorageError::decode(
                op,
                match target {
                    LeaseTarget::Container(c) => said!("error-decode-no-lease-id-container", container = c),
                    LeaseTarget::Blob { blob, .. } => said!("error-decode-no-lease-id-blob", blob = blob),
                },
            ));
        }
        Ok(LeaseGrant {
            lease_id,
            etag: resp.etag(),
        })
    }

    /// Acquires a lease. With a proposed id the request is safe to repeat (the same id re-acquires).
    pub async fn acquire_lease(
        &self,
        target: LeaseTarget<'_>,
        duration: LeaseDuration,
        proposed_id: Option<&str>,
        conditions: &Conditions,
    ) -> Result<LeaseGrant> {
        let op = target.describe(
            |c| said!("error-op-acquire-lease-container", name = c),
            |b| said!("error-op-acquire-lease-blob", blob = b),
        );
        if let Some(id) = proposed_id {
            check_lease_id(&op, id)?;
        }
        let req = target
            .request(&op)?
            .query("comp", "lease")
            .header("x-ms-lease-action", "acquire")
            .header("x-ms-lease-duration", duration.header(&op)?)
            .header_opt("x-ms-proposed-lease-id", proposed_id)
            .idempotent(proposed_id.is_some());
        self.lease_action(target, &op, req, conditions).await
    }

    pub async fn renew_lease(
        &self,
        target: LeaseTarget<'_>,
        lease_id: &str,
        conditions: &Conditions,
    ) -> Result<LeaseGrant> {
        let op = target.describe(
            |c| said!("error-op-renew-lease-container", name = c),
            |b| said!("error-op-renew-lease-blob", blob = b),
        );
        check_lease_id(&op, lease_id)?;
        let req = target
            .request(&op)?
            .query("comp", "lease")
            .header("x-ms-lease-action", "renew")
            .header("x-ms-lease-id", lease_id)
            .idempotent(true);
        self.lease_action(target, &op, req, conditions).await
    }

    pub async fn change_lease(
        &self,
        target: LeaseTarget<'_>,
        lease_id: &str,
        proposed_id: &str,
        conditions: &Conditions,
    ) -> Result<LeaseGrant> {
        let op = target.describe(
            |c| said!("error-op-change-lease-container", name = c),
            |b| said!("error-op-change-lease-blob", blob = b),
        );
        check_lease_id(&op, lease_id)?;
        check_lease_id(&op, proposed_id)?;
        let req = target
            .request(&op)?
            .query("comp", "lease")
            .header("x-ms-lease-action", "change")
            .header("x-ms-lease-id", lease_id)
            .header("x-ms-proposed-lease-id", proposed_id)
            .idempotent(true);
        self.lease_action(target, &op, req, conditions).await
    }

    pub async fn release_lease(&self, target: LeaseTarget<'_>, lease_id: &str, conditions: &Conditions) -> Result<()> {
        let op = target.describe(
            |c| said!("error-op-release-lease-container", name = c),
            |b| said!("error-op-release-lease-blob", blob = b),
        );
        check_lease_id(&op, lease_id)?;
        let req = target
            .request(&op)?
            .query("comp", "lease")
            .header("x-ms-lease-action", "release")
            .header("x-ms-lease-id", lease_id)
            .idempotent(false);
        self.send(conditions.apply_preconditions(req)).await.map(drop)
    }

    /// Breaks whoever's lease; it stays `breaking` for the period (None = the lease's own remaining time,
    /// immediately for an infinite lease). Returns the seconds until it is `broken`.
    pub async fn break_lease(
        &self,
        target: LeaseTarget<'_>,
        break_period: Option<u32>,
        conditions: &Conditions,
    ) -> Result<u32> {
        let op = target.describe(
            |c| said!("error-op-break-lease-container", name = c),
            |b| said!("error-op-break-lease-blob", blob = b),
        );
        if let Some(p) = break_period.filter(|p| *p > 60) {
            return Err(StorageError::invalid(
                &op,
                said!("error-lease-break-period", seconds = p.to_string()),
            ));
        }
        let req = target
            .request(&op)?
            .query("comp", "lease")
            .header("x-ms-lease-action", "break")
            .header_opt("x-ms-lease-break-period", break_period.map(|p| p.to_string()))
            .idempotent(true);
        let resp = self.send(conditions.apply_preconditions(req)).await?;
        Ok(resp.header("x-ms-lease-time").and_then(|t| t.parse().ok()).unwrap_or(0))
    }
}
