//! Server-side copies: Copy Blob within an account, or from any URL the service can read (another account's
//! blob with a SAS), with conditions on the source as well as the target, the copy's status, and Abort Copy.

use reqwest::Method;

use crate::Service;
use crate::blob::{Conditions, blob_path, blob_request, check_names};
use crate::error::Result;
use crate::pipeline::{Client, Headers};
use crate::words::{Said, said};

/// A copy's outcome (Azurite and small blobs finish at once; large ones may be `pending`).
#[derive(Clone, Debug)]
pub struct CopyOutcome {
    pub copy_id: Option<String>,
    pub status: Option<String>,
    pub etag: Option<String>,
}

/// Where a pending copy stands (`x-ms-copy-status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyStatus {
    Pending,
    Success,
    Aborted,
    Failed,
}

impl CopyStatus {
    pub fn parse(s: &str) -> Option<CopyStatus> {
        match s {
            "pending" => Some(CopyStatus::Pending),
            "success" => Some(CopyStatus::Success),
            "aborted" => Some(CopyStatus::Aborted),
            "failed" => Some(CopyStatus::Failed),
            _ => None,
        }
    }
}

fn outcome(resp: &crate::request::Response) -> CopyOutcome {
    CopyOutcome {
        copy_id: resp.header("x-ms-copy-id").map(str::to_string),
        status: resp.header("x-ms-copy-status").map(str::to_string),
        etag: resp.etag(),
    }
}

impl Client {
    /// The URL by which the service reads one of this account's blobs (or a snapshot) as a copy's source: the
    /// destination's own authorisation covers it within the account, except with a SAS, which it carries.
    pub fn copy_source_url(&self, container: &str, blob: &str, snapshot: Option<&str>) -> Result<String> {
        check_names(&Said::text("Copy"), container, Some(blob))?;
        let mut url = self.resource_url(Service::Blob, &blob_path(container, blob))?;
        if let Some(s) = snapshot {
            url.query_pairs_mut().append_pair("snapshot", s);
        }
        if let crate::Credential::Sas(token) = &self.account().credential {
            let q = match url.query() {
                Some(q) => format!("{q}&{}", token.query()),
                None => token.query().to_string(),
            };
            url.set_query(Some(&q));
        }
        Ok(url.to_string())
    }

    /// Copies a blob (or a snapshot of it) within this account.
    pub async fn copy_blob(
        &self,
        source: (&str, &str, Option<&str>),
        target: (&str, &str),
        conditions: &Conditions,
    ) -> Result<CopyOutcome> {
        let (src_container, src_blob, src_snapshot) = source;
        let source_url = self.copy_source_url(src_container, src_blob, src_snapshot)?;
        self.copy_blob_from_url(&source_url, src_blob, target, conditions, None)
            .await
    }

    /// Copies into `target` the blob at `source_url` (which must be readable by the service: this account, or
    /// another with a SAS in the URL). `source_etag`: only if the source still has this ETag
    /// (`x-ms-source-if-match`), so a move deletes exactly what it copied.
    pub async fn copy_blob_from_url(
        &self,
        source_url: &str,
        source_name: &str,
        target: (&str, &str),
        conditions: &Conditions,
        source_etag: Option<&str>,
    ) -> Result<CopyOutcome> {
        let (dst_container, dst_blob) = target;
        let op = said!("error-op-copy-blob", source_name = source_name, dst_blob = dst_blob);
        check_names(&op, dst_container, Some(dst_blob))?;
        let req = blob_request(Method::PUT, &op, dst_container, dst_blob)
            .header("x-ms-copy-source", source_url)
            .header_opt("x-ms-source-if-match", source_etag.map(str::to_string))
            .idempotent(false);
        let resp = self.send(conditions.apply(req)).await?;
        Ok(outcome(&resp))
    }

    /// Stops a pending copy; the target is left empty (with its copy status `aborted`).
    pub async fn abort_copy(&self, container: &str, blob: &str, copy_id: &str, lease_id: Option<&str>) -> Result<()> {
        let op = said!("error-op-abort-copy", blob = blob);
        check_names(&op, container, Some(blob))?;
        let req = blob_request(Method::PUT, &op, container, blob)
            .query("comp", "copy")
            .query("copyid", copy_id)
            .header("x-ms-copy-action", "abort")
            .header_opt("x-ms-lease-id", lease_id.map(str::to_string));
        self.send(req).await.map(drop)
    }
}
