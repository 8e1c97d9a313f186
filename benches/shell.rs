//! The app shell: cold start to the first drawn frame (against an empty eframe window, same run); UI frame
//! times while 8 background jobs run (against the same frames with none); frames once the app has a long
//! history (10,000 finished jobs, 20,000 requests filtered in the inspector) against the same app before it; and
//! the app's memory once a 100,000-file folder upload is queued; the demo's seeding time and how the tree
//! answers meanwhile. Run: `cargo bench --bench shell`.
//! Cold start needs a display: with none set, the benchmark starts Xvfb (`:97`) if it is installed.

mod common;

/// The app's own heap (`src/main.rs`), so the figures are the app's.
#[global_allocator]
static ALLOCATOR: tessera::allocator::Allocator = tessera::allocator::Allocator;

use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use common::{goal, goal_spread, goal_unmeasured, median, percentile};
use tessera::app::accounts::profiles::{AccountProfile, AppPaths, ProfileKind, save_profiles};
use tessera::app::accounts::secrets::Secrets;
use tessera::app::runtime::backend::Backend;
use tessera::app::{BottomView, TesseraApp};

use tessera::storage::table::BatchOperation;
use tessera::storage::table::EdmValue;
use tessera::storage::table::EntityDraft;
use tessera::storage::table::UpdateMode;
use tessera::storage::{Client, ClientOptions};

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
    // The empty window and the app: a launch is short, and the warm-up launch pays for the page cache.
    let rounds = common::rounds(common::ROUNDS, &["empty window ms", "app ms"], |_, side| {
        let args: &[&str] = if side == 0 { &["--bare"] } else { &[] };
        first_frame_ms(&display, args, home.path()).unwrap_or(f64::NAN)
    });
    if let Some(mut x) = xvfb {
        let _ = x.kill();
    }
    if rounds.figures.iter().flatten().any(|ms| ms.is_nan()) {
        goal_unmeasured("cold_start_first_frame", "no display (Xvfb missing or failed)", "<=1.3");
        return;
    }
    goal_spread(
        "cold_start_first_frame",
        format!("{:.3}s", rounds.median(1) / 1000.0),
        format!("{:.3}s(empty eframe window)", rounds.median(0) / 1000.0),
        rounds.ratio(1, 0),
        "<=1.3",
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
    let (mut app, target) = bench_app(&rt, &emulator, dir.path(), table);
    let draw = |ui: &mut egui::Ui, app: &mut TesseraApp| {
        app.logic();
        tessera::app::frame::shell::ui(app, ui);
    };
    let mut running = 0;
    let rounds = common::rounds(common::ROUNDS, &["no jobs p99 ms", "8 jobs p99 ms"], |_, side| {
        if side == 0 {
            // The last round's jobs still counting would be in the idle side's frames: let them end.
            while app.running_jobs() > 0 {
                app.logic();
                std::thread::sleep(Duration::from_millis(5));
            }
        } else {
            for _ in 0..8 {
                app.tree_action(tessera::app::accounts::tree::TreeAction::CountEntities(target.clone()));
            }
        }
        let times = common::frame_times(240, true, common::no_input, |ui| draw(ui, &mut app));
        if side == 1 {
            running = app.running_jobs();
        }
        percentile(&times, 0.99)
    });
    println!("jobs still running at the end of the last busy side: {running}");
    goal_spread(
        "frame_p99_8_jobs",
        format!("{:.2}ms", rounds.median(1)),
        format!("{:.2}ms(no jobs)", rounds.median(0)),
        rounds.ratio(1, 0),
        "<=6.9",
    );
}

/// An app connected to the emulator, with a table tab open.
fn bench_app(
    rt: &tokio::runtime::Runtime,
    emulator: &tessera::emulator::Emulator,
    dir: &std::path::Path,
    table: &str,
) -> (TesseraApp, tessera::app::accounts::tree::TabTarget) {
    let paths = AppPaths::in_dir(dir);
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
    (app, target)
}

/// Frames with the activity list and the inspector shown in turn (one each, alternating), p99 over both.
fn history_frames(app: &mut TesseraApp) -> Vec<f64> {
    let mut frame = 0u64;
    common::frame_times(240, true, common::no_input, |ui| {
        frame += 1;
        let view = if frame.is_multiple_of(2) {
            BottomView::Activity
        } else {
            BottomView::Inspector
        };
        app.show_bottom(view);
        app.logic();
        tessera::app::frame::shell::ui(app, ui);
    })
}

