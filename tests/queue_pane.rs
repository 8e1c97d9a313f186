//! The queue explorer driven through the UI (egui_kittest) against a real Azurite: put and peek, dequeue with
//! a visibility countdown, a message that reappears, stale receipts refused, move, poison flag, clear.

mod common;
mod ui;

use std::time::Duration;

use common::unique;
use egui_kittest::kittest::Queryable;
use tessera::app::queue::text::short;
use tessera::storage::Client;
use tessera::storage::queue::MessageTtl;
use ui::TestApp;

fn queue(rt: &tokio::runtime::Runtime) -> (Client, String) {
    let client = common::client();
    let q = unique("qp");
    rt.block_on(client.create_queue(&q, &[])).unwrap();
    (client, q)
}

/// The id of the only message in the queue.
fn only_id(rt: &tokio::runtime::Runtime, client: &Client, q: &str) -> String {
    let peeked = rt.block_on(client.peek_messages(q, 32)).unwrap();
    assert_eq!(peeked.len(), 1);
    peeked[0].id.clone()
}

#[test]
fn a_put_message_shows_in_peek_and_peeking_twice_changes_nothing() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, q) = queue(&rt);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &q);
    t.details_tab("New message");
    t.type_into("Message text:", "{\"order\":7}");
    t.click("Put message");
    t.wait_for_contains("Put message");
    t.wait_for("{\"order\":7}");
    t.wait_for("Base64 text");
    let stored = rt.block_on(client.peek_messages(&q, 1)).unwrap();
    assert_eq!(stored[0].text, "eyJvcmRlciI6N30=", "stored as Base64, as chosen");
    t.click("Peek");
    t.click("Peek");
    t.wait_app("two peeks", Duration::from_secs(20), |_| true);
    assert_eq!(t.queue().peeked()[0].dequeue_count, 0, "peeking never dequeues");
    t.click("More");
    t.click("show raw stored text");
    t.wait_for("eyJvcmRlciI6N30=");
}

#[test]
fn a_dequeued_message_counts_down_reappears_with_a_higher_count_and_its_stale_receipt_is_refused() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, q) = queue(&rt);
    rt.block_on(client.put_message(&q, "job", None, MessageTtl::Default))
        .unwrap();
    let id = only_id(&rt, &client, &q);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &q);
    t.wait_for("job");
    // 10 s hidden: long enough that a loaded machine still sees the peek that follows the dequeue come back
    // empty before the message is visible again.
    t.click("10 s");
    t.click("Dequeue");
    t.wait_for_contains("Visible again in");
    t.wait_for_contains("Pop receipt:");
    // Dequeued, it is invisible to everyone: the pane's own peek after the dequeue shows nothing.
    t.wait_app(
        "the message to vanish from peek",
        Duration::from_secs(20),
        |app| matches!(app.active_queue(), Some(p) if p.peeked().is_empty()),
    );
    t.wait_for_contains("Released: visible again, and this pop receipt is stale.");
    t.click("Peek");
    t.wait_app("the message to reappear", Duration::from_secs(20), |app| {
        matches!(app.active_queue(), Some(p) if p.peeked().iter().any(|m| m.id == id && m.dequeue_count == 1) && !p.is_busy())
    });
    // The released message's receipt is refused before anything is sent.
    let requests = t.harness.state().requests().len();
    t.click(&format!("Delete {}", short(&id)));
    t.wait_for_contains("Its visibility timeout ran out");
    assert_eq!(t.harness.state().requests().len(), requests, "nothing was sent");
    assert_eq!(
        rt.block_on(client.peek_messages(&q, 32)).unwrap().len(),
        1,
        "the message is still there"
    );
}

