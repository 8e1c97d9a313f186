//! The questions the window asks before something destructive: what each is about (`Confirm`), and its words
//! (the title, what it destroys, the yes button naming the action).

use crate::app::accounts::tree::TabTarget;

/// Something destructive waiting for the user's yes.
#[derive(Clone, Debug)]
pub enum Confirm {
    DeleteResource(TabTarget),
    /// Delete these (all of one list), each described as the question names it.
    DeleteResources(Vec<TabTarget>, Vec<String>),
    RemoveAccount(String),
    /// Tools > Seed a million rows, into this account.
    SeedMillion(String),
    /// Close this tab although it holds these unsaved edits.
    CloseTab(TabTarget, Vec<String>),
}

/// (title, body, yes) for `confirm`; `label` names an account by its id.
pub fn words(confirm: &Confirm, label: impl Fn(&str) -> String) -> (String, String, String) {
    match confirm {
        Confirm::DeleteResource(t) => (
            format!("Delete {} `{}`?", t.service, t.name),
            format!(
                "The {} `{}` and everything in it will be deleted. This cannot be undone.",
                t.service, t.name
            ),
            format!("Delete {}", t.name),
        ),
        Confirm::DeleteResources(targets, described) => {
            let kinds = targets
                .first()
                .map(|t| crate::app::accounts::resource_list::plural(t.service))
                .unwrap_or("resources");
            let n = targets.len();
            (
                format!("Delete {n} {kinds}?"),
                format!(
                    "These {n} {kinds} and everything in them will be deleted. This cannot be undone.\n{}",
                    described
                        .iter()
                        .map(|d| format!("• {d}"))
                        .collect::<Vec<_>>()
                        .join("\n")
                ),
                format!("Delete {n} {kinds}"),
            )
        }
        Confirm::SeedMillion(id) => {
            let label = label(id);
            let table = crate::demo::MILLION.table;
            (
                format!("Seed a million rows into `{label}`?"),
                format!(
                    "Writes 1,000,000 entities (1,000 partitions of 1,000, about 300 MB of JSON) into table \
                     `{table}` of `{label}`, creating it if needed and replacing rows of the same keys. On the \
                     local emulator this takes many minutes; on Azure it costs 10,000 batch transactions. It \
                     runs as a job: Cancel stops it, Retry carries on."
                ),
                "Seed a million rows".to_string(),
            )
        }
        Confirm::CloseTab(t, unsaved) => (
            format!("Close `{}` with unsaved edits?", t.name),
            format!(
                "This tab holds {} that you have not saved. Closing drops them. (Work already sent still finishes \
                 and is recorded.)",
                unsaved.join(", ")
            ),
            "Close and drop the edits".to_string(),
        ),
        Confirm::RemoveAccount(id) => {
            let label = label(id);
            (
                format!("Remove account `{label}`?"),
                "The account leaves the list and its key or SAS is deleted from the keychain. Nothing in the storage account changes.".to_string(),
                format!("Remove {label}"),
            )
        }
    }
}
