//! Listings behind a real round trip: every request waits 50 ms (a region away) before it is answered.
//! - Blobs: the pane's Load all of a million blobs (100 root folders, pages of 5,000) from the bench-only listing
//!   server, against the sequential marker chain over the same server fetched and parsed with no pane
//!   (`flat_listing_1m_latency`, >= 4x); the bytes the pane holds per blob listed in parts, against the same pane
//!   following the one chain (`listing_parts_memory`, <= 1.1x).
//! - Tables: the table tab's Load all of 100,000 entities over 1,000 partitions behind a 50 ms delay proxy in
//!   front of Azurite, against the sequential chain of continuation tokens through the same proxy
//!   (`table_load_all_latency`, >= 3x); memory per entity read in ranges against the tab reading the one chain
//!   (`table_ranges_memory`, <= 1.1x).
//!
//! Run: `cargo bench --bench listing_latency` (`TESSERA_LATENCY_BLOBS` sets another blob count).

mod common;
#[path = "../tests/common/fault_proxy.rs"]
mod fault_proxy;

use std::time::{Duration, Instant};

use common::listing_server::{self, ListingServer};
use common::pane::World;
use common::{goal, median};
use tessera::app::blob::pane::BlobPane;
use tessera::app::table::pane::TablePane;
use tessera::storage::table::{BatchOperation, EdmValue, EntityDraft};
use tessera::storage::{Client, ClientOptions};

#[global_allocator]
static ALLOCATOR: common::heap::Counting = common::heap::Counting;

const ROUND_TRIP: Duration = Duration::from_millis(50);
const ROUNDS: usize = 3;
const PARTITIONS: usize = 1_000;
const PER_PARTITION: usize = 100;

fn main() {
    // `cargo bench --bench listing_latency -- blobs` (or `tables`) runs one half.
    if common::selected("blobs") {
        blobs();
    }
    if common::selected("tables") {
        tables();
    }
}

/// One bench's sides, round by round: the sequential chain's seconds, the parted read's seconds and bytes held per
/// item, and the bytes held per item by the same pane reading the one chain.
#[derive(Default)]
struct Sides {
    chain: Vec<f64>,
    parted: Vec<f64>,
    held_parted: Vec<f64>,
    held_chain: Vec<f64>,
}

impl Sides {
    /// Notes one pane's read, and says it.
    fn pane(&mut self, round: usize, parted: bool, secs: f64, per: f64, what: [&str; 3]) {
        if parted {
            self.parted.push(secs);
            self.held_parted.push(per);
        } else {
            self.held_chain.push(per);
        }
        let side = if parted { what[0] } else { what[1] };
        println!("round {round}: {side} {secs:.2} s, {per:.0} B/{}", what[2]);
    }

    /// The latency goal (the chain's time over the parted one's) and the memory goal.
    fn goals(&self, latency: (&str, &str), memory: &str, item: &str) {
        let (parted, chain) = (median(&self.parted), median(&self.chain));
        goal(
            latency.0,
            format!("{parted:.2}s"),
            format!("{chain:.2}s(sequential {} chain)", latency.1),
            chain / parted,
            if latency.0.starts_with("table") { ">=3" } else { ">=4" },
        );
        let (mine, one) = (median(&self.held_parted), median(&self.held_chain));
        goal(
            memory,
            format!("{mine:.0}B/{item}"),
            format!("{one:.0}B/{item}(one chain)"),
            mine / one,
            "<=1.1",
        );
    }
}

