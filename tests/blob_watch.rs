//! Watching a container through the UI against a real Azurite: what someone else writes shows in place (new
//! blobs, changed cells, a lease taken, vanished blobs kept until dismissed, also across a Refresh) with a list
//! of what changed when; another folder forgets the marks; a watch pauses while its tab is not shown, backs off
//! while throttled and stops when refused.

mod common;
mod ui;

use std::time::Duration;

use common::fault_proxy::Fault;
use tessera::app::blob::features::watch::{Column, ContainerWatch, Mark};
use tessera::storage::blob::{Conditions, DeleteSnapshots, LeaseDuration, LeaseTarget};
use ui::TestApp;

fn watch_every_second(t: &mut TestApp) {
    t.click("Watch");
    t.click("Watch every");
    t.harness
        .state_mut()
        .active_blob_mut()
        .unwrap()
        .feature_mut::<ContainerWatch>()
        .unwrap()
        .set(Some(1));
}

fn listings_of(t: &TestApp, container: &str) -> usize {
    t.harness
        .state()
        .requests()
        .iter()
        .filter(|e| e.operation.to_string().starts_with("List blobs") && e.resource.contains(container))
        .count()
}

#[test]
fn what_someone_else_writes_to_a_container_shows_in_place() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::container_with(&rt, &["a.txt", "b.txt", "c.txt", "logs/1.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("c.txt");
    watch_every_second(&mut t);
    t.click("Changes (0)");
    rt.block_on(async {
        common::blobs::put(&client, &container, "b.txt", "rewritten, and longer").await;
        common::blobs::put(&client, &container, "ab.txt", "new").await;
        client
            .delete_blob(&container, "c.txt", None, DeleteSnapshots::Include, &Conditions::none())
            .await
            .unwrap();
        let target = LeaseTarget::Blob {
            container: &container,
            blob: "a.txt",
        };
        client
            .acquire_lease(target, LeaseDuration::Infinite, None, &Conditions::none())
            .await
            .unwrap();
    });
    t.wait_for_contains("b.txt: ETag ");
    t.wait_for_contains("c.txt: vanished");
    t.wait_for_contains("ab.txt: appeared, 3 B");
    t.wait_for_contains("a.txt: Lease available -> leased");
    let marks = t.blob().feature::<ContainerWatch>().unwrap().marks();
    assert_eq!(marks.get("ab.txt"), Some(&Mark::New));
    assert!(matches!(marks.get("c.txt"), Some(Mark::Vanished(_))));
    let Some(Mark::Changed(cells)) = marks.get("b.txt") else {
        panic!("b.txt changed: {:?}", marks.get("b.txt"))
    };
    let columns: Vec<Column> = cells.iter().map(|c| c.column).collect();
    assert!(
        columns.contains(&Column::ETag) && columns.contains(&Column::Size),
        "{columns:?}"
    );
    assert_eq!(cells.iter().find(|c| c.column == Column::Size).unwrap().was, "7 B");
    assert!(
        marks.get("logs/").is_none() && marks.get("a.txt").is_some(),
        "{marks:?}"
    );
    // The vanished blob stays listed, struck through, also across the user's Refresh.
    let names = |t: &TestApp| -> Vec<String> { t.blob().blobs().iter().map(|b| b.name.clone()).collect() };
    assert_eq!(names(&t), ["a.txt", "ab.txt", "b.txt", "c.txt"]);
    t.click("Refresh");
    t.wait_app("the listing again", Duration::from_secs(30), |app| {
        app.active_blob().is_some_and(|p| !p.is_listing())
    });
    assert!(names(&t).contains(&"c.txt".to_string()), "{:?}", names(&t));
    // Exported as JSON lines.
    let lines = t.copied_by_clicking("Copy changes as JSON lines");
    let changed: serde_json::Value = lines
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["blob"] == "b.txt")
        .unwrap();
    assert_eq!(changed["change"], "changed");
    assert!(
        changed["cells"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["column"] == "Size" && c["was"] == "7 B")
    );
    t.click("Dismiss vanished (1)");
    assert_eq!(names(&t), ["a.txt", "ab.txt", "b.txt"]);
    t.click("Mark all seen");
    assert!(t.blob().feature::<ContainerWatch>().unwrap().marks().is_empty());
    // Another folder: the marks were for the one left, and a read out for it does not land here.
    rt.block_on(common::blobs::put(&client, &container, "b.txt", "again"));
    t.click("logs/ (folder)");
    t.wait_for("1.txt");
    t.idle_for(Duration::from_secs(3));
    assert!(
        t.blob().feature::<ContainerWatch>().unwrap().marks().is_empty(),
        "{:?}",
        t.blob().feature::<ContainerWatch>().unwrap().marks()
    );
    assert_eq!(t.blob().blobs().names().collect::<Vec<_>>(), ["logs/1.txt"]);
    // The list keeps what was seen; filtered, it shows and exports only what matches.
    t.type_into("Filter changes:", "b.txt");
    t.wait_for_contains("b.txt: ETag ");
    let lines = t.copied_by_clicking("Copy changes as JSON lines");
    let seen: Vec<serde_json::Value> = lines.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let blobs: Vec<&str> = seen.iter().map(|v| v["blob"].as_str().unwrap()).collect();
    assert_eq!(blobs[..2], ["ab.txt", "b.txt"], "{lines}");
    // A read of the root, still shown when "again" was written, may have seen that write before the folder
    // changed: the list keeps what was seen, so b.txt may show one more change, to the 5 bytes written then.
    assert!(seen.len() <= 3, "{lines}");
    for later in &seen[2..] {
        let to_five = |c: &serde_json::Value| c["column"] == "Size" && c["now"] == "5 B";
        assert!(
            later["blob"] == "b.txt" && later["cells"].as_array().unwrap().iter().any(to_five),
            "{lines}"
        );
    }
}

