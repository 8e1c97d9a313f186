//! Watching a table query through the UI against a real Azurite: what someone else writes shows in place (new
//! rows, changed cells, vanished rows kept until dismissed) with a list of what changed when, an edit open on a
//! changed row is kept, a partly loaded query reports only what falls among the rows held, and a watch pauses
//! while its tab is not shown, backs off while throttled and stops when refused.

mod common;
mod ui;

use std::time::Duration;

use egui_kittest::kittest::{NodeT, Queryable};
use tessera::app::table::features::watch::Mark;
use tessera::storage::Client;
use tessera::storage::table::{BatchOperation, EdmValue, EntityDraft, IfMatch, UpdateMode};
use ui::TestApp;

/// A table of `count` rows: p0/r000… then p1/r000…, 100 a partition.
fn seeded(rt: &tokio::runtime::Runtime, count: usize) -> (Client, String) {
    let client = common::client();
    let table = common::unique("watch").replace('-', "");
    rt.block_on(async {
        client.create_table(&table).await.unwrap();
        for p in 0..count.div_ceil(100) {
            let ops: Vec<_> = (0..100.min(count - p * 100))
                .map(|i| {
                    BatchOperation::Insert(
                        EntityDraft::new(format!("p{p}"), format!("r{i:03}"))
                            .with("Name", EdmValue::String(format!("Customer {}", p * 100 + i)))
                            .with("Orders", EdmValue::Int32(i as i32)),
                    )
                })
                .collect();
            client.submit_batch(&table, &ops).await.unwrap();
        }
    });
    (client, table)
}

fn set_orders(rt: &tokio::runtime::Runtime, client: &Client, table: &str, row: &str, orders: i32) {
    let mut theirs = rt.block_on(client.get_entity(table, "p0", row)).unwrap().to_draft();
    theirs.set("Orders", EdmValue::Int32(orders));
    rt.block_on(client.update_entity(table, &theirs, UpdateMode::Merge, &IfMatch::Any))
        .unwrap();
}

fn insert(rt: &tokio::runtime::Runtime, client: &Client, table: &str, pk: &str, rk: &str) {
    let e = EntityDraft::new(pk, rk).with("Name", EdmValue::String(format!("New {rk}")));
    rt.block_on(client.insert_entity(table, &e)).unwrap();
}

fn watch_every_second(t: &mut TestApp) {
    // The watch is a tool: its button opens its strip under the toolbar (unless it is open).
    if t.harness.query_by_label("Watch every").is_none() {
        t.click("Watch");
    }
    t.click("Watch every");
    t.harness.state_mut().active_table_mut().unwrap().set_watch(Some(1));
}

/// The changes list's text, newest first.
fn changes(t: &TestApp) -> Vec<String> {
    t.harness
        .query_all_by_label_contains(" / r")
        .filter_map(|n| n.accesskit_node().label())
        .collect()
}

