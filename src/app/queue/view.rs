//! Drawing a queue tab: the peek table with encodings and poison flags, dequeued messages with their pop
//! receipts and "visible again in" countdowns, the put form, metadata and clear.

use std::time::SystemTime;

use egui::RichText;
use egui_extras::{Column, TableBuilder};

use crate::app::context::PaneContext;
use crate::app::queue::pane::{Decoded, MessageAction, QueuePane, TtlChoice, decode};
use crate::app::widgets::format::{thousands, utc_opt};
use crate::storage::queue::{MAX_MESSAGE_BYTES, MAX_MESSAGES_PER_CALL, MessageEncoding};

pub fn ui(pane: &mut QueuePane, ui: &mut egui::Ui, ctx: &mut PaneContext, refresh: bool, targets: &[String]) {
    if refresh || !pane.started {
        pane.peek(ctx);
    }
    header(pane, ui, ctx);
    if let Some(m) = &pane.message {
        match m {
            Ok(t) => ui.label(t),
            Err(e) => ui.colored_label(ui.visuals().error_fg_color, e.plain_words()),
        };
    }
    egui::Panel::right(("queue-side", &pane.queue))
        .resizable(true)
        .default_size(460.0)
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("queue-side-scroll")
                .show(ui, |ui| {
                    dequeue_ui(pane, ui, ctx, targets);
                    ui.separator();
                    put_ui(pane, ui, ctx);
                    ui.separator();
                    metadata_ui(pane, ui, ctx);
                    ui.separator();
                    pane.policies.ui(ui, ctx, None);
                    let queue = crate::storage::service_sas::SasResource::Queue(pane.queue.clone());
                    pane.sas.ui(ui, ctx, queue);
                });
        });
    egui::CollapsingHeader::new("Backlog over time")
        .id_salt(("backlog", &pane.queue))
        .show(ui, |ui| {
            let one: std::collections::BTreeMap<String, crate::app::queue::charts::Backlog> =
                [(pane.queue.clone(), pane.backlog.clone())].into();
            let events = pane.watch.events();
            crate::app::queue::charts::backlogs_ui(ui, &pane.queue, &one, &events);
        });
    changes_ui(pane, ui);
    peek_ui(pane, ui);
    confirm_clear(pane, ui.ctx(), ctx);
}

fn header(pane: &mut QueuePane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    ui.horizontal_wrapped(|ui| {
        let count = pane
            .properties
            .as_ref()
            .map(|p| thousands(p.approximate_message_count))
            .unwrap_or_else(|| "?".into());
        ui.label(RichText::new(format!("About {count} messages")).strong())
            .on_hover_text("The service's approximate count: it includes invisible messages and may lag.");
        if ui.button("Peek").clicked() {
            pane.peek(ctx);
        }
        ui.add(egui::Slider::new(&mut pane.peek_count, 1..=MAX_MESSAGES_PER_CALL).prefix("peek "))
            .accessible_name("Messages to peek")
            .on_hover_text("The service returns at most 32 messages per peek.");
        pane.watch
            .cadence
            .ui(ui, 2, "a peek and a read of the queue's properties");
        ui.separator();
        egui::ComboBox::from_label("poison threshold")
            .selected_text(format!("poison at {}", pane.poison_threshold))
            .show_ui(ui, |ui| {
                for t in [1, 2, 3, 5, 10, 20] {
                    ui.selectable_value(&mut pane.poison_threshold, t, format!("poison at dequeue count {t}"));
                }
            });
        ui.checkbox(&mut pane.show_raw, "show raw stored text");
        if ui.button("Clear queue…").clicked() {
            pane.confirm_clear = true;
        }
        if ui.button("Open in conflict lab").clicked() {
            *ctx.lab = Some(crate::app::context::open_lab::FreeTarget::Queue {
                queue: pane.queue.clone(),
            });
        }
    });
}

