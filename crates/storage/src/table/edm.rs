//! The Table service's Edm types and values, kept losslessly: Int64 as i64, DateTime as 100 ns ticks,
//! Double with NaN and the infinities, Binary as bytes.

use std::fmt;

use crate::words::{Said, said};
use base64::Engine;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

/// The property types of the Table service.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EdmType {
    String,
    Int32,
    Int64,
    Double,
    Boolean,
    DateTime,
    Guid,
    Binary,
    /// A value this app cannot read (an unknown `@odata.type`, a DateTime outside 1601-9999 written by another
    /// tool): kept as it came, shown raw, never edited. Not one of the types a user picks.
    Unparsed,
}

impl EdmType {
    pub const ALL: [EdmType; 8] = [
        EdmType::String,
        EdmType::Int32,
        EdmType::Int64,
        EdmType::Double,
        EdmType::Boolean,
        EdmType::DateTime,
        EdmType::Guid,
        EdmType::Binary,
    ];

    /// The name in `@odata.type` annotations.
    pub fn odata_name(self) -> &'static str {
        match self {
            EdmType::String => "Edm.String",
            EdmType::Int32 => "Edm.Int32",
            EdmType::Int64 => "Edm.Int64",
            EdmType::Double => "Edm.Double",
            EdmType::Boolean => "Edm.Boolean",
            EdmType::DateTime => "Edm.DateTime",
            EdmType::Guid => "Edm.Guid",
            EdmType::Binary => "Edm.Binary",
            EdmType::Unparsed => "(unreadable)",
        }
    }

    pub fn from_odata_name(name: &str) -> Option<EdmType> {
        EdmType::ALL.into_iter().find(|t| t.odata_name() == name)
    }

    /// The short name people read in headers and menus.
    pub fn short_name(self) -> &'static str {
        match self {
            EdmType::Unparsed => "unreadable",
            _ => &self.odata_name()[4..],
        }
    }
}

impl fmt::Display for EdmType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.short_name())
    }
}

/// A Table DateTime: UTC, 100 ns ticks since 0001-01-01, between 1601-01-01 and 9999-12-31.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EdmDateTime {
    ticks: i64,
}

const UNIX_EPOCH_TICKS: i64 = 621_355_968_000_000_000;
const TICKS_PER_SECOND: i64 = 10_000_000;

impl EdmDateTime {
    /// 1601-01-01T00:00:00.0000000Z, the earliest the service stores.
    pub const MIN: EdmDateTime = EdmDateTime {
        ticks: 504_911_232_000_000_000,
    };
    /// 9999-12-31T23:59:59.9999999Z, the latest.
    pub const MAX: EdmDateTime = EdmDateTime {
        ticks: 3_155_378_975_999_999_999,
    };

    pub fn from_ticks(ticks: i64) -> Option<Self> {
        (Self::MIN.ticks..=Self::MAX.ticks)
            .contains(&ticks)
            .then_some(EdmDateTime { ticks })
    }

    pub fn ticks(self) -> i64 {
        self.ticks
    }

    pub fn now() -> Self {
        Self::from_offset(OffsetDateTime::now_utc()).expect("now is within the Table range")
    }

    pub fn from_offset(t: OffsetDateTime) -> Option<Self> {
        let hundreds = t.unix_timestamp_nanos().div_euclid(100);
        Self::from_ticks(i64::try_from(hundreds).ok()?.checked_add(UNIX_EPOCH_TICKS)?)
    }

    pub fn to_offset(self) -> OffsetDateTime {
        let nanos = i128::from(self.ticks - UNIX_EPOCH_TICKS) * 100;
        OffsetDateTime::from_unix_timestamp_nanos(nanos).expect("the Table range fits OffsetDateTime")
    }

    /// Parses ISO 8601 with an offset (`Z` or `+hh:mm`) and at most seven fractional digits.
    pub fn parse(text: &str) -> Result<Self, Said> {
        let text = text.trim();
        // The service's own form (every Timestamp, most DateTimes) read without the general parser: a third of
        // a page's parse went into it. Anything else, or a time out of the range, takes the general path.
        if let Some(t) = canonical_ticks(text.as_bytes(), b":").and_then(Self::from_ticks) {
            return Ok(t);
        }
        let digits = fraction_digits(text);
        if digits > 7 && !fraction_has_only_trailing_zeros(text) {
            return Err(said!(
                "error-edm-fraction-digits",
                text = text,
                digits = digits.to_string()
            ));
        }
        let t = OffsetDateTime::parse(text, &Rfc3339).map_err(|_| said!("error-edm-not-datetime", text = text))?;
        Self::from_offset(t).ok_or_else(|| said!("error-edm-datetime-range", text = text))
    }

