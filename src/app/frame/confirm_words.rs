//! The questions the window asks before something destructive: what each is about (`Confirm`), and its words
//! (the title, what it destroys, the yes button naming the action).

use crate::app::accounts::tree::TabTarget;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::Service;

/// Something destructive waiting for the user's yes.
#[derive(Clone, Debug)]
pub enum Confirm {
    /// Delete this; its open tab holds these unsaved edits (a line, or none).
    DeleteResource(TabTarget, Vec<String>),
    /// Delete these (all of one list), each described as the question names it; their open tabs hold these
    /// unsaved edits (a line for each tab that holds any).
    DeleteResources(Vec<TabTarget>, Vec<String>, Vec<String>),
    RemoveAccount(String),
    /// Tools > Seed a million rows, into this account.
    SeedMillion(String),
    /// Close this tab although it holds these unsaved edits.
    CloseTab(TabTarget, Vec<String>),
}

/// (title, body, yes) for `confirm`; `label` names an account by its id.
pub fn words(confirm: &Confirm, label: impl Fn(&str) -> String) -> (String, String, String) {
    match confirm {
        Confirm::DeleteResource(target, unsaved) => {
            let (title, body) = match target.service {
                Service::Blob => ("confirm-delete-container-title", "confirm-delete-container-body"),
                Service::Queue => ("confirm-delete-queue-title", "confirm-delete-queue-body"),
                Service::Table => ("confirm-delete-table-title", "confirm-delete-table-body"),
            };
            let name = target.name.as_str();
            (
                tr!(title, name = name),
                with_unsaved(tr!(body, name = name), unsaved),
                tr!("confirm-delete-yes", name = name),
            )
        }
        Confirm::DeleteResources(targets, described, unsaved) => {
            let (title, body, yes) = match targets.first().map_or(Service::Blob, |t| t.service) {
                Service::Blob => (
                    "confirm-delete-containers-title",
                    "confirm-delete-containers-body",
                    "confirm-delete-containers-yes",
                ),
                Service::Queue => (
                    "confirm-delete-queues-title",
                    "confirm-delete-queues-body",
                    "confirm-delete-queues-yes",
                ),
                Service::Table => (
                    "confirm-delete-tables-title",
                    "confirm-delete-tables-body",
                    "confirm-delete-tables-yes",
                ),
            };
            let n = targets.len();
            let each: Vec<String> = described.iter().map(|d| format!("• {d}")).collect();
            (
                tr!(title, count = n),
                with_unsaved(format!("{}\n{}", tr!(body, count = n), each.join("\n")), unsaved),
                tr!(yes, count = n),
            )
        }
        Confirm::SeedMillion(id) => {
            let label = label(id);
            let table = crate::demo::MILLION.table;
            (
                tr!("confirm-seed-title", account = label.as_str()),
                tr!("confirm-seed-body", account = label.as_str(), table = table),
                t("confirm-seed-yes"),
            )
        }
        Confirm::CloseTab(target, unsaved) => (
            tr!("confirm-close-title", name = target.name.as_str()),
            tr!("confirm-close-body", edits = unsaved.join(", ")),
            t("confirm-close-yes"),
        ),
        Confirm::RemoveAccount(id) => {
            let label = label(id);
            (
                tr!("confirm-remove-title", account = label.as_str()),
                t("confirm-remove-body"),
                tr!("confirm-remove-yes", account = label.as_str()),
            )
        }
    }
}

/// A delete's question, and after it the unsaved edits of the tabs it would close, named as a tab's close names
/// them: the tabs close only once their resources are gone.
fn with_unsaved(body: String, unsaved: &[String]) -> String {
    match unsaved {
        [] => body,
        _ => format!(
            "{body}\n\n{}",
            tr!("confirm-delete-unsaved", edits = unsaved.join("; "))
        ),
    }
}
