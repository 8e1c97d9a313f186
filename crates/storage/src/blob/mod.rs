//! Blobs: names, properties (from HEAD headers or list XML alike), listing with virtual folders, metadata and
//! HTTP headers, small reads and writes, deletes, snapshots and copies.

pub(crate) mod append_page;
pub(crate) mod conditions;
pub(crate) mod container;
pub(crate) mod copy;
pub(crate) mod download;
pub(crate) mod file_writes;
pub(crate) mod lease;
pub(crate) mod listing_parts;
pub(crate) mod listing_split;
pub(crate) mod listing_xml;
pub(crate) mod retention;
pub(crate) mod sas;
pub(crate) mod tags;
pub(crate) mod tier;
pub(crate) mod transfer;
pub(crate) mod upload;
pub(crate) mod versions;

pub use append_page::{AppendConditions, Appended, PAGE, PageRange};
pub use conditions::Conditions;
pub use container::{ContainerItem, ContainerPage, ContainerProperties};
pub use copy::{CopyOutcome, CopyStatus};
pub use download::{DownloadOutcome, is_partial_file, partial_paths};
pub use file_writes::{FileWritten, pages_fit};
pub use lease::{LeaseDuration, LeaseGrant, LeaseTarget};
pub use listing_parts::{PARALLEL_LISTINGS, list_in_parts};
pub use retention::{Retention, RetentionFacts};
pub use sas::{SasLimits, SasPermissions, UserDelegationKey};
pub use tags::{MAX_TAGS, TaggedBlob, TaggedPage, validate_tags};
pub use tier::{AccessTier, RehydratePriority, TierChange};
pub use transfer::{MAX_BLOCK_SIZE, MAX_BLOCKS, MAX_RANGE, TransferOptions, block_size_for, range_size_for};
pub use upload::{StagedBlock, block_id};

use std::time::SystemTime;

use bytes::Bytes;
use reqwest::Method;
use reqwest::header::HeaderMap;

use crate::Service;
use crate::error::{Result, StorageError};
use crate::metadata::{apply_metadata, metadata_from_headers};
use crate::names::{validate_blob_name, validate_container_name};
use crate::pipeline::{Client, Headers, Request};
use crate::words::{Said, said};
use crate::xml::{self, Element};

pub use crate::names::blob_path;

pub(crate) fn check_names(operation: &Said, container: &str, blob: Option<&str>) -> Result<()> {
    validate_container_name(container).map_err(|m| StorageError::invalid(operation, m))?;
    if let Some(b) = blob {
        validate_blob_name(b).map_err(|m| StorageError::invalid(operation, m))?;
    }
    Ok(())
}

/// `available`, `leased`, `expired`, `breaking`, `broken`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LeaseState {
    #[default]
    Available,
    Leased,
    Expired,
    Breaking,
    Broken,
}

impl LeaseState {
    pub fn parse(s: &str) -> LeaseState {
        match s {
            "leased" => LeaseState::Leased,
            "expired" => LeaseState::Expired,
            "breaking" => LeaseState::Breaking,
            "broken" => LeaseState::Broken,
            _ => LeaseState::Available,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            LeaseState::Available => "available",
            LeaseState::Leased => "leased",
            LeaseState::Expired => "expired",
            LeaseState::Breaking => "breaking",
            LeaseState::Broken => "broken",
        }
    }
}

/// What the service reports of a lease: state, status (locked/unlocked) and duration (infinite/fixed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LeaseInfo {
    pub state: LeaseState,
    pub locked: bool,
    /// Some(true) for infinite, Some(false) for fixed, None when not leased.
    pub infinite: Option<bool>,
}

/// Public read access of a container.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PublicAccess {
    #[default]
    None,
    /// Anyone may read blobs, not list them.
    Blob,
    /// Anyone may read and list blobs.
    Container,
}

impl PublicAccess {
    pub fn parse(s: Option<&str>) -> PublicAccess {
        match s {
            Some("blob") => PublicAccess::Blob,
            Some("container") => PublicAccess::Container,
            _ => PublicAccess::None,
        }
    }

