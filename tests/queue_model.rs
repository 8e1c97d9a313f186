//! The queue pane's held messages under any sequence of actions, checked against a plain model and the service
//! after every step: the pane dequeues, deletes, returns, extends and moves what it holds, while another consumer
//! takes whatever is visible and later gives it back. Every held entry says what became of it (done, updated,
//! refused) and the service agrees: what the model says is visible is what a peek sees, nothing is lost, and a
//! move leaves a copy in the target queue exactly when it says so, carrying the text as last edited. A tab close
//! may fall between any two steps (a pane holding live receipts or work in flight runs on, as the frame keeps
//! it; any other is dropped), and a dequeue whose reply is slow may have its tab closed before it lands: the
//! receipts it brings are not lost.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use common::pane_world::World;
use proptest::prelude::*;
use tessera::app::queue::pane::{MessageAction, QueuePane};
use tessera::storage::Client;
use tessera::storage::queue::MessageTtl;

const MESSAGES: usize = 6;
/// Long enough that no countdown runs out during a run: only Return makes a message visible again.
const HIDDEN_SECONDS: u32 = 300;

#[derive(Clone, Debug)]
enum Action {
    /// The pane dequeues up to this many.
    Dequeue(u32),
    /// An action on the held entry picked by this number (entries marked done offer none).
    Delete(usize),
    Return(usize),
    Extend(usize),
    Move(usize),
    /// Another consumer dequeues every visible message.
    OtherTakes,
    /// The other consumer makes all it holds visible again.
    OtherReturns,
    /// Edits the held entry picked by this number to a new text.
    Edit(usize, usize),
    /// The tab closes (and opens again): kept while it holds live receipts, else a new pane.
    Close,
    /// A dequeue whose reply is slow, and the tab closed before it lands.
    SlowDequeueThenClose,
}

const TEXTS: [&str; 3] = ["edited <&> once", "edited twice", "edited\r\nthree"];

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        4 => (1..4u32).prop_map(Action::Dequeue),
        2 => (0..8usize).prop_map(Action::Delete),
        3 => (0..8usize).prop_map(Action::Return),
        2 => (0..8usize).prop_map(Action::Extend),
        2 => (0..8usize).prop_map(Action::Move),
        1 => Just(Action::OtherTakes),
        2 => Just(Action::OtherReturns),
        2 => (0..8usize, 0..TEXTS.len()).prop_map(|(n, t)| Action::Edit(n, t)),
        1 => Just(Action::Close),
        1 => Just(Action::SlowDequeueThenClose),
    ]
}

/// Where a message is on the service.
#[derive(Clone, Debug, PartialEq)]
enum Server {
    Visible,
    /// Hidden by a dequeue of the pane (its receipt is the held entry's).
    HeldByPane,
    /// Hidden by the other consumer, with its receipt.
    HeldByOther(String),
    Gone,
}

/// What the pane's held entry for a message should be.
#[derive(Clone, Debug, PartialEq)]
enum Entry {
    /// Its receipt is the current one and the message is hidden.
    Holding,
    /// Returned: visible again; whether the pane still acts on its receipt depends on the clock (it refuses
    /// once its countdown shows zero), so either outcome is allowed and the one observed is checked.
    Returned,
    /// Someone dequeued it since: the receipt is stale and every action on it fails.
    Stale,
    Done,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Note {
    None,
    Ok,
    Err,
}

#[derive(Default)]
struct Model {
    server: BTreeMap<String, Server>,
    /// Each message's text as stored now.
    texts: BTreeMap<String, String>,
    /// The pane's held entries, in its order.
    held: Vec<(String, Entry, Note)>,
    copies: u64,
    /// The texts the moved copies carry.
    copied: Vec<String>,
}

impl Model {
    fn visible(&self) -> BTreeSet<String> {
        self.server
            .iter()
            .filter(|(_, s)| **s == Server::Visible)
            .map(|(id, _)| id.clone())
            .collect()
    }

