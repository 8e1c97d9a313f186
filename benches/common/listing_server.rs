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

use tokio::io::{AsyncReadExt, AsyncWriteExt};
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
    let mut names: Vec<String> = (0..count)
        .map(|i| {
            if folders == 0 {
                format!("item{i:07}.txt")
            } else {
                let per = count.div_ceil(folders);
                format!("folder{:04}/blob{i:07}.txt", i / per)
            }
        })
        .collect();
    names.sort_unstable();
    names
}

struct Container {
    name: String,
    blobs: Vec<String>,
    md5: Vec<String>,
    /// Every blob's XML made before the first request, when asked for: see `start_with_delay`.
    rendered: Option<Rendered>,
}

/// Each blob's `<Blob>` element made once: its name and properties, and its metadata, as slices of two strings
/// (`heads[head_at[i]..head_at[i + 1]]`). A page is then copied together, not formatted.
struct Rendered {
    heads: String,
    head_at: Vec<usize>,
    metas: String,
    meta_at: Vec<usize>,
}

impl Rendered {
    fn new(blobs: &[String], md5: &[String]) -> Rendered {
        let mut r = Rendered {
            heads: String::with_capacity(blobs.len() * 700),
            head_at: vec![0],
            metas: String::new(),
            meta_at: vec![0],
        };
        for (i, name) in blobs.iter().enumerate() {
            blob_head(&mut r.heads, name, i, md5);
            r.head_at.push(r.heads.len());
            blob_metadata(&mut r.metas, i);
            r.meta_at.push(r.metas.len());
        }
        r
    }
}

impl Container {
    fn new(name: &str, blobs: Vec<String>, prerendered: bool) -> Container {
        let md5: Vec<String> = (1..=5)
            .map(|size| base64::engine::general_purpose::STANDARD.encode(md5::Md5::digest(vec![b'x'; size])))
            .collect();
        let rendered = prerendered.then(|| Rendered::new(&blobs, &md5));
        Container {
            name: name.to_string(),
            blobs,
            md5,
            rendered,
        }
    }
}

/// Every page of a flat listing of `blobs` in `container`, `page` blobs a page, as the server answers them (the
/// marker chain's bodies): what the parse benches feed the tab from memory, with no socket in between.
pub fn pages(container: &str, blobs: Vec<String>, page: usize) -> Vec<Vec<u8>> {
    let data = Container::new(container, blobs, false);
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
    pub fn start(rt: &tokio::runtime::Runtime, container: &str, blobs: Vec<String>) -> ListingServer {
        ListingServer::serve_container(rt, container, blobs, std::time::Duration::ZERO, false)
    }

    /// As `start`, with every blob's XML made before the first request (as `start_with_delay` does).
    pub fn start_prerendered(rt: &tokio::runtime::Runtime, container: &str, blobs: Vec<String>) -> ListingServer {
        ListingServer::serve_container(rt, container, blobs, std::time::Duration::ZERO, true)
    }

    /// The same, each answer held back `delay` (a round trip to a real region) before it is sent; requests on
    /// other connections are answered meanwhile, as a service answers them. Every blob's XML is made before the
    /// first request: a real service makes its answers on its own machines, so a page costs the machine that
    /// lists it only the copy of its bytes, not the formatting (which would take a share of the two cores from
    /// the client measured). `start` keeps making pages as they are asked for: its benches measure the process's
    /// memory, which a million pre-made elements would swell.
    pub fn start_with_delay(
        rt: &tokio::runtime::Runtime,
        container: &str,
        blobs: Vec<String>,
        delay: std::time::Duration,
    ) -> ListingServer {
        ListingServer::serve_container(rt, container, blobs, delay, true)
    }

    fn serve_container(
        rt: &tokio::runtime::Runtime,
        container: &str,
        blobs: Vec<String>,
        delay: std::time::Duration,
        prerendered: bool,
    ) -> ListingServer {
        let data = Arc::new(Container::new(container, blobs, prerendered));
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
        let head_end = loop {
            if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break i + 4;
            }
            let mut chunk = [0u8; 4096];
            match stream.read(&mut chunk).await {
                Ok(0) | Err(_) => return,
                Ok(n) => buf.extend_from_slice(&chunk[..n]),
            }
        };
        let head = String::from_utf8_lossy(&buf[..head_end]).to_string();
        buf.drain(..head_end);
        let mut words = head.split_whitespace();
        let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or("/"));
        let url = url::Url::parse(&format!("http://listing{target}")).expect("a request target");
        let query: std::collections::HashMap<String, String> = url.query_pairs().into_owned().collect();
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
    let start = blobs.partition_point(|n| n.as_str() < prefix.max(marker));
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
    while i < blobs.len() && blobs[i].starts_with(prefix) && listed < max {
        let name = &blobs[i];
        let rest = &name[prefix.len()..];
        if let Some(at) = (!delimiter.is_empty()).then(|| rest.find(delimiter)).flatten() {
            // A virtual folder: listed once, then every name under it skipped by a binary search.
            let folder = &name[..prefix.len() + at + delimiter.len()];
            let _ = write!(out, "<BlobPrefix><Name>{}</Name></BlobPrefix>", escape(folder));
            i += blobs[i..].partition_point(|n| n.starts_with(folder));
        } else {
            match &data.rendered {
                Some(r) => {
                    out.push_str(&r.heads[r.head_at[i]..r.head_at[i + 1]]);
                    if metadata {
                        out.push_str(&r.metas[r.meta_at[i]..r.meta_at[i + 1]]);
                    }
                    out.push_str(BLOB_END);
                }
                None => blob_xml(&mut out, name, i, metadata, data),
            }
            i += 1;
        }
        listed += 1;
    }
    out.push_str("</Blobs>");
    match blobs.get(i).filter(|n| n.starts_with(prefix)) {
        Some(next) => {
            let _ = write!(out, "<NextMarker>{}</NextMarker>", escape(next));
        }
        None => out.push_str("<NextMarker />"),
    }
    out.push_str("</EnumerationResults>");
    out
}

fn blob_xml(out: &mut String, name: &str, i: usize, metadata: bool, data: &Container) {
    blob_head(out, name, i, &data.md5);
    if metadata {
        blob_metadata(out, i);
    }
    out.push_str(BLOB_END);
}

const BLOB_END: &str = "<OrMetadata /></Blob>";

/// A blob's element up to the end of its properties.
fn blob_head(out: &mut String, name: &str, i: usize, md5: &[String]) {
    let s = spec(i);
    let (status, state, duration) = match s.lease {
        None => ("unlocked", "available", ""),
        Some(None) => ("locked", "leased", "<LeaseDuration>infinite</LeaseDuration>"),
        Some(Some(_)) => ("locked", "leased", "<LeaseDuration>fixed</LeaseDuration>"),
    };
    let _ = write!(
        out,
        "<Blob><Name>{}</Name><Properties><Creation-Time>{WHEN}</Creation-Time><Last-Modified>{WHEN}</Last-Modified>\
         <Etag>0x8DE2B{i:011X}</Etag><Content-Length>{}</Content-Length><Content-Type>{}</Content-Type>\
         <Content-Encoding /><Content-Language /><Content-CRC64 /><Content-MD5>{}</Content-MD5><Cache-Control />\
         <Content-Disposition /><BlobType>BlockBlob</BlobType><AccessTier>Hot</AccessTier>\
         <AccessTierInferred>true</AccessTierInferred><LeaseStatus>{status}</LeaseStatus><LeaseState>{state}</LeaseState>\
         {duration}<ServerEncrypted>true</ServerEncrypted></Properties>",
        escape(name),
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
