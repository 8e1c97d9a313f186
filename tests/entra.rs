//! Microsoft Entra ID sign-in end to end: bearer tokens on all three services of an Azurite that checks them
//! (`--oauth basic`, over HTTPS with a certificate made here), refreshed before they end, refused and explained
//! when they have ended; the Azure CLI through a stand-in `az`, the device code and the service principal
//! through a local OAuth endpoint; the account's own certificate needed and sufficient; and the dialog.

mod common;
mod ui;

use std::time::Duration;

use bytes::Bytes;
use common::entra::{OAuthEndpoint, mint_token, oauth_emulator, stand_in_az};
use common::unique;
use tessera::storage::azure_cli::AzureCli;
use tessera::storage::blob::{BlobHttpHeaders, Conditions, PublicAccess};
use tessera::storage::oauth::{self, Authority, RefreshToken, Secret, ServicePrincipal};
use tessera::storage::queue::MessageTtl;
use tessera::storage::table::{EntityDraft, EntityQuery};
use tessera::storage::token::Audience;
use tessera::storage::{Account, Client, ClientOptions, Credential, ErrorKind, TokenCredential};

fn cli(tenant: &str) -> TokenCredential {
    stand_in_az();
    TokenCredential::new(AzureCli::new(Some(tenant.into())))
}

/// The OAuth emulator's account with this credential, trusting the test's certificate authority or not.
fn account(credential: TokenCredential, trust: bool) -> Account {
    let e = oauth_emulator();
    let mut a = e.emulator.account();
    a.credential = Credential::Bearer(credential);
    a.trusted_cert = trust.then(|| e.ca_pem.clone());
    a
}

fn no_retries() -> ClientOptions {
    ClientOptions {
        retry: tessera::storage::RetryPolicy::none(),
        ..ClientOptions::default()
    }
}

/// One write and one read on each service.
async fn use_all_three(client: &Client) {
    let name = unique("entra");
    client.create_container(&name, PublicAccess::None, &[]).await.unwrap();
    client
        .put_blob(
            &name,
            "hello.txt",
            Bytes::from_static(b"hi"),
            &BlobHttpHeaders::default(),
            &[],
            &Conditions::default(),
        )
        .await
        .unwrap();
    // Metadata with capitals travels on the exact-case transport: it must trust the certificate too.
    client
        .set_blob_metadata(
            &name,
            "hello.txt",
            &[("Owner".into(), "Ann".into())],
            &Conditions::default(),
        )
        .await
        .unwrap();
    assert_eq!(
        &client.get_blob(&name, "hello.txt", None, None).await.unwrap().0[..],
        b"hi"
    );
    client.create_queue(&name, &[]).await.unwrap();
    client
        .put_message(&name, "job", None, MessageTtl::Default)
        .await
        .unwrap();
    assert_eq!(client.peek_messages(&name, 1).await.unwrap().len(), 1);
    client.create_table(&name).await.unwrap();
    client.insert_entity(&name, &EntityDraft::new("p", "r")).await.unwrap();
    let page = client
        .query_entities(&name, &EntityQuery::default(), None)
        .await
        .unwrap();
    assert_eq!(page.entities.len(), 1);
}

#[test]
fn with_only_az_login_done_tables_containers_and_queues_open_and_the_token_never_shows() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let az = stand_in_az();
    let token = az.answer_token("all-three", 3600);
    let (client, recorder) = common::recorded_client(account(cli("all-three"), true));
    rt.block_on(use_all_three(&client));
    // One token served every request: an hour left is far from its end.
    assert_eq!(az.calls("all-three"), 1);
    let events = recorder.events();
    assert!(events.len() >= 10);
    for e in &events {
        let auth = e
            .request_headers
            .iter()
            .find(|(n, _)| n == "authorization")
            .map(|(_, v)| v.as_str());
        assert_eq!(auth, Some("Bearer <redacted>"), "{} {}", e.method, e.url);
        assert!(
            e.request_headers
                .iter()
                .any(|(n, v)| n == "x-ms-version" && v.as_str() >= "2017-11-09")
        );
    }
    let shown = format!("{events:?}");
    assert!(
        !shown.contains(&token) && !shown.contains(&token[..40]),
        "the token reached the inspector's events"
    );
}

