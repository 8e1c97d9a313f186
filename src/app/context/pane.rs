//! What the frame asks of a tab's pane, whatever it shows: one trait every pane (a container's, a queue's, a
//! table's) implements, so the frame keeps `Box<dyn Pane>` and never matches on a pane's kind to reach into it.

use std::time::Duration;

use crate::app::context::PaneContext;
use crate::app::context::features::AsAny;

/// What the frame hands a pane to draw with, besides its context.
pub struct PaneUi<'a> {
    /// Ctrl+F: focus the pane's filter or search box.
    pub focus: bool,
    /// Ctrl+R: read again what the pane shows.
    pub refresh: bool,
    /// The names of the account's other resources of the pane's service the tree has loaded (a queue's move
    /// targets); worked out only when asked.
    pub siblings: &'a dyn Fn() -> Vec<String>,
}

/// What the tabs hold in memory for what they listed (the status line's "3.1 GB for 10,000,000 blobs").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InMemory {
    pub bytes: u64,
    pub blobs: u64,
    pub entities: u64,
}

/// A tab's pane, as the frame sees it. Every pane is a `context::shell::Shell`, which implements this once for
/// every kind; what differs by kind (and the defaults of hooks a kind has no use for) is `shell::ShellKind`.
pub trait Pane: AsAny {
    /// Each frame, shown or not: takes what arrived.
    fn poll(&mut self, ctx: &mut PaneContext);

    /// Draws the pane (the tab shown).
    fn ui(&mut self, ui: &mut egui::Ui, ctx: &mut PaneContext, asked: PaneUi);

    /// Whether the tab is the one on screen (a pane out of sight reads nothing on its own).
    fn set_shown(&mut self, shown: bool);

    /// The unsaved edits it holds, in words: closing the tab or the window asks about them.
    fn unsaved(&self) -> Vec<String>;

    /// Whether something it started has not ended, or counts down on screen: the window keeps drawing frames.
    fn busy(&self) -> bool;

    /// Whether it has work out that must land somewhere, or receipts still good: a closed tab runs on unseen.
    fn has_sent_work(&self) -> bool;

    /// Quitting with Save all: sends the save of every draft it holds, as their Save buttons would.
    fn save_all(&mut self, ctx: &mut PaneContext);

    /// How soon, on screen, it needs a frame without input (an indicator's refresh, a watch's read).
    fn next_tick(&self) -> Option<Duration>;

    /// A job changed what it shows: it reads it again as soon as it can.
    fn changed_elsewhere(&mut self);

    /// Blobs dropped on its resource in the tree: it pastes the clipboard into this folder.
    fn paste_into(&mut self, ctx: &mut PaneContext, prefix: &str);

    /// What it holds in memory for what it listed.
    fn in_memory(&self) -> InMemory;

    /// How many messages it holds with a receipt that still works.
    fn held_count(&self) -> usize;

    /// What it still waits for, closed, in words (the activity list's line under Closed tabs).
    fn waits_for(&self) -> String;

    /// Its work under way that quitting cuts short, besides the jobs of the activity list (a queue's scan).
    fn jobs(&self) -> Vec<String>;

    /// Quitting: its work under way is cancelled (each part ends once its clean-up is done).
    fn cancel_work(&mut self);

    /// Quitting, on the user's word: the messages it holds are made visible again.
    fn return_held(&mut self, ctx: &mut PaneContext);

    /// The tab closed and runs on unseen until its work lands: it stops what it did only for the eye.
    fn close(&mut self);

    /// The address under which egui holds an image it shows (forgotten when the tab goes for good).
    fn shown_image(&self) -> Option<&str>;
}
