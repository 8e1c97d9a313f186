//! The request pipeline against a real Azurite: signing checked by the emulator, plain-words failures,
//! retries through a fault-injecting proxy, non-idempotent requests never repeated, the circuit breaker.

mod common;

use std::time::Duration;

use common::fault_proxy::{Fault, FaultProxy};
use common::{account, emulator, recorded_client, unique};
use tessera::i18n::{Language, in_language, speaking};
use tessera::storage::RetryPolicy;
use tessera::storage::table::EntityDraft;
use tessera::storage::{Account, AccountKey, Client, ClientOptions, Credential, ErrorKind, Service, Trouble};

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
        assert!(!text.contains(tessera::storage::EMULATOR_KEY), "the key leaked: {text}");
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

/// A Russian window's request that found nothing: the network layer's words, the operation and the hint are all
/// Russian, though the request ran on the runtime's threads; the hint is picked from what failed (the words
/// shown are not English, so they could not pick it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_connection_is_said_and_explained_in_the_windows_language() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let options = || ClientOptions {
        retry: RetryPolicy::none(),
        ..ClientOptions::default()
    };
    let stopped = Client::new(Account::emulator_at("127.0.0.1", [port; 3]), options()).unwrap();
    let err = tokio::spawn(speaking(Language::Russian, async move {
        stopped.list_tables(None, None).await
    }))
    .await
    .unwrap()
    .unwrap_err();
    assert_eq!(err.trouble, Some(Trouble::NotConnected), "{err:?}");
    let words = in_language(Language::Russian, || err.plain_words());
    assert!(
        words.contains(&format!(
            "На 127.0.0.1:{port} никто не ожидает подключений: локальный эмулятор (Azurite) не запущен"
        )),
        "{words}"
    );

    let nowhere = Client::new(Account::emulator_at("tessera-nowhere.invalid", [port; 3]), options()).unwrap();
    let err = tokio::spawn(speaking(Language::Russian, async move {
        nowhere.list_tables(None, None).await
    }))
    .await
    .unwrap()
    .unwrap_err();
    assert_eq!(err.kind, ErrorKind::Connection);
    // The cause is typed; a Russian window words it in Russian.
    let cause = in_language(Language::Russian, || err.message.to_string());
    assert!(
        cause.starts_with("имя `tessera-nowhere.invalid` не существует"),
        "{cause}"
    );
    let words = in_language(Language::Russian, || err.plain_words());
    assert!(
        words.contains(&format!("Не удалось подключиться к tessera-nowhere.invalid:{port}")),
        "{words}"
    );
    assert!(
        !words.contains("does not exist") && !words.contains("List tables"),
        "{words}"
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
    assert_eq!(
        events[0].note.as_ref().map(ToString::to_string).as_deref(),
        Some("503: retrying in 1000 ms")
    );
    assert_eq!((events[1].status, events[1].attempt), (Some(200), 2));
    assert_eq!(
        events[0].request_seq, events[1].request_seq,
        "both attempts belong to one request"
    );
    assert_eq!(proxy.requests(), 2);
}

/// The inspector's note is said in the language of the window whose request went again, not in English.
#[tokio::test]
async fn a_retried_503_is_noted_in_russian_for_a_russian_window() {
    let proxy = FaultProxy::start(emulator().ports()[2]).await;
    proxy.inject([Fault::Status {
        status: 503,
        retry_after: Some(1),
    }]);
    let (c, recorder) = recorded_client(via_proxy(proxy.port));
    speaking(Language::Russian, c.list_tables(None, None))
        .await
        .expect("the retry succeeds");
    let events = recorder.events();
    assert_eq!(events.len(), 2, "{events:?}");
    // The note is typed; the Russian window words it in Russian where it shows it.
    let note = tessera::i18n::in_language(Language::Russian, || events[0].note.as_ref().map(ToString::to_string));
    assert_eq!(note.as_deref(), Some("503: повтор через 1000 мс"));
    assert_eq!(events[1].note, None, "the attempt that succeeded has nothing to note");
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
        events[0].status.is_none()
            && events[0]
                .note
                .as_ref()
                .map(ToString::to_string)
                .as_deref()
                .unwrap()
                .contains("retrying"),
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

    // 500 OperationTimedOut may come after the insert happened: not repeated, and said so.
    proxy.inject([Fault::Status {
        status: 500,
        retry_after: None,
    }]);
    let err = c.insert_entity(&table, &EntityDraft::new("p", "r2")).await.unwrap_err();
    assert_eq!(err.status, Some(500));
    assert_eq!(err.kind, ErrorKind::OutcomeUnknown, "{err:?}");
    assert!(
        err.plain_words().contains("may or may not have taken effect"),
        "{}",
        err.plain_words()
    );
    assert_eq!(proxy.requests(), 2, "a 500 on an insert is not retried");
    assert!(
        recorder.events()[1]
            .note
            .as_ref()
            .map(ToString::to_string)
            .as_deref()
            .unwrap()
            .contains("not safe to repeat")
    );
}

#[tokio::test]
async fn a_throttled_write_is_retried_because_the_service_did_not_carry_it_out() {
    let direct = common::client();
    let table = unique("throttled");
    direct.create_table(&table).await.unwrap();
    let proxy = FaultProxy::start(emulator().ports()[2]).await;
    let (c, recorder) = recorded_client(via_proxy(proxy.port));
    proxy.inject([Fault::Status {
        status: 503,
        retry_after: Some(0),
    }]);
    c.insert_entity(&table, &EntityDraft::new("p", "r"))
        .await
        .expect("the insert goes through on the retry");
    assert_eq!(proxy.requests(), 2, "sent again after the 503");
    let events = recorder.events();
    assert_eq!(
        (events[0].status, events[1].status),
        (Some(503), Some(204)),
        "{events:?}"
    );
    let page = direct.query_entities(&table, &Default::default(), None).await.unwrap();
    assert_eq!(page.entities.len(), 1, "inserted exactly once");
}

#[tokio::test]
async fn a_signature_refused_after_the_key_worked_is_not_blamed_on_the_key() {
    // Blob signatures cover every x-ms- header, so a proxy that adds one breaks the signature.
    let (account, proxy) = common::account_through_proxy(Service::Blob).await;
    let options = ClientOptions {
        retry: RetryPolicy::none(),
        ..ClientOptions::default()
    };
    // A fresh client whose first request is refused: the key or the clock may be wrong.
    let fresh = Client::new(account, options).unwrap();
    proxy.inject([Fault::Tamper]);
    let first = fresh.list_containers(None, None, Some(1), false).await.unwrap_err();
    assert_eq!(first.status, Some(403));
    assert!(
        first.hint().to_string().contains("the account key is wrong"),
        "{}",
        first.hint()
    );
    // The same client once the key has worked: a refused signature is the request's form, not the key.
    fresh
        .list_containers(None, None, Some(1), false)
        .await
        .expect("the key works");
    proxy.inject([Fault::Tamper]);
    let later = fresh.list_containers(None, None, Some(1), false).await.unwrap_err();
    assert_eq!(later.status, Some(403));
    let words = later.plain_words();
    assert!(!words.contains("account key is wrong"), "{words}");
    assert!(words.contains("the key is right"), "{words}");
    assert!(words.contains("String signed: GET\\n"), "{words}");
}
