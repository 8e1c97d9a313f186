//! The conflict lab's engine: two independent clients, A and B, on one account, whose requests land on one
//! timeline; ready-made scenarios as steps that say what they expect; and the state each side holds
//! (its ETag, its lease id, its pop receipt). Drawing lives in `lab_view.rs`.

pub mod free;
pub mod open;
pub mod view;

use std::future::Future;
use std::pin::Pin;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;

use crate::app::runtime::backend::{Backend, Pending, take_ready};
use crate::storage::blob::conditions::Conditions;
use crate::storage::blob::lease::{LeaseDuration, LeaseTarget};
use crate::storage::blob::{BlobHttpHeaders, PublicAccess};
use crate::storage::queue::MessageTtl;
use crate::storage::retry::RetryPolicy;
use crate::storage::table::edm::EdmValue;
use crate::storage::table::entity::EntityDraft;
use crate::storage::table::{IfMatch, UpdateMode};
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
        ] {
            if let Some(v) = e.request_header(h) {
                parts.push(format!("{h}: {v}"));
            }
        }
        if let Some(receipt) = e.url.split("popreceipt=").nth(1) {
            parts.push(format!("popreceipt: {}", receipt.split('&').next().unwrap_or("")));
        }
        parts.join(", ")
    }

    /// What came back that matters for concurrency: the new ETag, lease id, receipt, or the error code.
    pub fn outcome(&self) -> String {
        let e = &self.event;
        let mut parts = vec![match (e.status, &e.error_code) {
            (Some(s), Some(c)) => format!("{s} {c}"),
            (Some(s), None) => s.to_string(),
            (None, _) => e.note.clone().unwrap_or_else(|| "no answer".into()),
        }];
        for h in [
            "etag",
            "x-ms-lease-id",
            "x-ms-lease-time",
            "x-ms-popreceipt",
            "x-ms-time-next-visible",
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
    pub leader: Option<Side>,
}

fn slot(side: Side) -> usize {
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
            table: format!("conflictlab{id}"),
            container: format!("conflict-lab-{id}"),
            queue: format!("conflict-lab-{id}"),
        }
    }
}

/// The two clients and what they remember.
pub struct LabEnv {
    pub a: Client,
    pub b: Client,
    pub names: Names,
    pub memory: Mutex<Memory>,
}

impl LabEnv {
    pub fn client(&self, side: Side) -> &Client {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }

    fn remember(&self, f: impl FnOnce(&mut Memory)) {
        f(&mut self.memory.lock().expect("lab memory"));
    }

    fn recall(&self) -> Memory {
        self.memory.lock().expect("lab memory").clone()
    }
}

/// A step's outcome: what happened, and whether it is what the scenario expected.
#[derive(Clone, Debug)]
pub struct StepOutcome {
    pub text: String,
    pub as_expected: bool,
}

type StepFuture = Pin<Box<dyn Future<Output = StepOutcome> + Send>>;
type StepFn = fn(Arc<LabEnv>) -> StepFuture;

pub struct Step {
    pub who: Option<Side>,
    pub says: &'static str,
    pub run: StepFn,
}

pub struct Scenario {
    pub title: &'static str,
    pub explains: &'static str,
    pub setup: StepFn,
    pub steps: Vec<Step>,
}

fn outcome(text: impl Into<String>, as_expected: bool) -> StepOutcome {
    StepOutcome {
        text: text.into(),
        as_expected,
    }
}

/// Expects an error with this status; says what came instead.
fn expect_status<T>(result: Result<T, StorageError>, status: &[u16], words: &str) -> StepOutcome {
    match result {
        Err(e) if e.status.is_some_and(|s| status.contains(&s)) => {
            outcome(format!("{words}: refused as expected ({}).", e.evidence()), true)
        }
        Err(e) => outcome(format!("{words}: failed differently: {}", e.plain_words()), false),
        Ok(_) => outcome(
            format!("{words}: it succeeded, but the service should have refused it."),
            false,
        ),
    }
}

