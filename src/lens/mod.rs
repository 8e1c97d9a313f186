//! The lens: a forwarding endpoint on loopback, one port per service, in front of one account, through which
//! the user's own app talks to storage while Tessera names each request, applies fault and hold rules, and
//! keeps a redacted record of it. The storage client knows nothing of it.

pub mod answer;
pub mod forward;
pub mod headless;
pub mod holds;
pub mod operation;
pub mod record;
pub mod rules;
pub mod tap;
pub mod upstream;

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use hyper_util::rt::TokioIo;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

use crate::lens::forward::{Shared, Upstream};
use crate::lens::holds::{HeldView, Holds, Verdict};
use crate::lens::record::{Journal, Record};
use crate::lens::rules::{Rule, RuleState, Rules};
use crate::storage::{Account, Credential, Service};

/// Where and how the lens listens.
#[derive(Clone, Debug)]
pub struct LensOptions {
    /// Loopback unless the user chose otherwise (and was warned: anyone who reaches the port uses the account).
    pub bind: IpAddr,
    /// Blob, queue, table; 0 for any free port.
    pub ports: [u16; 3],
    /// How long the account's endpoint may send nothing before the app is answered 504.
    pub silence: Duration,
}

impl Default for LensOptions {
    fn default() -> Self {
        LensOptions {
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            ports: [0; 3],
            silence: Duration::from_secs(60),
        }
    }
}

/// A running lens. Dropping it stops its listeners.
pub struct Lens {
    account: Account,
    addresses: Vec<(Service, SocketAddr, String)>,
    shared: Arc<Shared>,
    stop: CancellationToken,
    connections: Arc<Mutex<HashMap<u64, SocketAddr>>>,
}

impl Lens {
    /// Listens for each service the account has, on the runtime this is called on. A port that cannot be had
    /// fails the start, naming the port and the service, before anything listens.
    pub async fn start(account: Account, options: LensOptions) -> Result<Lens, String> {
        let _ = rustls::crypto::ring::default_provider().install_default();
        let (ders, roots) =
            crate::storage::trusted_roots(account.trusted_cert.as_deref()).map_err(|e| e.to_string())?;
        let builder = reqwest::Client::builder()
            // The upstream is fixed: a redirect is the app's to follow, never the lens's.
            .redirect(reqwest::redirect::Policy::none())
            .tls_certs_merge(roots)
            .connect_timeout(Duration::from_secs(10))
            .pool_idle_timeout(Duration::from_secs(4));
        let http = crate::storage::proxy::apply(builder)
            .map_err(|e| e.to_string())?
            .build()
            .map_err(|e| format!("the lens could not set up its HTTP client: {e}"))?;
        let exact_case = crate::storage::ExactCase::new(Duration::from_secs(10), ders).map_err(|e| e.to_string())?;
        let shared = Arc::new(Shared {
            http,
            exact_case,
            journal: Journal::default(),
            rules: Rules::default(),
            holds: Holds::default(),
            silence: options.silence,
        });
        let mut listeners = Vec::new();
        for (i, service) in Service::ALL.into_iter().enumerate() {
            let Ok(endpoint) = account.endpoint(service) else {
                continue;
            };
            let origin = endpoint.origin().ascii_serialization();
            let base_path = endpoint.path().trim_end_matches('/').to_string();
            let at = SocketAddr::new(options.bind, options.ports[i]);
            let listener = TcpListener::bind(at).await.map_err(|e| {
                format!(
                    "The lens could not listen on {at} for the {service} service: {e}. If another program uses that port, choose another, or 0 for any free one."
                )
            })?;
            let local = listener.local_addr().map_err(|e| e.to_string())?;
            listeners.push((
                listener,
                Upstream {
                    service,
                    origin,
                    base_path,
                },
                local,
            ));
        }
        let stop = CancellationToken::new();
        let connections = Arc::new(Mutex::new(HashMap::new()));
        let mut addresses = Vec::new();
        for (listener, upstream, local) in listeners {
            addresses.push((upstream.service, local, upstream.base_path.clone()));
            tokio::spawn(serve(
                listener,
                Arc::new(upstream),
                shared.clone(),
                stop.clone(),
                connections.clone(),
            ));
        }
        Ok(Lens {
            account,
            addresses,
            shared,
            stop,
            connections,
        })
    }

    /// Where the app reaches a service through the lens (a path-style endpoint keeps its account path, so the
    /// path the app signs is the path the account sees).
    pub fn endpoint(&self, service: Service) -> Option<String> {
        self.addresses
            .iter()
            .find(|(s, _, _)| *s == service)
            .map(|(_, at, base)| format!("http://{at}{base}"))
    }

    pub fn port(&self, service: Service) -> Option<u16> {
        self.addresses
            .iter()
            .find(|(s, _, _)| *s == service)
            .map(|(_, at, _)| at.port())
    }

