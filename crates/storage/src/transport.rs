//! What sits under the pipeline: the silence watchdog that lets a slow link upload for as long as it keeps
//! moving, the exact-case transport that sends and reads `x-ms-meta-*` names in the case the user gave (hyper,
//! under reqwest, writes and reads every header name in lower case), and the certificate file an account trusts.
//! A request that got no answer is `no_answer`'s.

use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use bytes::Bytes;
use futures_util::Stream;
use http_body_util::{BodyExt, StreamBody};
use hyper::body::Frame;
use hyper::client::conn::http1;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::connect::proxy::Tunnel;
use hyper_util::client::proxy::matcher::{Intercept, Matcher};
use hyper_util::rt::TokioIo;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use rustls::pki_types::CertificateDer;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tower_service::Service;
use url::Url;

use crate::no_answer::TransportFailure;
use crate::words::{Said, said};

/// A request body is handed to the connection in pieces of this size, each one proof that the link moves.
pub const UPLOAD_PIECE: usize = 64 * 1024;

/// Names under `.invalid` never resolve (RFC 6761), so asking a resolver about one only sends a query off the
/// machine and waits for its answer.
pub fn never_resolves(host: &str) -> bool {
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    host == "invalid" || host.ends_with(".invalid")
}

/// When bytes last moved for one attempt. The watchdog fails an attempt only after a whole read timeout of
/// silence, so a large block on a slow uplink uploads for as long as it takes.
pub struct Activity {
    start: Instant,
    last_ms: AtomicU64,
}

impl Default for Activity {
    fn default() -> Self {
        Self::new()
    }
}

impl Activity {
    pub fn new() -> Self {
        Activity {
            start: Instant::now(),
            last_ms: AtomicU64::new(0),
        }
    }

    pub fn touch(&self) {
        self.last_ms
            .store(self.start.elapsed().as_millis() as u64, Ordering::Relaxed);
    }

    fn last(&self) -> Instant {
        self.start + Duration::from_millis(self.last_ms.load(Ordering::Relaxed))
    }

    /// Runs `work` until it ends, or until nothing has moved for `limit`.
    pub async fn limit<F: std::future::Future>(&self, work: F, limit: Duration) -> Result<F::Output, TransportFailure> {
        tokio::pin!(work);
        loop {
            let deadline = self.last() + limit;
            tokio::select! {
                out = &mut work => return Ok(out),
                _ = tokio::time::sleep_until(deadline.into()) => {
                    if self.last() + limit <= Instant::now() {
                        return Err(TransportFailure::silence(limit));
                    }
                }
            }
        }
    }
}

/// A body as a stream of pieces (slices of the same buffer, no copy); each piece taken counts as activity.
pub fn pieces(body: Bytes, activity: Arc<Activity>) -> impl Stream<Item = Result<Bytes, std::io::Error>> + Send {
    futures_util::stream::unfold((body, activity), |(mut rest, activity)| async move {
        if rest.is_empty() {
            return None;
        }
        let piece = rest.split_to(rest.len().min(UPLOAD_PIECE));
        activity.touch();
        Some((Ok(piece), (rest, activity)))
    })
}

/// What the exact-case transport brings back: the body read whole, and the header names as they came.
pub struct ExactAnswer {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Bytes,
    pub wire_names: Vec<String>,
}

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// Whether a URL points at this computer (where plain HTTP never leaves the machine).
pub(crate) fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

/// The account's extra certificate for both transports: as rustls takes it, and as reqwest does.
pub fn trusted_roots(
    path: Option<&std::path::Path>,
) -> Result<(Vec<CertificateDer<'static>>, Vec<reqwest::Certificate>), Said> {
    let Some(path) = path else {
        return Ok((Vec::new(), Vec::new()));
    };
    let ders = read_pem_certificates(path)?;
    let certs = ders
        .iter()
        .map(|der| reqwest::Certificate::from_der(der))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| {
            said!(
                "error-certificate-unusable",
                path = path.display().to_string(),
                error = e.to_string()
            )
        })?;
    Ok((ders, certs))
}