    pub const ALL: [PublicAccess; 3] = [PublicAccess::None, PublicAccess::Blob, PublicAccess::Container];

    /// The level in words, in the window's language.
    pub fn describe(self) -> Said {
        said(match self {
            PublicAccess::None => "access-private",
            PublicAccess::Blob => "access-blob",
            PublicAccess::Container => "access-container",
        })
    }

    pub fn header_value(self) -> Option<&'static str> {
        match self {
            PublicAccess::None => None,
            PublicAccess::Blob => Some("blob"),
            PublicAccess::Container => Some("container"),
        }
    }
}

/// Content headers a blob is served with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlobHttpHeaders {
    pub content_type: Option<String>,
    pub content_encoding: Option<String>,
    pub content_language: Option<String>,
    pub content_disposition: Option<String>,
    pub cache_control: Option<String>,
    /// Base64 MD5 of the whole content, stored with the blob.
    pub content_md5: Option<String>,
}

impl BlobHttpHeaders {
    /// As `x-ms-blob-*` headers (Set Blob Properties, Put Block List) rather than the body's own headers.
    pub(crate) fn apply_as_blob_headers(&self, req: Request) -> Request {
        req.header_opt("x-ms-blob-content-type", self.content_type.clone())
            .header_opt("x-ms-blob-content-encoding", self.content_encoding.clone())
            .header_opt("x-ms-blob-content-language", self.content_language.clone())
            .header_opt("x-ms-blob-content-disposition", self.content_disposition.clone())
            .header_opt("x-ms-blob-cache-control", self.cache_control.clone())
            .header_opt("x-ms-blob-content-md5", self.content_md5.clone())
    }
}

/// Everything the service says about a blob.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlobProperties {
    pub content_length: u64,
    /// Whether the answer said the size at all (a proxy may drop Content-Length from a HEAD).
    pub size_known: bool,
    pub http: BlobHttpHeaders,
    pub blob_type: String,
    pub access_tier: Option<String>,
    /// The tier is the account's default, not set on the blob.
    pub tier_inferred: bool,
    /// `rehydrate-pending-to-hot` (and `-cool`, `-cold`) while a blob leaves Archive.
    pub archive_status: Option<String>,
    pub rehydrate_priority: Option<String>,
    pub tier_changed: Option<SystemTime>,
    pub etag: String,
    pub last_modified: Option<SystemTime>,
    pub created: Option<SystemTime>,
    pub lease: LeaseInfo,
    pub copy_status: Option<String>,
    /// The version this is (`x-ms-version-id`), on an account that keeps versions: its presence is how the
    /// pane learns versioning is on (the service properties do not say; the account's management settings do).
    pub version_id: Option<String>,
}

/// ETags come quoted in headers and bare in list XML; keep them quoted so If-Match works with either.
pub fn quoted_etag(etag: &str) -> String {
    if etag.starts_with('"') || etag.starts_with("W/") {
        etag.to_string()
    } else {
        // Not `format!`: a listing quotes every blob's ETag.
        let mut quoted = String::with_capacity(etag.len() + 2);
        quoted.push('"');
        quoted.push_str(etag);
        quoted.push('"');
        quoted
    }
}

fn http_date(s: Option<&str>) -> Option<SystemTime> {
    super::times::parse_http_date(s?)
}

/// A looked-up field as an owned string (a header's or an element's text, or a listing's borrowed slice).
fn text<S: AsRef<str>>(s: Option<S>) -> Option<String> {
    s.map(|s| s.as_ref().to_string())
}

