//! Text in every script: the system's own fonts as fallbacks after egui's, found the platform's way and loaded
//! only when a character needs one, and the scripts no installed font covers, for the status line to name.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

use egui::epaint::text::{FallbackRequest, FontFamily, FontInsert, FontProvider};
use unicode_script::{Script, UnicodeScript};

use crate::i18n::{t, tr};

/// Scripts a character was drawn in that no font on this system has.
static MISSING: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());

/// Asks the system font provider, and remembers the script of every character it has nothing for.
struct Reporting(egui_system_font_provider::SystemFontProvider);

impl FontProvider for Reporting {
    fn fonts_for_family(&self, family: &FontFamily) -> Vec<FontInsert> {
        self.0.fonts_for_family(family)
    }

    fn font_for(&self, request: &FallbackRequest<'_>) -> Option<FontInsert> {
        let found = self.0.font_for(request);
        if found.is_none()
            && let Some(name) = request.cluster.chars().next().and_then(script_name)
        {
            MISSING.lock().expect("fonts lock").insert(name.to_string());
        }
        found
    }
}

/// The script a character is written in, as the status line names it; None for punctuation, symbols and marks
/// shared by every script (emoji excepted: they need a font of their own).
fn script_name(c: char) -> Option<&'static str> {
    match c.script() {
        Script::Common if matches!(u32::from(c), 0x1F000..=0x1FAFF | 0x2600..=0x27BF) => Some("Emoji"),
        Script::Common | Script::Inherited | Script::Unknown => None,
        script => Some(script.full_name()),
    }
}

/// Adds the system fonts as fallbacks. Enumerating them takes a moment, so it happens on a background thread
/// and a font is read only when a character needs it: the first frame does not wait.
pub fn install(ctx: &egui::Context) {
    ctx.add_font_provider(Arc::new(
        Reporting(egui_system_font_provider::SystemFontProvider::new()),
    ));
}

/// What the status line says when some text could not be drawn: the scripts, and how to get a font for them.
pub fn missing_scripts_note() -> Option<String> {
    let missing = MISSING.lock().expect("fonts lock");
    if missing.is_empty() {
        return None;
    }
    let names: Vec<&str> = missing.iter().map(String::as_str).collect();
    let hint = if cfg!(target_os = "linux") {
        let packages: BTreeSet<&str> = names.iter().map(|s| debian_package(s)).collect();
        let packages = packages.into_iter().collect::<Vec<_>>().join(" ");
        tr!("runtime-fonts-install", packages = packages)
    } else {
        t("runtime-fonts-add")
    };
    Some(tr!("runtime-fonts-missing", scripts = names.join(", "), hint = hint))
}

/// The Debian package with a font for a script.
fn debian_package(script: &str) -> &'static str {
    match script {
        "Han" | "Hiragana" | "Katakana" | "Hangul" | "Bopomofo" => "fonts-noto-cjk",
        "Emoji" => "fonts-noto-color-emoji",
        _ => "fonts-noto-core",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_script_is_named_with_the_package_that_draws_it() {
        MISSING.lock().unwrap().insert("Han".into());
        MISSING.lock().unwrap().insert("Thai".into());
        let note = missing_scripts_note().unwrap();
        assert!(note.contains("Han, Thai"), "{note}");
        if cfg!(target_os = "linux") {
            assert!(note.contains("fonts-noto-cjk fonts-noto-core"), "{note}");
        }
        MISSING.lock().unwrap().clear();
    }

    #[test]
    fn emoji_have_a_name_and_shared_punctuation_has_none() {
        assert_eq!(script_name('📦'), Some("Emoji"));
        assert_eq!(script_name('✅'), Some("Emoji"));
        assert_eq!(script_name('ก'), Some("Thai"));
        assert_eq!(script_name('世'), Some("Han"));
        assert_eq!(script_name(','), None);
        assert_eq!(script_name('\u{301}'), None);
    }
}
