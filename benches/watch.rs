//! Watching a table against a real Azurite: what a watched table whose data does not change costs per read
//! (requests, bytes allocated, heap kept) against one plain read of the same rows, and frames while a
//! 100,000-entity table is watched with 1% of its rows changing per interval against the same grid not watching;
//! and comparing two tables of 1,000,000 rows (1% differing) against reading both with no comparison.
//! Run: `cargo bench --bench watch` (or `-- watch_cost`, `-- watch_frame`).

mod common;

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use common::{goal, goal_spread, percentile};
use tessera::app::table::features::watch::{Keys, read};
use tessera::app::table::grid as table_grid;
use tessera::app::table::pane::TablePane;
use tessera::app::table::store::EntityStore;
use tessera::storage::table::{BatchOperation, EdmValue, EntityDraft, EntityQuery, UpdateMode};
use tessera::storage::{Client, ClientOptions};

#[global_allocator]
static ALLOCATOR: common::heap::Counting = common::heap::Counting;

/// Paced frames (60 Hz) per side of a round: long enough for several watch reads of 100,000 rows.
const FRAMES: usize = 900;
/// Rounds of (not watching, watching) after a warm-up round: the median of the rounds' ratios is the figure, so
/// one stall on this shared two-core machine does not decide it.
const ROUNDS: usize = common::ROUNDS;

fn entity(n: usize, tick: i64) -> EntityDraft {
    EntityDraft::new(format!("p{:04}", n / 100), format!("r{n:07}"))
        .with("Name", EdmValue::String(format!("customer {n}")))
        .with("Balance", EdmValue::Double(n as f64 * 1.25))
        .with("Visits", EdmValue::Int64(n as i64 * 1_000_003))
        .with("Tick", EdmValue::Int64(tick))
}

/// `rows` entities, 100 a partition, written 8 batches at a time (upserts, so a writer can rewrite them).
async fn write(client: &Client, table: &str, rows: impl Iterator<Item = usize>, tick: i64) {
    let rows: Vec<usize> = rows.collect();
    let mut by_partition: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for n in rows {
        by_partition.entry(n / 100).or_default().push(n);
    }
    let mut set = tokio::task::JoinSet::new();
    for (_, ns) in by_partition {
        let ops: Vec<BatchOperation> = ns
            .iter()
            .map(|&n| BatchOperation::Upsert {
                entity: entity(n, tick),
                mode: UpdateMode::Replace,
            })
            .collect();
        while set.len() >= 8 {
            set.join_next().await.unwrap().unwrap();
        }
        let (c, t) = (client.clone(), table.to_string());
        set.spawn(async move { c.submit_batch(&t, &ops).await.unwrap() });
    }
    while set.join_next().await.is_some() {}
}

fn main() {
    let (_emulator, rt, client) = common::azurite(ClientOptions::default());
    if common::selected("watch_cost") {
        watch_cost(&rt, &client);
    }
    if common::selected("watch_frame_p99_100k") {
        watch_frame(&rt, &client);
    }
    if common::selected("diff_1m") {
        diff(&rt, &client);
    }
}

