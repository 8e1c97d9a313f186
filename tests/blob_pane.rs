//! The blob explorer driven through the UI (egui_kittest) against a real Azurite: folders, paging,
//! transfers with a cancel that leaves nothing, live lease indicators, and writes refused by someone else's
//! lease or change.

mod common;
mod ui;

use std::time::Duration;

use bytes::Bytes;
use common::blobs::{container_with, many_blobs, new_container, proxied_container, put};
use common::unique;
use egui_kittest::kittest::{NodeT, Queryable};
use tessera::app::runtime::dialogs::ScriptedDialogs;
use tessera::app::runtime::jobs::JobState;
use tessera::storage::blob::Conditions;
use tessera::storage::blob::{BlobHttpHeaders, ListBlobsOptions, PublicAccess};
use tessera::storage::blob::{LeaseDuration, LeaseTarget};
use ui::TestApp;

/// Waits until the selected blob's properties have arrived (the details move when they do).
fn wait_for_properties(t: &mut TestApp) {
    t.wait_app(
        "the properties",
        Duration::from_secs(30),
        |app| matches!(app.active_blob(), Some(p) if p.selected_properties().is_some()),
    );
}

#[test]
fn folders_open_and_back_and_up_lead_home() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, container) = container_with(&rt, &["top.txt", "a/inner.txt", "a/b/deep.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("a/ (folder)");
    t.wait_for("top.txt");
    t.click("a/ (folder)");
    t.wait_for("inner.txt");
    t.wait_for("b/ (folder)");
    t.click("b/ (folder)");
    t.wait_for("deep.txt");
    assert_eq!(t.blob().prefix(), "a/b/");
    t.click("Up");
    t.wait_for("inner.txt");
    assert_eq!(t.blob().prefix(), "a/");
    t.click("b/ (folder)");
    t.wait_for("deep.txt");
    t.click("Back");
    t.wait_for("inner.txt");
    t.click(&format!("{container}/"));
    t.wait_for("top.txt");
    assert_eq!(t.blob().prefix(), "");
}

#[test]
fn a_large_container_opens_at_once_and_loads_more_by_page() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let container = many_blobs(&rt, "many", (0..2500).map(|i| format!("item{i:05}.txt")));
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for_contains("1,000 blobs and 0 folders loaded · more available");
    t.click("Load more");
    t.wait_for_contains("2,000 blobs and 0 folders loaded · more available");
    t.click("Load all");
    t.wait_for_contains("2,500 blobs and 0 folders loaded");
    // The names past `~` come last (none here): the listing ends when that part has said so.
    t.wait_app("the end of the listing", Duration::from_secs(30), |app| {
        app.active_blob().is_some_and(|p| p.next_marker().is_none())
    });
    assert_eq!(t.blob().blobs().len(), 2_500);
    // The status line says what the tab holds for them, in the same bytes the pane counts.
    t.wait_for_contains("for 2,500 blobs");
    let held = t.blob().held_bytes();
    assert!(
        (100_000..1_000_000).contains(&held),
        "2,500 compact rows take about a hundred bytes each with their names: {held}"
    );
    // The filter narrows what is loaded to the names starting with the text, at once and without a request.
    t.click("item00000.txt");
    t.type_into("Names starting with:", "item024");
    t.wait_for_contains("100 match");
    t.wait_for("item02400.txt");
    assert!(
        t.harness.query_by_label("item00001.txt").is_none(),
        "a name without the start is hidden"
    );
    assert!(
        t.blob().selection().is_empty(),
        "what the filter hides leaves the selection"
    );
}

#[test]
fn a_filter_beyond_the_loaded_pages_is_searched_for_at_the_service() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    // The first page (1,000 names) holds only `a…`; the `b…` names come after it.
    let names = (0..1_050)
        .map(|i| format!("a{i:04}.txt"))
        .chain((0..30).map(|i| format!("b{i:03}.txt")));
    let container = many_blobs(&rt, "search", names);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for_contains("1,000 blobs and 0 folders loaded · more available");
    t.type_into("Names starting with:", "b01");
    t.wait_for_contains("0 match");
    t.wait_for_contains("No loaded name starts with `b01`. Pages are left: Search the service");
    t.click("Search the service");
    t.wait_for("Listed from the service: names starting with `b01`");
    t.wait_for_contains("10 match");
    t.wait_for("b013.txt");
    assert_eq!(t.blob().blobs().len(), 10, "only the names asked for were listed");
    assert!(t.blob().next_marker().is_none());
    // A wider filter than the search: its names are not all listed, so the folder is listed again.
    t.replace_text("Names starting with:", "b");
    t.wait_for_contains("1,000 blobs and 0 folders loaded · more available");
    assert!(t.harness.query_by_label_contains("Listed from the service").is_none());
    t.click("Search the service");
    t.wait_for_contains("30 match");
    // Back to the folder: its first page again, with no filter.
    t.click("Whole folder");
    t.wait_for_contains("1,000 blobs and 0 folders loaded · more available");
    t.wait_for("a0000.txt");
    assert!(t.harness.query_by_label("Search the service").is_none());
}

