//! The table explorer driven through the UI (egui_kittest) against a real Azurite: paging, filters, sort,
//! quick filter, editing, the three ways out of a 412, deleting, and export/import of every Edm type.

mod common;
mod ui;

use std::collections::HashSet;
use std::time::Duration;

use common::unique;
use egui_kittest::kittest::Queryable;
use tessera::app::runtime::dialogs::ScriptedDialogs;
use tessera::storage::Client;
use tessera::storage::table::BatchOperation;
use tessera::storage::table::EntityDraft;
use tessera::storage::table::{EdmDateTime, EdmValue};
use tessera::storage::table::{IfMatch, UpdateMode};
use ui::TestApp;

/// A table of `count` entities in partitions p0, p1, … (100 each) with Name and Orders.
fn seeded_table(rt: &tokio::runtime::Runtime, count: usize) -> (Client, String) {
    let client = common::client();
    let table = unique("pane");
    rt.block_on(async {
        client.create_table(&table).await.unwrap();
        for p in 0..count.div_ceil(100) {
            let ops: Vec<_> = (0..100.min(count - p * 100))
                .map(|i| {
                    let n = p * 100 + i;
                    BatchOperation::Insert(
                        EntityDraft::new(format!("p{p}"), format!("r{i:03}"))
                            .with("Name", EdmValue::String(format!("Customer {n}")))
                            .with("Orders", EdmValue::Int32((n % 100) as i32)),
                    )
                })
                .collect();
            client.submit_batch(&table, &ops).await.unwrap();
        }
    });
    (client, table)
}

/// How many different PartitionKey/RowKey pairs the table tab holds.
fn distinct_keys(t: &TestApp) -> usize {
    let keys: HashSet<String> = t
        .table()
        .store()
        .iter()
        .map(|e| format!("{}/{}", e.partition_key(), e.row_key()))
        .collect();
    keys.len()
}

fn choose_page_size(t: &mut TestApp, size: &str) {
    t.click("per page");
    t.click(&format!("{size} per page"));
}

#[test]
fn pages_load_at_once_then_more_then_all_with_a_cancel_that_keeps_what_arrived_and_a_retry_that_resumes() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, table) = seeded_table(&rt, 10_000);
    // The app reaches tables through a proxy, so Load all can be slowed enough to cancel.
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Table));
    let mut t = TestApp::with_account(&rt, &account);
    t.open_table(&table);
    t.wait_for_contains("1,000 entities loaded in 1 page · more available");
    choose_page_size(&mut t, "100");
    t.click("Run query");
    t.wait_for_contains("100 entities loaded in 1 page · more available");
    t.click("Load more");
    t.wait_for_contains("200 entities loaded in 2 pages · more available");
    // Each page now waits 100 ms: the cancel surely comes while pages remain.
    proxy.always(Some(common::fault_proxy::Fault::Delay(Duration::from_millis(100))));
    t.click("Load all");
    let job = format!("Cancel Load all of {table}");
    t.click(&job);
    t.wait_for_contains("Cancelled after");
    proxy.always(None);
    let kept = t.table().store().len();
    assert!(
        (200..10_000).contains(&kept),
        "kept {kept} rows that arrived before the cancel"
    );
    assert!(t.table().has_more(), "the status still says more remains");
    assert_eq!(distinct_keys(&t), kept, "no row twice");
    // Retry in the activity list resumes into the tab from where it stopped.
    t.click(&format!("Retry Load all of {table}"));
    // (How many pages depends on where the ranges Load all reads at once were cut.)
    t.wait_for_contains("10,000 entities loaded in");
    t.wait_for_contains("· all loaded");
    assert_eq!(distinct_keys(&t), 10_000, "every row once");
    assert_eq!(t.table().store().len(), 10_000);

    // A new query cuts the old job loose: its Retry is refused instead of loading into nothing.
    t.click("Run query");
    t.wait_for_contains("100 entities loaded in 1 page · more available");
    proxy.always(Some(common::fault_proxy::Fault::Delay(Duration::from_millis(100))));
    t.click("Load all");
    t.click(&job);
    t.wait_for_contains("Cancelled after");
    proxy.always(None);
    t.click("Run query");
    t.wait_for_contains("100 entities loaded in 1 page · more available");
    t.click(&format!("Retry Load all of {table}"));
    t.wait_for_contains("the table tab no longer shows this query");
    assert_eq!(
        t.table().store().len(),
        100,
        "nothing was added to the new query's rows"
    );
}