impl BlobProperties {
    /// Reads properties through a lookup by (header name, list XML name); only the fields kept as text are
    /// made strings (a listing reads some twenty fields a blob).
    fn read<S: AsRef<str>>(get: impl Fn(&str, &str) -> Option<S>) -> BlobProperties {
        let length: Option<u64> = get("content-length", "Content-Length").and_then(|v| v.as_ref().parse().ok());
        let is = |s: Option<S>, what: &str| s.is_some_and(|s| s.as_ref() == what);
        BlobProperties {
            content_length: length.unwrap_or(0),
            size_known: length.is_some(),
            http: BlobHttpHeaders {
                content_type: text(get("content-type", "Content-Type")),
                content_encoding: text(get("content-encoding", "Content-Encoding")),
                content_language: text(get("content-language", "Content-Language")),
                content_disposition: text(get("content-disposition", "Content-Disposition")),
                cache_control: text(get("cache-control", "Cache-Control")),
                content_md5: text(get("content-md5", "Content-MD5")),
            },
            blob_type: text(get("x-ms-blob-type", "BlobType")).unwrap_or_default(),
            access_tier: text(get("x-ms-access-tier", "AccessTier")),
            tier_inferred: is(get("x-ms-access-tier-inferred", "AccessTierInferred"), "true"),
            archive_status: text(get("x-ms-archive-status", "ArchiveStatus")),
            rehydrate_priority: text(get("x-ms-rehydrate-priority", "RehydratePriority")),
            tier_changed: http_date(
                get("x-ms-access-tier-change-time", "AccessTierChangeTime")
                    .as_ref()
                    .map(S::as_ref),
            ),
            etag: get("etag", "Etag").map(|e| quoted_etag(e.as_ref())).unwrap_or_default(),
            last_modified: http_date(get("last-modified", "Last-Modified").as_ref().map(S::as_ref)),
            created: http_date(get("x-ms-creation-time", "Creation-Time").as_ref().map(S::as_ref)),
            lease: lease_info(&get),
            copy_status: text(get("x-ms-copy-status", "CopyStatus")),
            version_id: text(get("x-ms-version-id", "VersionId")),
        }
    }

    pub fn from_headers(headers: &HeaderMap) -> BlobProperties {
        Self::read(|h, _| headers.get(h).and_then(|v| v.to_str().ok()))
    }

    fn from_xml(props: &Element) -> BlobProperties {
        Self::read(|_, x| props.string(x))
    }
}

pub(crate) fn lease_info<S: AsRef<str>>(get: &impl Fn(&str, &str) -> Option<S>) -> LeaseInfo {
    LeaseInfo {
        state: get("x-ms-lease-state", "LeaseState")
            .map(|s| LeaseState::parse(s.as_ref()))
            .unwrap_or_default(),
        locked: get("x-ms-lease-status", "LeaseStatus").is_some_and(|s| s.as_ref() == "locked"),
        infinite: get("x-ms-lease-duration", "LeaseDuration").map(|d| d.as_ref() == "infinite"),
    }
}

pub(crate) fn header(headers: &HeaderMap, name: &str) -> Option<String> {
    headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_string)
}

/// One blob of a listing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlobItem {
    pub name: String,
    /// Set for snapshots (included on request).
    pub snapshot: Option<String>,
    pub properties: BlobProperties,
    pub metadata: Vec<(String, String)>,
    /// Its index tags, when the listing asked for them.
    pub tags: Vec<(String, String)>,
    /// Deleted or an earlier version, when the listing asked for those.
    pub retention: RetentionFacts,
}

/// One page of a listing: blobs, virtual folders (with a delimiter), and where the next page starts.
#[derive(Clone, Debug, Default)]
pub struct BlobListing {
    pub blobs: Vec<BlobItem>,
    pub prefixes: Vec<String>,
    pub next_marker: Option<String>,
}

#[derive(Clone, Debug, Default)]
pub struct ListBlobsOptions {
    pub prefix: Option<String>,
    /// `/` shows virtual folders; None lists flat.
    pub delimiter: Option<String>,
    pub marker: Option<String>,
    /// At most 5,000.
    pub max_results: Option<u32>,
    pub include_metadata: bool,
    pub include_snapshots: bool,
    /// Each blob's index tags (needs the Tags permission of a SAS, or a role that reads tags).
    pub include_tags: bool,
    /// Soft-deleted blobs too (where the account keeps them).
    pub include_deleted: bool,
    /// Every version of each blob (where the account keeps versions).
    pub include_versions: bool,
}

