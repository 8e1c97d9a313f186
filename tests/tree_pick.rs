//! Many at once in the tree (ASE #852, #10, #315): Shift+click picks a range of queues, Ctrl+click one more or
//! one less, and the right-click menu opens or deletes all of them after one question that names each with its
//! count, and the unsaved edits their tabs hold; a tab closes only once its resource is gone. Microsoft's Python
//! SDK lists what is left.

mod common;
mod ui;

use egui::Modifiers;
use egui_kittest::kittest::Queryable;
use tessera::storage::queue::MessageTtl;
use ui::TestApp;

fn click_with(t: &mut TestApp, label: &str, modifiers: Modifiers) {
    t.click_with(label, modifiers);
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

fn containers_left(prefix: &str) -> Vec<String> {
    let v = common::peer::run(&common::emulator().connection_string(), &["container-names", prefix]);
    serde_json::from_value(v["names"].clone()).unwrap()
}

/// Whether the active tab is `container`'s, its blob `blob` still holding a tag typed and not saved.
fn tags_kept(t: &TestApp, container: &str, blob: &str) -> bool {
    t.harness
        .state()
        .active_blob()
        .is_some_and(|p| p.container() == container && p.tags_draft(blob).is_some_and(|d| d.is_dirty()))
}

/// Delete N over a container whose tab holds an unsaved tag: the question names that edit, and a delete that
/// fails (someone else's lease: 412 LeaseIdMissing) leaves its tab open with the edit, while the container that
/// was deleted takes its tab with it. The single Delete… does the same, and closes the tab once the container is
/// gone. Microsoft's Python SDK lists the containers left.
#[test]
fn delete_n_asks_about_unsaved_edits_and_closes_only_the_tabs_of_what_was_deleted() {
    use tessera::storage::blob::{Conditions, LeaseDuration, LeaseTarget, PublicAccess};
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let prefix = common::unique("dn");
    let (kept, gone) = (format!("{prefix}a"), format!("{prefix}b"));
    let lease = rt.block_on(async {
        for c in [&kept, &gone] {
            client.create_container(c, PublicAccess::None, &[]).await.unwrap();
            common::blobs::put(&client, c, "a.txt", "one").await;
        }
        // Someone else's lease: this app does not hold its id, so its delete is refused.
        client
            .acquire_lease(
                LeaseTarget::Container(&kept),
                LeaseDuration::Infinite,
                None,
                &Conditions::none(),
            )
            .await
            .unwrap()
            .lease_id
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &gone);
    t.wait_for("a.txt");
    t.click(&kept);
    t.wait_for("a.txt");
    t.wait_until("the leased container's tab", |h| {
        h.state().active_blob().is_some_and(|p| p.container() == kept)
    });
    t.type_first_tag("a.txt", "owner", "me");
    assert!(tags_kept(&t, &kept, "a.txt"));
    click_with(&mut t, &gone, Modifiers::COMMAND);
    assert_eq!(t.harness.state().open_tab_count(), 2);

    t.context_click(&kept);
    t.click("Delete the 2 containers…");
    t.wait_for("Delete 2 containers?");
    t.wait_for_contains(&format!("{kept} (container): the tags of `a.txt`"));
    t.click("Delete 2 containers");
    t.wait_for_contains(&format!("Deleted 1 of 2 containers (`{gone}`); not deleted: `{kept}`"));
    let said: Vec<String> = t.harness.state().notices().iter().map(|n| n.text.clone()).collect();
    assert!(
        said.iter().any(|n| n.contains("LeaseIdMissing")),
        "the service's code: {said:?}"
    );
    t.wait_app(
        "the deleted container's tab closed",
        std::time::Duration::from_secs(30),
        |app| app.open_tab_count() == 1,
    );
    assert!(
        tags_kept(&t, &kept, "a.txt"),
        "the failed one's tab stays, with its edit"
    );
    assert_eq!(t.harness.get_by_label("Value 1:").value().unwrap_or_default(), "me");
    assert_eq!(containers_left(&prefix), std::slice::from_ref(&kept));

    // Delete… on it alone asks the same; refused again, the tab stays; with the lease gone, the tab goes.
    t.wait_until("the tree without the deleted one", |h| {
        h.query_by_label(&gone).is_none()
    });
    for attempt in ["refused", "deleted"] {
        t.context_click(&kept);
        t.click("Delete…");
        t.wait_for(&format!("Delete container `{kept}`?"));
        t.wait_for_contains(&format!("{kept} (container): the tags of `a.txt`"));
        t.click(&format!("Delete {kept}"));
        if attempt == "refused" {
            t.wait_until("the refusal", |h| {
                h.state()
                    .notices()
                    .iter()
                    .filter(|n| n.text.contains("LeaseIdMissing"))
                    .count()
                    >= 2
            });
            t.idle_for(std::time::Duration::from_millis(300));
            assert!(
                tags_kept(&t, &kept, "a.txt"),
                "refused alone, the tab stays with its edit"
            );
            rt.block_on(client.release_lease(LeaseTarget::Container(&kept), &lease, &Conditions::none()))
                .unwrap();
        }
    }
    t.wait_for_contains(&format!("Deleted container `{kept}`."));
    t.wait_app("its tab closed", std::time::Duration::from_secs(30), |app| {
        app.open_tab_count() == 0
    });
    assert!(containers_left(&prefix).is_empty());
}
