//! The conflict lab driven through the UI (egui_kittest) against a real Azurite: every ready-made scenario
//! played end to end, the statuses on the shared timeline checked, and the final state read back by a
//! third client.

mod common;
mod ui;

use std::time::Duration;

use tessera::app::lab::Side;
use ui::TestApp;

/// Opens the lab on the test emulator, sets a scenario up and plays it to the end.
fn play(rt: &tokio::runtime::Runtime, title: &str) -> (TestApp<'static>, Vec<(Side, Option<u16>)>) {
    let mut t = TestApp::with_emulator(rt);
    t.click("Test emulator");
    t.wait_for_contains("Blob containers");
    t.click("Tools");
    t.click("Conflict lab");
    t.click(&format!("Set up: {title}"));
    t.wait_for_contains("Setup: ");
    t.click("Play all");
    t.wait_app("the scenario to finish", Duration::from_secs(90), |app| {
        app.lab().is_some_and(|l| l.finished())
    });
    let lab = t.harness.state().lab().unwrap();
    for (says, outcome) in lab.outcomes() {
        assert!(outcome.as_expected, "{says}: {}", outcome.text);
    }
    assert_eq!(lab.outcomes().len(), lab.step_count() + 1, "setup and every step ran");
    let statuses = lab.timeline().iter().map(|e| (e.side, e.event.status)).collect();
    (t, statuses)
}

fn statuses_of(timeline: &[(Side, Option<u16>)], side: Side) -> Vec<u16> {
    timeline
        .iter()
        .filter(|(s, _)| *s == side)
        .map(|(_, st)| st.unwrap_or(0))
        .collect()
}

#[test]
fn optimistic_concurrency_on_an_entity() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (t, timeline) = play(&rt, "Optimistic concurrency on an entity");
    // A: create table, insert, read, save, stale save (412), final read.
    assert_eq!(statuses_of(&timeline, Side::A), vec![204, 204, 200, 204, 412, 200]);
    // B: read, stale save (412), reload, save, forced save.
    assert_eq!(statuses_of(&timeline, Side::B), vec![200, 412, 200, 204, 204]);
    let names = t.harness.state().lab().unwrap().names().clone();
    let e = rt
        .block_on(common::client().get_entity(&names.table, "lab", "entity"))
        .unwrap();
    assert_eq!(
        e.get("Count").unwrap().to_text(),
        "99",
        "B forced last: last writer wins"
    );
    assert_eq!(e.get("SavedBy").unwrap().to_text(), "B");
    let forced = t
        .harness
        .state()
        .lab()
        .as_ref()
        .unwrap()
        .timeline()
        .iter()
        .rev()
        .find(|e| e.side == Side::B)
        .unwrap();
    assert_eq!(forced.event.request_header("if-match"), Some("*"));
}

#[test]
fn optimistic_concurrency_on_a_blob() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (t, timeline) = play(&rt, "Optimistic concurrency on a blob");
    assert_eq!(statuses_of(&timeline, Side::B).first(), Some(&200), "B read");
    let b = statuses_of(&timeline, Side::B);
    assert_eq!(b[1], 412, "B's stale If-Match upload");
    assert!(matches!(b[2], 409 | 412), "B's create-only upload over A's blob: {b:?}");
    let names = t.harness.state().lab().unwrap().names().clone();
    let (shared, _) = rt
        .block_on(common::client().get_blob(&names.container, "shared.txt", None, None))
        .unwrap();
    assert_eq!(shared.as_ref(), b"from A");
}

#[test]
fn pessimistic_concurrency_with_a_lease_and_a_break() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (t, timeline) = play(&rt, "Pessimistic concurrency with a lease");
    let b = statuses_of(&timeline, Side::B);
    let a = statuses_of(&timeline, Side::A);
    // A: create the container and the blob, acquire, write with the id, release, acquire again, then read the
    // lease state twice (breaking, broken).
    assert_eq!(a, [201, 201, 201, 201, 200, 201, 200, 200]);
    // B: the refused write, acquire, release, break A's lease (202 Accepted), then read it twice too.
    assert_eq!(b, [412, 201, 200, 202, 200, 200]);
    let lab = t.harness.state().lab().unwrap();
    let missing = lab.timeline().iter().find(|e| e.side == Side::B).unwrap();
    assert_eq!(missing.event.error_code.as_deref(), Some("LeaseIdMissing"));
    let names = lab.names().clone();
    let (props, _) = rt
        .block_on(common::client().get_blob_properties(&names.container, "shared.txt", None))
        .unwrap();
    assert_eq!(props.lease.state.as_str(), "broken");
    let (body, _) = rt
        .block_on(common::client().get_blob(&names.container, "shared.txt", None, None))
        .unwrap();
    assert_eq!(body.as_ref(), b"from A", "only the lease holder's write landed");
}

#[test]
fn competing_consumers_on_a_queue() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (t, timeline) = play(&rt, "Competing consumers on a queue");
    let a = statuses_of(&timeline, Side::A);
    assert!(matches!(a.last(), Some(200)), "A's final read-back peek");
    assert!(
        a.iter().any(|s| matches!(s, 400 | 404)),
        "A's late delete was refused: {a:?}"
    );
    let names = t.harness.state().lab().unwrap().names().clone();
    assert!(
        rt.block_on(common::client().peek_messages(&names.queue, 32))
            .unwrap()
            .is_empty()
    );
}

