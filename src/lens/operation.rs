//! What an app's request is in the storage vocabulary: its operation (Put Block, Update Entity, Get Messages…)
//! and the resource it acts on (`container/blob`, `queue`, `table/PartitionKey/RowKey`), from its method, path,
//! query and headers alone.

use crate::storage::Service;

/// One request, named: the operation and the resource, with the account's base path taken off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operation {
    pub name: String,
    pub resource: String,
}

/// The parts of a request the name is read from.
pub struct Seen<'a> {
    pub method: &'a str,
    /// The path below the account's base path, percent-decoded, without its leading `/`.
    pub path: &'a str,
    pub query: &'a str,
    /// A header's value by lower-case name.
    pub header: &'a dyn Fn(&str) -> Option<String>,
}

/// The value of a query parameter (first occurrence), percent-decoded.
pub fn query_value(query: &str, name: &str) -> Option<String> {
    url::form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.into_owned())
}

/// Names a request of `service`.
pub fn decode(service: Service, seen: &Seen) -> Operation {
    let name = match service {
        Service::Blob => blob(seen),
        Service::Queue => queue(seen),
        Service::Table => table(seen),
    };
    let resource = match service {
        Service::Table => table_resource(seen.path),
        _ => seen.path.trim_end_matches('/').to_string(),
    };
    Operation {
        name: name.to_string(),
        resource,
    }
}

fn service_level(seen: &Seen, comp: Option<&str>) -> Option<&'static str> {
    let restype = query_value(seen.query, "restype");
    match (restype.as_deref(), comp, seen.method) {
        (Some("service"), Some("properties"), "GET") => Some("Get Service Properties"),
        (Some("service"), Some("properties"), "PUT") => Some("Set Service Properties"),
        (Some("service"), Some("stats"), _) => Some("Get Service Stats"),
        (Some("account"), Some("properties"), _) => Some("Get Account Information"),
        (Some("service"), Some("userdelegationkey"), _) => Some("Get User Delegation Key"),
        _ => None,
    }
}

fn blob(seen: &Seen) -> &'static str {
    let comp = query_value(seen.query, "comp");
    let comp = comp.as_deref();
    if let Some(name) = service_level(seen, comp) {
        return name;
    }
    let container_level = !seen.path.trim_end_matches('/').contains('/');
    let is_container = query_value(seen.query, "restype").as_deref() == Some("container");
    let m = seen.method;
    if seen.path.is_empty() {
        return match comp {
            Some("list") => "List Containers",
            Some("blobs") => "Find Blobs by Tags",
            _ => "Blob Service Request",
        };
    }
    if comp == Some("lease") {
        let action = (seen.header)("x-ms-lease-action")
            .unwrap_or_default()
            .to_ascii_lowercase();
        return match (action.as_str(), is_container) {
            ("acquire", false) => "Acquire Lease",
            ("renew", false) => "Renew Lease",
            ("release", false) => "Release Lease",
            ("break", false) => "Break Lease",
            ("change", false) => "Change Lease",
            ("acquire", true) => "Acquire Container Lease",
            ("renew", true) => "Renew Container Lease",
            ("release", true) => "Release Container Lease",
            ("break", true) => "Break Container Lease",
            ("change", true) => "Change Container Lease",
            _ => "Lease Blob",
        };
    }
    if is_container || container_level {
        return match (m, comp) {
            ("PUT", None) => "Create Container",
            ("DELETE", None) => "Delete Container",
            ("GET" | "HEAD", None) => "Get Container Properties",
            ("GET", Some("list")) => "List Blobs",
            ("GET" | "HEAD", Some("metadata")) => "Get Container Metadata",
            ("PUT", Some("metadata")) => "Set Container Metadata",
            ("GET" | "HEAD", Some("acl")) => "Get Container ACL",
            ("PUT", Some("acl")) => "Set Container ACL",
            _ => "Container Request",
        };
    }
    match (m, comp) {
        ("PUT", None) if (seen.header)("x-ms-copy-source").is_some() => "Copy Blob",
        ("PUT", None) => "Put Blob",
        ("PUT", Some("block")) if (seen.header)("x-ms-copy-source").is_some() => "Put Block From URL",
        ("PUT", Some("block")) => "Put Block",
        ("PUT", Some("blocklist")) => "Put Block List",
        ("GET", Some("blocklist")) => "Get Block List",
        ("GET", None) if (seen.header)("x-ms-range").is_some() || (seen.header)("range").is_some() => {
            "Get Blob (ranged)"
        }
        ("GET", None) => "Get Blob",
        ("HEAD", None) => "Get Blob Properties",
        ("DELETE", None) => "Delete Blob",
        ("PUT", Some("properties")) => "Set Blob Properties",
        ("GET" | "HEAD", Some("metadata")) => "Get Blob Metadata",
        ("PUT", Some("metadata")) => "Set Blob Metadata",
        ("PUT", Some("snapshot")) => "Snapshot Blob",
        ("PUT", Some("appendblock")) => "Append Block",
        ("PUT", Some("page")) => "Put Page",
        ("GET", Some("pagelist")) => "Get Page Ranges",
        ("PUT", Some("tier")) => "Set Blob Tier",
        ("GET", Some("tags")) => "Get Blob Tags",
        ("PUT", Some("tags")) => "Set Blob Tags",
        ("PUT", Some("undelete")) => "Undelete Blob",
        ("PUT", Some("copy")) => "Abort Copy Blob",
        _ => "Blob Request",
    }
}

