//! The lens in front of the kinds of account an app meets: an endpoint over HTTPS (Azurite with the tests' own
//! certificate, trusted as a user trusts one) and a bearer token from Microsoft Entra ID (Azurite's
//! `--oauth basic`), which the lens passes on unchanged and never records.

mod common;

use common::entra::{container_with_blob, keyed_account, keyed_client, mint_token, oauth_emulator};
use common::{peer, unique};
use tessera::lens::{Lens, LensOptions};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

#[test]
fn an_app_reaches_an_https_account_through_the_lens() {
    let rt = runtime();
    let lens = rt
        .block_on(Lens::start(keyed_account(), LensOptions::default()))
        .expect("the lens starts in front of an HTTPS account");
    let container = unique("lenstls");
    rt.block_on(keyed_client().create_container(&container, tessera::storage::blob::PublicAccess::None, &[]))
        .unwrap();
    // The app speaks plain HTTP to the lens on this computer; the lens speaks TLS to the account.
    assert!(lens.connection_string().contains("BlobEndpoint=http://127.0.0.1:"));
    peer::run(
        &lens.connection_string(),
        &["lens-upload-text", &container, "t.txt", "over TLS"],
    );
    let e = oauth_emulator();
    let ca = e.ca_pem.display().to_string();
    let direct = peer::run_with(
        &e.emulator.connection_string(),
        &[("REQUESTS_CA_BUNDLE", &ca)],
        &["blob-text", &container, "t.txt"],
    );
    assert_eq!(direct["text"], "over TLS", "read direct over HTTPS by the SDK");
    let puts: Vec<_> = lens
        .records()
        .into_iter()
        .filter(|r| r.operation == "Put Blob")
        .collect();
    assert_eq!(puts.len(), 1, "{:#?}", lens.records());
    assert_eq!(puts[0].status, Some(201));
}

#[test]
fn a_bearer_token_passes_unchanged_and_is_never_recorded() {
    let rt = runtime();
    let container = unique("lensbearer");
    rt.block_on(container_with_blob(
        &keyed_client(),
        &container,
        "b.txt",
        b"for the token",
    ));
    // The lens knows the account without its key: only the app's token can open it.
    let mut account = keyed_account();
    account.credential = tessera::storage::Credential::Anonymous;
    let lens = rt.block_on(Lens::start(account, LensOptions::default())).unwrap();
    assert!(!lens.connection_string().contains("AccountKey"));
    let url = format!(
        "{}/{container}/b.txt",
        lens.endpoint(tessera::storage::Service::Blob).unwrap()
    );
    let get = |token: &str| {
        let url = url.clone();
        let token = token.to_string();
        rt.block_on(async move {
            let response = reqwest::Client::new()
                .get(&url)
                .header("Authorization", format!("Bearer {token}"))
                .header("x-ms-version", "2021-08-06")
                .send()
                .await
                .unwrap();
            let status = response.status().as_u16();
            (status, response.text().await.unwrap())
        })
    };
    let (token, _) = mint_token(600);
    let (status, body) = get(&token);
    assert_eq!(
        (status, body.as_str()),
        (200, "for the token"),
        "Azurite took the app's token"
    );
    // A token Azurite refuses is refused by Azurite, in its words: the lens neither drops nor mends it.
    let (ended, _) = mint_token(-600);
    let (status, body) = get(&ended);
    assert_eq!(status, 403, "{body}");
    assert!(
        body.contains("The token is expired"),
        "Azurite's own words reach the app: {body}"
    );
    let records = lens.records();
    let gets: Vec<_> = records.iter().filter(|r| r.operation == "Get Blob").collect();
    assert_eq!(gets.len(), 2, "{records:#?}");
    assert_eq!(gets[0].status, Some(200));
    assert_eq!(gets[1].status, Some(403));
    assert_eq!(
        gets[1].error_code.as_deref(),
        Some("AuthenticationFailed"),
        "{records:#?}"
    );
    let all = serde_json::to_string(&records).unwrap();
    for secret in [&token, &ended] {
        let signature_free = secret.rsplit('.').nth(1).unwrap();
        assert!(!all.contains(signature_free), "a token is in the records");
    }
}
