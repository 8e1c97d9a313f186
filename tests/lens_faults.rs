//! The lens under bad input and its own faults, against a real Azurite: a port in use, an account endpoint that
//! does not answer or refuses, a request that is not storage (a stray browser, a web-proxy CONNECT, bytes that
//! are not HTTP), a body longer than announced; each gets a clear answer on the app's side and a line in the
//! log, and the endpoint keeps serving. Rules cut an answer mid-body (the SDK's download retries and gets every
//! byte), fire every Nth, add latency; a hold is dropped or answered by hand.

mod common;

use std::io::{Read, Write};
use std::time::Duration;

use common::{emulator, peer, unique};
use tessera::lens::holds::Verdict;
use tessera::lens::record::Record;
use tessera::lens::rules::parse_rules;
use tessera::lens::{Lens, LensOptions};
use tessera::storage::{Account, Client, ClientOptions, Service};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

fn lens_on(rt: &tokio::runtime::Runtime, account: Account, options: LensOptions) -> Lens {
    rt.block_on(Lens::start(account, options)).expect("the lens starts")
}

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

/// Tessera's own client lists tables through the lens: it still serves.
fn still_serves(rt: &tokio::runtime::Runtime, lens: &Lens) {
    let account = Account::from_connection_string(&lens.connection_string()).unwrap();
    let client = Client::new(account, ClientOptions::default()).unwrap();
    rt.block_on(client.list_tables(Some(1), None))
        .expect("the lens still serves");
}

/// Sends raw bytes to a port and reads until the lens closes the connection.
fn raw(port: u16, bytes: &[u8]) -> String {
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    stream.write_all(bytes).unwrap();
    let mut out = Vec::new();
    let _ = stream.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// The status codes of every answer in a raw reply, in order.
fn statuses(reply: &str) -> Vec<u16> {
    reply
        .match_indices("HTTP/1.1 ")
        .filter_map(|(at, _)| reply[at + 9..at + 12].parse().ok())
        .collect()
}

fn problems(lens: &Lens) -> Vec<String> {
    lens.records().into_iter().filter_map(|r| r.problem).collect()
}

/// Waits for a line whose problem says `words` (a connection's line is written as the connection ends).
fn said(lens: &Lens, words: &str) {
    common::wait(
        words,
        Duration::from_secs(10),
        || problems(lens).iter().any(|p| p.contains(words)),
        || format!("{:#?}", lens.records()),
    );
}

#[test]
fn a_port_in_use_fails_the_start_naming_the_port_and_the_service() {
    let rt = runtime();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let options = LensOptions {
        ports: [0, port, 0],
        ..LensOptions::default()
    };
    let why = rt
        .block_on(Lens::start(common::account(), options))
        .err()
        .expect("a port in use fails the start");
    assert!(
        why.contains(&port.to_string()) && why.contains("queue service"),
        "{why}"
    );
    assert!(why.contains("another program"), "{why}");
}

#[test]
fn an_account_endpoint_that_does_not_answer_or_refuses_is_said_and_the_lens_keeps_serving() {
    let rt = runtime();
    // Blob: a listener that takes connections and never says a word. Queue: a port nobody listens on.
    let silent = rt.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).unwrap();
    let silent_port = silent.local_addr().unwrap().port();
    rt.spawn(async move {
        let mut kept = Vec::new();
        while let Ok((stream, _)) = silent.accept().await {
            kept.push(stream);
        }
    });
    let closed_port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut account = common::account();
    account
        .set_endpoint(
            Service::Blob,
            &format!("http://127.0.0.1:{silent_port}/devstoreaccount1"),
        )
        .unwrap();
    account
        .set_endpoint(
            Service::Queue,
            &format!("http://127.0.0.1:{closed_port}/devstoreaccount1"),
        )
        .unwrap();
    let lens = lens_on(
        &rt,
        account,
        LensOptions {
            silence: Duration::from_secs(1),
            ..LensOptions::default()
        },
    );
    let http = reqwest::Client::new();
    let get = |service: Service| {
        let url = format!("{}?comp=list", lens.endpoint(service).unwrap());
        rt.block_on(http.get(url).header("x-ms-version", "2024-11-04").send())
            .unwrap()
    };
    let answer = get(Service::Blob);
    assert_eq!(answer.status(), 504);
    assert_eq!(answer.headers()["x-ms-error-code"], "OperationTimedOut");
    let body = rt.block_on(answer.text()).unwrap();
    assert!(body.contains("sent nothing for 1 s"), "{body}");
    let answer = get(Service::Queue);
    assert_eq!(answer.status(), 502);
    assert_eq!(answer.headers()["x-ms-error-code"], "LensUpstreamUnreachable");
    let said = problems(&lens);
    assert!(said.iter().any(|p| p.contains("sent nothing")), "{said:?}");
    assert!(said.iter().any(|p| p.contains("could not connect")), "{said:?}");
    still_serves(&rt, &lens);
}

