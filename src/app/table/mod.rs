//! The table pane: its core (the query, the loaded rows, the view, the selection), its grid, and its features
//! (the entity editor, the partition map, deleting rows, the raw JSON view, the SAS form, compare, export and
//! import, the watch), the entity store and editor, import and export.

pub mod bulk;
pub mod bulk_job;
pub mod compare;
pub mod comparing;
pub mod core;
pub mod delete_rows;
pub mod deletes;
pub mod details;
pub mod diff;
pub mod diff_copy;
pub mod diff_view;
pub mod editing;
pub mod editor;
pub mod editor_conflict;
pub mod entity_form;
pub mod feature;
pub mod files;
pub mod grid;
pub mod history;
pub mod import_form;
pub mod import_job;
pub mod import_plan;
pub mod import_read;
pub mod index_view;
pub mod io;
pub mod load_all;
pub mod pane;
pub mod partial;
pub mod partitions;
pub mod property;
pub mod query;
pub mod raw_json;
pub mod row_match;
pub mod sas;
pub mod saved_query_menu;
pub mod saved_rows;
pub mod scan;
pub mod store;
pub mod tab;
pub mod watch;
pub mod watch_swap;
pub mod watch_view;