/// The certificates of a PEM file the user chose to trust, with words for what is wrong with it.
pub fn read_pem_certificates(path: &std::path::Path) -> Result<Vec<CertificateDer<'static>>, Said> {
    use rustls::pki_types::pem::PemObject;
    let file = || path.display().to_string();
    let iter = CertificateDer::pem_file_iter(path)
        .map_err(|e| said!("error-certificate-unreadable", path = file(), error = e.to_string()))?;
    let certs = iter
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| said!("error-certificate-not-pem", path = file(), error = e.to_string()))?;
    if certs.is_empty() {
        return Err(said!("error-certificate-empty", path = file()));
    }
    Ok(certs)
}

/// A connection made by the exact-case transport, plain or TLS.
pub trait Io: AsyncRead + AsyncWrite + Send + Unpin {}
impl<T: AsyncRead + AsyncWrite + Send + Unpin> Io for T {}

/// One HTTP/1.1 exchange per request on its own connection, made the way reqwest makes one (the same proxy
/// decision from the environment, CONNECT for HTTPS, the platform's certificate verifier), with header names
/// written in the caller's case and the response's names read as they came. Used only where case matters:
/// requests that carry metadata names with capitals, and reads of metadata.
pub struct ExactCase {
    http: HttpConnector,
    proxies: Matcher,
    connect_timeout: Duration,
    /// Built on first use: loading the platform's roots costs, and most clients never need this. A failure is
    /// kept in rustls's words, and said in the words of the request that meets it.
    tls: OnceLock<Result<Arc<rustls::ClientConfig>, Said>>,
    /// The account's own certificate, trusted beside the platform's roots.
    extra_roots: Vec<CertificateDer<'static>>,
}

impl ExactCase {
    pub fn new(connect_timeout: Duration, extra_roots: Vec<CertificateDer<'static>>) -> Result<Self, Said> {
        let mut http = HttpConnector::new();
        http.enforce_http(false);
        http.set_nodelay(true);
        Ok(ExactCase {
            http,
            proxies: crate::proxy::matcher(),
            connect_timeout,
            tls: OnceLock::new(),
            extra_roots,
        })
    }

    fn tls(&self) -> Result<Arc<rustls::ClientConfig>, Said> {
        let made = self
            .tls
            .get_or_init(|| {
                use rustls_platform_verifier::BuilderVerifierExt;
                let provider = rustls::crypto::CryptoProvider::get_default()
                    .cloned()
                    .unwrap_or_else(|| Arc::new(rustls::crypto::ring::default_provider()));
                let builder = rustls::ClientConfig::builder_with_provider(provider.clone())
                    .with_safe_default_protocol_versions()
                    .map_err(|e| Said::text(e.to_string()))?;
                let builder = if self.extra_roots.is_empty() {
                    builder.with_platform_verifier()
                } else {
                    rustls_platform_verifier::Verifier::new_with_extra_roots(self.extra_roots.clone(), provider)
                        .map(|v| builder.dangerous().with_custom_certificate_verifier(Arc::new(v)))
                }
                .map_err(|e| Said::text(e.to_string()))?;
                let mut config = builder.with_no_client_auth();
                // HTTP/2 would lower-case the names again.
                config.alpn_protocols = vec![b"http/1.1".to_vec()];
                Ok(Arc::new(config))
            })
            .clone();
        made.map_err(|e| said!("error-transport-tls-setup", error = e))
    }