#[test]
fn a_container_watch_pauses_while_hidden_backs_off_while_throttled_and_stops_when_refused() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, container) = common::blobs::container_with(&rt, &["a.txt"]);
    let (_, other) = common::blobs::container_with(&rt, &["b.txt"]);
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Blob));
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Blob containers", &container);
    t.wait_for("a.txt");
    watch_every_second(&mut t);
    let first = listings_of(&t, &container);
    t.wait_steps("a read of the watch", Duration::from_secs(60), |t| {
        listings_of(t, &container) > first + 1
    });
    // Another tab in front: the watched container is not read (one read already out may still land).
    t.click(&other);
    t.wait_for("b.txt");
    let hidden = listings_of(&t, &container);
    t.idle_for(Duration::from_secs(4));
    assert!(
        listings_of(&t, &container) <= hidden + 1,
        "a tab not shown kept reading"
    );
    t.harness.state_mut().activate_tab(0);
    t.watch_backs_off_then_stops(&proxy, "throttled: every 2 s");
}

#[test]
fn a_watch_read_out_when_the_user_refreshes_does_not_land_in_the_fresh_listing() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let names: Vec<String> = (0..6).map(|i| format!("b{i}.txt")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let (_, container) = common::blobs::container_with(&rt, &refs);
    let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Blob));
    let mut t = TestApp::with_account(&rt, &account);
    t.open_resource("Blob containers", &container);
    t.wait_for("b5.txt");
    // Two a page, all three loaded: a watch read now covers the whole listing.
    t.harness.state_mut().active_blob_mut().unwrap().set_page_size(2);
    t.click("Refresh");
    t.wait_for_contains("2 blobs and 0 folders loaded · more available");
    t.click("Load all");
    t.wait_for_contains("6 blobs and 0 folders loaded");
    // The watch's read is slow; the user refreshes while it is out (the listing is back to its first page).
    proxy.inject((0..4).map(|_| Fault::Delay(Duration::from_secs(2))));
    watch_every_second(&mut t);
    t.wait_steps("the watch read out", Duration::from_secs(30), |t| {
        t.blob().feature::<ContainerWatch>().unwrap().marks().is_empty()
            && t.harness.state().active_blob().is_some_and(|p| p.is_busy())
    });
    t.click("Refresh");
    t.idle_for(Duration::from_secs(4));
    let names: Vec<String> = t.blob().blobs().iter().map(|b| b.name.clone()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(names, sorted, "the rows stay sorted and unique");
    assert!(
        t.blob().feature::<ContainerWatch>().unwrap().marks().is_empty(),
        "nothing appeared: {:?}",
        t.blob().feature::<ContainerWatch>().unwrap().marks()
    );
    t.click("Load all");
    t.wait_for_contains("6 blobs and 0 folders loaded");
}
