//! Reading a List Blobs answer in one pass over its events, straight into the page's blobs.
//!
//! The element tree (`xml::parse`) made an element, a name and a list of children for each of a page's ~125,000
//! elements, then looked each field up among them: two thirds of the tab's CPU per listed blob. This reader
//! reads the shape the service sends (each field once, a field holding text only) in the order it comes. A
//! document of any other shape (a field given twice or holding elements, an empty `<Blob />`, a second root, an
//! error) is declined, and `parse_blob_listing` reads it with the tree as before: the result is the tree's
//! either way (`tests` compare the two on every listing the tests and the fuzz corpus have).

use std::borrow::Cow;

use quick_xml::Reader;
use quick_xml::events::Event;

use crate::blob::{BlobItem, BlobListing, BlobProperties, RetentionFacts};
use crate::xml;

/// Not the shape this reader reads: the element tree reads the document.
pub(crate) struct Declined;

type Read<T> = Result<T, Declined>;

struct Events<'a> {
    reader: Reader<&'a [u8]>,
    /// The whole document, its UTF-8 checked once: a text event's bytes are a slice of it, taken as they stand.
    body: &'a str,
}

impl<'a> Events<'a> {
    fn next(&mut self) -> Read<Event<'a>> {
        self.reader.read_event().map_err(|_| Declined)
    }

    /// A text event read as the tree reads it (its errors are the tree's to report). A `Text` holds no
    /// reference (the reader ends it at each `&`, which comes as a `GeneralRef`) and lies in the document,
    /// whose UTF-8 was checked whole: it is the document's own text, as it stands, with nothing to decode.
    fn text(&self, event: Event<'a>) -> Read<Cow<'a, str>> {
        if let Event::Text(text) = &event
            && let Some(piece) = self.within(text)
        {
            return Ok(Cow::Borrowed(piece));
        }
        xml::piece(event).map_err(|_| Declined)
    }

    /// `bytes` as the slice of the document it is, when it is one (on character boundaries).
    fn within(&self, bytes: &[u8]) -> Option<&'a str> {
        let start = (bytes.as_ptr() as usize).checked_sub(self.body.as_ptr() as usize)?;
        self.body.get(start..start.checked_add(bytes.len())?)
    }

    /// Text between elements, dropped: only a reference can be wrong in it (the document's UTF-8 is checked).
    fn between(&self, event: Event<'a>) -> Read<()> {
        match event {
            Event::Text(_) => Ok(()),
            e => self.text(e).map(drop),
        }
    }

    /// The text of the element whose start was just read, up to its end, joined as the tree joins it.
    fn leaf(&mut self) -> Read<Cow<'a, str>> {
        let mut text = Cow::Borrowed("");
        loop {
            match self.next()? {
                e @ (Event::Text(_) | Event::GeneralRef(_) | Event::CData(_)) => {
                    let piece = self.text(e)?;
                    xml::append(&mut text, piece);
                }
                Event::End(_) => return Ok(text),
                Event::Start(_) | Event::Empty(_) | Event::Eof => return Err(Declined),
                _ => {}
            }
        }
    }

    /// Reads past the element whose start was just read (one no field is read from).
    fn skip(&mut self) -> Read<()> {
        let mut depth = 1;
        while depth > 0 {
            match self.next()? {
                Event::Start(_) => depth += 1,
                Event::End(_) => depth -= 1,
                Event::Eof => return Err(Declined),
                e @ (Event::Text(_) | Event::GeneralRef(_) | Event::CData(_)) => self.between(e)?,
                _ => {}
            }
        }
        Ok(())
    }

    /// The children of the element whose start was just read, each handed to `child` with whether it was
    /// empty (`<X />`), up to the element's end. Text between them is read (for its errors) and dropped.
    fn children(&mut self, mut child: impl FnMut(&mut Self, &[u8], bool) -> Read<()>) -> Read<()> {
        loop {
            match self.next()? {
                Event::Start(s) => child(self, s.name().as_ref(), false)?,
                Event::Empty(s) => child(self, s.name().as_ref(), true)?,
                Event::End(_) => return Ok(()),
                Event::Eof => return Err(Declined),
                e @ (Event::Text(_) | Event::GeneralRef(_) | Event::CData(_)) => self.between(e)?,
                _ => {}
            }
        }
    }

    /// A field's text: `""` for an empty element; a field seen before declines the document (the tree reads
    /// the first of two, which this reader does not keep track of).
    fn field(&mut self, slot: &mut Option<Cow<'a, str>>, empty: bool) -> Read<()> {
        if slot.is_some() {
            return Err(Declined);
        }
        *slot = Some(if empty { Cow::Borrowed("") } else { self.leaf()? });
        Ok(())
    }
}

