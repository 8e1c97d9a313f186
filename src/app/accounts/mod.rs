//! Accounts: the saved profiles, their secrets in the keychain, the connected clients, the add/edit form and
//! the tree of each account's tables, containers and queues.

pub mod account_file;
pub mod account_sas;
pub mod browse;
pub mod browse_session;
pub mod connections;
pub mod discovered;
pub mod editor;
pub mod editor_form;
pub mod entra_form;
pub mod profiles;
pub mod proxy_settings;
pub mod resource_list;
pub mod resource_properties;
pub mod saver;
pub mod secrets;
pub mod service_settings;
pub mod settings_export;
pub mod settings_file;
pub mod settings_seal;
pub mod settings_transfer;
pub mod tree;
pub mod tree_create;
pub mod tree_find;
pub mod tree_keys;
pub mod tree_pick;