/// Whether deleting a blob also removes its snapshots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeleteSnapshots {
    /// The blob alone (fails if it has snapshots).
    None,
    /// The blob and its snapshots.
    Include,
    /// Only its snapshots.
    Only,
}

pub use crate::checksum::{BlockChecksum, content_md5, crc64, crc64_base64};

pub(crate) fn blob_request(method: Method, operation: &Said, container: &str, blob: &str) -> Request {
    Request::new(Service::Blob, method, operation, blob_path(container, blob))
}

/// What a write's answer says the blob now is: its new version and when it changed.
#[derive(Clone, Debug, PartialEq)]
pub struct Written {
    pub etag: String,
    pub last_modified: Option<SystemTime>,
}

impl Written {
    fn of(op: &Said, headers: &impl Headers) -> Result<Written> {
        Ok(Written {
            etag: quoted_etag(&etag_or_error(op, headers)?),
            last_modified: http_date(headers.header("last-modified")),
        })
    }
}

fn etag_or_error(op: &Said, headers: &impl Headers) -> Result<String> {
    headers
        .etag()
        .ok_or_else(|| StorageError::decode(op, said("error-decode-no-etag")))
}

impl Client {
    /// One page of blobs (and virtual folders when a delimiter is given).
    pub async fn list_blobs(&self, container: &str, options: &ListBlobsOptions) -> Result<BlobListing> {
        let op = said!("error-op-list-blobs", container = container);
        check_names(&op, container, None)?;
        let mut include = Vec::new();
        if options.include_metadata {
            include.push("metadata");
        }
        if options.include_snapshots {
            include.push("snapshots");
        }
        if options.include_tags {
            include.push("tags");
        }
        if options.include_deleted {
            include.push("deleted");
        }
        if options.include_versions {
            include.push("versions");
        }
        let req = Request::new(Service::Blob, Method::GET, &op, format!("/{container}"))
            .query("restype", "container")
            .query("comp", "list")
            .query_opt("prefix", options.prefix.clone().filter(|p| !p.is_empty()))
            .query_opt("delimiter", options.delimiter.clone())
            .query_opt("marker", options.marker.clone().filter(|m| !m.is_empty()))
            .query_opt("maxresults", options.max_results.map(|m| m.to_string()))
            .query_opt("include", (!include.is_empty()).then(|| include.join(",")));
        let resp = self.send(req).await?;
        parse_blob_listing(&resp.body).map_err(|e| StorageError::decode(&op, e))
    }

    /// Properties and metadata of a blob (or of one of its snapshots).
    pub async fn get_blob_properties(
        &self,
        container: &str,
        blob: &str,
        snapshot: Option<&str>,
    ) -> Result<(BlobProperties, Vec<(String, String)>)> {
        let op = said!("error-op-read-blob-properties", blob = blob);
        check_names(&op, container, Some(blob))?;
        let req = blob_request(Method::HEAD, &op, container, blob)
            .query_opt("snapshot", snapshot)
            .reading_metadata();
        let resp = self.send(req).await?;
        Ok((
            BlobProperties::from_headers(&resp.headers),
            metadata_from_headers(&resp),
        ))
    }

    /// Replaces a blob's metadata. Returns the new ETag.
    pub async fn set_blob_metadata(
        &self,
        container: &str,
        blob: &str,
        metadata: &[(String, String)],
        conditions: &Conditions,
    ) -> Result<String> {
        Ok(self
            .write_blob_metadata(container, blob, metadata, conditions)
            .await?
            .etag)
    }

    /// Replaces a blob's metadata. Returns what the answer says the blob now is (its new ETag and time): the
    /// caller needs no read after the write.
    pub async fn write_blob_metadata(
        &self,
        container: &str,
        blob: &str,
        metadata: &[(String, String)],
        conditions: &Conditions,
    ) -> Result<Written> {
        let op = said!("error-op-save-blob-metadata", blob = blob);
        check_names(&op, container, Some(blob))?;
        let req = blob_request(Method::PUT, &op, container, blob).query("comp", "metadata");
        let req = conditions
            .apply(apply_metadata(&op, req, metadata)?)
            .idempotent(!conditions.is_conditional());
        let resp = self.send(req).await?;
        Written::of(&op, &resp)
    }

