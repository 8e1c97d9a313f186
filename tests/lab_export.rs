//! The conflict lab's scenarios exported as Python tests and run against a real Azurite with Microsoft's SDKs:
//! every one passes as exported, and one whose stale ETag is replaced by `*` fails, as a regression test must
//! when the service (or the code under test) behaves differently. The UI's Copy gives the same script.

mod common;
mod ui;

use std::process::{Child, Command, Stdio};

use tessera::app::lab::export::python_test;
use tessera::app::lab::scenarios::SCENARIOS;
use ui::TestApp;

/// Starts `script` with the peers' Python and the emulator's connection string in the environment only.
fn start(dir: &std::path::Path, name: &str, script: &str) -> Child {
    let path = dir.join(format!("{name}.py"));
    std::fs::write(&path, script).unwrap();
    Command::new(common::peer::python())
        .arg(&path)
        .env(
            "AZURE_STORAGE_CONNECTION_STRING",
            common::emulator().connection_string(),
        )
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
