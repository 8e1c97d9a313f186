//! The peeked messages as a list: which are selected (by id), where the keyboard is, the right-click menu that
//! copies them, and the window that shows one message whole (Enter, or a double-click).

use crate::app::widgets::i18n::{t, tr};
use std::collections::BTreeSet;

use egui::RichText;
use egui_extras::{Column, TableBuilder};

use crate::app::queue::core::QueueCore;
use crate::app::queue::text::shown_text;
use crate::app::widgets::format::utc_opt;
use crate::app::widgets::list_keys::{ListCursor, Step};
use crate::storage::queue::{MAX_MESSAGES_PER_CALL, PeekedMessage};

const ROW_HEIGHT: f32 = 18.0;

#[derive(Default)]
pub struct PeekList {
    /// The selected messages, by id (a peek's order changes as the queue moves; ids do not).
    pub(crate) selection: BTreeSet<String>,
    cursor: ListCursor<String>,
    /// The message shown whole in its window, as peeked.
    pub(crate) details: Option<PeekedMessage>,
    /// The row to scroll to in the next frame (the cursor's, after a key moved it).
    follow: Option<usize>,
}

impl PeekList {
    /// A new peek: what is no longer peeked leaves the selection. An open window keeps the message it shows.
    pub fn peeked(&mut self, peeked: &[PeekedMessage]) {
        self.selection.retain(|id| peeked.iter().any(|m| &m.id == id));
        if self
            .cursor
            .at
            .as_ref()
            .is_some_and(|id| !peeked.iter().any(|m| &m.id == id))
        {
            self.cursor.clear();
        }
    }

