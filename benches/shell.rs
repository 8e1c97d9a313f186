//! The app shell: cold start to the first drawn frame (against an empty eframe window, same run), and UI
//! frame times while 8 background jobs run (against the same frames with none). Run: `cargo bench --bench shell`.
//! Cold start needs a display: with none set, the benchmark starts Xvfb (`:97`) if it is installed.

mod common;

use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use common::{goal, median, percentile};
use tessera::app::TesseraApp;
use tessera::app::accounts::profiles::{AccountProfile, AppPaths, ProfileKind, save_profiles};
use tessera::app::accounts::secrets::Secrets;
use tessera::app::runtime::backend::Backend;

use tessera::storage::ClientOptions;
use tessera::storage::table::BatchOperation;
use tessera::storage::table::EdmValue;
use tessera::storage::table::EntityDraft;
use tessera::storage::table::UpdateMode;

/// Launches the app binary and reads how long its first frame took to appear.
fn first_frame_ms(display: &str, args: &[&str], home: &std::path::Path) -> Option<f64> {
    let launched = SystemTime::now().duration_since(UNIX_EPOCH).ok()?.as_nanos();
    let out = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .env("DISPLAY", display)
        .env_remove("WAYLAND_DISPLAY")
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("TESSERA_LAUNCHED_AT_NS", launched.to_string())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("first-frame-ms=")?.parse().ok())
}

fn cold_start() {
    let mut xvfb = None;
    let display = match std::env::var("DISPLAY") {
        Ok(d) => d,
        Err(_) => {
            xvfb = Command::new("Xvfb")
                .args([":97", "-screen", "0", "1400x900x24"])
                .stderr(Stdio::null())
                .spawn()
                .ok();
            std::thread::sleep(Duration::from_millis(800));
            ":97".to_string()
        }
    };
    let home = tempfile::tempdir().unwrap();
    let (mut app, mut bare) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        if let Some(ms) = first_frame_ms(&display, &["--bare"], home.path()) {
            bare.push(ms);
        }
        if let Some(ms) = first_frame_ms(&display, &[], home.path()) {
            app.push(ms);
        }
    }
    if let Some(mut x) = xvfb {
        let _ = x.kill();
    }
    if app.is_empty() || bare.is_empty() {
        goal(
            "cold_start_first_frame",
            "n/a(no display)".into(),
            "n/a".into(),
            0.0,
            "<0.5s",
            false,
        );
        return;
    }
    let (a, b) = (median(&app), median(&bare));
    println!("cold start: app {app:?} ms, empty eframe window {bare:?} ms");
    goal(
        "cold_start_first_frame",
        format!("{:.3}s", a / 1000.0),
        format!("{:.3}s(empty eframe window)", b / 1000.0),
        a / b,
        "<0.5s",
        a < 500.0,
    );
}

fn frames_with_jobs() {
    let (emulator, rt, client) = common::azurite(ClientOptions::default());
    let table = "shellbench";
    rt.block_on(async {
        client.create_table(table).await.unwrap();
        let mut set = tokio::task::JoinSet::new();
        for b in 0..500 {
            let ops: Vec<_> = (0..100)
                .map(|i| {
                    let e = EntityDraft::new(format!("p{b:03}"), format!("r{i:03}")).with("N", EdmValue::Int32(i));
                    BatchOperation::Upsert {
                        entity: e,
                        mode: UpdateMode::Replace,
                    }
                })
                .collect();
            while set.len() >= 8 {
                set.join_next().await;
            }
            let c = client.clone();
            set.spawn(async move { c.submit_batch(table, &ops).await.unwrap() });
        }
        while set.join_next().await.is_some() {}
    });
    let dir = tempfile::tempdir().unwrap();
    let paths = AppPaths::in_dir(dir.path());
    let (mut profile, _) = AccountProfile::from_account("Bench", ProfileKind::Emulator, &emulator.account());
    profile.id = "bench".into();
    save_profiles(&paths.accounts_file, &[profile]).unwrap();
    let backend = Backend::new(rt.handle().clone(), Arc::new(|| {}));
    let mut app = TesseraApp::new(backend, paths, Secrets::this_run_only("benchmark"), None);
    app.connect("bench");
    while app.client("bench").is_none() {
        app.logic();
        std::thread::sleep(Duration::from_millis(5));
    }
    let target = tessera::app::accounts::tree::TabTarget {
        profile_id: "bench".into(),
        service: tessera::storage::Service::Table,
        name: table.into(),
    };
    app.open_tab(target.clone());
    let draw = |ui: &mut egui::Ui, app: &mut TesseraApp| {
        app.logic();
        tessera::app::frame::shell::ui(app, ui);
    };
    let idle = common::frame_times(240, true, common::no_input, |ui| draw(ui, &mut app));
    for _ in 0..8 {
        tessera::app::frame::tabs::start_count_job(&mut app, target.clone());
    }
    let busy = common::frame_times(240, true, common::no_input, |ui| draw(ui, &mut app));
    let running = app.running_jobs();
    let (p99, base) = (percentile(&busy, 0.99), percentile(&idle, 0.99));
    println!(
        "frames with 8 jobs (still running at the end: {running}): median {:.2} ms, p99 {p99:.2} ms; idle p99 {base:.2} ms",
        median(&busy)
    );
    goal(
        "frame_p99_8_jobs",
        format!("{p99:.2}ms"),
        format!("{base:.2}ms(no jobs)"),
        p99 / base,
        "<16ms",
        p99 < 16.0,
    );
}

fn main() {
    cold_start();
    frames_with_jobs();
}
