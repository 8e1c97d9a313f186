//! What the benchmark programs share: the `goal:` line, percentiles, timing egui frames headlessly, and a
//! pane's world.
#![allow(dead_code)]

pub mod entities;
pub mod entity_server;
pub mod heap;
pub mod listing_server;
pub mod pane;
pub mod peer;
pub mod queue_server;
pub mod request_head;

use std::time::{Instant, SystemTime};

use bytes::Bytes;
use reqwest::header::{HeaderMap, HeaderValue};
use tessera::emulator::Emulator;
use tessera::storage::blob::{BlobHttpHeaders, Conditions, PublicAccess};
use tessera::storage::{Account, Client, ClientOptions, Credential, Service, SigningInput, sign_shared_key};

/// How every network benchmark starts: a fresh Azurite, a multi-threaded runtime, and a client on that Azurite.
/// Azurite accepts any API version, as Microsoft's Python SDKs (the peers) send newer ones than it knows.
pub fn azurite(options: ClientOptions) -> (Emulator, tokio::runtime::Runtime, Client) {
    azurite_with(Vec::new(), options)
}

/// The same, with `more_accounts` served beside the well-known one (the client is on the well-known one).
pub fn azurite_with(more_accounts: Vec<String>, options: ClientOptions) -> (Emulator, tokio::runtime::Runtime, Client) {
    let emulator = Emulator::start_with(&tessera::emulator::EmulatorOptions {
        skip_api_version_check: true,
        more_accounts,
        // Takes each block's CRC64 as Azure does (strict mode refuses it; neither checks it here), so that the
        // transfers measure what an upload to Azure costs the client.
        loose: true,
        ..Default::default()
    })
    .expect("Azurite");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let client = Client::new(emulator.account(), options).expect("client");
    (emulator, rt, client)
}

