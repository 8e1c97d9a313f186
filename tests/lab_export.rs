//! The conflict lab's scenarios exported as Python tests and run against a real Azurite with Microsoft's SDKs:
//! every one passes as exported, and one whose stale ETag is replaced by `*` fails, as a regression test must
//! when the service (or the code under test) behaves differently. The UI's Copy gives the same script.

mod common;
mod ui;

use std::process::{Child, Command, Stdio};

use tessera::app::lab::export::python_test;
use tessera::app::lab::free::FreeOutcome;
use tessera::app::lab::scenarios::{SCENARIOS, uses_lens};
use tessera::lens::rules::parse_rules;
use tessera::lens::{Lens, LensOptions};
use ui::TestApp;

/// Starts `script` with the peers' Python and the emulator's connection string in the environment only.
fn start(dir: &std::path::Path, name: &str, script: &str) -> Child {
    start_with(dir, name, script, &[])
}

/// As `start`, with more environment (the lens's connection string for a lens scenario).
fn start_with(dir: &std::path::Path, name: &str, script: &str, env: &[(&str, String)]) -> Child {
    let path = dir.join(format!("{name}.py"));
    std::fs::write(&path, script).unwrap();
    Command::new(common::peer::python())
        .arg(&path)
        .env(
            "AZURE_STORAGE_CONNECTION_STRING",
            common::emulator().connection_string(),
        )
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the peers' Python")
}

fn finish(child: Child) -> (bool, String) {
    common::outcome(child.wait_with_output().unwrap())
}

#[test]
fn every_exported_scenario_passes_and_a_changed_one_fails() {
    let dir = tempfile::tempdir().unwrap();
    // All at once: the slowest (a lease left to expire) sets the time, not their sum.
    let runs: Vec<(&str, Child)> = SCENARIOS
        .iter()
        .filter(|s| !uses_lens(s))
        .enumerate()
        .map(|(i, s)| (s.title, start(dir.path(), &format!("scenario_{i}"), &python_test(s))))
        .collect();
    let entity = SCENARIOS
        .iter()
        .find(|s| s.title == "Optimistic concurrency on an entity")
        .unwrap();
    let exported = python_test(entity);
    let stale = "etag=b.etag, match_condition=MatchConditions.IfNotModified";
    assert!(exported.contains(stale), "B's save carries its ETag");
    // B's stale save made unconditional: the 412 the test asserts no longer comes.
    let forced = exported.replace(stale, "match_condition=MatchConditions.Unconditionally");
    let changed = start(dir.path(), "changed", &forced);
    for (title, child) in runs {
        let (ok, words) = finish(child);
        assert!(ok, "{title}: {words}");
        assert!(words.contains("passed"), "{title}: {words}");
    }
    let (ok, words) = finish(changed);
    assert!(!ok, "the changed test passed: {words}");
    assert!(words.contains("but it succeeded"), "{words}");
}

#[test]
fn the_lab_copies_the_scenario_it_shows_as_a_python_test() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = TestApp::with_emulator(&rt);
    t.click("Test emulator");
    t.wait_for_contains("Blob containers");
    t.click("Tools");
    t.click("Conflict lab");
    t.click("Set up: Two writers appending to one log");
    t.wait_for_contains("Setup: ");
    let copied = t.copied_by_clicking("Copy as a Python test");
    let scenario = SCENARIOS
        .iter()
        .find(|s| s.title == "Two writers appending to one log")
        .unwrap();
    assert_eq!(copied, python_test(scenario));
    t.wait_for_contains("Copied: set AZURE_STORAGE_CONNECTION_STRING");
}

/// An entity in a new table, for free mode to act on.
fn one_entity(rt: &tokio::runtime::Runtime) -> (tessera::storage::Client, String) {
    let client = common::client();
    let table = common::unique("free").replace('-', "");
    rt.block_on(async {
        client.create_table(&table).await.unwrap();
        let e = tessera::storage::table::EntityDraft::new("p0", "r0")
            .with("Name", tessera::storage::table::EdmValue::String("Customer 0".into()));
        client.insert_entity(&table, &e).await.unwrap();
    });
    (client, table)
}

