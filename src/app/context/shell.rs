//! The pane shell: one generic type for every pane (a container's, a queue's, a table's), holding its core (what
//! its features read), its features, its chrome and the few things that are the pane's own; what the three share
//! (the pane trait the frame talks through, their features' union, a feature run from its controls) is written
//! here once, and a kind of pane says only what differs (`ShellKind`, in its `tab.rs`).

use std::time::Duration;

use crate::app::context::PaneContext;
use crate::app::context::feature::{Effects, Feature, IntoFeature, PaneKind};
use crate::app::context::features::{Chrome, Features};
use crate::app::context::pane::{InMemory, Pane, PaneUi};

/// A pane of kind `K` (`blob::pane::BlobPane` is `Shell<Blob, BlobOwn>`): its core, its features, its chrome,
/// and `Own`, what is neither its core's nor a feature's (a container tab's one-off writes and message, a queue
/// tab's peek; a table tab has none).
pub struct Shell<K: PaneKind, Own> {
    /// What every feature of the pane sees, read-only to them.
    pub(crate) core: K::Core,
    /// Everything else the pane does, each feature with its own state (`context::feature::Feature`).
    pub(crate) features: Features<K::Feature>,
    /// The tool whose strip is open, the details tab shown, the heights last drawn.
    pub(crate) chrome: Chrome,
    /// What is the pane's own.
    pub(crate) own: Own,
}

/// What differs between the kinds of pane, as the shell asks it (each pane's `tab.rs`): how it reads and draws
/// what it shows, how it carries out what its features asked, what it waits for besides its features. Hooks a
/// kind has no use for have defaults that do nothing.
#[allow(unused_variables)]
pub trait ShellKind<Own>: PaneKind + Sized {
    /// Each frame, shown or not: takes what arrived (its features' replies among it).
    fn poll(pane: &mut Shell<Self, Own>, ctx: &mut PaneContext);

    /// Draws the pane (the tab shown).
    fn ui(pane: &mut Shell<Self, Own>, ui: &mut egui::Ui, ctx: &mut PaneContext, asked: PaneUi);

    /// Does what its features asked, in the order they asked (`context::commands`).
    fn apply(pane: &mut Shell<Self, Own>, ctx: &mut PaneContext, fx: Effects<Self>);

    /// Whether the tab is on screen, as its core holds it (features read it there).
    fn shown(core: &mut Self::Core) -> &mut bool;

    /// Whether something it started has not ended besides its features' work, or counts down on screen.
    fn busy(pane: &Shell<Self, Own>) -> bool;

    /// Whether it has work out besides its features' writes, or receipts still good.
    fn sent_work(pane: &Shell<Self, Own>) -> bool;

    /// How soon, on screen, it needs a frame without input (an indicator's refresh, a watch's read).
    fn next_tick(pane: &Shell<Self, Own>) -> Option<Duration> {
        None
    }

    /// A job changed what it shows: it reads it again as soon as it can.
    fn changed_elsewhere(pane: &mut Shell<Self, Own>) {}

    /// Blobs dropped on its resource in the tree: it pastes the clipboard into this folder.
    fn paste_into(pane: &mut Shell<Self, Own>, ctx: &mut PaneContext, prefix: &str) {}

    /// What it holds in memory for what it listed.
    fn in_memory(pane: &Shell<Self, Own>) -> InMemory {
        InMemory::default()
    }

    /// How many messages it holds with a receipt that still works.
    fn held_count(pane: &Shell<Self, Own>) -> usize {
        0
    }

    /// What it still waits for, closed, in words (the activity list's line under Closed tabs).
    fn waits_for(pane: &Shell<Self, Own>) -> String {
        crate::i18n::t("closed-request")
    }

    /// Its work under way that quitting cuts short, besides the jobs of the activity list (a queue's scan).
    fn jobs(pane: &Shell<Self, Own>) -> Vec<String> {
        Vec::new()
    }

    /// Quitting: its work under way is cancelled (each part ends once its clean-up is done).
    fn cancel_work(pane: &mut Shell<Self, Own>) {}

    /// Quitting, on the user's word: the messages it holds are made visible again.
    fn return_held(pane: &mut Shell<Self, Own>, ctx: &mut PaneContext) {}

    /// The tab closed and runs on unseen until its work lands: it stops what it did only for the eye.
    fn close(pane: &mut Shell<Self, Own>) {}

    /// The address under which egui holds an image it shows (forgotten when the tab goes for good).
    fn shown_image(pane: &Shell<Self, Own>) -> Option<&str> {
        None
    }
}

