//! The long fault soak: at least 1,000 operations per service (tables, blobs, queues), mixed and concurrent,
//! through fault proxies with an 80 ms round trip (±20 ms) that fail 10% of requests in every way the proxy
//! knows, run as a job of the app's own backend while the app draws frames with its jobs visible. Then a
//! direct read-back checks the soak's notes (tests/common/soak.rs). Goals: nothing lost, nothing applied
//! twice or applied when refused, every unknown outcome explained, and the frame p99 during the soak against
//! the same app's idle frames. Run: `cargo bench --bench soak` (`TESSERA_SOAK_OPS` sets the operations per
//! service; 1,000 by default).

mod common;

/// The app's own heap (`src/main.rs`), so the figures are the app's.
#[global_allocator]
static ALLOCATOR: tessera::allocator::Allocator = tessera::allocator::Allocator;
#[path = "../tests/common/fault_proxy.rs"]
mod fault_proxy;
#[path = "../tests/common/soak.rs"]
mod soak;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{goal, median, percentile};
use tessera::app::TesseraApp;
use tessera::app::accounts::profiles::{AccountProfile, AppPaths, ProfileKind, save_profiles};
use tessera::app::accounts::secrets::Secrets;
use tessera::app::runtime::backend::Backend;
use tessera::app::runtime::jobs::{JobContext, Unit};
use tessera::storage::{Client, ClientOptions};

fn main() {
    let ops: usize = std::env::var("TESSERA_SOAK_OPS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    let (emulator, rt, direct) = common::azurite(ClientOptions::default());
    let mut account = emulator.account();
    let proxies = rt.block_on(fault_proxy::route_through_proxies(&mut account, emulator.ports()));
    for proxy in &proxies {
        proxy.latency(Duration::from_millis(80), Duration::from_millis(20));
    }

    // The app, its account on the proxied endpoints, connected through its own backend.
    let dir = tempfile::tempdir().unwrap();
    let paths = AppPaths::in_dir(dir.path());
    let (mut profile, _) = AccountProfile::from_account("Soak", ProfileKind::Emulator, &account);
    profile.id = "soak".into();
    save_profiles(&paths.accounts_file, &[profile]).unwrap();
    let backend = Backend::new(rt.handle().clone(), Arc::new(|| {}));
    let mut app = TesseraApp::new(backend, paths, Secrets::this_run_only("benchmark"), None);
    app.set_client_options(soak::client_options());
    app.connect("soak");
    while app.client("soak").is_none() {
        app.logic();
        std::thread::sleep(Duration::from_millis(5));
    }
    let client: Client = app.client("soak").unwrap();
    let draw = |ui: &mut egui::Ui, app: &mut TesseraApp| {
        app.logic();
        tessera::app::frame::shell::ui(app, ui);
    };
    let idle = common::frame_times(300, true, common::no_input, |ui| draw(ui, &mut app));

    let soak = rt.block_on(soak::Soak::new(&direct));
    for (n, proxy) in proxies.iter().enumerate() {
        proxy.random_faults(Some((0.10, soak::every_fault(), 1000 + n as u64)));
    }
    let started = Instant::now();
    let job_soak = soak.clone();
    app.start_job(
        format!("Soak: {} operations through the fault proxies", 3 * ops),
        Unit::Items("operations"),
        Arc::new(move |job: JobContext| {
            let (soak, client) = (job_soak.clone(), client.clone());
            Box::pin(async move {
                soak.run(&client, ops, 16, 42, &job.progress).await;
                Ok("soak finished".to_string())
            })
        }),
    );
    let mut busy = Vec::new();
    while app.running_jobs() > 0 {
        busy.extend(common::frame_times(60, true, common::no_input, |ui| draw(ui, &mut app)));
    }
    let took = started.elapsed();
    for proxy in &proxies {
        proxy.random_faults(None);
    }
    let report = rt.block_on(soak.check(&direct));
    let mut faults = std::collections::BTreeMap::new();
    for proxy in &proxies {
        for (kind, n) in proxy.fault_counts() {
            *faults.entry(kind).or_insert(0usize) += n;
        }
    }
    let requests: usize = proxies.iter().map(|p| p.requests()).sum();
    println!(
        "soak: {} operations in {:.0} s, {requests} requests, faults injected {faults:?}",
        report.total_ops(),
        took.as_secs_f64()
    );
    println!("soak: operations {:?}; outcomes {:?}", report.ops, report.outcomes);
    for (what, list) in [
        ("lost", &report.lost),
        ("applied twice", &report.duplicated),
        ("applied though refused", &report.phantom),
        ("unexplained", &report.unexplained),
        ("downloads that differ", &report.downloads_mismatched),
    ] {
        if !list.is_empty() {
            println!("soak: {what}: {list:?}");
        }
    }
    // A run that did nothing, or met no fault, proves nothing: its ratios are not numbers, and so MISS. These are
    // counts, exact in one run, so they take no rounds (`common::rounds` is for times and rates).
    let total = report.total_ops();
    let injected: usize = faults.values().sum();
    let ran = total >= 3 * ops * 9 / 10 && injected >= total / 50;
    let of_ran = |n: usize| if ran { n as f64 / total as f64 } else { f64::NAN };
    let seen = format!("{total}ops,{injected}faults");
    goal(
        "soak_lost",
        report.lost.len().to_string(),
        seen.clone(),
        of_ran(report.lost.len()),
        "<=0",
    );
    let twice = report.duplicated.len() + report.phantom.len();
    goal("soak_duplicated", twice.to_string(), seen, of_ran(twice), "<=0");
    let resolved = match report.unknown {
        0 => f64::NAN,
        _ => report.resolved_share(),
    };
    goal(
        "soak_unknown_resolved",
        format!("{}of{}", report.unknown_resolved, report.unknown),
        format!("{}unknown", report.unknown),
        resolved,
        ">=1.0",
    );
    let identical = report.downloads - report.downloads_mismatched.len();
    let share = match report.downloads {
        0 => f64::NAN,
        n => identical as f64 / n as f64,
    };
    goal(
        "soak_downloads_identical",
        format!("{identical}of{}", report.downloads),
        format!("{}downloads", report.downloads),
        share,
        ">=1.0",
    );
    // One soak, not rounds: its frames are a p99 over the whole soak's minutes of frames, and each round would be
    // another soak of 3,000 operations through the fault proxies.
    let (p99, base) = (percentile(&busy, 0.99), percentile(&idle, 0.99));
    println!(
        "frames during the soak: {} frames, median {:.2} ms, p99 {p99:.2} ms; idle p99 {base:.2} ms",
        busy.len(),
        median(&busy)
    );
    goal(
        "soak_frame_p99",
        format!("{p99:.2}ms"),
        format!("{base:.2}ms(idle)"),
        p99 / base,
        "<=11.4",
    );
}
