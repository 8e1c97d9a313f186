//! A transfer that loses the network, driven through the UI (egui_kittest) against a real Azurite behind a fault
//! proxy: the activity list says it waits for the network, a Refresh of the pane and the tab's close fall in
//! between, Retry now tries at once rather than at the pause's end, the upload goes on once the network is back,
//! and Microsoft's Python SDK reads back the whole file.

mod common;
mod ui;

use std::time::{Duration, Instant};

use common::blobs::container_with;
use common::fault_proxy::Fault;
use egui_kittest::kittest::Queryable;
use tessera::app::runtime::dialogs::ScriptedDialogs;
use ui::TestApp;

#[test]
fn an_upload_without_a_network_waits_in_the_activity_list_and_retry_now_finishes_it() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, container) = container_with(&rt, &[]);
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.bin");
    let mut data = vec![0u8; 20 << 20];
    fastrand::Rng::with_seed(30).fill(&mut data);
    std::fs::write(&big, &data).unwrap();
    let dialogs = ScriptedDialogs::new();
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Blob));
    let mut t = TestApp::with_account(&rt, &account);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", &container);
    t.wait_for_contains("Upload files…");
    // The network goes before the upload starts: every connection is reset.
    proxy.always(Some(Fault::Reset));
    dialogs.answer(Some(big.clone()));
    t.click("Upload files…");
    t.wait_for_contains("Waiting for the network for");
    // A refresh of the pane falls between: the waiting job is not the pane's to lose.
    t.click("Refresh");
    t.idle_for(Duration::from_secs(2));
    t.wait_for_contains("Waiting for the network for");
    // The tab closes too: the upload is the activity list's, not the tab's, and goes on waiting.
    t.click(&format!("Close {container} (container)"));
    t.idle_for(Duration::from_secs(1));
    t.wait_for_contains("Waiting for the network for");
    let job = t
        .harness
        .state()
        .jobs()
        .iter()
        .find(|j| j.title == "Upload big.bin")
        .unwrap();
    assert_eq!(job.progress.done(), 0, "nothing went while the network was gone");
    // Once the pauses have grown, Retry now tries at once instead of after the pause.
    let waiting = |app: &tessera::app::TesseraApp| {
        let job = app.jobs().iter().find(|j| j.title == "Upload big.bin")?;
        job.progress.network_wait()
    };
    t.wait_app("a pause of more than 8 s", Duration::from_secs(90), |app| {
        waiting(app).is_some_and(|w| w.next_try > Instant::now() + Duration::from_secs(8))
    });
    let before = waiting(t.harness.state()).unwrap();
    t.click("Retry now Upload big.bin");
    t.wait_app("a try at once", Duration::from_secs(5), |app| {
        waiting(app).is_some_and(|w| w.attempts > before.attempts)
    });
    assert!(Instant::now() < before.next_try, "the try came before the pause's end");
    // The network comes back: the pauses after a Retry now are short, so the upload goes on by itself.
    proxy.always(None);
    t.wait_for_contains("uploaded as `big.bin`");
    assert!(
        t.harness
            .query_all_by_label_contains("Waiting for the network")
            .next()
            .is_none()
    );
    let dest = dir.path().join("by-sdk.bin");
    let cs = common::emulator().connection_string();
    common::peer::run(
        &cs,
        &["bench-download", &container, "big.bin", dest.to_str().unwrap(), "2"],
    );
    assert_eq!(std::fs::read(dest).unwrap(), data, "the SDK reads back the whole file");
}
