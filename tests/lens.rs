//! The lens with Microsoft's Python SDKs as "the user's app", against a real Azurite: through the endpoint,
//! tables, blobs and queues give what they give direct; each request is named in the storage vocabulary with
//! what a conflict turns on, and no secret; a 503 rule makes the SDK retry and the log shows one operation
//! retried; a held Update Entity meets a change made meanwhile and the SDK gets its 412; a held Get Messages
//! released after the visibility timeout is the message's second dequeue.

mod common;

use std::time::Duration;

use common::{emulator, peer, unique};
use tessera::lens::holds::Verdict;
use tessera::lens::record::Record;
use tessera::lens::rules::parse_rules;
use tessera::lens::{Lens, LensOptions};
use tessera::storage::{Account, Client, ClientOptions, EMULATOR_KEY};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// A lens in front of the test emulator's account.
fn lens(rt: &tokio::runtime::Runtime) -> Lens {
    rt.block_on(Lens::start(common::account(), LensOptions::default()))
        .expect("the lens starts")
}

/// The records of one operation, in the order they ended.
fn of(lens: &Lens, operation: &str) -> Vec<Record> {
    let mut found: Vec<Record> = lens
        .records()
        .into_iter()
        .filter(|r| r.operation == operation)
        .collect();
    // Records come in the order requests ended; an answer the app never read ends when its connection does.
    found.sort_by_key(|r| r.number);
    found
}

/// No key, SAS signature or token in anything the lens recorded.
fn assert_no_secret(lens: &Lens) {
    let all = serde_json::to_string(&lens.records()).unwrap();
    assert!(!all.contains(EMULATOR_KEY), "the account key is in the records");
    assert!(
        !all.contains("SharedKey devstoreaccount1:"),
        "a signature is in the records"
    );
}

#[test]
fn tables_through_the_lens_give_what_they_give_direct_and_each_request_is_named() {
    let rt = runtime();
    let lens = lens(&rt);
    let table = unique("lenst");
    let through = peer::run(&lens.connection_string(), &["lens-tables", &table]);
    let direct = peer::run(&emulator().connection_string(), &["table-rows", &table]);
    assert_eq!(
        through["rows"], direct["rows"],
        "the app read through the lens what is there"
    );
    assert_eq!(through["rows"].as_array().unwrap().len(), 2);
    assert_eq!(through["found"], serde_json::json!(["3"]));

    let merge = of(&lens, "Merge Entity");
    assert_eq!(merge.len(), 1, "{:#?}", lens.records());
    assert_eq!(merge[0].resource, format!("{table}/p/1"));
    assert!(
        merge[0].if_match.as_deref().is_some_and(|m| m.starts_with("W/")),
        "{merge:?}"
    );
    assert!(
        merge[0].etag.is_some() && merge[0].etag != merge[0].if_match,
        "{merge:?}"
    );
    assert_eq!(merge[0].status, Some(204));
    let batch = of(&lens, "Entity Group Transaction");
    assert_eq!(batch.len(), 1);
    assert_eq!(batch[0].parts.len(), 2, "{batch:?}");
    assert!(batch[0].parts[0].ends_with(&format!(" {table}/p/3")), "{batch:?}");
    assert_eq!(batch[0].parts[1], format!("DELETE {table}/p/2"));
    assert_eq!(of(&lens, "Insert Entity").len(), 2);
    assert_eq!(of(&lens, "Get Entity").len(), 1);
    assert_eq!(of(&lens, "Query Entities").len(), 2);
    assert!(of(&lens, "Create Table")[0].status == Some(201));
    assert_no_secret(&lens);
}

