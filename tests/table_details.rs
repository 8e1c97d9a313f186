//! A table tab's details panel, docked beside the grid: the selected entity's properties as stored, its editor
//! in the same panel, and an edit that survives the selection moving, another Edit, a refresh and the panel
//! hidden and shown again between the user's steps. What it saves is read back by Microsoft's Python SDK.

mod common;
mod ui;

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use tessera::storage::table::{BatchOperation, EdmValue, EntityDraft};
use ui::TestApp;

fn stored(table: &str, row_key: &str) -> serde_json::Value {
    common::peer::run(
        &common::emulator().connection_string(),
        &["entity", table, "p", row_key],
    )["entity"]
        .clone()
}

#[test]
fn the_details_panel_shows_the_selected_entity_and_keeps_an_edit_while_the_selection_a_refresh_and_f4_fall_between() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let table = common::unique("details");
    rt.block_on(async {
        client.create_table(&table).await.unwrap();
        let ops: Vec<_> = (0..2)
            .map(|i| {
                BatchOperation::Insert(
                    EntityDraft::new("p", format!("r{i}"))
                        .with("Name", EdmValue::String(format!("Customer {i}")))
                        .with("Visits", EdmValue::Int32(40 + i)),
                )
            })
            .collect();
        client.submit_batch(&table, &ops).await.unwrap();
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.wait_for("Customer 1");

    // A click shows the row's properties as stored, with their types; the panel has the tabs the entity has.
    t.click("Customer 0");
    t.wait_for("Entity (p, r0)");
    assert!(
        t.harness.query_by_label("Visits is Int32").is_some(),
        "the type beside the value"
    );
    assert!(t.harness.query_by_label("Visits: 40").is_some(), "the value as stored");
    assert!(t.harness.query_by_role_and_label(Role::Tab, "History").is_some());
    assert!(t.table().editor().is_none(), "showing is not editing");
    // It follows the selection.
    t.click("Customer 1");
    t.wait_for("Entity (p, r1)");
    assert!(t.harness.query_by_label("Entity (p, r0)").is_none());

    // Edit opens the editor in the same panel, the keyboard in the first value.
    t.click("Edit this entity");
    t.wait_for("Value of Name");
    assert!(t.harness.get_by_label("Value of Name").is_focused());
    t.replace_text("Value of Name", "Mine");
    // The selection moves: the edit stays, about its own entity.
    t.click("Customer 0");
    assert_eq!(t.table().editor().unwrap().keys(), ("p", "r1"));
    assert!(t.table().editor().unwrap().texts().any(|x| x == "Mine"));
    // Edit on the other row does not drop it: the panel says why.
    t.click("Edit");
    t.wait_for_contains("Save or close this edit of (p, r1) before editing another entity.");
    assert_eq!(t.table().editor().unwrap().keys(), ("p", "r1"));

    // F4's button hides the panel (the grid takes its room); a refresh runs meanwhile; shown again, the edit is
    // as it was.
    t.click("Hide details");
    assert!(
        t.harness.query_by_label("Value of Name").is_none(),
        "the panel is hidden"
    );
    t.click("Run query");
    t.wait_for("Customer 0");
    t.click("Show details");
    t.wait_for("Value of Name");
    assert!(t.table().editor().unwrap().texts().any(|x| x == "Mine"));

    // Saved, the editor goes; the service holds the edit, and the other row is untouched.
    t.click("Save entity");
    t.wait_table("the save", |p| p.editor().is_none());
    assert_eq!(stored(&table, "r1")["Name"]["value"], "Mine");
    assert_eq!(stored(&table, "r1")["Visits"]["value"], 41);
    assert_eq!(stored(&table, "r0")["Name"]["value"], "Customer 0");

    // Hidden, the panel stays hidden until an editor is opened: Edit shows it again with the form.
    t.click("Hide details");
    t.click("Customer 0");
    assert!(
        t.harness.query_by_label("Entity (p, r0)").is_none(),
        "hidden is remembered"
    );
    t.click("Edit");
    t.wait_for("Value of Name");
    assert!(t.harness.query_by_label("Hide details").is_some());
}