#[test]
fn a_token_about_to_end_is_fetched_again_before_the_request_never_after_it_failed() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let az = stand_in_az();
    // Two minutes left: inside the five minutes the credential keeps in hand, so each request asks first.
    az.answer_token("ending", 120);
    let client = Client::new(account(cli("ending"), true), no_retries()).unwrap();
    rt.block_on(async {
        client.list_containers(None, None, Some(1), false).await.unwrap();
        client.list_queues(None, None, Some(1), false).await.unwrap();
        client.list_tables(Some(1), None).await.unwrap();
    });
    assert_eq!(az.calls("ending"), 3, "each request fetched a token first");
    // The CLI renews; an hour left is then reused.
    az.answer_token("ending", 3600);
    rt.block_on(async {
        client.list_containers(None, None, Some(1), false).await.unwrap();
        client.list_tables(Some(1), None).await.unwrap();
    });
    assert_eq!(az.calls("ending"), 4);
}

#[test]
fn an_ended_token_is_refused_by_the_service_and_explained_with_what_to_run() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let az = stand_in_az();
    az.answer_token("ended", -60);
    let client = Client::new(account(cli("ended"), true), no_retries()).unwrap();
    for service in ["blob", "queue", "table"] {
        let e = rt
            .block_on(async {
                match service {
                    "blob" => client.list_containers(None, None, Some(1), false).await.map(drop),
                    "queue" => client.list_queues(None, None, Some(1), false).await.map(drop),
                    _ => client.list_tables(Some(1), None).await.map(drop),
                }
            })
            .unwrap_err();
        assert_eq!(e.status, Some(403), "{service}: {e}");
        assert_eq!(e.code.as_deref(), Some("AuthenticationFailed"));
        let words = e.plain_words();
        assert!(words.contains("refused the sign-in token"), "{words}");
        assert!(words.contains("The token is expired"), "{words}");
        assert!(words.contains("az login --tenant ended"), "{words}");
        assert!(e.request_id.is_some());
    }
    // After the refusal the next request asks `az` again, which by now has signed in anew.
    let before = az.calls("ended");
    az.answer_token("ended", 3600);
    rt.block_on(client.list_tables(Some(1), None)).unwrap();
    assert!(az.calls("ended") > before);
}

#[test]
fn a_token_refused_before_its_stated_end_is_renewed_and_the_write_goes_once_more_once() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let az = stand_in_az();
    let recorder = common::Recorder::default();
    let options = ClientOptions {
        retry: tessera::storage::RetryPolicy::none(),
        ..recorder.options()
    };
    // The emulator is up (it may start here) before the short-lived token is made.
    let client = Client::new(account(cli("revoked"), true), options).unwrap();
    // The CLI says an hour is left; the token itself ends in 10 s (as a revoked one would): the cache keeps it.
    // Ten seconds leave a loaded machine room for the first request; the wait then runs to the token's end.
    let life = Duration::from_secs(10);
    let minted = std::time::Instant::now();
    az.answer_token_said_to_last("revoked", life.as_secs() as i64, 3600);
    let table = unique("renewed");
    rt.block_on(client.create_table(&table)).unwrap();
    assert_eq!(az.calls("revoked"), 1);
    std::thread::sleep((life + Duration::from_secs(2)).saturating_sub(minted.elapsed()));
    az.answer_token("revoked", 3600);
    recorder.clear();
    // An insert is no idempotent request, and still goes again: the refused one never ran (a second run would
    // have found the entity there, 409).
    rt.block_on(client.insert_entity(&table, &EntityDraft::new("p", "r")))
        .unwrap();
    assert_eq!(az.calls("revoked"), 2, "one new token, fetched after the refusal");
    let answers: Vec<_> = recorder.events().iter().map(|e| (e.status, e.note.clone())).collect();
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert_eq!(answers[0].0, Some(403));
    assert!(
        answers[0]
            .1
            .as_ref()
            .map(ToString::to_string)
            .unwrap_or_default()
            .contains("retrying with a new one"),
        "{answers:?}"
    );
    assert!(answers[1].0.is_some_and(|s| (200..300).contains(&s)), "{answers:?}");
    let page = rt
        .block_on(client.query_entities(&table, &EntityQuery::default(), None))
        .unwrap();
    assert_eq!(page.entities.len(), 1);
    // The new token serves the requests after it.
    assert_eq!(az.calls("revoked"), 2);
}

