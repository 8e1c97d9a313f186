//! A container tab's rows as a desktop list: a right-click opens a menu of what the tab's features offer on the
//! selection (with their keys), and the keys work without the menu: Delete asks first, F2 renames, Ctrl+A
//! selects every blob shown, Ctrl+C and Ctrl+V copy and paste, Backspace goes up a folder. What they change is read back by Microsoft's Python SDK.

mod common;
mod ui;

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use ui::TestApp;

fn names(container: &str) -> Vec<String> {
    let v = common::peer::run(&common::emulator().connection_string(), &["blob-names", container]);
    serde_json::from_value(v["names"].clone()).unwrap()
}

fn container(rt: &tokio::runtime::Runtime) -> String {
    let (client, container) = common::blobs::new_container(rt, "menus");
    rt.block_on(async {
        for name in ["a.txt", "b.txt", "docs/c.txt"] {
            common::blobs::put(&client, &container, name, "x").await;
        }
    });
    container
}

#[test]
fn a_right_click_on_a_row_selects_it_and_offers_the_features_actions_with_their_keys() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let container = container(&rt);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("a.txt");
    t.click("b.txt");
    // The right-clicked row was not selected: it becomes the selection, as in a file manager.
    t.context_click("a.txt");
    t.wait_until("a.txt selected", |h| {
        h.state()
            .active_blob()
            .is_some_and(|p| p.selection().iter().eq(["a.txt"]))
    });
    // Each offer is named with its key, as a screen reader announces it.
    for offered in [
        "Copy Ctrl+C",
        "Cut Ctrl+X",
        "Rename… F2",
        "Delete… Delete",
        "Download…",
        "Statistics",
    ] {
        t.wait_for(offered);
    }
    t.click("Delete… Delete");
    t.wait_for_contains(&format!("Delete 1 blob(s) from `{container}`?"));
    t.click("Delete 1 blob(s)");
    t.wait_steps("a.txt deleted", std::time::Duration::from_secs(30), |t| {
        t.harness.query_by_label("a.txt").is_none()
    });
    assert_eq!(names(&container), ["b.txt", "docs/c.txt"]);
}

#[test]
fn the_list_keys_select_all_ask_before_deleting_rename_and_go_up() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let container = container(&rt);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("a.txt");

    // Ctrl+A selects every blob shown (not the folder), and Delete asks, naming how many.
    t.harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    t.step();
    assert_eq!(t.blob().selection().len(), 2, "a.txt and b.txt");
    t.harness.key_press(Key::Delete);
    t.wait_for_contains(&format!("Delete 2 blob(s) from `{container}`?"));
    t.click("Cancel");
    assert_eq!(names(&container).len(), 3, "nothing deleted without a yes");

    // F2 puts the keyboard in the Rename box, holding the whole name; Enter renames.
    t.click("b.txt");
    t.harness.key_press(Key::F2);
    t.step();
    t.step();
    let rename = t.harness.get_by_label("Rename to:");
    assert!(rename.is_focused(), "F2 focuses the Rename box");
    assert_eq!(rename.value().as_deref(), Some("b.txt"));
    t.replace_text("Rename to:", "renamed.txt");
    t.harness.key_press(Key::Enter);
    t.wait_for("renamed.txt");
    assert_eq!(names(&container), ["a.txt", "docs/c.txt", "renamed.txt"]);

    // Ctrl+C and Ctrl+V reach the window as clipboard events (that is what it gets from the system): copied here,
    // pasted in the folder.
    t.click("a.txt");
    t.harness.event(egui::Event::Copy);
    t.wait_for_contains("Copied 1 blob from");
    t.click("docs/ (folder)");
    t.wait_for("c.txt");
    t.harness
        .event(egui::Event::Paste("what the system clipboard holds".into()));
    t.wait_for("a.txt");
    assert_eq!(names(&container), ["a.txt", "docs/a.txt", "docs/c.txt", "renamed.txt"]);

    // Backspace goes up from a folder (a text field with the keyboard keeps its Backspace).
    t.harness.key_press(Key::Backspace);
    t.wait_for("a.txt");
    assert_eq!(t.blob().prefix(), "");
}

#[test]
fn at_1400_by_900_with_the_bottom_panel_closed_the_list_gets_three_quarters_of_the_pane() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let container = container(&rt);
    let mut t = TestApp::with_emulator(&rt);
    t.click("Hide panel");
    t.open_resource("Blob containers", &container);
    t.wait_for("a.txt");
    t.click("a.txt");
    t.idle_for(std::time::Duration::from_millis(300));
    let share = t.blob().list_share();
    eprintln!("the list gets {:.1}% of the pane's height", share * 100.0);
    assert!(
        share >= 0.75,
        "the list gets {:.0}% of the pane's height",
        share * 100.0
    );
    // One toolbar row: the forms used once in a while wait behind their buttons.
    assert!(t.harness.query_by_label("Find in names:").is_none());
    assert!(t.harness.query_by_label("New blob:").is_none());
    // A tool's form opens under the toolbar and Escape closes it; the list keeps most of the pane meanwhile.
    t.click("New blob");
    t.wait_for("New blob:");
    assert!(t.blob().list_share() >= 0.7, "{}", t.blob().list_share());
    t.click("a.txt");
    t.harness.key_press(Key::Escape);
    t.step();
    t.step();
    assert!(
        t.harness.query_by_label("New blob:").is_none(),
        "Escape closes the form"
    );
    // F4 hides the details (the list takes the width) and shows them again.
    assert!(
        t.harness
            .query_by_role_and_label(egui::accesskit::Role::Tab, "Properties")
            .is_some()
    );
    t.harness.key_press(Key::F4);
    t.step();
    t.step();
    assert!(
        t.harness
            .query_by_role_and_label(egui::accesskit::Role::Tab, "Properties")
            .is_none()
    );
    t.click("Show details");
    t.wait_until("the details again", |h| {
        h.query_by_role_and_label(egui::accesskit::Role::Tab, "Properties")
            .is_some()
    });
}
