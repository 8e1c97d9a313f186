//! An account's own settings against Azurite: the Blob and Queue services' CORS rules, delete retention and
//! static website written by the client and read back by it and by Microsoft's Python SDK; limits refused in
//! words before anything is sent; Get Account Information; and the Service settings window driven as a person
//! does (egui_kittest), with a Read again between the edit and the save.

mod common;
mod ui;

use egui_kittest::kittest::Queryable;

use tessera::storage::Service;
use tessera::storage::service_properties::{CorsRule, RetentionPolicy, StaticWebsite};

fn rule(origins: &str) -> CorsRule {
    CorsRule {
        allowed_origins: origins.into(),
        allowed_methods: "GET,PUT,OPTIONS".into(),
        allowed_headers: "x-ms-meta-*,content-type".into(),
        exposed_headers: "x-ms-request-id,etag".into(),
        max_age_seconds: 600,
    }
}

#[test]
fn cors_retention_and_website_are_saved_and_read_back_by_the_sdk() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    // Its own emulator: service properties are the account's, shared by every test of a binary.
    let emulator = tessera::emulator::Emulator::start_with(&tessera::emulator::EmulatorOptions {
        skip_api_version_check: true,
        ..Default::default()
    })
    .expect("Azurite");
    let client = tessera::storage::Client::new(emulator.account(), Default::default()).unwrap();
    rt.block_on(async {
        let mut blob = client.service_properties(Service::Blob).await.unwrap();
        blob.cors = vec![rule("https://app.contoso.com"), rule("*")];
        blob.delete_retention = Some(RetentionPolicy {
            enabled: true,
            days: Some(7),
        });
        blob.static_website = Some(StaticWebsite {
            enabled: true,
            index_document: Some("index.html".into()),
            error_document_404_path: Some("errors/404.html".into()),
        });
        client.set_service_properties(Service::Blob, &blob).await.unwrap();
        let back = client.service_properties(Service::Blob).await.unwrap();
        assert_eq!(back.cors, blob.cors);
        assert_eq!(back.delete_retention, blob.delete_retention);
        assert_eq!(back.static_website, blob.static_website);

        let mut queue = client.service_properties(Service::Queue).await.unwrap();
        queue.cors = vec![rule("https://ops.contoso.com")];
        client.set_service_properties(Service::Queue, &queue).await.unwrap();
        assert_eq!(
            client.service_properties(Service::Queue).await.unwrap().cors,
            queue.cors
        );

        // Refused before sending: six rules, a method the service does not take.
        let mut bad = back.clone();
        bad.cors = vec![rule("*"); 6];
        let e = client.set_service_properties(Service::Blob, &bad).await.unwrap_err();
        assert!(e.to_string().contains("at most 5 CORS rules"), "{e}");
        assert_eq!(client.service_properties(Service::Blob).await.unwrap().cors.len(), 2);

        let info = client.account_information().await.unwrap();
        assert!(info.sku.is_some() && info.kind.is_some(), "{info:?}");
    });
    // Microsoft's SDK reads what was saved.
    let sdk = common::peer::run(&emulator.connection_string(), &["service-properties", "blob"]);
    let rules = sdk["cors"].as_array().unwrap();
    assert_eq!(rules.len(), 2, "{sdk}");
    assert_eq!(rules[0]["origins"], "https://app.contoso.com");
    assert_eq!(rules[0]["methods"], "GET,PUT,OPTIONS");
    assert_eq!(rules[0]["max_age"], 600);
    assert_eq!(rules[1]["origins"], "*");
    assert_eq!(sdk["delete_retention_policy"]["days"], 7, "{sdk}");
    assert_eq!(sdk["static_website"]["index_document"], "index.html", "{sdk}");
    assert_eq!(
        sdk["static_website"]["error_document404_path"], "errors/404.html",
        "{sdk}"
    );
    let sdk = common::peer::run(&emulator.connection_string(), &["service-properties", "queue"]);
    assert_eq!(sdk["cors"][0]["origins"], "https://ops.contoso.com", "{sdk}");
}

