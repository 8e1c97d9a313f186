//! The Queue service against a real Azurite: queues, metadata, and at-least-once delivery made visible.

mod common;

use std::time::{Duration, SystemTime};

use common::fault_proxy::{Fault, FaultProxy};
use common::{client, emulator, recorded_client, unique};
use tessera::storage::queue::{MessageEncoding, MessageTtl, decode_base64};
use tessera::storage::{Account, Client, ErrorKind};

async fn new_queue(c: &Client) -> String {
    let name = unique("q");
    c.create_queue(&name, &[]).await.unwrap();
    name
}

#[tokio::test]
async fn queues_are_created_listed_counted_cleared_and_deleted() {
    let c = client();
    let prefix = unique("ql");
    for i in 0..3 {
        c.create_queue(&format!("{prefix}-{i}"), &[("priority".into(), i.to_string())])
            .await
            .unwrap();
    }
    let first = c.list_queues(Some(&prefix), None, Some(2), true).await.unwrap();
    assert_eq!(first.queues.len(), 2);
    assert_eq!(
        first.queues[0].metadata,
        vec![("priority".to_string(), "0".to_string())]
    );
    let rest = c
        .list_queues(Some(&prefix), first.next_marker.as_deref(), Some(2), true)
        .await
        .unwrap();
    assert_eq!(rest.queues.len(), 1);

    let q = format!("{prefix}-0");
    for i in 0..5 {
        c.put_message(&q, &format!("m{i}"), None, MessageTtl::Default)
            .await
            .unwrap();
    }
    let props = c.get_queue_properties(&q).await.unwrap();
    assert_eq!(props.approximate_message_count, 5);
    c.set_queue_metadata(&q, &[("owner".into(), "ops".into())])
        .await
        .unwrap();
    assert_eq!(
        c.get_queue_properties(&q).await.unwrap().metadata,
        vec![("owner".to_string(), "ops".to_string())]
    );
    c.clear_messages(&q).await.unwrap();
    assert_eq!(c.get_queue_properties(&q).await.unwrap().approximate_message_count, 0);
    c.delete_queue(&q).await.unwrap();
    assert_eq!(c.get_queue_properties(&q).await.unwrap_err().status, Some(404));
}

#[tokio::test]
async fn peek_changes_nothing_and_shows_the_stored_text() {
    let c = client();
    let q = new_queue(&c).await;
    let receipt = c
        .put_message(&q, "hello <world> & co", None, MessageTtl::Default)
        .await
        .unwrap();
    assert!(!receipt.pop_receipt.is_empty());
    for _ in 0..2 {
        let peeked = c.peek_messages(&q, 32).await.unwrap();
        assert_eq!(peeked.len(), 1);
        assert_eq!(peeked[0].id, receipt.id);
        assert_eq!(peeked[0].dequeue_count, 0, "peeking never counts as a dequeue");
        assert_eq!(peeked[0].text, "hello <world> & co");
    }
}

#[tokio::test]
async fn a_dequeued_message_hides_until_its_timeout_then_returns_with_a_higher_count() {
    let c = client();
    let q = new_queue(&c).await;
    c.put_message(&q, "job", None, MessageTtl::Default).await.unwrap();
    // Hidden for 10 s: room for the checks below on a loaded machine; the wait after them runs to the time the
    // service named, however long they took.
    let got = c.get_messages(&q, 1, 10).await.unwrap();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].dequeue_count, 1);
    let next_visible = got[0].next_visible.expect("time next visible");
    let wait = next_visible.duration_since(SystemTime::now()).unwrap_or_default();
    assert!(wait <= Duration::from_secs(11), "{wait:?}");
    assert!(
        c.peek_messages(&q, 32).await.unwrap().is_empty(),
        "invisible to everyone meanwhile"
    );
    assert!(
        c.get_messages(&q, 32, 30).await.unwrap().is_empty(),
        "another consumer gets nothing"
    );
    let wait = next_visible.duration_since(SystemTime::now()).unwrap_or_default();
    tokio::time::sleep(wait + Duration::from_millis(1500)).await;
    let back = c.peek_messages(&q, 32).await.unwrap();
    assert_eq!(back.len(), 1, "it reappeared");
    assert_eq!(back[0].dequeue_count, 1);
    let again = c.get_messages(&q, 1, 30).await.unwrap();
    assert_eq!(
        again[0].dequeue_count, 2,
        "the second consumer sees it was delivered before"
    );
    // The first receipt went stale when the message reappeared and was taken again.
    let stale = c.delete_message(&q, &got[0].id, &got[0].pop_receipt).await.unwrap_err();
    assert!(matches!(stale.status, Some(404) | Some(400)), "{stale:?}");
    assert!(
        stale.plain_words().contains("pop receipt is stale") || stale.plain_words().contains("message is gone"),
        "{}",
        stale.plain_words()
    );
    c.delete_message(&q, &again[0].id, &again[0].pop_receipt)
        .await
        .expect("the current receipt deletes it");
    assert!(c.peek_messages(&q, 32).await.unwrap().is_empty());
}

