//! Drawing a queue tab: the header with the approximate count and the peek's choices, the peeked messages with
//! their encodings and poison flags, and room for each feature (the side panel, above the list, windows).

use egui::RichText;

use crate::app::context::PaneContext;
use crate::app::queue::pane::QueuePane;
use crate::app::widgets::format::thousands;
use crate::storage::queue::MAX_MESSAGES_PER_CALL;

pub fn ui(pane: &mut QueuePane, ui: &mut egui::Ui, ctx: &mut PaneContext, refresh: bool, targets: &[String]) {
    if pane.core.targets != targets {
        pane.core.targets = targets.to_vec();
    }
    if refresh || !pane.core.started {
        pane.peek(ctx);
    }
    header(pane, ui, ctx);
    if let Some(m) = &pane.message {
        match m {
            Ok(t) => ui.label(t),
            Err(e) => ui.colored_label(ui.visuals().error_fg_color, e.plain_words()),
        };
    }
    let id = ("queue-side", pane.core.queue.clone());
    egui::Panel::right(id)
        .resizable(true)
        .default_size(460.0)
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("queue-side-scroll")
                .show(ui, |ui| {
                    // Each section that drew something is followed by a line.
                    pane.each(ui, ctx, |f, ui, core, ctx, fx| {
                        if ui.scope(|ui| f.side_ui(ui, core, ctx, fx)).response.rect.height() > 0.0 {
                            ui.separator();
                        }
                    });
                });
        });
    pane.each(ui, ctx, |f, ui, core, ctx, fx| f.above_list_ui(ui, core, ctx, fx));
    pane.list.ui(&pane.core, ui);
    let egui_ctx = ui.ctx().clone();
    pane.each(&mut (), ctx, |f, _, core, ctx, fx| f.windows(&egui_ctx, core, ctx, fx));
}

fn header(pane: &mut QueuePane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    ui.horizontal_wrapped(|ui| {
        let core = &mut pane.core;
        let count = core.approximate_count().map(thousands).unwrap_or_else(|| "?".into());
        ui.label(RichText::new(format!("About {count} messages")).strong())
            .on_hover_text("The service's approximate count: it includes invisible messages and may lag.");
        let peek = ui.button("Peek").clicked();
        ui.add(egui::Slider::new(&mut core.peek_count, 1..=MAX_MESSAGES_PER_CALL).prefix("peek "))
            .accessible_name("Messages to peek")
            .on_hover_text("The service returns at most 32 messages per peek.");
        pane.each(ui, ctx, |f, ui, core, ctx, fx| f.header_ui(ui, core, ctx, fx));
        ui.separator();
        let core = &mut pane.core;
        egui::ComboBox::from_label("poison threshold")
            .selected_text(format!("poison at {}", core.poison_threshold))
            .show_ui(ui, |ui| {
                for t in [1, 2, 3, 5, 10, 20] {
                    ui.selectable_value(&mut core.poison_threshold, t, format!("poison at dequeue count {t}"));
                }
            });
        ui.checkbox(&mut core.show_raw, "show raw stored text");
        if ui.button("Open in conflict lab").clicked() {
            *ctx.lab = Some(crate::app::context::open_lab::FreeTarget::Queue {
                queue: core.queue.clone(),
            });
        }
        if peek {
            pane.peek(ctx);
        }
    });
}
