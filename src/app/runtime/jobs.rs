//! Long jobs (transfers, scans, imports, seeding): progress, cancel and retry, as the activity list shows them.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio_util::sync::CancellationToken;

use crate::app::runtime::backend::{Backend, Pending};
use crate::app::runtime::in_flight::InFlight;
use crate::storage::StorageError;
use crate::storage::TransferProgress;

pub type JobId = u64;

/// What a job's work receives: where to report progress and how to notice a cancel.
#[derive(Clone)]
pub struct JobContext {
    pub progress: Arc<TransferProgress>,
    pub cancel: CancellationToken,
    /// A line on what the job does right now ("file 12 of 100,000: photos/a.jpg"), shown beside its progress.
    pub detail: Arc<std::sync::Mutex<Option<String>>>,
    /// Each item's state, for jobs over many items whose fates differ (a paste: copied, pending, skipped,
    /// failed), shown when the user opens the job's items.
    pub items: ItemStates,
}

/// Per-item states of a job, by item, in the order first reported.
pub type ItemStates = Arc<std::sync::Mutex<ItemList>>;

/// Items in the order first reported, with where each is: a state change finds its item at once however many
/// there are (a paste of 100,000 blobs reports each twice), under a lock the activity list also takes.
#[derive(Default)]
pub struct ItemList {
    rows: Vec<ItemRow>,
    at: std::collections::HashMap<String, usize>,
}

/// One item of a job as the activity list shows it: its name, its state in words, and whether the job gave it
/// up (failed, refused, not read): said by the job, never guessed from the words, which are in the window's
/// language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemRow {
    pub name: String,
    pub state: String,
    pub not_done: bool,
}

impl ItemList {
    fn set(&mut self, item: &str, state: String, not_done: bool) {
        match self.at.get(item) {
            Some(&i) => {
                self.rows[i].state = state;
                self.rows[i].not_done = not_done;
            }
            None => {
                self.at.insert(item.to_string(), self.rows.len());
                let name = item.to_string();
                self.rows.push(ItemRow { name, state, not_done });
            }
        }
    }
}

impl JobContext {
    pub fn say(&self, detail: impl Into<String>) {
        *self.detail.lock().expect("detail lock") = Some(detail.into());
    }

    /// Sets what became of `item`, or where it is ("pending 40%", "copied").
    pub fn item(&self, item: &str, state: impl Into<String>) {
        self.items.lock().expect("items lock").set(item, state.into(), false);
    }

    /// Names `item` as not done, with why ("failed: …", "not uploaded: …"): the activity list shows it in the
    /// error colour whatever the window's language.
    pub fn item_not_done(&self, item: &str, why: impl Into<String>) {
        self.item_ended(item, why, true);
    }

    /// Sets what became of `item` at its end: done, or not done (as `item_not_done`).
    pub fn item_ended(&self, item: &str, state: impl Into<String>, not_done: bool) {
        self.items.lock().expect("items lock").set(item, state.into(), not_done);
    }
}

pub type JobFuture = Pin<Box<dyn Future<Output = Result<String, StorageError>> + Send>>;

/// Typed results a job's work hands back to the feature that started it, beside its summary in words (the blobs a
/// delete removed): the work holds the sender (cloned into every run, so a Retry reports too), the feature keeps
/// the receiver and takes what arrived each frame. No lock is shared with the UI thread.
pub fn job_replies<T>() -> (ReplyTx<T>, JobReplies<T>) {
    let (tx, rx) = std::sync::mpsc::channel();
    (ReplyTx(tx), JobReplies(rx))
}

/// The work's side of `job_replies`.
pub struct ReplyTx<T>(std::sync::mpsc::Sender<T>);

impl<T> Clone for ReplyTx<T> {
    fn clone(&self) -> Self {
        ReplyTx(self.0.clone())
    }
}

impl<T> ReplyTx<T> {
    /// Hands `value` back; nothing happens when the feature that started the job is gone (its tab closed).
    pub fn send(&self, value: T) {
        let _ = self.0.send(value);
    }
}

/// The feature's side of `job_replies`.
pub struct JobReplies<T>(std::sync::mpsc::Receiver<T>);

impl<T> JobReplies<T> {
    /// What the jobs handed back since the last call.
    pub fn take(&self) -> Vec<T> {
        self.0.try_iter().collect()
    }
}

