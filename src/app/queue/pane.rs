//! A queue tab's state: peek (with auto-refresh and a poison threshold), dequeue with pop receipts and
//! visibility countdowns, the actions on a dequeued message, put, metadata and clear.
//! Drawing lives in `view`.

use std::time::{Duration, SystemTime};

use crate::app::context::InFlight;
use crate::app::context::PaneContext;
use crate::storage::StorageError;
use crate::storage::queue::{
    DequeuedMessage, MessageEncoding, MessageTtl, PeekedMessage, QueueProperties, decode_base64,
};

/// How a stored text reads, always saying which encoding it is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// Valid Base64 whose bytes are UTF-8 text.
    Base64Text(String),
    /// Valid Base64 of bytes that are not text.
    Base64Binary(usize),
    /// Not Base64: the text as stored.
    Plain,
}

pub fn decode(text: &str) -> Decoded {
    match decode_base64(text) {
        Some(bytes) => match String::from_utf8(bytes) {
            Ok(s) => Decoded::Base64Text(s),
            Err(e) => Decoded::Base64Binary(e.as_bytes().len()),
        },
        None => Decoded::Plain,
    }
}

/// A message this pane dequeued: its receipt and when it shows again.
#[derive(Clone, Debug)]
pub struct Held {
    pub message: DequeuedMessage,
    /// When this pane took it.
    pub taken: SystemTime,
    /// Set when an action finished: the outcome in words.
    pub note: Option<Result<String, StorageError>>,
    pub editing: Option<String>,
    pub move_to: String,
    pub done: bool,
}

impl Held {
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
}

pub use crate::app::queue::message_actions::MessageAction;
use crate::app::queue::message_actions::{ActionDone, ActionResult};

pub struct PutForm {
    pub text: String,
    pub encoding: MessageEncoding,
    pub ttl: TtlChoice,
    pub ttl_seconds: u64,
    pub delay: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TtlChoice {
    Default,
    Seconds,
    Never,
}

impl PutForm {
    /// The text as it will be stored, or why it cannot be.
    pub fn stored_text(&self) -> Result<String, String> {
        self.encoding.encode(self.text.as_bytes())
    }

    pub fn ttl(&self) -> MessageTtl {
        match self.ttl {
            TtlChoice::Default => MessageTtl::Default,
            TtlChoice::Seconds => MessageTtl::Seconds(self.ttl_seconds),
            TtlChoice::Never => MessageTtl::Never,
        }
    }
}

/// A queue's metadata: names and values in the order the service gave them.
type Metadata = Vec<(String, String)>;

/// A one-off write to the queue itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum QueueOp {
    Put,
    Clear,
}

pub struct QueuePane {
    pub(crate) queue: String,
    pub(crate) peeked: Vec<PeekedMessage>,
    pub(crate) peek_count: u32,
    /// Whether its tab is the one shown: a watch refreshes only then (a pane without a tab, in a test, is).
    pub(crate) shown: bool,
    pub(crate) poison_threshold: u32,
    pub(crate) show_raw: bool,
    /// The peek out (keyed by how many it asked for).
    peeking: InFlight<u32, Result<(Vec<PeekedMessage>, QueueProperties), StorageError>>,
    /// How many the peek in flight asked for, and what changed between peeks.
    peek_asked: u32,
    pub(crate) watch: crate::app::queue::watch::QueueWatch,
    pub(crate) properties: Option<QueueProperties>,
    pub(crate) backlog: crate::app::queue::charts::Backlog,
    /// The queue's metadata as the user edits it, apart from what the service said (`context::draft`).
    pub(crate) metadata_edit: crate::app::context::draft::Draft<Vec<(String, String)>>,
    /// A metadata save on its way, keyed by what it sent.
    metadata_saving: InFlight<Metadata, Result<(), StorageError>>,
    pub(crate) dequeue_count: u32,
    pub(crate) visibility: u32,
    /// The dequeue out, keyed by how many it asked for.
    dequeuing: InFlight<u32, Result<Vec<DequeuedMessage>, StorageError>>,
    pub(crate) held: Vec<Held>,
    /// Messages seen released: the pane peeks once more so they show back in the queue.
    released_seen: usize,
    /// Something changed the queue while a peek was in flight: peek again when it lands.
    peek_wanted: bool,
    /// Actions on held messages by message id; an update answers with its new receipt.
    /// Actions in flight, by the message id and the pop receipt they used: a message dequeued again is a new
    /// entry with a new receipt, and the reply must land on the entry that sent it.
    actions: InFlight<(String, String), ActionResult>,
    pub(crate) put: PutForm,
    /// Puts and clears out, keyed by what they do.
    ops: InFlight<QueueOp, Result<String, StorageError>>,
    pub(crate) message: Option<Result<String, StorageError>>,
    pub(crate) confirm_clear: bool,
    pub(crate) started: bool,
    /// The queue's stored access policies, and its SAS form.
    pub(crate) policies: crate::app::widgets::policies::PoliciesEdit,
    pub(crate) sas: crate::app::widgets::policies::SasForm,
}