/// Reads a List Blobs answer, or declines it.
pub(crate) fn read(body: &[u8]) -> Read<BlobListing> {
    // A document that is not UTF-8 throughout is the tree's to read (or refuse) as it always did.
    let text = std::str::from_utf8(body).map_err(|_| Declined)?;
    let mut events = Events {
        reader: Reader::from_reader(body),
        body: text,
    };
    let mut listing = None;
    loop {
        match events.next()? {
            Event::Start(_) if listing.is_none() => listing = Some(root(&mut events)?),
            // A second root (the tree keeps the last), an empty root, or a stray end: the tree's to read.
            Event::Start(_) | Event::Empty(_) | Event::End(_) => return Err(Declined),
            e @ (Event::Text(_) | Event::GeneralRef(_) | Event::CData(_)) => events.between(e)?,
            Event::Eof => return listing.ok_or(Declined),
            _ => {}
        }
    }
}

fn root(events: &mut Events<'_>) -> Read<BlobListing> {
    let mut listing = BlobListing::default();
    // A blob takes some 670 bytes of a page: its list made about once, not grown by copies of 500-byte items.
    listing.blobs.reserve((events.reader.get_ref().len() / 640).min(5000));
    let (mut blobs_seen, mut next_marker) = (false, None);
    events.children(|events, name, empty| match name {
        b"Blobs" if blobs_seen => Err(Declined),
        b"Blobs" => {
            blobs_seen = true;
            if empty { Ok(()) } else { blobs(events, &mut listing) }
        }
        b"NextMarker" => events.field(&mut next_marker, empty),
        _ if empty => Ok(()),
        _ => events.skip(),
    })?;
    listing.next_marker = next_marker.filter(|m| !m.is_empty()).map(Cow::into_owned);
    Ok(listing)
}

fn blobs(events: &mut Events<'_>, listing: &mut BlobListing) -> Read<()> {
    let mut layout = Layout::default();
    events.children(|events, name, empty| match name {
        b"Blob" | b"BlobPrefix" if empty => Err(Declined),
        b"Blob" => {
            listing.blobs.push(blob(events, &mut layout)?);
            Ok(())
        }
        b"BlobPrefix" => {
            let mut folder = None;
            events.children(|events, name, empty| match name {
                b"Name" => events.field(&mut folder, empty),
                _ if empty => Ok(()),
                _ => events.skip(),
            })?;
            listing.prefixes.push(folder.map(Cow::into_owned).unwrap_or_default());
            Ok(())
        }
        _ if empty => Ok(()),
        _ => events.skip(),
    })
}

/// The `<Properties>` fields a listing's blob has that this app reads, by their XML names.
const PROPERTIES: [&str; 22] = [
    "Content-Length",
    "Content-Type",
    "Content-Encoding",
    "Content-Language",
    "Content-Disposition",
    "Cache-Control",
    "Content-MD5",
    "BlobType",
    "AccessTier",
    "AccessTierInferred",
    "ArchiveStatus",
    "RehydratePriority",
    "AccessTierChangeTime",
    "Etag",
    "Last-Modified",
    "Creation-Time",
    "LeaseState",
    "LeaseStatus",
    "LeaseDuration",
    "CopyStatus",
    "VersionId",
    "RemainingRetentionDays",
];

