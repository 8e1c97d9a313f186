//! An async client for Azure Storage and anything that speaks its REST protocol (Azure, the Azurite emulator, a
//! proxy): accounts and their credentials ([`Account`]: keys, SAS, Entra ID tokens, the emulator), one request
//! pipeline that signs, retries, redacts secrets and reports every request ([`Client`], [`RequestEvent`]), and
//! one module per service ([`table`], [`blob`], [`queue`]).
//!
//! It knows nothing of a window or a language: a failure is a typed [`StorageError`] (what failed, the
//! service's status, error code and request id, the classified cause), and what the client has to say is a
//! [`words::Said`] (a message id with its arguments) that the caller words in its own language. Writes are
//! conditional where the service offers a condition (an ETag, a lease id, a pop receipt), and every value a
//! listing or a query returns is kept exactly as the service sent it.
//!
//! ```no_run
//! # async fn run() -> tessera_storage::Result<()> {
//! use tessera_storage::{Account, Client, ClientOptions};
//! let account = Account::from_connection_string("UseDevelopmentStorage=true")?;
//! let client = Client::new(account, ClientOptions::default())?;
//! let page = client.query_entities("orders", &Default::default(), None).await?;
//! for entity in &page.entities {
//!     println!("{} / {}", entity.partition_key(), entity.row_key());
//! }
//! # Ok(())
//! # }
//! ```
//! `examples/list_table.rs` lists a whole table, page by page (run by the app's `tests/storage_example.rs`
//! against Azurite).
//!
//! Where things are: the account, the client, the error, the request events and the small helpers (names,
//! times, redaction) at this root; each service's calls and types in [`table`], [`blob`] and [`queue`]; SAS in
//! [`service_sas`] and [`account_sas`], stored access policies in [`policies`], an account's service settings
//! in [`service_properties`]; Microsoft Entra ID sign-ins in [`oauth`], [`browser_sign_in`], [`azure_cli`] and
//! [`token`]; Resource Manager in [`arm`] and the clouds in [`cloud`]; the proxy in [`proxy`]; requests outside
//! the storage services in [`side_requests`]; what the client says in [`words`]; and the readers of raw
//! answers, for fuzzing, in [`answers`].

pub(crate) mod account;
pub mod account_sas;
pub mod answers;
pub mod arm;
pub(crate) mod auth;
pub mod azure_cli;
pub mod blob;
pub mod browser_sign_in;
pub(crate) mod checksum;
pub mod cloud;
pub(crate) mod connection_string;
pub(crate) mod error;
pub(crate) mod events;
pub(crate) mod frame_guard;
pub(crate) mod http_clients;
pub(crate) mod listing;
pub(crate) mod metadata;
pub(crate) mod names;
pub(crate) mod no_answer;
pub mod oauth;
pub(crate) mod pipeline;
pub mod policies;
pub(crate) mod progress;
pub mod proxy;
pub(crate) mod proxy_trial;
pub mod queue;
pub(crate) mod redact;
pub(crate) mod request;
pub(crate) mod retry;
pub(crate) mod secret;
pub(crate) mod service_error;
pub mod service_properties;
pub mod service_sas;
pub mod side_requests;
pub mod table;
pub(crate) mod times;
pub mod token;
pub(crate) mod transport;
pub mod words;
pub(crate) mod xml;

// The client's public face: what the app's callers, the tests and the benchmarks use. Each service's own
// types are re-exported by `blob`, `queue` and `table`; everything else stays inside the crate.
pub use account::{
    Account, AccountKey, Credential, EMULATOR_ACCOUNT, EMULATOR_KEY, EMULATOR_PORTS, EndpointSetting, ResourceScope,
    SasToken, account_identity, parse_endpoint,
};
pub use auth::{SigningInput, sign_shared_key};
pub use connection_string::{IGNORED_SETTINGS, ParsedConnectionString};
pub use error::{ErrorDetails, ErrorKind, Result, StorageError};
pub use events::{Api, BODY_KEPT, EventSink, RequestEvent, kept_body};
pub use frame_guard::{FrameGuard, in_frame};
pub use names::{
    listing_order, numbered, numbered_path, validate_blob_name, validate_container_name, validate_queue_name,
    validate_table_name,
};
pub use no_answer::Trouble;
pub use pipeline::{API_VERSION, Client, ClientOptions};
pub use progress::{NetworkWait, TransferProgress};
pub use proxy_trial::test_through as test_proxy;
pub use redact::{redact_query, redact_text};
pub use request::{Headers, Request, Response, StreamingResponse, not_ascii};
pub use retry::RetryPolicy;
pub use secret::Secret;
pub use times::{CLOCK_MILLIS, ISO_SECONDS, ISO_TICKS, SHOWN, format as format_time, parse_iso};
pub use token::{AccessToken, TokenCredential, TokenSource};
pub use transport::{ExactCase, Opened, read_pem_certificates, trusted_roots};
pub use words::{Arg, Said};

use serde::{Deserialize, Serialize};

/// The three storage services an account offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Service {
    Blob,
    Queue,
    Table,
}

impl Service {
    pub const ALL: [Service; 3] = [Service::Blob, Service::Queue, Service::Table];

    pub fn name(self) -> &'static str {
        match self {
            Service::Blob => "blob",
            Service::Queue => "queue",
            Service::Table => "table",
        }
    }

    /// What one of the service's top-level resources is called: a container, a queue, a table.
    pub fn resource(self) -> &'static str {
        match self {
            Service::Blob => "container",
            Service::Queue => "queue",
            Service::Table => "table",
        }
    }
}

impl std::fmt::Display for Service {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A client of the emulator's account at ports nobody listens on, for unit tests that sign or build requests
/// and send nothing.
#[cfg(test)]
pub(crate) fn offline_client() -> Client {
    Client::new(Account::emulator_at("127.0.0.1", [1, 2, 3]), Default::default()).expect("a client")
}
