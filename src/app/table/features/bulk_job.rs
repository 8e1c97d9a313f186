//! A change of many entities as a job: the selected rows, or every entity a query matches read page by page
//! (nothing held but the page in hand and the counts), changed in batches of up to 100 of one partition within
//! 4 MiB, each entity If-Match the ETag it was read with. A batch refused because one of its entities changed or
//! is gone goes again one entity at a time, so the rest land and each is counted. Where it got to is kept, so a
//! Retry after a Cancel or a failure goes on from there, never changing an entity twice.

use std::sync::{Arc, Mutex};

use crate::app::context::JobContext;
use crate::app::table::row_match::RowMatches;
use crate::app::widgets::bulk_change::{Progress, Tally, Words};
use crate::app::widgets::i18n::tr;
use crate::storage::table::Entity;
use crate::storage::table::{
    BatchOperation, ContinuationToken, EdmValue, EntityDraft, EntityQuery, EntityView, IfMatch, UpdateMode,
};
use crate::storage::table::{MAX_BATCH_OPERATIONS, fits_in_batch};
use crate::storage::{Client, ErrorKind, StorageError};

/// What is done to each entity.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// Set (add or change) one property: a Merge of that property alone.
    Set {
        name: String,
        value: EdmValue,
    },
    /// Remove one property: a Replace with the entity as read, without it (a Merge cannot remove).
    Remove {
        name: String,
    },
    Delete,
}

impl Change {
    /// "set Status on the 3 selected entities of `t`" (`selected`: how many), else "… every entity of `t` that
    /// matches the query": for the job's title and summary.
    pub fn words(&self, selected: Option<usize>, table: &str) -> String {
        let (change, name) = match self {
            Change::Set { name, .. } => ("set", name.as_str()),
            Change::Remove { name } => ("remove", name.as_str()),
            Change::Delete => ("delete", ""),
        };
        match selected {
            Some(count) => tr!(
                "table-bulk-job-selected",
                change = change,
                name = name,
                count = count,
                table = table
            ),
            None => tr!("table-bulk-job-matching", change = change, name = name, table = table),
        }
    }

    /// Whether it needs every property of the entity as read (a Replace writes the whole entity).
    pub fn needs_whole_entities(&self) -> bool {
        matches!(self, Change::Remove { .. })
    }

    /// The operation on `e`, or None when there is nothing to do (the property to remove is not there).
    fn op(&self, e: &EntityView) -> Option<BatchOperation> {
        let condition = e.etag().map(|t| IfMatch::Etag(t.to_string())).unwrap_or(IfMatch::Any);
        match self {
            Change::Set { name, value } => Some(BatchOperation::Update {
                entity: EntityDraft::new(e.partition_key(), e.row_key()).with(name.clone(), value.clone()),
                mode: UpdateMode::Merge,
                condition,
            }),
            Change::Remove { name } => {
                e.get(name)?;
                let mut entity = e.to_draft();
                entity.properties.retain(|p| &p.name != name);
                Some(BatchOperation::Update {
                    entity,
                    mode: UpdateMode::Replace,
                    condition,
                })
            }
            Change::Delete => Some(crate::app::table::features::deletes::delete_op(
                e.partition_key(),
                e.row_key(),
                e.etag().as_deref(),
            )),
        }
    }
}

/// Which entities: the rows the user selected (read when they were loaded), or every entity the query matches.
#[derive(Clone)]
pub enum Source {
    Rows(Arc<Vec<Entity>>),
    Query {
        query: EntityQuery,
        matching: Option<Arc<RowMatches>>,
    },
}

/// How the counts of a change of entities are said.
pub fn tally_words(change: &Change) -> Words {
    Words {
        items: "table-bulk-job-entities",
        done: if *change == Change::Delete {
            "table-bulk-job-deleted"
        } else {
            "table-bulk-job-changed"
        },
        changed: "table-bulk-job-changed-why",
        unchanged: "table-bulk-job-unchanged",
        reads: true,
    }
}

/// Where the job got to, shared with the feature that shows it and with every run of the job (a Retry goes on
/// from here).
#[derive(Debug, Default)]
pub struct Position {
    pub tally: Tally,
    pub started: bool,
    pub finished: bool,
    /// The token of the page in hand (None: the first page), and the last entity of it already dealt with.
    pub page: Option<ContinuationToken>,
    pub last: Option<(String, String)>,
}

impl Progress for Position {
    fn tally(&self) -> &Tally {
        &self.tally
    }
    fn finished(&self) -> bool {
        self.finished
    }
}