/// A watched table of 5,000 rows that does not change, read 20 times after the first.
fn watch_cost(rt: &tokio::runtime::Runtime, client: &Client) {
    let table = "watchcost";
    let rows = 5_000;
    rt.block_on(async {
        client.create_table(table).await.unwrap();
        write(client, table, 0..rows, 0).await;
    });
    let query = EntityQuery::default();
    // The baseline: the same query alone, page by page as a read does, 21 times (the first warms up and its
    // rows are the store the watch compares with): what it allocates, and what the heap keeps after it.
    let mut store = EntityStore::default();
    let (mut plain_bytes, mut plain_requests) = (Vec::new(), 0);
    let mut plain_kept_after_first = 0;
    for round in 0..21 {
        let before = common::heap::total_bytes();
        let pages = rt.block_on(async {
            let (mut pages, mut token) = (Vec::new(), None);
            loop {
                let p = client.query_entities(table, &query, token.as_ref()).await.unwrap();
                token = p.continuation.clone();
                pages.push(p);
                if token.is_none() {
                    break pages;
                }
            }
        });
        plain_requests = pages.len();
        if round == 0 {
            pages.into_iter().for_each(|p| store.push_page(p.entities));
            plain_kept_after_first = common::heap::live_bytes();
        } else {
            drop(pages);
            plain_bytes.push((common::heap::total_bytes() - before) as f64);
        }
    }
    let plain_growth = common::heap::live_bytes() - plain_kept_after_first;
    assert_eq!(store.len(), rows);
    let plain = common::median(&plain_bytes);

    let mut keys = Box::<Keys>::default();
    let (mut tick_bytes, mut requests) = (Vec::new(), 0);
    let (mut kept_after_first, mut state_after_first) = (0, 0);
    for tick in 0..21 {
        let before = common::heap::total_bytes();
        let t = rt.block_on(read(
            client.clone(),
            table.to_string(),
            query.clone(),
            None,
            store.clone(),
            keys,
            HashSet::new(),
            true,
        ));
        let found = t.found.unwrap();
        assert!(found.store.is_none() && found.changes.is_empty(), "nothing changed");
        requests = found.requests;
        keys = t.keys;
        drop(found);
        if tick == 0 {
            kept_after_first = common::heap::live_bytes();
            state_after_first = keys.heap_bytes();
        } else {
            tick_bytes.push((common::heap::total_bytes() - before) as f64);
        }
    }
    let kept_growth = common::heap::live_bytes() - kept_after_first;
    let per_tick = common::median(&tick_bytes);
    goal(
        "watch_cost_requests",
        format!("{requests}requests/read"),
        format!("{plain_requests}requests(one_load_of_the_{rows}_rows)"),
        requests as f64 / plain_requests as f64,
        "<=1.0",
    );
    goal(
        "watch_cost_bytes_per_read",
        format!("{:.0}KB/read", per_tick / 1024.0),
        format!("{:.0}KB(the_same_query_alone)", plain / 1024.0),
        per_tick / plain,
        "<=1.05",
    );
    // What the watch keeps between reads (its key index and row order), after 20 more reads against after the
    // first: it must not grow. The whole process's heap is printed beside it, against 20 plain queries: it moves
    // by a few hundred KB either way as the connection pool's buffers grow, which is not the watch's.
    let state = keys.heap_bytes();
    println!(
        "process heap kept: {kept_growth} B more after 20 reads, {plain_growth} B after 20 plain queries \
         (live after the first read: {kept_after_first} B)"
    );
    goal(
        "watch_cost_heap_kept",
        format!("{state}B_kept_after_21_reads"),
        format!("{state_after_first}B_after_the_first"),
        state as f64 / state_after_first as f64,
        "<=1.0",
    );
}