fn queue(seen: &Seen) -> &'static str {
    let comp = query_value(seen.query, "comp");
    let comp = comp.as_deref();
    if let Some(name) = service_level(seen, comp) {
        return name;
    }
    let parts: Vec<&str> = seen.path.trim_end_matches('/').split('/').collect();
    let m = seen.method;
    match (parts.as_slice(), m, comp) {
        ([""], "GET", Some("list")) => "List Queues",
        ([_], "PUT", None) => "Create Queue",
        ([_], "DELETE", None) => "Delete Queue",
        ([_], "GET" | "HEAD", Some("metadata")) => "Get Queue Metadata",
        ([_], "PUT", Some("metadata")) => "Set Queue Metadata",
        ([_], "GET" | "HEAD", Some("acl")) => "Get Queue ACL",
        ([_], "PUT", Some("acl")) => "Set Queue ACL",
        ([_, "messages"], "POST", _) => "Put Message",
        ([_, "messages"], "GET", _) if query_value(seen.query, "peekonly").as_deref() == Some("true") => {
            "Peek Messages"
        }
        ([_, "messages"], "GET", _) => "Get Messages",
        ([_, "messages"], "DELETE", _) => "Clear Messages",
        ([_, "messages", _], "DELETE", _) => "Delete Message",
        ([_, "messages", _], "PUT", _) => "Update Message",
        _ => "Queue Request",
    }
}

fn table(seen: &Seen) -> &'static str {
    let comp = query_value(seen.query, "comp");
    if let Some(name) = service_level(seen, comp.as_deref()) {
        return name;
    }
    let path = seen.path.trim_end_matches('/');
    // A tunnelled verb (`X-HTTP-Method: MERGE` on a POST) is the verb the service carries out.
    let method = (seen.header)("x-http-method").unwrap_or_else(|| seen.method.to_string());
    let if_match = (seen.header)("if-match").is_some();
    if path == "$batch" {
        return "Entity Group Transaction";
    }
    if path == "Tables" || path.starts_with("Tables(") {
        return match method.as_str() {
            "GET" if path == "Tables" => "Query Tables",
            "GET" => "Get Table",
            "POST" => "Create Table",
            "DELETE" => "Delete Table",
            _ => "Table Service Request",
        };
    }
    let has_keys = path.contains("PartitionKey=");
    if comp.as_deref() == Some("acl") {
        return if method == "PUT" {
            "Set Table ACL"
        } else {
            "Get Table ACL"
        };
    }
    match (method.as_str(), has_keys, if_match) {
        ("GET", true, _) => "Get Entity",
        ("GET", false, _) => "Query Entities",
        ("POST", _, _) => "Insert Entity",
        ("PUT", true, true) => "Update Entity",
        ("PUT", true, false) => "Insert Or Replace Entity",
        ("MERGE" | "PATCH", true, true) => "Merge Entity",
        ("MERGE" | "PATCH", true, false) => "Insert Or Merge Entity",
        ("DELETE", _, _) => "Delete Entity",
        _ => "Table Request",
    }
}