/// The text as the user wants to see it, labelled with its encoding.
/// How `shown_text` names binary content (which has no text to edit).
const BASE64_BINARY: &str = "Base64 binary";

pub fn shown_text(text: &str, raw: bool) -> (String, &'static str) {
    if raw {
        return (text.to_string(), "raw");
    }
    match decode(text) {
        Decoded::Base64Text(s) => (s, "Base64 text"),
        Decoded::Base64Binary(n) => (format!("({n} bytes of binary)"), BASE64_BINARY),
        Decoded::Plain => (text.to_string(), "plain text"),
    }
}

fn peek_ui(pane: &mut QueuePane, ui: &mut egui::Ui) {
    ui.add(
        egui::Label::new(format!(
            "Peeked: the first {} messages (the service returns at most {MAX_MESSAGES_PER_CALL} at a time); peeking changes nothing.",
            pane.peeked.len()
        ))
        .wrap(),
    );
    ui.style_mut().interaction.selectable_labels = false;
    let (threshold, raw, warn) = (pane.poison_threshold, pane.show_raw, ui.visuals().warn_fg_color);
    egui::ScrollArea::horizontal().id_salt(("peek-h", &pane.queue)).show(ui, |ui| {
        TableBuilder::new(ui)
            .id_salt(("peek", &pane.queue))
            .striped(true)
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
                body.rows(18.0, pane.peeked.len(), |mut row| {
                    let m = &pane.peeked[row.index()];
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
                });
            });
    });
}