    /// Unix seconds, for countdowns and comparisons with the system clock.
    pub fn unix_seconds_f64(self) -> f64 {
        (self.ticks - UNIX_EPOCH_TICKS) as f64 / TICKS_PER_SECOND as f64
    }
}

/// The ticks of `YYYY-MM-DDTHH:MM:SS.fffffffZ` exactly (the form the service writes, `colon` standing for each
/// `:`: an ETag has `%3A`), when it names a real instant; None for any other text.
pub(crate) fn canonical_ticks(b: &[u8], colon: &[u8]) -> Option<i64> {
    let c = colon.len();
    if b.len() != 26 + 2 * c {
        return None;
    }
    let number = |at: usize, len: usize| -> Option<i64> {
        b[at..at + len]
            .iter()
            .try_fold(0i64, |n, &d| d.is_ascii_digit().then(|| n * 10 + i64::from(d - b'0')))
    };
    let (hour_at, minute_at) = (11, 13 + c);
    let second_at = minute_at + 2 + c;
    let fixed = b[4] == b'-'
        && b[7] == b'-'
        && b[10] == b'T'
        && &b[13..13 + c] == colon
        && &b[minute_at + 2..second_at] == colon
        && b[second_at + 2] == b'.'
        && b[b.len() - 1] == b'Z';
    if !fixed {
        return None;
    }
    let (year, month, day) = (number(0, 4)?, number(5, 2)?, number(8, 2)?);
    let (hour, minute, second) = (number(hour_at, 2)?, number(minute_at, 2)?, number(second_at, 2)?);
    let fraction = number(second_at + 3, 7)?;
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days_in_month = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        1..=12 => 31,
        _ => return None,
    };
    if day < 1 || day > days_in_month || hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    // Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let year_of_era = y - era * 400;
    let day_of_year = (153 * ((month + 9) % 12) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    let days = era * 146_097 + day_of_era - 719_468;
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second;
    Some(UNIX_EPOCH_TICKS + seconds * TICKS_PER_SECOND + fraction)
}

fn fraction_digits(text: &str) -> usize {
    match text.find('.') {
        Some(dot) => text[dot + 1..].bytes().take_while(u8::is_ascii_digit).count(),
        None => 0,
    }
}

fn fraction_has_only_trailing_zeros(text: &str) -> bool {
    let dot = text.find('.').unwrap_or(0);
    text[dot + 1..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .skip(7)
        .all(|b| b == b'0')
}

impl fmt::Display for EdmDateTime {
    /// Always seven fractional digits and `Z`, as the service writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::times::format(self.to_offset(), crate::times::ISO_TICKS))
    }
}

/// One property value, owned; what the editor holds and what writes send.
#[derive(Clone, Debug)]
pub enum EdmValue {
    String(String),
    Int32(i32),
    Int64(i64),
    Double(f64),
    Boolean(bool),
    DateTime(EdmDateTime),
    Guid(uuid::Uuid),
    Binary(Vec<u8>),
    Unparsed(Box<UnparsedValue>),
}

/// A value as it came, when this app cannot read it: its declared type (if any) and its JSON text. Written
/// back exactly so, so a save never changes what another tool stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnparsedValue {
    pub declared: Option<String>,
    pub json: String,
    /// Why it could not be read, for the app to word.
    pub why: Said,
}

/// Values compare as the service stores them: a NaN equals a NaN, and doubles compare by bits.
impl PartialEq for EdmValue {
    fn eq(&self, other: &Self) -> bool {
        use EdmValue::*;
        match (self, other) {
            (Double(a), Double(b)) => a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
            (String(a), String(b)) => a == b,
            (Int32(a), Int32(b)) => a == b,
            (Int64(a), Int64(b)) => a == b,
            (Boolean(a), Boolean(b)) => a == b,
            (DateTime(a), DateTime(b)) => a == b,
            (Guid(a), Guid(b)) => a == b,
            (Binary(a), Binary(b)) => a == b,
            (Unparsed(a), Unparsed(b)) => a.declared == b.declared && a.json == b.json,
            _ => false,
        }
    }
}

