//! What a user action costs in requests, counted through the HTTP inspector's events (every request the app
//! sends is one): selecting a blob reads its properties and what its details show once each; a metadata save
//! sends the save and at most one read, and no listing.

mod common;
mod ui;

use std::time::{Duration, SystemTime};

use common::blobs::container_with;
use egui_kittest::kittest::Queryable;
use tessera::storage::RequestEvent;
use ui::TestApp;

/// The requests sent since `since` (first attempts: a retry is the same request).
fn sent_since(t: &TestApp, since: SystemTime) -> Vec<RequestEvent> {
    t.harness
        .state()
        .requests()
        .iter()
        .filter(|e| e.attempt <= 1 && e.started >= since)
        .cloned()
        .collect()
}

fn is_listing(e: &RequestEvent) -> bool {
    e.url.contains("comp=list")
}

/// A listing the tab's five-second refresh sent: one with no prefix, started at least four seconds after the
/// listing before it (a user action's own listing would not wait).
fn from_the_timer(e: &RequestEvent, last_listing: SystemTime) -> bool {
    is_listing(e)
        && !e.url.contains("prefix=")
        && e.started.duration_since(last_listing).unwrap_or_default() >= Duration::from_secs(4)
}

fn last_listing(t: &TestApp) -> SystemTime {
    let requests = t.harness.state().requests();
    let listing = requests.iter().rev().find(|e| is_listing(e));
    listing.map_or(SystemTime::UNIX_EPOCH, |e| e.started)
}

fn words(events: &[RequestEvent]) -> Vec<String> {
    events
        .iter()
        .map(|e| format!("{} {} ({})", e.method, e.url, e.operation))
        .collect()
}

fn settle(t: &mut TestApp) {
    t.wait_app("the tab settles", Duration::from_secs(30), |app| {
        app.active_blob()
            .is_some_and(|p| !p.is_busy() && p.selected_properties().is_some())
    });
}