#[test]
fn what_someone_else_writes_shows_in_place_and_an_open_edit_is_kept() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, table) = seeded(&rt, 5);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.wait_for("Customer 4");
    // The user is editing row 1 when someone else writes.
    t.click("Customer 1");
    t.click("Edit");
    t.type_into("Value of Name", " (mine)");
    watch_every_second(&mut t);
    t.click("Changes (0)");
    set_orders(&rt, &client, &table, "r002", 555);
    set_orders(&rt, &client, &table, "r001", 777);
    rt.block_on(client.delete_entity(&table, "p0", "r003", &IfMatch::Any))
        .unwrap();
    insert(&rt, &client, &table, "p0", "r002a");
    insert(&rt, &client, &table, "p0", "r009");
    t.wait_for_contains("p0 / r002: Orders 2 -> 555, ETag W/");
    t.wait_for_contains("p0 / r003: vanished");
    t.wait_for_contains("p0 / r002a: appeared");
    t.wait_for_contains("p0 / r009: appeared");
    // The buttons beside the watch keep their place while its reads come and go: a spinner drawn ahead of them
    // moved "Next change" under a pointer about to click it.
    let place = |t: &TestApp| t.harness.get_by_label("Next change").rect();
    let before = place(&t);
    let (mut reading, mut idle) = (false, false);
    let until = std::time::Instant::now() + Duration::from_secs(4);
    while std::time::Instant::now() < until && !(reading && idle) {
        t.harness.step();
        let r = t.table().watch_reading();
        reading |= r;
        idle |= !r;
        assert_eq!(
            place(&t),
            before,
            "Next change moved while a read was {}",
            if r { "out" } else { "not out" }
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        reading && idle,
        "a read came and went within 4 s (reading seen: {reading})"
    );
    // In place: the vanished row is still held (struck through), the new ones sit at the end.
    let p = t.table();
    assert_eq!(p.store().len(), 7);
    let row = |rk: &str| p.store().position("p0", rk).unwrap();
    let marks = p.watch_marks();
    assert_eq!(marks[&row("r003")], Mark::Vanished);
    assert_eq!(marks[&row("r002a")], Mark::New);
    assert!(
        matches!(&marks[&row("r002")], Mark::Changed(cells) if cells.len() == 1 && cells[0].name == "Orders"),
        "{:?}",
        marks[&row("r002")]
    );
    assert!(marks.get(&row("r000")).is_none(), "an unchanged row is not marked");
    t.wait_for("r002a");
    // The edit open on row 1 is kept, and says the entity changed under it.
    t.wait_for_contains("Changed on the service since you opened it (Orders; now ETag");
    assert!(t.table().editor().unwrap().texts().any(|x| x == "Customer 1 (mine)"));
    // Closing asks before dropping the edit.
    t.click("Close editor");
    t.click("Discard my changes and close");
    // Exported as JSON lines: the change with its types.
    let lines = t.copied_by_clicking("Copy changes as JSON lines");
    let changed: serde_json::Value = lines
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["RowKey"] == "r002")
        .unwrap();
    assert_eq!(changed["change"], "changed");
    assert_eq!(changed["properties"][0]["was"]["value"], "2");
    assert_eq!(changed["properties"][0]["now"]["type"], "Int32");
    // Next change walks the marked rows in the grid's order from the selected row (Customer 1, clicked to edit):
    // r002 (changed), r003 (vanished), then the new r002a and r009 at the end, then round to r001.
    let selected_key = |t: &TestApp| {
        let p = t.table();
        let row = *p.selection().iter().next().unwrap();
        p.store().get(row).row_key().to_string()
    };
    let mut walked = Vec::new();
    for _ in 0..6 {
        t.click("Next change");
        walked.push(selected_key(&t));
    }
    assert_eq!(walked, ["r002", "r003", "r002a", "r009", "r001", "r002"]);
    // Dismissed, the vanished row leaves; marks seen, the rest go.
    t.click("Dismiss vanished (1)");
    t.wait_table("the vanished row gone", |p| p.store().position("p0", "r003").is_none());
    assert_eq!(t.table().store().len(), 6);
    assert_eq!(
        t.table().watch_marks()[&t.table().store().position("p0", "r009").unwrap()],
        Mark::New,
        "the marks followed their renumbered rows"
    );
    t.click("Mark all seen");
    t.wait_table("no marks", |p| p.watch_marks().is_empty());
    // Unchanged data, more reads: nothing new is said.
    let said = changes(&t).len();
    t.idle_for(Duration::from_secs(3));
    assert_eq!(changes(&t).len(), said, "{:?}", changes(&t));
}

#[test]
fn a_partly_loaded_query_reports_only_what_falls_among_the_rows_held() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, table) = seeded(&rt, 150);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.click("per page");
    t.click("100 per page");
    t.click("Run query");
    t.wait_for_contains("100 entities loaded in 1 page · more available");
    watch_every_second(&mut t);
    t.click("Changes (0)");
    // Among the held rows, beyond them, and the last held row deleted (the read goes past where it stood).
    insert(&rt, &client, &table, "p0", "r050a");
    insert(&rt, &client, &table, "p1", "r100");
    rt.block_on(client.delete_entity(&table, "p0", "r099", &IfMatch::Any))
        .unwrap();
    t.wait_for_contains("p0 / r050a: appeared");
    t.wait_for_contains("p0 / r099: vanished");
    t.idle_for(Duration::from_secs(3));
    assert!(
        !changes(&t).iter().any(|c| c.contains("p1 /")),
        "rows beyond the loaded ones are not news: {:?}",
        changes(&t)
    );
    assert_eq!(t.table().store().len(), 101);
    // A new query between two reads: the marks describe the old rows, so they go; the watch goes on.
    t.click("Run query");
    t.wait_for_contains("100 entities loaded in 1 page · more available");
    assert!(t.table().watch_marks().is_empty());
    set_orders(&rt, &client, &table, "r010", 4242);
    t.wait_for_contains("p0 / r010: Orders 10 -> 4242");
}

/// Queries of `table` the inspector has seen.
fn queries_of(t: &TestApp, table: &str) -> usize {
    t.harness
        .state()
        .requests()
        .iter()
        .filter(|e| e.method == "GET" && e.resource.contains(table))
        .count()
}

