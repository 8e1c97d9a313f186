//! Each pane driven by the keyboard alone, as a person without a mouse uses it: Tab through the tree and Enter
//! to open, the arrows to move, Shift to extend, Enter to open, the list's keys to act, Enter or Escape in a
//! question. What the keys changed is read back by Microsoft's Python SDK.

mod common;
mod ui;

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable, by};
use tessera::storage::queue::MessageTtl;
use tessera::storage::table::{BatchOperation, EdmValue, EntityDraft};
use ui::TestApp;

const NONE: Modifiers = Modifiers::NONE;

fn blob_names(container: &str) -> Vec<String> {
    let v = common::peer::run(&common::emulator().connection_string(), &["blob-names", container]);
    serde_json::from_value(v["names"].clone()).unwrap()
}

/// Opens a resource from the tree with Tab and Enter only: the account, its list, the resource.
fn open_by_keyboard(t: &mut TestApp, list: &str, name: &str) {
    t.tab_to("Test emulator");
    t.key(NONE, Key::Enter);
    t.tab_to(list);
    t.key(NONE, Key::Enter);
    t.tab_to(name);
    t.key(NONE, Key::Enter);
}

/// A tree node's level and expanded state, as the accessibility tree gives them to a screen reader.
fn tree_item(t: &TestApp, label: &str) -> (Option<usize>, Option<bool>) {
    let node = t.harness.get(by().role(Role::TreeItem).label_contains(label));
    let node = node.accesskit_node();
    (node.level(), node.data().is_expanded())
}

fn selected(t: &TestApp) -> Vec<String> {
    t.blob().selection().iter().cloned().collect()
}

#[test]
fn a_container_by_the_keyboard_alone_open_go_in_select_with_shift_copy_go_up_paste_rename_and_delete() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::new_container(&rt, "keys");
    rt.block_on(async {
        for name in ["a.txt", "b.txt", "docs/c.txt", "docs/d.txt"] {
            common::blobs::put(&client, &container, name, "x").await;
        }
    });
    let mut t = TestApp::with_emulator(&rt);
    open_by_keyboard(&mut t, "Blob containers", &container);
    t.wait_for("a.txt");

    // The first Down lands on the first row, the folder; Enter goes into it.
    t.key(NONE, Key::ArrowDown);
    assert_eq!(selected(&t), ["docs/"]);
    t.key(NONE, Key::Enter);
    t.wait_for("c.txt");
    assert_eq!(t.blob().prefix(), "docs/");

    // Down selects c.txt, Shift+Down extends to d.txt; Ctrl+C copies both.
    t.key(NONE, Key::ArrowDown);
    t.key(Modifiers::SHIFT, Key::ArrowDown);
    assert_eq!(selected(&t), ["docs/c.txt", "docs/d.txt"]);
    // A screen reader hears each blob as a row named by its cells, and which rows are selected.
    let row = t.harness.get(by().role(Role::Row).label_contains("c.txt"));
    let (name, picked) = (
        row.accesskit_node().label().unwrap_or_default(),
        row.accesskit_node().data().is_selected(),
    );
    assert!(name.starts_with("c.txt, available, 1 B"), "{name}");
    assert_eq!(picked, Some(true));
    t.harness.event(egui::Event::Copy);
    t.wait_for_contains("Copied 2 blobs from");

    // Backspace goes up; Ctrl+V pastes them there.
    t.key(NONE, Key::Backspace);
    t.wait_for("a.txt");
    t.harness.event(egui::Event::Paste(String::new()));
    t.wait_for("d.txt");
    assert_eq!(
        blob_names(&container),
        ["a.txt", "b.txt", "c.txt", "d.txt", "docs/c.txt", "docs/d.txt"]
    );

    // End goes to the last row; F2 puts the keyboard in the Rename box, holding the name; Enter renames.
    t.key(NONE, Key::End);
    assert_eq!(selected(&t), ["d.txt"]);
    t.key(NONE, Key::F2);
    t.step();
    let rename = t.harness.get_by_label("Rename to:");
    assert!(rename.is_focused(), "F2 puts the keyboard in the Rename box");
    t.key(Modifiers::COMMAND, Key::A);
    t.harness.get_by_label("Rename to:").type_text("e.txt");
    t.key(NONE, Key::Enter);
    t.wait_for("e.txt");

    // Home, Down: a.txt. Delete asks, the named action has the keyboard, and Enter confirms.
    t.key(NONE, Key::Home);
    t.key(NONE, Key::ArrowDown);
    assert_eq!(selected(&t), ["a.txt"]);
    t.key(NONE, Key::Delete);
    t.wait_for_contains(&format!("Delete 1 blob(s) from `{container}`?"));
    t.key(NONE, Key::Enter);
    t.wait_steps("a.txt deleted", std::time::Duration::from_secs(30), |t| {
        t.harness.query_by_label("a.txt").is_none()
    });
    assert_eq!(
        blob_names(&container),
        ["b.txt", "c.txt", "docs/c.txt", "docs/d.txt", "e.txt"]
    );
}

