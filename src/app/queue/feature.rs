//! How a feature of a queue tab meets its pane, as in a container tab (`blob::feature`): a feature (dequeue and
//! the held messages, put, metadata, clear, access, watch) owns its state, drafts, work in flight and drawing;
//! it sees the core read-only (`QueueCore`), hears what happened (`QueueEvent`), and asks for what only the pane
//! may do (`QueueEffects`). The pane's "unsaved", "busy" and "holds" are the union of its features'.

use crate::app::context::PaneContext;
use crate::app::context::feature::Feature;
use crate::app::queue::core::QueueCore;
use crate::storage::StorageError;
use crate::storage::queue::{PeekedMessage, QueueProperties};

/// What happened to the core.
pub enum QueueEvent<'a> {
    /// The tab is drawn for the first time: what is read once (the policies) is read now.
    Opened,
    /// A peek was sent.
    PeekSent,
    /// A peek answered: its messages (`asked`: how many it asked for) and the properties read with it.
    Peeked {
        peeked: &'a [PeekedMessage],
        asked: u32,
        props: &'a QueueProperties,
    },
    /// A peek failed.
    PeekFailed(&'a StorageError),
}

/// One thing a feature asks of the pane (`QueueEffects` holds them in the order asked).
pub enum QueueCommand {
    /// Says the outcome of an action on the queue, in words.
    Say(Result<String, StorageError>),
    /// Peeks again, once what is in flight has landed.
    Peek,
}

impl crate::app::context::commands::Command for QueueCommand {
    /// Several asks to peek again in one batch are one peek.
    fn reads_again(&self) -> Option<u8> {
        matches!(self, QueueCommand::Peek).then_some(1)
    }
}

/// What a feature asks of the pane, in the order asked; the pane carries it out after the feature's call returns.
#[derive(Default)]
pub struct QueueEffects {
    pub(crate) commands: crate::app::context::commands::Commands<QueueCommand>,
}

impl QueueEffects {
    /// Says the outcome of an action on the queue, in words.
    pub fn say(&mut self, outcome: Result<String, StorageError>) {
        self.commands.push(QueueCommand::Say(outcome));
    }

    /// The queue changed (or the watch is due): peek again, once what is in flight has landed.
    pub fn peek(&mut self) {
        self.commands.push(QueueCommand::Peek);
    }
}

/// A queue tab, as its features see it.
pub struct Queue;

impl crate::app::context::feature::PaneKind for Queue {
    type Core = QueueCore;
    type Effects = QueueEffects;
    type Feature = dyn QueueFeature;
}

/// A feature of a queue tab. Every hook has a default that does nothing.
#[allow(unused_variables)]
pub trait QueueFeature: Feature<Pane = Queue> {
    fn event(&mut self, event: &QueueEvent, core: &QueueCore, ctx: &mut PaneContext, fx: &mut QueueEffects) {}

    /// Quitting, on the user's word: makes every message it holds visible again (its receipt goes).
    fn return_held(&mut self, core: &QueueCore, ctx: &mut PaneContext, fx: &mut QueueEffects) {}

    /// How many messages it holds with a receipt that still works.
    fn held_count(&self) -> usize {
        0
    }

    /// Whether it holds what a closed tab must keep running for (messages with live pop receipts).
    fn holds(&self) -> bool {
        false
    }

    /// Whether a countdown it shows is running (the window keeps drawing frames).
    fn counting(&self) -> bool {
        false
    }

    /// The tab went out of sight (it was closed while its work runs on).
    fn hide(&mut self) {}

    /// Its work under way that quitting cuts short, each by its title: the quit question lists them.
    fn jobs(&self, core: &QueueCore) -> Vec<String> {
        Vec::new()
    }

    /// Quitting: cancels its work under way, which ends once its clean-up is done (the window waits for it).
    fn cancel_work(&mut self) {}

    /// Its part of the row above the messages.
    fn header_ui(&mut self, ui: &mut egui::Ui, core: &QueueCore, ctx: &mut PaneContext, fx: &mut QueueEffects) {}

    /// The tab of the side panel its `side_ui` draws in (None: it draws none).
    fn side_tab(&self) -> Option<crate::app::context::features::DetailsTab> {
        None
    }

    /// Its section of the side panel, in its tab.
    fn side_ui(&mut self, ui: &mut egui::Ui, core: &QueueCore, ctx: &mut PaneContext, fx: &mut QueueEffects) {}

    /// Its part above the peeked messages (charts, the changes seen).
    fn above_list_ui(&mut self, ui: &mut egui::Ui, core: &QueueCore, ctx: &mut PaneContext, fx: &mut QueueEffects) {}
}

/// The features of a queue tab, in the order they draw.
pub type Features = crate::app::context::features::Features<dyn QueueFeature>;

impl<T: QueueFeature> crate::app::context::feature::IntoFeature<dyn QueueFeature> for T {
    fn boxed(self) -> Box<dyn QueueFeature> {
        Box::new(self)
    }
}

impl Features {
    pub fn jobs(&self, core: &QueueCore) -> Vec<String> {
        self.iter().flat_map(|f| f.jobs(core)).collect()
    }

    pub fn holds(&self) -> bool {
        self.iter().any(|f| f.holds())
    }

    pub fn counting(&self) -> bool {
        self.iter().any(|f| f.counting())
    }
}
