//! Append and page blobs: create either, append a block (with the append-position and max-size conditions
//! that let two writers find out they raced), write a page range, and read which ranges hold data.

use bytes::Bytes;
use reqwest::Method;

use crate::blob::{Conditions, blob_request, check_names};
use crate::error::{Result, StorageError};
use crate::pipeline::{Client, Headers};
use crate::words::{Said, said};
use crate::xml;

/// Pages are 512 bytes: a page blob's size, and a write's offset and length, are multiples of it.
pub const PAGE: u64 = 512;

/// At most 4 MiB in one append (the service's limit for Append Block on older versions; safe on all).
pub const MAX_APPEND: usize = 4 * 1024 * 1024;

/// What an append did: where the block landed, the new ETag and how many blocks the blob now holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Appended {
    pub offset: u64,
    pub etag: String,
    pub blocks: u64,
}

/// The append's own conditions: refused (412, `AppendPositionConditionNotMet`) unless the blob is exactly
/// `position` bytes long; refused (`MaxBlobSizeConditionNotMet`) if it would grow past `max_size`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AppendConditions {
    pub position: Option<u64>,
    pub max_size: Option<u64>,
}

/// One range of a page blob that holds data, inclusive of both ends as the service says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageRange {
    pub start: u64,
    pub end: u64,
}

fn parse_page_ranges(body: &[u8]) -> std::result::Result<Vec<PageRange>, Said> {
    let root = xml::parse(body)?;
    root.children_named("PageRange")
        .map(|r| {
            let n = |name: &str| {
                r.text_of(name)
                    .and_then(|t| t.parse::<u64>().ok())
                    .ok_or_else(|| said!("error-decode-page-range-not-numeric", name = name))
            };
            Ok(PageRange {
                start: n("Start")?,
                end: n("End")?,
            })
        })
        .collect()
}

impl Client {
    /// Creates an empty append blob (If-None-Match `*` in `conditions` refuses one already there).
    pub async fn create_append_blob(&self, container: &str, blob: &str, conditions: &Conditions) -> Result<String> {
        let op = said!("error-op-create-append-blob", blob = blob);
        check_names(&op, container, Some(blob))?;
        let req = blob_request(Method::PUT, &op, container, blob)
            .header("x-ms-blob-type", "AppendBlob")
            .header("content-length", "0")
            .idempotent(false);
        let resp = self.send(conditions.apply(req)).await?;
        Ok(resp.etag().unwrap_or_default())
    }

    /// Appends `data` as one block.
    pub async fn append_block(
        &self,
        container: &str,
        blob: &str,
        data: Bytes,
        conditions: &Conditions,
        append: AppendConditions,
    ) -> Result<Appended> {
        let op = said!("error-op-append-to-blob", blob = blob);
        check_names(&op, container, Some(blob))?;
        if data.is_empty() || data.len() > MAX_APPEND {
            return Err(StorageError::invalid(
                &op,
                said!("error-append-size", bytes = data.len().to_string()),
            ));
        }
        let make = || {
            let req = blob_request(Method::PUT, &op, container, blob)
                .query("comp", "appendblock")
                .header_opt("x-ms-blob-condition-appendpos", append.position.map(|p| p.to_string()))
                .header_opt("x-ms-blob-condition-maxsize", append.max_size.map(|m| m.to_string()))
                .body(data.clone())
                // Appending twice appends twice: a retry could duplicate the block unless the position is pinned.
                .idempotent(append.position.is_some());
            conditions.apply(req)
        };
        let resp = self.send_checksummed(&data, make).await?;
        let number = |h: &str| resp.header(h).and_then(|v| v.parse().ok()).unwrap_or(0);
        Ok(Appended {
            offset: number("x-ms-blob-append-offset"),
            etag: resp.etag().unwrap_or_default(),
            blocks: number("x-ms-blob-committed-block-count"),
        })
    }

