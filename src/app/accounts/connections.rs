//! The accounts the app knows and their live clients: opening one (its secret from the keychain, off the UI
//! thread), its state for the status line, and "test connection", service by service.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::app::accounts::profiles::AccountProfile;
use crate::app::accounts::secrets::Secrets;
use crate::app::context::InFlight;
use crate::app::runtime::backend::Backend;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::blob::ListBlobsOptions;
use crate::storage::table::EntityQuery;
use crate::storage::{Client, ClientOptions, Service, StorageError};

#[derive(Clone, Debug)]
pub enum ConnState {
    Closed,
    Opening,
    Ready,
    Failed(StorageError),
}

/// One service's answer to "test connection".
#[derive(Clone, Debug)]
pub struct ServiceCheck {
    pub service: Service,
    pub outcome: Result<Duration, StorageError>,
}

impl ServiceCheck {
    /// One line for the user: reachable and authenticated with its latency, or what is wrong.
    pub fn describe(&self) -> String {
        let service = t(match self.service {
            Service::Blob => "accounts-connections-blob",
            Service::Queue => "accounts-connections-queue",
            Service::Table => "accounts-connections-table",
        });
        match &self.outcome {
            Ok(latency) => tr!(
                "accounts-connections-reachable",
                service = service,
                ms = latency.as_millis() as u64
            ),
            Err(e) => format!("{service}: {}", e.hint()),
        }
    }
}

pub struct Connection {
    pub(crate) profile: AccountProfile,
    pub(crate) client: Option<Client>,
    pub(crate) state: ConnState,
    opening: InFlight<(), Result<Client, StorageError>>,
    testing: InFlight<(), Vec<ServiceCheck>>,
    /// A test asked for before the account was open: it runs once the client is ready.
    test_when_open: bool,
    pub(crate) last_test: Option<Vec<ServiceCheck>>,
}

impl Connection {
    pub fn new(profile: AccountProfile) -> Self {
        Connection {
            profile,
            client: None,
            state: ConnState::Closed,
            opening: InFlight::default(),
            testing: InFlight::default(),
            test_when_open: false,
            last_test: None,
        }
    }

    pub fn is_testing(&self) -> bool {
        self.testing.is_out(&())
    }
}

/// Every known account, in the order of the account list.
pub struct Connections {
    pub(crate) list: Vec<Connection>,
    secrets: Arc<Secrets>,
    /// How accounts' clients behave (timeouts, retries); the app's events are added to it.
    pub(crate) options: ClientOptions,
}

impl Connections {
    pub fn new(profiles: Vec<AccountProfile>, secrets: Arc<Secrets>) -> Self {
        Connections {
            list: profiles.into_iter().map(Connection::new).collect(),
            secrets,
            options: ClientOptions::default(),
        }
    }

    pub fn get(&self, id: &str) -> Option<&Connection> {
        self.list.iter().find(|c| c.profile.id == id)
    }

    pub fn get_mut(&mut self, id: &str) -> Option<&mut Connection> {
        self.list.iter_mut().find(|c| c.profile.id == id)
    }

    pub fn client(&self, id: &str) -> Option<Client> {
        self.get(id).and_then(|c| c.client.clone())
    }

    /// An account's client for a window that needs one, or the words for why there is none: still connecting, or
    /// the account failed to open (with why and what to do).
    pub fn client_or_why(&self, id: &str) -> Result<Client, String> {
        match self.get(id) {
            Some(Connection { client: Some(c), .. }) => Ok(c.clone()),
            Some(Connection {
                state: ConnState::Failed(e),
                ..
            }) => Err(tr!("accounts-connections-failed", why = e.plain_words())),
            _ => Err(t("accounts-connections-connecting")),
        }
    }

    pub fn profiles(&self) -> Vec<AccountProfile> {
        self.list.iter().map(|c| c.profile.clone()).collect()
    }

    /// Starts opening an account's client (reads its secret from the keychain on a blocking thread).
    pub fn open(&mut self, backend: &Backend, id: &str) {
        let secrets = self.secrets.clone();
        let sink = backend.event_sink();
        let Some(conn) = self.get_mut(id) else { return };
        if matches!(conn.state, ConnState::Opening | ConnState::Ready) {
            return;
        }
        let options = ClientOptions {
            events: Some(sink),
            ..self.options.clone()
        };
        let Some(conn) = self.get_mut(id) else { return };
        let profile = conn.profile.clone();
        conn.state = ConnState::Opening;
        conn.opening.start(
            (),
            backend.spawn_blocking(move || {
                let secret = load_secret(&secrets, &profile)?;
                let account =
                    profile.to_account_rotating(secret.as_deref(), Some(rotation_hook(&secrets, &profile.id)))?;
                Client::new(account, options)
            }),
        );
    }

    /// The keychain the accounts' secrets live in (a browse account reads its sign-in from it).
    pub fn secrets(&self) -> Arc<Secrets> {
        self.secrets.clone()
    }