/// How many blobs the listing benchmarks put in a container: 20,000 unless `TESSERA_BENCH_BLOBS` says otherwise.
/// The issues ask for 100,000, but Azurite's in-memory store looks up every new blob with a scan of the container,
/// so seeding grows with the square of the count: 50,000 took about 55 minutes on this 2-core machine.
pub fn bench_blobs() -> usize {
    std::env::var("TESSERA_BENCH_BLOBS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20_000)
}

/// One goal's line. The verdict follows from the printed ratio and the target alone: `target` is a ratio bound,
/// `"<=1.5"` or `">=0.9"`; a ratio that is not a number (a side that could not be measured) is a MISS. This form
/// is for figures that one measurement gives exactly (counts, bytes held); timings go through `goal_spread`.
pub fn goal(name: &str, measured: String, baseline: String, ratio: f64, target: &str) {
    println!("{}", goal_line(name, &measured, &baseline, ratio, target));
}

fn goal_line(name: &str, measured: &str, baseline: &str, ratio: f64, target: &str) -> String {
    let verdict = if meets(ratio, target) { "PASS" } else { "MISS" };
    format!(
        "goal: {name} measured={measured} baseline={baseline} ratio={} target={target} {verdict}",
        shown(ratio)
    )
}

/// A ratio as the goal lines print it. Small ratios keep their digits: one lost write in 3,000 must not print
/// as 0.00 beside a MISS.
fn shown(ratio: f64) -> String {
    match ratio.abs() {
        r if r > 0.0 && r < 0.01 => format!("{ratio:.1e}"),
        _ => format!("{ratio:.2}"),
    }
}

/// A timed goal's line: the median of its rounds' ratios, and after the verdict `spread=MIN..MAX`, the lowest
/// and highest of them. The spread comes after the verdict so that the line up to it reads as every goal's does.
/// A spread that reaches both sides of the target is said on a `note:` line: that verdict is a coin toss, and
/// either the target or the bench needs another look.
pub fn goal_spread(name: &str, measured: String, baseline: String, spread: Spread, target: &str) {
    let line = goal_line(name, &measured, &baseline, spread.ratio, target);
    println!("{line} spread={}..{}", shown(spread.min), shown(spread.max));
    if meets(spread.min, target) != meets(spread.max, target) {
        println!(
            "note: {name}'s rounds fall on both sides of {target} (spread {}..{}): its verdict is not yet a figure that holds still",
            shown(spread.min),
            shown(spread.max)
        );
    }
}

/// The rounds a timed goal takes its median from, after a warm-up round that is not counted: five is the fewest
/// whose median one stalled round cannot move.
pub const ROUNDS: usize = 5;

/// Runs a warm-up round (not counted: caches, the allocator's arenas and Azurite's first requests settle in it),
/// then `rounds` counted rounds, each running every one of `sides` (their names, for the printed lines) in the
/// rotated order of `rotated`. `run(round, side)` returns the side's figure for the round (seconds, or a rate);
/// round 0 is the warm-up. Each round's figures are printed as they come.
pub fn rounds(rounds: usize, sides: &[&str], mut run: impl FnMut(usize, usize) -> f64) -> Rounds {
    let mut figures = Vec::with_capacity(rounds);
    for round in 0..=rounds {
        let mut these = vec![f64::NAN; sides.len()];
        for side in rotated(round, sides.len()) {
            these[side] = run(round, side);
        }
        let said: Vec<String> = sides
            .iter()
            .zip(&these)
            .map(|(name, f)| match f.abs() {
                f if f >= 100.0 => format!("{name} {f:.0}"),
                _ => format!("{name} {f:.3}"),
            })
            .collect();
        let warm = if round == 0 { " (warm-up, not counted)" } else { "" };
        println!("round {round}{warm}: {}", said.join(", "));
        if round > 0 {
            figures.push(these);
        }
    }
    Rounds { figures }
}

/// What the counted rounds measured: each round's figure of each side.
pub struct Rounds {
    pub figures: Vec<Vec<f64>>,
}

impl Rounds {
    /// One side's figures, round by round.
    pub fn side(&self, side: usize) -> Vec<f64> {
        self.figures.iter().map(|r| r[side]).collect()
    }

    pub fn median(&self, side: usize) -> f64 {
        median(&self.side(side))
    }

    /// `top` over `bottom`, round by round: the ratio of two sides measured minutes apart at most, so a load
    /// that came and went on a shared machine moves both of a round's figures and mostly cancels out, where a
    /// ratio of the two sides' medians could pair a quiet round of one with a busy round of the other.
    pub fn ratio(&self, top: usize, bottom: usize) -> Spread {
        let ratios: Vec<f64> = self.figures.iter().map(|r| r[top] / r[bottom]).collect();
        Spread::of(&ratios)
    }
}

/// A goal's ratio, the median of its rounds' ratios, with the lowest and highest of them.
#[derive(Clone, Copy, Debug)]
pub struct Spread {
    pub ratio: f64,
    pub min: f64,
    pub max: f64,
}

impl Spread {
    pub fn of(ratios: &[f64]) -> Spread {
        let (min, max) = ratios
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &r| (l.min(r), h.max(r)));
        Spread {
            ratio: median(ratios),
            min,
            max,
        }
    }

    /// Each round's ratio mapped by `f` (a ratio turned into a rate's ratio, say); `f` keeps the order or
    /// reverses it, and the spread is taken again either way.
    pub fn map(self, f: impl Fn(f64) -> f64) -> Spread {
        let (a, b) = (f(self.min), f(self.max));
        Spread {
            ratio: f(self.ratio),
            min: a.min(b),
            max: a.max(b),
        }
    }
}

/// A goal that could not be measured here (a tool missing, no display): a MISS that says why, never a panic.
pub fn goal_unmeasured(name: &str, why: &str, target: &str) {
    let why: String = why.chars().map(|c| if c.is_whitespace() { '_' } else { c }).collect();
    println!("goal: {name} measured=none({why}) baseline=none ratio=NaN target={target} MISS");
}

/// Whether a part of a bench runs: all of them, unless words after `--` name some
/// (`cargo bench --bench shell -- cold_start`).
pub fn selected(part: &str) -> bool {
    let words: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    words.is_empty() || words.iter().any(|w| part.contains(w.as_str()))
}

