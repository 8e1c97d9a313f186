//! Deleting a container, queue or table: one piece for the tree's Delete… and Delete the N….

use crate::storage::Service;

/// Deletes one container (with the lease id this app holds on it, if any), queue or table.
pub async fn delete_resource(
    client: &crate::storage::Client,
    service: Service,
    name: &str,
    lease: Option<String>,
) -> Result<(), crate::storage::StorageError> {
    match service {
        Service::Blob => {
            let conditions = crate::storage::blob::conditions::Conditions::none().with_lease(lease);
            client.delete_container(name, &conditions).await
        }
        Service::Queue => client.delete_queue(name).await,
        Service::Table => client.delete_table(name).await,
    }
}
