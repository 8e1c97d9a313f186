//! Blob index tags: a blob's tags read and replaced (Get and Set Blob Tags), the service's limits checked before
//! sending, and Find Blobs by Tags over a container or the whole account, paged like a listing.

use reqwest::Method;

use crate::Service;
use crate::blob::{blob_request, check_names};
use crate::error::{Result, StorageError};
use crate::pipeline::{Client, Request};
use crate::words::{Said, said};
use crate::xml::{self, Element};

/// At most this many tags on a blob.
pub const MAX_TAGS: usize = 10;

/// A tag key or value may hold letters and digits, space, and `+ - . / : = _` only.
fn allowed(c: char) -> bool {
    c.is_ascii_alphanumeric() || " +-./:=_".contains(c)
}

/// What is wrong with a set of tags in plain words, before any request: the count, empty, long or repeated keys,
/// long values, characters the service refuses.
pub fn validate_tags(tags: &[(String, String)]) -> std::result::Result<(), Said> {
    if tags.len() > MAX_TAGS {
        return Err(said!(
            "error-tags-count",
            max = MAX_TAGS.to_string(),
            count = tags.len().to_string()
        ));
    }
    let mut seen = std::collections::HashSet::new();
    for (k, v) in tags {
        if k.is_empty() || k.len() > 128 {
            return Err(said!("error-tags-key-length", key = k.as_str()));
        }
        if v.len() > 256 {
            return Err(said!(
                "error-tags-value-length",
                key = k.as_str(),
                length = v.len().to_string()
            ));
        }
        if let Some(c) = k.chars().chain(v.chars()).find(|c| !allowed(*c)) {
            return Err(said!(
                "error-tags-character",
                key = k.as_str(),
                character = c.to_string()
            ));
        }
        if !seen.insert(k.as_str()) {
            return Err(said!("error-tags-key-twice", key = k.as_str()));
        }
    }
    Ok(())
}

/// `<Tags><TagSet><Tag><Key>…</Key><Value>…</Value></Tag>…</TagSet></Tags>`.
fn tags_xml(tags: &[(String, String)]) -> String {
    let mut body = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?><Tags><TagSet>");
    for (k, v) in tags {
        body.push_str(&format!(
            "<Tag><Key>{}</Key><Value>{}</Value></Tag>",
            xml::escape(k),
            xml::escape(v)
        ));
    }
    body.push_str("</TagSet></Tags>");
    body
}

