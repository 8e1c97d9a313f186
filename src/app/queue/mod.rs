//! The queue pane: a core (the last peek) and its features (dequeue and the held messages, put, metadata, clear,
//! copy to another queue, the scan of the whole queue, access, watch), and the backlogs window.

pub mod backlogs;
pub mod charts;
pub mod core;
pub mod feature;
pub mod features;
pub mod pane;
pub mod peek_list;
pub mod tab;
pub mod text;
pub mod view;
