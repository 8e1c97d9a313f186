//! The table pane: its core (the query, the loaded rows, the view, the selection), its grid, and its features
//! (the entity editor, the partition map, deleting rows, the raw JSON view, the SAS form, compare, export and
//! import, the watch), the entity store and editor, import and export.

pub mod core;
pub mod details;
pub mod feature;
pub mod features;
pub mod grid;
pub mod load_all;
pub mod pane;
pub mod query;
pub mod row_match;
pub mod saved_rows;
pub mod scan;
pub mod store;
pub mod tab;
pub mod watch_swap;
