//! Where a pane's windows open: at the window's right, below the pane's toolbars and the list's first rows, so
//! that a window never lies over the buttons that opened it (a second click on Compare, Edit or Columns must
//! reach them) nor over the rows just picked.

/// A window opened from a pane's toolbar: its first position (it keeps wherever the user moves it).
pub fn beside_the_toolbar<'a>(window: egui::Window<'a>, ctx: &egui::Context) -> egui::Window<'a> {
    let corner = ctx.content_rect().right_top() + egui::vec2(-24.0, 300.0);
    window.pivot(egui::Align2::RIGHT_TOP).default_pos(corner)
}
