//! The window's frame: the shell that lays out menus, tree, tabs and the bottom panel; the tabs that hold the
//! panes; the activity list; the interrupted transfers offered at start; the HTTP inspector; the welcome shown with no tab open.

pub mod account_actions;
pub mod activity;
pub mod app;
pub mod closing;
pub mod confirm_words;
pub mod demo_start;
pub mod held;
pub mod inspector;
pub mod interrupted;
pub mod menu_bar;
pub mod parts;
pub mod quit_state;
pub mod quitting;
pub mod recent;
pub mod replay;
pub mod replay_python;
pub mod resource_delete;
pub mod shell;
pub mod shortcuts_help;
pub mod surface;
pub mod tabs;
pub mod welcome;
