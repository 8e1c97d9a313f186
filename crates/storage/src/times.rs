//! Times as text, in the forms the services read and this app shows: one set of `time` format descriptions
//! instead of a hand-written format at every use.

use std::time::SystemTime;

use time::OffsetDateTime;
use time::format_description::BorrowedFormatItem;
use time::macros::format_description;

/// `2026-11-22T09:34:18Z`: SAS start and expiry, log lines.
pub const ISO_SECONDS: &[BorrowedFormatItem<'static>] =
    format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]Z");

/// `2026-11-22T09:34:18.1234567Z`: Table DateTimes, in 100 ns ticks as the service writes them.
pub const ISO_TICKS: &[BorrowedFormatItem<'static>] =
    format_description!("[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:7]Z");

/// `2026-11-22 09:34:18Z`: what the app shows, short, sortable, unambiguous.
pub const SHOWN: &[BorrowedFormatItem<'static>] = format_description!("[year]-[month]-[day] [hour]:[minute]:[second]Z");

/// `09:34:18.123`: the inspector's clock.
pub const CLOCK_MILLIS: &[BorrowedFormatItem<'static>] =
    format_description!("[hour]:[minute]:[second].[subsecond digits:3]");

/// A time in UTC in one of the forms above.
pub fn format(t: impl Into<OffsetDateTime>, form: &[BorrowedFormatItem<'_>]) -> String {
    // Every form has only numeric parts and every year here has four digits, so formatting cannot fail.
    t.into().format(form).unwrap_or_default()
}

/// An ISO 8601 UTC time (`2026-12-01T00:00:00Z`, with or without fractions), as a user or the service writes one.
pub fn parse_iso(text: &str) -> Option<SystemTime> {
    OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339)
        .ok()
        .map(SystemTime::from)
}

/// An HTTP date (`Sun, 22 Nov 2026 08:00:00 GMT`), as `httpdate` reads one: the fixed form every answer of
/// the services uses is read from its digits here (a listing has two a blob, and `httpdate` checks each by
/// writing it back out); any other form, or a fixed one this does not take, is `httpdate`'s to read.
pub fn parse_http_date(text: &str) -> Option<SystemTime> {
    match fixed_http_date(text.as_bytes()) {
        Some(seconds) => Some(SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(seconds)),
        None => httpdate::parse_http_date(text).ok(),
    }
}

/// Seconds since 1970 of an IMF-fixdate whose fields make a real day of 1970..=9999 on the weekday it names
/// (what `httpdate` accepts of this form); None for anything else.
fn fixed_http_date(s: &[u8]) -> Option<u64> {
    if s.len() != 29 || &s[25..] != b" GMT" || s[16] != b' ' || s[19] != b':' || s[22] != b':' {
        return None;
    }
    let number = |d: &[u8]| {
        d.iter().try_fold(0u64, |n, &b| {
            let digit = b.wrapping_sub(b'0');
            (digit < 10).then_some(n * 10 + u64::from(digit))
        })
    };
    let (day, year) = (number(&s[5..7])?, number(&s[12..16])?);
    let (hour, minute, second) = (number(&s[17..19])?, number(&s[20..22])?, number(&s[23..25])?);
    const MONTHS: [&[u8; 5]; 12] = [
        b" Jan ", b" Feb ", b" Mar ", b" Apr ", b" May ", b" Jun ", b" Jul ", b" Aug ", b" Sep ", b" Oct ", b" Nov ",
        b" Dec ",
    ];
    let month = MONTHS.iter().position(|m| m[..] == s[7..12])? as u64 + 1;
    const WEEKDAYS: [&[u8; 5]; 7] = [b"Thu, ", b"Fri, ", b"Sat, ", b"Sun, ", b"Mon, ", b"Tue, ", b"Wed, "];
    let weekday = WEEKDAYS.iter().position(|w| w[..] == s[..5])? as u64;
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    let month_days = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    if !(1970..=9999).contains(&year) || day == 0 || day > month_days || hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    // Days since 1970-01-01 (a Thursday), by the civil-from-days reckoning in March-based years.
    let (y, m) = if month <= 2 {
        (year - 1, month + 9)
    } else {
        (year, month - 3)
    };
    let (era, of_era) = (y / 400, y % 400);
    let of_year = (153 * m + 2) / 5 + day - 1;
    let of_era_days = of_era * 365 + of_era / 4 - of_era / 100 + of_year;
    let days = (era * 146_097 + of_era_days).checked_sub(719_468)?;
    (days % 7 == weekday).then_some(days * 86_400 + hour * 3600 + minute * 60 + second)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fixed form is read as `httpdate` reads it: every day from 1970 to 2102 (leap days, year ends), some
    /// far years, each with its weekday and with a wrong one, and broken texts.
    #[test]
    fn http_dates_read_as_httpdate_reads_them() {
        let mut texts = Vec::new();
        let start = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(37_000);
        for day in 0..(132 * 366) {
            let t = start + std::time::Duration::from_secs(day * 86_400 + day % 86_399);
            let text = httpdate::fmt_http_date(t);
            let other_weekday = format!("{}{}", if text.starts_with("Mon") { "Tue" } else { "Mon" }, &text[3..]);
            texts.extend([text, other_weekday]);
        }
        for far in [253_402_300_799u64, 32_503_680_000, 4_102_444_800, 0, 59] {
            texts.push(httpdate::fmt_http_date(
                SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(far),
            ));
        }
        texts.extend(
            [
                "Wed, 31 Dec 1969 23:59:59 GMT",
                "Sun, 30 Feb 2025 10:00:00 GMT",
                "Thu, 29 Feb 2024 10:00:00 GMT",
                "Sat, 29 Feb 2025 10:00:00 GMT",
                "Sun, 22 Nov 2026 24:00:00 GMT",
                "Sun, 22 Nov 2026 08:60:00 GMT",
                "Sun, 22 Nov 2026 08:00:60 GMT",
                "Sun, 00 Nov 2026 08:00:00 GMT",
                "Sun, 22 nov 2026 08:00:00 GMT",
                "Sun, 22 Nov 2026 08:00:00 UTC",
                "Sun, 2+ Nov 2026 08:00:00 GMT",
                "Sun, 22 Nov 2026 08:00:00 GMT ",
                "Sunday, 22-Nov-26 08:00:00 GMT",
                "Sun Nov 22 08:00:00 2026",
                "Fri, 31 Dec 9999 23:59:59 GMT",
                "",
            ]
            .map(str::to_string),
        );
        for text in &texts {
            assert_eq!(parse_http_date(text), httpdate::parse_http_date(text).ok(), "{text}");
        }
        assert!(
            fixed_http_date(b"Sun, 22 Nov 2026 08:00:00 GMT").is_some(),
            "the service's form is read here"
        );
    }

    #[test]
    fn each_form_reads_as_it_says() {
        let t = time::macros::datetime!(2026-11-22 09:34:18.123_456_7 UTC);
        assert_eq!(format(t, ISO_SECONDS), "2026-11-22T09:34:18Z");
        assert_eq!(format(t, ISO_TICKS), "2026-11-22T09:34:18.1234567Z");
        assert_eq!(format(t, SHOWN), "2026-11-22 09:34:18Z");
        assert_eq!(format(t, CLOCK_MILLIS), "09:34:18.123");
    }
}
