//! The queue pane: a core (the last peek) and its features (dequeue and the held messages, put, metadata, clear,
//! copy to another queue, the scan of the whole queue, access, watch), and the backlogs window.

pub mod access;
pub mod backlogs;
pub mod charts;
pub mod clear;
pub mod copy_to;
pub mod core;
pub mod dequeue;
pub mod feature;
pub mod message_actions;
pub mod metadata;
pub mod pane;
pub mod peek_list;
pub mod put;
pub mod scan;
pub mod scan_record;
pub mod seen_ids;
pub mod tab;
pub mod text;
pub mod view;
pub mod watch;
