//! A bench-only queue of N generated messages behind the three requests a scan of the whole queue sends (Peek
//! Messages, Get Messages, Update Message), in the service's documented XML shape and order (by the time each
//! message is next visible, ties by insertion; one made visible again goes to the back), with pop receipts that
//! go stale as the service's do. Signatures are not checked. It is what the scan is measured against at 200,000
//! messages: Azurite looks at every message it holds on every request (it clears expired messages and sorts the
//! visible ones each time), so a batch of a scan of 5,000 took it over a second, and of 200,000 would take
//! minutes. It runs in a process of its own (the bench starts itself again), so its memory is not counted as the
//! client's. Correctness stays on Azurite: `tests/queue_scan.rs`, and the bench scans the same 2,000 messages
//! from both and compares what the client held.
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::io::BufRead;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};

/// The environment variable that makes the bench's own program serve queues: `name:count,…` and `;size`.
pub const SERVE: &str = "TESSERA_BENCH_QUEUE_SERVER";

/// Each message's text, from its number: `needle-0000001 ` and `x` up to `size` bytes.
pub fn text(i: usize, size: usize) -> String {
    let mut t = format!("needle-{i:07} ");
    t.extend(std::iter::repeat_n('x', size.saturating_sub(t.len())));
    t
}

/// A queue server in a child process; dropping it ends the process.
pub struct QueueServer {
    pub port: u16,
    child: Child,
}

impl Drop for QueueServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl QueueServer {
    /// Starts this program again serving `queues` (each a name and how many messages it holds) of messages of
    /// `size` bytes, and waits for the port it says.
    pub fn spawn(queues: &[(&str, usize)], size: usize) -> QueueServer {
        let named: Vec<String> = queues.iter().map(|(name, count)| format!("{name}:{count}")).collect();
        let mut child = Command::new(std::env::current_exe().expect("this program"))
            .env(SERVE, format!("{};{size}", named.join(",")))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the queue server's process");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().expect("its output"))
            .read_line(&mut line)
            .expect("the port it listens on");
        let port = line.trim().parse().unwrap_or_else(|_| panic!("a port, not {line:?}"));
        QueueServer { port, child }
    }

    /// An account whose queue endpoint is this server (the key signs requests nobody checks).
    pub fn account(&self) -> tessera::storage::Account {
        tessera::storage::Account::emulator_at("127.0.0.1", [9, self.port, 9])
    }
}

/// In the child: serves the queues `SERVE` names until the parent goes (its end of stdin closes).
pub fn serve_if_asked() -> bool {
    let Ok(asked) = std::env::var(SERVE) else { return false };
    let (queues, size) = asked.split_once(';').expect("queues;size");
    let size: usize = size.parse().expect("a size");
    let queues: Queues = queues
        .split(',')
        .map(|q| {
            let (name, count) = q.split_once(':').expect("name:count");
            let queue = Queue::new(count.parse().expect("a count"), size);
            (name.to_string(), Mutex::new(queue))
        })
        .collect();
    let queues = Arc::new(queues);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("runtime");
    let listener = rt.block_on(TcpListener::bind("127.0.0.1:0")).expect("a loopback port");
    println!("{}", listener.local_addr().expect("its address").port());
    rt.spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            tokio::spawn(serve(stream, queues.clone()));
        }
    });
    // The parent holds the other end: when it ends, so does this.
    let _ = std::io::stdin().read_line(&mut String::new());
    true
}

/// The queues, by name.
type Queues = std::collections::HashMap<String, Mutex<Queue>>;

/// A queue: each message's state by its number, and the visible ones in the service's order.
struct Queue {
    size: usize,
    messages: Vec<Message>,
    visible: BTreeSet<(u64, u32)>,
    /// Orders a message made visible again after every other.
    clock: u64,
    held: Vec<u32>,
}

struct Message {
    dequeue_count: u32,
    receipt: u64,
    /// Its place in `visible`, or when it becomes visible again by itself.
    state: State,
}

enum State {
    Visible(u64),
    Held(Instant),
}

const WHEN: &str = "Mon, 23 Nov 2026 01:00:00 GMT";
const EXPIRES: &str = "Mon, 30 Nov 2026 01:00:00 GMT";

impl Queue {
    fn new(count: usize, size: usize) -> Queue {
        Queue {
            size,
            messages: (0..count as u64)
                .map(|i| Message {
                    dequeue_count: 0,
                    receipt: 0,
                    state: State::Visible(i),
                })
                .collect(),
            visible: (0..count as u32).map(|i| (i as u64, i)).collect(),
            clock: count as u64,
            held: Vec::new(),
        }
    }

    /// Held messages whose time is up are visible again, at the back.
    fn release(&mut self) {
        let now = Instant::now();
        let (messages, visible, clock) = (&mut self.messages, &mut self.visible, &mut self.clock);
        self.held.retain(|&i| match messages[i as usize].state {
            State::Held(until) if until <= now => {
                *clock += 1;
                messages[i as usize].state = State::Visible(*clock);
                visible.insert((*clock, i));
                false
            }
            State::Held(_) => true,
            State::Visible(_) => false,
        });
    }

    fn peek(&mut self, n: usize) -> String {
        self.release();
        let front: Vec<u32> = self.visible.iter().take(n).map(|(_, i)| *i).collect();
        let mut xml = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?><QueueMessagesList>");
        for i in front {
            self.message_xml(&mut xml, i, None);
        }
        xml + "</QueueMessagesList>"
    }

