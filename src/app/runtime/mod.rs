//! The bridge to the async side: the backend that runs work on tokio and hands results back (one reply through
//! `InFlight`, a stream of them through a `Feed`), long jobs with progress and cancel, file dialogs behind a
//! trait, the request log, the system's fonts, and the journal of unfinished transfers.

pub mod backend;
pub mod dialogs;
pub mod feed;
pub mod fonts;
pub mod in_flight;
pub mod jobs;
pub mod log;
pub mod transfer_journal;