/// The pairs of a `<Tags>` element (in a tags document or a listing's blob).
pub(crate) fn tags_of(tags: Option<&Element>) -> Vec<(String, String)> {
    tags.and_then(|t| t.child("TagSet"))
        .map(|set| {
            set.children_named("Tag")
                .map(|t| {
                    (
                        t.text_of("Key").unwrap_or_default().to_string(),
                        t.text_of("Value").unwrap_or_default().to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// One blob Find by tags found: where it is, and the tags the expression matched on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaggedBlob {
    pub container: String,
    pub name: String,
    pub tags: Vec<(String, String)>,
}

/// A page of Find by tags, and where the next one starts.
#[derive(Clone, Debug, Default)]
pub struct TaggedPage {
    pub blobs: Vec<TaggedBlob>,
    pub next_marker: Option<String>,
}

fn parse_tagged_page(body: &[u8]) -> std::result::Result<TaggedPage, Said> {
    let root = xml::parse(body)?;
    let blobs = root
        .child("Blobs")
        .map(|b| {
            b.children_named("Blob")
                .map(|blob| TaggedBlob {
                    container: blob.text_of("ContainerName").unwrap_or_default().to_string(),
                    name: blob.text_of("Name").unwrap_or_default().to_string(),
                    tags: tags_of(blob.child("Tags")),
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(TaggedPage {
        blobs,
        next_marker: root.string("NextMarker"),
    })
}

impl Client {
    pub async fn get_blob_tags(&self, container: &str, blob: &str) -> Result<Vec<(String, String)>> {
        let op = said!("error-op-read-tags", blob = blob);
        check_names(&op, container, Some(blob))?;
        let resp = self
            .send(blob_request(Method::GET, &op, container, blob).query("comp", "tags"))
            .await?;
        let root = xml::parse(&resp.body).map_err(|e| StorageError::decode(&op, e))?;
        Ok(tags_of(Some(&root)))
    }

    /// Replaces a blob's tags with `tags` (checked first). Tags change neither the blob's content nor its ETag,
    /// and the service takes no If-Match here: only the lease id and an `x-ms-if-tags` expression.
    pub async fn set_blob_tags(
        &self,
        container: &str,
        blob: &str,
        tags: &[(String, String)],
        lease_id: Option<&str>,
        if_tags: Option<&str>,
    ) -> Result<()> {
        let op = said!("error-op-set-tags", blob = blob);
        check_names(&op, container, Some(blob))?;
        validate_tags(tags).map_err(|why| StorageError::invalid(&op, why))?;
        let req = blob_request(Method::PUT, &op, container, blob)
            .query("comp", "tags")
            .header("content-type", "application/xml; charset=UTF-8")
            .header_opt("x-ms-lease-id", lease_id.map(str::to_string))
            .header_opt("x-ms-if-tags", if_tags.map(str::to_string))
            .body(tags_xml(tags));
        self.send(req).await.map(drop)
    }

    /// Blobs whose tags satisfy `where_` (`"status" = 'done' AND "year" >= '2025'`), in one container or (None)
    /// the whole account; a page at a time from `marker`.
    pub async fn find_blobs_by_tags(
        &self,
        container: Option<&str>,
        where_: &str,
        marker: Option<&str>,
        max_results: Option<u32>,
    ) -> Result<TaggedPage> {
        let op = match container {
            Some(c) => said!("error-op-find-by-tags-in", container = c),
            None => said("error-op-find-by-tags-account"),
        };
        if where_.trim().is_empty() {
            return Err(StorageError::invalid(&op, said("error-tags-find-what")));
        }
        let req = match container {
            Some(c) => {
                check_names(&op, c, None)?;
                Request::new(Service::Blob, Method::GET, &op, format!("/{c}")).query("restype", "container")
            }
            None => Request::new(Service::Blob, Method::GET, &op, "/"),
        }
        .query("comp", "blobs")
        .query("where", where_)
        .query_opt("marker", marker.filter(|m| !m.is_empty()).map(str::to_string))
        .query_opt("maxresults", max_results.map(|m| m.to_string()));
        let resp = self.send(req).await?;
        parse_tagged_page(&resp.body).map_err(|e| StorageError::decode(&op, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn the_services_limits_are_said_before_sending() {
        assert!(validate_tags(&tags(&[("status", "done"), ("path", "a/b:c=d_e+f.g -h")])).is_ok());
        let eleven: Vec<(String, String)> = (0..11).map(|i| (format!("k{i}"), String::new())).collect();
        assert_eq!(
            validate_tags(&eleven),
            Err(said!("error-tags-count", max = "10", count = "11"))
        );
        assert_eq!(
            validate_tags(&tags(&[("", "x")])),
            Err(said!("error-tags-key-length", key = ""))
        );
        let long = "k".repeat(129);
        assert_eq!(
            validate_tags(&tags(&[(&long, "x")])),
            Err(said!("error-tags-key-length", key = long.as_str()))
        );
        assert_eq!(
            validate_tags(&tags(&[("k", &"v".repeat(257))])),
            Err(said!("error-tags-value-length", key = "k", length = "257"))
        );
        assert_eq!(
            validate_tags(&tags(&[("owner", "ann@example")])),
            Err(said!("error-tags-character", key = "owner", character = "@"))
        );
        assert_eq!(
            validate_tags(&tags(&[("a", "1"), ("a", "2")])),
            Err(said!("error-tags-key-twice", key = "a"))
        );
    }

    #[test]
    fn a_tags_document_and_a_find_page_read_back() {
        let doc = tags_xml(&tags(&[("status", "a<b"), ("year", "2026")]));
        let root = xml::parse(doc.as_bytes()).unwrap();
        assert_eq!(tags_of(Some(&root)), tags(&[("status", "a<b"), ("year", "2026")]));
        // The documented Find Blobs by Tags response.
        let page = br#"<?xml version="1.0" encoding="utf-8"?><EnumerationResults ServiceEndpoint="http://x/">
            <Where>"status"='done'</Where><Blobs><Blob><Name>a/b.txt</Name><ContainerName>logs</ContainerName>
            <Tags><TagSet><Tag><Key>status</Key><Value>done</Value></Tag></TagSet></Tags></Blob></Blobs>
            <NextMarker>m2</NextMarker></EnumerationResults>"#;
        let page = parse_tagged_page(page).unwrap();
        assert_eq!(
            page.blobs,
            [TaggedBlob {
                container: "logs".into(),
                name: "a/b.txt".into(),
                tags: tags(&[("status", "done")])
            }]
        );
        assert_eq!(page.next_marker.as_deref(), Some("m2"));
    }
}
