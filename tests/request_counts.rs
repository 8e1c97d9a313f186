//! What a user action costs in requests, counted through the HTTP inspector's events (every request the app
//! sends is one): selecting a blob reads its properties and what its details show once each; each save is counted
//! at the REST minimum (the write, and the guard's read where the service takes no condition), its own answer
//! saying what the service now holds, with no read after it.

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
fn selecting_a_blob_reads_each_of_its_details_once_and_a_metadata_save_sends_the_save_alone() {
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
    let mut operations: Vec<String> = sent.iter().map(|e| e.operation.to_string()).collect();
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
    assert_eq!(reads, 0, "no read after the save: {:#?}", words(&sent));
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
    // On a loaded machine two frames can take longer than that rest: the cursor then did rest on a blob, whose
    // read is allowed (never required: the frame that would notice the rest may come after the next press).
    let mut rested = std::collections::BTreeSet::new();
    let mut at = std::time::Instant::now();
    for i in 1..=10 {
        t.key(egui::Modifiers::NONE, egui::Key::ArrowDown);
        let now = std::time::Instant::now();
        if i > 1 && now - at >= tessera::app::blob::listing::DETAILS_AFTER.mul_f32(0.8) {
            rested.insert(format!("b{:02}.txt", i - 1));
        }
        at = now;
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
    assert!(
        read.contains("b10.txt"),
        "the blob the cursor rests on: {:#?}",
        words(&sent)
    );
    let others: Vec<&str> = read.into_iter().filter(|n| *n != "b10.txt").collect();
    assert!(
        others.iter().all(|n| rested.contains(*n)),
        "only the blobs the cursor rested on ({rested:?}), not {others:?}: {:#?}",
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

/// What an action sent from `since` until now: first attempts, cut at the tab's own five-second refresh if one
/// fell in the window (it reads the listing and what is shown, which no action asked for).
fn action_sent(t: &TestApp, since: SystemTime) -> Vec<RequestEvent> {
    let listed = {
        let requests = t.harness.state().requests();
        let before = requests.iter().rev().find(|e| is_listing(e) && e.started < since);
        before.map_or(SystemTime::UNIX_EPOCH, |e| e.started)
    };
    sent_since(t, since)
        .into_iter()
        .take_while(|e| !from_the_timer(e, listed))
        .collect()
}

/// Lets anything an answer set off start (a read after a write goes out a frame or two later).
fn let_it_go(t: &mut TestApp) {
    t.idle_for(Duration::from_millis(400));
}

/// A blob's details are shown, read whole, with nothing under way.
fn details_settled(app: &tessera::app::TesseraApp) -> bool {
    app.active_blob()
        .is_some_and(|p| !p.is_busy() && !p.is_reading_details() && p.selected_properties().is_some())
}

/// Saves a.txt's properties form as typed and returns what the save sent; asserts that the frame the draft
/// first shows the save landed, the details already show the version it made (the save's own answer, no read).
fn save_properties(t: &mut TestApp) -> Vec<RequestEvent> {
    let since = SystemTime::now();
    t.click("Save properties");
    t.wait_app("the save landed", Duration::from_secs(30), |app| {
        app.active_blob()
            .and_then(|p| p.draft("a.txt"))
            .is_some_and(|d| !d.is_dirty())
    });
    let (shown, saved) = {
        let p = t.blob();
        let shown = p.selected_properties().unwrap().clone();
        (shown, p.draft("a.txt").unwrap().version().to_string())
    };
    assert_eq!(
        shown.etag, saved,
        "the details show the saved version in the frame the save landed"
    );
    let row = t.blob().blobs().iter().find(|b| b.name == "a.txt").unwrap();
    assert_eq!(row.properties.etag, saved, "and so does the blob's row");
    t.wait_app("nothing under way", Duration::from_secs(30), details_settled);
    let_it_go(t);
    let sent = action_sent(t, since);
    let stored = common::peer::run(
        &common::emulator().connection_string(),
        &["blob-properties", t.blob().container(), "a.txt"],
    );
    assert_eq!(
        stored["etag"].as_str().unwrap().trim_matches('"'),
        saved.trim_matches('"')
    );
    sent
}

fn opened_on_a_txt(rt: &tokio::runtime::Runtime) -> (TestApp<'static>, String) {
    let (_client, container) = container_with(rt, &["a.txt"]);
    let mut t = TestApp::with_emulator(rt);
    t.open_resource("Blob containers", &container);
    t.click("a.txt");
    t.wait_app("a.txt's details", Duration::from_secs(30), details_settled);
    (t, container)
}

#[test]
fn a_metadata_save_a_header_save_and_both_cost_one_one_and_two_requests_and_nothing_is_read_after() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (mut t, _container) = opened_on_a_txt(&rt);

    t.click("Add metadata");
    t.type_into("Metadata name 1", "owner");
    t.type_into("Metadata value 1", "me");
    let sent = save_properties(&mut t);
    assert_eq!(words(&sent).len(), 1, "metadata: one write: {:#?}", words(&sent));
    assert!(sent[0].method == "PUT" && sent[0].url.contains("comp=metadata"));

    t.replace_text("Content-Type:", "text/csv");
    let sent = save_properties(&mut t);
    assert_eq!(words(&sent).len(), 1, "headers: one write: {:#?}", words(&sent));
    assert!(sent[0].method == "PUT" && sent[0].url.contains("comp=properties"));

    t.replace_text("Metadata value 1", "you");
    t.replace_text("Cache-Control:", "no-cache");
    let sent = save_properties(&mut t);
    assert_eq!(words(&sent).len(), 2, "both: two writes: {:#?}", words(&sent));
    assert!(sent.iter().all(|e| e.method == "PUT"), "{:#?}", words(&sent));
    let stored = common::peer::run(
        &common::emulator().connection_string(),
        &["blob-properties", t.blob().container(), "a.txt"],
    );
    assert_eq!(stored["metadata"], serde_json::json!({"owner": "you"}));
    assert_eq!(stored["content_type"], "text/csv");
}

#[test]
fn a_tag_save_reads_the_tags_once_as_its_guard_and_writes_once() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (mut t, container) = opened_on_a_txt(&rt);
    t.type_first_tag("a.txt", "status", "new");
    let since = SystemTime::now();
    t.click("Save tags");
    t.wait_app("the tags saved", Duration::from_secs(30), |app| {
        app.active_blob()
            .is_some_and(|p| !p.is_busy() && p.tags_draft("a.txt").is_some_and(|d| !d.is_dirty()))
    });
    let_it_go(&mut t);
    let sent = action_sent(&t, since);
    // Azurite checks no x-ms-if-tags, and a blob with no tags has no condition to send: the read is the guard.
    let ops: Vec<(&str, bool)> = sent
        .iter()
        .map(|e| (e.method.as_str(), e.url.contains("comp=tags")))
        .collect();
    assert_eq!(ops, [("GET", true), ("PUT", true)], "{:#?}", words(&sent));
    let cs = common::emulator().connection_string();
    let stored = common::peer::run(&cs, &["blob-tags", &container, "a.txt"]);
    assert_eq!(stored["tags"], serde_json::json!({"status": "new"}));
}

#[test]
fn a_tier_change_reads_the_tier_once_as_its_guard_and_writes_once() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (mut t, container) = opened_on_a_txt(&rt);
    t.wait_for_contains("Hot (the account's default)");
    t.click("Cool");
    let since = SystemTime::now();
    t.click("Set tier Cool");
    t.wait_for_contains("set Cool on 1 blob(s)");
    t.wait_app("nothing under way", Duration::from_secs(30), details_settled);
    let_it_go(&mut t);
    let sent = action_sent(&t, since);
    // Set Blob Tier takes no condition: the properties read just before it is the guard.
    let ops: Vec<&str> = sent.iter().map(|e| e.method.as_str()).collect();
    assert_eq!(ops, ["HEAD", "PUT"], "{:#?}", words(&sent));
    let cs = common::emulator().connection_string();
    let stored = common::peer::run(&cs, &["blob-properties", &container, "a.txt"]);
    assert_eq!(stored["tier"], "Cool");
}

