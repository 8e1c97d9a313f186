//! Ten million blobs in one tab, listed from the bench-only listing server (`common::listing_server`; no emulator
//! here holds ten million blobs): Load all's rate at 10M against its rate at 100k, the bytes the tab holds per
//! blob against the blob's share of the XML, frames scrolling the ten million against one page loaded, a sort
//! by size against sorting the bare sizes, Find in names over the names loaded against a bare scan of them, and
//! frames while sorts run against idle, and the process's resident memory with the ten million blobs' tab and a
//! table tab of ten million entities open (`two_tabs_memory_10m`, against the two stores' own bytes). Each timed
//! goal: a warm-up round not counted, then five rounds with the sides in rotated order, the median of the
//! rounds' ratios and their spread.
//! Run: `cargo bench --bench ten_million` (`TESSERA_TEN_MILLION` sets another size; words after `--` pick parts:
//! `listing`, `scroll`, `sort_by_size`, `name_search`, `while_sorting`, `two_tabs`; the parts after `listing` run
//! on the ten million listed once when `listing` is not picked).

mod common;

use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

use common::entity_server::{EntityServer, Table};
use common::listing_server::{self, ListingServer};
use common::pane::World;
use common::{median, percentile};
use tessera::app::blob::features::name_search::FindInNames;
use tessera::app::blob::listed::SortKey;
use tessera::app::blob::pane::BlobPane;
use tessera::app::table::pane::TablePane;
use tessera::storage::{Client, ClientOptions};

#[global_allocator]
static ALLOCATOR: common::heap::Counting = common::heap::Counting;

const ROUNDS: usize = 5;

/// A goal from per-round ratios: their median, with their spread (`common::goal_spread`).
fn goal(name: &str, measured: String, baseline: String, ratios: &[f64], target: &str) {
    common::goal_spread(name, measured, baseline, common::Spread::of(ratios), target);
}

fn label(n: usize) -> String {
    match n {
        n if n.is_multiple_of(1_000_000) => format!("{}m", n / 1_000_000),
        n => format!("{}k", n / 1000),
    }
}

fn main() {
    let blobs: usize = std::env::var("TESSERA_TEN_MILLION")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000_000);
    let small = (blobs / 100).max(1000);
    let (big_label, small_label) = (label(blobs), label(small));
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let big = ListingServer::start(&rt, "flat", listing_server::Names::numbered(blobs, 0));
    let little = ListingServer::start(&rt, "flat", listing_server::Names::numbered(small, 0));
    let big_client = Client::new(big.account(), ClientOptions::default()).unwrap();
    let little_client = Client::new(little.account(), ClientOptions::default()).unwrap();
    let mut big_world = World::new(&rt, big_client.clone());
    // Ten million blobs take longer than a test's minute to list on a busy machine.
    big_world.patience = std::time::Duration::from_secs(1800);
    let mut little_world = World::new(&rt, little_client);
    println!("{blobs} blobs served flat, and {small} beside them");

    // Load all at both sizes. The tab kept from the last round at 10M is the one the later parts use; a run of
    // later parts alone lists the ten million once.
    let load = |world: &mut World, n: usize| {
        let mut pane = BlobPane::new("devstoreaccount1", "flat");
        pane.set_flat(true);
        let started = Instant::now();
        common::pane::load_all_blobs(world, &mut pane, |p| p.blobs().len() == n);
        (n as f64 / started.elapsed().as_secs_f64(), pane)
    };
    let mut full = if common::selected("listing") {
        listing(
            &mut big_world,
            &mut little_world,
            &big,
            load,
            (blobs, small),
            (&big_label, &small_label),
        )
    } else {
        load(&mut big_world, blobs).1
    };
    if common::selected("scroll") {
        scroll(&mut big_world, &mut full, &big_label);
    }
    if common::selected("sort_by_size") {
        sort(&mut big_world, &mut full, &big_label);
    }
    if common::selected("name_search") {
        search(&mut big_world, &mut full, &big_label);
    }
    if common::selected("while_sorting") {
        frames_while_sorting(&mut big_world, &mut full, &big_label);
    }
    if common::selected("two_tabs") {
        drop(little_world);
        two_tabs(&rt, &mut big_world, &mut full, blobs, &big_label);
    }
}

