//! The inspector's requests as a Python script that replays them through Microsoft's SDKs (azure-storage-blob,
//! azure-storage-queue, azure-data-tables) and says, request by request, whether the service answered as it did
//! then. The account comes from `AZURE_STORAGE_CONNECTION_STRING` at run time, never from the script. A request
//! the SDKs have no call for, or one whose body the inspector did not keep (an upload, an insert), is listed as a
//! comment saying so: the curl script replays those.

use std::fmt::Write as _;

use crate::app::lab::free_export::comment_safe;
use crate::storage::{Api, RequestEvent, Service};

const HEADER: &str = r#"import os
import sys

from azure.core import MatchConditions
from azure.core.exceptions import HttpResponseError
from azure.data.tables import TableServiceClient
from azure.storage.blob import BlobServiceClient
from azure.storage.queue import QueueServiceClient

CONNECTION_STRING = os.environ.get("AZURE_STORAGE_CONNECTION_STRING")
if not CONNECTION_STRING:
    sys.exit("set AZURE_STORAGE_CONNECTION_STRING to the account's connection string")

blobs = BlobServiceClient.from_connection_string(CONNECTION_STRING)
queues = QueueServiceClient.from_connection_string(CONNECTION_STRING)
tables = TableServiceClient.from_connection_string(CONNECTION_STRING)
differ = 0


def replay(expected, what, call):
    """Runs `call` and compares its outcome with the status recorded: any 2xx is success, else the status."""
    global differ
    try:
        call()
        got = "2xx"
    except HttpResponseError as e:
        got = str(e.status_code)
    want = "2xx" if 200 <= expected < 300 else str(expected)
    if got == want:
        print(f"same: {want} {what}")
    else:
        print(f"DIFFERENT: {got}, was {want}: {what}")
        differ += 1


def one_page(pages):
    """Reads the first page of a listing: one request, as recorded."""
    return list(next(iter(pages), []))

"#;

/// The script for `events` (oldest first).
pub fn python_script(events: &[&RequestEvent]) -> String {
    let mut py = String::from(
        "\"\"\"Requests recorded by Tessera's HTTP inspector, replayed through Microsoft's SDKs.\n\nRun it with \
         the account's connection string in the environment:\n    AZURE_STORAGE_CONNECTION_STRING=... python \
         this_file.py\nEach request's outcome is compared with the one recorded; the script exits non-zero when \
         any differ.\n\"\"\"\n",
    );
    py.push_str(HEADER);
    let (mut replayed, mut left) = (0, 0);
    for e in events {
        let expected = e.status.unwrap_or(0);
        let what = format!("{} /{}", e.method, e.resource.trim_start_matches('/'));
        let _ = writeln!(py, "\n# {}", comment_safe(&e.operation.to_string()));
        match call(e) {
            Ok(call) => {
                replayed += 1;
                let _ = writeln!(py, "replay({expected}, {}, lambda: {call})", quoted(&what));
            }
            Err(why) => {
                left += 1;
                let _ = writeln!(py, "# not replayed: {}: {why}", comment_safe(&what));
            }
        }
    }
    let _ = writeln!(
        py,
        "\nprint(\"{replayed} request(s) replayed, {left} left out (see the comments)\")\nif differ:\n    \
         sys.exit(f\"{{differ}} request(s) answered differently\")"
    );
    py
}

/// A Python string literal (JSON's escapes are Python's).
fn quoted(text: &str) -> String {
    serde_json::to_string(text).expect("a string")
}

