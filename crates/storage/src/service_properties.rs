//! An account's own settings for its Blob and Queue services (Get/Set Service Properties: CORS rules, logging,
//! metrics, delete retention, static website, default service version), checked against the service's limits
//! before they are sent; and Get Account Information (SKU, kind, hierarchical namespace).

use reqwest::Method;

use crate::Service;
use crate::error::{Result, StorageError};
use crate::pipeline::{Client, Request};
use crate::words::{Said, said};
use crate::xml::{self, escape};

/// How long logs, metrics or deleted blobs are kept: off, or a number of days.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RetentionPolicy {
    pub enabled: bool,
    pub days: Option<u32>,
}

/// Storage Analytics logging of one service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Logging {
    pub version: String,
    pub delete: bool,
    pub read: bool,
    pub write: bool,
    pub retention: RetentionPolicy,
}

/// Hour or minute metrics of one service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Metrics {
    pub version: String,
    pub enabled: bool,
    /// Per-API figures too (only said when enabled).
    pub include_apis: Option<bool>,
    pub retention: RetentionPolicy,
}

/// One CORS rule; each list is comma-separated, as the service holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CorsRule {
    pub allowed_origins: String,
    pub allowed_methods: String,
    pub allowed_headers: String,
    pub exposed_headers: String,
    pub max_age_seconds: u32,
}

/// A static website served from the `$web` container (Blob service only).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StaticWebsite {
    pub enabled: bool,
    pub index_document: Option<String>,
    pub error_document_404_path: Option<String>,
}

/// A service's properties as the service said them; what is None was not in its answer and is not sent back
/// (Set Service Properties leaves an element it is not sent as it was).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ServiceProperties {
    pub logging: Option<Logging>,
    pub hour_metrics: Option<Metrics>,
    pub minute_metrics: Option<Metrics>,
    pub cors: Vec<CorsRule>,
    pub default_service_version: Option<String>,
    pub delete_retention: Option<RetentionPolicy>,
    pub static_website: Option<StaticWebsite>,
}

/// The CORS methods the service takes.
pub const CORS_METHODS: [&str; 8] = ["DELETE", "GET", "HEAD", "MERGE", "POST", "OPTIONS", "PUT", "PATCH"];
/// At most this many CORS rules a service.
pub const MAX_CORS_RULES: usize = 5;
/// All CORS rules' settings together, in bytes (the XML tags not counted).
pub const MAX_CORS_SIZE: usize = 2048;

fn split(list: &str) -> Vec<&str> {
    list.split(',').map(str::trim).filter(|s| !s.is_empty()).collect()
}

