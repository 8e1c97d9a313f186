//! The conflict lab's engine: two independent clients, A and B, on one account, whose requests land on one
//! timeline; the ready-made scenarios (data in `scenarios`, played by `steps`); and the state each side holds
//! (its ETag, its lease id, its pop receipt). Free mode is in `free`, drawing in `view`.

pub mod export;
pub mod free;
pub mod free_export;
pub mod lens_steps;
pub mod scenarios;
pub mod steps;
pub mod view;

use std::sync::{Arc, Mutex};

use crate::app::context::{Backend, InFlight};
use crate::app::lab::scenarios::{SCENARIOS, Scenario};
use crate::app::widgets::i18n::t;
use crate::storage::RetryPolicy;
use crate::storage::blob::Conditions;
use crate::storage::{Account, Client, ClientOptions, RequestEvent, StorageError};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    A,
    B,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::A => "A",
            Side::B => "B",
        }
    }
}

/// One request on the shared timeline, with who sent it.
#[derive(Clone, Debug)]
pub struct LabEvent {
    pub side: Side,
    pub event: RequestEvent,
}

impl LabEvent {
    /// What the request carried to say which version or lock it meant.
    pub fn conditions(&self) -> String {
        let e = &self.event;
        let mut parts = Vec::new();
        for h in [
            "if-match",
            "if-none-match",
            "x-ms-lease-id",
            "x-ms-proposed-lease-id",
            "x-ms-lease-action",
            "x-ms-blob-condition-appendpos",
            "x-ms-blob-condition-maxsize",
        ] {
            if let Some(v) = e.request_header(h) {
                // The append conditions by their last word: the column is narrow, and the value is the point.
                let name = h.strip_prefix("x-ms-blob-condition-").unwrap_or(h);
                parts.push(format!("{name}: {v}"));
            }
        }
        if let Some(receipt) = e.url.split("popreceipt=").nth(1) {
            parts.push(format!("popreceipt: {}", receipt.split('&').next().unwrap_or(""))); // i18n-ignore: a protocol name
        }
        parts.join(", ")
    }

    /// What came back that matters for concurrency: the new ETag, lease id, receipt, or the error code.
    pub fn outcome(&self) -> String {
        let e = &self.event;
        let mut parts = vec![match (e.status, &e.error_code) {
            (Some(s), Some(c)) => format!("{s} {c}"),
            (Some(s), None) => s.to_string(),
            (None, _) => e
                .note
                .as_ref()
                .map_or_else(|| t("lab-mod-no-answer"), |n| n.to_string()),
        }];
        for h in [
            "etag",
            "x-ms-lease-id",
            "x-ms-lease-time",
            "x-ms-popreceipt",
            "x-ms-time-next-visible",
            "x-ms-blob-append-offset",
        ] {
            if let Some(v) = e.response_header(h) {
                parts.push(format!("{h}: {v}"));
            }
        }
        parts.join(", ")
    }
}

/// What each side remembers between steps.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    pub etag: [Option<String>; 2],
    pub lease: [Option<String>; 2],
    /// (message id, pop receipt) per side.
    pub receipt: [Option<(String, String)>; 2],
    /// Who holds the lock in the leader election.
    pub leader: Option<Side>,
    /// The length of the append blob each side last saw: where it expects its next append to land.
    pub position: [Option<u64>; 2],
}

pub(crate) fn slot(side: Side) -> usize {
    side as usize
}

/// The resources a run works on, named freshly so runs never meet.
#[derive(Clone, Debug)]
pub struct Names {
    pub table: String,
    pub container: String,
    pub queue: String,
}

impl Names {
    pub fn fresh() -> Names {
        let id = uuid::Uuid::new_v4().simple().to_string()[..10].to_string();
        Names {
            table: format!("conflictlab{id}"),       // i18n-ignore: resource names
            container: format!("conflict-lab-{id}"), // i18n-ignore: resource names
            queue: format!("conflict-lab-{id}"),     // i18n-ignore: resource names
        }
    }
}

/// The two clients and what they remember.
pub struct LabEnv {
    pub(crate) a: Client,
    pub(crate) b: Client,
    pub(crate) names: Names,
    pub(crate) memory: Mutex<Memory>,
    /// The account and A's timeline: what a lens scenario needs to put A behind a lens.
    pub(crate) account: Account,
    pub(crate) a_events: crate::storage::EventSink,
    /// The lens A's requests go through in a lens scenario (stopped when the run is replaced or the lab closes).
    pub(crate) lens: Mutex<Option<lens_steps::LabLens>>,
}

