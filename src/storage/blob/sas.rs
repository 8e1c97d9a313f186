//! Service SAS URLs for a container or a blob, signed with the account key.

use std::time::SystemTime;

use percent_encoding::utf8_percent_encode;

use crate::storage::Service;
use crate::storage::account::Credential;
use crate::storage::auth::hmac_sha256_base64;
use crate::storage::blob::{blob_path, check_names};
use crate::storage::error::{Result, StorageError};
use crate::storage::pipeline::{API_VERSION, Client, QUERY_VALUE};

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
    crate::storage::times::format(t, crate::storage::times::ISO_SECONDS)
}

impl Client {
    /// A URL that grants `permissions` on a container (blob = None) or a blob until `expiry`.
    pub fn blob_sas_url(
        &self,
        container: &str,
        blob: Option<&str>,
        permissions: SasPermissions,
        start: Option<SystemTime>,
        expiry: SystemTime,
    ) -> Result<String> {
        let op = "Create a SAS URL";
        check_names(op, container, blob)?;
        let Credential::SharedKey(key) = &self.account().credential else {
            return Err(StorageError::invalid(
                op,
                "A SAS can be signed only with the account key; this account has none.",
            ));
        };
        let letters = permissions.to_letters();
        if letters.is_empty() {
            return Err(StorageError::invalid(op, "Choose at least one permission."));
        }
        if expiry <= start.unwrap_or_else(SystemTime::now) {
            return Err(StorageError::invalid(op, "The expiry must be later than the start."));
        }
        let resource = if blob.is_some() { "b" } else { "c" };
        let canonical = match blob {
            Some(b) => format!("/blob/{}/{container}/{b}", self.account().name),
            None => format!("/blob/{}/{container}", self.account().name),
        };
        let (st, se) = (start.map(sas_time).unwrap_or_default(), sas_time(expiry));
        // Version 2020-12-06 and later: ... version, resource, snapshot time, encryption scope, then five headers.
        let string_to_sign = [
            letters.as_str(),
            &st,
            &se,
            &canonical,
            "",
            "",
            "",
            API_VERSION,
            resource,
            "",
            "",
            "",
            "",
            "",
            "",
            "",
        ]
        .join("\n");
        let sig = hmac_sha256_base64(key.bytes(), &string_to_sign);
        let mut query = vec![
            ("sv", API_VERSION.to_string()),
            ("sr", resource.into()),
            ("sp", letters),
        ];
        if !st.is_empty() {
            query.push(("st", st));
        }
        query.push(("se", se));
        query.push(("sig", sig));
        let query: Vec<String> = query
            .into_iter()
            .map(|(k, v)| format!("{k}={}", utf8_percent_encode(&v, QUERY_VALUE)))
            .collect();
        let path = match blob {
            Some(b) => blob_path(container, b),
            None => format!("/{container}"),
        };
        let url = self.resource_url(Service::Blob, &path)?;
        Ok(format!("{url}?{}", query.join("&")))
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