impl ServiceProperties {
    /// What the service would refuse, in words, before anything is sent.
    pub fn validate(&self, service: Service) -> std::result::Result<(), Said> {
        if self.cors.len() > MAX_CORS_RULES {
            return Err(said!(
                "error-props-cors-count",
                max = MAX_CORS_RULES.to_string(),
                count = self.cors.len().to_string()
            ));
        }
        for (i, rule) in self.cors.iter().enumerate() {
            let n = (i + 1).to_string();
            let origins = split(&rule.allowed_origins);
            if origins.is_empty() {
                return Err(said!("error-props-cors-no-origin", rule = n));
            }
            if origins.len() > 64 || origins.iter().any(|o| o.len() > 256) {
                return Err(said!("error-props-cors-origins", rule = n));
            }
            let methods = split(&rule.allowed_methods);
            if methods.is_empty() {
                return Err(said!(
                    "error-props-cors-no-method",
                    rule = n,
                    methods = CORS_METHODS.join(", ")
                ));
            }
            if let Some(bad) = methods
                .iter()
                .find(|m| !CORS_METHODS.contains(&m.to_uppercase().as_str()))
            {
                return Err(said!(
                    "error-props-cors-method",
                    rule = n,
                    method = *bad,
                    methods = CORS_METHODS.join(", ")
                ));
            }
            for (allowed, list) in [(true, &rule.allowed_headers), (false, &rule.exposed_headers)] {
                let headers = split(list);
                let prefixed = headers.iter().filter(|h| h.ends_with('*')).count();
                if headers.len() - prefixed > 64 || prefixed > 2 || headers.iter().any(|h| h.len() > 256) {
                    return Err(if allowed {
                        said!("error-props-cors-allowed-headers", rule = n)
                    } else {
                        said!("error-props-cors-exposed-headers", rule = n)
                    });
                }
            }
        }
        // "The maximum size of all CORS rules settings on the request, excluding XML tags, should not exceed 2 KiB."
        let size: usize = self
            .cors
            .iter()
            .map(|r| {
                [
                    &r.allowed_origins,
                    &r.allowed_methods,
                    &r.allowed_headers,
                    &r.exposed_headers,
                ]
                .iter()
                .map(|list| split(list).join(",").len())
                .sum::<usize>()
                    + r.max_age_seconds.to_string().len()
            })
            .sum();
        if size > MAX_CORS_SIZE {
            return Err(said!(
                "error-props-cors-size",
                size = size.to_string(),
                max = MAX_CORS_SIZE.to_string()
            ));
        }
        let retained = [
            (said("error-props-logging"), self.logging.as_ref().map(|l| &l.retention)),
            (
                said("error-props-hour-metrics"),
                self.hour_metrics.as_ref().map(|m| &m.retention),
            ),
            (
                said("error-props-minute-metrics"),
                self.minute_metrics.as_ref().map(|m| &m.retention),
            ),
            (said("error-props-delete-retention"), self.delete_retention.as_ref()),
        ];
        for (what, policy) in retained {
            if let Some(p) = policy.filter(|p| p.enabled)
                && !p.days.is_some_and(|d| (1..=365).contains(&d))
            {
                return Err(said!("error-props-retention-days", what = what));
            }
        }
        if service != Service::Blob && (self.static_website.is_some() || self.delete_retention.is_some()) {
            return Err(said("error-props-blob-only"));
        }
        if let Some(site) = self.static_website.as_ref().filter(|s| s.enabled)
            && site.index_document.as_deref().is_none_or(|d| d.trim().is_empty())
        {
            return Err(said("error-props-index-document"));
        }
        Ok(())
    }

    /// As the service will say it back: lists trimmed and joined by commas, methods in capitals, and what a
    /// switched-off policy or metric held set aside (the service keeps none of it).
    pub fn tidied(&self) -> ServiceProperties {
        let mut t = self.clone();
        for r in &mut t.cors {
            r.allowed_origins = split(&r.allowed_origins).join(",");
            r.allowed_methods = split(&r.allowed_methods).join(",").to_uppercase();
            r.allowed_headers = split(&r.allowed_headers).join(",");
            r.exposed_headers = split(&r.exposed_headers).join(",");
        }
        let off = |p: &mut RetentionPolicy| {
            if !p.enabled {
                p.days = None;
            }
        };
        if let Some(l) = &mut t.logging {
            off(&mut l.retention);
        }
        for m in [&mut t.hour_metrics, &mut t.minute_metrics].into_iter().flatten() {
            off(&mut m.retention);
            if !m.enabled {
                m.include_apis = None;
            }
        }
        if let Some(p) = &mut t.delete_retention {
            off(p);
        }
        t
    }

    /// What to send to change `said` into these properties: only the parts that differ (Set Service Properties
    /// leaves a part it is not sent as it was, so a part this app does not model whole, such as a website's
    /// default index path, is never sent back without it). The CORS rules always go: they are modelled whole.
    pub fn changes_from(&self, said: &ServiceProperties) -> ServiceProperties {
        fn keep<T: PartialEq + Clone>(mine: &Option<T>, said: &Option<T>) -> Option<T> {
            if mine == said { None } else { mine.clone() }
        }
        ServiceProperties {
            logging: keep(&self.logging, &said.logging),
            hour_metrics: keep(&self.hour_metrics, &said.hour_metrics),
            minute_metrics: keep(&self.minute_metrics, &said.minute_metrics),
            cors: self.cors.clone(),
            default_service_version: keep(&self.default_service_version, &said.default_service_version),
            delete_retention: keep(&self.delete_retention, &said.delete_retention),
            static_website: keep(&self.static_website, &said.static_website),
        }
    }

