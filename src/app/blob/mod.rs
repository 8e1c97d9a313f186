//! The blob pane: a container's listing, the selected blob's details, leases, transfers, the container's own
//! settings.

pub mod actions;
pub mod container_edit;
pub mod details;
pub mod details_form;
pub mod downloads;
pub mod listing;
pub mod pane;
pub mod preview;
pub mod transfers;
pub mod view;
