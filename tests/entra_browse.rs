//! "Microsoft Entra ID: browse": a sign-in lists the user's tenants, subscriptions and storage accounts from Azure
//! Resource Manager (a local stand-in over HTTPS answering the documented shapes), and the accounts it found open
//! on a real Azurite (HTTPS, `--oauth basic`) with the signed-in identity or, when chosen, with a listed key.

mod common;
mod ui;

use common::arm::{StandInAccount, StandInArm};
use common::entra::{TENANT_ID, container_with_blob, keyed_client, oauth_emulator, stand_in_az};
use common::unique;
use egui_kittest::kittest::{NodeT, Queryable};
use tessera::storage::arm::ResourceManager;
use tessera::storage::azure_cli::AzureCli;
use tessera::storage::blob::PublicAccess;
use tessera::storage::cloud::Cloud;
use tessera::storage::side_requests::Reporter;
use tessera::storage::token::Audience;
use tessera::storage::{Api, EMULATOR_KEY, RequestEvent, TokenCredential};

const FABRIKAM: &str = "0b0b0b0b-1111-4222-8333-444444444444";
const PROD: &str = "6f1c2a3b-0000-4000-8000-00000000aa01";
const DEV: &str = "6f1c2a3b-0000-4000-8000-00000000aa02";

/// The stand-in Resource Manager with two tenants; in Contoso a subscription with three storage accounts (two
/// pages: the first on the OAuth Azurite, one refusing keys, one whose keys the identity may not list) and one
/// where the identity has no Reader role. Fabrikam asks for multi-factor sign-in.
async fn stand_in() -> StandInArm {
    let az = stand_in_az();
    az.answer_arm_token("default", TENANT_ID);
    az.answer_arm_token(TENANT_ID, TENANT_ID);
    az.answer_token(TENANT_ID, 3600);
    az.answer_arm_failure(
        FABRIKAM,
        "ERROR: AADSTS50076: Due to a configuration change made by your administrator, or because you moved to a \
         new location, you must use multi-factor authentication to access '797f4846-ba00-4fd7-ba43-dac1f8f63013'.\n",
    );
    let arm = StandInArm::start().await;
    arm.tenant(TENANT_ID, "Contoso", "contoso.onmicrosoft.com");
    arm.tenant(FABRIKAM, "Fabrikam", "fabrikam.onmicrosoft.com");
    arm.subscription(TENANT_ID, PROD, "Contoso Production");
    arm.subscription(TENANT_ID, DEV, "Contoso Development");
    arm.accounts(PROD, arm_accounts_of_prod());
    arm
}

/// Contoso Production's accounts: the first on the OAuth Azurite, one refusing keys, one whose keys the identity
/// may not list.
fn arm_accounts_of_prod() -> Vec<StandInAccount> {
    let [b, q, t] = oauth_emulator().emulator.ports();
    let at = |port: u16| format!("https://127.0.0.1:{port}/devstoreaccount1/");
    let elsewhere = |name: &str| {
        (
            format!("https://{name}.blob.core.windows.net/"),
            format!("https://{name}.queue.core.windows.net/"),
            format!("https://{name}.table.core.windows.net/"),
        )
    };
    vec![
        StandInAccount {
            name: "devstoreaccount1".into(),
            endpoints: (at(b), at(q), at(t)),
            shared_key_allowed: true,
            key: Some(EMULATOR_KEY.into()),
        },
        StandInAccount {
            name: "archive01".into(),
            endpoints: elsewhere("archive01"),
            shared_key_allowed: false,
            key: Some("c2VjcmV0".into()),
        },
        StandInAccount {
            name: "logs02".into(),
            endpoints: elsewhere("logs02"),
            shared_key_allowed: true,
            key: None,
        },
    ]
}

fn arm_client(arm: &StandInArm, tenant: Option<&str>) -> ResourceManager {
    let cli = AzureCli::new(tenant.map(str::to_string)).with_audience(Audience::resource_manager(Cloud::Public));
    ResourceManager::new(
        &arm.endpoint,
        TokenCredential::new(cli),
        Some(oauth_emulator().ca_pem.clone()),
    )
    .unwrap()
}