/// The SDK call that makes the same request, or why there is none.
fn call(e: &RequestEvent) -> Result<String, &'static str> {
    let url = url::Url::parse(&e.url).map_err(|_| "its URL does not parse")?;
    let query = |name: &str| url.query_pairs().find(|(k, _)| k == name).map(|(_, v)| v.into_owned());
    let header = |name: &str| {
        e.request_headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let path = e.resource.trim_start_matches('/');
    let method = e.method.as_str();
    match e.service {
        Api::Storage(Service::Blob) => blob_call(method, path, &query, &header),
        Api::Storage(Service::Queue) => queue_call(method, path, &query),
        Api::Storage(Service::Table) => table_call(method, path, &query, &header),
        Api::SignIn | Api::ResourceManager | Api::ProxyTest => Err(NOT_STORAGE),
    }
}

const NOT_STORAGE: &str = "a sign-in or Resource Manager request: the SDK signs in by itself";
const NO_BODY: &str = "the inspector keeps no request bodies, and this request needs its body";
const NO_CALL: &str = "Microsoft's SDKs have no call that sends just this request (the curl script replays it)";

fn blob_call(
    method: &str,
    path: &str,
    query: &dyn Fn(&str) -> Option<String>,
    header: &dyn Fn(&str) -> Option<String>,
) -> Result<String, &'static str> {
    let comp = query("comp");
    let (container, blob) = match path.split_once('/') {
        Some((c, b)) => (c, Some(b)),
        None => (path, None),
    };
    if container.is_empty() {
        return match (method, comp.as_deref()) {
            ("GET", Some("list")) => Ok("one_page(blobs.list_containers().by_page())".into()),
            ("GET", Some("properties")) => Ok("blobs.get_service_properties()".into()),
            _ => Err(NO_CALL),
        };
    }
    let c = format!("blobs.get_container_client({})", quoted(container)); // i18n-ignore: Python code
    let Some(blob) = blob else {
        return match (method, comp.as_deref()) {
            ("GET" | "HEAD", None | Some("metadata")) => Ok(format!("{c}.get_container_properties()")), // i18n-ignore: Python code
            ("GET", Some("acl")) => Ok(format!("{c}.get_container_access_policy()")), // i18n-ignore: Python code
            ("GET", Some("list")) => {
                let prefix = query("prefix").map_or("None".to_string(), |p| quoted(&p));
                Ok(format!("one_page({c}.list_blobs(name_starts_with={prefix}).by_page())")) // i18n-ignore: Python code
            }
            ("PUT", None) => Ok(format!("{c}.create_container()")), // i18n-ignore: Python code
            ("DELETE", None) => Ok(format!("{c}.delete_container()")), // i18n-ignore: Python code
            _ => Err(NO_CALL),
        };
    };
    let snapshot = query("snapshot").map_or("None".to_string(), |s| quoted(&s));
    let b = format!("{c}.get_blob_client({}, snapshot={snapshot})", quoted(blob)); // i18n-ignore: Python code
    let conditions = match header("if-match") {
        Some(etag) => format!("etag={}, match_condition=MatchConditions.IfNotModified", quoted(&etag)), // i18n-ignore: Python code
        None => String::new(),
    };
    match (method, comp.as_deref()) {
        ("HEAD", None) | ("GET", Some("metadata")) => Ok(format!("{b}.get_blob_properties()")), // i18n-ignore: Python code
        ("GET", None) => Ok(format!("{b}.download_blob().readall()")), // i18n-ignore: Python code
        ("GET", Some("tags")) => Ok(format!("{b}.get_blob_tags()")),   // i18n-ignore: Python code
        ("GET", Some("blocklist")) => Ok(format!("{b}.get_block_list()")), // i18n-ignore: Python code
        ("GET", Some("pagelist")) => Ok(format!("{b}.get_page_ranges()")), // i18n-ignore: Python code
        ("DELETE", None) => {
            let snapshots = match header("x-ms-delete-snapshots") {
                Some(kind) => format!("delete_snapshots={}", quoted(&kind)), // i18n-ignore: Python code
                None => "delete_snapshots=None".to_string(),
            };
            let lease = header("x-ms-lease-id").map_or(String::new(), |l| format!("lease={}", quoted(&l))); // i18n-ignore: Python code
            let args = [snapshots, conditions, lease]
                .iter()
                .filter(|a| !a.is_empty())
                .cloned()
                .collect::<Vec<_>>();
            Ok(format!("{b}.delete_blob({})", args.join(", "))) // i18n-ignore: Python code
        }
        ("PUT", None | Some("block") | Some("appendblock") | Some("page") | Some("blocklist")) => Err(NO_BODY),
        _ => Err(NO_CALL),
    }
}

