//! Comparing a table of one account with a table of another through the UI against a real Azurite: the counts
//! and the differences (types included), the JSON lines, copying the differences one way as a confirmed job
//! (read back by Microsoft's Python SDK), and a copy that meets a row written on the target since the compare,
//! which is skipped in words rather than overwritten.

mod common;
mod ui;

use egui_kittest::kittest::Queryable;
use tessera::app::accounts::tree::TabTarget;
use tessera::storage::table::{EdmValue, EntityDraft};
use tessera::storage::{Client, Service};
use ui::TestApp;

fn row(i: usize, n: EdmValue, name: &str) -> EntityDraft {
    EntityDraft::new("p0", format!("r{i:03}"))
        .with("N", n)
        .with("Name", EdmValue::String(name.into()))
}

#[test]
fn two_tables_of_two_accounts_are_compared_and_their_differences_copied_one_way() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (here, there) = (
        common::client(),
        Client::new(common::second_account(), Default::default()).unwrap(),
    );
    let (mine, theirs) = (
        common::unique("diffa").replace('-', ""),
        common::unique("diffb").replace('-', ""),
    );
    rt.block_on(async {
        here.create_table(&mine).await.unwrap();
        there.create_table(&theirs).await.unwrap();
        for i in 0..10 {
            here.insert_entity(&mine, &row(i, EdmValue::Int32(i as i32), "same"))
                .await
                .unwrap();
        }
        // Theirs: r003's N another type, r005 missing, r007 renamed, r010 added.
        for i in (0..11).filter(|&i| i != 5) {
            let n = if i == 3 {
                EdmValue::Int64(3)
            } else {
                EdmValue::Int32(i as i32)
            };
            let name = if i == 7 { "renamed" } else { "same" };
            there.insert_entity(&theirs, &row(i, n, name)).await.unwrap();
        }
    });
    let mut t = TestApp::with_accounts(
        &rt,
        &[
            ("Test emulator", &common::account()),
            ("Second", &common::second_account()),
        ],
    );
    // Their query picked in the second account's tab, compared from mine.
    t.open_table(&mine);
    // Opening the second account in the tree connects it.
    t.click("Second");
    t.harness.state_mut().open_tab(TabTarget {
        profile_id: "test-account-1".into(),
        service: Service::Table,
        name: theirs.clone(),
    });
    t.wait_for_contains("10 entities loaded");
    t.click("Compare");
    t.click("Pick this query to compare tables");
    t.harness.state_mut().activate_tab(0);
    t.step();
    t.click("Compare");
    t.click_contains("Compare this query with the picked one");
    t.wait_for_contains("Only in left: 1 · only in right: 1 · different: 2 · same: 7");
    t.wait_for("p0 / r003: differs: N");
    t.wait_for("p0 / r007: differs: Name");
    t.wait_for("p0 / r005: only in right");
    t.wait_for("p0 / r010: only in left");
    let lines = t.copied_by_clicking("Copy differences as JSON lines");
    let r003: serde_json::Value = lines
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["RowKey"] == "r003")
        .unwrap();
    assert_eq!(r003["difference"], "different");
    assert_eq!(r003["left"]["N@odata.type"], "Edm.Int64", "{r003}");

    // Left to right: r010 inserted, r003 and r007 replaced; r005 (only mine) is not deleted.
    t.click("Copy left to right (3 writes)…");
    t.click("Write 3 rows");
    t.wait_for_contains("Only in left: 0 · only in right: 1 · different: 0 · same: 10");
    let cs = common::emulator().connection_string();
    let read = |rk: &str| common::peer::run(&cs, &["entity", &mine, "p0", rk])["entity"].clone();
    assert_eq!(read("r003")["N"]["type"], "Edm.Int64");
    assert_eq!(read("r007")["Name"]["value"], "renamed");
    assert_eq!(read("r010")["Name"]["value"], "same");
    assert_eq!(read("r005")["Name"]["value"], "same", "only mine, kept");

    // Right to left, but someone writes r005 on their side before the copy: it is skipped, in words.
    rt.block_on(there.insert_entity(&theirs, &row(5, EdmValue::Int32(55), "theirs")))
        .unwrap();
    t.click("Copy right to left (1 writes)…");
    t.click("Write 1 rows");
    t.wait_for_contains("1 skipped because the target changed since the compare");
    t.wait_for_contains("Only in left: 0 · only in right: 0 · different: 1 · same: 10");
    let cs2 = common::emulator().connection_string_of(common::SECOND_ACCOUNT);
    let theirs_r005 = common::peer::run(&cs2, &["entity", &theirs, "p0", "r005"])["entity"].clone();
    assert_eq!(theirs_r005["Name"]["value"], "theirs", "their row was not overwritten");
}