#[test]
fn the_name_filter_works_on_folders_and_clears_in_another_folder() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let names: Vec<String> = (0..25).map(|i| format!("f{}/b{i:02}.txt", i % 3)).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let (_client, container) = container_with(&rt, &names);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for_contains("0 blobs and 3 folders loaded");
    t.type_into("Names starting with:", "f1");
    t.wait_for_contains("1 match");
    t.click("f1/ (folder)");
    t.wait_for("b01.txt");
    assert_eq!(t.blob().prefix(), "f1/");
    // The names after the folder's own prefix, as shown: b01, b04, ..., b22; "b1" matches b10, b13, b16, b19.
    t.type_into("Names starting with:", "b1");
    t.wait_for_contains("4 match");
    t.wait_for("b13.txt");
    assert!(t.harness.query_by_label("b01.txt").is_none());
}

/// The container's properties arrive after its listing and put its lease before the search box: a user typing
/// into the box meanwhile keeps typing into it (its focus does not move with what appears before it).
#[test]
fn typing_in_the_name_filter_goes_on_while_the_container_properties_arrive() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (account, proxy, container) =
        proxied_container(&rt, "typing", &[("f0/a.txt", "a"), ("f1/b.txt", "b"), ("g/c.txt", "c")]);
    // Only the container's properties read (no `comp`) is held: the listing comes at once.
    proxy.inject_matching(
        &format!("{container}?restype=container "),
        [common::fault_proxy::Fault::Delay(Duration::from_secs(3))],
    );
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Blob containers", &container);
    t.wait_for_contains("0 blobs and 3 folders loaded");
    assert!(
        t.harness.query_by_label_contains("Container lease:").is_none(),
        "the properties are still held"
    );
    t.type_into("Names starting with:", "f");
    t.wait_for_contains("2 match");
    t.wait_for_contains("Container lease:");
    // The box still has the focus: the next key goes on from "f" without clicking into it again.
    t.harness.get_by_label("Names starting with:").type_text("1");
    t.step();
    t.wait_for_contains("1 match");
    assert_eq!(
        t.harness.get_by_label("Names starting with:").value().as_deref(),
        Some("f1")
    );
}

#[test]
fn upload_and_download_with_progress_and_cancels_that_leave_nothing() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = container_with(&rt, &[]);
    let dir = tempfile::tempdir().unwrap();
    let small = dir.path().join("notes.txt");
    std::fs::write(&small, "hello from a file").unwrap();
    let dialogs = ScriptedDialogs::new();
    // The app reaches blobs through a proxy, so the big download below can be slowed enough to cancel.
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Blob));
    let mut t = TestApp::with_account(&rt, &account);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", &container);
    dialogs.answer(Some(small.clone()));
    t.click("Upload files…");
    t.wait_for_contains("uploaded as `notes.txt`");
    let up = t
        .harness
        .state()
        .jobs()
        .iter()
        .find(|j| j.title == "Upload notes.txt")
        .unwrap();
    assert_eq!(
        (up.progress.done(), up.progress.total()),
        (17, 17),
        "the upload's progress reached the size"
    );
    // No Refresh: the list re-reads when the upload job ends.
    t.wait_for("notes.txt");
    t.click("notes.txt");
    let down = tempfile::tempdir().unwrap();
    dialogs.answer(Some(down.path().to_path_buf()));
    t.click("Download…");
    t.wait_for_contains("1 blob(s) saved under");
    let job = t
        .harness
        .state()
        .jobs()
        .iter()
        .find(|j| j.title == "Download notes.txt")
        .unwrap();
    assert_eq!(
        (job.progress.done(), job.progress.total()),
        (17, 17),
        "the progress reached the size"
    );
    assert_eq!(
        std::fs::read_to_string(down.path().join("notes.txt")).unwrap(),
        "hello from a file"
    );

    // A large download cancelled from the activity list leaves no file behind. Each of its ranged reads
    // waits 300 ms at the proxy, so it is surely still running when the cancel arrives.
    let big = dir.path().join("big.bin");
    let chunk: Vec<u8> = (0..1u32 << 20).map(|i| (i % 251) as u8).collect();
    std::fs::write(&big, chunk.repeat(150)).unwrap();
    let progress = tessera::storage::TransferProgress::new();
    let options = tessera::storage::blob::TransferOptions::default();
    let cancel = tokio_util::sync::CancellationToken::new();
    rt.block_on(client.upload_file(
        &container,
        "big.bin",
        &big,
        &BlobHttpHeaders::default(),
        &[],
        &Conditions::none(),
        &options,
        &progress,
        &cancel,
    ))
    .unwrap();
    t.click("Refresh");
    t.click("big.bin");
    proxy.always(Some(common::fault_proxy::Fault::Delay(Duration::from_millis(300))));
    let empty = tempfile::tempdir().unwrap();
    dialogs.answer(Some(empty.path().to_path_buf()));
    t.click("Download…");
    t.click("Cancel Download big.bin");

    t.wait_for_contains("Cancelled after");
    assert!(
        t.harness
            .state()
            .jobs()
            .iter()
            .any(|j| matches!(j.state, JobState::Cancelled))
    );
    assert!(proxy.requests() > 0, "the app went through the slow proxy");
    let left: Vec<_> = std::fs::read_dir(empty.path()).unwrap().collect();
    assert!(left.is_empty(), "nothing was left behind: {left:?}");

    // A large upload cancelled from the activity list commits nothing: the blob never appears.
    let upload = dir.path().join("big-upload.bin");
    std::fs::hard_link(&big, &upload).unwrap();
    dialogs.answer(Some(upload));
    t.click("Upload files…");
    t.click("Cancel Upload big-upload.bin");
    t.wait_until("the upload to be cancelled", |h| {
        let jobs = &h.state().jobs();
        jobs.iter()
            .any(|j| j.title == "Upload big-upload.bin" && matches!(j.state, JobState::Cancelled))
    });
    proxy.always(None);
    let after = rt.block_on(client.get_blob_properties(&container, "big-upload.bin", None));
    assert!(after.unwrap_err().is_not_found(), "no blob was committed");
}

