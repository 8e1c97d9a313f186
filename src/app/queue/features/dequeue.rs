//! Dequeue and the messages this tab holds: the take and hide-for choices, each held message with its pop
//! receipt and "visible again in" countdown, and the actions on it (delete, return, extend, edit, move), each
//! reply landing on the entry (id and receipt) that sent it.

use crate::app::context::feature::Feature;
use crate::app::widgets::i18n::{t, tr};
use std::time::{Duration, SystemTime};

use egui::RichText;

use crate::app::context::draft::Draft;
use crate::app::context::{InFlight, PaneContext};
use crate::app::queue::core::QueueCore;
use crate::app::queue::feature::{QueueEffects, QueueFeature};
use crate::app::queue::features::message_actions::{ActionDone, ActionResult, MessageAction};
use crate::app::queue::text::{BASE64_BINARY, Decoded, decode, short, shown_text};
use crate::storage::StorageError;
use crate::storage::queue::{DequeuedMessage, MAX_MESSAGES_PER_CALL, MessageEncoding};

/// A message this tab dequeued: its receipt and when it shows again.
#[derive(Clone, Debug)]
pub struct Held {
    pub message: DequeuedMessage,
    /// When this tab took it.
    pub taken: SystemTime,
    /// Set when an action finished: the outcome in words.
    pub note: Option<Result<String, StorageError>>,
    /// The new text being typed, apart from the text as stored (`context::draft`).
    pub editing: Option<Draft<String>>,
    pub move_to: String,
    pub done: bool,
}

impl Held {
    fn new(message: DequeuedMessage) -> Self {
        Held {
            message,
            taken: SystemTime::now(),
            note: None,
            editing: None,
            move_to: String::new(),
            done: false,
        }
    }

    /// Seconds until the message is visible again (negative once it is). The service states the time in
    /// whole seconds (an HTTP date), so the true moment may be up to a second later: count to its end.
    pub fn seconds_left(&self, now: SystemTime) -> f64 {
        match self.message.next_visible.map(|t| t + Duration::from_secs(1)) {
            Some(t) => match t.duration_since(now) {
                Ok(d) => d.as_secs_f64(),
                Err(e) => -e.duration().as_secs_f64(),
            },
            None => 0.0,
        }
    }

    /// Whether the visibility timeout ran out, so the receipt is stale and the message is back in the queue.
    pub fn released(&self, now: SystemTime) -> bool {
        !self.done && self.seconds_left(now) <= 0.0
    }

    fn live(&self, now: SystemTime) -> bool {
        !self.done && !self.released(now)
    }
}

pub struct Dequeue {
    /// How many to take, and for how many seconds they are hidden.
    pub count: u32,
    pub visibility: u32,
    /// The dequeues out, keyed by how many each asked for: a dequeue is a write (it hides what it takes), so a
    /// second one sent beside the first is held too, never dropped.
    dequeuing: InFlight<u32, Result<Vec<DequeuedMessage>, StorageError>>,
    pub held: Vec<Held>,
    /// Messages seen released: the tab peeks once more so they show back in the queue.
    released_seen: usize,
    /// Actions in flight, by the message id and the pop receipt they used: a message dequeued again is a new
    /// entry with a new receipt, and the reply must land on the entry that sent it.
    actions: InFlight<(String, String), ActionResult>,
}

impl Default for Dequeue {
    fn default() -> Self {
        Dequeue {
            count: 1,
            visibility: 30,
            dequeuing: InFlight::default(),
            held: Vec::new(),
            released_seen: 0,
            actions: InFlight::default(),
        }
    }
}

impl Dequeue {
    pub fn dequeue(&mut self, core: &QueueCore, ctx: &mut PaneContext) {
        let (client, queue, n, v) = (ctx.client.clone(), core.queue.clone(), self.count, self.visibility);
        self.dequeuing
            .add(n, ctx.send(async move { client.get_messages(&queue, n, v).await }));
    }

