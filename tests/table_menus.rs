//! A table tab's rows as a desktop list: a right-click on a row opens a menu of what the tab and its features
//! offer on the selection, each with its key, and the keys work without the menu: Ctrl+A selects every row
//! shown, Delete asks first, Enter edits, Ctrl+C copies the rows as JSON. What is deleted is read back by
//! Microsoft's Python SDK.

mod common;
mod ui;

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use tessera::storage::table::{BatchOperation, EdmValue, EntityDraft};
use ui::TestApp;

fn seeded(rt: &tokio::runtime::Runtime) -> String {
    let client = common::client();
    let table = common::unique("menus");
    rt.block_on(async {
        client.create_table(&table).await.unwrap();
        let ops: Vec<_> = (0..5)
            .map(|i| {
                BatchOperation::Insert(
                    EntityDraft::new("p", format!("r{i}")).with("Name", EdmValue::String(format!("Customer {i}"))),
                )
            })
            .collect();
        client.submit_batch(&table, &ops).await.unwrap();
    });
    table
}

fn count(table: &str) -> u64 {
    common::peer::run(&common::emulator().connection_string(), &["bench-list-entities", table])["count"]
        .as_u64()
        .unwrap()
}

#[test]
fn a_right_click_on_a_row_offers_the_tabs_actions_with_their_keys() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let table = seeded(&rt);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.wait_for("Customer 4");
    t.click("Customer 1");
    // A right-click outside the selection selects that row first.
    t.context_click("Customer 3");
    t.wait_table("Customer 3 selected", |p| {
        p.selected_entities().iter().map(|e| e.row_key()).eq(["r3"])
    });
    for offered in [
        "Edit… Enter",
        "Copy as JSON Ctrl+C",
        "Copy as TSV",
        "Delete selected… Delete",
        "Clone…",
        "Open in conflict lab",
    ] {
        t.wait_for(offered);
    }
    t.click("Raw JSON");
    t.wait_until("the raw JSON of r3", |h| {
        h.state()
            .active_table()
            .and_then(|p| p.json_view())
            .is_some_and(|e| e.row_key() == "r3")
    });
    t.context_click("Customer 3");
    t.click("Delete selected… Delete");
    t.wait_for_contains(&format!("Delete 1 entities from `{table}`?"));
    t.click("Delete 1 entities");
    t.wait_table("r3 gone", |p| p.store().position("p", "r3").is_none());
    assert_eq!(count(&table), 4);
}

#[test]
fn the_grid_keys_select_all_ask_before_deleting_copy_and_edit() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let table = seeded(&rt);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.wait_for("Customer 4");
    t.harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    t.step();
    assert_eq!(t.table().selection().len(), 5);
    t.harness.key_press(Key::Delete);
    t.wait_for_contains(&format!("Delete 5 entities from `{table}`?"));
    t.click("Cancel");
    assert_eq!(count(&table), 5, "nothing deleted without a yes");

    // Ctrl+C reaches the window as a clipboard event: the selected row is copied as JSON.
    t.click("Customer 2");
    t.harness.event(egui::Event::Copy);
    t.step();
    let copied = t
        .harness
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        });
    let copied: serde_json::Value = serde_json::from_str(&copied.expect("Ctrl+C copied the row")).unwrap();
    assert_eq!(copied[0]["RowKey"], "r2");

    // Enter opens the editor on the selected row (the click on the row took the keyboard from any button).
    t.harness.key_press(Key::Enter);
    t.wait_for("Value of Name");
    assert_eq!(
        t.harness.get_by_label("Value of Name").value().as_deref(),
        Some("Customer 2")
    );
}