fn queue_call(method: &str, path: &str, query: &dyn Fn(&str) -> Option<String>) -> Result<String, &'static str> {
    let comp = query("comp");
    let parts: Vec<&str> = path.split('/').collect();
    let q = |name: &str| format!("queues.get_queue_client({})", quoted(name)); // i18n-ignore: Python code
    match (method, parts.as_slice(), comp.as_deref()) {
        ("GET", [""], Some("list")) => Ok("one_page(queues.list_queues().by_page())".into()),
        ("GET" | "HEAD", [name], Some("metadata")) => Ok(format!("{}.get_queue_properties()", q(name))), // i18n-ignore: Python code
        ("PUT", [name], None) => Ok(format!("{}.create_queue()", q(name))), // i18n-ignore: Python code
        ("DELETE", [name], None) => Ok(format!("{}.delete_queue()", q(name))), // i18n-ignore: Python code
        ("GET", [name, "messages"], None) => {
            let n = query("numofmessages").unwrap_or_else(|| "1".into());
            if query("peekonly").as_deref() == Some("true") {
                Ok(format!("{}.peek_messages(max_messages={n})", q(name))) // i18n-ignore: Python code
            } else {
                let hide = query("visibilitytimeout").map_or(String::new(), |v| format!(", visibility_timeout={v}")); // i18n-ignore: Python code
                Ok(format!(
                    "list({}.receive_messages(max_messages={n}, messages_per_page={n}{hide}))", // i18n-ignore: Python code
                    q(name)
                ))
            }
        }
        ("DELETE", [name, "messages"], None) => Ok(format!("{}.clear_messages()", q(name))), // i18n-ignore: Python code
        ("DELETE", [name, "messages", id], None) => {
            let receipt = query("popreceipt").ok_or("its pop receipt is not in the URL")?;
            Ok(format!(
                "{}.delete_message({}, pop_receipt={})", // i18n-ignore: Python code
                q(name),
                quoted(id),
                quoted(&receipt)
            ))
        }
        ("POST", [_, "messages"], _) | ("PUT", [_, "messages", _], _) => Err(NO_BODY),
        _ => Err(NO_CALL),
    }
}

fn table_call(
    method: &str,
    path: &str,
    query: &dyn Fn(&str) -> Option<String>,
    header: &dyn Fn(&str) -> Option<String>,
) -> Result<String, &'static str> {
    if path == "Tables" {
        return match method {
            "GET" => Ok("one_page(tables.list_tables().by_page())".into()),
            _ => Err(NO_BODY),
        };
    }
    if let Some(name) = path.strip_prefix("Tables('").and_then(|p| p.strip_suffix("')")) {
        return match method {
            "DELETE" => Ok(format!("tables.delete_table({})", quoted(name))), // i18n-ignore: Python code
            _ => Err(NO_CALL),
        };
    }
    let (table, keys) = match path.split_once('(') {
        Some((t, rest)) => (t, rest.strip_suffix(')').ok_or(NO_CALL)?),
        None => (path, ""),
    };
    let t = format!("tables.get_table_client({})", quoted(table)); // i18n-ignore: Python code
    if keys.is_empty() {
        return match method {
            "GET" => {
                let select = query("$select").map_or("None".to_string(), |s| quoted(&s));
                let top = query("$top").unwrap_or_else(|| "None".to_string());
                Ok(match query("$filter") {
                    Some(filter) => format!(
                        "one_page({t}.query_entities({}, select={select}, results_per_page={top}).by_page())", // i18n-ignore: Python code
                        quoted(&filter)
                    ),
                    None => format!("one_page({t}.list_entities(select={select}, results_per_page={top}).by_page())"), // i18n-ignore: Python code
                })
            }
            _ => Err(NO_BODY),
        };
    }
    let (pk, rk) = entity_keys(keys).ok_or("its keys do not parse")?;
    let (pk, rk) = (quoted(&pk), quoted(&rk));
    match method {
        "GET" => Ok(format!("{t}.get_entity({pk}, {rk})")), // i18n-ignore: Python code
        "DELETE" => {
            let condition = match header("if-match").as_deref() {
                Some("*") | None => "match_condition=MatchConditions.Unconditionally".to_string(),
                Some(etag) => format!("etag={}, match_condition=MatchConditions.IfNotModified", quoted(etag)), // i18n-ignore: Python code
            };
            Ok(format!("{t}.delete_entity({pk}, {rk}, {condition})")) // i18n-ignore: Python code
        }
        _ => Err(NO_BODY),
    }
}