#[test]
fn a_table_by_the_keyboard_alone_move_to_a_row_open_its_editor_with_enter_type_and_save_with_ctrl_s() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let table = common::unique("keys");
    rt.block_on(async {
        client.create_table(&table).await.unwrap();
        let ops: Vec<_> = (0..3)
            .map(|i| {
                BatchOperation::Insert(
                    EntityDraft::new("p", format!("r{i}")).with("Name", EdmValue::String(format!("Customer {i}"))),
                )
            })
            .collect();
        client.submit_batch(&table, &ops).await.unwrap();
    });
    let mut t = TestApp::with_emulator(&rt);
    open_by_keyboard(&mut t, "Tables", &table);
    t.wait_for("Customer 2");
    // Each entity is heard as a row: its first properties, each with its name, and its place among the rows.
    let row = t.harness.get(by().role(Role::Row).label_contains("Customer 1"));
    let row = row.accesskit_node();
    assert!(
        row.label().unwrap_or_default().contains("RowKey: r1"),
        "{:?}",
        row.label()
    );
    assert_eq!(
        (row.data().position_in_set(), row.data().size_of_set()),
        (Some(2), Some(3))
    );

    // Down twice: the second row; Shift+Up extends to the first; Page Down moves to the last alone.
    t.key(NONE, Key::ArrowDown);
    t.key(NONE, Key::ArrowDown);
    t.key(Modifiers::SHIFT, Key::ArrowUp);
    let keys = |t: &TestApp| -> Vec<String> {
        t.table()
            .selected_entities()
            .iter()
            .map(|e| e.row_key().to_string())
            .collect()
    };
    assert_eq!(keys(&t), ["r0", "r1"]);
    t.key(NONE, Key::PageDown);
    assert_eq!(keys(&t), ["r2"]);
    t.key(NONE, Key::ArrowUp);
    assert_eq!(keys(&t), ["r1"]);

    // Enter opens the editor with the keyboard in the first value; Ctrl+A, typing and Ctrl+S save it.
    t.key(NONE, Key::Enter);
    t.wait_for("Value of Name");
    assert!(t.harness.get_by_label("Value of Name").is_focused());
    t.key(Modifiers::COMMAND, Key::A);
    t.harness.get_by_label("Value of Name").type_text("Renamed by keys");
    t.step();
    t.key(Modifiers::COMMAND, Key::S);
    t.wait_for("Renamed by keys");
    t.wait_steps("the save read back", std::time::Duration::from_secs(30), |_| {
        let v = common::peer::run(&common::emulator().connection_string(), &["entity", &table, "p", "r1"]);
        v["entity"]["Name"]["value"] == "Renamed by keys"
    });
}

