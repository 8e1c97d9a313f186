//! Transfers over a slow link (the fault proxy's bandwidth limit) against a real Azurite: a link that keeps
//! moving never times out, however long a block takes; a link that goes silent still fails, in words.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use bytes::Bytes;
use common::fault_proxy::Fault;
use common::{account_through_proxy, unique};
use md5::{Digest, Md5};
use tessera::storage::RetryPolicy;
use tessera::storage::TransferProgress;
use tessera::storage::blob::Conditions;
use tessera::storage::blob::TransferOptions;
use tessera::storage::blob::{BlobHttpHeaders, PublicAccess};
use tessera::storage::{Client, ClientOptions, ErrorKind, Service};
use tokio_util::sync::CancellationToken;

async fn new_container() -> String {
    let name = unique("slow");
    common::client()
        .create_container(&name, PublicAccess::None, &[])
        .await
        .unwrap();
    name
}

fn random_bytes(len: usize, seed: u64) -> Vec<u8> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut data = vec![0u8; len];
    rng.fill(&mut data);
    data
}

fn md5_of(path: &Path) -> Vec<u8> {
    Md5::digest(std::fs::read(path).unwrap()).to_vec()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_8_mib_block_goes_up_a_256_kib_per_second_link_though_it_takes_longer_than_the_read_timeout() {
    let container = new_container().await;
    let (account, proxy) = account_through_proxy(Service::Blob).await;
    proxy.bandwidth(Some(256 * 1024));
    // The default 30 s read timeout; the block takes about 32 s to send.
    let client = Client::new(account, ClientOptions::default()).unwrap();
    let data = Bytes::from(random_bytes(8 << 20, 1));
    // MD5: the emulator in strict mode refuses a CRC64 (it is the checksum it checks).
    let checksum = tessera::storage::blob::BlockChecksum::Md5.header(&data);
    let started = Instant::now();
    client
        .put_block(&container, "slow.bin", "YmxvY2sx", data, checksum, None)
        .await
        .expect("a slow link that keeps moving does not time out");
    assert!(
        started.elapsed() > Duration::from_secs(30),
        "the block took longer than the read timeout ({:?}), so the test shows what it claims",
        started.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silence_longer_than_the_read_timeout_still_fails_in_words() {
    let container = new_container().await;
    let (account, proxy) = account_through_proxy(Service::Blob).await;
    let options = ClientOptions {
        retry: RetryPolicy::none(),
        ..ClientOptions::default()
    };
    let client = Client::new(account, options).unwrap();
    // The request arrives, then nothing comes back for 40 s.
    proxy.inject([Fault::Delay(Duration::from_secs(40))]);
    let started = Instant::now();
    let err = client.list_blobs(&container, &Default::default()).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::Timeout, "{err:?}");
    assert!(
        err.plain_words().contains("nothing sent or received for 30 s"),
        "{}",
        err.plain_words()
    );
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_secs(30) && waited < Duration::from_secs(39),
        "{waited:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_upload_and_download_cross_a_slow_link_with_progress() {
    let container = new_container().await;
    let (account, proxy) = account_through_proxy(Service::Blob).await;
    // Scaled down to keep the test short: a 3 s read timeout, and 8 MiB/s shared by four blocks in flight, so
    // every 8 MiB block takes about 4 s to send: longer than the timeout, as on a slow uplink.
    proxy.bandwidth(Some(8 << 20));
    let options = ClientOptions {
        read_timeout: Duration::from_secs(3),
        ..ClientOptions::default()
    };
    let client = Client::new(account, options).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("big.bin");
    std::fs::write(&source, random_bytes(64 << 20, 2)).unwrap();
    let progress = TransferProgress::new();
    let watcher = {
        let progress = progress.clone();
        tokio::spawn(async move {
            let mut seen = Vec::new();
            loop {
                seen.push(progress.done());
                if progress.total() > 0 && progress.done() >= progress.total() {
                    return seen;
                }
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        })
    };
    let none = CancellationToken::new();
    client
        .upload_file(
            &container,
            "big.bin",
            &source,
            &BlobHttpHeaders::default(),
            &[],
            &Conditions::none(),
            &TransferOptions::default(),
            &progress,
            &none,
        )
        .await
        .expect("the upload completes over the slow link");
    let seen = tokio::time::timeout(Duration::from_secs(5), watcher)
        .await
        .unwrap()
        .unwrap();
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "progress never goes back");
    assert!(
        seen.iter().filter(|&&d| d > 0 && d < 64 << 20).count() >= 3,
        "progress showed along the way: {seen:?}"
    );
    assert_eq!(progress.done(), 64 << 20);

    let dest = dir.path().join("back.bin");
    client
        .download_file(
            &container,
            "big.bin",
            None,
            &dest,
            &TransferOptions::default(),
            &TransferProgress::new(),
            &none,
        )
        .await
        .expect("the download completes over the slow link");
    assert_eq!(md5_of(&dest), md5_of(&source), "byte for byte");
}
