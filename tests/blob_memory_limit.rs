//! Load all pauses before a tab's listing takes more than its share of the computer's memory (set low here
//! through `TESSERA_LOAD_ALL_LIMIT`), says what the rows hold and what more would take, and goes on when asked;
//! a new listing of the folder is held to the limit again.

mod common;
mod ui;

use std::time::Duration;

use ui::TestApp;

#[test]
fn load_all_pauses_at_the_memory_limit_says_why_and_goes_on_when_asked() {
    // SAFETY: set before any thread of this test binary reads the environment (its only test, at its start).
    unsafe { std::env::set_var("TESSERA_LOAD_ALL_LIMIT", "150000") };
    let rt = tokio::runtime::Runtime::new().unwrap();
    let container = common::blobs::many_blobs(&rt, "limit", (0..4000).map(|i| format!("item{i:05}.txt")));
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for_contains("1,000 blobs and 0 folders loaded · more available");
    t.click("Load all");
    t.wait_for_contains("Load all paused at");
    let paused = t.blob().blobs().len();
    assert!(
        paused < 4000,
        "the listing stopped short of the whole container: {paused}"
    );
    assert!(t.blob().held_bytes() > 150_000, "it stopped once past the limit");
    assert!(!t.blob().is_loading_all(), "nothing more is asked meanwhile");
    t.idle_for(Duration::from_millis(500));
    assert_eq!(t.blob().blobs().len(), paused, "and nothing more arrives");

    t.click("Go on loading");
    t.wait_app("the whole listing", Duration::from_secs(60), |app| {
        app.active_blob()
            .is_some_and(|p| p.next_marker().is_none() && p.blobs().len() == 4000)
    });
    t.wait_for_contains("4,000 blobs and 0 folders loaded");
}