#[test]
fn a_sign_in_host_with_a_certificate_of_its_own_needs_the_accounts_trusted_certificate() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let endpoint = rt.block_on(OAuthEndpoint::start_https("s3cret"));
    let ca = oauth_emulator().ca_pem.clone();
    let sp = |trust: bool| {
        let authority = Authority::new(&endpoint.host, "contoso.onmicrosoft.com").unwrap();
        TokenCredential::new(ServicePrincipal {
            authority: authority.trusting(trust.then(|| ca.clone())),
            client_id: "11111111-2222-3333-4444-555555555555".into(),
            secret: Secret::new("s3cret"),
            audience: Audience::storage(),
        })
    };
    let untrusting = Client::new(account(sp(false), true), no_retries()).unwrap();
    let e = rt.block_on(untrusting.list_tables(Some(1), None)).unwrap_err();
    assert_eq!(e.kind, ErrorKind::SignIn);
    let words = e.plain_words();
    assert!(
        words.contains("certificate is not trusted") && words.contains("Trust certificate"),
        "{words}"
    );
    assert!(endpoint.requests().is_empty(), "no form reached the host");
    let trusting = Client::new(account(sp(true), true), no_retries()).unwrap();
    rt.block_on(trusting.list_tables(Some(1), None)).unwrap();
    assert_eq!(endpoint.requests().len(), 1);
}

#[test]
fn az_not_signed_in_or_not_installed_says_exactly_that_and_sends_nothing() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let az = stand_in_az();
    az.answer_failure("nobody", "ERROR: Please run 'az login' to setup account.\n");
    let (client, recorder) = common::recorded_client(account(cli("nobody"), true));
    let e = rt
        .block_on(client.list_containers(None, None, Some(1), false))
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::SignIn);
    let words = e.plain_words();
    assert!(words.contains("nothing was sent"), "{words}");
    assert!(
        words.contains("not signed in") && words.contains("az login --tenant nobody"),
        "{words}"
    );
    assert!(recorder.events().is_empty(), "no request went out without a token");

    let mut missing = AzureCli::new(None);
    missing.program = "/nonexistent/bin/az".into();
    let client = Client::new(account(TokenCredential::new(missing), true), no_retries()).unwrap();
    let e = rt.block_on(client.list_tables(Some(1), None)).unwrap_err();
    assert!(e.plain_words().contains("is not installed or not on the PATH"), "{e}");
}

