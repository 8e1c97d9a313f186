//! Integrity and resume against a real Azurite: each block's CRC64 equals Microsoft's, a service that refuses it
//! gets MD5, a block damaged on the way is refused and sent again, and transfers stopped mid-way (a task
//! aborted, a runtime dropped, a network gone for a minute) resume sending only what the service or the disk
//! lacks. Microsoft's Python SDK reads back what was uploaded.

mod common;

use std::path::Path;
use std::time::Duration;

use base64::Engine;
use common::fault_proxy::Fault;
use common::{client, unique};
use tessera::storage::blob::{BlobHttpHeaders, Conditions, PublicAccess, TransferOptions, partial_paths};
use tessera::storage::blob::{BlockChecksum, crc64, crc64_base64};
use tessera::storage::{Client, ClientOptions, RequestEvent, TransferProgress};
use tokio_util::sync::CancellationToken;

const MIB: usize = 1 << 20;

async fn new_container(c: &Client) -> String {
    let name = unique("resume");
    c.create_container(&name, PublicAccess::None, &[]).await.unwrap();
    name
}

fn random_bytes(len: usize, seed: u64) -> Vec<u8> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut data = vec![0u8; len];
    rng.fill(&mut data);
    data
}

/// Small blocks and ranges, two at a time: a 40 MiB transfer is ten pieces, slow enough to stop between them.
fn small_pieces() -> TransferOptions {
    TransferOptions {
        block_size: 4 * MIB,
        single_put_limit: 0,
        range_size: 4 * (MIB as u64),
        parallelism: 2,
        ..TransferOptions::default()
    }
}

async fn upload(c: &Client, container: &str, blob: &str, source: &Path, options: &TransferOptions) -> String {
    upload_with(c, container, blob, source, options, &TransferProgress::new())
        .await
        .unwrap()
}

/// An unconditional upload with the default headers, counting into `progress`.
async fn upload_with(
    c: &Client,
    container: &str,
    blob: &str,
    source: &Path,
    options: &TransferOptions,
    progress: &std::sync::Arc<TransferProgress>,
) -> tessera::storage::Result<String> {
    c.upload_file(
        container,
        blob,
        source,
        &BlobHttpHeaders::default(),
        &[],
        &Conditions::none(),
        options,
        progress,
        &CancellationToken::new(),
    )
    .await
}

/// A new container holding `blob`: `mib` MiB of bytes drawn with `seed`, uploaded with the defaults. Returns the
/// container, the bytes, and a folder (holding the source) for the test's files.
async fn container_with_blob(c: &Client, blob: &str, mib: usize, seed: u64) -> (String, Vec<u8>, tempfile::TempDir) {
    let container = new_container(c).await;
    let data = random_bytes(mib * MIB, seed);
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("source.bin");
    std::fs::write(&source, &data).unwrap();
    upload(c, &container, blob, &source, &TransferOptions::default()).await;
    (container, data, dir)
}

/// Starts a download of `blob` to `dest` in small ranges as a task, and waits until at least `share` of it (any
/// byte, for 0) has arrived. Returns the task, to abort as a crash would or to await.
async fn download_until(
    c: &Client,
    container: &str,
    blob: &str,
    dest: &Path,
    share: f64,
) -> tokio::task::JoinHandle<tessera::storage::Result<tessera::storage::blob::DownloadOutcome>> {
    let progress = TransferProgress::new();
    let (c2, container2, blob2, dest2, p) = (
        c.clone(),
        container.to_string(),
        blob.to_string(),
        dest.to_path_buf(),
        progress.clone(),
    );
    let task = tokio::spawn(async move {
        c2.download_file(
            &container2,
            &blob2,
            None,
            &dest2,
            &small_pieces(),
            &p,
            &CancellationToken::new(),
        )
        .await
    });
    common::eventually("part of the download", Duration::from_secs(120), || {
        progress.total() > 0 && progress.done() > 0 && progress.done() as f64 >= share * progress.total() as f64
    })
    .await;
    task
}

/// The blob's bytes as Microsoft's Python SDK downloads them.
fn read_by_sdk(container: &str, blob: &str) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let dest = dir.path().join("by-sdk");
    let cs = common::emulator().connection_string();
    common::peer::run(&cs, &["bench-download", container, blob, dest.to_str().unwrap(), "2"]);
    std::fs::read(dest).unwrap()
}

fn put_blocks(events: &[RequestEvent]) -> Vec<&RequestEvent> {
    events.iter().filter(|e| e.url.contains("comp=block&")).collect()
}