    /// Sends one request. `headers` are the signed (lower-case) headers; `names` the request's header names in
    /// the case they must travel.
    pub async fn send(
        &self,
        method: &reqwest::Method,
        url: &Url,
        headers: &HeaderMap,
        names: &[&str],
        body: Bytes,
        read_timeout: Duration,
    ) -> Result<ExactAnswer, TransportFailure> {
        let uri: http::Uri = url
            .as_str()
            .parse()
            .map_err(|e: http::uri::InvalidUri| TransportFailure::other(&e, true))?;
        let proxy = self.proxies.intercept(&uri);
        let https = uri.scheme() == Some(&http::uri::Scheme::HTTPS);
        // Plain HTTP through a proxy is sent to the proxy in absolute form; HTTPS goes through a CONNECT tunnel.
        let forward = proxy.is_some() && !https;
        // TLS that could not be set up is this computer's failure, not the connection's.
        if let Err(why) = self.tls() {
            return Err(TransportFailure::other(BoxError::from(why).as_ref(), true));
        }
        let io = match tokio::time::timeout(self.connect_timeout, self.connect(&uri, proxy.as_ref(), forward)).await {
            Ok(Ok(io)) => io,
            Ok(Err(e)) => return Err(TransportFailure::not_connected(e.as_ref())),
            Err(_) => return Err(TransportFailure::connect_timeout(self.connect_timeout)),
        };
        let target = if forward {
            uri.to_string()
        } else {
            uri.path_and_query().map_or("/", |p| p.as_str()).to_string()
        };
        let authority = uri.authority().map(|a| a.as_str().to_string()).unwrap_or_default();
        let activity = Arc::new(Activity::new());
        let mut builder = http::Request::builder()
            .method(method.as_str())
            .uri(target)
            .header(http::header::HOST, authority);
        for (name, value) in headers {
            builder = builder.header(name, value);
        }
        if let (true, Some(auth)) = (forward, proxy.as_ref().and_then(|p| p.basic_auth())) {
            builder = builder.header(http::header::PROXY_AUTHORIZATION, auth.clone());
        }
        let frames = futures_util::StreamExt::map(pieces(body.clone(), activity.clone()), |p| p.map(Frame::data));
        let request = builder
            .header(http::header::CONTENT_LENGTH, body.len())
            .body(StreamBody::new(frames))
            .map_err(|e| TransportFailure::other(&e, true))?;
        let wanted: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        let tap = CaseTap::new(io, wanted);
        let wire = tap.wire_names.clone();
        let exchange = async {
            let (mut sender, conn) = http1::handshake(TokioIo::new(tap)).await?;
            tokio::spawn(conn);
            let response = sender.send_request(request).await?;
            activity.touch();
            let (parts, incoming) = response.into_parts();
            let body = tokio::time::timeout(read_timeout, incoming.collect())
                .await
                .map_err(|_| BoxError::from(said("error-transport-body-stopped")))??
                .to_bytes();
            Ok::<_, BoxError>((parts, body))
        };
        let (parts, body) = match activity.limit(exchange, read_timeout).await? {
            Ok(done) => done,
            Err(e) => return Err(TransportFailure::other(e.as_ref(), false)),
        };
        let mut headers = HeaderMap::new();
        for (name, value) in &parts.headers {
            headers.append(HeaderName::from(name), HeaderValue::from(value));
        }
        let wire_names = wire.lock().map(|n| n.clone()).unwrap_or_default();
        Ok(ExactAnswer {
            status: parts.status.as_u16(),
            headers,
            body,
            wire_names,
        })
    }

    /// A connection to `uri`'s origin made as `send` makes one (the proxy, CONNECT, TLS with the account's
    /// certificate), for a caller that speaks HTTP/1.1 on it itself: the lens, which forwards an app's request
    /// with its header names in the app's case. `absolute_form` says the request names the whole URL (plain
    /// HTTP through a proxy), with `proxy_authorization` beside it.
    pub async fn open(&self, uri: &http::Uri) -> Result<Opened, BoxError> {
        self.tls()?;
        let proxy = self.proxies.intercept(uri);
        let forward = proxy.is_some() && uri.scheme() != Some(&http::uri::Scheme::HTTPS);
        let io = tokio::time::timeout(self.connect_timeout, self.connect(uri, proxy.as_ref(), forward))
            .await
            .map_err(BoxError::from)??;
        Ok(Opened {
            io,
            absolute_form: forward,
            proxy_authorization: proxy.filter(|_| forward).and_then(|p| p.basic_auth().cloned()),
        })
    }

