//! Azure Resource Manager, read as a signed-in identity: the tenants it belongs to, their subscriptions, each
//! subscription's storage accounts (with the endpoints Azure gives, never composed from a name) and, where the
//! identity may, an account's keys.

use serde_json::Value;
use url::Url;

use crate::error::{ErrorKind, Result, StorageError};
use crate::events::Api;
use crate::side_requests::{self, Reporter, SideRequest};
use crate::token::TokenCredential;
use crate::words::{Said, said};

/// The API versions these reads are documented at.
const TENANTS_API: &str = "2022-12-01";
const STORAGE_API: &str = "2023-05-01";

/// A directory the identity belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tenant {
    pub id: String,
    pub name: String,
    pub domain: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subscription {
    pub id: String,
    pub name: String,
    /// Enabled, Disabled, Warned, PastDue, Deleted.
    pub state: String,
    pub tenant_id: String,
}

/// A storage account as Resource Manager describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StorageAccountInfo {
    /// The resource id, `/subscriptions/…/resourceGroups/…/providers/Microsoft.Storage/storageAccounts/name`.
    pub id: String,
    pub name: String,
    pub location: String,
    /// StorageV2, BlobStorage, BlockBlobStorage, FileStorage, Storage.
    pub kind: String,
    /// Standard_LRS, Premium_ZRS, …
    pub sku: String,
    /// False when the account refuses keys and SAS made from them; absent means allowed.
    pub shared_key_allowed: bool,
    pub hierarchical_namespace: bool,
    pub blob_endpoint: Option<String>,
    pub queue_endpoint: Option<String>,
    pub table_endpoint: Option<String>,
}

impl StorageAccountInfo {
    /// The account's page in the Azure portal of `portal` (a cloud's portal address), in `tenant`.
    pub fn portal_url(&self, portal: &str, tenant: &str) -> String {
        format!("{}/#@{tenant}/resource{}", portal.trim_end_matches('/'), self.id)
    }

    /// The resource group, read from the id.
    pub fn resource_group(&self) -> &str {
        let mut parts = self.id.split('/');
        parts
            .by_ref()
            .find(|p| p.eq_ignore_ascii_case("resourceGroups"))
            .and_then(|_| parts.next())
            .unwrap_or("")
    }
}

/// One of an account's keys, as `listKeys` gives it.
#[derive(Clone)]
pub struct ListedKey {
    pub name: String,
    pub value: String,
    /// FULL or READ.
    pub permissions: String,
}

impl std::fmt::Debug for ListedKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ListedKey({}, <redacted>, {})", self.name, self.permissions)
    }
}

/// Resource Manager at one endpoint, read with one credential (tokens for Resource Manager, of one tenant).
#[derive(Clone)]
pub struct ResourceManager {
    endpoint: Url,
    credential: TokenCredential,
    trusted_cert: Option<std::path::PathBuf>,
    reporter: Option<Reporter>,
}

impl ResourceManager {
    /// Checks the endpoint before anything is sent: HTTPS, or plain HTTP to this computer only.
    pub fn new(endpoint: &str, credential: TokenCredential, trusted_cert: Option<std::path::PathBuf>) -> Result<Self> {
        let op = &said("error-op-read-arm-endpoint");
        let endpoint = Url::parse(endpoint.trim()).map_err(|e| {
            StorageError::invalid(
                op,
                said!("error-arm-not-url", endpoint = endpoint, error = e.to_string()),
            )
        })?;
        let loopback = crate::transport::is_loopback(&endpoint);
        if endpoint.scheme() != "https" && !loopback {
            return Err(StorageError::invalid(
                op,
                said!("error-arm-not-https", endpoint = endpoint.to_string()),
            ));
        }
        // The token opens every subscription the identity may manage: it goes to a cloud's own Resource Manager,
        // or to this computer (a stand-in, a local proxy), never to a host typed by mistake.
        let known = crate::cloud::Cloud::ALL
            .iter()
            .any(|c| c.resource_manager().trim_end_matches('/') == endpoint.as_str().trim_end_matches('/'));
        if !known && !loopback {
            return Err(StorageError::invalid(
                op,
                said!("error-arm-unknown-cloud", endpoint = endpoint.to_string()),
            ));
        }
        Ok(ResourceManager {
            endpoint,
            credential,
            trusted_cert,
            reporter: None,
        })
    }

    /// Reports its requests (and its credential's token requests) to `reporter`: the HTTP inspector.
    pub fn with_reporter(mut self, reporter: Reporter) -> Self {
        self.credential.report_to(reporter.clone());
        self.reporter = Some(reporter);
        self
    }

    pub fn credential(&self) -> &TokenCredential {
        &self.credential
    }

