//! Two entities compared side by side through the UI against a real Azurite: two rows of one table (a type
//! change is a difference though the text agrees), and a row picked in one account's table compared with a row
//! of another account's table.

mod common;
mod ui;

use egui_kittest::kittest::Queryable;
use tessera::app::accounts::tree::TabTarget;
use tessera::storage::table::{EdmValue, EntityDraft};
use tessera::storage::{Client, Service};
use ui::TestApp;

fn entity(rk: &str, count: EdmValue, name: &str) -> EntityDraft {
    EntityDraft::new("p", rk)
        .with("Count", count)
        .with("Name", EdmValue::String(name.into()))
}

#[test]
fn rows_are_compared_in_one_table_and_across_accounts_types_included() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let first = common::client();
    let second = Client::new(common::second_account(), Default::default()).unwrap();
    let (here, there) = (
        common::unique("cmpa").replace('-', ""),
        common::unique("cmpb").replace('-', ""),
    );
    rt.block_on(async {
        first.create_table(&here).await.unwrap();
        first
            .insert_entity(&here, &entity("a", EdmValue::Int64(7), "Ada"))
            .await
            .unwrap();
        first
            .insert_entity(&here, &entity("b", EdmValue::Int64(7), "Bob"))
            .await
            .unwrap();
        second.create_table(&there).await.unwrap();
        second
            .insert_entity(&there, &entity("a", EdmValue::String("7".into()), "Ada"))
            .await
            .unwrap();
    });
    let mut t = TestApp::with_accounts(
        &rt,
        &[
            ("Test emulator", &common::account()),
            ("Second", &common::second_account()),
        ],
    );
    t.open_table(&here);
    t.click("Ada");
    t.wait_for("Bob");
    t.harness
        .get_by_label("Bob")
        .click_modifiers(egui::Modifiers::CTRL | egui::Modifiers::COMMAND);
    t.step();
    t.step();
    t.wait_for_contains("2 selected");
    t.click("Compare");
    t.click("Compare the two selected rows");
    t.wait_for_contains("2 of 4 properties differ");
    t.wait_for("RowKey (differs)");
    t.wait_for("Name (differs)");
    assert!(
        t.harness.query_by_label("Count (differs)").is_none(),
        "the same Int64 7"
    );
    assert_eq!(
        t.harness.query_all_by_label("7  (Int64)").count(),
        2,
        "the same Count is listed on both sides"
    );
    t.click("Only differences");
    t.step();
    assert!(
        t.harness.query_all_by_label("7  (Int64)").count() == 0,
        "only what differs is listed"
    );

    // Picked here, compared with a row of the other account's table: the same text, another type.
    t.click("Ada");
    t.wait_for_contains("1 selected");
    t.click("Compare");
    t.click("Pick the selected row to compare");
    t.harness.state_mut().open_tab(TabTarget {
        profile_id: "test-account-1".into(),
        service: Service::Table,
        name: there.clone(),
    });
    t.step();
    t.click("Ada");
    t.wait_for_contains("1 selected");
    t.click("Compare");
    t.click_contains("Compare with the picked row");
    t.wait_for("Count (differs)");
    t.wait_for_contains("7  (Int64)");
    t.wait_for_contains("7  (String)");
    t.wait_for_contains(&format!("Right: {there} ({}) / p / a", common::SECOND_ACCOUNT));
}
