//! The table grid at a million entities: frame times while scrolling and while a quick filter runs, the
//! quick filter itself, memory against JSON size, and "Load all" through the pane against the client's own
//! listing rate. Run: `cargo bench --bench grid`.
//!
//! Frames are egui's CPU work (layout + tessellation) on a headless context; GPU presentation is not in it.

mod common;

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use common::{goal, percentile};
use tessera::app::table::grid as table_grid;
use tessera::app::table::pane::TablePane;
use tessera::app::table::store::{EntityStore, QuickFilter, filtered};

use tessera::storage::ClientOptions;
use tessera::storage::table::BatchOperation;
use tessera::storage::table::{EdmDateTime, EdmValue};
use tessera::storage::table::{Entity, EntityDraft};
use tessera::storage::table::{EntityPage, UpdateMode};

#[global_allocator]
static ALLOCATOR: common::heap::Counting = common::heap::Counting;

const MILLION: usize = 1_000_000;
const FRAMES: usize = 600;

fn entity(n: usize) -> EntityDraft {
    let cities = ["Oslo", "Lima", "Kyoto", "Perth"];
    EntityDraft::new(format!("partition{:04}", n % 1000), format!("row{n:07}"))
        .with("Name", EdmValue::String(format!("customer {n}")))
        .with("City", EdmValue::String(cities[n % 4].into()))
        .with("Age", EdmValue::Int32((n % 90) as i32))
        .with("Balance", EdmValue::Double(n as f64 * 1.25))
        .with("Visits", EdmValue::Int64(n as i64 * 1_000_003))
        .with("Active", EdmValue::Boolean(n.is_multiple_of(3)))
        .with(
            "Since",
            EdmValue::DateTime(EdmDateTime::from_ticks(638_000_000_000_000_000 + n as i64).unwrap()),
        )
        .with("Ref", EdmValue::Guid(uuid::Uuid::from_u128(n as u128)))
        .with_etag(Some(format!(
            "W/\"datetime'2026-11-22T08%3A30%3A00.{:07}Z'\"",
            n % 10_000_000
        )))
}

fn scroll(i: usize) -> Vec<egui::Event> {
    // Down for 400 frames, then back up: wheel steps of a few rows over the grid.
    let delta = if i % 400 < 300 { -60.0 } else { 90.0 };
    common::wheel(egui::pos2(700.0, 450.0), delta)
}