    /// Every tenant the identity belongs to.
    pub async fn tenants(&self) -> Result<Vec<Tenant>> {
        let items = self
            .get_all(
                &said("error-op-list-tenants"),
                &format!("/tenants?api-version={TENANTS_API}"),
            )
            .await?;
        Ok(items
            .iter()
            .map(|t| Tenant {
                id: text(t, "tenantId"),
                name: text(t, "displayName"),
                domain: text(t, "defaultDomain"),
            })
            .filter(|t| !t.id.is_empty())
            .collect())
    }

    /// The subscriptions of the credential's tenant that the identity has a role on.
    pub async fn subscriptions(&self) -> Result<Vec<Subscription>> {
        let items = self
            .get_all(
                &said("error-op-list-subscriptions"),
                &format!("/subscriptions?api-version={TENANTS_API}"),
            )
            .await?;
        Ok(items
            .iter()
            .map(|s| Subscription {
                id: text(s, "subscriptionId"),
                name: text(s, "displayName"),
                state: text(s, "state"),
                tenant_id: text(s, "tenantId"),
            })
            .filter(|s| !s.id.is_empty())
            .collect())
    }

    /// Every storage account of a subscription, following `nextLink`.
    pub async fn storage_accounts(&self, subscription_id: &str) -> Result<Vec<StorageAccountInfo>> {
        if subscription_id.is_empty() || subscription_id.contains(['/', '?', '#']) {
            return Err(StorageError::invalid(
                said("error-op-list-storage-accounts"),
                said!("error-arm-subscription-id", id = subscription_id),
            ));
        }
        let path = format!(
            "/subscriptions/{subscription_id}/providers/Microsoft.Storage/storageAccounts?api-version={STORAGE_API}"
        );
        let items = self.get_all(&said("error-op-list-storage-accounts"), &path).await?;
        Ok(items.iter().filter_map(storage_account).collect())
    }

    /// The account's keys (`listKeys`): needs a role with `Microsoft.Storage/storageAccounts/listkeys/action`
    /// (Storage Account Key Operator, Contributor, Owner).
    pub async fn list_keys(&self, account_id: &str) -> Result<Vec<ListedKey>> {
        let op = &said("error-op-list-account-keys");
        if !account_id.starts_with("/subscriptions/") || account_id.contains(['?', '#']) {
            return Err(StorageError::invalid(
                op,
                said!("error-arm-account-id", id = account_id),
            ));
        }
        let url = self.url(&format!("{account_id}/listKeys?api-version={STORAGE_API}"))?;
        let json = self.send(op, reqwest::Method::POST, url).await?;
        let keys = json.get("keys").and_then(Value::as_array).cloned().unwrap_or_default();
        Ok(keys
            .iter()
            .map(|k| ListedKey {
                name: text(k, "keyName"),
                value: text(k, "value"),
                permissions: text(k, "permissions"),
            })
            .filter(|k| !k.value.is_empty())
            .collect())
    }

    fn url(&self, path_and_query: &str) -> Result<Url> {
        let base = self.endpoint.as_str().trim_end_matches('/');
        Url::parse(&format!("{base}{path_and_query}"))
            .map_err(|e| StorageError::invalid(said("error-op-read-arm-endpoint"), e.to_string()))
    }

    /// Every item of a list, page after page. A `nextLink` elsewhere than this endpoint is not followed: the token
    /// goes to Resource Manager only.
    async fn get_all(&self, op: &Said, path_and_query: &str) -> Result<Vec<Value>> {
        let mut url = self.url(path_and_query)?;
        let mut items = Vec::new();
        loop {
            let json = self.send(op, reqwest::Method::GET, url.clone()).await?;
            items.extend(json.get("value").and_then(Value::as_array).cloned().unwrap_or_default());
            let Some(next) = json.get("nextLink").and_then(Value::as_str).filter(|n| !n.is_empty()) else {
                return Ok(items);
            };
            let next = Url::parse(next)
                .map_err(|e| StorageError::decode(op, said!("error-arm-next-link", error = e.to_string())))?;
            if next.origin() != self.endpoint.origin() {
                return Err(StorageError::decode(
                    op,
                    said!(
                        "error-arm-next-host",
                        next = next.host_str().unwrap_or("?"),
                        host = self.endpoint.host_str().unwrap_or("?")
                    ),
                ));
            }
            url = next;
        }
    }