impl<K: PaneKind, Own> Shell<K, Own> {
    /// The feature of type `T` (what tests and the binary read of it).
    pub fn feature<T: Feature<Pane = K>>(&self) -> Option<&T> {
        self.features.get::<T>()
    }

    /// The feature of type `T`, to set what its controls set (a test types into it through this).
    pub fn feature_mut<T: Feature<Pane = K>>(&mut self) -> Option<&mut T> {
        self.features.get_mut::<T>()
    }

    /// The unsaved edits in this pane, in words (closing asks before dropping them): the union of its features'.
    pub fn unsaved(&self) -> Vec<String> {
        self.features.unsaved()
    }

    /// Adds a feature the pane was not built with (after the others): it draws, polls and counts in the tab's
    /// "unsaved" and "busy" like them, with no change to the pane.
    pub fn add_feature(&mut self, feature: impl IntoFeature<K::Feature>) {
        self.features.push(feature);
    }
}

impl<K: ShellKind<Own>, Own> Shell<K, Own> {
    /// Runs `f` on the feature of type `T`, as its own controls would, then does what it asked of the pane.
    pub fn with_feature<T: Feature<Pane = K>, R>(
        &mut self,
        ctx: &mut PaneContext,
        f: impl FnOnce(&mut T, &K::Core, &mut PaneContext, &mut Effects<K>) -> R,
    ) -> Option<R> {
        let mut fx = Effects::<K>::default();
        let r = f(self.features.get_mut::<T>()?, &self.core, ctx, &mut fx);
        K::apply(self, ctx, fx);
        Some(r)
    }

    /// Runs a hook of every feature (a drawing hook, say), then does what they asked.
    pub(crate) fn each<U>(
        &mut self,
        on: &mut U,
        ctx: &mut PaneContext,
        hook: impl Fn(&mut K::Feature, &mut U, &K::Core, &mut PaneContext, &mut Effects<K>),
    ) {
        let fx = self
            .features
            .each(&self.core, ctx, |f, core, ctx, fx| hook(f, on, core, ctx, fx));
        K::apply(self, ctx, fx);
    }

    /// Quitting with Save all: every feature sends the save of its drafts, as their Save buttons would.
    pub fn save_all(&mut self, ctx: &mut PaneContext) {
        let fx = self.features.save_all(&self.core, ctx);
        K::apply(self, ctx, fx);
    }

    /// Whether work this tab sent has not answered yet, its features' writes or its own (the tab keeps running,
    /// unseen, until it has; every write is also counted by the tab, `PaneContext::send`).
    pub fn has_sent_work(&self) -> bool {
        self.features.sending() || K::sent_work(self)
    }
}

/// What the frame asks of every tab's pane, answered once for every kind: the features' union here, what differs
/// by kind from `ShellKind`.
impl<K: ShellKind<Own>, Own: 'static> Pane for Shell<K, Own> {
    fn poll(&mut self, ctx: &mut PaneContext) {
        K::poll(self, ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut PaneContext, asked: PaneUi) {
        K::ui(self, ui, ctx, asked);
    }

    fn set_shown(&mut self, shown: bool) {
        *K::shown(&mut self.core) = shown;
    }

    fn unsaved(&self) -> Vec<String> {
        Shell::unsaved(self)
    }

    fn busy(&self) -> bool {
        self.features.busy() || K::busy(self)
    }

    fn has_sent_work(&self) -> bool {
        Shell::has_sent_work(self)
    }

    fn save_all(&mut self, ctx: &mut PaneContext) {
        Shell::save_all(self, ctx);
    }

    fn next_tick(&self) -> Option<Duration> {
        K::next_tick(self)
    }

    fn changed_elsewhere(&mut self) {
        K::changed_elsewhere(self);
    }

    fn paste_into(&mut self, ctx: &mut PaneContext, prefix: &str) {
        K::paste_into(self, ctx, prefix);
    }

    fn in_memory(&self) -> InMemory {
        K::in_memory(self)
    }

    fn held_count(&self) -> usize {
        K::held_count(self)
    }

    fn waits_for(&self) -> String {
        K::waits_for(self)
    }

    fn jobs(&self) -> Vec<String> {
        K::jobs(self)
    }

    fn cancel_work(&mut self) {
        K::cancel_work(self);
    }

    fn return_held(&mut self, ctx: &mut PaneContext) {
        K::return_held(self, ctx);
    }

    fn close(&mut self) {
        K::close(self);
    }

    fn shown_image(&self) -> Option<&str> {
        K::shown_image(self)
    }
}
