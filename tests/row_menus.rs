//! A right-click on a row of the lists beside the panes' own: a held message (its receipt's actions and what
//! can be copied of it), an activity job (cancel, retry, its outcome) and an inspector request (curl, HAR, its
//! ids), each found by its accessible name. What a menu's action changed is read back by Microsoft's Python SDK.

mod common;
mod ui;

use egui_kittest::kittest::Queryable;
use tessera::storage::queue::MessageTtl;
use ui::TestApp;

#[test]
fn a_right_click_on_a_held_message_copies_its_receipt_and_deletes_it_with_that_receipt() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let q = common::unique("held");
    rt.block_on(async {
        client.create_queue(&q, &[]).await.unwrap();
        client
            .put_message(&q, "hold me", None, MessageTtl::Default)
            .await
            .unwrap();
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &q);
    t.wait_for("hold me");
    t.click("Dequeue");
    t.wait_for("dequeue count 1");
    let receipt = t.queue().held()[0].message.pop_receipt.clone();
    t.context_click("dequeue count 1");
    for offered in [
        "Delete message",
        "Return to the queue now",
        "Extend by 30 s",
        "Edit text",
        "Copy message id",
    ] {
        t.wait_for(offered);
    }
    assert_eq!(t.copied_by_clicking("Copy pop receipt"), receipt);
    t.context_click("dequeue count 1");
    t.click("Delete message");
    t.wait_for("Done.");
    let count = |q: &str| common::peer::run(&common::emulator().connection_string(), &["queue-count", q]);
    assert_eq!(count(&q)["count"], 0, "deleted with its receipt");
}

#[test]
fn a_right_click_on_a_failed_job_copies_its_outcome_and_retries_it() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let table = common::unique("jobmenu");
    rt.block_on(common::client().create_table(&table)).unwrap();
    let mut t = TestApp::with_emulator(&rt);
    t.click("Test emulator");
    t.click_contains("Tables");
    t.wait_for(&table);
    // A count of a table deleted behind the tree's back fails.
    rt.block_on(common::client().delete_table(&table)).unwrap();
    t.context_click(&table);
    t.click("Count entities");
    t.wait_until("the count to fail", |h| {
        h.state().jobs().iter().any(|j| !j.is_running())
    });
    let title = t.harness.state().jobs()[0].title.clone();
    t.context_click(&title);
    t.wait_for("Retry job");
    let outcome = t.copied_by_clicking("Copy outcome");
    assert!(outcome.starts_with(&format!("{title} failed:")), "{outcome}");
    assert!(
        outcome.contains("TableNotFound"),
        "the service's code is kept: {outcome}"
    );
    // Retry runs it again (and it fails again: the table is still gone).
    let first_run = t.harness.state().jobs()[0].started;
    t.context_click(&title);
    t.click("Retry job");
    t.wait_until("the retry to run and end", |h| {
        let jobs = h.state().jobs();
        jobs.len() == 1 && jobs[0].started > first_run && !jobs[0].is_running()
    });
}

#[test]
fn a_right_click_on_a_request_in_the_inspector_copies_it_as_curl_and_its_request_id_without_secrets() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let q = common::unique("inspect");
    rt.block_on(common::client().create_queue(&q, &[])).unwrap();
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &q);
    t.wait_for("Peek");
    t.click_contains("HTTP inspector (");
    // The peek of the queue: its row names the resource.
    let resource = format!("/{q}/messages");
    t.wait_for(&resource);
    let request_id = t
        .harness
        .state()
        .requests()
        .iter()
        .rev()
        .find(|e| e.resource == resource)
        .and_then(|e| e.request_id.clone())
        .expect("the peek's request id");
    t.context_click(&resource);
    for offered in ["Copy as HAR", "Copy URL", "Copy client request id"] {
        t.wait_for(offered);
    }
    assert_eq!(t.copied_by_clicking("Copy request id"), request_id);
    t.context_click(&resource);
    let curl = t.copied_by_clicking("Copy as curl");
    assert!(curl.starts_with("curl"), "{curl}");
    assert!(curl.contains(&resource), "{curl}");
    let key = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
    assert!(
        !curl.contains(key) && !curl.contains("SharedKey devstoreaccount1:"),
        "{curl}"
    );
}

#[test]
fn a_right_click_on_a_container_or_queue_in_the_tree_opens_its_properties_as_the_service_says_them() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let (_, container) = common::blobs::new_container(&rt, "props");
    let q = common::unique("props");
    rt.block_on(async {
        client
            .create_queue(&q, &[("team".to_string(), "ops".to_string())])
            .await
            .unwrap();
        for text in ["one", "two"] {
            client.put_message(&q, text, None, MessageTtl::Default).await.unwrap();
        }
    });
    let mut t = TestApp::with_emulator(&rt);
    t.click("Test emulator");
    t.click_contains("Blob containers");
    t.context_click(&container);
    t.click("Properties…");
    t.wait_for(&format!("Properties of container `{container}`"));
    t.wait_for("Lease state");
    t.wait_for("private");
    t.wait_for_contains(&format!("/{container}"));
    t.key(egui::Modifiers::NONE, egui::Key::Escape);
    assert!(
        t.harness
            .query_by_label(&format!("Properties of container `{container}`"))
            .is_none(),
        "Escape closes it"
    );
    t.click_contains("Queues");
    t.context_click(&q);
    t.click("Properties…");
    t.wait_for("2 messages (invisible ones included)");
    t.wait_for("team=ops");
}
