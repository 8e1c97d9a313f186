//! Show snapshots in a container tab, driven through the UI against a real Azurite: each blob's snapshots listed
//! under it (the listing keeping one row per blob), a snapshot's row opening its blob's details, and a snapshot
//! promoted from there, read back by Microsoft's Python SDK; a snapshot saved to a file, copied into another
//! account and promoted from its own row.

mod common;
mod ui;

use tessera::app::blob::features::deleted::DeletedBlobs;

use std::time::Duration;

use common::blobs::put;
use common::fault_proxy::Fault;
use egui_kittest::kittest::Queryable;
use tessera::app::accounts::tree::TabTarget;
use tessera::app::runtime::dialogs::ScriptedDialogs;
use tessera::storage::Service;
use tessera::storage::blob::{Conditions, PublicAccess};
use ui::TestApp;

/// A snapshot listing that fails while the rest of the details load is said where the snapshots would be, with
/// the service's words, not shown as "No snapshots."; once the service answers again, a refresh lists them.
#[test]
fn a_failed_snapshot_listing_is_said_and_a_refresh_lists_them() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::new_container(&rt, "snapfail");
    let taken = rt.block_on(async {
        put(&client, &container, "a.txt", "version one").await;
        let taken = client
            .snapshot_blob(&container, "a.txt", &Conditions::none())
            .await
            .unwrap();
        put(&client, &container, "a.txt", "version two").await;
        taken
    });
    let (account, proxy) = rt.block_on(common::account_through_proxy(Service::Blob));
    // Only the listing with snapshots fails (a 403 is not retried): the container's listing and the blob's
    // properties still come.
    let refused = Fault::Status {
        status: 403,
        retry_after: None,
    };
    proxy.fail_matching("include=snapshots", Some(refused));
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Blob containers", &container);
    t.wait_for("a.txt");
    t.click("a.txt");
    t.details_tab("Snapshots and versions");
    t.wait_for_contains("The snapshots could not be listed: HTTP 403");
    let said = t
        .harness
        .query_by_label_contains("The snapshots could not be listed")
        .map(|n| format!("{n:?}"))
        .unwrap_or_default();
    assert!(said.contains("injected 403"), "the service's own words: {said}");
    assert!(
        t.harness.query_by_label("No snapshots.").is_none(),
        "a failure is not an empty list"
    );
    assert!(t.harness.query_by_label(&format!("Promote {taken}")).is_none());

    proxy.fail_matching("include=snapshots", None);
    t.click("Refresh");
    t.wait_for(&format!("Promote {taken}"));
    assert!(
        t.harness
            .query_by_label_contains("The snapshots could not be listed")
            .is_none(),
        "the failure goes once a listing answers"
    );
    assert!(t.harness.query_by_label("No snapshots.").is_none());
}

/// Each blob's snapshots under it, one row per blob in the listing, through a refresh; a snapshot's row opens its
/// blob's details while the tab's own refreshes fall between the click and the details (the details' snapshot
/// listing answers slower than the refresh comes round), and a snapshot promoted from there is what the blob
/// holds, read back by Microsoft's Python SDK.
#[test]
fn snapshots_are_listed_under_their_blob_and_one_is_promoted() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::new_container(&rt, "snaps");
    let (first, second) = rt.block_on(async {
        put(&client, &container, "a.txt", "version one").await;
        put(&client, &container, "b.txt", "no snapshots").await;
        let first = client
            .snapshot_blob(&container, "a.txt", &Conditions::none())
            .await
            .unwrap();
        put(&client, &container, "a.txt", "version two").await;
        let second = client
            .snapshot_blob(&container, "a.txt", &Conditions::none())
            .await
            .unwrap();
        put(&client, &container, "a.txt", "version three").await;
        (first, second)
    });
    let (account, proxy) = rt.block_on(common::account_through_proxy(Service::Blob));
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Blob containers", &container);
    t.wait_for("b.txt");
    t.click("More");
    t.click("Show snapshots");
    t.wait_for(&format!("snapshot {first} of a.txt"));
    t.wait_for(&format!("snapshot {second} of a.txt"));
    let names: Vec<&str> = t.blob().blobs().names().collect();
    assert_eq!(names, ["a.txt", "b.txt"], "one row per blob in the listing itself");
    // Azurite keeps no deleted blobs (its service properties say so): the switch for them is not offered.
    t.wait_app("the account's retention read", Duration::from_secs(30), |app| {
        app.active_blob()
            .is_some_and(|p| p.feature::<DeletedBlobs>().is_some_and(DeletedBlobs::retention_known))
    });
    assert!(!t.blob().feature::<DeletedBlobs>().unwrap().offers_deleted());
    assert!(t.harness.query_by_label_contains("Show deleted blobs").is_none());
    // A refresh re-reads the first page: the snapshots are not listed twice.
    t.click("Refresh");
    t.wait_for(&format!("snapshot {first} of a.txt"));
    t.idle_for(Duration::from_millis(500));
    assert_eq!(
        t.harness
            .query_all_by_label(&format!("snapshot {first} of a.txt"))
            .count(),
        1
    );

    // The details' snapshot listing (the only listing by the blob's name) answers a second after the tab's
    // refresh comes round (every five seconds): each refresh falls while it is out, and must let it land.
    let slower_than_a_refresh = Fault::Delay(Duration::from_secs(6));
    proxy.fail_matching("prefix=a.txt", Some(slower_than_a_refresh));
    t.click(&format!("snapshot {first} of a.txt"));
    t.details_tab("Snapshots and versions");
    t.wait_for(&format!("Promote {first}"));
    proxy.fail_matching("prefix=a.txt", None);
    t.wait_app("a.txt's properties", Duration::from_secs(30), |app| {
        app.active_blob().and_then(|p| p.selected_properties()).is_some()
    });
    // Azurite keeps no versions (the blob's properties carry no version id): the Versions part is not offered.
    assert!(t.harness.query_by_label("List versions").is_none());
    t.click(&format!("Promote {first}"));
    // Promoting replaces what the blob holds: asked first.
    t.wait_for_contains(&format!("Promote the snapshot {first} of `a.txt`?"));
    t.click("Promote");
    t.wait_app("the promote's outcome", Duration::from_secs(30), |app| {
        app.active_blob().and_then(|p| p.message()).is_some()
    });
    let said = format!("{:?}", t.blob().message());
    assert!(said.contains("Promoted the snapshot"), "{said}");
    let cs = common::emulator().connection_string();
    assert_eq!(
        common::peer::run(&cs, &["blob-text", &container, "a.txt"])["text"],
        "version one"
    );
}

