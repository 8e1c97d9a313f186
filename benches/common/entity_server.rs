//! A bench-only Query Entities server: a table of `partitions` x `per_partition` generated entities, queried in
//! key order with `$top`, key-range filters (`PartitionKey ge 'a' and PartitionKey lt 'b'`, as the tab's ranges
//! send) and continuation tokens in `x-ms-continuation-NextPartitionKey`/`NextRowKey`, answered in the service's
//! minimal-metadata JSON. It holds no entity: each is made from its place when a page asks for it, so a million
//! (or ten) cost it nothing to seed, which Azurite takes an hour for here. Signatures are not checked.
//! Correctness stays on Azurite: `tests/entity_server.rs` reads a small table from both and compares the pages.
//!
//! The tokens are Azurite's: the next entity's keys, each base64 of its UTF-8 (opaque to the client), and a
//! page carries one only when an entity the query matches follows it.
#![allow(dead_code)]

use std::fmt::Write as _;
use std::sync::Arc;

use base64::Engine as _;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};

/// The most entities a page holds, and what a query without `$top` gets (the service's 1,000).
const MAX_PAGE: usize = 1000;

/// A table's entities, from their place: entity `i` is row `i % per_partition` of partition `i / per_partition`.
#[derive(Clone, Debug)]
pub struct Table {
    pub name: String,
    pub partitions: usize,
    pub per_partition: usize,
}

/// What entity (`partition`, `row`) holds beside its keys: the same for the server and for a real table seeded
/// to compare with it (the latency bench's entities since it first seeded Azurite).
pub fn name_of(partition: usize, row: usize) -> String {
    format!("customer {partition}-{row}")
}

pub fn age_of(row: usize) -> i32 {
    (row % 90) as i32
}

impl Table {
    pub fn new(name: &str, partitions: usize, per_partition: usize) -> Table {
        assert!(
            partitions <= 10_000 && per_partition <= 100_000,
            "keys have four digits a partition and up to five a row"
        );
        Table {
            name: name.to_string(),
            partitions,
            per_partition,
        }
    }

    pub fn len(&self) -> usize {
        self.partitions * self.per_partition
    }

    /// `p0000`…: four digits, so the keys' order is their places' order.
    pub fn partition_key(&self, partition: usize) -> String {
        format!("p{partition:04}")
    }

    /// `r000`… (`r00000`… past a thousand rows a partition).
    pub fn row_key(&self, row: usize) -> String {
        if self.per_partition <= 1000 {
            format!("r{row:03}")
        } else {
            format!("r{row:05}")
        }
    }

    fn keys(&self, i: usize) -> (String, String) {
        (
            self.partition_key(i / self.per_partition),
            self.row_key(i % self.per_partition),
        )
    }

