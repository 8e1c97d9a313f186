//! A small element tree over quick-xml for the Blob and Queue services' list and message responses.

use std::borrow::Cow;

use quick_xml::Reader;
use quick_xml::events::Event;

use crate::words::{Said, said};

/// One XML element: its name, direct text and children (the services' answers carry nothing needed in attributes).
/// Names and text borrow from the document where they can: a listing of 5,000 blobs has ~125,000 elements, and
/// a string made and freed for each name and value cost more than the rest of the parse.
#[derive(Clone, Debug, Default)]
pub struct Element<'a> {
    pub name: Cow<'a, str>,
    pub text: Cow<'a, str>,
    pub children: Vec<Element<'a>>,
}

impl<'a> Element<'a> {
    pub fn child(&self, name: &str) -> Option<&Element<'a>> {
        self.children.iter().find(|c| c.name == name)
    }

    pub fn children_named<'s>(&'s self, name: &'s str) -> impl Iterator<Item = &'s Element<'a>> + 's {
        self.children.iter().filter(move |c| c.name == name)
    }

    /// The text of a direct child, if present.
    pub fn text_of(&self, name: &str) -> Option<&str> {
        self.child(name).map(|c| c.text.as_ref())
    }

    /// The text of a child, owned, or None when missing or empty.
    pub fn string(&self, name: &str) -> Option<String> {
        self.text_of(name).filter(|t| !t.is_empty()).map(str::to_string)
    }

    /// `<Metadata><key>value</key>...</Metadata>` as pairs.
    pub fn metadata(&self) -> Vec<(String, String)> {
        self.child("Metadata")
            .map(|m| {
                m.children
                    .iter()
                    .map(|c| (c.name.to_string(), c.text.to_string()))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The same element holding its own strings, to outlive the document it was read from.
    pub fn into_owned(self) -> Element<'static> {
        Element {
            name: Cow::Owned(self.name.into_owned()),
            text: Cow::Owned(self.text.into_owned()),
            children: self.children.into_iter().map(Element::into_owned).collect(),
        }
    }
}

/// `part` as a slice of `body` with `body`'s lifetime, when it lies inside it (a name read straight from the
/// document); None when the reader made a copy.
fn within<'a>(body: &'a [u8], part: &[u8]) -> Option<&'a [u8]> {
    let start = (part.as_ptr() as usize).checked_sub(body.as_ptr() as usize)?;
    body.get(start..start + part.len())
        .filter(|s| std::ptr::eq(s.as_ptr(), part.as_ptr()))
}

/// An element's name, borrowed from the document when it is in it.
fn name_of<'a>(body: &'a [u8], name: &[u8]) -> Cow<'a, str> {
    match within(body, name).map(std::str::from_utf8) {
        Some(Ok(name)) => Cow::Borrowed(name),
        _ => Cow::Owned(String::from_utf8_lossy(name).into_owned()),
    }
}

/// Adds a piece of text to an element's text: the first piece is kept as it is (borrowed, usually).
pub(crate) fn append<'a>(text: &mut Cow<'a, str>, piece: Cow<'a, str>) {
    if text.is_empty() {
        *text = piece;
    } else {
        text.to_mut().push_str(&piece);
    }
}

/// What a text event adds to its element's text: a piece of text unescaped (borrowed when it has no escapes),
/// a reference resolved, a CDATA section as it stands; nothing for any other event. The element tree and the
/// List Blobs reader (`blob::listing_xml`) join an element's text alike through it.
pub(crate) fn piece(event: Event<'_>) -> Result<Cow<'_, str>, Said> {
    match event {
        Event::Text(text) => {
            let t = text
                .decode()
                .map_err(|e| said!("error-xml-malformed-text", why = e.to_string()))?;
            // Unescaped text is borrowed as it stands; text with escapes becomes a string of its own.
            Ok(match t {
                Cow::Borrowed(t) => quick_xml::escape::unescape(t)
                    .map_err(|e| said!("error-xml-malformed-text", why = e.to_string()))?,
                Cow::Owned(t) => Cow::Owned(
                    quick_xml::escape::unescape(&t)
                        .map_err(|e| said!("error-xml-malformed-text", why = e.to_string()))?
                        .into_owned(),
                ),
            })
        }
        Event::GeneralRef(r) => {
            let name = r
                .decode()
                .map_err(|e| said!("error-xml-malformed-reference", why = e.to_string()))?;
            let reference = format!("&{name};");
            let resolved = quick_xml::escape::unescape(&reference)
                .map_err(|e| said!("error-xml-malformed-reference", why = e.to_string()))?;
            Ok(Cow::Owned(resolved.into_owned()))
        }
        Event::CData(data) => Ok(Cow::Owned(String::from_utf8_lossy(&data).into_owned())),
        _ => Ok(Cow::Borrowed("")),
    }
}

/// Parses a document into its root element.
pub fn parse(body: &[u8]) -> Result<Element<'_>, Said> {
    let mut reader = Reader::from_reader(body);
    let mut stack: Vec<Element> = vec![Element::default()];
    loop {
        match reader
            .read_event()
            .map_err(|e| said!("error-xml-malformed", why = e.to_string()))?
        {
            Event::Start(start) => {
                let element = Element {
                    name: name_of(body, start.name().as_ref()),
                    ..Default::default()
                };
                stack.push(element);
            }
            Event::Empty(start) => {
                let element = Element {
                    name: name_of(body, start.name().as_ref()),
                    ..Default::default()
                };
                stack.last_mut().expect("root").children.push(element);
            }
            e @ (Event::Text(_) | Event::GeneralRef(_) | Event::CData(_)) => {
                let piece = piece(e)?;
                append(&mut stack.last_mut().expect("root").text, piece);
            }
            Event::End(_) => {
                let done = stack.pop().expect("balanced");
                match stack.last_mut() {
                    Some(parent) => parent.children.push(done),
                    None => return Err(said("error-xml-unbalanced")),
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    let mut root = stack.pop().ok_or_else(|| said("error-xml-empty"))?;
    root.children.pop().ok_or_else(|| said("error-xml-empty"))
}

/// Escapes text for an element body.
/// Text for element content. `\r` is written as a character reference: XML parsers turn a raw CR (or CRLF)
/// into LF, so a message's CR would not survive the service's parser otherwise.
pub fn escape(text: &str) -> String {
    let escaped = quick_xml::escape::escape(text);
    if escaped.contains('\r') {
        escaped.replace('\r', "&#13;")
    } else {
        escaped.into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_with_attributes_entities_and_metadata() {
        let doc = br#"<?xml version="1.0" encoding="utf-8"?>
<EnumerationResults ServiceEndpoint="http://x/"><Blobs>
<Blob><Name>a &amp; b.txt</Name><Metadata><owner>me</owner></Metadata></Blob>
<BlobPrefix><Name>dir/</Name></BlobPrefix></Blobs><NextMarker /></EnumerationResults>"#;
        let root = parse(doc).unwrap();
        assert_eq!(root.name, "EnumerationResults");
        let blobs = root.child("Blobs").unwrap();
        let blob = blobs.child("Blob").unwrap();
        assert_eq!(blob.text_of("Name"), Some("a & b.txt"));
        assert_eq!(blob.metadata(), vec![("owner".to_string(), "me".to_string())]);
        assert_eq!(blobs.children_named("BlobPrefix").count(), 1);
        assert_eq!(root.string("NextMarker"), None);
    }
}
