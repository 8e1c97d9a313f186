//! Streamed uploads and downloads against a real Azurite: a 100 MiB round trip byte for byte, a broken range
//! fetched again alone, progress, cancels that leave nothing behind, and conditional uploads.

mod common;

use std::io::{Read, Write};
use std::path::Path;
use std::time::Duration;

use common::{client, unique};
use md5::{Digest, Md5};
use tessera::storage::TransferProgress;
use tessera::storage::blob::Conditions;
use tessera::storage::blob::TransferOptions;
use tessera::storage::blob::{BlobHttpHeaders, PublicAccess};
use tessera::storage::{Client, ErrorKind};
use tokio_util::sync::CancellationToken;

async fn new_container(c: &Client) -> String {
    let name = unique("xfer");
    c.create_container(&name, PublicAccess::None, &[]).await.unwrap();
    name
}

/// Writes `mib` MiB of pseudo-random bytes and returns their MD5.
fn random_file(path: &Path, mib: usize) -> Vec<u8> {
    let mut f = std::fs::File::create(path).unwrap();
    let mut hasher = Md5::new();
    let mut rng = fastrand::Rng::with_seed(mib as u64);
    let mut chunk = vec![0u8; 1024 * 1024];
    for _ in 0..mib {
        rng.fill(&mut chunk);
        hasher.update(&chunk);
        f.write_all(&chunk).unwrap();
    }
    hasher.finalize().to_vec()
}

/// A new container holding `name`: `mib` MiB of pseudo-random bytes, uploaded with the default options.
/// Returns the container and the bytes' MD5.
async fn container_with_random_blob(c: &Client, name: &str, mib: usize) -> (String, Vec<u8>) {
    let container = new_container(c).await;
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("source.bin");
    let md5 = random_file(&source, mib);
    c.upload_file(
        &container,
        name,
        &source,
        &BlobHttpHeaders::default(),
        &[],
        &Conditions::none(),
        &TransferOptions::default(),
        &TransferProgress::new(),
        &CancellationToken::new(),
    )
    .await
    .unwrap();
    (container, md5)
}

fn file_md5(path: &Path) -> Vec<u8> {
    let mut f = std::fs::File::open(path).unwrap();
    let mut hasher = Md5::new();
    let mut buf = vec![0u8; 1024 * 1024];
    loop {
        let n = f.read(&mut buf).unwrap();
        if n == 0 {
            return hasher.finalize().to_vec();
        }
        hasher.update(&buf[..n]);
    }
}

fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_mib_round_trip_is_byte_for_byte() {
    let c = client();
    let container = new_container(&c).await;
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("source.bin");
    let md5 = random_file(&source, 100);
    let progress = TransferProgress::new();
    let options = TransferOptions::default();
    let http = BlobHttpHeaders {
        content_type: Some("application/octet-stream".into()),
        ..Default::default()
    };
    c.upload_file(
        &container,
        "big.bin",
        &source,
        &http,
        &[],
        &Conditions::none(),
        &options,
        &progress,
        &CancellationToken::new(),
    )
    .await
    .unwrap();
    assert_eq!((progress.done(), progress.total()), (100 << 20, 100 << 20));
    let (props, _) = c.get_blob_properties(&container, "big.bin", None).await.unwrap();
    assert_eq!(props.content_length, 100 << 20);
    assert_eq!(props.http.content_type.as_deref(), Some("application/octet-stream"));

    let down_dir = tempfile::tempdir().unwrap();
    let dest = down_dir.path().join("copy.bin");
    let progress = TransferProgress::new();
    let outcome = c
        .download_file(
            &container,
            "big.bin",
            None,
            &dest,
            &options,
            &progress,
            &CancellationToken::new(),
        )
        .await
        .unwrap();
    assert_eq!(outcome.bytes, 100 << 20);
    assert_eq!(outcome.etag, props.etag);
    assert_eq!(progress.done(), 100 << 20);
    assert_eq!(file_md5(&dest), md5, "the download is the upload, byte for byte");
    assert_eq!(leftovers(down_dir.path()), vec!["copy.bin"], "no partial file remains");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_range_whose_body_breaks_off_is_fetched_again_alone() {
    let c = client();
    let (container, md5) = container_with_random_blob(&c, "ranges.bin", 40).await;
    let dir = tempfile::tempdir().unwrap();
    let options = TransferOptions::default();
    let none = CancellationToken::new();
    // Through a proxy: the properties pass, the first range's body breaks off halfway.
    let (account, proxy) = common::account_through_proxy(tessera::storage::Service::Blob).await;
    let (via, recorder) = common::recorded_client(account);
    proxy.inject([common::fault_proxy::Fault::Pass, common::fault_proxy::Fault::Truncate]);
    let dest = dir.path().join("copy.bin");
    let progress = TransferProgress::new();
    via.download_file(&container, "ranges.bin", None, &dest, &options, &progress, &none)
        .await
        .unwrap();
    assert_eq!(file_md5(&dest), md5, "byte for byte despite the broken range");
    assert_eq!(progress.done(), 40 << 20, "the broken range's bytes were counted once");
    // 40 MiB in 16 MiB ranges is three ranges; one more request fetched the broken one again, nothing else.
    let ranges: Vec<String> = recorder
        .events()
        .iter()
        .filter_map(|e| e.request_header("x-ms-range").map(str::to_string))
        .collect();
    assert_eq!(ranges.len(), 4, "{ranges:?}");
    let mut distinct = ranges.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 3, "one range was asked for twice: {ranges:?}");
    assert_eq!(proxy.requests(), 5, "properties, three ranges, one retry");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_download_leaves_no_file() {
    let c = client();
    let (container, _) = container_with_random_blob(&c, "b", 48).await;
    let down_dir = tempfile::tempdir().unwrap();
    let dest = down_dir.path().join("never.bin");
    let cancel = CancellationToken::new();
    let progress = TransferProgress::new();
    // Slow it down to one small range at a time so the cancel lands mid-way.
    let slow = TransferOptions {
        range_size: 256 * 1024,
        parallelism: 1,
        ..TransferOptions::default()
    };
    let (c2, container2, dest2, cancel2, progress2) = (
        c.clone(),
        container.clone(),
        dest.clone(),
        cancel.clone(),
        progress.clone(),
    );
    let job = tokio::spawn(async move {
        c2.download_file(&container2, "b", None, &dest2, &slow, &progress2, &cancel2)
            .await
    });
    common::eventually("the first bytes", Duration::from_secs(60), || progress.done() > 0).await;
    cancel.cancel();
    let err = job.await.unwrap().unwrap_err();
    assert_eq!(err.kind, ErrorKind::Cancelled);
    assert!(progress.done() < progress.total(), "cancelled before the end");
    assert!(
        leftovers(down_dir.path()).is_empty(),
        "nothing written: {:?}",
        leftovers(down_dir.path())
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_upload_changes_nothing() {
    let c = client();
    let container = new_container(&c).await;
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("source.bin");
    random_file(&source, 40);
    let cancel = CancellationToken::new();
    let progress = TransferProgress::new();
    let options = TransferOptions {
        block_size: 1024 * 1024,
        parallelism: 1,
        ..TransferOptions::default()
    };
    let (c2, container2, cancel2, progress2) = (c.clone(), container.clone(), cancel.clone(), progress.clone());
    let job = tokio::spawn(async move {
        c2.upload_file(
            &container2,
            "b",
            &source,
            &BlobHttpHeaders::default(),
            &[],
            &Conditions::none(),
            &options,
            &progress2,
            &cancel2,
        )
        .await
    });
    common::eventually("the first bytes", Duration::from_secs(60), || progress.done() > 0).await;
    cancel.cancel();
    assert_eq!(job.await.unwrap().unwrap_err().kind, ErrorKind::Cancelled);
    let err = c.get_blob_properties(&container, "b", None).await.unwrap_err();
    assert_eq!(
        err.status,
        Some(404),
        "no blob appeared: uncommitted blocks are invisible"
    );
}

/// A cancel that comes while the write that makes the blob is out (one Put Blob, or the commit of its blocks) lets
/// that request finish and says what it did: cut off, it may still land, and a job would name as not done (cancelled)
/// a blob that is there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancel_while_the_blob_is_being_written_waits_for_the_answer_and_says_it() {
    use common::fault_proxy::Fault;
    let (account, proxy) = common::account_through_proxy(tessera::storage::Service::Blob).await;
    let through = Client::new(account, tessera::storage::ClientOptions::default()).unwrap();
    let c = client();
    let container = new_container(&c).await;
    let dir = tempfile::tempdir().unwrap();
    for (name, blocks) in [("one-put", false), ("committed", true)] {
        let source = dir.path().join(name);
        random_file(&source, 1);
        let options = TransferOptions {
            block_size: 256 * 1024,
            single_put_limit: if blocks { 0 } else { u64::MAX },
            ..TransferOptions::default()
        };
        // The request that makes the blob is held a second on its way, then carried out.
        let makes = match blocks {
            true => format!("PUT /devstoreaccount1/{container}/{name}?comp=blocklist"),
            false => format!("PUT /devstoreaccount1/{container}/{name} "),
        };
        let makes = makes.as_str();
        proxy.fail_matching(makes, Some(Fault::Delay(Duration::from_secs(1))));
        let (cancel, progress) = (CancellationToken::new(), TransferProgress::new());
        let (http, only_new) = (BlobHttpHeaders::default(), Conditions::create_only());
        let upload = through.upload_file(
            &container,
            name,
            &source,
            &http,
            &[],
            &only_new,
            &options,
            &progress,
            &cancel,
        );
        // Cancelled once the proxy holds that request: it went out before the cancel.
        let cancelling = async {
            while !proxy.heads().iter().any(|h| h.contains(makes)) {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            cancel.cancel();
        };
        let (said, ()) = tokio::join!(upload, cancelling);
        proxy.fail_matching(makes, None);
        let there = c.get_blob_properties(&container, name, None).await.is_ok();
        assert!(there, "{name}: the write went out before the cancel and landed");
        assert!(
            said.is_ok(),
            "{name}: the blob is there, but the upload said {:?}",
            said.map_err(|e| e.kind)
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn conditional_uploads_refuse_to_clobber() {
    let c = client();
    let container = new_container(&c).await;
    let dir = tempfile::tempdir().unwrap();
    let (small, large) = (dir.path().join("small.bin"), dir.path().join("large.bin"));
    random_file(&small, 1);
    random_file(&large, 20);
    let options = TransferOptions::default();
    let go = |path: std::path::PathBuf, conditions: Conditions| {
        let (c, container, options) = (c.clone(), container.clone(), options.clone());
        async move {
            c.upload_file(
                &container,
                "target",
                &path,
                &BlobHttpHeaders::default(),
                &[],
                &conditions,
                &options,
                &TransferProgress::new(),
                &CancellationToken::new(),
            )
            .await
        }
    };
    let first = go(small.clone(), Conditions::create_only())
        .await
        .expect("create-only on a new name");
    let refused = go(large.clone(), Conditions::create_only()).await.unwrap_err();
    assert!(matches!(refused.status, Some(409) | Some(412)), "{refused:?}");
    // If-Match the ETag I saw; someone else writes first; my large upload is refused and the file is untouched.
    go(small.clone(), Conditions::none()).await.unwrap();
    let stale = go(large.clone(), Conditions::if_match(&first)).await.unwrap_err();
    assert_eq!(stale.status, Some(412));
    assert!(stale.current_etag.is_some(), "the conflict says what the ETag is now");
    assert_eq!(
        std::fs::metadata(&large).unwrap().len(),
        20 << 20,
        "the local file is not lost"
    );
    let now = c.get_blob_properties(&container, "target", None).await.unwrap().0;
    assert_eq!(now.content_length, 1 << 20, "the blob keeps the other writer's content");
    go(large, Conditions::if_match(&now.etag))
        .await
        .expect("with the current ETag it goes through");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_that_does_not_say_the_size_saves_nothing() {
    let c = client();
    let (container, _) = container_with_random_blob(&c, "sized.bin", 1).await;
    let dir = tempfile::tempdir().unwrap();
    let (account, proxy) = common::account_through_proxy(tessera::storage::Service::Blob).await;
    let via = Client::new(account, Default::default()).unwrap();
    // The properties (HEAD) come back without Content-Length, as from a proxy that drops it.
    proxy.inject([common::fault_proxy::Fault::DropContentLength]);
    let dest = dir.path().join("copy.bin");
    let err = via
        .download_file(
            &container,
            "sized.bin",
            None,
            &dest,
            &TransferOptions::default(),
            &TransferProgress::new(),
            &CancellationToken::new(),
        )
        .await
        .unwrap_err();
    assert!(
        err.plain_words().contains("did not say its size"),
        "{}",
        err.plain_words()
    );
    assert!(!dest.exists(), "no empty file stands for the blob");
    assert!(leftovers(dir.path()).is_empty(), "{:?}", leftovers(dir.path()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_past_the_block_limit_goes_up_in_larger_blocks() {
    // The limit is 50,000 blocks; with a limit of 4 the same rule shows on 10 MiB: 3 MiB blocks, not 10 of 1 MiB.
    assert_eq!(
        tessera::storage::blob::block_size_for(50_001 * 8 * 1024 * 1024, 8 << 20, 50_000),
        Ok(9 << 20)
    );
    assert!(tessera::storage::blob::block_size_for(50_000 * 4001 * 1024 * 1024, 8 << 20, 50_000).is_err());
    let (c, recorder) = common::recorded_client(common::account());
    let container = new_container(&c).await;
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("ten.bin");
    let md5 = random_file(&source, 10);
    let options = TransferOptions {
        block_size: 1 << 20,
        single_put_limit: 0,
        max_blocks: 4,
        ..TransferOptions::default()
    };
    let none = CancellationToken::new();
    c.upload_file(
        &container,
        "ten.bin",
        &source,
        &BlobHttpHeaders::default(),
        &[],
        &Conditions::none(),
        &options,
        &TransferProgress::new(),
        &none,
    )
    .await
    .unwrap();
    let blocks = recorder
        .events()
        .iter()
        .filter(|e| e.url.contains("comp=block&") && e.status == Some(201))
        .count();
    assert_eq!(blocks, 4, "10 MiB in blocks of 3 MiB");
    let dest = dir.path().join("back.bin");
    c.download_file(
        &container,
        "ten.bin",
        None,
        &dest,
        &TransferOptions::default(),
        &TransferProgress::new(),
        &none,
    )
    .await
    .unwrap();
    assert_eq!(file_md5(&dest), md5);
}
