//! Saved queries, as a person uses them: a filter saved under a name in one table tab, run in another table's tab,
//! saved again under the same name (the button says it replaces), kept in the settings the app saves, and removed
//! only after asking.

mod common;
mod ui;

use egui_kittest::kittest::{NodeT, Queryable};
use tessera::storage::table::{EdmValue, EntityDraft};
use ui::TestApp;

fn disabled(t: &TestApp, label: &str) -> bool {
    t.harness
        .query_by_label(label)
        .is_some_and(|b| b.accesskit_node().is_disabled())
}

/// Opens the saved queries' menu unless it is open (typing in the filter box closes it, as a click outside would).
fn open_saved_queries(t: &mut TestApp) {
    t.step();
    if t.harness.query_by_label("Save as:").is_none() {
        t.click("Saved queries");
    }
}

#[test]
fn a_query_saved_in_one_table_runs_in_another_and_is_remembered_then_removed_after_asking() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let (first, second) = (common::unique("savedq"), common::unique("savedq"));
    rt.block_on(async {
        for (table, counts) in [(&first, [3, 9]), (&second, [10, 1])] {
            client.create_table(table).await.unwrap();
            for (i, n) in counts.into_iter().enumerate() {
                let e = EntityDraft::new("p", i.to_string()).with("Count", EdmValue::Int32(n));
                client.insert_entity(table, &e).await.unwrap();
            }
        }
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&first);
    t.click("Saved queries");
    t.wait_for("No saved queries yet.");
    assert!(
        disabled(&t, "Save this query"),
        "nothing to save without a filter and a name"
    );
    t.replace_text("$filter:", "Count gt 5");
    open_saved_queries(&mut t);
    t.type_into("Save as:", "big counts");
    t.click("Save this query");
    t.wait_for("big counts");
    let saved = t.harness.state().settings_to_save().saved_queries;
    assert_eq!(saved.0.len(), 1);
    assert_eq!(
        (saved.0[0].filter.as_str(), saved.0[0].table.as_str()),
        ("Count gt 5", first.as_str())
    );

    // In the other table's tab the saved query runs there.
    t.click(&second);
    t.wait_for_contains("entities loaded in");
    open_saved_queries(&mut t);
    t.click("big counts");
    t.wait_for_contains("1 entities loaded");
    assert_eq!(t.table().filter_text(), "Count gt 5");
    assert!(
        t.table().store().iter().all(|e| e.row_key() == "0"),
        "only Count 10 of this table"
    );

    // The same name again replaces, and says so first.
    t.replace_text("$filter:", "Count lt 5");
    open_saved_queries(&mut t);
    t.type_into("Save as:", "big counts");
    t.click("Replace `big counts`");
    assert_eq!(
        t.harness.state().settings_to_save().saved_queries.0[0].filter,
        "Count lt 5"
    );

    // Removed only after asking.
    open_saved_queries(&mut t);
    t.wait_for("big counts");
    t.click("Remove big counts");
    t.wait_for("Remove `big counts`?");
    t.click("Keep it");
    t.wait_for("Remove big counts");
    t.click("Remove big counts");
    t.click("Remove it");
    t.wait_for("No saved queries yet.");
    assert!(t.harness.state().settings_to_save().saved_queries.0.is_empty());
}