pub type Shared = Arc<Mutex<Position>>;

/// Runs (or goes on with) the change; Err(cancelled) on a Cancel, with the position kept.
pub async fn run(
    job: JobContext,
    client: Client,
    table: String,
    source: Source,
    change: Change,
    shared: Shared,
) -> Result<String, StorageError> {
    let what = tr!("table-bulk-job-op", table = table.as_str());
    let mut at = {
        let p = shared.lock().expect("position lock");
        if p.finished {
            return Ok(p.tally.summary(&tally_words(&change)));
        }
        (p.page.clone(), p.last.clone(), p.started)
    };
    shared.lock().expect("position lock").started = true;
    match source {
        Source::Rows(rows) => {
            job.progress.start(rows.len() as u64);
            let left: Vec<&EntityView> = rows
                .iter()
                .filter(|e| is_after(e, at.1.as_ref()))
                .map(|e| &**e)
                .collect();
            job.progress.add((rows.len() - left.len()) as u64);
            if !at.2 {
                shared.lock().expect("position lock").tally.read = rows.len() as u64;
            }
            change_all(&job, &client, &table, &change, &left, &shared).await?;
        }
        Source::Query { query, matching } => loop {
            if job.cancel.is_cancelled() {
                return Err(StorageError::cancelled(&what));
            }
            let page = client.query_entities(&table, &query, at.0.as_ref()).await?;
            // A page read again after a Retry: what was dealt with before is not changed twice.
            let left: Vec<&EntityView> = page
                .entities
                .iter()
                .filter(|e| is_after(e, at.1.as_ref()))
                .filter(|e| matching.as_ref().is_none_or(|m| m.matches(e)))
                .map(|e| &**e)
                .collect();
            job.progress.add((page.entities.len() - left.len()) as u64);
            let new = page.entities.iter().filter(|e| is_after(e, at.1.as_ref())).count();
            shared.lock().expect("position lock").tally.read += new as u64;
            let result = change_all(&job, &client, &table, &change, &left, &shared).await;
            let mut p = shared.lock().expect("position lock");
            // Cut short: what the job did not get past is read again by a Retry, so it is not counted twice.
            if result.is_err() {
                let last = p.last.clone().or(at.1.clone());
                let not_past = page.entities.iter().filter(|e| is_after(e, last.as_ref())).count();
                p.tally.read = p.tally.read.saturating_sub(not_past as u64);
            }
            result?;
            match page.continuation {
                Some(next) => {
                    (p.page, p.last) = (Some(next), None);
                    at = (p.page.clone(), None, true);
                }
                None => break,
            }
        },
    }
    let mut p = shared.lock().expect("position lock");
    p.finished = true;
    Ok(p.tally.summary(&tally_words(&change)))
}

fn is_after(e: &EntityView, last: Option<&(String, String)>) -> bool {
    last.is_none_or(|(pk, rk)| (e.partition_key(), e.row_key()) > (pk.as_str(), rk.as_str()))
}

/// Changes `entities` (in key order) in batches of up to 100 of one partition and within 4 MiB (a remove writes
/// each entity whole: 100 of 50 KB do not go in one), noting each batch done.
async fn change_all(
    job: &JobContext,
    client: &Client,
    table: &str,
    change: &Change,
    entities: &[&EntityView],
    shared: &Shared,
) -> Result<(), StorageError> {
    let mut start = 0;
    while start < entities.len() {
        if job.cancel.is_cancelled() {
            return Err(StorageError::cancelled(tr!("table-bulk-job-op", table = table)));
        }
        let pk = entities[start].partition_key();
        let (mut end, mut ops, mut bytes) = (start, Vec::new(), 0);
        while end < entities.len() && end - start < MAX_BATCH_OPERATIONS && entities[end].partition_key() == pk {
            if let Some(op) = change.op(entities[end]) {
                let more = op.batch_bytes(table);
                if !ops.is_empty() && !fits_in_batch(bytes + more) {
                    break;
                }
                bytes += more;
                ops.push(op);
            }
            end += 1;
        }
        let chunk = &entities[start..end];
        let mut tally = Tally {
            unchanged: (chunk.len() - ops.len()) as u64,
            ..Tally::default()
        };
        if !ops.is_empty() {
            batch(client, table, change, &ops, &mut tally).await?;
        }
        let last = chunk
            .last()
            .map(|e| (e.partition_key().to_string(), e.row_key().to_string()));
        let mut p = shared.lock().expect("position lock");
        p.last = last;
        p.tally.add(tally);
        drop(p);
        job.progress.add(chunk.len() as u64);
        start = end;
    }
    Ok(())
}