#[test]
fn crc64_equals_microsofts_on_random_inputs_and_edge_sizes() {
    let dir = tempfile::tempdir().unwrap();
    let mut sizes = vec![0, 1, 7, 8, 4 * MIB, 4 * MIB + 1];
    let mut rng = fastrand::Rng::with_seed(64);
    sizes.extend((0..14).map(|_| rng.usize(0..3 * MIB)));
    let mut paths = Vec::new();
    let mut ours = Vec::new();
    for (i, size) in sizes.iter().enumerate() {
        let data = random_bytes(*size, i as u64);
        let path = dir.path().join(format!("input{i}"));
        std::fs::write(&path, &data).unwrap();
        paths.push(path.display().to_string());
        ours.push(serde_json::Value::from(crc64_base64(crc64(&data))));
    }
    let mut args = vec!["crc64"];
    args.extend(paths.iter().map(String::as_str));
    let theirs = common::peer::run(&common::emulator().connection_string(), &args);
    assert_eq!(theirs["crc64"], serde_json::Value::from(ours), "sizes {sizes:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn blocks_carry_their_crc64_where_the_service_takes_it() {
    // Azurite takes the header only in loose mode (and does not check it there); strict mode refuses it.
    let loose = tessera::emulator::Emulator::start_with(&tessera::emulator::EmulatorOptions {
        loose: true,
        ..Default::default()
    })
    .unwrap();
    let (c, recorder) = common::recorded_client(loose.account());
    let container = new_container(&c).await;
    let data = random_bytes(10 * MIB, 3);
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("ten.bin");
    std::fs::write(&source, &data).unwrap();
    let with_crc64 = TransferOptions {
        block_checksum: BlockChecksum::Crc64,
        ..small_pieces()
    };
    upload(&c, &container, "ten.bin", &source, &with_crc64).await;
    let events = recorder.events();
    let blocks = put_blocks(&events);
    assert_eq!(blocks.len(), 3, "10 MiB in 4 MiB blocks, each sent once");
    for e in blocks {
        let id = e.url.split("blockid=").nth(1).unwrap();
        let id = percent_encoding::percent_decode_str(id).decode_utf8().unwrap();
        let id = String::from_utf8(base64::engine::general_purpose::STANDARD.decode(id.as_ref()).unwrap()).unwrap();
        let index: usize = id[8..14].parse().unwrap();
        let block = &data[index * 4 * MIB..((index + 1) * 4 * MIB).min(data.len())];
        assert_eq!(
            id,
            format!("tessera-{index:06}-{:016x}", crc64(block)),
            "the id names place and content"
        );
        assert_eq!(
            e.request_header("x-ms-content-crc64"),
            Some(crc64_base64(crc64(block)).as_str())
        );
        assert_eq!(e.request_header("content-md5"), None, "no MD5 where CRC64 is taken");
        assert_eq!(e.status, Some(201));
    }
    let (props, _) = c.get_blob_properties(&container, "ten.bin", None).await.unwrap();
    assert_eq!(props.content_length, data.len() as u64);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strict_azurite_refuses_crc64_so_blocks_and_appends_go_with_md5() {
    let (c, recorder) = common::recorded_client(common::account());
    let container = new_container(&c).await;
    let data = random_bytes(10 * MIB, 4);
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("ten.bin");
    std::fs::write(&source, &data).unwrap();
    // CRC64 asked for outright (the default picks MD5 on the emulator at once): the refusal, then MD5.
    let with_crc64 = TransferOptions {
        block_checksum: BlockChecksum::Crc64,
        ..small_pieces()
    };
    upload(&c, &container, "ten.bin", &source, &with_crc64).await;
    c.create_append_blob(&container, "log", &Conditions::none())
        .await
        .unwrap();
    c.append_block(
        &container,
        "log",
        bytes::Bytes::from_static(b"line\n"),
        &Conditions::none(),
        Default::default(),
    )
    .await
    .unwrap();
    let events = recorder.events();
    let accepted: Vec<&RequestEvent> = events
        .iter()
        .filter(|e| e.method == "PUT" && e.url.contains("comp=") && e.status == Some(201))
        .filter(|e| e.url.contains("comp=block&") || e.url.contains("comp=appendblock"))
        .collect();
    assert_eq!(accepted.len(), 4, "three blocks and one append landed");
    for e in &accepted {
        assert!(e.request_header("content-md5").is_some(), "{} went with its MD5", e.url);
        assert_eq!(e.request_header("x-ms-content-crc64"), None);
    }
    // Any refusal was Azurite's strict mode, said in its own words, and nothing was retried blindly.
    for e in events.iter().filter(|e| e.status == Some(500)) {
        assert_eq!(e.error_code.as_deref(), Some("FeatureNotSupported"), "{}", e.url);
    }
    assert_eq!(read_by_sdk(&container, "ten.bin"), data, "the SDK reads back the file");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_block_damaged_on_the_way_is_refused_by_its_md5_and_sent_again() {
    let (account, proxy) = common::account_through_proxy(tessera::storage::Service::Blob).await;
    let (c, recorder) = common::recorded_client(account);
    let container = new_container(&client()).await;
    let data = random_bytes(10 * MIB, 5);
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("ten.bin");
    std::fs::write(&source, &data).unwrap();
    let md5 = TransferOptions {
        block_checksum: BlockChecksum::Md5,
        parallelism: 1,
        ..small_pieces()
    };
    // The staged-block list passes; the first block arrives with a byte changed.
    proxy.inject([Fault::Pass, Fault::Corrupt]);
    upload(&c, &container, "ten.bin", &source, &md5).await;
    let events = recorder.events();
    let blocks = put_blocks(&events);
    let refused: Vec<_> = blocks.iter().filter(|e| e.status == Some(400)).collect();
    assert_eq!(refused.len(), 1, "the damaged block was refused");
    // Azure says Md5Mismatch; Azurite says InvalidOperation, "Provided contentMD5 doesn't match."
    assert_eq!(refused[0].error_code.as_deref(), Some("InvalidOperation"));
    assert_eq!(blocks.len(), 4, "three blocks, one of them twice");
    assert_eq!(
        read_by_sdk(&container, "ten.bin"),
        data,
        "the blob holds the file, not the damage"
    );
}

/// Starts an upload on its own runtime and drops that runtime once `fraction` of the file went up: what a crash
/// leaves (no cleanup ran).
fn upload_until_runtime_dropped(c: &Client, container: &str, blob: &str, source: &Path, fraction: f64) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let progress = TransferProgress::new();
    let (c, container, blob, source, p) = (
        c.clone(),
        container.to_string(),
        blob.to_string(),
        source.to_path_buf(),
        progress.clone(),
    );
    rt.spawn(async move {
        let _ = upload_with(&c, &container, &blob, &source, &small_pieces(), &p).await;
    });
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    while (progress.done() as f64) < fraction * progress.total().max(1) as f64 || progress.total() == 0 {
        assert!(std::time::Instant::now() < deadline, "the upload made no progress");
        std::thread::sleep(Duration::from_millis(2));
    }
    rt.shutdown_background();
    // A block whose bytes had all left may still land; let the service settle before looking.
    std::thread::sleep(Duration::from_millis(500));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upload_whose_runtime_died_resumes_sending_only_the_missing_blocks() {
    let (c, recorder) = common::recorded_client(common::account());
    let container = new_container(&c).await;
    let data = random_bytes(40 * MIB, 6);
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("forty.bin");
    std::fs::write(&source, &data).unwrap();
    let (c2, container2, source2) = (c.clone(), container.clone(), source.clone());
    tokio::task::spawn_blocking(move || upload_until_runtime_dropped(&c2, &container2, "forty.bin", &source2, 0.6))
        .await
        .unwrap();
    let staged = c.uncommitted_blocks(&container, "forty.bin").await.unwrap();
    assert!(
        (4..10).contains(&staged.len()),
        "stopped part-way: {} of 10 blocks staged",
        staged.len()
    );
    assert!(
        c.get_blob_properties(&container, "forty.bin", None).await.is_err(),
        "nothing is visible before the commit"
    );
    recorder.clear();
    let progress = TransferProgress::new();
    upload_with(&c, &container, "forty.bin", &source, &small_pieces(), &progress)
        .await
        .unwrap();
    let events = recorder.events();
    let sent = put_blocks(&events).iter().filter(|e| e.status == Some(201)).count();
    assert_eq!(sent, 10 - staged.len(), "only the blocks the service lacked went again");
    assert_eq!(progress.resumed(), staged.iter().map(|b| b.size).sum::<u64>());
    assert_eq!(progress.done(), data.len() as u64);
    assert_eq!(
        read_by_sdk(&container, "forty.bin"),
        data,
        "the SDK reads back the whole file"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_download_stopped_midway_asks_only_for_the_ranges_not_on_disk() {
    let c = client();
    let (container, data, dir) = container_with_blob(&c, "forty.bin", 40, 7).await;
    let dest = dir.path().join("copy.bin");
    let first = download_until(&c, &container, "forty.bin", &dest, 0.5).await;
    first.abort();
    let _ = first.await;
    let (partial, journal) = partial_paths(&dest);
    assert!(
        partial.exists() && journal.exists(),
        "a crash leaves the partial file and its journal"
    );
    assert!(!dest.exists(), "nothing at the destination before it is whole");
    let (via, recorder) = common::recorded_client(common::account());
    let progress = TransferProgress::new();
    // Resumed with other options (another version's, say), which alone would cut 4 MiB ranges: the ranges are
    // cut as the first try cut them, so what is on disk counts.
    let other = TransferOptions {
        parallelism: 4,
        ..small_pieces()
    };
    assert_ne!(
        tessera::storage::blob::range_size_for(data.len() as u64, &other),
        tessera::storage::blob::range_size_for(data.len() as u64, &small_pieces())
    );
    let outcome = via
        .download_file(
            &container,
            "forty.bin",
            None,
            &dest,
            &other,
            &progress,
            &CancellationToken::new(),
        )
        .await
        .unwrap();
    assert_eq!(std::fs::read(&dest).unwrap(), data, "byte for byte");
    assert!(
        outcome.resumed >= 4 * MIB as u64,
        "some ranges were on disk: {}",
        outcome.resumed
    );
    assert_eq!(outcome.restarted, None);
    let events = recorder.events();
    let ranges: Vec<&RequestEvent> = events
        .iter()
        .filter(|e| e.request_header("x-ms-range").is_some())
        .collect();
    // 40 MiB in two streams (the first try): ranges of 5 MiB, four a stream.
    let range = tessera::storage::blob::range_size_for(data.len() as u64, &small_pieces());
    assert_eq!(range, 5 * MIB as u64);
    assert_eq!(
        ranges.len() as u64 * range,
        data.len() as u64 - outcome.resumed,
        "only the missing ranges were asked for"
    );
    assert!(
        ranges
            .iter()
            .all(|e| e.request_header("if-match") == Some(outcome.etag.as_str()))
    );
    assert!(!partial.exists() && !journal.exists(), "nothing left beside the file");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_download_resumed_after_the_blob_changed_starts_over_and_says_why() {
    let c = client();
    let container = new_container(&c).await;
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("source.bin");
    std::fs::write(&source, random_bytes(24 * MIB, 8)).unwrap();
    let old = upload(&c, &container, "b.bin", &source, &TransferOptions::default()).await;
    let dest = dir.path().join("copy.bin");
    let first = download_until(&c, &container, "b.bin", &dest, 0.34).await;
    first.abort();
    let _ = first.await;
    // Someone else rewrites the blob before the resume.
    let changed = random_bytes(20 * MIB, 9);
    std::fs::write(&source, &changed).unwrap();
    let new = upload(&c, &container, "b.bin", &source, &TransferOptions::default()).await;
    let outcome = c
        .download_file(
            &container,
            "b.bin",
            None,
            &dest,
            &small_pieces(),
            &TransferProgress::new(),
            &CancellationToken::new(),
        )
        .await
        .unwrap();
    let why = outcome.restarted.expect("the restart is said");
    assert!(
        why.to_string().contains(&old) && why.to_string().contains(&new),
        "{why}"
    );
    assert_eq!(outcome.resumed, 0);
    assert_eq!(std::fs::read(&dest).unwrap(), changed, "the new content, not a mix");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upload_waits_out_a_network_gone_for_a_minute_and_finishes() {
    let (account, proxy) = common::account_through_proxy(tessera::storage::Service::Blob).await;
    let c = Client::new(account, ClientOptions::default()).unwrap();
    let container = new_container(&client()).await;
    let data = random_bytes(40 * MIB, 10);
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("forty.bin");
    std::fs::write(&source, &data).unwrap();
    let progress = TransferProgress::new();
    let (c2, container2, source2, p) = (c.clone(), container.clone(), source.clone(), progress.clone());
    let job =
        tokio::spawn(async move { upload_with(&c2, &container2, "forty.bin", &source2, &small_pieces(), &p).await });
    common::eventually("some blocks up", Duration::from_secs(120), || {
        progress.done() >= 8 * MIB as u64
    })
    .await;
    // The network goes: every connection is reset for a minute.
    proxy.always(Some(Fault::Reset));
    let gone = std::time::Instant::now();
    common::eventually("the transfer to wait for the network", Duration::from_secs(60), || {
        progress.network_wait().is_some()
    })
    .await;
    let held = progress.done();
    tokio::time::sleep(Duration::from_secs(60).saturating_sub(gone.elapsed())).await;
    let wait = progress.network_wait().expect("still waiting after a minute");
    assert!(wait.attempts >= 2, "it kept trying: {wait:?}");
    assert!(!job.is_finished(), "the transfer did not give up");
    assert!(
        progress.done() <= held + 8 * MIB as u64,
        "nothing went while the network was gone"
    );
    // The network comes back; Retry now ends the pause at once.
    proxy.always(None);
    progress.retry_now();
    let etag = tokio::time::timeout(Duration::from_secs(90), job)
        .await
        .expect("finished soon after the network came back")
        .unwrap()
        .expect("the upload succeeded");
    assert!(!etag.is_empty());
    assert!(progress.network_wait().is_none(), "the wait is over");
    assert_eq!(
        read_by_sdk(&container, "forty.bin"),
        data,
        "the SDK reads back the whole file"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn blocks_another_tool_left_staged_are_named_before_anything_is_sent() {
    let (c, recorder) = common::recorded_client(common::account());
    let container = new_container(&c).await;
    // Someone else's upload, interrupted: a block staged under a short id.
    let data = bytes::Bytes::from(random_bytes(MIB, 11));
    let md5 = BlockChecksum::Md5.header(&data);
    c.put_block(&container, "shared.bin", "YWJj", data, md5, None)
        .await
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("ten.bin");
    std::fs::write(&source, random_bytes(10 * MIB, 12)).unwrap();
    recorder.clear();
    let e = c
        .upload_file(
            &container,
            "shared.bin",
            &source,
            &BlobHttpHeaders::default(),
            &[],
            &Conditions::none(),
            &small_pieces(),
            &TransferProgress::new(),
            &CancellationToken::new(),
        )
        .await
        .unwrap_err();
    assert_eq!(e.kind, tessera::storage::ErrorKind::Invalid);
    assert!(
        e.message.to_string().contains("staged by another tool") && e.message.to_string().contains("YWJj"),
        "{}",
        e.message
    );
    assert!(put_blocks(&recorder.events()).is_empty(), "no block was sent");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_blob_is_known_to_hold_a_file_by_its_md5_or_its_blocks() {
    let c = client();
    let container = new_container(&c).await;
    let dir = tempfile::tempdir().unwrap();
    let options = small_pieces();
    for (name, size, single) in [("blocks.bin", 10 * MIB, 0u64), ("one.bin", MIB, 8 * MIB as u64)] {
        let options = TransferOptions {
            single_put_limit: single,
            ..options.clone()
        };
        let source = dir.path().join(name);
        std::fs::write(&source, random_bytes(size, 13)).unwrap();
        upload(&c, &container, name, &source, &options).await;
        assert!(
            c.holds_file(&container, name, &source, &options).await.unwrap(),
            "{name}: the same file"
        );
        // The same size, one byte changed: not the file.
        let mut changed = random_bytes(size, 13);
        changed[size / 2] ^= 1;
        let other = dir.path().join(format!("other-{name}"));
        std::fs::write(&other, changed).unwrap();
        assert!(
            !c.holds_file(&container, name, &other, &options).await.unwrap(),
            "{name}: another file"
        );
    }
    // Blocks sent with no checksum were never hashed: their ids name no content, so the blob is not taken to hold
    // the file, even the very file it was uploaded from.
    let unhashed = TransferOptions {
        single_put_limit: 0,
        block_checksum: BlockChecksum::None,
        ..options.clone()
    };
    let source = dir.path().join("unhashed.bin");
    let data = random_bytes(10 * MIB, 17);
    std::fs::write(&source, &data).unwrap();
    upload(&c, &container, "unhashed.bin", &source, &unhashed).await;
    assert_eq!(
        read_by_sdk(&container, "unhashed.bin"),
        data,
        "the SDK reads back the file"
    );
    assert!(
        !c.holds_file(&container, "unhashed.bin", &source, &options)
            .await
            .unwrap(),
        "blocks with no checksum prove nothing"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_download_into_the_same_file_is_refused_and_the_first_is_whole() {
    let c = client();
    let (container, data, dir) = container_with_blob(&c, "forty.bin", 40, 14).await;
    let dest = dir.path().join("copy.bin");
    let first = download_until(&c, &container, "forty.bin", &dest, 0.0).await;
    let second = c
        .download_file(
            &container,
            "forty.bin",
            None,
            &dest,
            &small_pieces(),
            &TransferProgress::new(),
            &CancellationToken::new(),
        )
        .await
        .unwrap_err();
    assert!(
        second.message.to_string().contains("Another download into"),
        "{}",
        second.message
    );
    first.await.unwrap().expect("the first download finished");
    assert_eq!(std::fs::read(&dest).unwrap(), data, "the first download is whole");
}