#[test]
fn filters_from_the_builder_and_raw_text_and_a_bad_filter_is_refused() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, table) = seeded_table(&rt, 500);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.wait_for_contains("500 entities loaded");
    t.wait_for_contains("Full table scan");

    // Builder: Orders ge 95 (Int32).
    t.click("Filter builder");
    t.replace_text("Property 1.1", "Orders");
    t.type_into("Value 1.1", "95");
    t.click("Operator 1.1");
    t.click("ge");
    t.click("Type 1.1");
    t.click("Int32");
    t.click("Write filter");
    assert_eq!(t.table().filter_text(), "Orders ge 95");
    t.click("Run query");
    t.wait_for_contains("25 entities loaded");
    assert!(
        t.table()
            .store()
            .iter()
            .all(|e| e.get("Orders").unwrap().to_text().parse::<i32>().unwrap() >= 95)
    );

    // Raw text naming one partition: no full-scan warning.
    let filter = "PartitionKey eq 'p2' and Orders lt 10";
    t.replace_text("$filter:", filter);
    t.wait_for_contains("Reads only the partitions it names.");
    t.click("Run query");
    t.wait_for_contains("10 entities loaded");
    assert!(t.table().store().iter().all(|e| e.partition_key() == "p2"));

    // A bad filter says where it is wrong and sends nothing.
    t.replace_text("$filter:", "Name = 'x'");
    t.wait_for_contains("The filter is wrong at column 6");
    let requests = t.harness.state().requests().len();
    t.click("Run query");
    t.step();
    assert_eq!(t.harness.state().requests().len(), requests, "nothing was sent");
    assert!(t.table().store().len() == 10, "the loaded rows stay");
}

#[test]
fn sort_and_quick_filter_work_on_the_loaded_rows() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, table) = seeded_table(&rt, 300);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.wait_for_contains("300 entities loaded");
    t.click("Orders");
    t.wait_table("sort by Orders", |p| {
        p.sort().is_some() && !p.is_viewing() && p.view().len() == 300
    });
    let orders: Vec<i32> = t
        .table()
        .view()
        .iter()
        .map(|&i| {
            t.table()
                .store()
                .get(i)
                .get("Orders")
                .unwrap()
                .to_text()
                .parse()
                .unwrap()
        })
        .collect();
    assert!(orders.windows(2).all(|w| w[0] <= w[1]), "ascending");
    t.click("Orders ^");
    t.wait_table("sort descending", |p| {
        matches!(&p.sort(), Some((_, false))) && !p.is_viewing()
    });
    let first = t
        .table()
        .store()
        .get(t.table().view()[0])
        .get("Orders")
        .unwrap()
        .to_text()
        .into_owned();
    assert_eq!(first, "99");
    t.type_into("Find in loaded rows:", "customer 12");
    t.wait_table("filter", |p| !p.is_viewing() && p.view().len() == 11);
    t.wait_for_contains("11 shown");
}

#[test]
fn edit_and_save_writes_with_if_match() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, table) = seeded_table(&rt, 5);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.click("Customer 3");
    t.click("Edit");
    t.wait_for("Value of Name");
    t.type_into("Value of Name", " (renamed)");
    t.click("Save entity");
    t.wait_for("Customer 3 (renamed)");
    let stored = rt.block_on(client.get_entity(&table, "p0", "r003")).unwrap();
    assert_eq!(stored.get("Name").unwrap().to_text(), "Customer 3 (renamed)");
    let row = t.table().store().position("p0", "r003").unwrap();
    assert_eq!(
        t.table().store().get(row).etag(),
        stored.etag(),
        "the grid holds the new ETag"
    );
}

/// Opens the editor on (p0, r001), then lets a second client change it, then changes Name and saves.
fn provoke_412(t: &mut TestApp, rt: &tokio::runtime::Runtime, client: &Client, table: &str, theirs: &str) {
    t.click("Customer 1");
    t.click("Edit");
    t.wait_for("Value of Name");
    let current = rt.block_on(client.get_entity(table, "p0", "r001")).unwrap();
    let mut other = current.to_draft();
    other.set("Orders", EdmValue::Int32(777));
    other.set("Name", EdmValue::String(theirs.into()));
    rt.block_on(client.update_entity(
        table,
        &other,
        UpdateMode::Replace,
        &IfMatch::Etag(current.etag().unwrap().into()),
    ))
    .unwrap();
    t.type_into("Value of Name", " (mine)");
    t.click("Save entity");
    t.wait_for("Someone else changed this entity after you loaded it.");
    t.wait_for_contains("Theirs (on the server now)");
}

#[test]
fn a_412_is_resolved_by_reapplying_my_change_on_theirs() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, table) = seeded_table(&rt, 5);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    provoke_412(&mut t, &rt, &client, &table, "Their name");
    t.wait_for_contains("UpdateConditionNotSatisfied");
    t.click("Reload and re-apply my changes");
    t.click("Save entity");
    t.wait_table("save", |p| p.editor().is_none());
    let stored = rt.block_on(client.get_entity(&table, "p0", "r001")).unwrap();
    assert_eq!(stored.get("Name").unwrap().to_text(), "Customer 1 (mine)", "my change");
    assert_eq!(stored.get("Orders").unwrap().to_text(), "777", "their change kept");
}