#[test]
fn blobs_through_the_lens_a_multi_block_upload_and_a_ranged_download() {
    let rt = runtime();
    let lens = lens(&rt);
    let container = unique("lensb");
    let through = peer::run(&lens.connection_string(), &["lens-blobs", &container, "5000000"]);
    assert_eq!(through["blocks"], 5, "{through}");
    assert_eq!(through["range_sha256"], through["expected_range_sha256"]);
    let whole = peer::run(&emulator().connection_string(), &["blob-sha256", &container, "big.bin"]);
    assert_eq!(
        whole["sha256"], through["sha256"],
        "the blob the app uploaded is there, byte for byte"
    );
    let range = peer::run(
        &emulator().connection_string(),
        &["blob-range-sha256", &container, "big.bin", "123457", "1000000"],
    );
    assert_eq!(range["range_sha256"], through["range_sha256"]);

    assert_eq!(of(&lens, "Put Block").len(), 5);
    let list = of(&lens, "Put Block List");
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].resource, format!("{container}/big.bin"));
    assert!(list[0].etag.is_some());
    let ranged = of(&lens, "Get Blob (ranged)");
    assert!(!ranged.is_empty(), "{:#?}", lens.records());
    assert_eq!(ranged[0].status, Some(206));
    assert_no_secret(&lens);
}

#[test]
fn queues_through_the_lens_and_each_message_with_its_pop_receipt() {
    let rt = runtime();
    let lens = lens(&rt);
    let queue = unique("lensq");
    let through = peer::run(&lens.connection_string(), &["lens-queues", &queue]);
    let direct = peer::run(&emulator().connection_string(), &["peek", &queue, "32"]);
    let mut left: Vec<String> = serde_json::from_value(direct["messages"].clone()).unwrap();
    left.sort();
    assert_eq!(through["left"], serde_json::json!(left));
    assert_eq!(through["left"], serde_json::json!(["three", "two, changed"]));

    let got = of(&lens, "Get Messages");
    assert_eq!(got.len(), 2);
    assert!(
        got.iter().all(|r| r.pop_receipt.is_some() && r.next_visible.is_some()),
        "{got:?}"
    );
    assert_eq!(got[0].dequeue_count, Some(1));
    let deleted = of(&lens, "Delete Message");
    assert_eq!(deleted.len(), 1);
    assert_eq!(
        deleted[0].pop_receipt, got[0].pop_receipt,
        "the receipt sent is the one received"
    );
    let updated = of(&lens, "Update Message");
    assert_eq!(updated.len(), 1);
    assert!(updated[0].next_visible.is_some() && updated[0].pop_receipt.is_some());
    assert_ne!(
        updated[0].pop_receipt, got[1].pop_receipt,
        "an update answers a new receipt"
    );
    assert_eq!(of(&lens, "Put Message").len(), 3);
    assert_no_secret(&lens);
}

#[test]
fn metadata_names_reach_the_account_in_the_case_the_app_sent_them() {
    let rt = runtime();
    let lens = lens(&rt);
    let container = unique("lenscase");
    rt.block_on(common::client().create_container(&container, tessera::storage::blob::PublicAccess::None, &[]))
        .unwrap();
    peer::run(
        &lens.connection_string(),
        &["lens-upload-text", &container, "c.txt", "case"],
    );
    peer::run(
        &lens.connection_string(),
        &[
            "set-blob-metadata",
            &container,
            "c.txt",
            r#"{"MyKey":"one","UPPER":"two","lower":"three"}"#,
        ],
    );
    let expected: Vec<(String, String)> = [("MyKey", "one"), ("UPPER", "two"), ("lower", "three")]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let direct = peer::metadata(&emulator().connection_string(), &["blob-metadata", &container, "c.txt"]);
    assert_eq!(direct, expected, "the account holds the names in the app's case");
    let through = peer::metadata(&lens.connection_string(), &["blob-metadata", &container, "c.txt"]);
    assert_eq!(
        through, expected,
        "the app reads the names through the lens as the account answers them"
    );
    let set = of(&lens, "Set Blob Metadata");
    assert_eq!(set.len(), 1, "{:#?}", lens.records());
    assert_eq!(set[0].status, Some(200));
    assert_no_secret(&lens);
}

