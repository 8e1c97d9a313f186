//! Stored access policies and SAS URLs driven through the UI against a real Azurite: a container's policy added,
//! saved and read back by Microsoft's Python SDK, a SAS bound to it that reads a blob with no key, a save refused
//! after someone else changed the policies; a queue's and a table's SAS with their own permission letters.

mod common;
mod ui;

use std::time::{Duration, SystemTime};

use tessera::storage::Service;
use tessera::storage::policies::StoredPolicy;
use ui::TestApp;

fn get(rt: &tokio::runtime::Runtime, url: &str) -> (u16, String) {
    rt.block_on(async {
        let resp = reqwest::Client::new().get(url).send().await.unwrap();
        (resp.status().as_u16(), resp.text().await.unwrap())
    })
}

#[test]
fn a_container_policy_is_added_saved_and_a_sas_bound_to_it_reads_a_blob() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::container_with(&rt, &["a.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.click("Stored access policies (0 of 5)");
    t.click("Add policy");
    t.replace_text("Policy 1 id:", "readers");
    t.replace_text("Policy 1 permissions:", "lr");
    // A refresh falls between typing and saving: the policies are read again, the edit stays.
    t.click("Refresh");
    t.idle_for(Duration::from_millis(500));
    assert_eq!(t.blob().policy_ids(), ["readers"], "the draft survived the refresh");
    t.replace_text("Policy 1 expiry:", "next tuesday");
    t.click("Save policies");
    t.wait_for_contains("the expiry `next tuesday` is not a UTC time");
    t.replace_text("Policy 1 expiry:", "2099-01-01T00:00:00Z");
    t.click("Save policies");
    t.wait_app("the policies saved", Duration::from_secs(30), |app| {
        app.active_blob().is_some_and(|p| !p.policies_dirty())
    });
    let cs = common::emulator().connection_string();
    let seen = common::peer::run(&cs, &["container-policies", &container]);
    assert_eq!(seen["policies"][0]["id"], "readers");
    assert_eq!(
        seen["policies"][0]["permission"], "rl",
        "letters in the service's order"
    );

    let url = t.copied_by_clicking("SAS URL with policy readers");
    assert!(url.contains("si=readers") && !url.contains("sp="), "{url}");
    let (base, sas) = url.split_once('?').unwrap();
    assert_eq!(get(&rt, &format!("{base}/a.txt?{sas}")), (200, "content".to_string()));

    // Someone else changes the policies (a second later: the guard is an HTTP date, in whole seconds).
    std::thread::sleep(Duration::from_millis(1100));
    rt.block_on(async {
        let read = client.get_policies(Service::Blob, &container).await.unwrap();
        let theirs = StoredPolicy {
            id: "theirs".into(),
            expiry: "2099-01-01T00:00:00Z".into(),
            permissions: "r".into(),
            ..Default::default()
        };
        client
            .set_policies(Service::Blob, &container, &[theirs], &read, None)
            .await
            .unwrap();
    });
    t.replace_text("Policy 1 permissions:", "r");
    t.click("Save policies");
    t.wait_for_contains("Not saved: someone changed the policies since you read them");
    let seen = common::peer::run(&cs, &["container-policies", &container]);
    assert_eq!(seen["policies"][0]["id"], "theirs", "theirs stand");
    // The refused edit is kept, and Reload leaves it as typed.
    t.click("Reload policies");
    t.wait_for("Discard my policy changes");
    assert_eq!(t.blob().policy_ids(), ["readers"], "the refused edit is kept");
    t.click("Discard my policy changes");
    t.wait_app("their policy shown", Duration::from_secs(30), |app| {
        app.active_blob().is_some_and(|p| p.policy_ids() == ["theirs"])
    });
}

#[test]
fn a_queue_sas_and_a_table_sas_carry_only_their_own_letters() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let queue = common::unique("sasq");
    let table = common::unique("sast").replace('-', "");
    rt.block_on(async {
        client.create_queue(&queue, &[]).await.unwrap();
        client
            .put_message(&queue, "hello", None, tessera::storage::queue::MessageTtl::Default)
            .await
            .unwrap();
        client.create_table(&table).await.unwrap();
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &queue);
    t.details_tab("Access");
    t.replace_text("SAS permissions (raup):", "rw");
    t.click("Copy SAS URL");
    t.wait_for_contains("`w` is not a permission here; these are: raup.");
    t.replace_text("SAS permissions (raup):", "rp");
    // A start that is no time is said; one an hour ahead is signed, and the service holds the SAS to it.
    t.replace_text("starts (UTC):", "soon");
    t.click("Copy SAS URL");
    t.wait_for_contains("The start `soon` is not a UTC time");
    let later = SystemTime::now() + Duration::from_secs(3600);
    t.replace_text("starts (UTC):", &tessera::app::widgets::format::iso_seconds(later));
    let early = t.copied_by_clicking("Copy SAS URL");
    let (base, sas) = early.split_once('?').unwrap();
    assert!(sas.contains("st="), "{sas}");
    let (status, _) = get(&rt, &format!("{base}/messages?peekonly=true&{sas}"));
    assert_eq!(status, 403, "not valid before its start");
    // Blank (a space typed over it): from now.
    t.replace_text("starts (UTC):", " ");
    let url = t.copied_by_clicking("Copy SAS URL");
    let (base, sas) = url.split_once('?').unwrap();
    let (status, text) = get(&rt, &format!("{base}/messages?peekonly=true&{sas}"));
    assert_eq!(status, 200, "{sas}: {text}");
    assert!(text.contains("hello"), "{text}");

    t.harness.state_mut().open_tab(tessera::app::accounts::tree::TabTarget {
        profile_id: "test-emulator".into(),
        service: Service::Table,
        name: table.clone(),
    });
    t.click("SAS URL");
    let url = t.copied_by_clicking("Copy SAS URL");
    assert!(url.contains(&format!("tn={table}")) && url.contains("sp=r&"), "{url}");
    let (base, sas) = url.split_once('?').unwrap();
    // The Table service answers JSON only to a client that asks for it.
    let status = rt.block_on(async {
        reqwest::Client::new()
            .get(format!("{base}()?{sas}"))
            .header("accept", "application/json;odata=nometadata")
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    });
    assert_eq!(status, 200);
}

/// Clicks `label` and waits (the SAS is signed off the UI thread) for the text it puts on the clipboard.
fn copied_after(t: &mut TestApp, label: &str) -> String {
    t.copied_by_clicking_within(label, Duration::from_secs(30))
}

#[test]
fn a_container_sas_signs_its_address_range_and_is_held_to_its_protocol() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_client, container) = common::blobs::container_with(&rt, &["a.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("a.txt");
    t.details_tab("Access");
    t.click("SAS URL");
    t.click("list");
    // An address range is signed with the rest: Azurite checks the signature over it (a wrong one would be
    // 403) but not the caller's address (its own code says it does not), so this one reads.
    t.replace_text("IP or range:", "127.0.0.1-127.0.0.9");
    let url = copied_after(&mut t, "Copy SAS URL");
    assert!(url.contains("sip=127.0.0.1-127.0.0.9"), "{url}");
    let (base, sas) = url.split_once('?').unwrap();
    assert_eq!(get(&rt, &format!("{base}/a.txt?{sas}")).0, 200);
    let tampered = sas.replace("sip=127.0.0.1-127.0.0.9", "sip=127.0.0.1-127.0.0.10");
    assert_eq!(
        get(&rt, &format!("{base}/a.txt?{tampered}")).0,
        403,
        "the range is part of the signature"
    );
    // HTTPS only: the emulator speaks HTTP, so refused too.
    t.replace_text("IP or range:", " ");
    t.click("HTTPS only");
    let url = copied_after(&mut t, "Copy SAS URL");
    assert!(url.contains("spr=https") && !url.contains("sip="), "{url}");
    let (base, sas) = url.split_once('?').unwrap();
    assert_eq!(get(&rt, &format!("{base}/a.txt?{sas}")).0, 403);
    // Neither: it reads.
    t.click("HTTPS only");
    let url = copied_after(&mut t, "Copy SAS URL");
    let (base, sas) = url.split_once('?').unwrap();
    assert_eq!(get(&rt, &format!("{base}/a.txt?{sas}")), (200, "content".to_string()));
}
