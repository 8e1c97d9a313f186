//! Find in the tree (ASE #282, #1790): the box above the tree finds containers, queues and tables of every open
//! account by any part of their names, in any case, reading each list whole without the user unfolding a node;
//! a click on what was found opens it, and clearing the box (or Escape) brings the tree back.

mod common;
mod ui;

use egui_kittest::kittest::Queryable;
use tessera::storage::blob::PublicAccess;
use ui::TestApp;

#[test]
fn the_tree_filter_finds_resources_of_every_service_by_any_part_of_the_name_in_any_case() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    // One mark in every name, in the form each service allows; and one resource without it.
    let mark = common::unique("fx").replace('-', "");
    let container = format!("alpha{mark}box");
    let queue = format!("beta{mark}line");
    let table = format!("Gamma{}Rows", mark.to_uppercase());
    let other = common::unique("other").replace('-', "");
    rt.block_on(async {
        client
            .create_container(&container, PublicAccess::None, &[])
            .await
            .unwrap();
        client.create_queue(&queue, &[]).await.unwrap();
        client.create_table(&table).await.unwrap();
        client.create_container(&other, PublicAccess::None, &[]).await.unwrap();
    });
    let mut t = TestApp::with_emulator(&rt);
    // The account is opened (as unfolding it does); no service node is unfolded.
    t.click("Test emulator");
    t.type_into("Find in the tree", &mark.to_uppercase());
    t.wait_for(&container);
    t.wait_for(&queue);
    t.wait_for(&table);
    assert!(
        t.harness.query_by_label(&other).is_none(),
        "a name without the text is not shown"
    );
    assert!(
        t.harness.query_by_label_contains("Test emulator · Queues").is_some(),
        "where each was found"
    );

    // A click on a found queue opens it, as in the tree.
    t.click(&queue);
    t.wait_app("the queue's tab", std::time::Duration::from_secs(30), |app| {
        app.active_queue().is_some()
    });
    assert_eq!(t.queue().queue(), queue);

    // Nothing found says so; Escape in the box brings the tree back.
    t.replace_text("Find in the tree", "no-such-name-anywhere");
    t.wait_for_contains("No container, queue or table of the open accounts contains");
    t.harness.get_by_label("Find in the tree").focus();
    t.key(egui::Modifiers::NONE, egui::Key::Escape);
    t.wait_for_contains("Blob containers");
    assert!(
        t.harness.query_by_label(&container).is_none(),
        "the tree is back, its nodes folded"
    );
}

fn queues_left(prefix: &str) -> Vec<String> {
    let v = common::peer::run(&common::emulator().connection_string(), &["queue-names", prefix]);
    serde_json::from_value(v["names"].clone()).unwrap()
}

/// Shift+click among what Find shows picks a range of what it shows only: the queue between two matches, which
/// Find hides, is neither picked nor deleted by "Delete the N"; and a pick made in the tree before the text was
/// typed starts over. Microsoft's Python SDK lists what is left.
#[test]
fn a_shift_click_range_in_find_holds_only_what_find_shows() {
    use egui::Modifiers;
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let prefix = common::unique("frange");
    let mark = common::unique("hit");
    let [a, b, c, d] = [
        format!("{prefix}a{mark}"),
        format!("{prefix}b"),
        format!("{prefix}c{mark}"),
        format!("{prefix}d{mark}"),
    ];
    rt.block_on(async {
        for q in [&a, &b, &c, &d] {
            client.create_queue(q, &[]).await.unwrap();
        }
    });
    let mut t = TestApp::with_emulator(&rt);
    t.click("Test emulator");
    t.click_contains("Queues");
    // Picked in the tree: a and the hidden-to-be b.
    t.click(&a);
    t.click_with(&b, Modifiers::COMMAND);
    t.type_into("Find in the tree", &mark);
    t.wait_for(&d);
    assert!(t.harness.query_by_label(&b).is_none(), "b is not found");
    t.context_click(&a);
    assert!(
        t.harness.query_by_label_contains("Delete the 2 queues").is_none(),
        "the pick made before the text starts over"
    );
    t.key(Modifiers::NONE, egui::Key::Escape);

    // A range from a to d among what is shown: a, c and d, not b.
    t.click(&a);
    t.click_with(&d, Modifiers::SHIFT);
    t.context_click(&c);
    assert!(
        t.harness.query_by_label("Delete the 4 queues…").is_none(),
        "the hidden one is not in the range"
    );
    t.click("Delete the 3 queues…");
    t.wait_for("Delete 3 queues?");
    t.click("Delete 3 queues");
    t.wait_for_contains(&format!("Deleted 3 queues: `{a}`, `{c}`, `{d}`."));
    assert_eq!(queues_left(&prefix), [b]);
}