#[test]
fn a_412_is_resolved_by_overwriting() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, table) = seeded_table(&rt, 5);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    provoke_412(&mut t, &rt, &client, &table, "Their name");
    t.click("Overwrite anyway (If-Match *)");
    t.wait_table("save", |p| p.editor().is_none());
    let stored = rt.block_on(client.get_entity(&table, "p0", "r001")).unwrap();
    assert_eq!(stored.get("Name").unwrap().to_text(), "Customer 1 (mine)");
    assert_eq!(
        stored.get("Orders").unwrap().to_text(),
        "1",
        "last writer wins: mine replaced theirs"
    );
    // The request's event may reach the inspector a frame after its reply reached the editor (seen under load).
    let sent = |app: &tessera::app::TesseraApp| app.requests().iter().filter(|e| e.method == "PUT").count();
    t.wait_app("both saves in the inspector", Duration::from_secs(30), |app| {
        sent(app) >= 2
    });
    let forced = t
        .harness
        .state()
        .requests()
        .iter()
        .filter(|e| e.method == "PUT")
        .max_by_key(|e| e.request_seq)
        .unwrap();
    assert_eq!(
        forced.request_header("if-match"),
        Some("*"),
        "the last save sent is the forced one"
    );
}

#[test]
fn a_412_is_resolved_by_discarding_mine() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, table) = seeded_table(&rt, 5);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    provoke_412(&mut t, &rt, &client, &table, "Their name");
    t.click("Discard mine");
    t.wait_for("Their name");
    let stored = rt.block_on(client.get_entity(&table, "p0", "r001")).unwrap();
    assert_eq!(stored.get("Name").unwrap().to_text(), "Their name");
}

#[test]
fn delete_selected_asks_then_deletes_per_partition() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, table) = seeded_table(&rt, 150);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.wait_for_contains("150 entities loaded");
    // Row 101 is far below: the quick filter shows it beside Customer 10 (only what is shown can be selected).
    t.type_into("Find in loaded rows:", "Customer 10");
    t.wait_table("filter", |p| p.view().len() == 11 && !p.is_viewing());
    t.click("Customer 10");
    t.wait_for("Customer 101");
    t.harness
        .get_by_label("Customer 101")
        .click_modifiers(egui::Modifiers::CTRL | egui::Modifiers::COMMAND);
    t.step();
    t.step();
    t.wait_for_contains("2 selected");
    t.click("Delete selected");
    t.wait_for_contains("Delete 2 entities from");
    t.wait_for_contains("They are in 2 partition(s)");
    t.click("Delete 2 entities");
    t.wait_for_contains("148 entities loaded");
    assert!(
        rt.block_on(client.get_entity(&table, "p0", "r010"))
            .unwrap_err()
            .is_not_found()
    );
    assert!(
        rt.block_on(client.get_entity(&table, "p1", "r001"))
            .unwrap_err()
            .is_not_found()
    );
    assert!(rt.block_on(client.get_entity(&table, "p0", "r003")).is_ok());
}

/// The Name of every selected row, sorted.
fn selected_names(t: &TestApp) -> Vec<String> {
    let p = t.table();
    let mut names: Vec<String> = p
        .selection()
        .iter()
        .map(|&i| p.store().get(i).get("Name").unwrap().to_text().into_owned())
        .collect();
    names.sort();
    names
}

fn shift_click(t: &mut TestApp, label: &str) {
    t.wait_for(label);
    t.harness.get_by_label(label).click_modifiers(egui::Modifiers::SHIFT);
    t.step();
    t.step();
}

#[test]
fn shift_click_extends_from_the_last_clicked_row_as_the_view_now_shows_it() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, table) = seeded_table(&rt, 300);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.wait_for_contains("300 entities loaded");
    t.click("Customer 1");
    // Sorted by Orders (n % 100), rows 1, 101, 201 come before 2: the range is taken in this order, not in the
    // order the rows had when Customer 1 was clicked (which would take in 100 and 200).
    t.click("Orders");
    t.wait_table("sort by Orders", |p| p.sort().is_some() && !p.is_viewing());
    shift_click(&mut t, "Customer 2");
    let mut expected: Vec<String> = [1, 2, 101, 201].iter().map(|n| format!("Customer {n}")).collect();
    expected.sort();
    assert_eq!(selected_names(&t), expected);
    // A filter that hides the selected rows drops them from the selection, and the anchor with them: a
    // Shift+click is then a plain click, not a range from a row that is no longer shown.
    t.type_into("Find in loaded rows:", "Customer 12");
    t.wait_table("filter", |p| p.view().len() == 11 && !p.is_viewing());
    t.wait_for_contains("0 selected");
    shift_click(&mut t, "Customer 120");
    assert_eq!(selected_names(&t), vec!["Customer 120".to_string()]);
}

/// Every row the grid may draw is in the store: a view of old row numbers would show other rows, or none.
fn assert_view_holds_only_existing_rows(t: &TestApp) {
    let p = t.table();
    let len = p.store().len();
    assert!(
        p.view().iter().all(|&i| (i as usize) < len),
        "the view holds row numbers past the store's {len} rows"
    );
}

