//! Table listing rate and entity memory, each against a floor measured in the same run, and the listing rate
//! against Microsoft's Python SDK's `list_entities` over the same table.
//! Run: `cargo bench --bench tables`.

mod common;

use std::time::Instant;

use common::{goal, goal_spread, goal_unmeasured};

use tessera::storage::table::BatchOperation;
use tessera::storage::table::{EdmDateTime, EdmValue};
use tessera::storage::table::{Entity, EntityDraft};
use tessera::storage::table::{EntityQuery, UpdateMode};
use tessera::storage::{Account, Client, ClientOptions, Service};

#[global_allocator]
static ALLOCATOR: common::heap::Counting = common::heap::Counting;

const ENTITIES: usize = 100_000;

fn main() {
    let (emulator, rt, client) = common::azurite(ClientOptions::default());
    let table = "benchlisting";
    rt.block_on(seed(&client, table));

    let mut held = (0usize, 0usize, 0usize);
    let mut sdk_failed = None;
    // The floor, the client and the SDK.
    let rounds =
        common::rounds(
            common::ROUNDS,
            &["floor/s", "client/s", "Python SDK/s"],
            |_, side| match side {
                0 => {
                    let (n, secs) = rt.block_on(raw_floor(&emulator.account(), table));
                    assert_eq!(n, ENTITIES, "the floor read every entity");
                    n as f64 / secs
                }
                1 => {
                    let before = common::heap::live_bytes();
                    let started = Instant::now();
                    let (entities, json_bytes) = rt.block_on(client_listing(&client, table));
                    let secs = started.elapsed().as_secs_f64();
                    assert_eq!(entities.len(), ENTITIES, "the client read every entity");
                    let live = (common::heap::live_bytes() - before).max(0) as usize;
                    held = (live, json_bytes, entities.len());
                    ENTITIES as f64 / secs
                }
                _ => {
                    // The peer: Microsoft's Python SDK's list_entities over the same table, in the same round.
                    let sdk = common::peer::run(&emulator.connection_string(), &["bench-list-entities", table])
                        .and_then(|v| match v["count"].as_u64() {
                            Some(n) if n as usize == ENTITIES => Ok(common::peer::rate(&v, "count")),
                            other => Err(format!("the SDK listed {other:?} entities")),
                        });
                    sdk.unwrap_or_else(|why| {
                        sdk_failed = Some(why);
                        f64::NAN
                    })
                }
            },
        );
    match sdk_failed {
        None => goal_spread(
            "table_list_vs_sdk",
            format!("{:.0}/s", rounds.median(1)),
            format!("{:.0}/s(Python SDK list_entities)", rounds.median(2)),
            rounds.ratio(1, 2),
            ">=3",
        ),
        Some(why) => goal_unmeasured("table_list_vs_sdk", &why, ">=3"),
    }
    goal_spread(
        "table_list_rate",
        format!("{:.0}/s", rounds.median(1)),
        format!("{:.0}/s", rounds.median(0)),
        rounds.ratio(1, 0),
        ">=0.9",
    );
    // The bytes the last round's listing held: one listing gives them exactly.
    let (live, json, n) = held;
    let per_entity = live as f64 / n as f64;
    let json_per_entity = json as f64 / n as f64;
    let mem_ratio = per_entity / json_per_entity;
    goal(
        "table_entity_memory",
        format!("{per_entity:.0}B/entity"),
        format!("{json_per_entity:.0}B/entity(json)"),
        mem_ratio,
        "<=0.65",
    );
    rt.block_on(client.delete_table(table)).ok();
}

/// 100,000 entities of eight properties over 100 partitions, written 100 per batch, 8 batches at a time.
async fn seed(client: &Client, table: &str) {
    let _ = client.delete_table(table).await;
    client.create_table(table).await.expect("create table");
    let started = Instant::now();
    let mut batches = Vec::new();
    for p in 0..100 {
        for chunk in 0..(ENTITIES / 100 / 100) {
            let ops: Vec<BatchOperation> = (0..100)
                .map(|i| {
                    let n = chunk * 100 + i;
                    let draft = EntityDraft::new(format!("partition{p:03}"), format!("row{n:06}"))
                        .with("Name", EdmValue::String(format!("customer {p}-{n}")))
                        .with(
                            "City",
                            EdmValue::String(["Oslo", "Lima", "Kyoto", "Perth"][n % 4].into()),
                        )
                        .with("Age", EdmValue::Int32((n % 90) as i32))
                        .with("Balance", EdmValue::Double(n as f64 * 1.25))
                        .with("Visits", EdmValue::Int64(n as i64 * 1_000_003))
                        .with("Active", EdmValue::Boolean(n.is_multiple_of(3)))
                        .with("Since", EdmValue::DateTime(EdmDateTime::now()))
                        .with("Ref", EdmValue::Guid(uuid::Uuid::new_v4()));
                    BatchOperation::Upsert {
                        entity: draft,
                        mode: UpdateMode::Replace,
                    }
                })
                .collect();
            batches.push(ops);
        }
    }
    common::submit_batches(client, table, batches).await;
    println!("seeded {ENTITIES} entities in {:.1} s", started.elapsed().as_secs_f64());
}

/// The client's listing: every page through the pipeline into packed entities, parsing overlapped.
async fn client_listing(client: &Client, table: &str) -> (Vec<Entity>, usize) {
    let mut all = Vec::with_capacity(ENTITIES);
    let mut json = 0;
    client
        .for_each_entity_page(table, &EntityQuery::default(), None, |page| {
            json += page.response_bytes;
            all.extend(page.entities);
            true
        })
        .await
        .unwrap();
    (all, json)
}

/// The floor: the same pages with bare reqwest and a signature, parsed as JSON without building anything.
async fn raw_floor(account: &Account, table: &str) -> (usize, f64) {
    let http = reqwest::Client::new();
    let base = account
        .endpoint(Service::Table)
        .unwrap()
        .as_str()
        .trim_end_matches('/')
        .to_string();
    let started = Instant::now();
    let mut count = 0;
    let mut next: Option<(String, Option<String>)> = None;
    loop {
        let mut url = url::Url::parse(&format!("{base}/{table}()")).unwrap();
        if let Some((pk, rk)) = &next {
            url.query_pairs_mut().append_pair("NextPartitionKey", pk);
            if let Some(rk) = rk {
                url.query_pairs_mut().append_pair("NextRowKey", rk);
            }
        }
        let extra = [
            ("accept", "application/json;odata=minimalmetadata"),
            ("dataserviceversion", "3.0"),
        ];
        let resp = common::signed_get(&http, account, Service::Table, url, &extra)
            .send()
            .await
            .unwrap();
        let header = |n: &str| resp.headers().get(n).and_then(|v| v.to_str().ok()).map(str::to_string);
        let token = header("x-ms-continuation-nextpartitionkey").map(|pk| (pk, header("x-ms-continuation-nextrowkey")));
        let body = resp.bytes().await.unwrap();
        #[derive(serde::Deserialize)]
        struct Page {
            value: Vec<serde::de::IgnoredAny>,
        }
        count += serde_json::from_slice::<Page>(&body).unwrap().value.len();
        match token {
            Some(t) => next = Some(t),
            None => return (count, started.elapsed().as_secs_f64()),
        }
    }
}