#[test]
fn delete_with_the_current_receipt_completes_the_message() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, q) = queue(&rt);
    rt.block_on(client.put_message(&q, "finish me", None, MessageTtl::Default))
        .unwrap();
    let id = only_id(&rt, &client, &q);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &q);
    t.wait_for("finish me");
    t.click("30 s");
    t.click("Dequeue");
    t.wait_for_contains("Visible again in");
    t.click(&format!("Delete {}", short(&id)));
    t.wait_for_contains("Deleted: it left this queue.");
    assert!(rt.block_on(client.peek_messages(&q, 32)).unwrap().is_empty());
    // Peek while it was invisible did not show it, and the service agrees it is gone.
    assert_eq!(
        rt.block_on(client.get_queue_properties(&q))
            .unwrap()
            .approximate_message_count,
        0
    );
}

#[test]
fn a_message_moves_to_another_queue_copy_first() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, from) = queue(&rt);
    let to = format!("{from}-dead");
    rt.block_on(client.create_queue(&to, &[])).unwrap();
    // A message that never expires.
    rt.block_on(client.put_message(&from, "bad input", None, MessageTtl::Never))
        .unwrap();
    let id = only_id(&rt, &client, &from);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &from);
    t.wait_for("bad input");
    t.click("Dequeue");
    t.wait_for_contains("Visible again in");
    // Edited in the pane first: the move carries the text now stored, not the one dequeued.
    t.click(&format!("Edit {}", short(&id)));
    t.replace_text(&format!("New text of {}", short(&id)), "fixed input");
    t.click(&format!("Save text of {}", short(&id)));
    t.wait_for_contains("Updated: it has a new pop receipt.");
    t.click(&format!("Target queue for {}", short(&id)));
    t.click(&format!("to {to}"));
    t.click(&format!("Move {}", short(&id)));
    t.wait_for_contains(&format!(
        "Moved to `{to}` with its text as stored and its time to live (never expires)"
    ));
    t.wait_for_contains("dequeue count 0 (the service cannot carry those over)");
    assert!(rt.block_on(client.peek_messages(&from, 32)).unwrap().is_empty());
    let moved = common::peer::run(&common::emulator().connection_string(), &["peek-details", &to, "32"]);
    let moved = moved["messages"].as_array().unwrap();
    assert_eq!(moved.len(), 1);
    assert_eq!(moved[0]["content"], "fixed input", "{moved:?}");
    let expires = moved[0]["expires_on"].as_str().unwrap_or_default();
    assert!(expires.starts_with("9999"), "still never expires: {moved:?}");
}

#[test]
fn a_message_at_the_poison_threshold_is_flagged() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, q) = queue(&rt);
    rt.block_on(async {
        client
            .put_message(&q, "keeps failing", None, MessageTtl::Default)
            .await
            .unwrap();
        for _ in 0..2 {
            client.get_messages(&q, 1, 1).await.unwrap();
            tokio::time::sleep(Duration::from_millis(1100)).await;
        }
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &q);
    t.wait_for("keeps failing");
    assert!(
        t.harness.query_all_by_label_contains("likely poison").next().is_none(),
        "2 is below the default of 5"
    );
    t.click("More");
    t.click_contains("Poison threshold");
    t.click("poison at dequeue count 2");
    t.wait_for("2 likely poison");
}

#[test]
fn clearing_a_queue_asks_first_naming_it_and_the_count() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, q) = queue(&rt);
    rt.block_on(async {
        for i in 0..3 {
            client
                .put_message(&q, &format!("m{i}"), None, MessageTtl::Default)
                .await
                .unwrap();
        }
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &q);
    t.wait_for_contains("About 3 messages");
    t.click("Clear queue…");
    t.wait_for(&format!("Clear queue `{q}`?"));
    t.click("Cancel");
    assert_eq!(
        rt.block_on(client.peek_messages(&q, 32)).unwrap().len(),
        3,
        "cancel cleared nothing"
    );
    t.click("Clear queue…");
    t.click("Clear 3 messages");
    t.wait_for_contains(&format!("Cleared queue `{q}`"));
    assert!(rt.block_on(client.peek_messages(&q, 32)).unwrap().is_empty());
}