#[test]
fn deleting_while_a_sort_runs_never_shows_a_row_that_is_gone() {
    // One blocking thread, which the test holds: the sort queues behind it and is surely still under way
    // (computed from the store as it was) when the delete lands and renumbers the store.
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(1)
        .build()
        .unwrap();
    let (client, table) = seeded_table(&rt, 150);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.wait_for_contains("150 entities loaded");
    t.click("Customer 2");
    shift_click(&mut t, "Customer 12");
    t.wait_for_contains("11 selected");
    let (release, gate) = std::sync::mpsc::channel::<()>();
    rt.spawn_blocking(move || gate.recv());
    t.click("Name");
    t.wait_table("the sort to start", |p| p.is_viewing());
    t.click("Delete selected");
    t.click("Delete 11 entities");
    t.wait_for_contains("139 entities loaded");
    assert_view_holds_only_existing_rows(&t);
    release.send(()).unwrap();
    // Every frame from here: the old sort's result, when it comes, must not become the view.
    t.wait_steps("the sort to end", Duration::from_secs(30), |t| {
        assert_view_holds_only_existing_rows(t);
        let p = t.table();
        !p.is_viewing() && p.view().len() == 139
    });
    let p = t.table();
    assert_eq!(p.store().len(), 139);
    assert!(
        rt.block_on(client.get_entity(&table, "p0", "r007"))
            .unwrap_err()
            .is_not_found()
    );
}

#[test]
fn typing_during_a_slow_save_keeps_the_later_edit_and_saves_only_what_was_sent() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, table) = seeded_table(&rt, 5);
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Table));
    let mut t = TestApp::with_account(&rt, &account);
    t.open_table(&table);
    t.click("Customer 3");
    t.click("Edit");
    t.wait_for("Value of Name");
    t.type_into("Value of Name", " (renamed)");
    proxy.inject([common::fault_proxy::Fault::Delay(Duration::from_millis(1500))]);
    t.click("Save entity");
    // While the save is out: Orders becomes text that is no Int32.
    t.replace_text("Value of Orders", "many");
    t.wait_for_contains("Saved what the form held when you pressed Save");
    let stored = rt.block_on(client.get_entity(&table, "p0", "r003")).unwrap();
    assert_eq!(stored.get("Name").unwrap().to_text(), "Customer 3 (renamed)");
    assert_eq!(
        stored.get("Orders").unwrap().to_text(),
        "3",
        "the later edit was not sent"
    );
    // The grid shows what was stored, with its new ETag; the editor keeps the unsaved edit.
    t.wait_for("Customer 3 (renamed)");
    let row = t.table().store().position("p0", "r003").unwrap();
    assert_eq!(t.table().store().get(row).etag(), stored.etag());
    let editor = t.table().editor().expect("the editor stays open");
    assert_eq!(
        editor.etag(),
        stored.etag().as_deref(),
        "the next save is conditional on the new ETag"
    );
    assert!(editor.texts().any(|t| t == "many"), "the later edit is kept");
}

#[test]
fn a_value_this_app_cannot_read_shows_raw_and_is_kept_through_a_save() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, table) = seeded_table(&rt, 3);
    // Another tool stored a DateTime before 1601 (the service's range starts there; Azurite keeps it).
    let body = r#"{"PartitionKey":"p0","RowKey":"odd","Name":"Odd one","Old":"1500-01-01T00:00:00Z",
        "Old@odata.type":"Edm.DateTime"}"#;
    let insert = tessera::storage::Request::new(
        tessera::storage::Service::Table,
        reqwest::Method::POST,
        "Insert by another tool",
        format!("/{table}"),
    )
    .header("content-type", "application/json;odata=nometadata")
    .header("accept", "application/json;odata=nometadata")
    .header("prefer", "return-no-content")
    .body(body);
    rt.block_on(client.send(insert)).expect("Azurite stores it");
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    // The page shows, this entity with the rest.
    t.wait_for_contains("4 entities loaded");
    t.wait_for_contains("\"1500-01-01T00:00:00Z\" [unreadable Edm.DateTime]");
    t.click("Odd one");
    t.click("Edit");
    t.wait_for("Value of Name");
    assert!(
        t.harness.query_all_by_label("Value of Old").next().is_none(),
        "no input for it"
    );
    t.type_into("Value of Name", " (edited)");
    t.click("Save entity");
    t.wait_for("Odd one (edited)");
    let cs = common::emulator().connection_string();
    let stored = common::peer::run(&cs, &["entity", &table, "p0", "odd"]);
    let entity = &stored["entity"];
    assert_eq!(entity["Name"]["value"], "Odd one (edited)");
    assert!(
        entity["Old"]["value"].as_str().unwrap().starts_with("1500-01-01"),
        "{entity}"
    );
}

fn every_type() -> EntityDraft {
    EntityDraft::new("types", "all")
        .with("S", EdmValue::String("comma, \"quotes\"\nnewline ☃".into()))
        .with("I32", EdmValue::Int32(i32::MIN))
        .with("I64", EdmValue::Int64(9_007_199_254_740_993))
        .with("D", EdmValue::Double(f64::NAN))
        .with("Third", EdmValue::Double(1.0 / 3.0))
        .with("B", EdmValue::Boolean(false))
        .with(
            "T",
            EdmValue::DateTime(EdmDateTime::parse("2026-11-22T08:30:00.1234567Z").unwrap()),
        )
        .with("G", EdmValue::Guid(uuid::Uuid::from_u128(42)))
        .with("Bin", EdmValue::Binary(vec![0, 1, 254, 255]))
}

