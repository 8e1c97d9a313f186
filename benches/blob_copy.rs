//! Copying a selection of 1,000 small blobs to another account (two accounts of one Azurite) through the pane's
//! paste job, against the same Copy Blob requests (each with its source SAS, If-None-Match `*`) sent bare, 16 at
//! a time. Rounds run the two sides in a rotated order, each into a fresh container, deleted after. Run: `cargo bench --bench blob_copy`.

mod common;

/// The app's own heap (`src/main.rs`), so the figures are the app's.
#[global_allocator]
static ALLOCATOR: tessera::allocator::Allocator = tessera::allocator::Allocator;

use std::time::{Duration, Instant, SystemTime};

use common::goal_spread;
use common::pane::World;
use futures_util::StreamExt;
use tessera::app::blob::features::copy_paste::CopyPaste;
use tessera::app::blob::pane::BlobPane;
use tessera::app::context::JobState;
use tessera::app::context::clipboard::BlobClipboard;
use tessera::storage::blob::{Conditions, PublicAccess, SasPermissions};
use tessera::storage::{Client, ClientOptions};

const BLOBS: usize = 1000;
const SECOND: &str = "benchsecond";

fn main() {
    let (emulator, rt, source) = common::azurite_with(vec![SECOND.into()], ClientOptions::default());
    let target = Client::new(emulator.account_named(SECOND), ClientOptions::default()).unwrap();
    rt.block_on(common::seed_blobs(&source, "src", BLOBS, |i| format!("item{i:05}.txt")));
    let names: Vec<String> = (0..BLOBS).map(|i| format!("item{i:05}.txt")).collect();
    let mut world = World::new(&rt, target.clone());
    // The bare copies and the paste job, each into a container of its own, deleted after.
    let rounds = common::rounds(common::ROUNDS, &["bare copies/s", "paste/s"], |round, side| {
        if side == 0 {
            let container = format!("bare{round}");
            rt.block_on(target.create_container(&container, PublicAccess::None, &[]))
                .unwrap();
            let started = Instant::now();
            rt.block_on(async {
                let sends = names.iter().map(|name| {
                    let (source, target, container) = (&source, &target, &container);
                    async move {
                        let expiry = SystemTime::now() + Duration::from_secs(3600);
                        let url = source
                            .shareable_sas_url("src", Some(name), SasPermissions::read_only(), expiry)
                            .await
                            .unwrap();
                        target
                            .copy_blob_from_url(&url, name, (container, name), &Conditions::create_only(), None)
                            .await
                            .unwrap();
                    }
                });
                futures_util::stream::iter(sends)
                    .buffer_unordered(16)
                    .collect::<Vec<()>>()
                    .await;
            });
            let rate = BLOBS as f64 / started.elapsed().as_secs_f64();
            rt.block_on(target.delete_container(&container, &Conditions::none()))
                .unwrap();
            return rate;
        }
        let container = format!("pane{round}");
        rt.block_on(target.create_container(&container, PublicAccess::None, &[]))
            .unwrap();
        world.blob_clipboard = Some(BlobClipboard {
            client: source.clone(),
            account: source.account().identity(),
            account_label: "source".into(),
            profile_id: "source".into(),
            container: "src".into(),
            base: String::new(),
            items: names.iter().map(|n| (n.clone(), None)).collect(),
            cut: false,
            snapshot: None,
        });
        let mut p = BlobPane::new(&target.account().identity(), &container);
        let started = Instant::now();
        world.with(|ctx| p.with_feature(ctx, |f: &mut CopyPaste, core, ctx, fx| f.paste(core, ctx, fx)));
        world.until(|ctx| ctx.jobs.running() == 0);
        let rate = BLOBS as f64 / started.elapsed().as_secs_f64();
        // What landed is counted in the target, not read from the job's words (they are in the window's language
        // and group their digits: the bench stopped at "copied 1,000 blob(s)" once they did).
        match &world.jobs.all().last().expect("the paste job").state {
            JobState::Done(_) => {
                let landed = common::marker_chain(&rt, &target, &container, 5000);
                assert_eq!(landed, BLOBS, "the paste copied every blob");
            }
            other => panic!("the paste did not copy everything: {other:?}"),
        }
        rt.block_on(target.delete_container(&container, &Conditions::none()))
            .unwrap();
        rate
    });
    goal_spread(
        "copy_selection_1000",
        format!("{:.0}/s(paste job)", rounds.median(1)),
        format!("{:.0}/s(bare Copy Blob,16 at a time)", rounds.median(0)),
        rounds.ratio(1, 0),
        ">=0.9",
    );
}