#[test]
fn resource_manager_lists_tenants_subscriptions_and_every_page_of_accounts_and_says_what_is_missing() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let arm = rt.block_on(stand_in());
    let home = arm_client(&arm, None);
    let tenants = rt.block_on(home.tenants()).unwrap();
    assert_eq!(
        tenants.iter().map(|t| t.domain.as_str()).collect::<Vec<_>>(),
        ["contoso.onmicrosoft.com", "fabrikam.onmicrosoft.com"]
    );
    let contoso = arm_client(&arm, Some(TENANT_ID));
    let subs = rt.block_on(contoso.subscriptions()).unwrap();
    assert_eq!(subs.len(), 2);
    assert_eq!(subs[0].name, "Contoso Production");
    let accounts = rt.block_on(contoso.storage_accounts(PROD)).unwrap();
    assert_eq!(
        accounts.iter().map(|a| a.name.as_str()).collect::<Vec<_>>(),
        ["devstoreaccount1", "archive01", "logs02"],
        "both pages, in order"
    );
    assert!(!accounts[1].shared_key_allowed && accounts[0].shared_key_allowed);
    assert_eq!(accounts[0].resource_group(), "rg-devstoreaccount1");
    let keys = rt.block_on(contoso.list_keys(&accounts[0].id)).unwrap();
    assert_eq!(keys[0].value, EMULATOR_KEY);
    assert!(
        !format!("{keys:?}").contains(EMULATOR_KEY),
        "a key never reaches Debug output"
    );
    // Every request carried a Resource Manager token, never a storage one; the pages were followed by nextLink.
    let requests = arm.requests();
    assert!(
        requests
            .iter()
            .all(|(_, _, aud, _)| aud == "https://management.core.windows.net/")
    );
    assert!(requests.iter().any(|(_, path, _, _)| path.contains("$skipToken=2")));

    let no_reader = rt.block_on(contoso.storage_accounts(DEV)).unwrap_err();
    let words = no_reader.plain_words();
    assert!(
        words.contains("Reader") && words.contains("AuthorizationFailed"),
        "{words}"
    );
    assert!(words.contains("arm-"), "the request id is given: {words}");
    let no_keys = rt.block_on(contoso.list_keys(&accounts[2].id)).unwrap_err();
    assert!(
        no_keys.plain_words().contains("Storage Account Key Operator"),
        "{no_keys}"
    );
    let other_tenant = rt.block_on(home.storage_accounts("not-mine")).unwrap_err();
    assert!(
        other_tenant.plain_words().contains("another tenant"),
        "{}",
        other_tenant.plain_words()
    );
    let mfa = rt
        .block_on(arm_client(&arm, Some(FABRIKAM)).subscriptions())
        .unwrap_err();
    assert!(
        mfa.plain_words().contains("AADSTS50076")
            && mfa.plain_words().contains(&format!("az login --tenant {FABRIKAM}")),
        "{}",
        mfa.plain_words()
    );
    // A storage token is refused by Resource Manager, as Azure refuses it.
    let storage_token = ResourceManager::new(
        &arm.endpoint,
        TokenCredential::new(AzureCli::new(Some(TENANT_ID.into()))),
        Some(oauth_emulator().ca_pem.clone()),
    )
    .unwrap();
    let refused = rt.block_on(storage_token.subscriptions()).unwrap_err();
    assert_eq!(refused.status, Some(401), "{refused}");
}