#[test]
fn the_accounts_own_certificate_is_needed_and_sufficient() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    stand_in_az().answer_token("cert", 3600);
    let untrusting = Client::new(account(cli("cert"), false), no_retries()).unwrap();
    let e = rt.block_on(untrusting.list_tables(Some(1), None)).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Connection, "{e}");
    let words = e.plain_words();
    assert!(
        words.contains("is not trusted by this computer") && words.contains("Trust certificate"),
        "{words}"
    );
    // A Russian window: the hint is found from the TLS error, not from words, on both transports (metadata
    // with a capital takes the exact-case one), and said in Russian.
    let russian = tessera::i18n::Language::Russian;
    let metadata = [("ReviewedBy".to_string(), "Bob".to_string())];
    let listed = rt.block_on(tessera::i18n::speaking(russian, untrusting.list_tables(Some(1), None)));
    let saved = rt.block_on(tessera::i18n::speaking(
        russian,
        untrusting.set_blob_metadata("tls-check", "b.txt", &metadata, &Conditions::default()),
    ));
    for e in [listed.map(drop), saved.map(drop)] {
        let e = e.unwrap_err();
        assert_eq!(e.trouble, Some(tessera::storage::Trouble::Certificate), "{e:?}");
        let words = tessera::i18n::in_language(russian, || e.plain_words());
        assert!(
            words.contains("не доверяет сертификату") && words.contains("«Доверять сертификату»"),
            "{words}"
        );
    }
    let trusting = Client::new(account(cli("cert"), true), no_retries()).unwrap();
    rt.block_on(use_all_three(&trusting));
    // A file that is no certificate is refused before anything is sent.
    let mut bad = account(cli("cert"), false);
    bad.trusted_cert = Some(oauth_emulator().dir.join("key.pem"));
    let e = Client::new(bad, no_retries())
        .err()
        .expect("a key file is no certificate");
    assert!(e.plain_words().contains("holds no certificate"), "{e}");
}

#[test]
fn a_service_principal_signs_in_with_its_secret_and_a_wrong_secret_is_explained() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let endpoint = rt.block_on(OAuthEndpoint::start("s3cret"));
    let authority = Authority::new(&endpoint.host, "contoso.onmicrosoft.com").unwrap();
    let sp = |secret: &str| {
        TokenCredential::new(ServicePrincipal {
            authority: authority.clone(),
            client_id: "11111111-2222-3333-4444-555555555555".into(),
            secret: Secret::new(secret),
            audience: Audience::storage(),
        })
    };
    let client = Client::new(account(sp("s3cret"), true), no_retries()).unwrap();
    rt.block_on(use_all_three(&client));
    let (path, form) = &endpoint.requests()[0];
    assert_eq!(path, "/contoso.onmicrosoft.com/oauth2/v2.0/token");
    assert!(
        form.contains("grant_type=client_credentials")
            && form.contains("scope=https%3A%2F%2Fstorage.azure.com%2F.default"),
        "{form}"
    );
    let wrong = Client::new(account(sp("wrong"), true), no_retries()).unwrap();
    let e = rt.block_on(wrong.list_tables(Some(1), None)).unwrap_err();
    assert_eq!(e.kind, ErrorKind::SignIn);
    let words = e.plain_words();
    assert!(
        words.contains("AADSTS7000215") && words.contains("Certificates & secrets"),
        "{words}"
    );
    assert!(!words.contains("wrong"), "the secret is not quoted back");
}

