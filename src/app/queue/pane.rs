//! A queue tab: its core (the last peek and the properties read with it) and its features, which own
//! everything else (dequeue and the held messages, put, metadata, clear, access, watch). The pane peeks, hands
//! each feature what happened, and carries out what they ask; it knows none of their fields. Drawing lives in
//! `view`.

use crate::app::context::{InFlight, PaneContext};
use crate::app::queue::core::QueueCore;
use crate::app::queue::feature::{Features, QueueCommand, QueueEffects, QueueEvent};
use crate::app::queue::features::dequeue::{Dequeue, Held};
pub use crate::app::queue::features::message_actions::MessageAction;
use crate::storage::StorageError;
use crate::storage::queue::{PeekedMessage, QueueProperties};

/// A queue tab: the pane shell (`context::shell::Shell`) with the queue's core (`QueueCore`) and features
/// (`feature::QueueFeature`), and its own part (`QueueOwn`).
pub type QueuePane = crate::app::context::shell::Shell<crate::app::queue::feature::Queue, QueueOwn>;

/// What a queue tab holds itself, neither its core's nor a feature's.
pub struct QueueOwn {
    /// The peeked messages' selection, cursor and the window showing one whole.
    pub(crate) list: crate::app::queue::peek_list::PeekList,
    /// The peek out, keyed by how many it asked for.
    peeking: InFlight<u32, Result<(Vec<PeekedMessage>, QueueProperties), StorageError>>,
    /// Something changed the queue (or the watch is due) while work was in flight: peek when it has landed.
    peek_wanted: bool,
    /// The last one-off action's outcome, in words.
    pub(crate) message: Option<Result<String, StorageError>>,
}

impl QueuePane {
    pub fn new(queue: &str) -> Self {
        let features = Features::default()
            .with(crate::app::queue::features::watch::QueueWatch::default())
            .with(crate::app::queue::features::clear::ClearQueue::default())
            .with(crate::app::queue::features::copy_to::CopyToQueue::default())
            .with(crate::app::queue::features::scan::QueueScan::default())
            .with(Dequeue::default())
            .with(crate::app::queue::features::put::PutMessage::default())
            .with(crate::app::queue::features::metadata::QueueMetadata::default())
            .with(crate::app::queue::features::access::QueueAccess::new(queue));
        QueuePane {
            core: QueueCore::new(queue),
            features,
            // What a queue tab is for comes first: the messages it holds and the form that takes more.
            chrome: crate::app::context::features::Chrome {
                tab: crate::app::context::features::DetailsTab::Held,
                ..Default::default()
            },
            own: QueueOwn {
                list: Default::default(),
                peeking: InFlight::default(),
                peek_wanted: false,
                message: None,
            },
        }
    }

    pub fn queue(&self) -> &str {
        &self.core.queue
    }

    /// The messages of the last peek, front first.
    pub fn peeked(&self) -> &[PeekedMessage] {
        &self.core.peeked
    }

    /// The messages this tab dequeued, with their receipts and what became of them.
    pub fn held(&self) -> &[Held] {
        self.feature::<Dequeue>().map_or(&[], |d| &d.held)
    }

    /// The last one-off action's outcome, in words.
    pub fn message(&self) -> Option<&Result<String, StorageError>> {
        self.own.message.as_ref()
    }

    /// The ids of the queue's stored access policies as the form shows them.
    pub fn policy_ids(&self) -> Vec<&str> {
        self.feature::<crate::app::queue::features::access::QueueAccess>()
            .map_or_else(Vec::new, |a| a.policies.ids())
    }

    /// The approximate message count over time.
    pub fn backlog(&self) -> &crate::app::queue::charts::Backlog {
        let watch = self.feature::<crate::app::queue::features::watch::QueueWatch>();
        &watch.expect("a queue tab is built with its watch").backlog
    }

    /// Dequeue this many at a time, hidden for this many seconds (the side panel's choices).
    pub fn set_dequeue(&mut self, count: u32, visibility_seconds: u32) {
        if let Some(d) = self.features.get_mut::<Dequeue>() {
            d.count = count;
            d.visibility = visibility_seconds;
        }
    }

    /// Whether it peeks on its own.
    pub fn auto_refreshing(&self) -> bool {
        self.feature::<crate::app::queue::features::watch::QueueWatch>()
            .is_some_and(|w| w.cadence.on)
    }