#[test]
fn a_free_mode_run_becomes_a_python_test_that_passes_and_fails_when_the_service_differs() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, table) = one_entity(&rt);
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.click("Customer 0");
    t.click("Open in conflict lab");
    t.wait_for_contains("A and B act on the");
    // Refused before any request: the test says so and sends nothing for it.
    t.click("A Save with my ETag");
    t.wait_for_contains("A holds no ETag yet");
    t.click("A Read");
    t.wait_for_contains("A: read; ETag");
    t.click("B Read");
    t.wait_for_contains("B: read; ETag");
    t.type_into("Value A writes", "first");
    t.click("A Save with my ETag");
    t.wait_for_contains("A: saved; new ETag");
    t.click("B Save with my ETag");
    t.wait_for_contains("UpdateConditionNotSatisfied");
    t.click("B Save forcing (If-Match *)");
    t.wait_for_contains("B: saved; new ETag");
    let py = t.copied_by_clicking("Copy this run as a Python test (6 steps)");
    assert!(py.contains("# not sent (refused before any request)"), "{py}");
    assert!(!py.contains("AccountKey") && !py.contains("SharedKey"), "{py}");
    let dir = tempfile::tempdir().unwrap();
    let (ok, words) = finish(start(dir.path(), "free_run", &py));
    assert!(ok && words.contains("passed"), "{words}\n{py}");
    // Replayed, the run wrote as the lab did: B's forced value is the one stored.
    let stored = rt.block_on(client.get_entity(&table, "p0", "r0")).unwrap();
    assert_eq!(stored.get("LabValue").unwrap().to_text(), " (by B)");
    // B's stale save made unconditional: the 412 the test asserts no longer comes.
    let stale = "etag=b.etag, match_condition=MatchConditions.IfNotModified";
    assert_eq!(py.matches(stale).count(), 1, "only B's refused save carries its ETag");
    let changed = py.replace(stale, "match_condition=MatchConditions.Unconditionally");
    let (ok, words) = finish(start(dir.path(), "changed", &changed));
    assert!(!ok && words.contains("but it succeeded"), "{words}");
    // A new run forgets the steps and what the sides hold.
    t.click("Start a new run");
    t.click("B Save with my ETag");
    t.wait_for_contains("B holds no ETag yet");
    let py = t.copied_by_clicking("Copy this run as a Python test (1 step)");
    assert!(!py.contains("update_entity("), "{py}");
}

/// Copies the free-mode run and runs it: it must pass.
fn run_passes(t: &mut TestApp, button: &str) {
    let py = t.copied_by_clicking(button);
    let dir = tempfile::tempdir().unwrap();
    let (ok, words) = finish(start(dir.path(), "free_run", &py));
    assert!(ok && words.contains("passed"), "{words}\n{py}");
}