impl QueuePane {
    /// The messages of the last peek, front first.
    pub fn peeked(&self) -> &[PeekedMessage] {
        &self.peeked
    }

    /// The messages this pane dequeued, with their receipts and what became of them.
    pub fn held(&self) -> &[Held] {
        &self.held
    }

    /// The last one-off action's outcome, in words.
    pub fn message(&self) -> Option<&Result<String, StorageError>> {
        self.message.as_ref()
    }

    /// The ids of the queue's stored access policies as the form shows them.
    pub fn policy_ids(&self) -> Vec<&str> {
        self.policies.ids()
    }

    /// The approximate message count over time.
    pub fn backlog(&self) -> &crate::app::queue::charts::Backlog {
        &self.backlog
    }

    /// Dequeue this many at a time, hidden for this many seconds (the toolbar's choices).
    pub fn set_dequeue(&mut self, count: u32, visibility_seconds: u32) {
        self.dequeue_count = count;
        self.visibility = visibility_seconds;
    }

    /// Peek again every `seconds` (None: only when asked).
    pub fn auto_refreshing(&self) -> bool {
        self.watch.cadence.on
    }

    pub fn set_auto_refresh(&mut self, seconds: Option<u32>) {
        self.watch.cadence.on = seconds.is_some();
        self.watch.cadence.seconds = seconds.unwrap_or(self.watch.cadence.seconds);
    }

    pub fn new(queue: &str) -> Self {
        QueuePane {
            queue: queue.to_string(),
            peeked: Vec::new(),
            peek_count: 32,
            shown: true,
            poison_threshold: 5,
            show_raw: false,
            peeking: InFlight::default(),
            peek_asked: 0,
            watch: Default::default(),
            properties: None,
            backlog: crate::app::queue::charts::Backlog::default(),
            metadata_edit: crate::app::context::draft::Draft::new("", Vec::new()),
            metadata_saving: InFlight::default(),
            dequeue_count: 1,
            visibility: 30,
            dequeuing: InFlight::default(),
            held: Vec::new(),
            released_seen: 0,
            peek_wanted: false,
            actions: InFlight::default(),
            put: PutForm {
                text: String::new(),
                encoding: MessageEncoding::Base64,
                ttl: TtlChoice::Default,
                ttl_seconds: 3600,
                delay: 0,
            },
            ops: InFlight::default(),
            message: None,
            confirm_clear: false,
            started: false,
            policies: crate::app::widgets::policies::PoliciesEdit::new(crate::storage::Service::Queue, queue),
            sas: crate::app::widgets::policies::SasForm::new("rp"),
        }
    }

    pub fn is_busy(&self) -> bool {
        !self.peeking.is_empty()
            || self.peek_wanted
            || !self.dequeuing.is_empty()
            || !self.actions.is_empty()
            || self.ops.is_out(&QueueOp::Put)
    }

    /// Whether a countdown is on screen.
    pub fn counting(&self) -> bool {
        let now = SystemTime::now();
        self.watch.cadence.on || self.held.iter().any(|h| !h.done && h.seconds_left(now) > -2.0)
    }

