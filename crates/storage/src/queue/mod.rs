//! Queues and messages: list, create, delete, metadata, clear; put, peek, get (dequeue), update, delete.
//! Put and Get are not idempotent, so the pipeline never repeats them once they may have arrived.

use std::time::SystemTime;

use base64::Engine;
use reqwest::Method;

use crate::Service;
use crate::error::{Result, StorageError};
use crate::metadata::{apply_metadata, metadata_from_headers};
use crate::names::validate_queue_name;
use crate::pipeline::{Client, Headers, Request};
use crate::words::{Said, said};
use crate::xml;

pub(crate) mod answer_xml;

use answer_xml::{dequeued_messages, peeked_messages, put_receipt, queue_page};

/// The service's limit on a message's text, in UTF-8 bytes as stored.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;
/// Peek and Get return at most this many messages.
pub const MAX_MESSAGES_PER_CALL: u32 = 32;

/// How a message's text is stored. Most SDKs write Base64; the explorer always says which it used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageEncoding {
    /// The bytes Base64-encoded (what the Azure SDKs write by default).
    Base64,
    /// The text as it is (XML-escaped on the wire).
    Text,
}

impl MessageEncoding {
    /// The text to store for `content` in this encoding.
    pub fn encode(self, content: &[u8]) -> std::result::Result<String, Said> {
        match self {
            MessageEncoding::Base64 => Ok(base64::engine::general_purpose::STANDARD.encode(content)),
            MessageEncoding::Text => String::from_utf8(content.to_vec()).map_err(|_| said("error-queue-text-not-utf8")),
        }
    }
}

/// How long a message lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageTtl {
    /// The service's default, seven days.
    Default,
    Seconds(u64),
    /// Never expires (`messagettl=-1`).
    Never,
}

/// A message as peeked: no pop receipt, nothing changed by looking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeekedMessage {
    pub id: String,
    pub inserted: Option<SystemTime>,
    pub expires: Option<SystemTime>,
    pub dequeue_count: u32,
    /// The text exactly as stored.
    pub text: String,
}

/// A message as dequeued: invisible to everyone else until `next_visible`, unless deleted with its receipt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DequeuedMessage {
    pub id: String,
    pub pop_receipt: String,
    pub inserted: Option<SystemTime>,
    pub expires: Option<SystemTime>,
    pub next_visible: Option<SystemTime>,
    pub dequeue_count: u32,
    pub text: String,
}

/// What Put Message returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PutReceipt {
    pub id: String,
    pub pop_receipt: String,
    pub inserted: Option<SystemTime>,
    pub expires: Option<SystemTime>,
    pub next_visible: Option<SystemTime>,
}

/// What Update Message returns: the receipt to use from now on, and when the message shows again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UpdateReceipt {
    pub pop_receipt: String,
    pub next_visible: Option<SystemTime>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueueItem {
    pub name: String,
    pub metadata: Vec<(String, String)>,
}

#[derive(Clone, Debug, Default)]
pub struct QueuePage {
    pub queues: Vec<QueueItem>,
    pub next_marker: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueueProperties {
    /// Approximate: the service counts lazily, and invisible messages are included.
    pub approximate_message_count: u64,
    pub metadata: Vec<(String, String)>,
}

/// The bytes a stored text decodes to, when it is strictly valid Base64; None says "not Base64".
pub fn decode_base64(text: &str) -> Option<Vec<u8>> {
    if text.is_empty() || !text.len().is_multiple_of(4) {
        return None;
    }
    base64::engine::general_purpose::STANDARD.decode(text).ok()
}

fn check_queue(op: &Said, name: &str) -> Result<()> {
    validate_queue_name(name).map_err(|m| StorageError::invalid(op, m))
}

fn check_count(op: &Said, count: u32) -> Result<()> {
    if !(1..=MAX_MESSAGES_PER_CALL).contains(&count) {
        return Err(StorageError::invalid(
            op,
            said!("error-queue-count", count = count.to_string()),
        ));
    }
    Ok(())
}

fn check_text(op: &Said, text: &str) -> Result<()> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(StorageError::invalid(
            op,
            said!("error-queue-too-large", kib = text.len().div_ceil(1024).to_string()),
        ));
    }
    // XML 1.0 cannot carry most control characters, so the service could never store them.
    if let Some(c) = text
        .chars()
        .find(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
    {
        return Err(StorageError::invalid(
            op,
            said!(
                "error-queue-control-character",
                character = format!("U+{:04X}", c as u32)
            ),
        ));
    }
    Ok(())
}