#[test]
fn the_tree_shows_each_queues_approximate_message_count_beside_its_name() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, q) = queue(&rt);
    for i in 0..7 {
        rt.block_on(client.put_message(&q, &format!("m{i}"), None, MessageTtl::Default))
            .unwrap();
    }
    let items = rt
        .block_on(tessera::app::accounts::tree::list_resources(
            client.clone(),
            tessera::storage::Service::Queue,
        ))
        .unwrap();
    let item = items.iter().find(|i| i.name == q).unwrap();
    assert_eq!(item.badge.as_deref(), Some("~7 messages"));
    let mut t = TestApp::with_emulator(&rt);
    t.click("Test emulator");
    t.click_contains("Queues");
    t.wait_for("[~7 messages]");
    // The badge is beside the name, so the row still answers to the queue's name.
    t.click(&q);
    t.wait_for(&format!("{q} (queue)"));
}

#[test]
fn a_second_action_on_a_message_waits_for_the_first_ones_new_receipt() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, q) = queue(&rt);
    rt.block_on(client.put_message(&q, "job", None, MessageTtl::Default))
        .unwrap();
    let id = only_id(&rt, &client, &q);
    // Through a proxy that can slow the queue service, so the first action is surely still out.
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Queue));
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Queues", &q);
    t.wait_for("job");
    t.click("30 s");
    t.click("Dequeue");
    t.wait_for_contains("Visible again in");
    proxy.always(Some(common::fault_proxy::Fault::Delay(Duration::from_millis(800))));
    let extend = format!("Extend {} by 30 s", short(&id));
    t.click(&extend);
    t.click(&extend);
    t.wait_for_contains("An action on this message is still under way");
    proxy.always(None);
    t.wait_for_contains("Updated: it has a new pop receipt.");
    // The new receipt works: the delete goes through.
    t.click(&format!("Delete {}", short(&id)));
    t.wait_for_contains("Deleted: it left this queue.");
    // (Peek would see nothing either way while it is hidden; the count includes hidden messages.)
    let props = rt.block_on(client.get_queue_properties(&q)).unwrap();
    assert_eq!(props.approximate_message_count, 0, "the message is gone");
}

#[test]
fn an_unsaved_metadata_edit_survives_refreshes_and_a_refused_save_then_saves_exactly_it() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, q) = queue(&rt);
    let cs = common::emulator().connection_string();
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &q);
    t.click("Watch every");
    t.details_tab("Properties");
    t.click("Add queue metadata");
    t.type_into("Queue metadata name 1", "team");
    t.type_into("Queue metadata value 1", "blue");
    // Someone else sets the queue's metadata; a refresh brings it, beside the draft, not over it.
    common::peer::run(&cs, &["set-queue-metadata", &q, r#"{"owner": "them"}"#]);
    t.wait_for_contains("Changed on the service since you started editing: now owner=them");
    let value = |t: &TestApp, label: &str| t.harness.get_by_label(label).value().unwrap_or_default();
    // A second refresh cycle later the draft is still the user's.
    let peeks = t.queue().backlog().samples.len();
    t.wait_steps("another refresh", Duration::from_secs(30), |t| {
        t.queue().backlog().samples.len() > peeks
    });
    assert_eq!(value(&t, "Queue metadata name 1"), "team");
    assert_eq!(value(&t, "Queue metadata value 1"), "blue");
    // Set Queue Metadata takes no condition: the app refuses to write over theirs unasked.
    t.click("Save metadata");
    t.wait_for_contains("The queue's metadata changed on the service since you started editing");
    assert_eq!(
        common::peer::metadata(&cs, &["queue-metadata", &q]),
        [("owner".to_string(), "them".to_string())]
    );
    // Re-applied name by name: their owner stays, my team is added.
    t.click("Reload and re-apply my metadata changes");
    t.click("Save metadata");
    t.wait_for_contains(&format!("Saved the metadata of `{q}`"));
    assert_eq!(
        common::peer::metadata(&cs, &["queue-metadata", &q]),
        [
            ("owner".to_string(), "them".to_string()),
            ("team".to_string(), "blue".to_string())
        ]
    );
}

#[test]
fn a_dequeue_whose_reply_comes_after_the_tab_closed_keeps_its_messages_reachable() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, q) = queue(&rt);
    rt.block_on(client.put_message(&q, "in flight", None, MessageTtl::Default))
        .unwrap();
    let id = only_id(&rt, &client, &q);
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Queue));
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Queues", &q);
    t.wait_for("in flight");
    t.click("30 s");
    // The dequeue's reply is slow; the tab is closed before it comes.
    proxy.inject([common::fault_proxy::Fault::Delay(Duration::from_millis(1500))]);
    t.click("Dequeue");
    t.click(&format!("Close {q} (queue)"));
    t.wait_for_contains("closed. What it had sent still finishes and is recorded");
    // Under Activity: the closed tab holds the message with its live receipt.
    t.wait_for_contains(&format!("{q} (queue): 1 message held with a live receipt"));
    t.click(&format!("Reopen {q} (queue)"));
    t.wait_for_contains("Visible again in");
    // The receipt works: the message is deleted, not left to reappear.
    t.click(&format!("Delete {}", short(&id)));
    t.wait_for_contains("Deleted: it left this queue.");
    assert_eq!(
        rt.block_on(client.get_queue_properties(&q))
            .unwrap()
            .approximate_message_count,
        0
    );
}

