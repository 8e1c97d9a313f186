//! The Table service: tables, entity queries with continuation tokens, and single-entity writes with If-Match.

pub(crate) mod batch;
pub(crate) mod draft;
pub(crate) mod edm;
pub(crate) mod entity;
pub(crate) mod entity_json;
pub(crate) mod entity_scan;
pub(crate) mod odata;
pub(crate) mod odata_parser;
pub(crate) mod packed;
pub(crate) mod ranges;

pub use batch::{BatchOperation, BatchOutcome, MAX_BATCH_BYTES, MAX_BATCH_OPERATIONS, fits_in_batch};
pub use draft::{
    EntityDraft, MAX_ENTITY_BYTES, MAX_KEY_BYTES, MAX_PROPERTIES, MAX_VALUE_BYTES, Property, validate_key,
};
pub use edm::{EdmDateTime, EdmType, EdmValue, UnparsedValue};
pub use entity::{EdmRef, Entity, EntityView, Properties, PropertyBytes, parse_entity};
pub use entity_scan::parse_entity_page;
pub use odata::{
    CompareOp, FilterError, FilterExpr, Operand, ScanKind, literal as filter_literal, parse as parse_filter, scan_kind,
};
pub use ranges::{PARALLEL_QUERIES, for_each_page_in_ranges};

use percent_encoding::utf8_percent_encode;
use reqwest::Method;

use crate::Service;
use crate::error::{Result, StorageError};
use crate::names::validate_table_name;
use crate::pipeline::{Client, Headers, QUERY_VALUE, Request, Response};
use crate::words::{Said, said};

/// Where the next page of tables starts (`x-ms-continuation-NextTableName`), opaque.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableContinuation(pub String);

/// Where the next page of entities starts, opaque (the emulator base64-encodes it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContinuationToken {
    pub next_partition_key: String,
    pub next_row_key: Option<String>,
}

#[derive(Clone, Debug, Default)]
pub struct TablePage {
    pub tables: Vec<String>,
    pub continuation: Option<TableContinuation>,
}

/// One page of a query. It may be empty and still carry a token: follow it, it is not the end.
#[derive(Clone, Debug, Default)]
pub struct EntityPage {
    pub entities: Vec<Entity>,
    pub continuation: Option<ContinuationToken>,
    /// Bytes of JSON the service sent for this page.
    pub response_bytes: usize,
}

/// What to ask for. `filter` is checked before it is sent.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EntityQuery {
    pub filter: Option<String>,
    pub select: Vec<String>,
    /// At most 1,000 (the service's page limit).
    pub top: Option<u32>,
}

/// The condition a write carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IfMatch {
    /// Write only if the entity still has this ETag (optimistic concurrency).
    Etag(String),
    /// Write whatever is there now (`If-Match: *`): last writer wins.
    Any,
}

impl IfMatch {
    pub fn header_value(&self) -> &str {
        match self {
            IfMatch::Etag(e) => e,
            IfMatch::Any => "*",
        }
    }
}

/// Replace swaps the whole entity; Merge changes only the properties sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UpdateMode {
    Replace,
    Merge,
}

impl UpdateMode {
    pub fn method(self) -> Method {
        match self {
            UpdateMode::Replace => Method::PUT,
            UpdateMode::Merge => Method::from_bytes(b"MERGE").expect("MERGE is a valid method"),
        }
    }
}

pub const MAX_PAGE_SIZE: u32 = 1000;

fn checked_table(operation: &Said, name: &str) -> Result<()> {
    validate_table_name(name).map_err(|m| StorageError::invalid(operation, m))
}

/// `/table(PartitionKey='…',RowKey='…')` with quotes doubled and everything else percent-encoded.
pub fn entity_path(table: &str, partition_key: &str, row_key: &str) -> String {
    let key = |k: &str| utf8_percent_encode(&k.replace('\'', "''"), QUERY_VALUE).to_string();
    format!(
        "/{table}(PartitionKey='{}',RowKey='{}')",
        key(partition_key),
        key(row_key)
    )
}

/// Requests of the Table service carry its JSON headers.
pub(crate) fn table_request(method: Method, operation: &Said, path: String) -> Request {
    Request::new(Service::Table, method, operation, path)
        .header("accept", "application/json;odata=minimalmetadata")
        .header("dataserviceversion", "3.0")
        .header("maxdataserviceversion", "3.0;NetFx")
}

fn json_request(method: Method, operation: &Said, path: String, body: Vec<u8>) -> Request {
    table_request(method, operation, path)
        .header("content-type", "application/json")
        .body(body)
}

