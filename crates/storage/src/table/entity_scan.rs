//! A scanner of the service's compact Query Entities JSON (`{"odata.metadata":…,"value":[{…},…]}`) that packs
//! each entity into one page buffer as it reads it. It declines (`None`) whatever it does not fully understand
//! (an escape it cannot decode, a lone surrogate, a number outside its exact cases, a nested value, a key
//! given twice, whatever serde would refuse), and the exact serde reader (`entity_json`) reads that page: both
//! give the same entities, byte for byte (`tests`).
//!
//! The values are typed by the same code as serde's reading (`entity_json::typed`, `pack_properties`): only
//! the reading of the JSON text is its own.

use std::borrow::Cow;

use crate::table::edm::EdmDateTime;
use crate::table::entity::{Entity, EntityView, Packer};
use crate::table::entity_json::{Raw, TYPE_SUFFIX, checked, pack_properties, parse_entity_page_by_serde};
use crate::words::Said;

/// Reads a Query Entities page (`{"value": [entity, ...]}`) straight into packed entities: by the scanner, or,
/// where it declines, by the exact serde reader (which words what is wrong with a page it cannot read either).
pub fn parse_entity_page(body: &[u8]) -> Result<Vec<Entity>, Said> {
    match scan_entities(body) {
        Some(entities) => Ok(entities),
        None => parse_entity_page_by_serde(body),
    }
}

/// A page's entities packed back to back in one buffer: entity `i` is `bytes[ends[i - 1]..ends[i]]`.
#[derive(Default)]
pub(crate) struct PackedEntities {
    bytes: Vec<u8>,
    ends: Vec<u32>,
}

impl PackedEntities {
    #[cfg(test)]
    fn len(&self) -> usize {
        self.ends.len()
    }

    #[cfg(test)]
    fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    fn get(&self, i: usize) -> &EntityView {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        EntityView::from_packed(&self.bytes[start..self.ends[i] as usize])
    }

    fn iter(&self) -> impl Iterator<Item = &EntityView> {
        (0..self.ends.len()).map(|i| self.get(i))
    }

    /// Each entity in its own allocation.
    fn to_entities(&self) -> Vec<Entity> {
        self.iter().map(ToOwned::to_owned).collect()
    }

    fn clear(&mut self) {
        self.bytes.clear();
        self.ends.clear();
    }
}

thread_local! {
    /// The page buffer the scanner packs into, kept from page to page: a new one grown for every page was
    /// fresh memory each time (a tenth of the parse went into the kernel zeroing its pages).
    static SCRATCH: std::cell::RefCell<PackedEntities> = std::cell::RefCell::default();
}

/// The page's entities, each in its own allocation; None when the scanner declines the page.
fn scan_entities(body: &[u8]) -> Option<Vec<Entity>> {
    SCRATCH.with_borrow_mut(|page| {
        let read = scan_page(body, page).map(|()| page.to_entities());
        // A rare huge page is not held for the life of the thread.
        if page.bytes.capacity() > 4 << 20 {
            *page = PackedEntities::default();
        }
        read
    })
}

/// Reads `body` into `out`, or declines (`None`, `out` emptied) for the exact reader to read it.
pub(crate) fn scan_page(body: &[u8], out: &mut PackedEntities) -> Option<()> {
    out.clear();
    let read = scan(body, out);
    if read.is_none() {
        out.clear();
    }
    read
}

fn scan(body: &[u8], out: &mut PackedEntities) -> Option<()> {
    let mut s = Scan { b: body, pos: 0 };
    let mut entity = EntityScratch {
        packer: Packer::reusable(),
        values: Vec::with_capacity(16),
        types: Vec::with_capacity(16),
    };
    s.eat(b'{')?;
    let mut seen_value = false;
    if s.peek()? == b'}' {
        s.pos += 1;
    } else {
        loop {
            let key = s.string()?;
            s.eat(b':')?;
            if key == "value" {
                // Twice: which one serde keeps is its business.
                if std::mem::replace(&mut seen_value, true) {
                    return None;
                }
                s.entities(&mut entity, out)?;
            } else {
                // `odata.metadata` and the like: a string, read and dropped.
                s.string()?;
            }
            if s.next_member(b'}')? {
                break;
            }
        }
    }
    s.ws();
    (s.pos == body.len()).then_some(())
}