    /// The first place whose keys are at or past (`partition_key`, `row_key`); `row_key` None: the first of
    /// that partition key.
    fn place_of(&self, partition_key: &str, row_key: Option<&str>) -> usize {
        let (mut low, mut high) = (0, self.len());
        while low < high {
            let mid = low + (high - low) / 2;
            let (pk, rk) = self.keys(mid);
            let before = match pk.as_str().cmp(partition_key) {
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Greater => false,
                std::cmp::Ordering::Equal => row_key.is_some_and(|r| rk.as_str() < r),
            };
            if before {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        low
    }

    /// The first place past every entity of partition key `partition_key` and those before it.
    fn place_after(&self, partition_key: &str) -> usize {
        let (mut low, mut high) = (0, self.len());
        while low < high {
            let mid = low + (high - low) / 2;
            if self.keys(mid).0.as_str() <= partition_key {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        low
    }

    /// The places a `$filter` of PartitionKey comparisons joined by `and` keeps (each term may sit in
    /// parentheses): `lo..hi`. None: a filter this server does not read.
    fn range_of(&self, filter: &str) -> Option<(usize, usize)> {
        let (mut lo, mut hi) = (0, self.len());
        for term in filter.split(" and ") {
            let term = term.trim().trim_start_matches('(').trim_end_matches(')').trim();
            let rest = term.strip_prefix("PartitionKey ")?;
            let (op, value) = rest.split_once(' ')?;
            let key = value.strip_prefix('\'')?.strip_suffix('\'')?.replace("''", "'");
            match op {
                "ge" => lo = lo.max(self.place_of(&key, None)),
                "gt" => lo = lo.max(self.place_after(&key)),
                "lt" => hi = hi.min(self.place_of(&key, None)),
                "le" => hi = hi.min(self.place_after(&key)),
                "eq" => {
                    lo = lo.max(self.place_of(&key, None));
                    hi = hi.min(self.place_after(&key));
                }
                _ => return None,
            }
        }
        Some((lo, hi.max(lo)))
    }

    /// One page of a query: its JSON and its token (the next entity's keys, base64), or why it is refused.
    pub fn page(
        &self,
        query: &std::collections::HashMap<String, String>,
        port: u16,
    ) -> Result<(String, Option<(String, String)>), String> {
        let get = |k: &str| query.get(k).map(String::as_str);
        if get("$select").is_some() {
            return Err("the entity server answers whole entities only".into());
        }
        let top = match get("$top") {
            Some(t) => t.parse::<usize>().map_err(|_| format!("$top {t} is not a number"))?,
            None => MAX_PAGE,
        }
        .clamp(1, MAX_PAGE);
        let (lo, hi) = match get("$filter").map(str::trim).filter(|f| !f.is_empty()) {
            Some(f) => self
                .range_of(f)
                .ok_or_else(|| format!("a filter the entity server does not read: {f}"))?,
            None => (0, self.len()),
        };
        let b64 = base64::engine::general_purpose::STANDARD;
        let decode = |k: &str| {
            get(k)
                .map(|v| {
                    b64.decode(v)
                        .ok()
                        .and_then(|b| String::from_utf8(b).ok())
                        .ok_or(format!("{k} is not a token"))
                })
                .transpose()
        };
        let start = match decode("NextPartitionKey")? {
            Some(pk) => lo.max(self.place_of(&pk, decode("NextRowKey")?.as_deref())),
            None => lo,
        }
        .min(hi);
        let end = hi.min(start + top);
        let mut out = String::with_capacity((end - start) * 200 + 128);
        let _ = write!(
            out,
            "{{\"odata.metadata\":\"http://127.0.0.1:{port}/devstoreaccount1/$metadata#{}\",\"value\":[",
            self.name
        );
        for i in start..end {
            let (p, r) = (i / self.per_partition, i % self.per_partition);
            if i > start {
                out.push(',');
            }
            // The ETag and Timestamp as the service writes them (seven digits of ticks), from the place.
            let ticks = i % 10_000_000;
            let _ = write!(
                out,
                "{{\"odata.etag\":\"W/\\\"datetime'2026-11-23T01%3A00%3A00.{ticks:07}Z'\\\"\",\"PartitionKey\":\"{}\",\
                 \"RowKey\":\"{}\",\"Name\":\"{}\",\"Age\":{},\"Timestamp\":\"2026-11-23T01:00:00.{ticks:07}Z\"}}",
                self.partition_key(p),
                self.row_key(r),
                name_of(p, r),
                age_of(r)
            );
        }
        out.push_str("]}");
        let token = (end < hi).then(|| {
            let (pk, rk) = self.keys(end);
            (b64.encode(pk), b64.encode(rk))
        });
        Ok((out, token))
    }
}

pub struct EntityServer {
    pub port: u16,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for EntityServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl EntityServer {
    /// Serves `table` on a free loopback port, each answer held back `delay` (a round trip to a real region)
    /// before it is sent; requests on other connections are answered meanwhile, as a service answers them.
    pub fn start_with_delay(rt: &tokio::runtime::Runtime, table: Table, delay: std::time::Duration) -> EntityServer {
        let table = Arc::new(table);
        let listener = rt.block_on(TcpListener::bind("127.0.0.1:0")).expect("a loopback port");
        let port = listener.local_addr().unwrap().port();
        let task = rt.spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(serve(stream, table.clone(), port, delay));
            }
        });
        EntityServer { port, task }
    }

    /// An account whose table endpoint is this server (the key signs requests nobody checks).
    pub fn account(&self) -> tessera::storage::Account {
        // Blob and queue endpoints point at a port nobody listens on: only entities are served.
        tessera::storage::Account::emulator_at("127.0.0.1", [9, 9, self.port])
    }
}

async fn serve(mut stream: TcpStream, table: Arc<Table>, port: u16, delay: std::time::Duration) {
    let mut buf = Vec::with_capacity(4096);
    loop {
        let Some(super::request_head::Request { method, url, query }) =
            super::request_head::next_request(&mut stream, &mut buf).await
        else {
            return;
        };
        let method = method.as_str();
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
        let asked = url.path().trim_start_matches('/').split('/').next_back().unwrap_or("");
        let answer = match (method, asked.strip_suffix("()")) {
            ("GET", Some(name)) if name == table.name => table.page(&query, port),
            _ => Err(format!(
                "the entity server answers Query Entities on {} only",
                table.name
            )),
        };
        let (status, headers, body) = match answer {
            Ok((body, token)) => {
                let headers = token
                    .map(|(pk, rk)| {
                        format!("x-ms-continuation-NextPartitionKey: {pk}\r\nx-ms-continuation-NextRowKey: {rk}\r\n")
                    })
                    .unwrap_or_default();
                ("200 OK", headers, body)
            }
            Err(why) => (
                "400 Bad Request",
                String::new(),
                serde_json::json!({"odata.error": {"code": "NotImplemented", "message": {"lang": "en-US", "value": why}}})
                    .to_string(),
            ),
        };
        let mut response = format!(
            "HTTP/1.1 {status}\r\nContent-Type: application/json;odata=minimalmetadata;streaming=true;charset=utf-8\r\n\
             x-ms-request-id: entities-{}\r\nx-ms-version: {}\r\nDate: {}\r\n{headers}Content-Length: {}\r\n\r\n",
            fastrand::u64(..),
            tessera::storage::API_VERSION,
            httpdate::fmt_http_date(std::time::SystemTime::now()),
            body.len()
        )
        .into_bytes();
        response.extend_from_slice(body.as_bytes());
        if stream.write_all(&response).await.is_err() {
            return;
        }
    }
}