    /// Acts on a held message. A message whose timeout ran out is refused here: its receipt is stale.
    pub fn act(&mut self, core: &QueueCore, ctx: &mut PaneContext, index: usize, action: MessageAction) {
        let Some(h) = self.held.get_mut(index) else { return };
        if h.released(SystemTime::now()) {
            h.note = Some(Err(StorageError::invalid(t("op-use-receipt"), t("receipt-stale"))));
            return;
        }
        let key = (h.message.id.clone(), h.message.pop_receipt.clone());
        if self.actions.is_out(&key) {
            // Its reply brings the receipt the next action needs; the current one is about to go stale.
            h.note = Some(Err(StorageError::invalid(t("op-use-receipt"), t("receipt-busy"))));
            return;
        }
        // A new text on its way is what the edit sent: the held message's draft is no longer unsaved.
        if let (MessageAction::Edit(_), Some(d)) = (&action, &mut h.editing) {
            d.send();
        }
        let (client, queue, m) = (ctx.client.clone(), core.queue.clone(), h.message.clone());
        let work = crate::app::queue::features::message_actions::run(client, queue, m, action);
        self.actions.add(key, ctx.send(work));
    }

    fn took(&mut self, messages: Vec<DequeuedMessage>, fx: &mut QueueEffects) {
        if messages.is_empty() {
            fx.say(Ok(t("dequeue-nothing")));
        }
        for m in messages {
            // Dequeued again: the entry from before holds a stale receipt; the new one replaces it.
            self.held.retain(|h| h.message.id != m.id);
            self.held.push(Held::new(m));
        }
    }

    /// An action answered: it lands on the entry that sent it. True when what a peek shows may have changed.
    fn acted(&mut self, (id, receipt): (String, String), result: ActionResult) -> bool {
        let sent_by = |h: &&mut Held| h.message.id == id && h.message.pop_receipt == receipt;
        let Some(h) = self.held.iter_mut().find(sent_by) else {
            return true;
        };
        let hidden = matches!(&result, Ok(ActionDone::Updated { next_visible: Some(t), .. }) if *t > SystemTime::now());
        if result.is_err()
            && let Some(d) = &mut h.editing
        {
            // Its text was not stored: the edit is unsaved again.
            d.unsent_all();
        }
        h.note = Some(match result {
            Ok(ActionDone::Updated {
                receipt,
                next_visible,
                text,
            }) => {
                h.message.pop_receipt = receipt;
                h.message.next_visible = next_visible;
                // What the service now stores: a later move or edit starts from it, not the old text.
                if let Some(text) = text {
                    h.message.text = text;
                }
                h.editing = None;
                Ok(t("dequeue-updated"))
            }
            Ok(ActionDone::Left(words)) => {
                h.done = true;
                Ok(words)
            }
            Err(e) => Err(e),
        });
        !hidden
    }
}

impl Feature for Dequeue {
    type Pane = crate::app::queue::feature::Queue;

    fn poll(&mut self, _: &QueueCore, _: &mut PaneContext, fx: &mut QueueEffects) {
        for (_, result) in self.dequeuing.ready() {
            match result {
                Ok(messages) => self.took(messages, fx),
                Err(e) => fx.say(Err(e)),
            }
            fx.peek();
        }
        for (key, result) in self.actions.ready() {
            // A message that stays hidden (its text or its time changed) changes nothing a peek shows, nor the
            // queue's count: the answer's receipt and time are all there is to know, and nothing is read.
            if self.acted(key, result) {
                fx.peek();
            }
        }
        // A countdown that ran out: peek again so the message is seen back in the queue.
        let released = self.held.iter().filter(|h| h.released(SystemTime::now())).count();
        if released > self.released_seen {
            self.released_seen = released;
            fx.peek();
        }
        if prune_finished(&mut self.held) {
            self.released_seen = self.held.iter().filter(|h| h.released(SystemTime::now())).count();
        }
    }

    fn unsaved(&self) -> Vec<String> {
        let typing = self
            .held
            .iter()
            .filter(|h| !h.done && h.editing.as_ref().is_some_and(Draft::is_unsaved))
            .count();
        match typing {
            0 => Vec::new(),
            n => vec![tr!("dequeue-unsaved", count = n)],
        }
    }

    fn busy(&self) -> bool {
        !self.dequeuing.is_empty() || !self.actions.is_empty()
    }

    fn save_all(&mut self, core: &QueueCore, ctx: &mut PaneContext, _: &mut QueueEffects) {
        let now = SystemTime::now();
        let typed: Vec<(usize, String)> = (self.held.iter().enumerate())
            .filter(|(_, h)| h.live(now))
            .filter_map(|(i, h)| {
                Some((
                    i,
                    stored_text(&h.message.text, &h.editing.as_ref().filter(|d| d.is_unsaved())?.edit),
                ))
            })
            .collect();
        for (i, text) in typed {
            self.act(core, ctx, i, MessageAction::Edit(text));
        }
    }
}