/// Inlined, so that a look-up by a name written in the code is the index itself.
#[inline(always)]
fn property(name: &[u8]) -> Option<usize> {
    Some(match name {
        b"Content-Length" => 0,
        b"Content-Type" => 1,
        b"Content-Encoding" => 2,
        b"Content-Language" => 3,
        b"Content-Disposition" => 4,
        b"Cache-Control" => 5,
        b"Content-MD5" => 6,
        b"BlobType" => 7,
        b"AccessTier" => 8,
        b"AccessTierInferred" => 9,
        b"ArchiveStatus" => 10,
        b"RehydratePriority" => 11,
        b"AccessTierChangeTime" => 12,
        b"Etag" => 13,
        b"Last-Modified" => 14,
        b"Creation-Time" => 15,
        b"LeaseState" => 16,
        b"LeaseStatus" => 17,
        b"LeaseDuration" => 18,
        b"CopyStatus" => 19,
        b"VersionId" => 20,
        b"RemainingRetentionDays" => 21,
        _ => return None,
    })
}

/// Which field each child of the last blob's `<Properties>` was, by its place: the service writes every blob's
/// fields in one order, so a name is mostly found by comparing it with the one field that was at its place.
struct Layout([u8; 32]);

impl Default for Layout {
    fn default() -> Layout {
        Layout([u8::MAX; 32])
    }
}

impl Layout {
    fn property(&mut self, at: usize, name: &[u8]) -> Option<usize> {
        let guess = usize::from(self.0.get(at).copied().unwrap_or(u8::MAX));
        if PROPERTIES.get(guess).is_some_and(|known| known.as_bytes() == name) {
            return Some(guess);
        }
        let found = property(name);
        if let Some(slot) = self.0.get_mut(at) {
            *slot = found.map_or(u8::MAX, |i| i as u8);
        }
        found
    }
}

fn blob(events: &mut Events<'_>, layout: &mut Layout) -> Read<BlobItem> {
    let (mut name, mut snapshot, mut version_id, mut current, mut deleted) = (None, None, None, None, None);
    let mut properties: Option<[Option<Cow<str>>; PROPERTIES.len()]> = None;
    let (mut metadata, mut metadata_seen) = (Vec::new(), false);
    let (mut tags, mut tags_seen) = (Vec::new(), false);
    events.children(|events, element, empty| match element {
        b"Name" => events.field(&mut name, empty),
        b"Snapshot" => events.field(&mut snapshot, empty),
        b"VersionId" => events.field(&mut version_id, empty),
        b"IsCurrentVersion" => events.field(&mut current, empty),
        b"Deleted" => events.field(&mut deleted, empty),
        b"Properties" if properties.is_some() || empty => Err(Declined),
        b"Properties" => {
            let mut fields: [Option<Cow<str>>; PROPERTIES.len()] = Default::default();
            let mut at = 0;
            events.children(|events, name, empty| {
                let found = layout.property(at, name);
                at += 1;
                match found {
                    Some(i) => events.field(&mut fields[i], empty),
                    None if empty => Ok(()),
                    None => events.skip(),
                }
            })?;
            properties = Some(fields);
            Ok(())
        }
        b"Metadata" if metadata_seen => Err(Declined),
        b"Metadata" => {
            metadata_seen = true;
            if empty {
                return Ok(());
            }
            events.children(|events, key, empty| {
                let key = std::str::from_utf8(key).map_err(|_| Declined)?.to_string();
                let value = if empty { Cow::Borrowed("") } else { events.leaf()? };
                metadata.push((key, value.into_owned()));
                Ok(())
            })
        }
        b"Tags" if tags_seen => Err(Declined),
        b"Tags" => {
            tags_seen = true;
            if empty { Ok(()) } else { read_tags(events, &mut tags) }
        }
        _ if empty => Ok(()),
        _ => events.skip(),
    })?;
    let owned = |s: &Option<Cow<str>>| s.as_deref().filter(|s| !s.is_empty()).map(str::to_string);
    let text_is = |s: &Option<Cow<str>>, is: &str| s.as_deref() == Some(is);
    let fields = properties.as_ref();
    // Each field borrowed from the page: only the ones a `BlobItem` keeps as text become strings.
    let field = |x: &str| fields?[property(x.as_bytes())?].as_deref().filter(|s| !s.is_empty());
    Ok(BlobItem {
        name: name.map(Cow::into_owned).unwrap_or_default(),
        snapshot: owned(&snapshot),
        properties: match fields {
            Some(_) => BlobProperties::read(|_, x| field(x)),
            None => BlobProperties::default(),
        },
        metadata,
        tags,
        retention: RetentionFacts {
            deleted: text_is(&deleted, "true"),
            remaining_days: fields
                .and_then(|f| f[PROPERTIES.len() - 1].as_deref())
                .and_then(|d| d.parse().ok()),
            version_id: owned(&version_id),
            is_current_version: text_is(&current, "true"),
        },
    })
}