fn expect_ok<T>(result: Result<T, StorageError>, words: &str, detail: impl FnOnce(&T) -> String) -> StepOutcome {
    match result {
        Ok(v) => {
            let d = detail(&v);
            outcome(
                format!("{words}{}", if d.is_empty() { ".".into() } else { format!(": {d}") }),
                true,
            )
        }
        Err(e) => outcome(format!("{words} failed: {}", e.plain_words()), false),
    }
}

macro_rules! step {
    ($who:expr, $says:expr, |$env:ident| $body:expr) => {
        Step {
            who: $who,
            says: $says,
            run: |$env: Arc<LabEnv>| Box::pin(async move { $body }),
        }
    };
}

/// A and B each change the entity's Count; the setup makes it.
async fn entity_save(env: &LabEnv, side: Side, count: i32, force: bool) -> Result<String, StorageError> {
    let n = &env.names;
    let etag = env.recall().etag[slot(side)].clone();
    let draft = EntityDraft::new("lab", "entity")
        .with("Count", EdmValue::Int32(count))
        .with("SavedBy", EdmValue::String(side.name().into()));
    let condition = match (force, etag) {
        (false, Some(e)) => IfMatch::Etag(e),
        _ => IfMatch::Any,
    };
    let etag = env
        .client(side)
        .update_entity(&n.table, &draft, UpdateMode::Replace, &condition)
        .await?;
    env.remember(|m| m.etag[slot(side)] = Some(etag.clone()));
    Ok(etag)
}

async fn entity_read(env: &LabEnv, side: Side) -> Result<String, StorageError> {
    let e = env.client(side).get_entity(&env.names.table, "lab", "entity").await?;
    let etag = e.etag().unwrap_or_default().to_string();
    env.remember(|m| m.etag[slot(side)] = Some(etag.clone()));
    Ok(format!(
        "Count = {}, ETag {etag}",
        e.get("Count").map(|v| v.to_text().into_owned()).unwrap_or_default()
    ))
}

/// One side writes `body` to `blob` in the lab's container, under `conditions`; returns the new ETag.
async fn put_text(
    env: &LabEnv,
    side: Side,
    blob: &str,
    body: &'static str,
    conditions: Conditions,
) -> Result<String, StorageError> {
    env.client(side)
        .put_blob(
            &env.names.container,
            blob,
            Bytes::from_static(body.as_bytes()),
            &BlobHttpHeaders::default(),
            &[],
            &conditions,
        )
        .await
}

/// The container and its shared blob, written by A: the starting point of the blob scenarios.
async fn create_shared_blob(env: &LabEnv, text: &'static str) -> Result<String, StorageError> {
    env.a
        .create_container(&env.names.container, PublicAccess::None, &[])
        .await?;
    blob_write(env, Side::A, text, Conditions::none()).await
}

/// One side writes the shared blob and remembers the ETag it got.
async fn blob_write(
    env: &LabEnv,
    side: Side,
    body: &'static str,
    conditions: Conditions,
) -> Result<String, StorageError> {
    let etag = put_text(env, side, "shared.txt", body, conditions).await?;
    env.remember(|m| m.etag[slot(side)] = Some(etag.clone()));
    Ok(etag)
}

async fn blob_read(env: &LabEnv, side: Side) -> Result<String, StorageError> {
    let (props, _) = env
        .client(side)
        .get_blob_properties(&env.names.container, "shared.txt", None)
        .await?;
    env.remember(|m| m.etag[slot(side)] = Some(props.etag.clone()));
    Ok(format!("ETag {}, lease {}", props.etag, props.lease.state.as_str()))
}

fn shared_blob(env: &LabEnv) -> LeaseTarget<'_> {
    LeaseTarget::Blob {
        container: &env.names.container,
        blob: "shared.txt",
    }
}

