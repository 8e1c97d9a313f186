//! A list in the tree read again (Refresh, or after any job ends) stays shown until the answer replaces it: behind
//! a slow link its rows neither turn into "Loading…" nor leave the tree under the pointer, and the new answer
//! brings what changed.

mod common;
mod ui;

use std::time::Duration;

use egui_kittest::kittest::Queryable;
use tessera::storage::Service;
use tessera::storage::blob::PublicAccess;
use ui::TestApp;

#[test]
fn a_container_list_read_again_behind_a_slow_link_stays_shown_until_the_answer_replaces_it() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let (kept, later) = (common::unique("keptrow"), common::unique("laterrow"));
    rt.block_on(client.create_container(&kept, PublicAccess::None, &[]))
        .unwrap();
    let (account, proxy) = rt.block_on(common::account_through_proxy(Service::Blob));
    let mut t = TestApp::with_account(&rt, &account);
    t.click("Test emulator");
    t.click_contains("Blob containers");
    t.wait_for(&kept);

    rt.block_on(client.create_container(&later, PublicAccess::None, &[]))
        .unwrap();
    proxy.latency(Duration::from_millis(800), Duration::ZERO);
    t.context_click_contains("Blob containers");
    t.click("Refresh blob containers");
    // While the slow answer is out, every frame still shows the rows it had.
    for _ in 0..20 {
        t.step();
        assert!(
            t.harness.query_by_label(&kept).is_some(),
            "the row left the tree while it was read again"
        );
        assert!(
            t.harness.query_by_label("Loading…").is_none(),
            "the list turned into Loading…"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    proxy.latency(Duration::ZERO, Duration::ZERO);
    t.wait_for(&later);
    assert!(t.harness.query_by_label(&kept).is_some());
}