#[test]
fn export_then_reimport_round_trips_every_type() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let table = unique("io");
    rt.block_on(client.create_table(&table)).unwrap();
    rt.block_on(client.insert_entity(&table, &every_type())).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let dialogs = ScriptedDialogs::new();
    let mut t = TestApp::with_emulator(&rt);
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t.open_table(&table);
    for (format, file) in [("CSV with types", "out.csv"), ("JSON", "out.json")] {
        let path = dir.path().join(file);
        t.click("Export / import");
        t.click(format);
        if t.harness.query_by_label("Export shown rows…").is_none() {
            t.click("Export / import");
        }
        dialogs.answer(Some(path.clone()));
        t.click("Export shown rows…");
        t.wait_for_contains(&format!("1 entities written to {}", path.display()));
        // The entity is deleted on the server, then imported back from the file.
        rt.block_on(client.delete_entity(&table, "types", "all", &IfMatch::Any))
            .unwrap();
        dialogs.answer(Some(path.clone()));
        t.click("Export / import");
        t.click("Import…");
        t.click("Start import");
        t.wait_for_contains(&format!("Imported into {table}: 1 written, 0 failed."));
        let back = rt
            .block_on(client.get_entity(&table, "types", "all"))
            .unwrap()
            .to_draft();
        for p in &every_type().properties {
            assert_eq!(back.get(&p.name), Some(&p.value), "{format}: {}", p.name);
        }
        t.harness.state_mut().clear_finished_jobs();
    }
}

#[test]
fn tables_are_created_from_the_tree_and_deleted_after_asking() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let mut t = TestApp::with_emulator(&rt);
    t.click("Test emulator");
    t.click_contains("Tables");
    t.context_click_contains("Tables");
    t.click("New table…");
    // The dialog's name field takes the keyboard at once: what is typed goes into it.
    for _ in 0..4 {
        t.step();
    }
    t.harness.event(egui::Event::Text("bad".into()));
    t.step();
    t.step();
    assert_eq!(
        t.harness.get_by_label("New table name").value().unwrap_or_default(),
        "bad",
        "typed without a click into the field"
    );
    t.replace_text("New table name", "");
    t.type_into("New table name", "bad-name");
    t.wait_for_contains("may contain only letters and digits");
    let name = unique("created");
    t.replace_text("New table name", &name);
    t.click("Create table");
    t.wait_for(&format!("Created table `{name}`."));
    t.wait_for(&name);
    assert!(rt.block_on(client.list_all_tables()).unwrap().contains(&name));
    t.context_click(&name);
    t.click("Delete…");
    t.wait_for(&format!("Delete table `{name}`?"));
    t.click(&format!("Delete {name}"));
    t.wait_for(&format!("Deleted table `{name}`."));
    assert!(!rt.block_on(client.list_all_tables()).unwrap().contains(&name));
}

#[test]
fn saving_an_entity_unchanged_writes_back_exactly_every_type_at_its_extremes() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let table = unique("lossless");
    let extremes = EntityDraft::new("edm", "extremes")
        .with("Int32Min", EdmValue::Int32(i32::MIN))
        .with("Int64Max", EdmValue::Int64(i64::MAX))
        .with("Int64Odd", EdmValue::Int64(9_007_199_254_740_993))
        .with("DoubleMax", EdmValue::Double(f64::MAX))
        .with("DoubleTiny", EdmValue::Double(5e-324))
        .with("DoubleNaN", EdmValue::Double(f64::NAN))
        .with("DoubleNegInf", EdmValue::Double(f64::NEG_INFINITY))
        .with("DateMin", EdmValue::DateTime(EdmDateTime::MIN))
        .with("DateMax", EdmValue::DateTime(EdmDateTime::MAX))
        .with("GuidVal", EdmValue::Guid(uuid::Uuid::from_u128(u128::MAX)))
        .with("BinaryVal", EdmValue::Binary((0..=255).collect()))
        .with("BoolVal", EdmValue::Boolean(false))
        .with("StringVal", EdmValue::String("x".repeat(32 * 1024)));
    rt.block_on(client.create_table(&table)).unwrap();
    rt.block_on(client.insert_entity(&table, &extremes)).unwrap();
    let before = rt.block_on(client.get_entity(&table, "edm", "extremes")).unwrap();
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.click("extremes");
    t.click("Edit");
    t.wait_for("Value of Int64Max");
    t.click("Save entity");
    t.wait_table("save", |p| p.editor().is_none());
    let after = rt.block_on(client.get_entity(&table, "edm", "extremes")).unwrap();
    assert_ne!(after.etag(), before.etag(), "it was written");
    let (b, a) = (before.to_draft(), after.to_draft());
    for p in &b.properties {
        assert_eq!(
            a.get(&p.name),
            Some(&p.value),
            "{} changed by an unchanged save",
            p.name
        );
    }
    assert_eq!(a.properties.len(), b.properties.len());
}