const TYPE_SUFFIX_BYTES: &[u8; 11] = b"@odata.type";
const _: () = assert!(TYPE_SUFFIX.len() == TYPE_SUFFIX_BYTES.len());

/// One entity's parts, their buffers reused entity after entity.
struct EntityScratch<'a> {
    packer: Packer,
    values: Vec<(Cow<'a, str>, Raw<'a>)>,
    types: Vec<(Cow<'a, str>, Cow<'a, str>)>,
}

struct Scan<'a> {
    b: &'a [u8],
    pos: usize,
}

/// Each byte of a word, repeated.
const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `w` that a string stops at (a quote, a backslash, a control character), exact
/// for the lowest such byte (a borrow can mark bytes above it only).
fn stops(w: u64) -> u64 {
    let quote = w ^ (ONES * u64::from(b'"'));
    let backslash = w ^ (ONES * u64::from(b'\\'));
    let zero = |x: u64| x.wrapping_sub(ONES) & !x;
    (zero(quote) | zero(backslash) | (w.wrapping_sub(ONES * 0x20) & !w)) & HIGH
}

/// Bytes of the page as text: checked as UTF-8 unless `ascii` says every byte is below 0x80.
fn text(bytes: &[u8], ascii: bool) -> Option<&str> {
    if ascii {
        debug_assert!(bytes.is_ascii(), "a slice said to be ASCII is not");
        // SAFETY: every byte is ASCII (the caller saw no high bit among them), so this is UTF-8.
        Some(unsafe { std::str::from_utf8_unchecked(bytes) })
    } else {
        std::str::from_utf8(bytes).ok()
    }
}

/// Powers of ten a double holds exactly: a significand under 2^53 times or over one of them is one rounding,
/// so the correctly rounded value (what serde_json with `float_roundtrip` reads, and `str::parse`).
const EXACT_POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];

