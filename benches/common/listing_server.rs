//! A bench-only List Blobs server: a container of N generated blobs, listed flat or with a delimiter, with
//! prefixes, markers, `maxresults`, metadata and lease fields, in the service's documented XML shape. Signatures
//! are not checked. It is the floor the pane is measured against at a million blobs, which no emulator holds
//! here; correctness stays on Azurite (`tests/listing_server.rs` lists 1,000 blobs from both and compares).
#![allow(dead_code)]

use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use base64::Engine as _;
use md5::Digest as _;

use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};

/// What a generated blob is, from its place in the container: the same for the server and for a real
/// container seeded to compare with it.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    pub size: usize,
    pub content_type: &'static str,
    pub metadata: Vec<(String, String)>,
    /// None: no lease; Some(None): infinite; Some(Some(s)): fixed, s seconds.
    pub lease: Option<Option<u32>>,
}

pub fn spec(i: usize) -> Spec {
    Spec {
        size: 1 + i % 5,
        content_type: if i.is_multiple_of(3) {
            "text/plain"
        } else {
            "application/octet-stream"
        },
        metadata: if i.is_multiple_of(4) {
            vec![("kind".into(), format!("k{}", i % 8))]
        } else {
            Vec::new()
        },
        // A few in a thousand leased, as in a real container (each leased blob starts a lease timeline).
        lease: match i % 250 {
            0 => Some(None),
            125 => Some(Some(60)),
            _ => None,
        },
    }
}

/// A blob's bytes: its size in `x`.
pub fn content(spec: &Spec) -> Vec<u8> {
    vec![b'x'; spec.size]
}

/// `count` names, sorted as the service sorts them: flat (`item0000000.txt`), or in `folders` folders of equal
/// share (`folder0000/blob0000000.txt`).
pub fn names(count: usize, folders: usize) -> Vec<String> {
    let numbered = Names::numbered(count, folders);
    (0..count).map(|i| numbered.name(i).into_owned()).collect()
}

/// A container's names, sorted as the service sorts them: held in a list, or made from their place when asked
/// (ten million held would take some 400 MB of the process a bench measures, and minutes to make).
pub enum Names {
    Held(Vec<String>),
    /// `item0000000.txt`… (`folders` 0), or `folder0000/blob0000000.txt`… in `folders` folders of equal share:
    /// seven digits and four, so the names' order is their places' order.
    Numbered {
        count: usize,
        folders: usize,
    },
}

impl From<Vec<String>> for Names {
    fn from(names: Vec<String>) -> Names {
        Names::Held(names)
    }
}

impl Names {
    /// `count` numbered names made when asked for (see `names` for their form).
    pub fn numbered(count: usize, folders: usize) -> Names {
        assert!(
            count <= 10_000_000 && folders <= 10_000,
            "numbered names have seven digits, folders four"
        );
        Names::Numbered { count, folders }
    }

    pub fn len(&self) -> usize {
        match self {
            Names::Held(names) => names.len(),
            Names::Numbered { count, .. } => *count,
        }
    }

    pub fn name(&self, i: usize) -> std::borrow::Cow<'_, str> {
        match self {
            Names::Held(names) => names[i].as_str().into(),
            Names::Numbered { count, folders: 0 } => {
                debug_assert!(i < *count);
                format!("item{i:07}.txt").into()
            }
            Names::Numbered { count, folders } => {
                format!("folder{:04}/blob{i:07}.txt", i / count.div_ceil(*folders)).into()
            }
        }
    }

    /// The first place at or after `from` whose name fails `holds` (which holds for a run of names, then not).
    fn partition_point(&self, from: usize, holds: impl Fn(&str) -> bool) -> usize {
        let (mut low, mut high) = (from, self.len());
        while low < high {
            let mid = low + (high - low) / 2;
            if holds(&self.name(mid)) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        low
    }
}

struct Container {
    name: String,
    blobs: Names,
    /// Each blob's element but for its name and ETag, made once for every place in a period of the specs.
    templates: Templates,
}

/// The part of a blob's element that follows its ETag (its properties), and its `<Metadata>`, for each place
/// in `PERIOD`: `spec` repeats over it, so a page is copied together from these and two numbers, not formatted,
/// and the server holds the same few kilobytes at any size. A real service makes its answers on its own
/// machines: a page costs the machine that lists it about the copy of its bytes, not a share of the two cores
/// the client measured runs on.
struct Templates {
    tails: Vec<String>,
    metas: Vec<String>,
}

/// The places over which `spec` repeats: sizes over 5, content types 3, metadata 4 (its value 8), leases 250.
const PERIOD: usize = 3000;

impl Templates {
    fn new() -> Templates {
        let md5: Vec<String> = (1..=5)
            .map(|size| base64::engine::general_purpose::STANDARD.encode(md5::Md5::digest(vec![b'x'; size])))
            .collect();
        let (mut tails, mut metas) = (Vec::with_capacity(PERIOD), Vec::with_capacity(PERIOD));
        for i in 0..PERIOD {
            assert_eq!(spec(i), spec(i + PERIOD), "spec repeats over PERIOD places");
            let mut tail = String::new();
            blob_tail(&mut tail, i, &md5);
            tails.push(tail);
            let mut meta = String::new();
            blob_metadata(&mut meta, i);
            metas.push(meta);
        }
        Templates { tails, metas }
    }