    /// The request body of Set Service Properties.
    pub fn to_xml(&self) -> String {
        let mut out = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?><StorageServiceProperties>");
        if let Some(l) = &self.logging {
            out.push_str(&format!(
                "<Logging><Version>{}</Version><Delete>{}</Delete><Read>{}</Read><Write>{}</Write>{}</Logging>",
                escape(&l.version),
                l.delete,
                l.read,
                l.write,
                retention_xml(&l.retention)
            ));
        }
        for (tag, m) in [
            ("HourMetrics", &self.hour_metrics),
            ("MinuteMetrics", &self.minute_metrics),
        ] {
            if let Some(m) = m {
                let apis = match (m.enabled, m.include_apis) {
                    (true, Some(i)) => format!("<IncludeAPIs>{i}</IncludeAPIs>"),
                    _ => String::new(),
                };
                out.push_str(&format!(
                    "<{tag}><Version>{}</Version><Enabled>{}</Enabled>{apis}{}</{tag}>",
                    escape(&m.version),
                    m.enabled,
                    retention_xml(&m.retention)
                ));
            }
        }
        out.push_str("<Cors>");
        for r in &self.cors {
            out.push_str(&format!(
                "<CorsRule><AllowedOrigins>{}</AllowedOrigins><AllowedMethods>{}</AllowedMethods>\
                 <AllowedHeaders>{}</AllowedHeaders><ExposedHeaders>{}</ExposedHeaders>\
                 <MaxAgeInSeconds>{}</MaxAgeInSeconds></CorsRule>",
                escape(&split(&r.allowed_origins).join(",")),
                escape(&split(&r.allowed_methods).join(",").to_uppercase()),
                escape(&split(&r.allowed_headers).join(",")),
                escape(&split(&r.exposed_headers).join(",")),
                r.max_age_seconds
            ));
        }
        out.push_str("</Cors>");
        if let Some(v) = self.default_service_version.as_deref().filter(|v| !v.is_empty()) {
            out.push_str(&format!("<DefaultServiceVersion>{}</DefaultServiceVersion>", escape(v)));
        }
        if let Some(p) = &self.delete_retention {
            out.push_str(&format!(
                "<DeleteRetentionPolicy>{}</DeleteRetentionPolicy>",
                policy_body(p)
            ));
        }
        if let Some(s) = &self.static_website {
            out.push_str(&format!("<StaticWebsite><Enabled>{}</Enabled>", s.enabled));
            if s.enabled {
                for (tag, v) in [
                    ("IndexDocument", &s.index_document),
                    ("ErrorDocument404Path", &s.error_document_404_path),
                ] {
                    if let Some(v) = v.as_deref().filter(|v| !v.is_empty()) {
                        out.push_str(&format!("<{tag}>{}</{tag}>", escape(v)));
                    }
                }
            }
            out.push_str("</StaticWebsite>");
        }
        out.push_str("</StorageServiceProperties>");
        out
    }

    pub(crate) fn parse(body: &[u8]) -> std::result::Result<ServiceProperties, Said> {
        let root = xml::parse(body)?;
        let flag = |e: &xml::Element, name: &str| e.text_of(name) == Some("true");
        let retention = |e: &xml::Element| {
            let p = e.child("RetentionPolicy");
            RetentionPolicy {
                enabled: p.is_some_and(|p| flag(p, "Enabled")),
                days: p.and_then(|p| p.text_of("Days")).and_then(|d| d.parse().ok()),
            }
        };
        let metrics = |name: &str| {
            root.child(name).map(|m| Metrics {
                version: m.string("Version").unwrap_or_else(|| "1.0".into()),
                enabled: flag(m, "Enabled"),
                include_apis: m.text_of("IncludeAPIs").map(|i| i == "true"),
                retention: retention(m),
            })
        };
        Ok(ServiceProperties {
            logging: root.child("Logging").map(|l| Logging {
                version: l.string("Version").unwrap_or_else(|| "1.0".into()),
                delete: flag(l, "Delete"),
                read: flag(l, "Read"),
                write: flag(l, "Write"),
                retention: retention(l),
            }),
            hour_metrics: metrics("HourMetrics"),
            minute_metrics: metrics("MinuteMetrics"),
            cors: root
                .child("Cors")
                .map(|c| {
                    c.children_named("CorsRule")
                        .map(|r| CorsRule {
                            allowed_origins: r.string("AllowedOrigins").unwrap_or_default(),
                            allowed_methods: r.string("AllowedMethods").unwrap_or_default(),
                            allowed_headers: r.string("AllowedHeaders").unwrap_or_default(),
                            exposed_headers: r.string("ExposedHeaders").unwrap_or_default(),
                            max_age_seconds: r.text_of("MaxAgeInSeconds").and_then(|s| s.parse().ok()).unwrap_or(0),
                        })
                        .collect()
                })
                .unwrap_or_default(),
            default_service_version: root.string("DefaultServiceVersion"),
            delete_retention: root.child("DeleteRetentionPolicy").map(|p| RetentionPolicy {
                enabled: flag(p, "Enabled"),
                days: p.text_of("Days").and_then(|d| d.parse().ok()),
            }),
            static_website: root.child("StaticWebsite").map(|s| StaticWebsite {
                enabled: flag(s, "Enabled"),
                index_document: s.string("IndexDocument"),
                error_document_404_path: s.string("ErrorDocument404Path"),
            }),
        })
    }
}