    /// Peeks (changing nothing) and reads the approximate count.
    pub fn peek(&mut self, ctx: &mut PaneContext) {
        if !self.started {
            // Policies change seldom: read when the tab opens (and on Reload policies).
            self.policies.load(ctx);
        }
        self.started = true;
        self.peek_wanted = false;
        self.watch.cadence.started();
        let (client, queue, n) = (ctx.client.clone(), self.queue.clone(), self.peek_count);
        self.peek_asked = n;
        self.peeking.start(
            n,
            ctx.backend.spawn(async move {
                tokio::try_join!(client.peek_messages(&queue, n), client.get_queue_properties(&queue))
            }),
        );
    }

    pub fn dequeue(&mut self, ctx: &mut PaneContext) {
        let (client, queue, n, v) = (
            ctx.client.clone(),
            self.queue.clone(),
            self.dequeue_count,
            self.visibility,
        );
        // Beside one still out: a dequeue is a write (it hides what it takes), never dropped.
        self.dequeuing
            .add(n, ctx.send(async move { client.get_messages(&queue, n, v).await }));
    }

    pub fn put_message(&mut self, ctx: &mut PaneContext) {
        let text = match self.put.stored_text() {
            Ok(t) => t,
            Err(why) => {
                self.message = Some(Err(StorageError::invalid("Put a message", why)));
                return;
            }
        };
        let (client, queue, ttl, delay) = (ctx.client.clone(), self.queue.clone(), self.put.ttl(), self.put.delay);
        self.ops.add(
            QueueOp::Put,
            ctx.send(async move {
                let delay = (delay > 0).then_some(delay);
                client
                    .put_message(&queue, &text, delay, ttl)
                    .await
                    .map(|r| format!("Put message {}", r.id))
            }),
        );
    }

    /// Acts on a dequeued message. A message whose timeout ran out is refused here: its receipt is stale.
    pub fn act(&mut self, ctx: &mut PaneContext, index: usize, action: MessageAction) {
        let Some(h) = self.held.get_mut(index) else { return };
        if h.released(SystemTime::now()) {
            h.note = Some(Err(StorageError::invalid(
                "Use the pop receipt",
                "Its visibility timeout ran out: the message is back in the queue and this pop receipt is stale \
                 (someone else may hold it now). Dequeue it again to act on it.",
            )));
            return;
        }
        let key = (h.message.id.clone(), h.message.pop_receipt.clone());
        if self.actions.is_out(&key) {
            // Its reply brings the receipt the next action needs; the current one is about to go stale.
            h.note = Some(Err(StorageError::invalid(
                "Use the pop receipt",
                "An action on this message is still under way, and it will change the pop receipt. Wait for it, \
                 then act again.",
            )));
            return;
        }
        let (client, queue, m) = (ctx.client.clone(), self.queue.clone(), h.message.clone());
        let work = crate::app::queue::message_actions::run(client, queue, m, action);
        self.actions.add(key, ctx.send(work));
    }

    pub fn clear(&mut self, ctx: &mut PaneContext) {
        let (client, queue) = (ctx.client.clone(), self.queue.clone());
        self.ops.add(
            QueueOp::Clear,
            ctx.send(async move {
                client
                    .clear_messages(&queue)
                    .await
                    .map(|_| format!("Cleared queue `{queue}`"))
            }),
        );
    }

    /// Saves the metadata draft. Set Queue Metadata takes no condition, so the check is made here: a draft the
    /// service changed under (as last seen) is refused in words, and the metadata is read again just before the
    /// write and compared with what the edit started from, unless `force` (the button says "anyway").
    pub fn save_metadata(&mut self, ctx: &mut PaneContext, force: bool) {
        if !force && self.metadata_edit.is_stale() {
            self.message = Some(Err(StorageError::invalid(
                "Save queue metadata",
                "The queue's metadata changed on the service since you started editing. Reload and re-apply your \
                 changes, or save anyway (queues take no condition: yours would replace theirs).",
            )));
            return;
        }
        let (client, queue) = (ctx.client.clone(), self.queue.clone());
        let (metadata, base) = (self.metadata_edit.edit.clone(), self.metadata_edit.base().clone());
        let sent = metadata.clone();
        let reply = ctx.send(async move {
            match force {
                true => client.set_queue_metadata(&queue, &metadata).await,
                false => client.set_queue_metadata_if_unchanged(&queue, &metadata, &base).await,
            }
        });
        self.metadata_saving.add(sent, reply);
    }

