//! The window's own close (issue 59), driven as a person quits: the viewport's close request reaches the app,
//! which holds it back while anything is unsaved or at work and asks once (Save all and quit, Quit anyway, Keep
//! working). Saves are read back by Microsoft's Python SDK, a cancelled download is looked for on disk, and held
//! messages are peeked by the SDK after they were let go.

mod common;
mod ui;

use std::time::Duration;

use egui::{ViewportCommand, ViewportEvent, ViewportId};
use egui_kittest::kittest::Queryable;
use tessera::storage::queue::MessageTtl;
use ui::TestApp;

fn sdk(args: &[&str]) -> serde_json::Value {
    common::peer::run(&common::emulator().connection_string(), args)
}

/// What the app told the window last frame.
fn commands(t: &TestApp) -> Vec<ViewportCommand> {
    (t.harness.output().viewport_output.get(&ViewportId::ROOT))
        .map(|v| v.commands.clone())
        .unwrap_or_default()
}

/// The user closes the window (its close button, Alt+F4): one frame with the close request. Whether the app
/// held it back.
fn close_window(t: &mut TestApp) -> bool {
    let viewport = t.harness.input_mut().viewports.entry(ViewportId::ROOT).or_default();
    viewport.events.push(ViewportEvent::Close);
    t.step();
    commands(t).contains(&ViewportCommand::CancelClose)
}

/// Clicks the question's `answer`, then steps a frame at a time until the app closes the window itself (after
/// the work it waits for), seeing each frame's commands.
fn answer_and_wait_for_the_window_to_close(t: &mut TestApp, answer: &str, patience: Duration) {
    t.wait_for(answer);
    t.harness.get_by_label(answer).click();
    t.wait_steps("the window to close", patience, |t| {
        commands(t).contains(&ViewportCommand::Close)
    });
}

/// A blob's metadata typed in its details (not saved).
fn type_metadata(t: &mut TestApp, blob: &str, value: &str) {
    t.click(blob);
    t.wait_app("the blob's properties", Duration::from_secs(30), |app| {
        app.active_blob().is_some_and(|p| p.draft(blob).is_some())
    });
    t.click("Add metadata");
    t.type_into("Metadata name 1", "note");
    t.type_into("Metadata value 1", value);
}

#[test]
fn a_close_with_nothing_unsaved_or_at_work_goes_at_once() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, container) = common::blobs::container_with(&rt, &["a.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("a.txt");
    assert!(!close_window(&mut t), "nothing to lose: the close is not held back");
    assert!(t.harness.query_by_label("Quit Tessera?").is_none());
}

#[test]
fn an_unsaved_edit_holds_the_close_and_save_all_saves_it_before_the_window_goes() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, container) = common::blobs::container_with(&rt, &["a.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    type_metadata(&mut t, "a.txt", "typed before quitting");
    assert!(close_window(&mut t), "an unsaved edit holds the close back");
    t.wait_for("Quit Tessera?");
    t.wait_for_contains("1 unsaved edit (lost if you quit anyway):");
    t.wait_for_contains(&format!("{container} (container): the metadata and headers of `a.txt`"));
    // Keep working: the question goes, the edit stays, and the window stays open.
    t.click("Keep working");
    t.step();
    assert!(t.harness.query_by_label("Quit Tessera?").is_none());
    assert!(!commands(&t).contains(&ViewportCommand::Close));
    let typed = t.harness.get_by_label("Metadata value 1").value().unwrap_or_default();
    assert_eq!(typed, "typed before quitting");
    // Closed again: Save all and quit saves the edit as Save properties would, then the window goes.
    assert!(close_window(&mut t));
    answer_and_wait_for_the_window_to_close(&mut t, "Save all and quit", Duration::from_secs(60));
    let seen = sdk(&["blob-metadata", &container, "a.txt"]);
    assert_eq!(seen["metadata"], serde_json::json!({"note": "typed before quitting"}));
}

#[test]
fn a_save_all_refused_on_a_changed_blob_asks_again_and_keeps_the_edit() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, container) = common::blobs::container_with(&rt, &["a.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    type_metadata(&mut t, "a.txt", "mine");
    // Someone else writes the blob's metadata after the form was read: the save's If-Match no longer holds.
    let cs = common::emulator().connection_string();
    common::peer::run(
        &cs,
        &["set-blob-metadata", &container, "a.txt", "{\"owner\": \"theirs\"}"],
    );
    assert!(close_window(&mut t));
    t.click("Save all and quit");
    t.wait_for_contains("These edits were not saved");
    t.wait_for_contains("the metadata and headers of `a.txt`");
    assert!(
        !commands(&t).contains(&ViewportCommand::Close),
        "nothing is lost by a refused save"
    );
    let seen = sdk(&["blob-metadata", &container, "a.txt"]);
    assert_eq!(
        seen["metadata"],
        serde_json::json!({"owner": "theirs"}),
        "their write stands"
    );
    t.click("Keep working");
    t.step();
    let typed = t.harness.get_by_label("Metadata value 1").value().unwrap_or_default();
    assert_eq!(typed, "mine", "the edit is kept for the user to reload and re-apply");
}

#[test]
fn quit_anyway_cancels_a_running_download_and_goes_once_its_partial_file_is_removed() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (mut t, proxy, into) = ui::download_under_way(&rt, "quitdl");
    assert!(close_window(&mut t), "a running job holds the close back");
    t.wait_for_contains("1 job running (cancelled if you quit");
    t.wait_for_contains("Download big.bin");
    assert!(
        t.harness.query_by_label("Save all and quit").is_none(),
        "nothing to save: no Save all"
    );
    answer_and_wait_for_the_window_to_close(&mut t, "Quit anyway", Duration::from_secs(60));
    proxy.bandwidth(None);
    assert_eq!(
        t.harness.state().running_jobs(),
        0,
        "the window went after the job ended"
    );
    let left: Vec<_> = std::fs::read_dir(into.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(
        left.is_empty(),
        "the download's clean-up ran before the window went: {left:?}"
    );
}

#[test]
fn held_messages_are_made_visible_again_on_the_users_word_before_the_window_goes() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let q = common::unique("quitheld");
    rt.block_on(client.create_queue(&q, &[])).unwrap();
    rt.block_on(client.put_message(&q, "job", None, MessageTtl::Default))
        .unwrap();
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &q);
    t.wait_for("job");
    // Hidden for five minutes: without the user's word it would stay hidden long after the window went.
    t.harness.state_mut().active_queue_mut().unwrap().set_dequeue(1, 300);
    t.click("Dequeue");
    t.wait_for_contains("Pop receipt:");
    assert!(close_window(&mut t), "a held message holds the close back");
    t.wait_for_contains("1 message held with a live pop receipt");
    t.click("Make the held message visible again now (Update Message, visibility 0)");
    answer_and_wait_for_the_window_to_close(&mut t, "Quit anyway", Duration::from_secs(60));
    let seen = sdk(&["peek", &q, "1"]);
    assert_eq!(seen["messages"], serde_json::json!(["job"]), "visible again at once");
}