impl<'a> Scan<'a> {
    fn ws(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.b.get(self.pos) {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.b.get(self.pos).copied()
    }

    fn eat(&mut self, c: u8) -> Option<()> {
        (self.peek()? == c).then(|| self.pos += 1)
    }

    /// After a member or element: true at `close`, false at a comma (another follows); None otherwise.
    fn next_member(&mut self, close: u8) -> Option<bool> {
        match self.peek()? {
            b',' => {
                self.pos += 1;
                Some(false)
            }
            c if c == close => {
                self.pos += 1;
                Some(true)
            }
            _ => None,
        }
    }

    fn entities(&mut self, entity: &mut EntityScratch<'a>, out: &mut PackedEntities) -> Option<()> {
        self.eat(b'[')?;
        if self.peek()? == b']' {
            self.pos += 1;
            return Some(());
        }
        loop {
            self.entity(entity, &mut out.bytes)?;
            out.ends.push(u32::try_from(out.bytes.len()).ok()?);
            if self.next_member(b']')? {
                return Some(());
            }
        }
    }

    /// One entity object, read as `entity_json`'s visitor reads it, packed onto the end of `out`.
    fn entity(&mut self, scratch: &mut EntityScratch<'a>, out: &mut Vec<u8>) -> Option<()> {
        self.eat(b'{')?;
        let EntityScratch { packer, values, types } = scratch;
        values.clear();
        types.clear();
        let (mut etag, mut pk, mut rk, mut ts) = (None, None, None, None);
        if self.peek()? == b'}' {
            self.pos += 1;
        } else {
            loop {
                let key = self.string()?;
                self.eat(b':')?;
                // The visitor's order of cases; a system field given twice is left to it (it keeps the last).
                // Fixed-width compares (a call to memcmp for each was a twentieth of the scan).
                let k = key.as_bytes();
                if k.len() == 10 && k.first_chunk::<10>() == Some(b"odata.etag") {
                    once(&mut etag, self.string()?)?;
                } else if k.first_chunk::<6>() == Some(b"odata.") {
                    self.string()?;
                } else if k.last_chunk::<11>() == Some(TYPE_SUFFIX_BYTES) {
                    let name = match key {
                        Cow::Borrowed(k) => Cow::Borrowed(&k[..k.len() - TYPE_SUFFIX.len()]),
                        Cow::Owned(mut k) => {
                            k.truncate(k.len() - TYPE_SUFFIX.len());
                            Cow::Owned(k)
                        }
                    };
                    types.push((name, self.string()?));
                } else {
                    match key.as_ref() {
                        "PartitionKey" => once(&mut pk, self.string()?)?,
                        "RowKey" => once(&mut rk, self.string()?)?,
                        "Timestamp" => once(&mut ts, self.string()?)?,
                        _ => {
                            let value = self.value()?;
                            values.push((key, value));
                        }
                    }
                }
                if self.next_member(b'}')? {
                    break;
                }
            }
        }
        checked(values, types).ok()?;
        let timestamp = ts.as_deref().and_then(|t| EdmDateTime::parse(t).ok());
        fn text<'t>(t: &'t Option<Cow<str>>) -> &'t str {
            t.as_deref().unwrap_or("")
        }
        packer.start(text(&etag), text(&pk), text(&rk), timestamp);
        pack_properties(packer, values.drain(..), types);
        packer.finish_into(out);
        Some(())
    }

    /// A property value: a string, a number, true, false or null (anything else, an object or an array, is
    /// no value the visitor reads).
    fn value(&mut self) -> Option<Raw<'a>> {
        match self.peek()? {
            b'"' => self.string().map(Raw::Text),
            b't' => self.literal(b"true", Raw::Bool(true)),
            b'f' => self.literal(b"false", Raw::Bool(false)),
            b'n' => self.literal(b"null", Raw::Null),
            b'-' | b'0'..=b'9' => self.number(),
            _ => None,
        }
    }

    fn literal(&mut self, word: &[u8], raw: Raw<'a>) -> Option<Raw<'a>> {
        let end = self.pos + word.len();
        (self.b.get(self.pos..end)? == word).then(|| {
            self.pos = end;
            raw
        })
    }

    /// A number, as serde_json (with `float_roundtrip`) reads it: an integer of at most 18 digits (serde gives
    /// it as an i64, or a u64 that fits one), or a decimal, correctly rounded (a significand under 2^53 and a
    /// power of ten of at most 22 either way is one exact rounding; other decimals go through `str::parse`, also
    /// correctly rounded). Declined: longer integers (serde makes doubles of some), `-0` (a double to serde),
    /// what is out of a double's range or underflows to zero.
    fn number(&mut self) -> Option<Raw<'a>> {
        let start = self.pos;
        let negative = self.b[self.pos] == b'-';
        if negative {
            self.pos += 1;
        }
        let (mut significand, mut digits) = (0u64, 0usize);
        let int_start = self.pos;
        self.digits(&mut significand, &mut digits);
        let int_digits = self.pos - int_start;
        // No digit, or a leading zero before another digit: no JSON number.
        if int_digits == 0 || (int_digits > 1 && self.b[int_start] == b'0') {
            return None;
        }
        let mut exponent = 0i64;
        let mut float = false;
        if self.b.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            float = true;
            let at = self.pos;
            self.digits(&mut significand, &mut digits);
            if self.pos == at {
                return None;
            }
            exponent -= (self.pos - at) as i64;
        }
        if let Some(b'e' | b'E') = self.b.get(self.pos) {
            self.pos += 1;
            float = true;
            let sign = match self.b.get(self.pos) {
                Some(b'-') => {
                    self.pos += 1;
                    -1
                }
                Some(b'+') => {
                    self.pos += 1;
                    1
                }
                _ => 1,
            };
            let (mut e, mut e_digits) = (0u64, 0usize);
            let at = self.pos;
            self.digits(&mut e, &mut e_digits);
            if self.pos == at {
                return None;
            }
            exponent = exponent.saturating_add(sign * e.min(1 << 32) as i64);
        }
        if !float {
            if digits > 18 || (negative && significand == 0) {
                return None;
            }
            let v = significand as i64;
            return Some(Raw::Int(if negative { -v } else { v }));
        }
        if digits <= 19 && significand <= 1 << 53 && exponent.unsigned_abs() <= 22 {
            let pow = EXACT_POW10[exponent.unsigned_abs() as usize];
            let magnitude = if exponent >= 0 {
                significand as f64 * pow
            } else {
                significand as f64 / pow
            };
            return Some(Raw::Float(if negative { -magnitude } else { magnitude }));
        }
        // Digits, signs, a dot and an exponent: ASCII.
        let text = text(&self.b[start..self.pos], true)?;
        let v: f64 = text.parse().ok()?;
        // Out of range is an error to serde; a non-zero that rounds to zero is left to it too.
        let mantissa = text.split(['e', 'E']).next().unwrap_or(text);
        let underflow = v == 0.0 && mantissa.bytes().any(|d| (b'1'..=b'9').contains(&d));
        (v.is_finite() && !underflow).then_some(Raw::Float(v))
    }

    /// Decimal digits onto `n` (counted in `count`; `n` is only meaningful while `count` is at most 19).
    fn digits(&mut self, n: &mut u64, count: &mut usize) {
        while let Some(&d @ b'0'..=b'9') = self.b.get(self.pos) {
            *n = n.wrapping_mul(10).wrapping_add(u64::from(d - b'0'));
            *count += 1;
            self.pos += 1;
        }
    }

    /// A JSON string: borrowed from the page when it has no escape, decoded when its escapes are the ones
    /// JSON has (a `\u` surrogate only as a whole pair); UTF-8 checked where it is not ASCII (the page is not
    /// checked whole: outside strings only ASCII is read, and the scan declines anything else).
    fn string(&mut self) -> Option<Cow<'a, str>> {
        self.eat(b'"')?;
        let start = self.pos;
        let mut high = 0;
        loop {
            // Eight bytes at a time up to the first byte it stops at.
            while let Some(chunk) = self.b.get(self.pos..self.pos + 8) {
                let w = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
                let stop = stops(w);
                if stop != 0 {
                    let at = stop.trailing_zeros() / 8;
                    // Only the bytes before the stop are the string's.
                    high |= w & HIGH & ((1u64 << (at * 8)) - 1);
                    self.pos += at as usize;
                    break;
                }
                high |= w & HIGH;
                self.pos += 8;
            }
            match *self.b.get(self.pos)? {
                b'"' => {
                    let s = text(&self.b[start..self.pos], high == 0)?;
                    self.pos += 1;
                    return Some(Cow::Borrowed(s));
                }
                b'\\' => {
                    let before = text(&self.b[start..self.pos], high == 0)?;
                    return self.escaped(before).map(Cow::Owned);
                }
                // A control character may not stand in a JSON string.
                0..0x20 => return None,
                c => {
                    high |= u64::from(c & 0x80);
                    self.pos += 1;
                }
            }
        }
    }

    /// The rest of a string from its first backslash, `before` being what came before it.
    fn escaped(&mut self, before: &str) -> Option<String> {
        let mut s = String::with_capacity(before.len() + 16);
        s.push_str(before);
        loop {
            let run = self.pos;
            let mut ascii = true;
            while let Some(&c) = self.b.get(self.pos)
                && c != b'"'
                && c != b'\\'
                && c >= 0x20
            {
                ascii &= c < 0x80;
                self.pos += 1;
            }
            s.push_str(text(&self.b[run..self.pos], ascii)?);
            match *self.b.get(self.pos)? {
                b'"' => {
                    self.pos += 1;
                    return Some(s);
                }
                b'\\' => {
                    let e = *self.b.get(self.pos + 1)?;
                    self.pos += 2;
                    s.push(match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.unicode()?,
                        _ => return None,
                    });
                }
                _ => return None,
            }
        }
    }

    /// The character of a `\u` escape (its `\u` read), a surrogate pair as one.
    fn unicode(&mut self) -> Option<char> {
        let first = self.hex4()?;
        match first {
            0xD800..=0xDBFF => {
                if self.b.get(self.pos..self.pos + 2)? != b"\\u" {
                    return None;
                }
                self.pos += 2;
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return None;
                }
                char::from_u32(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            }
            // A trailing surrogate alone is no character.
            0xDC00..=0xDFFF => None,
            c => char::from_u32(c),
        }
    }

    fn hex4(&mut self) -> Option<u32> {
        let digits = self.b.get(self.pos..self.pos + 4)?;
        let mut n = 0;
        for &d in digits {
            n = n * 16 + char::from(d).to_digit(16)?;
        }
        self.pos += 4;
        Some(n)
    }
}