    async fn connect(
        &self,
        uri: &http::Uri,
        proxy: Option<&Intercept>,
        forward: bool,
    ) -> Result<Box<dyn Io>, BoxError> {
        let tls = self.tls()?;
        // hyper-rustls also speaks TLS to an https:// proxy, as reqwest does.
        let to_proxy = hyper_rustls::HttpsConnector::from((self.http.clone(), tls.clone()));
        let stream: Box<dyn Io> = match proxy {
            None => Box::new(TokioIo::new(self.http.clone().call(uri.clone()).await?)),
            Some(p) if forward => Box::new(TokioIo::new(to_proxy.clone().call(p.uri().clone()).await?)),
            Some(p) => {
                let mut tunnel = Tunnel::new(p.uri().clone(), to_proxy);
                if let Some(auth) = p.basic_auth() {
                    tunnel = tunnel.with_auth(auth.clone());
                }
                Box::new(TokioIo::new(tunnel.call(uri.clone()).await?))
            }
        };
        if uri.scheme() != Some(&http::uri::Scheme::HTTPS) {
            return Ok(stream);
        }
        let host = uri
            .host()
            .ok_or_else(|| said("error-transport-no-host"))?
            .trim_matches(['[', ']'])
            .to_string();
        let name = rustls::pki_types::ServerName::try_from(host)?;
        Ok(Box::new(
            tokio_rustls::TlsConnector::from(tls).connect(name, stream).await?,
        ))
    }
}

/// A connection `ExactCase::open` made, and how a request on it names its target.
pub struct Opened {
    pub io: Box<dyn Io>,
    pub absolute_form: bool,
    pub proxy_authorization: Option<HeaderValue>,
}

/// Between hyper and the connection: writes the request head's header names in the wanted case (the same
/// bytes but for case, so nothing else in the message moves), and keeps the response head to read the names
/// as they came.
struct CaseTap {
    inner: Box<dyn Io>,
    /// The names in the case they must travel, and their lower-case form to find them by.
    wanted: Vec<(Vec<u8>, Vec<u8>)>,
    /// The part of the current head line already written (a write may end inside a line).
    line: Vec<u8>,
    head_sent: bool,
    head_in: Vec<u8>,
    wire_names: Arc<std::sync::Mutex<Vec<String>>>,
}

impl CaseTap {
    fn new(inner: Box<dyn Io>, wanted: Vec<String>) -> Self {
        CaseTap {
            inner,
            wanted: wanted
                .into_iter()
                .map(|n| (n.to_ascii_lowercase().into_bytes(), n.into_bytes()))
                .collect(),
            line: Vec::new(),
            head_sent: false,
            head_in: Vec::new(),
            wire_names: Arc::default(),
        }
    }

    /// The bytes of `chunk` as they must go, given the part of its first line written before.
    fn recase(&self, chunk: &[u8]) -> Vec<u8> {
        let mut full = self.line.clone();
        full.extend_from_slice(chunk);
        let mut start = 0;
        while start < full.len() {
            let end = full[start..]
                .windows(2)
                .position(|w| w == b"\r\n")
                .map_or(full.len(), |p| start + p);
            let line = &mut full[start..end];
            if let Some(colon) = line.iter().position(|&b| b == b':') {
                let name = line[..colon].to_ascii_lowercase();
                if let Some((_, exact)) = self.wanted.iter().find(|(lower, _)| *lower == name) {
                    line[..colon].copy_from_slice(exact);
                }
            }
            start = end + 2;
        }
        full.split_off(self.line.len())
    }
}