    /// Replaces a blob's HTTP headers (all of them: unset ones are cleared). Returns the new ETag.
    pub async fn set_blob_http_headers(
        &self,
        container: &str,
        blob: &str,
        http: &BlobHttpHeaders,
        conditions: &Conditions,
    ) -> Result<String> {
        Ok(self
            .write_blob_http_headers(container, blob, http, conditions)
            .await?
            .etag)
    }

    /// Replaces a blob's HTTP headers (all of them: unset ones are cleared). Returns what the answer says the
    /// blob now is (its new ETag and time).
    pub async fn write_blob_http_headers(
        &self,
        container: &str,
        blob: &str,
        http: &BlobHttpHeaders,
        conditions: &Conditions,
    ) -> Result<Written> {
        let op = said!("error-op-save-blob-http-headers", blob = blob);
        check_names(&op, container, Some(blob))?;
        let req =
            http.apply_as_blob_headers(blob_request(Method::PUT, &op, container, blob).query("comp", "properties"));
        let resp = self
            .send(conditions.apply(req).idempotent(!conditions.is_conditional()))
            .await?;
        Written::of(&op, &resp)
    }

    /// Writes a whole block blob in one request (small contents). Returns the new ETag.
    pub async fn put_blob(
        &self,
        container: &str,
        blob: &str,
        body: Bytes,
        http: &BlobHttpHeaders,
        metadata: &[(String, String)],
        conditions: &Conditions,
    ) -> Result<String> {
        let op = said!("error-op-upload-blob", blob = blob);
        check_names(&op, container, Some(blob))?;
        let md5 = content_md5(&body);
        let mut http = http.clone();
        http.content_md5.get_or_insert_with(|| md5.clone());
        let req = http
            .apply_as_blob_headers(blob_request(Method::PUT, &op, container, blob))
            .header("x-ms-blob-type", "BlockBlob")
            .header("content-md5", md5)
            .body(body);
        let req = conditions
            .apply(apply_metadata(&op, req, metadata)?)
            .idempotent(!conditions.is_conditional());
        let resp = self.send(req).await?;
        etag_or_error(&op, &resp)
    }

    /// Reads a blob, or the byte range `[start, end]` of it, whole into memory (previews, small blobs).
    pub async fn get_blob(
        &self,
        container: &str,
        blob: &str,
        snapshot: Option<&str>,
        range: Option<(u64, u64)>,
    ) -> Result<(Bytes, BlobProperties)> {
        let op = said!("error-op-read-blob", blob = blob);
        check_names(&op, container, Some(blob))?;
        let req = blob_request(Method::GET, &op, container, blob)
            .query_opt("snapshot", snapshot)
            .header_opt("x-ms-range", range.map(|(s, e)| format!("bytes={s}-{e}")));
        let resp = self.send(req).await?;
        let mut props = BlobProperties::from_headers(&resp.headers);
        // A range answers with the range's length: the blob's own size is the total in Content-Range.
        if let Some(total) = header(&resp.headers, "content-range")
            .and_then(|r| r.rsplit('/').next().and_then(|t| t.parse::<u64>().ok()))
        {
            props.content_length = total;
            props.size_known = true;
        }
        Ok((resp.body.clone(), props))
    }

    pub async fn delete_blob(
        &self,
        container: &str,
        blob: &str,
        snapshot: Option<&str>,
        snapshots: DeleteSnapshots,
        conditions: &Conditions,
    ) -> Result<()> {
        let op = match snapshot {
            Some(s) => said!("error-op-delete-snapshot", snapshot = s, blob = blob),
            None => said!("error-op-delete-blob", blob = blob),
        };
        check_names(&op, container, Some(blob))?;
        let include = match snapshots {
            DeleteSnapshots::None => None,
            DeleteSnapshots::Include => Some("include"),
            DeleteSnapshots::Only => Some("only"),
        };
        let req = blob_request(Method::DELETE, &op, container, blob)
            .query_opt("snapshot", snapshot)
            .header_opt("x-ms-delete-snapshots", include)
            .idempotent(false);
        self.send(conditions.apply(req)).await.map(drop)
    }

