//! Whole-table scans as cancellable jobs: the page stream that Load all, Export and the partition map share,
//! and "Count entities".

use crate::app::context::{Backend, JobContext, JobId, Jobs, Unit};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::table::{ContinuationToken, EntityPage, EntityQuery, for_each_page_in_ranges};
use crate::storage::{Client, StorageError};

/// Streams a query's pages into a job, in key order, the table queried as PartitionKey ranges at once
/// (`for_each_page_in_ranges`; `in_ranges` false reads the one chain of tokens, as a baseline): from the start,
/// or from a token after a page that ended at a partition key. Each page counts as progress, and `on_page`
/// returns false to stop (its reader is gone). A cancel ends in Err(cancelled), never in Ok: a summary of the
/// pages so far would read as the whole table's.
#[allow(clippy::too_many_arguments)]
pub(crate) async fn job_pages(
    client: &crate::storage::Client,
    table: &str,
    query: &EntityQuery,
    start: Option<(String, ContinuationToken)>,
    in_ranges: bool,
    job: &JobContext,
    what: &str,
    mut on_page: impl FnMut(EntityPage) -> bool,
) -> Result<(), StorageError> {
    let on_page = |page: EntityPage| {
        job.progress.add(page.entities.len() as u64);
        on_page(page) && !job.cancel.is_cancelled()
    };
    match in_ranges {
        true => for_each_page_in_ranges(client, table, query, start, on_page).await?,
        false => {
            client
                .for_each_entity_page(table, query, start.map(|s| s.1), on_page)
                .await?
        }
    }
    match job.cancel.is_cancelled() {
        true => Err(StorageError::cancelled(what)),
        false => Ok(()),
    }
}

/// "Count entities": a cancellable scan of every page, reading only PartitionKey, counting as it goes.
pub fn count_entities(jobs: &mut Jobs, backend: &Backend, client: Client, table: String) -> JobId {
    let title = tr!("table-scan-count-title", table = table.as_str());
    jobs.run(
        backend,
        title,
        Unit::Items("entities"),
        (client, table),
        |job, (client, table)| async move {
            let mut count = 0u64;
            let query = EntityQuery {
                select: vec!["PartitionKey".into()],
                ..Default::default()
            };
            // (A cancel ends in an error: a count of part of the table would read as the table's size.)
            let what = t("table-scan-count-op");
            job_pages(&client, &table, &query, None, true, &job, &what, |page| {
                count += page.entities.len() as u64;
                true
            })
            .await?;
            Ok(tr!("table-scan-counted", count = count, table = table.as_str()))
        },
    )
}