#[test]
fn selecting_a_blob_reads_each_of_its_details_once_and_a_metadata_save_sends_the_save_and_one_read() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_client, container) = container_with(&rt, &["a.txt", "b.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("a.txt");
    t.wait_app("the listing", Duration::from_secs(30), |app| {
        app.active_blob().is_some_and(|p| !p.is_busy())
    });

    let (clicked, listed) = (SystemTime::now(), last_listing(&t));
    t.click("a.txt");
    settle(&mut t);
    let sent: Vec<RequestEvent> = sent_since(&t, clicked)
        .into_iter()
        .filter(|e| !from_the_timer(e, listed))
        .collect();
    let about_it = |e: &&RequestEvent| e.url.contains("a.txt");
    assert!(
        sent.iter().all(|e| about_it(&e)),
        "only a.txt's details: {:#?}",
        words(&sent)
    );
    let mut operations: Vec<&str> = sent.iter().map(|e| e.operation.as_str()).collect();
    operations.sort();
    let read = operations.len();
    operations.dedup();
    assert_eq!(read, operations.len(), "each read once: {:#?}", words(&sent));
    assert!(
        sent.iter().any(|e| e.method == "HEAD" && e.url.contains("a.txt")),
        "its properties were read: {:#?}",
        words(&sent)
    );
    assert!(read <= 3, "properties, snapshots and tags at most: {:#?}", words(&sent));

    let etag = t.blob().selected_properties().unwrap().etag.clone();
    t.click("Add metadata");
    t.type_into("Metadata name 1", "owner");
    t.type_into("Metadata value 1", "me");
    let (saved, listed) = (SystemTime::now(), last_listing(&t));
    t.click("Save properties");
    t.wait_app("the save's new version shown", Duration::from_secs(30), |app| {
        app.active_blob()
            .and_then(|p| p.selected_properties())
            .is_some_and(|p| p.etag != etag)
    });
    settle(&mut t);
    let sent: Vec<RequestEvent> = sent_since(&t, saved)
        .into_iter()
        .filter(|e| !from_the_timer(e, listed))
        .collect();
    let writes: Vec<&RequestEvent> = sent.iter().filter(|e| e.method == "PUT").collect();
    assert_eq!(writes.len(), 1, "one write: {:#?}", words(&sent));
    assert!(writes[0].url.contains("comp=metadata"), "{:#?}", words(&sent));
    let reads = sent.len() - writes.len();
    assert!(reads <= 1, "at most one read after the save: {:#?}", words(&sent));
    assert!(!sent.iter().any(is_listing), "no listing: {:#?}", words(&sent));
    let read_back = common::peer::run(
        &common::emulator().connection_string(),
        &["blob-metadata", &container, "a.txt"],
    );
    assert_eq!(read_back["metadata"], serde_json::json!({"owner": "me"}));
}

#[test]
fn an_arrow_held_through_ten_blobs_reads_the_details_of_the_one_it_rests_on_only() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let names: Vec<String> = (0..12).map(|i| format!("b{i:02}.txt")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let (_client, container) = container_with(&rt, &refs);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("b00.txt");
    t.click("b00.txt");
    settle(&mut t);

    let (pressed, listed) = (SystemTime::now(), last_listing(&t));
    // Ten presses as a held key repeats them: a frame or two apart, well inside the rest the details wait for.
    for _ in 0..10 {
        t.key(egui::Modifiers::NONE, egui::Key::ArrowDown);
    }
    assert_eq!(t.blob().selection().iter().collect::<Vec<_>>(), ["b10.txt"]);
    t.wait_app("b10.txt's details", Duration::from_secs(30), |app| {
        app.active_blob()
            .is_some_and(|p| !p.is_busy() && p.selected_properties().is_some() && p.shown_blob() == Some("b10.txt"))
    });
    let sent: Vec<RequestEvent> = sent_since(&t, pressed)
        .into_iter()
        .filter(|e| !from_the_timer(e, listed))
        .collect();
    let read: std::collections::BTreeSet<&str> = names
        .iter()
        .map(String::as_str)
        .filter(|n| sent.iter().any(|e| e.url.contains(n)))
        .collect();
    assert_eq!(
        read.into_iter().collect::<Vec<_>>(),
        ["b10.txt"],
        "only the blob the cursor rested on: {:#?}",
        words(&sent)
    );
}

/// Find in names over a flat listing loaded whole searches the names loaded, off the UI thread, and sends no
/// listing; a blob written meanwhile by someone else is found after a refresh brought it in.
#[test]
fn find_in_names_over_a_whole_flat_listing_sends_no_request() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = container_with(&rt, &["a/error-1.txt", "a/ok.txt", "b/ERROR-2.txt", "c.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("a/ (folder)");
    t.click("More");
    t.click("Flat listing (no folders)");
    t.key(egui::Modifiers::NONE, egui::Key::Escape);
    t.wait_for("b/ERROR-2.txt");
    t.wait_app("the flat listing whole", Duration::from_secs(30), |app| {
        app.active_blob()
            .is_some_and(|p| !p.is_busy() && p.next_marker().is_none() && p.blobs().len() == 4)
    });
    let find = |t: &mut TestApp, text: &str| {
        t.open_search("Find in names");
        t.harness.get_by_label("Find in names:").focus();
        t.key(egui::Modifiers::COMMAND, egui::Key::A);
        t.harness.get_by_label("Find in names:").type_text(text);
        t.harness.step();
        let since = SystemTime::now();
        t.click("Find");
        t.wait_app("the search to end", Duration::from_secs(30), |app| {
            app.active_blob()
                .and_then(|p| p.name_search())
                .is_some_and(|s| !s.is_running())
        });
        let found: Vec<String> = t
            .blob()
            .name_search()
            .unwrap()
            .matches()
            .names()
            .map(str::to_string)
            .collect();
        (found, sent_since(t, since).into_iter().filter(is_listing).count())
    };
    let (found, listings) = find(&mut t, "error");
    assert_eq!(found, ["a/error-1.txt", "b/ERROR-2.txt"]);
    assert_eq!(listings, 0, "the names loaded were searched, not listed again");
    t.wait_for_contains("among the 4 blobs loaded (no request sent)");

    // Someone else writes a matching blob; a refresh brings it into the names loaded, and the next search finds it.
    rt.block_on(common::blobs::put(&client, &container, "d-error.txt", "x"));
    t.click("Back to the folder");
    t.key(egui::Modifiers::NONE, egui::Key::F5);
    t.wait_app("the refresh merged", Duration::from_secs(30), |app| {
        app.active_blob().is_some_and(|p| p.blobs().len() == 5)
    });
    let (found, listings) = find(&mut t, "error");
    assert_eq!(found, ["a/error-1.txt", "b/ERROR-2.txt", "d-error.txt"]);
    assert_eq!(listings, 0);
}