#[test]
fn a_container_policy_save_is_one_request() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_client, container) = container_with(&rt, &["a.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.click("Stored access policies (0 of 5)");
    t.click("Add policy");
    t.replace_text("Policy 1 id:", "readers");
    t.replace_text("Policy 1 permissions:", "rl");
    t.replace_text("Policy 1 expiry:", "2099-01-01T00:00:00Z");
    let since = SystemTime::now();
    t.click("Save policies");
    t.wait_app("the policies saved", Duration::from_secs(30), |app| {
        app.active_blob().is_some_and(|p| !p.policies_dirty() && !p.is_busy())
    });
    let_it_go(&mut t);
    let sent = action_sent(&t, since);
    let acl: Vec<&RequestEvent> = sent.iter().filter(|e| e.url.contains("comp=acl")).collect();
    assert_eq!(acl.len(), 1, "one write, no read after: {:#?}", words(&sent));
    assert_eq!(acl[0].method, "PUT");
    let cs = common::emulator().connection_string();
    let seen = common::peer::run(&cs, &["container-policies", &container]);
    assert_eq!(seen["policies"][0]["id"], "readers");
}

#[test]
fn an_entity_save_is_one_request() {
    use tessera::storage::table::{EdmValue, EntityDraft};
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let table = common::unique("counts");
    rt.block_on(async {
        client.create_table(&table).await.unwrap();
        let ann = EntityDraft::new("p", "r1").with("Name", EdmValue::String("Ann".into()));
        client.insert_entity(&table, &ann).await.unwrap();
    });
    let mut t = TestApp::with_emulator(&rt);
    t.edit_ann(&table);
    let since = SystemTime::now();
    t.click("Save entity");
    t.wait_for("Ann Smith");
    t.wait_table("the save landed", |p| !p.has_sent_work() && !p.is_loading());
    let_it_go(&mut t);
    let sent = action_sent(&t, since);
    assert_eq!(sent.len(), 1, "one write: {:#?}", words(&sent));
    // Read back by Microsoft's SDK, not by this client: what the user saved is what others read.
    let stored = common::peer::run(&common::emulator().connection_string(), &["entity", &table, "p", "r1"]);
    assert_eq!(stored["entity"]["Name"]["value"], "Ann Smith", "{stored}");
}

#[test]
fn a_held_message_text_save_is_one_request() {
    use tessera::app::queue::text::short;
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let q = common::unique("counts");
    rt.block_on(client.create_queue(&q, &[])).unwrap();
    rt.block_on(client.put_message(&q, "bad input", None, tessera::storage::queue::MessageTtl::Never))
        .unwrap();
    let id = rt.block_on(client.peek_messages(&q, 32)).unwrap()[0].id.clone();
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &q);
    t.wait_for("bad input");
    t.click("Dequeue");
    t.wait_for_contains("Visible again in");
    t.wait_app("the dequeue's peek", Duration::from_secs(30), |app| {
        app.active_queue().is_some_and(|p| !p.is_busy())
    });
    t.click(&format!("Edit {}", short(&id)));
    t.replace_text(&format!("New text of {}", short(&id)), "fixed input");
    let since = SystemTime::now();
    t.click(&format!("Save text of {}", short(&id)));
    t.wait_for_contains("Updated: it has a new pop receipt.");
    t.wait_app("nothing under way", Duration::from_secs(30), |app| {
        app.active_queue().is_some_and(|p| !p.is_busy())
    });
    let_it_go(&mut t);
    let sent = action_sent(&t, since);
    assert_eq!(sent.len(), 1, "one write, no peek after: {:#?}", words(&sent));
    assert_eq!(sent[0].method, "PUT");
    let details = common::peer::run(&common::emulator().connection_string(), &["peek-details", &q, "32"]);
    assert!(details["messages"].as_array().unwrap().is_empty(), "still hidden");
}