/// `orders(PartitionKey='a',RowKey='42')` -> `orders/a/42`; `orders()` -> `orders`; `Tables('orders')` -> `orders`.
pub fn table_resource(path: &str) -> String {
    let path = path.trim_end_matches('/');
    let Some(open) = path.find('(') else {
        return path.to_string();
    };
    let (table, args) = (&path[..open], path[open + 1..].trim_end_matches(')'));
    if table == "Tables" {
        return unquote(args);
    }
    let mut out = table.to_string();
    for key in ["PartitionKey", "RowKey"] {
        if let Some(value) = key_value(args, key) {
            out.push('/');
            out.push_str(&value);
        }
    }
    out
}

fn key_value(args: &str, key: &str) -> Option<String> {
    let at = args.find(&format!("{key}="))?;
    let rest = &args[at + key.len() + 1..];
    let rest = rest.strip_prefix('\'')?;
    // A quote inside a key is written twice.
    let mut value = String::new();
    let mut chars = rest.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\'' {
            if chars.peek() == Some(&'\'') {
                chars.next();
                value.push('\'');
            } else {
                break;
            }
        } else {
            value.push(c);
        }
    }
    Some(value)
}

fn unquote(text: &str) -> String {
    text.trim_matches('\'').replace("''", "'")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(service: Service, method: &str, path: &str, query: &str, headers: &[(&str, &str)]) -> (String, String) {
        let owned: Vec<(String, String)> = headers.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        let header = move |name: &str| owned.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
        let op = decode(
            service,
            &Seen {
                method,
                path,
                query,
                header: &header,
            },
        );
        (op.name, op.resource)
    }

    fn name(service: Service, method: &str, path: &str, query: &str, headers: &[(&str, &str)]) -> String {
        named(service, method, path, query, headers).0
    }

    #[test]
    fn blob_requests_are_named_as_the_rest_api_names_them() {
        use Service::Blob;
        assert_eq!(
            named(Blob, "PUT", "c/a/b.txt", "", &[]),
            ("Put Blob".into(), "c/a/b.txt".into())
        );
        assert_eq!(name(Blob, "PUT", "c/b", "comp=block&blockid=QUE%3D", &[]), "Put Block");
        assert_eq!(name(Blob, "PUT", "c/b", "comp=blocklist", &[]), "Put Block List");
        assert_eq!(
            name(Blob, "GET", "c/b", "", &[("x-ms-range", "bytes=0-9")]),
            "Get Blob (ranged)"
        );
        assert_eq!(name(Blob, "GET", "c/b", "", &[]), "Get Blob");
        assert_eq!(name(Blob, "HEAD", "c/b", "", &[]), "Get Blob Properties");
        assert_eq!(
            name(Blob, "PUT", "c/b", "comp=lease", &[("x-ms-lease-action", "acquire")]),
            "Acquire Lease"
        );
        assert_eq!(
            name(Blob, "PUT", "c/b", "comp=lease", &[("x-ms-lease-action", "renew")]),
            "Renew Lease"
        );
        assert_eq!(
            name(Blob, "PUT", "c/b", "comp=lease", &[("x-ms-lease-action", "release")]),
            "Release Lease"
        );
        assert_eq!(
            name(
                Blob,
                "PUT",
                "c",
                "restype=container&comp=lease",
                &[("x-ms-lease-action", "acquire")]
            ),
            "Acquire Container Lease"
        );
        assert_eq!(name(Blob, "PUT", "c", "restype=container", &[]), "Create Container");
        assert_eq!(name(Blob, "GET", "c", "restype=container&comp=list", &[]), "List Blobs");
        assert_eq!(name(Blob, "GET", "", "comp=list", &[]), "List Containers");
        assert_eq!(
            name(Blob, "PUT", "c/b", "", &[("x-ms-copy-source", "https://x")]),
            "Copy Blob"
        );
        assert_eq!(
            name(Blob, "GET", "", "restype=service&comp=properties", &[]),
            "Get Service Properties"
        );
    }

    #[test]
    fn queue_requests_are_named_with_their_message() {
        use Service::Queue;
        assert_eq!(name(Queue, "GET", "", "comp=list", &[]), "List Queues");
        assert_eq!(name(Queue, "PUT", "jobs", "", &[]), "Create Queue");
        assert_eq!(name(Queue, "POST", "jobs/messages", "", &[]), "Put Message");
        assert_eq!(
            name(Queue, "GET", "jobs/messages", "numofmessages=1", &[]),
            "Get Messages"
        );
        assert_eq!(
            name(Queue, "GET", "jobs/messages", "peekonly=true", &[]),
            "Peek Messages"
        );
        assert_eq!(name(Queue, "DELETE", "jobs/messages", "", &[]), "Clear Messages");
        assert_eq!(
            named(Queue, "DELETE", "jobs/messages/abc", "popreceipt=x", &[]),
            ("Delete Message".into(), "jobs/messages/abc".into())
        );
        assert_eq!(
            name(
                Queue,
                "PUT",
                "jobs/messages/abc",
                "popreceipt=x&visibilitytimeout=5",
                &[]
            ),
            "Update Message"
        );
    }

    #[test]
    fn table_requests_are_named_by_verb_keys_and_condition() {
        use Service::Table;
        let keys = "orders(PartitionKey='a',RowKey='42')";
        assert_eq!(
            named(Table, "PUT", keys, "", &[("if-match", "*")]),
            ("Update Entity".into(), "orders/a/42".into())
        );
        assert_eq!(name(Table, "PUT", keys, "", &[]), "Insert Or Replace Entity");
        assert_eq!(
            name(Table, "MERGE", keys, "", &[("if-match", "W/\"x\"")]),
            "Merge Entity"
        );
        assert_eq!(name(Table, "PATCH", keys, "", &[]), "Insert Or Merge Entity");
        assert_eq!(
            name(
                Table,
                "POST",
                keys,
                "",
                &[("x-http-method", "MERGE"), ("if-match", "*")]
            ),
            "Merge Entity"
        );
        assert_eq!(name(Table, "DELETE", keys, "", &[("if-match", "*")]), "Delete Entity");
        assert_eq!(
            named(Table, "GET", "orders()", "$filter=x", &[]),
            ("Query Entities".into(), "orders".into())
        );
        assert_eq!(name(Table, "GET", keys, "", &[]), "Get Entity");
        assert_eq!(
            named(Table, "POST", "orders", "", &[]),
            ("Insert Entity".into(), "orders".into())
        );
        assert_eq!(name(Table, "POST", "$batch", "", &[]), "Entity Group Transaction");
        assert_eq!(
            named(Table, "POST", "Tables", "", &[]),
            ("Create Table".into(), "Tables".into())
        );
        assert_eq!(
            named(Table, "DELETE", "Tables('orders')", "", &[]),
            ("Delete Table".into(), "orders".into())
        );
        assert_eq!(table_resource("t(PartitionKey='o''k',RowKey='r')"), "t/o'k/r");
    }
}
