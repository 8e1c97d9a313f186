//! The blob pane on a container of 20,000 blobs (`common::bench_blobs` says why not 100,000): time to the first
//! page drawn, the whole listing through the pane against the client's own listing, and frame times while 8
//! transfers run. Run: `cargo bench --bench blob_pane`.

mod common;

/// The app's own heap (`src/main.rs`), so the figures are the app's.
#[global_allocator]
static ALLOCATOR: tessera::allocator::Allocator = tessera::allocator::Allocator;

use std::time::Instant;

use common::pane::World;
use common::{goal, goal_spread, median, percentile};
use tessera::app::blob::pane::BlobPane;

use tessera::storage::ClientOptions;
use tessera::storage::blob::ListBlobsOptions;

fn main() {
    let blobs = common::bench_blobs();
    let (_emulator, rt, client) = common::azurite(ClientOptions::default());
    let container = "panebench";
    rt.block_on(common::seed_blobs(&client, container, blobs, |i| {
        format!("item{i:06}.txt")
    }));
    let mut world = World::new(&rt, client.clone());

    // First page drawn: list, wait for the page, lay out one frame. Against the client's own first page.
    let window = common::pane::window_up(&mut world);
    // The client's first page alone, then the pane's listed and drawn.
    let rounds = common::rounds(
        common::ROUNDS,
        &["client first page s", "pane first page drawn s"],
        |_, side| {
            if side == 0 {
                let started = Instant::now();
                rt.block_on(client.list_blobs(
                    container,
                    &ListBlobsOptions {
                        max_results: Some(1000),
                        delimiter: Some("/".into()),
                        ..Default::default()
                    },
                ))
                .unwrap();
                return started.elapsed().as_secs_f64();
            }
            let mut pane = BlobPane::new("devstoreaccount1", container);
            common::pane::forget_layouts(&window);
            let started = Instant::now();
            world.with(|ctx| pane.list(ctx));
            world.until(|ctx| {
                pane.poll(ctx);
                !pane.blobs().is_empty()
            });
            common::frame_times_in(&window, 1, false, common::no_input, |ui| {
                world.with(|ctx| tessera::app::blob::view::ui(&mut pane, ui, ctx, false, false))
            });
            started.elapsed().as_secs_f64()
        },
    );
    goal_spread(
        &format!("first_page_drawn_{}k", blobs / 1000),
        format!("{:.3}s", rounds.median(1)),
        format!("{:.3}s(client's first page)", rounds.median(0)),
        rounds.ratio(1, 0),
        "<=1.4",
    );

    // The whole listing through the pane (load more until the end) against the client listing every page.
    let rounds = common::rounds(common::ROUNDS, &["client/s", "pane/s"], |_, side| {
        let started = Instant::now();
        if side == 0 {
            let mut n = 0;
            let mut marker = None;
            loop {
                let options = ListBlobsOptions {
                    marker: marker.clone(),
                    max_results: Some(1000),
                    delimiter: Some("/".into()),
                    ..Default::default()
                };
                let page = rt.block_on(client.list_blobs(container, &options)).unwrap();
                n += page.blobs.len();
                match page.next_marker {
                    Some(m) => marker = Some(m),
                    None => return n as f64 / started.elapsed().as_secs_f64(),
                }
            }
        }
        let mut pane = BlobPane::new("devstoreaccount1", container);
        world.with(|ctx| pane.list(ctx));
        world.until(|ctx| {
            pane.poll(ctx);
            if pane.blobs().len() == blobs {
                return true;
            }
            pane.load_more(ctx);
            false
        });
        blobs as f64 / started.elapsed().as_secs_f64()
    });
    goal_spread(
        &format!("whole_listing_{}k", blobs / 1000),
        format!("{:.0}/s", rounds.median(1)),
        format!("{:.0}/s(client)", rounds.median(0)),
        rounds.ratio(1, 0),
        ">=0.9",
    );

    // Frames while 8 uploads of 128 MiB run (the activity list drawn too), against the same pane with none.
    // One run of 180 frames each, not rounds: a p99 over 180 frames is already a figure of many samples, and each
    // round would upload another GiB.
    // 1 GiB takes several seconds to go up, longer than the 180 frames; only frames with all 8 running count.
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<_> = (0..8)
        .map(|i| {
            let path = dir.path().join(format!("upload{i}.bin"));
            std::fs::write(&path, vec![i as u8; 128 << 20]).unwrap();
            path
        })
        .collect();
    let mut pane = BlobPane::new("devstoreaccount1", container);
    world.with(|ctx| pane.list(ctx));
    world.until(|ctx| {
        pane.poll(ctx);
        !pane.blobs().is_empty()
    });
    let frame = |world: &mut World, pane: &mut BlobPane, ui: &mut egui::Ui| {
        world.with(|ctx| {
            pane.poll(ctx);
            tessera::app::blob::view::ui(pane, ui, ctx, false, false)
        });
        tessera::app::frame::activity::ui(ui, &mut world.jobs, &world.backend);
    };
    let idle = common::frame_times(180, true, common::no_input, |ui| frame(&mut world, &mut pane, ui));
    pane.set_upload_mode(tessera::app::blob::pane::UploadMode::Overwrite);
    world.with(|ctx| pane.upload(ctx, files));
    let mut running = Vec::new();
    let all = common::frame_times(180, true, common::no_input, |ui| {
        running.push(world.jobs.running());
        frame(&mut world, &mut pane, ui)
    });
    let busy: Vec<f64> = all
        .iter()
        .zip(&running)
        .filter(|(_, r)| **r == 8)
        .map(|(t, _)| *t)
        .collect();
    assert!(
        !busy.is_empty(),
        "the uploads ended before the first frame: nothing was measured"
    );
    let (p99, base) = (percentile(&busy, 0.99), percentile(&idle, 0.99));
    println!(
        "frames with all 8 uploads running: {} of {}; median {:.2} ms, p99 {p99:.2} ms",
        busy.len(),
        all.len(),
        median(&busy)
    );
    goal(
        "frame_p99_8_transfers",
        format!("{p99:.2}ms"),
        format!("{base:.2}ms(no transfers)"),
        p99 / base,
        "<=18",
    );
}