/// Frames of the grid holding 100,000 rows, while watched every second with a writer rewriting 1% of the rows
/// each second, against the same frames with the watch off.
fn watch_frame(rt: &tokio::runtime::Runtime, client: &Client) {
    let table = "watchframes";
    let rows = 100_000;
    let started = std::time::Instant::now();
    rt.block_on(async {
        client.create_table(table).await.unwrap();
        write(client, table, 0..rows, 0).await;
    });
    println!("seeded {rows} rows in {:.0} s", started.elapsed().as_secs_f64());
    let mut world = common::pane::World::new(rt, client.clone());
    let mut pane = TablePane::new(table);
    common::pane::load_all(&mut world, &mut pane, rows);
    let frames = |pane: &mut TablePane, world: &mut common::pane::World| {
        let mut polls = Vec::new();
        let t = common::frame_times(FRAMES, true, common::no_input, |ui| {
            let at = std::time::Instant::now();
            world.with(|ctx| pane.poll(ctx));
            polls.push(at.elapsed().as_secs_f64() * 1000.0);
            table_grid::grid(pane, ui);
        });
        let mut p = polls;
        p.sort_by(f64::total_cmp);
        println!(
            "the pane's poll in each frame: p99 {:.2} ms, max {:.2} ms, {} over 2 ms",
            p[p.len() * 99 / 100],
            p[p.len() - 1],
            p.iter().filter(|&&x| x > 2.0).count()
        );
        t
    };
    // A writer rewrites 1% of the rows (1,000, spread over the table) every second, on both sides: the data
    // changes either way, and what is measured is what watching it costs.
    let writing = Arc::new(AtomicBool::new(true));
    let rounds = Arc::new(AtomicUsize::new(0));
    let (w, r, c) = (writing.clone(), rounds.clone(), client.clone());
    let writer = rt.spawn(async move {
        let mut tick = 1;
        while w.load(Ordering::Relaxed) {
            let at = std::time::Instant::now();
            write(
                &c,
                table,
                (0..1000).map(|i| (i * 97 + tick as usize * 13) % 100_000),
                tick,
            )
            .await;
            r.fetch_add(1, Ordering::Relaxed);
            tick += 1;
            tokio::time::sleep(Duration::from_secs(1).saturating_sub(at.elapsed())).await;
        }
    });
    let (mut quiet, mut watched) = (Vec::new(), Vec::new());
    let measured = common::rounds(ROUNDS, &["not watching p99 ms", "watching p99 ms"], |_, side| {
        if side == 0 {
            pane.set_watch(None);
            // A read still out lands in the quiet side's first frames: wait for it.
            while pane.is_watching() {
                world.with(|ctx| pane.poll(ctx));
                std::thread::sleep(Duration::from_millis(5));
            }
            quiet = frames(&mut pane, &mut world);
            return percentile(&quiet, 0.99);
        }
        pane.set_watch(Some(1));
        watched = frames(&mut pane, &mut world);
        percentile(&watched, 0.99)
    });
    writing.store(false, Ordering::Relaxed);
    rt.block_on(writer).unwrap();
    let marked = pane.watch_marks().len();
    println!(
        "watching: {} writer rounds, {marked} rows marked changed; p50 {:.2} ms (quiet {:.2} ms)",
        rounds.load(Ordering::Relaxed),
        percentile(&watched, 0.5),
        percentile(&quiet, 0.5)
    );
    assert!(marked > 0, "the watch saw the writer's changes");
    goal_spread(
        "watch_frame_p99_100k",
        format!("{:.2}ms", measured.median(1)),
        format!(
            "{:.2}ms(same_grid_and_writer,not_watching,median_of_{ROUNDS}_rounds)",
            measured.median(0)
        ),
        measured.ratio(1, 0),
        "<=1.5",
    );
}