#[test]
fn a_fifteen_second_lease_counts_down_and_turns_expired() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, container) = container_with(&rt, &["leased.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.click("leased.txt");
    wait_for_properties(&mut t);
    t.wait_for("(none: not a copy)");
    t.details_tab("Lease");
    t.click("15 s lease");
    t.click("Acquire lease");
    // The indicator counts down from 15 s: see it at some second, then at a lower one.
    t.wait_for_contains("leased by this app, expires in");
    let first = lease_seconds_shown(&t).expect("a countdown");
    assert!((1..=15).contains(&first), "counts from 15 s: {first}");
    t.wait_until("the countdown to go down", |h| {
        lease_seconds_shown_in(h).is_some_and(|s| s + 2 <= first)
    });
    t.wait_app("the lease to expire", Duration::from_secs(30), |app| {
        matches!(app.active_blob(), Some(p) if p.blobs().iter().any(|b| b.name == "leased.txt" && b.properties.lease.state == tessera::storage::blob::LeaseState::Expired))
    });
    t.wait_for_contains("[E] expired");
}

#[test]
fn break_with_a_period_shows_breaking_then_broken() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, container) = container_with(&rt, &["b.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.click("b.txt");
    wait_for_properties(&mut t);
    t.details_tab("Lease");
    t.click("infinite lease");
    t.click("Acquire lease");
    t.wait_for_contains("leased by this app, infinite");
    // A 10 s period: long enough that a loaded machine still sees "breaking" before the lease is broken.
    t.click("10 s break");
    t.click("Break lease");
    t.wait_for_contains("breaking, broken in");
    t.wait_app("the lease to be broken", Duration::from_secs(40), |app| {
        matches!(app.active_blob(), Some(p) if p.blobs().iter().any(|b| b.name == "b.txt" && b.properties.lease.state == tessera::storage::blob::LeaseState::Broken))
    });
    t.wait_for_contains("[X] broken");
}

#[test]
fn a_second_clients_lease_blocks_the_write_in_plain_words() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = container_with(&rt, &["theirs.txt"]);
    let target = LeaseTarget::Blob {
        container: &container,
        blob: "theirs.txt",
    };
    rt.block_on(client.acquire_lease(target, LeaseDuration::Infinite, None, &Conditions::none()))
        .unwrap();
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for_contains("leased by another client, infinite");
    t.click("theirs.txt");
    wait_for_properties(&mut t);
    t.click("Add metadata");
    t.type_into("Metadata name 1", "owner");
    t.type_into("Metadata value 1", "me");
    t.click("Save properties");
    t.wait_for_contains("leased by another client, and this write did not carry that lease id");
}

#[test]
fn an_if_match_upload_over_a_blob_changed_by_someone_else_is_refused_and_the_file_kept() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = container_with(&rt, &[]);
    rt.block_on(put(&client, &container, "report.txt", "version one"));
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("report.txt");
    std::fs::write(&mine, "my version").unwrap();
    let dialogs = ScriptedDialogs::new();
    let mut t = TestApp::with_emulator(&rt);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", &container);
    t.wait_for("report.txt");
    // Someone else writes after this listing was read.
    rt.block_on(put(&client, &container, "report.txt", "their version"));
    t.click("More");
    t.click("Uploads");
    t.click("only if unchanged since I looked");
    dialogs.answer(Some(mine.clone()));
    t.click("Upload files…");
    t.wait_for_contains("Someone else changed it");
    assert_eq!(
        std::fs::read_to_string(&mine).unwrap(),
        "my version",
        "the local file is untouched"
    );
    let (stored, _) = rt
        .block_on(client.get_blob(&container, "report.txt", None, None))
        .unwrap();
    assert_eq!(stored.as_ref(), b"their version");
}