    /// Whether a metadata save is on its way.
    pub fn is_saving_metadata(&self) -> bool {
        !self.metadata_saving.is_empty()
    }

    pub fn poll(&mut self, ctx: &mut PaneContext) {
        self.metadata_edit.settle();
        for (sent, result) in self.metadata_saving.ready() {
            match result {
                // What was sent is what the queue holds; typing done meanwhile stays, unsaved.
                Ok(()) => {
                    self.metadata_edit.saved(sent, "");
                    self.message = Some(Ok(format!("Saved the metadata of `{}`", self.queue)));
                }
                Err(e) => self.message = Some(Err(e)),
            }
            self.peek_wanted = true;
        }
        self.policies.poll(ctx);
        if let Some((_, result)) = self.peeking.take() {
            match result {
                Ok((peeked, props)) => {
                    self.watch.cadence.answered();
                    self.watch.observe(SystemTime::now(), &peeked, self.peek_asked);
                    self.peeked = peeked;
                    self.backlog
                        .record(crate::app::widgets::plot::now_secs(), props.approximate_message_count);
                    // Queues have no ETag: the draft's versions are its values. A refresh never touches an edit.
                    self.metadata_edit.observe("", props.metadata.clone());
                    self.properties = Some(props);
                }
                Err(e) => {
                    // Watching backs off from a throttling service and stops where it is refused.
                    if self.watch.cadence.on {
                        self.watch.cadence.failed(e.status, &e.plain_words());
                    }
                    self.message = Some(Err(e));
                }
            }
        }
        for (_, result) in self.dequeuing.ready() {
            match result {
                Ok(messages) => {
                    if messages.is_empty() {
                        self.message = Some(Ok(
                            "Nothing to dequeue: every message is invisible or the queue is empty.".into(),
                        ));
                    }
                    for m in messages {
                        // Dequeued again: the entry from before holds a stale receipt; the new one replaces it.
                        self.held.retain(|h| h.message.id != m.id);
                        self.held.push(Held {
                            move_to: String::new(),
                            editing: None,
                            note: None,
                            done: false,
                            taken: SystemTime::now(),
                            message: m,
                        });
                    }
                    self.peek_wanted = true;
                }
                Err(e) => self.message = Some(Err(e)),
            }
        }
        for ((id, receipt), result) in self.actions.ready() {
            let sent_by = |h: &&mut Held| h.message.id == id && h.message.pop_receipt == receipt;
            if let Some(h) = self.held.iter_mut().find(sent_by) {
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
                        Ok("Updated: it has a new pop receipt.".into())
                    }
                    Ok(ActionDone::Left(words)) => {
                        h.done = true;
                        Ok(words)
                    }
                    Err(e) => Err(e),
                });
            }
            self.peek_wanted = true;
        }
        for (_, r) in self.ops.ready() {
            self.message = Some(r);
            self.peek_wanted = true;
        }
        // A countdown that ran out: peek again so the message is seen back in the queue.
        let released = self.held.iter().filter(|h| h.released(SystemTime::now())).count();
        if released > self.released_seen {
            self.released_seen = released;
            self.peek_wanted = true;
        }
        if prune_finished(&mut self.held) {
            self.released_seen = self.held.iter().filter(|h| h.released(SystemTime::now())).count();
        }
        if self.shown && self.peeking.is_empty() && self.watch.cadence.due() {
            self.peek_wanted = true;
        }
        // One peek at a time, once the dequeue and actions in flight have landed: 32 deletes ask for one peek
        // when the last one is done, not 32 peeks of a queue still changing.
        if self.peek_wanted && self.peeking.is_empty() && self.dequeuing.is_empty() && self.actions.is_empty() {
            self.peek(ctx);
        }
    }
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

    #[test]
    fn stored_texts_say_how_they_read() {
        assert_eq!(decode("aGVsbG8="), Decoded::Base64Text("hello".into()));
        assert_eq!(decode("//79"), Decoded::Base64Binary(3));
        assert_eq!(decode("plain words"), Decoded::Plain);
    }

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
