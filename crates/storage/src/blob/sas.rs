//! SAS URLs for a container or a blob: a service SAS signed with the account key, or a user delegation SAS
//! signed with a key a Microsoft Entra ID sign-in gets from the service.

use std::time::SystemTime;

use crate::Service;
use crate::account::Credential;
use crate::auth::hmac_sha256_base64;
use crate::blob::check_names;
use crate::error::{Result, StorageError};
use crate::pipeline::{API_VERSION, Client, Request};
use crate::service_sas::{SasGrant, SasResource};
use crate::words::{Said, said};
use reqwest::Method;

/// What a SAS allows, written in the service's canonical order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SasPermissions {
    pub read: bool,
    pub add: bool,
    pub create: bool,
    pub write: bool,
    pub delete: bool,
    pub list: bool,
}

impl SasPermissions {
    pub fn read_only() -> Self {
        SasPermissions {
            read: true,
            ..Self::default()
        }
    }

    pub fn to_letters(self) -> String {
        [
            (self.read, 'r'),
            (self.add, 'a'),
            (self.create, 'c'),
            (self.write, 'w'),
            (self.delete, 'd'),
            (self.list, 'l'),
        ]
        .into_iter()
        .filter_map(|(on, c)| on.then_some(c))
        .collect()
    }
}

fn sas_time(t: SystemTime) -> String {
    crate::times::format(t, crate::times::ISO_SECONDS)
}

/// What both kinds of SAS share: the checked permissions, times, resource and canonical name.
struct SasBase {
    letters: String,
    st: String,
    se: String,
    resource: &'static str,
    /// The snapshot time of a snapshot's SAS (`sr=bs`), else empty.
    snapshot: String,
    /// The addresses it may be used from, and `https` when it may not be used over HTTP (empty: any).
    sip: String,
    spr: String,
    canonical: String,
    path: String,
}

/// A user delegation key: what a signed-in identity gets from Get User Delegation Key to sign SAS with, in
/// place of the account key. Its value never reaches Debug output.
#[derive(Clone)]
pub struct UserDelegationKey {
    pub signed_oid: String,
    pub signed_tid: String,
    pub signed_start: String,
    pub signed_expiry: String,
    pub signed_service: String,
    pub signed_version: String,
    value: Vec<u8>,
}

impl std::fmt::Debug for UserDelegationKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "UserDelegationKey(oid {}, until {}, <redacted>)",
            self.signed_oid, self.signed_expiry
        )
    }
}

fn op_name() -> Said {
    said("error-op-create-sas-url")
}

/// When and from where a shared SAS may be used, beyond its expiry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SasLimits {
    pub start: Option<SystemTime>,
    /// One address or a range, `168.1.5.60-168.1.5.70`.
    pub ip: Option<String>,
    pub https_only: bool,
}

impl Client {
    fn sas_base(
        &self,
        container: &str,
        blob: Option<&str>,
        permissions: SasPermissions,
        start: Option<SystemTime>,
        expiry: SystemTime,
    ) -> Result<SasBase> {
        check_names(&op_name(), container, blob)?;
        let letters = permissions.to_letters();
        if letters.is_empty() {
            return Err(StorageError::invalid(op_name(), said("error-sas-choose-permission")));
        }
        if expiry <= start.unwrap_or_else(SystemTime::now) {
            return Err(StorageError::invalid(op_name(), said("error-sas-expiry-before-start")));
        }
        let (canonical, path) = crate::service_sas::blob_resource(&self.account().name, container, blob);
        Ok(SasBase {
            letters,
            st: start.map(sas_time).unwrap_or_default(),
            se: sas_time(expiry),
            resource: if blob.is_some() { "b" } else { "c" },
            snapshot: String::new(),
            sip: String::new(),
            spr: String::new(),
            canonical,
            path,
        })
    }

    fn sas_url_of(&self, base: &SasBase, extra: Vec<(&str, String)>, sig: String) -> Result<String> {
        let mut query = vec![
            ("sv", API_VERSION.to_string()),
            ("sr", base.resource.into()),
            ("sp", base.letters.clone()),
        ];
        if !base.st.is_empty() {
            query.push(("st", base.st.clone()));
        }
        query.push(("se", base.se.clone()));
        if !base.snapshot.is_empty() {
            query.push(("snapshot", base.snapshot.clone()));
        }
        for (k, v) in [("sip", &base.sip), ("spr", &base.spr)] {
            if !v.is_empty() {
                query.push((k, v.clone()));
            }
        }
        query.extend(extra);
        query.push(("sig", sig));
        self.url_with_query(Service::Blob, &base.path, query)
    }

