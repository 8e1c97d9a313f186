//! Blob versions, on an account that keeps them: a blob's versions listed, an earlier one promoted (copied over
//! the current blob) and one deleted. Azurite 3.35 has no versions: what is here is checked against the
//! service's documented requests and response bodies in unit tests, never against a service, and the pane
//! offers it only when the blob's properties carry a version id.

use reqwest::Method;

use crate::Service;
use crate::blob::{BlobItem, Conditions, CopyOutcome, ListBlobsOptions, blob_path, blob_request, check_names};
use crate::error::Result;
use crate::pipeline::Client;
use crate::words::{Said, said};

impl Client {
    /// Every version of `blob`, oldest first, the current one marked (`retention.is_current_version`).
    pub async fn list_versions(&self, container: &str, blob: &str) -> Result<Vec<BlobItem>> {
        let mut options = ListBlobsOptions {
            prefix: Some(blob.to_string()),
            include_versions: true,
            ..Default::default()
        };
        let mut versions = Vec::new();
        loop {
            let page = self.list_blobs(container, &options).await?;
            // The prefix also lists `blob.bak` and `blob/x`: only this name's versions.
            versions.extend(page.blobs.into_iter().filter(|b| b.name == blob));
            match page.next_marker {
                Some(m) => options.marker = Some(m),
                None => break,
            }
        }
        Ok(versions)
    }

    /// The URL of one version of a blob, as a copy's source within this account.
    pub fn version_source_url(&self, container: &str, blob: &str, version_id: &str) -> Result<String> {
        check_names(&Said::text("Copy"), container, Some(blob))?;
        let mut url = self.resource_url(Service::Blob, &blob_path(container, blob))?;
        url.query_pairs_mut().append_pair("versionid", version_id);
        Ok(url.to_string())
    }

    /// Copies an earlier version over the blob (the current one becomes a version of its own), conditional on
    /// `conditions` (If-Match the ETag shown).
    pub async fn promote_version(
        &self,
        container: &str,
        blob: &str,
        version_id: &str,
        conditions: &Conditions,
    ) -> Result<CopyOutcome> {
        let source = self.version_source_url(container, blob, version_id)?;
        self.copy_blob_from_url(&source, blob, (container, blob), conditions, None)
            .await
    }

    /// Deletes one version (never the current one: the service refuses that, and the pane does not offer it).
    pub async fn delete_version(&self, container: &str, blob: &str, version_id: &str) -> Result<()> {
        let op = said!("error-op-delete-version", version_id = version_id, blob = blob);
        check_names(&op, container, Some(blob))?;
        let req = blob_request(Method::DELETE, &op, container, blob)
            .query("versionid", version_id)
            .idempotent(false);
        self.send(req).await.map(drop)
    }
}

#[cfg(test)]
mod tests {
    use crate::blob::BlobProperties;

    #[test]
    fn a_version_id_is_read_from_the_documented_headers() {
        // Get Blob Properties on an account with versioning (version 2019-12-12 and later).
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert("x-ms-version-id", "2026-11-24T10:00:00.1234567Z".parse().unwrap());
        headers.insert("x-ms-is-current-version", "true".parse().unwrap());
        headers.insert("etag", "\"0x1\"".parse().unwrap());
        let props = BlobProperties::from_headers(&headers);
        assert_eq!(props.version_id.as_deref(), Some("2026-11-24T10:00:00.1234567Z"));
        // Azurite's (and an account without versioning's) answer has none: nothing is offered then.
        assert_eq!(
            BlobProperties::from_headers(&reqwest::header::HeaderMap::new()).version_id,
            None
        );
    }

    #[test]
    fn a_version_is_addressed_by_its_id() {
        let c = crate::offline_client();
        let url = c
            .version_source_url("docs", "a b.txt", "2026-11-24T10:00:00.1234567Z")
            .unwrap();
        assert_eq!(
            url,
            "http://127.0.0.1:1/devstoreaccount1/docs/a%20b.txt?versionid=2026-11-24T10%3A00%3A00.1234567Z"
        );
    }
}