impl QueueFeature for Dequeue {
    fn holds(&self) -> bool {
        let now = SystemTime::now();
        self.held.iter().any(|h| h.live(now))
    }

    fn held_count(&self) -> usize {
        let now = SystemTime::now();
        self.held.iter().filter(|h| h.live(now)).count()
    }

    fn return_held(&mut self, core: &QueueCore, ctx: &mut PaneContext, _: &mut QueueEffects) {
        let now = SystemTime::now();
        let live: Vec<usize> = (self.held.iter().enumerate())
            .filter(|(_, h)| h.live(now))
            .map(|(i, _)| i)
            .collect();
        for i in live {
            self.act(core, ctx, i, MessageAction::ReturnNow);
        }
    }

    fn counting(&self) -> bool {
        let now = SystemTime::now();
        self.held.iter().any(|h| !h.done && h.seconds_left(now) > -2.0)
    }

    fn side_tab(&self) -> Option<crate::app::context::features::DetailsTab> {
        Some(crate::app::context::features::DetailsTab::Held)
    }

    fn side_ui(&mut self, ui: &mut egui::Ui, core: &QueueCore, ctx: &mut PaneContext, _: &mut QueueEffects) {
        ui.strong(t("dequeue-title"));
        ui.horizontal(|ui| {
            ui.label(t("dequeue-take"));
            ui.add(egui::Slider::new(&mut self.count, 1..=MAX_MESSAGES_PER_CALL))
                .accessible_name(t("dequeue-count"));
        });
        // Wrapped: a row that cannot wrap sets the side panel's least width, and the messages would lose it.
        ui.horizontal_wrapped(|ui| {
            ui.label(t("dequeue-hide-for"));
            for v in [2, 10, 30, 60, 300] {
                ui.selectable_value(&mut self.visibility, v, tr!("dequeue-seconds", count = v));
            }
            if ui.button(t("dequeue-button")).clicked() {
                self.dequeue(core, ctx);
            }
        });
        ui.label(tr!("dequeue-explain", seconds = self.visibility));
        windows_chart(ui, core, &self.held);
        if let Some((i, a)) = held_ui(ui, &core.targets, &mut self.held) {
            self.act(core, ctx, i, a);
        }
    }
}

/// The held messages' invisibility windows on one time line.
fn windows_chart(ui: &mut egui::Ui, core: &QueueCore, held: &[Held]) {
    let now = SystemTime::now();
    let secs = |t: SystemTime| {
        t.duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs_f64())
            .unwrap_or(0.0)
    };
    let windows: Vec<crate::app::queue::charts::Window> = held
        .iter()
        .filter(|h| !h.done)
        .map(|h| crate::app::queue::charts::Window {
            label: short(&h.message.id),
            from: secs(h.taken),
            until: h.message.next_visible.map(secs).unwrap_or_else(|| secs(now)),
        })
        .collect();
    crate::app::queue::charts::visibility_ui(ui, &core.queue, &windows);
}

/// Each held message, newest first, with its receipt, countdown and actions: the action asked for, if any.
fn held_ui(ui: &mut egui::Ui, targets: &[String], held: &mut [Held]) -> Option<(usize, MessageAction)> {
    let now = SystemTime::now();
    let mut act = None;
    for (i, h) in held.iter_mut().enumerate().rev() {
        // The whole entry answers a right-click (its buttons, drawn on it, keep their clicks).
        let entry = ui.scope_builder(egui::UiBuilder::new().sense(egui::Sense::click()), |ui| {
            // Its words take no clicks of their own, so a right-click on them reaches the entry.
            ui.style_mut().interaction.selectable_labels = false;
            egui::Frame::group(ui.style()).show(ui, |ui| {
                let (text, encoding) = shown_text(&h.message.text, false);
                ui.horizontal(|ui| {
                    ui.monospace(&h.message.id);
                    ui.label(tr!("held-dequeue-count", count = h.message.dequeue_count));
                });
                ui.label(tr!("held-pop-receipt", receipt = h.message.pop_receipt.as_str()));
                let preview: String = text.chars().take(120).collect();
                ui.label(tr!("held-text", encoding = t(encoding), text = preview));
                if h.done {
                    ui.weak(t("held-done"));
                } else if h.released(now) {
                    ui.colored_label(ui.visuals().warn_fg_color, t("held-released"));
                } else {
                    let left = h.seconds_left(now).ceil() as i64;
                    ui.label(RichText::new(tr!("held-visible-in", seconds = left)).strong());
                }
                if !h.done
                    && let Some(a) = actions_ui(ui, targets, h, &text, encoding, now)
                {
                    act = Some((i, a));
                }
                if let Some(note) = &h.note {
                    match note {
                        Ok(words) => ui.label(words),
                        Err(e) => ui.colored_label(ui.visuals().error_fg_color, e.plain_words()),
                    };
                }
            });
        });
        entry.response.context_menu(|ui| {
            if let Some(a) = held_menu(ui, h, now) {
                act = Some((i, a));
            }
        });
    }
    act
}

