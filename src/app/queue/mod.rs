//! The queue pane: peek, dequeue and the held messages with their receipts, and the backlogs window.

pub mod backlogs;
pub mod charts;
pub mod closing;
pub mod message_actions;
pub mod pane;
pub mod view;
pub mod watch;
