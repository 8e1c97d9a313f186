//! Many at once in the tree (ASE #852, #10, #315): Shift+click picks a range of queues, Ctrl+click one more or
//! one less, and the right-click menu opens or deletes all of them after one question that names each with its
//! count. Microsoft's Python SDK lists what is left.

mod common;
mod ui;

use egui::Modifiers;
use egui_kittest::kittest::Queryable;
use tessera::storage::queue::MessageTtl;
use ui::TestApp;

fn click_with(t: &mut TestApp, label: &str, modifiers: Modifiers) {
    t.wait_for(label);
    t.harness
        .get_all_by_label(label)
        .next()
        .unwrap()
        .click_modifiers(modifiers);
    t.step();
    t.step();
}

fn left(prefix: &str) -> Vec<String> {
    let v = common::peer::run(&common::emulator().connection_string(), &["queue-names", prefix]);
    serde_json::from_value(v["names"].clone()).unwrap()
}

#[test]
fn queues_picked_with_shift_and_ctrl_are_opened_or_deleted_together_after_one_question() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let prefix = common::unique("pick");
    let [q1, q2, q3, q4] = ["a", "b", "c", "d"].map(|s| format!("{prefix}{s}"));
    rt.block_on(async {
        for q in [&q1, &q2, &q3, &q4] {
            client.create_queue(q, &[]).await.unwrap();
        }
        for text in ["one", "two"] {
            client.put_message(&q2, text, None, MessageTtl::Default).await.unwrap();
        }
    });
    let mut t = TestApp::with_emulator(&rt);
    t.click("Test emulator");
    t.click_contains("Queues");
    t.wait_for_contains("~2 messages");
    // A click opens the first; Shift+click takes the range to the third; Ctrl+click drops the second, then
    // takes it again.
    t.click(&q1);
    click_with(&mut t, &q3, Modifiers::SHIFT);
    click_with(&mut t, &q2, Modifiers::COMMAND);
    t.context_click(&q1);
    assert!(
        t.harness.query_by_label("Delete the 2 queues…").is_some(),
        "the second was dropped"
    );
    t.key(Modifiers::NONE, egui::Key::Escape);
    click_with(&mut t, &q2, Modifiers::COMMAND);

    // Open them all: a tab each.
    t.context_click(&q2);
    t.click("Open the 3 queues");
    t.wait_app("three tabs", std::time::Duration::from_secs(30), |app| {
        app.open_tab_count() >= 3
    });

    // Delete asks once, naming each with its count; the fourth stays.
    t.context_click(&q2);
    t.click("Delete the 3 queues…");
    t.wait_for("Delete 3 queues?");
    t.wait_for_contains(&format!("queue `{q2}` (~2 messages)"));
    t.click("Delete 3 queues");
    t.wait_for_contains(&format!("Deleted 3 queues: `{q1}`, `{q2}`, `{q3}`."));
    assert_eq!(left(&prefix), [q4]);
    t.wait_until("the tree without them", |h| h.query_by_label(&q1).is_none());
    assert_eq!(t.harness.state().open_tab_count(), 0, "their tabs closed with them");
}
