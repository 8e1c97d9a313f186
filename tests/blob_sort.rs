//! The blob list sorted by a column, as a person does it: a click on the Size title orders the rows by size
//! (worked out off the UI thread), a second click descending, a third back to the names' order. A blob written
//! by someone else and a refresh falling between the clicks land in their place in the order, and the name
//! filter keeps working on a sorted list.

mod common;
mod ui;

use std::time::Duration;

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable, by};
use ui::TestApp;

/// The list's name filter (names starting with its text).
const FILTER: &str = "Names starting with:";

/// The blob names in the order the list shows them (each row's place, as a screen reader hears it).
fn shown(t: &TestApp) -> Vec<String> {
    let mut rows: Vec<(usize, String)> = t
        .harness
        .query_all(by().role(Role::Row))
        .filter_map(|n| {
            let node = n.accesskit_node();
            let name = node.label()?.split(", ").next()?.to_string();
            Some((node.position_in_set()?, name))
        })
        .filter(|(_, name)| name.ends_with(".txt"))
        .collect();
    rows.sort();
    rows.into_iter().map(|(_, name)| name).collect()
}

fn click_title(t: &mut TestApp, title: &str) {
    t.harness
        .get(by().role(Role::ColumnHeader).label_contains(title))
        .click();
    t.harness.step();
}

fn wait_order(t: &mut TestApp, what: &str, order: &[&str]) {
    t.wait_steps(what, Duration::from_secs(20), |t| shown(t) == order);
}

#[test]
fn a_click_on_a_title_sorts_the_list_by_that_column_and_a_refresh_keeps_the_order() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::new_container(&rt, "sort");
    rt.block_on(async {
        for (name, body) in [
            ("a.txt", "xxxx"),
            ("b.txt", "xx"),
            ("c.txt", "xxx"),
            ("ca.txt", "xxxxxx"),
        ] {
            common::blobs::put(&client, &container, name, body).await;
        }
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("a.txt");
    wait_order(&mut t, "the names' order", &["a.txt", "b.txt", "c.txt", "ca.txt"]);

    click_title(&mut t, "Size");
    wait_order(&mut t, "smallest first", &["b.txt", "c.txt", "a.txt", "ca.txt"]);
    assert!(
        t.harness
            .query(by().role(Role::ColumnHeader).label_contains("Size ^"))
            .is_some(),
        "the title shows which way the list is sorted"
    );

    // Someone else writes a one-byte blob; the refresh merges it in, and the new order places it first.
    rt.block_on(common::blobs::put(&client, &container, "d.txt", "x"));
    t.key(egui::Modifiers::NONE, egui::Key::F5);
    wait_order(
        &mut t,
        "the new blob placed by its size",
        &["d.txt", "b.txt", "c.txt", "a.txt", "ca.txt"],
    );

    // The name filter shows the names starting with its text, still by size.
    t.type_into(FILTER, "c");
    wait_order(&mut t, "the filter's rows by size", &["c.txt", "ca.txt"]);
    t.harness.get_by_label(FILTER).focus();
    t.key(egui::Modifiers::NONE, egui::Key::Backspace);
    wait_order(&mut t, "all again", &["d.txt", "b.txt", "c.txt", "a.txt", "ca.txt"]);

    click_title(&mut t, "Size");
    wait_order(&mut t, "largest first", &["ca.txt", "a.txt", "c.txt", "b.txt", "d.txt"]);
    click_title(&mut t, "Size");
    wait_order(
        &mut t,
        "the names' order again",
        &["a.txt", "b.txt", "c.txt", "ca.txt", "d.txt"],
    );
}