#[test]
fn a_503_rule_makes_the_sdk_retry_and_the_log_shows_one_operation_retried() {
    let rt = runtime();
    let lens = lens(&rt);
    let container = unique("lensr");
    rt.block_on(common::client().create_container(&container, tessera::storage::blob::PublicAccess::None, &[]))
        .unwrap();
    let rules = parse_rules(&format!(
        r#"{{"rules":[{{"name":"busy","operation":"Put Blob","resource":"{container}/r.txt","action":{{"kind":"answer","status":503,"code":"ServerBusy"}},"times":1}}]}}"#
    ))
    .unwrap();
    lens.add_rule(rules[0].clone());
    let out = peer::run(&lens.connection_string(), &["lens-retry", &container, "r.txt"]);
    assert_eq!(out["ok"], true);
    let text = peer::run(&emulator().connection_string(), &["blob-text", &container, "r.txt"]);
    assert_eq!(text["text"], "landed after a retry");

    let puts = of(&lens, "Put Blob");
    assert_eq!(puts.len(), 2, "{puts:#?}");
    assert_eq!(puts[0].status, Some(503));
    assert_eq!(puts[0].error_code.as_deref(), Some("ServerBusy"));
    assert_eq!(puts[0].rules, ["busy"]);
    assert_eq!(puts[0].retry_of, None);
    assert_eq!(puts[1].status, Some(201));
    assert_eq!(
        puts[1].retry_of,
        Some(puts[0].number),
        "the second try is the first one's retry"
    );
    assert_eq!(lens.rules()[0].fired, 1);
}

/// Waits until the lens holds something, and gives its id.
fn held_id(lens: &Lens) -> u64 {
    let mut id = None;
    common::wait(
        "a held request",
        Duration::from_secs(60),
        || {
            id = lens.held().first().map(|h| h.id);
            id.is_some()
        },
        || format!("{:#?}", lens.records()),
    );
    id.unwrap()
}

#[test]
fn a_held_update_entity_meets_a_change_made_meanwhile_and_the_sdk_gets_412() {
    let rt = runtime();
    let lens = lens(&rt);
    let table = unique("lensh");
    rt.block_on(common::client().create_table(&table)).unwrap();
    let direct = emulator().connection_string();
    peer::run(&direct, &["upsert-entity", &table, "orders", "42", "first"]);
    let rules = parse_rules(&format!(
        r#"{{"rules":[{{"name":"hold","operation":"Update Entity","resource":"{table}/orders/42","action":{{"kind":"hold"}}}}]}}"#
    ))
    .unwrap();
    lens.add_rule(rules[0].clone());
    let through = lens.connection_string();
    let t = table.clone();
    let app =
        std::thread::spawn(move || peer::run(&through, &["lens-update-entity", &t, "orders", "42", "from the app"]));
    let id = held_id(&lens);
    assert_eq!(lens.held()[0].operation, "Update Entity");
    // Meanwhile, someone else changes the entity.
    peer::run(&direct, &["upsert-entity", &table, "orders", "42", "changed meanwhile"]);
    assert!(lens.decide(id, Verdict::Release));
    let out = app.join().unwrap();
    assert_eq!(out["updated"], false, "{out}");
    assert_eq!(out["error"], "ResourceModifiedError", "{out}");
    assert_eq!(out["status"], 412);
    assert_eq!(
        common::peer::entity(&table, "orders", "42")["Name"]["value"],
        "changed meanwhile"
    );
    let update = of(&lens, "Update Entity");
    assert_eq!(update.len(), 1);
    assert_eq!(update[0].status, Some(412));
    assert!(update[0].if_match.is_some());
    assert_eq!(update[0].rules, ["hold"]);
}

