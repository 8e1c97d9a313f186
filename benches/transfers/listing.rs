//! Listing `common::bench_blobs()` blobs through the client against a raw floor: the transfers bench's last part.

use std::time::Instant;

use quick_xml::events::Event;
use tessera::storage::blob::ListBlobsOptions;
use tessera::storage::{Account, Client, ClientOptions, Service};

use crate::common;

/// `blob_list_rate_20k`: the client's flat listing against the same pages fetched with bare reqwest and read as
/// quick-xml events. In rounds, a warm-up not counted: measured once, it read 0.72 in one run and 1.02 in another.
pub fn blob_list_rate() {
    let (emulator, rt, client) = common::azurite(ClientOptions::default());
    let blobs = common::bench_blobs();
    rt.block_on(common::seed_blobs(&client, "benchlisting", blobs, |i| {
        format!("folder{:02}/item{i:06}.txt", i % 50)
    }));
    let account = emulator.account();
    let rounds = common::rounds(common::ROUNDS, &["floor blobs/s", "client blobs/s"], |_, side| {
        let started = Instant::now();
        let n = match side {
            0 => rt.block_on(raw_listing(&account, "benchlisting")),
            _ => rt.block_on(client_listing(&client, "benchlisting")),
        };
        assert_eq!(n, blobs);
        n as f64 / started.elapsed().as_secs_f64()
    });
    common::goal_spread(
        &format!("blob_list_rate_{}k", blobs / 1000),
        format!("{:.0}/s", rounds.median(1)),
        format!("{:.0}/s", rounds.median(0)),
        rounds.ratio(1, 0),
        ">=0.9",
    );
}

async fn client_listing(client: &Client, container: &str) -> usize {
    let mut n = 0;
    let mut marker = None;
    loop {
        let options = ListBlobsOptions {
            marker: marker.clone(),
            max_results: Some(5000),
            ..Default::default()
        };
        let page = client.list_blobs(container, &options).await.unwrap();
        n += page.blobs.len();
        match page.next_marker {
            Some(m) => marker = Some(m),
            None => return n,
        }
    }
}

/// The floor: the same pages with bare reqwest and a signature, read with quick-xml events, nothing built.
async fn raw_listing(account: &Account, container: &str) -> usize {
    let http = reqwest::Client::new();
    let base = account
        .endpoint(Service::Blob)
        .unwrap()
        .as_str()
        .trim_end_matches('/')
        .to_string();
    let mut count = 0;
    let mut marker: Option<String> = None;
    loop {
        let mut url = url::Url::parse(&format!("{base}/{container}")).unwrap();
        url.query_pairs_mut()
            .append_pair("restype", "container")
            .append_pair("comp", "list")
            .append_pair("maxresults", "5000");
        if let Some(m) = &marker {
            url.query_pairs_mut().append_pair("marker", m);
        }
        let body = common::signed_get(&http, account, Service::Blob, url, &[])
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap();
        let mut reader = quick_xml::Reader::from_reader(body.as_ref());
        let mut in_marker = false;
        marker = None;
        loop {
            match reader.read_event().unwrap() {
                Event::Start(e) if e.name().as_ref() == b"Blob" => count += 1,
                Event::Start(e) if e.name().as_ref() == b"NextMarker" => in_marker = true,
                Event::Text(t) if in_marker => {
                    marker = Some(t.decode().unwrap().into_owned()).filter(|m| !m.is_empty())
                }
                Event::End(e) if e.name().as_ref() == b"NextMarker" => in_marker = false,
                Event::Eof => break,
                _ => {}
            }
        }
        if marker.is_none() {
            return count;
        }
    }
}
