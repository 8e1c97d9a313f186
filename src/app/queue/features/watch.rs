//! What changed in a queue between two peeks, as a watcher sees it: messages that appeared, that stopped being
//! visible (taken by a consumer, deleted or expired: a peek cannot tell which), and that became visible again
//! with a higher dequeue count (a consumer's invisibility ran out). A peek shows only the first messages, so a
//! message is said to be gone only when the new peek saw past where it stood (or saw the whole queue). As a
//! feature of its tab it also keeps the backlog (the approximate count over time) and peeks on its cadence.

use crate::app::context::feature::Feature;
use crate::app::widgets::i18n::{t, tr};
use std::collections::BTreeMap;
use std::time::SystemTime;

use crate::app::context::PaneContext;
use crate::app::queue::core::QueueCore;
use crate::app::queue::feature::{QueueEffects, QueueEvent, QueueFeature};
use crate::app::widgets::watch::{Cadence, ChangeLog};
use crate::storage::queue::PeekedMessage;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Appeared {
        id: String,
        text: String,
    },
    Gone {
        id: String,
    },
    /// Visible again; `was` the dequeue count when last seen.
    Back {
        id: String,
        dequeue_count: u32,
        was: u32,
    },
}

impl crate::app::widgets::watch::Change for Change {
    fn json(&self) -> serde_json::Value {
        serde_json::json!({"change": self.describe()})
    }

    fn describe(&self) -> String {
        let short = |id: &str| id.chars().take(8).collect::<String>();
        match self {
            Change::Appeared { id, text } => {
                // As the list shows it: Base64 text decoded.
                let (text, _) = crate::app::queue::text::shown_text(text, false);
                let text: String = text.chars().take(60).collect();
                tr!("queue-change-appeared", id = short(id), text = format!("{text:?}"))
            }
            Change::Gone { id } => tr!("queue-change-gone", id = short(id)),
            Change::Back { id, dequeue_count, was } if dequeue_count > was => tr!(
                "queue-change-back-again",
                id = short(id),
                count = *dequeue_count,
                was = *was
            ),
            Change::Back { id, .. } => tr!("queue-change-back", id = short(id)),
        }
    }
}

#[derive(Default)]
pub struct QueueWatch {
    /// Whether it peeks on its own, how often, and how a throttling or refusing service changes that.
    pub cadence: Cadence,
    /// The last peek's messages, front first, with their dequeue counts; None before the first.
    last: Option<Vec<(String, u32)>>,
    /// Messages seen gone, with their dequeue count then: one seen again is "back", not "appeared".
    gone: BTreeMap<String, u32>,
    pub changes: ChangeLog<Change>,
    /// The approximate message count, one sample a peek.
    pub backlog: crate::app::queue::charts::Backlog,
    /// A peek is out: the next one waits for it, however long it takes.
    peek_out: bool,
}

impl QueueWatch {
    /// The changes seen, as events on the backlog chart.
    pub fn events(&self) -> Vec<crate::app::queue::charts::Event> {
        self.changes
            .list
            .iter()
            .map(|(at, c)| crate::app::queue::charts::Event {
                at: at
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0.0, |d| d.as_secs_f64()),
                kind: match c {
                    Change::Appeared { .. } => "appeared",
                    Change::Gone { .. } => "taken",
                    Change::Back { .. } => "back",
                },
            })
            .collect()
    }

    /// A new peek of up to `asked` messages: what changed since the last one.
    pub fn observe(&mut self, at: SystemTime, peeked: &[PeekedMessage], asked: u32) {
        let now: Vec<(String, u32)> = peeked.iter().map(|m| (m.id.clone(), m.dequeue_count)).collect();
        let Some(last) = self.last.replace(now.clone()) else {
            return;
        };
        let seen_all = (peeked.len() as u32) < asked;
        let position = |id: &str| now.iter().position(|(n, _)| n == id);
        let mut changes = Vec::new();
        for (i, (id, count)) in last.iter().enumerate() {
            match now.iter().find(|(n, _)| n == id) {
                // Dequeued and back between two peeks: still seen, with a higher count.
                Some((_, c)) if c > count => changes.push(Change::Back {
                    id: id.clone(),
                    dequeue_count: *c,
                    was: *count,
                }),
                Some(_) => {}
                // Gone only if the new peek reached past it: the whole queue, or a message behind it.
                None if seen_all || last[i + 1..].iter().any(|(later, _)| position(later).is_some()) => {
                    self.gone.insert(id.clone(), *count);
                    changes.push(Change::Gone { id: id.clone() });
                }
                None => {}
            }
        }
        for m in peeked {
            if last.iter().any(|(n, _)| *n == m.id) {
                continue;
            }
            match self.gone.remove(&m.id) {
                Some(was) => changes.push(Change::Back {
                    id: m.id.clone(),
                    dequeue_count: m.dequeue_count,
                    was,
                }),
                None => changes.push(Change::Appeared {
                    id: m.id.clone(),
                    text: m.text.clone(),
                }),
            }
        }
        for c in changes {
            self.changes.push(at, c);
        }
    }
}

impl Feature for QueueWatch {
    type Pane = crate::app::queue::feature::Queue;

