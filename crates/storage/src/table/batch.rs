//! Entity group transactions: up to 100 writes in one partition and 4 MiB, applied all together or not at all.

use reqwest::Method;

use crate::error::parse_error_body;
use crate::error::{ErrorKind, Result, StorageError};
use crate::names::validate_table_name;
use crate::pipeline::{Client, Headers};
use crate::table::entity::EntityDraft;
use crate::table::{IfMatch, UpdateMode, entity_path, table_request};
use crate::words::{Said, said};

pub const MAX_BATCH_OPERATIONS: usize = 100;
pub const MAX_BATCH_BYTES: usize = 4 * 1024 * 1024;

/// One write inside a batch.
#[derive(Clone, Debug)]
pub enum BatchOperation {
    Insert(EntityDraft),
    Update {
        entity: EntityDraft,
        mode: UpdateMode,
        condition: IfMatch,
    },
    Upsert {
        entity: EntityDraft,
        mode: UpdateMode,
    },
    Delete {
        partition_key: String,
        row_key: String,
        condition: IfMatch,
    },
}

impl BatchOperation {
    pub fn keys(&self) -> (&str, &str) {
        match self {
            BatchOperation::Insert(e)
            | BatchOperation::Update { entity: e, .. }
            | BatchOperation::Upsert { entity: e, .. } => (&e.partition_key, &e.row_key),
            BatchOperation::Delete {
                partition_key, row_key, ..
            } => (partition_key, row_key),
        }
    }

    fn verb(&self) -> Said {
        match self {
            BatchOperation::Insert(_) => said("error-batch-verb-insert"),
            BatchOperation::Update {
                mode: UpdateMode::Replace,
                ..
            } => said("error-batch-verb-replace"),
            BatchOperation::Update {
                mode: UpdateMode::Merge,
                ..
            } => said("error-batch-verb-merge"),
            BatchOperation::Upsert {
                mode: UpdateMode::Replace,
                ..
            } => said("error-batch-verb-insert-or-replace"),
            BatchOperation::Upsert {
                mode: UpdateMode::Merge,
                ..
            } => said("error-batch-verb-insert-or-merge"),
            BatchOperation::Delete { .. } => said("error-batch-verb-delete"),
        }
    }
}

/// The result of each operation of a batch that succeeded, in order.
#[derive(Clone, Debug)]
pub struct BatchOutcome {
    pub statuses: Vec<u16>,
    /// The new ETag of each written entity (None for deletes).
    pub etags: Vec<Option<String>>,
}

impl Client {
    /// Sends the operations as one transaction. If one fails, none is applied, and the error names it.
    pub async fn submit_batch(&self, table: &str, operations: &[BatchOperation]) -> Result<BatchOutcome> {
        let op = said!("error-op-batch", count = operations.len().to_string(), table = table);
        validate_batch(&op, table, operations)?;
        let endpoint = self.resource_url(crate::Service::Table, "")?;
        let base = endpoint.as_str().trim_end_matches('/').to_string();
        let batch_boundary = format!("batch_{}", uuid::Uuid::new_v4());
        let body = batch_body(&base, table, operations, &batch_boundary);
        if body.len() > MAX_BATCH_BYTES {
            return Err(StorageError::invalid(
                &op,
                said!("error-batch-too-large", kib = (body.len() / 1024).to_string()),
            ));
        }
        let req = table_request(Method::POST, &op, "/$batch".into())
            .header("content-type", format!("multipart/mixed; boundary={batch_boundary}"))
            .body(body)
            // Upserts land the same state however often they arrive; anything else may not, so it is never repeated.
            .idempotent(operations.iter().all(|o| matches!(o, BatchOperation::Upsert { .. })));
        let resp = self.send(req).await?;
        read_batch_response(&op, operations, &resp.body, resp.request_id())
    }
}

/// What a batch's multipart answer says: each operation's status and ETag, or the failed operation named (the
/// service prefixes its message with that operation's index: "3:The specified entity…").
pub fn read_batch_response(
    op: &Said,
    operations: &[BatchOperation],
    body: &[u8],
    request_id: Option<&str>,
) -> Result<BatchOutcome> {
    let parts = parse_batch_response(body);
    if parts.is_empty() {
        return Err(StorageError::decode(op, said("error-decode-batch-empty")));
    }
    if let Some(failed) = parts.iter().find(|p| p.status >= 300) {
        let (code, message) = parse_error_body(failed.body.as_bytes());
        let message = message.unwrap_or_default();
        // The service prefixes the message with the failing operation's index: "3:The specified entity…".
        let index = message
            .split_once(':')
            .and_then(|(i, _)| i.trim().parse::<usize>().ok());
        let named = match index.and_then(|i| operations.get(i).map(|o| (i, o))) {
            Some((i, o)) => said!(
                "error-batch-operation-failed",
                number = (i + 1).to_string(),
                verb = o.verb(),
                row_key = o.keys().1,
                message = message.split_once(':').map_or(message.as_str(), |(_, m)| m)
            ),
            None => said!("error-batch-an-operation-failed", message = message.as_str()),
        };
        let mut e = StorageError::new(ErrorKind::Service, op, named);
        e.service = Some(crate::Service::Table);
        e.status = Some(failed.status);
        e.code = code;
        e.request_id = request_id.map(str::to_string);
        return Err(e);
    }
    Ok(BatchOutcome {
        statuses: parts.iter().map(|p| p.status).collect(),
        etags: parts.iter().map(|p| p.etag.clone()).collect(),
    })
}