/// One side releases the lease it holds on the shared blob, and forgets its id.
async fn release(env: &LabEnv, side: Side) -> StepOutcome {
    let lease = env.recall().lease[slot(side)].clone().unwrap_or_default();
    let r = env
        .client(side)
        .release_lease(shared_blob(env), &lease, &Conditions::none())
        .await;
    if r.is_ok() {
        env.remember(|m| m.lease[slot(side)] = None);
    }
    expect_ok(r, &format!("{side:?} released"), |_| String::new())
}

/// One side reads the shared blob's lease state; as expected when it is `want`.
async fn lease_state_seen(env: &LabEnv, side: Side, want: &str) -> StepOutcome {
    match env
        .client(side)
        .get_blob_properties(&env.names.container, "shared.txt", None)
        .await
    {
        Ok((p, _)) => outcome(
            format!("{side:?} sees lease state {}", p.lease.state.as_str()),
            p.lease.state.as_str() == want,
        ),
        Err(e) => outcome(e.plain_words(), false),
    }
}

async fn acquire(env: &LabEnv, side: Side, seconds: u32) -> Result<String, StorageError> {
    let g = env
        .client(side)
        .acquire_lease(
            shared_blob(env),
            LeaseDuration::Seconds(seconds),
            None,
            &Conditions::none(),
        )
        .await?;
    env.remember(|m| m.lease[slot(side)] = Some(g.lease_id.clone()));
    Ok(format!("lease id {}", g.lease_id))
}

async fn dequeue(env: &LabEnv, side: Side, timeout: u32) -> Result<Option<u32>, StorageError> {
    let got = env.client(side).get_messages(&env.names.queue, 1, timeout).await?;
    let first = got.into_iter().next();
    if let Some(m) = &first {
        let (id, receipt) = (m.id.clone(), m.pop_receipt.clone());
        env.remember(|mem| mem.receipt[slot(side)] = Some((id, receipt)));
    }
    Ok(first.map(|m| m.dequeue_count))
}

