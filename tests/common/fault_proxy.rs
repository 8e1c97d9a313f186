//! A small HTTP proxy on loopback that forwards to Azurite but injects faults: on chosen requests, in order, or
//! on a share of all requests at random (a seeded draw): an error status (503 ServerBusy with Retry-After, 500
//! OperationTimedOut, 408), a reset before the service saw the request, a reset after it did (the write
//! happened, the answer is lost), a stall, a body broken off, a request changed after it was signed, a
//! response without its Content-Length. A round-trip latency with jitter and a bandwidth limit slow every
//! request as a real link does. It counts every fault it injects by kind and keeps the heads of the requests
//! it saw, as they came on the wire. Tests and benchmarks (the soak) share it.

#![allow(dead_code)]

use std::collections::{BTreeMap, VecDeque};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

#[derive(Clone, Debug)]
pub enum Fault {
    /// Answer with this status and Retry-After seconds instead of forwarding.
    Status { status: u16, retry_after: Option<u32> },
    /// Read the whole request, then reset the connection without answering.
    Reset,
    /// Forward the request after this pause (a slow service).
    Delay(std::time::Duration),
    /// Forward the request untouched (to let some requests through before a fault).
    Pass,
    /// Forward the request, then send only the first half of the response and close: a body broken off.
    Truncate,
    /// Answer an entity query with no entities but a continuation token, as Azure may when a filter matches
    /// nothing in the partitions one request got to.
    EmptyEntityPage {
        next_partition_key: String,
        next_row_key: String,
    },
    /// Forward the request with one more `x-ms-meta-*` header than it was signed with: a proxy that changes
    /// requests, so the service refuses the signature although the key is right.
    Tamper,
    /// Forward the request, and drop Content-Length from the response's head (as some proxies do on HEAD).
    DropContentLength,
    /// Forward the request (the service carries it out), then reset the connection instead of answering.
    ResetAfterForward,
    /// Hold the request without forwarding it for this long, then reset: a stall past the read timeout.
    Stall(std::time::Duration),
    /// Forward the request with one byte of its body changed: a block damaged on the way.
    Corrupt,
}

impl Fault {
    /// The fault's kind, as the counts name it.
    pub fn kind(&self) -> &'static str {
        match self {
            Fault::Status { status: 503, .. } => "503 ServerBusy",
            Fault::Status { status: 500, .. } => "500 OperationTimedOut",
            Fault::Status { status: 408, .. } => "408 RequestTimeout",
            Fault::Status { .. } => "other status",
            Fault::Reset => "reset before the service saw it",
            Fault::ResetAfterForward => "reset after the service did it",
            Fault::Delay(_) => "delay",
            Fault::Pass => "pass",
            Fault::Truncate => "body cut halfway",
            Fault::EmptyEntityPage { .. } => "empty page with a token",
            Fault::Tamper => "tampered",
            Fault::DropContentLength => "no content-length",
            Fault::Stall(_) => "stall past the read timeout",
            Fault::Corrupt => "body changed on the way",
        }
    }

    /// The service's error code for an injected status.
    fn code(status: u16) -> &'static str {
        match status {
            500 => "OperationTimedOut",
            408 => "RequestTimeout",
            _ => "ServerBusy",
        }
    }
}

/// Faults on a share of all requests, drawn with a seeded generator so a run can be repeated.
struct RandomFaults {
    share: f64,
    kinds: Vec<Fault>,
    rng: fastrand::Rng,
}

pub struct FaultProxy {
    pub port: u16,
    shared: Shared,
}

/// A link's bandwidth, shared by every connection through the proxy (one uplink, one downlink), in bytes a
/// second (0 is unlimited), and its round-trip latency with jitter.
#[derive(Default)]
struct Link {
    up: Throttle,
    down: Throttle,
    latency: Mutex<(std::time::Duration, std::time::Duration)>,
}

#[derive(Default)]
struct Throttle {
    rate: std::sync::atomic::AtomicU64,
    next_free: Mutex<Option<tokio::time::Instant>>,
}

impl Throttle {
    /// Waits until `n` more bytes fit the rate, in turn with every other connection.
    async fn pass(&self, n: usize) {
        let rate = self.rate.load(Ordering::Relaxed);
        if rate == 0 {
            return;
        }
        let cost = std::time::Duration::from_secs_f64(n as f64 / rate as f64);
        let done = {
            let mut next = self.next_free.lock().unwrap();
            let now = tokio::time::Instant::now();
            let start = next.filter(|t| *t > now).unwrap_or(now);
            *next = Some(start + cost);
            start + cost
        };
        tokio::time::sleep_until(done).await;
    }
}