/// Load all's rate at the two sizes, and the bytes the tab holds per blob: the tab listed last at the large size.
fn listing(
    big_world: &mut World,
    little_world: &mut World,
    big: &ListingServer,
    load: impl Fn(&mut World, usize) -> (f64, BlobPane),
    (blobs, small): (usize, usize),
    (big_label, small_label): (&str, &str),
) -> BlobPane {
    load(little_world, small);
    let (mut ratios, mut rates, mut held, mut kept) = (Vec::new(), (Vec::new(), Vec::new()), (0.0, 0.0), None);
    for round in 0..ROUNDS {
        let mut rate = [0.0; 2];
        for side in common::rotated(round, 2) {
            if side == 0 {
                rate[0] = load(little_world, small).0;
                continue;
            }
            drop(kept.take());
            let (before, xml_before) = (common::heap::live_bytes(), big.xml_bytes.load(Relaxed));
            let (r, pane) = load(big_world, blobs);
            let live = (common::heap::live_bytes() - before) as f64;
            let xml = (big.xml_bytes.load(Relaxed) - xml_before) as f64;
            (rate[1], held, kept) = (r, (live / blobs as f64, xml / blobs as f64), Some(pane));
        }
        println!(
            "round {round}: {:.0}/s at {small_label}, {:.0}/s at {big_label}",
            rate[0], rate[1]
        );
        ratios.push(rate[1] / rate[0]);
        rates.0.push(rate[0]);
        rates.1.push(rate[1]);
    }
    goal(
        &format!("flat_listing_{big_label}"),
        format!("{:.0}/s", median(&rates.1)),
        format!("{:.0}/s(the_same_at_{small_label})", median(&rates.0)),
        &ratios,
        ">=0.9",
    );
    // Memory is exact, measured once (the last round's tab, after Load all gave back its spare capacity).
    common::goal(
        &format!("blob_memory_{big_label}"),
        format!("{:.0}B/blob", held.0),
        format!("{:.0}B/blob(XML share)", held.1),
        held.0 / held.1,
        "<=0.3",
    );
    kept.take().expect("the listed tab")
}

/// Frames scrolling the ten million against one page of the same listing loaded.
fn scroll(big_world: &mut World, full: &mut BlobPane, big_label: &str) {
    let mut one_page = BlobPane::new("devstoreaccount1", "flat");
    one_page.set_flat(true);
    big_world.with(|ctx| one_page.list(ctx));
    big_world.until(|ctx| {
        one_page.poll(ctx);
        !one_page.is_busy()
    });
    common::pane::blob_frames(big_world, full, |_| {});
    let (mut ratios, mut p99s) = (Vec::new(), (Vec::new(), Vec::new()));
    for round in 0..ROUNDS {
        let mut p = [0.0; 2];
        for side in common::rotated(round, 2) {
            let pane = if side == 0 { &mut one_page } else { &mut *full };
            p[side] = percentile(&common::pane::blob_frames(big_world, pane, |_| {}), 0.99);
        }
        ratios.push(p[1] / p[0]);
        p99s.0.push(p[0]);
        p99s.1.push(p[1]);
    }
    goal(
        &format!("frame_p99_{big_label}"),
        format!("{:.2}ms", median(&p99s.1)),
        format!("{:.2}ms(one_page_loaded)", median(&p99s.0)),
        &ratios,
        "<=1.3",
    );
}