/// One batch; refused as a whole for one entity's sake (changed, gone, a bad value), each goes alone.
async fn batch(
    client: &Client,
    table: &str,
    change: &Change,
    ops: &[BatchOperation],
    tally: &mut Tally,
) -> Result<(), StorageError> {
    match client.submit_batch(table, ops).await {
        Ok(_) => {
            tally.done += ops.len() as u64;
            return Ok(());
        }
        // Refused here before sending (a batch the service would refuse) counts as refused for one entity's sake.
        Err(e) if !matches!(e.status, Some(400 | 404 | 409 | 412)) && e.kind != ErrorKind::Invalid => return Err(e),
        Err(_) => {}
    }
    for op in ops {
        let result = match op {
            BatchOperation::Update {
                entity,
                mode,
                condition,
            } => client.update_entity(table, entity, *mode, condition).await.map(drop),
            BatchOperation::Delete {
                partition_key,
                row_key,
                condition,
            } => client.delete_entity(table, partition_key, row_key, condition).await,
            _ => unreachable!("a change is an update or a delete"),
        };
        match result {
            Ok(()) => tally.done += 1,
            // Its ETag moved: by someone else, or by this job's own batch whose answer was lost before a Retry
            // sent it again. The entity read back tells: one that holds the change is not said to be skipped.
            Err(e) if e.is_conflict() => match holds(client, table, change, op.keys()).await {
                true => tally.done += 1,
                false => tally.changed += 1,
            },
            Err(e) if e.is_not_found() => tally.gone += 1,
            Err(e) if matches!(e.status, Some(400 | 409)) || e.kind == ErrorKind::Invalid => {
                tally.failed += 1;
                let (pk, rk) = op.keys();
                tally
                    .first_failure
                    .get_or_insert(format!("({pk}, {rk}): {}", e.plain_words()));
            }
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Whether the entity already holds the change (read back after its conditional write was refused); a read that
/// fails says no, and the entity stays counted as changed by someone else.
async fn holds(client: &Client, table: &str, change: &Change, (pk, rk): (&str, &str)) -> bool {
    match (client.get_entity(table, pk, rk).await, change) {
        (Ok(e), Change::Set { name, value }) => e.get(name).is_some_and(|v| v.to_value() == *value),
        (Ok(e), Change::Remove { name }) => e.get(name).is_none(),
        (Ok(_), Change::Delete) => false,
        (Err(e), Change::Delete) => e.is_not_found(),
        (Err(_), _) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_change_is_one_conditional_operation_and_remove_skips_what_lacks_the_property() {
        let e = EntityDraft::new("p", "r")
            .with("A", EdmValue::Int32(1))
            .with("B", EdmValue::String("x".into()))
            .with_etag(Some("W/\"1\"".into()))
            .to_entity();
        let set = Change::Set {
            name: "C".into(),
            value: EdmValue::Int64(5),
        };
        let Some(BatchOperation::Update {
            entity,
            mode: UpdateMode::Merge,
            condition: IfMatch::Etag(t),
        }) = set.op(&e)
        else {
            panic!("a set is a conditional merge")
        };
        assert_eq!((entity.properties.len(), t.as_str()), (1, "W/\"1\""));
        let remove = Change::Remove { name: "A".into() };
        let Some(BatchOperation::Update {
            entity,
            mode: UpdateMode::Replace,
            ..
        }) = remove.op(&e)
        else {
            panic!("a remove is a conditional replace")
        };
        let names: Vec<&str> = entity.properties.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["B"]);
        assert!(Change::Remove { name: "Z".into() }.op(&e).is_none());
        assert!(matches!(Change::Delete.op(&e), Some(BatchOperation::Delete { .. })));
        assert!(is_after(&e, None) && is_after(&e, Some(&("p".into(), "q".into()))));
        assert!(!is_after(&e, Some(&("p".into(), "r".into()))));
    }

    #[test]
    fn the_summary_names_every_count_and_the_first_failure() {
        let t = Tally {
            read: 1500,
            done: 1200,
            changed: 3,
            gone: 1,
            failed: 1,
            first_failure: Some("(p, r9): too big".into()),
            ..Tally::default()
        };
        assert_eq!(
            t.summary(&tally_words(&Change::Delete)),
            "1,200 entities deleted; 3 skipped because they changed since they were read (their ETag no longer \
             matched); 1 already gone; 1 failed (the first: (p, r9): too big), of 1,500 read"
        );
    }
}