/// Frames once the app has seen a long session: 10,000 finished jobs in the activity list (one in ten failed)
/// and 20,000 requests in the inspector with a filter typed, against the same frames of an app that has seen none
/// of it: a second app beside the first, as a history cannot be emptied again between rounds.
fn frames_with_history() {
    let (emulator, rt, _client) = common::azurite(ClientOptions::default());
    let (dir, empty_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut app, _) = bench_app(&rt, &emulator, dir.path(), "history");
    let (mut empty, _) = bench_app(&rt, &emulator, empty_dir.path(), "history");
    app.filter_requests("history");
    empty.filter_requests("history");
    for i in 0..10_000u32 {
        let factory: tessera::app::runtime::jobs::JobFactory = Arc::new(move |_job| {
            Box::pin(async move {
                if i % 10 == 0 {
                    Err(tessera::storage::StorageError::invalid(
                        "Export",
                        "the folder is read-only",
                    ))
                } else {
                    Ok(format!("{i} entities exported"))
                }
            })
        });
        app.start_job(
            format!("Export job {i}"),
            tessera::app::runtime::jobs::Unit::Items("entities"),
            factory,
        );
    }
    // 20,000 real requests through the app's own client: a table that exists and one that does not (404s).
    let client = app.client("bench").unwrap();
    rt.block_on(async {
        client.create_table("history").await.unwrap();
        let mut set = tokio::task::JoinSet::new();
        for i in 0..20_000u32 {
            while set.len() >= 16 {
                set.join_next().await;
            }
            let c = client.clone();
            let table = if i % 4 == 0 { "nosuchtable" } else { "history" };
            set.spawn(async move {
                let query = tessera::storage::table::EntityQuery {
                    top: Some(1),
                    ..Default::default()
                };
                let _ = c.query_entities(table, &query, None).await;
            });
        }
        while set.join_next().await.is_some() {}
    });
    while app.running_jobs() > 0 || app.requests().len() < 20_000 {
        app.logic();
        std::thread::sleep(Duration::from_millis(5));
    }
    // The first frame after the filter changes checks every request once; the frames after it only new ones.
    app.show_bottom(BottomView::Inspector);
    app.filter_requests("nosuch");
    let refilter = common::frame_times(1, true, common::no_input, |ui| {
        app.logic();
        tessera::app::frame::shell::ui(&mut app, ui);
    });
    let rounds = common::rounds(
        common::ROUNDS,
        &["empty history p99 ms", "long session p99 ms"],
        |_, side| percentile(&history_frames(if side == 0 { &mut empty } else { &mut app }), 0.99),
    );
    println!(
        "frames with {} jobs listed and {} requests (filter changed: {:.2} ms once)",
        app.jobs().len(),
        app.requests().len(),
        refilter[0],
    );
    goal_spread(
        "frame_p99_history",
        format!("{:.2}ms", rounds.median(1)),
        format!("{:.2}ms(empty_history)", rounds.median(0)),
        rounds.ratio(1, 0),
        "<=3.8",
    );
}

/// The memory a 100,000-file folder upload costs once it is queued: the walk done, the job running a few files
/// at a time. Measured as the growth of this process's resident memory over the same pane before it.
fn memory_of_a_queued_folder_upload() {
    const FILES: usize = 100_000;
    let (_emulator, rt, client) = common::azurite(ClientOptions::default());
    let folder = tempfile::tempdir().unwrap();
    for d in 0..100 {
        let sub = folder.path().join(format!("dir{d:03}"));
        std::fs::create_dir(&sub).unwrap();
        for f in 0..FILES / 100 {
            std::fs::write(sub.join(format!("file{f:04}.txt")), b"x").unwrap();
        }
    }
    rt.block_on(client.create_container("folderupload", tessera::storage::blob::PublicAccess::None, &[]))
        .unwrap();
    let mut world = common::pane::World::new(&rt, client.clone());
    let mut pane = tessera::app::blob::pane::BlobPane::new("bench", "folderupload");
    world.with(|ctx| pane.list(ctx));
    world.until(|ctx| {
        pane.poll(ctx);
        !pane.is_listing()
    });
    let baseline = common::rss_bytes();
    world.with(|ctx| pane.upload_folder(ctx, folder.path().to_path_buf()));
    // Queued: the walk found every file and the job counts their bytes.
    world.until(|ctx| {
        pane.poll(ctx);
        ctx.jobs
            .all()
            .first()
            .is_some_and(|j| j.progress.total() >= FILES as u64)
    });
    std::thread::sleep(Duration::from_millis(500));
    let queued = common::rss_bytes();
    let job = world.jobs.all()[0].detail().unwrap_or_default();
    let id = world.jobs.all()[0].id;
    world.jobs.cancel(id);
    let growth = queued.saturating_sub(baseline) as f64 / 1e6;
    println!(
        "folder upload of {FILES} files queued ({job}): {:.1} MB resident, {growth:.1} MB more than before",
        queued as f64 / 1e6
    );
    goal(
        "folder_upload_queued_memory",
        format!("{:.1}MB(resident,{growth:.1}MB_more)", queued as f64 / 1e6),
        format!("{:.1}MB(the_pane_before)", baseline as f64 / 1e6),
        queued as f64 / baseline as f64,
        // Within about 30% of the 1.14 measured on 2026-11-24, so that a regression shows.
        "<=1.5",
    );
}

