//! The benchmarks' Query Entities server checked against Azurite: the same 120 entities (four partitions of 30),
//! read whole, in pages, through key ranges as the table tab's Load all cuts them, and resumed from a token
//! inside a narrower range; the parsed pages and their continuation tokens must be the same, page for page.
//! What may differ: ETags and timestamps.

mod common;
#[path = "../benches/common/entity_server.rs"]
mod entity_server;
#[path = "../benches/common/request_head.rs"]
mod request_head;

use entity_server::{EntityServer, Table, age_of, name_of};
use tessera::storage::Client;
use tessera::storage::table::{BatchOperation, ContinuationToken, EdmValue, EntityDraft, EntityQuery};

const PARTITIONS: usize = 4;
const PER_PARTITION: usize = 30;

/// Every page from `start` on: each as its entities (keys and properties, no ETag or timestamp) and its token.
async fn pages(
    client: &Client,
    table: &str,
    query: &EntityQuery,
    mut token: Option<ContinuationToken>,
) -> Vec<(Vec<String>, Option<ContinuationToken>)> {
    let mut out = Vec::new();
    loop {
        let page = client
            .query_entities(table, query, token.as_ref())
            .await
            .expect("a page");
        let entities = page
            .entities
            .iter()
            .map(|e| {
                let props: Vec<String> = e.properties().map(|(n, v)| format!("{n}={:?}", v.to_value())).collect();
                format!("{}/{} {}", e.partition_key(), e.row_key(), props.join(" "))
            })
            .collect();
        out.push((entities, page.continuation.clone()));
        match page.continuation {
            Some(t) => token = Some(t),
            None => return out,
        }
    }
}

#[test]
fn the_entity_server_reads_as_azurite_does() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let azurite = common::client();
    let name = common::unique("entities");
    let shape = Table::new(&name, PARTITIONS, PER_PARTITION);
    rt.block_on(async {
        azurite.create_table(&name).await.unwrap();
        for p in 0..PARTITIONS {
            let ops: Vec<BatchOperation> = (0..PER_PARTITION)
                .map(|r| {
                    BatchOperation::Insert(
                        EntityDraft::new(shape.partition_key(p), shape.row_key(r))
                            .with("Name", EdmValue::String(name_of(p, r)))
                            .with("Age", EdmValue::Int32(age_of(r))),
                    )
                })
                .collect();
            azurite.submit_batch(&name, &ops).await.expect("a batch");
        }
    });
    let server = EntityServer::start_with_delay(&rt, shape, std::time::Duration::ZERO);
    let served = Client::new(server.account(), Default::default()).unwrap();
    let query = |filter: Option<&str>, top: Option<u32>| EntityQuery {
        filter: filter.map(str::to_string),
        top,
        ..Default::default()
    };
    let cases = [
        ("whole", query(None, None)),
        ("pages of 7", query(None, Some(7))),
        ("pages of 40 (the last one full)", query(None, Some(40))),
        (
            "a range of two partitions, pages of 11",
            query(Some("PartitionKey ge 'p0001' and PartitionKey lt 'p0003'"), Some(11)),
        ),
        (
            "ranges cut inside a key, as Load all cuts them",
            query(Some("PartitionKey ge 'p0002' and PartitionKey lt 'p001'"), Some(13)),
        ),
        (
            "from a cut to the end, pages of 30",
            query(Some("PartitionKey ge 'p0002'"), Some(30)),
        ),
        (
            "a range nothing is in",
            query(Some("PartitionKey ge 'p1' and PartitionKey lt 'p2'"), None),
        ),
    ];
    rt.block_on(async {
        for (what, q) in &cases {
            let theirs = pages(&azurite, &name, q, None).await;
            let ours = pages(&served, &name, q, None).await;
            assert!(
                theirs.iter().map(|p| p.0.len()).sum::<usize>() > 0 || what.contains("nothing"),
                "{what}: Azurite read nothing"
            );
            assert_eq!(ours, theirs, "{what}: the entity server and Azurite disagree");
        }
        // A token names a place in the table, not a query: Load all goes on from one inside a narrower range.
        let first = azurite
            .query_entities(&name, &query(None, Some(45)), None)
            .await
            .unwrap();
        let token = first.continuation.expect("more than a page");
        let narrower = query(Some("PartitionKey ge 'p0000' and PartitionKey lt 'p0003'"), Some(20));
        let theirs = pages(&azurite, &name, &narrower, Some(token.clone())).await;
        let ours = pages(&served, &name, &narrower, Some(token)).await;
        assert_eq!(ours, theirs, "resumed from a token inside a range: the two disagree");
    });
}
