//! Accounts > Export settings and Import settings, as two people on two machines use them: one exports (without
//! secrets, then with them sealed under a passphrase), the other imports into an app that already has an account of
//! the same name, answers the clash, and the imported account connects with the secret that travelled. The files
//! never hold a secret or the passphrase in clear. One test in its own binary: the mock keychain is the binary's.

mod common;
mod ui;

use egui_kittest::kittest::{NodeT, Queryable};
use tessera::app::accounts::account_file;
use tessera::app::accounts::proxy_settings::ProxyMode;
use tessera::app::accounts::secrets::Secrets;
use tessera::app::runtime::dialogs::ScriptedDialogs;
use tessera::storage::EMULATOR_KEY;
use ui::TestApp;

const PASSPHRASE: &str = "travel light 2026";

fn labels(t: &TestApp) -> Vec<String> {
    t.harness.state().sync_files();
    let path = tessera::app::accounts::profiles::AppPaths::in_dir(t.dir()).accounts_file;
    let mut labels: Vec<String> = account_file::load(&path)
        .profiles
        .into_iter()
        .map(|p| p.label)
        .collect();
    labels.sort();
    labels
}

#[test]
fn settings_travel_to_another_app_with_their_secrets_sealed_and_each_clash_answered() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let container = common::unique("travel");
    let table = common::unique("travel");
    rt.block_on(common::client().create_table(&table)).unwrap();
    let second = tessera::storage::Client::new(common::second_account(), Default::default()).unwrap();
    rt.block_on(second.create_container(&container, tessera::storage::blob::PublicAccess::None, &[]))
        .unwrap();
    let files = tempfile::tempdir().unwrap();
    let (plain, sealed) = (files.path().join("plain.json"), files.path().join("sealed.json"));

    // The first app: the emulator with a query saved in one of its tables, an account added with its key, a
    // container opened, high contrast, no proxy.
    let mut a = TestApp::with_emulator(&rt);
    let dialogs = ScriptedDialogs::new();
    a.harness.state_mut().set_dialogs(dialogs.clone());
    // A query saved in a table tab of the emulator account.
    a.click("Test emulator");
    a.click_contains("Tables");
    a.click(&table);
    a.wait_for_contains("entities loaded in");
    a.replace_text("$filter:", "PartitionKey eq 'travel'");
    a.click("Saved queries");
    a.type_into("Save as:", "one partition");
    a.click("Save this query");
    a.wait_for("one partition");
    a.click("Test emulator");
    a.add_account_from_connection_string(
        "Keyed",
        &common::emulator().connection_string_of(common::SECOND_ACCOUNT),
    );
    a.click("Keyed");
    a.click_contains("Blob containers");
    a.click(&container);
    a.wait_until("the container in the recent list", |h| {
        h.state().settings_to_save().recent.iter().any(|r| r.name == container)
    });
    a.click("View");
    a.click("High contrast");
    a.click("Tools");
    a.click("Proxy…");
    a.click("No proxy");
    a.click("Use these settings");

    // Without secrets: the file names the accounts and holds no key.
    dialogs.answer(Some(plain.clone()));
    a.click("Accounts");
    a.click("Export settings…");
    a.click("Export…");
    a.wait_for_contains("Exported 2 accounts, 2 resources recently opened, 1 saved query");
    let text = std::fs::read_to_string(&plain).unwrap();
    assert!(
        text.contains("\"Keyed\"") && text.contains(common::SECOND_ACCOUNT),
        "{text}"
    );
    assert!(
        !text.contains(EMULATOR_KEY),
        "no key in a file exported without secrets"
    );

    // With secrets: a short passphrase is refused before any file is asked for; then sealed.
    a.click("Include the secrets (account keys, SAS, sign-in tokens, the proxy password), encrypted");
    a.type_into("Passphrase:", "short");
    a.type_into("Passphrase again:", "short");
    a.click("Export…");
    a.wait_for_contains("at least 8 characters");
    a.replace_text("Passphrase:", PASSPHRASE);
    a.replace_text("Passphrase again:", PASSPHRASE);
    dialogs.answer(Some(sealed.clone()));
    a.click("Export…");
    a.wait_for_contains("with 1 secret sealed with your passphrase");
    let text = std::fs::read_to_string(&sealed).unwrap();
    for secret in [EMULATOR_KEY, PASSPHRASE, "AccountKey="] {
        assert!(!text.contains(secret), "`{secret}` in clear in the exported file");
    }
    assert!(text.contains("AES-256-GCM") && text.contains("Argon2id"), "{text}");
    // An independent reader (Python's cryptography package) opens the seal as the file describes it.
    let opened = common::peer::run("", &["settings-secrets", sealed.to_str().unwrap(), PASSPHRASE]);
    let keys: Vec<&str> = opened["accounts"]
        .as_object()
        .unwrap()
        .values()
        .filter_map(|v| v.as_str())
        .collect();
    assert_eq!(keys, [EMULATOR_KEY], "{opened}");

    // The second app has its own "Keyed" (the emulator's first account): a clash to answer.
    let mut b = TestApp::with_accounts(&rt, &[("Keyed", &common::account())]);
    let dialogs = ScriptedDialogs::new();
    b.harness.state_mut().set_dialogs(dialogs.clone());
    dialogs.answer(Some(sealed.clone()));
    b.click("Accounts");
    b.click("Import settings…");
    b.wait_for_contains("The file holds secrets sealed with a passphrase");
    b.wait_for_contains("Type the file's passphrase and open the secrets");
    b.type_into("File passphrase:", "travel light 2025");
    b.click("Open the secrets");
    b.wait_for_contains("The passphrase does not open this file's secrets");
    b.replace_text("File passphrase:", PASSPHRASE);
    b.click("Open the secrets");
    b.wait_for_contains("Secrets opened: 1 account secret");
    b.wait_for_contains("Choose what to do with each account already here: `Keyed`");
    assert!(
        b.harness.get_by_label("Import").accesskit_node().is_disabled(),
        "Import waits for the clash's answer"
    );
    b.click("Replace mine");
    b.click("Import");
    b.wait_for_contains("Imported 2 accounts");
    b.wait_for_contains(
        "1 secret, 2 resources recently opened, the proxy choice, 1 saved query, the look (high contrast)",
    );

    let saved = b.harness.state().settings_to_save();
    assert!(saved.high_contrast, "the look came along");
    assert_eq!(saved.saved_queries.0.len(), 1, "the saved query came along");
    assert_eq!(saved.saved_queries.0[0].filter, "PartitionKey eq 'travel'");
    assert_eq!(saved.proxy.mode, ProxyMode::Direct, "the proxy choice came along");
    let recent = saved
        .recent
        .iter()
        .find(|r| r.name == container)
        .expect("the recent container");
    assert_eq!(
        recent.profile_id, "test-emulator",
        "it follows the replaced account, which kept its id"
    );
    // The secret went to the keychain under the replaced account's id, and the account reaches the second account.
    b.wait_until("the secret stored", |_| {
        Secrets::from_registered_store()
            .load("test-emulator")
            .unwrap()
            .as_deref()
            == Some(EMULATOR_KEY)
    });
    b.click("Keyed");
    b.click_contains("Blob containers");
    b.wait_for(&container);
    assert_eq!(labels(&b), ["Keyed", "Test emulator"]);

    // The file without secrets once more: both names clash now, each answered its own way.
    // This time the path is typed (the file dialog cancelled), as where no file dialog is at hand. First the
    // sealed file again, its secrets being opened when the other file is read: that answer is for the sealed
    // file and never lands on the plain one.
    dialogs.answer(None);
    b.click("Accounts");
    b.click("Import settings…");
    b.click("Read");
    b.wait_for_contains("Type the path of a settings file");
    b.type_into("Settings file:", &sealed.display().to_string());
    b.click("Read");
    b.wait_for_contains("The file holds secrets sealed with a passphrase");
    b.type_into("File passphrase:", PASSPHRASE);
    b.click("Open the secrets");
    b.replace_text("Settings file:", &plain.display().to_string());
    b.click("Read");
    b.wait_for_contains("The file holds no secrets");
    b.idle_for(std::time::Duration::from_millis(500));
    assert!(
        b.harness.query_by_label_contains("Secrets opened").is_none(),
        "the sealed file's secrets did not land on the plain one"
    );
    b.wait_for_contains("already here, the same settings:");
    b.wait_for_contains("Choose what to do with each account already here: `Test emulator`, `Keyed`");
    b.harness.get_all_by_label("Keep both").next().unwrap().click();
    b.step();
    b.harness.get_all_by_label("Keep mine").nth(1).unwrap().click();
    b.step();
    b.click("Import");
    b.wait_for_contains("Imported 1 account: `Test emulator (imported)`");
    assert_eq!(labels(&b), ["Keyed", "Test emulator", "Test emulator (imported)"]);
    let accounts_file = tessera::app::accounts::profiles::AppPaths::in_dir(b.dir()).accounts_file;
    assert!(!std::fs::read_to_string(accounts_file).unwrap().contains(EMULATOR_KEY));

    // Someone's file names other endpoints for "Keyed", without a secret: replacing with it forgets the key stored
    // here rather than sending it there.
    let mut other: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&plain).unwrap()).unwrap();
    for account in other["accounts"].as_array_mut().unwrap() {
        if account["label"] == "Keyed" {
            account["blob_endpoint"] = "https://elsewhere.example/".into();
        }
    }
    other["accounts"]
        .as_array_mut()
        .unwrap()
        .retain(|a| a["label"] == "Keyed");
    let elsewhere = files.path().join("elsewhere.json");
    std::fs::write(&elsewhere, other.to_string()).unwrap();
    dialogs.answer(Some(elsewhere));
    b.click("Accounts");
    b.click("Import settings…");
    b.wait_for_contains("already here, other settings:");
    b.click("Replace mine");
    b.click("Import");
    b.wait_for_contains("`Keyed` to connect again with a secret of its own (its settings changed)");
    b.wait_until("the stored key forgotten", |_| {
        Secrets::from_registered_store()
            .load("test-emulator")
            .unwrap()
            .is_none()
    });
}
