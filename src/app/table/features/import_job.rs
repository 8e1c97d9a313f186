//! A table import as a job: the file read again row by row on the blocking pool (never held whole), each row built
//! into its entity, gathered by partition into batches of up to 100 and 4 MiB, and sent. Which rows of the file
//! are settled (written, skipped or failed) is kept with the job, and generated RowKeys are derived from the
//! import's seed and the row's place, so a Retry goes on from there and writes each row once, under one key.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use crate::app::context::{JobContext, feed};
use crate::app::table::features::import_plan::{Conflict, ImportChoices, ImportSource};
use crate::app::table::features::io::{ImportDone, ImportFailure, write_report};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::table::EntityDraft;
use crate::storage::table::UpdateMode;
use crate::storage::table::{BatchOperation, MAX_BATCH_OPERATIONS, fits_in_batch};
use crate::storage::{Client, ErrorKind, StorageError};

/// At most this many rows wait across partitions for their batch to fill; beyond it the fullest partitions'
/// rows leave, so a file whose partitions are mixed is held in bounded memory.
const HOLD_ROWS: usize = 2_000;
/// No row waits for its batch while more than this many rows of the file are read after it: what is not settled
/// (what a Retry reads again, what the job's position names one by one) stays within this span.
const HOLD_SPAN: usize = 20_000;
/// Rows handed from the reading thread at a time, and how many such hands may wait.
const CHUNK: usize = 256;
const CHUNKS_AHEAD: usize = 4;

/// What an import writes, as its Start chose it: the same for every run of the job.
#[derive(Clone)]
pub struct ImportPlan {
    pub table: String,
    /// Make the table first (once: a Retry after it was made goes on into it).
    pub create: bool,
    pub path: PathBuf,
    pub source: Arc<ImportSource>,
    pub choices: ImportChoices,
    /// What the import's generated RowKeys are derived from, with each row's place in the file.
    pub seed: [u8; 16],
}

/// The RowKey of the row at place `index` (0-based) when the import makes GUIDs: derived from the import's seed
/// and the place, so a Retry makes the same one and a row is never written again under another key.
pub fn row_guid(seed: &[u8; 16], index: usize) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::new()
        .chain_update(seed)
        .chain_update((index as u64).to_le_bytes())
        .finalize();
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    uuid::Builder::from_random_bytes(bytes)
        .into_uuid()
        .hyphenated()
        .to_string()
}

/// Where an import got to, kept with the job for its Retry: the rows of the file settled (by their place), the
/// rows sent without an answer, and what was done.
#[derive(Debug, Default)]
pub struct Position {
    pub created: bool,
    pub finished: bool,
    /// Every row before this place is settled.
    settled_below: usize,
    /// Rows after `settled_below` settled already (batches of several partitions leave out of file order).
    settled: BTreeSet<usize>,
    /// Rows sent with no answer (the link broke): they may have landed. A Retry that finds one already there
    /// reads it, and counts it written when it is the row as the file has it.
    in_doubt: BTreeSet<usize>,
    pub done: ImportDone,
}

impl Position {
    fn settle(&mut self, index: usize) {
        self.in_doubt.remove(&index);
        if index == self.settled_below {
            self.settled_below += 1;
            while self.settled.remove(&self.settled_below) {
                self.settled_below += 1;
            }
        } else if index > self.settled_below {
            self.settled.insert(index);
        }
    }

    fn settled_count(&self) -> usize {
        self.settled_below + self.settled.len()
    }
}

pub type Shared = Arc<Mutex<Position>>;

fn lock(shared: &Shared) -> std::sync::MutexGuard<'_, Position> {
    shared.lock().expect("import position lock")
}

/// One row on its way: its place and line in the file, and the write it becomes.
struct Row {
    index: usize,
    line: usize,
    op: BatchOperation,
    bytes: usize,
}

/// Rows gathered by partition until a batch of one is full (100 rows or 4 MiB): a file sorted by partition, or one
/// partition for every row, fills each batch in turn. A file whose partitions are mixed sends smaller batches
/// rather than hold more than `HOLD_ROWS` rows or any row longer than `HOLD_SPAN` rows of the file.
#[derive(Default)]
struct Batcher {
    groups: BTreeMap<String, (Vec<Row>, usize)>,
    held: usize,
    added: usize,
}

