//! A download into a local folder writes nothing outside the folder the user chose: a blob with a link on its
//! way (a folder of its name that is a link out of the folder) is not downloaded and is named as not done, the
//! others go on; a link at a blob's own name is neither followed nor replaced (the blob is saved beside it, and
//! said so); and a link where a download keeps its own partial file is refused, not written through. The links
//! here lead to real folders and files outside, which must stay as they were (the tests may run as root, where
//! permissions stop nothing: only the app's refusal keeps them).
#![cfg(unix)]

mod common;
mod ui;

use std::os::unix::fs::symlink;
use std::path::Path;

use egui_kittest::kittest::Queryable;
use tessera::app::runtime::dialogs::ScriptedDialogs;
use ui::TestApp;

/// Files of `dir`, by name, sorted.
fn listed(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

#[test]
fn a_folder_download_writes_nothing_through_a_link_and_names_each_blob_it_left() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::new_container(&rt, "dlink");
    rt.block_on(async {
        common::blobs::put(&client, &container, "photos/a.txt", "a").await;
        common::blobs::put(&client, &container, "photos/inner/b.txt", "b").await;
        common::blobs::put(&client, &container, "photos/inner/deeper/c.txt", "c").await;
        common::blobs::put(&client, &container, "photos/same.txt", "from the service").await;
    });
    let outer = tempfile::tempdir().unwrap();
    let (down, outside) = (outer.path().join("down"), outer.path().join("outside"));
    std::fs::create_dir_all(down.join("photos")).unwrap();
    std::fs::create_dir_all(outside.join("victim")).unwrap();
    std::fs::write(outside.join("victim").join("keep.txt"), "theirs").unwrap();
    std::fs::write(outside.join("secret.txt"), "secret").unwrap();
    // A folder on the blobs' way that is a link out of the chosen folder, and a link at a blob's own name.
    symlink(outside.join("victim"), down.join("photos").join("inner")).unwrap();
    symlink(outside.join("secret.txt"), down.join("photos").join("same.txt")).unwrap();

    let dialogs = ScriptedDialogs::new();
    let mut t = TestApp::with_emulator(&rt);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", &container);
    t.wait_for("photos/ (folder)");
    t.harness
        .get_by_label("photos/ (folder)")
        .click_modifiers(egui::Modifiers::CTRL | egui::Modifiers::COMMAND);
    t.step();
    t.step();
    dialogs.answer(Some(down.clone()));
    t.click("Download…");
    // Not asked about: a link at a blob's name is no file of the user's to replace.
    t.wait_for_contains("2 of 4 blob(s) were not downloaded; the first, `photos/inner/b.txt`: a link is on the way");
    t.wait_for_contains("2 blob(s) saved under");
    t.wait_for_contains("1 saved beside a link of the same name (a link is neither followed nor replaced)");
    // Nothing outside was written, and the links are as they were.
    assert_eq!(
        listed(&outside.join("victim")),
        ["keep.txt"],
        "written through the link"
    );
    assert_eq!(std::fs::read_to_string(outside.join("secret.txt")).unwrap(), "secret");
    assert!(is_link(&down.join("photos").join("inner")) && is_link(&down.join("photos").join("same.txt")));
    assert_eq!(std::fs::read_to_string(down.join("photos").join("a.txt")).unwrap(), "a");
    assert_eq!(
        std::fs::read_to_string(down.join("photos").join("same (1).txt")).unwrap(),
        "from the service"
    );
    // The job's items name each blob and what became of it.
    t.click_contains("Items of Download photos/");
    t.wait_for_contains("not downloaded: a link is on the way (photos/inner)");
    assert_eq!(
        t.harness
            .query_all_by_label_contains("not downloaded: a link is on the way (photos/inner)")
            .count(),
        2,
        "both blobs under the link are named"
    );
    t.wait_for_contains("saved as ");
}

#[test]
fn a_single_blob_is_not_written_through_a_link_at_its_name_or_on_its_way() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::new_container(&rt, "dlone");
    rt.block_on(async {
        common::blobs::put(&client, &container, "report.txt", "from the service").await;
        common::blobs::put(&client, &container, "logs/today.log", "log").await;
    });
    let outer = tempfile::tempdir().unwrap();
    let (down, outside) = (outer.path().join("down"), outer.path().join("outside"));
    std::fs::create_dir_all(&down).unwrap();
    std::fs::create_dir_all(outside.join("victim")).unwrap();
    std::fs::write(outside.join("secret.txt"), "secret").unwrap();
    symlink(outside.join("secret.txt"), down.join("report.txt")).unwrap();
    symlink(outside.join("victim"), down.join("logs")).unwrap();

    let dialogs = ScriptedDialogs::new();
    let mut t = TestApp::with_emulator(&rt);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_resource("Blob containers", &container);
    t.wait_for("report.txt");
    // A link named like the blob: not asked about as a file to replace, not followed, saved beside.
    t.click("report.txt");
    dialogs.answer(Some(down.clone()));
    t.click("Download…");
    t.wait_for_contains("it is neither followed nor replaced, so the blob was saved beside it");
    assert!(is_link(&down.join("report.txt")), "the link was replaced");
    assert_eq!(std::fs::read_to_string(outside.join("secret.txt")).unwrap(), "secret");
    assert_eq!(
        std::fs::read_to_string(down.join("report (1).txt")).unwrap(),
        "from the service"
    );

    // A blob whose name holds a folder (a flat listing) that is a link here: not downloaded, said why.
    t.click("More");
    t.click("Flat listing (no folders)");
    t.key(egui::Modifiers::NONE, egui::Key::Escape);
    t.wait_for("logs/today.log");
    t.click("logs/today.log");
    dialogs.answer(Some(down.clone()));
    t.click("Download…");
    t.wait_for_contains("The blob was not downloaded: a link is on the way (logs)");
    assert!(listed(&outside.join("victim")).is_empty(), "written through the link");
    assert!(is_link(&down.join("logs")));
}

#[test]
fn a_link_where_a_download_keeps_its_partial_file_is_refused_not_written_through() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::new_container(&rt, "dpart");
    rt.block_on(common::blobs::put(&client, &container, "data.bin", "the blob's bytes"));
    let outer = tempfile::tempdir().unwrap();
    let down = outer.path().join("down");
    std::fs::create_dir(&down).unwrap();
    std::fs::write(outer.path().join("precious.txt"), "precious").unwrap();
    let (partial, _) = tessera::storage::blob::partial_paths(&down.join("data.bin"));
    symlink(outer.path().join("precious.txt"), &partial).unwrap();

    let (progress, cancel) = (std::sync::Arc::default(), tokio_util::sync::CancellationToken::new());
    let options = tessera::storage::blob::TransferOptions::default();
    let dest = down.join("data.bin");
    let got = rt.block_on(client.download_file(&container, "data.bin", None, &dest, &options, &progress, &cancel));
    let e = got.expect_err("the download wrote through the link");
    assert!(e.message.to_string().contains("A link is at"), "{}", e.message);
    assert_eq!(
        std::fs::read_to_string(outer.path().join("precious.txt")).unwrap(),
        "precious"
    );
    assert!(is_link(&partial), "the link is left as it was");
    assert!(!dest.exists());
}
