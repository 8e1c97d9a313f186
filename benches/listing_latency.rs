//! Listings behind a real round trip: every request waits 50 ms (a region away) before it is answered.
//! - Blobs: the pane's Load all of a million blobs (100 root folders, pages of 5,000) from the bench-only listing
//!   server, against the sequential marker chain over the same server fetched and parsed with no pane
//!   (`flat_listing_1m_latency`, >= 4x); the bytes the pane holds per blob listed in parts, against the same pane
//!   following the one chain (`listing_parts_memory`, <= 1.1x).
//! - Flat blobs: Load all of ten million names that share a long start (`item0000000.txt`…, no folders, one first
//!   character: the listing's parts are cut deeper where its pages show dense names) from the same server,
//!   against the sequential marker chain (`flat_listing_10m_latency`, >= 8x). The server holds no name and no
//!   XML a blob: it makes each name from its place and copies each page together from a few templates when asked.
//! - Tables: the table tab's Load all of 100,000 entities over 1,000 partitions behind a 50 ms delay proxy in
//!   front of Azurite, against the sequential chain of continuation tokens through the same proxy
//!   (`table_load_all_latency`, >= 3x); memory per entity read in ranges against the tab reading the one chain
//!   (`table_ranges_memory`, <= 1.1x).
//!
//! Run: `cargo bench --bench listing_latency` (`TESSERA_LATENCY_BLOBS` sets another blob count,
//! `TESSERA_LATENCY_FLAT_BLOBS` another flat one; `-- blobs`, `-- flat` or `-- tables` runs one part).

mod common;
#[path = "../tests/common/fault_proxy.rs"]
mod fault_proxy;

use std::time::{Duration, Instant};

use common::listing_server::{self, ListingServer};
use common::pane::World;
use common::{goal, goal_spread, median};
use tessera::app::blob::pane::BlobPane;
use tessera::app::table::pane::TablePane;
use tessera::storage::table::{BatchOperation, EdmValue, EntityDraft};
use tessera::storage::{Client, ClientOptions};

#[global_allocator]
static ALLOCATOR: common::heap::Counting = common::heap::Counting;

const ROUND_TRIP: Duration = Duration::from_millis(50);
const PARTITIONS: usize = 1_000;
const PER_PARTITION: usize = 100;

fn main() {
    // `cargo bench --bench listing_latency -- blobs` (or `tables`) runs one half.
    if common::selected("blobs") {
        blobs();
    }
    if common::selected("flat") {
        flat();
    }
    if common::selected("tables") {
        tables();
    }
}

/// The sides each round runs, in a rotated order: the one chain (the baseline: fetched and parsed, nothing kept),
/// the pane in parts, and (for its memory) the same pane following the one chain.
const SIDES: [&str; 3] = ["chain s", "pane in parts s", "pane on the one chain s"];

/// The bytes per item the pane held in the counted rounds, in parts and on the one chain. Memory is near exact
/// in one read, so its goal takes the medians without a spread.
#[derive(Default)]
struct Held {
    parted: Vec<f64>,
    chain: Vec<f64>,
}

impl Held {
    fn note(&mut self, round: usize, parted: bool, per: f64) {
        if round > 0 {
            if parted { &mut self.parted } else { &mut self.chain }.push(per);
        }
    }
}

