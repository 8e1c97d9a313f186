//! How numbers, sizes and times read on screen, in one place.

use std::time::SystemTime;

pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// "1 blob", "2,500 blobs".
pub fn count(n: usize, what: &str) -> String {
    format!("{} {what}{}", thousands(n as u64), if n == 1 { "" } else { "s" })
}

pub fn human_bytes(n: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = n as f64;
    let mut u = 0;
    while v >= 1024.0 && u < UNITS.len() - 1 {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{n} B")
    } else {
        format!("{v:.1} {}", UNITS[u])
    }
}

/// A UTC time as `2026-11-22 09:34:18Z`: short, sortable, unambiguous.
pub fn utc(t: SystemTime) -> String {
    crate::storage::times::format(t, crate::storage::times::SHOWN)
}

pub fn utc_opt(t: Option<SystemTime>) -> String {
    t.map(utc).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_and_times_read_well() {
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(thousands(999), "999");
        assert_eq!(count(1, "blob"), "1 blob");
        assert_eq!(count(2500, "blob"), "2,500 blobs");
        assert_eq!(human_bytes(512), "512 B");
        assert_eq!(human_bytes(3 * 1024 * 1024 / 2), "1.5 MiB");
        let t = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_795_000_000);
        assert_eq!(utc(t), "2026-11-18 11:06:40Z");
    }
}