    /// The connection string the app should use, with the account's key or SAS: a secret, for the app only.
    pub fn connection_string(&self) -> String {
        let mut text = self.connection_string_without_secret();
        match &self.account.credential {
            Credential::SharedKey(key) => text.push_str(&format!(";AccountKey={}", key.to_base64())),
            Credential::Sas(sas) => text.push_str(&format!(";SharedAccessSignature={}", sas.query())),
            Credential::Bearer(_) | Credential::Anonymous => {}
        }
        text
    }

    /// The same without the credential, to show or print where it may be kept.
    pub fn connection_string_without_secret(&self) -> String {
        let mut text = format!("DefaultEndpointsProtocol=http;AccountName={}", self.account.name);
        for (service, setting) in [
            (Service::Blob, "BlobEndpoint"),
            (Service::Queue, "QueueEndpoint"),
            (Service::Table, "TableEndpoint"),
        ] {
            if let Some(endpoint) = self.endpoint(service) {
                text.push_str(&format!(";{setting}={endpoint}"));
            }
        }
        text
    }

    /// Every request finished so far.
    pub fn records(&self) -> Vec<Record> {
        self.shared.journal.records()
    }

    /// Calls `reader` with each request as it finishes.
    pub fn listen(&self, reader: impl Fn(&Record) + Send + Sync + 'static) {
        self.shared.journal.listen(reader);
    }

    pub fn add_rule(&self, rule: Rule) {
        self.shared.rules.add(rule);
    }

    pub fn remove_rule(&self, name: &str) {
        self.shared.rules.remove(name);
    }

    /// Every rule, with how often it matched and fired.
    pub fn rules(&self) -> Vec<RuleState> {
        self.shared.rules.states()
    }

    /// What is held now.
    pub fn held(&self) -> Vec<HeldView> {
        self.shared.holds.held()
    }

    /// Ends a hold: release, drop or answer; false when it had already ended.
    pub fn decide(&self, id: u64, verdict: Verdict) -> bool {
        self.shared.holds.decide(id, verdict)
    }

    /// The app's connections open now, by the app's address.
    pub fn open_connections(&self) -> Vec<SocketAddr> {
        let mut open: Vec<SocketAddr> = self
            .connections
            .lock()
            .expect("connections")
            .values()
            .copied()
            .collect();
        open.sort();
        open
    }

    /// Stops listening and closes the app's connections; says which were open.
    pub fn close(self) -> Vec<SocketAddr> {
        let open = self.open_connections();
        self.stop.cancel();
        open
    }
}

impl Drop for Lens {
    fn drop(&mut self) {
        self.stop.cancel();
    }
}

/// Accepts the app's connections on one listener until the lens stops.
async fn serve(
    listener: TcpListener,
    upstream: Arc<Upstream>,
    shared: Arc<Shared>,
    stop: CancellationToken,
    connections: Arc<Mutex<HashMap<u64, SocketAddr>>>,
) {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    loop {
        let (stream, peer) = tokio::select! {
            _ = stop.cancelled() => return,
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                // Out of descriptors and the like: wait, and keep serving.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let _ = stream.set_nodelay(true);
        let id = NEXT.fetch_add(1, Ordering::Relaxed);
        connections.lock().expect("connections").insert(id, peer);
        let (upstream, shared, stop, connections) =
            (upstream.clone(), shared.clone(), stop.clone(), connections.clone());
        tokio::spawn(async move {
            let service = {
                let (upstream, shared) = (upstream.clone(), shared.clone());
                hyper::service::service_fn(move |req| forward::handle(shared.clone(), upstream.clone(), req))
            };
            // The names' case is kept (in the request's extensions) for the requests where it matters: `upstream`.
            let connection = hyper::server::conn::http1::Builder::new()
                .preserve_header_case(true)
                .serve_connection(TokioIo::new(stream), service);
            let outcome = tokio::select! {
                _ = stop.cancelled() => Ok(()),
                outcome = connection => outcome,
            };
            connections.lock().expect("connections").remove(&id);
            if let Err(e) = outcome
                && e.is_parse()
            {
                // hyper has answered 400 and closed: the line says why, as far as the lens can tell.
                let mut record = Record {
                    service: upstream.service.name().into(),
                    operation: "Not a storage request".into(),
                    status: Some(400),
                    problem: Some(format!(
                        "bytes from {peer} that are not an HTTP request ({e}): a body longer than its Content-Length, or not HTTP at all; answered 400 and closed the connection"
                    )),
                    ..Record::default()
                };
                let (number, _) = shared.journal.arrive(&record.operation, "", None);
                record.number = number;
                record.time = time::OffsetDateTime::now_utc()
                    .format(&time::format_description::well_known::Rfc3339)
                    .unwrap_or_default();
                shared.journal.finish(record);
            }
        });
    }
}