    /// Blob `i`'s element, named `name`.
    fn write(&self, out: &mut String, name: &str, i: usize, metadata: bool) {
        out.push_str("<Blob><Name>");
        out.push_str(&escape(name));
        out.push_str(BLOB_TIMES);
        let _ = write!(out, "0x8DE2B{i:011X}");
        out.push_str(&self.tails[i % PERIOD]);
        if metadata {
            out.push_str(&self.metas[i % PERIOD]);
        }
        out.push_str(BLOB_END);
    }
}

impl Container {
    fn new(name: &str, blobs: Names) -> Container {
        Container {
            name: name.to_string(),
            blobs,
            templates: Templates::new(),
        }
    }
}

/// Every page of a flat listing of `blobs` in `container`, `page` blobs a page, as the server answers them (the
/// marker chain's bodies): what the parse benches feed the tab from memory, with no socket in between.
pub fn pages(container: &str, blobs: impl Into<Names>, page: usize) -> Vec<Vec<u8>> {
    let data = Container::new(container, blobs.into());
    let mut query = std::collections::HashMap::from([("maxresults".to_string(), page.to_string())]);
    let mut out = Vec::new();
    loop {
        let body = list(&query, &data);
        let next = body
            .split_once("<NextMarker>")
            .and_then(|(_, rest)| rest.split_once("</NextMarker>"))
            .map(|(m, _)| m.to_string());
        out.push(body.into_bytes());
        match next {
            // The generated names need no escaping, so the marker reads as it was written.
            Some(marker) => query.insert("marker".to_string(), marker),
            None => return out,
        };
    }
}

pub struct ListingServer {
    pub port: u16,
    /// Bytes of XML sent in listing answers, for the memory goal's "share of the XML".
    pub xml_bytes: Arc<AtomicU64>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for ListingServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl ListingServer {
    /// Serves `container` holding `blobs` (sorted) on a free loopback port.
    pub fn start(rt: &tokio::runtime::Runtime, container: &str, blobs: impl Into<Names>) -> ListingServer {
        ListingServer::start_with_delay(rt, container, blobs, std::time::Duration::ZERO)
    }

    /// The same, each answer held back `delay` (a round trip to a real region) before it is sent; requests on
    /// other connections are answered meanwhile, as a service answers them.
    pub fn start_with_delay(
        rt: &tokio::runtime::Runtime,
        container: &str,
        blobs: impl Into<Names>,
        delay: std::time::Duration,
    ) -> ListingServer {
        let data = Arc::new(Container::new(container, blobs.into()));
        let listener = rt.block_on(TcpListener::bind("127.0.0.1:0")).expect("a loopback port");
        let port = listener.local_addr().unwrap().port();
        let xml_bytes = Arc::new(AtomicU64::new(0));
        let counter = xml_bytes.clone();
        let task = rt.spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(serve(stream, data.clone(), counter.clone(), delay));
            }
        });
        ListingServer { port, xml_bytes, task }
    }

    /// An account whose blob endpoint is this server (the key signs requests nobody checks).
    pub fn account(&self) -> tessera::storage::Account {
        // Queue and table endpoints point at a port nobody listens on: only blobs are served.
        tessera::storage::Account::emulator_at("127.0.0.1", [self.port, 9, 9])
    }
}

async fn serve(mut stream: TcpStream, data: Arc<Container>, xml_bytes: Arc<AtomicU64>, delay: std::time::Duration) {
    let mut buf = Vec::with_capacity(4096);
    loop {
        let Some(super::request_head::Request { method, query, .. }) =
            super::request_head::next_request(&mut stream, &mut buf).await
        else {
            return;
        };
        let method = method.as_str();
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
        let (status, headers, body) = answer(method, &query, &data);
        if status == 200 && !body.is_empty() {
            xml_bytes.fetch_add(body.len() as u64, Ordering::Relaxed);
        }
        let mut response = format!(
            "HTTP/1.1 {status} {}\r\nContent-Type: application/xml\r\nx-ms-request-id: listing-{}\r\nx-ms-version: {}\r\nDate: {}\r\n{headers}Content-Length: {}\r\n\r\n",
            if status == 200 { "OK" } else { "Bad Request" },
            fastrand::u64(..),
            tessera::storage::API_VERSION,
            httpdate::fmt_http_date(std::time::SystemTime::now()),
            if method == "HEAD" { 0 } else { body.len() }
        )
        .into_bytes();
        if method != "HEAD" {
            response.extend_from_slice(body.as_bytes());
        }
        if stream.write_all(&response).await.is_err() {
            return;
        }
    }
}

const WHEN: &str = "Mon, 23 Nov 2026 01:00:00 GMT";