fn dequeue_ui(pane: &mut QueuePane, ui: &mut egui::Ui, ctx: &mut PaneContext, targets: &[String]) {
    ui.strong("Dequeue (get messages)");
    ui.horizontal(|ui| {
        ui.label("take");
        ui.add(egui::Slider::new(&mut pane.dequeue_count, 1..=MAX_MESSAGES_PER_CALL))
            .accessible_name("Messages to dequeue");
    });
    ui.horizontal(|ui| {
        ui.label("hide for");
        for v in [2, 10, 30, 60, 300] {
            ui.selectable_value(&mut pane.visibility, v, format!("{v} s"));
        }
        if ui.button("Dequeue").clicked() {
            pane.dequeue(ctx);
        }
    });
    ui.label(format!(
        "Dequeued messages become invisible to every other consumer for {} s. Delete them within that time, or they \
         come back with their dequeue count one higher.",
        pane.visibility
    ));
    let now = SystemTime::now();
    let secs = |t: SystemTime| {
        t.duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs_f64())
            .unwrap_or(0.0)
    };
    let windows: Vec<crate::app::queue::charts::Window> = pane
        .held
        .iter()
        .filter(|h| !h.done)
        .map(|h| crate::app::queue::charts::Window {
            label: short(&h.message.id),
            from: secs(h.taken),
            until: h.message.next_visible.map(secs).unwrap_or_else(|| secs(now)),
        })
        .collect();
    crate::app::queue::charts::visibility_ui(ui, &pane.queue, &windows);
    let mut act = None;
    for (i, h) in pane.held.iter_mut().enumerate().rev() {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            let (text, encoding) = shown_text(&h.message.text, false);
            ui.horizontal(|ui| {
                ui.monospace(&h.message.id);
                ui.label(format!("dequeue count {}", h.message.dequeue_count));
            });
            ui.label(format!("Pop receipt: {}", h.message.pop_receipt));
            ui.label(format!("{encoding}: {}", text.chars().take(120).collect::<String>()));
            if h.done {
                ui.weak("Done.");
            } else if h.released(now) {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    "Released: visible again, and this pop receipt is stale.",
                );
            } else {
                ui.label(RichText::new(format!("Visible again in {:.0} s", h.seconds_left(now).ceil())).strong());
            }
            if !h.done {
                let id = short(&h.message.id);
                ui.horizontal_wrapped(|ui| {
                    if ui.button(format!("Delete {id}")).clicked() {
                        act = Some((i, MessageAction::Delete));
                    }
                    if ui.button(format!("Return {id} now")).clicked() {
                        act = Some((i, MessageAction::ReturnNow));
                    }
                    if ui.button(format!("Extend {id} by 30 s")).clicked() {
                        let left = h.seconds_left(now).max(0.0) as u32;
                        act = Some((i, MessageAction::Extend(left + 30)));
                    }
                    // Binary content has no text to edit: saving the placeholder would overwrite the bytes.
                    let binary = encoding == BASE64_BINARY;
                    let edit = ui
                        .add_enabled(!binary, egui::Button::new(format!("Edit {id}")))
                        .on_disabled_hover_text("Binary content (Base64 of non-UTF-8 bytes) cannot be edited as text.");
                    if edit.clicked() {
                        h.editing = Some(text.clone());
                    }
                });
                if let Some(edit) = &mut h.editing {
                    ui.add(egui::TextEdit::multiline(edit).desired_rows(2))
                        .accessible_name(format!("New text of {id}"));
                    if ui.button(format!("Save text of {id}")).clicked() {
                        let stored = if matches!(decode(&h.message.text), Decoded::Base64Text(_)) {
                            MessageEncoding::Base64.encode(edit.as_bytes()).unwrap_or_default()
                        } else {
                            edit.clone()
                        };
                        act = Some((i, MessageAction::Edit(stored)));
                    }
                }
                ui.horizontal(|ui| {
                    egui::ComboBox::from_id_salt(("move", &h.message.id))
                        .selected_text(if h.move_to.is_empty() {
                            "choose a queue"
                        } else {
                            h.move_to.as_str()
                        })
                        .show_ui(ui, |ui| {
                            for t in targets {
                                ui.selectable_value(&mut h.move_to, t.clone(), format!("to {t}"));
                            }
                        })
                        .response
                        .accessible_name(format!("Target queue for {id}"));
                    if ui
                        .add_enabled(!h.move_to.is_empty(), egui::Button::new(format!("Move {id}")))
                        .clicked()
                    {
                        act = Some((i, MessageAction::MoveTo(h.move_to.clone())));
                    }
                });
            }
            if let Some(note) = &h.note {
                match note {
                    Ok(t) => ui.label(t),
                    Err(e) => ui.colored_label(ui.visuals().error_fg_color, e.plain_words()),
                };
            }
        });
    }
    if let Some((i, a)) = act {
        pane.act(ctx, i, a);
    }
}

/// The first part of a message id, enough to tell buttons apart.
pub fn short(id: &str) -> String {
    id.chars().take(8).collect()
}

fn put_ui(pane: &mut QueuePane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    ui.strong("Put a message");
    let l = ui.label("Message text:");
    ui.add(
        egui::TextEdit::multiline(&mut pane.put.text)
            .desired_rows(3)
            .desired_width(f32::INFINITY),
    )
    .labelled_by(l.id);
    ui.horizontal(|ui| {
        ui.label("Store as:");
        ui.selectable_value(
            &mut pane.put.encoding,
            MessageEncoding::Base64,
            "Base64 (what most SDKs read)",
        );
        ui.selectable_value(&mut pane.put.encoding, MessageEncoding::Text, "plain UTF-8 text");
    });
    ui.horizontal(|ui| {
        ui.label("Time to live:");
        ui.selectable_value(&mut pane.put.ttl, TtlChoice::Default, "7 days (default)");
        ui.selectable_value(&mut pane.put.ttl, TtlChoice::Never, "never expires");
        ui.selectable_value(&mut pane.put.ttl, TtlChoice::Seconds, "seconds:");
        ui.add_enabled(
            pane.put.ttl == TtlChoice::Seconds,
            egui::DragValue::new(&mut pane.put.ttl_seconds).range(1..=604_800),
        )
        .accessible_name("Time to live seconds");
    });
    ui.horizontal(|ui| {
        ui.label("Invisible at first for");
        ui.add(
            egui::DragValue::new(&mut pane.put.delay)
                .range(0..=604_800)
                .suffix(" s"),
        )
        .accessible_name("Initial invisibility");
    });
    let size = pane.put.stored_text().map(|t| t.len());
    let ok = match &size {
        Ok(n) if *n <= MAX_MESSAGE_BYTES => {
            ui.weak(format!("{n} of {MAX_MESSAGE_BYTES} bytes as stored"));
            true
        }
        Ok(n) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("{n} bytes as stored: over the 64 KiB limit, so it cannot be sent."),
            );
            false
        }
        Err(why) => {
            ui.colored_label(ui.visuals().error_fg_color, why);
            false
        }
    };
    if ui.add_enabled(ok, egui::Button::new("Put message")).clicked() {
        pane.put_message(ctx);
    }
}