#[test]
fn free_mode_in_the_conflict_lab_refuses_a_save_without_an_etag_and_shows_the_lost_race() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, table) = seeded_table(&rt, 5);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.click("Customer 2");
    t.click("Open in conflict lab");
    t.wait_for_contains("A and B act on the");

    // Nothing read yet: a save "with my ETag" has none to send, and is refused before any request.
    t.click("A Save with my ETag");
    t.wait_for_contains("A holds no ETag yet");

    t.click("A Read");
    t.wait_for_contains("A: read; ETag");
    t.click("B Read");
    t.wait_for_contains("B: read; ETag");
    t.type_into("Value A writes", "first");
    t.click("A Save with my ETag");
    t.wait_for_contains("A: saved; new ETag");
    // B still holds the ETag it read before A wrote: the service refuses it.
    t.click("B Save with my ETag");
    t.wait_for_contains("UpdateConditionNotSatisfied");
    t.type_into("Value B writes", "second");
    t.click("B Save forcing (If-Match *)");
    t.wait_for_contains("B: saved; new ETag");

    let stored = rt.block_on(client.get_entity(&table, "p0", "r002")).unwrap();
    assert_eq!(
        stored.get("LabValue").unwrap().to_text(),
        "second (by B)",
        "the forced write won"
    );
}

#[test]
fn an_empty_page_with_a_token_is_followed_not_taken_for_the_end() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, table) = seeded_table(&rt, 5);
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Table));
    let mut t = TestApp::with_account(&rt, &account);
    t.open_table(&table);
    t.wait_for_contains("5 entities loaded in 1 page · all loaded");
    // The next query's first answer is empty, with a token pointing at the first entity (Azurite's tokens are
    // the keys in Base64).
    use base64::Engine;
    let token = |key: &str| base64::engine::general_purpose::STANDARD.encode(key);
    proxy.inject([common::fault_proxy::Fault::EmptyEntityPage {
        next_partition_key: token("p0"),
        next_row_key: token("r000"),
    }]);
    t.click("Run query");
    t.wait_for_contains("5 entities loaded in 2 pages · all loaded");
}

#[test]
fn the_raw_json_window_outlives_a_new_query_that_has_fewer_rows() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, table) = seeded_table(&rt, 300);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.wait_for_contains("300 entities loaded");
    t.click("Customer 5");
    t.click("Raw JSON");
    t.wait_for("Copy JSON");
    let shown = |t: &TestApp| {
        t.table()
            .json_view()
            .as_ref()
            .map(|e| e.get("Name").unwrap().to_text().into_owned())
    };
    assert_eq!(shown(&t).as_deref(), Some("Customer 5"));
    // The new query holds one row; the window kept the entity it was opened on (it held a row number before,
    // which pointed past the end and crashed the app on the next frame).
    t.replace_text("$filter:", "PartitionKey eq 'p0' and RowKey eq 'r001'");
    t.click("Run query");
    t.wait_for_contains("1 entities loaded");
    t.step();
    t.wait_for("Copy JSON");
    assert_eq!(shown(&t).as_deref(), Some("Customer 5"));
}

#[test]
fn at_1400_points_the_actions_fit_one_row_and_the_grid_keeps_20_rows_beside_the_partition_map() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let table = unique("layout");
    rt.block_on(async {
        client.create_table(&table).await.unwrap();
        let ops: Vec<_> = (0..60)
            .map(|i| BatchOperation::Insert(EntityDraft::new("p", format!("row{i:03}"))))
            .collect();
        client.submit_batch(&table, &ops).await.unwrap();
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.wait_for_contains("60 entities loaded");
    t.click("Partition map");
    t.wait_for_contains("Top partition: p with 60 entities");
    let window = t.harness.ctx.content_rect();
    // Every action of the toolbar in one row, inside the window.
    let first = t.harness.get_by_label("Add entity").rect();
    for action in [
        "Edit",
        "Delete selected",
        "Columns…",
        "Partition map",
        "Export / import",
    ] {
        let r = t.harness.get_by_label(action).rect();
        assert!(
            (r.center().y - first.center().y).abs() < 2.0,
            "`{action}` is not on the first row: {r:?} vs {first:?}"
        );
        assert!(r.max.x <= window.max.x, "`{action}` is outside the window: {r:?}");
    }
    // The quick filter stays in view, and the grid keeps at least 20 rows on screen beside the map.
    assert!(t.harness.get_by_label("Find in loaded rows:").rect().max.y < window.max.y);
    let map = t.harness.get_by_label("Scan whole table").rect();
    let rows_in_view = (0..60)
        .filter_map(|i| t.harness.query_by_label(&format!("row{i:03}")).map(|n| n.rect()))
        .filter(|r| r.max.y <= window.max.y && r.max.x <= map.min.x)
        .count();
    assert!(
        rows_in_view >= 20,
        "only {rows_in_view} rows in view with the partition map open"
    );
}

#[test]
fn a_row_fetched_with_only_the_shown_columns_is_saved_without_removing_the_rest() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, table) = seeded_table(&rt, 5);
    let cs = common::emulator().connection_string();
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.click("Presets");
    t.click("Fetch only shown columns ($select)");
    t.click("Presets");
    t.click("Columns…");
    t.harness
        .get_by_role_and_label(egui::accesskit::Role::CheckBox, "Orders")
        .click();
    t.step();
    t.step();
    // Closed again, as a person does once the columns are chosen: it would lie over the details panel.
    t.click("Columns…");
    t.click("Run query");
    t.wait_for_contains("5 entities loaded");
    t.wait_table("the rows without Orders", |p| {
        p.store().len() == 5 && p.store().get(0).get("Orders").is_none()
    });
    t.click("Customer 3");
    t.click("Edit");
    t.wait_for_contains("Loaded with only the shown columns");
    assert!(t.table().editor().unwrap().is_partial());
    t.type_into("Value of Name", " (renamed)");
    // Someone else changes a property this row never fetched: the save is refused, the edit kept.
    let mut theirs = rt.block_on(client.get_entity(&table, "p0", "r003")).unwrap().to_draft();
    theirs.set("Orders", EdmValue::Int32(99));
    rt.block_on(client.update_entity(
        &table,
        &theirs,
        tessera::storage::table::UpdateMode::Merge,
        &tessera::storage::table::IfMatch::Any,
    ))
    .unwrap();
    t.click("Save entity");
    t.wait_for_contains("Someone else changed this entity");
    t.click("Reload and re-apply my changes");
    t.click("Save entity");
    // The editor's own field also reads "(renamed)": the save has landed when the editor closes.
    t.wait_table("the save", |p| p.editor().is_none());
    t.wait_for("Customer 3 (renamed)");
    let stored = common::peer::run(&cs, &["entity", &table, "p0", "r003"]);
    let entity = &stored["entity"];
    assert_eq!(entity["Name"]["value"], "Customer 3 (renamed)", "{entity}");
    assert_eq!(
        entity["Orders"]["value"], 99,
        "the property the row never showed is still there: {entity}"
    );
    // "Load the whole entity" brings the rest into the editor, where Replace is offered again.
    t.click("Customer 3 (renamed)");
    t.click("Edit");
    t.click("Load the whole entity");
    t.wait_table("the whole entity", |p| p.editor().is_some_and(|e| !e.is_partial()));
    t.wait_for("Value of Orders");
    t.wait_for("Replace (the entity becomes exactly this)");
}

