//! Accounts > Export settings and Import settings, as two people on two machines use them: one exports (without
//! secrets, then with them sealed under a passphrase), the other imports into an app that already has an account of
//! the same name, answers the clash, and the imported account connects with the secret that travelled. The files
//! never hold a secret or the passphrase in clear, and are readable by their owner only; a file changed after its
//! export (an endpoint, a sign-in host) is refused whole; an import never forgets the proxy password kept here.
//! The tests share the binary's mock keychain and the process's proxy, so they take turns.

mod common;
mod ui;

use std::sync::Mutex;

use egui_kittest::kittest::{NodeT, Queryable};
use tessera::app::accounts::account_file;
use tessera::app::accounts::profiles::{AccountProfile, EntraMethod, EntraSettings, ProfileKind, SecretKind};
use tessera::app::accounts::proxy_settings::{ProxyMode, ProxySettings, password_id};
use tessera::app::accounts::secrets::Secrets;
use tessera::app::runtime::dialogs::ScriptedDialogs;
use tessera::storage::EMULATOR_KEY;
use tessera::storage::proxy::{self, ProxyChoice};
use ui::TestApp;

const PASSPHRASE: &str = "travel light 2026";

/// One test at a time: the proxy an app puts in use is the process's.
static TURN: Mutex<()> = Mutex::new(());

/// A test's turn; the system's proxy is back however the test ends.
struct Turn(#[allow(dead_code)] std::sync::MutexGuard<'static, ()>);

impl Drop for Turn {
    fn drop(&mut self) {
        proxy::set(ProxyChoice::System);
    }
}

fn turn() -> Turn {
    Turn(TURN.lock().unwrap_or_else(|e| e.into_inner()))
}

/// The file's mode bits: only its owner may read or write it.
fn assert_owner_only(path: &std::path::Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{} is {mode:o}", path.display());
    }
}

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
    let _turn = turn();
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
    assert_owner_only(&plain);

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
    assert_owner_only(&sealed);
    // An independent reader (Python's cryptography package) opens the seal as the file describes it, its
    // associated data worked out from the file by the documented rule.
    let opened = common::peer::run("", &["settings-secrets", sealed.to_str().unwrap(), PASSPHRASE]);
    let keys: Vec<&str> = opened["accounts"]
        .as_object()
        .unwrap()
        .values()
        .filter_map(|v| v.as_str())
        .collect();
    assert_eq!(keys, [EMULATOR_KEY], "{opened}");
    // And seals it again the documented way (fresh salt and nonces): the second app imports that file.
    let resealed = files.path().join("resealed.json");
    common::peer::run(
        "",
        &[
            "settings-reseal",
            sealed.to_str().unwrap(),
            PASSPHRASE,
            resealed.to_str().unwrap(),
        ],
    );

    // The second app has its own "Keyed" (the emulator's first account): a clash to answer.
    let mut b = TestApp::with_accounts(&rt, &[("Keyed", &common::account())]);
    let dialogs = ScriptedDialogs::new();
    b.harness.state_mut().set_dialogs(dialogs.clone());
    dialogs.answer(Some(resealed.clone()));
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

/// The first app's accounts: one with an account key, one that signs in as a service principal (a client secret),
/// each secret in the keychain.
fn app_with_two_secrets(rt: &tokio::runtime::Runtime) -> TestApp<'static> {
    let (mut keyed, key) =
        AccountProfile::from_account("Keyed", ProfileKind::ConnectionString, &common::second_account());
    keyed.id = "keyed".into();
    let principal = AccountProfile {
        id: "principal".into(),
        label: "Principal".into(),
        kind: ProfileKind::EntraId,
        account_name: "ops".into(),
        blob_endpoint: Some("https://ops.blob.core.windows.net/".into()),
        queue_endpoint: None,
        table_endpoint: None,
        secret: SecretKind::ClientSecret,
        scope: None,
        entra: Some(EntraSettings {
            method: EntraMethod::ServicePrincipal,
            tenant: "contoso.example".into(),
            client_id: "6f1c2a3b-0000-4000-8000-00000000c11e".into(),
            authority: "https://login.contoso.example/".into(),
        }),
        trusted_cert: None,
        arm: None,
        portal: None,
    };
    let list = tempfile::tempdir().unwrap();
    let path = list.path().join("accounts.json");
    tessera::app::accounts::profiles::save_profiles(&path, &[keyed, principal]).unwrap();
    let a = TestApp::with_accounts_file(rt, &std::fs::read(&path).unwrap());
    let keychain = Secrets::from_registered_store();
    keychain.store("keyed", &key.unwrap());
    keychain.store("principal", "client-s3cret-of-the-principal");
    a
}

