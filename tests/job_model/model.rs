//! The one model every job is held to: a case sets up a target and an outside around it, starts its job as a
//! user does, and judges each item from the job's words against what the service (read by Microsoft's Python
//! SDK) and the disk hold. The driver runs the case through the fault proxies with seeded faults and latency,
//! and lets a Cancel, a Retry, a tab close and the window's close fall at seeded points (counted in requests
//! the proxy saw since the job started), then snapshots the outside again.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use egui::{ViewportEvent, ViewportId};
use egui_kittest::kittest::Queryable;
use md5::Digest;
use tessera::app::runtime::dialogs::ScriptedDialogs;
use tessera::app::runtime::jobs::JobState;
use tessera::storage::Account;

use crate::common::fault_proxy::{Fault, FaultProxy};
use crate::ui::TestApp;

/// What the job said of one item, as the model reads its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Said {
    Done,
    NotDone,
    /// It may or may not have happened, and the job says so.
    Unknown,
}

/// What the service and the disk hold for one item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    Done,
    NotDone,
    /// Done more than once (a second copy, a second message).
    Twice,
}

/// One item judged: what the job said, what is there, and the words the job used.
#[derive(Clone, Debug)]
pub struct Judged {
    pub item: String,
    pub said: Said,
    pub found: Found,
    pub words: String,
}

/// How the job ended the last time it ran, as the activity list shows it.
#[derive(Clone, Debug, PartialEq)]
pub enum Ended {
    Done(String),
    Failed(String),
    Cancelled,
    /// A write sent through a tab (not a job) whose words the pane showed, or None when its tab was closed first.
    Said(Option<String>),
}

/// What the job reported, over all its runs: each item's last state (a Retry starts the items afresh; an item a
/// later run did not mention keeps what an earlier run said of it), and how the last run ended.
#[derive(Clone, Debug)]
pub struct Seen {
    pub items: BTreeMap<String, String>,
    pub ended: Ended,
    /// What the pane says of the job at the end (`Case::said`), where the tab is still open.
    pub pane: Option<String>,
}

impl Seen {
    /// The job's last words (its summary, or why it failed).
    pub fn words(&self) -> String {
        match &self.ended {
            Ended::Done(s) | Ended::Failed(s) => s.clone(),
            Ended::Said(s) => s.clone().unwrap_or_default(),
            Ended::Cancelled => String::new(),
        }
    }
}

/// The words a job uses for an outcome it cannot know (the pipeline's "outcome unknown" hint, in English).
pub fn says_unknown(words: &str) -> bool {
    words.contains("may or may not have taken effect")
}

/// A place's fingerprint: each thing in it (a blob, a file, a message) and what it holds.
pub type Snapshot = BTreeMap<String, String>;

/// What differs between two snapshots of the outside.
pub fn touched(before: &Snapshot, after: &Snapshot) -> Vec<String> {
    let mut out = Vec::new();
    for (k, v) in before {
        match after.get(k) {
            None => out.push(format!("{k} is gone")),
            Some(w) if w != v => out.push(format!("{k} changed ({v} -> {w})")),
            _ => {}
        }
    }
    for k in after.keys().filter(|k| !before.contains_key(*k)) {
        out.push(format!("{k} appeared"));
    }
    out
}

/// How the work a case starts is followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// A job in the activity list: Cancel and Retry apply.
    Job,
    /// Writes sent through the tab, whose result the pane says: neither Cancel nor Retry exists.
    Sent,
}

/// Whose requests are the clock of the case's interruptions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    Blob,
    Queue,
}

