//! Leases on blobs and containers against a real Azurite: who may write, expiry, break, change, release.

mod common;

use std::time::Duration;

use bytes::Bytes;
use common::{client, unique};
use tessera::storage::Client;
use tessera::storage::blob::Conditions;
use tessera::storage::blob::{BlobHttpHeaders, LeaseState, PublicAccess};
use tessera::storage::blob::{LeaseDuration, LeaseTarget};

async fn blob_with_content(c: &Client) -> (String, &'static str) {
    let container = unique("lease");
    c.create_container(&container, PublicAccess::None, &[]).await.unwrap();
    c.put_blob(
        &container,
        "b",
        Bytes::from_static(b"v1"),
        &BlobHttpHeaders::default(),
        &[],
        &Conditions::none(),
    )
    .await
    .unwrap();
    (container, "b")
}

async fn lease_state(c: &Client, container: &str, blob: &str) -> LeaseState {
    c.get_blob_properties(container, blob, None)
        .await
        .unwrap()
        .0
        .lease
        .state
}

async fn write(c: &Client, container: &str, blob: &str, lease: Option<&str>) -> tessera::storage::Result<String> {
    let conditions = Conditions::none().with_lease(lease);
    c.put_blob(
        container,
        blob,
        Bytes::from_static(b"v2"),
        &BlobHttpHeaders::default(),
        &[],
        &conditions,
    )
    .await
}

#[tokio::test]
async fn a_write_to_a_leased_blob_needs_the_lease_id() {
    let c = client();
    let (container, blob) = blob_with_content(&c).await;
    let target = LeaseTarget::Blob {
        container: &container,
        blob,
    };
    let lease = c
        .acquire_lease(target, LeaseDuration::Infinite, None, &Conditions::none())
        .await
        .unwrap();
    let (props, _) = c.get_blob_properties(&container, blob, None).await.unwrap();
    assert_eq!(props.lease.state, LeaseState::Leased);
    assert!(props.lease.locked);
    assert_eq!(props.lease.infinite, Some(true));

    let err = write(&c, &container, blob, None).await.unwrap_err();
    assert_eq!(err.status, Some(412));
    assert_eq!(err.code.as_deref(), Some("LeaseIdMissing"));
    assert!(
        err.plain_words().contains("leased by another client"),
        "{}",
        err.plain_words()
    );
    let wrong = uuid::Uuid::new_v4().to_string();
    assert_eq!(
        write(&c, &container, blob, Some(&wrong)).await.unwrap_err().status,
        Some(412)
    );
    write(&c, &container, blob, Some(&lease.lease_id))
        .await
        .expect("the holder writes");

    // Someone else cannot acquire it meanwhile.
    let other = c
        .acquire_lease(target, LeaseDuration::Seconds(15), None, &Conditions::none())
        .await
        .unwrap_err();
    assert_eq!(other.status, Some(409));
    assert_eq!(other.code.as_deref(), Some("LeaseAlreadyPresent"));

    c.release_lease(target, &lease.lease_id, &Conditions::none())
        .await
        .unwrap();
    assert_eq!(lease_state(&c, &container, blob).await, LeaseState::Available);
    write(&c, &container, blob, None)
        .await
        .expect("free to write after release");
}

#[tokio::test]
async fn a_fixed_lease_expires_after_its_duration_and_renew_keeps_it() {
    let c = client();
    let (container, blob) = blob_with_content(&c).await;
    let target = LeaseTarget::Blob {
        container: &container,
        blob,
    };
    let proposed = uuid::Uuid::new_v4().to_string();
    let lease = c
        .acquire_lease(target, LeaseDuration::Seconds(15), Some(&proposed), &Conditions::none())
        .await
        .unwrap();
    assert_eq!(lease.lease_id, proposed, "the proposed id is the lease id");
    tokio::time::sleep(Duration::from_secs(10)).await;
    c.renew_lease(target, &lease.lease_id, &Conditions::none())
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_secs(10)).await;
    assert_eq!(
        lease_state(&c, &container, blob).await,
        LeaseState::Leased,
        "renewed at 10 s, so still held at 20 s"
    );
    tokio::time::sleep(Duration::from_secs(6)).await;
    assert_eq!(lease_state(&c, &container, blob).await, LeaseState::Expired);
    write(&c, &container, blob, None)
        .await
        .expect("an expired lease blocks nobody");
}

