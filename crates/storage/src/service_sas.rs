//! Service SAS for any resource: a container or blob, a queue, a table, with a start, an expiry, an IP range,
//! HTTPS only, and the permission letters each takes, or bound to a stored access policy (`si=`), which then
//! supplies what the SAS leaves out. Signed with the account key; the URL is for the clipboard, never a log.

use std::time::SystemTime;

use percent_encoding::utf8_percent_encode;

use crate::Service;
use crate::account::Credential;
use crate::auth::hmac_sha256_base64;
use crate::error::{Result, StorageError};
use crate::pipeline::{API_VERSION, Client, QUERY_VALUE};
use crate::policies::in_order;
use crate::words::{Said, said};

fn op_name() -> Said {
    said("error-op-create-sas-url")
}

/// The resource a service SAS is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SasResource {
    Container(String),
    Blob(String, String),
    /// One snapshot of a blob (container, blob, snapshot time): `sr=bs`, the time signed and in the query.
    Snapshot(String, String, String),
    Queue(String),
    Table(String),
}

impl SasResource {
    /// The permission letters this resource takes, in the service's order.
    pub fn letters(&self) -> &'static str {
        match self {
            SasResource::Container(_) => "racwdl",
            SasResource::Blob(..) => "racwd",
            SasResource::Snapshot(..) => "rd",
            SasResource::Queue(_) => "raup",
            SasResource::Table(_) => "raud",
        }
    }

    fn service(&self) -> Service {
        match self {
            SasResource::Container(_) | SasResource::Blob(..) | SasResource::Snapshot(..) => Service::Blob,
            SasResource::Queue(_) => Service::Queue,
            SasResource::Table(_) => Service::Table,
        }
    }
}

/// What a SAS grants. With a policy, empty permissions and no times take the policy's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SasGrant {
    pub permissions: String,
    pub start: Option<SystemTime>,
    pub expiry: Option<SystemTime>,
    pub policy: Option<String>,
    /// One address or a range, `168.1.5.60-168.1.5.70`.
    pub ip: Option<String>,
    pub https_only: bool,
}

fn time(t: Option<SystemTime>) -> String {
    t.map(|t| crate::times::format(t, crate::times::ISO_SECONDS))
        .unwrap_or_default()
}

/// A container's or blob's canonical name in a string to sign, and its path in the URL.
pub(crate) fn blob_resource(account: &str, container: &str, blob: Option<&str>) -> (String, String) {
    match blob {
        Some(b) => (
            format!("/blob/{account}/{container}/{b}"),
            crate::names::blob_path(container, b),
        ),
        None => (format!("/blob/{account}/{container}"), format!("/{container}")),
    }
}

/// A Blob SAS's string to sign (version 2020-12-06 and later), service or user delegation alike: its own
/// `fields`, then the version, the resource and the snapshot time, and empty the encryption scope and the five
/// response headers this client never sets.
pub(crate) fn blob_string_to_sign(fields: &[&str], resource: &str, snapshot: &str) -> String {
    let mut all = fields.to_vec();
    all.extend([API_VERSION, resource, snapshot, "", "", "", "", "", ""]);
    all.join("\n")
}

/// A SAS's address or range, said before signing when it is neither an IPv4 address nor a range of two.
pub(crate) fn check_ip(op: &Said, ip: Option<&str>) -> Result<()> {
    let ok = |ip: &str| ip.split('-').count() <= 2 && ip.split('-').all(|a| a.parse::<std::net::Ipv4Addr>().is_ok());
    match ip.filter(|ip| !ok(ip)) {
        Some(ip) => Err(StorageError::invalid(op, said!("error-sas-ip-invalid", ip = ip))),
        None => Ok(()),
    }
}

impl Client {
    /// A resource's URL with a SAS's query (each value percent-encoded), as every kind of SAS here ends.
    pub(crate) fn url_with_query(&self, service: Service, path: &str, query: Vec<(&str, String)>) -> Result<String> {
        let query: Vec<String> = query
            .into_iter()
            .map(|(k, v)| format!("{k}={}", utf8_percent_encode(&v, QUERY_VALUE)))
            .collect();
        let url = self.resource_url(service, path)?;
        Ok(format!("{url}?{}", query.join("&")))
    }

