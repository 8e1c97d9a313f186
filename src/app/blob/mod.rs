//! The blob pane: a container's listing, the selected blob's details, leases, transfers, the container's own
//! settings.

pub mod actions;
pub mod core;
pub mod details;
pub mod details_read;
pub mod drag_drop;
pub mod feature;
pub mod features;
pub mod listed;
pub mod listing;
pub mod memory_guard;
pub mod pane;
pub mod path_bar;
pub mod rows;
pub mod snapshot_rows;
pub mod sort;
pub mod tab;
pub mod view;
pub mod walk;