fn metadata_ui(pane: &mut QueuePane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    ui.strong("Metadata");
    let saving = pane.is_saving_metadata();
    let draft = &mut pane.metadata_edit;
    crate::app::widgets::metadata_edit::rows(ui, &mut draft.edit, Some("Queue"));
    let (dirty, stale) = (draft.is_dirty(), draft.is_stale());
    if dirty && stale {
        let theirs: Vec<String> = draft.theirs().iter().map(|(k, v)| format!("{k}={v}")).collect();
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "Changed on the service since you started editing: now {}",
                if theirs.is_empty() {
                    "(none)".into()
                } else {
                    theirs.join(", ")
                }
            ),
        );
    }
    let mut save = None;
    ui.horizontal_wrapped(|ui| {
        crate::app::widgets::metadata_edit::add_button(ui, &mut draft.edit, Some("Queue"));
        if ui
            .add_enabled(dirty && !saving, egui::Button::new("Save metadata"))
            .on_hover_text(
                "Set Queue Metadata takes no condition: the app reads the metadata again just before writing and \
                 refuses if it changed since you started editing (a change landing in between is not caught)",
            )
            .clicked()
        {
            save = Some(false);
        }
        if dirty && stale {
            if ui.button("Reload and re-apply my metadata changes").clicked() {
                draft.reapply_on_theirs();
            }
            if ui.button("Save metadata anyway (replaces theirs)").clicked() {
                save = Some(true);
            }
        }
        if dirty && ui.button("Discard my metadata changes").clicked() {
            draft.discard();
        }
    });
    if let Some(force) = save {
        pane.save_metadata(ctx, force);
    }
}

fn confirm_clear(pane: &mut QueuePane, egui_ctx: &egui::Context, ctx: &mut PaneContext) {
    if !pane.confirm_clear {
        return;
    }
    let count = pane
        .properties
        .as_ref()
        .map(|p| thousands(p.approximate_message_count))
        .unwrap_or_else(|| "all".into());
    let answer = crate::app::widgets::confirm::ask(
        egui_ctx,
        egui::Id::unique(("clear-queue", &pane.queue)),
        &format!("Clear queue `{}`?", pane.queue),
        &format!("About {count} messages will be deleted, invisible ones included. This cannot be undone."),
        &format!("Clear {count} messages"),
        |_| {},
    );
    if let Some(yes) = answer {
        pane.confirm_clear = false;
        if yes {
            pane.clear(ctx);
        }
    }
}

/// What changed between peeks (watching peeks on its own), newest first.
fn changes_ui(pane: &mut QueuePane, ui: &mut egui::Ui) {
    let n = pane.watch.changes.len();
    egui::CollapsingHeader::new(format!("Changes seen ({n})"))
        .id_salt(("queue-changes", &pane.queue))
        .show(ui, |ui| {
            ui.weak("Between peeks: turn on Watch to peek on an interval.");
            pane.watch.changes.ui(ui, ("queue", &pane.queue));
        });
}