/// How many rows each side of the compare holds: 1,000,000 unless `TESSERA_BENCH_DIFF_ROWS` says otherwise.
fn diff_rows() -> usize {
    std::env::var("TESSERA_BENCH_DIFF_ROWS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000)
}

/// Two tables of `diff_rows()` rows, the right one differing in 1% of them: the compare's rate against reading
/// both sides at once with no comparison, and its peak heap against one side's rows held in a store.
fn diff(rt: &tokio::runtime::Runtime, client: &Client) {
    use tessera::app::context::clipboard::PickedQuery;
    let rows = diff_rows();
    let (left, right) = ("diffleft", "diffright");
    let started = std::time::Instant::now();
    rt.block_on(async {
        client.create_table(left).await.unwrap();
        client.create_table(right).await.unwrap();
        for start in (0..rows).step_by(100_000) {
            let end = (start + 100_000).min(rows);
            write(client, left, start..end, 0).await;
            // The right side: the same rows, every hundredth with another Tick.
            let same: Vec<usize> = (start..end).filter(|n| n % 100 != 0).collect();
            write(client, right, same.into_iter(), 0).await;
            write(client, right, (start..end).filter(|n| n % 100 == 0), 1).await;
        }
    });
    println!("seeded 2 x {rows} rows in {:.0} s", started.elapsed().as_secs_f64());
    let side = |table: &str| PickedQuery {
        place: table.to_string(),
        client: client.clone(),
        table: table.to_string(),
        query: EntityQuery::default(),
        index: None,
        file: None,
    };
    // The baseline: both sides read at once, page by page, counted and dropped.
    let read_both = || {
        rt.block_on(async {
            let count = |table: &'static str| {
                let c = client.clone();
                tokio::spawn(async move {
                    let (mut n, mut token) = (0usize, None);
                    loop {
                        let p = c
                            .query_entities(table, &EntityQuery::default(), token.as_ref())
                            .await
                            .unwrap();
                        n += p.entities.len();
                        token = p.continuation;
                        if token.is_none() {
                            break n;
                        }
                    }
                })
            };
            let (a, b) = tokio::join!(count(left), count(right));
            (a.unwrap(), b.unwrap())
        })
    };
    let at = std::time::Instant::now();
    let (a, b) = read_both();
    let read_rate = (a + b) as f64 / at.elapsed().as_secs_f64();
    assert_eq!((a, b), (rows, rows));

    // One side held whole, as a table tab holds loaded rows: what "never both sides whole" is measured against.
    let before = common::heap::live_bytes();
    let mut store = EntityStore::default();
    rt.block_on(client.for_each_entity_page(left, &EntityQuery::default(), None, |p| {
        store.push_page(p.entities);
        true
    }))
    .unwrap();
    let one_side = (common::heap::live_bytes() - before) as f64;
    drop(store);

    let jobs_backend = tessera::app::runtime::backend::Backend::new(rt.handle().clone(), Arc::new(|| {}));
    let mut jobs = tessera::app::runtime::jobs::Jobs::default();
    let (updates, replies) = tessera::app::context::job_replies();
    let (l, r, rep) = (side(left), side(right), updates);
    let base = common::heap::live_bytes();
    common::heap::reset_peak();
    let at = std::time::Instant::now();
    let job = jobs.run(
        &jobs_backend,
        "bench compare",
        tessera::app::context::Unit::Items("entities"),
        (l, r, rep),
        |job, (l, r, rep)| async move {
            tessera::app::table::features::diff::compare(&job, &l, &r, &rep).await?;
            Ok(String::new())
        },
    );
    while jobs.get(job).is_some_and(|j| j.is_running()) {
        jobs.poll();
        std::thread::sleep(Duration::from_millis(20));
    }
    let seconds = at.elapsed().as_secs_f64();
    let peak = (common::heap::peak_bytes() - base) as f64;
    let mut r = tessera::app::table::features::diff::DiffReport::default();
    for update in replies.take() {
        r.apply(update);
    }
    assert!(r.done, "the compare finished");
    assert_eq!((r.different, r.only_left, r.only_right), (rows as u64 / 100, 0, 0));
    let rate = (r.read[0] + r.read[1]) as f64 / seconds;
    println!(
        "compared 2 x {rows} rows in {seconds:.1} s: {} different, {} same; peak heap {:.0} MB, one side held {:.0} MB",
        r.different,
        r.same,
        peak / 1e6,
        one_side / 1e6
    );
    // One compare, not rounds: each round would read 2 x 1,000,000 rows twice more (minutes on this machine), and
    // a rate over a million rows is the mean of many pages already; its spread shows in `scripts/figures`' two runs.
    goal(
        "diff_1m",
        format!("{rate:.0}rows/s"),
        format!("{read_rate:.0}rows/s(both_sides_read,no_comparison)"),
        rate / read_rate,
        ">=0.8",
    );
    goal(
        "diff_1m_peak_memory",
        format!("{:.0}MB_peak", peak / 1e6),
        format!("{:.0}MB(one_side_held_in_a_store)", one_side / 1e6),
        peak / one_side,
        // Close to the 0.03 measured when the goal was made (5 MB of 155), so that a regression shows: a ratio of
        // a few MB, where 30% would be under a megabyte, a page of rows either way.
        "<=0.05",
    );
}