#[test]
fn a_device_code_sign_in_waits_through_pending_and_slow_down_then_its_refresh_token_keeps_it_going() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let endpoint = rt.block_on(OAuthEndpoint::start("unused"));
    let authority = Authority::new(&endpoint.host, "organizations").unwrap();
    endpoint.script_device_code(&["authorization_pending", "slow_down", "authorization_pending", "ok"]);
    let signed_in = rt.block_on(async {
        let code = oauth::start_device_code(&authority, "my-public-client", &Audience::storage(), None)
            .await
            .unwrap();
        assert_eq!(code.user_code, "FJ3K9QWX");
        assert_eq!(code.verification_uri, "https://microsoft.com/devicelogin");
        tokio::time::timeout(Duration::from_secs(30), oauth::finish_device_code(&code, None))
            .await
            .unwrap()
            .unwrap()
    });
    let polls = endpoint
        .requests()
        .iter()
        .filter(|(_, f)| f.contains("grant-type%3Adevice_code"))
        .count();
    assert_eq!(polls, 4, "pending, slow down, pending, then the token");
    // The refresh token signs every later request in; a new one handed back is kept for next time.
    let rotated = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let keep = rotated.clone();
    let credential = TokenCredential::new(RefreshToken::new(
        authority.clone(),
        "my-public-client",
        signed_in.refresh.clone(),
        Some(Box::new(move |s: &Secret| {
            keep.lock().unwrap().push(s.expose().to_string())
        })),
    ));
    let client = Client::new(account(credential, true), no_retries()).unwrap();
    rt.block_on(use_all_three(&client));
    assert_eq!(rotated.lock().unwrap().as_slice(), ["REFRESH-2"]);

    for (answers, words) in [
        (&["authorization_pending", "expired_token"][..], "The code expired"),
        (&["access_denied"][..], "declined"),
    ] {
        endpoint.script_device_code(answers);
        let e = rt
            .block_on(async {
                let code = oauth::start_device_code(&authority, "my-public-client", &Audience::storage(), None)
                    .await
                    .unwrap();
                oauth::finish_device_code(&code, None).await
            })
            .err()
            .unwrap();
        assert!(e.plain_words().contains(words), "{e}");
    }
    // A refresh token that ended asks for a new sign-in.
    let ended = TokenCredential::new(RefreshToken::new(
        authority,
        "my-public-client",
        Secret::new("revoked"),
        None,
    ));
    let client = Client::new(account(ended, true), no_retries()).unwrap();
    let e = rt.block_on(client.list_tables(Some(1), None)).unwrap_err();
    assert!(
        e.plain_words().contains("AADSTS70043") && e.plain_words().contains("Sign in again"),
        "{e}"
    );
}

/// Add account > Microsoft Entra ID, with the OAuth emulator's endpoints and certificate filled in.
fn fill_in_entra_account(app: &mut ui::TestApp, label: &str) {
    let e = oauth_emulator();
    let [b, q, t] = e.emulator.ports();
    app.click("Add account");
    app.click("Microsoft Entra ID");
    app.type_into("Display name:", label);
    app.type_into("Account name:", "devstoreaccount1");
    app.click("Custom endpoints (optional)");
    app.type_into("Blob endpoint:", &format!("https://127.0.0.1:{b}/devstoreaccount1"));
    app.type_into("Queue endpoint:", &format!("https://127.0.0.1:{q}/devstoreaccount1"));
    app.type_into("Table endpoint:", &format!("https://127.0.0.1:{t}/devstoreaccount1"));
    app.type_into("Trust certificate:", &e.ca_pem.display().to_string());
}

/// Opens a container of an account in the tree and waits for its tab.
fn open_container(app: &mut ui::TestApp, label: &str, container: &str) {
    app.click(label);
    app.wait_for("Blob containers");
    app.click_contains("Blob containers");
    app.wait_for(container);
    app.click(container);
    app.wait_for(&format!("{container} (container)"));
}