/// Starts the job's work; kept so a failed job can be started again.
pub type JobFactory = Arc<dyn Fn(JobContext) -> JobFuture + Send + Sync>;

/// What the progress counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Bytes,
    Items(&'static str),
}

#[derive(Clone, Debug)]
pub enum JobState {
    Running,
    Done(String),
    Failed(StorageError),
    Cancelled,
}

/// What a job changes: a container, table or queue (by name) of an account (by its profile id). When the job
/// ends, only the tabs showing it read again (a table and a container of one name in one account count alike:
/// a needless re-read, never a missed one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Touched {
    pub profile_id: String,
    pub name: String,
}

pub struct Job {
    pub id: JobId,
    /// What it changes (`Touched`).
    pub touches: Vec<Touched>,
    /// It may make containers, queues or tables (a seed, an import, an upload): the tree reads them again when
    /// it completes. Off for a job that changes only what is in one (a tier change).
    pub makes_resources: bool,
    pub title: String,
    pub unit: Unit,
    pub progress: Arc<TransferProgress>,
    pub cancel: CancellationToken,
    pub started: Instant,
    pub finished: Option<Instant>,
    pub state: JobState,
    detail: Arc<std::sync::Mutex<Option<String>>>,
    items: ItemStates,
    pending: InFlight<(), Result<String, StorageError>>,
    /// Kept while the job may be retried; dropped when it is done, with whatever its work held (an export's
    /// rows), so thousands of finished jobs hold only their lines in the list.
    factory: Option<JobFactory>,
}

impl Job {
    pub fn is_running(&self) -> bool {
        matches!(self.state, JobState::Running)
    }

    /// Cancel was pressed and the work is finishing its clean-up.
    pub fn is_cancelling(&self) -> bool {
        self.is_running() && self.cancel.is_cancelled()
    }

    /// What the job said it is doing now.
    pub fn detail(&self) -> Option<String> {
        self.detail.lock().expect("detail lock").clone()
    }

    /// The items in `rows` (those in view), with their states.
    pub fn items_in(&self, rows: std::ops::Range<usize>) -> Vec<ItemRow> {
        let items = &self.items.lock().expect("items lock").rows;
        let end = rows.end.min(items.len());
        items[rows.start.min(end)..end].to_vec()
    }

    /// How many items reported a state.
    pub fn item_count(&self) -> usize {
        self.items.lock().expect("items lock").rows.len()
    }

    /// Whether the job still holds its work (to retry it); a done job does not.
    pub fn can_retry(&self) -> bool {
        self.factory.is_some()
    }

    pub fn elapsed(&self) -> Duration {
        self.finished.unwrap_or_else(Instant::now) - self.started
    }

    /// Units per second so far.
    pub fn rate(&self) -> f64 {
        self.progress.done() as f64 / self.elapsed().as_secs_f64().max(0.001)
    }

    /// Fraction done, when the total is known.
    pub fn fraction(&self) -> Option<f32> {
        let total = self.progress.total();
        (total > 0).then(|| (self.progress.done() as f64 / total as f64).min(1.0) as f32)
    }
}

/// How long a cancelled job's work has to finish its own clean-up (a partial file removed, its journal entry
/// crossed out, pending server copies aborted) before it is dropped where it stands.
pub const CLEAN_UP: Duration = Duration::from_secs(20);

/// Every job of this session, newest last.
pub struct Jobs {
    pub(crate) list: Vec<Job>,
    next_id: JobId,
    /// The job whose items the activity list shows under it.
    pub(crate) items_shown: Option<JobId>,
    /// How long a cancelled job's work may take to clean up (`CLEAN_UP`; shorter in tests).
    clean_up: Duration,
    /// What the jobs that ended since the last `take_touched` changed.
    ended: Vec<Touched>,
    /// How many jobs failed this session: a larger count than last seen means one just failed.
    failed: u64,
}

impl Default for Jobs {
    fn default() -> Self {
        Jobs {
            list: Vec::new(),
            next_id: 0,
            items_shown: None,
            clean_up: CLEAN_UP,
            ended: Vec::new(),
            failed: 0,
        }
    }
}