/// The order a round runs its `sides` in: each round starts one side later, so that no side is always first or
/// last while the emulator's memory grows or the machine's load changes.
pub fn rotated(round: usize, sides: usize) -> impl Iterator<Item = usize> {
    (0..sides).map(move |k| (round + k) % sides)
}

/// Whether `ratio` meets a target written `<=X` or `>=X`.
pub fn meets(ratio: f64, target: &str) -> bool {
    let (at_most, bound) = match (target.strip_prefix("<="), target.strip_prefix(">=")) {
        (Some(b), _) => (true, b),
        (_, Some(b)) => (false, b),
        _ => panic!("a goal's target is a ratio bound, `<=X` or `>=X`, not `{target}`"),
    };
    let bound: f64 = bound
        .parse()
        .unwrap_or_else(|_| panic!("the bound of `{target}` is not a number"));
    match at_most {
        _ if ratio.is_nan() => false,
        true => ratio <= bound,
        false => ratio >= bound,
    }
}

/// The process's resident memory, in bytes (Linux).
pub fn rss_bytes() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    pages * 4096
}

/// CPU seconds this process has used (user + system), to tell whether the client or the service is the slow
/// side. From getrusage, in microseconds: /proc's clock ticks are 10 ms, a few percent of a 1 GiB upload's CPU.
#[cfg(unix)]
pub fn cpu_seconds() -> f64 {
    // SAFETY: getrusage writes one rusage, which is plain data and lives on this stack.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

/// Not measured off Unix (the benches' figures come from Linux).
#[cfg(not(unix))]
pub fn cpu_seconds() -> f64 {
    0.0
}

/// The value below which `p` (0..1) of the samples fall.
pub fn percentile(samples: &[f64], p: f64) -> f64 {
    let mut s = samples.to_vec();
    s.sort_by(f64::total_cmp);
    s[((s.len() - 1) as f64 * p) as usize]
}

pub fn median(samples: &[f64]) -> f64 {
    percentile(samples, 0.5)
}

/// A container of `count` one-byte blobs named by `name(i)`, put 32 at a time. Azurite's in-memory store scans
/// the container on every put, so this grows with the square of the count: see `bench_blobs`.
pub async fn seed_blobs(client: &Client, container: &str, count: usize, name: impl Fn(usize) -> String) {
    client
        .create_container(container, PublicAccess::None, &[])
        .await
        .unwrap();
    let started = Instant::now();
    let mut set = tokio::task::JoinSet::new();
    for i in 0..count {
        while set.len() >= 32 {
            set.join_next().await.unwrap().unwrap();
        }
        let (c, container, name) = (client.clone(), container.to_string(), name(i));
        set.spawn(async move {
            c.put_blob(
                &container,
                &name,
                Bytes::from_static(b"x"),
                &BlobHttpHeaders::default(),
                &[],
                &Conditions::none(),
            )
            .await
            .unwrap();
        });
    }
    while let Some(r) = set.join_next().await {
        r.unwrap();
    }
    println!("seeded {count} blobs in {:.1} s", started.elapsed().as_secs_f64());
}

/// The floors' raw request: a GET with only the headers the service needs and a SharedKey signature, sent
/// with bare reqwest (no pipeline, no retries, no events).
pub fn signed_get(
    http: &reqwest::Client,
    account: &Account,
    service: Service,
    url: url::Url,
    extra: &[(&'static str, &'static str)],
) -> reqwest::RequestBuilder {
    let Credential::SharedKey(key) = &account.credential else {
        panic!("the floors sign with the account key")
    };
    let mut headers = HeaderMap::new();
    headers.insert("x-ms-version", HeaderValue::from_static(tessera::storage::API_VERSION));
    headers.insert(
        "x-ms-date",
        HeaderValue::from_str(&httpdate::fmt_http_date(SystemTime::now())).unwrap(),
    );
    for (name, value) in extra {
        headers.insert(*name, HeaderValue::from_static(value));
    }
    let input = SigningInput {
        method: "GET",
        url: &url,
        headers: &headers,
        content_length: 0,
    };
    let auth = sign_shared_key(service, &account.name, key, &input).authorization;
    headers.insert("authorization", HeaderValue::from_str(&auth).unwrap());
    http.get(url).headers(headers)
}

/// Runs `frames` frames of `draw` on a headless egui context (layout and tessellation: the CPU side of a
/// frame; presenting it on a GPU is not included), paced like a 60 Hz display, and returns each frame's ms.
pub fn frame_times(
    frames: usize,
    paced: bool,
    input: impl FnMut(usize) -> Vec<egui::Event>,
    draw: impl FnMut(&mut egui::Ui),
) -> Vec<f64> {
    frame_times_in(&egui::Context::default(), frames, paced, input, draw)
}

/// The same on a context that has drawn before (a window already up: its fonts loaded, its glyphs cached).
pub fn frame_times_in(
    ctx: &egui::Context,
    frames: usize,
    paced: bool,
    mut input: impl FnMut(usize) -> Vec<egui::Event>,
    mut draw: impl FnMut(&mut egui::Ui),
) -> Vec<f64> {
    let mut times = Vec::with_capacity(frames);
    for i in 0..frames {
        let raw = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1400.0, 900.0))),
            events: input(i),
            ..Default::default()
        };
        let started = Instant::now();
        let mut output = ctx.run_ui(raw, |ui| draw(ui));
        let _ = ctx.tessellate(output.shapes, output.pixels_per_point);
        // No GPU takes the font atlas' changes here (a debug build checks that someone did).
        output.textures_delta.clear();
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        times.push(ms);
        if paced && ms < 16.6 {
            std::thread::sleep(std::time::Duration::from_micros(((16.6 - ms) * 1000.0) as u64));
        }
    }
    times
}