impl FaultProxy {
    /// Starts a proxy in front of `upstream_port` on the current tokio runtime.
    pub async fn start(upstream_port: u16) -> FaultProxy {
        // A small receive window, so a throttled upload is held back in the sender, not in this socket.
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(64 * 1024).unwrap();
        socket.bind(SocketAddr::from(([127, 0, 0, 1], 0))).unwrap();
        let listener: TcpListener = socket.listen(128).unwrap();
        let port = listener.local_addr().unwrap().port();
        let shared = Shared {
            upstream_port,
            faults: Arc::default(),
            always: Arc::default(),
            matching: Arc::default(),
            matching_once: Arc::default(),
            random: Arc::default(),
            counts: Arc::default(),
            requests: Arc::default(),
            heads: Arc::default(),
            link: Arc::default(),
        };
        let accepting = shared.clone();
        tokio::spawn(async move {
            let shared = accepting;
            loop {
                let Ok((socket, _)) = listener.accept().await else {
                    return;
                };
                let shared = shared.clone();
                tokio::spawn(async move {
                    let _ = serve(socket, shared).await;
                });
            }
        });
        FaultProxy { port, shared }
    }

    /// Limits the link to this many bytes a second each way (None: unlimited).
    pub fn bandwidth(&self, bytes_per_second: Option<u64>) {
        let rate = bytes_per_second.unwrap_or(0);
        self.shared.link.up.rate.store(rate, Ordering::Relaxed);
        self.shared.link.down.rate.store(rate, Ordering::Relaxed);
    }

    /// Every request waits this round trip, give or take up to `jitter`, before it is handled.
    pub fn latency(&self, round_trip: std::time::Duration, jitter: std::time::Duration) {
        *self.shared.link.latency.lock().unwrap() = (round_trip, jitter);
    }

    /// The heads of the requests seen so far (request line and headers), as they came on the wire.
    pub fn heads(&self) -> Vec<String> {
        self.shared.heads.lock().unwrap().clone()
    }

    /// The next requests meet these faults, in order; after them requests pass through.
    pub fn inject(&self, faults: impl IntoIterator<Item = Fault>) {
        self.shared.faults.lock().unwrap().extend(faults);
    }

    /// Every request meets this fault until cleared.
    pub fn always(&self, fault: Option<Fault>) {
        *self.shared.always.lock().unwrap() = fault;
    }

    /// Every request whose request line (method, path and query) contains `pattern` meets `fault` until cleared
    /// (None); the others go on as before. One kind of request fails while the rest of a screen still loads.
    pub fn fail_matching(&self, pattern: &str, fault: Option<Fault>) {
        *self.shared.matching.lock().unwrap() = fault.map(|f| (pattern.to_string(), f));
    }

    /// The next requests whose request line contains `pattern` meet `faults`, in order; after them those requests
    /// pass as the rest do. One kind of request fails once while the others go on.
    pub fn inject_matching(&self, pattern: &str, faults: impl IntoIterator<Item = Fault>) {
        *self.shared.matching_once.lock().unwrap() = Some((pattern.to_string(), faults.into_iter().collect()));
    }

    /// A `share` (0..1) of the requests meet one of `kinds`, drawn with `seed`; None stops it.
    pub fn random_faults(&self, faults: Option<(f64, Vec<Fault>, u64)>) {
        *self.shared.random.lock().unwrap() = faults.map(|(share, kinds, seed)| RandomFaults {
            share,
            kinds,
            rng: fastrand::Rng::with_seed(seed),
        });
    }

    /// The faults injected so far, by kind.
    pub fn fault_counts(&self) -> BTreeMap<&'static str, usize> {
        self.shared.counts.lock().unwrap().clone()
    }

    /// Requests that reached the proxy so far.
    pub fn requests(&self) -> usize {
        self.shared.requests.load(Ordering::SeqCst)
    }
}

#[derive(Clone)]
struct Shared {
    upstream_port: u16,
    faults: Arc<Mutex<VecDeque<Fault>>>,
    always: Arc<Mutex<Option<Fault>>>,
    matching: Arc<Mutex<Option<(String, Fault)>>>,
    matching_once: Arc<Mutex<Option<FaultsFor>>>,
    random: Arc<Mutex<Option<RandomFaults>>>,
    counts: Arc<Mutex<BTreeMap<&'static str, usize>>>,
    requests: Arc<AtomicUsize>,
    heads: Arc<Mutex<Vec<String>>>,
    link: Arc<Link>,
}

/// Faults for the requests whose request line holds a pattern, in order.
type FaultsFor = (String, VecDeque<Fault>);