#[test]
fn a_watch_pauses_while_its_tab_is_hidden_backs_off_while_throttled_and_stops_when_refused() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, table) = seeded(&rt, 3);
    let (_, other) = seeded(&rt, 1);
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Table));
    let mut t = TestApp::with_account(&rt, &account);
    t.open_table(&table);
    watch_every_second(&mut t);
    let first = queries_of(&t, &table);
    t.wait_steps("a read of the watch", Duration::from_secs(60), |t| {
        queries_of(t, &table) > first
    });
    // Another tab in front: the watched table is not read (one read already out may still land).
    t.click(&other);
    t.wait_for_contains("1 entities loaded");
    let hidden = queries_of(&t, &table);
    t.idle_for(Duration::from_secs(4));
    assert!(queries_of(&t, &table) <= hidden + 1, "a tab not shown kept reading");
    t.harness.state_mut().activate_tab(0);
    t.watch_backs_off_then_stops(&proxy, "throttled: every 2 s");
    assert!(!t.table().is_watching());
}

#[test]
fn the_editor_shows_every_version_seen_this_run_and_what_changed_between_two() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, table) = seeded(&rt, 3);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.click("Customer 1");
    t.click("Edit");
    t.details_tab("History");
    t.wait_for("History: one version seen");
    watch_every_second(&mut t);
    set_orders(&rt, &client, &table, "r001", 10);
    t.wait_for("History: 2 versions seen this run");
    set_orders(&rt, &client, &table, "r001", 20);
    t.wait_for("History: 3 versions seen this run");
    // The last two by default; then the first against the last.
    t.wait_for("Versions 2 to 3: Orders 10 -> 20");
    t.click("A1");
    t.wait_for("Versions 1 to 3: Orders 1 -> 20");
    t.wait_for_contains(" loaded");
    assert_eq!(t.harness.query_all_by_label_contains(" watched").count(), 2);
    // A save here is a version too.
    t.details_tab("Properties");
    t.replace_text("Value of Name", "Saved name");
    t.click("Save entity");
    t.wait_table("the save", |p| p.editor().is_none());
    t.details_tab("History");
    t.wait_for("History: 4 versions seen this run");
}

#[test]
fn a_row_saved_ahead_of_its_page_does_not_make_the_rows_after_it_look_vanished() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, table) = seeded(&rt, 150);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.click("per page");
    t.click("100 per page");
    t.click("Run query");
    t.wait_for_contains("100 entities loaded in 1 page · more available");
    // Saved here, it joins the end of the loaded rows though its key sorts second: the first page now ends one
    // row earlier, and r099 moves to the second.
    t.click("Add entity");
    t.type_into("PartitionKey:", "p0");
    t.type_into("RowKey:", "r0005");
    t.click("Insert entity");
    t.wait_table("the insert", |p| p.editor().is_none());
    t.click("Watch");
    t.click("Changes (0)");
    watch_every_second(&mut t);
    let before = queries_of(&t, &table);
    t.wait_steps("three reads of the watch", Duration::from_secs(60), |t| {
        queries_of(t, &table) >= before + 3
    });
    assert!(
        changes(&t).is_empty() && t.table().watch_marks().is_empty(),
        "nothing changed, nothing is said: {:?}",
        changes(&t)
    );
}

#[test]
fn a_read_out_while_the_user_saves_does_not_bring_the_old_row_back() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, table) = seeded(&rt, 3);
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Table));
    let mut t = TestApp::with_account(&rt, &account);
    t.open_table(&table);
    t.click("Customer 1");
    t.click("Edit");
    t.replace_text("Value of Name", "Mine");
    t.click("Watch");
    t.click("Changes (0)");
    // The watch's first read is held 3 s by the proxy; the save goes through meanwhile.
    proxy.inject([common::fault_proxy::Fault::Delay(Duration::from_secs(3))]);
    let before = queries_of(&t, &table);
    watch_every_second(&mut t);
    t.wait_table("the read out", |p| p.is_watching());
    t.click("Save entity");
    t.wait_table("the save", |p| p.editor().is_none());
    // The held read answers with the row as it was before the save: it was about other rows than the grid's
    // now, so it is dropped, and the next reads find nothing changed.
    t.wait_steps("the held read and two more", Duration::from_secs(60), |t| {
        queries_of(t, &table) >= before + 3
    });
    let p = t.table();
    let row = p.store().position("p0", "r001").unwrap();
    assert_eq!(
        p.store().get(row).get("Name").map(|v| v.to_text().into_owned()),
        Some("Mine".to_string()),
        "the saved row stays"
    );
    assert!(
        changes(&t).is_empty(),
        "nothing is said to have changed: {:?}",
        changes(&t)
    );
    assert!(p.watch_marks().is_empty());
}