    /// The selected messages, front first.
    pub fn selected<'a>(&self, peeked: &'a [PeekedMessage]) -> Vec<&'a PeekedMessage> {
        peeked.iter().filter(|m| self.selection.contains(&m.id)).collect()
    }

    /// Draws the list; says the queue the user chose to copy the selected messages to, if they did.
    pub fn ui(&mut self, core: &QueueCore, ui: &mut egui::Ui) -> Option<String> {
        ui.add(
            egui::Label::new(tr!(
                "queue-peeked",
                count = core.peeked.len(),
                max = MAX_MESSAGES_PER_CALL
            ))
            .wrap(),
        );
        self.keys(core, ui);
        ui.style_mut().interaction.selectable_labels = false;
        let (threshold, raw, warn) = (core.poison_threshold, core.show_raw, ui.visuals().warn_fg_color);
        let modifiers = ui.input(|i| i.modifiers);
        let mut clicked: Option<(usize, bool)> = None;
        let mut copy: Option<Copy> = None;
        let mut copy_to: Option<String> = None;
        let follow = self.follow.take();
        egui::ScrollArea::horizontal()
            .id_salt(("peek-h", &core.queue))
            .show(ui, |ui| {
                let seen = ui.clip_rect();
                let mut table = TableBuilder::new(ui)
                    .id_salt(("peek", &core.queue))
                    .striped(true)
                    .sense(egui::Sense::click())
                    .column(Column::initial(130.0).resizable(true))
                    .column(Column::initial(110.0).resizable(true))
                    .column(Column::initial(280.0).resizable(true).clip(true))
                    .column(Column::initial(60.0).resizable(true))
                    .column(Column::initial(160.0).resizable(true))
                    .column(Column::initial(160.0).resizable(true))
                    .column(Column::remainder().at_least(120.0).clip(true));
                if let Some(row) = follow {
                    table = table.scroll_to_row(row, None);
                }
                table
                    .header(20.0, |mut h| {
                        crate::app::widgets::column_titles::column_titles(
                            &mut h,
                            &[
                                "queue-col-dequeue-count",
                                "queue-col-encoding",
                                "queue-col-text",
                                "queue-col-size",
                                "queue-col-inserted",
                                "queue-col-expires",
                                "queue-col-id",
                            ],
                        );
                    })
                    .body(|body| {
                        body.rows(ROW_HEIGHT, core.peeked.len(), |mut row| {
                            let m = &core.peeked[row.index()];
                            let (text, encoding) = shown_text(&m.text, raw);
                            row.set_selected(self.selection.contains(&m.id));
                            row.col(|ui| {
                                if m.dequeue_count >= threshold {
                                    ui.label(
                                        RichText::new(tr!("queue-likely-poison", count = m.dequeue_count))
                                            .color(warn)
                                            .strong(),
                                    )
                                    .on_hover_text(t("queue-likely-poison-hint"));
                                } else {
                                    ui.label(m.dequeue_count.to_string());
                                }
                            });
                            row.col(|ui| {
                                ui.label(t(encoding));
                            });
                            row.col(|ui| {
                                let preview: String = text.chars().take(200).collect();
                                ui.label(preview).on_hover_text(&m.text);
                            });
                            row.col(|ui| {
                                ui.label(tr!("queue-bytes", count = m.text.len()));
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
                            let r = row.response();
                            let selected = self.selection.contains(&m.id);
                            crate::app::widgets::row_access::row(&r, selected, row.index(), core.peeked.len(), || {
                                let size = tr!("queue-bytes", count = m.text.len());
                                let count = tr!("held-dequeue-count", count = m.dequeue_count);
                                vec![m.id.clone(), text.clone(), size, count]
                            });
                            if self.cursor.at.as_ref() == Some(&m.id) {
                                crate::app::widgets::list_keys::paint_cursor(
                                    &r,
                                    crate::app::widgets::list_keys::KeysGoTo::Tab,
                                    ROW_HEIGHT,
                                    seen,
                                );
                            }
                            if r.clicked() || (r.secondary_clicked() && !self.selection.contains(&m.id)) {
                                clicked = Some((row.index(), false));
                            }
                            if r.double_clicked() {
                                clicked = Some((row.index(), true));
                            }
                            // A peeked message is read, never held: its menu copies what it says and shows it whole
                            // (the head of the queue is taken with Dequeue, beside the list).
                            r.context_menu(|ui| {
                                copy = copy.or(message_menu(ui, self.selection.len()));
                                let n = self.selection.len();
                                let what = match n {
                                    1 => t("queue-copy-one-to"),
                                    _ => tr!("queue-copy-many-to", count = n),
                                };
                                ui.separator();
                                if let Some(to) = crate::app::queue::features::copy_to::copy_to_menu(ui, core, what) {
                                    copy_to = Some(to);
                                }
                            });
                        });
                    });
            });
        if let Some((at, open)) = clicked {
            self.click(core, at, modifiers, open);
        }
        if let Some(what) = copy {
            self.act(core, ui.ctx(), what);
        }
        self.window(ui.ctx());
        copy_to
    }

    /// A click on row `at`: selects it (Ctrl toggles, Shift extends from the anchor); a double-click opens it.
    fn click(&mut self, core: &QueueCore, at: usize, m: egui::Modifiers, open: bool) {
        let id = core.peeked[at].id.clone();
        let anchor = self
            .cursor
            .anchor
            .as_ref()
            .and_then(|a| core.peeked.iter().position(|p| &p.id == a));
        match (m.shift, anchor) {
            (true, Some(from)) => {
                let range = from.min(at)..=from.max(at);
                self.selection = core.peeked[range].iter().map(|p| p.id.clone()).collect();
            }
            _ if m.command || m.ctrl => {
                if !self.selection.remove(&id) {
                    self.selection.insert(id.clone());
                }
            }
            _ => self.selection = BTreeSet::from([id.clone()]),
        }
        self.cursor.clicked(id, m.shift);
        if open {
            self.details = Some(core.peeked[at].clone());
        }
    }

    /// The list's keys: the arrows, Page Up/Down, Home and End (`list_keys`); Ctrl+A selects every message
    /// peeked; Enter shows the message under the cursor whole; Ctrl+C copies the selection's texts.
    fn keys(&mut self, core: &QueueCore, ui: &egui::Ui) {
        let peeked = &core.peeked;
        let page = crate::app::widgets::list_keys::page_rows(ui, ROW_HEIGHT);
        let step = self.cursor.keys(
            ui,
            peeked.len(),
            page,
            |id| peeked.iter().position(|m| &m.id == id),
            |at| peeked[at].id.clone(),
        );
        if let Some(step) = step {
            match step {
                Step::Select { .. } => {
                    let range = step.range().unwrap_or(0..=0);
                    self.selection = peeked[range].iter().map(|m| m.id.clone()).collect();
                }
                Step::Toggle(at) => {
                    if !self.selection.remove(&peeked[at].id) {
                        self.selection.insert(peeked[at].id.clone());
                    }
                }
                Step::Move(_) => {}
            }
            self.follow = Some(step.cursor());
        }
        let tab_keys =
            crate::app::widgets::list_keys::has_keys(ui.ctx(), crate::app::widgets::list_keys::KeysGoTo::Tab);
        if !tab_keys || ui.ctx().text_edit_focused() || ui.memory(|m| m.focused().is_some()) {
            return;
        }
        // Ctrl+A: every message peeked, as in every list.
        let all = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::A);
        if ui.input_mut(|i| i.consume_shortcut(&all)) {
            self.selection = peeked.iter().map(|m| m.id.clone()).collect();
        }
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter))
            && let Some(m) = self
                .cursor
                .at
                .as_ref()
                .and_then(|id| peeked.iter().find(|m| &m.id == id))
        {
            self.details = Some(m.clone());
        }
        let copied = ui.input_mut(|i| {
            let at = i.events.iter().position(|e| matches!(e, egui::Event::Copy));
            at.map(|at| i.events.remove(at)).is_some()
        });
        if copied && !self.selection.is_empty() {
            self.act(core, ui.ctx(), Copy::Text);
        }
    }

    fn act(&mut self, core: &QueueCore, egui_ctx: &egui::Context, what: Copy) {
        let chosen = self.selected(&core.peeked);
        let text = match what {
            Copy::Text => chosen.iter().map(|m| m.text.as_str()).collect::<Vec<_>>().join("\n"),
            Copy::Id => chosen.iter().map(|m| m.id.as_str()).collect::<Vec<_>>().join("\n"),
            Copy::Json => match chosen.as_slice() {
                [one] => serde_json::to_string_pretty(&as_json(one)).unwrap_or_default(),
                many => serde_json::to_string_pretty(&many.iter().map(|m| as_json(m)).collect::<Vec<_>>())
                    .unwrap_or_default(),
            },
            Copy::Open => {
                let at = self.cursor.at.clone();
                self.details = chosen
                    .iter()
                    .find(|m| Some(&m.id) == at.as_ref())
                    .or(chosen.first())
                    .map(|m| (*m).clone());
                return;
            }
        };
        egui_ctx.copy_text(text);
    }

    /// The window showing one peeked message whole: its text can be selected and copied.
    fn window(&mut self, egui_ctx: &egui::Context) {
        let Some(m) = &self.details else {
            return;
        };
        let mut open = true;
        let title = tr!("queue-message-title", id = m.id.as_str());
        crate::app::widgets::placement::beside_the_toolbar(egui::Window::new(&title), egui_ctx)
            .open(&mut open)
            .default_width(520.0)
            .show(egui_ctx, |ui| {
                egui::Grid::new("peeked-message").num_columns(2).show(ui, |ui| {
                    for (what, value) in [
                        ("queue-col-id", m.id.clone()),
                        ("queue-col-inserted", utc_opt(m.inserted)),
                        ("queue-col-expires", utc_opt(m.expires)),
                        ("queue-col-dequeue-count", m.dequeue_count.to_string()),
                        ("queue-col-size", tr!("queue-size-as-stored", count = m.text.len())),
                        ("queue-col-encoding", t(shown_text(&m.text, false).1)),
                    ] {
                        ui.label(t(what));
                        ui.monospace(value);
                        ui.end_row();
                    }
                });
                ui.label(t("queue-text-as-stored"));
                let mut text = m.text.as_str();
                egui::ScrollArea::vertical().max_height(300.0).show(ui, |ui| {
                    ui.add(
                        egui::TextEdit::multiline(&mut text)
                            .desired_width(f32::INFINITY)
                            .code_editor(),
                    )
                    .accessible_name(t("queue-message-text"));
                });
            });
        if !open || egui_ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            self.details = None;
        }
    }
}

