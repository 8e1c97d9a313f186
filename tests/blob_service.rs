//! The Blob service against a real Azurite: containers, listings, properties, conditions, snapshots,
//! copies and SAS. (Leases and transfers have their own files.)

mod common;

use common::blobs::put;
use std::time::{Duration, SystemTime};

use bytes::Bytes;
use common::{client, recorded_client, unique};
use tessera::storage::blob::Conditions;
use tessera::storage::blob::SasPermissions;
use tessera::storage::blob::{BlobHttpHeaders, DeleteSnapshots, LeaseState, ListBlobsOptions, PublicAccess};
use tessera::storage::{Account, Client, ClientOptions, ErrorKind};

async fn new_container(c: &Client) -> String {
    let name = unique("c");
    c.create_container(&name, PublicAccess::None, &[]).await.unwrap();
    name
}

async fn content(c: &Client, container: &str, blob: &str) -> Vec<u8> {
    c.get_blob(container, blob, None, None).await.unwrap().0.to_vec()
}

#[tokio::test]
async fn containers_are_created_listed_described_and_deleted() {
    let c = client();
    let prefix = unique("cl");
    for i in 0..3 {
        let meta = vec![("owner".to_string(), format!("team{i}"))];
        let access = if i == 0 {
            PublicAccess::Container
        } else {
            PublicAccess::None
        };
        c.create_container(&format!("{prefix}-{i}"), access, &meta)
            .await
            .unwrap();
    }
    // Pages of two, with metadata.
    let first = c.list_containers(Some(&prefix), None, Some(2), true).await.unwrap();
    assert_eq!(first.containers.len(), 2);
    let marker = first.next_marker.expect("a third container remains");
    let second = c
        .list_containers(Some(&prefix), Some(&marker), Some(2), true)
        .await
        .unwrap();
    assert_eq!(second.containers.len(), 1);
    assert!(second.next_marker.is_none());
    let public = &first.containers[0];
    assert_eq!(public.properties.public_access, PublicAccess::Container);
    assert_eq!(public.metadata, vec![("owner".to_string(), "team0".to_string())]);

    let name = format!("{prefix}-1");
    c.set_container_metadata(&name, &[("stage".into(), "test".into())], &Conditions::none())
        .await
        .unwrap();
    c.set_container_public_access(&name, PublicAccess::Blob, &Conditions::none())
        .await
        .unwrap();
    let (props, meta) = c.get_container_properties(&name).await.unwrap();
    assert_eq!(props.public_access, PublicAccess::Blob);
    assert_eq!(meta, vec![("stage".to_string(), "test".to_string())]);
    assert_eq!(props.lease.state, LeaseState::Available);

    let again = c.create_container(&name, PublicAccess::None, &[]).await.unwrap_err();
    assert_eq!(again.code.as_deref(), Some("ContainerAlreadyExists"));
    assert!(again.plain_words().contains("already exists"));
    c.delete_container(&name, &Conditions::none()).await.unwrap();
    let gone = c.get_container_properties(&name).await.unwrap_err();
    assert_eq!(gone.status, Some(404));
}