    fn live(&self) -> u64 {
        self.server.values().filter(|s| **s != Server::Gone).count() as u64
    }

    /// Someone else dequeued these: a pane entry on them now has a stale receipt.
    fn taken_by_other(&mut self, id: &str, receipt: String) {
        self.server.insert(id.to_string(), Server::HeldByOther(receipt));
        for (held, entry, _) in &mut self.held {
            if held == id && *entry != Entry::Done {
                *entry = Entry::Stale;
            }
        }
    }
}

struct Run {
    rt: tokio::runtime::Runtime,
    world: World,
    direct: Client,
    queue: String,
    target: String,
    pane: QueuePane,
    model: Model,
    proxy: common::fault_proxy::FaultProxy,
}

impl Run {
    fn new() -> Run {
        let rt = common::pane_world::model_runtime();
        let direct = common::client();
        let (queue, target) = (common::unique("held"), common::unique("moved"));
        let mut model = Model::default();
        rt.block_on(async {
            direct.create_queue(&queue, &[]).await.unwrap();
            direct.create_queue(&target, &[]).await.unwrap();
            for i in 0..MESSAGES {
                let put = direct
                    .put_message(&queue, &format!("message {i}"), None, MessageTtl::Default)
                    .await
                    .unwrap();
                model.texts.insert(put.id.clone(), format!("message {i}"));
                model.server.insert(put.id, Server::Visible);
            }
        });
        // The pane's requests pass a fault proxy, so a reply can be slowed on cue.
        let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Queue));
        let world = World::new(&rt, Client::new(account, Default::default()).unwrap());
        let mut pane = QueuePane::new(&queue);
        pane.set_auto_refresh(None);
        Run {
            rt,
            world,
            direct,
            queue,
            target,
            pane,
            model,
            proxy,
        }
    }

    fn settle(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            self.world.with(|ctx| self.pane.poll(ctx));
            if !self.pane.is_busy() {
                return;
            }
            assert!(Instant::now() < deadline, "the queue pane never settled");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// The entry an action picks among those that offer actions (not done), as a user would click.
    fn pick(&self, n: usize) -> Option<usize> {
        let open: Vec<usize> = (0..self.pane.held().len())
            .filter(|&i| !self.pane.held()[i].done)
            .collect();
        (!open.is_empty()).then(|| open[n % open.len()])
    }

    fn step(&mut self, action: &Action) {
        match action {
            Action::Dequeue(n) => self.dequeue(*n),
            Action::Delete(n) => self.act(*n, MessageAction::Delete),
            Action::Return(n) => self.act(*n, MessageAction::ReturnNow),
            Action::Extend(n) => self.act(*n, MessageAction::Extend(HIDDEN_SECONDS)),
            Action::Move(n) => self.act(*n, MessageAction::MoveTo(self.target.clone())),
            Action::Edit(n, t) => self.act(*n, MessageAction::Edit(TEXTS[*t].to_string())),
            Action::Close => self.close(),
            Action::SlowDequeueThenClose => {
                self.proxy
                    .inject([common::fault_proxy::Fault::Delay(Duration::from_millis(400))]);
                self.dequeue_with(1, |run| run.close());
            }
            Action::OtherTakes => {
                let taken = self
                    .rt
                    .block_on(self.direct.get_messages(&self.queue, 32, HIDDEN_SECONDS))
                    .unwrap();
                let ids: BTreeSet<String> = taken.iter().map(|m| m.id.clone()).collect();
                assert_eq!(
                    ids,
                    self.model.visible(),
                    "the other consumer got other messages than were visible"
                );
                for m in taken {
                    self.model.taken_by_other(&m.id, m.pop_receipt);
                }
            }
            Action::OtherReturns => {
                let theirs: Vec<(String, String)> = self
                    .model
                    .server
                    .iter()
                    .filter_map(|(id, s)| match s {
                        Server::HeldByOther(r) => Some((id.clone(), r.clone())),
                        _ => None,
                    })
                    .collect();
                for (id, receipt) in theirs {
                    self.rt
                        .block_on(self.direct.update_message(&self.queue, &id, &receipt, 0, None))
                        .unwrap();
                    self.model.server.insert(id, Server::Visible);
                }
            }
        }
        self.check(action);
    }

    /// The tab closes and is opened again: a pane with live receipts or work in flight is the same pane (the
    /// frame keeps it running and Reopen brings it back); any other is dropped, and a new one starts empty.
    fn close(&mut self) {
        let live = self
            .model
            .held
            .iter()
            // A stale receipt (someone else dequeued the message since) no longer works: dropping it loses
            // nothing, and the pane cannot tell it is stale, so it may keep it or not.
            .any(|(_, e, _)| matches!(e, Entry::Holding));
        let kept = self.pane.has_sent_work();
        let now = std::time::SystemTime::now();
        let pane: Vec<(&str, bool, f64)> = self
            .pane
            .held()
            .iter()
            .map(|h| (h.message.id.as_str(), h.done, h.seconds_left(now)))
            .collect();
        assert!(
            kept || !live,
            "a pane holding live receipts would be dropped on close: the model holds {:?}, the pane {pane:?}",
            self.model.held
        );
        if !kept {
            self.pane = QueuePane::new(&self.queue);
            self.pane.set_auto_refresh(None);
            self.model.held.clear();
        }
    }

    fn dequeue(&mut self, n: u32) {
        self.dequeue_with(n, |_| {});
    }

    /// Dequeues, doing `meanwhile` before the reply is awaited.
    fn dequeue_with(&mut self, n: u32, meanwhile: impl FnOnce(&mut Run)) {
        let visible = self.model.visible();
        let before: Vec<(String, String)> = self
            .pane
            .held()
            .iter()
            .map(|h| (h.message.id.clone(), h.message.pop_receipt.clone()))
            .collect();
        self.pane.set_dequeue(n, HIDDEN_SECONDS);
        self.world.with(|ctx| self.pane.dequeue(ctx));
        meanwhile(self);
        self.settle();
        let got: Vec<String> = self
            .pane
            .held()
            .iter()
            .filter(|h| !before.contains(&(h.message.id.clone(), h.message.pop_receipt.clone())))
            .map(|h| h.message.id.clone())
            .collect();
        assert_eq!(
            got.len(),
            (n as usize).min(visible.len()),
            "the dequeue took another number of messages"
        );
        for id in got {
            assert!(visible.contains(&id), "the pane dequeued {id}, which was not visible");
            // Dequeued again: the older entry (and its stale receipt) makes way for the new one, at the end.
            self.model.held.retain(|(h, _, _)| *h != id);
            self.model.held.push((id.clone(), Entry::Holding, Note::None));
            self.model.server.insert(id, Server::HeldByPane);
        }
        // The pane peeks once the dequeue landed: it shows what is visible now.
        let peeked: BTreeSet<String> = self.pane.peeked().iter().map(|m| m.id.clone()).collect();
        assert_eq!(
            peeked,
            self.model.visible(),
            "after a dequeue the pane's peek shows other messages"
        );
    }

    fn act(&mut self, n: usize, action: MessageAction) {
        let Some(index) = self.pick(n) else { return };
        let id = self.pane.held()[index].message.id.clone();
        let at = self
            .model
            .held
            .iter()
            .position(|(h, _, _)| *h == id)
            .expect("the model knows the entry");
        let entry = self.model.held[at].1.clone();
        let targets_before = self.count(&self.target.clone());
        self.world.with(|ctx| self.pane.act(ctx, index, action.clone()));
        self.settle();
        let held = &self.pane.held()[index];
        let worked = match &held.note {
            Some(Ok(_)) => true,
            Some(Err(_)) => false,
            None => panic!("the action on {id} left no note"),
        };
        let copied = match &held.note {
            Some(Err(e)) => e.message.to_string().contains("It was copied to"),
            _ => false,
        };
        match entry {
            Entry::Holding => assert!(worked, "an action with the current receipt failed: {:?}", held.note),
            Entry::Stale => assert!(!worked, "an action with a stale receipt was said to work"),
            Entry::Returned | Entry::Done => {}
        }
        let m = &mut self.model;
        m.held[at].2 = if worked { Note::Ok } else { Note::Err };
        if worked {
            match action {
                MessageAction::Delete | MessageAction::MoveTo(_) => {
                    m.held[at].1 = Entry::Done;
                    m.server.insert(id.clone(), Server::Gone);
                }
                MessageAction::ReturnNow => {
                    m.held[at].1 = Entry::Returned;
                    m.server.insert(id.clone(), Server::Visible);
                }
                MessageAction::Extend(_) => {
                    m.held[at].1 = Entry::Holding;
                    m.server.insert(id.clone(), Server::HeldByPane);
                }
                MessageAction::Edit(ref text) => {
                    // An edit keeps the rest of the current invisibility: none left for a returned message.
                    if entry == Entry::Holding {
                        m.server.insert(id.clone(), Server::HeldByPane);
                    }
                    m.texts.insert(id.clone(), text.clone());
                }
            }
        }
        if matches!(action, MessageAction::MoveTo(_)) && (worked || copied) {
            m.copies += 1;
            // The copy carries the text as stored now, after any edit.
            m.copied.push(m.texts[&id].clone());
        }
        // A move that failed says whether it copied; the target queue agrees either way.
        if !worked {
            let after = self.count(&self.target.clone());
            assert_eq!(
                after - targets_before,
                u64::from(copied),
                "a failed action's words and the target disagree"
            );
        }
    }

    fn count(&self, queue: &str) -> u64 {
        self.rt.block_on(self.direct.queue_message_count(queue)).unwrap()
    }

    fn check(&mut self, after: &Action) {
        let pane: Vec<(String, bool, Note)> = self
            .pane
            .held()
            .iter()
            .map(|h| {
                let note = match &h.note {
                    None => Note::None,
                    Some(Ok(_)) => Note::Ok,
                    Some(Err(_)) => Note::Err,
                };
                (h.message.id.clone(), h.done, note)
            })
            .collect();
        let model: Vec<(String, bool, Note)> = self
            .model
            .held
            .iter()
            .map(|(id, e, n)| (id.clone(), *e == Entry::Done, *n))
            .collect();
        assert_eq!(pane, model, "after {after:?}: the held entries differ");
        let peeked = self.rt.block_on(self.direct.peek_messages(&self.queue, 32)).unwrap();
        let visible: BTreeSet<String> = peeked.into_iter().map(|m| m.id).collect();
        assert_eq!(
            visible,
            self.model.visible(),
            "after {after:?}: other messages are visible"
        );
        assert_eq!(
            self.count(&self.queue.clone()),
            self.model.live(),
            "after {after:?}: a message was lost"
        );
        assert_eq!(
            self.count(&self.target.clone()),
            self.model.copies,
            "after {after:?}: the moved copies differ"
        );
        let mut moved: Vec<String> = self
            .rt
            .block_on(self.direct.peek_messages(&self.target, 32))
            .unwrap()
            .into_iter()
            .map(|m| m.text)
            .collect();
        let mut copied = self.model.copied.clone();
        moved.sort();
        copied.sort();
        assert_eq!(moved, copied, "after {after:?}: a moved copy carries another text");
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        let _ = self.rt.block_on(self.direct.delete_queue(&self.queue));
        let _ = self.rt.block_on(self.direct.delete_queue(&self.target));
    }
}

/// Steps in all: `TESSERA_MODEL_STEPS` (1,000 by default), in runs of 100.
fn cases() -> u32 {
    common::pane_world::model_steps(1_000).div_ceil(100)
}

proptest! {
    #![proptest_config(common::pane_world::model_config(cases()))]
    #[test]
    fn the_held_messages_agree_with_the_model_and_the_service(actions in proptest::collection::vec(action(), 100)) {
        let mut run = Run::new();
        for a in &actions {
            run.step(a);
        }
    }
}
