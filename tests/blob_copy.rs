//! Copy, cut, paste and rename of blobs across containers and accounts (two accounts of one Azurite), driven
//! through the UI and read back by Microsoft's Python SDK: folders pasted with their subfolders, a blob
//! already there kept beside, skipped or replaced, a move that deletes its source, and a rename.

mod common;
mod ui;

use common::blobs::put;
use egui_kittest::kittest::Queryable;
use tessera::app::accounts::tree::TabTarget;
use tessera::storage::blob::PublicAccess;
use tessera::storage::{Client, ClientOptions, Service};
use ui::TestApp;

fn second_client() -> Client {
    Client::new(common::second_account(), ClientOptions::default()).unwrap()
}

fn names_in(account: &str, container: &str) -> Vec<String> {
    let cs = common::emulator().connection_string_of(account);
    let v = common::peer::run(&cs, &["blob-names", container]);
    v["names"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect()
}

fn text_in(account: &str, container: &str, blob: &str) -> String {
    let cs = common::emulator().connection_string_of(account);
    common::peer::run(&cs, &["blob-text", container, blob])["text"]
        .as_str()
        .unwrap()
        .to_string()
}

fn wait_job(t: &mut TestApp, words: &str) {
    t.wait_for_contains(words);
}

#[test]
fn blobs_and_folders_are_pasted_into_another_account_kept_beside_skipped_moved_and_renamed() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (first, src) = common::blobs::new_container(&rt, "src");
    let second = second_client();
    let dst = common::unique("dst");
    rt.block_on(async {
        for (name, body) in [
            ("docs/a.txt", "first a"),
            ("docs/b.txt", "first b"),
            ("docs/sub/c.txt", "first c"),
            ("top.txt", "first top"),
        ] {
            put(&first, &src, name, body).await;
        }
        second.create_container(&dst, PublicAccess::None, &[]).await.unwrap();
        // Already at the target: kept, and the pasted one beside it.
        put(&second, &dst, "docs/a.txt", "second's own a").await;
    });
    let mut t = TestApp::with_accounts(
        &rt,
        &[
            ("Test emulator", &common::account()),
            ("Second", &common::second_account()),
        ],
    );
    t.open_resource("Blob containers", &src);
    t.wait_for("docs/ (folder)");
    for row in ["docs/ (folder)", "top.txt"] {
        t.harness
            .get_by_label(row)
            .click_modifiers(egui::Modifiers::CTRL | egui::Modifiers::COMMAND);
        t.step();
        t.step();
    }
    t.click("Copy");
    t.wait_for_contains("Copied 1 blob and 1 folder from");
    let open = |t: &mut TestApp, profile: &str, name: &str| {
        t.harness.state_mut().open_tab(TabTarget {
            profile_id: profile.into(),
            service: Service::Blob,
            name: name.into(),
        });
        t.step();
    };
    open(&mut t, "test-account-1", &dst);
    t.wait_for("docs/ (folder)");
    // What a paste does with a name already there: in the drop-down beside Paste here.
    t.click("Paste options");
    t.click("keep both");
    t.click_contains("Paste here: 1 blob and 1 folder from");
    wait_job(&mut t, "copied 4 blob(s)");
    let cs_name = common::SECOND_ACCOUNT;
    assert_eq!(
        names_in(cs_name, &dst),
        [
            "docs/a (1).txt",
            "docs/a.txt",
            "docs/b.txt",
            "docs/sub/c.txt",
            "top.txt"
        ]
    );
    assert_eq!(text_in(cs_name, &dst, "docs/a.txt"), "second's own a");
    assert_eq!(text_in(cs_name, &dst, "docs/a (1).txt"), "first a");
    assert_eq!(text_in(cs_name, &dst, "docs/sub/c.txt"), "first c");
    // The job lists each blob with what became of it: the one kept beside names where it went.
    t.click_contains("Items of Copy 1 blob and 1 folder from");
    t.wait_for("copied to docs/a (1).txt");
    t.wait_for("copied to docs/sub/c.txt");
    t.click("Close the items");

    // The same paste again, skipping what is there: nothing is written.
    // What a paste does with a name already there: in the drop-down beside Paste here.
    t.click("Paste options");
    t.click("skip it");
    t.click_contains("Paste here: 1 blob and 1 folder from");
    wait_job(&mut t, "copied 0 blob(s); 4 skipped (already there)");

    // A move: top.txt cut in the source, pasted over the target's copy (replace), gone from the source.
    rt.block_on(put(&first, &src, "top.txt", "first top, edited"));
    open(&mut t, "test-emulator", &src);
    t.wait_for("top.txt");
    // docs/ and top.txt are still selected: Ctrl+click takes docs/ out.
    t.harness
        .get_by_label("docs/ (folder)")
        .click_modifiers(egui::Modifiers::CTRL | egui::Modifiers::COMMAND);
    t.step();
    t.step();
    t.click("Cut");
    t.wait_for_contains("Cut 1 blob from");
    // The source's tab closes between the cut and the paste: the clipboard keeps what it needs.
    t.harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::W);
    t.step();
    open(&mut t, "test-account-1", &dst);
    t.wait_for("docs/ (folder)");
    // What a paste does with a name already there: in the drop-down beside Paste here.
    t.click("Paste options");
    t.click("replace it");
    t.click_contains("Paste here: 1 blob from");
    wait_job(&mut t, "moved 1 blob(s)");
    assert_eq!(text_in(cs_name, &dst, "top.txt"), "first top, edited");
    assert!(!names_in(common::account().name.as_str(), &src).contains(&"top.txt".to_string()));
    assert!(t.harness.state().active_blob().is_some());

    // Rename in the target: a copy to the new name, then the old one deleted.
    t.wait_for("top.txt");
    t.click("top.txt");
    t.type_into("Rename to:", "renamed.txt");
    t.click("Rename");
    wait_job(&mut t, "renamed top.txt to renamed.txt");
    let names = names_in(cs_name, &dst);
    assert!(
        names.contains(&"renamed.txt".to_string()) && !names.contains(&"top.txt".to_string()),
        "{names:?}"
    );
    assert_eq!(text_in(cs_name, &dst, "renamed.txt"), "first top, edited");
    // A rename onto a name already there is refused and changes nothing.
    t.wait_for("renamed.txt");
    t.click("renamed.txt");
    t.type_into("Rename to:", "docs/a.txt");
    t.click("Rename");
    t.wait_for_contains("A blob named docs/a.txt is already there: nothing was renamed.");
    assert_eq!(text_in(cs_name, &dst, "docs/a.txt"), "second's own a");
}