    /// A URL that grants `permissions` on a container (blob = None) or a blob until `expiry`, signed with the
    /// account key (a service SAS).
    pub fn blob_sas_url(
        &self,
        container: &str,
        blob: Option<&str>,
        permissions: SasPermissions,
        start: Option<SystemTime>,
        expiry: SystemTime,
    ) -> Result<String> {
        check_names(&op_name(), container, blob)?;
        if !matches!(self.account().credential, Credential::SharedKey(_)) {
            return Err(StorageError::invalid(
                op_name(),
                said("error-sas-service-needs-key-or-delegation"),
            ));
        }
        let limits = SasLimits {
            start,
            ..Default::default()
        };
        self.blob_service_sas(container, blob, permissions, expiry, &limits)
    }

    /// A container's or blob's service SAS: one of the service SAS of `service_sas`, the one signer of them all.
    fn blob_service_sas(
        &self,
        container: &str,
        blob: Option<&str>,
        permissions: SasPermissions,
        expiry: SystemTime,
        limits: &SasLimits,
    ) -> Result<String> {
        let resource = match blob {
            Some(b) => SasResource::Blob(container.to_string(), b.to_string()),
            None => SasResource::Container(container.to_string()),
        };
        let grant = SasGrant {
            permissions: permissions.to_letters(),
            start: limits.start,
            expiry: Some(expiry),
            policy: None,
            ip: limits.ip.clone(),
            https_only: limits.https_only,
        };
        self.service_sas_url(&resource, &grant)
    }

    /// Get User Delegation Key: a key valid from `start` to `expiry` (at most seven days) for the signed-in
    /// identity to sign SAS with. Only a Microsoft Entra ID sign-in may ask.
    pub async fn user_delegation_key(&self, start: SystemTime, expiry: SystemTime) -> Result<UserDelegationKey> {
        let op = &said("error-op-get-user-delegation-key");
        if !matches!(self.account().credential, Credential::Bearer(_)) {
            return Err(StorageError::invalid(
                op,
                said("error-sas-delegation-key-needs-sign-in"),
            ));
        }
        let body = format!(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><KeyInfo><Start>{}</Start><Expiry>{}</Expiry></KeyInfo>",
            sas_time(start),
            sas_time(expiry)
        );
        let req = Request::new(Service::Blob, Method::POST, op, "/")
            .query("restype", "service")
            .query("comp", "userdelegationkey")
            .header("content-type", "application/xml")
            .body(body)
            .idempotent(true);
        let resp = self.send(req).await?;
        let root = crate::xml::parse(&resp.body).map_err(|e| StorageError::decode(op, e))?;
        let text = |name: &str| {
            root.string(name)
                .ok_or_else(|| StorageError::decode(op, said!("error-decode-missing-element", name = name)))
        };
        let value = crate::AccountKey::from_base64(&text("Value")?)
            .map_err(|_| StorageError::decode(op, said("error-decode-key-not-base64")))?;
        Ok(UserDelegationKey {
            signed_oid: text("SignedOid")?,
            signed_tid: text("SignedTid")?,
            signed_start: text("SignedStart")?,
            signed_expiry: text("SignedExpiry")?,
            signed_service: text("SignedService")?,
            signed_version: text("SignedVersion")?,
            value: value.bytes().to_vec(),
        })
    }

    /// The SAS this account can make: a service SAS with the account key, or with a Microsoft Entra ID
    /// sign-in a user delegation SAS (its key fetched first, valid until the SAS ends).
    pub async fn shareable_sas_url(
        &self,
        container: &str,
        blob: Option<&str>,
        permissions: SasPermissions,
        expiry: SystemTime,
    ) -> Result<String> {
        let limits = SasLimits::default();
        self.shareable_sas_url_within(container, blob, permissions, expiry, &limits)
            .await
    }