fn blobs() {
    let count: usize = std::env::var("TESSERA_LATENCY_BLOBS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let server = ListingServer::start_with_delay(&rt, "latency", listing_server::names(count, 100), ROUND_TRIP);
    let client = Client::new(server.account(), ClientOptions::default()).unwrap();
    let mut world = World::new(&rt, client.clone());
    println!(
        "{count} blobs in 100 folders, every answer {} ms away",
        ROUND_TRIP.as_millis()
    );

    let mut sides = Sides::default();
    for round in 0..ROUNDS {
        // Three sides in a rotated order: the one marker chain (the baseline: fetched and parsed, nothing kept),
        // the pane in parts, and (for its memory) the pane following the one chain.
        for side in common::rotated(round, 3) {
            if side == 0 {
                let (started, cpu) = (Instant::now(), common::cpu_seconds());
                let n = common::marker_chain(&rt, &client, "latency", 5000);
                assert_eq!(n, count, "the chain listed every blob");
                sides.chain.push(started.elapsed().as_secs_f64());
                println!(
                    "round {round}: the chain {:.2} s, {:.2} s of CPU",
                    started.elapsed().as_secs_f64(),
                    common::cpu_seconds() - cpu
                );
                continue;
            }
            let in_parts = side == 1;
            let before = common::heap::live_bytes();
            let (started, cpu) = (Instant::now(), common::cpu_seconds());
            let mut pane = BlobPane::new("devstoreaccount1", "latency");
            pane.set_flat(true);
            pane.set_page_size(5000);
            pane.set_listing_in_parts(in_parts);
            common::pane::load_all_blobs(&mut world, &mut pane, |p| p.next_marker().is_none());
            let secs = started.elapsed().as_secs_f64();
            println!("round {round}: {:.2} s of CPU", common::cpu_seconds() - cpu);
            assert_eq!(pane.blobs().len(), count, "the pane listed every blob");
            assert!(pane.blobs().names().is_sorted(), "in name order, each once");
            let per = (common::heap::live_bytes() - before) as f64 / count as f64;
            sides.pane(round, in_parts, secs, per, ["pane in parts", "pane, one chain", "blob"]);
            drop(pane);
        }
    }
    sides.goals(("flat_listing_1m_latency", "marker"), "listing_parts_memory", "blob");
}

fn tables() {
    let (emulator, rt, client) = common::azurite(ClientOptions::default());
    let table = "latency";
    rt.block_on(seed(&client, table));
    let proxy = rt.block_on(fault_proxy::FaultProxy::start(emulator.ports()[2]));
    proxy.always(Some(fault_proxy::Fault::Delay(ROUND_TRIP)));
    let mut account = emulator.account();
    account
        .table_endpoint
        .as_mut()
        .unwrap()
        .set_port(Some(proxy.port))
        .unwrap();
    let far = Client::new(account, ClientOptions::default()).unwrap();
    let mut world = World::new(&rt, far.clone());
    let rows = PARTITIONS * PER_PARTITION;
    println!(
        "{rows} entities over {PARTITIONS} partitions, every answer {} ms away",
        ROUND_TRIP.as_millis()
    );

    let mut sides = Sides::default();
    for round in 0..ROUNDS {
        // The token chain, the tab in ranges and the tab on the one chain, in a rotated order.
        for side in common::rotated(round, 3) {
            if side == 0 {
                let started = Instant::now();
                let n = common::entity_chain(&rt, &far, table);
                assert_eq!(n, rows, "the chain read every entity");
                sides.chain.push(started.elapsed().as_secs_f64());
                println!("round {round}: the chain {:.2} s", started.elapsed().as_secs_f64());
                continue;
            }
            let in_ranges = side == 1;
            let before = common::heap::live_bytes();
            let started = Instant::now();
            let mut pane = TablePane::new(table);
            pane.set_reading_in_ranges(in_ranges);
            common::pane::load_all(&mut world, &mut pane, rows);
            let secs = started.elapsed().as_secs_f64();
            let keys: Vec<(String, String)> = (0..rows as u32)
                .map(|i| {
                    let e = pane.store().get(i);
                    (e.partition_key().to_string(), e.row_key().to_string())
                })
                .collect();
            assert!(keys.windows(2).all(|w| w[0] < w[1]), "in key order, each once");
            drop(keys);
            let per = (common::heap::live_bytes() - before) as f64 / rows as f64;
            sides.pane(
                round,
                in_ranges,
                secs,
                per,
                ["tab in ranges", "tab, one chain", "entity"],
            );
        }
    }
    sides.goals(("table_load_all_latency", "token"), "table_ranges_memory", "entity");
}

/// 1,000 partitions (`p0000`…) of 100 entities, in batches of a partition each, eight at a time.
async fn seed(client: &Client, table: &str) {
    client.create_table(table).await.expect("create table");
    let started = Instant::now();
    let mut set = tokio::task::JoinSet::new();
    for p in 0..PARTITIONS {
        let ops: Vec<BatchOperation> = (0..PER_PARTITION)
            .map(|r| {
                let draft = EntityDraft::new(format!("p{p:04}"), format!("r{r:03}"))
                    .with("Name", EdmValue::String(format!("customer {p}-{r}")))
                    .with("Age", EdmValue::Int32((r % 90) as i32));
                BatchOperation::Insert(draft)
            })
            .collect();
        let (client, table) = (client.clone(), table.to_string());
        set.spawn(async move { client.submit_batch(&table, &ops).await.expect("a batch") });
        while set.len() >= 8 {
            set.join_next().await;
        }
    }
    while set.join_next().await.is_some() {}
    println!(
        "seeded {} entities in {:.1} s",
        PARTITIONS * PER_PARTITION,
        started.elapsed().as_secs_f64()
    );
}