    /// Peek again every `seconds` (None: only when asked).
    pub fn set_auto_refresh(&mut self, seconds: Option<u32>) {
        if let Some(w) = self
            .features
            .get_mut::<crate::app::queue::features::watch::QueueWatch>()
        {
            w.cadence.on = seconds.is_some();
            w.cadence.seconds = seconds.unwrap_or(w.cadence.seconds);
        }
    }

    /// Whether something this tab asked has not answered yet.
    pub fn is_busy(&self) -> bool {
        !self.own.peeking.is_empty() || self.own.peek_wanted || self.features.busy()
    }

    /// Whether a countdown is on screen (the window keeps drawing frames).
    pub fn counting(&self) -> bool {
        self.features.counting()
    }

    /// Quitting, on the user's word: every message held is made visible again.
    pub fn return_held(&mut self, ctx: &mut PaneContext) {
        self.each(&mut (), ctx, |f, _, core, ctx, fx| f.return_held(core, ctx, fx));
    }

    /// How many messages this tab holds with a receipt that still works.
    pub fn held_count(&self) -> usize {
        self.features.iter().map(|f| f.held_count()).sum()
    }

    /// The tab went out of sight: it stops peeking on its own and a scan stops (what it sent still lands).
    pub fn hide(&mut self) {
        self.features.iter_mut().for_each(|f| f.hide());
    }

    /// Its work under way that quitting cuts short (a scan of the whole queue), each by its title.
    pub fn jobs(&self) -> Vec<String> {
        self.features.jobs(&self.core)
    }

    /// Quitting: its work under way is cancelled, each part ending once its clean-up is done.
    pub fn cancel_work(&mut self) {
        self.features.iter_mut().for_each(|f| f.cancel_work());
    }

    /// Peeks (changing nothing) and reads the approximate count.
    pub fn peek(&mut self, ctx: &mut PaneContext) {
        if !self.core.started {
            self.core.started = true;
            self.dispatch(ctx, QueueEvent::Opened);
        }
        self.own.peek_wanted = false;
        let (client, queue, n) = (ctx.client.clone(), self.core.queue.clone(), self.core.peek_count);
        self.own.peeking.start(
            n,
            ctx.backend.spawn(async move {
                tokio::try_join!(client.peek_messages(&queue, n), client.get_queue_properties(&queue))
            }),
        );
        self.dispatch(ctx, QueueEvent::PeekSent);
    }

    /// Dequeues as the side panel's choices say.
    pub fn dequeue(&mut self, ctx: &mut PaneContext) {
        self.with_feature(ctx, |d: &mut Dequeue, core, ctx, _| d.dequeue(core, ctx));
    }

    /// Acts on a held message (by its place in `held`).
    pub fn act(&mut self, ctx: &mut PaneContext, index: usize, action: MessageAction) {
        self.with_feature(ctx, |d: &mut Dequeue, core, ctx, _| d.act(core, ctx, index, action));
    }

    fn dispatch(&mut self, ctx: &mut PaneContext, event: QueueEvent) {
        let fx = self
            .features
            .each(&self.core, ctx, |f, core, ctx, fx| f.event(&event, core, ctx, fx));
        self.apply(fx);
    }

    /// Does what features asked of the pane, in the order they asked (`context::commands`).
    pub(crate) fn apply(&mut self, fx: QueueEffects) {
        for command in fx.commands.in_order() {
            match command {
                QueueCommand::Say(said) => self.own.message = Some(said),
                QueueCommand::Peek => self.own.peek_wanted = true,
            }
        }
    }

    pub fn poll(&mut self, ctx: &mut PaneContext) {
        if let Some((asked, result)) = self.own.peeking.take() {
            match result {
                Ok((peeked, props)) => {
                    self.core.peeked = peeked;
                    self.own.list.peeked(&self.core.peeked);
                    let event = QueueEvent::Peeked {
                        peeked: &self.core.peeked,
                        asked,
                        props: &props,
                    };
                    let fx = self
                        .features
                        .each(&self.core, ctx, |f, core, ctx, fx| f.event(&event, core, ctx, fx));
                    self.core.properties = Some(props);
                    self.apply(fx);
                }
                Err(e) => {
                    self.dispatch(ctx, QueueEvent::PeekFailed(&e));
                    self.own.message = Some(Err(e));
                }
            }
        }
        let fx = self.features.poll(&self.core, ctx);
        self.apply(fx);
        // One peek at a time, once what the features sent has landed: 32 deletes ask for one peek when the last
        // one is done, not 32 peeks of a queue still changing.
        if self.own.peek_wanted && self.own.peeking.is_empty() && !self.features.busy() {
            self.peek(ctx);
        }
    }
}