/// `<Tags><TagSet><Tag><Key>k</Key><Value>v</Value></Tag>…</TagSet></Tags>`, as `tags::tags_of` reads it.
fn read_tags(events: &mut Events<'_>, tags: &mut Vec<(String, String)>) -> Read<()> {
    let mut set_seen = false;
    events.children(|events, name, empty| match name {
        b"TagSet" if set_seen => Err(Declined),
        b"TagSet" => {
            set_seen = true;
            if empty {
                return Ok(());
            }
            events.children(|events, name, empty| match name {
                b"Tag" => {
                    let (mut key, mut value) = (None, None);
                    if !empty {
                        events.children(|events, name, empty| match name {
                            b"Key" => events.field(&mut key, empty),
                            b"Value" => events.field(&mut value, empty),
                            _ if empty => Ok(()),
                            _ => events.skip(),
                        })?;
                    }
                    let text = |s: Option<Cow<str>>| s.map(Cow::into_owned).unwrap_or_default();
                    tags.push((text(key), text(value)));
                    Ok(())
                }
                _ if empty => Ok(()),
                _ => events.skip(),
            })
        }
        _ if empty => Ok(()),
        _ => events.skip(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the tree reads, and what this reader reads unless it declines: the same listing, field by field.
    fn agrees(body: &[u8]) -> bool {
        let tree = crate::blob::listing_by_tree(body);
        match read(body) {
            Ok(fast) => {
                let tree = tree.unwrap_or_else(|e| panic!("the tree refused what the reader read: {e}"));
                assert_eq!(
                    format!("{fast:?}"),
                    format!("{tree:?}"),
                    "{}",
                    String::from_utf8_lossy(body)
                );
                true
            }
            Err(Declined) => false,
        }
    }

    fn seeds() -> Vec<Vec<u8>> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds/xml_listing");
        let mut seeds: Vec<Vec<u8>> = std::fs::read_dir(dir)
            .unwrap()
            .map(|f| std::fs::read(f.unwrap().path()).unwrap())
            .collect();
        seeds.push(SERVICE.as_bytes().to_vec());
        seeds
    }

    /// A page as Azure writes it: snapshots, versions, deleted blobs, metadata, tags, leases, escapes, a folder.
    const SERVICE: &str = "\u{feff}<?xml version=\"1.0\" encoding=\"utf-8\"?><EnumerationResults ServiceEndpoint=\"https://a.blob.core.windows.net/\" ContainerName=\"c\"><Prefix>p</Prefix><MaxResults>3</MaxResults><Blobs>\
<Blob><Name>a &amp; b &lt;1&gt;.txt</Name><Snapshot>2026-11-20T10:00:00.1234567Z</Snapshot><VersionId>2026-11-20T10:00:00.0000000Z</VersionId><IsCurrentVersion>true</IsCurrentVersion><Deleted>true</Deleted>\
<Properties><Creation-Time>Mon, 23 Nov 2026 01:00:00 GMT</Creation-Time><Last-Modified>Mon, 23 Nov 2026 01:00:00 GMT</Last-Modified><Etag>0x8DE2B00000000A1</Etag>\
<Content-Length>42</Content-Length><Content-Type>text/plain</Content-Type><Content-Encoding /><Content-Language>en</Content-Language><Content-CRC64 /><Content-MD5>CY9rzUYh03PK3k6DJie09g==</Content-MD5>\
<Cache-Control>no-cache</Cache-Control><Content-Disposition>attachment</Content-Disposition><BlobType>BlockBlob</BlobType><AccessTier>Archive</AccessTier><AccessTierInferred>false</AccessTierInferred>\
<AccessTierChangeTime>Mon, 23 Nov 2026 02:00:00 GMT</AccessTierChangeTime><ArchiveStatus>rehydrate-pending-to-hot</ArchiveStatus><RehydratePriority>High</RehydratePriority><CopyStatus>success</CopyStatus>\
<LeaseStatus>locked</LeaseStatus><LeaseState>leased</LeaseState><LeaseDuration>infinite</LeaseDuration><ServerEncrypted>true</ServerEncrypted><RemainingRetentionDays>6</RemainingRetentionDays><VersionId>v9</VersionId></Properties>\
<Metadata><kind>k&#49;</kind><empty /><cdata><![CDATA[<raw>]]></cdata></Metadata><OrMetadata /><Tags><TagSet><Tag><Key>project</Key><Value>tessera</Value></Tag><Tag /></TagSet></Tags></Blob>\
<BlobPrefix><Name>dir/</Name></BlobPrefix><Blob><Name>plain</Name><Properties><Content-Length>x</Content-Length></Properties></Blob></Blobs><NextMarker>m2</NextMarker></EnumerationResults>\n";

    #[test]
    fn reads_what_the_tree_reads_from_the_services_answers() {
        for seed in seeds() {
            let text = String::from_utf8_lossy(&seed).to_string();
            let blob_listing = text.contains("<Blobs>");
            assert!(
                agrees(&seed) || !blob_listing,
                "a listing of blobs was declined: {text}"
            );
        }
        let listing = read(SERVICE.as_bytes()).ok().unwrap();
        assert_eq!(listing.blobs.len(), 2);
        assert_eq!(listing.blobs[0].name, "a & b <1>.txt");
        assert_eq!(listing.blobs[0].metadata[0], ("kind".to_string(), "k1".to_string()));
        assert_eq!(listing.prefixes, vec!["dir/"]);
    }

    /// Shapes the service does not send are declined (and so read by the tree), or read as the tree reads them.
    #[test]
    fn other_shapes_are_declined_or_read_alike() {
        let declined = [
            "<R><Blobs><Blob><Name>a</Name><Name>b</Name></Blob></Blobs></R>",
            "<R><Blobs><Blob /></Blobs></R>",
            "<R><Blobs><Blob><Name>a<i>x</i></Name></Blob></Blobs></R>",
            "<R><Blobs><Blob><Properties /></Blob></Blobs></R>",
            "<R><Blobs /><Blobs /></R>",
            "<R></R><S><Blobs><Blob><Name>b</Name></Blob></Blobs></S>",
            "<R/>",
            "<R><Blobs><Blob><Name>a</Name>",
            "<R><Blobs><Blob><Name>a &bogus; b</Name></Blob></Blobs></R>",
        ];
        for doc in declined {
            assert!(read(doc.as_bytes()).is_err(), "{doc}");
        }
        let alike = [
            "<R><Other><Blob><Name>hidden</Name></Blob></Other><Blobs><X><Y/></X><Blob><Name>a</Name></Blob></Blobs><NextMarker /></R>",
            "<?xml version=\"1.0\"?><!-- c --><R>\n <Blobs>\n  <Blob>\n   <Name> spaced </Name>\n  </Blob>\n </Blobs>\n</R>\n",
            "<R><Blobs><Blob><Name>a</Name><Properties><Unknown><Deep>1</Deep></Unknown><Etag>\"q\"</Etag></Properties></Blob></Blobs></R>",
        ];
        for doc in alike {
            assert!(agrees(doc.as_bytes()), "{doc}");
        }
    }

    /// Every seed cut short at every byte, and with every byte changed to each of a few others: wherever the
    /// reader reads, it reads what the tree reads.
    #[test]
    fn damaged_answers_read_alike_or_are_declined() {
        for seed in seeds() {
            for end in 0..seed.len() {
                agrees(&seed[..end]);
            }
            for at in (0..seed.len()).step_by(3) {
                for b in [b'<', b'>', b'/', b'&', b' ', b'x', 0xC3] {
                    let mut damaged = seed.clone();
                    damaged[at] = b;
                    agrees(&damaged);
                }
            }
        }
    }
}