#[test]
fn the_service_settings_window_saves_a_cors_rule_after_refusing_a_bad_method() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = ui::TestApp::with_emulator(&rt);
    t.context_click("Test emulator");
    t.click("Service settings…");
    t.wait_for_contains("Service settings of Test emulator");
    t.wait_for_contains("Account: SKU");
    t.wait_for_contains("CORS rules (0 of at most 5)");
    t.click("Add CORS rule");
    t.replace_text("Rule 1 origins:", "https://app.contoso.com");
    t.replace_text("Rule 1 methods:", "GET,FETCH");
    t.click("Save settings");
    t.wait_for_contains("`FETCH` is not a method the service takes");
    // Read again between the edit and the save: the draft stays.
    t.click("Read again");
    t.wait_for_contains("your unsaved changes are kept");
    assert_eq!(
        t.harness.get_by_label("Rule 1 origins:").value().unwrap_or_default(),
        "https://app.contoso.com"
    );
    t.replace_text("Rule 1 methods:", "get, put");
    t.click("Keep deleted blobs");
    t.replace_text("Keep deleted blobs: days", "9");
    t.click("Save settings");
    t.wait_for_contains("Saved.");
    // The service's word read after the save is the draft (tidied as the service says it): nothing left unsaved.
    t.idle_for(std::time::Duration::from_millis(500));
    assert_eq!(
        t.harness.get_by_label("Rule 1 methods:").value().unwrap_or_default(),
        "GET,PUT"
    );
    assert!(t.harness.query_by_label_contains("unsaved changes").is_none());
    let sdk = common::peer::run(&common::emulator().connection_string(), &["service-properties", "blob"]);
    assert_eq!(sdk["cors"][0]["origins"], "https://app.contoso.com", "{sdk}");
    assert_eq!(sdk["cors"][0]["methods"], "GET,PUT", "{sdk}");
    assert_eq!(sdk["delete_retention_policy"]["days"], 9, "{sdk}");
    // The Queue service's settings are its own.
    t.click("Queue service");
    t.wait_for_contains("CORS rules (0 of at most 5)");
}

#[test]
fn a_resource_s_url_is_copied_from_the_tree_without_a_signature() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (client, container) = common::blobs::container_with(&rt, &["a.txt"]);
    // An account reached by a SAS: its token must stay out of what is copied.
    let grant = tessera::storage::account_sas::AccountSasGrant {
        services: "b".into(),
        resource_types: "sco".into(),
        permissions: "rl".into(),
        expiry: Some(std::time::SystemTime::now() + std::time::Duration::from_secs(3600)),
        ..Default::default()
    };
    let cs = client.account_sas_connection_string(&grant).unwrap();
    let account = tessera::storage::Account::from_connection_string(&cs).unwrap();
    let mut t = ui::TestApp::with_account(&rt, &account);
    t.click("Test emulator");
    t.click_contains("Blob containers");
    t.context_click(&container);
    let url = t.copied_by_clicking("Copy URL");
    let blob_port = common::emulator().ports()[0];
    assert_eq!(
        url,
        format!("http://127.0.0.1:{blob_port}/devstoreaccount1/{container}")
    );
    assert!(!url.contains("sig="), "{url}");
}

#[test]
fn the_service_settings_window_says_why_an_account_that_failed_to_open_has_none() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    // An account whose key is not in the keychain (kept for an earlier run only, say): it cannot open.
    let mut keyless =
        serde_json::to_value(tessera::app::accounts::profiles::AccountProfile::emulator_preset()).unwrap();
    keyless["id"] = "keyless-account".into();
    keyless["label"] = "Keyless".into();
    keyless["secret"] = "AccountKey".into();
    let mut t = ui::TestApp::with_accounts_file(&rt, &serde_json::to_vec(&vec![keyless]).unwrap());
    t.context_click("Keyless");
    t.click("Service settings…");
    t.wait_for_contains("Service settings of Keyless");
    t.wait_for_contains("The account could not be opened");
    t.wait_for_contains("not in the keychain");
}
