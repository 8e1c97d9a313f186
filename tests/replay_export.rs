//! The inspector's requests taken elsewhere, driven through the UI against a real Azurite: the requests about
//! one blob copied as a curl script (replayed by `sh` with an account SAS) and as a Python script (replayed
//! through Microsoft's SDKs with the connection string from the environment), every answer the same, then
//! replayed again after someone else deleted the blob (each script says which answer changed and exits
//! non-zero); the same requests copied as a HAR log that holds them without any signature.

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

/// Runs the exported Python script with the peers' Python, the account only in the environment.
fn run_python(script: &str) -> (bool, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("replay.py");
    std::fs::write(&path, script).unwrap();
    let out = Command::new(common::peer::python())
        .arg(&path)
        .env(
            "AZURE_STORAGE_CONNECTION_STRING",
            common::emulator().connection_string(),
        )
        .output()
        .expect("run the peers' Python");
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
    let python = t.copied_by_clicking("Copy shown as a Python script");
    assert!(
        !python.contains("SharedKey") && !python.contains("AccountKey"),
        "{python}"
    );
    let har = t.copied_by_clicking("Copy shown as HAR");
    let log: serde_json::Value = serde_json::from_str(&har).unwrap();
    let entries = log["log"]["entries"].as_array().unwrap();
    assert_eq!(entries.len(), script.matches("\nreplay ").count(), "the same requests");
    assert!(!har.contains("SharedKey"), "no signature in the HAR");
    // Each request is named in words, as the inspector shows it (not as the client's typed value).
    assert!(
        entries
            .iter()
            .all(|e| e["request"]["comment"].as_str().is_some_and(|c| !c.is_empty())),
        "every request named in words: {har}"
    );
    // The bodies the inspector kept: the blob's tags as the service answered them.
    assert!(
        entries.iter().any(|e| e["response"]["content"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("<Tags><TagSet/></Tags>"))),
        "the tags' body in the HAR: {har}"
    );

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
    let (ok, said) = run_python(&python);
    assert!(
        ok && said.contains(&format!("same: 2xx HEAD /{container}/replayed.txt")) && !said.contains("DIFFERENT"),
        "{said}"
    );
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
    let (ok, said) = run_python(&python);
    assert!(
        !ok && said.contains(&format!("DIFFERENT: 404, was 2xx: HEAD /{container}/replayed.txt")),
        "{said}"
    );
    // Without a SAS the script says what it needs and sends nothing.
    let (ok, words) = replay(&script, "");
    assert!(!ok && words.contains("AZURE_STORAGE_SAS"), "{words}");
}

#[test]
fn a_tables_and_a_queues_requests_replay_through_the_sdks() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let table = common::unique("replayt").replace('-', "");
    let queue = common::unique("replayq");
    rt.block_on(async {
        client.create_table(&table).await.unwrap();
        let e = tessera::storage::table::EntityDraft::new("o'k", "r 1 é")
            .with("Name", tessera::storage::table::EdmValue::String("quoted key".into()));
        client.insert_entity(&table, &e).await.unwrap();
        client.create_queue(&queue, &[]).await.unwrap();
        client
            .put_message(&queue, "hello", None, tessera::storage::queue::MessageTtl::Default)
            .await
            .unwrap();
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.wait_for("quoted key");
    t.click("Test emulator");
    t.open_resource("Queues", &queue);
    t.wait_for_contains("About 1 messages");
    t.click_contains("HTTP inspector (");
    let python = t.copied_by_clicking("Copy shown as a Python script");
    assert!(
        python.contains(".list_entities(") && python.contains(".peek_messages("),
        "{python}"
    );
    let (ok, said) = run_python(&python);
    assert!(ok && !said.contains("DIFFERENT"), "{said}");
    assert!(said.contains(&format!("same: 2xx GET /{table}()")), "{said}");
    // Someone else drops the table: its query is answered differently now.
    rt.block_on(client.delete_table(&table)).unwrap();
    let (ok, said) = run_python(&python);
    assert!(
        !ok && said.contains(&format!("DIFFERENT: 404, was 2xx: GET /{table}()")),
        "{said}"
    );
}

#[test]
fn a_write_replays_with_the_body_the_inspector_kept() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::container_with(&rt, &["tagged.txt"]);
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.type_first_tag("tagged.txt", "status", "new");
    t.click("Save tags");
    t.wait_for("Index tags (1 of 10)");
    t.click_contains("HTTP inspector (");
    t.type_into("Find:", "tagged.txt");
    let script = t.copied_by_clicking("Copy shown as a curl script");
    assert!(script.contains("--data-binary @\"$body\""), "{script}");
    // Someone else retags the blob; the replay sends the recorded tags again.
    let theirs = vec![("status".to_string(), "theirs".to_string())];
    rt.block_on(client.set_blob_tags(&container, "tagged.txt", &theirs, None, None))
        .unwrap();
    let grant = AccountSasGrant {
        services: "b".into(),
        resource_types: "sco".into(),
        permissions: "rwlt".into(),
        expiry: Some(SystemTime::now() + Duration::from_secs(3600)),
        ..Default::default()
    };
    let (ok, words) = replay(&script, &client.account_sas(&grant).unwrap());
    assert!(ok, "{words}");
    let cs = common::emulator().connection_string();
    let tags = common::peer::run(&cs, &["blob-tags", &container, "tagged.txt"])["tags"].clone();
    assert_eq!(
        tags,
        serde_json::json!({"status": "new"}),
        "the recorded body was sent: {words}"
    );
}