impl EdmValue {
    pub fn edm_type(&self) -> EdmType {
        match self {
            EdmValue::String(_) => EdmType::String,
            EdmValue::Int32(_) => EdmType::Int32,
            EdmValue::Int64(_) => EdmType::Int64,
            EdmValue::Double(_) => EdmType::Double,
            EdmValue::Boolean(_) => EdmType::Boolean,
            EdmValue::DateTime(_) => EdmType::DateTime,
            EdmValue::Guid(_) => EdmType::Guid,
            EdmValue::Binary(_) => EdmType::Binary,
            EdmValue::Unparsed(_) => EdmType::Unparsed,
        }
    }

    /// The value as text, in the form `parse` reads back to the same value.
    pub fn to_text(&self) -> String {
        match self {
            EdmValue::String(s) => s.clone(),
            EdmValue::Int32(v) => v.to_string(),
            EdmValue::Int64(v) => v.to_string(),
            EdmValue::Double(v) => format_double(*v),
            EdmValue::Boolean(v) => v.to_string(),
            EdmValue::DateTime(v) => v.to_string(),
            EdmValue::Guid(v) => v.hyphenated().to_string(),
            EdmValue::Binary(v) => base64::engine::general_purpose::STANDARD.encode(v),
            EdmValue::Unparsed(u) => u.json.clone(),
        }
    }

    /// Reads a value of the given type from text, saying what is wrong in words when it does not fit.
    pub fn parse(ty: EdmType, text: &str) -> Result<EdmValue, Said> {
        let t = text.trim();
        match ty {
            EdmType::String => Ok(EdmValue::String(text.to_string())),
            EdmType::Int32 => t
                .parse()
                .map(EdmValue::Int32)
                .map_err(|_| said!("error-edm-not-int32", text = t)),
            EdmType::Int64 => t
                .parse()
                .map(EdmValue::Int64)
                .map_err(|_| said!("error-edm-not-int64", text = t)),
            EdmType::Double => parse_double(t).map(EdmValue::Double),
            EdmType::Boolean => match t.to_ascii_lowercase().as_str() {
                "true" => Ok(EdmValue::Boolean(true)),
                "false" => Ok(EdmValue::Boolean(false)),
                _ => Err(said!("error-edm-not-boolean", text = t)),
            },
            EdmType::DateTime => EdmDateTime::parse(t).map(EdmValue::DateTime),
            EdmType::Guid => uuid::Uuid::parse_str(t)
                .map(EdmValue::Guid)
                .map_err(|_| said!("error-edm-not-guid", text = t)),
            EdmType::Binary => base64::engine::general_purpose::STANDARD
                .decode(t)
                .map(EdmValue::Binary)
                .map_err(|_| said!("error-edm-not-base64")),
            EdmType::Unparsed => Err(said!("error-edm-unparsed-typed")),
        }
    }

    /// The same value as another type, when it converts without loss of meaning.
    pub fn convert_to(&self, ty: EdmType) -> Result<EdmValue, Said> {
        if ty == self.edm_type() {
            return Ok(self.clone());
        }
        match (self, ty) {
            (EdmValue::Unparsed(_), _) => Err(said!("error-edm-unparsed-convert")),
            (EdmValue::Int32(v), EdmType::Int64) => Ok(EdmValue::Int64(i64::from(*v))),
            (EdmValue::Int32(v), EdmType::Double) => Ok(EdmValue::Double(f64::from(*v))),
            (EdmValue::Binary(_), EdmType::String) => Err(said!("error-edm-binary-to-string")),
            _ => EdmValue::parse(ty, &self.to_text())
                .map_err(|why| said!("error-edm-no-conversion", type_name = ty.to_string(), why = why)),
        }
    }

    /// Bytes the value counts for in the service's 1 MiB entity limit (strings count as UTF-16).
    pub fn service_size(&self) -> usize {
        match self {
            EdmValue::String(s) => 4 + s.encode_utf16().count() * 2,
            EdmValue::Binary(b) => 4 + b.len(),
            EdmValue::Int32(_) => 4,
            EdmValue::Boolean(_) => 1,
            EdmValue::Guid(_) => 16,
            EdmValue::Int64(_) | EdmValue::Double(_) | EdmValue::DateTime(_) => 8,
            EdmValue::Unparsed(u) => u.json.len(),
        }
    }
}

/// Shortest text that reads back to the same double; NaN and the infinities by the service's names.
pub fn format_double(v: f64) -> String {
    if v.is_nan() {
        "NaN".into()
    } else if v == f64::INFINITY {
        "Infinity".into()
    } else if v == f64::NEG_INFINITY {
        "-Infinity".into()
    } else {
        format!("{v:?}")
    }
}