#[test]
fn a_blob_opens_in_the_conflict_lab_from_its_details() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = container_with(&rt, &["shared.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.click("shared.txt");
    wait_for_properties(&mut t);
    // The blob's actions sit at the top of its details, in view without a scroll.
    let details = t
        .harness
        .get_by_role_and_label(egui::accesskit::Role::Tab, "Properties")
        .rect();
    assert!(t.harness.get_by_label("Open in conflict lab").rect().max.y < details.min.y);
    t.click("Open in conflict lab");
    t.wait_for(&format!("A and B act on the blob `shared.txt` in `{container}`."));
    t.click("A Read");
    t.wait_for_contains("A: read; ETag");
    // A holds a lease; B breaks it with a period: the lease is breaking, not gone.
    t.click("A Acquire 15 s lease");
    t.wait_for_contains("A: holds lease");
    t.click("B Break with a 10 s period");
    t.wait_for_contains("B: breaking: broken in");
    // B never read: its delete has no ETag to offer and is refused for want of the lease id; A's goes through.
    t.click("B Delete");
    t.wait_for_contains("LeaseIdMissing");
    t.click("A Delete");
    t.wait_for_contains("A: deleted (its ETag still matched)");
    let gone = rt.block_on(client.get_blob_properties(&container, "shared.txt", None));
    assert!(gone.unwrap_err().is_not_found());
}

#[test]
fn deleting_blobs_asks_first_and_cancel_keeps_them() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = container_with(&rt, &["keep.txt", "gone.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.click("keep.txt");
    t.click("Delete…");
    t.wait_for(&format!("Delete 1 blob(s) from `{container}`?"));
    t.click("Cancel");
    t.click("gone.txt");
    t.click("Delete…");
    t.wait_for("also delete their snapshots");
    t.click("Delete 1 blob(s)");
    t.wait_app(
        "gone.txt to leave the list",
        Duration::from_secs(30),
        |app| matches!(app.active_blob(), Some(p) if p.blobs().iter().all(|b| b.name != "gone.txt")),
    );
    let listing = rt
        .block_on(client.list_blobs(&container, &ListBlobsOptions::default()))
        .unwrap();
    let names: Vec<_> = listing.blobs.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["keep.txt"], "only the confirmed delete happened");
}

/// The seconds the lease indicator says are left ("leased by this app, expires in N s").
fn lease_seconds_shown_in(h: &egui_kittest::Harness<'_, tessera::app::TesseraApp>) -> Option<u64> {
    const SAYS: &str = "leased by this app, expires in ";
    h.query_all_by_label_contains(SAYS).find_map(|n| {
        // A plain label keeps its text in the value (AccessKit's Role::Label).
        let node = n.accesskit_node();
        let label = node.label().filter(|l| l.contains(SAYS)).or_else(|| node.value())?;
        let rest = &label[label.find(SAYS)? + SAYS.len()..];
        rest.split(' ').next()?.parse().ok()
    })
}

fn lease_seconds_shown(t: &TestApp) -> Option<u64> {
    lease_seconds_shown_in(&t.harness)
}

#[test]
fn a_container_this_app_leased_is_deleted_from_the_tree_with_its_lease_id() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = container_with(&rt, &["kept.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("kept.txt");
    // No blob selected: the details pane holds the container's lease controls.
    t.details_tab("Lease");
    t.click("infinite lease");
    t.click("Acquire lease");
    t.wait_for_contains("Container lease: leased by this app");
    t.context_click(&container);
    t.click("Delete…");
    t.click(&format!("Delete {container}"));
    t.wait_for_contains(&format!("Deleted container `{container}`."));
    let left = rt
        .block_on(client.list_containers(Some(&container), None, None, false))
        .unwrap();
    assert!(left.containers.is_empty(), "the leased container is gone");
}

#[test]
fn a_lease_held_on_one_account_is_not_taken_for_one_on_another_of_the_same_name() {
    // Two accounts named devstoreaccount1 (as the demo emulator and the local one are): the second reaches the
    // same Azurite through a proxy on another port, so to the app it is another account.
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, container) = container_with(&rt, &["x.txt"]);
    let (other, _proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Blob));
    let mut t = TestApp::with_accounts(
        &rt,
        &[("Test emulator", &common::account()), ("Other emulator", &other)],
    );
    t.open_resource("Blob containers", &container);
    t.wait_for("x.txt");
    t.details_tab("Lease");
    t.click("infinite lease");
    t.click("Acquire lease");
    t.wait_for_contains("Container lease: leased by this app");
    t.click("Other emulator");
    t.wait_until("both accounts open in the tree", |h| {
        h.query_all_by_label_contains("Blob containers").count() == 2
    });
    t.harness
        .query_all_by_label_contains("Blob containers")
        .nth(1)
        .unwrap()
        .click();
    t.step();
    t.wait_until("the other account's containers", |h| {
        h.query_all_by_label(&container).count() >= 2
    });
    t.harness.query_all_by_label(&container).nth(1).unwrap().click();
    t.step();
    t.wait_for_contains("Container lease: leased by another client");
    assert!(
        t.harness
            .query_all_by_label_contains("Container lease: leased by this app")
            .next()
            .is_none(),
        "the other account's tab must not offer this app's lease id"
    );
}

#[test]
fn a_container_is_created_public_and_its_access_and_metadata_are_edited_in_its_tab() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let container = unique("public");
    let mut t = TestApp::with_emulator(&rt);
    t.click("Test emulator");
    t.click_contains("Blob containers");
    // Created through the node's menu and a dialog, as the tree holds no forms.
    t.context_click_contains("Blob containers");
    t.click("New container…");
    t.click("public access of a new container");
    t.click("blob (anonymous read)");
    t.type_into("New container name", &container);
    t.click("Create container");
    t.wait_for(&format!("Created container `{container}`."));
    let read = |rt: &tokio::runtime::Runtime| rt.block_on(client.get_container_properties(&container)).unwrap();
    assert_eq!(read(&rt).0.public_access, PublicAccess::Blob);

    t.click(&container);
    t.wait_for("Set public access");
    t.click("container (anonymous read and list)");
    t.click("Set public access");
    t.wait_for_contains(&format!(
        "Public access of `{container}` is now container (anonymous read and list)."
    ));
    assert_eq!(read(&rt).0.public_access, PublicAccess::Container);

    // A bad name is refused before anything is sent; a good one is saved.
    t.click("Add container metadata");
    t.type_into("Container metadata name 1", "9lives");
    t.type_into("Container metadata value 1", "blue");
    t.click("Save container metadata");
    t.wait_for_contains("Metadata name `9lives` must start with a letter");
    // (The tab's own refreshes go on meanwhile; no metadata write may be among them.) Counted by first attempts:
    // a retry (a pooled connection the emulator closed as it was reused) is the same request sent again.
    let saves = |t: &TestApp| {
        let events = &t.harness.state().requests();
        let tries: Vec<String> = events
            .iter()
            .filter(|e| e.operation.to_string().starts_with("Save metadata of container"))
            .map(|e| format!("#{} try {} {:?} {:?}", e.request_seq, e.attempt, e.status, e.note))
            .collect();
        let first = events
            .iter()
            .filter(|e| e.attempt <= 1 && e.operation.to_string().starts_with("Save metadata of container"))
            .count();
        (first, tries)
    };
    assert_eq!(saves(&t).0, 0, "nothing was sent");
    t.replace_text("Container metadata name 1", "team");
    t.click("Save container metadata");
    t.wait_for_contains(&format!("Saved the metadata of `{container}`."));
    let (first, tries) = saves(&t);
    assert_eq!(first, 1, "one save sent: {tries:?}");
    assert_eq!(read(&rt).1, vec![("team".to_string(), "blue".to_string())]);
}

