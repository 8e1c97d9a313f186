//! Blob containers: list, create, delete, properties, metadata and public access.

use std::time::SystemTime;

use reqwest::Method;
use reqwest::header::HeaderMap;

use crate::Service;
use crate::blob::conditions::Conditions;
use crate::blob::{LeaseInfo, PublicAccess, check_names, header, lease_info, quoted_etag};
use crate::error::Result;
use crate::metadata::{apply_metadata, metadata_from_headers};
use crate::pipeline::{Client, Request};
use crate::words::{Said, said};
use crate::xml::Element;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ContainerProperties {
    pub etag: String,
    pub last_modified: Option<SystemTime>,
    pub lease: LeaseInfo,
    pub public_access: PublicAccess,
}

impl ContainerProperties {
    fn read(get: impl Fn(&str, &str) -> Option<String>) -> Self {
        ContainerProperties {
            etag: get("etag", "Etag").map(|e| quoted_etag(&e)).unwrap_or_default(),
            last_modified: get("last-modified", "Last-Modified").and_then(|d| httpdate::parse_http_date(&d).ok()),
            lease: lease_info(&get),
            public_access: PublicAccess::parse(get("x-ms-blob-public-access", "PublicAccess").as_deref()),
        }
    }

    fn from_headers(headers: &HeaderMap) -> Self {
        Self::read(|h, _| header(headers, h))
    }

    fn from_xml(props: &Element) -> Self {
        Self::read(|_, x| props.string(x))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContainerItem {
    pub name: String,
    pub properties: ContainerProperties,
    pub metadata: Vec<(String, String)>,
}

#[derive(Clone, Debug, Default)]
pub struct ContainerPage {
    pub containers: Vec<ContainerItem>,
    pub next_marker: Option<String>,
}

fn container_request(method: Method, operation: &Said, name: &str) -> Request {
    Request::new(Service::Blob, method, operation, format!("/{name}")).query("restype", "container")
}

/// A List Containers answer read into its page.
pub fn container_page(root: &Element) -> ContainerPage {
    let containers = root
        .child("Containers")
        .map(|c| {
            c.children_named("Container")
                .map(|c| ContainerItem {
                    name: c.text_of("Name").unwrap_or("").to_string(),
                    properties: c
                        .child("Properties")
                        .map(ContainerProperties::from_xml)
                        .unwrap_or_default(),
                    metadata: c.metadata(),
                })
                .collect()
        })
        .unwrap_or_default();
    ContainerPage {
        containers,
        next_marker: root.string("NextMarker"),
    }
}

impl Client {
    /// One page of containers (at most 5,000), with their metadata when asked.
    pub async fn list_containers(
        &self,
        prefix: Option<&str>,
        marker: Option<&str>,
        max_results: Option<u32>,
        include_metadata: bool,
    ) -> Result<ContainerPage> {
        let list = (prefix, marker, max_results, include_metadata);
        self.list_account_level(Service::Blob, said("error-op-list-containers"), list, container_page)
            .await
    }

    pub async fn create_container(
        &self,
        name: &str,
        access: PublicAccess,
        metadata: &[(String, String)],
    ) -> Result<()> {
        let op = said!("error-op-create-container", name = name);
        check_names(&op, name, None)?;
        let req = container_request(Method::PUT, &op, name)
            .header_opt("x-ms-blob-public-access", access.header_value())
            .idempotent(false);
        self.send(apply_metadata(&op, req, metadata)?).await.map(drop)
    }

    /// Deletes a container; a leased one needs its lease id in the conditions.
    pub async fn delete_container(&self, name: &str, conditions: &Conditions) -> Result<()> {
        let op = said!("error-op-delete-container", name = name);
        check_names(&op, name, None)?;
        let req = container_request(Method::DELETE, &op, name).idempotent(false);
        self.send(conditions.apply(req)).await.map(drop)
    }

    pub async fn get_container_properties(&self, name: &str) -> Result<(ContainerProperties, Vec<(String, String)>)> {
        let op = said!("error-op-read-container-properties", name = name);
        check_names(&op, name, None)?;
        let resp = self
            .send(container_request(Method::HEAD, &op, name).reading_metadata())
            .await?;
        Ok((
            ContainerProperties::from_headers(&resp.headers),
            metadata_from_headers(&resp),
        ))
    }

    pub async fn set_container_metadata(
        &self,
        name: &str,
        metadata: &[(String, String)],
        conditions: &Conditions,
    ) -> Result<()> {
        let op = said!("error-op-save-container-metadata", name = name);
        check_names(&op, name, None)?;
        let req = container_request(Method::PUT, &op, name).query("comp", "metadata");
        // Containers take only the lease id and If-Modified-Since here.
        let req = apply_metadata(&op, req, metadata)?
            .header_opt("x-ms-lease-id", conditions.lease_id.clone())
            .header_opt(
                "if-modified-since",
                conditions.if_modified_since.map(httpdate::fmt_http_date),
            );
        self.send(req).await.map(drop)
    }

    /// Changes public read access, keeping the container's stored access policies as they are. Set Container
    /// ACL has no ETag condition: the write is guarded by If-Unmodified-Since (the caller's, or else the time
    /// the policies were read), so policies someone changed after that are not written back over, and by the
    /// lease the conditions carry. (A change within the same second as that time is not seen: HTTP dates are
    /// whole seconds.)
    pub async fn set_container_public_access(
        &self,
        name: &str,
        access: PublicAccess,
        conditions: &Conditions,
    ) -> Result<()> {
        let op = said!("error-op-change-public-access", name = name);
        check_names(&op, name, None)?;
        let current = self
            .send(container_request(Method::GET, &op, name).query("comp", "acl"))
            .await?;
        let read_at = header(&current.headers, "last-modified").and_then(|d| httpdate::parse_http_date(&d).ok());
        let guard = Conditions {
            if_unmodified_since: conditions.if_unmodified_since.or(read_at),
            ..conditions.clone()
        };
        // Setting the ACL replaces the policies, so send back the ones that are there.
        let policies = if current.body.is_empty() {
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><SignedIdentifiers />"
                .as_bytes()
                .to_vec()
        } else {
            current.body.to_vec()
        };
        let req = container_request(Method::PUT, &op, name)
            .query("comp", "acl")
            .header_opt("x-ms-blob-public-access", access.header_value())
            .header("content-type", "application/xml")
            .body(policies);
        let req = guard.apply(req).idempotent(!guard.is_conditional());
        self.send(req).await.map(drop)
    }
}