/// One job set up around its target: the rest of the model needs only this.
pub trait Case {
    /// What the case is, for a failure's message.
    fn describe(&self) -> String;
    /// The outside: everything around the target the job must leave as it is.
    fn outside(&self) -> Snapshot;
    /// Starts the job as a user does, answering file dialogs through `dialogs`; `arm` turns the proxies' faults
    /// on, called just before the click that starts the job (what leads up to it goes undisturbed).
    fn start(&mut self, t: &mut TestApp, dialogs: &ScriptedDialogs, arm: &mut dyn FnMut());
    /// Whether a job of this title is the case's job.
    fn is_job(&self, title: &str) -> bool;
    /// Each item judged from the job's words against the service and the disk.
    fn judge(&self, seen: &Seen) -> Vec<Judged>;
    /// About how many requests the job sends when nothing fails (where the interruptions are drawn from).
    fn requests(&self) -> usize;
    fn work(&self) -> Work {
        Work::Job
    }
    fn clock(&self) -> Clock {
        Clock::Blob
    }
    /// The words of a `Work::Sent` case's result, once the pane says them.
    fn said(&self, _: &TestApp) -> Option<String> {
        None
    }
    /// A Cancel the user gives in the pane itself rather than the activity list (a change of many blobs' own
    /// Cancel and Resume buttons), when the pane is shown: the buttons' labels.
    fn own_buttons(&self) -> Option<(&'static str, &'static str)> {
        None
    }
}

/// Where the interruptions fall and how the faults are drawn, for one seed.
#[derive(Clone, Debug)]
pub struct Script {
    pub seed: u64,
    /// The share of requests that meet a fault.
    pub share: f64,
    pub latency: Duration,
    pub cancel_at: Option<usize>,
    pub close_tab_at: Option<usize>,
    pub quit_at: Option<usize>,
    /// Retries pressed with the faults still on, after a failed or cancelled run.
    pub retries: usize,
    /// A last Retry with the faults off, after which every item must have been done (or named as not done).
    pub clean_retry: bool,
    /// Cancel and Resume with the pane's own buttons where it has them, rather than the activity list's.
    pub own_buttons: bool,
}

impl Script {
    pub fn draw(seed: u64, requests: usize, work: Work) -> Script {
        let mut rng = fastrand::Rng::with_seed(seed ^ 0x5eed_10b5);
        let mut at = |p: f64| (rng.f64() < p).then(|| rng.usize(0..=requests.max(1)));
        let (cancel_at, close_tab_at, quit_at) = (at(0.5), at(0.3), at(0.2));
        let job = work == Work::Job;
        Script {
            seed,
            share: [0.05, 0.1, 0.15, 0.2][rng.usize(0..4)],
            latency: Duration::from_millis(rng.u64(10..80)),
            cancel_at: cancel_at.filter(|_| job),
            close_tab_at,
            quit_at,
            retries: if job { rng.usize(0..=2) } else { 0 },
            clean_retry: job && rng.f64() < 0.8,
            own_buttons: rng.bool(),
        }
    }
}

/// Every fault the model draws from: a busy or failing service, resets before and after it acted, a body cut
/// off, a stall past the read timeout, a slow reply.
pub fn faults() -> Vec<Fault> {
    crate::common::soak::every_fault()
}

/// What one case came to.
#[derive(Clone, Debug, Default)]
pub struct Figures {
    pub cases: usize,
    pub items: usize,
    pub requests: usize,
    pub faults: BTreeMap<&'static str, usize>,
    pub cancels: usize,
    pub retries: usize,
    pub tab_closes: usize,
    pub quits: usize,
    pub done: usize,
    pub not_done: usize,
    pub unknown: usize,
    /// Unknown outcomes the read-back found one way or the other (an unknown found twice is a duplicate).
    pub unknown_explained: usize,
    pub lost: Vec<String>,
    pub duplicated: Vec<String>,
    /// Said not done (skipped, failed, kept, never reached), yet the service or the disk holds it done.
    pub disagreed: Vec<String>,
    pub outside_touched: Vec<String>,
}