#[test]
fn a_device_code_account_signs_in_from_the_dialog_and_keeps_its_refresh_token_in_the_keychain_only() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    // The sign-in host presents a certificate of the same private authority as the storage endpoint (as a
    // TLS-inspecting proxy would): the account's Trust certificate serves the sign-in, its renewal, and storage.
    let endpoint = rt.block_on(OAuthEndpoint::start_https("unused"));
    endpoint.script_device_code(&["authorization_pending", "ok"]);
    stand_in_az().answer_token("coded", 3600);
    let container = unique("coded");
    rt.block_on(
        Client::new(account(cli("coded"), true), no_retries())
            .unwrap()
            .create_container(&container, PublicAccess::None, &[]),
    )
    .unwrap();
    let mut app = ui::TestApp::new(&rt);
    fill_in_entra_account(&mut app, "Coded");
    app.click("Browser or device code");
    app.type_into("Tenant:", "organizations");
    app.type_into("Client id:", "my-public-client");
    app.click("Sign-in host (national clouds)");
    app.type_into("Sign-in host:", &endpoint.host);
    // Saving before the sign-in is finished says what to do.
    app.click("Save account");
    app.wait_for_contains("Sign in first");
    app.click("Sign in with a code");
    app.wait_for("FJ3K9QWX");
    app.wait_for("https://microsoft.com/devicelogin");
    assert_eq!(app.copied_by_clicking("Copy code"), "FJ3K9QWX");
    app.wait_for_contains("Signed in. Save the account");
    app.click("Save account");
    app.wait_for("Account `Coded` saved.");
    open_container(&mut app, "Coded", &container);
    app.wait_for_contains("Microsoft Entra ID: personal sign-in (tenant organizations)");
    let state = app.harness.state();
    let id = state.profile("Coded").unwrap().id.clone();
    let stored = state.stored_secret(&id).unwrap().unwrap_or_default();
    assert!(
        stored.starts_with("REFRESH-"),
        "the refresh token is in the keychain: {stored}"
    );
    state.sync_files();
    let file = std::fs::read_to_string(&state.paths().accounts_file).unwrap();
    assert!(file.contains("\"DeviceCode\"") && !file.contains("REFRESH-"), "{file}");
    // The sign-in's own requests are in the inspector (device code, polls, renewals), their codes and tokens not.
    let requests = state.requests();
    assert!(
        requests
            .iter()
            .any(|r| r.service == tessera::storage::Api::SignIn && r.resource.ends_with("/devicecode"))
    );
    assert!(
        requests
            .iter()
            .any(|r| r.service == tessera::storage::Api::SignIn && r.resource.ends_with("/token"))
    );
    let inspector = format!("{requests:?}");
    for secret in ["DEVICECODE-SECRET", "REFRESH-"] {
        assert!(!inspector.contains(secret), "{secret} reached the inspector");
    }
}

#[test]
fn an_entra_account_added_in_the_dialog_with_the_cli_opens_a_container() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let token = stand_in_az().answer_token("dialog", 3600);
    let container = unique("dialog");
    rt.block_on(
        Client::new(account(cli("dialog"), true), no_retries())
            .unwrap()
            .create_container(&container, PublicAccess::None, &[]),
    )
    .unwrap();
    let mut app = ui::TestApp::new(&rt);
    fill_in_entra_account(&mut app, "Signed in");
    app.type_into("Tenant:", "dialog");
    app.click("Save account");
    app.wait_for("Account `Signed in` saved.");
    open_container(&mut app, "Signed in", &container);
    app.wait_for_contains("Account: Signed in");
    app.wait_for_contains("Microsoft Entra ID");
    // Nothing secret was saved: the file holds the settings only.
    let state = app.harness.state();
    state.sync_files();
    let file = std::fs::read_to_string(&state.paths().accounts_file).unwrap();
    assert!(file.contains("\"AzureCli\"") && file.contains("ca.pem"), "{file}");
    let log = std::fs::read_to_string(&state.paths().log_file).unwrap();
    let inspector = format!("{:?}", state.requests());
    assert!(
        log.contains("Bearer <redacted>") || inspector.contains("Bearer <redacted>"),
        "requests were recorded"
    );
    for (what, text) in [("account file", &file), ("log", &log), ("inspector", &inspector)] {
        assert!(!text.contains(&token[..40]), "the token leaked into the {what}");
    }
}

#[test]
fn a_minted_token_carries_what_azurite_checks() {
    let (token, exp) = mint_token(60);
    assert_eq!(
        tessera::storage::token::jwt_expiry(&token),
        Some(std::time::SystemTime::UNIX_EPOCH + Duration::from_secs(exp))
    );
}