/// A held message's context menu: the actions of its buttons while its receipt is live, and what can be copied
/// of it (its receipt included: a user testing conflicts uses it elsewhere).
/// The text to store for a held message's edit: encoded as the message was (a Base64 message stays Base64).
fn stored_text(stored: &str, typed: &str) -> String {
    if matches!(decode(stored), Decoded::Base64Text(_)) {
        MessageEncoding::Base64.encode(typed.as_bytes()).unwrap_or_default()
    } else {
        typed.to_string()
    }
}

fn held_menu(ui: &mut egui::Ui, h: &mut Held, now: SystemTime) -> Option<MessageAction> {
    let mut act = None;
    let live = !h.done && !h.released(now);
    if ui
        .add_enabled(live, egui::Button::new(t("held-delete-message")))
        .clicked()
    {
        act = Some(MessageAction::Delete);
    }
    if ui.add_enabled(live, egui::Button::new(t("held-return-now"))).clicked() {
        act = Some(MessageAction::ReturnNow);
    }
    if ui.add_enabled(live, egui::Button::new(t("held-extend"))).clicked() {
        let left = h.seconds_left(now).max(0.0) as u32;
        act = Some(MessageAction::Extend(left + 30));
    }
    let (text, encoding) = shown_text(&h.message.text, false);
    let editable = live && encoding != BASE64_BINARY && h.editing.is_none();
    if ui
        .add_enabled(editable, egui::Button::new(t("held-edit-text")))
        .clicked()
    {
        h.editing = Some(Draft::new(&h.message.pop_receipt, text.to_string()));
        ui.close();
    }
    ui.separator();
    for (label, copied) in [
        ("held-copy-receipt", h.message.pop_receipt.clone()),
        ("queue-copy-id", h.message.id.clone()),
        ("queue-copy-text", h.message.text.clone()),
    ] {
        if ui.button(t(label)).clicked() {
            ui.ctx().copy_text(copied);
            ui.close();
        }
    }
    if act.is_some() {
        ui.close();
    }
    act
}

/// The buttons of one held message, its text edit and its move target.
fn actions_ui(
    ui: &mut egui::Ui,
    targets: &[String],
    h: &mut Held,
    text: &str,
    encoding: &str,
    now: SystemTime,
) -> Option<MessageAction> {
    let mut act = None;
    let id = short(&h.message.id);
    ui.horizontal_wrapped(|ui| {
        if ui.button(tr!("held-delete", id = id.as_str())).clicked() {
            act = Some(MessageAction::Delete);
        }
        if ui.button(tr!("held-return", id = id.as_str())).clicked() {
            act = Some(MessageAction::ReturnNow);
        }
        if ui.button(tr!("held-extend-id", id = id.as_str())).clicked() {
            let left = h.seconds_left(now).max(0.0) as u32;
            act = Some(MessageAction::Extend(left + 30));
        }
        // Binary content has no text to edit: saving the placeholder would overwrite the bytes.
        let binary = encoding == BASE64_BINARY;
        let edit = ui
            .add_enabled(!binary, egui::Button::new(tr!("held-edit", id = id.as_str())))
            .on_disabled_hover_text(t("held-binary"));
        if edit.clicked() && h.editing.is_none() {
            h.editing = Some(Draft::new(&h.message.pop_receipt, text.to_string()));
        }
    });
    if let Some(draft) = &mut h.editing {
        ui.add(
            egui::TextEdit::multiline(&mut draft.edit)
                .id_salt(("held-text", id.as_str()))
                .desired_rows(2),
        )
        .accessible_name(tr!("held-new-text", id = id.as_str()));
        if ui.button(tr!("held-save-text", id = id.as_str())).clicked() {
            act = Some(MessageAction::Edit(stored_text(&h.message.text, &draft.edit)));
        }
    }
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt(("move", &h.message.id))
            .selected_text(if h.move_to.is_empty() {
                t("held-choose-queue")
            } else {
                h.move_to.clone()
            })
            .show_ui(ui, |ui| {
                for target in targets {
                    ui.selectable_value(
                        &mut h.move_to,
                        target.clone(),
                        tr!("held-to-queue", queue = target.as_str()),
                    );
                }
            })
            .response
            .accessible_name(tr!("held-target", id = id.as_str()));
        if ui
            .add_enabled(
                !h.move_to.is_empty(),
                egui::Button::new(tr!("held-move", id = id.as_str())),
            )
            .clicked()
        {
            act = Some(MessageAction::MoveTo(h.move_to.clone()));
        }
    });
    act
}