    /// Takes a read-only snapshot; returns its time, the id that addresses it (`?snapshot=`).
    pub async fn snapshot_blob(&self, container: &str, blob: &str, conditions: &Conditions) -> Result<String> {
        let op = said!("error-op-snapshot-blob", blob = blob);
        check_names(&op, container, Some(blob))?;
        let req = blob_request(Method::PUT, &op, container, blob)
            .query("comp", "snapshot")
            .idempotent(false);
        let resp = self.send(conditions.apply(req)).await?;
        resp.header("x-ms-snapshot")
            .map(str::to_string)
            .ok_or_else(|| StorageError::decode(&op, said("error-decode-no-snapshot-time")))
    }
}

/// One List Blobs answer read into its page (public for the parse benches, which feed it canned pages).
pub fn parse_blob_listing(body: &[u8]) -> std::result::Result<BlobListing, Said> {
    listing_xml::read(body).or_else(|_| listing_by_tree(body))
}

/// A listing read through the element tree: the documents the one-pass reader declines.
fn listing_by_tree(body: &[u8]) -> std::result::Result<BlobListing, Said> {
    let root = xml::parse(body)?;
    let mut listing = BlobListing {
        next_marker: root.string("NextMarker"),
        ..Default::default()
    };
    if let Some(blobs) = root.child("Blobs") {
        for child in &blobs.children {
            match child.name.as_ref() {
                "Blob" => listing.blobs.push(BlobItem {
                    name: child.text_of("Name").unwrap_or("").to_string(),
                    snapshot: child.string("Snapshot"),
                    properties: child
                        .child("Properties")
                        .map(BlobProperties::from_xml)
                        .unwrap_or_default(),
                    metadata: child.metadata(),
                    tags: tags::tags_of(child.child("Tags")),
                    retention: RetentionFacts::of(child),
                }),
                "BlobPrefix" => listing.prefixes.push(child.text_of("Name").unwrap_or("").to_string()),
                _ => {}
            }
        }
    }
    Ok(listing)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blob_paths_keep_folders_and_encode_the_rest() {
        assert_eq!(blob_path("c", "dir/a b#?.txt"), "/c/dir/a%20b%23%3F.txt");
    }

    #[test]
    fn listing_reads_blobs_prefixes_and_lease_state() {
        let body = br#"<?xml version="1.0" encoding="utf-8"?><EnumerationResults><Blobs>
<Blob><Name>a.txt</Name><Properties><Last-Modified>Sun, 22 Nov 2026 08:00:00 GMT</Last-Modified><Etag>0x8DB</Etag>
<Content-Length>5</Content-Length><Content-Type>text/plain</Content-Type><BlobType>BlockBlob</BlobType>
<LeaseStatus>locked</LeaseStatus><LeaseState>leased</LeaseState><LeaseDuration>infinite</LeaseDuration></Properties></Blob>
<BlobPrefix><Name>dir/</Name></BlobPrefix></Blobs><NextMarker>m2</NextMarker></EnumerationResults>"#;
        let l = parse_blob_listing(body).unwrap();
        assert_eq!(l.blobs[0].properties.etag, "\"0x8DB\"");
        assert_eq!(l.blobs[0].properties.content_length, 5);
        assert_eq!(
            l.blobs[0].properties.lease,
            LeaseInfo {
                state: LeaseState::Leased,
                locked: true,
                infinite: Some(true)
            }
        );
        assert!(l.blobs[0].properties.last_modified.is_some());
        assert_eq!(l.prefixes, vec!["dir/"]);
        assert_eq!(l.next_marker.as_deref(), Some("m2"));
    }
}
