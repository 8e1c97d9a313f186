//! Whole-table reads as PartitionKey ranges at once, against Azurite: what they hand over must be exactly what the
//! one chain of continuation tokens reads, in the same order, with awkward keys (quotes, non-ASCII, characters
//! past U+FFFF, an empty key), with a filter of the user's, from the start or after a first page; and a read
//! stopped part-way resumes from the token it handed over without losing or repeating a row.

mod common;

use tessera::storage::Client;
use tessera::storage::table::{BatchOperation, ContinuationToken, EntityDraft, EntityQuery, for_each_page_in_ranges};

/// Partitions of every shape, each with a few rows: enough that parts are cut again at a page of 20.
fn partition_keys() -> Vec<String> {
    let mut keys: Vec<String> = (0..60).map(|i| format!("p{i:04}")).collect();
    keys.extend((0..12).map(|i| format!("{:x}{i}", (i * 7) % 16)));
    keys.extend(["", " ", "o'k", "Zed", "_", "~", "é", "日本", "😀", "\u{FF5E}", "a'b''c"].map(String::from));
    keys
}

async fn table_of_every_shape(client: &Client) -> String {
    let table = common::unique("ranges").replace('-', "");
    client.create_table(&table).await.unwrap();
    for (n, pk) in partition_keys().into_iter().enumerate() {
        let rows = 1 + n % 4;
        let ops: Vec<BatchOperation> = (0..rows)
            .map(|r| {
                let draft = EntityDraft::new(pk.clone(), format!("r{r}"))
                    .with("Size", tessera::storage::table::EdmValue::Int32((n * 10 + r) as i32));
                BatchOperation::Insert(draft)
            })
            .collect();
        client.submit_batch(&table, &ops).await.unwrap();
    }
    table
}

fn key(e: &tessera::storage::table::Entity) -> String {
    format!("{}|{}", e.partition_key(), e.row_key())
}

/// Every row the one chain of tokens reads.
async fn chain(client: &Client, table: &str, query: &EntityQuery) -> Vec<String> {
    let mut out = Vec::new();
    client
        .for_each_entity_page(table, query, None, |page| {
            out.extend(page.entities.iter().map(key));
            true
        })
        .await
        .unwrap();
    out
}

/// The first page from the chain, then the rest as ranges, stopped after `stop` pages (if given) and resumed
/// from the last page's token with the plain query, rows up to the last one read dropped (as the pane does).
async fn in_ranges(
    client: &Client,
    table: &str,
    query: &EntityQuery,
    first_page: bool,
    stop: Option<usize>,
) -> Vec<String> {
    let mut out = Vec::new();
    let mut start = None;
    if first_page {
        let page = client.query_entities(table, query, None).await.unwrap();
        out.extend(page.entities.iter().map(key));
        let Some(token) = page.continuation else { return out };
        start = Some((page.entities.last().unwrap().partition_key().to_string(), token));
    }
    let (mut pages, mut resume): (usize, Option<ContinuationToken>) = (0, None);
    for_each_page_in_ranges(client, table, query, start, |page| {
        pages += 1;
        out.extend(page.entities.iter().map(key));
        resume = page.continuation.clone();
        stop.is_none_or(|s| pages < s)
    })
    .await
    .unwrap();
    if let Some(token) = resume.filter(|_| stop.is_some()) {
        let last = out.last().cloned().unwrap();
        let mut rest = Vec::new();
        client
            .for_each_entity_page(table, query, Some(token), |page| {
                rest.extend(page.entities.iter().map(key));
                true
            })
            .await
            .unwrap();
        let past = |k: &String| {
            let (a, b) = (k.split_once('|').unwrap(), last.split_once('|').unwrap());
            let order = |x: &str, y: &str| x.encode_utf16().cmp(y.encode_utf16());
            order(a.0, b.0).then_with(|| order(a.1, b.1)).is_gt()
        };
        out.extend(rest.into_iter().filter(past));
    }
    out
}

#[test]
fn ranges_read_what_the_chain_reads() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    rt.block_on(async {
        let table = table_of_every_shape(&client).await;
        for filter in [
            None,
            Some("Size ge 100 and Size lt 600"),
            Some("RowKey eq 'r0' or PartitionKey eq 'o''k'"),
        ] {
            for first_page in [false, true] {
                let query = EntityQuery {
                    filter: filter.map(String::from),
                    top: Some(20),
                    ..Default::default()
                };
                let whole = chain(&client, &table, &query).await;
                assert!(whole.len() > 20 || filter.is_some());
                let parted = in_ranges(&client, &table, &query, first_page, None).await;
                assert_eq!(parted, whole, "filter {filter:?}, after a first page: {first_page}");
            }
        }
        // Only the partition key selected (as Count entities and the partition map read): the same rows.
        let keys_only = EntityQuery {
            select: vec!["PartitionKey".into()],
            top: Some(20),
            ..Default::default()
        };
        let count = |v: Vec<String>| v.len();
        assert_eq!(
            count(in_ranges(&client, &table, &keys_only, false, None).await),
            count(chain(&client, &table, &keys_only).await)
        );
    });
}

#[test]
fn a_read_stopped_part_way_resumes_from_the_token_it_handed_over() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    rt.block_on(async {
        let table = table_of_every_shape(&client).await;
        let query = EntityQuery {
            top: Some(20),
            ..Default::default()
        };
        let whole = chain(&client, &table, &query).await;
        for stop in [1, 2, 3, 5, 8] {
            let resumed = in_ranges(&client, &table, &query, true, Some(stop)).await;
            assert_eq!(resumed, whole, "stopped after {stop} pages");
        }
    });
}