    /// `shareable_sas_url` valid from a start, from some addresses, over HTTPS only, as `limits` say.
    pub async fn shareable_sas_url_within(
        &self,
        container: &str,
        blob: Option<&str>,
        permissions: SasPermissions,
        expiry: SystemTime,
        limits: &SasLimits,
    ) -> Result<String> {
        crate::service_sas::check_ip(&op_name(), limits.ip.as_deref())?;
        match self.account().credential {
            Credential::Bearer(_) => {
                // Checked before the key is asked for: bad input sends nothing.
                let mut base = self.sas_base(container, blob, permissions, limits.start, expiry)?;
                base.sip = limits.ip.clone().unwrap_or_default();
                base.spr = if limits.https_only {
                    "https".into()
                } else {
                    String::new()
                };
                let key = self.delegation_key_until(expiry).await?;
                self.user_delegation_sas_of(&key, &base)
            }
            _ => {
                check_names(&op_name(), container, blob)?;
                self.blob_service_sas(container, blob, permissions, expiry, limits)
            }
        }
    }

    /// A read-only SAS for one snapshot of a blob (`sr=bs`, the snapshot time signed), as `shareable_sas_url`
    /// makes one for a blob: what another account's Copy Blob reads a snapshot through.
    pub async fn shareable_snapshot_sas_url(
        &self,
        container: &str,
        blob: &str,
        snapshot: &str,
        expiry: SystemTime,
    ) -> Result<String> {
        match self.account().credential {
            Credential::Bearer(_) => {
                let mut base = self.sas_base(container, Some(blob), SasPermissions::read_only(), None, expiry)?;
                (base.resource, base.snapshot) = ("bs", snapshot.to_string());
                let key = self.delegation_key_until(expiry).await?;
                self.user_delegation_sas_of(&key, &base)
            }
            _ => {
                let resource = SasResource::Snapshot(container.into(), blob.into(), snapshot.into());
                let grant = SasGrant {
                    permissions: "r".into(),
                    expiry: Some(expiry),
                    ..Default::default()
                };
                self.service_sas_url(&resource, &grant)
            }
        }
    }

    /// A user delegation key valid until `expiry`: started a quarter hour back (clocks differ) and ended within
    /// the service's seven days.
    async fn delegation_key_until(&self, expiry: SystemTime) -> Result<UserDelegationKey> {
        let now = SystemTime::now();
        let key_start = now - std::time::Duration::from_secs(15 * 60);
        let key_end = expiry.min(now + std::time::Duration::from_secs(7 * 24 * 3600 - 60));
        self.user_delegation_key(key_start, key_end).await
    }

    /// A user delegation SAS: the same grant as `blob_sas_url`, signed with a user delegation key, so an
    /// account reached with a Microsoft Entra ID sign-in (no key) can share a container or blob.
    pub fn user_delegation_sas_url(
        &self,
        key: &UserDelegationKey,
        container: &str,
        blob: Option<&str>,
        permissions: SasPermissions,
        start: Option<SystemTime>,
        expiry: SystemTime,
    ) -> Result<String> {
        let base = self.sas_base(container, blob, permissions, start, expiry)?;
        self.user_delegation_sas_of(key, &base)
    }

    /// The user delegation SAS of a grant already checked.
    fn user_delegation_sas_of(&self, key: &UserDelegationKey, base: &SasBase) -> Result<String> {
        // The key's six fields, then three unused ids, IP and protocol; the rest as every Blob SAS.
        let string_to_sign = crate::service_sas::blob_string_to_sign(
            &[
                &base.letters,
                &base.st,
                &base.se,
                &base.canonical,
                &key.signed_oid,
                &key.signed_tid,
                &key.signed_start,
                &key.signed_expiry,
                &key.signed_service,
                &key.signed_version,
                "",
                "",
                "",
                &base.sip,
                &base.spr,
            ],
            base.resource,
            &base.snapshot,
        );
        let sig = hmac_sha256_base64(&key.value, &string_to_sign);
        let extra = vec![
            ("skoid", key.signed_oid.clone()),
            ("sktid", key.signed_tid.clone()),
            ("skt", key.signed_start.clone()),
            ("ske", key.signed_expiry.clone()),
            ("sks", key.signed_service.clone()),
            ("skv", key.signed_version.clone()),
        ];
        self.sas_url_of(base, extra, sig)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permissions_keep_the_canonical_order() {
        let p = SasPermissions {
            list: true,
            read: true,
            write: true,
            ..Default::default()
        };
        assert_eq!(p.to_letters(), "rwl");
    }

    #[test]
    fn sas_times_are_whole_seconds_in_utc() {
        let t = SystemTime::UNIX_EPOCH + std::time::Duration::from_millis(1_795_000_000_123);
        assert_eq!(sas_time(t), "2026-11-18T11:06:40Z");
    }
}
