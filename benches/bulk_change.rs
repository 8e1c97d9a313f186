//! "Change all that match" over a quarter of a million entities on Azurite: the job streams (its peak heap at
//! 250,000 matching entities against the same job at 25,000), and a Cancel halfway then a Retry changes every
//! entity exactly once (each write is If-Match the ETag it was read with, so a second change of one entity would
//! be refused and counted), read back by Microsoft's Python SDK. Run: `cargo bench --bench bulk_change`.

mod common;

use std::sync::{Arc, Mutex};
use std::time::Instant;

use common::{goal, goal_unmeasured};
use tessera::app::runtime::jobs::JobContext;
use tessera::app::table::features::bulk_job::{self, Change, Position, Source};
use tessera::storage::table::{BatchOperation, EdmValue, EntityDraft, EntityQuery, UpdateMode};
use tessera::storage::{Client, ClientOptions, TransferProgress};

#[global_allocator]
static ALLOCATOR: common::heap::Counting = common::heap::Counting;

const SMALL: usize = 25_000;
const LARGE: usize = 250_000;

fn main() {
    let (emulator, rt, client) = common::azurite(ClientOptions::default());
    let (small, large) = ("bulksmall", "bulklarge");
    for (table, n) in [(small, SMALL), (large, LARGE)] {
        rt.block_on(seed(&client, table, n));
    }

    // Memory: the whole job at each size, nothing else running; the peak above what was live when it started.
    let mut peaks = Vec::new();
    for (table, n) in [(small, SMALL), (large, LARGE)] {
        let shared = Arc::new(Mutex::new(Position::default()));
        let before = common::heap::live_bytes();
        common::heap::reset_peak();
        let started = Instant::now();
        let summary = rt
            .block_on(bulk_job::run(
                job(),
                client.clone(),
                table.into(),
                everything(),
                set("first"),
                shared.clone(),
            ))
            .expect("the change ran");
        let peak = (common::heap::peak_bytes() - before).max(0) as f64;
        let done = shared.lock().unwrap().tally.done;
        println!(
            "{n} entities changed in {:.1} s, peak {:.1} MB above the start: {summary}",
            started.elapsed().as_secs_f64(),
            peak / 1e6
        );
        assert_eq!(done as usize, n, "the job changed every entity");
        peaks.push(peak);
    }
    goal(
        "bulk_change_memory_250k",
        format!("{:.1}MB_peak(250000_entities)", peaks[1] / 1e6),
        format!("{:.1}MB_peak(25000_entities)", peaks[0] / 1e6),
        peaks[1] / peaks[0],
        "<=1.2",
    );

    // Resume: Cancel once half is changed, then run again with the position kept, as Retry does.
    let shared = Arc::new(Mutex::new(Position::default()));
    let first = job();
    let cancel = first.cancel.clone();
    let watcher = {
        let shared = shared.clone();
        rt.spawn(async move {
            while shared.lock().unwrap().tally.done < (LARGE / 2) as u64 {
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            }
            cancel.cancel();
        })
    };
    let cut = rt.block_on(bulk_job::run(
        first,
        client.clone(),
        large.into(),
        everything(),
        set("second"),
        shared.clone(),
    ));
    rt.block_on(watcher).unwrap();
    let at_cancel = shared.lock().unwrap().tally.done;
    assert!(cut.is_err(), "the Cancel stopped the job");
    let summary = rt
        .block_on(bulk_job::run(
            job(),
            client.clone(),
            large.into(),
            everything(),
            set("second"),
            shared.clone(),
        ))
        .expect("the Retry ran");
    let tally = { shared.lock().unwrap().tally.clone() };
    println!("cancelled at {at_cancel} changed; after the Retry: {summary}");
    let twice_or_missed = tally.changed + tally.gone + tally.failed;
    let read_back = common::peer::run(
        &emulator.connection_string(),
        &["entity-count", large, "Status eq 'second'"],
    )
    .and_then(|v| v["count"].as_u64().ok_or(format!("the SDK said {v}")));
    match read_back {
        Ok(count) => goal(
            "bulk_change_resume_250k",
            format!(
                "{count}changed_once(SDK_read,{}_done,{twice_or_missed}_refused)",
                tally.done
            ),
            format!("{LARGE}matching(cancelled_at_{at_cancel})"),
            if twice_or_missed == 0 && tally.done == count {
                count as f64 / LARGE as f64
            } else {
                0.0
            },
            ">=1.0",
        ),
        Err(why) => goal_unmeasured("bulk_change_resume_250k", &why, ">=1.0"),
    }
}

fn job() -> JobContext {
    JobContext {
        progress: TransferProgress::new(),
        cancel: Default::default(),
        detail: Default::default(),
        items: Default::default(),
    }
}

/// Every entity of the table, as "Change all that match" reads them for a query that matches all.
fn everything() -> Source {
    Source::Query {
        query: EntityQuery {
            filter: Some("Kind eq 'order'".into()),
            ..EntityQuery::default()
        },
        matching: None,
    }
}

fn set(status: &str) -> Change {
    Change::Set {
        name: "Status".into(),
        value: EdmValue::String(status.into()),
    }
}

/// `n` entities of six properties over partitions of 1,000, written 100 per batch, 8 batches at a time.
async fn seed(client: &Client, table: &str, n: usize) {
    let _ = client.delete_table(table).await;
    client.create_table(table).await.expect("create table");
    let started = Instant::now();
    let batches = (0..n).step_by(100).map(|start| {
        (start..start + 100)
            .map(|i| BatchOperation::Upsert {
                entity: EntityDraft::new(format!("partition{:04}", i / 1000), format!("row{i:07}"))
                    .with("Kind", EdmValue::String("order".into()))
                    .with("Name", EdmValue::String(format!("customer {i}")))
                    .with(
                        "City",
                        EdmValue::String(["Oslo", "Lima", "Kyoto", "Perth"][i % 4].into()),
                    )
                    .with("Amount", EdmValue::Double(i as f64 * 1.25))
                    .with("Status", EdmValue::String("new".into())),
                mode: UpdateMode::Replace,
            })
            .collect::<Vec<_>>()
    });
    common::submit_batches(client, table, batches).await;
    println!("seeded {n} entities in {:.1} s", started.elapsed().as_secs_f64());
}
