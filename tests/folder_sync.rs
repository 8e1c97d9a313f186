//! Syncing a local folder and a container folder (ASE #1422), azcopy-sync style, through the compare window: the
//! compare is the dry run, the plan says what will be written and what would be deleted, a delete happens only
//! when ticked (and is asked about again when it is many), and a second sync right after the first has nothing
//! to write. Then the other way: what someone changed in the container is downloaded into the folder, the file
//! only there kept. A local edit made after the compare is never overwritten or deleted; a replaced blob keeps its
//! metadata and headers; a refusal is said by the service's code; a pair of the same size with no hash to
//! compare is named. Microsoft's Python SDK reads the container back.

mod common;
mod ui;

use egui_kittest::kittest::{NodeT, Queryable};
use tessera::app::runtime::dialogs::ScriptedDialogs;
use tessera::storage::blob::{BlobHttpHeaders, Conditions, LeaseDuration, LeaseTarget};
use ui::TestApp;

fn disabled(t: &TestApp, label: &str) -> bool {
    t.harness
        .query_by_label(label)
        .is_some_and(|b| b.accesskit_node().is_disabled())
}

/// The app with `container` open (once `listed` shows) and compared with the local folder `dir`.
fn compared<'a>(rt: &tokio::runtime::Runtime, container: &str, listed: &str, dir: &std::path::Path) -> TestApp<'a> {
    let dialogs = ScriptedDialogs::new();
    let mut t = TestApp::with_emulator(rt);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", container);
    t.wait_for(listed);
    dialogs.answer(Some(dir.to_path_buf()));
    t.click("Compare");
    t.click("Compare or sync with a local folder…");
    t
}

#[test]
fn a_folder_synced_up_with_a_delete_asked_for_then_down_keeping_what_is_only_local() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container, dir) = common::blobs::folder_and_container(&rt, "fsync");
    let mut t = compared(&rt, &container, "extra.txt", dir.path());
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
    // One of three is more than a tenth of the container: asked again, by count.
    t.wait_for_contains("Delete 1 of the 3 items in");
    t.click("Delete 1");
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

#[test]
fn a_sync_that_would_delete_many_asks_again_naming_the_count() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let names = (0..20).map(|i| format!("n{i:02}.txt"));
    let container = common::blobs::many_blobs(&rt, "fmany", names);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("n00.txt"), "x").unwrap();
    std::fs::write(dir.path().join("n01.txt"), "x").unwrap();
    let mut t = compared(&rt, &container, "n19.txt", dir.path());
    t.wait_for_contains("Only in left: 0 · only in right: 18 · different: 0 · same: 2");
    t.click("Upload left to right (0)");
    t.click_contains("Also delete the 18 only in");
    t.click("Write them");
    // Eighteen of twenty: asked again, naming the count; going back keeps the plan as it was.
    t.wait_for_contains("Delete 18 of the 20 items in");
    t.wait_for_contains("more than a tenth of what is there");
    assert_eq!(
        common::peer::run(&common::emulator().connection_string(), &["blob-names", &container])["names"]
            .as_array()
            .unwrap()
            .len(),
        20,
        "nothing is deleted before the second answer"
    );
    t.click("Back to the plan");
    t.wait_for_contains("Deleted (n02.txt");
    t.click("Write them");
    t.click("Delete 18");
    t.wait_for_contains("wrote 0 blob(s), deleted 18");
    assert_eq!(
        common::peer::run(&common::emulator().connection_string(), &["blob-names", &container])["names"],
        serde_json::json!(["n00.txt", "n01.txt"])
    );
}

#[test]
fn local_edits_that_keep_the_size_are_kept_not_overwritten_or_deleted() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container, dir) = common::blobs::folder_and_container(&rt, "fedit");
    rt.block_on(common::blobs::put(&client, &container, "old.txt", "OLD?"));
    std::fs::write(dir.path().join("mine.txt"), "only here").unwrap();
    let mut t = compared(&rt, &container, "extra.txt", dir.path());
    t.wait_for_contains("Only in left: 2 · only in right: 1 · different: 1 · same: 1");
    t.click("Download right to left (2)");
    t.click_contains("Also delete the 2 only in");
    t.wait_for_contains("Deleted (mine.txt, sub/new.txt)");
    // The user edits two files after the compare, each keeping its size (and old.txt its MD5's length).
    std::thread::sleep(std::time::Duration::from_millis(30));
    std::fs::write(dir.path().join("old.txt"), "mine").unwrap();
    std::fs::write(dir.path().join("mine.txt"), "ONLY HERE").unwrap();
    t.click("Write them");
    t.click("Delete 2");
    t.wait_for_contains("wrote 1 file(s), deleted 1; 2 left as they were: ");
    t.wait_for_contains("mine.txt (the local file changed since the compare)");
    t.wait_for_contains("old.txt (the local file changed since the compare)");
    assert_eq!(std::fs::read_to_string(dir.path().join("old.txt")).unwrap(), "mine");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("mine.txt")).unwrap(),
        "ONLY HERE"
    );
    assert_eq!(std::fs::read_to_string(dir.path().join("extra.txt")).unwrap(), "extra");
    assert!(
        !dir.path().join("sub").join("new.txt").exists(),
        "its delete was asked for"
    );
    let left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("tessera-partial"))
        .collect();
    assert!(
        left.is_empty(),
        "nothing of the download is left beside the files: {left:?}"
    );
}