impl LabEnv {
    /// The side's client: A's goes through the lens once a lens scenario put it there.
    pub fn client(&self, side: Side) -> Client {
        match side {
            Side::A => match &*self.lens.lock().expect("lab lens") {
                Some(through) => through.app.clone(),
                None => self.a.clone(),
            },
            Side::B => self.b.clone(),
        }
    }

    pub(crate) fn remember(&self, f: impl FnOnce(&mut Memory)) {
        f(&mut self.memory.lock().expect("lab memory"));
    }

    pub(crate) fn recall(&self) -> Memory {
        self.memory.lock().expect("lab memory").clone()
    }
}

/// A step's outcome: what happened, and whether it is what the scenario expected.
#[derive(Clone, Debug)]
pub struct StepOutcome {
    pub text: String,
    pub as_expected: bool,
}

/// A scenario in progress: which step is next, and what each one did.
pub struct Run {
    pub(crate) scenario: usize,
    pub(crate) next: usize,
    pub(crate) set_up: bool,
    pub(crate) outcomes: Vec<(String, StepOutcome)>,
    running: InFlight<(), StepOutcome>,
    pub(crate) playing: bool,
    /// The scenario was copied as a Python test.
    pub(crate) exported: bool,
}

impl Run {
    pub fn busy(&self) -> bool {
        self.running.is_out(&())
    }
}

/// The lab: two clients, the timeline, and the scenario being played.
pub struct ConflictLab {
    pub(crate) account_label: String,
    /// The account's identity (`Account::identity`): which account the lab is on.
    pub(crate) account_identity: String,
    pub(crate) env: Arc<LabEnv>,
    pub(crate) timeline: Vec<LabEvent>,
    events: crate::app::context::feed::Feed<LabEvent>,
    pub(crate) scenarios: &'static [Scenario],
    pub(crate) run: Option<Run>,
    pub(crate) free: crate::app::lab::free::FreeMode,
    pub(crate) leases_seen: crate::app::widgets::lease_timeline::LeaseTimeline,
    /// An ordinary client (no timeline) that deletes what a finished run made.
    cleaner: Client,
    backend: Backend,
}

impl Drop for ConflictLab {
    /// Closing the lab deletes the last run's resources, so the account does not fill with lab leftovers.
    fn drop(&mut self) {
        clean_up(&self.cleaner, &self.env.names, &self.backend);
    }
}

/// Deletes a run's table, container and queue, in the background; ones never made are fine.
fn clean_up(cleaner: &Client, names: &Names, backend: &Backend) {
    let (client, names) = (cleaner.clone(), names.clone());
    // Detached on purpose: the lab (and its pending work) may be gone before the deletes finish.
    backend.runtime().spawn(async move {
        let _ = client.delete_table(&names.table).await;
        let _ = client.delete_container(&names.container, &Conditions::none()).await;
        let _ = client.delete_queue(&names.queue).await;
    });
}

impl ConflictLab {
    /// Both sides' requests, in the order they were sent.
    /// What free mode recorded so far (the run its export replays).
    pub fn free_run(&self) -> &[crate::app::lab::free::FreeStep] {
        &self.free.recorded
    }

    pub fn timeline(&self) -> &[LabEvent] {
        &self.timeline
    }

    /// The resources the current run works on.
    pub fn names(&self) -> &Names {
        &self.env.names
    }

    /// Who leads in the leader election, as the sides remember it.
    pub fn leader(&self) -> Option<Side> {
        self.env.recall().leader
    }

    /// Which account the lab is on (`Account::identity`).
    pub fn account_identity(&self) -> &str {
        &self.account_identity
    }

    /// Each step played so far (the setup first), with what it did.
    pub fn outcomes(&self) -> &[(String, StepOutcome)] {
        self.run.as_ref().map_or(&[], |r| &r.outcomes)
    }

    /// Steps the running scenario has, besides its setup.
    pub fn step_count(&self) -> usize {
        self.run.as_ref().map_or(0, |r| self.scenarios[r.scenario].steps.len())
    }

    /// Two clients on `account`, without retries (every failure is shown as it is), reporting to one timeline.
    pub fn new(account: &Account, label: &str, backend: &Backend) -> Result<ConflictLab, StorageError> {
        let (tx, rx) = crate::app::context::feed::unbounded(Some(backend));
        let sink = |side: Side| {
            let tx = tx.clone();
            let sink: crate::storage::EventSink = Arc::new(move |event| {
                tx.send_now(LabEvent { side, event });
            });
            sink
        };
        let client = |side: Side| {
            Client::new(
                account.clone(),
                ClientOptions {
                    retry: RetryPolicy::none(),
                    events: Some(sink(side)),
                    ..ClientOptions::default()
                },
            )
        };
        let env = Arc::new(LabEnv {
            a: client(Side::A)?,
            b: client(Side::B)?,
            names: Names::fresh(),
            memory: Mutex::default(),
            account: account.clone(),
            a_events: sink(Side::A),
            lens: Mutex::default(),
        });
        let cleaner = Client::new(account.clone(), ClientOptions::default())?;
        Ok(ConflictLab {
            cleaner,
            backend: backend.clone(),
            account_label: label.to_string(),
            account_identity: account.identity(),
            env,
            timeline: Vec::new(),
            events: rx,
            scenarios: SCENARIOS,
            run: None,
            free: crate::app::lab::free::FreeMode::default(),
            leases_seen: crate::app::widgets::lease_timeline::LeaseTimeline::default(),
        })
    }

