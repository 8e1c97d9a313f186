//! The scan of the whole queue streams (issue 59): its peak heap scanning 200,000 messages of 60 KB (12 GB of
//! text), searching what it saw and exporting it as JSON lines, against the same at a tenth of the count. The
//! scan keeps what it saw in a file and the ids it has seen in a table on disk, so its heap is one batch's worth
//! at any count.
//!
//! Served by the bench-only queue server (`common::queue_server`), not by Azurite: Azurite looks at every message
//! it holds on every request, so a scan of 200,000 would take days, whatever its memory (a batch of a scan of
//! 5,000 took it over a second; on disk or in memory alike). The same scan of 2,000 messages runs against
//! Azurite and against the server first, and the client's peak from each is printed side by side. Run:
//! `cargo bench --bench queue_scan`; `TESSERA_BENCH_SCAN_MESSAGES` sets the larger count (the smaller is a tenth
//! of it). The scan's record goes to the system's temporary folder (`TMPDIR`): about the text's size, 12 GB.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize};
use std::time::Instant;

use common::goal;
use common::queue_server::{self, QueueServer};
use futures_util::StreamExt;
use tessera::app::queue::features::scan::{ScanEnd, scan_queue};
use tessera::app::queue::features::scan_record::ExportForm;
use tessera::storage::queue::MessageTtl;
use tessera::storage::{Client, ClientOptions};

#[global_allocator]
static ALLOCATOR: common::heap::Counting = common::heap::Counting;

/// Each message's text: 60 KB, under the service's 64 KiB.
const TEXT: usize = 60 * 1000;
/// The count the bench server is checked against Azurite with.
const CHECK: usize = 2_000;

fn main() {
    if queue_server::serve_if_asked() {
        return;
    }
    let large: usize = std::env::var("TESSERA_BENCH_SCAN_MESSAGES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(200_000);
    let small = large / 10;

    // The same scan from Azurite and from the bench server: what the client holds should not tell them apart.
    let (_emulator, rt, azurite) = common::azurite(ClientOptions::default());
    rt.block_on(seed(&azurite, "scancheck", CHECK));
    let from_azurite = measure(&rt, &azurite, "scancheck", CHECK);
    let from_server = {
        let server = QueueServer::spawn(&[("scancheck", CHECK)], TEXT);
        measure(&rt, &client_of(&server), "scancheck", CHECK)
    };
    println!(
        "check: the same scan of {CHECK} messages peaked at {:.1} MB from Azurite, {:.1} MB from the bench server",
        from_azurite / 1e6,
        from_server / 1e6
    );
    let _ = rt.block_on(azurite.delete_queue("scancheck"));

    // One client for both, warmed by a scan first: its connections' buffers grow to what a batch of 60 KB
    // messages needs over the first batches, whichever scan those fall in.
    let server = QueueServer::spawn(&[("warm", CHECK), ("small", small), ("large", large)], TEXT);
    let client = client_of(&server);
    measure(&rt, &client, "warm", CHECK);
    let peaks = [
        measure(&rt, &client, "small", small),
        measure(&rt, &client, "large", large),
    ];
    goal(
        &format!("queue_scan_memory_{}k", large / 1000),
        format!("{:.1}MB_peak({large}_messages_of_60KB)", peaks[1] / 1e6),
        format!("{:.1}MB_peak({small}_messages)", peaks[0] / 1e6),
        peaks[1] / peaks[0],
        "<=1.2",
    );
}

fn client_of(server: &QueueServer) -> Client {
    Client::new(server.account(), ClientOptions::default()).expect("client")
}

/// The scan of `queue` (which holds `n` messages), a search of what it saw and its export, nothing else running:
/// the peak heap above what was live when it started.
fn measure(rt: &tokio::runtime::Runtime, client: &Client, queue: &str, n: usize) -> f64 {
    let before = common::heap::live_bytes();
    common::heap::reset_peak();
    let started = Instant::now();
    let (listed, cancel) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicBool::new(false)));
    let scanned = rt
        .block_on(scan_queue(client.clone(), queue.into(), listed, cancel))
        .expect("the scan ran");
    let scanning = started.elapsed().as_secs_f64();
    assert!(matches!(scanned.end, ScanEnd::Whole), "{:?}", scanned.end);
    assert_eq!(scanned.record.count(), n, "the scan saw every message");
    let found = scanned
        .record
        .find("needle-0000001 ", &AtomicBool::new(false))
        .expect("the search read the record");
    assert_eq!(found.count, 1, "the search found the one message");
    let exported = scanned
        .record
        .export(std::io::sink(), ExportForm::JsonLines)
        .expect("the export read the record");
    assert_eq!(exported, n, "the export wrote every message");
    drop(scanned);
    let peak = (common::heap::peak_bytes() - before).max(0) as f64;
    println!(
        "{n} messages scanned in {scanning:.0} s, searched and exported in {:.0} s more: peak {:.1} MB above the \
         start",
        started.elapsed().as_secs_f64() - scanning,
        peak / 1e6
    );
    peak
}

/// `n` messages as the bench server makes them, sixteen puts at a time.
async fn seed(client: &Client, queue: &str, n: usize) {
    let _ = client.delete_queue(queue).await;
    client.create_queue(queue, &[]).await.expect("create queue");
    futures_util::stream::iter(0..n)
        .for_each_concurrent(16, |i| async move {
            let text = queue_server::text(i, TEXT);
            client
                .put_message(queue, &text, None, MessageTtl::Default)
                .await
                .expect("put message");
        })
        .await;
}