impl Jobs {
    /// Starts a job. Its work is cancelled when the user cancels, whether or not it checks the token itself.
    pub fn start(&mut self, backend: &Backend, title: impl Into<String>, unit: Unit, factory: JobFactory) -> JobId {
        self.next_id += 1;
        let id = self.next_id;
        let (progress, cancel) = (TransferProgress::new(), CancellationToken::new());
        let (detail, items) = (Arc::default(), ItemStates::default());
        let pending = run(
            backend,
            &factory,
            (&progress, &cancel, self.clean_up),
            (&detail, &items),
        );
        self.list.push(Job {
            id,
            touches: Vec::new(),
            makes_resources: true,
            title: title.into(),
            unit,
            progress,
            cancel,
            started: Instant::now(),
            finished: None,
            state: JobState::Running,
            detail,
            items,
            pending: {
                let mut out = InFlight::default();
                out.start((), pending);
                out
            },
            factory: Some(factory),
        });
        id
    }

    /// Job `id` makes no container, queue or table: the tree is not read again when it completes.
    pub fn makes_no_resources(&mut self, id: JobId) {
        if let Some(job) = self.get(id) {
            job.makes_resources = false;
        }
    }

    /// Records that job `id` changes `what` (a tab's container, a paste's source).
    pub fn touch(&mut self, id: JobId, what: Touched) {
        if let Some(job) = self.get(id)
            && !job.touches.contains(&what)
        {
            job.touches.push(what);
        }
    }

    /// What the jobs that ended since the last call changed (ended in any way: a failed or cancelled job may
    /// have changed part of it).
    pub fn take_touched(&mut self) -> Vec<Touched> {
        std::mem::take(&mut self.ended)
    }

    /// Moves finished results into the jobs' states; call once per frame. True when one that may make containers,
    /// queues or tables completed this frame.
    pub fn poll(&mut self) -> bool {
        let mut completed = false;
        for job in &mut self.list {
            if let Some(result) = job.pending.take().map(|(_, v)| v) {
                self.ended.extend(job.touches.iter().cloned());
                job.finished = Some(Instant::now());
                job.state = match result {
                    Ok(summary) => {
                        completed |= job.makes_resources;
                        job.factory = None;
                        JobState::Done(summary)
                    }
                    Err(e) if e.kind == crate::storage::ErrorKind::Cancelled => JobState::Cancelled,
                    Err(e) => {
                        self.failed += 1;
                        JobState::Failed(e)
                    }
                };
            }
        }
        completed
    }

    pub fn cancel(&mut self, id: JobId) {
        if let Some(job) = self.get(id) {
            job.cancel.cancel();
        }
    }

    /// Quitting: every running job is cancelled; each runs its clean-up (a partial file removed, messages made
    /// visible) before it ends, or is dropped where it stands after `clean_up`.
    pub fn cancel_all(&mut self) {
        for job in self.list.iter().filter(|j| j.is_running()) {
            job.cancel.cancel();
        }
    }

    /// Starts a failed or cancelled job again with fresh progress.
    pub fn retry(&mut self, backend: &Backend, id: JobId) {
        let Some(job) = self.list.iter_mut().find(|j| j.id == id) else {
            return;
        };
        let Some(factory) = job.factory.as_ref().filter(|_| !job.is_running()) else {
            return;
        };
        job.progress = TransferProgress::new();
        job.cancel = CancellationToken::new();
        job.detail = Arc::default();
        job.items = ItemStates::default();
        job.pending.start(
            (),
            run(
                backend,
                factory,
                (&job.progress, &job.cancel, self.clean_up),
                (&job.detail, &job.items),
            ),
        );
        job.state = JobState::Running;
        job.started = Instant::now();
        job.finished = None;
    }

    /// Starts a job whose work is `work(job, state)`. `state` (what the work needs: a client, names, a path) is
    /// cloned for every run, so Retry in the activity list starts the same work afresh.
    pub fn run<S, W, F>(&mut self, backend: &Backend, title: impl Into<String>, unit: Unit, state: S, work: W) -> JobId
    where
        S: Clone + Send + Sync + 'static,
        W: Fn(JobContext, S) -> F + Send + Sync + 'static,
        F: Future<Output = Result<String, StorageError>> + Send + 'static,
    {
        let factory: JobFactory = Arc::new(move |job| Box::pin(work(job, state.clone())));
        self.start(backend, title, unit, factory)
    }

    /// Gives cancelled work this long to clean up instead of `CLEAN_UP`.
    pub fn with_clean_up(mut self, clean_up: Duration) -> Self {
        self.clean_up = clean_up;
        self
    }

    pub fn clear_finished(&mut self) {
        self.list.retain(Job::is_running);
    }