#[test]
fn requests_that_are_not_storage_are_refused_with_words_and_the_lens_keeps_serving() {
    let rt = runtime();
    let lens = lens_on(&rt, common::account(), LensOptions::default());
    let port = lens.port(Service::Blob).unwrap();

    let browser = raw(
        port,
        b"GET /favicon.ico HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(statuses(&browser), [400], "{browser}");
    assert!(
        browser.contains("LensRefusedRequest") && browser.contains("outside the account"),
        "{browser}"
    );

    let post = raw(
        port,
        b"POST /devstoreaccount1/c HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi",
    );
    assert_eq!(statuses(&post), [400], "{post}");
    assert!(post.contains("not a storage request"), "{post}");

    let proxy = raw(
        port,
        b"CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
    );
    assert_eq!(statuses(&proxy), [400], "{proxy}");
    assert!(proxy.contains("CONNECT"), "{proxy}");

    let garbage = raw(port, b"HELLO THERE, NOT HTTP\r\n\r\n");
    assert_eq!(statuses(&garbage), [400], "{garbage}");

    said(&lens, "not an HTTP request");
    let refused = of(&lens, "Not a storage request");
    assert_eq!(refused.len(), 4, "{refused:#?}");
    assert!(refused.iter().all(|r| r.status == Some(400) && r.problem.is_some()));
    still_serves(&rt, &lens);
}

#[test]
fn a_body_longer_than_announced_is_refused_after_its_announced_part() {
    let rt = runtime();
    let lens = lens_on(&rt, common::account(), LensOptions::default());
    let port = lens.port(Service::Queue).unwrap();
    let queue = unique("lensbody");
    let request = format!(
        "PUT /devstoreaccount1/{queue}/messages HTTP/1.1\r\nHost: localhost\r\nx-ms-version: 2024-11-04\r\nContent-Length: 5\r\n\r\nhelloAND MORE BYTES THAN IT SAID\r\n\r\n"
    );
    let reply = raw(port, request.as_bytes());
    let seen = statuses(&reply);
    assert_eq!(
        seen.len(),
        2,
        "the announced request is answered, then the rest refused: {reply}"
    );
    assert_eq!(seen[1], 400, "{reply}");
    said(&lens, "longer than its Content-Length");
    still_serves(&rt, &lens);
}

#[test]
fn a_cut_answer_makes_the_sdk_download_again_and_it_gets_every_byte() {
    let rt = runtime();
    let lens = lens_on(&rt, common::account(), LensOptions::default());
    let container = unique("lenscut");
    let client = common::client();
    let text = "0123456789".repeat(1000);
    rt.block_on(async {
        client
            .create_container(&container, tessera::storage::blob::PublicAccess::None, &[])
            .await
            .unwrap();
    });
    peer::run(
        &emulator().connection_string(),
        &["lens-upload-text", &container, "t.txt", &text],
    );
    let rules = parse_rules(&format!(
        r#"{{"rules":[{{"name":"cut","resource":"{container}/t.txt","method":"GET","action":{{"kind":"cut","after_bytes":1000}},"times":1}}]}}"#
    ))
    .unwrap();
    lens.add_rule(rules[0].clone());
    let got = peer::run(&lens.connection_string(), &["lens-download-text", &container, "t.txt"]);
    assert_eq!(got["text"], text.as_str());
    let gets: Vec<Record> = lens
        .records()
        .into_iter()
        .filter(|r| r.operation.starts_with("Get Blob"))
        .collect();
    assert!(gets.len() >= 2, "{gets:#?}");
    assert!(
        gets[0]
            .problem
            .as_deref()
            .is_some_and(|p| p.contains("cut by a rule after 1000 bytes")),
        "{gets:#?}"
    );
    assert_eq!(gets[1].retry_of, Some(gets[0].number), "{gets:#?}");
    assert_eq!(lens.rules()[0].fired, 1);
}

#[test]
fn every_nth_fires_on_the_nth_and_a_delay_adds_its_latency() {
    let rt = runtime();
    let lens = lens_on(&rt, common::account(), LensOptions::default());
    let rules = parse_rules(
        r#"{"rules":[{"name":"second","operation":"List Queues","action":{"kind":"answer","status":500},"every":2},
            {"name":"slow","operation":"List Queues","action":{"kind":"delay","ms":300},"times":1}]}"#,
    )
    .unwrap();
    for rule in rules {
        lens.add_rule(rule);
    }
    let http = reqwest::Client::new();
    let url = format!("{}?comp=list", lens.endpoint(Service::Queue).unwrap());
    let seen: Vec<u16> = (0..4)
        .map(|_| {
            rt.block_on(http.get(&url).header("x-ms-version", "2024-11-04").send())
                .unwrap()
                .status()
                .as_u16()
        })
        .collect();
    assert_ne!(seen[0], 500);
    assert_eq!(seen[1], 500);
    assert_ne!(seen[2], 500);
    assert_eq!(seen[3], 500);
    let listed = of(&lens, "List Queues");
    assert_eq!(listed[1].error_code.as_deref(), Some("InternalError"));
    assert!(listed[0].duration_ms >= 300.0, "{listed:#?}");
    let fired: Vec<u64> = lens.rules().iter().map(|r| r.fired).collect();
    assert_eq!(fired, [2, 1]);
}