#[test]
fn at_1400_points_the_list_shows_name_lease_etag_size_and_last_modified_beside_the_details() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, container) = container_with(&rt, &["a-rather-long-blob-name-that-gets-elided-in-the-list.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("a-rather-long-blob-name-that-gets-elided-in-the-list.txt");
    // The details panel starts where its heading does: every header must end left of it, seen without a scroll.
    let details = t.harness.get_by_label(&format!("Container {container}")).rect().min.x;
    for header in ["Name", "Lease", "ETag", "Size", "Last modified"] {
        // Found as the list's column headers: the details have a Lease tab too.
        let rect = t
            .harness
            .get_by_role_and_label(egui::accesskit::Role::ColumnHeader, header)
            .rect();
        assert!(
            rect.min.x >= 0.0 && rect.max.x <= details,
            "the `{header}` column header is not in view beside the details (from x = {details}): {rect:?}"
        );
    }
    // The long name is elided in the middle to its column (the whole name on hover and for screen readers).
    let name = t
        .harness
        .get_by_label("a-rather-long-blob-name-that-gets-elided-in-the-list.txt")
        .rect();
    let lease = t
        .harness
        .get_by_role_and_label(egui::accesskit::Role::ColumnHeader, "Lease")
        .rect();
    assert!(
        name.max.x <= lease.min.x,
        "the name runs into the Lease column: {name:?} vs {lease:?}"
    );
}

/// The text an input shows now.
fn field(t: &TestApp, label: &str) -> String {
    t.harness.get_by_label(label).value().unwrap_or_default()
}

#[test]
fn an_unsaved_header_edit_survives_two_refreshes_and_a_refused_save_then_saves_exactly_it() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = container_with(&rt, &["readme.txt"]);
    let cs = common::emulator().connection_string();
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.click("readme.txt");
    wait_for_properties(&mut t);
    t.type_into("Cache-Control:", "max-age=99");
    // Someone else writes twice; each write shows only after one of the pane's refreshes brought it.
    let metadata = [("owner".to_string(), "them".to_string())];
    rt.block_on(client.set_blob_metadata(&container, "readme.txt", &metadata, &Conditions::none()))
        .unwrap();
    t.wait_for_contains("changed on the service since you started editing: now owner=them");
    assert_eq!(
        field(&t, "Cache-Control:"),
        "max-age=99",
        "the first refresh left the draft"
    );
    let theirs = BlobHttpHeaders {
        content_language: Some("fr".into()),
        ..Default::default()
    };
    rt.block_on(client.set_blob_http_headers(&container, "readme.txt", &theirs, &Conditions::none()))
        .unwrap();
    t.wait_for_contains("changed on the service since you started editing: now `fr`");
    assert_eq!(
        field(&t, "Cache-Control:"),
        "max-age=99",
        "the second refresh left the draft"
    );
    // The mark appeared above the field being typed in: the keys still go to that field.
    t.harness.event(egui::Event::Text("0".into()));
    t.step();
    t.step();
    assert_eq!(
        field(&t, "Cache-Control:"),
        "max-age=990",
        "the focus stayed in Cache-Control"
    );
    // Save goes with If-Match the version the edit started from: refused, the draft kept, theirs beside it.
    t.click("Save properties");
    t.wait_for_contains("Someone else changed this blob after you loaded it");
    assert_eq!(
        field(&t, "Cache-Control:"),
        "max-age=990",
        "the refused save left the draft"
    );
    let stored = common::peer::run(&cs, &["blob-properties", &container, "readme.txt"]);
    assert!(
        stored["cache_control"].is_null(),
        "nothing of mine was written: {stored}"
    );
    // Reload and re-apply: my one change on their version; Save writes exactly that.
    t.click("Reload and re-apply my changes");
    t.click("Save properties");
    t.wait_for_contains("Saved `readme.txt`");
    let stored = common::peer::run(&cs, &["blob-properties", &container, "readme.txt"]);
    assert_eq!(stored["cache_control"], "max-age=990", "{stored}");
    assert_eq!(stored["content_language"], "fr", "their header kept: {stored}");
    assert_eq!(stored["metadata"]["owner"], "them", "their metadata kept: {stored}");
    assert_eq!(field(&t, "Cache-Control:"), "max-age=990");
}

