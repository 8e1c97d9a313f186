//! Changing many blobs at once (ASE #852, #10, #315): a metadata pair, a header, an index tag and a tier set on a
//! selected blob and every blob under a selected folder, one blob already as asked, a Refresh between the steps;
//! then all of them deleted. Each write is read back by Microsoft's Python SDK.

mod common;
mod ui;

use common::blobs::container_with;
use egui_kittest::kittest::Queryable;
use ui::TestApp;

fn peer(args: &[&str]) -> serde_json::Value {
    common::peer::run(&common::emulator().connection_string(), args)
}

/// Exactly the folder `logs/` and the blob `top.txt` selected, by Ctrl+clicks as a person would make them
/// (a click toggles a row; what is selected already stays).
fn select(t: &mut TestApp) {
    for (name, row) in [("logs/", "logs/ (folder)"), ("top.txt", "top.txt")] {
        let selected = |t: &TestApp| t.blob().selection().contains(name);
        if !selected(t) {
            t.wait_for(row);
            // The details panel may still name a blob shown before; it is drawn before the list, so the row is
            // the last node of that name.
            t.harness
                .get_all_by_label(row)
                .last()
                .unwrap()
                .click_modifiers(egui::Modifiers::CTRL | egui::Modifiers::COMMAND);
            t.step();
            t.step();
        }
    }
    t.wait_until("both selected", |h| {
        h.state()
            .active_blob()
            .is_some_and(|p| p.selection().iter().eq(["logs/", "top.txt"]))
    });
}

fn change(t: &mut TestApp, what: &str, fill: impl FnOnce(&mut TestApp)) {
    select(t);
    // On the folder's row: the details panel names top.txt too.
    t.context_click("logs/ (folder)");
    t.click("Change the 2 selected…");
    t.click("What to change");
    t.click(what);
    fill(t);
}

#[test]
fn metadata_a_header_a_tag_and_a_tier_are_set_on_a_blob_and_every_blob_under_a_folder_then_all_are_deleted() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let names: Vec<String> = (0..25).map(|i| format!("logs/day{i:02}.log")).collect();
    let mut all: Vec<&str> = names.iter().map(String::as_str).collect();
    all.extend(["top.txt", "other.txt"]);
    let (client, container) = container_with(&rt, &all);
    // One blob already carries the pair: it is counted as already so, not written.
    rt.block_on(client.set_blob_metadata(
        &container,
        "logs/day03.log",
        &[("owner".to_string(), "team-a".to_string())],
        &tessera::storage::blob::Conditions::none(),
    ))
    .unwrap();
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("logs/ (folder)");

    change(&mut t, "Set a metadata pair", |t| {
        t.type_into("Metadata name", "1owner");
        t.type_into("Value to set", "team-a");
    });
    // A name the service would refuse is said before anything is sent.
    t.click("Change 2 selected");
    t.wait_for_contains("`1owner` cannot be a metadata name");
    t.replace_text("Metadata name", "owner");
    t.click("Change 2 selected");
    t.wait_for_contains("25 blobs changed; 1 already as asked; 0 failed");
    for blob in ["top.txt", "logs/day00.log", "logs/day24.log"] {
        assert_eq!(
            peer(&["blob-metadata", &container, blob])["metadata"]["owner"],
            "team-a",
            "{blob}"
        );
    }
    assert!(
        peer(&["blob-metadata", &container, "other.txt"])["metadata"]
            .get("owner")
            .is_none()
    );
    t.click("Dismiss");
    t.click("Refresh");

    change(&mut t, "Set a header", |t| {
        t.click("Header");
        t.click("Cache-Control");
        t.type_into("Value to set", "no-cache");
    });
    t.click("Change 2 selected");
    t.wait_for_contains("Done: set Cache-Control on 1 selected blob(s) and every blob under logs/");
    let props = peer(&["blob-properties", &container, "logs/day07.log"]);
    assert_eq!(props["cache_control"], "no-cache");
    assert_eq!(
        props["metadata"]["owner"], "team-a",
        "the other properties stay as read"
    );
    t.click("Dismiss");

    change(&mut t, "Set an index tag", |t| {
        t.type_into("Tag name", "stage");
        t.type_into("Value to set", "done");
    });
    t.click("Change 2 selected");
    t.wait_for_contains("Done: set tag stage on");
    assert_eq!(
        peer(&["blob-tags", &container, "logs/day11.log"])["tags"]["stage"],
        "done"
    );
    t.click("Dismiss");

    change(&mut t, "Set the tier", |t| {
        t.wait_for_contains("The service takes no condition for a tier change");
        t.click("New tier Cool");
    });
    t.click("Change 2 selected");
    t.wait_for_contains("Done: set tier Cool on");
    assert_eq!(peer(&["blob-properties", &container, "logs/day19.log"])["tier"], "Cool");
    assert_eq!(peer(&["blob-properties", &container, "top.txt"])["tier"], "Cool");
    t.click("Dismiss");

    change(&mut t, "Delete them", |_| {});
    t.click("Delete every blob named, with their snapshots");
    t.wait_for_contains("26 blobs deleted; 0 failed");
    let left: Vec<String> = serde_json::from_value(peer(&["blob-names", &container])["names"].clone()).unwrap();
    assert_eq!(left, ["other.txt"]);
}
