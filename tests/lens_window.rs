//! The lens window driven as a person does (egui_kittest, by accessible name) against a real Azurite, with
//! Microsoft's Python SDK as the user's app: opened from the account's menu, the app's requests read in the
//! window and filtered, a 503 rule added through the window fires and the SDK's retry lands, a hold rule keeps
//! the app's Update Entity while the entity is changed in Tessera's grid, and released through the window the
//! app gets its 412; closing the window stops the endpoint and says so.

mod common;
mod ui;

use std::time::Duration;

use common::peer;
use egui_kittest::kittest::{NodeT, Queryable};
use tessera::storage::blob::PublicAccess;
use tessera::storage::table::{EdmValue, EntityDraft};
use ui::TestApp;

const PATIENCE: Duration = Duration::from_secs(90);

/// Runs the Python app on its own thread while the window keeps drawing; its JSON once it ends.
fn app_run(t: &mut TestApp, connection_string: &str, args: &[&str], what: &str) -> serde_json::Value {
    let (cs, args): (String, Vec<String>) = (
        connection_string.to_string(),
        args.iter().map(|a| a.to_string()).collect(),
    );
    let app = std::thread::spawn(move || {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        peer::run(&cs, &args)
    });
    t.wait_steps(what, PATIENCE, |_| app.is_finished());
    app.join().unwrap()
}

/// The whole text of the first node whose name or text contains `text` (a label's words are its value).
fn label_with(t: &TestApp, text: &str) -> String {
    t.harness
        .query_all_by_label_contains(text)
        .filter_map(|n| {
            let node = n.accesskit_node();
            [node.label(), node.value()]
                .into_iter()
                .flatten()
                .find(|l| l.contains(text))
        })
        .next()
        .unwrap_or_default()
}

#[test]
fn the_lens_window_shows_the_app_s_requests_fires_a_rule_and_holds_an_update_until_released() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let container = common::unique("lensui");
    let table = common::unique("lensui").replace('-', "");
    rt.block_on(async {
        client
            .create_container(&container, PublicAccess::None, &[])
            .await
            .unwrap();
        client.create_table(&table).await.unwrap();
        let ann = EntityDraft::new("p0", "r001").with("Name", EdmValue::String("Ann".into()));
        client.insert_entity(&table, &ann).await.unwrap();
    });
    let mut t = TestApp::with_emulator(&rt);
    // The entity the app will write is open in Tessera's editor before the lens is (changed there later).
    t.open_table(&table);
    t.click("Ann");
    t.click("Edit");
    t.wait_for("Value of Name");

    t.context_click("Test emulator");
    t.press("Let an app connect through Tessera…");
    t.wait_app("the lens to listen", PATIENCE, |app| {
        app.lens().is_some_and(|l| l.is_running())
    });
    t.wait_for_contains("Listening on this computer only (127.0.0.1)");
    let through = t.copied_by_clicking("Copy connection string");
    let blob_endpoint = t
        .harness
        .state()
        .lens()
        .unwrap()
        .endpoint(tessera::storage::Service::Blob)
        .unwrap();
    assert!(
        blob_endpoint.starts_with("http://127.0.0.1:"),
        "loopback only: {blob_endpoint}"
    );
    assert!(through.contains(&format!("BlobEndpoint={blob_endpoint}")), "{through}");
    assert!(through.contains("AccountKey="), "the app's copy carries the key");
    let shown = label_with(&t, "AccountName=");
    assert!(!shown.contains("AccountKey"), "the window shows no key: {shown}");

    // A 503 for the app's next Put Blob, added through the window.
    t.type_into("Operation:", "Put Blob");
    t.type_into("Resource:", &format!("{container}/r.txt"));
    t.press("Answer with a status");
    t.press("The next N matches");
    t.press("Add rule");
    t.wait_for_contains("fired 0 times (0 matches)");
    let out = app_run(
        &mut t,
        &through,
        &["lens-retry", &container, "r.txt"],
        "the app's upload",
    );
    assert_eq!(out["ok"], true, "{out}");
    let landed = peer::run(
        &common::emulator().connection_string(),
        &["blob-text", &container, "r.txt"],
    );
    assert_eq!(landed["text"], "landed after a retry");
    t.wait_for_contains("fired 1 time (2 matches)");
    t.wait_for("503 ServerBusy");
    t.wait_for("201");
    let records = t.harness.state().lens().unwrap().records().to_vec();
    let puts: Vec<_> = records.iter().filter(|r| r.operation == "Put Blob").collect();
    assert_eq!(puts.len(), 2, "{records:#?}");
    assert_eq!(
        puts[1].retry_of,
        Some(puts[0].number),
        "the window lists the second try as the first one's retry"
    );
    // Filtered by status, only the refused try is left.
    t.type_into("Filter by status:", "5");
    t.wait_for_contains(&format!("1 of {} requests shown", records.len()));
    t.replace_text("Filter by status:", "");
    t.key(egui::Modifiers::NONE, egui::Key::Backspace);
    t.wait_for_contains(&format!("{0} of {0} requests shown", records.len()));
    // Copy as HAR: the inspector's HAR of the requests shown, without the key.
    let har = t.copied_by_clicking("Copy as HAR");
    assert!(!har.contains(tessera::storage::EMULATOR_KEY), "the key is in the HAR");
    let har: serde_json::Value = serde_json::from_str(&har).unwrap();
    let entries = har["log"]["entries"].as_array().unwrap();
    assert_eq!(entries.len(), records.len(), "{har:#}");
    assert_eq!(entries[0]["response"]["status"], 503);
    assert_eq!(entries[0]["response"]["statusText"], "ServerBusy");
    assert_eq!(entries[0]["request"]["comment"], "Put Blob");

    // Hold the app's Update Entity of that entity.
    t.replace_text("Operation:", "Update Entity");
    t.replace_text("Resource:", &format!("{table}/p0/r001"));
    t.press("Hold");
    t.press("Every match");
    t.press("Add rule");
    t.wait_for_contains("hold the request, every match");
    let through_app = through.clone();
    let args = [
        "lens-update-entity".to_string(),
        table.clone(),
        "p0".into(),
        "r001".into(),
        "from the app".into(),
    ];
    let app = std::thread::spawn(move || {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        peer::run(&through_app, &args)
    });
    t.wait_for_contains("Release #");
    let held = label_with(&t, "(held before it was forwarded)");
    assert!(held.contains(&format!("{table}/p0/r001")), "{held}");
    t.wait_for_contains("held 2 s");
    assert!(
        label_with(&t, "held 2 s").contains("timeout"),
        "the held time is shown beside the request's own timeout"
    );

    // Meanwhile the entity is changed in Tessera's grid.
    t.type_into("Value of Name", " Smith");
    t.press("Save entity");
    t.wait_steps("the grid's save to land", PATIENCE, |_| {
        peer::entity(&table, "p0", "r001")["Name"]["value"] == "Ann Smith"
    });
    assert!(!app.is_finished(), "the app's update is still held");

    let release = label_with(&t, "Release #");
    t.press(&release);
    t.wait_steps("the app's update to end", PATIENCE, |_| app.is_finished());
    let out = app.join().unwrap();
    assert_eq!(out["updated"], false, "{out}");
    assert_eq!(out["error"], "ResourceModifiedError", "{out}");
    assert_eq!(out["status"], 412, "{out}");
    let records = t.harness.state().lens().unwrap().records().to_vec();
    let update = records.iter().find(|r| r.operation == "Update Entity").unwrap();
    assert_eq!(update.status, Some(412), "{update:#?}");
    t.wait_for(&format!("412 {}", update.error_code.clone().unwrap_or_default()));
    assert_eq!(
        peer::entity(&table, "p0", "r001")["Name"]["value"],
        "Ann Smith",
        "the grid's change stands"
    );
    t.wait_for("Held requests (0)");

    // Closing the window stops the endpoint and says so.
    t.press("Close window");
    t.wait_app("the lens to close", PATIENCE, |app| app.lens().is_none());
    assert!(
        t.harness
            .state()
            .notices()
            .iter()
            .any(|n| n.text.contains("The lens on Test emulator was stopped")),
        "{}",
        t.describe()
    );
    let refused = std::net::TcpStream::connect(blob_endpoint.trim_start_matches("http://").split('/').next().unwrap());
    assert!(refused.is_err(), "the endpoint no longer listens");
}