fn validate_batch(op: &Said, table: &str, operations: &[BatchOperation]) -> Result<()> {
    let fail = |m: Said| Err(StorageError::invalid(op, m));
    validate_table_name(table).or_else(fail)?;
    if operations.is_empty() || operations.len() > MAX_BATCH_OPERATIONS {
        return fail(said!("error-batch-count", count = operations.len().to_string()));
    }
    let partition = operations[0].keys().0;
    for (i, o) in operations.iter().enumerate() {
        let (pk, rk) = o.keys();
        if pk != partition {
            return fail(said!(
                "error-batch-other-partition",
                number = (i + 1).to_string(),
                partition_key = pk,
                partition = partition
            ));
        }
        if operations[..i].iter().any(|p| p.keys().1 == rk) {
            return fail(said!("error-batch-row-twice", row_key = rk));
        }
        match o {
            BatchOperation::Insert(e)
            | BatchOperation::Update { entity: e, .. }
            | BatchOperation::Upsert { entity: e, .. } => e.validate(op)?,
            BatchOperation::Delete { .. } => {}
        }
    }
    Ok(())
}

/// The multipart/mixed body: one changeset holding one HTTP request per operation.
pub fn batch_body(base: &str, table: &str, operations: &[BatchOperation], batch_boundary: &str) -> Vec<u8> {
    let changeset = format!("changeset_{}", uuid::Uuid::new_v4());
    let mut out = format!("--{batch_boundary}\r\nContent-Type: multipart/mixed; boundary={changeset}\r\n\r\n");
    for o in operations {
        out.push_str(&part(base, table, o, &changeset));
    }
    out.push_str(&format!("--{changeset}--\r\n--{batch_boundary}--\r\n"));
    out.into_bytes()
}

/// What a batch body holds besides its operations' parts: its boundaries and headers, with room to spare.
const ENVELOPE_BYTES: usize = 512;
/// Room for the endpoint's address in each operation's URL (`part` is measured without it).
const ENDPOINT_BYTES: usize = 512;

impl BatchOperation {
    /// The bytes this operation takes in a batch body, its endpoint's address allowed for: added up (and checked
    /// with `fits_in_batch`) so that a batch is cut before the service's 4 MiB.
    pub fn batch_bytes(&self, table: &str) -> usize {
        part("", table, self, "changeset_00000000-0000-0000-0000-000000000000").len() + ENDPOINT_BYTES
    }
}

/// Whether operations of these many bytes (`BatchOperation::batch_bytes` added up) go in one batch body.
pub fn fits_in_batch(bytes: usize) -> bool {
    bytes + ENVELOPE_BYTES <= MAX_BATCH_BYTES
}

/// One operation's part of a batch body: its request line, headers and JSON.
fn part(base: &str, table: &str, o: &BatchOperation, changeset: &str) -> String {
    let (pk, rk) = o.keys();
    let (method, url, condition, body) = match o {
        BatchOperation::Insert(e) => ("POST", format!("{base}/{table}"), None, Some(e.to_json_body())),
        BatchOperation::Update {
            entity,
            mode,
            condition,
        } => (
            mode_verb(*mode),
            format!("{base}{}", entity_path(table, pk, rk)),
            Some(condition),
            Some(entity.to_json_body()),
        ),
        BatchOperation::Upsert { entity, mode } => (
            mode_verb(*mode),
            format!("{base}{}", entity_path(table, pk, rk)),
            None,
            Some(entity.to_json_body()),
        ),
        BatchOperation::Delete { condition, .. } => (
            "DELETE",
            format!("{base}{}", entity_path(table, pk, rk)),
            Some(condition),
            None,
        ),
    };
    let mut out = format!(
        "--{changeset}\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\n\
         {method} {url} HTTP/1.1\r\nAccept: application/json;odata=minimalmetadata\r\nDataServiceVersion: 3.0\r\n"
    );
    if let Some(c) = condition {
        out.push_str(&format!("If-Match: {}\r\n", c.header_value()));
    }
    match body {
        Some(b) => {
            out.push_str(&format!(
                "Content-Type: application/json\r\nPrefer: return-no-content\r\nContent-Length: {}\r\n\r\n",
                b.len()
            ));
            out.push_str(&String::from_utf8(b).expect("JSON is UTF-8"));
            out.push_str("\r\n");
        }
        None => out.push_str("\r\n"),
    }
    out
}

