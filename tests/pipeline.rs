//! The request pipeline against a real Azurite: signing checked by the emulator, plain-words failures,
//! retries through a fault-injecting proxy, non-idempotent requests never repeated, the circuit breaker.

mod common;

use std::time::Duration;

use common::fault_proxy::{Fault, FaultProxy};
use common::{account, emulator, recorded_client, unique};
use tessera::storage::entity::EntityDraft;
use tessera::storage::retry::RetryPolicy;
use tessera::storage::{Account, AccountKey, Client, ClientOptions, Credential, ErrorKind, Service};

/// The emulator's account, reached through the proxy's port for the table service.
fn via_proxy(port: u16) -> Account {
    let [b, q, _] = emulator().ports();
    Account::emulator_at("127.0.0.1", [b, q, port])
}

#[tokio::test]
async fn a_connection_string_reaches_the_emulator_and_every_event_is_redacted() {
    let a = Account::from_connection_string(&emulator().connection_string()).unwrap();
    let (c, recorder) = recorded_client(a);
    let name = unique("cs");
    c.create_table(&name).await.unwrap();
    assert!(c.list_all_tables().await.unwrap().contains(&name));
    let events = recorder.events();
    assert!(events.len() >= 2);
    for e in &events {
        let auth = e.request_header("authorization").expect("signed");
        assert_eq!(auth, "SharedKey devstoreaccount1:<redacted>");
        assert!(e.request_id.is_some(), "{e:?}");
        assert!(e.status.is_some());
        let text = format!("{e:?}");
        assert!(
            !text.contains(tessera::storage::account::EMULATOR_KEY),
            "the key leaked: {text}"
        );
    }
}

#[tokio::test]
async fn a_wrong_key_is_refused_in_plain_words_with_the_string_to_sign() {
    let mut a = account();
    a.credential = Credential::SharedKey(AccountKey::from_base64("d3Jvbmcga2V5IHdyb25nIGtleQ==").unwrap());
    let (c, recorder) = recorded_client(a);
    let err = c.list_tables(None, None).await.unwrap_err();
    assert_eq!(err.status, Some(403));
    // Azure's code is AuthenticationFailed; Azurite's is AuthorizationFailure. Both get the same words.
    assert_eq!(err.code.as_deref(), Some("AuthorizationFailure"));
    let words = err.plain_words();
    assert!(words.starts_with("List tables failed:"), "{words}");
    assert!(
        words.contains("the account key is wrong, or this computer's clock"),
        "{words}"
    );
    assert!(err.request_id.is_some(), "{err:?}");
    let events = recorder.events();
    assert_eq!(events.len(), 1, "a 403 is not retried");
    let sts = events[0]
        .string_to_sign
        .as_deref()
        .expect("a 403 keeps the string-to-sign for the inspector");
    assert!(sts.starts_with("GET\n"), "{sts:?}");
    assert!(sts.ends_with("/devstoreaccount1/devstoreaccount1/Tables"), "{sts:?}");
}

#[tokio::test]
async fn a_stopped_endpoint_says_nothing_is_listening() {
    // A port that was free a moment ago and has nobody behind it.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let options = ClientOptions {
        retry: RetryPolicy {
            base_delay: Duration::from_millis(10),
            ..RetryPolicy::default()
        },
        ..ClientOptions::default()
    };
    let c = Client::new(Account::emulator_at("127.0.0.1", [port, port, port]), options).unwrap();
    let err = c.list_tables(None, None).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::Connection);
    // The emulator's account: the words say where nothing listens and how to start the emulator, whatever port.
    assert!(
        err.plain_words().contains(&format!(
            "Nothing is listening on 127.0.0.1:{port}: the local emulator (Azurite) is not running"
        )),
        "{}",
        err.plain_words()
    );
}

