//! The features of a queue tab, each in its own files (one concern a file), found here by its name.

pub mod access;
pub mod clear;
pub mod copy_to;
pub mod dequeue;
pub mod message_actions;
pub mod metadata;
pub mod put;
pub mod scan;
pub mod scan_record;
pub mod seen_ids;
pub mod watch;