fn main() {
    // Memory: the loaded store against the JSON the service would have sent for the same entities.
    let before = common::heap::live_bytes();
    let mut store = EntityStore::default();
    let mut json_bytes = 0usize;
    let mut page = Vec::with_capacity(1000);
    for n in 0..MILLION {
        let e = entity(n).to_entity();
        json_bytes += serde_json::to_vec(&e.to_json()).unwrap().len() + 1;
        page.push(e);
        if page.len() == 1000 {
            store.push_page(std::mem::take(&mut page));
        }
    }
    let held = (common::heap::live_bytes() - before) as f64 / MILLION as f64;
    let json = json_bytes as f64 / MILLION as f64;
    goal(
        "grid_memory_1m",
        format!("{held:.0}B/entity"),
        format!("{json:.0}B/entity(json)"),
        held / json,
        "<=0.65",
    );

    // Quick filter over every row, against a plain case-sensitive byte search of the same entities.
    let all: Vec<u32> = (0..MILLION as u32).collect();
    let filter = QuickFilter::new("customer 4242").unwrap();
    let started = Instant::now();
    let hits = filtered(&store, &all, &filter);
    let filter_ms = started.elapsed().as_secs_f64() * 1000.0;
    let finder = memchr::memmem::Finder::new(b"customer 4242");
    let started = Instant::now();
    let floor_hits = store.iter().filter(|e| finder.find(e.raw_bytes()).is_some()).count();
    let floor_ms = started.elapsed().as_secs_f64() * 1000.0;
    assert_eq!(hits.len(), floor_hits, "both find the same rows");
    goal(
        "quick_filter_1m",
        format!("{filter_ms:.0}ms"),
        format!("{floor_ms:.0}ms(memmem scan)"),
        filter_ms / floor_ms,
        "<=2.6",
    );

    // Frames while scrolling a million rows, against the same grid holding its first 1,000: how a frame's cost
    // grows with what is loaded (it should not).
    let mut pane = TablePane::new("bench");
    let mut small_times = Vec::new();
    for chunk in (0..MILLION).step_by(1000) {
        let entities: Vec<Entity> = (chunk..chunk + 1000).map(|n| store.get(n as u32).clone()).collect();
        pane.append(EntityPage {
            entities,
            continuation: None,
            response_bytes: 0,
        });
        if chunk == 0 {
            small_times = common::frame_times(FRAMES, false, scroll, |ui| table_grid::grid(&mut pane, ui));
        }
    }
    let times = common::frame_times(FRAMES, false, scroll, |ui| table_grid::grid(&mut pane, ui));
    let times_alone = times.clone();
    let (median, p99, base) = (
        percentile(&times, 0.5),
        percentile(&times, 0.99),
        percentile(&small_times, 0.99),
    );
    println!("scrolling 1M rows: median {median:.2} ms, p99 {p99:.2} ms (1,000 rows: p99 {base:.2} ms)");
    goal(
        "grid_scroll_p99_1m",
        format!("{p99:.2}ms"),
        format!("{base:.2}ms(same grid,1000 rows)"),
        p99 / base,
        "<=1.5",
    );

    // Frames while quick filters run over the million rows on another thread (as the pane runs them).
    let busy = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let (b, s) = (busy.clone(), store.clone());
    let worker = std::thread::spawn(move || {
        let mut runs = 0;
        let all: Vec<u32> = (0..s.len() as u32).collect();
        let words = ["oslo", "4242", "customer 99", "true", "lima"];
        while b.load(Ordering::Relaxed) {
            let f = QuickFilter::new(words[runs % words.len()]).unwrap();
            std::hint::black_box(filtered(&s, &all, &f));
            runs += 1;
        }
        runs
    });
    let times = common::frame_times(FRAMES, false, scroll, |ui| table_grid::grid(&mut pane, ui));
    busy.store(false, Ordering::Relaxed);
    let runs = worker.join().unwrap();
    let (median, p99) = (percentile(&times, 0.5), percentile(&times, 0.99));
    println!("scrolling while {runs} quick filters ran: median {median:.2} ms, p99 {p99:.2} ms");
    // Against the same scrolling with no filter running: what filtering on another thread costs a frame.
    let (filtering, scrolling) = (p99, percentile(&times_alone, 0.99));
    goal(
        "grid_filtering_p99_1m",
        format!("{filtering:.2}ms"),
        format!("{scrolling:.2}ms(same scrolling,no filter running)"),
        filtering / scrolling,
        "<=1.5",
    );
    // The whole pane as it stands after scrolling and filtering (its store, view, column statistics), with the
    // bench's own store gone: what the app holds for a million loaded entities.
    drop(store);
    let pane_held = (common::heap::live_bytes() - before) as f64 / MILLION as f64;
    goal(
        "grid_pane_memory_1m",
        format!("{pane_held:.0}B/entity"),
        format!("{json:.0}B/entity(json)"),
        pane_held / json,
        "<=0.65",
    );
    drop(pane);

    load_all_against_the_client();
}

/// "Load all" of 100,000 entities through the pane (pages, columns, view) against the client's own listing.
fn load_all_against_the_client() {
    let (_emulator, rt, client) = common::azurite(ClientOptions::default());
    let table = "gridbench";
    rt.block_on(async {
        client.create_table(table).await.unwrap();
        let mut set = tokio::task::JoinSet::new();
        for b in 0..1000 {
            let ops: Vec<_> = (0..100)
                .map(|i| BatchOperation::Upsert {
                    entity: entity(b * 100 + i).with_etag(None),
                    mode: UpdateMode::Replace,
                })
                .map(|mut op| {
                    if let BatchOperation::Upsert { entity, .. } = &mut op {
                        entity.partition_key = format!("p{b:04}");
                    }
                    op
                })
                .collect();
            while set.len() >= 8 {
                set.join_next().await.unwrap().unwrap();
            }
            let c = client.clone();
            set.spawn(async move { c.submit_batch(table, &ops).await.unwrap() });
        }
        while set.join_next().await.is_some() {}
    });
    let (mut pane_rates, mut client_rates) = (Vec::new(), Vec::new());
    for round in 0..3 {
        // The client alone and the pane's Load all, in a rotated order.
        for side in common::rotated(round, 2) {
            if side == 0 {
                let started = Instant::now();
                let n = common::entity_chain(&rt, &client, table);
                client_rates.push(n as f64 / started.elapsed().as_secs_f64());
                continue;
            }
            let mut world = common::pane::World::new(&rt, client.clone());
            let mut pane = TablePane::new(table);
            let started = Instant::now();
            common::pane::load_all(&mut world, &mut pane, 100_000);
            pane_rates.push(100_000.0 / started.elapsed().as_secs_f64());
        }
        println!(
            "round {round}: client {:.0}/s, pane load all {:.0}/s",
            client_rates[round], pane_rates[round]
        );
    }
    let (p, c) = (common::median(&pane_rates), common::median(&client_rates));
    goal(
        "load_all_100k",
        format!("{p:.0}/s"),
        format!("{c:.0}/s(client)"),
        p / c,
        ">=0.9",
    );
}