#[tokio::test]
async fn break_with_a_period_moves_through_breaking_to_broken() {
    let c = client();
    let (container, blob) = blob_with_content(&c).await;
    let target = LeaseTarget::Blob {
        container: &container,
        blob,
    };
    let lease = c
        .acquire_lease(target, LeaseDuration::Infinite, None, &Conditions::none())
        .await
        .unwrap();
    // A 10 s break period leaves a loaded machine room for the checks made while it breaks; the wait after them
    // runs to the period's end, however long they took.
    let remaining = c.break_lease(target, Some(10), &Conditions::none()).await.unwrap();
    // The break began before this answer came: ten seconds from here are past its end.
    let answered = std::time::Instant::now();
    assert!((1..=10).contains(&remaining), "{remaining}");
    assert_eq!(lease_state(&c, &container, blob).await, LeaseState::Breaking);
    // While breaking, the holder may still write; nobody may acquire.
    write(&c, &container, blob, Some(&lease.lease_id))
        .await
        .expect("the holder writes while breaking");
    tokio::time::sleep(Duration::from_millis(11_000).saturating_sub(answered.elapsed())).await;
    assert_eq!(lease_state(&c, &container, blob).await, LeaseState::Broken);
    let renew = c
        .renew_lease(target, &lease.lease_id, &Conditions::none())
        .await
        .unwrap_err();
    assert_eq!(renew.status, Some(409));
    c.acquire_lease(target, LeaseDuration::Seconds(15), None, &Conditions::none())
        .await
        .expect("a broken lease can be taken");
}

#[tokio::test]
async fn change_swaps_the_lease_id() {
    let c = client();
    let (container, blob) = blob_with_content(&c).await;
    let target = LeaseTarget::Blob {
        container: &container,
        blob,
    };
    let lease = c
        .acquire_lease(target, LeaseDuration::Seconds(60), None, &Conditions::none())
        .await
        .unwrap();
    let new_id = uuid::Uuid::new_v4().to_string();
    let changed = c
        .change_lease(target, &lease.lease_id, &new_id, &Conditions::none())
        .await
        .unwrap();
    assert_eq!(changed.lease_id, new_id);
    assert_eq!(
        write(&c, &container, blob, Some(&lease.lease_id))
            .await
            .unwrap_err()
            .status,
        Some(412)
    );
    write(&c, &container, blob, Some(&new_id)).await.unwrap();
    let bad = c
        .renew_lease(target, "not-a-guid", &Conditions::none())
        .await
        .unwrap_err();
    assert_eq!(bad.kind, tessera::storage::ErrorKind::Invalid);
}

#[tokio::test]
async fn a_leased_container_is_deleted_only_with_its_lease_id() {
    let c = client();
    let container = unique("cont");
    c.create_container(&container, PublicAccess::None, &[]).await.unwrap();
    let target = LeaseTarget::Container(&container);
    let lease = c
        .acquire_lease(target, LeaseDuration::Infinite, None, &Conditions::none())
        .await
        .unwrap();
    let (props, _) = c.get_container_properties(&container).await.unwrap();
    assert_eq!(props.lease.state, LeaseState::Leased);
    let err = c.delete_container(&container, &Conditions::none()).await.unwrap_err();
    assert!(matches!(err.status, Some(409) | Some(412)), "{err:?}");
    assert!(err.is_lease_conflict(), "{err:?}");
    c.delete_container(&container, &Conditions::none().with_lease(Some(&lease.lease_id)))
        .await
        .unwrap();
}
