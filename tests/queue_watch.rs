//! Watching a queue through the UI against a real Azurite: with auto-refresh on, what someone else does shows as
//! changes between peeks: a message appeared, one stopped being visible when another consumer took it, and came
//! back with its dequeue count one higher when that consumer's invisibility ran out; the list copies as JSON lines,
//! and the backlog chart carries the same events.

mod common;
mod ui;

use std::time::Duration;

use egui_kittest::kittest::Queryable;
use tessera::storage::queue::MessageTtl;
use ui::TestApp;

#[test]
fn a_watched_queue_names_what_other_consumers_did() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let q = common::unique("qwatch");
    rt.block_on(async {
        client.create_queue(&q, &[]).await.unwrap();
        client
            .put_message(&q, "first", None, MessageTtl::Default)
            .await
            .unwrap();
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &q);
    t.wait_for_contains("About 1 messages");
    t.click("Watch every");
    t.click("Changes seen (0)");
    rt.block_on(client.put_message(&q, "second", None, MessageTtl::Default))
        .unwrap();
    t.wait_for_contains("appeared: ");
    t.wait_for_contains("\"second\"");
    // Another consumer takes the front message for 12 s (longer than the 5 s between peeks): gone from view,
    // then back with dequeue count 1.
    let taken = rt.block_on(client.get_messages(&q, 1, 12)).unwrap();
    assert_eq!(taken[0].text, "first");
    let short: String = taken[0].id.chars().take(8).collect();
    t.wait_for_contains(&format!("no longer visible: {short}"));
    t.wait_steps("the invisibility to run out", Duration::from_secs(60), |t| {
        t.harness
            .query_all_by_label_contains(&format!("visible again: {short}…, dequeue count 1 (was 0)"))
            .next()
            .is_some()
    });
    // The backlog chart carries the same events, one series of dots per kind.
    t.click("Backlog over time");
    for kind in ["appeared (1)", "taken (1)", "back (1)"] {
        t.wait_for_contains(kind);
    }
    let lines = t.copied_by_clicking("Copy changes as JSON lines");
    assert_eq!(lines.lines().count(), 3, "{lines}");
    for line in lines.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(
            v["time"].as_str().unwrap().ends_with('Z') && v["change"].is_string(),
            "{line}"
        );
    }
}

#[test]
fn a_watch_backs_off_while_the_service_throttles_and_stops_when_refused() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let q = common::unique("qthrottle");
    rt.block_on(client.create_queue(&q, &[])).unwrap();
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Queue));
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Queues", &q);
    t.wait_for_contains("About 0 messages");
    t.click("Watch every");
    // Every answer a 503 (the client's own retries give up too): the watch asks less often, and says so; then
    // refused, it stops.
    t.watch_backs_off_then_stops(&proxy, "throttled: every 10 s");
    assert!(!t.queue().auto_refreshing(), "watching is off");
}

/// Peeks of `queue` the inspector has seen.
fn peeks_of(t: &TestApp, queue: &str) -> usize {
    t.harness
        .state()
        .requests()
        .iter()
        .filter(|e| e.resource.contains(queue) && e.url.contains("peekonly=true"))
        .count()
}

#[test]
fn a_watch_pauses_while_its_tab_is_not_shown() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let (watched, other) = (common::unique("qshown"), common::unique("qother"));
    rt.block_on(async {
        client.create_queue(&watched, &[]).await.unwrap();
        client.create_queue(&other, &[]).await.unwrap();
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &watched);
    t.wait_for_contains("About 0 messages");
    t.click("Watch every");
    let first = peeks_of(&t, &watched);
    t.wait_steps("a peek of the watch", Duration::from_secs(60), |t| {
        peeks_of(t, &watched) > first
    });
    // Another tab in front: the watched queue is not peeked (one already out may still land).
    t.click(&other);
    t.wait_for_contains("About 0 messages");
    let hidden = peeks_of(&t, &watched);
    t.idle_for(Duration::from_secs(12));
    assert!(peeks_of(&t, &watched) <= hidden + 1, "a tab not shown kept peeking");
    // Shown again: the watch goes on.
    t.harness.state_mut().activate_tab(0);
    let back = peeks_of(&t, &watched);
    t.wait_steps("the watch going on", Duration::from_secs(60), |t| {
        peeks_of(t, &watched) > back
    });
}