#[test]
fn an_upload_keeps_a_replaced_blobs_metadata_and_headers_and_leaves_partial_files_out() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container, dir) = common::blobs::folder_and_container(&rt, "fkeep");
    let http = BlobHttpHeaders {
        content_type: Some("text/x-notes".into()),
        content_encoding: Some("identity".into()),
        content_disposition: Some("attachment; filename=\"old.txt\"".into()),
        cache_control: Some("max-age=60".into()),
        ..Default::default()
    };
    let metadata = [("Owner".to_string(), "ann".to_string())];
    let body = bytes::Bytes::from_static(b"old!");
    rt.block_on(client.put_blob(&container, "old.txt", body, &http, &metadata, &Conditions::none()))
        .unwrap();
    std::fs::write(dir.path().join("old.txt"), "longer than before").unwrap();
    // What an interrupted download left beside its destination: the app's, not the user's.
    std::fs::write(dir.path().join(".big.bin.tessera-partial"), vec![0u8; 64]).unwrap();
    std::fs::write(dir.path().join(".big.bin.tessera-partial.json"), "{}").unwrap();
    let mut t = compared(&rt, &container, "extra.txt", dir.path());
    t.wait_for_contains("Only in left: 1 · only in right: 1 · different: 1 · same: 1");
    t.click("Upload left to right (2)");
    assert!(
        t.harness
            .query_by_label("Keep each replaced blob's metadata and headers")
            .is_some_and(|b| b.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True)),
        "kept unless the user unticks it"
    );
    t.click("Write them");
    t.wait_for_contains("Only in left: 0 · only in right: 1 · different: 0 · same: 3");
    let cs = common::emulator().connection_string();
    let props = common::peer::run(&cs, &["blob-properties", &container, "old.txt"]);
    assert_eq!(props["metadata"], serde_json::json!({"Owner": "ann"}), "{props}");
    assert_eq!(props["content_type"], "text/x-notes", "{props}");
    assert_eq!(props["content_encoding"], "identity", "{props}");
    assert_eq!(
        props["content_disposition"], "attachment; filename=\"old.txt\"",
        "{props}"
    );
    assert_eq!(props["cache_control"], "max-age=60", "{props}");
    assert_eq!(
        common::peer::run(&cs, &["blob-text", &container, "old.txt"])["text"],
        "longer than before"
    );
    assert_eq!(
        common::peer::run(&cs, &["blob-names", &container])["names"],
        serde_json::json!(["extra.txt", "old.txt", "same.txt", "sub/new.txt"])
    );
}

#[test]
fn refusals_are_said_by_the_services_code_and_same_size_pairs_without_a_hash_are_named() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container, dir) = common::blobs::folder_and_container(&rt, "fcode");
    rt.block_on(async {
        // old.txt is leased by someone; extra.txt has a snapshot; same.txt keeps no MD5 and now differs.
        let leased = LeaseTarget::Blob {
            container: &container,
            blob: "old.txt",
        };
        let none = Conditions::none();
        client
            .acquire_lease(leased, LeaseDuration::Infinite, None, &none)
            .await
            .unwrap();
        client.snapshot_blob(&container, "extra.txt", &none).await.unwrap();
        let plain = BlobHttpHeaders::default();
        client
            .set_blob_http_headers(&container, "same.txt", &plain, &none)
            .await
            .unwrap();
    });
    std::fs::write(dir.path().join("same.txt"), "SAME").unwrap();
    let mut t = compared(&rt, &container, "extra.txt", dir.path());
    t.wait_for_contains("Only in left: 1 · only in right: 1 · different: 1 · same: 0 · same size, unchecked: 1");
    t.click("Upload left to right (2)");
    t.wait_for_contains("1 of the same size have no hash to compare");
    t.wait_for_contains("left as they are (same.txt)");
    t.click("Write these 1 too: the source's copy replaces the target's");
    t.click_contains("Also delete the 1 only in");
    t.click("Write them");
    t.click("Delete 1");
    t.wait_for_contains("wrote 2 blob(s); 2 left as they were: ");
    t.wait_for_contains("extra.txt (it has snapshots, which a sync never deletes (SnapshotsPresent))");
    t.wait_for_contains("old.txt (leased: the service refuses it without the lease (LeaseIdMissing))");
    // The job names the two it left as not done (the error colour in its Items), the two it wrote as done.
    let app = t.harness.state();
    let job = app.jobs().iter().rfind(|j| j.item_count() > 0).expect("the sync's job");
    let rows = job.items_in(0..job.item_count());
    let not_done: std::collections::BTreeSet<&str> =
        rows.iter().filter(|r| r.not_done).map(|r| r.name.as_str()).collect();
    assert_eq!(not_done, ["extra.txt", "old.txt"].into(), "{rows:?}");
    assert_eq!(rows.len(), 4, "{rows:?}");
    let cs = common::emulator().connection_string();
    assert_eq!(
        common::peer::run(&cs, &["blob-text", &container, "same.txt"])["text"],
        "SAME"
    );
    assert_eq!(
        common::peer::run(&cs, &["blob-text", &container, "old.txt"])["text"],
        "old!"
    );
    assert_eq!(
        common::peer::run(&cs, &["blob-text", &container, "extra.txt"])["text"],
        "extra"
    );
}

