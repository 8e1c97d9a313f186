//! Copying a compare's differences one way, as a job: rows only on the source are inserted on the target (an
//! insert fails if the row appeared there since), rows that differ replace the target's If-Match the ETag the
//! compare read there (someone else's change since is not overwritten). Rows only on the target are left alone:
//! copying adds and updates, never deletes. Batches per partition (up to 100); a batch refused because one row
//! conflicts goes again row by row, so the rest still land and each conflict is counted in words.

use crate::app::context::JobContext;
use crate::app::table::features::diff::{DiffKind, Difference, Side};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;
use crate::storage::table::{BatchOperation, IfMatch, UpdateMode};

/// Which way a copy goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    LeftToRight,
    RightToLeft,
}

/// Batches stay well under the service's 4 MiB.
const BATCH_BYTES: usize = 2 * 1024 * 1024;

/// The write that brings one difference to the target, if any. `merge`: a differing target keeps the
/// properties the source does not have (an index entry's own), so it is merged, not replaced.
pub fn write_for(d: &Difference, way: Direction, merge: bool) -> Option<BatchOperation> {
    let (source, target, only_source) = match way {
        Direction::LeftToRight => (&d.left, &d.right, DiffKind::OnlyLeft),
        Direction::RightToLeft => (&d.right, &d.left, DiffKind::OnlyRight),
    };
    let source = source.as_ref()?;
    let draft = || source.to_draft().with_etag(None);
    match (d.kind, target) {
        (k, _) if k == only_source => Some(BatchOperation::Insert(draft())),
        (DiffKind::Different, Some(t)) => Some(BatchOperation::Update {
            entity: draft(),
            mode: if merge { UpdateMode::Merge } else { UpdateMode::Replace },
            condition: t.etag().map_or(IfMatch::Any, |e| IfMatch::Etag(e.to_string())),
        }),
        _ => None,
    }
}

/// The writes, grouped in batches of one partition each.
pub fn batches(differences: &[Difference], way: Direction, merge: bool) -> Vec<Vec<BatchOperation>> {
    let mut out: Vec<Vec<BatchOperation>> = Vec::new();
    let mut bytes = 0;
    let mut partition = String::new();
    for d in differences {
        let Some(op) = write_for(d, way, merge) else { continue };
        // The source's packed size, grown for JSON (base64 binary, type annotations): an estimate with room.
        let source = match way {
            Direction::LeftToRight => &d.left,
            Direction::RightToLeft => &d.right,
        };
        let size = source.as_ref().map_or(0, |e| e.heap_size()) * 2 + 1024;
        let pk = op.keys().0.to_string();
        let full = out
            .last()
            .is_none_or(|b| b.len() == 100 || pk != partition || bytes + size > BATCH_BYTES);
        if full {
            out.push(Vec::new());
            bytes = 0;
            partition = pk;
        }
        bytes += size;
        out.last_mut().expect("a batch").push(op);
    }
    out
}

/// Writes the batches to `target`; returns what it says when done.
pub async fn copy(job: &JobContext, target: &Side, batches: &[Vec<BatchOperation>]) -> Result<String, StorageError> {
    let total: usize = batches.iter().map(Vec::len).sum();
    job.progress.start(total as u64);
    let (mut written, mut conflicts) = (0, Vec::new());
    for batch in batches {
        if job.cancel.is_cancelled() {
            return Err(StorageError::cancelled(t("table-diff-copy-op")));
        }
        match target.client.submit_batch(&target.table, batch).await {
            Ok(_) => written += batch.len(),
            Err(e) if e.is_conflict() || e.status == Some(409) || e.is_not_found() => {
                for op in batch {
                    match write_one(target, op).await {
                        Ok(()) => written += 1,
                        Err(e) if e.is_conflict() || e.status == Some(409) || e.is_not_found() => {
                            let (pk, rk) = op.keys();
                            conflicts.push(format!("{pk} / {rk}"));
                        }
                        Err(e) => return Err(e),
                    }
                }
            }
            Err(e) => return Err(e),
        }
        job.progress.add(batch.len() as u64);
    }
    let mut said = tr!(
        "table-diff-copy-wrote",
        written = written,
        total = total,
        place = target.place.as_str()
    );
    if !conflicts.is_empty() {
        let shown: Vec<&str> = conflicts.iter().take(5).map(String::as_str).collect();
        let more = if conflicts.len() > 5 { ", …" } else { "" };
        said += &tr!(
            "table-diff-copy-skipped",
            count = conflicts.len(),
            keys = shown.join(", ") + more
        );
    }
    Ok(said)
}

async fn write_one(target: &Side, op: &BatchOperation) -> Result<(), StorageError> {
    let (client, table) = (&target.client, &target.table);
    match op {
        BatchOperation::Insert(e) => client.insert_entity(table, e).await.map(|_| ()),
        BatchOperation::Update {
            entity,
            mode,
            condition,
        } => client.update_entity(table, entity, *mode, condition).await.map(|_| ()),
        other => client
            .submit_batch(table, std::slice::from_ref(other))
            .await
            .map(|_| ()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::table::{EdmValue, EntityDraft};

    fn e(pk: &str, rk: &str, etag: &str) -> crate::storage::table::Entity {
        EntityDraft::new(pk, rk)
            .with("N", EdmValue::Int32(1))
            .with_etag(Some(etag.into()))
            .to_entity()
    }

    #[test]
    fn each_difference_becomes_an_insert_or_a_conditional_replace_and_nothing_is_deleted() {
        let only_left = Difference {
            kind: DiffKind::OnlyLeft,
            left: Some(e("p", "a", "L1")),
            right: None,
        };
        let different = Difference {
            kind: DiffKind::Different,
            left: Some(e("p", "b", "L2")),
            right: Some(e("p", "b", "R2")),
        };
        let only_right = Difference {
            kind: DiffKind::OnlyRight,
            left: None,
            right: Some(e("q", "c", "R3")),
        };
        let all = [only_left, different, only_right];
        let ops: Vec<BatchOperation> = batches(&all, Direction::LeftToRight, false).concat();
        assert_eq!(ops.len(), 2, "the row only on the target is not deleted");
        assert!(matches!(&ops[0], BatchOperation::Insert(d) if d.row_key == "a" && d.etag.is_none()));
        assert!(matches!(&ops[1], BatchOperation::Update { condition: IfMatch::Etag(t), .. } if t == "R2"));
        let back = batches(&all, Direction::RightToLeft, false);
        assert_eq!(back.len(), 2, "one batch per partition");
        assert!(matches!(&back[0][0], BatchOperation::Update { condition: IfMatch::Etag(t), .. } if t == "L2"));
        assert!(matches!(&back[1][0], BatchOperation::Insert(d) if d.partition_key == "q"));
    }
}