    /// The id of the latest job started (0: none yet): a larger one than last seen means a job began.
    pub fn last_started(&self) -> JobId {
        self.next_id
    }

    /// How many jobs failed this session.
    pub fn failures(&self) -> u64 {
        self.failed
    }

    /// Every job, oldest first.
    pub fn all(&self) -> &[Job] {
        &self.list
    }

    pub fn running(&self) -> usize {
        self.list.iter().filter(|j| j.is_running()).count()
    }

    pub fn get(&mut self, id: JobId) -> Option<&mut Job> {
        self.list.iter_mut().find(|j| j.id == id)
    }
}

fn run(
    backend: &Backend,
    factory: &JobFactory,
    (progress, cancel, clean_up): (&Arc<TransferProgress>, &CancellationToken, Duration),
    (detail, items): (&Arc<std::sync::Mutex<Option<String>>>, &ItemStates),
) -> Pending<Result<String, StorageError>> {
    let work = factory(JobContext {
        progress: progress.clone(),
        cancel: cancel.clone(),
        detail: detail.clone(),
        items: items.clone(),
    });
    let cancel = cancel.clone();
    backend.spawn(async move {
        // Work that checks the token itself must answer Err(cancelled) when it stopped for it: a summary so
        // far would read as complete ("1,600 entities" of a 10,000-entity table). Work that finished
        // everything as the cancel came keeps its Done, because what it did (a committed upload) happened.
        let mut work = work;
        tokio::select! {
            result = &mut work => return result,
            _ = cancel.cancelled() => {}
        }
        // Cancelled: the work sees the token too and is let finish its own clean-up (a download removes its
        // partial file and crosses out its journal entry, a paste aborts its pending copies). Only work that
        // ignores the token is dropped where it stands, once `clean_up` has passed.
        match tokio::time::timeout(clean_up, work).await {
            Ok(result) => result,
            Err(_) => Err(StorageError::cancelled(crate::i18n::t("runtime-jobs-op"))),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finish(jobs: &mut Jobs, id: JobId) -> JobState {
        while jobs.get(id).unwrap().is_running() {
            jobs.poll();
            std::thread::sleep(Duration::from_millis(1));
        }
        jobs.get(id).unwrap().state.clone()
    }

    #[test]
    fn only_a_job_that_may_make_containers_queues_or_tables_has_the_tree_read_when_it_completes() {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let backend = Backend::new(rt.handle().clone(), Arc::new(|| {}));
        let mut jobs = Jobs::default();
        let quick = || -> JobFactory { Arc::new(|_| Box::pin(async { Ok("done".to_string()) }) as JobFuture) };
        let tier = jobs.start(&backend, "Tier", Unit::Bytes, quick());
        jobs.makes_no_resources(tier);
        let mut completed = false;
        while jobs.get(tier).unwrap().is_running() {
            completed |= jobs.poll();
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(!completed, "a tier change makes no container");
        let upload = jobs.start(&backend, "Upload", Unit::Bytes, quick());
        while jobs.get(upload).unwrap().is_running() {
            completed |= jobs.poll();
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(completed, "an upload may make one");
    }

    #[test]
    fn what_an_ended_job_touched_is_told_once_and_only_for_jobs_that_ended() {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let backend = Backend::new(rt.handle().clone(), Arc::new(|| {}));
        let mut jobs = Jobs::default();
        let quick: JobFactory = Arc::new(|_| Box::pin(async { Ok("done".to_string()) }) as JobFuture);
        let slow: JobFactory = Arc::new(|_| {
            Box::pin(async {
                tokio::time::sleep(Duration::from_secs(60)).await;
                Ok("never".to_string())
            }) as JobFuture
        });
        let touched = |name: &str| Touched {
            profile_id: "p".into(),
            name: name.into(),
        };
        let (a, b) = (
            jobs.start(&backend, "Quick", Unit::Bytes, quick),
            jobs.start(&backend, "Slow", Unit::Bytes, slow),
        );
        jobs.touch(a, touched("a"));
        jobs.touch(a, touched("a"));
        jobs.touch(a, touched("source"));
        jobs.touch(b, touched("b"));
        finish(&mut jobs, a);
        assert_eq!(jobs.take_touched(), [touched("a"), touched("source")]);
        assert!(jobs.take_touched().is_empty(), "told once");
        assert!(jobs.get(b).unwrap().is_running());
    }

    #[test]
    fn work_that_ignores_the_token_is_stopped_by_a_cancel() {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let backend = Backend::new(rt.handle().clone(), Arc::new(|| {}));
        let mut jobs = Jobs::default().with_clean_up(Duration::from_millis(200));
        let factory: JobFactory = Arc::new(|_| {
            Box::pin(async {
                tokio::time::sleep(Duration::from_secs(60)).await;
                Ok("never".to_string())
            }) as JobFuture
        });
        let id = jobs.start(&backend, "Slow", Unit::Items("entities"), factory);
        jobs.cancel(id);
        assert!(matches!(finish(&mut jobs, id), JobState::Cancelled));
        // Retry runs the work again, and that run can finish on its own terms.
        jobs.retry(&backend, id);
        assert!(jobs.get(id).unwrap().is_running());
    }

    #[test]
    fn cancelled_work_that_sees_the_token_finishes_its_clean_up() {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let backend = Backend::new(rt.handle().clone(), Arc::new(|| {}));
        let mut jobs = Jobs::default();
        let cleaned = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let started = Arc::new(tokio::sync::Notify::new());
        let (c, s) = (cleaned.clone(), started.clone());
        let id = jobs.run(&backend, "Download", Unit::Bytes, (), move |job, ()| {
            let (cleaned, started) = (c.clone(), s.clone());
            async move {
                started.notify_one();
                job.cancel.cancelled().await;
                // Clean-up that takes a while (aborting server copies, removing a partial file).
                tokio::time::sleep(Duration::from_millis(300)).await;
                cleaned.store(true, std::sync::atomic::Ordering::SeqCst);
                Err(StorageError::cancelled("Download"))
            }
        });
        rt.block_on(started.notified());
        jobs.cancel(id);
        assert!(jobs.get(id).unwrap().is_cancelling());
        assert!(matches!(finish(&mut jobs, id), JobState::Cancelled));
        assert!(
            cleaned.load(std::sync::atomic::Ordering::SeqCst),
            "the job ended before its work cleaned up"
        );
    }

    #[test]
    fn an_item_reported_again_keeps_its_place_with_its_new_state() {
        let mut list = ItemList::default();
        list.set("a", "copying".into(), false);
        list.set("b", "copying".into(), false);
        list.set("a", "failed: gone".into(), true);
        let row = |name: &str, state: &str, not_done| ItemRow {
            name: name.into(),
            state: state.into(),
            not_done,
        };
        assert_eq!(list.rows, [row("a", "failed: gone", true), row("b", "copying", false)]);
    }

    #[test]
    fn work_that_finishes_uncancelled_is_done_with_its_summary() {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let backend = Backend::new(rt.handle().clone(), Arc::new(|| {}));
        let mut jobs = Jobs::default();
        let factory: JobFactory = Arc::new(|_| Box::pin(async { Ok("3 pages".to_string()) }) as JobFuture);
        let id = jobs.start(&backend, "Load all", Unit::Items("entities"), factory);
        assert!(matches!(finish(&mut jobs, id), JobState::Done(s) if s == "3 pages"));
    }

    #[test]
    fn a_done_job_lets_go_of_what_its_work_held_and_a_failed_one_keeps_it_for_retry() {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let backend = Backend::new(rt.handle().clone(), Arc::new(|| {}));
        let mut jobs = Jobs::default();
        let rows = Arc::new(vec![0u8; 1 << 20]);
        let held = Arc::downgrade(&rows);
        let ok = jobs.run(
            &backend,
            "Export",
            Unit::Items("entities"),
            rows,
            |_, rows| async move { Ok(format!("{} bytes", rows.len())) },
        );
        assert!(matches!(finish(&mut jobs, ok), JobState::Done(_)));
        assert!(held.upgrade().is_none(), "a finished export still holds its rows");
        assert!(!jobs.get(ok).unwrap().can_retry());

        let kept = Arc::new(vec![0u8; 16]);
        let still = Arc::downgrade(&kept);
        let failed = jobs.run(&backend, "Export", Unit::Items("entities"), kept, |_, _| async move {
            Err(StorageError::invalid("Export", "the disk is full"))
        });
        assert!(matches!(finish(&mut jobs, failed), JobState::Failed(_)));
        assert!(still.upgrade().is_some() && jobs.get(failed).unwrap().can_retry());
    }
}