#[test]
fn a_second_dequeue_sent_while_the_first_is_out_holds_both_messages() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, q) = queue(&rt);
    for text in ["first", "second"] {
        rt.block_on(client.put_message(&q, text, None, MessageTtl::Default))
            .unwrap();
    }
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Queue));
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Queues", &q);
    t.wait_for("second");
    t.click("30 s");
    // Each dequeue takes one message and answers slowly: the second is sent while the first is out.
    proxy.always(Some(common::fault_proxy::Fault::Delay(Duration::from_millis(800))));
    t.click("Dequeue");
    t.click("Dequeue");
    proxy.always(None);
    t.wait_app("both dequeued messages held", Duration::from_secs(30), |app| {
        app.active_queue().is_some_and(|p| p.held().len() == 2)
    });
    // Each is held with its own live receipt: both deletes go through, and the queue is empty.
    let ids: Vec<String> = t.queue().held().iter().map(|h| h.message.id.clone()).collect();
    assert_ne!(ids[0], ids[1]);
    for id in &ids {
        t.click(&format!("Delete {}", short(id)));
    }
    t.wait_app("both deleted", Duration::from_secs(30), |app| {
        app.active_queue().is_some_and(|p| p.held().iter().all(|h| h.done))
    });
    let left = common::peer::run(&common::emulator().connection_string(), &["queue-count", &q]);
    assert_eq!(left["count"], 0, "{left}");
}

#[test]
fn a_right_click_on_a_peeked_message_copies_its_text_its_id_or_all_of_it_and_changes_nothing() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, q) = queue(&rt);
    rt.block_on(client.put_message(&q, "copy me", None, MessageTtl::Default))
        .unwrap();
    let id = only_id(&rt, &client, &q);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &q);
    t.wait_for("copy me");
    t.context_click("copy me");
    assert_eq!(t.copied_by_clicking("Copy text Ctrl+C"), "copy me");
    t.context_click("copy me");
    assert_eq!(t.copied_by_clicking("Copy message id"), id);
    t.context_click("copy me");
    let json: serde_json::Value = serde_json::from_str(&t.copied_by_clicking("Copy as JSON")).unwrap();
    assert_eq!(
        (json["id"].as_str(), json["text"].as_str()),
        (Some(id.as_str()), Some("copy me"))
    );
    assert_eq!(json["dequeueCount"], 0);
    // Copying reads what was peeked: the message is still there, never dequeued.
    let still = rt.block_on(client.peek_messages(&q, 32)).unwrap();
    assert_eq!((still.len(), still[0].dequeue_count), (1, 0));
}
