//! The desktop app (egui): the frame that holds the state and draws the window, the bridge to the async
//! runtime, the accounts and their tree, shared widgets, and one folder per pane. It never awaits and never
//! blocks: work goes to the backend, results come back through `Pending`s and request events.
//!
//! The import rule, which keeps the folders free of cycles (`tests/architecture.rs` checks it):
//! - a pane (`table/`, `blob/`, `queue/`, `lab/`) imports only `context` (the pane context, the runtime's pieces a
//!   pane uses, and `context::open_lab`, the small interface for "open in conflict lab"), `widgets`, its own
//!   folder, and the storage client;
//! - nothing imports `frame` (the shell, the tabs, the app's state) or another pane; `frame` imports them all;
//! - `context`, `runtime`, `widgets` and `accounts` import no pane;
//! - `crate::storage` imports nothing from `app`.
//!
//! `ARCHITECTURE.md` at the root says the rest.

pub mod accounts;
pub mod blob;
pub mod context;
pub mod frame;
pub mod lab;
pub mod lens;
pub mod queue;
pub mod runtime;
pub mod table;
pub mod widgets;

pub use context::Notice;
pub use frame::app::{BottomView, Confirm, OpResult, PanelFocus, TesseraApp, UiSettings};
