//! The naming rules of every resource: tables, containers, blobs and queues, checked before sending.

use crate::words::{Said, said};

/// Table names: 3-63 letters and digits, starting with a letter, not the reserved `tables`.
pub fn validate_table_name(name: &str) -> Result<(), Said> {
    if !(3..=63).contains(&name.len()) {
        return Err(said!("error-names-table-length", name = name));
    }
    if !name.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(said!("error-names-table-characters", name = name));
    }
    if !name.as_bytes()[0].is_ascii_alphabetic() {
        return Err(said!("error-names-table-start", name = name));
    }
    if name.eq_ignore_ascii_case("tables") {
        return Err(said("error-names-table-reserved"));
    }
    Ok(())
}

/// Containers and queues share DNS-style names: 3-63 lower-case letters, digits and single hyphens,
/// starting and ending with a letter or digit.
fn validate_dns_style(kind: &str, name: &str) -> Result<(), Said> {
    let container = kind == "container";
    if !(3..=63).contains(&name.len()) {
        return Err(if container {
            said!("error-names-container-length", name = name)
        } else {
            said!("error-names-queue-length", name = name)
        });
    }
    if !name
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        return Err(if container {
            said!("error-names-container-characters", name = name)
        } else {
            said!("error-names-queue-characters", name = name)
        });
    }
    if name.starts_with('-') || name.ends_with('-') || name.contains("--") {
        return Err(if container {
            said!("error-names-container-hyphens", name = name)
        } else {
            said!("error-names-queue-hyphens", name = name)
        });
    }
    Ok(())
}

pub fn validate_container_name(name: &str) -> Result<(), Said> {
    if matches!(name, "$root" | "$web" | "$logs") {
        return Ok(());
    }
    validate_dns_style("container", name)
}

pub fn validate_queue_name(name: &str) -> Result<(), Said> {
    validate_dns_style("queue", name)
}

/// Blob names: 1-1024 characters, no control characters, at most 254 path segments, and no `.` or `..`
/// segment (URLs read those as "this folder" and "the folder above", so the request would reach another blob).
pub fn validate_blob_name(name: &str) -> Result<(), Said> {
    if let Some(segment) = name.split('/').find(|s| matches!(*s, "." | "..")) {
        return Err(said!("error-names-blob-dot-segment", name = name, segment = segment));
    }
    let chars = name.chars().count();
    if chars == 0 || chars > 1024 {
        return Err(said!("error-names-blob-length", chars = chars.to_string()));
    }
    if let Some(c) = name.chars().find(|c| c.is_control()) {
        return Err(said!(
            "error-names-blob-control",
            character = format!("U+{:04X}", c as u32)
        ));
    }
    if name.split('/').count() > 254 {
        return Err(said("error-names-blob-segments"));
    }
    Ok(())
}

/// Blob names keep their `/` (virtual folders); every other reserved character is encoded.
const BLOB_PATH: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~')
    .remove(b'/');

/// How the services order names and keys in listings: by UTF-16 code units (the emulator compares JavaScript
/// strings; the service orders as .NET's ordinal compare does). It differs from Rust's `str` order only where a
/// character past U+FFFF meets one in U+E000..U+FFFF, and a merge or a "past the last one" must agree with the
/// service there too.
pub fn listing_order(a: &str, b: &str) -> std::cmp::Ordering {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    match x.iter().zip(y).position(|(p, q)| p != q) {
        None => x.len().cmp(&y.len()),
        // Where an ASCII byte differs, both orders agree (ASCII sorts first in both): the common case, at the
        // speed of a byte compare, for a million names a listing checks.
        Some(i) if x[i] < 0x80 || y[i] < 0x80 => x[i].cmp(&y[i]),
        Some(_) => a.encode_utf16().cmp(b.encode_utf16()),
    }
}

pub fn blob_path(container: &str, blob: &str) -> String {
    format!(
        "/{container}/{}",
        percent_encoding::utf8_percent_encode(blob, BLOB_PATH)
    )
}

/// `report (1).csv` for `report.csv` and 1: the name beside a blob or file that is taken, with the number before
/// the extension (a folder part, up to the last `/`, is kept as it is).
pub fn numbered(name: &str, n: u32) -> String {
    let (folder, file) = name.rsplit_once('/').map_or(("", name), |(f, b)| (f, b));
    let with = match file.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => format!("{stem} ({n}).{ext}"),
        _ => format!("{file} ({n})"),
    };
    if folder.is_empty() {
        with
    } else {
        format!("{folder}/{with}")
    }
}

/// The `n`th numbered path beside `path` (`report (2).txt`), for a file that is taken.
pub fn numbered_path(path: &std::path::Path, n: u32) -> std::path::PathBuf {
    let file = path.file_name().and_then(|s| s.to_str()).unwrap_or("download");
    path.with_file_name(numbered(file, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listing_order_is_the_services_utf16_order() {
        use std::cmp::Ordering::*;
        let cases = [
            ("a", "b", Less),
            ("ab", "a", Greater),
            ("a", "a", Equal),
            ("~", "é", Less),
            ("x\u{FF5E}", "x😀", Greater),
            ("😀", "\u{E000}", Less),
            ("é", "ê", Less),
        ];
        for (a, b, want) in cases {
            assert_eq!(listing_order(a, b), want, "{a} vs {b}");
            assert_eq!(listing_order(a, b), a.encode_utf16().cmp(b.encode_utf16()));
        }
    }

    #[test]
    fn table_names_follow_the_service_rules() {
        assert!(validate_table_name("Orders2026").is_ok());
        assert_eq!(
            validate_table_name("ab"),
            Err(said!("error-names-table-length", name = "ab"))
        );
        assert_eq!(
            validate_table_name("2orders"),
            Err(said!("error-names-table-start", name = "2orders"))
        );
        assert_eq!(
            validate_table_name("my-table"),
            Err(said!("error-names-table-characters", name = "my-table"))
        );
        assert_eq!(validate_table_name("Tables"), Err(said("error-names-table-reserved")));
    }

    #[test]
    fn containers_queues_and_blobs() {
        assert!(validate_container_name("photos-2026").is_ok());
        assert!(validate_container_name("$root").is_ok());
        assert_eq!(
            validate_container_name("Photos"),
            Err(said!("error-names-container-characters", name = "Photos"))
        );
        assert_eq!(
            validate_container_name("a--b"),
            Err(said!("error-names-container-hyphens", name = "a--b"))
        );
        assert_eq!(
            validate_container_name("ab"),
            Err(said!("error-names-container-length", name = "ab"))
        );
        assert!(validate_queue_name("jobs-high").is_ok());
        assert_eq!(
            validate_queue_name("jobs-"),
            Err(said!("error-names-queue-hyphens", name = "jobs-"))
        );
        assert!(validate_blob_name("a/b/c.txt").is_ok());
        assert_eq!(
            validate_blob_name(""),
            Err(said!("error-names-blob-length", chars = "0"))
        );
        assert_eq!(
            validate_blob_name("a\u{7}"),
            Err(said!("error-names-blob-control", character = "U+0007"))
        );
    }
}
