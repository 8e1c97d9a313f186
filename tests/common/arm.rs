//! A local Azure Resource Manager stand-in over HTTPS (the tests' own certificate), answering exactly the
//! documented shapes of List Tenants, List Subscriptions, Storage Accounts - List (paged with `nextLink`) and
//! Storage Accounts - List Keys, with ARM's error body. It reads the bearer token's `aud` and `tid` claims as
//! Resource Manager does: a token for another resource is refused, and each tenant sees its own subscriptions.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use base64::Engine;
use tokio::io::AsyncWriteExt;

/// One storage account as the stand-in lists it.
#[derive(Clone)]
pub struct StandInAccount {
    pub name: String,
    /// Its endpoints, `(blob, queue, table)`.
    pub endpoints: (String, String, String),
    pub shared_key_allowed: bool,
    /// What `listKeys` gives; None: the caller's role may not list keys (403).
    pub key: Option<String>,
}

#[derive(Default)]
struct State {
    tenants: Vec<(String, String, String)>,
    /// By tenant id: `(subscription id, name)`.
    subscriptions: HashMap<String, Vec<(String, String)>>,
    /// By subscription id; a subscription absent here answers 403 AuthorizationFailed (no Reader role).
    accounts: HashMap<String, Vec<StandInAccount>>,
    /// `(method, path and query, token audience, token tenant)` of every request.
    requests: Vec<(String, String, String, String)>,
    /// How long `listKeys` takes to answer.
    keys_delay: std::time::Duration,
}

#[derive(Clone)]
pub struct StandInArm {
    pub endpoint: String,
    state: Arc<Mutex<State>>,
}

/// How many accounts one page holds: small, so a list of three takes two pages.
const PAGE: usize = 2;

impl StandInArm {
    pub async fn start() -> StandInArm {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let arm = StandInArm {
            endpoint: format!("https://{}", listener.local_addr().unwrap()),
            state: Arc::default(),
        };
        let (state, endpoint, tls) = (arm.state.clone(), arm.endpoint.clone(), super::entra::tls_acceptor());
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let (state, endpoint, tls) = (state.clone(), endpoint.clone(), tls.clone());
                tokio::spawn(async move {
                    let Ok(mut stream) = tls.accept(socket).await else {
                        return;
                    };
                    let Some((head, _)) = super::entra::read_http_request(&mut stream).await else {
                        return;
                    };
                    if head.lines().next().is_some_and(|l| l.contains("/listKeys")) {
                        let delay = state.lock().unwrap().keys_delay;
                        tokio::time::sleep(delay).await;
                    }
                    let (status, json) = answer(&state, &endpoint, &head);
                    let text = json.to_string();
                    let response = format!(
                        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\nx-ms-request-id: arm-{}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{text}",
                        fastrand::u32(..),
                        text.len()
                    );
                    let _ = stream.write_all(response.as_bytes()).await;
                    let _ = stream.shutdown().await;
                });
            }
        });
        arm
    }

    /// `listKeys` answers only after `delay`, as a slow Resource Manager would.
    pub fn slow_keys(&self, delay: std::time::Duration) {
        self.state.lock().unwrap().keys_delay = delay;
    }

    pub fn tenant(&self, id: &str, name: &str, domain: &str) {
        self.state
            .lock()
            .unwrap()
            .tenants
            .push((id.into(), name.into(), domain.into()));
    }

    pub fn subscription(&self, tenant: &str, id: &str, name: &str) {
        let mut s = self.state.lock().unwrap();
        s.subscriptions
            .entry(tenant.into())
            .or_default()
            .push((id.into(), name.into()));
    }

    pub fn accounts(&self, subscription: &str, accounts: Vec<StandInAccount>) {
        self.state
            .lock()
            .unwrap()
            .accounts
            .insert(subscription.into(), accounts);
    }

    /// `(method, path and query, token audience, token tenant)` of every request so far.
    pub fn requests(&self) -> Vec<(String, String, String, String)> {
        self.state.lock().unwrap().requests.clone()
    }
}

fn resource_id(subscription: &str, name: &str) -> String {
    format!("/subscriptions/{subscription}/resourceGroups/rg-{name}/providers/Microsoft.Storage/storageAccounts/{name}")
}

/// The bearer token's claims (its signature is not checked, as Azurite does not either).
fn claims(head: &str) -> Option<serde_json::Value> {
    let token = head.lines().find_map(|l| {
        let (name, value) = l.split_once(':')?;
        name.eq_ignore_ascii_case("authorization")
            .then(|| value.trim().strip_prefix("Bearer ").map(str::to_string))?
    })?;
    let payload = token.split('.').nth(1)?;
    serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).ok()?).ok()
}

fn error(status: &'static str, code: &str, message: &str) -> (&'static str, serde_json::Value) {
    (status, serde_json::json!({"error": {"code": code, "message": message}}))
}

