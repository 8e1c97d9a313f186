//! Pieces of UI every pane may use: confirmations, the metadata editor, number and date formats, the words in
//! the user's language, chart drawing helpers, where windows open.

pub mod bulk_change;
pub mod column_titles;
pub mod confirm;
pub mod contrast;
pub mod format;
/// The words in the user's language live beside the storage client (they know nothing of egui): the panes reach
/// them here, with the other pieces of UI.
pub use crate::i18n;
pub mod icon;
pub mod lease_timeline;
pub mod list_keys;
pub mod live;
pub mod metadata_edit;
pub mod placement;
pub mod plot;
pub mod policies;
pub mod row_access;
pub mod sas_terms;
pub mod tool_strip;
pub mod watch;