impl Figures {
    pub fn add(&mut self, other: Figures) {
        self.cases += other.cases;
        self.items += other.items;
        self.requests += other.requests;
        for (k, n) in other.faults {
            *self.faults.entry(k).or_default() += n;
        }
        self.cancels += other.cancels;
        self.retries += other.retries;
        self.tab_closes += other.tab_closes;
        self.quits += other.quits;
        self.done += other.done;
        self.not_done += other.not_done;
        self.unknown += other.unknown;
        self.unknown_explained += other.unknown_explained;
        self.lost.extend(other.lost);
        self.duplicated.extend(other.duplicated);
        self.disagreed.extend(other.disagreed);
        self.outside_touched.extend(other.outside_touched);
    }

    pub fn is_clean(&self) -> bool {
        self.lost.is_empty()
            && self.duplicated.is_empty()
            && self.disagreed.is_empty()
            && self.outside_touched.is_empty()
    }

    /// One line for the benchmarks document.
    pub fn line(&self, kind: &str) -> String {
        let faults: usize = self.faults.values().sum();
        format!(
            "job model: {kind}: {} cases, {} items, {} requests, {faults} faults {:?}; {} cancels, {} retries, {} tab \
             closes, {} quits; done {}, not done {}, unknown {} (explained {}); lost {}, duplicated {}, said not done \
             but done {}, outside touched {}",
            self.cases,
            self.items,
            self.requests,
            self.faults,
            self.cancels,
            self.retries,
            self.tab_closes,
            self.quits,
            self.done,
            self.not_done,
            self.unknown,
            self.unknown_explained,
            self.lost.len(),
            self.duplicated.len(),
            self.disagreed.len(),
            self.outside_touched.len()
        )
    }
}

/// The accounts a case's app reaches the service through, and the proxies in between.
pub struct Line {
    pub account: Account,
    pub proxies: [FaultProxy; 3],
}

impl Line {
    pub fn new(rt: &tokio::runtime::Runtime) -> Line {
        let (account, proxies) = rt.block_on(crate::common::account_through_proxies());
        Line { account, proxies }
    }

    fn set_faults(&self, script: Option<&Script>) {
        for (n, p) in self.proxies.iter().enumerate() {
            p.random_faults(script.map(|s| (s.share, faults(), s.seed.wrapping_mul(31).wrapping_add(n as u64))));
            let latency = script.map_or(Duration::ZERO, |s| s.latency);
            p.latency(latency, latency / 2);
        }
    }

    fn requests(&self, clock: Clock) -> usize {
        self.proxies[match clock {
            Clock::Blob => 0,
            Clock::Queue => 1,
        }]
        .requests()
    }

    fn fault_counts(&self) -> BTreeMap<&'static str, usize> {
        let mut out = BTreeMap::new();
        for p in &self.proxies {
            for (k, n) in p.fault_counts() {
                *out.entry(k).or_default() += n;
            }
        }
        out
    }

    fn all_requests(&self) -> usize {
        self.proxies.iter().map(FaultProxy::requests).sum()
    }
}

/// The app as a user starts it for one case: the account through the proxies, the soak's client (a short read
/// timeout, so a stall fails the attempt; short retry delays; no breaker), file dialogs the case answers.
pub fn app<'a>(rt: &tokio::runtime::Runtime, line: &Line, dialogs: &std::sync::Arc<ScriptedDialogs>) -> TestApp<'a> {
    let mut t = TestApp::with_account(rt, &line.account);
    t.harness
        .state_mut()
        .set_client_options(crate::common::soak::client_options());
    t.harness.state_mut().set_dialogs(dialogs.clone());
    t
}

/// How long one case may take before it fails in words.
const CASE_PATIENCE: Duration = Duration::from_secs(180);

