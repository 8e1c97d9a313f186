//! Stored access policies (signed identifiers) of a container or a queue: read, checked, written back whole,
//! guarded by If-Unmodified-Since the time they were read (the ACL has no ETag). A SAS bound to one (`si=`) takes
//! its permissions and times from it, so changing or removing the policy changes or revokes every such SAS.

use std::time::SystemTime;

use reqwest::Method;

use crate::Service;
use crate::error::{Result, StorageError};
use crate::pipeline::{Client, Headers, Request};
use crate::words::{Said, said};
use crate::xml;

/// At most five policies on a container or a queue.
pub const MAX_POLICIES: usize = 5;

/// One stored access policy: its id, and what a SAS bound to it may do and when (the times as the service
/// writes them, ISO 8601 UTC; either may be left to the SAS).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoredPolicy {
    pub id: String,
    pub start: String,
    pub expiry: String,
    pub permissions: String,
}

/// A resource's policies as read, and when the ACL last changed (the guard of a write).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Policies {
    pub policies: Vec<StoredPolicy>,
    pub read_at: Option<SystemTime>,
    /// A container's public access as the service said it (`x-ms-blob-public-access`), which the same write
    /// carries back as it was.
    pub public_access: Option<String>,
}

/// What is wrong with a set of policies, in words, before sending: the count, ids (1 to 64 characters, unique),
/// permission letters the resource takes (`allowed`, in its order), times that are not ISO 8601.
pub fn validate_policies(policies: &[StoredPolicy], allowed: &str) -> std::result::Result<(), Said> {
    if policies.len() > MAX_POLICIES {
        return Err(said!(
            "error-policies-count",
            max = MAX_POLICIES.to_string(),
            count = policies.len().to_string()
        ));
    }
    let mut ids = std::collections::HashSet::new();
    for p in policies {
        if p.id.is_empty() || p.id.chars().count() > 64 {
            return Err(said!("error-policies-id-length", id = p.id.as_str()));
        }
        if !ids.insert(p.id.as_str()) {
            return Err(said!("error-policies-id-twice", id = p.id.as_str()));
        }
        if let Some(c) = p.permissions.chars().find(|c| !allowed.contains(*c)) {
            return Err(said!(
                "error-policies-permission",
                id = p.id.as_str(),
                letter = c.to_string(),
                allowed = allowed
            ));
        }
        for (start, time) in [(true, &p.start), (false, &p.expiry)] {
            if !time.is_empty() && crate::times::parse_iso(time).is_none() {
                let (id, time) = (p.id.as_str(), time.as_str());
                return Err(if start {
                    said!("error-policies-start-time", id = id, time = time)
                } else {
                    said!("error-policies-expiry-time", id = id, time = time)
                });
            }
        }
    }
    Ok(())
}

/// Permission letters in the order `allowed` lists them (the service wants its own order).
pub fn in_order(letters: &str, allowed: &str) -> String {
    allowed.chars().filter(|c| letters.contains(*c)).collect()
}

fn parse(body: &[u8]) -> std::result::Result<Vec<StoredPolicy>, Said> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(Vec::new());
    }
    let root = xml::parse(body)?;
    Ok(root
        .children_named("SignedIdentifier")
        .map(|s| {
            let policy = s.child("AccessPolicy");
            let field = |name: &str| policy.and_then(|p| p.text_of(name)).unwrap_or_default().to_string();
            StoredPolicy {
                id: s.text_of("Id").unwrap_or_default().to_string(),
                start: field("Start"),
                expiry: field("Expiry"),
                permissions: field("Permission"),
            }
        })
        .collect())
}

fn to_xml(policies: &[StoredPolicy]) -> String {
    let mut body = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?><SignedIdentifiers>");
    for p in policies {
        body.push_str(&format!(
            "<SignedIdentifier><Id>{}</Id><AccessPolicy>",
            xml::escape(&p.id)
        ));
        for (name, value) in [
            ("Start", &p.start),
            ("Expiry", &p.expiry),
            ("Permission", &p.permissions),
        ] {
            if !value.is_empty() {
                body.push_str(&format!("<{name}>{}</{name}>", xml::escape(value)));
            }
        }
        body.push_str("</AccessPolicy></SignedIdentifier>");
    }
    body.push_str("</SignedIdentifiers>");
    body
}

/// The permission letters of each resource's policies, in the service's order.
pub const CONTAINER_LETTERS: &str = "racwdl";
pub const QUEUE_LETTERS: &str = "raup";

fn acl_request(service: Service, method: Method, op: &Said, name: &str) -> Request {
    let req = Request::new(service, method, op, format!("/{name}")).query("comp", "acl");
    if service == Service::Blob {
        req.query("restype", "container")
    } else {
        req
    }
}