fn mode_verb(mode: UpdateMode) -> &'static str {
    match mode {
        UpdateMode::Replace => "PUT",
        UpdateMode::Merge => "MERGE",
    }
}

struct PartResponse {
    status: u16,
    etag: Option<String>,
    body: String,
}

/// Finds each embedded `HTTP/1.1 <status>` response with its ETag and body.
fn parse_batch_response(body: &[u8]) -> Vec<PartResponse> {
    let text = String::from_utf8_lossy(body);
    let mut parts = Vec::new();
    let mut lines = text.split("\r\n").flat_map(|l| l.split('\n')).peekable();
    while let Some(line) = lines.next() {
        let Some(rest) = line.strip_prefix("HTTP/1.1 ") else {
            continue;
        };
        let status = rest.split_whitespace().next().and_then(|s| s.parse().ok()).unwrap_or(0);
        let mut etag = None;
        for header in lines.by_ref() {
            if header.trim().is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':')
                && name.trim().eq_ignore_ascii_case("etag")
            {
                etag = Some(value.trim().to_string());
            }
        }
        let mut part_body = String::new();
        while let Some(l) = lines.peek() {
            if l.starts_with("--") {
                break;
            }
            part_body.push_str(lines.next().expect("peeked"));
        }
        parts.push(PartResponse {
            status,
            etag,
            body: part_body,
        });
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_are_checked_before_sending() {
        let ins = |pk: &str, rk: &str| BatchOperation::Insert(EntityDraft::new(pk, rk));
        let msg = |ops: &[BatchOperation]| {
            validate_batch(&"Batch".into(), "orders", ops)
                .unwrap_err()
                .message
                .clone()
        };
        assert_eq!(
            msg(&[ins("a", "1"), ins("b", "2")]),
            said!(
                "error-batch-other-partition",
                number = "2",
                partition_key = "b",
                partition = "a"
            )
        );
        assert_eq!(
            msg(&[ins("a", "1"), ins("a", "1")]),
            said!("error-batch-row-twice", row_key = "1")
        );
        assert_eq!(msg(&[]), said!("error-batch-count", count = "0"));
        let many: Vec<_> = (0..101).map(|i| ins("a", &i.to_string())).collect();
        assert_eq!(msg(&many), said!("error-batch-count", count = "101"));
    }

    #[test]
    fn a_batch_is_cut_before_4_mib_whatever_the_endpoint() {
        let big = |i: usize| BatchOperation::Upsert {
            entity: EntityDraft::new("p", format!("r{i:03}"))
                .with("Notes", crate::table::edm::EdmValue::String("x".repeat(50_000))),
            mode: UpdateMode::Replace,
        };
        let ops: Vec<_> = (0..100).map(big).collect();
        // As many as fit, added up.
        let mut bytes = 0;
        let n = ops
            .iter()
            .take_while(|o| {
                bytes += o.batch_bytes("orders");
                fits_in_batch(bytes)
            })
            .count();
        assert!((70..100).contains(&n), "{n} of 50 KB each");
        // With a long endpoint, the body of what was cut still fits, and one more would not have.
        let base = format!("https://{}.table.core.windows.net", "a".repeat(200));
        assert!(batch_body(&base, "orders", &ops[..n], "batch_1").len() <= MAX_BATCH_BYTES);
        assert!(batch_body(&base, "orders", &ops[..n + 1], "batch_1").len() > MAX_BATCH_BYTES - 64 * 1024);
        let small = BatchOperation::Insert(EntityDraft::new("p", "1"));
        assert!(fits_in_batch(100 * small.batch_bytes("orders")));
    }

    #[test]
    fn response_parts_are_found_with_their_etags() {
        let body = "--batchresponse_1\r\nContent-Type: multipart/mixed; boundary=changesetresponse_2\r\n\r\n\
            --changesetresponse_2\r\nContent-Type: application/http\r\n\r\nHTTP/1.1 204 No Content\r\nETag: W/\"a\"\r\n\r\n\r\n\
            --changesetresponse_2\r\nContent-Type: application/http\r\n\r\nHTTP/1.1 409 Conflict\r\nContent-Type: application/json\r\n\r\n\
            {\"odata.error\":{\"code\":\"EntityAlreadyExists\",\"message\":{\"value\":\"1:exists\"}}}\r\n--changesetresponse_2--\r\n";
        let parts = parse_batch_response(body.as_bytes());
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].etag.as_deref(), Some("W/\"a\""));
        assert_eq!(parts[1].status, 409);
        assert!(parts[1].body.contains("EntityAlreadyExists"));
    }
}
