//! Table queries with contains / starts with / ends with / any case, which OData lacks: written in the filter
//! builder, the service's part sent as usual and the rest matched here over every page as it streams, with
//! progress and Cancel; a Cancel, a row written meanwhile and a second run fall between the user's steps.

mod common;
mod ui;

use std::collections::BTreeSet;
use std::time::Duration;

use egui_kittest::kittest::Queryable;
use tessera::storage::Service;
use tessera::storage::table::{BatchOperation, EdmValue, EntityDraft};
use ui::TestApp;

const ROWS: usize = 2_000;

/// The name of row `i`: every seventh holds "kraft" in one case or another.
fn name(i: usize) -> String {
    match (i % 7, i % 3) {
        (0, 0) => format!("Ørsted KRAFT {i}"),
        (0, 1) => format!("kraft {i}"),
        (0, _) => format!("Nordkraft AS {i}"),
        _ => format!("Other {i}"),
    }
}

fn matching_rows(t: &TestApp) -> BTreeSet<String> {
    let store = t.table().store();
    let keys: BTreeSet<String> = store.iter().map(|e| e.row_key().to_string()).collect();
    assert_eq!(keys.len(), store.len(), "no row twice");
    keys
}

#[test]
fn contains_in_any_case_runs_here_over_every_page_with_progress_and_a_cancel_that_resumes() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let table = common::unique("contains");
    rt.block_on(async {
        client.create_table(&table).await.unwrap();
        // One partition: one chain of pages, so the read takes long enough behind the proxy to be cancelled.
        for chunk in (0..ROWS).collect::<Vec<_>>().chunks(100) {
            let ops: Vec<_> = chunk
                .iter()
                .map(|&i| {
                    BatchOperation::Insert(
                        EntityDraft::new("p", format!("r{i:04}"))
                            .with("Name", EdmValue::String(name(i)))
                            .with("Count", EdmValue::Int32(i as i32)),
                    )
                })
                .collect();
            client.submit_batch(&table, &ops).await.unwrap();
        }
    });
    let expected: BTreeSet<String> = (0..ROWS).filter(|i| i % 7 == 0).map(|i| format!("r{i:04}")).collect();
    let (account, proxy) = rt.block_on(common::account_through_proxy(Service::Table));
    let mut t = TestApp::with_account(&rt, &account);
    t.open_table(&table);
    t.wait_for_contains("1,000 entities loaded in 1 page");
    t.click("per page");
    t.click("100 per page");

    // The builder offers what OData lacks; it writes the service's part into the box and says the rest runs here.
    t.click("Filter builder");
    t.replace_text("Property 1.1", "Name");
    t.click("Operator 1.1");
    t.click("contains (runs here)");
    t.type_into("Value 1.1", "kraft");
    t.click("Any case 1.1");
    t.click("Add condition to group 1");
    t.replace_text("Property 1.2", "Count");
    t.click("Operator 1.2");
    t.click("lt");
    t.click("Type 1.2");
    t.click("Int32");
    t.type_into("Value 1.2", "1500");
    t.click("Write filter");
    assert_eq!(t.table().filter_text(), "Count lt 1500", "only what OData has is sent");
    t.wait_for_contains("And matched here: Name contains 'kraft' (any case).");
    t.wait_for_contains("contains runs here: every page of the service's result is read");

    // Run, behind a slow link: the matches come page by page, with what was read, and a Cancel keeps them.
    proxy.latency(Duration::from_millis(120), Duration::ZERO);
    t.click("Run query");
    t.wait_for_contains("entities matched here of");
    t.wait_for("Cancel loading");
    t.click("Cancel loading");
    t.wait_table("the cancelled read to end", |p| !p.is_loading());
    t.wait_for_contains("more available");
    let before = matching_rows(&t);
    assert!(before.len() < expected.len() / 2, "the cancel came before the end");
    assert!(before.iter().all(|k| expected.contains(k)), "only matches are shown");
    assert!(
        t.table()
            .store()
            .iter()
            .all(|e| e.get("Name").unwrap().to_text().to_lowercase().contains("kraft"))
    );

    // A matching row written meanwhile, then Load all goes on from where the cancel stopped: every match once.
    proxy.latency(Duration::ZERO, Duration::ZERO);
    rt.block_on(async {
        let late = EntityDraft::new("p", "r1499x")
            .with("Name", EdmValue::String("late KrAfT".into()))
            .with("Count", EdmValue::Int32(1499));
        client
            .submit_batch(&table, &[BatchOperation::Insert(late)])
            .await
            .unwrap();
    });
    t.click("Load all");
    t.wait_for_contains("all loaded");
    let mut want: BTreeSet<String> = expected.iter().filter(|k| k.as_str() < "r1500").cloned().collect();
    want.insert("r1499x".into());
    assert_eq!(matching_rows(&t), want);
    t.wait_for_contains(&format!("{} entities matched here of 1,501 read", want.len()));

    // Stop matching here, and the same query reads only what the service sends.
    t.click("Stop matching here");
    t.click("Run query");
    t.wait_for_contains("100 entities loaded in 1 page · more available");
    assert!(
        t.table()
            .store()
            .iter()
            .any(|e| e.get("Name").unwrap().to_text().starts_with("Other"))
    );
}

#[test]
fn a_condition_that_runs_here_joined_by_or_to_the_service_s_is_refused_before_anything_is_sent() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let table = common::unique("orhere");
    rt.block_on(client.create_table(&table)).unwrap();
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.wait_for_contains("0 entities loaded");
    t.click("Filter builder");
    t.replace_text("Property 1.1", "Name");
    t.click("Operator 1.1");
    t.click("ends with (runs here)");
    t.type_into("Value 1.1", "AS");
    t.click("Add condition to group 1");
    t.replace_text("Property 1.2", "City");
    t.type_into("Value 1.2", "Oslo");
    t.click("or (group 1)");
    t.click("Write filter");
    t.wait_for_contains("Group 1: a contains, starts with, ends with or equals (any case) condition is matched here");
    assert_eq!(t.table().filter_text(), "", "nothing was written");
    assert!(t.harness.query_by_label_contains("And matched here").is_none());
}