/// Sorting the tab by size (the sort job, through the tab) against sorting a bare `Vec<u64>` of the same sizes.
fn sort(world: &mut World, pane: &mut BlobPane, label: &str) {
    let n = pane.blobs().len();
    let sizes: Vec<u64> = (0..n).map(|i| pane.blobs().size(i)).collect();
    let mut by_size = || {
        // From the names' order each time: the sort by size starts from nothing worked out.
        unsorted(world, pane);
        let started = Instant::now();
        pane.sort_by(SortKey::Size);
        world.until(|ctx| {
            pane.poll(ctx);
            !pane.sorting().1
        });
        started.elapsed().as_secs_f64()
    };
    let bare = || {
        let mut v = sizes.clone();
        let started = Instant::now();
        v.sort_unstable();
        std::hint::black_box(&v);
        started.elapsed().as_secs_f64()
    };
    // The warm-up round.
    by_size();
    bare();
    let (mut ratios, mut times) = (Vec::new(), (Vec::new(), Vec::new()));
    for round in 0..ROUNDS {
        let mut t = [0.0; 2];
        for side in common::rotated(round, 2) {
            t[side] = if side == 0 { bare() } else { by_size() };
        }
        ratios.push(t[1] / t[0]);
        times.0.push(t[0]);
        times.1.push(t[1]);
    }
    goal(
        &format!("sort_{label}"),
        format!("{:.3}s(sort_by_size,the_tab's_job)", median(&times.1)),
        format!("{:.3}s(bare_Vec<u64>::sort_unstable)", median(&times.0)),
        &ratios,
        "<=3",
    );
}

/// Find in names over the ten million loaded (no request: the flat listing is whole) against a bare scan of the
/// same names with the same matcher.
fn search(world: &mut World, pane: &mut BlobPane, label: &str) {
    let n = pane.blobs().len();
    let re = regex::RegexBuilder::new("M0042")
        .case_insensitive(true)
        .build()
        .unwrap();
    let expected = pane.blobs().names().filter(|name| re.is_match(name)).count();
    let (mut ratios, mut times) = (Vec::new(), (Vec::new(), Vec::new()));
    // Round 0 warms up.
    for round in 0..=ROUNDS {
        let mut t = [0.0; 2];
        for side in common::rotated(round, 2) {
            t[side] = if side == 0 {
                let started = Instant::now();
                let found = pane.blobs().names().filter(|name| re.is_match(name)).count();
                assert_eq!(found, expected);
                started.elapsed().as_secs_f64()
            } else {
                find_loaded(world, pane, &expected)
            };
        }
        if round > 0 {
            ratios.push(t[1] / t[0]);
            times.0.push(t[0]);
            times.1.push(t[1]);
        }
    }
    goal(
        &format!("name_search_{label}"),
        format!("{:.3}s(find_in_names,{n}_loaded)", median(&times.1)),
        format!("{:.3}s(bare_scan_of_the_names)", median(&times.0)),
        &ratios,
        "<=1.5",
    );
}

/// Find in names for "M0042" over the names loaded, through the tab, until it ends; its seconds.
fn find_loaded(world: &mut World, pane: &mut BlobPane, expected: &usize) -> f64 {
    let n = pane.blobs().len();
    let started = Instant::now();
    world.with(|ctx| {
        pane.with_feature(ctx, |f: &mut FindInNames, core, ctx, fx| {
            f.form_mut().text = "M0042".into();
            f.find_in_names(core, ctx, fx)
        })
    });
    world.until(|ctx| {
        pane.poll(ctx);
        pane.name_search().is_some_and(|s| !s.is_running())
    });
    let secs = started.elapsed().as_secs_f64();
    let s = pane.name_search().unwrap();
    assert_eq!(s.listed(), n as u64, "the search looked at every name");
    assert_eq!(s.matches().len(), *expected, "and found what a bare scan finds");
    world.with(|ctx| pane.with_feature(ctx, |f: &mut FindInNames, _, _, fx| f.close_find(fx)));
    secs
}