    /// A service SAS URL for `resource`, checked first: permissions the resource takes, an expiry after the
    /// start (or a policy to take them from), a well-formed IP range.
    pub fn service_sas_url(&self, resource: &SasResource, grant: &SasGrant) -> Result<String> {
        let Credential::SharedKey(key) = &self.account().credential else {
            return Err(StorageError::invalid(op_name(), said("error-sas-service-needs-key")));
        };
        let allowed = resource.letters();
        if let Some(c) = grant.permissions.chars().find(|c| !allowed.contains(*c)) {
            return Err(StorageError::invalid(
                op_name(),
                said!("error-sas-not-a-permission", letter = c.to_string(), allowed = allowed),
            ));
        }
        let sp = in_order(&grant.permissions, allowed);
        if grant.policy.is_none() {
            if sp.is_empty() {
                return Err(StorageError::invalid(
                    op_name(),
                    said("error-sas-choose-permission-or-policy"),
                ));
            }
            let Some(expiry) = grant.expiry else {
                return Err(StorageError::invalid(
                    op_name(),
                    said("error-sas-choose-expiry-or-policy"),
                ));
            };
            if expiry <= grant.start.unwrap_or_else(SystemTime::now) {
                return Err(StorageError::invalid(op_name(), said("error-sas-expiry-before-start")));
            }
        }
        check_ip(&op_name(), grant.ip.as_deref())?;
        let account = &self.account().name;
        let (st, se) = (time(grant.start), time(grant.expiry));
        let si = grant.policy.clone().unwrap_or_default();
        let sip = grant.ip.clone().unwrap_or_default();
        let spr = if grant.https_only { "https" } else { "" }.to_string();
        let (path, to_sign, mut query): (String, String, Vec<(&str, String)>) = match resource {
            SasResource::Container(c) | SasResource::Blob(c, _) | SasResource::Snapshot(c, ..) => {
                let (blob, sr, snapshot) = match resource {
                    SasResource::Blob(_, b) => (Some(b.as_str()), "b", ""),
                    SasResource::Snapshot(_, b, t) => (Some(b.as_str()), "bs", t.as_str()),
                    _ => (None, "c", ""),
                };
                let (canonical, path) = blob_resource(account, c, blob);
                let to_sign = blob_string_to_sign(&[&sp, &st, &se, &canonical, &si, &sip, &spr], sr, snapshot);
                let mut query = vec![("sr", sr.to_string())];
                if !snapshot.is_empty() {
                    query.push(("snapshot", snapshot.to_string()));
                }
                (path, to_sign, query)
            }
            SasResource::Queue(q) => {
                let canonical = format!("/queue/{account}/{q}");
                let fields = [&sp, &st, &se, &canonical, &si, &sip, &spr, API_VERSION];
                (format!("/{q}"), fields.join("\n"), Vec::new())
            }
            SasResource::Table(t) => {
                let canonical = format!("/table/{account}/{}", t.to_lowercase());
                // Then the partition and row key bounds, none here.
                let fields = [&sp, &st, &se, &canonical, &si, &sip, &spr, API_VERSION, "", "", "", ""];
                (format!("/{t}"), fields.join("\n"), vec![("tn", t.clone())])
            }
        };
        let sig = hmac_sha256_base64(key.bytes(), &to_sign);
        query.insert(0, ("sv", API_VERSION.to_string()));
        for (k, v) in [
            ("sp", sp),
            ("st", st),
            ("se", se),
            ("si", si),
            ("sip", sip),
            ("spr", spr),
        ] {
            if !v.is_empty() {
                query.push((k, v));
            }
        }
        query.push(("sig", sig));
        self.url_with_query(resource.service(), &path, query)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    use crate::offline_client as client;

    #[test]
    fn a_snapshot_sas_names_its_snapshot_and_takes_only_its_letters() {
        let c = client();
        let time = "2026-11-24T10:00:00.1234567Z";
        let snap = SasResource::Snapshot("c".into(), "a b.txt".into(), time.into());
        let grant = SasGrant {
            permissions: "r".into(),
            expiry: Some(SystemTime::now() + std::time::Duration::from_secs(60)),
            ..Default::default()
        };
        let url = c.service_sas_url(&snap, &grant).unwrap();
        assert!(
            url.contains("sr=bs") && url.contains("snapshot=2026-11-24T10%3A00%3A00.1234567Z"),
            "{url}"
        );
        let write = SasGrant {
            permissions: "w".into(),
            ..grant
        };
        assert!(c.service_sas_url(&snap, &write).is_err(), "a snapshot is never written");
    }

    #[test]
    fn bad_grants_are_said_before_signing() {
        let c = client();
        let q = SasResource::Queue("jobs".into());
        let grant = |p: &str| SasGrant {
            permissions: p.into(),
            expiry: Some(SystemTime::now() + std::time::Duration::from_secs(60)),
            ..Default::default()
        };
        assert_eq!(
            c.service_sas_url(&q, &grant("rw"))
                .map_err(|e| (e.kind, e.message.clone())),
            Err((
                ErrorKind::Invalid,
                said!(
                    "error-sas-not-a-permission",
                    letter = "w",
                    allowed = SasResource::Queue("jobs".into()).letters()
                )
            ))
        );
        assert_eq!(
            c.service_sas_url(&q, &grant(""))
                .map_err(|e| (e.kind, e.message.clone())),
            Err((ErrorKind::Invalid, said("error-sas-choose-permission-or-policy")))
        );
        let mut g = grant("pr");
        g.ip = Some("10.0.0.300".into());
        assert_eq!(
            c.service_sas_url(&q, &g).map_err(|e| (e.kind, e.message.clone())),
            Err((ErrorKind::Invalid, said!("error-sas-ip-invalid", ip = "10.0.0.300")))
        );
        g.ip = Some("10.0.0.1-10.0.0.9".into());
        let url = c.service_sas_url(&q, &g).unwrap();
        assert!(url.contains("sp=rp&") && url.contains("sip=10.0.0.1-10.0.0.9"), "{url}");
        // A policy supplies what the SAS leaves out.
        let bound = SasGrant {
            policy: Some("readers".into()),
            ..Default::default()
        };
        let url = c.service_sas_url(&SasResource::Table("Orders".into()), &bound).unwrap();
        assert!(
            url.contains("tn=Orders") && url.contains("si=readers") && !url.contains("sp="),
            "{url}"
        );
    }
}