/// Sets a field read once; a second time declines.
fn once<'a>(slot: &mut Option<Cow<'a, str>>, value: Cow<'a, str>) -> Option<()> {
    slot.replace(value).is_none().then_some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::draft::EntityDraft;
    use crate::table::edm::{EdmDateTime, EdmValue};

    /// Reads `body` both ways and compares them entity by entity, byte for byte; true when the scanner read it
    /// (false: it declined, and the page is serde's alone).
    fn both_ways(body: &[u8]) -> bool {
        let mut packed = PackedEntities::default();
        let scanned = scan_page(body, &mut packed).is_some();
        let exact = parse_entity_page_by_serde(body);
        if !scanned {
            assert!(packed.is_empty(), "a declined page leaves nothing");
            return false;
        }
        let shown = String::from_utf8_lossy(body);
        let exact = exact.unwrap_or_else(|e| panic!("the scanner read what serde refuses ({e}): {shown}"));
        assert_eq!(packed.len(), exact.len(), "{shown}");
        for (i, (fast, exact)) in packed.iter().zip(&exact).enumerate() {
            assert_eq!(
                fast.raw_bytes(),
                exact.raw_bytes(),
                "entity {i}: {fast:?} against {exact:?} in {shown}"
            );
        }
        true
    }

    fn page(entities: &[String]) -> String {
        format!(
            r#"{{"odata.metadata":"https://a.table.core.windows.net/$metadata#t","value":[{}]}}"#,
            entities.join(",")
        )
    }

    fn fixture(path: &str) -> Vec<u8> {
        std::fs::read(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../..")
                .join(path),
        )
        .unwrap()
    }

    /// The pages the service sent (recorded from Azurite for the fuzzers) read the same both ways, and the
    /// scanner reads the ones it should.
    #[test]
    fn the_recorded_pages_read_the_same_both_ways() {
        let read = |p: &str| both_ways(&fixture(p));
        assert!(read("fuzz/seeds/entity_page/minimalmetadata"));
        assert!(read("fuzz/seeds/entity_page/fullmetadata"));
        assert!(read("fuzz/seeds/entity_page/tables"));
        assert!(!read("fuzz/regressions/entity_page/duplicate-property-names.json"));
        assert!(!read("fuzz/regressions/entity_page/empty-type-annotation"));
        for one in ["fuzz/seeds/entity/every_type", "fuzz/seeds/entity/plain"] {
            let e = String::from_utf8(fixture(one)).unwrap();
            assert!(both_ways(page(&[e.clone(), e]).as_bytes()), "{one}");
        }
    }

    fn entity(extra: &str) -> String {
        format!(
            r#"{{"odata.etag":"W/\"datetime'2026-11-22T08%3A30%3A00.1234567Z'\"","PartitionKey":"p","RowKey":"r","Timestamp":"2026-11-22T08:30:00.1234567Z"{extra}}}"#
        )
    }

    /// Awkward pages, each read both ways: every Edm type in the service's forms and in wrong forms, numbers at
    /// and past the scanner's exact cases, escapes of every kind, surrogate pairs and lone halves, empty strings,
    /// nulls, keys with odd characters, whitespace, and shapes that are no page. The ones the scanner must read
    /// are asserted read (a scanner that declined everything would pass the comparison alone).
    #[test]
    fn awkward_pages_read_the_same_both_ways() {
        let read = [
            r#","S":"plain","E":"","Nul":null,"B":true,"F":false"#,
            r#","I":0,"Neg":-1,"Max":2147483647,"Min":-2147483648,"Over":2147483648,"Under":-2147483649"#,
            r#","L":123456789012345678,"L2":-123456789012345678"#,
            r#","L@odata.type":"Edm.Int64","L":"9223372036854775807","M@odata.type":"Edm.Int64","M":"-9223372036854775808""#,
            r#","L@odata.type":"Edm.Int64","L":"92233720368547758070","N@odata.type":"Edm.Int64","N":"x""#,
            r#","I@odata.type":"Edm.Int32","I":2147483648,"J@odata.type":"Edm.Int32","J":"5""#,
            r#","D":1.5,"D2":-0.0,"D3":0.1,"D4":3.0,"D5":1e22,"D6":1.25e-22,"D7":9007199254740993.0,"D8":123456.789e3"#,
            r#","D":-1.5e+300,"D2":1e300,"D3":5e-324,"D4":1.7976931348623157e308,"D5":2.2250738585072014e-308,"D6":0e999"#,
            r#","D":1.2345678901234567890,"D2":0.30000000000000004,"D3":123456789012345678901234567890.5,"D4":1e23"#,
            r#","D@odata.type":"Edm.Double","D":"NaN","E@odata.type":"Edm.Double","E":"Infinity","F@odata.type":"Edm.Double","F":"-Infinity""#,
            r#","D@odata.type":"Edm.Double","D":5,"E@odata.type":"Edm.Double","E":-7.25E+2,"F@odata.type":"Edm.Double","F":"1.5""#,
            r#","T@odata.type":"Edm.DateTime","T":"2026-11-22T08:30:00Z","U@odata.type":"Edm.DateTime","U":"1601-01-01T00:00:00.0000000Z""#,
            r#","T@odata.type":"Edm.DateTime","T":"1500-01-01T00:00:00Z","U@odata.type":"Edm.DateTime","U":"2026-11-22T08:30:00.12345678Z""#,
            r#","G@odata.type":"Edm.Guid","G":"0f8fad5b-d9cb-469f-a165-70867728950e","H@odata.type":"Edm.Guid","H":"nope""#,
            r#","X@odata.type":"Edm.Binary","X":"AAECAwQF/w==","Y@odata.type":"Edm.Binary","Y":"","Z@odata.type":"Edm.Binary","Z":"!!""#,
            r#","B@odata.type":"Edm.Boolean","B":true,"C@odata.type":"Edm.Boolean","C":"true","S@odata.type":"Edm.String","S":7"#,
            r#","P@odata.type":"Edm.Decimal","P":12.50,"Q@odata.type":"Edm.Byte","Q":"1""#,
            r#","Late":"9007199254740993","Late@odata.type":"Edm.Int64","Only@odata.type":"Edm.String""#,
            r#","Esc":"q\"b\\s\/b\bf\fn\nr\rt\t","U":"\u00e9\u2603\ud834\udd1e\u0000\uFFFF","Raw":"é ☃ 𝄞 名前""#,
            r#","K\u00e9y":"v","a b":"1","x\"y":"2","p/q":"3","@odata":"4","名前":"5","Emoji😀":"6","":"empty name""#,
            r#","odata.type":"t.x","odata.id":"http://x/t(PartitionKey='p')","odata.editLink":"t(1)""#,
            r#","Timestamp@odata.type":"Edm.DateTime""#,
        ];
        for extra in read {
            let one = entity(extra);
            assert!(both_ways(page(&[one.clone(), one]).as_bytes()), "declined: {extra}");
        }
        // Whitespace anywhere JSON allows it, an empty page, a page with no value, a page of empty entities.
        let spaced = page(&[entity(r#", "S" : "x" , "N":1 "#)]).replace(",\"", " ,\r\n\t\"");
        for body in [spaced.as_str(), r#"{"value":[]}"#, r#"{}"#, r#" {"value":[{},{}]} "#] {
            assert!(both_ways(body.as_bytes()), "declined: {body}");
        }
        // Left to serde (each read both ways all the same: serde reads it, or refuses it in words).
        let declined = [
            r#","Lone":"\ud800x""#,
            r#","Lone":"\udc00""#,
            r#","Half":"\ud800\u0041""#,
            r#","Bad":"\x""#,
            r#","Big":1e309"#,
            r#","Tiny":1e-400"#,
            r#","Long":12345678901234567890"#,
            r#","Long":1234567890123456789"#,
            r#","NegZero":-0"#,
            r#","Lead":012"#,
            r#","Dot":1."#,
            r#","Exp":1e"#,
            r#","Obj":{"a":1}"#,
            r#","Arr":[1]"#,
            r#","N":1,"N":2"#,
            r#","N@odata.type":"Edm.Int64","N@odata.type":"Edm.Int32","N":"1""#,
            r#","N@odata.type":"","N":"1""#,
            r#","PartitionKey":"again""#,
            r#","odata.etag":"again""#,
            r#","odata.count":5"#,
            ",\"Ctl\":\"a\u{1}b\"",
            r#","N":tru"#,
        ];
        for extra in declined {
            let one = entity(extra);
            assert!(!both_ways(page(&[one]).as_bytes()), "read, not declined: {extra}");
        }
        for body in [
            r#"{"value":[{"PartitionKey":1}]}"#,
            r#"{"value":[1]}"#,
            r#"{"value":{}}"#,
            r#"{"value":[],"value":[]}"#,
            r#"{"value":[{}]"#,
            r#"{"value":[{}]}x"#,
            r#"{"value":[{},]}"#,
            r#"{"odata.metadata":5,"value":[]}"#,
            "\u{feff}{\"value\":[]}",
            "",
        ] {
            assert!(!both_ways(body.as_bytes()), "read, not declined: {body}");
        }
        assert!(!both_ways(b"{\"value\":[{\"S\":\"\xff\"}]}"), "not UTF-8");
        // What ends a string, or makes it no text, at every place in and across the eight bytes read at once.
        for at in 0..20 {
            let pad = "a".repeat(at);
            for (odd, read) in [
                (&b"\xc3\xa9"[..], true),
                (b"\xe2\x98\x83", true),
                (b"\xf0\x9d\x84\x9e", true),
                (b"\\n", true),
                (b"\\\"", true),
                (b"\xff", false),
                (b"\xc3", false),
                (b"\xed\xa0\x80", false),
                (b"\x01", false),
                (b"\x1f", false),
            ] {
                let mut body = format!(r#"{{"value":[{{"PartitionKey":"{pad}"#).into_bytes();
                body.extend_from_slice(odd);
                body.extend_from_slice(format!(r#"{pad}","S{pad}":"{pad}"}}]}}"#).as_bytes());
                assert_eq!(both_ways(&body), read, "{}", String::from_utf8_lossy(&body));
            }
        }
    }

    /// Every entity the app writes (`to_json_body`: ASCII, every non-ASCII character escaped, each Edm type at
    /// its extremes) reads the same both ways, and through the scanner.
    #[test]
    fn what_the_app_writes_reads_the_same_both_ways() {
        let mut d = EntityDraft::new("p\"/\\", "ключ 日本 𝄞")
            .with("Empty", EdmValue::String(String::new()))
            .with("Wide", EdmValue::String("é ☃ 𝄞 \"\u{1}\u{7f}".into()))
            .with("I32Min", EdmValue::Int32(i32::MIN))
            .with("I64Min", EdmValue::Int64(i64::MIN))
            .with("I64Max", EdmValue::Int64(i64::MAX))
            .with("Nan", EdmValue::Double(f64::NAN))
            .with("Inf", EdmValue::Double(f64::INFINITY))
            .with("NegInf", EdmValue::Double(f64::NEG_INFINITY))
            .with("Third", EdmValue::Double(1.0 / 3.0))
            .with("Whole", EdmValue::Double(2.0))
            .with("First", EdmValue::DateTime(EdmDateTime::MIN))
            .with("Last", EdmValue::DateTime(EdmDateTime::MAX))
            .with("Max", EdmValue::Guid(uuid::Uuid::max()))
            .with("Bytes", EdmValue::Binary((0..=255).collect()))
            .with("Größe", EdmValue::Boolean(false));
        d.timestamp = Some(EdmDateTime::MAX);
        let d = d.with_etag(Some("W/\"datetime'2026-11-22T08%3A30%3A00.1234567Z'\"".into()));
        let body = String::from_utf8(d.to_json_body()).unwrap();
        assert!(both_ways(page(&[body.clone(), body]).as_bytes()));
    }

    mod random {
        use super::*;
        use proptest::prelude::*;
        use std::sync::atomic::{AtomicUsize, Ordering};

        /// A JSON string literal of `s`, each character written as it stands or escaped (`\uXXXX`, a pair past
        /// U+FFFF, or its short escape) as `how` picks: the forms any writer may choose.
        fn literal(s: &str, how: &[u8]) -> String {
            let mut out = String::from("\"");
            for (i, c) in s.chars().enumerate() {
                let pick = how.get(i % how.len().max(1)).copied().unwrap_or(0) % 3;
                match c {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    '\n' if pick == 0 => out.push_str("\\n"),
                    '\t' if pick == 0 => out.push_str("\\t"),
                    '/' if pick == 1 => out.push_str("\\/"),
                    c if (c as u32) < 0x20 || pick == 2 => {
                        let mut units = [0u16; 2];
                        for u in c.encode_utf16(&mut units) {
                            out.push_str(&format!("\\u{u:04x}"));
                        }
                    }
                    c => out.push(c),
                }
            }
            out.push('"');
            out
        }

        /// A property value as JSON, with or without its annotation, in the forms the service and other tools
        /// write (and some wrong ones).
        fn value() -> impl Strategy<Value = (Option<&'static str>, String)> {
            prop_oneof![
                any::<String>().prop_map(|s| (None, literal(&s, &[0]))),
                (any::<String>(), proptest::collection::vec(any::<u8>(), 1..4))
                    .prop_map(|(s, how)| (None, literal(&s, &how))),
                any::<i64>().prop_map(|v| (None, v.to_string())),
                (-1_000_000_000_000i64..1_000_000_000_000).prop_map(|v| (None, v.to_string())),
                any::<i32>().prop_map(|v| (Some("Edm.Int32"), v.to_string())),
                any::<i64>().prop_map(|v| (Some("Edm.Int64"), format!("\"{v}\""))),
                any::<f64>().prop_map(|v| (Some("Edm.Double"), serde_json::to_string(&v).unwrap())),
                any::<f64>().prop_map(|v| (None, format!("{v:e}"))),
                (any::<i32>(), 0u32..30, any::<bool>()).prop_map(|(m, e, neg)| {
                    let sign = if neg { "-" } else { "" };
                    (Some("Edm.Double"), format!("{m}.{e}e{sign}{e}"))
                }),
                any::<bool>().prop_map(|v| (None, v.to_string())),
                any::<u128>().prop_map(|v| (Some("Edm.Guid"), format!("\"{}\"", uuid::Uuid::from_u128(v)))),
                any::<i64>().prop_map(|t| {
                    let ticks =
                        EdmDateTime::MIN.ticks() + t.rem_euclid(EdmDateTime::MAX.ticks() - EdmDateTime::MIN.ticks());
                    let at = EdmDateTime::from_ticks(ticks).unwrap();
                    (Some("Edm.DateTime"), format!("\"{at}\""))
                }),
                proptest::collection::vec(any::<u8>(), 0..40).prop_map(|b| {
                    use base64::Engine;
                    (
                        Some("Edm.Binary"),
                        format!("\"{}\"", base64::engine::general_purpose::STANDARD.encode(b)),
                    )
                }),
                Just((None, "null".to_string())),
                "[a-zA-Z. ]{0,12}".prop_map(|t| (Some("Edm.String"), format!("\"{t}\""))),
            ]
        }

        fn entity_json() -> impl Strategy<Value = String> {
            (
                any::<String>(),
                any::<String>(),
                proptest::collection::vec(("[A-Za-z_][A-Za-z0-9_]{0,8}", value(), any::<bool>()), 0..8),
                any::<bool>(),
            )
                .prop_map(|(pk, rk, props, spaced)| {
                    let mut members = vec![
                        format!("\"PartitionKey\":{}", literal(&pk, &[0])),
                        format!("\"RowKey\":{}", literal(&rk, &[2, 0, 1])),
                        "\"Timestamp\":\"2026-11-22T08:30:00.1234567Z\"".to_string(),
                    ];
                    for (name, (annotation, json), late) in &props {
                        let typed = annotation.map(|a| format!("\"{name}@odata.type\":\"{a}\""));
                        if !late && let Some(t) = &typed {
                            members.push(t.clone());
                        }
                        members.push(format!("{}:{json}", literal(name, &[1])));
                        if *late && let Some(t) = &typed {
                            members.push(t.clone());
                        }
                    }
                    let sep = if spaced { " , " } else { "," };
                    format!("{{{}}}", members.join(sep))
                })
        }

        /// Random entities (any text in any escaping, every type in right and wrong forms, annotations before
        /// and after, names repeated now and then) read the same both ways, and most through the scanner.
        #[test]
        fn random_pages_read_the_same_both_ways() {
            let (pages, scanned) = (AtomicUsize::new(0), AtomicUsize::new(0));
            let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(3000));
            let strategy = proptest::collection::vec(entity_json(), 0..6);
            let result = runner.run(&strategy, |entities| {
                pages.fetch_add(1, Ordering::Relaxed);
                if both_ways(page(&entities).as_bytes()) {
                    scanned.fetch_add(1, Ordering::Relaxed);
                }
                Ok(())
            });
            result.unwrap();
            let (pages, scanned) = (pages.into_inner(), scanned.into_inner());
            assert!(scanned * 3 > pages, "only {scanned} of {pages} random pages scanned");
        }
    }
}