    fn poll(&mut self, core: &QueueCore, _: &mut PaneContext, fx: &mut QueueEffects) {
        if core.shown && !self.peek_out && self.cadence.due() {
            fx.peek();
        }
    }
}

impl QueueFeature for QueueWatch {
    fn event(&mut self, event: &QueueEvent, _: &QueueCore, _: &mut PaneContext, _: &mut QueueEffects) {
        match event {
            QueueEvent::PeekSent => {
                self.peek_out = true;
                self.cadence.started();
            }
            QueueEvent::Peeked { peeked, asked, props } => {
                self.peek_out = false;
                self.cadence.answered();
                self.observe(SystemTime::now(), peeked, *asked);
                self.backlog
                    .record(crate::app::widgets::plot::now_secs(), props.approximate_message_count);
            }
            // Watching backs off from a throttling service and stops where it is refused.
            QueueEvent::PeekFailed(e) => {
                self.peek_out = false;
                if self.cadence.on {
                    self.cadence.failed(e.status, &e.plain_words());
                }
            }
            QueueEvent::Opened => {}
        }
    }

    fn counting(&self) -> bool {
        self.cadence.on
    }

    fn hide(&mut self) {
        self.cadence.on = false;
    }

    fn header_ui(&mut self, ui: &mut egui::Ui, _: &QueueCore, _: &mut PaneContext, _: &mut QueueEffects) {
        self.cadence.ui(ui, 2, &t("queue-watch-what"));
    }

    fn above_list_ui(&mut self, ui: &mut egui::Ui, core: &QueueCore, _: &mut PaneContext, _: &mut QueueEffects) {
        egui::CollapsingHeader::new(t("queue-backlog"))
            .id_salt(("backlog", &core.queue))
            .show(ui, |ui| {
                let one: BTreeMap<String, crate::app::queue::charts::Backlog> =
                    [(core.queue.clone(), self.backlog.clone())].into();
                crate::app::queue::charts::backlogs_ui(ui, &core.queue, &one, &self.events());
            });
        // What changed between peeks (watching peeks on its own), newest first.
        let n = self.changes.len();
        egui::CollapsingHeader::new(tr!("queue-changes-seen", count = n))
            .id_salt(("queue-changes", &core.queue))
            .show(ui, |ui| {
                ui.weak(t("queue-changes-between"));
                self.changes.ui(ui, ("queue", &core.queue));
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::widgets::watch::Change as _;

    fn m(id: &str, count: u32) -> PeekedMessage {
        PeekedMessage {
            id: id.into(),
            inserted: None,
            expires: None,
            dequeue_count: count,
            text: format!("text of {id}"),
        }
    }

    fn kinds(w: &QueueWatch) -> Vec<String> {
        w.changes.list.iter().map(|(_, c)| c.describe()).collect()
    }

    #[test]
    fn appeared_gone_and_back_with_a_higher_count() {
        let mut w = QueueWatch::default();
        let t = SystemTime::UNIX_EPOCH;
        w.observe(t, &[m("aaaaaaaaa1", 0), m("bbbbbbbbb2", 0)], 32);
        assert!(w.changes.is_empty(), "the first peek is the baseline");
        w.observe(t, &[m("aaaaaaaaa1", 0), m("bbbbbbbbb2", 0), m("ccccccccc3", 0)], 32);
        w.observe(t, &[m("bbbbbbbbb2", 0), m("ccccccccc3", 0)], 32);
        w.observe(t, &[m("bbbbbbbbb2", 0), m("ccccccccc3", 0), m("aaaaaaaaa1", 1)], 32);
        assert_eq!(
            kinds(&w),
            [
                "appeared: cccccccc… \"text of ccccccccc3\"",
                "no longer visible: aaaaaaaa… (taken by a consumer, deleted or expired)",
                "visible again: aaaaaaaa…, dequeue count 1 (was 0): a consumer's invisibility ran out",
            ]
        );
    }

    #[test]
    fn a_message_beyond_a_full_peek_is_not_called_gone() {
        let mut w = QueueWatch::default();
        let t = SystemTime::UNIX_EPOCH;
        // Two asked, two seen: the queue may hold more behind them.
        w.observe(t, &[m("a", 0), m("b", 0)], 2);
        // The front one was taken; the peek now shows b and c: b was behind a and is seen, so a is gone.
        w.observe(t, &[m("b", 0), m("c", 0)], 2);
        // Now b is dequeued too, and the peek is again full with c and d: b is gone, a is not said again.
        w.observe(t, &[m("c", 0), m("d", 0)], 2);
        let gone: Vec<&Change> = w
            .changes
            .list
            .iter()
            .map(|(_, c)| c)
            .filter(|c| matches!(c, Change::Gone { .. }))
            .collect();
        assert_eq!(gone.len(), 2);
        // With one asked and the last one seen out of view (not gone: nothing behind it was seen).
        let mut w = QueueWatch::default();
        w.observe(t, &[m("x", 0)], 1);
        w.observe(t, &[m("w", 0)], 1);
        assert!(
            !w.changes.list.iter().any(|(_, c)| matches!(c, Change::Gone { .. })),
            "x may be behind w"
        );
    }
}