fn check_visibility(op: &Said, seconds: u32) -> Result<()> {
    if seconds > 7 * 24 * 3600 {
        return Err(StorageError::invalid(op, said("error-queue-visibility-too-long")));
    }
    Ok(())
}

/// The body of Put Message and Update Message: the text in `<MessageText>`, escaped for XML.
pub fn message_body(text: &str) -> String {
    format!(
        "<QueueMessage><MessageText>{}</MessageText></QueueMessage>",
        xml::escape(text)
    )
}

fn message_count(resp: &crate::pipeline::Response) -> u64 {
    resp.header("x-ms-approximate-messages-count")
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

fn messages_path(queue: &str) -> String {
    format!("/{queue}/messages")
}

fn message_path(queue: &str, id: &str) -> String {
    format!(
        "/{queue}/messages/{}",
        percent_encoding::utf8_percent_encode(id, crate::pipeline::QUERY_VALUE)
    )
}

impl Client {
    pub async fn list_queues(
        &self,
        prefix: Option<&str>,
        marker: Option<&str>,
        max_results: Option<u32>,
        include_metadata: bool,
    ) -> Result<QueuePage> {
        let list = (prefix, marker, max_results, include_metadata);
        self.list_account_level(Service::Queue, said("error-op-list-queues"), list, queue_page)
            .await
    }

    pub async fn create_queue(&self, name: &str, metadata: &[(String, String)]) -> Result<()> {
        let op = said!("error-op-create-queue", name = name);
        check_queue(&op, name)?;
        let req = Request::new(Service::Queue, Method::PUT, &op, format!("/{name}")).idempotent(false);
        self.send(apply_metadata(&op, req, metadata)?).await.map(drop)
    }

    pub async fn delete_queue(&self, name: &str) -> Result<()> {
        let op = said!("error-op-delete-queue", name = name);
        check_queue(&op, name)?;
        self.send(Request::new(Service::Queue, Method::DELETE, &op, format!("/{name}")).idempotent(false))
            .await
            .map(drop)
    }

    /// Metadata (names in the case they were stored) and the approximate message count.
    pub async fn get_queue_properties(&self, name: &str) -> Result<QueueProperties> {
        let op = said!("error-op-read-queue-properties", name = name);
        check_queue(&op, name)?;
        let req = Request::new(Service::Queue, Method::GET, &op, format!("/{name}"))
            .query("comp", "metadata")
            .reading_metadata();
        let resp = self.send(req).await?;
        Ok(QueueProperties {
            approximate_message_count: message_count(&resp),
            metadata: metadata_from_headers(&resp),
        })
    }

    /// Only the approximate message count (on the pooled connections: for counting many queues).
    pub async fn queue_message_count(&self, name: &str) -> Result<u64> {
        let op = said!("error-op-count-queue-messages", name = name);
        check_queue(&op, name)?;
        let req = Request::new(Service::Queue, Method::GET, &op, format!("/{name}")).query("comp", "metadata");
        Ok(message_count(&self.send(req).await?))
    }

    pub async fn set_queue_metadata(&self, name: &str, metadata: &[(String, String)]) -> Result<()> {
        let op = said!("error-op-save-queue-metadata", name = name);
        check_queue(&op, name)?;
        let req = Request::new(Service::Queue, Method::PUT, &op, format!("/{name}"))
            .query("comp", "metadata")
            .idempotent(true);
        self.send(apply_metadata(&op, req, metadata)?).await.map(drop)
    }

    /// Saves a queue's metadata only if it is still `base` (what the edit started from). Set Queue Metadata takes
    /// no condition, so the metadata is read again just before the write; a change landing between that read and
    /// the write is not caught (nothing the service offers can catch it).
    pub async fn set_queue_metadata_if_unchanged(
        &self,
        name: &str,
        metadata: &[(String, String)],
        base: &[(String, String)],
    ) -> Result<()> {
        let now = self.get_queue_properties(name).await?;
        if now.metadata != base {
            let op = said!("error-op-save-queue-metadata", name = name);
            let pairs: Vec<String> = now.metadata.iter().map(|(k, v)| format!("{k}={v}")).collect();
            return Err(StorageError::changed_since_read(
                op,
                said!(
                    "error-queue-metadata-now",
                    metadata = if pairs.is_empty() {
                        said("error-queue-metadata-none")
                    } else {
                        Said::text(pairs.join(", "))
                    }
                ),
            ));
        }
        self.set_queue_metadata(name, metadata).await
    }

    /// Deletes every message of a queue.
    pub async fn clear_messages(&self, name: &str) -> Result<()> {
        let op = said!("error-op-clear-queue", name = name);
        check_queue(&op, name)?;
        self.send(Request::new(Service::Queue, Method::DELETE, &op, messages_path(name)).idempotent(true))
            .await
            .map(drop)
    }

    /// Adds a message whose stored text is `text` (already encoded: see `MessageEncoding::encode`).
    /// `initial_delay` keeps it invisible for that many seconds first.
    pub async fn put_message(
        &self,
        queue: &str,
        text: &str,
        initial_delay: Option<u32>,
        ttl: MessageTtl,
    ) -> Result<PutReceipt> {
        let op = said!("error-op-put-message", queue = queue);
        check_queue(&op, queue)?;
        check_text(&op, text)?;
        if let Some(d) = initial_delay {
            check_visibility(&op, d)?;
        }
        let ttl = match ttl {
            MessageTtl::Default => None,
            MessageTtl::Seconds(s) if s >= 1 => Some(s.to_string()),
            MessageTtl::Seconds(_) => return Err(StorageError::invalid(&op, said("error-queue-ttl-too-short"))),
            MessageTtl::Never => Some("-1".to_string()),
        };
        let req = Request::new(Service::Queue, Method::POST, &op, messages_path(queue))
            .query_opt("visibilitytimeout", initial_delay.map(|d| d.to_string()))
            .query_opt("messagettl", ttl)
            .header("content-type", "application/xml")
            .body(message_body(text))
            .idempotent(false);
        let resp = self.send(req).await?;
        let root = xml::parse(&resp.body).map_err(|e| StorageError::decode(&op, e))?;
        put_receipt(&op, &root)
    }

    /// Looks at up to 32 messages from the front without changing anything.
    pub async fn peek_messages(&self, queue: &str, count: u32) -> Result<Vec<PeekedMessage>> {
        let op = said!("error-op-peek-messages", queue = queue);
        check_queue(&op, queue)?;
        check_count(&op, count)?;
        let req = Request::new(Service::Queue, Method::GET, &op, messages_path(queue))
            .query("peekonly", "true")
            .query("numofmessages", count.to_string());
        let resp = self.send(req).await?;
        let root = xml::parse(&resp.body).map_err(|e| StorageError::decode(&op, e))?;
        Ok(peeked_messages(&root))
    }

    /// Dequeues up to 32 messages: they become invisible to every other consumer for `visibility_timeout`
    /// seconds and come back with a higher dequeue count unless deleted with their pop receipt.
    pub async fn get_messages(&self, queue: &str, count: u32, visibility_timeout: u32) -> Result<Vec<DequeuedMessage>> {
        let op = said!("error-op-dequeue-messages", queue = queue);
        check_queue(&op, queue)?;
        check_count(&op, count)?;
        if visibility_timeout == 0 {
            return Err(StorageError::invalid(&op, said("error-queue-dequeue-visibility")));
        }
        check_visibility(&op, visibility_timeout)?;
        let req = Request::new(Service::Queue, Method::GET, &op, messages_path(queue))
            .query("numofmessages", count.to_string())
            .query("visibilitytimeout", visibility_timeout.to_string())
            // A repeat would hide more messages, or the same ones again under a new receipt.
            .idempotent(false);
        let resp = self.send(req).await?;
        let root = xml::parse(&resp.body).map_err(|e| StorageError::decode(&op, e))?;
        Ok(dequeued_messages(&root))
    }

    /// Changes a dequeued message's visibility (0 = back now) and optionally its text. The old receipt
    /// stops working; use the returned one.
    pub async fn update_message(
        &self,
        queue: &str,
        id: &str,
        pop_receipt: &str,
        visibility_timeout: u32,
        new_text: Option<&str>,
    ) -> Result<UpdateReceipt> {
        let op = said!("error-op-update-message", id = id, queue = queue);
        check_queue(&op, queue)?;
        check_visibility(&op, visibility_timeout)?;
        if let Some(t) = new_text {
            check_text(&op, t)?;
        }
        let mut req = Request::new(Service::Queue, Method::PUT, &op, message_path(queue, id))
            .query("popreceipt", pop_receipt)
            .query("visibilitytimeout", visibility_timeout.to_string())
            .idempotent(false);
        if let Some(t) = new_text {
            req = req.header("content-type", "application/xml").body(message_body(t));
        }
        let resp = self.send(req).await?;
        Ok(UpdateReceipt {
            pop_receipt: resp
                .header("x-ms-popreceipt")
                .map(str::to_string)
                .ok_or_else(|| StorageError::decode(&op, said("error-decode-no-pop-receipt")))?,
            next_visible: resp
                .header("x-ms-time-next-visible")
                .and_then(|t| httpdate::parse_http_date(t).ok()),
        })
    }

    /// Makes a received message visible again at once (Update Message with `visibilitytimeout=0`, its text
    /// unchanged). Unlike other updates it may be sent again when the first answer is lost: if the first landed,
    /// the repeat meets a changed receipt and changes nothing. So a message it returns is visible, or the error
    /// says it is not; `Ok(false)` when the message is no longer this receipt's (it was returned already, or
    /// expired or was deleted meanwhile).
    pub async fn return_message(&self, queue: &str, id: &str, pop_receipt: &str) -> Result<bool> {
        let op = said!("error-op-return-message", id = id, queue = queue);
        check_queue(&op, queue)?;
        let req = Request::new(Service::Queue, Method::PUT, &op, message_path(queue, id))
            .query("popreceipt", pop_receipt)
            .query("visibilitytimeout", "0")
            .idempotent(true);
        match self.send(req).await {
            Ok(_) => Ok(true),
            Err(e) if e.is_not_found() || e.code.as_deref() == Some("PopReceiptMismatch") => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Deletes (completes) a dequeued message; needs its latest pop receipt.
    pub async fn delete_message(&self, queue: &str, id: &str, pop_receipt: &str) -> Result<()> {
        let op = said!("error-op-delete-message", id = id, queue = queue);
        check_queue(&op, queue)?;
        let req = Request::new(Service::Queue, Method::DELETE, &op, message_path(queue, id))
            .query("popreceipt", pop_receipt)
            .idempotent(false);
        self.send(req).await.map(drop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    #[test]
    fn base64_is_recognised_only_when_strictly_valid() {
        assert_eq!(decode_base64("aGVsbG8="), Some(b"hello".to_vec()));
        assert_eq!(decode_base64("hello"), None);
        assert_eq!(decode_base64("not base64!"), None);
        assert_eq!(decode_base64(""), None);
        assert_eq!(MessageEncoding::Base64.encode(b"hello").unwrap(), "aGVsbG8=");
        assert!(MessageEncoding::Text.encode(&[0xff]).is_err());
    }

    #[test]
    fn oversized_and_unsendable_texts_are_refused_before_sending() {
        assert!(check_text(&"Put".into(), &"x".repeat(MAX_MESSAGE_BYTES)).is_ok());
        // Refused before sending (`Invalid`), saying why: the size in KiB, the character, the count.
        let refused = |r: Result<()>| r.map_err(|e| (e.kind, e.message.clone()));
        assert_eq!(
            refused(check_text(&"Put".into(), &"x".repeat(MAX_MESSAGE_BYTES + 1))),
            Err((ErrorKind::Invalid, said!("error-queue-too-large", kib = "65")))
        );
        assert_eq!(
            refused(check_text(&"Put".into(), "bell\u{7}")),
            Err((
                ErrorKind::Invalid,
                said!("error-queue-control-character", character = "U+0007")
            ))
        );
        assert_eq!(
            refused(check_count(&"Peek".into(), 33)),
            Err((ErrorKind::Invalid, said!("error-queue-count", count = "33")))
        );
    }

    #[test]
    fn message_bodies_escape_xml() {
        assert_eq!(
            message_body("a<b&c"),
            "<QueueMessage><MessageText>a&lt;b&amp;c</MessageText></QueueMessage>"
        );
        // A raw CR would become LF in any conforming parser: it travels as a character reference.
        assert_eq!(
            message_body("a\r\nb\rc"),
            "<QueueMessage><MessageText>a&#13;\nb&#13;c</MessageText></QueueMessage>"
        );
        let body = message_body("a\r\nb\rc");
        let back = xml::parse(body.as_bytes()).unwrap();
        assert_eq!(back.text_of("MessageText"), Some("a\r\nb\rc"));
    }
}
