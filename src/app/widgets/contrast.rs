//! The high-contrast look (View > High contrast): white and yellow on black, every text colour of the theme at
//! least 4.5:1 against every background it is drawn on (WCAG 2.1 AA for text), and how that ratio is measured.

use egui::{Color32, Stroke, Visuals};

/// WCAG 2.1's contrast ratio of two opaque colours: (L1 + 0.05) / (L2 + 0.05), the lighter over the darker.
pub fn contrast_ratio(a: Color32, b: Color32) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Relative luminance of an sRGB colour, as WCAG 2.1 defines it.
fn luminance(c: Color32) -> f64 {
    let channel = |v: u8| {
        let s = v as f64 / 255.0;
        if s <= 0.04045 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(c.r()) + 0.7152 * channel(c.g()) + 0.0722 * channel(c.b())
}

/// The high-contrast visuals: the dark theme's shapes, black grounds, white text, a yellow selection with black
/// text, and borders on every widget so that a control is seen by its outline, not by a shade.
pub fn high_contrast() -> Visuals {
    let mut v = Visuals::dark();
    let (white, black, yellow) = (Color32::WHITE, Color32::BLACK, Color32::from_rgb(0xFF, 0xD7, 0x00));
    v.panel_fill = black;
    v.window_fill = black;
    v.extreme_bg_color = black;
    v.faint_bg_color = Color32::from_gray(0x1C);
    v.code_bg_color = Color32::from_gray(0x1C);
    v.text_edit_bg_color = Some(black);
    v.override_text_color = None;
    v.weak_text_color = Some(Color32::from_gray(0xC8));
    v.hyperlink_color = Color32::from_rgb(0x8C, 0xD8, 0xFF);
    v.warn_fg_color = yellow;
    v.error_fg_color = Color32::from_rgb(0xFF, 0x8A, 0x8A);
    v.selection.bg_fill = yellow;
    v.selection.stroke = Stroke::new(1.0, black);
    v.window_stroke = Stroke::new(1.0, white);
    let ground = [
        Color32::from_gray(0x10),
        Color32::from_gray(0x24),
        Color32::from_gray(0x30),
    ];
    for (w, fill) in [
        (&mut v.widgets.noninteractive, black),
        (&mut v.widgets.inactive, ground[0]),
        (&mut v.widgets.hovered, ground[1]),
        (&mut v.widgets.active, ground[2]),
        (&mut v.widgets.open, ground[1]),
    ] {
        w.bg_fill = fill;
        w.weak_bg_fill = fill;
        w.fg_stroke = Stroke::new(w.fg_stroke.width.max(1.0), white);
        w.bg_stroke = Stroke::new(1.0, if fill == black { Color32::from_gray(0xA0) } else { white });
    }
    v.widgets.hovered.bg_stroke = Stroke::new(1.5, yellow);
    v.widgets.active.bg_stroke = Stroke::new(2.0, yellow);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ratio_is_wcag_s() {
        assert!((contrast_ratio(Color32::WHITE, Color32::BLACK) - 21.0).abs() < 1e-9);
        assert!((contrast_ratio(Color32::from_gray(0x77), Color32::WHITE) - 4.48).abs() < 0.01);
        assert_eq!(contrast_ratio(Color32::RED, Color32::RED), 1.0);
    }

    #[test]
    fn every_text_colour_of_the_high_contrast_look_is_at_least_4_5_to_1_on_every_ground() {
        let v = high_contrast();
        let w = &v.widgets;
        let grounds = [
            ("panel", v.panel_fill),
            ("window", v.window_fill),
            ("extreme", v.extreme_bg_color),
            ("faint (striped rows)", v.faint_bg_color),
            ("code", v.code_bg_color),
            ("text edit", v.text_edit_bg_color()),
        ];
        let texts = [
            ("text", v.text_color()),
            ("weak text", v.weak_text_color()),
            ("strong text", v.strong_text_color()),
            ("link", v.hyperlink_color),
            ("warning", v.warn_fg_color),
            ("error", v.error_fg_color),
        ];
        for (t, fg) in texts {
            for (g, bg) in grounds {
                let r = contrast_ratio(fg, bg);
                assert!(r >= 4.5, "{t} on {g}: {r:.2}:1");
            }
        }
        // A widget's text on its own fill, in every state; selected text on the selection.
        for (state, wv) in [
            ("inactive", &w.inactive),
            ("hovered", &w.hovered),
            ("active", &w.active),
            ("open", &w.open),
            ("noninteractive", &w.noninteractive),
        ] {
            for fill in [wv.bg_fill, wv.weak_bg_fill] {
                let r = contrast_ratio(wv.fg_stroke.color, fill);
                assert!(r >= 4.5, "{state} widget text on its fill: {r:.2}:1");
            }
        }
        let r = contrast_ratio(v.selection.stroke.color, v.selection.bg_fill);
        assert!(r >= 4.5, "selected text on the selection: {r:.2}:1");
        // The ordinary dark theme does not meet it everywhere: the check has something to tell apart.
        let dark = Visuals::dark();
        assert!(contrast_ratio(dark.weak_text_color(), dark.faint_bg_color) < 4.5);
    }
}