#[tokio::test]
async fn listings_show_virtual_folders_and_page_by_marker() {
    let c = client();
    let container = new_container(&c).await;
    for name in [
        "a.txt",
        "docs/one.txt",
        "docs/two.txt",
        "docs/deep/three.txt",
        "img/x.png",
    ] {
        put(&c, &container, name, "x").await;
    }
    let root = c
        .list_blobs(
            &container,
            &ListBlobsOptions {
                delimiter: Some("/".into()),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(
        root.blobs.iter().map(|b| b.name.as_str()).collect::<Vec<_>>(),
        vec!["a.txt"]
    );
    assert_eq!(root.prefixes, vec!["docs/", "img/"]);
    let docs = c
        .list_blobs(
            &container,
            &ListBlobsOptions {
                prefix: Some("docs/".into()),
                delimiter: Some("/".into()),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(docs.blobs.len(), 2);
    assert_eq!(docs.prefixes, vec!["docs/deep/"]);
    // Flat, two at a time: every blob exactly once.
    let mut seen = Vec::new();
    let mut marker = None;
    loop {
        let page = c
            .list_blobs(
                &container,
                &ListBlobsOptions {
                    marker: marker.clone(),
                    max_results: Some(2),
                    ..Default::default()
                },
            )
            .await
            .unwrap();
        seen.extend(page.blobs.into_iter().map(|b| b.name));
        match page.next_marker {
            Some(m) => marker = Some(m),
            None => break,
        }
    }
    assert_eq!(seen.len(), 5);
}

#[tokio::test]
async fn properties_metadata_and_headers_are_read_and_saved_with_if_match() {
    let c = client();
    let container = new_container(&c).await;
    let http = BlobHttpHeaders {
        content_type: Some("text/plain".into()),
        ..Default::default()
    };
    let etag = c
        .put_blob(
            &container,
            "notes/a b.txt",
            Bytes::from_static(b"hello"),
            &http,
            &[("k".into(), "v".into())],
            &Conditions::none(),
        )
        .await
        .unwrap();
    let (props, meta) = c.get_blob_properties(&container, "notes/a b.txt", None).await.unwrap();
    assert_eq!(props.etag, etag);
    assert_eq!(props.content_length, 5);
    assert_eq!(props.http.content_type.as_deref(), Some("text/plain"));
    assert_eq!(
        props.http.content_md5.as_deref(),
        Some("XUFAKrxLKna5cZ2REBfFkg=="),
        "MD5 of 'hello'"
    );
    assert_eq!(props.blob_type, "BlockBlob");
    assert_eq!(props.lease.state, LeaseState::Available);
    assert!(props.last_modified.is_some());
    assert_eq!(meta, vec![("k".to_string(), "v".to_string())]);

    let etag2 = c
        .set_blob_metadata(
            &container,
            "notes/a b.txt",
            &[("owner".into(), "me".into())],
            &Conditions::if_match(&etag),
        )
        .await
        .unwrap();
    assert_ne!(etag, etag2);
    let stale = c
        .set_blob_metadata(
            &container,
            "notes/a b.txt",
            &[("owner".into(), "you".into())],
            &Conditions::if_match(&etag),
        )
        .await
        .unwrap_err();
    assert_eq!(stale.status, Some(412));
    let headers = BlobHttpHeaders {
        content_type: Some("text/markdown".into()),
        cache_control: Some("no-cache".into()),
        ..props.http.clone()
    };
    c.set_blob_http_headers(&container, "notes/a b.txt", &headers, &Conditions::if_match(&etag2))
        .await
        .unwrap();
    let (after, meta) = c.get_blob_properties(&container, "notes/a b.txt", None).await.unwrap();
    assert_eq!(after.http.content_type.as_deref(), Some("text/markdown"));
    assert_eq!(after.http.cache_control.as_deref(), Some("no-cache"));
    assert_eq!(meta, vec![("owner".to_string(), "me".to_string())]);
}

#[tokio::test]
async fn a_stale_etag_write_gets_412_and_leaves_the_blob_unchanged() {
    let c = client();
    let container = new_container(&c).await;
    let v1 = put(&c, &container, "b", "version one").await;
    put(&c, &container, "b", "someone else's").await;
    let err = c
        .put_blob(
            &container,
            "b",
            Bytes::from_static(b"mine"),
            &BlobHttpHeaders::default(),
            &[],
            &Conditions::if_match(&v1),
        )
        .await
        .unwrap_err();
    assert_eq!(err.status, Some(412));
    assert_eq!(err.code.as_deref(), Some("ConditionNotMet"));
    assert!(
        err.plain_words().contains("Someone else changed it"),
        "{}",
        err.plain_words()
    );
    assert_eq!(content(&c, &container, "b").await, b"someone else's");
}

#[tokio::test]
async fn if_none_match_star_refuses_to_overwrite_and_dates_condition_writes() {
    let c = client();
    let container = new_container(&c).await;
    c.put_blob(
        &container,
        "new",
        Bytes::from_static(b"first"),
        &BlobHttpHeaders::default(),
        &[],
        &Conditions::create_only(),
    )
    .await
    .expect("create-only succeeds when the blob is absent");
    let err = c
        .put_blob(
            &container,
            "new",
            Bytes::from_static(b"second"),
            &BlobHttpHeaders::default(),
            &[],
            &Conditions::create_only(),
        )
        .await
        .unwrap_err();
    assert!(matches!(err.status, Some(409) | Some(412)), "{err:?}");
    assert_eq!(content(&c, &container, "new").await, b"first");

    let past = SystemTime::now() - Duration::from_secs(3600);
    let unmodified_since_past = Conditions {
        if_unmodified_since: Some(past),
        ..Default::default()
    };
    let err = c
        .set_blob_metadata(&container, "new", &[], &unmodified_since_past)
        .await
        .unwrap_err();
    assert_eq!(err.status, Some(412));
    let modified_since_past = Conditions {
        if_modified_since: Some(past),
        ..Default::default()
    };
    c.set_blob_metadata(&container, "new", &[], &modified_since_past)
        .await
        .expect("modified since an hour ago");
}

#[tokio::test]
async fn snapshots_are_created_listed_read_and_deleted_with_their_blob() {
    let c = client();
    let container = new_container(&c).await;
    put(&c, &container, "doc", "v1").await;
    let snap = c.snapshot_blob(&container, "doc", &Conditions::none()).await.unwrap();
    put(&c, &container, "doc", "v2").await;
    assert_eq!(
        c.get_blob(&container, "doc", Some(&snap), None)
            .await
            .unwrap()
            .0
            .as_ref(),
        b"v1"
    );
    assert_eq!(content(&c, &container, "doc").await, b"v2");
    let listing = c
        .list_blobs(
            &container,
            &ListBlobsOptions {
                include_snapshots: true,
                ..Default::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(listing.blobs.len(), 2);
    assert_eq!(
        listing
            .blobs
            .iter()
            .filter(|b| b.snapshot.as_deref() == Some(snap.as_str()))
            .count(),
        1
    );
    // A blob with snapshots cannot be deleted alone.
    let err = c
        .delete_blob(&container, "doc", None, DeleteSnapshots::None, &Conditions::none())
        .await
        .unwrap_err();
    assert_eq!(err.status, Some(409));
    c.delete_blob(&container, "doc", None, DeleteSnapshots::Include, &Conditions::none())
        .await
        .unwrap();
    let after = c
        .list_blobs(
            &container,
            &ListBlobsOptions {
                include_snapshots: true,
                ..Default::default()
            },
        )
        .await
        .unwrap();
    assert!(after.blobs.is_empty());
}

#[tokio::test]
async fn copies_within_the_account_including_from_a_snapshot() {
    let c = client();
    let (src, dst) = (new_container(&c).await, new_container(&c).await);
    put(&c, &src, "orig", "original").await;
    let snap = c.snapshot_blob(&src, "orig", &Conditions::none()).await.unwrap();
    put(&c, &src, "orig", "changed").await;
    let outcome = c
        .copy_blob((&src, "orig", None), (&dst, "copy"), &Conditions::none())
        .await
        .unwrap();
    assert_eq!(outcome.status.as_deref(), Some("success"));
    assert_eq!(content(&c, &dst, "copy").await, b"changed");
    // Promoting a snapshot is a copy from it onto the base blob.
    c.copy_blob((&src, "orig", Some(&snap)), (&src, "orig"), &Conditions::none())
        .await
        .unwrap();
    assert_eq!(content(&c, &src, "orig").await, b"original");
}

#[tokio::test]
async fn a_read_only_sas_reads_and_cannot_write() {
    let c = client();
    let container = new_container(&c).await;
    put(&c, &container, "shared.txt", "for your eyes").await;
    let expiry = SystemTime::now() + Duration::from_secs(3600);
    let url = c
        .blob_sas_url(
            &container,
            Some("shared.txt"),
            SasPermissions::read_only(),
            None,
            expiry,
        )
        .unwrap();
    assert!(url.contains("sp=r") && url.contains("sig="), "{url}");
    let (sas_client, recorder) = recorded_client(Account::from_sas_url(&url, None).unwrap());
    assert_eq!(content(&sas_client, &container, "shared.txt").await, b"for your eyes");
    let err = sas_client
        .put_blob(
            &container,
            "shared.txt",
            Bytes::from_static(b"x"),
            &BlobHttpHeaders::default(),
            &[],
            &Conditions::none(),
        )
        .await
        .unwrap_err();
    assert_eq!(err.status, Some(403));
    for e in recorder.events() {
        assert!(e.url.contains("sig=<redacted>"), "{}", e.url);
        assert!(
            !e.url.contains(url.split("sig=").nth(1).unwrap()),
            "the signature leaked into {}",
            e.url
        );
    }
    // A container SAS with list permission lists.
    let list = SasPermissions {
        list: true,
        read: true,
        ..Default::default()
    };
    let url = c.blob_sas_url(&container, None, list, None, expiry).unwrap();
    let container_client = Client::new(Account::from_sas_url(&url, None).unwrap(), ClientOptions::default()).unwrap();
    let listing = container_client
        .list_blobs(&container, &ListBlobsOptions::default())
        .await
        .unwrap();
    assert_eq!(listing.blobs.len(), 1);

    // A SAS that has expired is refused, and the words say so (both services say "failed to authenticate").
    let past = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    let before = past - std::time::Duration::from_secs(3600);
    let url = c.blob_sas_url(&container, None, list, Some(before), past).unwrap();
    let expired = Client::new(Account::from_sas_url(&url, None).unwrap(), ClientOptions::default()).unwrap();
    let e = expired
        .list_blobs(&container, &ListBlobsOptions::default())
        .await
        .unwrap_err();
    assert_eq!(e.status, Some(403));
    assert!(e.plain_words().contains("The SAS expired at"), "{}", e.plain_words());
}

#[tokio::test]
async fn bad_names_and_metadata_are_refused_before_any_request() {
    let (c, recorder) = recorded_client(common::account());
    assert_eq!(
        c.create_container("Bad_Name", PublicAccess::None, &[])
            .await
            .unwrap_err()
            .kind,
        ErrorKind::Invalid
    );
    let meta = [("9lives".to_string(), "x".to_string())];
    assert_eq!(
        c.set_blob_metadata("okname", "b", &meta, &Conditions::none())
            .await
            .unwrap_err()
            .kind,
        ErrorKind::Invalid
    );
    assert_eq!(
        c.get_blob_properties("okname", "", None).await.unwrap_err().kind,
        ErrorKind::Invalid
    );
    assert!(recorder.events().is_empty());
}

#[tokio::test]
async fn names_with_dot_segments_are_refused_and_no_other_blob_is_touched() {
    let c = common::client();
    let container = common::unique("dots");
    c.create_container(&container, PublicAccess::None, &[]).await.unwrap();
    c.put_blob(
        &container,
        "b",
        Bytes::from_static(b"keep"),
        &BlobHttpHeaders::default(),
        &[],
        &Conditions::none(),
    )
    .await
    .unwrap();
    for name in ["a/../b", "./b", "a/./b", "..", "x/.."] {
        let err = c
            .put_blob(
                &container,
                name,
                Bytes::from_static(b"other"),
                &BlobHttpHeaders::default(),
                &[],
                &Conditions::none(),
            )
            .await
            .unwrap_err();
        assert_eq!(err.kind, tessera::storage::ErrorKind::Invalid, "{name}: {err:?}");
        assert!(
            err.message.to_string().contains("path segment"),
            "{name}: {}",
            err.message
        );
        let err = c
            .delete_blob(
                &container,
                name,
                None,
                tessera::storage::blob::DeleteSnapshots::None,
                &Conditions::none(),
            )
            .await
            .unwrap_err();
        assert_eq!(err.kind, tessera::storage::ErrorKind::Invalid, "{name}");
    }
    let (body, _) = c.get_blob(&container, "b", None, None).await.unwrap();
    assert_eq!(&body[..], b"keep", "the other blob is untouched");
    let listing = c.list_blobs(&container, &Default::default()).await.unwrap();
    assert_eq!(
        listing.blobs.iter().map(|b| b.name.as_str()).collect::<Vec<_>>(),
        vec!["b"]
    );
}

#[tokio::test]
async fn public_access_keeps_the_stored_policies_as_another_reader_sees_them_and_is_refused_over_a_later_change() {
    let c = client();
    let name = new_container(&c).await;
    let cs = common::emulator().connection_string();
    common::peer::run(&cs, &["set-container-policy", &name, "readers"]);
    let (shown, _) = c.get_container_properties(&name).await.unwrap();
    c.set_container_public_access(&name, PublicAccess::Blob, &Conditions::none())
        .await
        .unwrap();
    let acl = common::peer::run(&cs, &["container-access", &name]);
    assert_eq!(acl["public_access"], "blob", "{acl}");
    assert_eq!(
        acl["policies"],
        serde_json::json!(["readers"]),
        "the stored policy is kept: {acl}"
    );
    // The container changed after the version a form showed (and the changes are a second apart: HTTP dates
    // are whole seconds): a change guarded by that version is refused, and nothing is written.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    c.set_container_metadata(&name, &[("stage".into(), "later".into())], &Conditions::none())
        .await
        .unwrap();
    let guarded = Conditions {
        if_unmodified_since: shown.last_modified,
        ..Conditions::none()
    };
    let refused = c
        .set_container_public_access(&name, PublicAccess::Container, &guarded)
        .await
        .unwrap_err();
    assert_eq!(refused.status, Some(412), "{refused}");
    let acl = common::peer::run(&cs, &["container-access", &name]);
    assert_eq!(acl["public_access"], "blob", "nothing was written: {acl}");
    c.delete_container(&name, &Conditions::none()).await.unwrap();
}