#[test]
fn deleting_rows_someone_already_deleted_counts_them_as_gone_instead_of_failing() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, table) = seeded_table(&rt, 5);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.click("Customer 1");
    t.harness
        .get_by_label("Customer 2")
        .click_modifiers(egui::Modifiers::CTRL | egui::Modifiers::COMMAND);
    t.step();
    t.step();
    t.wait_for_contains("2 selected");
    // Someone else deletes one of the two first: the batch of both is refused; the app goes one by one.
    rt.block_on(client.delete_entity(&table, "p0", "r002", &tessera::storage::table::IfMatch::Any))
        .unwrap();
    t.click("Delete selected");
    t.click("Delete 2 entities");
    t.wait_for_contains("deleted 1 entities; 1 were already gone");
    t.wait_for_contains("3 entities loaded");
    assert!(
        rt.block_on(client.get_entity(&table, "p0", "r001"))
            .unwrap_err()
            .is_not_found()
    );
    assert!(rt.block_on(client.get_entity(&table, "p0", "r003")).is_ok());
}

#[test]
fn ctrl_w_on_a_tab_with_an_unsaved_entity_edit_asks_first() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, table) = seeded_table(&rt, 3);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.click("Customer 1");
    t.click("Edit");
    t.type_into("Value of Name", " (unsaved)");
    t.harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::W);
    t.step();
    t.wait_for_contains(&format!("Close `{table}` with unsaved edits?"));
    t.wait_for_contains("the entity edit (p0, r001)");
    t.click("Cancel");
    assert_eq!(t.harness.state().open_tab_count(), 1, "the tab stays");
    assert!(t.table().editor().unwrap().texts().any(|x| x == "Customer 1 (unsaved)"));
    t.harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::W);
    t.step();
    t.click("Close and drop the edits");
    assert_eq!(t.harness.state().open_tab_count(), 0);
}

#[test]
fn the_partition_map_counts_the_new_query_even_when_it_loads_as_many_rows() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, table) = seeded_table(&rt, 200);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.replace_text("$filter:", "PartitionKey eq 'p0'");
    t.click("Run query");
    t.wait_for_contains("100 entities loaded");
    t.click("Partition map");
    t.wait_for_contains("Top partition: p0 with 100 entities");
    // Another partition, the same number of rows: the counts must be of these rows.
    t.replace_text("$filter:", "PartitionKey eq 'p1'");
    t.click("Run query");
    t.wait_table("p1 loaded", |p| {
        p.store().len() == 100 && p.store().iter().all(|e| e.partition_key() == "p1")
    });
    t.wait_for_contains("Top partition: p1 with 100 entities");
}

/// Someone else sets Orders of (p0, `row`), merging (the rest stays).
fn they_set_orders(rt: &tokio::runtime::Runtime, client: &Client, table: &str, row: &str, orders: i32) {
    let mut theirs = rt.block_on(client.get_entity(table, "p0", row)).unwrap().to_draft();
    theirs.set("Orders", EdmValue::Int32(orders));
    rt.block_on(client.update_entity(table, &theirs, UpdateMode::Merge, &IfMatch::Any))
        .unwrap();
}

