//! Syncing a local folder and a container folder (ASE #1422), azcopy-sync style, through the compare window: the
//! compare is the dry run, the plan says what will be written and what would be deleted, a delete happens only
//! when ticked, and a second sync right after the first has nothing to write. Then the other way: what someone
//! changed in the container is downloaded into the folder, the file only there kept. Microsoft's Python SDK reads
//! the container back.

mod common;
mod ui;

use egui_kittest::kittest::{NodeT, Queryable};
use tessera::app::runtime::dialogs::ScriptedDialogs;
use ui::TestApp;

fn disabled(t: &TestApp, label: &str) -> bool {
    t.harness
        .query_by_label(label)
        .is_some_and(|b| b.accesskit_node().is_disabled())
}

#[test]
fn a_folder_synced_up_with_a_delete_asked_for_then_down_keeping_what_is_only_local() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container, dir) = common::blobs::folder_and_container(&rt, "fsync");
    let dialogs = ScriptedDialogs::new();
    let mut t = TestApp::with_emulator(&rt);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", &container);
    t.wait_for("extra.txt");
    dialogs.answer(Some(dir.path().to_path_buf()));
    t.click("Compare");
    t.click("Compare or sync with a local folder…");
    t.wait_for_contains("Only in left: 1 · only in right: 1 · different: 1 · same: 1 · same size, unchecked: 0");
    t.wait_for_contains("this compare is the dry run");

    // Up: the plan names what is written and what only the container has; the delete is asked for.
    t.click("Upload left to right (2)");
    t.wait_for_contains("Write 2: 1 new, 1 replacing what differs (");
    t.wait_for_contains("Kept (extra.txt)");
    t.click_contains("Also delete the 1 only in");
    t.wait_for_contains("Deleted (extra.txt)");
    // As if an earlier try of this sync (cancelled, then retried) had written one already: it is found the same,
    // not reported as changed by someone else.
    rt.block_on(common::blobs::put(&client, &container, "sub/new.txt", "brand new"));
    t.click("Write them");
    t.wait_for_contains("wrote 1 blob(s), deleted 1; 1 already the same (an earlier try wrote them)");
    t.wait_for_contains("Only in left: 0 · only in right: 0 · different: 0 · same: 3 · same size, unchecked: 0");
    let cs = common::emulator().connection_string();
    assert_eq!(
        common::peer::run(&cs, &["blob-names", &container])["names"],
        serde_json::json!(["old.txt", "same.txt", "sub/new.txt"])
    );
    assert_eq!(
        common::peer::run(&cs, &["blob-text", &container, "old.txt"])["text"],
        "new!"
    );
    assert_eq!(
        common::peer::run(&cs, &["blob-text", &container, "sub/new.txt"])["text"],
        "brand new"
    );
    // A second sync right after has nothing to write either way.
    assert!(disabled(&t, "Upload left to right (0)"), "nothing left to upload");
    assert!(disabled(&t, "Download right to left (0)"), "nothing left to download");

    // Down: someone changed a blob and added one; a file only here stays unless its delete is ticked.
    rt.block_on(async {
        common::blobs::put(&client, &container, "old.txt", "OLD?").await;
        common::blobs::put(&client, &container, "why.txt", "why").await;
    });
    std::fs::write(dir.path().join("mine.txt"), "only here").unwrap();
    t.click("Compare again");
    t.wait_for_contains("Only in left: 1 · only in right: 1 · different: 1 · same: 2");
    t.click("Download right to left (2)");
    t.wait_for_contains("Write 2: 1 new, 1 replacing what differs (");
    t.wait_for_contains("Kept (mine.txt)");
    t.click("Write them");
    t.wait_for_contains("Only in left: 1 · only in right: 0 · different: 0 · same: 4");
    assert_eq!(std::fs::read_to_string(dir.path().join("old.txt")).unwrap(), "OLD?");
    assert_eq!(std::fs::read_to_string(dir.path().join("why.txt")).unwrap(), "why");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("mine.txt")).unwrap(),
        "only here"
    );
    assert!(t.harness.query_by_label("Download right to left (0)").is_some());
}
