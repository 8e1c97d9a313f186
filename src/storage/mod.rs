//! The shared async storage client: accounts, signing, the request pipeline and one module per service.
//! Nothing in here knows about the UI.

pub mod account;
pub mod auth;
pub mod blob;
pub mod connection_string;
pub mod error;
pub mod events;
pub mod listing;
pub mod metadata;
pub mod names;
pub mod pipeline;
pub mod progress;
pub mod queue;
pub mod redact;
pub mod request;
pub mod retry;
pub mod table;
pub mod transport;
pub mod xml;

pub use account::{Account, AccountKey, Credential, SasToken};
pub use error::{ErrorKind, Result, StorageError};
pub use events::{EventSink, RequestEvent};
pub use pipeline::{Client, ClientOptions};

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