    fn get(&mut self, n: usize, hold: u64) -> String {
        self.release();
        let mut xml = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?><QueueMessagesList>");
        let until = SystemTime::now() + Duration::from_secs(hold);
        for _ in 0..n {
            let Some((_, i)) = self.visible.pop_first() else { break };
            let m = &mut self.messages[i as usize];
            m.dequeue_count += 1;
            m.receipt = fastrand::u64(..);
            m.state = State::Held(Instant::now() + Duration::from_secs(hold));
            self.held.push(i);
            self.message_xml(&mut xml, i, Some(until));
        }
        xml + "</QueueMessagesList>"
    }

    /// Update Message: a new receipt, and visible again after `hold` seconds (at once, at the back, for 0).
    fn update(&mut self, i: u32, receipt: u64, hold: u64) -> Result<u64, (u16, &'static str)> {
        let m = self.messages.get_mut(i as usize).ok_or((404, "MessageNotFound"))?;
        if m.receipt != receipt || !matches!(m.state, State::Held(_)) {
            return Err((400, "PopReceiptMismatch"));
        }
        m.receipt = fastrand::u64(..);
        if hold == 0 {
            self.clock += 1;
            m.state = State::Visible(self.clock);
            self.visible.insert((self.clock, i));
        } else {
            m.state = State::Held(Instant::now() + Duration::from_secs(hold));
        }
        Ok(m.receipt)
    }

    fn message_xml(&self, xml: &mut String, i: u32, received: Option<SystemTime>) {
        use std::fmt::Write as _;
        let m = &self.messages[i as usize];
        let _ = write!(
            xml,
            "<QueueMessage><MessageId>{}</MessageId><InsertionTime>{WHEN}</InsertionTime>\
             <ExpirationTime>{EXPIRES}</ExpirationTime>",
            id(i)
        );
        if let Some(until) = received {
            let _ = write!(
                xml,
                "<PopReceipt>{:016x}</PopReceipt><TimeNextVisible>{}</TimeNextVisible>",
                m.receipt,
                httpdate::fmt_http_date(until)
            );
        }
        let _ = write!(
            xml,
            "<DequeueCount>{}</DequeueCount><MessageText>{}</MessageText></QueueMessage>",
            m.dequeue_count,
            text(i as usize, self.size)
        );
    }
}

fn id(i: u32) -> String {
    format!("{i:08x}-0000-4000-8000-000000000000")
}

async fn serve(mut stream: TcpStream, queues: Arc<Queues>) {
    let mut buf = Vec::with_capacity(4096);
    loop {
        let Some(super::request_head::Request { method, url, query }) =
            super::request_head::next_request(&mut stream, &mut buf).await
        else {
            return;
        };
        let method = method.as_str();
        let number = |k: &str| query.get(k).and_then(|v| v.parse::<u64>().ok());
        let segments: Vec<String> = url
            .path_segments()
            .map_or_else(Vec::new, |s| s.map(str::to_string).collect());
        let (name, message) = (segments.get(1).cloned().unwrap_or_default(), segments.get(3).cloned());
        let (status, headers, body) = match queues.get(&name) {
            None => (404, String::new(), error("QueueNotFound")),
            Some(queue) => {
                let mut q = queue.lock().expect("the queue");
                match (method, message) {
                    ("GET", None) if query.get("peekonly").is_some_and(|v| v == "true") => (
                        200,
                        String::new(),
                        q.peek(number("numofmessages").unwrap_or(1) as usize),
                    ),
                    ("GET", None) => {
                        let n = number("numofmessages").unwrap_or(1) as usize;
                        (200, String::new(), q.get(n, number("visibilitytimeout").unwrap_or(30)))
                    }
                    ("PUT", Some(m)) => {
                        let i = u32::from_str_radix(m.get(..8).unwrap_or(""), 16).unwrap_or(u32::MAX);
                        let receipt = query.get("popreceipt").and_then(|r| u64::from_str_radix(r, 16).ok());
                        let hold = number("visibilitytimeout").unwrap_or(0);
                        match q.update(i, receipt.unwrap_or(u64::MAX), hold) {
                            Ok(receipt) => {
                                let next = httpdate::fmt_http_date(SystemTime::now() + Duration::from_secs(hold));
                                let said =
                                    format!("x-ms-popreceipt: {receipt:016x}\r\nx-ms-time-next-visible: {next}\r\n");
                                (204, said, String::new())
                            }
                            Err((status, code)) => (status, String::new(), error(code)),
                        }
                    }
                    _ => (400, String::new(), error("UnsupportedHttpVerb")),
                }
            }
        };
        let reason = match status {
            200 => "OK",
            204 => "No Content",
            404 => "Not Found",
            _ => "Bad Request",
        };
        let mut response = format!(
            "HTTP/1.1 {status} {reason}\r\nContent-Type: application/xml\r\nx-ms-request-id: queue-{}\r\n\
             x-ms-version: {}\r\nDate: {}\r\n{headers}Content-Length: {}\r\n\r\n",
            fastrand::u64(..),
            tessera::storage::API_VERSION,
            httpdate::fmt_http_date(SystemTime::now()),
            body.len()
        )
        .into_bytes();
        response.extend_from_slice(body.as_bytes());
        if stream.write_all(&response).await.is_err() {
            return;
        }
    }
}

fn error(code: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?><Error><Code>{code}</Code><Message>The bench's queue server \
         refused it: {code}.</Message></Error>"
    )
}
