//! One app request as the lens shows it (operation, resource, what a conflict turns on, status, time, the retry
//! it was), and the journal that numbers them, tells a retry from a new request and hands each to its readers.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;

/// What one request was, redacted: no key, SAS signature or token is ever in it.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Record {
    /// Numbered from 1 in the order requests arrived.
    pub number: u64,
    /// When it arrived, RFC 3339 (UTC).
    pub time: String,
    pub service: String,
    pub method: String,
    pub operation: String,
    pub resource: String,
    /// The URL as the app sent it, with any SAS signature redacted.
    pub url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub if_match: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub if_none_match: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub etag: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lease_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pop_receipt: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_visible: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dequeue_count: Option<u64>,
    /// The continuation the app sent (`marker`, `NextPartitionKey`…) and the one the answer gave.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub continuation_sent: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub continuation: Option<String>,
    /// A batch's parts: each "METHOD resource" as the changeset carries them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub client_request_id: Option<String>,
    /// From arrival to the answer's last byte (or its end by failure).
    pub duration_ms: f64,
    /// The first try of the operation this one repeats.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_of: Option<u64>,
    /// The rules that acted on it, by name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
    /// What the lens itself said or saw: a refused request, an upstream that did not answer, a cut.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
}

/// How long after a failed try the same operation on the same resource counts as its retry: the SDKs' longest
/// default backoff, with room.
pub const RETRY_WINDOW: Duration = Duration::from_secs(120);

type Reader = Arc<dyn Fn(&Record) + Send + Sync>;

/// The requests seen so far, and who hears of each as it ends.
#[derive(Clone, Default)]
pub struct Journal {
    inner: Arc<Mutex<Inner>>,
}

#[derive(Default)]
struct Inner {
    next: u64,
    records: Vec<Record>,
    readers: Vec<Reader>,
    /// (operation, resource) -> the first try's number, and when the latest try failed.
    failed: HashMap<(String, String), (u64, Instant)>,
    /// An SDK keeps its client request id across its retries: the id -> the first try's number.
    by_client_id: HashMap<String, u64>,
}

impl Journal {
    /// Calls `reader` with every record as it ends (the log file, the window).
    pub fn listen(&self, reader: impl Fn(&Record) + Send + Sync + 'static) {
        self.inner.lock().expect("journal").readers.push(Arc::new(reader));
    }

    /// The next number, and the try this request repeats if it is a retry.
    pub fn arrive(&self, operation: &str, resource: &str, client_request_id: Option<&str>) -> (u64, Option<u64>) {
        let mut inner = self.inner.lock().expect("journal");
        inner.next += 1;
        let number = inner.next;
        let key = (operation.to_string(), resource.to_string());
        let by_failure = inner
            .failed
            .get(&key)
            .filter(|(_, at)| at.elapsed() <= RETRY_WINDOW)
            .map(|(first, _)| *first);
        let by_id = client_request_id.and_then(|id| inner.by_client_id.get(id).copied());
        if let Some(id) = client_request_id {
            inner.by_client_id.entry(id.to_string()).or_insert(number);
            if inner.by_client_id.len() > 10_000 {
                inner.by_client_id.clear();
            }
        }
        (number, by_id.or(by_failure))
    }

    /// Keeps a finished record and hands it to the readers.
    pub fn finish(&self, record: Record) {
        let readers = {
            let mut inner = self.inner.lock().expect("journal");
            let key = (record.operation.clone(), record.resource.clone());
            if is_retryable_failure(&record) {
                let first = record.retry_of.unwrap_or(record.number);
                inner.failed.insert(key, (first, Instant::now()));
            } else {
                inner.failed.remove(&key);
            }
            inner.records.push(record.clone());
            inner.readers.clone()
        };
        for reader in readers {
            reader(&record);
        }
    }

    /// Every finished record, in the order they ended.
    pub fn records(&self) -> Vec<Record> {
        self.inner.lock().expect("journal").records.clone()
    }
}

/// What an SDK retries: no answer, an answer cut short, a timeout, throttling or a server error other than
/// 501/505.
fn is_retryable_failure(record: &Record) -> bool {
    if record.problem.is_some() {
        return true;
    }
    match record.status {
        None => true,
        Some(s) => s == 408 || s == 429 || (s >= 500 && s != 501 && s != 505),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ended(journal: &Journal, op: &str, resource: &str, client_id: Option<&str>, status: u16) -> Record {
        let (number, retry_of) = journal.arrive(op, resource, client_id);
        let record = Record {
            number,
            retry_of,
            operation: op.into(),
            resource: resource.into(),
            status: Some(status),
            ..Record::default()
        };
        journal.finish(record.clone());
        record
    }

    #[test]
    fn the_same_operation_after_a_server_error_is_its_retry_and_a_success_ends_the_chain() {
        let journal = Journal::default();
        let first = ended(&journal, "Put Blob", "c/b", None, 503);
        let second = ended(&journal, "Put Blob", "c/b", None, 500);
        let third = ended(&journal, "Put Blob", "c/b", None, 201);
        let fourth = ended(&journal, "Put Blob", "c/b", None, 201);
        assert_eq!(first.retry_of, None);
        assert_eq!(second.retry_of, Some(first.number));
        assert_eq!(
            third.retry_of,
            Some(first.number),
            "a chain of retries points at its first try"
        );
        assert_eq!(fourth.retry_of, None, "a new upload after a success is not a retry");
        let other = ended(&journal, "Put Blob", "c/other", None, 201);
        assert_eq!(other.retry_of, None);
    }

    #[test]
    fn a_client_request_id_seen_before_marks_a_retry_whatever_the_status() {
        let journal = Journal::default();
        let first = ended(&journal, "Update Entity", "t/p/r", Some("id-1"), 412);
        let again = ended(&journal, "Update Entity", "t/p/r", Some("id-1"), 204);
        let fresh = ended(&journal, "Update Entity", "t/p/r", Some("id-2"), 204);
        assert_eq!(again.retry_of, Some(first.number));
        assert_eq!(fresh.retry_of, None);
    }
}
