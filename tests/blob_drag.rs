//! Blobs dragged with the pointer: onto a folder's row of the list (moved there), and onto another container in
//! the tree with Ctrl held (copied to its root), each through the same paste job as Paste here. What each drop
//! did is read back by Microsoft's Python SDK.

mod common;
mod ui;

use egui::{Modifiers, PointerButton, Pos2};
use egui_kittest::kittest::Queryable;
use ui::TestApp;

fn names(container: &str) -> Vec<String> {
    let v = common::peer::run(&common::emulator().connection_string(), &["blob-names", container]);
    serde_json::from_value(v["names"].clone()).unwrap()
}

/// Presses on `from`, moves in small steps to `to` (with `modifiers` held from the start), and lets go there.
fn drag(t: &mut TestApp, from: Pos2, to: Pos2, modifiers: Modifiers) {
    let h = &mut t.harness;
    h.event(egui::Event::ModifiersChanged(modifiers));
    h.event(egui::Event::PointerMoved(from));
    h.step();
    h.event(egui::Event::PointerButton {
        pos: from,
        button: PointerButton::Primary,
        pressed: true,
        modifiers,
    });
    h.step();
    for k in 1..=12 {
        h.event(egui::Event::PointerMoved(from.lerp(to, k as f32 / 12.0)));
        h.step();
    }
    h.event(egui::Event::PointerButton {
        pos: to,
        button: PointerButton::Primary,
        pressed: false,
        modifiers,
    });
    h.step();
    h.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    h.step();
    h.step();
}

fn center(t: &TestApp, label: &str) -> Pos2 {
    t.harness.get_all_by_label(label).next().unwrap().rect().center()
}

#[test]
fn a_blob_dragged_onto_a_folder_moves_there_and_one_dragged_onto_a_container_with_ctrl_is_copied() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::new_container(&rt, "drag");
    let (_, other) = common::blobs::new_container(&rt, "dropto");
    rt.block_on(async {
        for name in ["a.txt", "b.txt", "docs/c.txt"] {
            common::blobs::put(&client, &container, name, "x").await;
        }
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("a.txt");
    t.wait_for(&other);

    // a.txt onto the folder's row: a move, as in a file manager.
    let (from, to) = (center(&t, "a.txt"), center(&t, "docs/ (folder)"));
    drag(&mut t, from, to, Modifiers::NONE);
    t.wait_steps("the move read back", std::time::Duration::from_secs(30), |_| {
        names(&container) == ["b.txt", "docs/a.txt", "docs/c.txt"]
    });

    // b.txt onto the other container in the tree, with Ctrl: a copy to its root; the source stays. The list is
    // read again after the move first: a row's place taken from the old list would pick up the folder's row that
    // moves into it (seen under load).
    t.wait_steps(
        "the list read again after the move",
        std::time::Duration::from_secs(30),
        |t| !t.blob().is_listing() && t.blob().blobs().iter().all(|b| b.name != "a.txt"),
    );
    t.step();
    t.step();
    t.wait_for("b.txt");
    let (from, to) = (center(&t, "b.txt"), center(&t, &other));
    drag(&mut t, from, to, Modifiers::COMMAND);
    t.wait_steps("the copy read back", std::time::Duration::from_secs(30), |_| {
        names(&other) == ["b.txt"]
    });
    assert_eq!(names(&container), ["b.txt", "docs/a.txt", "docs/c.txt"]);
    // The drop opened the container it landed on.
    t.wait_until("the other container's tab", |h| {
        h.state().active_blob().is_some_and(|p| p.container() == other)
    });
}