#[test]
fn a_draft_stays_with_its_blob_when_the_selection_moves_and_a_slow_preview_lands_nowhere_else() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (account, proxy, container) =
        proxied_container(&rt, "drafts", &[("a.txt", "the text of a"), ("b.txt", "the text of b")]);
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Blob containers", &container);
    t.click("a.txt");
    wait_for_properties(&mut t);
    t.type_into("Content-Language:", "de");
    // A's preview is slow; B is selected before it lands.
    proxy.inject([common::fault_proxy::Fault::Delay(Duration::from_millis(1500))]);
    t.click("Preview");
    t.click("b.txt");
    t.wait_app("b's properties", Duration::from_secs(30), |app| {
        matches!(app.active_blob(), Some(p) if p.selected_properties().is_some_and(|p| p.content_length == 13))
            && app.active_blob().is_some_and(|p| p.draft("b.txt").is_some())
    });
    let until = std::time::Instant::now() + Duration::from_secs(3);
    t.wait_steps("the slow preview's time", Duration::from_secs(10), |_| {
        std::time::Instant::now() > until
    });
    assert!(
        t.harness
            .query_all_by_label_contains("Preview of a.txt")
            .next()
            .is_none(),
        "a's preview did not land in b's panel"
    );
    assert_eq!(field(&t, "Content-Language:"), "", "b's form shows b");
    // Back to A: the unsaved edit is there.
    t.click("a.txt");
    wait_for_properties(&mut t);
    assert_eq!(field(&t, "Content-Language:"), "de");
    t.click("Preview");
    t.wait_for_contains("Preview of a.txt (text");
}

#[test]
fn delete_spares_a_blob_changed_since_listed_and_a_retry_counts_what_is_already_gone() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = container_with(&rt, &["a.txt", "b.txt", "c.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.click("a.txt");
    t.wait_for("b.txt");
    t.harness
        .get_by_label("b.txt")
        .click_modifiers(egui::Modifiers::COMMAND);
    t.step();
    t.step();
    assert_eq!(t.blob().selection().len(), 2, "a and b selected");
    t.click("Delete…");
    t.wait_for_contains("only if unchanged since it was listed");
    // Someone overwrites b while the question is open (the pane's own refresh may show it meanwhile; the
    // delete compares with what was shown when it was asked).
    rt.block_on(put(&client, &container, "b.txt", "their new b"));
    t.click("Delete 2 blob(s)");
    t.wait_for_contains("1 changed after they were listed and were kept: b.txt");
    let exists = |name: &str| rt.block_on(client.get_blob_properties(&container, name, None)).is_ok();
    assert!(
        !exists("a.txt") && exists("b.txt"),
        "a went; b, changed since listed, stayed"
    );
    // Retry sends the same deletes: a's 404 is counted as gone, not a failure; b is still spared.
    t.click(&format!("Retry Delete 2 blob(s) from {container}"));
    t.wait_for_contains("deleted 0 blob(s); 1 already gone; 1 changed after they were listed");
    // Deleting b again from a fresh listing, or even if changed, removes it.
    t.click("Refresh");
    t.click("b.txt");
    t.click("Delete…");
    t.click("even if changed since listed (no If-Match)");
    t.click("Delete 1 blob(s)");
    t.wait_app(
        "b.txt to leave the list",
        Duration::from_secs(30),
        |app| matches!(app.active_blob(), Some(p) if p.blobs().iter().all(|b| b.name != "b.txt")),
    );
    assert!(!exists("b.txt") && exists("c.txt"));
}

#[test]
fn snapshot_now_is_of_the_version_shown() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = container_with(&rt, &["s.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.click("s.txt");
    wait_for_properties(&mut t);
    rt.block_on(put(&client, &container, "s.txt", "a version nobody here has seen"));
    t.click("Snapshot now");
    t.wait_for_contains("ConditionNotMet");
    let snapshots = rt
        .block_on(client.list_blobs(
            &container,
            &ListBlobsOptions {
                include_snapshots: true,
                ..Default::default()
            },
        ))
        .unwrap();
    assert!(
        snapshots.blobs.iter().all(|b| b.snapshot.is_none()),
        "no snapshot of an unseen version"
    );
}

#[test]
fn closing_a_tab_asks_before_dropping_an_edit_and_a_lease_acquired_meanwhile_is_recorded() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (account, proxy, container) = proxied_container(&rt, "closing", &[("held.txt", "x")]);
    let client = common::client();
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Blob containers", &container);
    t.click("held.txt");
    wait_for_properties(&mut t);
    let close = format!("Close {container} (container)");
    // An unsaved edit: closing asks; Cancel keeps the tab and the edit.
    t.type_into("Cache-Control:", "no-store");
    t.click(&close);
    t.wait_for_contains(&format!("Close `{container}` with unsaved edits?"));
    t.wait_for_contains("the metadata and headers of `held.txt`");
    t.click("Cancel");
    assert_eq!(
        t.harness.get_by_label("Cache-Control:").value().unwrap_or_default(),
        "no-store"
    );
    // An Acquire whose reply is slow, then the tab closed (the edit dropped on purpose) before the reply.
    proxy.inject([common::fault_proxy::Fault::Delay(Duration::from_millis(1500))]);
    t.details_tab("Lease");
    t.click("infinite lease");
    t.click("Acquire lease");
    t.click(&close);
    t.click("Close and drop the edits");
    t.wait_for_contains("closed. What it had sent still finishes and is recorded");
    // The lease the service granted lands in the lease book although the tab is gone.
    t.wait_app("the lease in the lease book", Duration::from_secs(30), |app| {
        app.tabs_closed_still_working() == 0
    });
    let props = rt
        .block_on(client.get_blob_properties(&container, "held.txt", None))
        .unwrap()
        .0;
    assert_eq!(props.lease.state, tessera::storage::blob::LeaseState::Leased);
    t.click(&container);
    t.wait_for_contains("leased by this app, infinite");
    t.click("held.txt");
    wait_for_properties(&mut t);
    assert_eq!(
        t.harness.get_by_label("Cache-Control:").value().unwrap_or_default(),
        "",
        "the dropped edit is gone"
    );
}

#[test]
fn a_download_over_local_files_asks_replace_keep_both_or_skip() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = container_with(&rt, &[]);
    rt.block_on(async {
        put(&client, &container, "report.txt", "from the service").await;
        put(&client, &container, "logs/a.log", "service a").await;
        put(&client, &container, "logs/b.log", "service b").await;
    });
    let down = tempfile::tempdir().unwrap();
    let report = down.path().join("report.txt");
    std::fs::write(&report, "my local report").unwrap();
    let dialogs = ScriptedDialogs::new();
    let mut t = TestApp::with_emulator(&rt);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", &container);
    t.click("report.txt");
    // Keep both: the local file is untouched, the download lands beside it.
    dialogs.answer(Some(down.path().to_path_buf()));
    t.click("Download…");
    t.wait_for_contains("already exists.");
    t.click("Keep both");
    t.wait_for_contains("1 blob(s) saved under");
    assert_eq!(std::fs::read_to_string(&report).unwrap(), "my local report");
    assert_eq!(
        std::fs::read_to_string(down.path().join("report (1).txt")).unwrap(),
        "from the service"
    );
    // Skip leaves it; Replace writes over it.
    dialogs.answer(Some(down.path().to_path_buf()));
    t.click("Download…");
    t.click("Skip");
    t.wait_for_contains("0 blob(s) saved under");
    assert_eq!(std::fs::read_to_string(&report).unwrap(), "my local report");
    dialogs.answer(Some(down.path().to_path_buf()));
    t.click("Download…");
    t.click("Replace");
    t.wait_app("the replaced file", Duration::from_secs(30), |_| {
        std::fs::read_to_string(&report).is_ok_and(|s| s == "from the service")
    });
    // A folder with two files already there: one answer for all of them.
    std::fs::create_dir_all(down.path().join("logs")).unwrap();
    std::fs::write(down.path().join("logs/a.log"), "local a").unwrap();
    std::fs::write(down.path().join("logs/b.log"), "local b").unwrap();
    // Refresh clears the selection; Ctrl+click selects the folder (a click opens it).
    t.click("Refresh");
    t.wait_for("logs/ (folder)");
    t.harness
        .get_by_label("logs/ (folder)")
        .click_modifiers(egui::Modifiers::CTRL | egui::Modifiers::COMMAND);
    t.step();
    t.step();
    assert_eq!(t.blob().selection().iter().collect::<Vec<_>>(), ["logs/"]);
    dialogs.answer(Some(down.path().to_path_buf()));
    t.click("Download…");
    t.wait_for_contains("Do this for all 2 files already there");
    t.click("Skip");
    t.wait_for_contains("0 blob(s) saved under");
    t.wait_for_contains("2 skipped (already there)");
    assert_eq!(
        std::fs::read_to_string(down.path().join("logs/a.log")).unwrap(),
        "local a"
    );
    assert_eq!(
        std::fs::read_to_string(down.path().join("logs/b.log")).unwrap(),
        "local b"
    );
}

