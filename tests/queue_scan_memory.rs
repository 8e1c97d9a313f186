//! The scan of the whole queue streams (issue 59): scanning a queue of messages of 60 KB, searching the result and
//! exporting it as JSON lines grows this process's heap no more for 600 messages than for 100, where the scan
//! used to hold every message's text and its export copied them all again. Through the UI, as a person does it.
//! The one test of its binary, so the heap it watches is its own.

mod common;
#[path = "common/heap.rs"]
mod heap;
mod ui;

use std::io::BufRead;

use tessera::app::runtime::dialogs::ScriptedDialogs;
use tessera::storage::queue::MessageTtl;
use ui::TestApp;

const MIB: f64 = (1 << 20) as f64;
/// Each message's text: 60 KB, under the service's 64 KiB.
const TEXT: usize = 60 * 1000;

#[test]
fn scanning_searching_and_exporting_six_times_the_messages_takes_no_more_heap() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let sizes = [("warm", 40), ("small", 100), ("large", 600)];
    let queues: Vec<(String, usize)> = sizes.iter().map(|(name, n)| (common::unique(name), *n)).collect();
    rt.block_on(async {
        use futures_util::StreamExt;
        for (q, n) in &queues {
            client.create_queue(q, &[]).await.unwrap();
            futures_util::stream::iter(0..*n)
                .for_each_concurrent(8, |i| {
                    let (client, q) = (client.clone(), q.clone());
                    async move {
                        let text = format!("needle-{i:04} {}", "x".repeat(TEXT - 12));
                        client.put_message(&q, &text, None, MessageTtl::Default).await.unwrap();
                    }
                })
                .await;
        }
    });
    let dialogs = ScriptedDialogs::new();
    let mut t = TestApp::with_emulator(&rt);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    let dir = tempfile::tempdir().unwrap();
    let mut peaks = Vec::new();
    for (at, (q, n)) in queues.iter().enumerate() {
        if at == 0 {
            t.open_resource("Queues", q);
        } else {
            t.click(q);
        }
        t.wait_for_contains("Peeked: the first 32 messages");
        let before = heap::reset_peak();
        t.click("Scan the whole queue…");
        t.click("Scan the whole queue");
        t.wait_for_contains(&format!("Scanned the whole queue: {n} messages"));
        // Ten texts hold "needle-000": 0000 to 0009.
        t.type_into("Find in the scan:", "NEEDLE-000");
        t.wait_for("10 shown");
        let file = dir.path().join(format!("{q}.jsonl"));
        dialogs.answer(Some(file.clone()));
        t.click("Export JSON lines…");
        t.wait_for_contains(&format!("Exported {n} messages"));
        // Every message went out whole (read a line at a time: the test holds no more than the app).
        let lines = std::io::BufReader::new(std::fs::File::open(&file).unwrap()).lines();
        let texts: Vec<usize> = lines
            .map(|l| {
                serde_json::from_str::<serde_json::Value>(&l.unwrap()).unwrap()["text"]
                    .as_str()
                    .unwrap()
                    .len()
            })
            .collect();
        assert_eq!((texts.len(), texts.iter().all(|len| *len == TEXT)), (*n, true));
        t.close_tab();
        t.wait_app("the tab closed", std::time::Duration::from_secs(10), |app| {
            app.open_tab_count() == 0
        });
        // Above what stays once the tab is gone: the HTTP inspector keeps every request (up to its capacity), so
        // it grows with the count by what it holds, not by what the scan does.
        let stays = heap::live().max(before);
        let held = heap::peak().saturating_sub(stays);
        eprintln!(
            "{n} messages: the heap held at most {:.1} MiB above what stays ({:.1} MiB before, {:.1} MiB after)",
            held as f64 / MIB,
            before as f64 / MIB,
            stays as f64 / MIB
        );
        peaks.push(held as f64);
    }
    // The same flow at six times the count: within twice the heap (what grows with the count here is the HTTP
    // inspector's list of requests and the frames drawn meanwhile, a few MiB), and under half the texts. The
    // scan that kept every text and exported a copy of them held 160 MiB at 600 against 24 MiB at 100.
    let (small, large) = (peaks[1], peaks[2]);
    let texts = (600 * TEXT) as f64;
    assert!(
        large <= small * 2.0 && large < texts / 2.0,
        "the heap held {:.1} MiB for 600 messages ({:.1} MiB of text) against {:.1} MiB for 100",
        large / MIB,
        texts / MIB,
        small / MIB
    );
}