/// The file at `from` with one change, written to `to`.
fn changed(from: &std::path::Path, to: &std::path::Path, change: impl FnOnce(&mut serde_json::Value)) {
    let mut file: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(from).unwrap()).unwrap();
    change(&mut file);
    std::fs::write(to, serde_json::to_string_pretty(&file).unwrap()).unwrap();
}

/// The account of this label in a settings file.
fn account<'v>(file: &'v mut serde_json::Value, label: &str) -> &'v mut serde_json::Value {
    file["accounts"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|a| a["label"] == label)
        .unwrap()
}

#[test]
fn a_sealed_file_changed_after_its_export_is_refused_whole_and_the_same_file_unchanged_imports() {
    let _turn = turn();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let container = common::unique("sealed");
    let second = tessera::storage::Client::new(common::second_account(), Default::default()).unwrap();
    rt.block_on(second.create_container(&container, tessera::storage::blob::PublicAccess::None, &[]))
        .unwrap();
    let files = tempfile::tempdir().unwrap();
    let sealed = files.path().join("sealed.json");

    let mut a = app_with_two_secrets(&rt);
    let dialogs = ScriptedDialogs::new();
    a.harness.state_mut().set_dialogs(dialogs.clone());
    dialogs.answer(Some(sealed.clone()));
    a.click("Accounts");
    a.click("Export settings…");
    a.click("Include the secrets (account keys, SAS, sign-in tokens, the proxy password), encrypted");
    a.type_into("Passphrase:", PASSPHRASE);
    a.type_into("Passphrase again:", PASSPHRASE);
    a.click("Export…");
    a.wait_for_contains("with 2 secrets sealed with your passphrase");
    assert_owner_only(&sealed);

    // Someone who has the file but not the passphrase points the keyed account at their own host, or the principal
    // at their own sign-in host: either would receive the secret once imported.
    let endpoint = files.path().join("endpoint.json");
    changed(&sealed, &endpoint, |f| {
        account(f, "Keyed")["blob_endpoint"] = "https://attacker.example/tesserasecond".into()
    });
    let authority = files.path().join("authority.json");
    changed(&sealed, &authority, |f| {
        account(f, "Principal")["entra"]["authority"] = "https://login.attacker.example/".into()
    });

    let mut b = TestApp::with_emulator(&rt);
    let dialogs = ScriptedDialogs::new();
    b.harness.state_mut().set_dialogs(dialogs.clone());
    for file in [&endpoint, &authority] {
        dialogs.answer(Some(file.clone()));
        b.click("Accounts");
        b.click("Import settings…");
        b.wait_for_contains("The file holds secrets sealed with a passphrase");
        b.type_into("File passphrase:", PASSPHRASE);
        b.click("Open the secrets");
        b.wait_for_contains("This file was changed after it was exported: the passphrase is right");
        assert!(
            b.harness.get_by_label("Import").accesskit_node().is_disabled(),
            "{}: nothing of a changed file is imported",
            file.display()
        );
        assert!(
            b.harness.query_by_label("Import without the secrets").is_none(),
            "{}: not even without its secrets",
            file.display()
        );
        b.click("Cancel");
    }
    assert_eq!(labels(&b), ["Test emulator"]);
    let notices: Vec<String> = b.harness.state().notices().iter().map(|n| n.text.clone()).collect();
    assert!(!notices.iter().any(|n| n.contains("Imported")), "{notices:?}");

    // The file as exported opens and imports, each secret with its account: the keyed one connects.
    dialogs.answer(Some(sealed.clone()));
    b.click("Accounts");
    b.click("Import settings…");
    b.type_into("File passphrase:", PASSPHRASE);
    b.click("Open the secrets");
    b.wait_for_contains("Secrets opened: 2 account secrets");
    b.click("Import");
    b.wait_for_contains("Imported 2 accounts");
    assert_eq!(labels(&b), ["Keyed", "Principal", "Test emulator"]);
    b.click("Keyed");
    b.click_contains("Blob containers");
    b.wait_for(&container);
    b.harness.state().sync_files();
    let path = tessera::app::accounts::profiles::AppPaths::in_dir(b.dir()).accounts_file;
    let principal = account_file::load(&path)
        .profiles
        .into_iter()
        .find(|p| p.label == "Principal")
        .unwrap()
        .id;
    b.wait_until("the principal's secret stored", |_| {
        Secrets::from_registered_store().load(&principal).unwrap().as_deref() == Some("client-s3cret-of-the-principal")
    });

    // A file an earlier version sealed (its seal over a fixed string, not the accounts) is read, but its secrets
    // are never opened: it imports without them, as a file without secrets does.
    let earlier = files.path().join("earlier.json");
    changed(&sealed, &earlier, |f| {
        f["version"] = 1.into();
        let seal = f["secrets"].as_object_mut().unwrap();
        seal.remove("check");
        seal.remove("check_nonce");
    });
    let mut c = TestApp::new(&rt);
    let dialogs = ScriptedDialogs::new();
    c.harness.state_mut().set_dialogs(dialogs.clone());
    dialogs.answer(Some(earlier));
    c.click("Accounts");
    c.click("Import settings…");
    c.wait_for_contains("exported by an earlier version of Tessera, whose seal does not cover the accounts");
    assert!(
        c.harness.query_by_label("File passphrase:").is_none(),
        "its secrets are not offered"
    );
    c.click("Import");
    c.wait_for_contains("Imported 2 accounts");
    let notices: Vec<String> = c.harness.state().notices().iter().map(|n| n.text.clone()).collect();
    assert!(
        !notices.iter().any(|n| n.contains("secret,") || n.contains("secrets,")),
        "{notices:?}"
    );
}

