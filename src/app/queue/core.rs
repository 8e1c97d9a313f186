//! What every part of a queue tab sees: the queue, the last peek and the properties read with it, how the peek
//! is shown, and the other queues of the account (where a message may be moved). Features read it; only the pane
//! changes it.

use crate::storage::queue::{PeekedMessage, QueueProperties};

pub struct QueueCore {
    pub queue: String,
    /// The messages of the last peek, front first.
    pub peeked: Vec<PeekedMessage>,
    /// How many a peek asks for (the service returns at most 32).
    pub peek_count: u32,
    /// Read with the last peek: the approximate count and the metadata.
    pub properties: Option<QueueProperties>,
    /// A message delivered this many times is flagged as likely poison.
    pub poison_threshold: u32,
    pub show_raw: bool,
    /// Whether its tab is the one shown: a watch peeks only then (a pane without a tab, in a test, is).
    pub shown: bool,
    /// Whether the tab has peeked once (it peeks when first drawn).
    pub started: bool,
    /// The account's other queues, as the tree lists them.
    pub targets: Vec<String>,
}

impl QueueCore {
    pub fn new(queue: &str) -> Self {
        QueueCore {
            queue: queue.to_string(),
            peeked: Vec::new(),
            peek_count: 32,
            properties: None,
            poison_threshold: 5,
            show_raw: false,
            shown: true,
            started: false,
            targets: Vec::new(),
        }
    }

    /// The service's approximate count, once read.
    pub fn approximate_count(&self) -> Option<u64> {
        self.properties.as_ref().map(|p| p.approximate_message_count)
    }
}
