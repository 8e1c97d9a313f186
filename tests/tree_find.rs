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
