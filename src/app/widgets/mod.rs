//! Pieces of UI every pane may use: confirmations, the metadata editor, number and date formats, chart
//! drawing helpers.

pub mod charts;
pub mod confirm;
pub mod format;
pub mod metadata_edit;
