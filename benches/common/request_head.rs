//! The benchmarks' small HTTP servers' one request reader: the next request's method, URL and query from a
//! kept-alive connection, its body (if any) read past.

// A test that includes one server alone reads some of a request's parts, not all.
#![allow(dead_code)]

use std::collections::HashMap;

use tokio::io::AsyncReadExt;
use tokio::net::TcpStream;

/// One request as the servers answer it.
pub struct Request {
    pub method: String,
    pub url: url::Url,
    pub query: HashMap<String, String>,
}

/// The next request on `stream` (`buf` holds what was read past the last one), or None when the client is gone.
pub async fn next_request(stream: &mut TcpStream, buf: &mut Vec<u8>) -> Option<Request> {
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        let mut chunk = [0u8; 4096];
        match stream.read(&mut chunk).await {
            Ok(0) | Err(_) => return None,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_string();
    buf.drain(..head_end);
    // A body (the benches' requests send none) is read past, so the next head is found where it starts.
    let length: usize = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-length:")
                .map(|v| v.trim().to_string())
        })
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    while buf.len() < length {
        let mut chunk = [0u8; 4096];
        match stream.read(&mut chunk).await {
            Ok(0) | Err(_) => return None,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    }
    buf.drain(..length);
    let mut words = head.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or("/"));
    let url = url::Url::parse(&format!("http://server{target}")).expect("a request target");
    let query = url.query_pairs().into_owned().collect();
    Some(Request {
        method: method.to_string(),
        url,
        query,
    })
}
