//! View > High contrast, as a person picks it: the window turns to white and yellow on black, every text colour of
//! the look it draws with is at least 4.5:1 against its grounds (WCAG 2.1 AA), the choice is remembered, and Dark
//! theme gives the ordinary dark look back.

mod common;
mod ui;

use tessera::app::widgets::contrast::contrast_ratio;
use ui::TestApp;

fn visuals(t: &TestApp) -> egui::Visuals {
    t.harness.ctx.global_style().visuals.clone()
}

#[test]
fn high_contrast_is_chosen_in_the_view_menu_meets_aa_is_remembered_and_left_again() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut t = TestApp::with_emulator(&rt);
    t.click("View");
    t.click("High contrast");
    t.step();
    t.step();
    let v = visuals(&t);
    assert_eq!(v.panel_fill, egui::Color32::BLACK, "the window is drawn on black");
    for (what, fg) in [
        ("text", v.text_color()),
        ("weak text", v.weak_text_color()),
        ("a button's text", v.widgets.inactive.fg_stroke.color),
        ("a warning", v.warn_fg_color),
        ("an error", v.error_fg_color),
    ] {
        for (ground, bg) in [("panel", v.panel_fill), ("striped row", v.faint_bg_color)] {
            let r = contrast_ratio(fg, bg);
            assert!(r >= 4.5, "{what} on the {ground}: {r:.2}:1");
        }
    }
    let saved = t.harness.state().settings_to_save();
    assert!(saved.high_contrast && saved.dark, "remembered for the next run");

    t.click("View");
    t.click("Dark theme");
    t.step();
    let v = visuals(&t);
    assert_eq!(
        v.panel_fill,
        egui::Visuals::dark().panel_fill,
        "the ordinary dark look is back"
    );
    assert!(!t.harness.state().settings_to_save().high_contrast);
}
