//! Find in names and folder statistics, driven through the UI against a real Azurite: a text found anywhere in a
//! name in any case, a regular expression, bad input said before any request, a slow search left behind by a
//! folder change, a failed one said in plain words; a folder's and a selection's count, size and tiers.

mod common;
mod ui;

use std::time::Duration;

use common::blobs::{container_with, proxied_container};
use egui_kittest::kittest::Queryable;
use ui::TestApp;

const NAMES: [&str; 7] = [
    "logs/2026/Error-01.txt",
    "logs/2026/ok-02.txt",
    "logs/2025/error-03.log",
    "data/ERROR.csv",
    "data/readme.md",
    "data/deep/error/list.txt",
    "top.txt",
];

/// The names of `NAMES` that contain "error" in any case, in listing order.
const ERRORS: [&str; 4] = [
    "data/ERROR.csv",
    "data/deep/error/list.txt",
    "logs/2025/error-03.log",
    "logs/2026/Error-01.txt",
];

fn found(t: &TestApp) -> Vec<String> {
    let s = t.blob().name_search().expect("a search is shown");
    s.matches().iter().map(|b| b.name.clone()).collect()
}

fn wait_search_done(t: &mut TestApp) {
    t.wait_app("the search to end", Duration::from_secs(30), |app| {
        app.active_blob()
            .and_then(|p| p.name_search())
            .is_some_and(|s| !s.is_running())
    });
}

#[test]
fn names_are_found_anywhere_in_any_case_or_by_regex_and_bad_input_sends_nothing() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_client, container) = container_with(&rt, &NAMES);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("logs/ (folder)");
    t.click("logs/ (folder)");
    t.wait_for("2026/ (folder)");
    // In the folder shown: its names after `logs/`, in any case.
    t.open_search("Find in names");
    t.type_into("Find in names:", "ERROR");
    t.click("Find");
    wait_search_done(&mut t);
    assert_eq!(found(&t), ["logs/2025/error-03.log", "logs/2026/Error-01.txt"]);
    t.wait_for_contains("2 matches: names that contain (any case) `ERROR` in `logs/`");
    t.wait_for("logs/2026/Error-01.txt");
    assert!(
        t.harness.query_by_label("2026/ (folder)").is_none(),
        "the matches take the folder's place"
    );
    // The whole container, exact case.
    t.click("Whole container (not only `logs/`)");
    t.click("contains (exact case)");
    t.click("Find");
    wait_search_done(&mut t);
    assert_eq!(found(&t), ["data/ERROR.csv"]);
    // A regular expression: an `error` folder anywhere, or a two-digit number before `.txt`.
    t.click("regular expression");
    t.replace_text("Find in names:", r"(?i)/error/|-\d\d\.txt$");
    t.click("Find");
    wait_search_done(&mut t);
    assert_eq!(
        found(&t),
        [
            "data/deep/error/list.txt",
            "logs/2026/Error-01.txt",
            "logs/2026/ok-02.txt"
        ]
    );
    t.wait_for_contains("names listed,");
    // A match opens its details as any listed blob does.
    t.click("logs/2026/ok-02.txt");
    t.wait_app("the match's properties", Duration::from_secs(30), |app| {
        app.active_blob()
            .and_then(|p| p.selected_properties())
            .is_some_and(|p| p.content_length == "content".len() as u64)
    });
    // A broken expression is said at once and nothing is listed: the matches shown stay.
    let listed = t.blob().name_search().unwrap().listed();
    t.replace_text("Find in names:", "(unclosed");
    t.click("Find");
    t.wait_for_contains("is not a regular expression this search understands");
    let s = t.blob().name_search().unwrap();
    assert!(!s.is_running() && s.listed() == listed && s.matches().len() == 3);
    // Back to the folder it was in.
    t.click("Back to the folder");
    t.wait_for("2026/ (folder)");
    assert!(t.blob().name_search().is_none());
}

#[test]
fn matches_selected_in_a_search_are_deleted_each_only_if_unchanged_since_listed() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = container_with(&rt, &[NAMES.as_slice(), &["top/readme.md"]].concat());
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("logs/ (folder)");
    t.open_search("Find in names");
    t.type_into("Find in names:", "readme");
    t.click("Find");
    wait_search_done(&mut t);
    assert_eq!(found(&t), ["data/readme.md", "top/readme.md"]);
    t.click("data/readme.md");
    t.harness
        .get_by_label("top/readme.md")
        .click_modifiers(egui::Modifiers::CTRL | egui::Modifiers::COMMAND);
    t.step();
    // Someone else rewrites one match after it was listed: that one is kept, the other goes.
    rt.block_on(common::blobs::put(&client, &container, "top/readme.md", "theirs"));
    t.click("Delete…");
    t.wait_for_contains(&format!("Delete 2 blob(s) from `{container}`?"));
    t.click("Delete 2 blob(s)");
    t.wait_for_contains("deleted 1 blob(s); 1 changed after they were listed and were kept: top/readme.md");
    let gone = rt.block_on(client.get_blob_properties(&container, "data/readme.md", None));
    assert!(gone.is_err_and(|e| e.is_not_found()), "the unchanged match was deleted");
    assert!(
        rt.block_on(client.get_blob_properties(&container, "top/readme.md", None))
            .is_ok()
    );
}