impl AsyncWrite for CaseTap {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        if self.head_sent {
            return Pin::new(&mut self.inner).poll_write(cx, buf);
        }
        // Only the head is rewritten: stop at its end, so the body goes out untouched.
        let before = self.line.len();
        let mut seen = self.line.clone();
        seen.extend_from_slice(buf);
        let head_end = seen.windows(4).position(|w| w == b"\r\n\r\n").map(|p| p + 4 - before);
        let mut take = head_end.unwrap_or(buf.len()).min(buf.len());
        if head_end.is_none() {
            // Never send part of a header name before its end is known: stop before an unfinished name.
            let region = &seen[..before + take];
            let line_start = region.windows(2).rposition(|w| w == b"\r\n").map_or(0, |p| p + 2);
            if line_start >= before && !region[line_start..].contains(&b':') && line_start > before {
                take = line_start - before;
            }
        }
        let out = self.recase(&buf[..take]);
        let n = match Pin::new(&mut self.inner).poll_write(cx, &out) {
            Poll::Ready(Ok(n)) => n,
            other => return other,
        };
        let written = &buf[..n];
        if head_end == Some(n) {
            self.head_sent = true;
            self.line.clear();
        } else {
            // Remember the unfinished line, so the next write is recased knowing its start.
            let mut line = std::mem::take(&mut self.line);
            line.extend_from_slice(written);
            let keep_from = line.windows(2).rposition(|w| w == b"\r\n").map_or(0, |p| p + 2);
            self.line = line.split_off(keep_from);
        }
        Poll::Ready(Ok(n))
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

impl AsyncRead for CaseTap {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let result = Pin::new(&mut self.inner).poll_read(cx, buf);
        const MAX_HEAD: usize = 64 * 1024;
        if self.head_in.len() < MAX_HEAD && !self.head_in.ends_with(b"\r\n\r\n") {
            let fresh = buf.filled()[before..].to_vec();
            self.head_in.extend_from_slice(&fresh);
            if let Some(end) = self.head_in.windows(4).position(|w| w == b"\r\n\r\n") {
                self.head_in.truncate(end + 4);
                let mut headers = [httparse::EMPTY_HEADER; 128];
                let mut response = httparse::Response::new(&mut headers);
                if response.parse(&self.head_in).is_ok() {
                    let names = response.headers.iter().map(|h| h.name.to_string()).collect();
                    if let Ok(mut wire) = self.wire_names.lock() {
                        *wire = names;
                    }
                }
            }
        }
        result
    }
}

/// A whole body, each piece within the read timeout.
pub async fn read_whole(
    mut resp: reqwest::Response,
    read_timeout: Duration,
) -> std::result::Result<Bytes, TransportFailure> {
    // Sized once from Content-Length (up to 64 MiB; a larger or absent one grows as it comes): a listing page of
    // a few MB grown by doubling was copied several times into fresh memory, which the kernel zeroes first.
    let expected = resp.content_length().unwrap_or(0).min(64 << 20) as usize;
    let mut body = bytes::BytesMut::with_capacity(expected);
    loop {
        match tokio::time::timeout(read_timeout, resp.chunk()).await {
            Ok(Ok(Some(chunk))) => body.extend_from_slice(&chunk),
            Ok(Ok(None)) => return Ok(body.freeze()),
            Ok(Err(e)) => return Err(TransportFailure::from_reqwest(&e)),
            Err(_) => return Err(TransportFailure::silence(read_timeout)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::never_resolves;

    #[test]
    fn only_names_under_invalid_are_refused_before_a_lookup() {
        for host in ["x.invalid", "a.b.INVALID", "invalid", "x.invalid."] {
            assert!(never_resolves(host), "{host}");
        }
        for host in [
            "127.0.0.1",
            "example.com",
            "invalid.example.com",
            "myinvalid",
            "devstoreaccount1.localhost",
        ] {
            assert!(!never_resolves(host), "{host}");
        }
    }
}
