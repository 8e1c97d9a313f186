//! The integration tests' harness: one real Azurite per test binary, clients on it, unique resource names.
#![allow(dead_code)]

pub mod arm;
pub mod blobs;
pub mod connect_proxy;
pub mod entra;
pub mod fault_proxy;
pub mod local_folder;
pub mod pane_world;
pub mod peer;
pub mod soak;

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use tessera::emulator::Emulator;
use tessera::storage::{Account, Client, ClientOptions, RequestEvent, Service};

/// The binary's emulator, started on first use. If it cannot start, every test fails saying why.
pub fn emulator() -> &'static Emulator {
    // The client's errors are typed; the app words them. A test that reads a client error's words reads them as
    // the app says them.
    tessera::i18n::install();
    static EMULATOR: OnceLock<Emulator> = OnceLock::new();
    // Microsoft's newer SDKs, the tests' independent readers, send API versions this Azurite does not know.
    // A second account, for copies across accounts (`second_account`).
    let options = tessera::emulator::EmulatorOptions {
        skip_api_version_check: true,
        more_accounts: vec![SECOND_ACCOUNT.to_string()],
        ..Default::default()
    };
    EMULATOR.get_or_init(|| match Emulator::start_with(&options) {
        Ok(e) => e,
        Err(why) => panic!("the tests need a real Azurite and it could not start: {why}"),
    })
}

pub fn account() -> Account {
    emulator().account()
}

/// The name of the test emulator's second account.
pub const SECOND_ACCOUNT: &str = "tesserasecond";

/// The test emulator's second account (same instance, its own containers).
pub fn second_account() -> Account {
    emulator().account_named(SECOND_ACCOUNT)
}

pub fn client() -> Client {
    Client::new(account(), ClientOptions::default()).expect("client")
}

/// Collects every request event a client emits.
#[derive(Clone, Default)]
pub struct Recorder(Arc<Mutex<Vec<RequestEvent>>>);

impl Recorder {
    pub fn options(&self) -> ClientOptions {
        let events = self.0.clone();
        ClientOptions {
            events: Some(Arc::new(move |e| events.lock().unwrap().push(e))),
            ..ClientOptions::default()
        }
    }

    pub fn events(&self) -> Vec<RequestEvent> {
        self.0.lock().unwrap().clone()
    }

    pub fn clear(&self) {
        self.0.lock().unwrap().clear();
    }
}

pub fn recorded_client(account: Account) -> (Client, Recorder) {
    let recorder = Recorder::default();
    (Client::new(account, recorder.options()).expect("client"), recorder)
}

/// A name no other test uses: lower-case letters and digits, valid for tables, containers and queues.
pub fn unique(prefix: &str) -> String {
    tessera::i18n::install();
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("{prefix}{n}x{:06}", fastrand::u32(..1_000_000))
}

/// The emulator's account with one service reached through a fault proxy, and the proxy.
pub async fn account_through_proxy(service: Service) -> (Account, fault_proxy::FaultProxy) {
    let [blob, queue, table] = emulator().ports();
    let mut account = account();
    let (upstream, endpoint) = match service {
        Service::Blob => (blob, &mut account.blob_endpoint),
        Service::Queue => (queue, &mut account.queue_endpoint),
        Service::Table => (table, &mut account.table_endpoint),
    };
    let proxy = fault_proxy::FaultProxy::start(upstream).await;
    endpoint.as_mut().unwrap().set_port(Some(proxy.port)).unwrap();
    (account, proxy)
}

/// The emulator's account with every service reached through its own fault proxy, and the proxies (blob,
/// queue, table).
pub async fn account_through_proxies() -> (Account, [fault_proxy::FaultProxy; 3]) {
    let mut account = account();
    let proxies = fault_proxy::route_through_proxies(&mut account, emulator().ports()).await;
    (account, proxies)
}

/// Whether a finished process succeeded, and what it printed (stdout, then stderr), for assertions to quote.
pub fn outcome(out: std::process::Output) -> (bool, String) {
    let words = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), words)
}

/// The tests' one wait: runs `step` until `done` holds, failing after `patience` with `what` and `context()`.
/// Never a fixed sleep where a state can be awaited: the poll is short, the deadline generous.
pub fn wait(what: &str, patience: Duration, mut step: impl FnMut() -> bool, context: impl Fn() -> String) {
    let deadline = Instant::now() + patience;
    loop {
        if step() {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "waited {patience:?} for {what}; {}",
            context()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The same wait for async tests: polls `done` on the runtime without blocking it.
pub async fn eventually(what: &str, patience: Duration, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + patience;
    while !done() {
        assert!(Instant::now() < deadline, "waited {patience:?} for {what}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Every `.rs` file under `dir`, sorted (tests that read the project's own source).
pub fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out.sort();
    out
}

/// A new table holding (p0, r001) named `Ann`, and an account that reaches it through a fault proxy.
pub fn table_with_ann(
    rt: &tokio::runtime::Runtime,
    prefix: &str,
) -> (tessera::storage::Account, fault_proxy::FaultProxy, String) {
    use tessera::storage::table::{EdmValue, EntityDraft};
    let client = client();
    let table = unique(prefix).replace('-', "");
    rt.block_on(async {
        client.create_table(&table).await.unwrap();
        let ann = EntityDraft::new("p0", "r001").with("Name", EdmValue::String("Ann".into()));
        client.insert_entity(&table, &ann).await.unwrap();
    });
    let (account, proxy) = rt.block_on(account_through_proxy(tessera::storage::Service::Table));
    (account, proxy, table)
}