/// Runs one case under `script` and judges it.
pub fn run(t: &mut TestApp, line: &Line, case: &mut dyn Case, script: &Script, dialogs: &ScriptedDialogs) -> Figures {
    let outside_before = case.outside();
    let (faults_before, requests_before) = (line.fault_counts(), line.all_requests());
    let jobs_before = t.harness.state().jobs().iter().map(|j| j.id).max().unwrap_or(0);
    let (clock, mut clock0) = (case.clock(), 0);
    case.start(t, dialogs, &mut || {
        line.set_faults(Some(script));
        clock0 = line.requests(clock);
    });
    let mut fig = Figures {
        cases: 1,
        ..Figures::default()
    };
    let (mut cancel_at, mut close_at, mut quit_at) = (script.cancel_at, script.close_tab_at, script.quit_at);
    let (mut retries, mut clean) = (script.retries, script.clean_retry);
    let mut items: BTreeMap<String, String> = BTreeMap::new();
    let (mut runs, mut quit, mut tab_open) = (1, false, true);
    let deadline = Instant::now() + CASE_PATIENCE;
    let ended = loop {
        assert!(
            Instant::now() < deadline,
            "{}: the job did not end within {CASE_PATIENCE:?} under {script:?}; {}",
            case.describe(),
            t.describe()
        );
        t.step();
        std::thread::sleep(Duration::from_millis(5));
        let now = line.requests(clock).saturating_sub(clock0);
        let due = |at: &mut Option<usize>| at.take_if(|at| now >= *at).is_some();
        let job = match case.work() {
            Work::Job => {
                let Some(job) = (t.harness.state().jobs().iter()).find(|j| j.id > jobs_before && case.is_job(&j.title))
                else {
                    continue;
                };
                Some((job.title.clone(), job.state.clone(), job.items_in(0..job.item_count())))
            }
            Work::Sent => None,
        };
        let running = match &job {
            Some((_, state, _)) => matches!(state, JobState::Running),
            None => !quit && tab_open && case.said(t).is_none(),
        };
        if running {
            if due(&mut quit_at) {
                fig.quits += 1;
                quit_the_window(t);
                quit = true;
                continue;
            }
            if due(&mut close_at) && tab_open && t.harness.state().open_tab_count() > 0 {
                fig.tab_closes += 1;
                t.close_tab();
                tab_open = false;
                continue;
            }
            if let Some((title, ..)) = &job
                && due(&mut cancel_at)
            {
                fig.cancels += 1;
                press_cancel(t, case, title, tab_open && script.own_buttons);
            }
            continue;
        }
        let Some((title, state, run_items)) = job else {
            if !tab_open || quit {
                // Its tab or the window is gone, and nothing will say when the work sent ends: it ends when the
                // proxies have been quiet a while (the app keeps sending until it is done).
                settle(t, line);
            }
            break Ended::Said(if tab_open { case.said(t) } else { None });
        };
        if std::env::var_os("TESSERA_JOB_MODEL_TRACE").is_some() {
            eprintln!("  run {runs} ended {state:?}: {run_items:#?}");
        }
        items.extend(run_items.into_iter().map(|r| (r.name, r.state)));
        let ended = match state {
            JobState::Done(s) => Ended::Done(s),
            JobState::Failed(e) => Ended::Failed(e.plain_words()),
            JobState::Cancelled => Ended::Cancelled,
            JobState::Running => unreachable!(),
        };
        if matches!(ended, Ended::Done(_)) || quit {
            break ended;
        }
        if retries > 0 {
            retries -= 1;
        } else if clean {
            clean = false;
            line.set_faults(None);
        } else {
            break ended;
        }
        fig.retries += 1;
        runs += 1;
        press_retry(t, case, &title, tab_open && script.own_buttons);
    };
    line.set_faults(None);
    let pane = if tab_open && !quit { case.said(t) } else { None };
    let seen = Seen { items, ended, pane };
    let judged = case.judge(&seen);
    fig.items = judged.len();
    fig.requests = line.all_requests() - requests_before;
    for (k, n) in line.fault_counts() {
        let before = faults_before.get(k).copied().unwrap_or(0);
        if n > before {
            fig.faults.insert(k, n - before);
        }
    }
    let name = |j: &Judged| {
        format!(
            "{}: {} ({:?} said {:?}: {})",
            case.describe(),
            j.item,
            j.found,
            j.said,
            j.words
        )
    };
    for j in &judged {
        match j.said {
            Said::Done => fig.done += 1,
            Said::NotDone => fig.not_done += 1,
            Said::Unknown => fig.unknown += 1,
        }
        match (j.said, j.found) {
            (_, Found::Twice) => fig.duplicated.push(name(j)),
            (Said::Done, Found::NotDone) => fig.lost.push(name(j)),
            (Said::NotDone, Found::Done) => fig.disagreed.push(name(j)),
            (Said::Unknown, _) => fig.unknown_explained += 1,
            _ => {}
        }
    }
    fig.outside_touched = (touched(&outside_before, &case.outside()).into_iter())
        .map(|w| format!("{}: {w}", case.describe()))
        .collect();
    fig
}

