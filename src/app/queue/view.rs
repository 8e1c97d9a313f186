//! Drawing a queue tab: the header with the approximate count and the peek's choices, the peeked messages with
//! their encodings and poison flags, and room for each feature (the side panel, above the list, windows).

use egui::RichText;
use egui_extras::{Column, TableBuilder};

use crate::app::context::PaneContext;
use crate::app::queue::core::QueueCore;
use crate::app::queue::pane::QueuePane;
use crate::app::queue::text::shown_text;
use crate::app::widgets::format::{thousands, utc_opt};
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
    peek_ui(&pane.core, ui);
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

fn peek_ui(core: &QueueCore, ui: &mut egui::Ui) {
    ui.add(
        egui::Label::new(format!(
            "Peeked: the first {} messages (the service returns at most {MAX_MESSAGES_PER_CALL} at a time); peeking changes nothing.",
            core.peeked.len()
        ))
        .wrap(),
    );
    ui.style_mut().interaction.selectable_labels = false;
    let (threshold, raw, warn) = (core.poison_threshold, core.show_raw, ui.visuals().warn_fg_color);
    egui::ScrollArea::horizontal().id_salt(("peek-h", &core.queue)).show(ui, |ui| {
        TableBuilder::new(ui)
            .id_salt(("peek", &core.queue))
            .striped(true)
            .sense(egui::Sense::click())
            .column(Column::initial(130.0).resizable(true))
            .column(Column::initial(110.0).resizable(true))
            .column(Column::initial(280.0).resizable(true).clip(true))
            .column(Column::initial(60.0).resizable(true))
            .column(Column::initial(160.0).resizable(true))
            .column(Column::initial(160.0).resizable(true))
            .column(Column::remainder().at_least(120.0).clip(true))
            .header(20.0, |mut h| {
                for t in ["Dequeue count", "Encoding", "Text", "Size", "Inserted", "Expires", "Id"] {
                    h.col(|ui| {
                        ui.strong(t);
                    });
                }
            })
            .body(|body| {
                body.rows(18.0, core.peeked.len(), |mut row| {
                    let m = &core.peeked[row.index()];
                    let (text, encoding) = shown_text(&m.text, raw);
                    row.col(|ui| {
                        if m.dequeue_count >= threshold {
                            ui.label(RichText::new(format!("{} likely poison", m.dequeue_count)).color(warn).strong())
                                .on_hover_text("Delivered this many times without being deleted: its consumers keep failing on it.");
                        } else {
                            ui.label(m.dequeue_count.to_string());
                        }
                    });
                    row.col(|ui| {
                        ui.label(encoding);
                    });
                    row.col(|ui| {
                        let preview: String = text.chars().take(200).collect();
                        ui.label(preview).on_hover_text(&m.text);
                    });
                    row.col(|ui| {
                        ui.label(format!("{} B", m.text.len()));
                    });
                    row.col(|ui| {
                        ui.label(utc_opt(m.inserted));
                    });
                    row.col(|ui| {
                        ui.label(utc_opt(m.expires));
                    });
                    row.col(|ui| {
                        ui.monospace(&m.id);
                    });
                    // A peeked message is read, never held: its menu copies what it says (the head of the queue
                    // is taken with Dequeue, beside the list).
                    row.response().context_menu(|ui| message_menu(ui, m));
                });
            });
    });
}

/// A peeked message's context menu: its text, its id, or the whole of it as JSON, to the clipboard.
fn message_menu(ui: &mut egui::Ui, m: &crate::storage::queue::PeekedMessage) {
    let copy = |ui: &mut egui::Ui, label: &str, text: String| {
        if ui.button(label).clicked() {
            ui.ctx().copy_text(text);
            ui.close();
        }
    };
    copy(ui, "Copy text", m.text.clone());
    copy(ui, "Copy message id", m.id.clone());
    let json = serde_json::json!({
        "id": m.id,
        "inserted": utc_opt(m.inserted),
        "expires": utc_opt(m.expires),
        "dequeueCount": m.dequeue_count,
        "text": m.text,
    });
    copy(
        ui,
        "Copy as JSON",
        serde_json::to_string_pretty(&json).unwrap_or_default(),
    );
}
