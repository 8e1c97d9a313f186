//! Metadata on blobs, containers and queues against a real Azurite, read back by Microsoft's Python SDK as
//! an independent reader: names that differ around `_` and digits are signed in the service's order, and
//! every name keeps the case it was written in, on the wire and in storage, through every save.

mod common;

use bytes::Bytes;
use common::fault_proxy::FaultProxy;
use common::{emulator, peer, unique};
use tessera::storage::Service;
use tessera::storage::blob::Conditions;
use tessera::storage::blob::{BlobHttpHeaders, PublicAccess};

/// Names that mix case, `_`, digits and letters; byte order and the service's order disagree on them.
fn mixed_names() -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = [
        ("file1", "a"),
        ("file_name", "b"),
        ("Owner", "c"),
        ("ownerName", "d"),
        ("Z_9", "e"),
        ("z9a", "f"),
        ("_hidden", "g"),
        ("A_b", "h"),
        ("a1", "i"),
    ]
    .iter()
    .map(|(n, v)| (n.to_string(), v.to_string()))
    .collect();
    pairs.sort();
    pairs
}

fn cs() -> String {
    emulator().connection_string()
}

#[tokio::test]
async fn mixed_names_are_signed_in_the_services_order_and_keep_their_case_everywhere() {
    let client = common::client();
    let container = unique("meta");
    let queue = unique("meta");
    client
        .create_container(&container, PublicAccess::None, &[])
        .await
        .unwrap();
    client.create_queue(&queue, &[]).await.unwrap();
    client
        .put_blob(
            &container,
            "b.txt",
            Bytes::from_static(b"x"),
            &BlobHttpHeaders::default(),
            &[],
            &Conditions::none(),
        )
        .await
        .unwrap();
    let names = mixed_names();

    client
        .set_blob_metadata(&container, "b.txt", &names, &Conditions::none())
        .await
        .expect("signed in the service's order: no 403");
    client
        .set_container_metadata(&container, &names, &Conditions::none())
        .await
        .unwrap();
    client.set_queue_metadata(&queue, &names).await.unwrap();

    // This app reads them back as stored...
    assert_eq!(
        client.get_blob_properties(&container, "b.txt", None).await.unwrap().1,
        names
    );
    assert_eq!(client.get_container_properties(&container).await.unwrap().1, names);
    assert_eq!(client.get_queue_properties(&queue).await.unwrap().metadata, names);
    // ...and so does Microsoft's SDK.
    assert_eq!(peer::metadata(&cs(), &["blob-metadata", &container, "b.txt"]), names);
    assert_eq!(peer::metadata(&cs(), &["container-metadata", &container]), names);
    assert_eq!(peer::metadata(&cs(), &["queue-metadata", &queue]), names);
}

#[tokio::test]
async fn names_travel_on_the_wire_in_the_case_given() {
    let (account, proxy): (_, FaultProxy) = common::account_through_proxy(Service::Blob).await;
    let client = tessera::storage::Client::new(account, Default::default()).unwrap();
    let container = unique("wire");
    client
        .create_container(&container, PublicAccess::None, &[])
        .await
        .unwrap();
    let names = vec![
        ("ownerName".to_string(), "me".to_string()),
        ("Team_2".to_string(), "x".to_string()),
    ];
    client
        .set_container_metadata(&container, &names, &Conditions::none())
        .await
        .unwrap();
    let heads = proxy.heads();
    let head = heads
        .iter()
        .find(|h| h.contains("comp=metadata"))
        .expect("the save went through the proxy");
    assert!(head.contains("\r\nx-ms-meta-ownerName: me\r\n"), "{head}");
    assert!(head.contains("\r\nx-ms-meta-Team_2: x\r\n"), "{head}");
}

#[tokio::test]
async fn a_name_written_by_the_sdk_keeps_its_case_through_an_edit_in_this_app() {
    let client = common::client();
    let container = unique("sdkcase");
    client
        .create_container(&container, PublicAccess::None, &[])
        .await
        .unwrap();
    client
        .put_blob(
            &container,
            "doc.txt",
            Bytes::from_static(b"x"),
            &BlobHttpHeaders::default(),
            &[],
            &Conditions::none(),
        )
        .await
        .unwrap();
    peer::run(
        &cs(),
        &[
            "set-blob-metadata",
            &container,
            "doc.txt",
            r#"{"Owner": "ana", "CostCenter": "42"}"#,
        ],
    );
    // What the app shows, as the editor gets it; one edit, as a person makes it; saved with If-Match.
    let (props, mut metadata) = client.get_blob_properties(&container, "doc.txt", None).await.unwrap();
    assert_eq!(
        metadata,
        vec![
            ("CostCenter".to_string(), "42".to_string()),
            ("Owner".to_string(), "ana".to_string())
        ]
    );
    metadata.push(("reviewedBy".to_string(), "bo".to_string()));
    client
        .set_blob_metadata(&container, "doc.txt", &metadata, &Conditions::if_match(props.etag))
        .await
        .unwrap();
    assert_eq!(
        peer::metadata(&cs(), &["blob-metadata", &container, "doc.txt"]),
        vec![
            ("CostCenter".to_string(), "42".to_string()),
            ("Owner".to_string(), "ana".to_string()),
            ("reviewedBy".to_string(), "bo".to_string()),
        ]
    );
}