#[test]
fn an_import_keeps_the_proxy_password_kept_here_for_its_own_proxy_and_never_sends_it_to_the_files() {
    let _turn = turn();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let files = tempfile::tempdir().unwrap();
    let mut b = TestApp::with_emulator(&rt);
    let dialogs = ScriptedDialogs::new();
    b.harness.state_mut().set_dialogs(dialogs.clone());
    // The user's own proxy, with its password (nothing listens there: no request is made in this test).
    let mine = ProxySettings {
        mode: ProxyMode::Manual,
        address: "http://127.0.0.1:9".into(),
        user: "bob".into(),
    };
    b.click("Tools");
    b.click("Proxy…");
    b.click("This proxy:");
    b.type_into("Address:", &mine.address);
    b.type_into("User:", "bob");
    b.type_into("Password:", "bobs-proxy-pw");
    b.click("Use these settings");
    b.wait_for_contains("Proxy settings in use");
    let kept = || Secrets::from_registered_store().load(&password_id(&mine)).unwrap();
    b.wait_until("the password in the keychain", |_| {
        kept().as_deref() == Some("bobs-proxy-pw")
    });

    // A colleague's file with no proxy, then one naming their proxy for the same user name, neither with secrets.
    let no_proxy = files.path().join("no-proxy.json");
    let theirs = files.path().join("theirs.json");
    let file = |proxy: serde_json::Value| {
        serde_json::json!({"format": "tessera-settings", "version": 1, "accounts": [], "proxy": proxy}).to_string()
    };
    std::fs::write(
        &no_proxy,
        file(serde_json::json!({"mode": "Direct", "address": "", "user": ""})),
    )
    .unwrap();
    let their_address = "http://127.0.0.1:7";
    std::fs::write(
        &theirs,
        file(serde_json::json!({"mode": "Manual", "address": their_address, "user": "bob"})),
    )
    .unwrap();
    for (path, in_use) in [(&no_proxy, "no proxy"), (&theirs, their_address)] {
        dialogs.answer(Some(path.clone()));
        b.click("Accounts");
        b.click("Import settings…");
        b.wait_for_contains(&format!("Proxy: {in_use}"));
        b.click("Import");
        b.wait_for_contains("the proxy choice");
        b.idle_for(std::time::Duration::from_millis(300));
        assert_eq!(
            kept().as_deref(),
            Some("bobs-proxy-pw"),
            "the password kept here survives importing {}",
            path.display()
        );
    }
    // Their proxy is in use without my password: it was never sent there.
    b.wait_until("their proxy in use", |_| {
        matches!(proxy::current(), ProxyChoice::Manual { address, .. } if address.as_str().starts_with(their_address))
    });
    b.idle_for(std::time::Duration::from_millis(300));
    match proxy::current() {
        ProxyChoice::Manual { password, .. } => assert!(password.is_none(), "my password went to their proxy"),
        other => panic!("{other:?}"),
    }

    // Back to my own proxy, no password typed: the one kept for it is put in use again.
    b.click("Tools");
    b.click("Proxy…");
    b.replace_text("Address:", &mine.address);
    b.click("Use these settings");
    b.wait_until("my proxy in use with its password", |_| {
        matches!(proxy::current(), ProxyChoice::Manual { address, password: Some(p), .. }
            if address.as_str().starts_with(&mine.address) && p.expose() == "bobs-proxy-pw")
    });
}