#[test]
fn a_table_compared_with_its_index_table_and_the_index_mended() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let main = common::unique("people").replace('-', "");
    let index = common::unique("byemail").replace('-', "");
    let person = |i: usize, name: &str| {
        EntityDraft::new("people", format!("p{i}"))
            .with("Email", EdmValue::String(format!("user{i}@example.com")))
            .with("Name", EdmValue::String(name.into()))
            .with("Age", EdmValue::Int32(30 + i as i32))
    };
    let entry = |i: usize, name: &str| {
        EntityDraft::new(format!("user{i}@example.com"), format!("p{i}"))
            .with("Name", EdmValue::String(name.into()))
            .with("Note", EdmValue::String("the index's own".into()))
    };
    rt.block_on(async {
        client.create_table(&main).await.unwrap();
        client.create_table(&index).await.unwrap();
        for i in 0..5 {
            client
                .insert_entity(&main, &person(i, &format!("Person {i}")))
                .await
                .unwrap();
        }
        // 0-2 indexed right, 3 with a stale copy, 4 missing, and one entry for nobody.
        for i in 0..3 {
            client
                .insert_entity(&index, &entry(i, &format!("Person {i}")))
                .await
                .unwrap();
        }
        client.insert_entity(&index, &entry(3, "Old name")).await.unwrap();
        client.insert_entity(&index, &entry(9, "Gone")).await.unwrap();
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&main);
    t.click("Compare");
    t.click("Compare with an index table…");
    t.type_into("Index table:", &index);
    t.type_into("Its PartitionKey from:", "Email");
    t.replace_text("Its RowKey from:", "Email");
    t.type_into("Copied properties:", "Name");
    // Checked before anything is read.
    let sent = t.harness.state().requests().len();
    t.click("Compare with the index");
    t.wait_for_contains("cannot give both keys");
    assert_eq!(
        t.harness.state().requests().len(),
        sent,
        "nothing sent for a bad mapping"
    );
    t.replace_text("Its RowKey from:", "RowKey");
    t.click("Compare with the index");
    t.wait_for_contains("Only in left: 1 · only in right: 1 · different: 1 · same: 3");
    t.wait_for_contains("entries missing from the index");
    t.wait_for("user4@example.com / p4: only in left");
    t.wait_for("user9@example.com / p9: only in right");
    t.wait_for("user3@example.com / p3: differs: Name");
    // Mended: the missing entry added, the stale copy merged (the entry's own property kept); the orphan stays.
    t.click("Copy left to right (2 writes)…");
    t.click("Write 2 rows");
    t.wait_for_contains("Only in left: 0 · only in right: 1 · different: 0 · same: 5");
    let cs = common::emulator().connection_string();
    let read = |pk: &str, rk: &str| common::peer::run(&cs, &["entity", &index, pk, rk])["entity"].clone();
    let mended = read("user3@example.com", "p3");
    assert_eq!(mended["Name"]["value"], "Person 3");
    assert_eq!(mended["Note"]["value"], "the index's own", "merged, not replaced");
    assert_eq!(read("user4@example.com", "p4")["Name"]["value"], "Person 4");
    assert_eq!(
        read("user9@example.com", "p9")["Name"]["value"],
        "Gone",
        "nothing deleted"
    );
}

#[test]
fn a_table_compared_with_its_own_export_after_someone_changed_it() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let table = common::unique("exported").replace('-', "");
    rt.block_on(async {
        client.create_table(&table).await.unwrap();
        for i in 0..6 {
            let n = if i == 2 {
                EdmValue::Int64(2)
            } else {
                EdmValue::Int32(i as i32)
            };
            client.insert_entity(&table, &row(i, n, "as exported")).await.unwrap();
        }
    });
    let dialogs = tessera::app::runtime::dialogs::ScriptedDialogs::new();
    let mut t = TestApp::with_emulator(&rt);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_table(&table);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("backup.json");
    t.click("Export / import");
    t.click("JSON");
    if t.harness.query_by_label("Export whole query…").is_none() {
        t.click("Export / import");
    }
    dialogs.answer(Some(file.clone()));
    t.click("Export whole query…");
    t.wait_steps("the export written", std::time::Duration::from_secs(60), |_| {
        file.exists()
    });
    // Someone changes the table after the export: one row rewritten, one deleted, one added.
    rt.block_on(async {
        use tessera::storage::table::{IfMatch, UpdateMode};
        client
            .update_entity(
                &table,
                &row(1, EdmValue::Int32(1), "changed"),
                UpdateMode::Replace,
                &IfMatch::Any,
            )
            .await
            .unwrap();
        client.delete_entity(&table, "p0", "r004", &IfMatch::Any).await.unwrap();
        client
            .insert_entity(&table, &row(9, EdmValue::Int32(9), "new"))
            .await
            .unwrap();
    });
    t.click("Run query");
    dialogs.answer(Some(file.clone()));
    t.click("Compare");
    t.click("Compare with an exported file…");
    t.wait_for_contains("Only in left: 1 · only in right: 1 · different: 1 · same: 4");
    t.wait_for("p0 / r001: differs: Name");
    // The file is never written; back into the table: the deleted row and the old values (If-Match).
    t.click("Copy left to right (2 writes)…");
    t.click("Write 2 rows");
    t.wait_for_contains("Only in left: 0 · only in right: 1 · different: 0 · same: 6");
    let cs = common::emulator().connection_string();
    let read = |rk: &str| common::peer::run(&cs, &["entity", &table, "p0", rk])["entity"].clone();
    assert_eq!(read("r001")["Name"]["value"], "as exported");
    assert_eq!(read("r002")["N"]["type"], "Edm.Int64", "types kept through the file");
    assert_eq!(read("r004")["Name"]["value"], "as exported");
    assert_eq!(read("r009")["Name"]["value"], "new", "nothing deleted");
    // A file that cannot be read says so, in words.
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, "[{\"PartitionKey\": 1}").unwrap();
    dialogs.answer(Some(broken));
    t.click("Compare");
    t.click("Compare with an exported file…");
    t.wait_for_contains("The file is not a JSON array of entities");
}