    /// Starts a scenario on fresh resources: the setup runs first.
    pub fn start(&mut self, backend: &Backend, scenario: usize) {
        clean_up(&self.cleaner, &self.env.names, backend);
        let env = Arc::new(LabEnv {
            a: self.env.a.clone(),
            b: self.env.b.clone(),
            names: Names::fresh(),
            memory: Mutex::default(),
            account: self.env.account.clone(),
            a_events: self.env.a_events.clone(),
            lens: Mutex::default(),
        });
        self.env = env;
        self.timeline.clear();
        self.leases_seen = crate::app::widgets::lease_timeline::LeaseTimeline::default();
        let s = &self.scenarios[scenario];
        let setup = steps::play(
            self.env.clone(),
            Some(Side::A),
            t("lab-mod-setup"),
            s.setup,
            steps::Expect::Ok,
        );
        self.run = Some(Run {
            scenario,
            next: 0,
            set_up: false,
            exported: false,
            outcomes: Vec::new(),
            running: {
                let mut running = InFlight::default();
                running.start((), backend.spawn(setup));
                running
            },
            playing: false,
        });
    }

    /// Runs the next step (when nothing is running).
    pub fn step(&mut self, backend: &Backend) {
        let Some(run) = &mut self.run else { return };
        if run.busy() || !run.set_up {
            return;
        }
        let Some(step) = self.scenarios[run.scenario].steps.get(run.next) else {
            return;
        };
        let play = steps::play(self.env.clone(), step.who, t(step.says), step.action, step.expect);
        run.running.start((), backend.spawn(play));
    }

    pub fn play(&mut self, backend: &Backend) {
        if let Some(run) = &mut self.run {
            run.playing = true;
        }
        self.step(backend);
    }

    pub fn finished(&self) -> bool {
        self.run
            .as_ref()
            .is_some_and(|r| !r.busy() && r.set_up && r.next >= self.scenarios[r.scenario].steps.len())
    }

    pub fn poll(&mut self, backend: &Backend) {
        // The step's result first, then its events: each event is sent before the step ends, so draining
        // after taking the result cannot leave the step's last request out of the timeline.
        let done = self.run.as_mut().and_then(|r| r.running.take().map(|(_, v)| v));
        for e in self.events.arrived().items {
            observe_lease(&mut self.leases_seen, &e.event);
            self.timeline.push(e);
        }
        self.free.poll();
        let (Some(run), Some(done)) = (&mut self.run, done) else {
            return;
        };
        let steps = &self.scenarios[run.scenario].steps;
        if !run.set_up {
            run.set_up = true;
            run.outcomes.push((t("lab-mod-setup"), done));
        } else {
            run.outcomes.push((t(steps[run.next].says), done));
            run.next += 1;
        }
        let more = run.next < steps.len();
        if !more {
            run.playing = false;
        }
        if run.playing && more {
            self.step(backend);
        }
    }
}

/// Reads a lease state off a request: a reported `x-ms-lease-state`, or what a lease action that succeeded did.
fn observe_lease(timeline: &mut crate::app::widgets::lease_timeline::LeaseTimeline, e: &RequestEvent) {
    use crate::storage::blob::LeaseState;
    let name = e.resource.rsplit('/').next().unwrap_or(&e.resource).to_string();
    let at = crate::app::widgets::plot::now_secs();
    if let Some(state) = e.response_header("x-ms-lease-state") {
        timeline.observe(&name, LeaseState::parse(state), at);
        return;
    }
    if e.status.is_none_or(|s| s >= 300) {
        return;
    }
    let state = match e.request_header("x-ms-lease-action") {
        Some("acquire" | "renew" | "change") => LeaseState::Leased,
        Some("release") => LeaseState::Available,
        Some("break") if e.response_header("x-ms-lease-time") == Some("0") => LeaseState::Broken,
        Some("break") => LeaseState::Breaking,
        _ => return,
    };
    timeline.observe(&name, state, at);
}