/// The five ready-made scenarios.
pub fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            title: "Optimistic concurrency on an entity",
            explains: "Both clients read the entity and get the same ETag. A saves first, which changes the ETag; B's save still \
                       carries the old one, so the service refuses it with 412 instead of silently losing A's change. B reloads, \
                       re-applies its change and succeeds. Then B forces If-Match: * and simply overwrites A: last writer wins.",
            setup: |env| {
                Box::pin(async move {
                    let r = async {
                        env.a.create_table(&env.names.table).await?;
                        env.a
                            .insert_entity(
                                &env.names.table,
                                &EntityDraft::new("lab", "entity").with("Count", EdmValue::Int32(0)),
                            )
                            .await
                    }
                    .await;
                    expect_ok(r, "Created the entity (Count = 0)", |_| String::new())
                })
            },
            steps: vec![
                step!(Some(Side::A), "A reads the entity (ETag v1)", |env| expect_ok(
                    entity_read(&env, Side::A).await,
                    "A read",
                    |d| d.clone()
                )),
                step!(Some(Side::B), "B reads the entity (the same v1)", |env| expect_ok(
                    entity_read(&env, Side::B).await,
                    "B read",
                    |d| d.clone()
                )),
                step!(Some(Side::A), "A saves Count = 1 with If-Match v1 (now v2)", |env| {
                    expect_ok(entity_save(&env, Side::A, 1, false).await, "A saved", |e| {
                        format!("new ETag {e}")
                    })
                }),
                step!(Some(Side::B), "B saves Count = 2 with If-Match v1: 412", |env| {
                    expect_status(
                        entity_save(&env, Side::B, 2, false).await,
                        &[412],
                        "B's save with the stale ETag",
                    )
                }),
                step!(Some(Side::B), "B reloads (v2) and re-applies its change", |env| {
                    expect_ok(entity_read(&env, Side::B).await, "B reloaded", |d| d.clone())
                }),
                step!(Some(Side::B), "B saves Count = 2 with If-Match v2 (now v3)", |env| {
                    expect_ok(entity_save(&env, Side::B, 2, false).await, "B saved", |e| {
                        format!("new ETag {e}")
                    })
                }),
                step!(Some(Side::A), "A saves Count = 10 with its stale v2: 412", |env| {
                    expect_status(
                        entity_save(&env, Side::A, 10, false).await,
                        &[412],
                        "A's save with the stale ETag",
                    )
                }),
                step!(
                    Some(Side::B),
                    "B forces Count = 99 with If-Match: * (last writer wins)",
                    |env| {
                        expect_ok(
                            entity_save(&env, Side::B, 99, true).await,
                            "B overwrote whatever was there",
                            |e| format!("new ETag {e}"),
                        )
                    }
                ),
                step!(None, "Read back independently: Count = 99, saved by B", |env| {
                    match env.a.get_entity(&env.names.table, "lab", "entity").await {
                        Ok(e) => {
                            let count = e.get("Count").map(|v| v.to_text().into_owned()).unwrap_or_default();
                            outcome(
                                format!(
                                    "The entity holds Count = {count}, saved by {}",
                                    e.get("SavedBy").map(|v| v.to_text().into_owned()).unwrap_or_default()
                                ),
                                count == "99",
                            )
                        }
                        Err(e) => outcome(e.plain_words(), false),
                    }
                }),
            ],
        },
        Scenario {
            title: "Optimistic concurrency on a blob",
            explains: "The same race on a blob: an upload with If-Match the ETag you saw fails with 412 once someone else has \
                       written. If-None-Match: * turns an upload into create-only: the second client to create the blob is refused.",
            setup: |env| {
                Box::pin(async move {
                    let r = create_shared_blob(&env, "v1").await;
                    expect_ok(r, "Created shared.txt (v1)", |e| format!("ETag {e}"))
                })
            },
            steps: vec![
                step!(Some(Side::A), "A reads shared.txt (ETag v1)", |env| expect_ok(
                    blob_read(&env, Side::A).await,
                    "A read",
                    |d| d.clone()
                )),
                step!(Some(Side::B), "B reads shared.txt (the same v1)", |env| expect_ok(
                    blob_read(&env, Side::B).await,
                    "B read",
                    |d| d.clone()
                )),
                step!(Some(Side::A), "A uploads with If-Match v1 (now v2)", |env| {
                    let etag = env.recall().etag[0].clone().unwrap_or_default();
                    expect_ok(
                        blob_write(&env, Side::A, "from A", Conditions::if_match(etag)).await,
                        "A uploaded",
                        |e| format!("new ETag {e}"),
                    )
                }),
                step!(Some(Side::B), "B uploads with If-Match v1: 412", |env| {
                    let etag = env.recall().etag[1].clone().unwrap_or_default();
                    expect_status(
                        blob_write(&env, Side::B, "from B", Conditions::if_match(etag)).await,
                        &[412],
                        "B's upload with the stale ETag",
                    )
                }),
                step!(
                    Some(Side::A),
                    "A creates new.txt with If-None-Match: * (create only)",
                    |env| {
                        let r = put_text(&env, Side::A, "new.txt", "A was first", Conditions::create_only()).await;
                        expect_ok(r, "A created new.txt", |e| format!("ETag {e}"))
                    }
                ),
                step!(
                    Some(Side::B),
                    "B creates new.txt with If-None-Match: *: refused",
                    |env| {
                        let r = put_text(&env, Side::B, "new.txt", "B was second", Conditions::create_only()).await;
                        expect_status(r, &[409, 412], "B's create-only upload")
                    }
                ),
                step!(
                    None,
                    "Read back independently: shared.txt is A's, new.txt is A's",
                    |env| {
                        let a = env.a.get_blob(&env.names.container, "shared.txt", None, None).await;
                        let b = env.a.get_blob(&env.names.container, "new.txt", None, None).await;
                        match (a, b) {
                            (Ok((x, _)), Ok((y, _))) => outcome(
                                format!(
                                    "shared.txt = {:?}, new.txt = {:?}",
                                    String::from_utf8_lossy(&x),
                                    String::from_utf8_lossy(&y)
                                ),
                                x.as_ref() == b"from A" && y.as_ref() == b"A was first",
                            ),
                            (Err(e), _) | (_, Err(e)) => outcome(e.plain_words(), false),
                        }
                    }
                ),
            ],
        },
        Scenario {
            title: "Pessimistic concurrency with a lease",
            explains: "A lease is a lock: while A holds one, B's writes fail with 412 (lease id missing) and only writes that \
                       carry A's lease id succeed. When A releases, B can take the lease. Anyone may break a lease: B breaks A's, \
                       which lets A finish for the break period (both see `breaking`), after which it is `broken` and anyone may \
                       acquire it.",
            setup: |env| {
                Box::pin(async move {
                    let r = create_shared_blob(&env, "v1").await;
                    expect_ok(r, "Created shared.txt", |e| format!("ETag {e}"))
                })
            },
            steps: vec![
                step!(Some(Side::A), "A acquires a 15 s lease", |env| expect_ok(
                    acquire(&env, Side::A, 15).await,
                    "A holds the lease",
                    |d| d.clone()
                )),
                step!(Some(Side::B), "B writes without a lease id: 412", |env| {
                    expect_status(
                        blob_write(&env, Side::B, "from B", Conditions::none()).await,
                        &[412],
                        "B's write",
                    )
                }),
                step!(Some(Side::A), "A writes with its lease id", |env| {
                    let lease = env.recall().lease[0].clone();
                    expect_ok(
                        blob_write(&env, Side::A, "from A", Conditions::none().with_lease(lease)).await,
                        "A wrote",
                        |e| format!("new ETag {e}"),
                    )
                }),
                step!(Some(Side::A), "A releases the lease", |env| release(&env, Side::A)
                    .await),
                step!(Some(Side::B), "B acquires a 15 s lease", |env| expect_ok(
                    acquire(&env, Side::B, 15).await,
                    "B holds the lease",
                    |d| d.clone()
                )),
                step!(Some(Side::B), "B releases it", |env| release(&env, Side::B).await),
                step!(Some(Side::A), "A acquires an infinite lease", |env| {
                    let r = env
                        .a
                        .acquire_lease(shared_blob(&env), LeaseDuration::Infinite, None, &Conditions::none())
                        .await;
                    if let Ok(g) = &r {
                        env.remember(|m| m.lease[0] = Some(g.lease_id.clone()));
                    }
                    expect_ok(r, "A holds the lease", |g| format!("lease id {}", g.lease_id))
                }),
                step!(Some(Side::B), "B breaks A's lease with a 3 s period", |env| {
                    expect_ok(
                        env.b.break_lease(shared_blob(&env), Some(3), &Conditions::none()).await,
                        "Breaking",
                        |s| format!("broken in {s} s"),
                    )
                }),
                step!(Some(Side::A), "A sees `breaking`", |env| lease_state_seen(
                    &env,
                    Side::A,
                    "breaking"
                )
                .await),
                step!(Some(Side::B), "B sees `breaking`", |env| lease_state_seen(
                    &env,
                    Side::B,
                    "breaking"
                )
                .await),
                step!(None, "Wait 4 s for the break period", |_env| {
                    tokio::time::sleep(Duration::from_secs(4)).await;
                    outcome("Waited 4 s.", true)
                }),
                step!(Some(Side::A), "A sees `broken`", |env| lease_state_seen(
                    &env,
                    Side::A,
                    "broken"
                )
                .await),
                step!(Some(Side::B), "B sees `broken`", |env| lease_state_seen(
                    &env,
                    Side::B,
                    "broken"
                )
                .await),
            ],
        },
        Scenario {
            title: "Competing consumers on a queue",
            explains: "A dequeues the message and it becomes invisible for A's 10 s timeout, so B gets nothing. A then 'crashes' \
                       (does nothing). When the timeout runs out the message reappears; B takes it with dequeue count 2. A's late \
                       delete is refused: its pop receipt went stale when the message reappeared (at-least-once delivery).",
            setup: |env| {
                Box::pin(async move {
                    let r = async {
                        env.a.create_queue(&env.names.queue, &[]).await?;
                        env.a
                            .put_message(&env.names.queue, "work item", None, MessageTtl::Default)
                            .await
                    }
                    .await;
                    expect_ok(r, "Put one message", |p| format!("id {}", p.id))
                })
            },
            steps: vec![
                step!(Some(Side::A), "A dequeues with a 10 s visibility timeout", |env| {
                    match dequeue(&env, Side::A, 10).await {
                        Ok(Some(n)) => outcome(format!("A took the message (dequeue count {n})"), n == 1),
                        Ok(None) => outcome("A got nothing", false),
                        Err(e) => outcome(e.plain_words(), false),
                    }
                }),
                step!(Some(Side::B), "B dequeues: nothing (the message is invisible)", |env| {
                    match dequeue(&env, Side::B, 10).await {
                        Ok(None) => outcome("B got nothing, as expected", true),
                        Ok(Some(_)) => outcome("B got the message while A held it", false),
                        Err(e) => outcome(e.plain_words(), false),
                    }
                }),
                step!(Some(Side::A), "A crashes: wait 11 s, doing nothing", |_env| {
                    tokio::time::sleep(Duration::from_secs(11)).await;
                    outcome("A's timeout ran out.", true)
                }),
                step!(Some(Side::B), "B dequeues again: the message, dequeue count 2", |env| {
                    match dequeue(&env, Side::B, 30).await {
                        Ok(Some(n)) => outcome(format!("B took the message (dequeue count {n})"), n == 2),
                        Ok(None) => outcome("B got nothing", false),
                        Err(e) => outcome(e.plain_words(), false),
                    }
                }),
                step!(Some(Side::A), "A's late delete with its old receipt: refused", |env| {
                    let (id, receipt) = env.recall().receipt[0].clone().unwrap_or_default();
                    expect_status(
                        env.a.delete_message(&env.names.queue, &id, &receipt).await,
                        &[400, 404],
                        "A's delete",
                    )
                }),
                step!(Some(Side::B), "B deletes it with the current receipt", |env| {
                    let (id, receipt) = env.recall().receipt[1].clone().unwrap_or_default();
                    expect_ok(
                        env.b.delete_message(&env.names.queue, &id, &receipt).await,
                        "B completed the message",
                        |_| String::new(),
                    )
                }),
                step!(None, "Read back independently: the queue is empty", |env| {
                    match env.a.peek_messages(&env.names.queue, 32).await {
                        Ok(m) => outcome(format!("{} messages left", m.len()), m.is_empty()),
                        Err(e) => outcome(e.plain_words(), false),
                    }
                }),
            ],
        },
        Scenario {
            title: "Leader election with a blob lease",
            explains: "Both try to acquire a 15 s lease on the same blob; the service grants it to one (the leader) and refuses \
                       the other with 409. The leader keeps it by renewing. When it stops renewing (it died), the lease expires \
                       and the other acquires it: a new leader, without any coordinator.",
            setup: |env| {
                Box::pin(async move {
                    let r = create_shared_blob(&env, "leader lock").await;
                    expect_ok(r, "Created the lock blob", |_| String::new())
                })
            },
            steps: vec![
                step!(Some(Side::A), "A tries to acquire: wins", |env| {
                    let r = acquire(&env, Side::A, 15).await;
                    if r.is_ok() {
                        env.remember(|m| m.leader = Some(Side::A));
                    }
                    expect_ok(r, "A is the leader", |d| d.clone())
                }),
                step!(Some(Side::B), "B tries to acquire: 409, A leads", |env| {
                    expect_status(acquire(&env, Side::B, 15).await, &[409], "B's acquire")
                }),
                step!(Some(Side::A), "A renews (it is alive)", |env| {
                    let lease = env.recall().lease[0].clone().unwrap_or_default();
                    expect_ok(
                        env.a.renew_lease(shared_blob(&env), &lease, &Conditions::none()).await,
                        "A renewed",
                        |_| String::new(),
                    )
                }),
                step!(Some(Side::A), "A stops renewing: wait 16 s", |_env| {
                    tokio::time::sleep(Duration::from_secs(16)).await;
                    outcome("A's lease ran out.", true)
                }),
                step!(Some(Side::B), "B tries again: wins, B leads", |env| {
                    let r = acquire(&env, Side::B, 15).await;
                    if r.is_ok() {
                        env.remember(|m| m.leader = Some(Side::B));
                    }
                    expect_ok(r, "B is the new leader", |d| d.clone())
                }),
                step!(Some(Side::A), "A, back, cannot renew: 409", |env| {
                    let lease = env.recall().lease[0].clone().unwrap_or_default();
                    expect_status(
                        env.a.renew_lease(shared_blob(&env), &lease, &Conditions::none()).await,
                        &[409],
                        "A's renew",
                    )
                }),
            ],
        },
    ]
}