/// Opens a node of the tree as the app does (list the tables, the containers, the queues), timed.
async fn open_nodes(client: &tessera::storage::Client) -> Vec<f64> {
    let mut took = Vec::new();
    for service in 0..3 {
        let start = std::time::Instant::now();
        match service {
            0 => drop(client.list_tables(None, None).await.unwrap()),
            1 => drop(client.list_containers(None, None, None, false).await.unwrap()),
            _ => drop(client.list_queues(None, None, None, false).await.unwrap()),
        }
        took.push(start.elapsed().as_secs_f64());
    }
    took
}

/// The run command's demo: seconds until every part is seeded (alone, and with a user opening tree nodes every
/// 200 ms meanwhile), and how long opening a node takes while it seeds against the same on an idle emulator.
fn demo_seeding() {
    let seed = |client: &tessera::storage::Client, rt: &tokio::runtime::Runtime| {
        let start = std::time::Instant::now();
        let progress = tessera::storage::TransferProgress::new();
        let cancel = tokio_util::sync::CancellationToken::new();
        rt.block_on(tessera::demo::seed(client, tessera::demo::ENTITIES, &progress, &cancel))
            .unwrap();
        start.elapsed().as_secs_f64()
    };
    // Each side on an Azurite of its own; the answers' p99s (while seeding, then on the idle emulator) come from
    // the side with a user, a ratio each round.
    let mut answers = Vec::new();
    let rounds = common::rounds(
        common::ROUNDS,
        &["seeding alone s", "seeding with a user s"],
        |round, side| {
            let (emulator, rt, client) = common::azurite(ClientOptions::default());
            if side == 0 {
                return seed(&client, &rt);
            }
            let seeding = {
                let client = client.clone();
                let handle = rt.handle().clone();
                std::thread::spawn(move || {
                    let progress = tessera::storage::TransferProgress::new();
                    let cancel = tokio_util::sync::CancellationToken::new();
                    let start = std::time::Instant::now();
                    handle
                        .block_on(tessera::demo::seed(
                            &client,
                            tessera::demo::ENTITIES,
                            &progress,
                            &cancel,
                        ))
                        .unwrap();
                    start.elapsed().as_secs_f64()
                })
            };
            let user = Client::new(emulator.account(), ClientOptions::default()).unwrap();
            let mut busy = Vec::new();
            while !seeding.is_finished() {
                busy.extend(rt.block_on(open_nodes(&user)));
                std::thread::sleep(Duration::from_millis(200));
            }
            let ready = seeding.join().unwrap();
            let mut idle = Vec::new();
            for _ in 0..(busy.len() / 3).max(10) {
                idle.extend(rt.block_on(open_nodes(&user)));
            }
            let (p99, base) = (percentile(&busy, 0.99), percentile(&idle, 0.99));
            println!(
                "demo of {} entities ready in {ready:.1} s with a user opening nodes; {} nodes opened meanwhile, \
             median {:.0} ms, p99 {:.0} ms (idle p99 {:.0} ms)",
                tessera::demo::ENTITIES,
                busy.len(),
                median(&busy) * 1e3,
                p99 * 1e3,
                base * 1e3
            );
            if round > 0 {
                answers.push((p99, base));
            }
            ready
        },
    );
    goal_spread(
        "demo_ready",
        format!("{:.1}s", rounds.median(1)),
        format!("{:.1}s(seeding_alone)", rounds.median(0)),
        rounds.ratio(1, 0),
        "<=1.3",
    );
    let ratios: Vec<f64> = answers.iter().map(|(p99, base)| p99 / base).collect();
    let side = |pick: fn(&(f64, f64)) -> f64| median(&answers.iter().map(pick).collect::<Vec<_>>()) * 1e3;
    goal_spread(
        "tree_answer_while_seeding",
        format!("{:.0}ms", side(|a| a.0)),
        format!("{:.0}ms(idle_emulator)", side(|a| a.1)),
        common::Spread::of(&ratios),
        "<=5.2",
    );
}

fn main() {
    let parts: [(&str, fn()); 5] = [
        ("demo_seeding", demo_seeding),
        ("cold_start", cold_start),
        ("frames_with_jobs", frames_with_jobs),
        ("frames_with_history", frames_with_history),
        ("memory_of_a_queued_folder_upload", memory_of_a_queued_folder_upload),
    ];
    for (name, part) in parts {
        if common::selected(name) {
            part();
        }
    }
}