#[test]
fn a_held_get_messages_released_after_the_visibility_timeout_is_the_second_dequeue() {
    let rt = runtime();
    let lens = lens(&rt);
    let queue = unique("lensv");
    let client = common::client();
    rt.block_on(client.create_queue(&queue, &[])).unwrap();
    peer::run(&emulator().connection_string(), &["put-message", &queue, "work"]);
    let through = lens.connection_string();
    let first = peer::run(&through, &["lens-dequeue", &queue, "1"]);
    assert_eq!(first["dequeue_count"], 1);
    let rules = parse_rules(&format!(
        r#"{{"rules":[{{"name":"hold","operation":"Get Messages","resource":"{queue}/messages","action":{{"kind":"hold"}}}}]}}"#
    ))
    .unwrap();
    lens.add_rule(rules[0].clone());
    let q = queue.clone();
    let app = std::thread::spawn(move || peer::run(&through, &["lens-dequeue", &q, "30"]));
    let id = held_id(&lens);
    // The first dequeue hid the message for 1 s: released after that, the held request finds it again.
    let hidden_until = of(&lens, "Get Messages")[0].next_visible.clone().unwrap();
    let until = httpdate::parse_http_date(&hidden_until).unwrap();
    while std::time::SystemTime::now() < until + Duration::from_millis(1100) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(lens.decide(id, Verdict::Release));
    let second = app.join().unwrap();
    assert_eq!(second["content"], "work");
    assert_eq!(second["dequeue_count"], 2);
    let got = of(&lens, "Get Messages");
    assert_eq!(got.len(), 2);
    assert_eq!(got[1].dequeue_count, Some(2), "{got:?}");
    assert_eq!(got[1].rules, ["hold"]);
}

/// Tessera's own client reaches the account through the lens: it still serves.
pub fn still_serves(rt: &tokio::runtime::Runtime, lens: &Lens) {
    let account = Account::from_connection_string(&lens.connection_string()).unwrap();
    let client = Client::new(account, ClientOptions::default()).unwrap();
    rt.block_on(client.list_queues(None, None, Some(1), false))
        .expect("the lens still serves");
}

#[test]
fn tessera_s_own_shared_key_client_passes_through_unchanged() {
    let rt = runtime();
    let lens = lens(&rt);
    still_serves(&rt, &lens);
    assert_eq!(of(&lens, "List Queues")[0].status, Some(200));
}

#[test]
fn a_sas_app_passes_unchanged_and_its_signature_is_never_recorded() {
    let rt = runtime();
    let grant = tessera::storage::account_sas::AccountSasGrant {
        services: "bqt".into(),
        resource_types: "sco".into(),
        permissions: "rwdlacup".into(),
        expiry: Some(std::time::SystemTime::now() + Duration::from_secs(3600)),
        ..Default::default()
    };
    let cs = common::client().account_sas_connection_string(&grant).unwrap();
    let account = Account::from_connection_string(&cs).unwrap();
    let sas = match &account.credential {
        tessera::storage::Credential::Sas(token) => token.query().to_string(),
        _ => panic!("the connection string made a SAS account"),
    };
    let sig = sas.split('&').find_map(|p| p.strip_prefix("sig=")).unwrap().to_string();
    let lens = rt.block_on(Lens::start(account, LensOptions::default())).unwrap();
    assert!(lens.connection_string().contains("SharedAccessSignature="));
    assert!(!lens.connection_string_without_secret().contains(&sig));
    let queue = unique("lenssas");
    let through = peer::run(&lens.connection_string(), &["lens-queues", &queue]);
    assert_eq!(through["left"], serde_json::json!(["three", "two, changed"]));
    let records = lens.records();
    assert!(
        records.iter().all(|r| r.status.is_some_and(|s| s < 300)),
        "{records:#?}"
    );
    assert!(records.iter().all(|r| r.url.contains("sig=<redacted>")), "{records:#?}");
    let all = serde_json::to_string(&records).unwrap();
    let decoded = percent_encoding::percent_decode_str(&sig)
        .decode_utf8_lossy()
        .into_owned();
    assert!(
        !all.contains(&sig) && !all.contains(&decoded),
        "the SAS signature is in the records"
    );
}
