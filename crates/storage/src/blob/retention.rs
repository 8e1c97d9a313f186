//! Soft-deleted blobs and blob versions: whether the account keeps deleted blobs (Get Blob Service Properties),
//! listing them, and Undelete Blob. Azurite 3.35 has neither soft delete nor versions: what is here is checked
//! against the service's documented response bodies in unit tests, never against a service, and the pane offers
//! it only when the account says it is on.

use reqwest::Method;

use crate::Service;
use crate::blob::{blob_request, check_names};
use crate::error::{Result, StorageError};
use crate::pipeline::{Client, Request};
use crate::words::{Said, number, said};
use crate::xml;

/// What the Blob service keeps for an account, as its service properties say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Retention {
    /// Deleted blobs are kept this many days (soft delete), or not at all.
    pub deleted_blob_days: Option<u32>,
}

/// A blob's own retention facts from a listing that included deleted blobs or versions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RetentionFacts {
    pub deleted: bool,
    pub remaining_days: Option<u32>,
    pub version_id: Option<String>,
    pub is_current_version: bool,
}

impl RetentionFacts {
    /// From a listing's `<Blob>` element (`Deleted`, `VersionId`, `IsCurrentVersion`, and the properties'
    /// `RemainingRetentionDays`).
    pub(crate) fn of(blob: &xml::Element) -> RetentionFacts {
        RetentionFacts {
            deleted: blob.text_of("Deleted") == Some("true"),
            remaining_days: blob
                .child("Properties")
                .and_then(|p| p.text_of("RemainingRetentionDays"))
                .and_then(|d| d.parse().ok()),
            version_id: blob.string("VersionId"),
            is_current_version: blob.text_of("IsCurrentVersion") == Some("true"),
        }
    }

    /// "deleted, 6 days left", "version 2026-11-24T10:00:00.0000000Z", or nothing for a live current blob.
    pub fn describe(&self) -> Option<Said> {
        if self.deleted {
            return Some(match self.remaining_days {
                Some(d) => said!("retention-deleted-days", days = number(d)),
                None => said("retention-deleted"),
            });
        }
        match (&self.version_id, self.is_current_version) {
            (Some(v), false) => Some(said!("retention-earlier-version", version = v.as_str())),
            _ => None,
        }
    }
}

fn parse_retention(body: &[u8]) -> std::result::Result<Retention, Said> {
    let root = xml::parse(body)?;
    let policy = root.child("DeleteRetentionPolicy");
    let enabled = policy.and_then(|p| p.text_of("Enabled")) == Some("true");
    let days = policy.and_then(|p| p.text_of("Days")).and_then(|d| d.parse().ok());
    Ok(Retention {
        deleted_blob_days: if enabled { days.or(Some(0)) } else { None },
    })
}

impl Client {
    /// What the account's Blob service keeps of deleted blobs.
    pub async fn blob_retention(&self) -> Result<Retention> {
        let op = &said("error-op-read-blob-service-properties");
        let req = Request::new(Service::Blob, Method::GET, op, "/")
            .query("restype", "service")
            .query("comp", "properties");
        let resp = self.send(req).await?;
        parse_retention(&resp.body).map_err(|e| StorageError::decode(op, e))
    }

    /// Brings back a soft-deleted blob (and its deleted snapshots).
    pub async fn undelete_blob(&self, container: &str, blob: &str) -> Result<()> {
        let op = said!("error-op-undelete-blob", blob = blob);
        check_names(&op, container, Some(blob))?;
        let req = blob_request(Method::PUT, &op, container, blob).query("comp", "undelete");
        self.send(req).await.map(drop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn soft_delete_is_read_from_the_documented_service_properties() {
        let on = br#"<?xml version="1.0" encoding="utf-8"?><StorageServiceProperties><Logging><Version>1.0</Version></Logging>
            <DeleteRetentionPolicy><Enabled>true</Enabled><Days>7</Days></DeleteRetentionPolicy></StorageServiceProperties>"#;
        assert_eq!(parse_retention(on).unwrap().deleted_blob_days, Some(7));
        let off = br#"<?xml version="1.0" encoding="utf-8"?><StorageServiceProperties>
            <DeleteRetentionPolicy><Enabled>false</Enabled></DeleteRetentionPolicy></StorageServiceProperties>"#;
        assert_eq!(parse_retention(off).unwrap().deleted_blob_days, None);
    }

    #[test]
    fn deleted_blobs_and_versions_read_from_a_documented_listing() {
        // The shape of List Blobs with include=deleted,versions (version 2019-12-12 and later).
        let body = br#"<?xml version="1.0" encoding="utf-8"?><EnumerationResults ServiceEndpoint="https://a.blob.core.windows.net/" ContainerName="c"><Blobs>
            <Blob><Name>a.txt</Name><Deleted>true</Deleted><Properties><Content-Length>3</Content-Length><DeletedTime>Mon, 23 Nov 2026 10:00:00 GMT</DeletedTime><RemainingRetentionDays>6</RemainingRetentionDays></Properties></Blob>
            <Blob><Name>b.txt</Name><VersionId>2026-11-20T10:00:00.0000000Z</VersionId><Properties><Content-Length>5</Content-Length></Properties></Blob>
            <Blob><Name>b.txt</Name><VersionId>2026-11-24T10:00:00.0000000Z</VersionId><IsCurrentVersion>true</IsCurrentVersion><Properties><Content-Length>6</Content-Length></Properties></Blob>
            </Blobs><NextMarker /></EnumerationResults>"#;
        let listing = crate::blob::parse_blob_listing(body).unwrap();
        let facts: Vec<_> = listing.blobs.iter().map(|b| b.retention.describe()).collect();
        assert_eq!(
            facts,
            [
                Some(said!("retention-deleted-days", days = number(6))),
                Some(said!(
                    "retention-earlier-version",
                    version = "2026-11-20T10:00:00.0000000Z"
                )),
                None
            ]
        );
    }
}
