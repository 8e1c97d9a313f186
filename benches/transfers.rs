//! 1 GiB upload and download against curl moving the same bytes to the same Azurite and against Microsoft's
//! Python SDK (max_concurrency 4), peak RSS, and listing 20,000 blobs (`common::bench_blobs`) against a raw
//! floor. Run: `cargo bench --bench transfers`; `TESSERA_BLOCK_MIB`, `TESSERA_PARALLEL`, `TESSERA_BLOCK_MD5=0`,
//! `TESSERA_RANGE_MIB` try other settings (the README's table of tries), `TESSERA_SKIP_LISTING=1` skips listing.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use common::{goal, goal_unmeasured};
use quick_xml::events::Event;

use tessera::storage::TransferProgress;
use tessera::storage::blob::Conditions;
use tessera::storage::blob::SasPermissions;
use tessera::storage::blob::TransferOptions;
use tessera::storage::blob::{BlobHttpHeaders, DeleteSnapshots, ListBlobsOptions, PublicAccess};
use tessera::storage::{Account, Client, ClientOptions, Service};
use tokio_util::sync::CancellationToken;

const GIB: u64 = 1 << 30;

/// Resets this process's peak RSS (Linux), so each phase measures its own.
fn reset_peak_rss() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The process's resident memory now, in MB.
fn rss_mb() -> f64 {
    proc_status_mb("VmRSS:")
}

fn peak_rss_mb() -> f64 {
    proc_status_mb("VmHWM:")
}

fn proc_status_mb(field: &str) -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

/// CPU seconds this process has used (user + system), to tell whether the client or the service is the slow side.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks: f64 = fields.get(11).and_then(|u| u.parse::<f64>().ok()).unwrap_or(0.0)
        + fields.get(12).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0);
    ticks / 100.0
}

fn random_file(path: &Path, bytes: u64) {
    let mut f = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let mut rng = fastrand::Rng::with_seed(7);
    let mut chunk = vec![0u8; 1 << 20];
    for _ in 0..bytes / chunk.len() as u64 {
        rng.fill(&mut chunk);
        f.write_all(&chunk).unwrap();
    }
    f.flush().unwrap();
}

/// Seconds curl took, or why it could not run (not installed, or it failed).
fn curl(args: &[&str]) -> Result<f64, String> {
    let started = Instant::now();
    let status = Command::new("curl")
        .args(["-sS", "--fail"])
        .args(args)
        .status()
        .map_err(|e| format!("curl did not run ({e}); install curl"))?;
    if !status.success() {
        return Err(format!("curl failed ({status})"));
    }
    Ok(started.elapsed().as_secs_f64())
}

fn mb_per_s(bytes: u64, secs: f64) -> f64 {
    bytes as f64 / 1e6 / secs
}