#[test]
fn a_slow_search_left_for_another_folder_lands_nowhere_and_a_failed_one_says_why() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let blobs: Vec<(&str, &'static str)> = NAMES.iter().map(|n| (*n, "content")).collect();
    let (account, proxy, container) = proxied_container(&rt, "find", &blobs);
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Blob containers", &container);
    t.click("logs/ (folder)");
    t.wait_for("2026/ (folder)");
    // Every answer takes three seconds from now: the search is still out when the user goes up a folder.
    proxy.latency(Duration::from_secs(3), Duration::ZERO);
    t.open_search("Find in names");
    t.type_into("Find in names:", "error");
    t.click("Whole container (not only `logs/`)");
    t.click("Find");
    assert!(t.blob().name_search().unwrap().is_running());
    t.click("Up");
    t.wait_for("data/ (folder)");
    assert!(t.blob().name_search().is_none(), "the search was for the folder left");
    proxy.latency(Duration::ZERO, Duration::ZERO);
    // Long after its answer would have come, nothing of it shows.
    t.idle_for(Duration::from_secs(4));
    assert!(t.blob().name_search().is_none());
    assert!(t.harness.query_by_label("logs/2026/Error-01.txt").is_none());
    // A search the service refuses says so in plain words, with its code.
    proxy.always(Some(common::fault_proxy::Fault::Status {
        status: 403,
        retry_after: None,
    }));
    t.click("Find");
    wait_search_done(&mut t);
    t.wait_for_contains("failed (below)");
    let error = t
        .blob()
        .name_search()
        .unwrap()
        .job()
        .error
        .clone()
        .expect("the failure");
    assert_eq!(error.status, Some(403));
    t.wait_for_contains(&error.plain_words()[..30]);
    proxy.always(None);
    t.click("Find");
    wait_search_done(&mut t);
    assert_eq!(found(&t), ERRORS);
}

#[test]
fn statistics_count_and_size_a_folder_and_a_selection_by_tier() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_client, container) = container_with(&rt, &NAMES);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("logs/ (folder)");
    // Nothing selected at the top: the whole container (7 blobs of 7 bytes).
    t.click("Statistics");
    t.wait_for_contains(&format!("Statistics of the whole of {container}: 7 blobs, 49 B"));
    t.wait_for_contains("By tier: Hot: 49 B in 7");
    t.wait_for_contains("Newest change:");
    t.wait_for_contains("7 names listed");
    t.click("Close");
    // Two folders selected with Ctrl: only what is under them.
    for folder in ["data/ (folder)", "logs/ (folder)"] {
        t.harness
            .get_by_label(folder)
            .click_modifiers(egui::Modifiers::CTRL | egui::Modifiers::COMMAND);
        t.step();
    }
    t.click("Statistics");
    t.wait_for_contains("Statistics of the 2 selected (2 folders, 0 blobs): 6 blobs, 42 B");
    // In a folder, with nothing selected: the folder.
    t.click("logs/ (folder)");
    t.wait_for("2026/ (folder)");
    t.click("Statistics");
    t.wait_for_contains("Statistics of `logs/`: 3 blobs, 21 B");
}

#[test]
fn the_search_box_itself_finds_names_containing_a_text_or_matching_a_regex_once_its_drop_down_says_so() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_client, container) = container_with(&rt, &NAMES);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("logs/ (folder)");
    // By default the box filters by the names' start.
    assert!(t.harness.query_by_label("Names starting with:").is_some());
    t.click("Search options");
    t.click("containing, any case (Enter: through every page)");
    t.type_into("Names containing:", "error");
    t.harness.key_press(egui::Key::Enter);
    t.step();
    wait_search_done(&mut t);
    assert_eq!(found(&t), ERRORS);
    t.wait_for_contains("4 matches: names that contain (any case) `error`");
    // A regular expression, from the same box; a bad one is said in words before any request.
    t.click("Search options");
    t.click("matching a regular expression (Enter: through every page)");
    t.replace_text("Names matching:", "(unclosed");
    t.harness.key_press(egui::Key::Enter);
    t.step();
    t.wait_for_contains("is not a regular expression this search understands");
    t.replace_text("Names matching:", r"^logs/\d{4}/E");
    t.harness.key_press(egui::Key::Enter);
    t.step();
    wait_search_done(&mut t);
    assert_eq!(found(&t), ["logs/2026/Error-01.txt"]);
    // An empty box and Enter: back to the folder; starting with is the box's own again.
    t.replace_text("Names matching:", "x");
    t.harness.key_press(egui::Key::Backspace);
    t.step();
    t.harness.key_press(egui::Key::Enter);
    t.step();
    t.wait_for("logs/ (folder)");
    t.click("Search options");
    t.click("starting with (the loaded pages, then the service)");
    t.type_into("Names starting with:", "to");
    t.wait_until("only top.txt shown", |h| {
        h.query_by_label("top.txt").is_some() && h.query_by_label("logs/ (folder)").is_none()
    });
}