/// Frames scrolling the ten million while sorts run one after another (by size, then by last modified, ...)
/// against the same frames with nothing running.
fn frames_while_sorting(world: &mut World, pane: &mut BlobPane, label: &str) {
    let (mut ratios, mut p99s, mut sorts) = (Vec::new(), (Vec::new(), Vec::new()), 0);
    for round in 0..=ROUNDS {
        let mut p = [0.0; 2];
        for side in common::rotated(round, 2) {
            unsorted(world, pane);
            let times = match side {
                0 => common::pane::blob_frames(world, pane, |_| {}),
                _ => common::pane::blob_frames(world, pane, |pane| {
                    if !pane.sorting().1 {
                        let next = match pane.sorting().0 {
                            Some((SortKey::Size, _)) => SortKey::Modified,
                            _ => SortKey::Size,
                        };
                        pane.sort_by(next);
                        sorts += 1;
                    }
                }),
            };
            p[side] = percentile(&times, 0.99);
        }
        // The first round warms up.
        if round > 0 {
            ratios.push(p[1] / p[0]);
            p99s.0.push(p[0]);
            p99s.1.push(p[1]);
        }
    }
    goal(
        &format!("frame_p99_while_sorting_{label}"),
        format!("{:.2}ms({sorts}_sorts_run)", median(&p99s.1)),
        format!("{:.2}ms(idle)", median(&p99s.0)),
        &ratios,
        "<=1.3",
    );
}

/// Back to the names' order: a click on the sorted column's title until none is sorted by.
fn unsorted(world: &mut World, pane: &mut BlobPane) {
    while let Some((key, _)) = pane.sorting().0 {
        pane.sort_by(key);
    }
    // A frame with no sort asked for: the order worked out before is let go, as the window's next frame does.
    world.with(|ctx| pane.poll(ctx));
}

/// The process with the ten million blobs' tab and a table tab of as many entities (from the bench-only entity
/// server, read in ranges as Load all reads them), both drawn: its resident memory (VmRSS) against the two
/// stores' own bytes as the tabs report them. What the heap holds beyond the stores is said beside it.
fn two_tabs(rt: &tokio::runtime::Runtime, blob_world: &mut World, blobs: &mut BlobPane, n: usize, label: &str) {
    let partitions = (n / 1000).clamp(1, 10_000);
    let per_partition = n.div_ceil(partitions);
    let rows = partitions * per_partition;
    let server = EntityServer::start_with_delay(rt, Table::new("wide", partitions, per_partition), Duration::ZERO);
    let mut table_world = World::new(rt, Client::new(server.account(), ClientOptions::default()).unwrap());
    table_world.patience = Duration::from_secs(1800);
    let mut table = TablePane::new("wide");
    let started = Instant::now();
    common::pane::load_all(&mut table_world, &mut table, rows);
    table_world.with(|ctx| table.poll(ctx));
    println!(
        "{rows} entities over {partitions} partitions loaded in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    // Each tab drawn as the window draws the one shown: the list's view, the grid.
    common::frame_times(3, false, common::no_input, |ui| {
        blob_world.with(|ctx| {
            blobs.poll(ctx);
            tessera::app::blob::view::ui(blobs, ui, ctx, false, false)
        })
    });
    common::frame_times(3, false, common::no_input, |ui| {
        tessera::app::table::grid::grid(&mut table, ui)
    });
    let (blob_store, entity_store) = (blobs.held_bytes() as f64, table.store().heap_size() as f64);
    let stores = blob_store + entity_store;
    let (rss, live) = (common::rss_bytes() as f64, common::heap::live_bytes() as f64);
    let mb = |b: f64| b / 1e6;
    println!(
        "note: two_tabs: VmRSS {:.0} MB; live heap {:.0} MB, of which the blob tab's store {:.0} MB ({:.1} B/blob), \
         the table's store {:.0} MB ({:.1} B/entity), the rest {:.0} MB",
        mb(rss),
        mb(live),
        mb(blob_store),
        blob_store / blobs.blobs().len() as f64,
        mb(entity_store),
        entity_store / rows as f64,
        mb(live - stores)
    );
    common::goal(
        &format!("two_tabs_memory_{label}"),
        format!("{:.0}MB(VmRSS)", mb(rss)),
        format!("{:.0}MB(the_two_stores'_bytes)", mb(stores)),
        rss / stores,
        "<=1.3",
    );
}
