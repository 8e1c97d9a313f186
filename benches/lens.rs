//! The lens's cost to the app: per-request latency of small operations through the endpoint against the same
//! requests sent direct (p50 and p99), a large upload and download through it against direct, and the heap's
//! peak during them (what the lens holds must not grow with the size: bodies stream). The baseline is measured
//! in the same run, interleaved. Run: `cargo bench --bench lens`. The large transfer is 64 MiB by default to
//! keep the run short; `TESSERA_BENCH_LENS_MIB=1024` runs the 1 GiB.

mod common;

/// Counts live heap bytes (over the app's own allocator), for the peak during each transfer.
#[global_allocator]
static ALLOCATOR: common::heap::Counting = common::heap::Counting;

use std::sync::Arc;
use std::time::Instant;

use bytes::Bytes;
use tessera::lens::{Lens, LensOptions};
use tessera::storage::blob::{BlobHttpHeaders, Conditions, PublicAccess, TransferOptions};
use tessera::storage::{Account, Client, ClientOptions, TransferProgress};
use tokio_util::sync::CancellationToken;

const SMALL_ROUNDS: usize = 300;
const TRANSFER_ROUNDS: usize = 3;

fn main() {
    let (emulator, rt, direct) = common::azurite(ClientOptions::default());
    let lens = rt
        .block_on(Lens::start(emulator.account(), LensOptions::default()))
        .expect("the lens starts");
    let through = Client::new(
        Account::from_connection_string(&lens.connection_string()).unwrap(),
        ClientOptions::default(),
    )
    .unwrap();
    let container = "lensbench";
    rt.block_on(async {
        direct
            .create_container(container, PublicAccess::None, &[])
            .await
            .unwrap();
        direct
            .put_blob(
                container,
                "small.txt",
                Bytes::from_static(b"small"),
                &BlobHttpHeaders::default(),
                &[],
                &Conditions::none(),
            )
            .await
            .unwrap();
    });

    // Small operations: Get Blob Properties, alternating sides so both meet the same machine and emulator.
    let clients = [&direct, &through];
    let mut samples = [Vec::new(), Vec::new()];
    for round in 0..SMALL_ROUNDS + 20 {
        for side in common::rotated(round, 2) {
            let started = Instant::now();
            rt.block_on(clients[side].get_blob_properties(container, "small.txt", None))
                .unwrap();
            // The first rounds warm connections and caches on both sides.
            if round >= 20 {
                samples[side].push(started.elapsed().as_secs_f64() * 1000.0);
            }
        }
    }
    for (name, p, target) in [("lens_small_p50", 0.5, "<=1.2"), ("lens_small_p99", 0.99, "<=1.5")] {
        let (ours, base) = (common::percentile(&samples[1], p), common::percentile(&samples[0], p));
        common::goal(
            name,
            format!("{ours:.2}ms"),
            format!("{base:.2}ms(direct)"),
            ours / base,
            target,
        );
    }

    // A large upload and download, through and direct, with the heap's peak during each.
    let mib: u64 = std::env::var("TESSERA_BENCH_LENS_MIB")
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or(64);
    println!("large transfer: {mib} MiB (TESSERA_BENCH_LENS_MIB sets it; the issue's goal is 1024)");
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("source.bin");
    {
        use std::io::Write;
        let mut file = std::io::BufWriter::new(std::fs::File::create(&source).unwrap());
        let mut chunk = vec![0u8; 1 << 20];
        for i in 0..mib {
            for (j, b) in chunk.iter_mut().enumerate() {
                *b = (i as usize * 31 + j * 7) as u8;
            }
            file.write_all(&chunk).unwrap();
        }
    }
    let bytes = (mib << 20) as f64;
    let options = TransferOptions::default();
    // Three rounds, sides alternating first; each way's speed is the median of its rounds, its peak the highest.
    let mut speeds = [[Vec::new(), Vec::new()], [Vec::new(), Vec::new()]];
    let mut peak = [[0isize; 2]; 2];
    for round in 0..TRANSFER_ROUNDS {
        for side in common::rotated(round, 2) {
            let client = clients[side];
            let blob = format!("big{side}.bin");
            common::heap::reset_peak();
            let before = common::heap::live_bytes();
            let started = Instant::now();
            rt.block_on(client.upload_file(
                container,
                &blob,
                &source,
                &BlobHttpHeaders::default(),
                &[],
                &Conditions::none(),
                &options,
                &TransferProgress::new(),
                &CancellationToken::new(),
            ))
            .unwrap();
            speeds[0][side].push(bytes / started.elapsed().as_secs_f64() / 1e6);
            peak[0][side] = peak[0][side].max(common::heap::peak_bytes() - before);
            let dest = dir.path().join(format!("down{side}.bin"));
            common::heap::reset_peak();
            let before = common::heap::live_bytes();
            let started = Instant::now();
            rt.block_on(client.download_file(
                container,
                &blob,
                None,
                &dest,
                &options,
                &Arc::new(TransferProgress::default()),
                &CancellationToken::new(),
            ))
            .unwrap();
            speeds[1][side].push(bytes / started.elapsed().as_secs_f64() / 1e6);
            peak[1][side] = peak[1][side].max(common::heap::peak_bytes() - before);
            std::fs::remove_file(dest).unwrap();
        }
    }
    let speed = speeds.clone().map(|way| way.map(|s| common::median(&s)));
    for (i, way) in ["upload", "download"].into_iter().enumerate() {
        // Each round's ratio of its two sides: the machine's load moves both together.
        let ratios: Vec<f64> = speeds[i][1].iter().zip(&speeds[i][0]).map(|(t, d)| t / d).collect();
        common::goal_spread(
            &format!("lens_{way}_{mib}mib"),
            format!("{:.0}MB/s", speed[i][1]),
            format!("{:.0}MB/s(direct)", speed[i][0]),
            common::Spread::of(&ratios),
            ">=0.9",
        );
        // The lens and the client share this process: the peak through the lens is the client's plus the lens's,
        // and stays within half again of the client's alone whatever the size.
        let mb = |b: isize| b as f64 / 1e6;
        common::goal(
            &format!("lens_{way}_peak_heap"),
            format!("{:.1}MB", mb(peak[i][1])),
            format!("{:.1}MB(direct)", mb(peak[i][0])),
            peak[i][1] as f64 / peak[i][0].max(1) as f64,
            "<=1.5",
        );
    }
    println!("lens records: {}", lens.records().len());
}