    /// Creates a page blob of `size` bytes (a multiple of 512), all zeros.
    pub async fn create_page_blob(
        &self,
        container: &str,
        blob: &str,
        size: u64,
        conditions: &Conditions,
    ) -> Result<String> {
        let op = said!("error-op-create-page-blob", blob = blob);
        check_names(&op, container, Some(blob))?;
        if size == 0 || !size.is_multiple_of(PAGE) {
            return Err(StorageError::invalid(
                &op,
                said!("error-page-blob-size", size = size.to_string()),
            ));
        }
        let req = blob_request(Method::PUT, &op, container, blob)
            .header("x-ms-blob-type", "PageBlob")
            .header("x-ms-blob-content-length", size.to_string())
            .header("content-length", "0")
            .idempotent(false);
        let resp = self.send(conditions.apply(req)).await?;
        Ok(resp.etag().unwrap_or_default())
    }

    /// Writes `data` (a multiple of 512 bytes) at `offset` (a multiple of 512).
    pub async fn put_pages(
        &self,
        container: &str,
        blob: &str,
        offset: u64,
        data: Bytes,
        conditions: &Conditions,
    ) -> Result<String> {
        let op = said!("error-op-write-pages", blob = blob);
        check_names(&op, container, Some(blob))?;
        let len = data.len() as u64;
        if len == 0 || !len.is_multiple_of(PAGE) || !offset.is_multiple_of(PAGE) || len > MAX_APPEND as u64 {
            return Err(StorageError::invalid(
                &op,
                said!(
                    "error-pages-write",
                    length = len.to_string(),
                    offset = offset.to_string()
                ),
            ));
        }
        let make = || {
            let req = blob_request(Method::PUT, &op, container, blob)
                .query("comp", "page")
                .header("x-ms-page-write", "update")
                .header("x-ms-range", format!("bytes={offset}-{}", offset + len - 1))
                .body(data.clone());
            conditions.apply(req)
        };
        let resp = self.send_checksummed(&data, make).await?;
        Ok(resp.etag().unwrap_or_default())
    }

    /// Clears `length` bytes of pages from `offset` (both multiples of 512): they read as zeros and hold no data.
    pub async fn clear_pages(
        &self,
        container: &str,
        blob: &str,
        offset: u64,
        length: u64,
        conditions: &Conditions,
    ) -> Result<String> {
        let op = said!("error-op-clear-pages", blob = blob);
        check_names(&op, container, Some(blob))?;
        if length == 0 || !length.is_multiple_of(PAGE) || !offset.is_multiple_of(PAGE) {
            return Err(StorageError::invalid(
                &op,
                said!(
                    "error-pages-clear",
                    length = length.to_string(),
                    offset = offset.to_string()
                ),
            ));
        }
        let req = blob_request(Method::PUT, &op, container, blob)
            .query("comp", "page")
            .header("x-ms-page-write", "clear")
            .header("x-ms-range", format!("bytes={offset}-{}", offset + length - 1))
            .header("content-length", "0")
            .idempotent(true);
        let resp = self.send(conditions.apply(req)).await?;
        Ok(resp.etag().unwrap_or_default())
    }

    /// The ranges of a page blob that hold data.
    pub async fn get_page_ranges(&self, container: &str, blob: &str) -> Result<Vec<PageRange>> {
        let op = said!("error-op-read-page-ranges", blob = blob);
        check_names(&op, container, Some(blob))?;
        let resp = self
            .send(blob_request(Method::GET, &op, container, blob).query("comp", "pagelist"))
            .await?;
        parse_page_ranges(&resp.body).map_err(|e| StorageError::decode(&op, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_ranges_read_from_the_documented_body() {
        let body = br#"<?xml version="1.0" encoding="utf-8"?><PageList><PageRange><Start>0</Start><End>511</End></PageRange><ClearRange><Start>512</Start><End>1023</End></ClearRange><PageRange><Start>1024</Start><End>2047</End></PageRange></PageList>"#;
        assert_eq!(
            parse_page_ranges(body).unwrap(),
            [PageRange { start: 0, end: 511 }, PageRange { start: 1024, end: 2047 }]
        );
    }
}
