//! Deleting a container, queue or table: one piece for the tree's Delete… and Delete the N…, and the words for
//! what a delete of several did.

use crate::app::accounts::tree::TabTarget;
use crate::app::widgets::i18n::tr;
use crate::storage::{Service, StorageError};

/// Deletes one container (with the lease id this app holds on it, if any), queue or table.
pub async fn delete_resource(
    client: &crate::storage::Client,
    service: Service,
    name: &str,
    lease: Option<String>,
) -> Result<(), StorageError> {
    match service {
        Service::Blob => {
            let conditions = crate::storage::blob::Conditions::none().with_lease(lease);
            client.delete_container(name, &conditions).await
        }
        Service::Queue => client.delete_queue(name).await,
        Service::Table => client.delete_table(name).await,
    }
}

/// What a delete of `total` resources did: those `gone`, and each of those `failed` named with the service's
/// words. One that failed alone is its own error; of several, the error is the first failure's (its code and
/// request id), its words naming what was deleted and every one that was not, each with its status, code and
/// request id.
pub fn outcome_words(
    service: Service,
    total: usize,
    gone: &[TabTarget],
    mut failed: Vec<(String, StorageError)>,
) -> Result<String, StorageError> {
    let names: Vec<String> = gone.iter().map(|t| format!("`{}`", t.name)).collect();
    let names = names.join(", ");
    if failed.is_empty() {
        return Ok(match (total, gone) {
            (1, [one]) => {
                let id = match service {
                    Service::Blob => "done-deleted-container",
                    Service::Queue => "done-deleted-queue",
                    Service::Table => "done-deleted-table",
                };
                tr!(id, name = one.name.as_str())
            }
            _ => {
                let id = match service {
                    Service::Blob => "done-deleted-containers",
                    Service::Queue => "done-deleted-queues",
                    Service::Table => "done-deleted-tables",
                };
                tr!(id, count = total, names = names)
            }
        });
    }
    if total == 1 {
        return Err(failed.remove(0).1);
    }
    // The first failure's status, code and request id frame the whole message; each other one brings its own.
    let not_deleted: Vec<String> = failed
        .iter()
        .enumerate()
        .map(|(i, (name, e))| match i {
            0 => format!(
                "`{name}` ({})",
                e.message.to_string().lines().next().unwrap_or_default()
            ),
            _ => format!("`{name}` ({})", e.evidence()),
        })
        .collect();
    let (_, mut e) = failed.remove(0);
    let names = if gone.is_empty() {
        String::new()
    } else {
        format!(" ({names})")
    };
    let id = match service {
        Service::Blob => "frame-account-actions-partly-deleted-containers",
        Service::Queue => "frame-account-actions-partly-deleted-queues",
        Service::Table => "frame-account-actions-partly-deleted-tables",
    };
    e.message = crate::storage::Said::text(tr!(
        id,
        deleted = gone.len(),
        total = total,
        names = names,
        failed = not_deleted.join(", ")
    ));
    Err(e)
}