impl Batcher {
    /// Takes a row in; the batches that must leave now are put in `ready`.
    fn add(&mut self, row: Row, ready: &mut Vec<Vec<Row>>) {
        let index = row.index;
        let (pk, rk) = row.op.keys();
        let pk = pk.to_string();
        if let Some((rows, bytes)) = self.groups.get(&pk) {
            // A batch may not name one entity twice: a key the file repeats goes in the next batch, after.
            let twice = rows.iter().any(|r| r.op.keys().1 == rk);
            if twice || !fits_in_batch(bytes + row.bytes) {
                ready.push(self.take(&pk));
            }
        }
        let (rows, bytes) = self.groups.entry(pk.clone()).or_default();
        *bytes += row.bytes;
        rows.push(row);
        let full = rows.len() == MAX_BATCH_OPERATIONS;
        self.held += 1;
        self.added += 1;
        if full {
            ready.push(self.take(&pk));
        }
        if self.held > HOLD_ROWS {
            let mut fullest: Vec<(usize, String)> = self.groups.iter().map(|(k, g)| (g.0.len(), k.clone())).collect();
            fullest.sort_unstable_by_key(|g| std::cmp::Reverse(g.0));
            for (_, k) in fullest {
                if self.held <= HOLD_ROWS / 2 {
                    break;
                }
                ready.push(self.take(&k));
            }
        }
        if self.added.is_multiple_of(HOLD_ROWS) {
            let old: Vec<String> = self
                .groups
                .iter()
                .filter(|(_, (rows, _))| rows[0].index + HOLD_SPAN < index)
                .map(|(k, _)| k.clone())
                .collect();
            for k in old {
                ready.push(self.take(&k));
            }
        }
    }

    fn take(&mut self, pk: &str) -> Vec<Row> {
        let (rows, _) = self.groups.remove(pk).unwrap_or_default();
        self.held -= rows.len();
        rows
    }

    /// Every row still held, as batches, the oldest first.
    fn drain(&mut self) -> Vec<Vec<Row>> {
        let mut all: Vec<Vec<Row>> = std::mem::take(&mut self.groups)
            .into_values()
            .map(|(rows, _)| rows)
            .collect();
        self.held = 0;
        all.sort_by_key(|rows| rows[0].index);
        all
    }
}

/// A row of the file, built (or why not) on the reading thread.
struct Built {
    index: usize,
    line: usize,
    draft: Result<EntityDraft, String>,
}

