//! The queue service's XML answers (List Queues, Put, Peek and Get Messages) read into their values; public only
//! through `crate::answers`, for the fuzz tests.

use std::time::SystemTime;

use super::{DequeuedMessage, PeekedMessage, PutReceipt, QueueItem, QueuePage};
use crate::error::{Result, StorageError};
use crate::words::{Said, said};
use crate::xml::Element;

/// A List Queues answer read into its page.
pub fn queue_page(root: &Element) -> QueuePage {
    let queues = root
        .child("Queues")
        .map(|q| {
            q.children_named("Queue")
                .map(|q| QueueItem {
                    name: q.text_of("Name").unwrap_or("").to_string(),
                    metadata: q.metadata(),
                })
                .collect()
        })
        .unwrap_or_default();
    QueuePage {
        queues,
        next_marker: root.string("NextMarker"),
    }
}

/// A Put Message answer: the new message's id, receipt and times.
pub fn put_receipt(op: &Said, root: &Element) -> Result<PutReceipt> {
    let m = root
        .child("QueueMessage")
        .ok_or_else(|| StorageError::decode(op, said!("error-decode-missing-element", name = "QueueMessage")))?;
    Ok(PutReceipt {
        id: m.text_of("MessageId").unwrap_or("").to_string(),
        pop_receipt: m.text_of("PopReceipt").unwrap_or("").to_string(),
        inserted: time(m, "InsertionTime"),
        expires: time(m, "ExpirationTime"),
        next_visible: time(m, "TimeNextVisible"),
    })
}

/// A Peek Messages answer.
pub fn peeked_messages(root: &Element) -> Vec<PeekedMessage> {
    root.children_named("QueueMessage")
        .map(|m| PeekedMessage {
            id: m.text_of("MessageId").unwrap_or("").to_string(),
            inserted: time(m, "InsertionTime"),
            expires: time(m, "ExpirationTime"),
            dequeue_count: m.text_of("DequeueCount").and_then(|c| c.parse().ok()).unwrap_or(0),
            text: m.text_of("MessageText").unwrap_or("").to_string(),
        })
        .collect()
}

/// A Get Messages answer: each message with the pop receipt that deletes or updates it.
pub fn dequeued_messages(root: &Element) -> Vec<DequeuedMessage> {
    root.children_named("QueueMessage")
        .map(|m| DequeuedMessage {
            id: m.text_of("MessageId").unwrap_or("").to_string(),
            pop_receipt: m.text_of("PopReceipt").unwrap_or("").to_string(),
            inserted: time(m, "InsertionTime"),
            expires: time(m, "ExpirationTime"),
            next_visible: time(m, "TimeNextVisible"),
            dequeue_count: m.text_of("DequeueCount").and_then(|c| c.parse().ok()).unwrap_or(0),
            text: m.text_of("MessageText").unwrap_or("").to_string(),
        })
        .collect()
}

fn time(e: &Element, name: &str) -> Option<SystemTime> {
    httpdate::parse_http_date(e.text_of(name)?).ok()
}
