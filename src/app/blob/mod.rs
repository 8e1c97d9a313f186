//! The blob pane: a container's listing, the selected blob's details, leases, transfers, the container's own
//! settings.

pub mod actions;
pub mod append_page;
pub mod compare;
pub mod compare_copy;
pub mod compare_view;
pub mod container_edit;
pub mod copy_paste;
pub mod core;
pub mod deleted;
pub mod details;
pub mod details_form;
pub mod details_read;
pub mod downloads;
pub mod find_tags;
pub mod folder_download;
pub mod folder_stats;
pub mod listing;
pub mod move_check;
pub mod name_search;
pub mod pane;
pub mod preview;
pub mod resumable;
pub mod snapshot_rows;
pub mod tags_edit;
pub mod tiers;
pub mod transfers;
pub mod versions;
pub mod view;
pub mod walk;
pub mod walk_view;
pub mod watch;
pub mod watch_view;