#[test]
fn a_free_mode_run_on_a_blob_replays_through_the_sdks() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_, container) = common::blobs::container_with(&rt, &["shared.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.click("shared.txt");
    t.click("Open in conflict lab");
    t.wait_for_contains("A and B act on the blob");
    t.click("A Read");
    t.wait_for_contains("A: read; ETag");
    t.click("A Acquire 15 s lease");
    t.wait_for_contains("A: holds lease");
    // B writes without the lease: refused while A holds it.
    t.click("B Save forcing (If-Match *)");
    t.wait_for_contains("LeaseIdMissing");
    t.click("A Save with my ETag");
    t.wait_for_contains("A: written; new ETag");
    t.click("B Break the lease now");
    t.wait_for_contains("B: broken now");
    t.click("B Save forcing (If-Match *)");
    t.wait_for_contains("B: written; new ETag");
    run_passes(&mut t, "Copy this run as a Python test (6 steps)");
}

#[test]
fn a_free_mode_run_on_a_message_replays_through_the_sdks() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let queue = common::unique("freeq");
    let put = || client.put_message(&queue, "job", None, tessera::storage::queue::MessageTtl::Default);
    rt.block_on(client.create_queue(&queue, &[])).unwrap();
    rt.block_on(put()).unwrap();
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &queue);
    t.wait_for_contains("About 1 messages");
    t.click("Open in conflict lab");
    t.wait_for_contains("A and B act on the front message");
    // A takes the only message, B finds nothing, A returns it, B takes it, A's receipt is stale by then.
    t.click("A Dequeue (30 s)");
    t.wait_for_contains("A: took");
    t.click("B Dequeue (30 s)");
    t.wait_for_contains("B: got nothing");
    t.click("A Return it now");
    t.wait_for_contains("A: returned");
    t.click("B Dequeue (30 s)");
    t.wait_for_contains("B: took");
    t.click("A Delete");
    t.wait_steps("A's stale receipt refused", std::time::Duration::from_secs(60), |t| {
        let run = t.harness.state().lab().map(|l| l.free_run()).unwrap_or_default();
        run.last().is_some_and(|s| {
            s.side == tessera::app::lab::Side::A && matches!(s.outcome, FreeOutcome::Refused(404 | 400))
        })
    });
    t.click("B Delete");
    t.wait_for_contains("B: deleted");
    // Replayed on a queue holding one message again.
    rt.block_on(put()).unwrap();
    run_passes(&mut t, "Copy this run as a Python test (6 steps)");
}

/// A lens scenario's script, run as the app through a lens started with the script's own rules: it passes, and
/// the lens saw what the scenario is about (the held update answered 412; the ServerBusy tries, then the one
/// that landed). Without the lens (its connection string the account's own) the same script fails.
#[test]
fn a_lens_scenario_s_script_runs_as_the_app_through_the_lens() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let dir = tempfile::tempdir().unwrap();
    for title in ["Your worker against a second writer", "A retry storm under ServerBusy"] {
        let scenario = SCENARIOS.iter().find(|s| s.title == title).unwrap();
        let py = python_test(scenario);
        assert!(!py.contains("AccountKey"), "{py}");
        let rules_line = py.lines().find(|l| l.starts_with("LENS_RULES = '")).unwrap();
        let rules = parse_rules(rules_line.trim_start_matches("LENS_RULES = '").trim_end_matches('\'')).unwrap();
        let lens = rt
            .block_on(Lens::start(common::account(), LensOptions::default()))
            .unwrap();
        for rule in rules {
            lens.add_rule(rule);
        }
        let env = [("TESSERA_LENS_CONNECTION_STRING", lens.connection_string())];
        let (ok, words) = finish(start_with(dir.path(), "lens_scenario", &py, &env));
        assert!(ok && words.contains("passed"), "{title}: {words}\n{py}");
        let records = lens.records();
        let of = |op: &str| -> Vec<Option<u16>> {
            let mut found: Vec<_> = records.iter().filter(|r| r.operation == op).collect();
            found.sort_by_key(|r| r.number);
            found.iter().map(|r| r.status).collect()
        };
        if title.starts_with("Your worker") {
            assert_eq!(of("Update Entity"), [Some(412)], "{records:#?}");
            assert!(records.iter().any(|r| r.rules == ["hold"]), "{records:#?}");
        } else {
            assert_eq!(
                of("Put Blob"),
                [Some(503), Some(503), Some(503), Some(201)],
                "{records:#?}"
            );
        }
        // The app's side not through the lens: the 412 never comes (nothing held), and the script says so.
        if title.starts_with("Your worker") {
            let env = [("TESSERA_LENS_CONNECTION_STRING", common::emulator().connection_string())];
            let (ok, words) = finish(start_with(dir.path(), "no_lens", &py, &env));
            assert!(!ok && words.contains("the app's side goes through the lens"), "{words}");
        }
    }
}