#[test]
fn leader_election_with_a_blob_lease() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (t, timeline) = play(&rt, "Leader election with a blob lease");
    let b = statuses_of(&timeline, Side::B);
    assert_eq!(b, vec![409, 201], "B refused while A leads, then B acquires");
    let a = statuses_of(&timeline, Side::A);
    assert_eq!(a.last(), Some(&409), "A cannot renew once B leads");
    let lab = t.harness.state().lab().unwrap();
    assert_eq!(lab.leader(), Some(Side::B));
    let names = lab.names().clone();
    let (props, _) = rt
        .block_on(common::client().get_blob_properties(&names.container, "shared.txt", None))
        .unwrap();
    assert_eq!(props.lease.state.as_str(), "leased");
}

#[test]
fn the_lab_is_kept_for_the_same_account_only_not_for_one_with_the_same_label_or_name() {
    // Two accounts with one label and one name (devstoreaccount1), at different endpoints.
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (other, _proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Blob));
    let mut t = TestApp::with_accounts(&rt, &[("Emulator", &common::account()), ("Emulator", &other)]);
    let ids = t.harness.state().profile_ids();
    for id in &ids {
        t.harness.state_mut().open_tab(tessera::app::accounts::tree::TabTarget {
            profile_id: id.clone(),
            service: tessera::storage::Service::Blob,
            name: "x".into(),
        });
    }
    t.wait_app("both accounts connected", Duration::from_secs(30), |app| {
        app.profile_ids().iter().all(|id| app.client(id).is_some())
    });
    // Opened off the UI thread: the lab shows once its clients are made.
    let open = |t: &mut TestApp, id: &str| {
        t.harness.state_mut().open_lab(id, None);
        let wanted = t.harness.state().client(id).unwrap().account().identity();
        t.wait_app("the lab opened", Duration::from_secs(30), |app| {
            app.lab().is_some_and(|l| l.account_identity() == wanted)
        });
        t.harness.state().lab().unwrap().account_identity().to_string()
    };
    let first = open(&mut t, &ids[0]);
    let second = open(&mut t, &ids[1]);
    assert_ne!(first, second, "the second account got its own lab");
    assert_eq!(second, other.identity());
}

#[test]
fn two_writers_appending_to_one_log() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (t, timeline) = play(&rt, "Two writers appending to one log");
    // B: read, the stale-position append (412), read again, the append at the new end.
    assert_eq!(statuses_of(&timeline, Side::B), vec![200, 412, 200, 201]);
    // A: create the container and the blob, read, append at its position, append anywhere, the size-capped
    // append (412), the final read.
    assert_eq!(statuses_of(&timeline, Side::A), vec![201, 201, 200, 201, 201, 412, 200]);
    let stale = t
        .harness
        .state()
        .lab()
        .unwrap()
        .timeline()
        .iter()
        .find(|e| e.side == Side::B && e.event.status == Some(412));
    assert_eq!(
        stale.unwrap().event.request_header("x-ms-blob-condition-appendpos"),
        Some("0")
    );
    let names = t.harness.state().lab().unwrap().names().clone();
    let cs = common::emulator().connection_string();
    assert_eq!(
        common::peer::run(&cs, &["blob-text", &names.container, "log.txt"])["text"],
        "A1;B1;A2;"
    );
}

#[test]
fn your_worker_against_a_second_writer_through_the_lens() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (t, timeline) = play(&rt, "Your worker against a second writer");
    // A: create table and insert (direct, the setup), read and its held update through the lens (412), then
    // the read back (direct).
    assert_eq!(statuses_of(&timeline, Side::A), vec![204, 204, 200, 412, 200]);
    // B: read, save while A's update is held.
    assert_eq!(statuses_of(&timeline, Side::B), vec![200, 204]);
    let lab = t.harness.state().lab().unwrap();
    let held = lab
        .outcomes()
        .iter()
        .find(|(says, _)| says.contains("the lens holds it"))
        .unwrap();
    assert!(held.1.text.contains("holds A's Update Entity"), "{}", held.1.text);
    let names = lab.names().clone();
    let e = rt
        .block_on(common::client().get_entity(&names.table, "lab", "entity"))
        .unwrap();
    assert_eq!(
        (
            e.get("Count").unwrap().to_text().as_ref(),
            e.get("SavedBy").unwrap().to_text().as_ref()
        ),
        ("2", "B")
    );
}

#[test]
fn a_retry_storm_under_server_busy_through_the_lens() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (mut t, timeline) = play(&rt, "A retry storm under ServerBusy");
    // The step's outcome, as the lab shows it.
    t.wait_for_contains("3 of them retries of the first");
    // A's one write: three 503s from the lens's rule, then the try that lands, each on the timeline.
    let a = statuses_of(&timeline, Side::A);
    assert_eq!(a[a.len() - 4..], [503, 503, 503, 201], "{a:?}");
    let lab = t.harness.state().lab().unwrap();
    let (_, tries) = lab.outcomes().last().unwrap();
    assert!(
        tries
            .text
            .contains("Put Blob 4 times: 503 ServerBusy, 503 ServerBusy, 503 ServerBusy, 201; 3 of them retries"),
        "{}",
        tries.text
    );
    let names = lab.names().clone();
    let (shared, _) = rt
        .block_on(common::client().get_blob(&names.container, "shared.txt", None, None))
        .unwrap();
    assert_eq!(shared.as_ref(), b"from A, at last");
}