/// A scan of the whole queue running when the window closes is named in the question and, on Quit anyway, stops
/// as Cancel stops it (issue 59): the batch it holds is made visible again before the window goes, and it
/// receives nothing more. The SDK drains every message at once, most of them never received by the scan.
#[test]
fn quit_anyway_stops_a_queue_scan_and_goes_once_its_batch_is_visible_again() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let q = common::unique("quitscan");
    let total = 200;
    rt.block_on(async {
        client.create_queue(&q, &[]).await.unwrap();
        for i in 0..total {
            let text = format!("s-{i:03}");
            client.put_message(&q, &text, None, MessageTtl::Default).await.unwrap();
        }
    });
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Queue));
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Queues", &q);
    t.wait_for_contains("Peeked: the first 32 messages");
    proxy.latency(Duration::from_millis(100), Duration::ZERO);
    t.click("Scan the whole queue…");
    t.click("Scan the whole queue");
    t.wait_for_contains("Scanning the whole queue:");
    assert!(close_window(&mut t), "a running scan holds the close back");
    t.wait_for_contains("1 job running");
    t.wait_for(&format!("• Scan of `{q}`"));
    answer_and_wait_for_the_window_to_close(&mut t, "Quit anyway", Duration::from_secs(60));
    proxy.latency(Duration::ZERO, Duration::ZERO);
    let drained = sdk(&["queue-drain", &q]);
    let counts: Vec<u64> = serde_json::from_value(drained["dequeue_counts"].clone()).unwrap();
    assert_eq!(
        counts.len(),
        total,
        "every message visible at once after the window went: {counts:?}"
    );
    let scanned = counts.iter().filter(|c| **c == 2).count();
    assert!(
        counts.iter().all(|c| *c == 1 || *c == 2) && (1..total).contains(&scanned),
        "the scan stopped when the window went ({scanned} of {total} received by it): {counts:?}"
    );
}

/// A delete from the tree still on its way when the window closes (issue 59): the question counts it among the
/// writes not answered, and Quit anyway waits for its answer before the window goes (no delete is cut off half
/// told); Microsoft's SDK finds the queue gone.
#[test]
fn a_tree_delete_on_its_way_holds_the_close_until_it_answers() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let q = common::unique("quitdel");
    rt.block_on(client.create_queue(&q, &[])).unwrap();
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Queue));
    let mut t = TestApp::with_account(&rt, &account);
    t.click("Test emulator");
    t.click_contains("Queues");
    t.wait_for(&q);
    proxy.latency(Duration::from_secs(3), Duration::ZERO);
    t.context_click(&q);
    t.click("Delete…");
    t.click(&format!("Delete {q}"));
    t.step();
    assert!(close_window(&mut t), "a delete on its way holds the close back");
    t.wait_for_contains("1 write sent");
    answer_and_wait_for_the_window_to_close(&mut t, "Quit anyway", Duration::from_secs(60));
    proxy.latency(Duration::ZERO, Duration::ZERO);
    let left = sdk(&["queue-names", &q]);
    assert_eq!(
        left["names"],
        serde_json::json!([]),
        "the delete landed before the window went"
    );
}

/// The entity editor is one of its table tab's features (issue 60): the question names its edit and Save all
/// sends its save, found through the tab's features with no line naming the editor.
#[test]
fn an_entity_edit_holds_the_close_and_save_all_saves_it_before_the_window_goes() {
    use tessera::storage::table::{EdmValue, EntityDraft};
    let rt = tokio::runtime::Runtime::new().unwrap();
    let table = common::unique("quitedit");
    let client = common::client();
    rt.block_on(async {
        client.create_table(&table).await.unwrap();
        let draft = EntityDraft::new("p0", "r001").with("Name", EdmValue::String("Ann".into()));
        client.insert_entity(&table, &draft).await.unwrap();
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.click("Ann");
    t.click("Edit");
    t.type_into("Value of Name", " Smith");
    assert!(close_window(&mut t), "an unsaved entity edit holds the close back");
    t.wait_for("Quit Tessera?");
    t.wait_for_contains("1 unsaved edit (lost if you quit anyway):");
    t.wait_for_contains("the entity edit (p0, r001)");
    answer_and_wait_for_the_window_to_close(&mut t, "Save all and quit", Duration::from_secs(60));
    let seen = sdk(&["entity", &table, "p0", "r001"]);
    assert_eq!(seen["entity"]["Name"]["value"], "Ann Smith", "{seen}");
}