    /// Adds an account found by a browse account (or replaces it: the same account now opened with its key), its
    /// client built from `account` as given, never from the keychain: a key listed from Resource Manager stays
    /// in memory only.
    pub fn put_open(&mut self, backend: &Backend, profile: AccountProfile, account: crate::storage::Account) {
        let options = ClientOptions {
            events: Some(backend.event_sink()),
            ..self.options.clone()
        };
        let mut conn = Connection::new(profile);
        conn.state = ConnState::Opening;
        // Built on the blocking pool: a client reads the platform's certificates.
        conn.opening
            .start((), backend.spawn_blocking(move || Client::new(account, options)));
        match self.list.iter_mut().find(|c| c.profile.id == conn.profile.id) {
            Some(old) => *old = conn,
            None => self.list.push(conn),
        }
    }

    /// Removes the accounts a browse account found; returns their ids.
    pub fn drop_found(&mut self, browse_id: &str) -> Vec<String> {
        let prefix = crate::app::accounts::discovered::discovered_prefix(browse_id);
        let found: Vec<String> = self
            .list
            .iter()
            .map(|c| c.profile.id.clone())
            .filter(|id| id.starts_with(&prefix))
            .collect();
        self.list.retain(|c| !c.profile.id.starts_with(&prefix));
        found
    }

    /// Forgets the client (after an edit) so the next use opens it again.
    pub fn reset(&mut self, id: &str) {
        if let Some(c) = self.get_mut(id) {
            *c = Connection::new(c.profile.clone());
        }
    }

    pub fn test(&mut self, backend: &Backend, id: &str) {
        let Some(conn) = self.get_mut(id) else { return };
        match conn.client.clone() {
            Some(client) => conn.testing.start((), backend.spawn(test_connection(client))),
            None => conn.test_when_open = true,
        }
    }

    /// Starts the tests that waited for their account to open; call after `poll`.
    pub fn run_waiting_tests(&mut self, backend: &Backend) {
        for conn in &mut self.list {
            if conn.test_when_open
                && let Some(client) = conn.client.clone()
            {
                conn.test_when_open = false;
                conn.testing.start((), backend.spawn(test_connection(client)));
            }
        }
    }

    /// Collects finished openings and tests; call once per frame.
    pub fn poll(&mut self) {
        for conn in &mut self.list {
            if let Some(result) = conn.opening.take().map(|(_, v)| v) {
                match result {
                    Ok(client) => {
                        conn.client = Some(client);
                        conn.state = ConnState::Ready;
                    }
                    Err(e) => conn.state = ConnState::Failed(e),
                }
            }
            if let Some(checks) = conn.testing.take().map(|(_, v)| v) {
                conn.last_test = Some(checks);
            }
        }
    }
}

/// A profile's secret from the keychain (None when it needs none). Blocks: call it on the blocking pool.
pub fn load_secret(secrets: &Secrets, profile: &AccountProfile) -> Result<Option<String>, StorageError> {
    if !profile.needs_secret() {
        return Ok(None);
    }
    secrets
        .load(&profile.id)
        .map_err(|e| StorageError::invalid(tr!("accounts-profiles-op-open", account = profile.label.as_str()), e))
}

/// A device-code sign-in's refresh token may change with each renewal: the keychain keeps the newest (written off
/// the runtime's threads, as every keychain call blocks).
pub fn rotation_hook(secrets: &Arc<Secrets>, profile_id: &str) -> crate::storage::oauth::OnRotate {
    let keeper = crate::app::accounts::secrets::RotationKeeper::new(secrets.clone(), profile_id);
    Box::new(move |new| keeper.rotated(new.expose()))
}

/// Sends the cheapest authenticated request each configured service answers, timing it.
pub async fn test_connection(client: Client) -> Vec<ServiceCheck> {
    let account = client.account().clone();
    let mut checks = Vec::new();
    for service in Service::ALL {
        if account.endpoint(service).is_err() {
            continue;
        }
        let scope = account
            .scope
            .as_ref()
            .filter(|s| s.service == service)
            .map(|s| s.name.clone());
        if account.scope.is_some() && scope.is_none() {
            continue;
        }
        let started = Instant::now();
        let result = match (service, scope) {
            (Service::Blob, None) => client.list_containers(None, None, Some(1), false).await.map(drop),
            (Service::Blob, Some(c)) => client
                .list_blobs(
                    &c,
                    &ListBlobsOptions {
                        max_results: Some(1),
                        ..Default::default()
                    },
                )
                .await
                .map(drop),
            (Service::Queue, None) => client.list_queues(None, None, Some(1), false).await.map(drop),
            (Service::Queue, Some(q)) => client.peek_messages(&q, 1).await.map(drop),
            (Service::Table, None) => client.list_tables(Some(1), None).await.map(drop),
            (Service::Table, Some(t)) => client
                .query_entities(
                    &t,
                    &EntityQuery {
                        top: Some(1),
                        ..Default::default()
                    },
                    None,
                )
                .await
                .map(drop),
        };
        checks.push(ServiceCheck {
            service,
            outcome: result.map(|_| started.elapsed()),
        });
    }
    checks
}