impl Shared {
    /// The fault this request meets: the next injected for requests like it, else the one for requests like it,
    /// else the next injected one, else the standing one, else a random draw.
    fn next_fault(&self, request_line: &str) -> Option<Fault> {
        let once = self
            .matching_once
            .lock()
            .unwrap()
            .as_mut()
            .filter(|(pattern, _)| request_line.contains(pattern.as_str()))
            .and_then(|(_, faults)| faults.pop_front());
        let matched = once.or_else(|| {
            self.matching
                .lock()
                .unwrap()
                .as_ref()
                .filter(|(pattern, _)| request_line.contains(pattern.as_str()))
                .map(|(_, fault)| fault.clone())
        });
        let fault = matched
            .or_else(|| self.faults.lock().unwrap().pop_front())
            .or_else(|| self.always.lock().unwrap().clone())
            .or_else(|| {
                let mut random = self.random.lock().unwrap();
                let r = random.as_mut()?;
                (r.rng.f64() < r.share && !r.kinds.is_empty()).then(|| r.kinds[r.rng.usize(..r.kinds.len())].clone())
            });
        if let Some(f) = fault.as_ref().filter(|f| !matches!(f, Fault::Pass)) {
            *self.counts.lock().unwrap().entry(f.kind()).or_default() += 1;
        }
        fault
    }

    /// The link's round trip for one request, with its jitter.
    async fn wait_latency(&self) {
        let (rtt, jitter) = *self.link.latency.lock().unwrap();
        if rtt.is_zero() && jitter.is_zero() {
            return;
        }
        let extra = jitter.mul_f64(fastrand::f64());
        tokio::time::sleep(rtt + extra).await;
    }
}

async fn serve(mut client: TcpStream, shared: Shared) -> std::io::Result<()> {
    let upstream_port = shared.upstream_port;
    loop {
        let Some(request) = read_request(&mut client, &shared.link).await? else {
            return Ok(());
        };
        shared.requests.fetch_add(1, Ordering::SeqCst);
        if let Some(end) = find(&request, b"\r\n\r\n") {
            shared
                .heads
                .lock()
                .unwrap()
                .push(String::from_utf8_lossy(&request[..end]).into_owned());
        }
        let line_end = find(&request, b"\r\n").unwrap_or(request.len());
        let fault = shared.next_fault(&String::from_utf8_lossy(&request[..line_end]));
        shared.wait_latency().await;
        let respond = |response: Vec<u8>| send_limited(response, shared.link.clone());
        match fault {
            Some(Fault::Status { status, retry_after }) => {
                let retry = retry_after.map(|s| format!("Retry-After: {s}\r\n")).unwrap_or_default();
                let code = Fault::code(status);
                let body = format!(
                    "<?xml version=\"1.0\"?><Error><Code>{code}</Code><Message>injected {status}</Message></Error>"
                );
                let head = format!(
                    "HTTP/1.1 {status} Injected\r\n{retry}x-ms-error-code: {code}\r\nx-ms-request-id: injected\r\nContent-Length: {}\r\n\r\n",
                    body.len()
                );
                client.write_all(head.as_bytes()).await?;
                client.write_all(body.as_bytes()).await?;
            }
            Some(Fault::EmptyEntityPage {
                next_partition_key,
                next_row_key,
            }) => {
                let body = r#"{"value":[]}"#;
                let head = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json;odata=minimalmetadata\r\n\
                     x-ms-continuation-NextPartitionKey: {next_partition_key}\r\n\
                     x-ms-continuation-NextRowKey: {next_row_key}\r\nx-ms-request-id: injected\r\n\
                     Content-Length: {}\r\n\r\n",
                    body.len()
                );
                client.write_all(head.as_bytes()).await?;
                client.write_all(body.as_bytes()).await?;
            }
            Some(Fault::Truncate) => {
                let response = forward(&request, upstream_port).await?;
                respond(response[..response.len() / 2].to_vec())
                    .write_to(&mut client)
                    .await?;
                return Ok(());
            }
            Some(Fault::Reset) => {
                // Linger 0 turns the close into a TCP reset.
                client.set_zero_linger()?;
                return Ok(());
            }
            Some(Fault::ResetAfterForward) => {
                forward(&request, upstream_port).await?;
                client.set_zero_linger()?;
                return Ok(());
            }
            Some(Fault::Stall(pause)) => {
                tokio::time::sleep(pause).await;
                client.set_zero_linger()?;
                return Ok(());
            }
            Some(Fault::Delay(pause)) => {
                tokio::time::sleep(pause).await;
                let response = forward(&request, upstream_port).await?;
                respond(response).write_to(&mut client).await?;
                return Ok(());
            }
            Some(Fault::Tamper) => {
                let head_end = find(&request, b"\r\n\r\n").unwrap();
                let mut changed = request[..head_end].to_vec();
                changed.extend_from_slice(b"\r\nx-ms-meta-tampered: by-a-proxy");
                changed.extend_from_slice(&request[head_end..]);
                let response = forward(&changed, upstream_port).await?;
                respond(response).write_to(&mut client).await?;
                return Ok(());
            }
            Some(Fault::Corrupt) => {
                let head_end = find(&request, b"\r\n\r\n").unwrap() + 4;
                let mut changed = request.clone();
                if changed.len() > head_end {
                    let middle = head_end + (changed.len() - head_end) / 2;
                    changed[middle] ^= 0xff;
                }
                let response = forward(&changed, upstream_port).await?;
                respond(response).write_to(&mut client).await?;
                return Ok(());
            }
            Some(Fault::DropContentLength) => {
                let response = forward(&request, upstream_port).await?;
                let head_end = find(&response, b"\r\n\r\n").unwrap();
                let head: String = String::from_utf8_lossy(&response[..head_end])
                    .split("\r\n")
                    .filter(|l| !l.to_ascii_lowercase().starts_with("content-length:"))
                    .map(|l| format!("{l}\r\n"))
                    .collect();
                let mut changed = head.into_bytes();
                changed.extend_from_slice(b"\r\n");
                changed.extend_from_slice(&response[head_end + 4..]);
                respond(changed).write_to(&mut client).await?;
                return Ok(());
            }
            Some(Fault::Pass) | None => {
                let response = forward(&request, upstream_port).await?;
                respond(response).write_to(&mut client).await?;
                return Ok(());
            }
        }
    }
}