#[test]
fn with_az_login_done_the_user_adds_browse_and_opens_a_container_of_a_listed_account_without_typing_a_name() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let arm = rt.block_on(stand_in());
    let container = unique("browsed");
    let e = oauth_emulator();
    rt.block_on(container_with_blob(
        &keyed_client(),
        &container,
        "found-by-browsing.txt",
        b"hello",
    ));

    let mut app = ui::TestApp::new(&rt);
    app.click("Add account");
    app.click("Microsoft Entra ID: browse");
    app.type_into("Display name:", "Work");
    app.type_into("Resource Manager:", &arm.endpoint);
    app.type_into("Trust certificate:", &e.ca_pem.display().to_string());
    app.click("Save account");
    app.wait_for("Account `Work` saved.");

    app.click("Work");
    app.click("Tenant Contoso (contoso.onmicrosoft.com)");
    app.click("Contoso Production");
    // Both pages of the list, with what each account is.
    app.wait_for("logs02");
    app.wait_for("archive01");
    app.click("devstoreaccount1");
    app.wait_for_contains("StorageV2 · Standard_LRS · westeurope");
    app.wait_for_contains("Opened with your sign-in.");
    app.click_contains("Blob containers");
    app.click(&container);
    app.wait_for(&format!("{container} (container)"));
    app.wait_for("found-by-browsing.txt");
    let bearer = app.harness.state().requests().iter().any(|r| {
        r.resource.contains(&container)
            && r.request_headers
                .iter()
                .any(|(k, v)| k.eq_ignore_ascii_case("authorization") && v.starts_with("Bearer "))
    });
    assert!(bearer, "the found account was read with the signed-in identity's token");
    // Its containers open the account's page in the Azure portal of its tenant.
    app.context_click(&container);
    let opened = Some(app.opened_by_clicking("Open in the Azure portal"));
    assert_eq!(
        opened.as_deref(),
        Some(
            format!(
                "https://portal.azure.com/#@{TENANT_ID}/resource/subscriptions/{PROD}/resourceGroups/rg-devstoreaccount1/providers/Microsoft.Storage/storageAccounts/devstoreaccount1"
            )
            .as_str()
        )
    );

    // A subscription without the Reader role, and a tenant that wants its own sign-in, say so.
    app.click("Contoso Development");
    app.wait_for_contains("needs Reader");
    app.click("Tenant Fabrikam (fabrikam.onmicrosoft.com)");
    app.wait_for_contains(&format!("az login --tenant {FABRIKAM}"));

    // Which subscriptions are shown is remembered with the account.
    app.click("Choose shown…");
    app.click("Contoso Development");
    app.wait_for_contains("1 of 2 subscriptions not shown.");
    let state = app.harness.state();
    state.sync_files();
    let file = std::fs::read_to_string(&state.paths().accounts_file).unwrap();
    assert!(file.contains(DEV) && file.contains("EntraBrowse"), "{file}");
    assert!(
        !file.contains("this-run-arm") && !file.contains("rg-devstoreaccount1"),
        "found accounts are not saved: {file}"
    );
}

