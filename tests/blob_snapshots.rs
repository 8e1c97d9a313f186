//! Show snapshots in a container tab, driven through the UI against a real Azurite: each blob's snapshots listed
//! under it (the listing keeping one row per blob), a snapshot's row opening its blob's details, and a snapshot
//! promoted from there, read back by Microsoft's Python SDK.

mod common;
mod ui;

use std::time::Duration;

use common::blobs::put;
use egui_kittest::kittest::Queryable;
use tessera::storage::blob::Conditions;
use ui::TestApp;

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
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("b.txt");
    t.click("Show snapshots");
    t.wait_for(&format!("snapshot {first} of a.txt"));
    t.wait_for(&format!("snapshot {second} of a.txt"));
    let names: Vec<&str> = t.blob().blobs().iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["a.txt", "b.txt"], "one row per blob in the listing itself");
    // Azurite keeps no deleted blobs (its service properties say so): the switch for them is not offered.
    t.wait_app("the account's retention read", Duration::from_secs(30), |app| {
        app.active_blob().is_some_and(|p| p.retention_known())
    });
    assert!(!t.blob().offers_deleted());
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

    t.click(&format!("snapshot {first} of a.txt"));
    t.wait_for(&format!("Promote {first}"));
    t.wait_app("a.txt's properties", Duration::from_secs(30), |app| {
        app.active_blob().and_then(|p| p.selected_properties()).is_some()
    });
    t.click(&format!("Promote {first}"));
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