fn policy_body(p: &RetentionPolicy) -> String {
    match (p.enabled, p.days) {
        (true, Some(d)) => format!("<Enabled>true</Enabled><Days>{d}</Days>"),
        _ => "<Enabled>false</Enabled>".into(),
    }
}

fn retention_xml(p: &RetentionPolicy) -> String {
    format!("<RetentionPolicy>{}</RetentionPolicy>", policy_body(p))
}

/// What Get Account Information says of the account.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AccountInformation {
    pub sku: Option<String>,
    pub kind: Option<String>,
    pub hierarchical_namespace: Option<bool>,
}

impl Client {
    /// The Blob or Queue service's properties (the Table service's are not offered: Azurite has none).
    pub async fn service_properties(&self, service: Service) -> Result<ServiceProperties> {
        let op = match service {
            Service::Blob => said("error-op-read-blob-service-properties"),
            Service::Queue => said("error-op-read-queue-service-properties"),
            Service::Table => said("error-op-read-table-service-properties"),
        };
        let req = Request::new(service, Method::GET, &op, "/")
            .query("restype", "service")
            .query("comp", "properties");
        let resp = self.send(req).await?;
        ServiceProperties::parse(&resp.body).map_err(|e| StorageError::decode(&op, e))
    }

    /// Replaces the service's properties with `props` (checked first; nothing is sent if they would be refused).
    pub async fn set_service_properties(&self, service: Service, props: &ServiceProperties) -> Result<()> {
        let op = match service {
            Service::Blob => said("error-op-save-blob-service-properties"),
            Service::Queue => said("error-op-save-queue-service-properties"),
            Service::Table => said("error-op-save-table-service-properties"),
        };
        props.validate(service).map_err(|e| StorageError::invalid(&op, e))?;
        let req = Request::new(service, Method::PUT, &op, "/")
            .query("restype", "service")
            .query("comp", "properties")
            .header("content-type", "application/xml")
            .body(props.to_xml().into_bytes());
        self.send(req).await.map(drop)
    }

