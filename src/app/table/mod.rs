//! The table pane: its state, its grid, the query panel, the entity store and editor, import and export.

pub mod closing;
pub mod compare;
pub mod deletes;
pub mod diff;
pub mod diff_copy;
pub mod diff_view;
pub mod editor;
pub mod editor_conflict;
pub mod entity_form;
pub mod files;
pub mod grid;
pub mod history;
pub mod index_view;
pub mod io;
pub mod load_all;
pub mod pane;
pub mod partial;
pub mod partitions;
pub mod property;
pub mod query;
pub mod saved_rows;
pub mod scan;
pub mod store;
pub mod watch;
pub mod watch_view;