/// List Blobs, and Get Container Properties (the pane asks for both); anything else is refused.
fn answer(method: &str, query: &std::collections::HashMap<String, String>, data: &Container) -> (u16, String, String) {
    let get = |k: &str| query.get(k).map(String::as_str);
    match (method, get("restype"), get("comp")) {
        ("GET", Some("container"), Some("list")) => (200, String::new(), list(query, data)),
        ("GET" | "HEAD", Some("container"), None) => (
            200,
            format!(
                "ETag: \"0x8DE2B0000000000\"\r\nLast-Modified: {WHEN}\r\nx-ms-lease-status: unlocked\r\nx-ms-lease-state: available\r\n"
            ),
            String::new(),
        ),
        _ => (
            400,
            String::new(),
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><Error><Code>UnsupportedHttpVerb</Code><Message>The listing server answers List Blobs only.</Message></Error>".into(),
        ),
    }
}

fn list(query: &std::collections::HashMap<String, String>, data: &Container) -> String {
    let get = |k: &str| query.get(k).map(String::as_str).unwrap_or("");
    let (prefix, delimiter, marker) = (get("prefix"), get("delimiter"), get("marker"));
    let max = get("maxresults").parse::<usize>().unwrap_or(5000).clamp(1, 5000);
    let metadata = get("include").split(',').any(|i| i == "metadata");
    let blobs = &data.blobs;
    let start = blobs.partition_point(0, |n| n < prefix.max(marker));
    let mut out = String::with_capacity(max * 900);
    out.push_str("\u{feff}<?xml version=\"1.0\" encoding=\"utf-8\"?>");
    let _ = write!(
        out,
        "<EnumerationResults ServiceEndpoint=\"http://127.0.0.1/devstoreaccount1/\" ContainerName=\"{}\">",
        escape(&data.name)
    );
    for (tag, value) in [("Prefix", prefix), ("Marker", marker), ("Delimiter", delimiter)] {
        if !value.is_empty() {
            let _ = write!(out, "<{tag}>{}</{tag}>", escape(value));
        }
    }
    let _ = write!(out, "<MaxResults>{max}</MaxResults><Blobs>");
    let (mut i, mut listed) = (start, 0);
    while i < blobs.len() && listed < max {
        let name = blobs.name(i);
        if !name.starts_with(prefix) {
            break;
        }
        let rest = &name[prefix.len()..];
        if let Some(at) = (!delimiter.is_empty()).then(|| rest.find(delimiter)).flatten() {
            // A virtual folder: listed once, then every name under it skipped by a binary search.
            let folder = &name[..prefix.len() + at + delimiter.len()];
            let _ = write!(out, "<BlobPrefix><Name>{}</Name></BlobPrefix>", escape(folder));
            i = blobs.partition_point(i, |n| n.starts_with(folder));
        } else {
            data.templates.write(&mut out, &name, i, metadata);
            i += 1;
        }
        listed += 1;
    }
    out.push_str("</Blobs>");
    match (i < blobs.len())
        .then(|| blobs.name(i))
        .filter(|n| n.starts_with(prefix))
    {
        Some(next) => {
            let _ = write!(out, "<NextMarker>{}</NextMarker>", escape(&next));
        }
        None => out.push_str("<NextMarker />"),
    }
    out.push_str("</EnumerationResults>");
    out
}

const BLOB_END: &str = "<OrMetadata /></Blob>";

/// A blob's element from the end of its name to the start of its ETag's value.
const BLOB_TIMES: &str = "</Name><Properties><Creation-Time>Mon, 23 Nov 2026 01:00:00 GMT</Creation-Time>\
    <Last-Modified>Mon, 23 Nov 2026 01:00:00 GMT</Last-Modified><Etag>";

/// A blob's element from the end of its ETag's value to the end of its properties.
fn blob_tail(out: &mut String, i: usize, md5: &[String]) {
    let s = spec(i);
    let (status, state, duration) = match s.lease {
        None => ("unlocked", "available", ""),
        Some(None) => ("locked", "leased", "<LeaseDuration>infinite</LeaseDuration>"),
        Some(Some(_)) => ("locked", "leased", "<LeaseDuration>fixed</LeaseDuration>"),
    };
    let _ = write!(
        out,
        "</Etag><Content-Length>{}</Content-Length><Content-Type>{}</Content-Type>\
         <Content-Encoding /><Content-Language /><Content-CRC64 /><Content-MD5>{}</Content-MD5><Cache-Control />\
         <Content-Disposition /><BlobType>BlockBlob</BlobType><AccessTier>Hot</AccessTier>\
         <AccessTierInferred>true</AccessTierInferred><LeaseStatus>{status}</LeaseStatus><LeaseState>{state}</LeaseState>\
         {duration}<ServerEncrypted>true</ServerEncrypted></Properties>",
        s.size,
        s.content_type,
        md5[s.size - 1],
    );
}

/// A blob's `<Metadata>` element.
fn blob_metadata(out: &mut String, i: usize) {
    out.push_str("<Metadata>");
    for (k, v) in &spec(i).metadata {
        let _ = write!(out, "<{k}>{}</{k}>", escape(v));
    }
    out.push_str("</Metadata>");
}

fn escape(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.contains(['&', '<', '>', '"', '\'']) {
        return s.into();
    }
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
        .into()
}