    /// The account's SKU, kind and whether it has a hierarchical namespace (from the Blob service).
    pub async fn account_information(&self) -> Result<AccountInformation> {
        let op = &said("error-op-read-account-information");
        let req = Request::new(Service::Blob, Method::HEAD, op, "/")
            .query("restype", "account")
            .query("comp", "properties");
        let resp = self.send(req).await?;
        let header = |name: &str| resp.headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
        Ok(AccountInformation {
            sku: header("x-ms-sku-name"),
            kind: header("x-ms-account-kind"),
            hierarchical_namespace: header("x-ms-is-hns-enabled").map(|v| v == "true"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::{Arg, said_arg};

    fn rule() -> CorsRule {
        CorsRule {
            allowed_origins: "https://app.contoso.com, https://admin.contoso.com".into(),
            allowed_methods: "get,put".into(),
            allowed_headers: "x-ms-meta-*,content-type".into(),
            exposed_headers: "x-ms-request-id".into(),
            max_age_seconds: 600,
        }
    }

    #[test]
    fn properties_written_read_back_the_same() {
        let props = ServiceProperties {
            cors: vec![rule()],
            delete_retention: Some(RetentionPolicy {
                enabled: true,
                days: Some(7),
            }),
            static_website: Some(StaticWebsite {
                enabled: true,
                index_document: Some("index.html".into()),
                error_document_404_path: Some("404 & gone.html".into()),
            }),
            default_service_version: Some("2021-08-06".into()),
            ..Default::default()
        };
        let back = ServiceProperties::parse(props.to_xml().as_bytes()).unwrap();
        assert_eq!(
            back.cors[0].allowed_origins,
            "https://app.contoso.com,https://admin.contoso.com"
        );
        assert_eq!(back.cors[0].allowed_methods, "GET,PUT");
        assert_eq!(back.static_website, props.static_website);
        assert_eq!(back.delete_retention, props.delete_retention);
        assert_eq!(back.default_service_version, props.default_service_version);
    }

    #[test]
    fn limits_are_said_before_sending() {
        let mut props = ServiceProperties {
            cors: vec![rule(); 6],
            ..Default::default()
        };
        assert_eq!(
            props.validate(Service::Blob),
            Err(said!("error-props-cors-count", max = "5", count = "6"))
        );
        props.cors = vec![CorsRule {
            allowed_methods: "GET,FETCH".into(),
            ..rule()
        }];
        assert_eq!(
            props.validate(Service::Blob),
            Err(said!(
                "error-props-cors-method",
                rule = "1",
                method = "FETCH",
                methods = CORS_METHODS.join(", ")
            ))
        );
        props.cors = vec![CorsRule {
            allowed_origins: " ".into(),
            ..rule()
        }];
        assert_eq!(
            props.validate(Service::Blob),
            Err(said!("error-props-cors-no-origin", rule = "1"))
        );
        // Five rules each within their own limits, 2 KiB together at most: 5 x 20 origins of 25 characters is over.
        let origins = |n: usize| {
            (0..n)
                .map(|i| format!("https://app{i:02}.contoso.com"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        props.cors = vec![
            CorsRule {
                allowed_origins: origins(20),
                ..rule()
            };
            5
        ];
        let over = props.validate(Service::Blob).unwrap_err();
        assert_eq!(over.id(), Some("error-props-cors-size"));
        assert_eq!(said_arg(&over, "max"), Some(Arg::Text("2048".into())));
        props.cors = vec![
            CorsRule {
                allowed_origins: origins(12),
                ..rule()
            };
            5
        ];
        assert_eq!(props.validate(Service::Blob), Ok(()), "within 2 KiB");
        props.cors = vec![rule()];
        props.delete_retention = Some(RetentionPolicy {
            enabled: true,
            days: Some(400),
        });
        assert_eq!(
            props.validate(Service::Blob),
            Err(said!(
                "error-props-retention-days",
                what = said("error-props-delete-retention")
            ))
        );
        props.delete_retention = None;
        props.static_website = Some(StaticWebsite {
            enabled: true,
            ..Default::default()
        });
        assert_eq!(props.validate(Service::Blob), Err(said("error-props-index-document")));
        assert_eq!(props.validate(Service::Queue), Err(said("error-props-blob-only")));
        props.static_website = None;
        assert_eq!(props.validate(Service::Queue), Ok(()));
    }

    #[test]
    fn only_what_changed_is_sent_tidied_as_the_service_says_it() {
        let said = ServiceProperties {
            cors: vec![rule()],
            static_website: Some(StaticWebsite {
                enabled: true,
                index_document: None,
                error_document_404_path: None,
            }),
            ..Default::default()
        };
        let mut draft = said.clone();
        draft.cors[0].allowed_methods = " get , put ".into();
        let tidy = draft.tidied();
        assert_eq!(tidy.cors[0].allowed_methods, "GET,PUT");
        let send = tidy.changes_from(&said);
        // The website was not touched: not sent, so not checked (its index path is not ours to drop).
        assert_eq!(send.static_website, None);
        assert_eq!(send.validate(Service::Blob), Ok(()));
        assert!(!send.to_xml().contains("StaticWebsite"));
    }
}
