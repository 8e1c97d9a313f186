//! Comparing folders through the UI against a real Azurite: a folder of one account with a container of
//! another (only-left, only-right, different, same, by size and MD5), the differences copied left to right
//! as a confirmed job while someone else changes a target blob in between (skipped and named, not overwritten),
//! then compared again; and a local folder compared with a container and its differences uploaded, read back
//! by Microsoft's Python SDK.

mod common;
mod ui;

use bytes::Bytes;
use egui_kittest::kittest::{NodeT, Queryable};
use tessera::app::accounts::tree::TabTarget;
use tessera::app::runtime::dialogs::ScriptedDialogs;
use tessera::storage::blob::{BlobHttpHeaders, Conditions, PublicAccess};
use tessera::storage::{Client, Service};
use ui::TestApp;

async fn put(client: &Client, container: &str, name: &str, body: &str) {
    client
        .put_blob(
            container,
            name,
            Bytes::from(body.to_string()),
            &BlobHttpHeaders::default(),
            &[],
            &Conditions::none(),
        )
        .await
        .unwrap();
}

#[test]
fn a_folder_compared_with_a_container_of_another_account_and_its_differences_copied() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mine = common::client();
    let theirs = Client::new(common::second_account(), Default::default()).unwrap();
    let (left, right) = (common::unique("fleft"), common::unique("fright"));
    rt.block_on(async {
        mine.create_container(&left, PublicAccess::None, &[]).await.unwrap();
        theirs.create_container(&right, PublicAccess::None, &[]).await.unwrap();
        put(&mine, &left, "data/a.txt", "only here").await;
        put(&mine, &left, "data/b.txt", "mine, longer").await;
        put(&mine, &left, "data/c.txt", "same").await;
        put(&mine, &left, "data/d.txt", "mine").await;
        put(&mine, &left, "other.txt", "not in the folder").await;
        put(&theirs, &right, "b.txt", "theirs").await;
        put(&theirs, &right, "c.txt", "same").await;
        put(&theirs, &right, "d.txt", "them").await;
        put(&theirs, &right, "e.txt", "only there").await;
    });
    let mut t = TestApp::with_accounts(
        &rt,
        &[
            ("Test emulator", &common::account()),
            ("Second", &common::second_account()),
        ],
    );
    t.open_resource("Blob containers", &left);
    t.click("data/ (folder)");
    t.wait_for("a.txt");
    t.click("Compare");
    t.click("Pick this folder to compare");
    t.click("Second");
    t.harness.state_mut().open_tab(TabTarget {
        profile_id: "test-account-1".into(),
        service: Service::Blob,
        name: right.clone(),
    });
    t.wait_for("e.txt");
    t.click("Compare");
    t.click_contains("Compare with the picked folder");
    t.wait_for_contains("Only in left: 1 · only in right: 1 · different: 2 · same: 1 · same size, unchecked: 0");
    t.wait_for("a.txt: only in left (9 bytes)");
    t.wait_for("b.txt: sizes differ: 12 and 6 bytes");
    t.wait_for("d.txt: same size, MD5 differs");
    t.wait_for("e.txt: only in right (10 bytes)");
    let lines = t.copied_by_clicking("Copy differences as JSON lines");
    assert_eq!(lines.lines().count(), 4, "{lines}");
    // Someone else rewrites d.txt on the right after the compare: the copy must not overwrite it.
    rt.block_on(put(&theirs, &right, "d.txt", "late"));
    t.click("Copy left to right (3)");
    t.wait_for_contains("Write 3: 1 new, 2 replacing what differs");
    t.wait_for_contains("Kept (e.txt)");
    t.click("Write them");
    t.wait_for_contains("1 left as they were: d.txt (changed since the compare (");
    // Compared again after the copy: a.txt and b.txt now read the same; d.txt still differs; nothing deleted.
    t.wait_for_contains("Only in left: 0 · only in right: 1 · different: 1 · same: 3");
    let seen = common::peer::run(
        &common::emulator().connection_string_of(common::SECOND_ACCOUNT),
        &["blob-text", &right, "a.txt"],
    );
    assert_eq!(seen["text"], "only here", "{seen}");
    let d = common::peer::run(
        &common::emulator().connection_string_of(common::SECOND_ACCOUNT),
        &["blob-text", &right, "d.txt"],
    );
    assert_eq!(d["text"], "late", "the change made meanwhile stays");
}

#[test]
fn a_local_folder_compared_with_a_container_and_what_differs_uploaded() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, container, dir) = common::blobs::folder_and_container(&rt, "flocal");
    let dialogs = ScriptedDialogs::new();
    let mut t = TestApp::with_emulator(&rt);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", &container);
    t.wait_for("extra.txt");
    dialogs.answer(Some(dir.path().to_path_buf()));
    t.click("Compare");
    t.click("Compare or sync with a local folder…");
    t.wait_for_contains("Only in left: 1 · only in right: 1 · different: 1 · same: 1 · same size, unchecked: 0");
    t.wait_for("old.txt: same size, MD5 differs");
    t.wait_for("sub/new.txt: only in left (9 bytes)");
    assert!(
        t.harness
            .query_by_label("Download right to left (2)")
            .is_some_and(|b| !b.accesskit_node().is_disabled()),
        "the other way downloads (tests/folder_sync.rs)"
    );
    t.click("Upload left to right (2)");
    t.click("Write them");
    t.wait_for_contains("Only in left: 0 · only in right: 1 · different: 0 · same: 3");
    let cs = common::emulator().connection_string();
    assert_eq!(
        common::peer::run(&cs, &["blob-text", &container, "sub/new.txt"])["text"],
        "brand new"
    );
    assert_eq!(
        common::peer::run(&cs, &["blob-text", &container, "old.txt"])["text"],
        "new!"
    );
    assert_eq!(
        common::peer::run(&cs, &["blob-text", &container, "extra.txt"])["text"],
        "extra",
        "nothing deleted"
    );
}