#[test]
fn the_user_switches_a_listed_account_to_its_key_which_stays_in_memory_and_an_account_refusing_keys_cannot() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let arm = rt.block_on(stand_in());
    let container = unique("keyed");
    let e = oauth_emulator();
    rt.block_on(keyed_client().create_container(&container, PublicAccess::None, &[]))
        .unwrap();
    let mut app = ui::TestApp::new(&rt);
    app.click("Add account");
    app.click("Microsoft Entra ID: browse");
    app.type_into("Display name:", "Keys");
    app.type_into("Tenant:", TENANT_ID);
    app.type_into("Resource Manager:", &arm.endpoint);
    app.type_into("Trust certificate:", &e.ca_pem.display().to_string());
    app.click("Save account");
    // With a tenant named, its subscriptions show at once, without a tenant level.
    app.click("Keys");
    app.click("Contoso Production");
    app.wait_for("archive01");
    app.context_click("archive01");
    app.wait_for("Use the account key instead");
    assert!(
        app.harness
            .get_by_label("Use the account key instead")
            .accesskit_node()
            .is_disabled(),
        "an account with Shared Key off offers no key"
    );
    app.harness.key_press(egui::Key::Escape);
    app.step();
    app.click("devstoreaccount1");
    app.wait_for_contains("Opened with your sign-in.");
    app.context_click("devstoreaccount1");
    app.click("Use the account key instead");
    app.wait_for_contains("Opened with the account key (kept in memory only).");
    app.click_contains("Blob containers");
    app.wait_for(&container);
    assert!(
        arm.requests()
            .iter()
            .any(|(m, p, _, _)| m == "POST" && p.contains("/listKeys?")),
        "the key came from listKeys"
    );
    let shared_key = app.harness.state().requests().iter().any(|r| {
        r.operation.to_string() == "List containers"
            && r.request_headers
                .iter()
                .any(|(k, v)| k.eq_ignore_ascii_case("authorization") && v.starts_with("SharedKey "))
    });
    assert!(shared_key, "the containers were listed with the key");
    // Resource Manager's requests are in the inspector beside the storage ones, the token and the key redacted.
    let inspector = format!("{:?}", app.harness.state().requests());
    let listed_keys = app
        .harness
        .state()
        .requests()
        .iter()
        .find(|r| r.service == Api::ResourceManager && r.resource.ends_with("/listKeys"))
        .cloned()
        .expect("listKeys is in the inspector");
    assert_eq!(listed_keys.request_header("authorization"), Some("Bearer <redacted>"));
    assert!(
        !inspector.contains(&EMULATOR_KEY[..20]),
        "the listed key never reaches the inspector"
    );
    // A new account appears in the subscription while the user looks: Refresh lists it, and the account already
    // open (with its key) stays as it is.
    let mut more = arm_accounts_of_prod();
    more.push(StandInAccount {
        name: "fresh03".into(),
        endpoints: (
            "https://fresh03.blob.core.windows.net/".into(),
            String::new(),
            String::new(),
        ),
        shared_key_allowed: true,
        key: None,
    });
    arm.accounts(PROD, more);
    app.context_click("Keys");
    app.click("Refresh");
    app.wait_for("fresh03");
    app.wait_for_contains("Opened with the account key (kept in memory only).");
    app.wait_for(&container);
    // An account whose keys the identity may not list says why, and stays on the sign-in.
    app.click("logs02");
    app.context_click("logs02");
    app.click("Use the account key instead");
    app.wait_for_contains("Storage Account Key Operator");
    let state = app.harness.state();
    state.sync_files();
    let file = std::fs::read_to_string(&state.paths().accounts_file).unwrap();
    assert!(!file.contains(EMULATOR_KEY) && !file.contains("this-run-arm"), "{file}");
    let found: Vec<String> = state
        .profile_ids()
        .into_iter()
        .filter(|id| id.starts_with("this-run-arm/"))
        .collect();
    assert!(!found.is_empty());
    for id in found {
        assert_eq!(
            state.stored_secret(&id),
            Ok(None),
            "no found account's key reaches the keychain"
        );
    }
}

#[test]
fn a_service_principal_browses_through_a_busy_sign_in_and_every_request_shows_redacted_in_the_inspector() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let arm = rt.block_on(stand_in());
    let endpoint = rt.block_on(common::entra::OAuthEndpoint::start_https("s3cret-value"));
    // The sign-in host is busy once: the token request is tried again, as a read is.
    endpoint.busy_for(1);
    let ca = oauth_emulator().ca_pem.clone();
    let principal = endpoint.resource_manager_principal("s3cret-value");
    let events = std::sync::Arc::new(std::sync::Mutex::new(Vec::<RequestEvent>::new()));
    let sink = {
        let events = events.clone();
        std::sync::Arc::new(move |e: RequestEvent| events.lock().unwrap().push(e))
    };
    let manager = ResourceManager::new(&arm.endpoint, TokenCredential::new(principal), Some(ca))
        .unwrap()
        .with_reporter(Reporter::standalone(sink, "Work"));
    assert_eq!(rt.block_on(manager.subscriptions()).unwrap().len(), 2);
    let accounts = rt.block_on(manager.storage_accounts(PROD)).unwrap();
    assert_eq!(accounts.len(), 3);
    let keys = rt.block_on(manager.list_keys(&accounts[0].id)).unwrap();
    assert!(
        arm.requests()
            .iter()
            .all(|(_, _, aud, _)| aud == "https://management.core.windows.net/"),
        "the principal asked for Resource Manager's audience"
    );

    let events = events.lock().unwrap();
    let sign_in: Vec<&RequestEvent> = events.iter().filter(|e| e.service == Api::SignIn).collect();
    assert_eq!(sign_in.len(), 2, "the busy answer, then the token: {sign_in:#?}");
    assert_eq!((sign_in[0].status, sign_in[1].status), (Some(503), Some(200)));
    assert_eq!((sign_in[0].attempt, sign_in[1].attempt), (1, 2));
    assert_eq!(
        sign_in[0].request_seq, sign_in[1].request_seq,
        "one request, two attempts"
    );
    assert!(
        sign_in[0]
            .note
            .as_ref()
            .map(ToString::to_string)
            .is_some_and(|n| n.contains("retrying"))
    );
    let arm_events: Vec<&RequestEvent> = events.iter().filter(|e| e.service == Api::ResourceManager).collect();
    assert_eq!(arm_events.len(), 4, "subscriptions, two pages of accounts, listKeys");
    assert!(
        arm_events
            .iter()
            .all(|e| e.request_header("authorization") == Some("Bearer <redacted>"))
    );
    assert_eq!(arm_events[3].method, "POST");
    let everything = format!("{events:?}");
    for secret in ["s3cret-value", keys[0].value.as_str()] {
        assert!(!everything.contains(secret), "a secret reached the events");
    }
    assert!(
        everything.contains("client_secret=%3Credacted%3E"),
        "the form is kept, its secret redacted"
    );
    // Every token minted here starts with the same header: none reaches the events, the answers say `<redacted>`.
    let (minted, _) = common::entra::mint_token(60);
    let header = minted.split('.').next().unwrap();
    assert!(!everything.contains(header), "no token reaches the events");
    assert!(
        everything.contains("access_token\\\":\\\"<redacted>"),
        "the answer is kept, its token redacted"
    );
}