#[test]
fn an_image_preview_is_forgotten_when_its_tab_closes() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = new_container(&rt, "image");
    // A 1x1 PNG.
    const PNG: &[u8] = &[
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
        0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00,
        0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00, 0x01, 0xff,
        0x89, 0x99, 0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
    ];
    let http = BlobHttpHeaders {
        content_type: Some("image/png".into()),
        ..Default::default()
    };
    let none = Conditions::none();
    let png = client.put_blob(&container, "pic.png", Bytes::from_static(PNG), &http, &[], &none);
    rt.block_on(png).unwrap();
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.click("pic.png");
    wait_for_properties(&mut t);
    t.click("Preview");
    t.wait_for_contains("Preview of pic.png (image)");
    t.wait_app("the image shown", Duration::from_secs(30), |app| {
        app.active_blob().is_some_and(|p| p.shown_image().is_some())
    });
    let uri = t
        .harness
        .state()
        .active_blob()
        .unwrap()
        .shown_image()
        .unwrap()
        .to_string();
    assert!(
        t.harness.ctx.try_load_bytes(&uri).is_ok(),
        "egui holds the image's bytes"
    );
    t.harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::W);
    t.wait_app("the tab closed", Duration::from_secs(30), |app| {
        app.active_blob().is_none()
    });
    for _ in 0..3 {
        t.step();
    }
    assert!(
        t.harness.ctx.try_load_bytes(&uri).is_err(),
        "the closed tab's image is forgotten"
    );
}

/// The names the pane shows are sorted and each there once.
fn sorted_once(t: &TestApp) -> bool {
    t.blob().blobs().names().is_sorted()
}