/// Waits until no request has gone through the proxies for two seconds (a minute at most), frames drawn all along.
fn settle(t: &mut TestApp, line: &Line) {
    let (deadline, mut last, mut quiet_since) = (
        Instant::now() + Duration::from_secs(60),
        line.all_requests(),
        Instant::now(),
    );
    while Instant::now() < deadline && quiet_since.elapsed() < Duration::from_secs(2) {
        if !t.harness.state().window_closed() {
            t.step();
        }
        std::thread::sleep(Duration::from_millis(20));
        let now = line.all_requests();
        if now != last {
            (last, quiet_since) = (now, Instant::now());
        }
    }
}

/// Cancel: in the pane where it has its own button and is shown, else in the activity list.
fn press_cancel(t: &mut TestApp, case: &dyn Case, title: &str, own: bool) {
    // The job may end between the frame that saw it running and this one: then there is nothing to press.
    let label = match case.own_buttons().filter(|_| own) {
        Some((cancel, _)) if t.harness.query_by_label(cancel).is_some() => cancel.to_string(),
        _ => format!("Cancel {title}"),
    };
    if let Some(button) = t.harness.query_by_label(&label) {
        button.click_accesskit();
        t.step();
    }
}

/// Retry (or the pane's Resume) of a job that ended cancelled or failed.
fn press_retry(t: &mut TestApp, case: &dyn Case, title: &str, own: bool) {
    if let Some((_, resume)) = case.own_buttons().filter(|_| own) {
        t.step();
        if t.harness.query_by_label(resume).is_some() {
            t.press(resume);
            return;
        }
    }
    t.press(&format!("Retry {title}"));
}

