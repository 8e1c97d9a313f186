//! Drawing a queue tab: the header with the approximate count and the peek's choices, the peeked messages with
//! their encodings and poison flags, and room for each feature (the side panel, above the list, windows).

use crate::app::widgets::i18n::{t, tr};
use egui::RichText;

use crate::app::context::PaneContext;
use crate::app::queue::pane::QueuePane;
use crate::storage::queue::MAX_MESSAGES_PER_CALL;

pub fn ui(pane: &mut QueuePane, ui: &mut egui::Ui, ctx: &mut PaneContext, refresh: bool, targets: &[String]) {
    if pane.core.targets != targets {
        pane.core.targets = targets.to_vec();
    }
    if refresh || !pane.core.started {
        pane.peek(ctx);
    }
    header(pane, ui, ctx);
    if let Some(m) = &pane.own.message {
        crate::app::widgets::live::result_ui(ui, m);
    }
    if crate::app::context::features::details_shown(ui.ctx()) {
        side_panel(pane, ui, ctx);
    }
    pane.each(ui, ctx, |f, ui, core, ctx, fx| f.above_list_ui(ui, core, ctx, fx));
    if let Some(to) = pane.own.list.ui(&pane.core, ui) {
        let chosen: Vec<_> = pane.own.list.selected(&pane.core.peeked).into_iter().cloned().collect();
        pane.with_feature(
            ctx,
            |f: &mut crate::app::queue::features::copy_to::CopyToQueue, core, ctx, _| f.copy(core, ctx, chosen, to),
        );
    }
    let fx = pane.features.windows(ui.ctx(), &pane.core, ctx);
    pane.apply(fx);
}

/// The side panel: its tabs (only those its features draw in) and the features of the tab shown.
fn side_panel(pane: &mut QueuePane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    use crate::app::context::features::DetailsTab;
    let id = ("queue-side", pane.core.queue.clone());
    // A third of a narrow pane (1.5x beside the tree), 460 points of a wide one: the messages keep the most.
    let width = (ui.available_width() * 0.4).min(460.0);
    egui::Panel::right(id)
        .resizable(true)
        .default_size(width)
        .show(ui, |ui| {
            let present: Vec<DetailsTab> = DetailsTab::ALL
                .into_iter()
                .filter(|t| pane.features.iter().any(|f| f.side_tab() == Some(*t)))
                .collect();
            crate::app::context::features::details_tabs(ui, &mut pane.chrome.tab, &present);
            let shown = Some(pane.chrome.tab);
            egui::ScrollArea::vertical()
                .id_salt("queue-side-scroll")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    let mut fx = crate::app::queue::feature::QueueEffects::default();
                    for f in pane.features.iter_mut().filter(|f| f.side_tab() == shown) {
                        f.side_ui(ui, &pane.core, ctx, &mut fx);
                    }
                    pane.apply(fx);
                });
        });
}

/// One row: the count, Peek (F5) and how many, the features' controls (watch, clear), the conflict lab; view
/// options in the overflow menu (⋯), the side panel's switch (F4) at the end.
fn header(pane: &mut QueuePane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    use crate::app::widgets::icon::{self, icon_button};
    // Wrapped: at 1.5x beside the tree the row is wider than the pane.
    ui.horizontal_wrapped(|ui| {
        let core = &mut pane.core;
        let count = match core.approximate_count() {
            Some(n) => tr!("queue-about", count = n),
            None => t("queue-about-unknown"),
        };
        ui.label(RichText::new(count).strong())
            .on_hover_text(t("queue-about-hint"));
        let f5 = !ui.ctx().text_edit_focused() && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::F5));
        let peek = icon_button(ui, true, icon::REFRESH, &t("queue-peek"), Some(&t("queue-peek-hint"))).clicked();
        ui.add(egui::DragValue::new(&mut core.peek_count).range(1..=MAX_MESSAGES_PER_CALL))
            .accessible_name(t("queue-peek-count"))
            .on_hover_text(t("queue-peek-count-hint"));
        ui.separator();
        pane.each(ui, ctx, |f, ui, core, ctx, fx| f.header_ui(ui, core, ctx, fx));
        ui.separator();
        let core = &mut pane.core;
        if icon_button(ui, true, icon::CONFLICT_LAB, &t("queue-open-lab"), None).clicked() {
            *ctx.lab = Some(crate::app::context::open_lab::FreeTarget::Queue {
                queue: core.queue.clone(),
            });
        }
        // The row's end goes to the next line rather than over the buttons when too little is left of this one.
        if ui.max_rect().right() - ui.cursor().min.x < 110.0 {
            ui.end_row();
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            crate::app::widgets::icon::details_toggle(ui);
            icon::icon_menu(ui, icon::MORE, &t("queue-more"), &t("queue-more-hint"), |ui| {
                ui.menu_button(tr!("queue-poison-threshold", count = core.poison_threshold), |ui| {
                    for n in [1, 2, 3, 5, 10, 20] {
                        ui.radio_value(&mut core.poison_threshold, n, tr!("queue-poison-at", count = n));
                    }
                });
                ui.checkbox(&mut core.show_raw, t("queue-show-raw"));
            });
        });
        if peek || f5 {
            pane.peek(ctx);
        }
    });
}