pub fn parse_double(t: &str) -> Result<f64, Said> {
    match t {
        "NaN" => Ok(f64::NAN),
        "Infinity" | "INF" => Ok(f64::INFINITY),
        "-Infinity" | "-INF" => Ok(f64::NEG_INFINITY),
        _ if t.chars().any(|c| c.is_ascii_alphabetic() && c != 'e' && c != 'E') => {
            Err(said!("error-edm-not-double", text = t))
        }
        _ => t.parse().map_err(|_| said!("error-edm-not-double", text = t)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn datetime_keeps_seven_digits_and_its_range() {
        let t = EdmDateTime::parse("2026-11-22T08:30:00.1234567Z").unwrap();
        assert_eq!(t.to_string(), "2026-11-22T08:30:00.1234567Z");
        assert_eq!(
            EdmDateTime::parse("2026-11-22T08:30:00Z").unwrap().to_string(),
            "2026-11-22T08:30:00.0000000Z"
        );
        assert_eq!(
            EdmDateTime::parse("2026-11-22T09:30:00.5+01:00").unwrap().to_string(),
            "2026-11-22T08:30:00.5000000Z"
        );
        assert_eq!(EdmDateTime::MIN.to_string(), "1601-01-01T00:00:00.0000000Z");
        assert_eq!(EdmDateTime::MAX.to_string(), "9999-12-31T23:59:59.9999999Z");
        assert_eq!(
            EdmDateTime::parse(&EdmDateTime::MAX.to_string()).unwrap(),
            EdmDateTime::MAX
        );
        assert_eq!(
            EdmDateTime::parse("1600-12-31T23:59:59Z"),
            Err(said!("error-edm-datetime-range", text = "1600-12-31T23:59:59Z"))
        );
        assert_eq!(
            EdmDateTime::parse("2026-11-22T08:30:00.12345678Z"),
            Err(said!(
                "error-edm-fraction-digits",
                text = "2026-11-22T08:30:00.12345678Z",
                digits = "8"
            ))
        );
        assert_eq!(
            EdmDateTime::parse("yesterday"),
            Err(said!("error-edm-not-datetime", text = "yesterday"))
        );
    }

    #[test]
    fn every_type_reads_back_what_it_writes() {
        let values = [
            EdmValue::Int32(i32::MIN),
            EdmValue::Int64(i64::MAX),
            EdmValue::Int64(9_007_199_254_740_993),
            EdmValue::Double(f64::NAN),
            EdmValue::Double(f64::NEG_INFINITY),
            EdmValue::Double(0.1 + 0.2),
            EdmValue::Double(f64::MAX),
            EdmValue::Double(5e-324),
            EdmValue::Boolean(false),
            EdmValue::DateTime(EdmDateTime::MAX),
            EdmValue::Guid(uuid::Uuid::from_u128(0x6f9619ff_8b86_d011_b42d_00c04fc964ff)),
            EdmValue::Binary(vec![0, 255, 1, 254]),
            EdmValue::String("  spaced ' \"quoted\" ✓ ".into()),
        ];
        for v in values {
            assert_eq!(EdmValue::parse(v.edm_type(), &v.to_text()).unwrap(), v, "{v:?}");
        }
    }

    #[test]
    fn bad_text_is_explained() {
        assert_eq!(
            EdmValue::parse(EdmType::Int32, "2147483648"),
            Err(said!("error-edm-not-int32", text = "2147483648"))
        );
        assert_eq!(
            EdmValue::parse(EdmType::Boolean, "yes"),
            Err(said!("error-edm-not-boolean", text = "yes"))
        );
        assert_eq!(
            EdmValue::parse(EdmType::Double, "one"),
            Err(said!("error-edm-not-double", text = "one"))
        );
        assert_eq!(
            EdmValue::parse(EdmType::Guid, "123"),
            Err(said!("error-edm-not-guid", text = "123"))
        );
    }

    #[test]
    fn conversions_check_the_value() {
        assert_eq!(
            EdmValue::Int32(7).convert_to(EdmType::Int64).unwrap(),
            EdmValue::Int64(7)
        );
        assert_eq!(
            EdmValue::String("42".into()).convert_to(EdmType::Int32).unwrap(),
            EdmValue::Int32(42)
        );
        assert!(EdmValue::String("forty".into()).convert_to(EdmType::Int32).is_err());
        assert!(EdmValue::Int64(i64::MAX).convert_to(EdmType::Int32).is_err());
    }
}
