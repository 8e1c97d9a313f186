//! The inspector's requests taken elsewhere, driven through the UI against a real Azurite: the requests about
//! one blob copied as a curl script, replayed by `sh` with an account SAS (every status the same), and replayed
//! again after someone else deleted the blob (the script says which answer changed and exits non-zero); the same
//! requests copied as a HAR log that holds them without any signature.

mod common;
mod ui;

use std::process::Command;
use std::time::{Duration, SystemTime};

use tessera::storage::account_sas::AccountSasGrant;
use tessera::storage::blob::{Conditions, DeleteSnapshots};
use ui::TestApp;

fn replay(script: &str, sas: &str) -> (bool, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("replay.sh");
    std::fs::write(&path, script).unwrap();
    let out = Command::new("sh")
        .arg(&path)
        .env("AZURE_STORAGE_SAS", sas)
        .output()
        .expect("run sh");
    common::outcome(out)
}

#[test]
fn a_blobs_requests_replay_with_curl_and_say_what_changed() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::container_with(&rt, &["replayed.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.click("replayed.txt");
    t.wait_app("the blob's properties", Duration::from_secs(30), |app| {
        app.active_blob().and_then(|p| p.selected_properties()).is_some()
    });
    t.click_contains("HTTP inspector (");
    t.type_into("Find:", "replayed.txt");
    let script = t.copied_by_clicking("Copy shown as a curl script");
    assert!(script.contains("replay 200 'HEAD /"), "{script}");
    assert!(
        !script.contains("SharedKey") && !script.contains("authorization"),
        "{script}"
    );
    let har = t.copied_by_clicking("Copy shown as HAR");
    let log: serde_json::Value = serde_json::from_str(&har).unwrap();
    let entries = log["log"]["entries"].as_array().unwrap();
    assert_eq!(entries.len(), script.matches("\nreplay ").count(), "the same requests");
    assert!(!har.contains("SharedKey"), "no signature in the HAR");

    let grant = AccountSasGrant {
        services: "b".into(),
        resource_types: "sco".into(),
        permissions: "rlt".into(),
        expiry: Some(SystemTime::now() + Duration::from_secs(3600)),
        ..Default::default()
    };
    let sas = client.account_sas(&grant).unwrap();
    let (ok, words) = replay(&script, &sas);
    let head = format!("HEAD /{container}/replayed.txt");
    assert!(
        ok && words.contains(&format!("same: 200 {head}")) && !words.contains("DIFFERENT"),
        "{words}"
    );
    assert!(!words.contains("sig="), "the output never shows the SAS: {words}");
    // Someone else deletes the blob: the replay says the answers changed.
    rt.block_on(client.delete_blob(
        &container,
        "replayed.txt",
        None,
        DeleteSnapshots::Include,
        &Conditions::none(),
    ))
    .unwrap();
    let (ok, words) = replay(&script, &sas);
    assert!(
        !ok && words.contains(&format!("DIFFERENT: 404, was 200: {head}")),
        "{words}"
    );
    // Without a SAS the script says what it needs and sends nothing.
    let (ok, words) = replay(&script, "");
    assert!(!ok && words.contains("AZURE_STORAGE_SAS"), "{words}");
}
