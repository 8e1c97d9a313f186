//! The app's state in named parts, each what a frame module takes whole: the accounts, the windows over the
//! tabs, the conflict lab, what the tabs share, the panels around them, the run's surroundings, one-off work.

use std::sync::Arc;

use crate::app::accounts::connections::Connections;
use crate::app::accounts::editor::AccountEditor;
use crate::app::accounts::profiles::AppPaths;
use crate::app::accounts::secrets::{Secrets, Stored};
use crate::app::accounts::tree::Explorer;
use crate::app::accounts::tree::TabTarget;
use crate::app::context::InFlight;
use crate::app::context::Notice;
use crate::app::frame::confirm_words::Confirm;
use crate::app::frame::inspector::Inspector;
use crate::app::runtime::log::AppLog;
use crate::storage::{Service, StorageError};

/// The accounts: their connections and the tree of their resources, their secrets and the list's saving, the
/// proxy, the account editor, and the keychain's answers.
pub struct Accounts {
    /// Writes the account list off the UI thread.
    pub(crate) profile_saver: crate::app::accounts::saver::ProfileSaver,
    pub(crate) secrets: Arc<Secrets>,
    pub(crate) connections: Connections,
    pub(crate) explorer: Explorer,
    pub(crate) editor: Option<AccountEditor>,
    pub(crate) proxy: crate::app::accounts::proxy_settings::ProxySetup,
    pub(crate) saving_secret: InFlight<(), (String, Stored)>,
    pub(crate) keychain_check: InFlight<(), Option<String>>,
}

/// The windows and questions over the tabs: the question asked, the account's and the settings' windows, the
/// queue backlogs, About, the keyboard shortcuts and the lens.
#[derive(Default)]
pub struct Windows {
    pub(crate) confirm: Option<Confirm>,
    pub(crate) backlogs: Option<crate::app::queue::backlogs::QueueBacklogs>,
    pub(crate) account_sas: Option<crate::app::accounts::account_sas::AccountSasWindow>,
    pub(crate) service_settings: Option<crate::app::accounts::service_settings::ServiceSettingsWindow>,
    /// Service settings windows closed while a save was out: kept, unseen, until it answers, then said.
    pub(crate) service_settings_landing: Vec<crate::app::accounts::service_settings::ServiceSettingsWindow>,
    /// Accounts > Export settings… or Import settings…
    pub(crate) settings_window: Option<crate::app::accounts::settings_transfer::SettingsWindow>,
    pub(crate) about_open: bool,
    /// Help > Keyboard shortcuts is open.
    pub(crate) shortcuts_open: bool,
    /// The lens on one account's endpoint for the user's own app (Let an app connect through Tessera…).
    pub(crate) lens: crate::app::lens::LensUi,
}

/// The conflict lab: its window, its opening, and where it is to be aimed.
#[derive(Default)]
pub struct Lab {
    pub(crate) window: Option<Box<crate::app::lab::ConflictLab>>,
    /// The lab being opened off the UI thread (its clients read certificates and set up TLS), keyed by the
    /// account's identity, and the resource it is to be aimed at once open.
    pub(crate) opening: InFlight<String, Result<Box<crate::app::lab::ConflictLab>, StorageError>>,
    pub(crate) aim: Option<crate::app::context::open_lab::FreeTarget>,
    /// A pane asked to open the lab on one of its resources (profile id, target).
    pub(crate) request: Option<(String, crate::app::context::open_lab::FreeTarget)>,
}

/// What the tabs share: the leases held, blobs copied or cut, the picks, and what they hold in memory.
#[derive(Default)]
pub struct SharedState {
    /// What the open tabs hold in memory, for the status line.
    pub(crate) held: crate::app::frame::held::Held,
    pub(crate) leases: crate::app::context::leases::LeaseBook,
    /// Blobs copied or cut, waiting for a paste in any blob tab.
    pub(crate) blob_clipboard: Option<crate::app::context::clipboard::BlobClipboard>,
    pub(crate) picks: crate::app::context::clipboard::Picks,
}

/// Which panel F6 has put the keyboard in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelFocus {
    Tree,
    Tabs,
    Bottom,
}

/// The panels around the tabs: the notices, the inspector, which panel has the keyboard, the failures the
/// activity panel was opened for, and the look last applied.
pub struct Panels {
    pub(crate) notices: Vec<Notice>,
    pub(crate) inspector: Inspector,
    pub(crate) focus: PanelFocus,
    /// How many failed jobs the bottom panel was opened for: a new failure opens it again.
    pub(crate) jobs_seen: u64,
    /// The look last applied: (dark, high contrast).
    pub(crate) theme_applied: Option<(bool, bool)>,
}

/// The run's surroundings: its files and log, the file dialogs, the transfers' journal, the window's close,
/// and what lives as long as the app.
pub struct AppSession {
    pub(crate) paths: AppPaths,
    pub(crate) log: Arc<AppLog>,
    pub(crate) dialogs: Arc<dyn crate::app::runtime::dialogs::FileDialogs>,
    /// Transfers a crash or a restart interrupted, offered to resume, and the journal new ones are written to.
    pub(crate) interrupted: crate::app::frame::interrupted::Interrupted,
    /// The window's own close: held back and asked about while anything is unsaved or at work.
    pub(crate) quitting: crate::app::frame::quit_state::Quitting,
    /// Things that live as long as the app (the emulator the run command started).
    pub(crate) keep_alive: Vec<Box<dyn std::any::Any>>,
}

/// What a finished one-off operation tells the app.
pub struct OpResult {
    pub message: Result<String, StorageError>,
    pub refresh: Option<(String, Service)>,
    /// Resources the operation deleted: their tabs close now, and only theirs.
    pub gone: Vec<TabTarget>,
}

/// One-off work of the window (not of a tab): the tree's creates and deletes, and the demo's start.
#[derive(Default)]
pub struct OneOffs {
    /// The tree's creates and deletes out, keyed by the resources each acts on.
    pub(crate) pending_ops: InFlight<Vec<TabTarget>, OpResult>,
    /// The demo was started this run (the welcome stops offering it).
    pub(crate) demo_started: bool,
    /// The demo emulator starting on the blocking pool.
    pub(crate) demo_starting: InFlight<(), Result<crate::emulator::Emulator, String>>,
}