/// The pointer at `at` and one wheel step of `delta` points (negative scrolls down).
pub fn wheel(at: egui::Pos2, delta: f32) -> Vec<egui::Event> {
    vec![
        egui::Event::PointerMoved(at),
        egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, delta),
            modifiers: egui::Modifiers::NONE,
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
        },
    ]
}

pub fn no_input(_: usize) -> Vec<egui::Event> {
    Vec::new()
}

/// The one chain of continuation tokens over `table`, every page fetched and parsed, nothing kept: how many
/// entities it read.
#[allow(dead_code)]
pub fn entity_chain(rt: &tokio::runtime::Runtime, client: &tessera::storage::Client, table: &str) -> usize {
    let mut n = 0;
    rt.block_on(
        client.for_each_entity_page(table, &tessera::storage::table::EntityQuery::default(), None, |page| {
            n += page.entities.len();
            std::hint::black_box(page);
            true
        }),
    )
    .unwrap();
    n
}

/// The floor of a blob listing: every page of `container` by its marker chain, `page` names a page, fetched and
/// parsed with nothing kept. Returns how many blobs it listed.
#[allow(dead_code)]
pub fn marker_chain(
    rt: &tokio::runtime::Runtime,
    client: &tessera::storage::Client,
    container: &str,
    page: u32,
) -> usize {
    let (mut n, mut marker) = (0, None);
    loop {
        let options = tessera::storage::blob::ListBlobsOptions {
            marker: marker.take(),
            max_results: Some(page),
            ..Default::default()
        };
        let listing = rt.block_on(client.list_blobs(container, &options)).unwrap();
        n += listing.blobs.len();
        match listing.next_marker {
            Some(m) => marker = Some(m),
            None => return n,
        }
    }
}

/// Writes `batches` (each an entity group transaction) into `table`, eight at a time: how the table benches seed.
pub async fn submit_batches(
    client: &Client,
    table: &str,
    batches: impl IntoIterator<Item = Vec<tessera::storage::table::BatchOperation>>,
) {
    let mut set = tokio::task::JoinSet::new();
    for ops in batches {
        while set.len() >= 8 {
            set.join_next().await.unwrap().unwrap();
        }
        let (c, t) = (client.clone(), table.to_string());
        set.spawn(async move { c.submit_batch(&t, &ops).await.expect("seed batch") });
    }
    while let Some(r) = set.join_next().await {
        r.unwrap();
    }
}