#[tokio::test]
async fn a_503_with_retry_after_is_waited_out_and_retried() {
    let proxy = FaultProxy::start(emulator().ports()[2]).await;
    proxy.inject([Fault::Status {
        status: 503,
        retry_after: Some(1),
    }]);
    let (c, recorder) = recorded_client(via_proxy(proxy.port));
    let started = std::time::Instant::now();
    c.list_tables(None, None).await.expect("the retry succeeds");
    assert!(
        started.elapsed() >= Duration::from_millis(900),
        "Retry-After: 1 was honoured"
    );
    let events = recorder.events();
    assert_eq!(events.len(), 2, "{events:?}");
    assert_eq!((events[0].status, events[0].attempt), (Some(503), 1));
    assert_eq!(events[0].note.as_deref(), Some("503: retrying in 1000 ms"));
    assert_eq!((events[1].status, events[1].attempt), (Some(200), 2));
    assert_eq!(
        events[0].request_seq, events[1].request_seq,
        "both attempts belong to one request"
    );
    assert_eq!(proxy.requests(), 2);
}

#[tokio::test]
async fn a_reset_connection_is_survived_by_a_read() {
    let proxy = FaultProxy::start(emulator().ports()[2]).await;
    proxy.inject([Fault::Reset, Fault::Reset]);
    let (c, recorder) = recorded_client(via_proxy(proxy.port));
    c.list_tables(None, None).await.expect("the third attempt succeeds");
    let events = recorder.events();
    assert_eq!(events.len(), 3, "{events:?}");
    assert!(
        events[0].status.is_none() && events[0].note.as_deref().unwrap().contains("retrying"),
        "{:?}",
        events[0]
    );
    assert_eq!(events[2].status, Some(200));
}

#[tokio::test]
async fn a_non_idempotent_request_is_never_repeated_after_it_may_have_arrived() {
    let direct = common::client();
    let table = unique("once");
    direct.create_table(&table).await.unwrap();
    let proxy = FaultProxy::start(emulator().ports()[2]).await;
    let (c, recorder) = recorded_client(via_proxy(proxy.port));

    proxy.inject([Fault::Reset]);
    let err = c.insert_entity(&table, &EntityDraft::new("p", "r")).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::OutcomeUnknown, "{err:?}");
    assert!(
        err.plain_words().contains("may or may not have taken effect"),
        "{}",
        err.plain_words()
    );
    assert_eq!(proxy.requests(), 1, "the insert was sent once");
    assert_eq!(recorder.events().len(), 1);

    proxy.inject([Fault::Status {
        status: 503,
        retry_after: Some(0),
    }]);
    let err = c.insert_entity(&table, &EntityDraft::new("p", "r")).await.unwrap_err();
    assert_eq!(err.status, Some(503));
    assert_eq!(proxy.requests(), 2, "a 503 on an insert is not retried either");
    assert!(
        recorder.events()[1]
            .note
            .as_deref()
            .unwrap()
            .contains("not safe to repeat")
    );
}

#[tokio::test]
async fn the_circuit_breaker_opens_after_repeated_failures_and_says_so() {
    let proxy = FaultProxy::start(emulator().ports()[2]).await;
    proxy.always(Some(Fault::Status {
        status: 503,
        retry_after: None,
    }));
    let options = ClientOptions {
        retry: RetryPolicy::none(),
        breaker_threshold: 2,
        breaker_open_for: Duration::from_secs(60),
        ..ClientOptions::default()
    };
    let c = Client::new(via_proxy(proxy.port), options).unwrap();
    for _ in 0..2 {
        assert_eq!(c.list_tables(None, None).await.unwrap_err().status, Some(503));
    }
    let err = c.list_tables(None, None).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::CircuitOpen);
    assert!(err.plain_words().contains("stopped sending"), "{}", err.plain_words());
    assert!(err.message.contains("2 failures in a row"), "{}", err.message);
    assert_eq!(proxy.requests(), 2, "the open breaker sent nothing");
    assert!(c.is_circuit_open(Service::Table));
    assert!(!c.is_circuit_open(Service::Blob));
}