#[test]
fn a_key_still_on_its_way_when_the_user_refreshes_arrives_for_the_account_it_was_asked_for() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let arm = rt.block_on(stand_in());
    arm.slow_keys(std::time::Duration::from_secs(2));
    let container = unique("slowkey");
    rt.block_on(keyed_client().create_container(&container, PublicAccess::None, &[]))
        .unwrap();
    let mut app = ui::TestApp::new(&rt);
    app.click("Add account");
    app.click("Microsoft Entra ID: browse");
    app.type_into("Display name:", "Slow");
    app.type_into("Tenant:", TENANT_ID);
    app.type_into("Resource Manager:", &arm.endpoint);
    app.type_into("Trust certificate:", &oauth_emulator().ca_pem.display().to_string());
    app.click("Save account");
    app.click("Slow");
    app.click("Contoso Production");
    app.click("devstoreaccount1");
    app.wait_for_contains("Opened with your sign-in.");
    app.context_click("devstoreaccount1");
    app.click("Use the account key instead");
    app.wait_for_contains("Listing the account's keys…");
    // A Refresh falls between the ask and the answer: the lists come again, the key still lands where it was asked.
    app.context_click("Slow");
    app.click("Refresh");
    app.wait_for("logs02");
    app.wait_for_contains("Opened with the account key (kept in memory only).");
    app.click_contains("Blob containers");
    app.wait_for(&container);
    let asked = arm
        .requests()
        .iter()
        .filter(|(m, p, _, _)| m == "POST" && p.contains("/listKeys?"))
        .count();
    assert_eq!(asked, 1, "the key was asked for once");
}

#[test]
fn a_listed_account_s_menu_lets_an_app_connect_through_tessera_as_the_account_list_s_does() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let arm = rt.block_on(stand_in());
    let e = oauth_emulator();
    let mut app = ui::TestApp::new(&rt);
    app.click("Add account");
    app.click("Microsoft Entra ID: browse");
    app.type_into("Display name:", "Lensed");
    app.type_into("Tenant:", TENANT_ID);
    app.type_into("Resource Manager:", &arm.endpoint);
    app.type_into("Trust certificate:", &e.ca_pem.display().to_string());
    app.click("Save account");
    app.click("Lensed");
    app.click("Contoso Production");
    app.wait_for("devstoreaccount1");
    app.click("devstoreaccount1");
    app.wait_for_contains("Opened with your sign-in.");
    app.context_click("devstoreaccount1");
    app.press("Let an app connect through Tessera…");
    app.wait_app("the lens to listen", std::time::Duration::from_secs(60), |a| {
        a.lens().is_some_and(|l| l.is_running())
    });
    app.wait_for_contains("Listening on this computer only (127.0.0.1)");
}