fn main() {
    let (emulator, rt, client) = common::azurite(ClientOptions::default());
    let container = "benchtransfers";
    rt.block_on(client.create_container(container, PublicAccess::None, &[]))
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("one-gib.bin");
    random_file(&source, GIB);
    let expiry = SystemTime::now() + Duration::from_secs(7200);
    let write_sas = SasPermissions {
        read: true,
        create: true,
        write: true,
        ..Default::default()
    };
    let env = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    let defaults = TransferOptions::default();
    // Overrides for exploring the settings; the goals use the defaults unless these are set.
    let options = TransferOptions {
        block_size: env("TESSERA_BLOCK_MIB").map_or(defaults.block_size, |m| (m << 20) as usize),
        range_size: env("TESSERA_RANGE_MIB").map_or(defaults.range_size, |m| m << 20),
        parallelism: env("TESSERA_PARALLEL").map_or(defaults.parallelism, |p| p as usize),
        verify_range_md5: env("TESSERA_RANGE_MD5").map_or(defaults.verify_range_md5, |v| v == 1),
        block_md5: env("TESSERA_BLOCK_MD5").map_or(defaults.block_md5, |v| v == 1),
        ..defaults
    };
    println!("options: {options:?}");

    // Paired rounds: the machine's speed swings between rounds for curl and for us alike, so each round's
    // ratio compares like with like, and the median round is reported. The three sides run in a rotated order
    // each round (curl first, then us first, then the SDK first), so that none is always first or last while
    // Azurite's memory grows; each side's blob is deleted before the next side runs.
    let (mut up_rounds, mut down_rounds) = (Vec::new(), Vec::new());
    let mut peak = 0f64;
    let before = rss_mb();
    let mut sdk_rounds = Vec::new();
    let delete = |blob: &str| {
        rt.block_on(client.delete_blob(container, blob, None, DeleteSnapshots::None, &Conditions::none()))
            .ok();
    };
    let mut curl_missing = None;
    for round in 0..3 {
        let (mut theirs, mut ours, mut peer) = (None, None, None);
        for side in 0..3 {
            match (round + side) % 3 {
                0 => {
                    // Floor: curl puts the same file in one request, then reads it back.
                    let url = client
                        .blob_sas_url(container, Some("by-curl.bin"), write_sas, None, expiry)
                        .unwrap();
                    let src = source.display().to_string();
                    let curl_dest = dir.path().join("by-curl.down").display().to_string();
                    let headers = ["-H", "x-ms-blob-type: BlockBlob", "-H", "x-ms-version: 2024-11-04"];
                    let up = curl(&[&["-T", &src][..], &headers[..], &[url.as_str()][..]].concat());
                    let down = up.and_then(|up| curl(&["-o", &curl_dest, &url]).map(|down| (up, down)));
                    std::fs::remove_file(&curl_dest).ok();
                    match down {
                        Ok(pair) => theirs = Some(pair),
                        Err(why) => curl_missing = Some(why),
                    }
                    delete("by-curl.bin");
                }
                1 => {
                    reset_peak_rss();
                    let cpu = cpu_seconds();
                    let started = Instant::now();
                    rt.block_on(client.upload_file(
                        container,
                        "by-tessera.bin",
                        &source,
                        &BlobHttpHeaders::default(),
                        &[],
                        &Conditions::none(),
                        &options,
                        &TransferProgress::new(),
                        &CancellationToken::new(),
                    ))
                    .unwrap();
                    let (up_ours, up_cpu) = (started.elapsed().as_secs_f64(), cpu_seconds() - cpu);
                    peak = peak.max(peak_rss_mb());
                    reset_peak_rss();
                    let dest = dir.path().join("by-tessera.down");
                    let cpu = cpu_seconds();
                    let started = Instant::now();
                    rt.block_on(client.download_file(
                        container,
                        "by-tessera.bin",
                        None,
                        &dest,
                        &options,
                        &Arc::new(TransferProgress::default()),
                        &CancellationToken::new(),
                    ))
                    .unwrap();
                    let (down_ours, down_cpu) = (started.elapsed().as_secs_f64(), cpu_seconds() - cpu);
                    peak = peak.max(peak_rss_mb());
                    std::fs::remove_file(&dest).ok();
                    println!("round {round}: client CPU {up_cpu:.1} s up, {down_cpu:.1} s down");
                    ours = Some((up_ours, down_ours));
                    delete("by-tessera.bin");
                }
                _ => {
                    // The peer: Microsoft's Python SDK with max_concurrency 4, the same file, the same Azurite.
                    let dest = dir.path().join("by-sdk.down");
                    peer = Some(sdk_round(&emulator, container, &source, &dest));
                    delete("by-sdk.bin");
                }
            }
        }
        let (up_ours, down_ours) = ours.expect("our side ran");
        let (up_ours, down_ours) = (mb_per_s(GIB, up_ours), mb_per_s(GIB, down_ours));
        let peer = peer.expect("the SDK's side ran");
        if let Ok((up, down)) = &peer {
            println!("round {round}: Python SDK up {up:.0} MB/s down {down:.0} MB/s");
        }
        println!("round {round}: tessera up {up_ours:.0} MB/s down {down_ours:.0} MB/s");
        sdk_rounds.push((peer, up_ours, down_ours));
        if let Some((up, down)) = theirs {
            println!(
                "round {round}: curl up {:.0} MB/s down {:.0} MB/s",
                mb_per_s(GIB, up),
                mb_per_s(GIB, down)
            );
            up_rounds.push((up_ours, mb_per_s(GIB, up)));
            down_rounds.push((down_ours, mb_per_s(GIB, down)));
        }
    }
    for (name, rounds) in [("upload_1gib", up_rounds), ("download_1gib", down_rounds)] {
        // A round whose curl failed is left out; only with no round at all is there nothing to compare.
        if let (true, Some(why)) = (rounds.is_empty(), &curl_missing) {
            goal_unmeasured(name, why, ">=0.8");
            continue;
        }
        let (ours, curl) = common::median_round(&rounds);
        goal(
            name,
            format!("{ours:.0}MB/s"),
            format!("{curl:.0}MB/s(curl)"),
            ours / curl,
            ">=0.8",
        );
    }
    sdk_goals(sdk_rounds);
    // The transfers' peak against the process before them (the runtime, the client, the bench's own buffers).
    goal(
        "transfer_peak_rss",
        format!("{peak:.0}MB"),
        format!("{before:.0}MB(the process before)"),
        peak / before,
        "<=15",
    );
    std::fs::remove_file(&source).ok();
    if std::env::var("TESSERA_SKIP_LISTING").is_ok() {
        return;
    }

    let blobs = common::bench_blobs();
    rt.block_on(common::seed_blobs(&client, "benchlisting", blobs, |i| {
        format!("folder{:02}/item{i:06}.txt", i % 50)
    }));
    let (mut ours, mut floor) = (Vec::new(), Vec::new());
    for round in 0..3 {
        let started = Instant::now();
        let n = rt.block_on(raw_listing(&emulator.account(), "benchlisting"));
        assert_eq!(n, blobs);
        floor.push(n as f64 / started.elapsed().as_secs_f64());
        let started = Instant::now();
        let n = rt.block_on(client_listing(&client, "benchlisting"));
        assert_eq!(n, blobs);
        ours.push(n as f64 / started.elapsed().as_secs_f64());
        println!(
            "round {round}: floor {:.0} blobs/s, client {:.0} blobs/s",
            floor[round], ours[round]
        );
    }
    let (o, f) = (common::median(&ours), common::median(&floor));
    goal(
        &format!("blob_list_rate_{}k", blobs / 1000),
        format!("{o:.0}/s"),
        format!("{f:.0}/s"),
        o / f,
        ">=0.9",
    );
}