/// A response on its way back over the link's downlink.
struct Limited {
    bytes: Vec<u8>,
    link: Arc<Link>,
}

fn send_limited(bytes: Vec<u8>, link: Arc<Link>) -> Limited {
    Limited { bytes, link }
}

impl Limited {
    async fn write_to(self, client: &mut TcpStream) -> std::io::Result<()> {
        for piece in self.bytes.chunks(8192) {
            self.link.down.pass(piece.len()).await;
            client.write_all(piece).await?;
        }
        Ok(())
    }
}

/// Reads one request (head and Content-Length body); None when the client closed the connection.
async fn read_request(stream: &mut TcpStream, link: &Link) -> std::io::Result<Option<Vec<u8>>> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        if let Some(pos) = find(&buf, b"\r\n\r\n") {
            break pos + 4;
        }
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            return Ok(None);
        }
        link.up.pass(n).await;
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_ascii_lowercase();
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    while buf.len() < head_end + length {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            break;
        }
        // Read no faster than the uplink: the sender's buffers fill, and it slows down as on a real link.
        link.up.pass(n).await;
        buf.extend_from_slice(&chunk[..n]);
    }
    Ok(Some(buf))
}

/// Sends the request upstream with `Connection: close` and returns the whole response.
async fn forward(request: &[u8], upstream_port: u16) -> std::io::Result<Vec<u8>> {
    let head_end = find(request, b"\r\n\r\n").unwrap() + 4;
    let head = String::from_utf8_lossy(&request[..head_end - 4]);
    let mut rewritten: String = head
        .lines()
        .filter(|l| !l.to_ascii_lowercase().starts_with("connection:"))
        .map(|l| format!("{l}\r\n"))
        .collect();
    rewritten.push_str("Connection: close\r\n\r\n");
    let mut upstream = TcpStream::connect(SocketAddr::from(([127, 0, 0, 1], upstream_port))).await?;
    upstream.write_all(rewritten.as_bytes()).await?;
    // The service may answer before it has read the body (a refused header) and close: its answer still counts.
    let sent = upstream.write_all(&request[head_end..]).await;
    let mut response = Vec::new();
    let read = upstream.read_to_end(&mut response).await;
    if response.is_empty() {
        sent?;
        read?;
    }
    // The client expects to reuse the connection; tell it this one ends here.
    Ok(response)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Starts a proxy in front of each service of an emulator (its blob, queue and table ports) and points the
/// account's endpoints at them. Returns the proxies: blob, queue, table.
pub async fn route_through_proxies(account: &mut tessera::storage::Account, ports: [u16; 3]) -> [FaultProxy; 3] {
    let [blob, queue, table] = ports;
    let proxies = [
        FaultProxy::start(blob).await,
        FaultProxy::start(queue).await,
        FaultProxy::start(table).await,
    ];
    for (endpoint, proxy) in [
        &mut account.blob_endpoint,
        &mut account.queue_endpoint,
        &mut account.table_endpoint,
    ]
    .into_iter()
    .zip(&proxies)
    {
        endpoint
            .as_mut()
            .expect("an emulator account has every endpoint")
            .set_port(Some(proxy.port))
            .unwrap();
    }
    proxies
}
