//! The two HTTP clients a storage client sends through (reqwest, and the exact-case transport), made again when
//! the user's proxy choice changes, so every holder of a storage client (a pane, a job, a Retry, the clipboard)
//! goes through the proxy chosen now, not the one chosen when it was made.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use rustls::pki_types::CertificateDer;

use crate::transport::ExactCase;
use crate::words::{Said, said};

/// What the clients are made from, and the pair made under the newest proxy choice seen.
pub(crate) struct HttpClients {
    connect_timeout: Duration,
    /// The account's own certificate, as each client takes it.
    extra_roots: Vec<CertificateDer<'static>>,
    reqwest_roots: Vec<reqwest::Certificate>,
    made: Mutex<Made>,
}

/// One pair of clients and the proxy generation they were made under.
#[derive(Clone)]
pub(crate) struct Made {
    generation: u64,
    pub http: reqwest::Client,
    pub exact_case: Arc<ExactCase>,
}

impl HttpClients {
    /// Makes the clients under the current proxy choice; an error (a proxy address that cannot be used) is said
    /// before any request.
    pub fn new(
        connect_timeout: Duration,
        extra_roots: Vec<CertificateDer<'static>>,
        reqwest_roots: Vec<reqwest::Certificate>,
    ) -> Result<Self, Said> {
        let generation = crate::proxy::generation();
        let first = make(connect_timeout, &extra_roots, &reqwest_roots, generation)?;
        Ok(HttpClients {
            connect_timeout,
            extra_roots,
            reqwest_roots,
            made: Mutex::new(first),
        })
    }

    /// The clients for a request now: those made under the current proxy choice (made here when it changed).
    /// Requests already under way keep the clients they started with.
    pub fn current(&self) -> Result<Made, Said> {
        let generation = crate::proxy::generation();
        {
            let made = self.made.lock().expect("http clients lock");
            if made.generation == generation {
                return Ok(made.clone());
            }
        }
        // Made outside the lock (it may read the system's proxy settings): requests on other threads go on meanwhile.
        // Two requests may both make them; the newer choice's pair is kept.
        let fresh = make(self.connect_timeout, &self.extra_roots, &self.reqwest_roots, generation)?;
        let mut made = self.made.lock().expect("http clients lock");
        if made.generation < generation {
            *made = fresh.clone();
        }
        Ok(fresh)
    }
}

fn make(
    connect_timeout: Duration,
    extra_roots: &[CertificateDer<'static>],
    reqwest_roots: &[reqwest::Certificate],
    generation: u64,
) -> Result<Made, Said> {
    // No reqwest read timeout: it runs from the start of the request, upload included (reqwest #2784), so a block
    // on a slow uplink would fail. The pipeline watches for silence itself (`transport::Activity`).
    let builder = reqwest::Client::builder()
        .tls_certs_merge(reqwest_roots.to_vec())
        .connect_timeout(connect_timeout)
        // Node servers (Azurite, many proxies) close a keep-alive connection idle for 5 s. A request sent on one as
        // it closes is reset after it left, and a write then cannot be retried safely ("outcome unknown"), so pooled
        // connections are dropped before the server drops them.
        .pool_idle_timeout(Duration::from_secs(4))
        .user_agent(concat!("tessera/", env!("CARGO_PKG_VERSION")));
    let http = crate::proxy::apply(builder)?
        .build()
        .map_err(|e| said!("error-http-client-build", error = e.to_string()))?;
    let exact_case = ExactCase::new(connect_timeout, extra_roots.to_vec())?;
    Ok(Made {
        generation,
        http,
        exact_case: Arc::new(exact_case),
    })
}
