//! A request in storage terms (service, operation, path, query, headers, body, and whether it is safe to send
//! twice) and the two kinds of response: read whole, or with the body still on the wire.

use std::time::Duration;

use bytes::Bytes;
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC};
use reqwest::Method;
use reqwest::header::HeaderMap;

use crate::Service;
use crate::no_answer::TransportFailure;
use crate::words::{Said, said};

/// Query values are encoded strictly: only RFC 3986 unreserved characters stay as they are.
pub const QUERY_VALUE: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'_').remove(b'.').remove(b'~');

/// One request, described in storage terms; the pipeline does the rest.
pub struct Request {
    pub service: Service,
    /// What the user asked for ("Insert entity"); it names the failure if there is one.
    pub operation: Said,
    pub method: Method,
    /// The percent-encoded path below the service endpoint, starting with `/` (or empty for the root).
    pub path: String,
    /// Query parameters, not yet encoded.
    pub query: Vec<(String, String)>,
    pub headers: Vec<(String, String)>,
    pub body: Bytes,
    /// Safe to send twice? Reads are; writes say so themselves.
    pub idempotent: bool,
    reads_metadata: bool,
}

impl Request {
    pub fn new(service: Service, method: Method, operation: impl Into<Said>, path: impl Into<String>) -> Self {
        let idempotent = method == Method::GET || method == Method::HEAD;
        Request {
            service,
            operation: operation.into(),
            method,
            path: path.into(),
            query: Vec::new(),
            headers: Vec::new(),
            body: Bytes::new(),
            idempotent,
            reads_metadata: false,
        }
    }

    pub fn query(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.query.push((name.into(), value.into()));
        self
    }

    pub fn query_opt(self, name: &str, value: Option<impl Into<String>>) -> Self {
        match value {
            Some(v) => self.query(name, v),
            None => self,
        }
    }

    /// A header, its name as given: `x-ms-meta-*` names travel in the user's case (see `header_case`).
    pub fn header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.headers.push((name.into(), value.into()));
        self
    }

    /// The response's metadata names are wanted in the case the service stored them (Get Properties).
    pub fn reading_metadata(mut self) -> Self {
        self.reads_metadata = true;
        self
    }

    /// Whether this request must go through the exact-case transport: it sends a metadata name with a capital,
    /// or reads metadata names (which hyper would lower-case on the way in).
    pub(crate) fn needs_exact_case(&self) -> bool {
        self.reads_metadata
            || self.headers.iter().any(|(n, _)| {
                n.len() > 10 && n[..10].eq_ignore_ascii_case("x-ms-meta-") && n.bytes().any(|b| b.is_ascii_uppercase())
            })
    }

    pub fn header_opt(self, name: &str, value: Option<impl Into<String>>) -> Self {
        match value {
            Some(v) => self.header(name, v),
            None => self,
        }
    }

    pub fn body(mut self, body: impl Into<Bytes>) -> Self {
        self.body = body.into();
        self
    }

    pub fn idempotent(mut self, yes: bool) -> Self {
        self.idempotent = yes;
        self
    }
}

/// A response whose body has been read whole (listings, entities, messages: all small).
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Bytes,
    /// Header names as they came on the wire, where the exact-case transport carried the request (metadata
    /// reads); empty otherwise.
    pub wire_names: Vec<String>,
}

/// A response whose body is still on the wire (downloads).
pub struct StreamingResponse {
    pub status: u16,
    pub headers: HeaderMap,
    pub(crate) body: reqwest::Response,
    pub(crate) read_timeout: Duration,
}

impl StreamingResponse {
    /// The next piece of the body, None at its end; a silence longer than the read timeout fails it.
    pub async fn chunk(&mut self) -> std::result::Result<Option<Bytes>, TransportFailure> {
        match tokio::time::timeout(self.read_timeout, self.body.chunk()).await {
            Ok(Ok(chunk)) => Ok(chunk),
            Ok(Err(e)) => Err(TransportFailure::from_reqwest(&e)),
            Err(_) => Err(TransportFailure::silence(self.read_timeout)),
        }
    }
}

/// Header access shared by both response kinds.
pub trait Headers {
    fn headers(&self) -> &HeaderMap;

    fn header(&self, name: &str) -> Option<&str> {
        self.headers().get(name).and_then(|v| v.to_str().ok())
    }

    fn etag(&self) -> Option<String> {
        self.header("etag").map(str::to_string)
    }

    fn request_id(&self) -> Option<&str> {
        self.header("x-ms-request-id")
    }
}

impl Headers for Response {
    fn headers(&self) -> &HeaderMap {
        &self.headers
    }
}

impl Headers for StreamingResponse {
    fn headers(&self) -> &HeaderMap {
        &self.headers
    }
}

/// Why a header value cannot be sent, in words, with the RFC 5987 form of a Content-Disposition file name.
pub fn not_ascii(name: &str, value: &str) -> Said {
    let words = said!("error-request-header-not-ascii", name = name, value = value);
    if name.eq_ignore_ascii_case("x-ms-blob-content-disposition") || name.eq_ignore_ascii_case("content-disposition") {
        let file = value
            .split(';')
            .find_map(|part| part.trim().strip_prefix("filename="))
            .map(|f| f.trim_matches('"'))
            .unwrap_or(value);
        // RFC 5987's attr-char: letters, digits and `!#$&+-.^_`|~` stand as they are.
        const ATTR: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
            .remove(b'!')
            .remove(b'#')
            .remove(b'$')
            .remove(b'&')
            .remove(b'+')
            .remove(b'-')
            .remove(b'.')
            .remove(b'^')
            .remove(b'_')
            .remove(b'`')
            .remove(b'|')
            .remove(b'~');
        let encoded = percent_encoding::utf8_percent_encode(file, ATTR);
        Said::Parts(vec![
            words,
            Said::text(" "),
            said!("error-request-header-rfc5987", encoded = encoded.to_string()),
        ])
    } else {
        Said::Parts(vec![words, Said::text(" "), said("error-request-header-write-ascii")])
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_file_name_above_ascii_is_refused_with_its_rfc_5987_form() {
        let words = super::not_ascii("x-ms-blob-content-disposition", "attachment; filename=\"résumé.pdf\"");
        use crate::words::{Said, said};
        assert_eq!(
            words,
            Said::Parts(vec![
                said!(
                    "error-request-header-not-ascii",
                    name = "x-ms-blob-content-disposition",
                    value = "attachment; filename=\"résumé.pdf\""
                ),
                Said::text(" "),
                said!("error-request-header-rfc5987", encoded = "r%C3%A9sum%C3%A9.pdf"),
            ])
        );
    }
}