/// A scenario in progress: which step is next, and what each one did.
pub struct Run {
    pub scenario: usize,
    pub next: usize,
    pub set_up: bool,
    pub outcomes: Vec<(String, StepOutcome)>,
    running: Option<Pending<StepOutcome>>,
    pub playing: bool,
}

impl Run {
    pub fn busy(&self) -> bool {
        self.running.is_some()
    }
}

/// The lab: two clients, the timeline, and the scenario being played.
pub struct ConflictLab {
    pub account_label: String,
    /// The account's identity (`Account::identity`): which account the lab is on.
    pub account_identity: String,
    pub env: Arc<LabEnv>,
    pub timeline: Vec<LabEvent>,
    events: mpsc::Receiver<LabEvent>,
    pub scenarios: Vec<Scenario>,
    pub run: Option<Run>,
    pub free: crate::app::lab::free::FreeMode,
    pub leases_seen: crate::app::widgets::lease_timeline::LeaseTimeline,
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
    /// Two clients on `account`, without retries (every failure is shown as it is), reporting to one timeline.
    pub fn new(account: &Account, label: &str, backend: &Backend) -> Result<ConflictLab, StorageError> {
        let (tx, rx) = mpsc::channel();
        let client = |side: Side| {
            let tx = tx.clone();
            let backend = backend.clone();
            let sink: crate::storage::EventSink = Arc::new(move |event| {
                if tx.send(LabEvent { side, event }).is_ok() {
                    backend.wake();
                }
            });
            Client::new(
                account.clone(),
                ClientOptions {
                    retry: RetryPolicy::none(),
                    events: Some(sink),
                    ..ClientOptions::default()
                },
            )
        };
        let env = Arc::new(LabEnv {
            a: client(Side::A)?,
            b: client(Side::B)?,
            names: Names::fresh(),
            memory: Mutex::default(),
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
            scenarios: scenarios(),
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
        });
        self.env = env;
        self.timeline.clear();
        self.leases_seen = crate::app::widgets::lease_timeline::LeaseTimeline::default();
        let setup = (self.scenarios[scenario].setup)(self.env.clone());
        self.run = Some(Run {
            scenario,
            next: 0,
            set_up: false,
            outcomes: Vec::new(),
            running: Some(backend.spawn(setup)),
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
        run.running = Some(backend.spawn((step.run)(self.env.clone())));
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
        let done = self.run.as_mut().and_then(|r| take_ready(&mut r.running));
        for e in self.events.try_iter() {
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
            run.outcomes.push(("Setup".into(), done));
        } else {
            run.outcomes.push((steps[run.next].says.into(), done));
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
