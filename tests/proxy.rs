//! Every kind of request goes through the proxy the user chose: storage (reqwest and the exact-case transport),
//! the sign-in host and Resource Manager, through a local CONNECT proxy that asks for a password; a refused
//! password is explained in words; the Tools > Proxy… window tries a proxy before using it and keeps its password
//! in the keychain. The proxy is the process's, so these tests take turns.

mod common;
mod ui;

use std::sync::Mutex;

use common::arm::StandInArm;
use common::connect_proxy::ConnectProxy;
use common::entra::{OAuthEndpoint, TENANT_ID, container_with_blob, keyed_account, keyed_client, oauth_emulator};
use common::unique;
use tessera::storage::TokenCredential;
use tessera::storage::arm::ResourceManager;
use tessera::storage::blob::{Conditions, PublicAccess};
use tessera::storage::oauth::Secret;
use tessera::storage::proxy::{self, ProxyChoice};

/// One test at a time sets the process's proxy.
static TURN: Mutex<()> = Mutex::new(());

/// A test's turn; the system's proxy is back however the test ends, so a failure does not fail the next test too.
struct Turn(#[allow(dead_code)] std::sync::MutexGuard<'static, ()>);

impl Drop for Turn {
    fn drop(&mut self) {
        proxy::set(ProxyChoice::System);
    }
}

fn turn() -> Turn {
    Turn(TURN.lock().unwrap_or_else(|e| e.into_inner()))
}

fn manual(proxy: &ConnectProxy, user: &str, password: &str) -> ProxyChoice {
    ProxyChoice::Manual {
        address: proxy::parse_address(&proxy.address).unwrap(),
        user: user.into(),
        password: Some(Secret::new(password)),
    }
}

#[test]
fn storage_sign_in_and_resource_manager_requests_all_take_the_chosen_proxy() {
    let _turn = turn();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let corporate = rt.block_on(ConnectProxy::start(Some(("alice", "pr0xy-pass"))));
    let azurite_port = oauth_emulator().emulator.ports()[0];
    proxy::set(manual(&corporate, "alice", "pr0xy-pass"));

    // Storage through reqwest, then a metadata name with capitals through the exact-case transport, which makes
    // a connection (a tunnel) of its own.
    let client = keyed_client();
    let container = unique("proxied");
    rt.block_on(container_with_blob(&client, &container, "b.txt", b"x"));
    let tunnels_before = corporate.through_to(azurite_port);
    assert!(
        tunnels_before >= 1,
        "storage went through the proxy: {:?}",
        corporate.seen()
    );
    rt.block_on(client.set_blob_metadata(
        &container,
        "b.txt",
        &[("ReviewedBy".to_string(), "Alice".to_string())],
        &Conditions::default(),
    ))
    .unwrap();
    assert!(
        corporate.through_to(azurite_port) > tunnels_before,
        "the exact-case transport took the proxy too: {:?}",
        corporate.seen()
    );
    let (_, metadata) = rt
        .block_on(client.get_blob_properties(&container, "b.txt", None))
        .unwrap();
    assert!(
        metadata.contains(&("ReviewedBy".to_string(), "Alice".to_string())),
        "{metadata:?}"
    );
    // Someone else's code, not behind the proxy, reads what went through it: the name in its case, the value.
    let e = oauth_emulator();
    let ca = e.ca_pem.display().to_string();
    let read = common::peer::run_with(
        &e.emulator.connection_string(),
        &[("REQUESTS_CA_BUNDLE", &ca)],
        &["blob-metadata", &container, "b.txt"],
    );
    assert_eq!(read["metadata"]["ReviewedBy"], "Alice", "{read}");

    // The sign-in host and Resource Manager.
    let arm = rt.block_on(common_arm());
    let endpoint = rt.block_on(OAuthEndpoint::start_https("s3cret"));
    let ca = oauth_emulator().ca_pem.clone();
    let principal = endpoint.resource_manager_principal("s3cret");
    let manager = ResourceManager::new(&arm.endpoint, TokenCredential::new(principal), Some(ca)).unwrap();
    assert_eq!(rt.block_on(manager.subscriptions()).unwrap().len(), 1);
    let port = |url: &str| url::Url::parse(url).unwrap().port().unwrap();
    assert!(
        corporate.through_to(port(&endpoint.host)) >= 1,
        "the token request took the proxy"
    );
    assert!(
        corporate.through_to(port(&arm.endpoint)) >= 1,
        "Resource Manager took the proxy"
    );

    // A wrong password: the proxy answers 407, and the words say what to do. The client made before the change
    // (as a queued job or a Retry holds it) follows the new choice on its next request.
    proxy::set(manual(&corporate, "alice", "wrong"));
    let refused = rt
        .block_on(client.list_containers(None, None, Some(1), false))
        .unwrap_err();
    let words = refused.plain_words();
    assert!(words.contains("407") && words.contains("Tools > Proxy"), "{words}");
    assert!(
        !words.contains("wrong"),
        "the password never reaches the words: {words}"
    );
    assert!(corporate.seen().iter().any(|s| s.starts_with("407")));

    // No proxy: nothing more reaches it, from a new client or from the one made under the proxy, through either
    // transport.
    proxy::set(ProxyChoice::Direct);
    let seen = corporate.seen().len();
    rt.block_on(keyed_client().list_containers(None, None, Some(1), false))
        .unwrap();
    rt.block_on(client.list_containers(None, None, Some(1), false)).unwrap();
    rt.block_on(client.set_blob_metadata(
        &container,
        "b.txt",
        &[("ReviewedBy".to_string(), "Bob".to_string())],
        &Conditions::default(),
    ))
    .unwrap();
    assert_eq!(corporate.seen().len(), seen, "a direct request bypassed the proxy");
    proxy::set(ProxyChoice::System);
}

async fn common_arm() -> StandInArm {
    let arm = StandInArm::start().await;
    arm.subscription(TENANT_ID, "6f1c2a3b-0000-4000-8000-0000000000b1", "Behind the proxy");
    arm
}

#[test]
fn the_proxy_window_tests_a_proxy_then_uses_it_keeping_its_password_in_the_keychain() {
    let _turn = turn();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let corporate = rt.block_on(ConnectProxy::start(Some(("bob", "s3cret-proxy"))));
    let plain = common::emulator();
    let test_address = format!("http://127.0.0.1:{}/devstoreaccount1?comp=list", plain.ports()[0]);
    // An account open before the proxy changes: its client is made again through the new proxy.
    let e = oauth_emulator();
    let container = unique("windowed");
    rt.block_on(keyed_client().create_container(&container, PublicAccess::None, &[]))
        .unwrap();
    let mut app = ui::TestApp::with_account(&rt, &keyed_account());
    app.click("Test emulator");
    app.click_contains("Blob containers");
    app.wait_for(&container);
    assert_eq!(corporate.seen().len(), 0);

    app.click("Tools");
    app.click("Proxy…");
    app.click("This proxy:");
    app.type_into("Address:", &corporate.address);
    app.type_into("User:", "bob");
    app.type_into("Password:", "not-it");
    app.replace_text("Test with:", &test_address);
    app.click("Test");
    app.wait_for_contains("refused its user name and password (HTTP 407)");
    assert_eq!(corporate.through_to(plain.ports()[0]), 0, "refused, not forwarded");
    app.replace_text("Password:", "s3cret-proxy");
    app.click("Test");
    app.wait_for_contains("Reached 127.0.0.1 (HTTP");
    // The test is a request like any other: the inspector shows it, and never the proxy's password.
    let requests = app.harness.state().requests();
    // The operation is named in the window's language: the test's app speaks English.
    let test_the_proxy = tessera::i18n::in_language(tessera::i18n::Language::English, || {
        tessera::i18n::t("error-op-test-proxy")
    });
    assert_eq!(test_the_proxy, "Test the proxy");
    assert!(
        requests
            .iter()
            .any(|e| e.operation.to_string() == test_the_proxy && e.url.starts_with(&test_address[..20])),
        "the proxy test in the inspector"
    );
    assert!(!format!("{requests:?}").contains("s3cret-proxy"));
    assert_eq!(
        corporate.through_to(plain.ports()[0]),
        1,
        "the test went through the proxy"
    );
    app.click("Use these settings");
    app.wait_for_contains("Proxy settings in use");
    app.context_click_contains("Blob containers");
    app.click("Refresh blob containers");
    app.wait_until("the list went through the proxy", |_| {
        corporate.through_to(e.emulator.ports()[0]) >= 1
    });
    app.wait_for(&container);
    let state = app.harness.state();
    // Kept for this proxy and user only.
    use tessera::app::accounts::proxy_settings::{ProxyMode, ProxySettings, password_id};
    let in_use = ProxySettings {
        mode: ProxyMode::Manual,
        address: corporate.address.clone(),
        user: "bob".into(),
    };
    assert_eq!(
        state.stored_secret(&password_id(&in_use)),
        Ok(Some("s3cret-proxy".to_string()))
    );
    let saved = format!("{:?}", state.settings_to_save());
    assert!(saved.contains("bob") && !saved.contains("s3cret-proxy"), "{saved}");
    drop(app);
    proxy::set(ProxyChoice::System);
}

#[test]
fn the_proxy_window_waits_for_the_saved_password_before_it_tests_or_is_used() {
    use egui_kittest::kittest::{NodeT, Queryable};
    use tessera::app::accounts::proxy_settings::{ProxyMode, ProxySettings, ProxyWindow};
    let rt = tokio::runtime::Runtime::new().unwrap();
    let backend = tessera::app::runtime::backend::Backend::new(rt.handle().clone(), std::sync::Arc::new(|| {}));
    let saved = ProxySettings {
        mode: ProxyMode::Manual,
        address: "http://proxy.contoso.com:3128".into(),
        user: "bob".into(),
    };
    // The saved password is still on its way from the keychain (`loading`): using the form now would put the proxy
    // in use without it.
    let mut window = ProxyWindow::new(&saved);
    let mut harness = egui_kittest::Harness::builder().build_ui(move |ui| {
        window.ui(ui.ctx(), &backend, true);
    });
    harness.step();
    harness.get_by_label("Reading the saved password from the keychain…");
    for button in ["Use these settings", "Test"] {
        assert!(
            harness.get_by_label(button).accesskit_node().is_disabled(),
            "{button} waits"
        );
    }
}