/// `PartitionKey='a''b',RowKey='c'` as its two keys (quotes doubled inside a key).
fn entity_keys(keys: &str) -> Option<(String, String)> {
    let rest = keys.strip_prefix("PartitionKey='")?;
    let (pk, rest) = key_until_quote(rest)?;
    let rest = rest.strip_prefix(",RowKey='")?;
    let (rk, rest) = key_until_quote(rest)?;
    rest.is_empty().then_some((pk, rk))
}

/// The key up to its closing quote, and what follows it.
fn key_until_quote(text: &str) -> Option<(String, &str)> {
    let mut key = String::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c == '\'' {
            if chars.peek().map(|&(_, n)| n) == Some('\'') {
                chars.next();
                key.push('\'');
            } else {
                return Some((key, &text[i + 1..]));
            }
        } else {
            key.push(c);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(service: Service, method: &str, resource: &str, url: &str) -> RequestEvent {
        RequestEvent {
            resource: resource.into(),
            request_headers: vec![("authorization".into(), "SharedKey a:s3kr1t".into())],
            ..RequestEvent::sample(service, method, url, Some(200))
        }
    }

    #[test]
    fn each_request_becomes_its_sdk_call_or_says_why_not() {
        let head = event(Service::Blob, "HEAD", "c/a'b.txt", "http://h/a/c/a'b.txt");
        let put = event(Service::Blob, "PUT", "c/x", "http://h/a/c/x");
        let entity = event(
            Service::Table,
            "GET",
            "t(PartitionKey='o''k',RowKey='r')",
            "http://h/a/t(PartitionKey='o''k',RowKey='r')",
        );
        let peek = event(
            Service::Queue,
            "GET",
            "q/messages",
            "http://h/a/q/messages?peekonly=true&numofmessages=32",
        );
        let py = python_script(&[&head, &put, &entity, &peek]);
        assert!(
            py.contains(
                "blobs.get_container_client(\"c\").get_blob_client(\"a'b.txt\", snapshot=None).get_blob_properties()"
            ),
            "{py}"
        );
        assert!(py.contains("# not replayed: PUT /c/x: the inspector keeps no request bodies"));
        assert!(
            py.contains("tables.get_table_client(\"t\").get_entity(\"o'k\", \"r\")"),
            "{py}"
        );
        assert!(py.contains("peek_messages(max_messages=32)"));
        assert!(py.contains("3 request(s) replayed, 1 left out"));
        assert!(!py.contains("s3kr1t") && !py.contains("SharedKey"));
    }

    #[test]
    fn entity_keys_read_doubled_quotes() {
        assert_eq!(
            entity_keys("PartitionKey='a''b',RowKey=''''"),
            Some(("a'b".into(), "'".into()))
        );
        assert_eq!(entity_keys("PartitionKey='a'"), None);
    }
}
