//! A local forward proxy as corporate networks have: HTTPS through `CONNECT host:port` tunnels, plain HTTP in
//! absolute form, Basic proxy credentials checked (407 with `Proxy-Authenticate` otherwise). It records where
//! each request went, so a test proves a kind of request took the proxy.

use std::sync::{Arc, Mutex};

use base64::Engine;
use tokio::io::AsyncWriteExt;

#[derive(Clone)]
pub struct ConnectProxy {
    /// `http://127.0.0.1:port`.
    pub address: String,
    /// `host:port` of every tunnel or forwarded request, in order; refused ones as `407 host:port`.
    seen: Arc<Mutex<Vec<String>>>,
}

impl ConnectProxy {
    /// A proxy that asks for `user` and `password` when given.
    pub async fn start(credentials: Option<(&str, &str)>) -> ConnectProxy {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let proxy = ConnectProxy {
            address: format!("http://{}", listener.local_addr().unwrap()),
            seen: Arc::default(),
        };
        let expected = credentials.map(|(u, p)| {
            format!(
                "Basic {}",
                base64::engine::general_purpose::STANDARD.encode(format!("{u}:{p}"))
            )
        });
        let seen = proxy.seen.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let (seen, expected) = (seen.clone(), expected.clone());
                tokio::spawn(async move { serve(socket, &seen, expected.as_deref()).await });
            }
        });
        proxy
    }

    pub fn seen(&self) -> Vec<String> {
        self.seen.lock().unwrap().clone()
    }

    /// How many requests (tunnels or forwards) went to `port` through the proxy.
    pub fn through_to(&self, port: u16) -> usize {
        let suffix = format!(":{port}");
        self.seen()
            .iter()
            .filter(|s| !s.starts_with("407") && s.ends_with(&suffix))
            .count()
    }
}

async fn serve(mut client: tokio::net::TcpStream, seen: &Mutex<Vec<String>>, expected: Option<&str>) {
    let Some((head, body)) = super::entra::read_http_request(&mut client).await else {
        return;
    };
    let mut lines = head.lines();
    let request_line = lines.next().unwrap_or("").to_string();
    let mut words = request_line.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    let headers: Vec<&str> = lines.collect();
    let authorization = headers.iter().find_map(|l| {
        let (name, value) = l.split_once(':')?;
        name.trim()
            .eq_ignore_ascii_case("proxy-authorization")
            .then(|| value.trim().to_string())
    });
    let host_port = if method == "CONNECT" {
        target.to_string()
    } else {
        let url = url::Url::parse(target).ok();
        url.map(|u| {
            format!(
                "{}:{}",
                u.host_str().unwrap_or(""),
                u.port_or_known_default().unwrap_or(80)
            )
        })
        .unwrap_or_default()
    };
    if expected.is_some() && authorization.as_deref() != expected {
        seen.lock().unwrap().push(format!("407 {host_port}"));
        let _ = client
            .write_all(b"HTTP/1.1 407 Proxy Authentication Required\r\nproxy-authenticate: Basic realm=\"test\"\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
            .await;
        return;
    }
    seen.lock().unwrap().push(host_port.clone());
    let Ok(mut upstream) = tokio::net::TcpStream::connect(&host_port).await else {
        let _ = client
            .write_all(b"HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n")
            .await;
        return;
    };
    if method == "CONNECT" {
        let _ = client.write_all(b"HTTP/1.1 200 Connection established\r\n\r\n").await;
        let _ = tokio::io::copy_bidirectional(&mut client, &mut upstream).await;
        return;
    }
    // Plain HTTP: the request goes on in origin form, once (the connection closes after its answer).
    let url = url::Url::parse(target).unwrap();
    let path = match url.query() {
        Some(q) => format!("{}?{q}", url.path()),
        None => url.path().to_string(),
    };
    let mut forwarded = format!("{method} {path} HTTP/1.1\r\n");
    for h in headers {
        let name = h.split(':').next().unwrap_or("").trim().to_ascii_lowercase();
        if !matches!(name.as_str(), "proxy-authorization" | "connection" | "proxy-connection") {
            forwarded.push_str(h);
            forwarded.push_str("\r\n");
        }
    }
    forwarded.push_str("connection: close\r\n\r\n");
    forwarded.push_str(&body);
    let _ = upstream.write_all(forwarded.as_bytes()).await;
    let _ = tokio::io::copy(&mut upstream, &mut client).await;
    let _ = client.shutdown().await;
}
