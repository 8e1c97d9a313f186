//! Deleting entities in batches (one partition, up to 100, each If-Match its ETag): a batch refused because one
//! of its entities is already gone (a retry of this job, someone else's delete) goes again one entity at a time,
//! where a 404 counts as done rather than failing the job.

use crate::storage::table::{BatchOperation, IfMatch};
use crate::storage::{Client, StorageError};

/// Sends one batch of deletes; returns how many of its entities were already gone.
pub(crate) async fn delete_batch(
    client: &Client,
    table: &str,
    batch: &[BatchOperation],
) -> Result<usize, StorageError> {
    match client.submit_batch(table, batch).await {
        Ok(_) => Ok(0),
        Err(e) if e.is_not_found() => {
            let mut gone = 0;
            for op in batch {
                let BatchOperation::Delete {
                    partition_key,
                    row_key,
                    condition,
                } = op
                else {
                    return Err(e);
                };
                match client.delete_entity(table, partition_key, row_key, condition).await {
                    Ok(()) => {}
                    Err(e) if e.is_not_found() => gone += 1,
                    Err(e) => return Err(e),
                }
            }
            Ok(gone)
        }
        Err(e) => Err(e),
    }
}

/// A delete of these keys, If-Match the ETag the row was loaded with (or `*` when the row has none).
pub(crate) fn delete_op(partition_key: &str, row_key: &str, etag: Option<&str>) -> BatchOperation {
    BatchOperation::Delete {
        partition_key: partition_key.to_string(),
        row_key: row_key.to_string(),
        condition: etag.map(|t| IfMatch::Etag(t.to_string())).unwrap_or(IfMatch::Any),
    }
}