#[test]
fn a_snapshot_is_saved_copied_to_another_account_and_promoted_from_its_row() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::new_container(&rt, "snaprow");
    let second = tessera::storage::Client::new(common::second_account(), Default::default()).unwrap();
    let dst = common::unique("snapdst");
    let first = rt.block_on(async {
        put(&client, &container, "docs/a.txt", "version one").await;
        let first = client
            .snapshot_blob(&container, "docs/a.txt", &Conditions::none())
            .await
            .unwrap();
        put(&client, &container, "docs/a.txt", "version two").await;
        second.create_container(&dst, PublicAccess::None, &[]).await.unwrap();
        first
    });
    let dialogs = ScriptedDialogs::new();
    let mut t = TestApp::with_accounts(
        &rt,
        &[
            ("Test emulator", &common::account()),
            ("Second", &common::second_account()),
        ],
    );
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", &container);
    t.click("docs/ (folder)");
    t.wait_for("a.txt");
    t.click("More");
    t.click("Show snapshots");
    let row = |verb: &str| format!("{verb} snapshot {first} of docs/a.txt");

    // Saved to a file: the snapshot's bytes, not the blob's.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("old a.txt");
    dialogs.answer(Some(file.clone()));
    t.click(&row("Save"));
    t.wait_for_contains(&format!("saved as {}", file.display()));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "version one");

    // Copied, and pasted into another account's container: a blob of the base blob's name, with the
    // snapshot's content, read back by the Python SDK.
    t.click(&row("Copy"));
    t.wait_for_contains(&format!("Copied the snapshot {first} of docs/a.txt from {container}"));
    t.harness.state_mut().open_tab(TabTarget {
        profile_id: "test-account-1".into(),
        service: Service::Blob,
        name: dst.clone(),
    });
    t.step();
    t.click_contains("Paste here: the snapshot");
    t.wait_for_contains("copied 1 blob(s)");
    let cs = common::emulator().connection_string_of(common::SECOND_ACCOUNT);
    assert_eq!(
        common::peer::run(&cs, &["blob-text", &dst, "a.txt"])["text"],
        "version one"
    );
    // The job lists each blob with what became of it.
    t.click_contains("Items of Copy the snapshot");
    t.wait_for("copied to a.txt");

    // Promoted from its row, after the question: the blob holds the snapshot's content again.
    t.harness.state_mut().open_tab(TabTarget {
        profile_id: "test-emulator".into(),
        service: Service::Blob,
        name: container.clone(),
    });
    t.step();
    t.click(&row("Promote"));
    t.wait_for_contains(&format!("Promote the snapshot {first} of `docs/a.txt`?"));
    t.click("Promote");
    t.wait_for_contains("Promoted the snapshot");
    let cs = common::emulator().connection_string();
    assert_eq!(
        common::peer::run(&cs, &["blob-text", &container, "docs/a.txt"])["text"],
        "version one"
    );
}
