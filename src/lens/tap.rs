//! What the lens reads from bodies as they stream past (a copy of their first bytes, never the whole of a large
//! one): a batch's parts, a dequeued message's pop receipt, next visibility and dequeue count, a listing's next
//! marker.

use crate::lens::operation::table_resource;

/// How much of a body is copied for reading: a batch is at most 4 MiB; a message answer is far smaller.
pub const TAP_LIMIT: usize = 4 * 1024 * 1024;

/// Which bodies are worth a copy, by operation.
pub fn wants_request(operation: &str) -> bool {
    operation == "Entity Group Transaction"
}

pub fn wants_answer(operation: &str) -> bool {
    matches!(
        operation,
        "Get Messages" | "Peek Messages" | "Put Message" | "List Blobs" | "List Containers" | "List Queues"
    )
}

/// A batch's parts, "METHOD resource" each, from its multipart body.
pub fn batch_parts(body: &[u8], base_path: &str) -> Vec<String> {
    let text = String::from_utf8_lossy(body);
    let mut parts = Vec::new();
    for line in text.lines() {
        let mut words = line.split(' ');
        let (Some(method), Some(url), Some(version)) = (words.next(), words.next(), words.next()) else {
            continue;
        };
        if !version.starts_with("HTTP/") || !method.chars().all(|c| c.is_ascii_uppercase()) {
            continue;
        }
        let path = match url::Url::parse(url) {
            Ok(u) => u.path().to_string(),
            Err(_) => url.split('?').next().unwrap_or("").to_string(),
        };
        let path = percent_encoding::percent_decode_str(&path)
            .decode_utf8_lossy()
            .into_owned();
        let below = path.strip_prefix(base_path).unwrap_or(&path).trim_start_matches('/');
        parts.push(format!("{method} {}", table_resource(below)));
    }
    parts
}

/// The text of the first `<tag>…</tag>` in an XML body.
pub fn element(body: &[u8], tag: &str) -> Option<String> {
    let text = std::str::from_utf8(body).ok()?;
    let open = format!("<{tag}>");
    let start = text.find(&open)? + open.len();
    let end = text[start..].find(&format!("</{tag}>"))? + start;
    Some(text[start..end].to_string()).filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_is_read_part_by_part() {
        let body = b"--batch_1\r\nContent-Type: multipart/mixed; boundary=changeset_1\r\n\r\n--changeset_1\r\n\
Content-Type: application/http\r\n\r\nPUT http://127.0.0.1:1/devstoreaccount1/orders(PartitionKey='a',RowKey='1') HTTP/1.1\r\n\
If-Match: *\r\n\r\n{}\r\n--changeset_1\r\nContent-Type: application/http\r\n\r\n\
DELETE http://127.0.0.1:1/devstoreaccount1/orders(PartitionKey='a',RowKey='2') HTTP/1.1\r\n\r\n--changeset_1--\r\n--batch_1--";
        assert_eq!(
            batch_parts(body, "/devstoreaccount1"),
            ["PUT orders/a/1", "DELETE orders/a/2"]
        );
    }

    #[test]
    fn a_message_answer_gives_its_receipt_and_count() {
        let body = b"<?xml version=\"1.0\"?><QueueMessagesList><QueueMessage><MessageId>m</MessageId>\
<PopReceipt>AAA=</PopReceipt><TimeNextVisible>Mon, 07 Dec 2026 12:00:00 GMT</TimeNextVisible>\
<DequeueCount>2</DequeueCount></QueueMessage></QueueMessagesList>";
        assert_eq!(element(body, "PopReceipt").as_deref(), Some("AAA="));
        assert_eq!(element(body, "DequeueCount").as_deref(), Some("2"));
        assert_eq!(element(body, "NextMarker"), None);
        assert_eq!(element(b"<NextMarker></NextMarker>", "NextMarker"), None);
    }
}
