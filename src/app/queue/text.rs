//! How a message's stored text reads: Base64 of text, Base64 of bytes, or plain, always said; and the short
//! form of an id that tells buttons apart.

use crate::storage::queue::decode_base64;

/// How a stored text reads, always saying which encoding it is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// Valid Base64 whose bytes are UTF-8 text.
    Base64Text(String),
    /// Valid Base64 of bytes that are not text.
    Base64Binary(usize),
    /// Not Base64: the text as stored.
    Plain,
}

pub fn decode(text: &str) -> Decoded {
    match decode_base64(text) {
        Some(bytes) => match String::from_utf8(bytes) {
            Ok(s) => Decoded::Base64Text(s),
            Err(e) => Decoded::Base64Binary(e.as_bytes().len()),
        },
        None => Decoded::Plain,
    }
}

/// The message `shown_text` names binary content with (which has no text to edit).
pub const BASE64_BINARY: &str = "encoding-base64-binary";

/// The text as the user wants to see it, with the message naming its encoding.
pub fn shown_text(text: &str, raw: bool) -> (String, &'static str) {
    if raw {
        return (text.to_string(), "encoding-raw");
    }
    match decode(text) {
        Decoded::Base64Text(s) => (s, "encoding-base64-text"),
        Decoded::Base64Binary(n) => (
            crate::app::widgets::i18n::tr!("encoding-binary-bytes", count = n),
            BASE64_BINARY,
        ),
        Decoded::Plain => (text.to_string(), "encoding-plain"),
    }
}

/// The first part of a message id, enough to tell buttons apart.
pub fn short(id: &str) -> String {
    id.chars().take(8).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_texts_say_how_they_read() {
        assert_eq!(decode("aGVsbG8="), Decoded::Base64Text("hello".into()));
        assert_eq!(decode("//79"), Decoded::Base64Binary(3));
        assert_eq!(decode("plain words"), Decoded::Plain);
        assert_eq!(shown_text("aGVsbG8=", true), ("aGVsbG8=".to_string(), "encoding-raw"));
    }
}
