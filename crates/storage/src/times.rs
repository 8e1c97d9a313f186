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

/// Now, in one of the forms above.
pub fn now(form: &[BorrowedFormatItem<'_>]) -> String {
    format(SystemTime::now(), form)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_form_reads_as_it_says() {
        let t = time::macros::datetime!(2026-11-22 09:34:18.123_456_7 UTC);
        assert_eq!(format(t, ISO_SECONDS), "2026-11-22T09:34:18Z");
        assert_eq!(format(t, ISO_TICKS), "2026-11-22T09:34:18.1234567Z");
        assert_eq!(format(t, SHOWN), "2026-11-22 09:34:18Z");
        assert_eq!(format(t, CLOCK_MILLIS), "09:34:18.123");
    }
}
