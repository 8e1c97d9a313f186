//! Text in every script draws: with the system's fonts as fallbacks (the test setup installs Debian's
//! `fonts-noto-cjk` and `fonts-noto-color-emoji`), Chinese, Japanese, Cyrillic, Greek and emoji characters resolve to glyphs after a few frames,
//! without the first frame waiting for the system's font list.

mod common;

use std::time::{Duration, Instant};

use egui::FontId;

/// One headless frame showing `text` (no painter: the font atlas it uploads is dropped).
fn frame(ctx: &egui::Context, text: &str) {
    let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
        ui.label(text);
    });
    output.textures_delta.clear();
}

/// Draws `text` in frames until every character has a glyph, or the deadline passes.
fn resolves(ctx: &egui::Context, text: &str) -> bool {
    let deadline = Instant::now() + Duration::from_secs(30);
    let font = FontId::proportional(14.0);
    while Instant::now() < deadline {
        frame(ctx, text);
        if ctx.fonts_mut(|f| f.has_glyphs(&font, text)) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

#[test]
fn cjk_cyrillic_greek_and_emoji_text_draws_with_the_system_fonts() {
    let ctx = egui::Context::default();
    frame(&ctx, "世界");
    let cjk = "世界 東京 データ";
    assert!(
        !ctx.fonts_mut(|f| f.has_glyphs(&FontId::proportional(14.0), "世界")),
        "egui's own fonts have no CJK: the test would prove nothing"
    );
    // The same frame on a context without the system fonts, measured now: the bound scales with the machine's
    // speed and load instead of being a fixed time a debug build on a busy machine may miss.
    let plain = egui::Context::default();
    frame(&plain, "世界");
    let started = Instant::now();
    frame(&plain, "first frame");
    let without = started.elapsed();
    let started = Instant::now();
    tessera::app::runtime::fonts::install(&ctx);
    frame(&ctx, "first frame");
    let with = started.elapsed();
    assert!(
        with < without * 4 + Duration::from_millis(250),
        "the first frame waited for the font list: {with:?} against {without:?} without the system fonts"
    );
    for text in [cjk, "Привет, мир", "Καλημέρα", "📦 🚚"] {
        assert!(
            resolves(&ctx, text),
            "`{text}` has no glyphs: is a font for it installed (fonts-noto-cjk)? {:?}",
            tessera::app::runtime::fonts::missing_scripts_note()
        );
    }
    assert_eq!(tessera::app::runtime::fonts::missing_scripts_note(), None);
}

/// Every non-ASCII character in the app's own string literals (its chrome: labels, buttons, notices), from the
/// source of `src/app`, before each file's tests.
fn chrome_characters() -> std::collections::BTreeSet<char> {
    let files = common::rust_files(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app"));
    let mut found = std::collections::BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap();
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            // Inside string literals only: between quotes, not in a comment after the code.
            let code_part = line.split(" // ").next().unwrap();
            for (i, literal) in code_part.split('"').enumerate() {
                if i % 2 == 1 {
                    found.extend(literal.chars().filter(|c| !c.is_ascii()));
                }
            }
        }
    }
    found
}

#[test]
fn the_apps_own_icons_and_labels_draw_with_egui_fonts_alone() {
    // No system fonts: what a fresh machine without emoji fonts has, plus what the app ships.
    let ctx = egui::Context::default();
    let font = FontId::proportional(14.0);
    frame(&ctx, "before");
    for icon in tessera::app::widgets::icon::ALL {
        assert!(
            !ctx.fonts_mut(|f| f.has_glyphs(&font, icon)),
            "egui's own fonts draw {icon:?}: the icon font would prove nothing"
        );
    }
    tessera::app::widgets::icon::install(&ctx);
    frame(&ctx, "after");
    for icon in tessera::app::widgets::icon::ALL {
        assert!(
            ctx.fonts_mut(|f| f.has_glyphs(&font, icon)),
            "the icon {icon:?} has no glyph"
        );
    }
    let chrome = chrome_characters();
    assert!(chrome.contains(&'…'), "the scan found the app's literals: {chrome:?}");
    let missing: Vec<char> = chrome
        .into_iter()
        .filter(|c| !ctx.fonts_mut(|f| f.has_glyph(&font, *c)))
        .collect();
    assert!(
        missing.is_empty(),
        "the app's own text has characters egui cannot draw: {missing:?}"
    );
}