fn answer(state: &Mutex<State>, endpoint: &str, head: &str) -> (&'static str, serde_json::Value) {
    let mut words = head.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    let claims = claims(head).unwrap_or_default();
    let claim = |k: &str| claims.get(k).and_then(|v| v.as_str()).unwrap_or("").to_string();
    let (aud, tid) = (claim("aud"), claim("tid"));
    let mut s = state.lock().unwrap();
    s.requests
        .push((method.into(), target.into(), aud.clone(), tid.clone()));
    if aud != "https://management.core.windows.net/" {
        return error(
            "401 Unauthorized",
            "InvalidAuthenticationToken",
            "The access token is invalid: its audience is not Resource Manager.",
        );
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    if !query.contains("api-version=") {
        return error(
            "400 Bad Request",
            "MissingApiVersionParameter",
            "The api-version query parameter (?api-version=) is required for all requests.",
        );
    }
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    match (method, parts.as_slice()) {
        ("GET", ["tenants"]) => {
            let value: Vec<_> = s
                .tenants
                .iter()
                .map(|(id, name, domain)| {
                    serde_json::json!({
                        "id": format!("/tenants/{id}"), "tenantId": id, "tenantCategory": "Home", "displayName": name,
                        "defaultDomain": domain, "domains": [domain],
                    })
                })
                .collect();
            ("200 OK", serde_json::json!({"value": value}))
        }
        ("GET", ["subscriptions"]) => {
            let value: Vec<_> = s.subscriptions.get(&tid).cloned().unwrap_or_default().iter().map(|(id, name)| serde_json::json!({
                "id": format!("/subscriptions/{id}"), "authorizationSource": "RoleBased", "subscriptionId": id,
                "tenantId": tid, "displayName": name, "state": "Enabled",
                "subscriptionPolicies": {"locationPlacementId": "Public_2014-09-01", "quotaId": "PayAsYouGo_2014-09-01", "spendingLimit": "Off"},
            })).collect();
            (
                "200 OK",
                serde_json::json!({"value": value, "count": {"type": "Total", "value": value.len()}}),
            )
        }
        (
            "GET",
            [
                "subscriptions",
                sub,
                "providers",
                "Microsoft.Storage",
                "storageAccounts",
            ],
        ) => {
            let owns = s
                .subscriptions
                .get(&tid)
                .is_some_and(|subs| subs.iter().any(|(id, _)| id == sub));
            if !owns {
                return error(
                    "401 Unauthorized",
                    "InvalidAuthenticationTokenTenant",
                    &format!(
                        "The access token is from the wrong issuer 'https://sts.windows.net/{tid}/'. It must match the tenant associated with this subscription."
                    ),
                );
            }
            let Some(accounts) = s.accounts.get(*sub).cloned() else {
                return error(
                    "403 Forbidden",
                    "AuthorizationFailed",
                    &format!(
                        "The client '11059fcc-5514-4800-b5f8-49808b9cfab6' with object id '11059fcc-5514-4800-b5f8-49808b9cfab6' does not have authorization to perform action 'Microsoft.Storage/storageAccounts/read' over scope '/subscriptions/{sub}' or the scope is invalid."
                    ),
                );
            };
            let skip: usize = query
                .split('&')
                .find_map(|kv| kv.strip_prefix("$skipToken="))
                .and_then(|v| v.parse().ok())
                .unwrap_or(0);
            let value: Vec<_> = accounts.iter().skip(skip).take(PAGE).map(|a| serde_json::json!({
                "id": resource_id(sub, &a.name), "name": a.name, "type": "Microsoft.Storage/storageAccounts",
                "location": "westeurope", "kind": "StorageV2", "sku": {"name": "Standard_LRS", "tier": "Standard"},
                "tags": {},
                "properties": {
                    "allowSharedKeyAccess": a.shared_key_allowed, "isHnsEnabled": false, "provisioningState": "Succeeded",
                    "primaryEndpoints": {"blob": a.endpoints.0, "queue": a.endpoints.1, "table": a.endpoints.2,
                        "file": format!("https://{}.file.core.windows.net/", a.name)},
                },
            })).collect();
            let mut page = serde_json::json!({"value": value});
            if skip + PAGE < accounts.len() {
                page["nextLink"] = serde_json::json!(format!(
                    "{endpoint}/subscriptions/{sub}/providers/Microsoft.Storage/storageAccounts?api-version=2023-05-01&$skipToken={}",
                    skip + PAGE
                ));
            }
            ("200 OK", page)
        }
        (
            "POST",
            [
                "subscriptions",
                sub,
                "resourceGroups",
                _,
                "providers",
                "Microsoft.Storage",
                "storageAccounts",
                name,
                "listKeys",
            ],
        ) => {
            let account = s
                .accounts
                .get(*sub)
                .and_then(|list| list.iter().find(|a| a.name == *name).cloned());
            match account {
                None => error("404 Not Found", "ResourceNotFound", "The Resource was not found."),
                Some(StandInAccount { key: None, .. }) => error(
                    "403 Forbidden",
                    "AuthorizationFailed",
                    "The client does not have authorization to perform action 'Microsoft.Storage/storageAccounts/listKeys/action'.",
                ),
                Some(StandInAccount { key: Some(key), .. }) => (
                    "200 OK",
                    serde_json::json!({"keys": [
                        {"creationTime": "2026-01-01T00:00:00Z", "keyName": "key1", "value": key, "permissions": "FULL"},
                        {"creationTime": "2026-01-01T00:00:00Z", "keyName": "key2", "value": key, "permissions": "FULL"},
                    ]}),
                ),
            }
        }
        _ => error(
            "404 Not Found",
            "InvalidResourceType",
            "The resource type could not be found.",
        ),
    }
}
