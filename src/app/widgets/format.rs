//! How numbers, sizes and times read on screen, in one place.

pub use crate::storage::numbered;

use std::time::SystemTime;

pub fn thousands(n: u64) -> String {
    crate::app::widgets::i18n::group_digits(n, crate::app::widgets::i18n::language())
}

/// `x` with `digits` decimals, its fraction separated as the language separates it ("2.5" in English, "2,5"
/// in Russian).
pub fn decimal(x: f64, digits: usize) -> String {
    let language = crate::app::widgets::i18n::language();
    let text = format!("{x:.digits$}");
    match language.decimal_separator() {
        '.' => text,
        sep => text.replace('.', &sep.to_string()),
    }
}

/// A value on one line (a line break as `\n`), cut to `max` characters with an ellipsis: a preview's or a menu's.
pub fn one_line(text: &str, max: usize) -> String {
    let text = text.replace("\r\n", "\\n").replace('\n', "\\n");
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text,
    }
}

/// "1 blob", "2,500 blobs".
pub fn count(n: usize, what: &str) -> String {
    format!("{} {what}{}", thousands(n as u64), if n == 1 { "" } else { "s" })
}

/// "512 B", "1.5 MiB": the units as the language writes them (`widgets-format-size`).
pub fn human_bytes(n: u64) -> String {
    const UNITS: [&str; 5] = ["b", "kib", "mib", "gib", "tib"];
    let mut v = n as f64;
    let mut u = 0;
    while v >= 1024.0 && u < UNITS.len() - 1 {
        v /= 1024.0;
        u += 1;
    }
    let value = if u == 0 { n.to_string() } else { decimal(v, 1) };
    crate::app::widgets::i18n::tr!("widgets-format-size", value = value, unit = UNITS[u])
}

/// A UTC time as `2026-11-22 09:34:18Z`: short, sortable, unambiguous.
pub fn utc(t: SystemTime) -> String {
    crate::storage::format_time(t, crate::storage::SHOWN)
}

/// `2026-11-22T09:34:18Z`, as the services take a time typed in a form (a policy's start or expiry).
pub fn iso_seconds(t: SystemTime) -> String {
    crate::storage::format_time(t, crate::storage::ISO_SECONDS)
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

/// The text with its middle replaced by `…` so that it fits `width` points in `font` (unchanged when it fits):
/// blob names differ at their ends (a date folder, an extension), which an end-truncation would hide.
pub fn elide_middle(ui: &egui::Ui, text: &str, width: f32, font: &egui::FontId) -> String {
    let measure = |s: String| {
        ui.ctx()
            .fonts_mut(|f| f.layout_no_wrap(s, font.clone(), egui::Color32::PLACEHOLDER).size().x)
    };
    if text.is_empty() || width <= 0.0 || measure(text.to_string()) <= width {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    let join = |kept: usize| -> String {
        let (head, tail) = (kept.div_ceil(2), kept / 2);
        let mut s: String = chars[..head].iter().collect();
        s.push('…');
        s.extend(&chars[chars.len() - tail..]);
        s
    };
    // The most characters kept (half from each end) that still fit, by bisection.
    let (mut lo, mut hi) = (0, chars.len() - 1);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if measure(join(mid)) <= width {
            lo = mid
        } else {
            hi = mid - 1
        }
    }
    join(lo)
}

#[cfg(test)]
mod elision_tests {
    #[test]
    fn a_long_name_keeps_both_ends_and_fits_a_short_one_stays_whole() {
        let ctx = egui::Context::default();
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            let font = egui::TextStyle::Body.resolve(ui.style());
            let name = "logs/2026/11/22/very-long-machine-generated-name-of-a-blob-0042.json";
            let fitted = super::elide_middle(ui, name, 150.0, &font);
            assert!(
                fitted.starts_with("logs/") && fitted.ends_with(".json") && fitted.contains('…'),
                "{fitted}"
            );
            let width = ui.ctx().fonts_mut(|f| {
                f.layout_no_wrap(fitted.clone(), font.clone(), egui::Color32::PLACEHOLDER)
                    .size()
                    .x
            });
            assert!(width <= 150.0, "{fitted} is {width} points wide");
            assert_eq!(super::elide_middle(ui, "a.txt", 150.0, &font), "a.txt");
        });
        output.textures_delta.clear();
    }
}