impl Client {
    /// One page of table names (at most 1,000), optionally filtered (`TableName ge 'a'`).
    pub async fn list_tables(&self, top: Option<u32>, next: Option<&TableContinuation>) -> Result<TablePage> {
        let op = &said("error-op-list-tables");
        let req = table_request(Method::GET, op, "/Tables".into())
            .query_opt("$top", top.map(|t| t.to_string()))
            .query_opt("NextTableName", next.map(|n| n.0.clone()));
        let resp = self.send(req).await?;
        #[derive(serde::Deserialize)]
        struct Row {
            #[serde(rename = "TableName")]
            name: String,
        }
        #[derive(serde::Deserialize)]
        struct Page {
            value: Vec<Row>,
        }
        let page: Page = serde_json::from_slice(&resp.body).map_err(|e| StorageError::decode(op, e.to_string()))?;
        Ok(TablePage {
            tables: page.value.into_iter().map(|r| r.name).collect(),
            continuation: resp
                .header("x-ms-continuation-nexttablename")
                .map(|n| TableContinuation(n.into())),
        })
    }

    /// Every table name, following continuation tokens.
    pub async fn list_all_tables(&self) -> Result<Vec<String>> {
        let mut names = Vec::new();
        let mut next = None;
        loop {
            let page = self.list_tables(None, next.as_ref()).await?;
            names.extend(page.tables);
            match page.continuation {
                Some(c) => next = Some(c),
                None => return Ok(names),
            }
        }
    }

    pub async fn create_table(&self, name: &str) -> Result<()> {
        let op = said!("error-op-create-table", name = name);
        checked_table(&op, name)?;
        let body = serde_json::to_vec(&serde_json::json!({ "TableName": name })).expect("json");
        let req = json_request(Method::POST, &op, "/Tables".into(), body).header("prefer", "return-no-content");
        self.send(req).await.map(drop)
    }

    pub async fn delete_table(&self, name: &str) -> Result<()> {
        let op = said!("error-op-delete-table", name = name);
        checked_table(&op, name)?;
        let path = format!("/Tables('{name}')");
        self.send(table_request(Method::DELETE, &op, path)).await.map(drop)
    }

    /// One page of a query. The filter is checked first and its error says where it is wrong.
    pub async fn query_entities(
        &self,
        table: &str,
        query: &EntityQuery,
        continuation: Option<&ContinuationToken>,
    ) -> Result<EntityPage> {
        let raw = self.fetch_entity_page(table, query, continuation).await?;
        let entities = parse_entity_page(&raw.body).map_err(|e| StorageError::decode(&raw.operation, e))?;
        Ok(EntityPage {
            entities,
            continuation: raw.continuation,
            response_bytes: raw.body.len(),
        })
    }

    /// Every page of a query from `start` on, handed to `on_page` in order until it returns false.
    /// While one page is parsed (on a blocking thread) the next is already being fetched, so parsing
    /// costs no wall time when the service is the slower side. Empty pages with a token are followed.
    pub async fn for_each_entity_page(
        &self,
        table: &str,
        query: &EntityQuery,
        start: Option<ContinuationToken>,
        mut on_page: impl FnMut(EntityPage) -> bool,
    ) -> Result<()> {
        let mut raw = self.fetch_entity_page(table, query, start.as_ref()).await?;
        loop {
            let RawPage {
                body,
                continuation,
                operation,
            } = raw;
            let response_bytes = body.len();
            // What it cannot read it says as a `Said`, worded by the app where it is shown.
            let parse = tokio::task::spawn_blocking(move || parse_entity_page(&body));
            let (parsed, next) = match &continuation {
                Some(token) => {
                    let (parsed, next) = tokio::join!(parse, self.fetch_entity_page(table, query, Some(token)));
                    (parsed, Some(next))
                }
                None => (parse.await, None),
            };
            let entities = parsed
                .map_err(|e| StorageError::decode(&operation, e.to_string()))?
                .map_err(|e| StorageError::decode(&operation, e))?;
            if !on_page(EntityPage {
                entities,
                continuation,
                response_bytes,
            }) {
                return Ok(());
            }
            match next {
                Some(next) => raw = next?,
                None => return Ok(()),
            }
        }
    }

    async fn fetch_entity_page(
        &self,
        table: &str,
        query: &EntityQuery,
        continuation: Option<&ContinuationToken>,
    ) -> Result<RawPage> {
        let op = said!("error-op-query-table", table = table);
        checked_table(&op, table)?;
        let filter = query.filter.as_deref().map(str::trim).filter(|f| !f.is_empty());
        if let Some(f) = filter {
            odata::parse(f).map_err(|e| {
                StorageError::invalid(
                    &op,
                    said!(
                        "error-table-filter-invalid",
                        column = e.column.to_string(),
                        message = e.message
                    ),
                )
            })?;
        }
        if let Some(top) = query.top.filter(|t| !(1..=MAX_PAGE_SIZE).contains(t)) {
            return Err(StorageError::invalid(
                &op,
                said!("error-table-page-size", top = top.to_string()),
            ));
        }
        let select = (!query.select.is_empty()).then(|| query.select.join(","));
        let req = table_request(Method::GET, &op, format!("/{table}()"))
            .query_opt("$filter", filter)
            .query_opt("$select", select)
            .query_opt("$top", query.top.map(|t| t.to_string()))
            .query_opt("NextPartitionKey", continuation.map(|c| c.next_partition_key.clone()))
            .query_opt("NextRowKey", continuation.and_then(|c| c.next_row_key.clone()));
        let resp = self.send(req).await?;
        Ok(RawPage {
            continuation: continuation_of(&resp),
            body: resp.body,
            operation: op,
        })
    }