/// A write or delete whose answer is lost after the service carried it out (the connection reset on the way back):
/// the sync reads the target and says what it holds, written or deleted, rather than "failed".
#[test]
fn an_answer_lost_after_the_write_or_delete_landed_is_read_back_and_said_done() {
    use common::fault_proxy::Fault;
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (account, proxy, container) =
        common::blobs::proxied_container(&rt, "flost", &[("extra.txt", "only in the container")]);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("new.txt"), "brand new").unwrap();
    let dialogs = ScriptedDialogs::new();
    let mut t = TestApp::with_account(&rt, &account);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", &container);
    t.wait_for("extra.txt");
    dialogs.answer(Some(dir.path().to_path_buf()));
    t.click("Compare");
    t.click("Compare or sync with a local folder…");
    t.wait_for_contains("Only in left: 1 · only in right: 1 · different: 0 · same: 0");
    let put = format!("PUT /devstoreaccount1/{container}/new.txt");
    proxy.fail_matching(&put, Some(Fault::ResetAfterForward));
    t.click("Upload left to right (1)");
    t.click("Write them");
    t.wait_for_contains("wrote 1 blob(s)");
    proxy.fail_matching(&put, None);
    let cs = common::emulator().connection_string();
    assert_eq!(
        common::peer::run(&cs, &["blob-text", &container, "new.txt"])["text"],
        "brand new"
    );
    t.wait_for_contains("Only in left: 0 · only in right: 1 · different: 0 · same: 1");
    let delete = format!("DELETE /devstoreaccount1/{container}/extra.txt");
    proxy.fail_matching(&delete, Some(Fault::ResetAfterForward));
    t.click("Upload left to right (0)");
    t.click_contains("Also delete the 1 only in");
    t.click("Write them");
    t.click("Delete 1");
    t.wait_for_contains("wrote 0 blob(s), deleted 1");
    proxy.fail_matching(&delete, None);
    assert_eq!(
        common::peer::run(&cs, &["blob-names", &container])["names"],
        serde_json::json!(["new.txt"])
    );
}

/// A way whose only difference is a pair of the same size with no hash to compare can still be chosen: the
/// button opens the plan, which offers to write the pair (it counts nothing as written until ticked).
#[test]
fn a_way_whose_only_difference_has_no_hash_to_compare_still_opens_its_plan() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::new_container(&rt, "funch");
    rt.block_on(async {
        common::blobs::put(&client, &container, "same.txt", "same").await;
        let (plain, none) = (BlobHttpHeaders::default(), Conditions::none());
        client
            .set_blob_http_headers(&container, "same.txt", &plain, &none)
            .await
            .unwrap();
    });
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("same.txt"), "SAME").unwrap();
    let mut t = compared(&rt, &container, "same.txt", dir.path());
    t.wait_for_contains("Only in left: 0 · only in right: 0 · different: 0 · same: 0 · same size, unchecked: 1");
    assert!(
        !disabled(&t, "Upload left to right (0)"),
        "the pair's plan cannot be opened"
    );
    t.click("Upload left to right (0)");
    t.wait_for_contains("1 of the same size have no hash to compare");
    t.click("Write these 1 too: the source's copy replaces the target's");
    t.click("Write them");
    t.wait_for_contains("wrote 1 blob(s)");
    let cs = common::emulator().connection_string();
    assert_eq!(
        common::peer::run(&cs, &["blob-text", &container, "same.txt"])["text"],
        "SAME"
    );
}