/// The latency goal (the chain's time over the parted one's, round by round) and the memory goal.
fn goals(rounds: &common::Rounds, held: &Held, latency: (&str, &str), memory: &str, item: &str) {
    goal_spread(
        latency.0,
        format!("{:.2}s", rounds.median(1)),
        format!("{:.2}s(sequential {} chain)", rounds.median(0), latency.1),
        rounds.ratio(0, 1),
        if latency.0.starts_with("table") { ">=3" } else { ">=4" },
    );
    let (mine, one) = (median(&held.parted), median(&held.chain));
    goal(
        memory,
        format!("{mine:.0}B/{item}"),
        format!("{one:.0}B/{item}(one chain)"),
        mine / one,
        "<=1.1",
    );
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
    let server =
        ListingServer::start_with_delay(&rt, "latency", listing_server::Names::numbered(count, 100), ROUND_TRIP);
    let client = Client::new(server.account(), ClientOptions::default()).unwrap();
    let mut world = World::new(&rt, client.clone());
    println!(
        "{count} blobs in 100 folders, every answer {} ms away",
        ROUND_TRIP.as_millis()
    );

    let mut held = Held::default();
    let rounds = common::rounds(common::ROUNDS, &SIDES, |round, side| {
        if side == 0 {
            let (started, cpu) = (Instant::now(), common::cpu_seconds());
            let n = common::marker_chain(&rt, &client, "latency", 5000);
            assert_eq!(n, count, "the chain listed every blob");
            let secs = started.elapsed().as_secs_f64();
            println!("round {round}: the chain {:.2} s of CPU", common::cpu_seconds() - cpu);
            return secs;
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
        println!(
            "round {round}: {} {:.2} s of CPU",
            SIDES[side],
            common::cpu_seconds() - cpu
        );
        assert_eq!(pane.blobs().len(), count, "the pane listed every blob");
        assert!(pane.blobs().names().is_sorted(), "in name order, each once");
        held.note(
            round,
            in_parts,
            (common::heap::live_bytes() - before) as f64 / count as f64,
        );
        secs
    });
    goals(
        &rounds,
        &held,
        ("flat_listing_1m_latency", "marker"),
        "listing_parts_memory",
        "blob",
    );
}

/// Load all of a flat container in parts against the one marker chain, both behind the round trip.
fn flat() {
    let count: usize = std::env::var("TESSERA_LATENCY_FLAT_BLOBS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000_000);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let server = ListingServer::start_with_delay(&rt, "flat", listing_server::Names::numbered(count, 0), ROUND_TRIP);
    let client = Client::new(server.account(), ClientOptions::default()).unwrap();
    let mut world = World::new(&rt, client.clone());
    // Ten million blobs behind a round trip take longer than a test's minute.
    world.patience = std::time::Duration::from_secs(1800);
    println!(
        "{count} blobs, flat (item0000000.txt…), every answer {} ms away",
        ROUND_TRIP.as_millis()
    );
    // The one marker chain (fetched and parsed, nothing kept) and the pane in parts, in rotated rounds.
    let rounds = common::rounds(common::ROUNDS, &["chain s", "pane in parts s"], |_, side| {
        let (started, cpu) = (Instant::now(), common::cpu_seconds());
        if side == 0 {
            let n = common::marker_chain(&rt, &client, "flat", 5000);
            assert_eq!(n, count, "the chain listed every blob");
        } else {
            let mut pane = BlobPane::new("devstoreaccount1", "flat");
            pane.set_flat(true);
            pane.set_page_size(5000);
            pane.set_listing_in_parts(true);
            common::pane::load_all_blobs(&mut world, &mut pane, |p| p.next_marker().is_none());
            assert_eq!(pane.blobs().len(), count, "the pane listed every blob");
            assert!(pane.blobs().names().is_sorted(), "in name order, each once");
        }
        println!("  {:.2} s of CPU", common::cpu_seconds() - cpu);
        started.elapsed().as_secs_f64()
    });
    common::goal_spread(
        "flat_listing_10m_latency",
        format!("{:.2}s({count}blobs)", rounds.median(1)),
        format!("{:.2}s(sequential marker chain)", rounds.median(0)),
        rounds.ratio(0, 1),
        ">=8",
    );
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

    let mut held = Held::default();
    let rounds = common::rounds(common::ROUNDS, &SIDES, |round, side| {
        if side == 0 {
            let started = Instant::now();
            let n = common::entity_chain(&rt, &far, table);
            assert_eq!(n, rows, "the chain read every entity");
            return started.elapsed().as_secs_f64();
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
        held.note(
            round,
            in_ranges,
            (common::heap::live_bytes() - before) as f64 / rows as f64,
        );
        secs
    });
    goals(
        &rounds,
        &held,
        ("table_load_all_latency", "token"),
        "table_ranges_memory",
        "entity",
    );
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
