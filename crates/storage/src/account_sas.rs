//! Account SAS: one signature, made with the account key, that reaches several services (blob, queue, table),
//! resource levels (the service, containers/queues/tables, objects) and operations at once, handed over as a
//! connection string another tool reads. Never logged: the inspector and the error paths redact `sig=`.

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
    said("error-op-create-account-sas")
}

/// The services an account SAS may name (file shares are not reached by this app, but a SAS may carry them for
/// another tool), in the order the service documents.
pub const SERVICES: &str = "bqtf";
/// Service, container, object.
pub const RESOURCE_TYPES: &str = "sco";
/// Read, write, delete, delete version, permanent delete, list, add, create, update, process, tag, filter,
/// set immutability policy.
pub const PERMISSIONS: &str = "rwdxylacuptfi";

/// What an account SAS grants.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AccountSasGrant {
    pub services: String,
    pub resource_types: String,
    pub permissions: String,
    pub start: Option<SystemTime>,
    pub expiry: Option<SystemTime>,
    /// One address or a range, `168.1.5.60-168.1.5.70`.
    pub ip: Option<String>,
    pub https_only: bool,
}

/// Letters of `given` not in `allowed`, said before anything is signed.
fn check_letters(what: &str, given: &str, allowed: &str) -> Result<String> {
    if let Some(c) = given.chars().find(|c| !allowed.contains(*c)) {
        return Err(StorageError::invalid(
            op_name(),
            match what {
                "services" => said!("error-sas-not-a-service", letter = c.to_string(), allowed = allowed),
                "resource_types" => said!(
                    "error-sas-not-a-resource-type",
                    letter = c.to_string(),
                    allowed = allowed
                ),
                _ => said!(
                    "error-sas-not-an-account-permission",
                    letter = c.to_string(),
                    allowed = allowed
                ),
            },
        ));
    }
    let letters = in_order(given, allowed);
    if letters.is_empty() {
        let choose = match what {
            "services" => said("error-sas-choose-service"),
            "resource_types" => said("error-sas-choose-resource-type"),
            _ => said("error-sas-choose-permissions"),
        };
        return Err(StorageError::invalid(op_name(), choose));
    }
    Ok(letters)
}

impl Client {
    /// The account SAS token (a query string without `?`), checked first: letters each field takes, an expiry
    /// after the start, a well-formed IP range, an account key to sign with.
    pub fn account_sas(&self, grant: &AccountSasGrant) -> Result<String> {
        let Credential::SharedKey(key) = &self.account().credential else {
            return Err(StorageError::invalid(op_name(), said("error-sas-account-needs-key")));
        };
        let ss = check_letters("services", &grant.services, SERVICES)?;
        let srt = check_letters("resource_types", &grant.resource_types, RESOURCE_TYPES)?;
        let sp = check_letters("permissions", &grant.permissions, PERMISSIONS)?;
        let Some(expiry) = grant.expiry else {
            return Err(StorageError::invalid(op_name(), said("error-sas-choose-expiry")));
        };
        if expiry <= grant.start.unwrap_or_else(SystemTime::now) {
            return Err(StorageError::invalid(op_name(), said("error-sas-expiry-before-start")));
        }
        let sip = grant.ip.clone().unwrap_or_default();
        crate::service_sas::check_ip(&op_name(), grant.ip.as_deref())?;
        let time = |t: Option<SystemTime>| {
            t.map(|t| crate::times::format(t, crate::times::ISO_SECONDS))
                .unwrap_or_default()
        };
        let (st, se) = (time(grant.start), time(Some(expiry)));
        let spr = if grant.https_only { "https" } else { "" };
        // Version 2020-12-06 and later: the encryption scope (none here) and a closing newline.
        let to_sign = [
            self.account().name.as_str(),
            &sp,
            &ss,
            &srt,
            &st,
            &se,
            &sip,
            spr,
            API_VERSION,
            "",
            "",
        ]
        .join("\n");
        let sig = hmac_sha256_base64(key.bytes(), &to_sign);
        let pairs = [
            ("sv", API_VERSION.to_string()),
            ("ss", ss),
            ("srt", srt),
            ("sp", sp),
            ("st", st),
            ("se", se),
            ("sip", sip),
            ("spr", spr.to_string()),
            ("sig", sig),
        ];
        let query: Vec<String> = pairs
            .iter()
            .filter(|(_, v)| !v.is_empty())
            .map(|(k, v)| format!("{k}={}", utf8_percent_encode(v, QUERY_VALUE)))
            .collect();
        Ok(query.join("&"))
    }

    /// A connection string with the account's endpoints for the services the SAS names, and the SAS: what
    /// Storage Explorer, the SDKs and this app read.
    pub fn account_sas_connection_string(&self, grant: &AccountSasGrant) -> Result<String> {
        let sas = self.account_sas(grant)?;
        let mut parts = Vec::new();
        for (letter, service, setting) in [
            ('b', Service::Blob, "BlobEndpoint"),
            ('q', Service::Queue, "QueueEndpoint"),
            ('t', Service::Table, "TableEndpoint"),
        ] {
            if grant.services.contains(letter)
                && let Ok(url) = self.account().endpoint(service)
            {
                parts.push(format!("{setting}={}", url.as_str().trim_end_matches('/')));
            }
        }
        parts.push(format!("SharedAccessSignature={sas}"));
        Ok(parts.join(";"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    use crate::offline_client as client;

    fn grant() -> AccountSasGrant {
        AccountSasGrant {
            services: "tb".into(),
            resource_types: "os".into(),
            permissions: "lr".into(),
            expiry: Some(SystemTime::now() + Duration::from_secs(60)),
            ..Default::default()
        }
    }

    #[test]
    fn letters_are_put_in_the_service_order_and_bad_ones_said_before_signing() {
        let sas = client().account_sas(&grant()).unwrap();
        assert!(sas.contains("ss=bt&srt=so&sp=rl&"), "{sas}");
        for bad in [
            AccountSasGrant {
                services: "bz".into(),
                ..grant()
            },
            AccountSasGrant {
                permissions: String::new(),
                ..grant()
            },
            AccountSasGrant {
                expiry: None,
                ..grant()
            },
            AccountSasGrant {
                ip: Some("10.0.0".into()),
                ..grant()
            },
        ] {
            assert_eq!(client().account_sas(&bad).unwrap_err().kind, crate::ErrorKind::Invalid);
        }
    }

    #[test]
    fn the_connection_string_names_only_the_services_granted() {
        let cs = client().account_sas_connection_string(&grant()).unwrap();
        assert!(cs.contains("BlobEndpoint=http://127.0.0.1:1/devstoreaccount1;"), "{cs}");
        assert!(cs.contains("TableEndpoint=") && !cs.contains("QueueEndpoint="), "{cs}");
        assert!(cs.contains(";SharedAccessSignature=sv="), "{cs}");
    }
}