/// The user closes the window (its close button): one frame with the close request.
fn close_the_window(t: &mut TestApp) {
    let viewport = t
        .harness
        .input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default();
    viewport.events.push(egui::ViewportEvent::Close);
    t.step();
}

#[test]
fn quitting_with_an_app_connection_open_through_the_lens_names_it_and_never_waits_for_it() {
    use std::io::{Read, Write};
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = TestApp::with_emulator(&rt);
    t.click("Test emulator");
    t.wait_for_contains("Blob containers");
    t.context_click("Test emulator");
    t.press("Let an app connect through Tessera…");
    t.wait_app("the lens to listen", PATIENCE, |app| {
        app.lens().is_some_and(|l| l.is_running())
    });
    let endpoint = t
        .harness
        .state()
        .lens()
        .unwrap()
        .endpoint(tessera::storage::Service::Queue)
        .unwrap();
    let at = endpoint
        .trim_start_matches("http://")
        .split('/')
        .next()
        .unwrap()
        .to_string();
    // Listening beyond this computer is asked first, with the warning; cancelled, nothing changes.
    t.press("Let other machines connect…");
    t.wait_for_contains("reads and writes Test emulator as you");
    t.press("Cancel");
    t.wait_for_contains("Listening on this computer only (127.0.0.1)");
    assert_eq!(
        t.harness
            .state()
            .lens()
            .unwrap()
            .endpoint(tessera::storage::Service::Queue),
        Some(endpoint.clone())
    );
    // The app's connection: answered once, and kept open.
    let mut app = std::net::TcpStream::connect(&at).unwrap();
    let mine = app.local_addr().unwrap().to_string();
    app.write_all(b"GET /devstoreaccount1?comp=list HTTP/1.1\r\nHost: localhost\r\nx-ms-version: 2024-11-04\r\n\r\n")
        .unwrap();
    let mut first = [0u8; 12];
    app.read_exact(&mut first).unwrap();
    t.wait_for("1 app connection open");

    close_the_window(&mut t);
    assert!(!t.harness.state().window_closed(), "the close is held back to say it");
    t.wait_for_contains(&format!(
        "1 connection of your app is open through the lens: quitting closes it ({mine})"
    ));
    t.press("Quit anyway");
    t.wait_app("the window to close", Duration::from_secs(5), |app| app.window_closed());
    assert!(t.harness.state().lens().is_none(), "the lens stopped");
    app.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut rest = Vec::new();
    let _ = app.read_to_end(&mut rest);
    assert!(
        std::net::TcpStream::connect(&at).is_err(),
        "the endpoint no longer listens"
    );
}