/// One upload and one download of `source` by the Python SDK (max_concurrency 4), in MB/s; Err says why not.
fn sdk_round(
    emulator: &tessera::emulator::Emulator,
    container: &str,
    source: &Path,
    dest: &Path,
) -> Result<(f64, f64), String> {
    let cs = emulator.connection_string();
    let (src, dst) = (source.display().to_string(), dest.display().to_string());
    let up = common::peer::run(&cs, &["bench-upload", container, "by-sdk.bin", &src, "4"])?;
    let down = common::peer::run(&cs, &["bench-download", container, "by-sdk.bin", &dst, "4"])?;
    let same = std::fs::metadata(dest).map(|m| m.len()).ok() == Some(GIB);
    std::fs::remove_file(dest).ok();
    if !same {
        return Err("the SDK's download is not the uploaded size".into());
    }
    Ok((
        common::peer::rate(&up, "bytes") / 1e6,
        common::peer::rate(&down, "bytes") / 1e6,
    ))
}

/// One round: the SDK's (up, down) MB/s or why there is none, and ours up and down.
type SdkRound = (Result<(f64, f64), String>, f64, f64);

/// The goals against the SDK: the median round's ratio (the same round's figures, as for curl).
fn sdk_goals(rounds: Vec<SdkRound>) {
    let failed = rounds.iter().find_map(|(r, _, _)| r.as_ref().err().cloned());
    for (name, pick) in [("upload_1gib_vs_sdk", 0), ("download_1gib_vs_sdk", 1)] {
        if let Some(why) = &failed {
            goal_unmeasured(name, why, ">=1.0");
            continue;
        }
        let pairs: Vec<(f64, f64)> = rounds
            .iter()
            .map(|(r, up, down)| {
                let (sdk_up, sdk_down) = r.clone().expect("checked above");
                if pick == 0 { (*up, sdk_up) } else { (*down, sdk_down) }
            })
            .collect();
        let (ours, sdk) = common::median_round(&pairs);
        goal(
            name,
            format!("{ours:.0}MB/s"),
            format!("{sdk:.0}MB/s(Python SDK,max_concurrency=4)"),
            ours / sdk,
            ">=1.0",
        );
    }
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