#[test]
fn a_signed_in_account_shares_a_blob_with_a_user_delegation_sas_that_someone_without_a_sign_in_reads() {
    use tessera::storage::blob::SasPermissions;
    let rt = tokio::runtime::Runtime::new().unwrap();
    stand_in_az().answer_token("delegation", 3600);
    let client = Client::new(account(cli("delegation"), true), no_retries()).unwrap();
    let container = unique("delegated");
    let expiry = std::time::SystemTime::now() + Duration::from_secs(3600);
    let url = rt.block_on(async {
        client
            .create_container(&container, PublicAccess::None, &[])
            .await
            .unwrap();
        client
            .put_blob(
                &container,
                "shared.txt",
                Bytes::from_static(b"for you"),
                &BlobHttpHeaders::default(),
                &[],
                &Conditions::default(),
            )
            .await
            .unwrap();
        // With no account key, a service SAS is refused in words, before anything is sent.
        let e = client
            .blob_sas_url(
                &container,
                Some("shared.txt"),
                SasPermissions::read_only(),
                None,
                expiry,
            )
            .unwrap_err();
        assert!(e.plain_words().contains("user delegation SAS"), "{e}");
        client
            .shareable_sas_url(&container, Some("shared.txt"), SasPermissions::read_only(), expiry)
            .await
            .unwrap()
    });
    assert!(
        url.contains("skoid=") && url.contains("sktid=") && url.contains("sig="),
        "{url}"
    );
    let mut reader = Account::from_sas_url(&url, None).unwrap();
    reader.trusted_cert = Some(oauth_emulator().ca_pem.clone());
    let reader = Client::new(reader, no_retries()).unwrap();
    let (body, _) = rt
        .block_on(reader.get_blob(&container, "shared.txt", None, None))
        .unwrap();
    assert_eq!(&body[..], b"for you");
    // The grant is read-only: a write with it is refused.
    let e = rt
        .block_on(reader.put_blob(
            &container,
            "shared.txt",
            Bytes::from_static(b"x"),
            &BlobHttpHeaders::default(),
            &[],
            &Conditions::default(),
        ))
        .unwrap_err();
    assert_eq!(e.status, Some(403), "{e}");
}

/// What a browser does with a sign-in page: asks the sign-in host (the person signs in there), and follows its
/// redirect back to the app's loopback port. Returns the page the app answered with.
async fn browse_sign_in_page(url: &str) -> (u16, String) {
    let browser = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .tls_certs_merge(
            tessera::storage::read_pem_certificates(&oauth_emulator().ca_pem)
                .unwrap()
                .into_iter()
                .map(|c| reqwest::Certificate::from_der(&c).unwrap()),
        )
        .build()
        .unwrap();
    let page = browser.get(url).send().await.unwrap();
    assert_eq!(page.status().as_u16(), 302, "the sign-in page sends the browser back");
    let back = page.headers()["location"].to_str().unwrap().to_string();
    assert!(back.starts_with("http://localhost:"), "{back}");
    let answer = browser.get(&back).send().await.unwrap();
    (answer.status().as_u16(), answer.text().await.unwrap())
}

