//! A small HTTP proxy on loopback that forwards to Azurite but injects faults on chosen requests:
//! an error status (with Retry-After), a connection reset after the request arrived, or a delay.

use std::collections::VecDeque;
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
}

pub struct FaultProxy {
    pub port: u16,
    faults: Arc<Mutex<VecDeque<Fault>>>,
    always: Arc<Mutex<Option<Fault>>>,
    requests: Arc<AtomicUsize>,
}

impl FaultProxy {
    /// Starts a proxy in front of `upstream_port` on the current tokio runtime.
    pub async fn start(upstream_port: u16) -> FaultProxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let faults = Arc::new(Mutex::new(VecDeque::new()));
        let always = Arc::new(Mutex::new(None));
        let requests = Arc::new(AtomicUsize::new(0));
        let (f, a, r) = (faults.clone(), always.clone(), requests.clone());
        tokio::spawn(async move {
            loop {
                let Ok((socket, _)) = listener.accept().await else {
                    return;
                };
                let (f, a, r) = (f.clone(), a.clone(), r.clone());
                tokio::spawn(async move {
                    let _ = serve(socket, upstream_port, f, a, r).await;
                });
            }
        });
        FaultProxy {
            port,
            faults,
            always,
            requests,
        }
    }

    /// The next requests meet these faults, in order; after them requests pass through.
    pub fn inject(&self, faults: impl IntoIterator<Item = Fault>) {
        self.faults.lock().unwrap().extend(faults);
    }

    /// Every request meets this fault until cleared.
    pub fn always(&self, fault: Option<Fault>) {
        *self.always.lock().unwrap() = fault;
    }

    /// Requests that reached the proxy so far.
    pub fn requests(&self) -> usize {
        self.requests.load(Ordering::SeqCst)
    }
}

async fn serve(
    mut client: TcpStream,
    upstream_port: u16,
    faults: Arc<Mutex<VecDeque<Fault>>>,
    always: Arc<Mutex<Option<Fault>>>,
    requests: Arc<AtomicUsize>,
) -> std::io::Result<()> {
    loop {
        let Some(request) = read_request(&mut client).await? else {
            return Ok(());
        };
        requests.fetch_add(1, Ordering::SeqCst);
        let fault = faults
            .lock()
            .unwrap()
            .pop_front()
            .or_else(|| always.lock().unwrap().clone());
        match fault {
            Some(Fault::Status { status, retry_after }) => {
                let retry = retry_after.map(|s| format!("Retry-After: {s}\r\n")).unwrap_or_default();
                let body = format!(
                    "<?xml version=\"1.0\"?><Error><Code>ServerBusy</Code><Message>injected {status}</Message></Error>"
                );
                let head = format!(
                    "HTTP/1.1 {status} Injected\r\n{retry}x-ms-error-code: ServerBusy\r\nx-ms-request-id: injected\r\nContent-Length: {}\r\n\r\n",
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
                client.write_all(&response[..response.len() / 2]).await?;
                return Ok(());
            }
            Some(Fault::Reset) => {
                // Linger 0 turns the close into a TCP reset.
                client.set_zero_linger()?;
                return Ok(());
            }
            Some(Fault::Delay(pause)) => {
                tokio::time::sleep(pause).await;
                let response = forward(&request, upstream_port).await?;
                client.write_all(&response).await?;
                return Ok(());
            }
            Some(Fault::Pass) | None => {
                let response = forward(&request, upstream_port).await?;
                client.write_all(&response).await?;
                return Ok(());
            }
        }
    }
}

/// Reads one request (head and Content-Length body); None when the client closed the connection.
async fn read_request(stream: &mut TcpStream) -> std::io::Result<Option<Vec<u8>>> {
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
    upstream.write_all(&request[head_end..]).await?;
    let mut response = Vec::new();
    upstream.read_to_end(&mut response).await?;
    // The client expects to reuse the connection; tell it this one ends here.
    Ok(response)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}