impl Client {
    /// A container's (Service::Blob) or a queue's (Service::Queue) stored access policies.
    pub async fn get_policies(&self, service: Service, name: &str) -> Result<Policies> {
        let op = said!("error-op-read-access-policies", name = name);
        let resp = self.send(acl_request(service, Method::GET, &op, name)).await?;
        let policies = parse(&resp.body).map_err(|e| StorageError::decode(&op, e))?;
        Ok(Policies {
            policies,
            read_at: resp
                .header("last-modified")
                .and_then(|d| httpdate::parse_http_date(d).ok()),
            public_access: resp.header("x-ms-blob-public-access").map(str::to_string),
        })
    }

    /// Replaces the policies with `policies` (checked first), only if the ACL has not changed since `read`: a
    /// container's with If-Unmodified-Since (its public access written back as read); a queue's, which takes no
    /// condition, by reading its policies again just before the write and refusing when they differ from
    /// `read`'s (a change landing between that read and the write is not caught). `lease_id`: a container's.
    /// Returns when the ACL changed, as the write's answer says (a container's; a queue's has no time): the
    /// next save's guard, with no read after the write.
    pub async fn set_policies(
        &self,
        service: Service,
        name: &str,
        policies: &[StoredPolicy],
        read: &Policies,
        lease_id: Option<&str>,
    ) -> Result<Option<SystemTime>> {
        let op = said!("error-op-save-access-policies", name = name);
        let letters = if service == Service::Blob {
            CONTAINER_LETTERS
        } else {
            QUEUE_LETTERS
        };
        validate_policies(policies, letters).map_err(|why| StorageError::invalid(&op, why))?;
        if service == Service::Queue {
            // Get Queue ACL carries no time and Set Queue ACL takes no condition: read again just before the
            // write and refuse when the policies differ from those the edit started from.
            let now = self.get_policies(service, name).await?;
            if now.policies != read.policies {
                let ids: Vec<&str> = now.policies.iter().map(|p| p.id.as_str()).collect();
                return Err(StorageError::changed_since_read(
                    &op,
                    said!(
                        "error-policies-now",
                        policies = if ids.is_empty() {
                            said("error-queue-metadata-none")
                        } else {
                            Said::text(ids.join(", "))
                        }
                    ),
                ));
            }
        }
        let mut req = acl_request(service, Method::PUT, &op, name)
            .header_opt("if-unmodified-since", read.read_at.map(httpdate::fmt_http_date))
            .header("content-type", "application/xml")
            .header_opt("x-ms-lease-id", lease_id.map(str::to_string))
            .body(to_xml(policies));
        if service == Service::Blob {
            req = req.header_opt("x-ms-blob-public-access", read.public_access.clone());
        }
        let resp = self.send(req.idempotent(false)).await?;
        Ok(resp
            .header("last-modified")
            .and_then(|d| httpdate::parse_http_date(d).ok()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(id: &str, permissions: &str) -> StoredPolicy {
        StoredPolicy {
            id: id.into(),
            start: String::new(),
            expiry: "2030-01-01T00:00:00Z".into(),
            permissions: permissions.into(),
        }
    }

    #[test]
    fn policies_are_checked_before_sending() {
        assert!(validate_policies(&[policy("readers", "rl")], CONTAINER_LETTERS).is_ok());
        assert!(validate_policies(&[policy("q", "rp")], QUEUE_LETTERS).is_ok());
        let six: Vec<StoredPolicy> = (0..6).map(|i| policy(&format!("p{i}"), "r")).collect();
        assert_eq!(
            validate_policies(&six, CONTAINER_LETTERS),
            Err(said!("error-policies-count", max = "5", count = "6"))
        );
        assert_eq!(
            validate_policies(&[policy("", "r")], CONTAINER_LETTERS),
            Err(said!("error-policies-id-length", id = ""))
        );
        let twice = [policy("a", "r"), policy("a", "l")];
        assert_eq!(
            validate_policies(&twice, CONTAINER_LETTERS),
            Err(said!("error-policies-id-twice", id = "a"))
        );
        assert_eq!(
            validate_policies(&[policy("a", "rp")], CONTAINER_LETTERS),
            Err(said!(
                "error-policies-permission",
                id = "a",
                letter = "p",
                allowed = CONTAINER_LETTERS
            ))
        );
        let mut late = policy("a", "r");
        late.expiry = "next tuesday".into();
        assert_eq!(
            validate_policies(&[late], CONTAINER_LETTERS),
            Err(said!("error-policies-expiry-time", id = "a", time = "next tuesday"))
        );
        assert_eq!(in_order("lr", CONTAINER_LETTERS), "rl");
    }

    #[test]
    fn policies_read_back_from_the_xml_written() {
        let written = vec![policy("readers", "rl"), policy("a&b", "r")];
        assert_eq!(parse(to_xml(&written).as_bytes()).unwrap(), written);
        assert_eq!(parse(b"").unwrap(), Vec::new());
    }
}
