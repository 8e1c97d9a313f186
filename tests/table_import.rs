//! Importing a CSV the way people have one (ASE #293, #7052): no key columns, a quoted value over two lines, a
//! ZIP code that must stay text, an entity already in the table, a value that is not of the type the user chose.
//! Set up in the Import window (a fixed PartitionKey, a counter, a column's type changed, Insert only), previewed,
//! written; then the same file into a new table made from the window, with new GUIDs as RowKeys. Microsoft's Python
//! SDK reads back what was written.

mod common;
mod ui;

use tessera::app::runtime::dialogs::ScriptedDialogs;
use tessera::storage::table::{EdmValue, EntityDraft};
use ui::TestApp;

const PEOPLE: &str = "Name,Age,Zip,Joined\n\
Ann,41,01234,2026-01-02T03:04:05Z\n\
\"Bo, \"\"the\"\"\nsecond\",39,98765,2026-02-03T04:05:06Z\n\
Cy,forty,10001,2026-03-04T05:06:07Z\n\
Di,22,02139,2026-04-05T06:07:08Z\n";

#[test]
fn a_csv_without_keys_is_previewed_then_imported_with_a_fixed_partition_a_counter_and_chosen_types() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let table = common::unique("import");
    rt.block_on(client.create_table(&table)).unwrap();
    // Someone's entity where the counter's second key lands: Insert only leaves it and says so.
    let existing = EntityDraft::new("people", "2").with("Name", EdmValue::String("Existing".into()));
    rt.block_on(client.insert_entity(&table, &existing)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("people.csv");
    std::fs::write(&file, PEOPLE).unwrap();

    let mut t = TestApp::with_emulator(&rt);
    let dialogs = ScriptedDialogs::new();
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_table(&table);
    dialogs.answer(Some(file.clone()));
    t.click("Export / import");
    t.click("Import…");
    t.wait_for_contains("4 rows, 4 columns");
    // No key columns in the file: a fixed PartitionKey (empty until typed) and a counter from 1 are offered.
    t.type_into("Fixed PartitionKey:", "people");
    t.wait_for_contains("Zip=01234 (String)");
    t.wait_for_contains("Joined=2026-01-02T03:04:05");
    // Age reads as text (one row says "forty"); the user wants numbers, and that row is refused in the preview.
    t.click("Type of Age");
    t.click("Int32");
    t.wait_for_contains("not written: Age: `forty` is not an Int32");
    t.wait_for_contains("Age=41 (Int32)");
    t.click("Start import");
    t.wait_for_contains(&format!(
        "Imported into {table}: 2 written, 1 skipped (already there: lines 3), 1 failed (lines 5; line 5: Age: `forty` is not an Int32"
    ));
    let report = std::fs::read_to_string(dir.path().join("people.import-report.txt")).unwrap();
    assert!(
        report.contains("line 3 (PartitionKey `people`, RowKey `2`) skipped"),
        "{report}"
    );
    assert!(report.contains("line 5"), "{report}");

    // Read back by Microsoft's SDK: the types as chosen and inferred, the text kept, the other entity untouched.
    assert_eq!(common::peer::entity_keys(&table), ["people/1", "people/2", "people/4"]);
    let ann = common::peer::entity(&table, "people", "1");
    assert_eq!(ann["Name"]["value"], "Ann");
    assert_eq!(ann["Age"]["value"], 41);
    assert_eq!(ann["Age"]["type"], "int", "{ann}");
    assert_eq!(ann["Zip"]["value"], "01234");
    assert!(
        ann["Joined"]["value"]
            .as_str()
            .unwrap()
            .starts_with("2026-01-02 03:04:05"),
        "{ann}"
    );
    assert_eq!(common::peer::entity(&table, "people", "2")["Name"]["value"], "Existing");
    assert_eq!(common::peer::entity(&table, "people", "4")["Zip"]["value"], "02139");

    // The same file into a new table made from the window, each row's RowKey a new GUID, replacing.
    let fresh = common::unique("imported");
    dialogs.answer(Some(file.clone()));
    t.click("Export / import");
    t.click("Import…");
    t.wait_for_contains("4 rows, 4 columns");
    t.type_into("Fixed PartitionKey:", "people");
    t.click("a new GUID per row");
    t.wait_for_contains("(a new GUID)");
    t.click("a new table");
    t.type_into("New table name:", "no");
    t.click("Start import");
    t.wait_for_contains("must be 3 to 63 characters long");
    t.replace_text("New table name:", &fresh);
    t.click("Replace entities already there");
    t.click("Start import");
    t.wait_for_contains(&format!("Imported into {fresh}: 4 written, 0 failed."));
    let made = common::peer::entity_keys(&fresh);
    assert_eq!(made.len(), 4, "{made:?}");
    for k in &made {
        let rk = k.strip_prefix("people/").unwrap();
        assert!(uuid::Uuid::parse_str(rk).is_ok(), "{k}");
    }
    // Age was inferred as text here ("forty" is among the values): every row was written.
    let one = common::peer::entity(&fresh, "people", made[0].strip_prefix("people/").unwrap());
    assert_eq!(one["Age"]["type"], "str", "{one}");

    // An import set up and not started counts as unsaved: closing the tab asks, and Cancel keeps it as it was.
    dialogs.answer(Some(file.clone()));
    t.click("Export / import");
    t.click("Import…");
    t.type_into("Fixed PartitionKey:", "kept");
    t.close_tab();
    t.wait_for_contains(&format!("the import of {}, set up and not started", file.display()));
    t.click("Cancel");
    assert_eq!(t.harness.state().open_tab_count(), 1);
    t.wait_for("kept");
    t.click("Cancel import");
    t.close_tab();
    assert_eq!(
        t.harness.state().open_tab_count(),
        0,
        "nothing unsaved: it closes without asking"
    );
}
