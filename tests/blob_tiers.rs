//! Access tiers driven through the UI against a real Azurite, read back by Microsoft's Python SDK: one blob set to
//! Cool from its details, a selection archived after a confirmation (one blob leased by someone else is named,
//! the others changed), and an archived blob brought back to Hot at High priority.

mod common;
mod ui;

use std::time::Duration;

use common::blobs::container_with;
use egui_kittest::kittest::Queryable;
use tessera::storage::blob::{Conditions, LeaseDuration, LeaseTarget};
use ui::TestApp;

fn tier_read_by_the_sdk(container: &str, blob: &str) -> String {
    let cs = common::emulator().connection_string();
    let stored = common::peer::run(&cs, &["blob-properties", container, blob]);
    stored["tier"].as_str().unwrap_or_default().to_string()
}

fn ctrl_click(t: &mut TestApp, label: &str) {
    t.wait_for(label);
    t.harness
        .get_by_label(label)
        .click_modifiers(egui::Modifiers::CTRL | egui::Modifiers::COMMAND);
    t.step();
    t.step();
}

#[test]
fn tiers_are_set_on_a_blob_and_a_selection_and_archive_asks_first() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = container_with(&rt, &["a.txt", "b.txt", "c.txt"]);
    // Someone else leases c.txt: a tier change without its lease id is refused.
    rt.block_on(client.acquire_lease(
        LeaseTarget::Blob {
            container: &container,
            blob: "c.txt",
        },
        LeaseDuration::Infinite,
        None,
        &Conditions::none(),
    ))
    .unwrap();
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.click("a.txt");
    t.wait_for_contains("Hot (the account's default)");
    t.click("Cool");
    // A refresh between choosing and setting keeps the choice.
    t.click("Refresh");
    t.click("Set tier Cool");
    t.wait_for_contains("set Cool on 1 blob(s)");
    assert_eq!(tier_read_by_the_sdk(&container, "a.txt"), "Cool");
    t.wait_app("the list to show Cool", Duration::from_secs(30), |app| {
        app.active_blob().is_some_and(|p| {
            p.blobs()
                .iter()
                .any(|b| b.name == "a.txt" && b.properties.access_tier.as_deref() == Some("Cool"))
        })
    });

    // The three selected, to Archive: asked first; c.txt (leased by someone else) is named, a and b archived.
    // (Refresh listed the folder again, which cleared the selection.)
    ctrl_click(&mut t, "b.txt");
    ctrl_click(&mut t, "c.txt");
    ctrl_click(&mut t, "a.txt");
    assert_eq!(t.blob().selection().len(), 3);
    t.click("Archive");
    t.click("Set tier Archive on the 3 selected blobs");
    t.wait_for_contains("An archived blob cannot be read or previewed until it is rehydrated");
    t.click("Archive 3 blob(s)");
    t.wait_for_contains("set Archive on 2 blob(s); 1 could not be changed: c.txt (LeaseIdMissing)");
    for (blob, tier) in [("a.txt", "Archive"), ("b.txt", "Archive"), ("c.txt", "Hot")] {
        assert_eq!(tier_read_by_the_sdk(&container, blob), tier, "{blob}");
    }

    // Back from Archive: the rehydrate priority is offered, and the job says the blob is leaving Archive.
    // (a.txt is also the details' heading: a click on b's row first, then on a's, selects a alone.)
    t.click("b.txt");
    t.click("a.txt");
    assert_eq!(t.blob().selection().len(), 1);
    t.wait_app("a.txt archived in the list", Duration::from_secs(30), |app| {
        app.active_blob()
            .and_then(|p| p.selected_properties())
            .is_some_and(|p| p.access_tier.as_deref() == Some("Archive"))
    });
    t.click("Hot");
    t.wait_for("Rehydrate priority:");
    t.click("High");
    t.click("Set tier Hot");
    t.wait_for_contains("set Hot on 1 blob(s); 1 leaving Archive (rehydrating");
    // Azurite brings it back at once; Azure would say `rehydrate-pending-to-hot` for hours.
    assert_eq!(tier_read_by_the_sdk(&container, "a.txt"), "Hot");
    assert!(t.harness.query_by_label_contains("Archive 3 blob(s)").is_none());
}