/// Saves the editor on (p0, r001); Microsoft's SDK then reads my Name beside their Orders (777).
fn saves_mine_beside_theirs(t: &mut TestApp, cs: &str, table: &str) {
    t.click("Save entity");
    t.wait_table("the save", |p| p.editor().is_none());
    let stored = common::peer::run(cs, &["entity", table, "p0", "r001"]);
    let entity = &stored["entity"];
    assert_eq!(entity["Name"]["value"], "Customer 1 (mine)", "{entity}");
    assert_eq!(entity["Orders"]["value"], 777, "their change kept: {entity}");
}

#[test]
fn an_unsaved_entity_edit_survives_two_reloads_and_a_refused_save_then_saves_exactly_it() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, table) = seeded_table(&rt, 5);
    let cs = common::emulator().connection_string();
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.click("Customer 1");
    t.click("Edit");
    t.type_into("Value of Name", " (mine)");
    // Someone else changes another property; the grid is read again twice while the editor is open.
    they_set_orders(&rt, &client, &table, "r001", 777);
    for _ in 0..2 {
        t.click("Run query");
        t.wait_table("the rows read again", |p| {
            !p.is_loading()
                && p.store()
                    .iter()
                    .any(|e| e.get("Orders").is_some_and(|o| o.to_text() == "777"))
        });
        let editor = t.table().editor().expect("the editor stays open");
        assert!(
            editor.texts().any(|x| x == "Customer 1 (mine)"),
            "the edit survives the reload"
        );
    }
    // Save is conditional on the version the edit started from: refused, the edit kept, theirs beside it.
    t.click("Save entity");
    t.wait_for("Someone else changed this entity after you loaded it.");
    assert!(t.table().editor().unwrap().texts().any(|x| x == "Customer 1 (mine)"));
    let stored = common::peer::run(&cs, &["entity", &table, "p0", "r001"]);
    assert_eq!(
        stored["entity"]["Name"]["value"], "Customer 1",
        "nothing of mine was written"
    );
    t.click("Reload and re-apply my changes");
    saves_mine_beside_theirs(&mut t, &cs, &table);
}

#[test]
fn a_reload_says_the_entity_changed_under_the_edit_and_reapply_saves_without_a_412() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, table) = seeded_table(&rt, 5);
    let cs = common::emulator().connection_string();
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    // A clean editor follows what a reload brings.
    t.click("Customer 2");
    t.click("Edit");
    t.wait_for("Value of Name");
    they_set_orders(&rt, &client, &table, "r002", 555);
    t.click("Run query");
    t.wait_table("the clean editor follows the reload", |p| {
        p.editor().is_some_and(|e| e.texts().any(|x| x == "555"))
    });
    t.click("Close editor");
    // An edited one keeps the edit, says what happened, and re-applies it on their version before saving.
    t.click("Customer 1");
    t.click("Edit");
    t.type_into("Value of Name", " (mine)");
    they_set_orders(&rt, &client, &table, "r001", 777);
    t.click("Run query");
    t.wait_for_contains("Changed on the service since you opened it (Orders; now ETag");
    assert!(t.table().editor().unwrap().texts().any(|x| x == "Customer 1 (mine)"));
    assert!(
        !t.table().editor().unwrap().texts().any(|x| x == "777"),
        "the edit is not touched"
    );
    t.click("Reload and re-apply my changes");
    assert!(
        t.table().editor().unwrap().texts().any(|x| x == "777"),
        "their change is in the form"
    );
    saves_mine_beside_theirs(&mut t, &cs, &table);
}

#[test]
fn an_entity_inserted_ahead_of_its_page_is_not_shown_twice_when_that_page_loads() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, table) = seeded_table(&rt, 150);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    choose_page_size(&mut t, "100");
    t.click("Run query");
    t.wait_for_contains("100 entities loaded in 1 page · more available");
    t.click("Add entity");
    t.type_into("PartitionKey:", "p1");
    t.type_into("RowKey:", "r0005");
    t.click("Insert entity");
    t.wait_table("the insert", |p| p.editor().is_none());
    assert_eq!(t.table().store().len(), 101, "the new entity shows at once");
    t.click("Load more");
    t.wait_table("the second page", |p| !p.is_loading() && !p.has_more());
    assert_eq!(distinct_keys(&t), 151);
    assert_eq!(t.table().store().len(), 151, "the new entity is listed once");
}

#[test]
fn the_keys_of_an_insert_that_is_out_cannot_change_and_the_row_shows_the_entity_inserted() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, table) = seeded_table(&rt, 3);
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Table));
    let mut t = TestApp::with_account(&rt, &account);
    t.open_table(&table);
    t.wait_for("Customer 2");
    t.click("Add entity");
    t.type_into("PartitionKey:", "p0");
    t.type_into("RowKey:", "new");
    proxy.inject([common::fault_proxy::Fault::Delay(Duration::from_millis(1500))]);
    t.click("Insert entity");
    // While the insert is out, typing into the keys does nothing: the reply is about the keys it sent.
    t.type_into("RowKey:", "-other");
    assert_eq!(t.table().editor().unwrap().keys(), ("p0", "new"));
    t.wait_table("the insert", |p| p.editor().is_none());
    assert!(rt.block_on(client.get_entity(&table, "p0", "new")).is_ok());
    assert!(
        t.table().store().position("p0", "new").is_some(),
        "the row is the entity inserted"
    );
    assert!(t.table().store().position("p0", "new-other").is_none());
}