/// Runs (or goes on with) the import; Err on a Cancel or a failure, with the position kept for a Retry.
pub async fn run(job: JobContext, client: Client, plan: ImportPlan, shared: Shared) -> Result<String, StorageError> {
    let op = t("table-import-plan-op");
    let table = plan.table.clone();
    if lock(&shared).finished {
        return Ok(finished_words(&plan, &shared));
    }
    if plan.create && !lock(&shared).created {
        client.create_table(&table).await.map_err(|mut e| {
            if e.code.as_deref() == Some("TableAlreadyExists") {
                e.message = crate::storage::Said::text(tr!(
                    "table-import-exists",
                    table = table.as_str(),
                    message = e.message.to_string()
                ));
            }
            e
        })?;
        lock(&shared).created = true;
    }
    job.progress.start(plan.source.total as u64);
    let skip = {
        let p = lock(&shared);
        job.progress.add(p.settled_count() as u64);
        (p.settled_below, p.settled.clone())
    };
    let (tx, mut rx) = feed::bounded::<Vec<Built>>(CHUNKS_AHEAD, None);
    let reader = plan.clone();
    let reading = tokio::task::spawn_blocking(move || {
        let ImportPlan {
            source,
            choices,
            seed,
            path,
            ..
        } = reader;
        let guid = |i: usize| row_guid(&seed, i);
        let mut chunk = Vec::with_capacity(CHUNK);
        let read = source.each_row(&path, |index, row| {
            // Settled by an earlier run: passed over (a stopped job stops this too, though nothing is sent).
            if index < skip.0 || skip.1.contains(&index) {
                return match tx.is_closed() {
                    true => ControlFlow::Break(()),
                    false => ControlFlow::Continue(()),
                };
            }
            let draft = source.entity(&choices, &row, index, &guid);
            chunk.push(Built {
                index,
                line: row.line,
                draft,
            });
            // The job stopped (a Cancel, a failure): the receiver is gone, and so is the reading.
            if chunk.len() == CHUNK && !tx.blocking_send(std::mem::take(&mut chunk)) {
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        if read.is_ok() && !chunk.is_empty() {
            tx.blocking_send(chunk);
        }
        read
    });
    let conflict = plan.choices.conflict;
    let mut batcher = Batcher::default();
    let mut ready = Vec::new();
    while let Some(chunk) = rx.next().await {
        if job.cancel.is_cancelled() {
            return Err(StorageError::cancelled(&op));
        }
        for built in chunk {
            match built.draft {
                Ok(draft) => {
                    let op = write_of(draft, conflict);
                    let bytes = op.batch_bytes(&table);
                    let row = Row {
                        index: built.index,
                        line: built.line,
                        op,
                        bytes,
                    };
                    batcher.add(row, &mut ready);
                }
                Err(reason) => {
                    let mut p = lock(&shared);
                    p.done.failures.push(ImportFailure {
                        record: built.line,
                        keys: t("table-import-not-built"),
                        reason,
                    });
                    p.settle(built.index);
                    job.progress.add(1);
                }
            }
        }
        for rows in ready.drain(..) {
            send(&job, &client, &table, conflict, rows, &shared).await?;
        }
    }
    match reading.await {
        Ok(Ok(())) => {}
        Ok(Err(why)) => return Err(StorageError::invalid(&op, why)),
        Err(e) => return Err(StorageError::new(ErrorKind::Io, &op, e.to_string())),
    }
    for rows in batcher.drain() {
        send(&job, &client, &table, conflict, rows, &shared).await?;
    }
    lock(&shared).finished = true;
    Ok(finished_words(&plan, &shared))
}

/// The summary of an ended import, and where its report went when a row was skipped or failed.
fn finished_words(plan: &ImportPlan, shared: &Shared) -> String {
    let mut p = lock(shared);
    p.done.failures.sort_by_key(|f| f.record);
    p.done.skipped.sort_by_key(|f| f.record);
    let report = match p.done.skipped.is_empty() && p.done.failures.is_empty() {
        true => String::new(),
        false => write_report(&plan.path, &p.done)
            .map(|path| tr!("table-import-report", path = path.display().to_string()))
            .unwrap_or_default(),
    };
    summary(&plan.table, &p.done) + &report
}

/// "Imported into T: 5 written, 2 skipped (already there: lines 3, 4), 1 failed (line 9: …)."
pub fn summary(table: &str, done: &ImportDone) -> String {
    let lines = |rows: &[ImportFailure]| {
        let mut l: Vec<String> = rows.iter().take(5).map(|f| f.record.to_string()).collect();
        if rows.len() > 5 {
            l.push("…".into());
        }
        l.join(", ")
    };
    let mut words = tr!("table-import-done", table = table, count = done.written);
    if !done.skipped.is_empty() {
        words += &tr!(
            "table-import-done-skipped",
            count = done.skipped.len(),
            lines = lines(&done.skipped)
        );
    }
    words += &tr!("table-import-done-failed", count = done.failures.len());
    if let Some(first) = done.failures.first() {
        words += &tr!(
            "table-import-done-first",
            lines = lines(&done.failures),
            line = first.record.to_string(),
            why = first.reason.trim_end_matches('.')
        );
    }
    words + &t("table-import-done-end")
}

fn write_of(draft: EntityDraft, conflict: Conflict) -> BatchOperation {
    match conflict {
        Conflict::InsertOnly => BatchOperation::Insert(draft),
        Conflict::Merge => BatchOperation::Upsert {
            entity: draft,
            mode: UpdateMode::Merge,
        },
        Conflict::Replace => BatchOperation::Upsert {
            entity: draft,
            mode: UpdateMode::Replace,
        },
    }
}

/// What became of one row.
enum Fate {
    Written,
    Skipped,
    Failed(String),
}

/// Sends one batch. Refused as a whole (nothing of it landed), each row goes alone, so the report names exactly
/// the rows that failed and why; with Insert only, one already there is skipped, not failed. Each row is settled
/// as its answer comes; with no answer, the rows stay in doubt and the error ends the run.
async fn send(
    job: &JobContext,
    client: &Client,
    table: &str,
    conflict: Conflict,
    rows: Vec<Row>,
    shared: &Shared,
) -> Result<(), StorageError> {
    if job.cancel.is_cancelled() {
        return Err(StorageError::cancelled(t("table-import-plan-op")));
    }
    let was_in_doubt: Vec<bool> = {
        let mut p = lock(shared);
        rows.iter().map(|r| !p.in_doubt.insert(r.index)).collect()
    };
    let ops: Vec<BatchOperation> = rows.iter().map(|r| r.op.clone()).collect();
    match client.submit_batch(table, &ops).await {
        Ok(_) => {
            let mut p = lock(shared);
            for r in &rows {
                p.done.written += 1;
                p.settle(r.index);
            }
            job.progress.add(rows.len() as u64);
            return Ok(());
        }
        Err(e) if e.kind == ErrorKind::Service || e.kind == ErrorKind::Invalid => {}
        Err(e) => return Err(e),
    }
    for (r, was_in_doubt) in rows.iter().zip(was_in_doubt) {
        let fate = match client.submit_batch(table, std::slice::from_ref(&r.op)).await {
            Ok(_) => Fate::Written,
            Err(e) if conflict == Conflict::InsertOnly && e.code.as_deref() == Some("EntityAlreadyExists") => {
                match was_in_doubt && landed_before(client, table, &r.op).await? {
                    true => Fate::Written,
                    false => Fate::Skipped,
                }
            }
            Err(e) if e.kind == ErrorKind::Service || e.kind == ErrorKind::Invalid => {
                Fate::Failed(e.plain_words().replace('\n', " "))
            }
            Err(e) => return Err(e),
        };
        let (pk, rk) = r.op.keys();
        let row = |reason: String| ImportFailure {
            record: r.line,
            keys: format!("PartitionKey `{pk}`, RowKey `{rk}`"), // i18n-ignore: protocol names and data
            reason,
        };
        let mut p = lock(shared);
        match fate {
            Fate::Written => p.done.written += 1,
            Fate::Skipped => p.done.skipped.push(row(t("table-io-already-there"))),
            Fate::Failed(why) => p.done.failures.push(row(why)),
        }
        p.settle(r.index);
        job.progress.add(1);
    }
    Ok(())
}

/// Whether the entity already there is the row as this import writes it: sent before, its answer lost.
async fn landed_before(client: &Client, table: &str, op: &BatchOperation) -> Result<bool, StorageError> {
    let BatchOperation::Insert(draft) = op else {
        return Ok(false);
    };
    let there = client
        .get_entity(table, &draft.partition_key, &draft.row_key)
        .await?
        .to_draft();
    let sorted = |d: &EntityDraft| {
        let mut p = d.properties.clone();
        p.sort_by(|a, b| a.name.cmp(&b.name));
        p
    };
    Ok(sorted(&there) == sorted(draft))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(index: usize, pk: &str, bytes: usize) -> Row {
        Row {
            index,
            line: index + 2,
            op: BatchOperation::Insert(EntityDraft::new(pk, index.to_string())),
            bytes,
        }
    }

    #[test]
    fn rows_leave_in_full_batches_of_one_partition_within_4_mib_and_never_wait_long() {
        let mut b = Batcher::default();
        let mut ready = Vec::new();
        for i in 0..250 {
            b.add(row(i, "p", 100), &mut ready);
        }
        assert_eq!(ready.iter().map(Vec::len).collect::<Vec<_>>(), [100, 100]);
        assert_eq!(b.drain().iter().map(Vec::len).collect::<Vec<_>>(), [50]);
        // By size: 50 KB rows, as many as fit under 4 MiB.
        ready.clear();
        for i in 0..100 {
            b.add(row(i, "p", 50_000), &mut ready);
        }
        assert_eq!(ready.len(), 1);
        assert!((80..=83).contains(&ready[0].len()), "{}", ready[0].len());
        b.drain();
        // A key the file repeats goes in the next batch.
        ready.clear();
        let mut twice = row(1, "p", 10);
        twice.op = BatchOperation::Insert(EntityDraft::new("p", "0"));
        b.add(row(0, "p", 10), &mut ready);
        b.add(twice, &mut ready);
        assert_eq!(ready.len(), 1);
        b.drain();
        // Mixed partitions: never more than HOLD_ROWS held, and no row left behind for long.
        ready.clear();
        let mut most = 0;
        for i in 0..100_000 {
            b.add(row(i, &format!("p{}", i % 5_000), 10), &mut ready);
            most = most.max(b.held);
        }
        assert!(most <= HOLD_ROWS + 1, "{most}");
        let sent: usize = ready.iter().map(Vec::len).sum::<usize>() + b.drain().iter().map(Vec::len).sum::<usize>();
        assert_eq!(sent, 100_000, "every row once");
        assert!(ready.iter().all(|r| r.len() <= MAX_BATCH_OPERATIONS));
        // A row of a rare partition does not wait the whole file out.
        ready.clear();
        b.add(row(0, "rare", 10), &mut ready);
        for i in 1..HOLD_SPAN + 2 * HOLD_ROWS {
            b.add(row(i, "common", 10), &mut ready);
        }
        assert!(ready.iter().any(|r| r[0].index == 0), "the rare row left");
    }

    #[test]
    fn settled_rows_are_known_by_place_and_a_guid_is_the_same_for_the_same_place() {
        let mut p = Position::default();
        for i in [0, 1, 3, 4, 7] {
            p.settle(i);
        }
        assert_eq!((p.settled_below, p.settled.len(), p.settled_count()), (2, 3, 5));
        assert!(p.settled.contains(&3) && !p.settled.contains(&2));
        p.settle(2);
        assert_eq!((p.settled_below, p.settled.len()), (5, 1));
        let seed = [7u8; 16];
        assert_eq!(row_guid(&seed, 41), row_guid(&seed, 41));
        assert_ne!(row_guid(&seed, 41), row_guid(&seed, 42));
        assert_ne!(row_guid(&seed, 41), row_guid(&[8u8; 16], 41));
        let g = uuid::Uuid::parse_str(&row_guid(&seed, 0)).unwrap();
        assert_eq!(g.get_version_num(), 4, "shaped as the GUIDs people make");
    }
}