#[test]
fn a_queue_by_the_keyboard_alone_select_peeked_messages_copy_them_and_show_one_whole() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let q = common::unique("keys");
    rt.block_on(async {
        client.create_queue(&q, &[]).await.unwrap();
        for text in ["first", "second", "third"] {
            client.put_message(&q, text, None, MessageTtl::Default).await.unwrap();
        }
    });
    let mut t = TestApp::with_emulator(&rt);
    open_by_keyboard(&mut t, "Queues", &q);
    t.wait_for("third");

    // Down, Shift+Down: the first two; Ctrl+C copies their texts, front first.
    t.key(NONE, Key::ArrowDown);
    t.key(Modifiers::SHIFT, Key::ArrowDown);
    assert_eq!(t.copied_by_ctrl_c(), "first\nsecond");
    // A screen reader hears each message as a row named by what it shows, selected or not, its place in the list.
    let row = |t: &TestApp, text: &str| {
        let node = t.harness.get(by().role(Role::Row).label_contains(text));
        let node = node.accesskit_node();
        let data = node.data();
        (
            node.label().unwrap_or_default(),
            data.is_selected(),
            data.position_in_set(),
            data.size_of_set(),
        )
    };
    let (name, selected, at, of) = row(&t, "second");
    assert!(name.contains("dequeue count 0"), "{name}");
    assert_eq!((selected, at, of), (Some(true), Some(2), Some(3)));
    assert_eq!(row(&t, "third").1, Some(false));

    // Ctrl+A takes every message peeked.
    t.key(Modifiers::COMMAND, Key::A);
    assert_eq!(t.copied_by_ctrl_c(), "first\nsecond\nthird");

    // End, then Enter shows the last whole, in a window Escape closes.
    t.key(NONE, Key::End);
    t.key(NONE, Key::Enter);
    t.wait_for("Message text");
    assert_eq!(t.harness.get_by_label("Message text").value().as_deref(), Some("third"));
    t.key(NONE, Key::Escape);
    assert!(t.harness.query_by_label("Message text").is_none(), "Escape closes it");

    // Reading by keys changed nothing: every message is there, never dequeued.
    let peeked = common::peer::run(&common::emulator().connection_string(), &["peek-details", &q, "32"]);
    let messages = peeked["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 3);
    assert!(messages.iter().all(|m| m["dequeue_count"] == 0), "{peeked}");
}

#[test]
fn in_the_tree_the_arrows_move_between_nodes_and_enter_opens_one() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_client, container) = common::blobs::new_container(&rt, "treekeys");
    let mut t = TestApp::with_emulator(&rt);
    t.tab_to("Test emulator");
    t.key(NONE, Key::Enter);
    t.wait_for_contains("Blob containers");
    t.idle_for(std::time::Duration::from_millis(300));
    // A screen reader hears a tree named as the panel, its nodes tree items at their levels, expanded or not.
    t.harness
        .get(by().role(Role::Tree).label("Explorer"))
        .get(by().role(Role::TreeItem).label("Test emulator"));
    assert_eq!(tree_item(&t, "Test emulator"), (Some(1), Some(true)));
    assert_eq!(tree_item(&t, "Blob containers"), (Some(2), Some(false)));
    // Down from the account: its first service; Enter unfolds it; Down again reaches its containers.
    t.key(NONE, Key::ArrowDown);
    let focused = |t: &TestApp, text: &str| t.harness.query_all_by_label_contains(text).any(|n| n.is_focused());
    assert!(focused(&t, "Blob containers"), "Down moved to the first service");
    t.key(NONE, Key::Enter);
    t.wait_for(&container);
    assert_eq!(tree_item(&t, "Blob containers"), (Some(2), Some(true)));
    assert_eq!(
        tree_item(&t, &container),
        (Some(3), None),
        "a resource is a leaf at the third level"
    );
    for _ in 0..200 {
        if focused(&t, &container) {
            break;
        }
        t.key(NONE, Key::ArrowDown);
    }
    assert!(focused(&t, &container), "Down reached the container");
    t.key(NONE, Key::Enter);
    t.wait_until("its tab", |h| {
        h.state().active_blob().is_some_and(|p| p.container() == container)
    });
    // The tab opened takes the keyboard: the arrows now move in its list, not in the tree.
    assert!(!focused(&t, &container));
}
