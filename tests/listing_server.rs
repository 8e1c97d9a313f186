//! The benchmarks' List Blobs server checked against Azurite: the same 1,000 blobs (sizes, content types,
//! MD5s, metadata, leases infinite and fixed, ten folders), listed flat and by folder, whole and in pages, by
//! both; the parsed results must be the same, page for page. What may differ: ETags, times and marker text.

mod common;
#[path = "../benches/common/listing_server.rs"]
mod listing_server;
#[path = "../benches/common/request_head.rs"]
mod request_head;

use bytes::Bytes;
use listing_server::{ListingServer, spec};
use tessera::storage::Client;
use tessera::storage::blob::Conditions;
use tessera::storage::blob::{BlobHttpHeaders, BlobItem, ListBlobsOptions, PublicAccess};
use tessera::storage::blob::{LeaseDuration, LeaseTarget};

const BLOBS: usize = 1_000;

/// What both must agree on: a blob without its ETag and times.
fn comparable(b: &BlobItem) -> String {
    let p = &b.properties;
    format!(
        "{} size={} type={:?} md5={:?} tier={:?} blob_type={} lease={:?} meta={:?}",
        b.name,
        p.content_length,
        p.http.content_type,
        p.http.content_md5,
        p.access_tier,
        p.blob_type,
        p.lease,
        b.metadata
    )
}

/// Every page of a listing, each as its blobs and folders.
async fn pages(client: &Client, container: &str, mut options: ListBlobsOptions) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    loop {
        let page = client.list_blobs(container, &options).await.expect("a page");
        let mut items: Vec<String> = page.prefixes.iter().map(|p| format!("folder {p}")).collect();
        items.extend(page.blobs.iter().map(comparable));
        out.push(items);
        match page.next_marker {
            Some(m) => options.marker = Some(m),
            None => return out,
        }
    }
}

#[test]
fn the_listing_server_lists_as_azurite_does() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let azurite = common::client();
    let container = common::unique("listing");
    let names = listing_server::names(BLOBS, 10);
    rt.block_on(async {
        azurite
            .create_container(&container, PublicAccess::None, &[])
            .await
            .unwrap();
        let mut set = tokio::task::JoinSet::new();
        for (i, name) in names.iter().enumerate() {
            while set.len() >= 16 {
                set.join_next().await.unwrap().unwrap();
            }
            let (c, container, name, s) = (azurite.clone(), container.clone(), name.clone(), spec(i));
            set.spawn(async move {
                let http = BlobHttpHeaders {
                    content_type: Some(s.content_type.into()),
                    ..Default::default()
                };
                let body = Bytes::from(listing_server::content(&s));
                c.put_blob(&container, &name, body, &http, &s.metadata, &Conditions::none())
                    .await
                    .unwrap();
                if let Some(fixed) = s.lease {
                    let duration = fixed.map_or(LeaseDuration::Infinite, LeaseDuration::Seconds);
                    let target = LeaseTarget::Blob {
                        container: &container,
                        blob: &name,
                    };
                    c.acquire_lease(target, duration, None, &Conditions::none())
                        .await
                        .unwrap();
                }
            });
        }
        while let Some(r) = set.join_next().await {
            r.unwrap();
        }
    });
    // Both ways the server knows its names: held in a list, and made from their place when asked (as the
    // ten-million benches serve them).
    let server = ListingServer::start(&rt, &container, names);
    let floor = Client::new(server.account(), Default::default()).unwrap();
    let numbered = ListingServer::start(&rt, &container, listing_server::Names::numbered(BLOBS, 10));
    let numbered_floor = Client::new(numbered.account(), Default::default()).unwrap();
    let cases = [
        ("flat, whole", None, None, None, true),
        ("flat, pages of 300", None, None, Some(300), true),
        ("folders at the root, pages of 4", None, Some("/"), Some(4), false),
        (
            "one folder, pages of 33",
            Some("folder0003/"),
            Some("/"),
            Some(33),
            true,
        ),
        (
            "a prefix inside names",
            Some("folder0007/blob00007"),
            None,
            Some(7),
            false,
        ),
        ("a prefix nothing has", Some("nothing"), Some("/"), None, true),
    ];
    rt.block_on(async {
        for (what, prefix, delimiter, max_results, include_metadata) in cases {
            let options = ListBlobsOptions {
                prefix: prefix.map(str::to_string),
                delimiter: delimiter.map(str::to_string),
                max_results,
                include_metadata,
                ..Default::default()
            };
            let theirs = pages(&azurite, &container, options.clone()).await;
            let ours = pages(&floor, &container, options.clone()).await;
            let numbered = pages(&numbered_floor, &container, options).await;
            assert_eq!(
                numbered, ours,
                "{what}: the names made when asked list otherwise than the names held"
            );
            assert!(
                theirs.iter().map(Vec::len).sum::<usize>() > 0 || prefix == Some("nothing"),
                "{what}: Azurite listed nothing"
            );
            assert_eq!(ours, theirs, "{what}: the listing server and Azurite disagree");
        }
    });
}
