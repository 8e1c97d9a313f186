//! One app request sent on to the account: through the lens's pooled client, or, where the case of header
//! names matters (metadata names the app sent, or an answer that carries them), on a connection of its own on
//! which the names travel in the app's case and come back in the account's. hyper, under reqwest, lower-cases
//! every name both ways; the service keeps a metadata name in the case it was sent.

use std::pin::Pin;

use bytes::Bytes;
use futures_util::{Stream, StreamExt};
use http::{Extensions, HeaderMap, HeaderValue, Method, StatusCode};
use http_body_util::{BodyExt, Empty, StreamBody};
use hyper::body::Frame;
use hyper_util::rt::TokioIo;

use crate::lens::forward::{BoxError, Shared, chain};

/// A body on its way, either way.
pub type Bytestream = Pin<Box<dyn Stream<Item = Result<Bytes, BoxError>> + Send>>;

/// The request as it goes to the account: the hop's own headers already taken off.
pub struct Outgoing {
    pub method: Method,
    /// The account's origin followed by the path and query exactly as the app sent them.
    pub url: String,
    pub headers: HeaderMap,
    /// The app's request's extensions: hyper keeps there the header names in the case they came.
    pub extensions: Extensions,
    pub body: Option<Bytestream>,
}

/// The account's answer, its body still to come.
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    /// The answer's header names in the account's case, when the request went on a connection of its own.
    pub extensions: Extensions,
    pub body: Bytestream,
}

/// Why no answer came.
pub enum Failure {
    /// No connection to the account's endpoint.
    Connect(String),
    /// Connected, but the exchange broke.
    Other(String),
}

/// Operations whose answer carries metadata names the app reads (a download's do too, but a download keeps the
/// pooled connections: it is the lens's bulk, and its metadata is also read by these).
const ANSWERS_METADATA: [&str; 5] = [
    "Get Blob Properties",
    "Get Blob Metadata",
    "Get Container Properties",
    "Get Container Metadata",
    "Get Queue Metadata",
];

/// Whether the request goes on a connection of its own, its header names in their case.
pub fn wants_exact_case(operation: &str, headers: &HeaderMap) -> bool {
    headers.keys().any(|name| name.as_str().starts_with("x-ms-meta-")) || ANSWERS_METADATA.contains(&operation)
}

/// Sends the request and returns the head of the account's answer.
pub async fn send(shared: &Shared, out: Outgoing, exact_case: bool) -> Result<Reply, Failure> {
    if exact_case {
        return send_exact_case(shared, out).await;
    }
    let mut builder = shared.http.request(out.method, &out.url).headers(out.headers);
    if let Some(body) = out.body {
        builder = builder.body(reqwest::Body::wrap_stream(body));
    }
    match builder.send().await {
        Ok(response) => Ok(Reply {
            status: response.status(),
            headers: response.headers().clone(),
            extensions: Extensions::new(),
            body: Box::pin(response.bytes_stream().map(|r| r.map_err(BoxError::from))),
        }),
        Err(e) if e.is_connect() => Err(Failure::Connect(chain(&e))),
        Err(e) => Err(Failure::Other(chain(&e))),
    }
}

/// One HTTP/1.1 exchange on a connection made by the storage client's exact-case transport (the same proxy and
/// certificate choices), with the app's header-case map handed to hyper, which then writes each name as it came.
async fn send_exact_case(shared: &Shared, out: Outgoing) -> Result<Reply, Failure> {
    let other = |e: &dyn std::error::Error| Failure::Other(chain(e));
    let uri: http::Uri = out.url.parse().map_err(|e: http::uri::InvalidUri| other(&e))?;
    let opened = shared
        .exact_case
        .open(&uri)
        .await
        .map_err(|e| Failure::Connect(chain(e.as_ref())))?;
    let (mut sender, connection) = hyper::client::conn::http1::Builder::new()
        .preserve_header_case(true)
        .handshake(TokioIo::new(opened.io))
        .await
        .map_err(|e| other(&e))?;
    tokio::spawn(connection);
    let body = match out.body {
        Some(stream) => StreamBody::new(stream.map(|r| r.map(Frame::data))).boxed_unsync(),
        None => Empty::new().map_err(|never| match never {}).boxed_unsync(),
    };
    let target = if opened.absolute_form {
        uri.to_string()
    } else {
        uri.path_and_query().map_or("/", |p| p.as_str()).to_string()
    };
    let mut request = http::Request::builder()
        .method(out.method)
        .uri(target)
        .body(body)
        .map_err(|e| other(&e))?;
    *request.headers_mut() = out.headers;
    *request.extensions_mut() = out.extensions;
    let authority = uri.authority().map(|a| a.as_str()).unwrap_or_default();
    let host = HeaderValue::from_str(authority).map_err(|e| other(&e))?;
    request.headers_mut().insert(http::header::HOST, host);
    if let Some(auth) = opened.proxy_authorization {
        request.headers_mut().insert(http::header::PROXY_AUTHORIZATION, auth);
    }
    let response = sender.send_request(request).await.map_err(|e| other(&e))?;
    let (parts, incoming) = response.into_parts();
    Ok(Reply {
        status: parts.status,
        headers: parts.headers,
        extensions: parts.extensions,
        body: Box::pin(incoming.into_data_stream().map(|r| r.map_err(BoxError::from))),
    })
}
