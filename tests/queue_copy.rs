//! Copy messages to another queue (ASE #3758), not only move: the selected peeked messages land on the target
//! in their order with their text exactly as stored and the time to live each had left, and the originals stay.
//! A target gone between the listing and the copy is said in plain words, with how many had landed. Read back by
//! Microsoft's Python SDK.

mod common;
mod ui;

use std::time::Duration;

use egui_kittest::kittest::Queryable;
use tessera::storage::queue::MessageTtl;
use ui::TestApp;

fn peeked(queue: &str) -> Vec<serde_json::Value> {
    let v = common::peer::run(&common::emulator().connection_string(), &["peek-details", queue, "32"]);
    v["messages"].as_array().unwrap().clone()
}

#[test]
fn selected_messages_are_copied_to_another_queue_exactly_and_stay_where_they_were() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let (from, to, gone) = (
        common::unique("cpfrom"),
        common::unique("cpto"),
        common::unique("cpgone"),
    );
    let texts = ["plain one", "<order id=\"7\">&amp; ünïcødé 日本</order>", "forever"];
    rt.block_on(async {
        for q in [&from, &to, &gone] {
            client.create_queue(q, &[]).await.unwrap();
        }
        client
            .put_message(&from, texts[0], None, MessageTtl::Seconds(3600))
            .await
            .unwrap();
        client
            .put_message(&from, texts[1], None, MessageTtl::Default)
            .await
            .unwrap();
        client
            .put_message(&from, texts[2], None, MessageTtl::Never)
            .await
            .unwrap();
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &from);
    t.wait_for("forever");
    // A click gives the list the keys, Ctrl+A selects every peeked message; the row's menu copies them all.
    t.click("plain one");
    t.key(egui::Modifiers::COMMAND, egui::Key::A);
    t.context_click("plain one");
    t.click("Copy 3 messages to queue");
    t.click(&format!("to {to}"));
    t.wait_for_contains(&format!("Copied 3 messages to `{to}`"));

    let copies = peeked(&to);
    let originals = peeked(&from);
    let contents = |list: &[serde_json::Value]| -> Vec<String> {
        list.iter()
            .map(|m| m["content"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(contents(&copies), texts, "in order, each text exactly");
    assert_eq!(contents(&originals), texts, "a copy leaves the originals");
    // Each copy expires when its original does (to the second the copy took); "never" stays never.
    let expiry = |m: &serde_json::Value| {
        time::OffsetDateTime::parse(
            m["expires_on"].as_str().unwrap(),
            &time::format_description::well_known::Rfc3339,
        )
        .unwrap()
    };
    for (c, o) in copies.iter().zip(&originals) {
        let apart = (expiry(c) - expiry(o)).abs();
        assert!(apart <= time::Duration::seconds(5), "{c} against {o}");
        assert_eq!(c["dequeue_count"], 0);
    }
    assert_eq!(expiry(&copies[2]).year(), 9999);

    // The target is deleted after the tree listed it: the copy says so, and how many landed (none).
    rt.block_on(client.delete_queue(&gone)).unwrap();
    t.context_click("plain one");
    t.click("Copy 3 messages to queue");
    t.click(&format!("to {gone}"));
    t.wait_app("the refusal", Duration::from_secs(30), |app| {
        app.active_queue().and_then(|q| q.message()).is_some_and(|m| {
            m.as_ref()
                .is_err_and(|e| e.plain_words().contains("0 of 3 messages were copied"))
        })
    });
    assert_eq!(peeked(&from).len(), 3, "the originals are all still here");
    assert!(
        t.harness
            .query_by_label_contains("0 of 3 messages were copied")
            .is_some()
    );
}

#[test]
fn every_scanned_message_past_the_peek_is_copied_to_another_queue_exactly() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let (from, to) = (common::unique("scanfrom"), common::unique("scanto"));
    let texts: Vec<String> = (0..45).map(|i| format!("<m n=\"{i}\">ünï {i:02} &amp;</m>")).collect();
    rt.block_on(async {
        for q in [&from, &to] {
            client.create_queue(q, &[]).await.unwrap();
        }
        for t in &texts {
            client.put_message(&from, t, None, MessageTtl::Default).await.unwrap();
        }
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &from);
    t.wait_for_contains("Peeked: the first 32 messages");
    t.click("Scan the whole queue…");
    t.click("Scan the whole queue");
    t.wait_for_contains("Scanned the whole queue: 45 messages");
    // The search narrows what is copied; emptied again, every scanned message is.
    t.type_into("Find in the scan:", "ünï 0");
    t.wait_for("Copy the 10 shown to queue");
    t.replace_text("Find in the scan:", "x");
    t.wait_for("Copy the 0 shown to queue");
    t.key(egui::Modifiers::NONE, egui::Key::Backspace);
    t.click("Copy the 45 shown to queue");
    t.click(&format!("to {to}"));
    t.wait_for_contains(&format!("Copied 45 messages to `{to}`"));

    let drained = |q: &str| -> Vec<String> {
        let v = common::peer::run(&common::emulator().connection_string(), &["queue-drain", q]);
        let mut all: Vec<String> = serde_json::from_value(v["contents"].clone()).unwrap();
        all.sort();
        all
    };
    let mut want = texts.clone();
    want.sort();
    assert_eq!(drained(&to), want, "every scanned message, each text exactly, once");
    assert_eq!(drained(&from), want, "a copy leaves the originals");
    assert!(t.harness.query_by_label_contains("Copy the 45 shown").is_some());
}