    /// One entity by its keys.
    pub async fn get_entity(&self, table: &str, partition_key: &str, row_key: &str) -> Result<Entity> {
        let op = said!("error-op-read-entity", partition_key = partition_key, row_key = row_key);
        checked_table(&op, table)?;
        let resp = self
            .send(table_request(
                Method::GET,
                &op,
                entity_path(table, partition_key, row_key),
            ))
            .await?;
        let entity = parse_entity(&resp.body).map_err(|e| StorageError::decode(&op, e))?;
        // A point read's body may omit the ETag; the header always has it.
        Ok(match (entity.etag(), resp.etag()) {
            (None, Some(etag)) => entity.with_etag(&etag),
            _ => entity,
        })
    }

    /// Inserts a new entity; fails with 409 if one with these keys exists. Returns the new ETag.
    pub async fn insert_entity(&self, table: &str, entity: &EntityDraft) -> Result<String> {
        let op = said!(
            "error-op-insert-entity",
            partition_key = entity.partition_key.as_str(),
            row_key = entity.row_key.as_str()
        );
        checked_table(&op, table)?;
        entity.validate(&op)?;
        let req = json_request(Method::POST, &op, format!("/{table}"), entity.to_json_body())
            .header("prefer", "return-no-content")
            // Repeating an insert that did arrive would report a conflict the user did not cause.
            .idempotent(false);
        let resp = self.send(req).await?;
        etag_of(&op, &resp)
    }

    /// Replaces or merges an existing entity if it matches the condition. Returns the new ETag.
    pub async fn update_entity(
        &self,
        table: &str,
        entity: &EntityDraft,
        mode: UpdateMode,
        condition: &IfMatch,
    ) -> Result<String> {
        let op = if mode == UpdateMode::Replace {
            said!(
                "error-op-replace-entity",
                partition_key = entity.partition_key.as_str(),
                row_key = entity.row_key.as_str()
            )
        } else {
            said!(
                "error-op-merge-entity",
                partition_key = entity.partition_key.as_str(),
                row_key = entity.row_key.as_str()
            )
        };
        checked_table(&op, table)?;
        entity.validate(&op)?;
        let path = entity_path(table, &entity.partition_key, &entity.row_key);
        let req = json_request(mode.method(), &op, path, entity.to_json_body())
            .header("if-match", condition.header_value())
            // After a write that did arrive, the ETag has moved: a repeat would report a false conflict.
            .idempotent(false);
        let resp = self.send(req).await?;
        etag_of(&op, &resp)
    }

    /// Insert-or-replace / insert-or-merge: no condition, safe to repeat. Returns the new ETag.
    pub async fn upsert_entity(&self, table: &str, entity: &EntityDraft, mode: UpdateMode) -> Result<String> {
        let op = if mode == UpdateMode::Replace {
            said!(
                "error-op-insert-or-replace-entity",
                partition_key = entity.partition_key.as_str(),
                row_key = entity.row_key.as_str()
            )
        } else {
            said!(
                "error-op-insert-or-merge-entity",
                partition_key = entity.partition_key.as_str(),
                row_key = entity.row_key.as_str()
            )
        };
        checked_table(&op, table)?;
        entity.validate(&op)?;
        let path = entity_path(table, &entity.partition_key, &entity.row_key);
        let req = json_request(mode.method(), &op, path, entity.to_json_body()).idempotent(true);
        let resp = self.send(req).await?;
        etag_of(&op, &resp)
    }

    pub async fn delete_entity(
        &self,
        table: &str,
        partition_key: &str,
        row_key: &str,
        condition: &IfMatch,
    ) -> Result<()> {
        let op = said!(
            "error-op-delete-entity",
            partition_key = partition_key,
            row_key = row_key
        );
        checked_table(&op, table)?;
        let req = table_request(Method::DELETE, &op, entity_path(table, partition_key, row_key))
            .header("if-match", condition.header_value())
            .idempotent(false);
        self.send(req).await.map(drop)
    }
}

/// A page as it arrived, before its entities are built.
struct RawPage {
    body: bytes::Bytes,
    continuation: Option<ContinuationToken>,
    operation: Said,
}

fn continuation_of(resp: &Response) -> Option<ContinuationToken> {
    let pk = resp.header("x-ms-continuation-nextpartitionkey")?;
    Some(ContinuationToken {
        next_partition_key: pk.to_string(),
        next_row_key: resp.header("x-ms-continuation-nextrowkey").map(str::to_string),
    })
}

fn etag_of(op: &Said, resp: &Response) -> Result<String> {
    resp.etag()
        .ok_or_else(|| StorageError::decode(op, said("error-decode-no-etag")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entity_paths_escape_quotes_and_reserved_characters() {
        assert_eq!(
            entity_path("t", "o'brien", "a b&c"),
            "/t(PartitionKey='o%27%27brien',RowKey='a%20b%26c')"
        );
    }
}
