//! Text in every script draws: with the system's fonts as fallbacks (the test setup installs Debian's
//! `fonts-noto-cjk` and `fonts-noto-color-emoji`), Chinese, Japanese, Cyrillic, Greek and emoji characters resolve to glyphs after a few frames,
//! without the first frame waiting for the system's font list.

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
    let started = Instant::now();
    tessera::app::runtime::fonts::install(&ctx);
    frame(&ctx, "first frame");
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "the first frame waited for the font list"
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