#[test]
fn a_browser_sign_in_waits_for_its_own_redirect_and_redeems_the_code_with_its_verifier() {
    use tessera::storage::browser_sign_in::BrowserSignIn;
    let rt = tokio::runtime::Runtime::new().unwrap();
    let endpoint = rt.block_on(OAuthEndpoint::start_https("unused"));
    let authority = Authority::new(&endpoint.host, "organizations")
        .unwrap()
        .trusting(Some(oauth_emulator().ca_pem.clone()));
    let sign_in = BrowserSignIn::start(&authority, "my-public-client", &Audience::storage()).unwrap();
    let url = sign_in.url.clone();
    let finished = rt.spawn(async move { sign_in.finish(None).await });
    rt.block_on(async {
        // Something else knocks on the port first (a probe, another tab): answered, and the sign-in waits on.
        let redirect = url::Url::parse(&url).unwrap();
        let port = redirect
            .query_pairs()
            .find(|(k, _)| k == "redirect_uri")
            .map(|(_, v)| url::Url::parse(&v).unwrap().port().unwrap())
            .unwrap();
        let stray = reqwest::get(format!("http://127.0.0.1:{port}/?code=FORGED&state=not-yours"))
            .await
            .unwrap();
        assert_eq!(stray.status().as_u16(), 404);
        let (status, page) = browse_sign_in_page(&url).await;
        assert_eq!(status, 200);
        assert!(page.contains("Signed in. You can close this tab"), "{page}");
    });
    let signed_in = rt.block_on(finished).unwrap().unwrap();
    assert!(signed_in.refresh.expose().starts_with("REFRESH-"));
    // The stand-in gave a token only because the verifier matched the challenge of the page; the verifier went
    // in the token request, never in the page's address.
    let token_request = endpoint
        .requests()
        .into_iter()
        .find(|(path, body)| path.ends_with("/token") && body.contains("authorization_code"))
        .unwrap();
    let verifier = url::form_urlencoded::parse(token_request.1.as_bytes())
        .find(|(k, _)| k == "code_verifier")
        .unwrap()
        .1
        .into_owned();
    assert!(!url.contains(&verifier));

    // Declined in the browser: said in words.
    let declined = BrowserSignIn::start(&authority, "my-public-client", &Audience::storage()).unwrap();
    let state = url::Url::parse(&declined.url)
        .unwrap()
        .query_pairs()
        .find(|(k, _)| k == "state")
        .unwrap()
        .1
        .into_owned();
    let port = url::Url::parse(&declined.url)
        .unwrap()
        .query_pairs()
        .find(|(k, _)| k == "redirect_uri")
        .map(|(_, v)| url::Url::parse(&v).unwrap().port().unwrap())
        .unwrap();
    let waiting = rt.spawn(async move { declined.finish(None).await });
    // `localhost` may be ::1 to the browser: where the machine has an IPv6 loopback, the redirect comes that way.
    let host = match std::net::TcpListener::bind("[::1]:0") {
        Ok(_) => "[::1]",
        Err(_) => "127.0.0.1",
    };
    rt.block_on(async {
        reqwest::get(format!(
            "http://{host}:{port}/?error=access_denied&error_description=AADSTS65004&state={state}"
        ))
        .await
        .unwrap();
    });
    let Err(e) = rt.block_on(waiting).unwrap() else {
        panic!("a declined sign-in signed in")
    };
    assert!(e.plain_words().contains("declined in the browser"), "{e}");
}

#[test]
fn a_person_signs_in_with_the_browser_from_the_dialog_and_the_account_opens() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let endpoint = rt.block_on(OAuthEndpoint::start_https("unused"));
    stand_in_az().answer_token("browsered", 3600);
    let container = unique("browsered");
    rt.block_on(
        Client::new(account(cli("browsered"), true), no_retries())
            .unwrap()
            .create_container(&container, PublicAccess::None, &[]),
    )
    .unwrap();
    let mut app = ui::TestApp::new(&rt);
    fill_in_entra_account(&mut app, "Browsered");
    app.click("Browser or device code");
    app.type_into("Tenant:", "organizations");
    app.type_into("Client id:", "my-public-client");
    app.click("Sign-in host (national clouds)");
    app.type_into("Sign-in host:", &endpoint.host);
    // The click's frame asks the system to open the sign-in page.
    let url = app.opened_by_clicking("Sign in with a browser");
    app.wait_for_contains("Waiting for the browser to come back");
    let (status, _) = rt.block_on(browse_sign_in_page(&url));
    assert_eq!(status, 200);
    app.wait_for_contains("Signed in. Save the account");
    app.click("Save account");
    app.wait_for("Account `Browsered` saved.");
    open_container(&mut app, "Browsered", &container);
    let state = app.harness.state();
    let id = state.profile("Browsered").unwrap().id.clone();
    assert!(
        state
            .stored_secret(&id)
            .unwrap()
            .unwrap_or_default()
            .starts_with("REFRESH-")
    );
    let inspector = format!("{:?}", state.requests());
    assert!(
        !inspector.contains("AUTHCODE-") && !inspector.contains("REFRESH-"),
        "codes and tokens stay out"
    );
}