#[test]
fn a_hold_dropped_closes_the_connection_and_one_answered_by_hand_gives_that_answer() {
    let rt = runtime();
    let lens = lens_on(&rt, common::account(), LensOptions::default());
    let rules =
        parse_rules(r#"{"rules":[{"name":"hold","operation":"List Queues","action":{"kind":"hold"},"times":2}]}"#)
            .unwrap();
    lens.add_rule(rules[0].clone());
    let url = format!("{}?comp=list&timeout=30", lens.endpoint(Service::Queue).unwrap());
    let send = || {
        let url = url.clone();
        rt.spawn(async move {
            reqwest::Client::new()
                .get(url)
                .header("x-ms-version", "2024-11-04")
                .send()
                .await
        })
    };
    let held = |lens: &Lens| {
        let mut id = None;
        common::wait(
            "a held request",
            Duration::from_secs(30),
            || {
                id = lens.held().first().map(|h| h.id);
                id.is_some()
            },
            String::new,
        );
        id.unwrap()
    };
    let dropped = send();
    let id = held(&lens);
    assert_eq!(
        lens.held()[0].timeout,
        Some(30),
        "the request's own timeout is shown beside the hold"
    );
    assert!(lens.decide(id, Verdict::Drop));
    assert!(
        rt.block_on(dropped).unwrap().is_err(),
        "a dropped request gets no answer"
    );

    let answered = send();
    let id = held(&lens);
    assert!(lens.decide(
        id,
        Verdict::Answer {
            status: 409,
            code: "LeaseIdMismatchWithLeaseOperation".into()
        }
    ));
    let answer = rt.block_on(answered).unwrap().unwrap();
    assert_eq!(answer.status(), 409);
    assert_eq!(answer.headers()["x-ms-error-code"], "LeaseIdMismatchWithLeaseOperation");
    let listed = of(&lens, "List Queues");
    assert!(
        listed[0]
            .problem
            .as_deref()
            .is_some_and(|p| p.contains("closed by the lens"))
    );
    assert_eq!(listed[1].status, Some(409));
    still_serves(&rt, &lens);
}

#[test]
fn closing_the_lens_says_which_app_connections_were_open() {
    let rt = runtime();
    let lens = lens_on(&rt, common::account(), LensOptions::default());
    let port = lens.port(Service::Table).unwrap();
    // A connection the app closed is not named.
    raw(
        port,
        b"GET /devstoreaccount1/Tables HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    common::wait(
        "no open connection",
        Duration::from_secs(10),
        || lens.open_connections().is_empty(),
        || format!("{:?}", lens.open_connections()),
    );
    let mut open = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    let local = open.local_addr().unwrap();
    open.write_all(b"GET /devstoreaccount1/Tables HTTP/1.1\r\nHost: localhost\r\nx-ms-version: 2024-11-04\r\n\r\n")
        .unwrap();
    let mut first = [0u8; 12];
    open.read_exact(&mut first).unwrap();
    assert!(
        first.starts_with(b"HTTP/1.1 "),
        "the connection was answered and stays open"
    );
    let closed = lens.close();
    assert_eq!(closed, [local], "the app's one open connection is named");
}