/// Finished entries (done, or released so their receipt is stale) kept for the user to read, newest first.
const FINISHED_KEPT: usize = 20;

/// Drops the oldest finished entries beyond `FINISHED_KEPT`, so the held list (drawn in full every frame) costs
/// what the user still holds, not every message ever dequeued. Says whether it dropped any.
fn prune_finished(held: &mut Vec<Held>) -> bool {
    let now = SystemTime::now();
    let finished = |h: &Held| h.done || h.released(now);
    let mut extra = held
        .iter()
        .filter(|h| finished(h))
        .count()
        .saturating_sub(FINISHED_KEPT);
    if extra == 0 {
        return false;
    }
    // Oldest first: entries are pushed at the end.
    held.retain(|h| {
        if extra > 0 && finished(h) {
            extra -= 1;
            return false;
        }
        true
    });
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held(id: usize, done: bool, visible_in: i64) -> Held {
        let now = SystemTime::now();
        let next = if visible_in >= 0 {
            now + Duration::from_secs(visible_in as u64)
        } else {
            now - Duration::from_secs(visible_in.unsigned_abs())
        };
        Held {
            message: DequeuedMessage {
                id: id.to_string(),
                pop_receipt: "r".into(),
                inserted: None,
                expires: None,
                next_visible: Some(next),
                dequeue_count: 1,
                text: String::new(),
            },
            note: None,
            editing: None,
            move_to: String::new(),
            done,
            taken: now,
        }
    }

    #[test]
    fn the_held_list_keeps_every_live_receipt_and_only_the_newest_finished_entries() {
        // 30 live, 30 done and 30 released, interleaved.
        let mut list: Vec<Held> = (0..90)
            .map(|i| held(i, i % 3 == 1, if i % 3 == 2 { -10 } else { 60 }))
            .collect();
        assert!(prune_finished(&mut list));
        let live = list
            .iter()
            .filter(|h| !h.done && !h.released(SystemTime::now()))
            .count();
        assert_eq!(live, 30, "a message the user still holds was dropped");
        assert_eq!(list.len(), 30 + FINISHED_KEPT);
        let kept: Vec<usize> = list
            .iter()
            .filter(|h| h.done || h.message.id.parse::<usize>().unwrap() % 3 == 2)
            .map(|h| h.message.id.parse().unwrap())
            .collect();
        assert_eq!(
            kept,
            (61..90).filter(|i| i % 3 != 0).collect::<Vec<_>>(),
            "the newest finished ones stay"
        );
        assert!(!prune_finished(&mut list), "nothing more to drop");
    }

    #[test]
    fn a_released_message_refuses_actions() {
        let now = SystemTime::now();
        let mut h = Held {
            message: DequeuedMessage {
                id: "1".into(),
                pop_receipt: "r".into(),
                inserted: None,
                expires: None,
                next_visible: Some(now - Duration::from_secs(2)),
                dequeue_count: 1,
                text: String::new(),
            },
            note: None,
            editing: None,
            move_to: String::new(),
            done: false,
            taken: now,
        };
        assert!(h.released(now));
        h.message.next_visible = Some(now + Duration::from_secs(10));
        assert!(!h.released(now));
        assert!(
            (h.seconds_left(now) - 11.0).abs() < 0.01,
            "one second of margin for the service's whole seconds"
        );
    }
}
