//! The queue pane on a deep queue: 10,000 messages, the largest backlog Azurite answers in reasonable time here
//! (its Delete Message costs ~45 ms at this depth and grows with it). Peek, and dequeue-and-delete through the
//! pane's actions against the client doing the same and against Microsoft's Python SDK; frame times with the
//! backlog chart full and messages held, and while auto-refresh runs. Run: `cargo bench --bench queue_pane`.

mod common;

/// The app's own heap (`src/main.rs`), so the figures are the app's.
#[global_allocator]
static ALLOCATOR: tessera::allocator::Allocator = tessera::allocator::Allocator;

use std::time::Instant;

use common::pane::World;
use common::{goal_spread, goal_unmeasured, percentile};
use tessera::app::queue::pane::{MessageAction, QueuePane};
use tessera::app::queue::view as queue_view;

use tessera::storage::ClientOptions;
use tessera::storage::queue::MessageTtl;

const MESSAGES: usize = 10_000;
const TAKE: usize = 1_000;
const ROUND: usize = 100;

fn main() {
    // Azurite's queue GC can hold its event loop for longer than the default 30 s read timeout on a queue this
    // long; the bench waits it out rather than failing.
    let options = ClientOptions {
        read_timeout: std::time::Duration::from_secs(180),
        ..ClientOptions::default()
    };
    let (emulator, rt, client) = common::azurite(options);
    let queue = "panebench";
    rt.block_on(async {
        client.create_queue(queue, &[]).await.unwrap();
        let started = Instant::now();
        let mut set = tokio::task::JoinSet::new();
        for i in 0..MESSAGES {
            while set.len() >= 16 {
                set.join_next().await;
            }
            let c = client.clone();
            set.spawn(async move {
                c.put_message(queue, &format!("message {i}"), None, MessageTtl::Default)
                    .await
                    .unwrap()
            });
        }
        while set.join_next().await.is_some() {}
        println!("seeded {MESSAGES} messages in {:.1} s", started.elapsed().as_secs_f64());
    });
    let mut world = World::new(&rt, client.clone());
    let mut pane = QueuePane::new(queue);

    // Peek: the pane's peek (messages and count) against the client's.
    // Twenty counted rounds: a peek takes milliseconds, so more of them cost nothing.
    let rounds = common::rounds(20, &["client peek s", "pane peek s"], |_, side| {
        let started = Instant::now();
        if side == 0 {
            // Both reads at once, as the pane sends them.
            rt.block_on(async {
                let (peeked, counted) =
                    tokio::join!(client.peek_messages(queue, 32), client.get_queue_properties(queue));
                peeked.unwrap();
                counted.unwrap();
            });
            return started.elapsed().as_secs_f64();
        }
        world.with(|ctx| pane.peek(ctx));
        world.until(|ctx| {
            pane.poll(ctx);
            !pane.is_busy()
        });
        started.elapsed().as_secs_f64()
    });
    goal_spread(
        "peek_rate",
        format!("{:.1}/s", 1.0 / rounds.median(1)),
        format!("{:.1}/s(client)", 1.0 / rounds.median(0)),
        rounds.ratio(0, 1),
        ">=0.9",
    );

    // Dequeue-and-delete of 1,000 each: the client (get 32, delete each) and the Python SDK against the pane's
    // Dequeue and Delete actions, in interleaved rounds of 100 so a stall of the emulator (Azurite's queue GC
    // walks every message once a minute and holds its event loop meanwhile) lands in one round, not one side;
    // the median of the rounds' ratios.
    pane.set_dequeue(32, 60);
    let mut sdk_failed = None;
    // The rotated order matters here: Azurite's GC, once a minute, otherwise falls in phase with rounds of ~20 s
    // and lands on the same side every time. A warm-up round and nine counted: the ten rounds of 100 each side
    // took before.
    let rounds = common::rounds(TAKE / ROUND - 1, &["client/s", "pane/s", "Python SDK/s"], |_, side| {
        match side {
            0 => {
                let started = Instant::now();
                let mut done = 0;
                while done < ROUND {
                    let got = rt.block_on(client.get_messages(queue, 32, 60)).unwrap();
                    for m in got {
                        rt.block_on(client.delete_message(queue, &m.id, &m.pop_receipt))
                            .unwrap();
                        done += 1;
                    }
                }
                done as f64 / started.elapsed().as_secs_f64()
            }
            1 => {
                // The pane keeps only the newest 20 finished messages, so deletes are counted as they are asked for,
                // and each batch must end with nothing still held.
                let started = Instant::now();
                let mut deleted = 0;
                while deleted < ROUND {
                    let before = pane.held().len();
                    world.with(|ctx| pane.dequeue(ctx));
                    world.until(|ctx| {
                        pane.poll(ctx);
                        !pane.is_busy()
                    });
                    let fresh: Vec<usize> = (0..pane.held().len()).filter(|&i| !pane.held()[i].done).collect();
                    assert!(
                        !fresh.is_empty() || pane.held().len() > before,
                        "the dequeue brought nothing"
                    );
                    for &i in &fresh {
                        world.with(|ctx| pane.act(ctx, i, MessageAction::Delete));
                    }
                    world.until(|ctx| {
                        pane.poll(ctx);
                        !pane.is_busy()
                    });
                    for h in pane.held().iter().filter(|h| !h.done) {
                        eprintln!("not deleted: {:?}", h.note);
                    }
                    assert!(pane.held().iter().all(|h| h.done), "every dequeued message deleted");
                    deleted += fresh.len();
                }
                deleted as f64 / started.elapsed().as_secs_f64()
            }
            _ => {
                // The peer: the Python SDK's receive_messages and delete_message, the same round, the same queue.
                let cs = emulator.connection_string();
                common::peer::run(&cs, &["bench-dequeue-delete", queue, &ROUND.to_string()])
                    .and_then(|v| match v["count"].as_u64() {
                        Some(n) if n as usize == ROUND => Ok(common::peer::rate(&v, "count")),
                        other => Err(format!("the SDK deleted {other:?} of {ROUND}")),
                    })
                    .unwrap_or_else(|why| {
                        sdk_failed = Some(why);
                        f64::NAN
                    })
            }
        }
    });
    goal_spread(
        "dequeue_delete_1000",
        format!("{:.0}/s", rounds.median(1)),
        format!("{:.0}/s(client)", rounds.median(0)),
        rounds.ratio(1, 0),
        ">=0.9",
    );
    match sdk_failed {
        None => goal_spread(
            "dequeue_delete_vs_sdk",
            format!("{:.0}/s", rounds.median(1)),
            format!("{:.0}/s(Python SDK)", rounds.median(2)),
            rounds.ratio(1, 2),
            ">=1.0",
        ),
        Some(why) => goal_unmeasured("dequeue_delete_vs_sdk", &why, ">=1.0"),
    }

    // The deep queue drawn: 32 messages held with their countdowns, the invisibility chart, and the backlog
    // chart at its fullest (720 samples: the count the pane read, spread over the last 12 minutes), against the
    // same pane with nothing held and no samples.
    let mut quiet = QueuePane::new(queue);
    let mut deep = QueuePane::new(queue);
    deep.set_dequeue(32, 300);
    world.with(|ctx| deep.peek(ctx));
    world.until(|ctx| {
        deep.poll(ctx);
        !deep.is_busy()
    });
    world.with(|ctx| deep.dequeue(ctx));
    world.until(|ctx| {
        deep.poll(ctx);
        !deep.is_busy()
    });
    let count = deep.backlog().samples.back().map_or(0.0, |s| s.1) as u64;
    let mut full = tessera::app::queue::charts::Backlog::default();
    let now = tessera::app::widgets::plot::now_secs();
    for i in 0..720 {
        full.record(now - 720.0 + i as f64, count + (i % 7) as u64);
    }
    let one: std::collections::BTreeMap<String, _> = [(queue.to_string(), full)].into();
    let rounds = common::rounds(
        common::ROUNDS,
        &["nothing held p99 ms", "deep queue p99 ms"],
        |_, side| {
            let times = match side {
                0 => common::frame_times(180, true, common::no_input, |ui| {
                    world.with(|ctx| {
                        quiet.poll(ctx);
                        queue_view::ui(&mut quiet, ui, ctx, false, &[])
                    })
                }),
                _ => common::frame_times(300, true, common::no_input, |ui| {
                    world.with(|ctx| {
                        deep.poll(ctx);
                        tessera::app::queue::charts::backlogs_ui(ui, queue, &one, &[]);
                        queue_view::ui(&mut deep, ui, ctx, false, &[])
                    })
                }),
            };
            percentile(&times, 0.99)
        },
    );
    println!("deep queue: {count} messages, {} held", deep.held().len());
    goal_spread(
        "frame_p99_deep_queue",
        format!("{:.2}ms", rounds.median(1)),
        format!("{:.2}ms(nothing held,no samples)", rounds.median(0)),
        rounds.ratio(1, 0),
        "<=2.25",
    );

    // Frames while auto-refresh peeks every second, against frames with it off.
    let mut pane = QueuePane::new(queue);
    let rounds = common::rounds(
        common::ROUNDS,
        &["auto-refresh off p99 ms", "auto-refresh on p99 ms"],
        |_, side| {
            let (on, frames) = if side == 0 { (None, 180) } else { (Some(1), 300) };
            pane.set_auto_refresh(on);
            // A peek still out would land in the off side's first frames: let it end.
            world.until(|ctx| {
                pane.poll(ctx);
                !pane.is_busy()
            });
            let times = common::frame_times(frames, true, common::no_input, |ui| {
                world.with(|ctx| {
                    pane.poll(ctx);
                    queue_view::ui(&mut pane, ui, ctx, false, &[])
                })
            });
            percentile(&times, 0.99)
        },
    );
    goal_spread(
        "frame_p99_auto_refresh",
        format!("{:.2}ms", rounds.median(1)),
        format!("{:.2}ms(auto-refresh off)", rounds.median(0)),
        rounds.ratio(1, 0),
        "<=1.3",
    );
}