    /// One request (tried again while Resource Manager is busy or unreachable, as reads are), and once more
    /// with a new token when the one sent was refused; its error in words with the code and request id.
    async fn send(&self, op: &Said, method: reqwest::Method, url: Url) -> Result<Value> {
        let http = crate::oauth::http(self.trusted_cert.as_deref())?;
        let mut renewed = false;
        loop {
            let token = self.credential.token().await.map_err(|e| e.with_operation(op))?;
            let request = SideRequest {
                api: Api::ResourceManager,
                operation: op,
                method: method.clone(),
                url: url.clone(),
                headers: vec![(
                    "authorization",
                    token.authorization(&url, op)?.to_str().unwrap_or("").to_string(),
                )],
                form: None,
                carries_secret: true,
                once: false,
            };
            let answer = side_requests::send(&http, &request, self.reporter.as_ref()).await?;
            if answer.status == 401 && !renewed && self.credential.renew_after_refusal(&token).await {
                renewed = true;
                continue;
            }
            if (200..300).contains(&answer.status) {
                return Ok(answer.json);
            }
            let error = answer.json.get("error").cloned().unwrap_or(Value::Null);
            let mut e = StorageError::new(
                ErrorKind::Service,
                op,
                Some(text(&error, "message"))
                    .filter(|m| !m.is_empty())
                    .map(Said::text)
                    .unwrap_or_else(|| said!("error-arm-answered", status = answer.status.to_string())),
            );
            e.status = Some(answer.status);
            e.code = Some(text(&error, "code")).filter(|c| !c.is_empty());
            e.request_id = answer.request_id;
            e.endpoint = url.host_str().map(str::to_string);
            e.sign_in = Some(self.credential.sign_in_again());
            return Err(e);
        }
    }
}

fn text(json: &Value, key: &str) -> String {
    json.get(key).and_then(Value::as_str).unwrap_or("").to_string()
}

/// One item of the storage accounts list; None without an id or a name.
fn storage_account(item: &Value) -> Option<StorageAccountInfo> {
    let props = item.get("properties").cloned().unwrap_or(Value::Null);
    let endpoints = props.get("primaryEndpoints").cloned().unwrap_or(Value::Null);
    let endpoint = |key: &str| Some(text(&endpoints, key)).filter(|e| !e.is_empty());
    let sku = item.get("sku").cloned().unwrap_or(Value::Null);
    let info = StorageAccountInfo {
        id: text(item, "id"),
        name: text(item, "name"),
        location: text(item, "location"),
        kind: text(item, "kind"),
        sku: text(&sku, "name"),
        // Null or absent: allowed (the service's default).
        shared_key_allowed: props.get("allowSharedKeyAccess").and_then(Value::as_bool) != Some(false),
        hierarchical_namespace: props.get("isHnsEnabled").and_then(Value::as_bool) == Some(true),
        blob_endpoint: endpoint("blob"),
        queue_endpoint: endpoint("queue"),
        table_endpoint: endpoint("table"),
    };
    (!info.id.is_empty() && !info.name.is_empty()).then_some(info)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_is_read_as_documented_and_its_group_and_portal_page_follow_from_its_id() {
        let item = serde_json::json!({
            "id": "/subscriptions/s1/resourceGroups/rg-data/providers/Microsoft.Storage/storageAccounts/acct",
            "name": "acct", "location": "westeurope", "kind": "StorageV2",
            "sku": {"name": "Standard_RAGRS", "tier": "Standard"},
            "properties": {"allowSharedKeyAccess": false, "isHnsEnabled": true,
                "primaryEndpoints": {"blob": "https://acct.blob.core.windows.net/", "table": "https://acct.table.core.windows.net/"}}
        });
        let a = storage_account(&item).unwrap();
        assert!(!a.shared_key_allowed && a.hierarchical_namespace);
        assert_eq!(a.queue_endpoint, None);
        assert_eq!(a.resource_group(), "rg-data");
        assert_eq!(
            a.portal_url("https://portal.azure.com/", "contoso.onmicrosoft.com"),
            "https://portal.azure.com/#@contoso.onmicrosoft.com/resource/subscriptions/s1/resourceGroups/rg-data/providers/Microsoft.Storage/storageAccounts/acct"
        );
        let mut unset = item.clone();
        unset["properties"]["allowSharedKeyAccess"] = Value::Null;
        assert!(
            storage_account(&unset).unwrap().shared_key_allowed,
            "null means allowed"
        );
        assert!(storage_account(&serde_json::json!({"name": "x"})).is_none());
    }

    #[test]
    fn the_endpoint_is_checked_before_a_token_could_travel() {
        let cli = TokenCredential::new(crate::azure_cli::AzureCli::new(None));
        assert!(ResourceManager::new("http://management.example.com", cli.clone(), None).is_err());
        assert!(ResourceManager::new("not a url", cli.clone(), None).is_err());
        assert!(ResourceManager::new("http://127.0.0.1:1234", cli.clone(), None).is_ok());
        assert!(ResourceManager::new("https://management.azure.com/", cli.clone(), None).is_ok());
        assert!(ResourceManager::new("https://management.contoso.example", cli, None).is_err());
        let key = ListedKey {
            name: "key1".into(),
            value: "SECRETKEY".into(),
            permissions: "FULL".into(),
        };
        assert!(!format!("{key:?}").contains("SECRETKEY"));
    }
}
