//! The parse floor: the CPU the tab spends per listed blob and per loaded entity, against the CPU a bare event
//! scan of the same bytes takes. Fed canned pages from memory (no socket, no emulator), so only the parse and
//! the packing are measured, on this thread's CPU clock (not the wall's: the machine is shared).
//!
//! - `listing_parse_cpu_1m`: a flat million blobs' List Blobs pages (5,000 a page, as the listing server answers
//!   them, about 675 bytes a blob) read as the tab reads a page of Load all (`parse_blob_listing`) and packed
//!   into the tab's listed-blob store (`ListedBlobs`, whose kinds index dedups the shared strings), against a
//!   `quick-xml` event scan of the same bytes that allocates nothing.
//! - `entity_parse_cpu_1m`: a million entities' Query Entities pages (1,000 a page, the grid bench's entities:
//!   strings, Int32, Int64, Double, Boolean, DateTime, Guid) read as the table tab reads them
//!   (`parse_entity_page`), their columns observed and the page pushed into its `EntityStore`, against a
//!   `serde_json` scan of the same bytes into `IgnoredAny`.
//!
//! Each goal: a warm-up round, then five rounds with the two sides in rotated order; the median of the rounds'
//! ratios with their spread. Run: `cargo bench --bench parse_cpu` (`TESSERA_PARSE_ITEMS` sets another size;
//! words after `--` pick a goal: `cargo bench --bench parse_cpu -- entity`).

mod common;

use std::hint::black_box;

use common::entities::entity;

use serde::de::IgnoredAny;
use tessera::app::blob::listed::ListedBlobs;
use tessera::app::table::store::{Columns, EntityStore};
use tessera::storage::blob::parse_blob_listing;
use tessera::storage::table::parse_entity_page;

/// The app's own heap, as the tab runs on it.
#[global_allocator]
static ALLOCATOR: tessera::allocator::Allocator = tessera::allocator::Allocator;

/// CPU seconds this thread has run (user and system): the side measured runs on it alone.
fn thread_cpu() -> f64 {
    // SAFETY: clock_gettime writes one timespec, plain data on this stack.
    let t = unsafe {
        let mut t: libc::timespec = std::mem::zeroed();
        libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t);
        t
    };
    t.tv_sec as f64 + t.tv_nsec as f64 / 1e9
}

/// `work`'s CPU seconds on this thread; what it returns is dropped after the clock is read (freeing the store
/// is not the parse's cost).
fn cpu_of<T>(work: impl FnOnce() -> T) -> f64 {
    let started = thread_cpu();
    let kept = black_box(work());
    let spent = thread_cpu() - started;
    drop(kept);
    spent
}

fn label(n: usize) -> String {
    match n {
        n if n.is_multiple_of(1_000_000) => format!("{}m", n / 1_000_000),
        n => format!("{}k", n / 1000),
    }
}

fn main() {
    let items: usize = std::env::var("TESSERA_PARSE_ITEMS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    if common::selected("listing_parse_cpu") {
        listing(items);
    }
    if common::selected("entity_parse_cpu") {
        entities(items);
    }
}

/// The tab's path for a page of Load all: the page parsed, its blobs packed into the store.
fn listing_path(pages: &[Vec<u8>]) -> ListedBlobs {
    let mut listed = ListedBlobs::new();
    for page in pages {
        let listing = parse_blob_listing(page).expect("a page the service sends");
        listed.extend(listing.blobs);
    }
    listed
}

/// Every event of every page, read and counted: quick-xml's floor (a slice reader borrows every event from the
/// page, so nothing is allocated).
fn xml_scan(pages: &[Vec<u8>]) -> usize {
    let mut events = 0;
    for page in pages {
        let mut reader = quick_xml::Reader::from_reader(page.as_slice());
        loop {
            match reader.read_event().expect("well-formed") {
                quick_xml::events::Event::Eof => break,
                e => {
                    black_box(&e);
                    events += 1;
                }
            }
        }
    }
    events
}

fn listing(blobs: usize) {
    let pages = common::listing_server::pages("flat", common::listing_server::names(blobs, 0), 5000);
    let bytes: usize = pages.iter().map(Vec::len).sum();
    println!(
        "{blobs} blobs in {} pages, {:.0} bytes of XML a blob",
        pages.len(),
        bytes as f64 / blobs as f64
    );
    assert_eq!(listing_path(&pages[..1]).len(), 5000.min(blobs), "a page reads whole");
    let rounds = common::rounds(common::ROUNDS, &["tab s", "quick-xml scan s"], |_, side| match side {
        0 => cpu_of(|| listing_path(&pages)),
        _ => cpu_of(|| xml_scan(&pages)),
    });
    let per = |side| rounds.median(side) / blobs as f64 * 1e6;
    common::goal_spread(
        &format!("listing_parse_cpu_{}", label(blobs)),
        format!("{:.2}us/blob(parse+pack,CPU)", per(0)),
        format!("{:.2}us/blob(quick-xml_event_scan,CPU)", per(1)),
        rounds.ratio(0, 1),
        "<=2.0",
    );
}

/// Query Entities pages of `n` entities, 1,000 a page, in the service's minimal-metadata JSON.
fn entity_pages(n: usize) -> Vec<Vec<u8>> {
    let mut pages = Vec::new();
    for start in (0..n).step_by(1000) {
        let value: Vec<serde_json::Value> = (start..n.min(start + 1000))
            .map(|i| {
                let mut e = entity(i).to_entity().to_json();
                // The service stamps each entity; the draft has no Timestamp of its own.
                let object = e.as_object_mut().unwrap();
                object.insert("Timestamp".into(), "2026-11-22T08:30:00.1234567Z".into());
                e
            })
            .collect();
        let page = serde_json::json!({
            "odata.metadata": "https://account.table.core.windows.net/$metadata#customers",
            "value": value,
        });
        pages.push(serde_json::to_vec(&page).unwrap());
    }
    pages
}

/// The table tab's path for a page: parsed into packed entities, its columns observed, pushed into the store.
fn entity_path(pages: &[Vec<u8>]) -> (EntityStore, Columns) {
    let (mut store, mut columns) = (EntityStore::default(), Columns::default());
    for page in pages {
        let entities = parse_entity_page(page).expect("a page the service sends");
        columns.observe(&entities);
        store.push_page(entities);
    }
    (store, columns)
}

/// serde_json's floor: every page read through and thrown away.
fn json_scan(pages: &[Vec<u8>]) {
    for page in pages {
        black_box(serde_json::from_slice::<IgnoredAny>(page).expect("well-formed"));
    }
}

fn entities(n: usize) {
    let pages = entity_pages(n);
    let bytes: usize = pages.iter().map(Vec::len).sum();
    println!(
        "{n} entities in {} pages, {:.0} bytes of JSON an entity",
        pages.len(),
        bytes as f64 / n as f64
    );
    assert_eq!(entity_path(&pages[..1]).0.len(), 1000.min(n), "a page reads whole");
    let rounds = common::rounds(common::ROUNDS, &["tab s", "serde_json scan s"], |_, side| match side {
        0 => cpu_of(|| entity_path(&pages)),
        _ => cpu_of(|| json_scan(&pages)),
    });
    let per = |side| rounds.median(side) / n as f64 * 1e6;
    common::goal_spread(
        &format!("entity_parse_cpu_{}", label(n)),
        format!("{:.2}us/entity(parse+observe+pack,CPU)", per(0)),
        format!("{:.2}us/entity(serde_json_IgnoredAny,CPU)", per(1)),
        rounds.ratio(0, 1),
        "<=2.0",
    );
}