/// The user closes the window while the job runs, and answers Quit anyway when asked: the window goes once every
/// cancelled job has done its clean-up.
fn quit_the_window(t: &mut TestApp) {
    let viewport = t.harness.input_mut().viewports.entry(ViewportId::ROOT).or_default();
    viewport.events.push(ViewportEvent::Close);
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        t.step();
        if t.harness.state().window_closed() {
            return;
        }
        // Asked (the job may end meanwhile, and the window go without an answer).
        if let Some(quit) = t.harness.query_by_label("Quit anyway") {
            quit.click_accesskit();
        }
        assert!(
            Instant::now() < deadline,
            "the window did not close: {:?}; {}",
            tessera::app::frame::quitting::AtWork::of(t.harness.state()),
            t.describe()
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The blobs of containers as Microsoft's SDK reads them: name -> (content MD5 in hex, metadata).
pub fn blobs(containers: &[&str]) -> BTreeMap<String, BTreeMap<String, Blob>> {
    let mut args = vec!["container-state"];
    args.extend_from_slice(containers);
    let v = crate::common::peer::run(&crate::common::emulator().connection_string(), &args);
    serde_json::from_value(v).expect("the peer's container state")
}

/// A blob as the SDK read it.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
pub struct Blob {
    pub md5: String,
    pub size: u64,
    pub metadata: BTreeMap<String, String>,
    pub content_type: Option<String>,
}

impl Blob {
    pub fn fingerprint(&self) -> String {
        let mut meta: Vec<String> = self.metadata.iter().map(|(k, v)| format!("{k}={v}")).collect();
        meta.sort();
        format!("{} {}b [{}]", &self.md5[..8], self.size, meta.join(","))
    }
}

/// Queues as the SDK peeks them: their first 32 messages' texts and their counts.
pub fn queues(names: &[&str]) -> BTreeMap<String, QueueSeen> {
    let mut args = vec!["queue-state"];
    args.extend_from_slice(names);
    let v = crate::common::peer::run(&crate::common::emulator().connection_string(), &args);
    serde_json::from_value(v).expect("the peer's queue state")
}

#[derive(Clone, Debug, serde::Deserialize)]
pub struct QueueSeen {
    pub messages: Vec<String>,
    pub count: u64,
}

/// A content's MD5 in hex, as `container-state` gives it.
pub fn md5_hex(body: &[u8]) -> String {
    md5::Md5::digest(body).iter().map(|b| format!("{b:02x}")).collect()
}

/// A local folder's fingerprint, links seen as links (never followed): each file's MD5 and size and each link's
/// target, by its path from `root` (a folder made on the way to a file is no change of its own).
pub fn disk(root: &Path) -> Snapshot {
    let mut out = Snapshot::new();
    for entry in walkdir::WalkDir::new(root).follow_links(false).sort_by_file_name() {
        let entry = entry.expect("the model's own folders are readable");
        let name = entry
            .path()
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let kind = entry.file_type();
        let what = if kind.is_symlink() {
            format!("link to {}", std::fs::read_link(entry.path()).unwrap().display())
        } else if kind.is_dir() {
            continue;
        } else {
            let body = std::fs::read(entry.path()).unwrap();
            format!("{} {}b", &md5_hex(&body)[..8], body.len())
        };
        out.insert(name, what);
    }
    out
}

/// The seeds a model test runs: `TESSERA_JOB_MODEL_SEEDS` seeds of each job (the long run on demand), or
/// `default`, from `TESSERA_JOB_MODEL_FIRST_SEED` (1 unless set: a failure names its seed); then, when the first
/// seed is not chosen, the seeds that once found a bug in the job (`found`), so CI keeps them.
pub fn seeds(default: u64, found: &[u64]) -> Vec<u64> {
    let var = |name: &str| std::env::var(name).ok().and_then(|s| s.parse::<u64>().ok());
    let first = var("TESSERA_JOB_MODEL_FIRST_SEED");
    let run = first.unwrap_or(1)..first.unwrap_or(1) + var("TESSERA_JOB_MODEL_SEEDS").unwrap_or(default);
    let again = found.iter().copied().filter(|s| first.is_none() && !run.contains(s));
    run.clone().chain(again).collect()
}

/// Runs `case` for every seed, each in a new app, and asserts the model's figures: nothing lost, nothing done
/// twice, no item said not done that was done, nothing outside touched; prints the figures.
pub fn hold<C: Case>(
    kind: &str,
    rt: &tokio::runtime::Runtime,
    (default_seeds, found): (u64, &[u64]),
    mut make: impl FnMut(u64, &Line) -> C,
) -> Figures {
    let line = Line::new(rt);
    let mut all = Figures::default();
    for seed in seeds(default_seeds, found) {
        let mut case = make(seed, &line);
        let script = Script::draw(seed, case.requests(), case.work());
        let dialogs = ScriptedDialogs::new();
        let mut t = app(rt, &line, &dialogs);
        let fig = run(&mut t, &line, &mut case, &script, &dialogs);
        eprintln!("{kind} seed {seed}: {script:?}\n  {}", fig.line(kind));
        all.add(fig);
    }
    eprintln!("{}", all.line(kind));
    assert!(all.is_clean(), "the {kind} model found damage: {all:#?}");
    all
}
