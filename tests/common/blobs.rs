//! Blob test fixtures: containers made and filled through the client under test, the same way in every file.

use bytes::Bytes;
use tessera::storage::Client;
use tessera::storage::blob::{BlobHttpHeaders, Conditions, PublicAccess};

use super::unique;

/// A new, empty container named after `prefix`, and the client that made it.
pub fn new_container(rt: &tokio::runtime::Runtime, prefix: &str) -> (Client, String) {
    let client = super::client();
    let container = unique(prefix);
    rt.block_on(client.create_container(&container, PublicAccess::None, &[]))
        .unwrap();
    (client, container)
}

pub fn container_with(rt: &tokio::runtime::Runtime, names: &[&str]) -> (Client, String) {
    let (client, container) = new_container(rt, "pane");
    rt.block_on(async {
        for name in names {
            put(&client, &container, name, "content").await;
        }
    });
    (client, container)
}

/// A new container holding these blobs (written 32 at a time).
pub fn many_blobs(rt: &tokio::runtime::Runtime, prefix: &str, names: impl Iterator<Item = String>) -> String {
    let (client, container) = new_container(rt, prefix);
    rt.block_on(async {
        let mut set = tokio::task::JoinSet::new();
        for name in names {
            let (c, container) = (client.clone(), container.clone());
            set.spawn(async move { put(&c, &container, &name, "x").await });
            while set.len() > 32 {
                set.join_next().await;
            }
        }
        while set.join_next().await.is_some() {}
    });
    container
}

pub async fn put(client: &Client, container: &str, name: &str, body: &'static str) -> String {
    client
        .put_blob(
            container,
            name,
            Bytes::from_static(body.as_bytes()),
            &BlobHttpHeaders::default(),
            &[],
            &Conditions::none(),
        )
        .await
        .unwrap()
}

/// A new container holding these blobs, and the emulator's account reaching blobs through a fault proxy.
pub fn proxied_container(
    rt: &tokio::runtime::Runtime,
    prefix: &str,
    blobs: &[(&str, &'static str)],
) -> (tessera::storage::Account, super::fault_proxy::FaultProxy, String) {
    let (account, proxy) = rt.block_on(super::account_through_proxy(tessera::storage::Service::Blob));
    let (client, container) = new_container(rt, prefix);
    rt.block_on(async {
        for (name, body) in blobs {
            put(&client, &container, name, body).await;
        }
    });
    (account, proxy, container)
}

/// A container holding same.txt, old.txt ("old!") and extra.txt, and a local folder holding same.txt, old.txt
/// ("new!") and sub/new.txt: one of each difference a folder compare finds.
pub fn folder_and_container(rt: &tokio::runtime::Runtime, prefix: &str) -> (Client, String, tempfile::TempDir) {
    let (client, container) = new_container(rt, prefix);
    rt.block_on(async {
        put(&client, &container, "same.txt", "same").await;
        put(&client, &container, "old.txt", "old!").await;
        put(&client, &container, "extra.txt", "extra").await;
    });
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    std::fs::write(dir.path().join("same.txt"), "same").unwrap();
    std::fs::write(dir.path().join("old.txt"), "new!").unwrap();
    std::fs::write(dir.path().join("sub").join("new.txt"), "brand new").unwrap();
    (client, container, dir)
}