#[derive(Clone, Copy)]
enum Copy {
    Text,
    Id,
    Json,
    Open,
}

/// A peeked row's context menu, on the selection (`selected` messages).
fn message_menu(ui: &mut egui::Ui, selected: usize) -> Option<Copy> {
    let mut chosen = None;
    let mut item = |ui: &mut egui::Ui, label: &str, keys: &str, what: Copy| {
        let mut button = egui::Button::new(label);
        if !keys.is_empty() {
            button = button.shortcut_text(keys);
        }
        if ui.add(button).clicked() {
            chosen = Some(what);
            ui.close();
        }
    };
    item(ui, &t("queue-show-message"), "Enter", Copy::Open);
    ui.separator();
    let texts = if selected > 1 {
        "queue-copy-texts"
    } else {
        "queue-copy-text"
    };
    let copy_keys = ui.ctx().format_shortcut(&COPY);
    item(ui, &t(texts), &copy_keys, Copy::Text);
    let ids = if selected > 1 {
        "queue-copy-ids"
    } else {
        "queue-copy-id"
    };
    item(ui, &t(ids), "", Copy::Id);
    item(ui, &t("queue-copy-json"), "", Copy::Json);
    chosen
}

const COPY: egui::KeyboardShortcut = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::C);

fn as_json(m: &PeekedMessage) -> serde_json::Value {
    serde_json::json!({
        "id": m.id,
        "inserted": utc_opt(m.inserted),
        "expires": utc_opt(m.expires),
        "dequeueCount": m.dequeue_count,
        "text": m.text,
    })
}
