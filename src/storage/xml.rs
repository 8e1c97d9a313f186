//! A small element tree over quick-xml for the Blob and Queue services' list and message responses.

use quick_xml::Reader;
use quick_xml::events::Event;

/// One XML element: its name, direct text and children (the services' answers carry nothing needed in attributes).
#[derive(Clone, Debug, Default)]
pub struct Element {
    pub name: String,
    pub text: String,
    pub children: Vec<Element>,
}

impl Element {
    pub fn child(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }

    pub fn children_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    /// The text of a direct child, if present.
    pub fn text_of(&self, name: &str) -> Option<&str> {
        self.child(name).map(|c| c.text.as_str())
    }

    /// The text of a child, owned, or None when missing or empty.
    pub fn string(&self, name: &str) -> Option<String> {
        self.text_of(name).filter(|t| !t.is_empty()).map(str::to_string)
    }

    /// `<Metadata><key>value</key>...</Metadata>` as pairs.
    pub fn metadata(&self) -> Vec<(String, String)> {
        self.child("Metadata")
            .map(|m| m.children.iter().map(|c| (c.name.clone(), c.text.clone())).collect())
            .unwrap_or_default()
    }
}

/// Parses a document into its root element.
pub fn parse(body: &[u8]) -> Result<Element, String> {
    let mut reader = Reader::from_reader(body);
    let mut stack: Vec<Element> = vec![Element::default()];
    let mut buf = Vec::new();
    loop {
        match reader
            .read_event_into(&mut buf)
            .map_err(|e| format!("malformed XML: {e}"))?
        {
            Event::Start(start) => {
                let element = Element {
                    name: String::from_utf8_lossy(start.name().as_ref()).into_owned(),
                    ..Default::default()
                };
                stack.push(element);
            }
            Event::Empty(start) => {
                let element = Element {
                    name: String::from_utf8_lossy(start.name().as_ref()).into_owned(),
                    ..Default::default()
                };
                stack.last_mut().expect("root").children.push(element);
            }
            Event::Text(text) => {
                let t = text.decode().map_err(|e| format!("malformed XML text: {e}"))?;
                let t = quick_xml::escape::unescape(&t).map_err(|e| format!("malformed XML text: {e}"))?;
                stack.last_mut().expect("root").text.push_str(&t);
            }
            Event::GeneralRef(r) => {
                let name = r.decode().map_err(|e| format!("malformed XML reference: {e}"))?;
                let reference = format!("&{name};");
                let resolved =
                    quick_xml::escape::unescape(&reference).map_err(|e| format!("malformed XML reference: {e}"))?;
                stack.last_mut().expect("root").text.push_str(&resolved);
            }
            Event::CData(data) => {
                stack
                    .last_mut()
                    .expect("root")
                    .text
                    .push_str(&String::from_utf8_lossy(&data));
            }
            Event::End(_) => {
                let done = stack.pop().expect("balanced");
                match stack.last_mut() {
                    Some(parent) => parent.children.push(done),
                    None => return Err("malformed XML: unbalanced end tag".into()),
                }
            }
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    let mut root = stack.pop().ok_or("empty XML document")?;
    root.children.pop().ok_or_else(|| "empty XML document".to_string())
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