#[test]
fn load_all_in_parts_survives_a_stop_a_failed_part_and_a_closed_tab() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    // Hash-like names: sixteen first characters, so the rest of the listing is cut into parts.
    let names: Vec<String> = (0..2_400).map(|i| format!("{:x}{i:04}", (i * 7) % 16)).collect();
    let (account, proxy, _) = proxied_container(&rt, "parts-unused", &[]);
    let container = many_blobs(&rt, "parts", names.iter().cloned());
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Blob containers", &container);
    t.wait_for_contains("1,000 blobs and 0 folders loaded · more available");
    // Every request slow: Stop falls while parts are listing.
    proxy.always(Some(common::fault_proxy::Fault::Delay(Duration::from_millis(300))));
    t.click("Load all");
    t.wait_app("a part's first page", Duration::from_secs(30), |app| {
        app.active_blob().is_some_and(|p| p.blobs().len() > 1_000)
    });
    t.click("Stop loading");
    proxy.always(None);
    let kept = t.blob().blobs().len();
    assert!((1_001..2_400).contains(&kept), "kept {kept}");
    assert!(sorted_once(&t), "what arrived is the list's start, in order");
    assert!(t.blob().next_marker().is_some(), "more is still available");
    // Load more goes on from the marker the stop left: a page listed again is shown once.
    t.click("Load more");
    t.wait_app("the next page", Duration::from_secs(30), |app| {
        app.active_blob().is_some_and(|p| !p.is_busy())
    });
    assert!(sorted_once(&t), "Load more after a stop repeats no name");
    // A part fails: the failure is said, what arrived stays.
    proxy.inject([
        common::fault_proxy::Fault::Pass,
        common::fault_proxy::Fault::Pass,
        common::fault_proxy::Fault::Status {
            status: 403,
            retry_after: None,
        },
    ]);
    t.click("Load all");
    t.wait_for_contains("403");
    assert!(sorted_once(&t));
    // Load all again goes on from the last page shown: every name, once, in order.
    t.click("Load all");
    t.wait_app("every name", Duration::from_secs(60), |app| {
        app.active_blob()
            .is_some_and(|p| p.next_marker().is_none() && p.blobs().len() == 2_400)
    });
    assert!(sorted_once(&t));
    // A tab closed while its parts list: they stop with it, and the app goes on.
    t.click("Refresh");
    t.wait_for_contains("1,000 blobs and 0 folders loaded · more available");
    proxy.always(Some(common::fault_proxy::Fault::Delay(Duration::from_millis(300))));
    t.click("Load all");
    t.click(&format!("Close {container} (container)"));
    proxy.always(None);
    // (The tree is still open at the account's containers.)
    t.click(&container);
    t.wait_for_contains("1,000 blobs and 0 folders loaded · more available");
}

/// The names in the order the service lists them, read by Microsoft's Python SDK.
fn listed_by_the_service(container: &str) -> Vec<String> {
    let v = common::peer::run(
        &common::emulator().connection_string(),
        &["blob-names-listed", container],
    );
    serde_json::from_value(v["names"].clone()).unwrap()
}

/// Names mixing a character past U+FFFF (an emoji, two UTF-16 units from D83D) with ones in U+E000..U+FFFF
/// (fullwidth letters, from FF21), which the service lists in UTF-16 order and `str` sorts the other way round:
/// the list holds them in the service's order, a refresh merges into them with no row twice (a new blob among
/// them in its place), the filter shows exactly the names starting with its text, and a click reads the blob
/// it names.
#[test]
fn names_the_service_orders_unlike_utf8_are_found_and_refreshed_without_duplicates() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let names = [
        "a.txt",
        "😀 one.txt",
        "😀 two.txt",
        "Ａ one.txt",
        "Ａ two.txt",
        "Ｚ.txt",
    ];
    let (client, container) = container_with(&rt, &names);
    assert_eq!(listed_by_the_service(&container), names, "the service's own order");
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("Ｚ.txt");
    let shown = |t: &TestApp| -> Vec<String> { t.blob().blobs().names().map(str::to_string).collect() };
    assert_eq!(shown(&t), names);

    // The tab's own refresh (every few seconds) merges the first page into the rows: the new blob goes in its
    // place, and no row is found missing and put in again.
    rt.block_on(put(&client, &container, "Ａ new.txt", "new"));
    t.wait_for("Ａ new.txt");
    let listed = listed_by_the_service(&container);
    // Two more refreshes, every frame looked at.
    let until = std::time::Instant::now() + Duration::from_secs(11);
    while std::time::Instant::now() < until {
        t.step();
        assert_eq!(shown(&t), listed, "each row once, in the service's order");
        std::thread::sleep(Duration::from_millis(20));
    }
    for name in ["a.txt", "😀 two.txt", "Ａ new.txt", "Ｚ.txt"] {
        assert_eq!(t.harness.query_all_by_label(name).count(), 1, "{name} drawn once");
    }

    t.type_into("Names starting with:", "Ａ");
    t.wait_until("only the fullwidth A names", |h| h.query_by_label("Ｚ.txt").is_none());
    for name in ["Ａ new.txt", "Ａ one.txt", "Ａ two.txt"] {
        t.wait_for(name);
    }
    for name in ["a.txt", "😀 one.txt", "😀 two.txt"] {
        assert!(
            t.harness.query_by_label(name).is_none(),
            "{name} does not start with Ａ"
        );
    }
    t.click("Ａ two.txt");
    wait_for_properties(&mut t);
    assert_eq!(t.blob().shown_blob(), Some("Ａ two.txt"));
    assert!(t.blob().selection().contains("Ａ two.txt"));
}
