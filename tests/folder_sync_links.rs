//! A sync never reaches out of the local folder the user chose (rclone's rules): links are passed over and named
//! in the plan, nothing is downloaded through a link on a blob name's way, nothing outside is uploaded or deleted;
//! links to files inside the folder are followed only when ticked; and a link that leads nowhere (a share not
//! mounted), once it is to be followed, is a read error that turns every delete of the run off. The tests may run
//! as root, where a folder's permissions do not stop reads: the read error here is a real one, a `metadata` of a
//! link whose target does not exist. Microsoft's Python SDK reads the container back.
#![cfg(unix)]

mod common;
mod ui;

use std::os::unix::fs::symlink;

use egui_kittest::kittest::Queryable;
use tessera::app::runtime::dialogs::ScriptedDialogs;
use ui::TestApp;

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

fn names(container: &str) -> serde_json::Value {
    common::peer::run(&common::emulator().connection_string(), &["blob-names", container])["names"].clone()
}

#[test]
fn links_are_passed_over_named_in_the_plan_and_nothing_outside_is_read_written_or_deleted() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::new_container(&rt, "flink");
    rt.block_on(async {
        common::blobs::put(&client, &container, "same.txt", "same").await;
        common::blobs::put(&client, &container, "linked/new.txt", "from the container").await;
        common::blobs::put(&client, &container, "extra.txt", "extra").await;
    });
    let outer = tempfile::tempdir().unwrap();
    let (root, outside) = (outer.path().join("local"), outer.path().join("outside"));
    std::fs::create_dir_all(outside.join("victim")).unwrap();
    std::fs::write(outside.join("victim").join("keep.txt"), "theirs").unwrap();
    std::fs::write(outside.join("secret.txt"), "secret").unwrap();
    std::fs::create_dir(&root).unwrap();
    std::fs::write(root.join("same.txt"), "same").unwrap();
    // A link to a folder outside on the way of a blob's name, and a link to a file outside.
    symlink(outside.join("victim"), root.join("linked")).unwrap();
    symlink(outside.join("secret.txt"), root.join("secret.txt")).unwrap();

    let mut t = compared(&rt, &container, "extra.txt", &root);
    t.wait_for_contains("Only in left: 0 · only in right: 2 · different: 0 · same: 1");
    t.wait_for_contains("2 link(s) or special file(s) in the local folder were passed over");
    // Down: the blob under the link is left, not written through it; nothing outside looks like a file to delete.
    // The button counts what its plan writes: not the blob under the link.
    t.click("Download right to left (1)");
    t.wait_for_contains("Write 1: 1 new, 0 replacing what differs (extra.txt)");
    t.wait_for_contains("Passed over, not read (2): linked (a link, not followed), secret.txt (a link, not followed).");
    t.wait_for_contains(
        "Left alone, because a link, an entry passed over or a folder not read is on the way (1): linked/new.txt.",
    );
    t.wait_for_contains("Nothing is only there: nothing to delete.");
    t.click("Write them");
    t.wait_for_contains("wrote 1 file(s)");
    assert_eq!(std::fs::read_to_string(root.join("extra.txt")).unwrap(), "extra");
    assert!(
        !outside.join("victim").join("new.txt").exists(),
        "written through the link"
    );
    assert_eq!(
        std::fs::read_to_string(outside.join("victim").join("keep.txt")).unwrap(),
        "theirs"
    );
    assert_eq!(std::fs::read_to_string(outside.join("secret.txt")).unwrap(), "secret");

    // Up: a new file goes; nothing is read through the links, and the blob under the link is not deleted for it.
    t.wait_for_contains("Only in left: 0 · only in right: 1 · different: 0 · same: 2");
    std::fs::write(root.join("up.txt"), "up").unwrap();
    t.click("Compare again");
    t.wait_for_contains("Only in left: 1 · only in right: 1 · different: 0 · same: 2");
    t.click("Upload left to right (1)");
    t.wait_for_contains(
        "Left alone, because a link, an entry passed over or a folder not read is on the way (1): linked/new.txt.",
    );
    t.wait_for_contains("Nothing is only there: nothing to delete.");
    t.click("Write them");
    t.wait_for_contains("wrote 1 blob(s)");
    assert_eq!(
        names(&container),
        serde_json::json!(["extra.txt", "linked/new.txt", "same.txt", "up.txt"])
    );
    assert_eq!(
        std::fs::read_to_string(outside.join("victim").join("keep.txt")).unwrap(),
        "theirs"
    );
}

#[test]
fn links_to_files_inside_are_followed_only_when_ticked_and_a_link_that_leads_nowhere_turns_deletes_off() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::new_container(&rt, "fshare");
    rt.block_on(async {
        common::blobs::put(&client, &container, "same.txt", "same").await;
        common::blobs::put(&client, &container, "share/a.txt", "a").await;
        common::blobs::put(&client, &container, "share/b.txt", "b").await;
        common::blobs::put(&client, &container, "gone.txt", "gone").await;
    });
    let outer = tempfile::tempdir().unwrap();
    let root = outer.path().join("local");
    std::fs::create_dir(&root).unwrap();
    std::fs::write(root.join("same.txt"), "same").unwrap();
    std::fs::write(outer.path().join("secret.txt"), "secret").unwrap();
    symlink(root.join("same.txt"), root.join("alias.txt")).unwrap();
    symlink(outer.path().join("secret.txt"), root.join("out.txt")).unwrap();
    // A share that is not mounted: the link leads nowhere.
    symlink(outer.path().join("not-mounted").join("share"), root.join("share")).unwrap();

    let mut t = compared(&rt, &container, "gone.txt", &root);
    t.wait_for_contains("Only in left: 0 · only in right: 3 · different: 0 · same: 1");
    // Not followed: the blobs under the link's name are not deleted for it; only gone.txt may be.
    t.click("Upload left to right (0)");
    t.wait_for_contains("Passed over, not read (3): alias.txt (a link, not followed), out.txt (a link, not followed), share (a link, not followed).");
    t.wait_for_contains("on the way (2): share/a.txt, share/b.txt.");
    t.wait_for_contains("Also delete the 1 only in");
    t.click("Cancel");

    // Followed to files inside: alias.txt is read as same.txt; out.txt still passed over; share cannot be read.
    t.click("Follow links to files inside the folder");
    t.wait_for_contains("Could not read 1 in the local folder, the first `share`: No such file or directory");
    t.wait_for_contains("Only in left: 1 · only in right: 3 · different: 0 · same: 1");
    t.click("Upload left to right (1)");
    t.wait_for_contains("Passed over, not read (1): out.txt (a link to a folder or out of the folder).");
    t.wait_for_contains("Could not read 1: share (No such file or directory");
    t.wait_for_contains("Not deleting anything, as there were read errors");
    assert!(
        t.harness
            .query_all_by_label_contains("Also delete the")
            .next()
            .is_none(),
        "no delete can be ticked in a run that met a read error"
    );
    t.click("Write them");
    t.wait_for_contains("wrote 1 blob(s)");
    assert_eq!(
        names(&container),
        serde_json::json!(["alias.txt", "gone.txt", "same.txt", "share/a.txt", "share/b.txt"])
    );
    assert_eq!(
        common::peer::run(
            &common::emulator().connection_string(),
            &["blob-text", &container, "alias.txt"]
        )["text"],
        "same"
    );
}