#[tokio::test]
async fn update_renews_the_receipt_and_can_change_text_and_return_it_now() {
    let c = client();
    let q = new_queue(&c).await;
    c.put_message(&q, "draft", None, MessageTtl::Default).await.unwrap();
    let m = c.get_messages(&q, 1, 60).await.unwrap().remove(0);
    let updated = c
        .update_message(&q, &m.id, &m.pop_receipt, 0, Some("final"))
        .await
        .unwrap();
    assert_ne!(updated.pop_receipt, m.pop_receipt, "a new receipt");
    let peeked = c.peek_messages(&q, 1).await.unwrap();
    assert_eq!(peeked[0].text, "final", "visible again at once, with the new text");
    let old = c.delete_message(&q, &m.id, &m.pop_receipt).await.unwrap_err();
    assert!(matches!(old.status, Some(404) | Some(400)), "{old:?}");
    c.delete_message(&q, &m.id, &updated.pop_receipt).await.unwrap();
}

#[tokio::test]
async fn base64_and_text_encodings_are_told_apart_never_guessed() {
    let c = client();
    let q = new_queue(&c).await;
    let encoded = MessageEncoding::Base64.encode("{\"order\":42}".as_bytes()).unwrap();
    c.put_message(&q, &encoded, None, MessageTtl::Default).await.unwrap();
    c.put_message(&q, "plain text", None, MessageTtl::Never).await.unwrap();
    let peeked = c.peek_messages(&q, 32).await.unwrap();
    assert_eq!(peeked[0].text, encoded, "the stored text is shown as stored");
    assert_eq!(decode_base64(&peeked[0].text).unwrap(), b"{\"order\":42}");
    assert_eq!(
        decode_base64(&peeked[1].text),
        None,
        "plain text is not mistaken for Base64"
    );
    let far = SystemTime::now() + Duration::from_secs(3600 * 24 * 365 * 100);
    assert!(
        peeked[1].expires.unwrap() > far,
        "a never-expiring message expires in the far future: {:?}",
        peeked[1].expires
    );
}

#[tokio::test]
async fn oversized_messages_and_bad_counts_are_refused_before_sending() {
    let (c, recorder) = recorded_client(common::account());
    let q = unique("big");
    let err = c
        .put_message(&q, &"x".repeat(64 * 1024 + 1), None, MessageTtl::Default)
        .await
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::Invalid);
    assert!(err.message.to_string().contains("64 KiB"));
    assert_eq!(c.peek_messages(&q, 33).await.unwrap_err().kind, ErrorKind::Invalid);
    assert_eq!(
        c.create_queue("Bad--Name", &[]).await.unwrap_err().kind,
        ErrorKind::Invalid
    );
    assert!(recorder.events().is_empty());
}

#[tokio::test]
async fn put_and_get_are_never_repeated_once_they_may_have_arrived() {
    let direct = client();
    let q = new_queue(&direct).await;
    let proxy = FaultProxy::start(emulator().ports()[1]).await;
    let [b, _, t] = emulator().ports();
    let (c, _) = recorded_client(Account::emulator_at("127.0.0.1", [b, proxy.port, t]));
    proxy.inject([Fault::Reset]);
    let err = c.put_message(&q, "once", None, MessageTtl::Default).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::OutcomeUnknown);
    assert_eq!(proxy.requests(), 1);
    proxy.inject([Fault::Reset]);
    let err = c.get_messages(&q, 1, 30).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::OutcomeUnknown);
    assert_eq!(proxy.requests(), 2);
    // Reads are repeated: peek survives the same fault.
    proxy.inject([Fault::Reset]);
    c.peek_messages(&q, 1).await.expect("peek is safe to repeat");
}

#[tokio::test]
async fn text_with_carriage_returns_is_peeked_as_it_was_put_by_this_app_and_by_microsofts_sdk() {
    let c = client();
    let queue = new_queue(&c).await;
    let texts = [
        "line one\r\nline two",
        "lone\rreturn",
        "\r\n\r\nat the start",
        "tab\there\r",
    ];
    for text in texts {
        c.put_message(&queue, text, None, tessera::storage::queue::MessageTtl::Default)
            .await
            .unwrap();
    }
    let peeked: Vec<String> = c
        .peek_messages(&queue, 32)
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.text)
        .collect();
    assert_eq!(peeked, texts, "this app reads back what it put");
    let cs = common::emulator().connection_string();
    let theirs = common::peer::run(&cs, &["peek", &queue, "32"]);
    let theirs: Vec<&str> = theirs["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(theirs, texts, "Microsoft's SDK reads back what this app put");
    // And a conforming XML parser (Python's expat, which applies the XML line-end rules as the service's parser
    // does) reads the very body this app sends as the same text.
    for text in texts {
        let python = common::peer::python();
        let mut child = std::process::Command::new(python)
            .args([
                "-c",
                "import sys,json,xml.etree.ElementTree as E; \
                 print(json.dumps(E.fromstring(sys.stdin.buffer.read()).find('MessageText').text))",
            ])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(tessera::storage::queue::message_body(text).as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let parsed: String = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(parsed, text, "a conforming parser reads the body as the text");
    }
}
