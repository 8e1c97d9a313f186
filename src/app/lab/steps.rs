//! The one interpreter of the scenarios' steps: an action run by one side (with its own ETag, lease id and
//! pop receipt), what it saw, and whether that is what the step expected.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;

use crate::app::lab::{LabEnv, Side, StepOutcome, slot};
use crate::app::widgets::i18n::{number, t, tr};
use crate::storage::StorageError;
use crate::storage::blob::AppendConditions;
use crate::storage::blob::Conditions;
use crate::storage::blob::{BlobHttpHeaders, PublicAccess};
use crate::storage::blob::{LeaseDuration, LeaseTarget};
use crate::storage::queue::MessageTtl;
use crate::storage::table::EdmValue;
use crate::storage::table::EntityDraft;
use crate::storage::table::{IfMatch, UpdateMode};

/// What a step does. Every action acts on the run's own table, container and queue.
#[derive(Clone, Copy, Debug)]
pub enum Action {
    /// Setup: the table and its entity (Count = 0).
    MakeEntity,
    /// Setup: the container and `shared.txt` with this text.
    MakeSharedBlob(&'static str),
    /// Setup: the queue with one message.
    MakeQueueWithMessage,
    /// Setup: the container and an empty append blob `log.txt`.
    MakeAppendLog,
    /// Read `log.txt`'s length: where this side expects its next append to land.
    ReadLog,
    /// Append `body` to `log.txt`: only at the position this side saw (`at_mine`), only while the blob stays
    /// within `max_size` bytes.
    Append {
        body: &'static str,
        at_mine: bool,
        max_size: Option<u64>,
    },
    ReadEntity,
    /// Replace Count (and SavedBy) with If-Match the side's ETag, or `*` when forced.
    SaveEntity {
        count: i32,
        force: bool,
    },
    ReadBlob,
    WriteBlob {
        blob: &'static str,
        body: &'static str,
        with: Write,
    },
    Lease(Lock),
    ReadLeaseState,
    Dequeue(u32),
    DeleteMessage,
    Wait(u64),
    /// Read back by a third look: the entity's Count and who saved it.
    CheckEntity {
        count: &'static str,
        saved_by: &'static str,
    },
    /// Read back: the text of `shared.txt` and `new.txt`.
    CheckBlobs {
        shared: &'static str,
        new: &'static str,
    },
    CheckQueueEmpty,
    /// Read back: the text of `log.txt`.
    CheckLog(&'static str),
    /// A step of the lens scenarios (A behind a lens).
    Lens(crate::app::lab::lens_steps::LensAction),
}

/// The append blob of the two writers' scenario.
const LOG: &str = "log.txt";

/// The condition a blob write carries.
#[derive(Clone, Copy, Debug)]
pub enum Write {
    Plain,
    /// If-Match the ETag this side last saw.
    MyEtag,
    /// The lease id this side holds.
    MyLease,
    /// If-None-Match: * (only if the blob does not exist).
    CreateOnly,
}

/// A lease action on `shared.txt`.
#[derive(Clone, Copy, Debug)]
pub enum Lock {
    Acquire(u32),
    /// Acquire for this many seconds and, if granted, lead (the leader election).
    Lead(u32),
    AcquireInfinite,
    Renew,
    Release,
    /// Break with this period in seconds.
    Break(u32),
}

/// What the service should answer.
#[derive(Clone, Copy, Debug)]
pub enum Expect {
    /// Success (and, for a check, what it checks holds).
    Ok,
    /// An error with one of these statuses.
    Refused(&'static [u16]),
    /// A message, with this dequeue count.
    DequeueCount(u32),
    /// No message: it is invisible.
    NoMessage,
    /// This lease state, as `x-ms-lease-state` says it.
    LeaseState(&'static str),
}

/// What an action saw: words, and the facts an expectation may check.
#[derive(Default)]
pub(crate) struct Seen {
    pub(crate) text: String,
    /// For a dequeue: the dequeue count of the message got, or None for no message.
    pub(crate) dequeued: Option<Option<u32>>,
    pub(crate) lease_state: Option<String>,
    /// For a check: whether what it checks holds.
    pub(crate) holds: Option<bool>,
}

pub(crate) fn seen(text: impl Into<String>) -> Seen {
    Seen {
        text: text.into(),
        ..Seen::default()
    }
}

/// Runs one action for one side and judges what came back against the expectation.
pub async fn play(env: Arc<LabEnv>, side: Option<Side>, says: String, action: Action, expect: Expect) -> StepOutcome {
    let result = act(&env, side.unwrap_or(Side::A), action).await;
    judge(&says, result, expect)
}

fn judge(says: &str, result: Result<Seen, StorageError>, expect: Expect) -> StepOutcome {
    let outcome = |text: String, as_expected: bool| StepOutcome { text, as_expected };
    match (expect, result) {
        (Expect::Refused(statuses), Err(e)) if e.status.is_some_and(|s| statuses.contains(&s)) => outcome(
            tr!("lab-steps-refused", says = says, evidence = e.evidence().to_string()),
            true,
        ),
        (Expect::Refused(_), Ok(_)) => outcome(tr!("lab-steps-not-refused", says = says), false),
        (_, Err(e)) => outcome(tr!("lab-steps-failed", says = says, why = e.plain_words()), false),
        (Expect::Ok, Ok(s)) => {
            let holds = s.holds.unwrap_or(true);
            outcome(s.text, holds)
        }
        (Expect::DequeueCount(n), Ok(s)) => {
            let holds = s.dequeued == Some(Some(n));
            outcome(s.text, holds)
        }
        (Expect::NoMessage, Ok(s)) => {
            let holds = s.dequeued == Some(None);
            outcome(s.text, holds)
        }
        (Expect::LeaseState(want), Ok(s)) => {
            let holds = s.lease_state.as_deref() == Some(want);
            outcome(s.text, holds)
        }
    }
}

fn shared_blob(env: &LabEnv) -> LeaseTarget<'_> {
    LeaseTarget::Blob {
        container: &env.names.container,
        blob: "shared.txt",
    }
}

async fn act(env: &LabEnv, side: Side, action: Action) -> Result<Seen, StorageError> {
    let n = &env.names;
    let client = env.client(side);
    let memory = env.recall();
    let i = slot(side);
    match action {
        Action::MakeEntity => {
            client.create_table(&n.table).await?;
            let draft = EntityDraft::new("lab", "entity").with("Count", EdmValue::Int32(0));
            client.insert_entity(&n.table, &draft).await?;
            Ok(seen(t("lab-steps-made-entity")))
        }
        Action::MakeSharedBlob(text) => {
            client.create_container(&n.container, PublicAccess::None, &[]).await?;
            let etag = write(env, side, "shared.txt", text, Conditions::none()).await?;
            Ok(seen(tr!("lab-steps-made-shared", etag = etag)))
        }
        Action::MakeQueueWithMessage => {
            client.create_queue(&n.queue, &[]).await?;
            let put = client
                .put_message(&n.queue, "work item", None, MessageTtl::Default)
                .await?;
            Ok(seen(tr!("lab-steps-made-message", id = put.id)))
        }
        Action::MakeAppendLog => {
            client.create_container(&n.container, PublicAccess::None, &[]).await?;
            let etag = client
                .create_append_blob(&n.container, LOG, &Conditions::none())
                .await?;
            Ok(seen(tr!("lab-steps-made-log", blob = LOG, etag = etag)))
        }
        Action::ReadLog => {
            let (props, _) = client.get_blob_properties(&n.container, LOG, None).await?;
            let length = props.content_length;
            env.remember(|m| m.position[i] = Some(length));
            Ok(seen(tr!(
                "lab-steps-read-log",
                side = side.name(),
                blob = LOG,
                length = number(length as f64),
                etag = props.etag
            )))
        }
        Action::Append {
            body,
            at_mine,
            max_size,
        } => {
            let append = AppendConditions {
                position: if at_mine {
                    Some(memory.position[i].unwrap_or(0))
                } else {
                    None
                },
                max_size,
            };
            let data = Bytes::from_static(body.as_bytes());
            let done = client
                .append_block(&n.container, LOG, data, &Conditions::none(), append)
                .await?;
            let end = done.offset + body.len() as u64;
            env.remember(|m| m.position[i] = Some(end));
            Ok(seen(tr!(
                "lab-steps-appended",
                side = side.name(),
                body = format!("{body:?}"),
                offset = number(done.offset as f64),
                length = number(end as f64)
            )))
        }
        Action::ReadEntity => {
            let e = client.get_entity(&n.table, "lab", "entity").await?;
            let etag = e.etag().unwrap_or_default().to_string();
            env.remember(|m| m.etag[i] = Some(etag.clone()));
            let count = e.get("Count").map(|v| v.to_text().into_owned()).unwrap_or_default();
            Ok(seen(tr!(
                "lab-steps-read-entity",
                side = side.name(),
                count = count,
                etag = etag
            )))
        }
        Action::SaveEntity { count, force } => {
            let draft = EntityDraft::new("lab", "entity")
                .with("Count", EdmValue::Int32(count))
                .with("SavedBy", EdmValue::String(side.name().into()));
            let condition = match (force, memory.etag[i].clone()) {
                (false, Some(e)) => IfMatch::Etag(e),
                _ => IfMatch::Any,
            };
            let etag = client
                .update_entity(&n.table, &draft, UpdateMode::Replace, &condition)
                .await?;
            env.remember(|m| m.etag[i] = Some(etag.clone()));
            Ok(seen(tr!(
                "lab-steps-saved-entity",
                side = side.name(),
                count = count.to_string(),
                etag = etag
            )))
        }
        Action::ReadBlob => {
            let (props, _) = client.get_blob_properties(&n.container, "shared.txt", None).await?;
            env.remember(|m| m.etag[i] = Some(props.etag.clone()));
            Ok(seen(tr!(
                "lab-steps-read-blob",
                side = side.name(),
                etag = props.etag,
                state = props.lease.state.as_str()
            )))
        }
        Action::WriteBlob { blob, body, with } => {
            let conditions = match with {
                Write::Plain => Conditions::none(),
                Write::MyEtag => Conditions::if_match(memory.etag[i].clone().unwrap_or_default()),
                Write::MyLease => Conditions::none().with_lease(memory.lease[i].clone()),
                Write::CreateOnly => Conditions::create_only(),
            };
            let etag = write(env, side, blob, body, conditions).await?;
            Ok(seen(tr!(
                "lab-steps-wrote",
                side = side.name(),
                blob = blob,
                etag = etag
            )))
        }
        Action::Lease(lock) => lease(env, side, lock).await,
        Action::ReadLeaseState => {
            let (p, _) = client.get_blob_properties(&n.container, "shared.txt", None).await?;
            let state = p.lease.state.as_str().to_string();
            Ok(Seen {
                text: tr!("lab-steps-lease-state", side = side.name(), state = state.as_str()),
                lease_state: Some(state),
                ..Seen::default()
            })
        }
        Action::Dequeue(timeout) => {
            let first = client.get_messages(&n.queue, 1, timeout).await?.into_iter().next();
            if let Some(m) = &first {
                let (id, receipt) = (m.id.clone(), m.pop_receipt.clone());
                env.remember(|mem| mem.receipt[i] = Some((id, receipt)));
            }
            let text = match &first {
                Some(m) => tr!("lab-steps-took", side = side.name(), count = m.dequeue_count),
                None => tr!("lab-steps-got-nothing", side = side.name()),
            };
            Ok(Seen {
                text,
                dequeued: Some(first.map(|m| m.dequeue_count)),
                ..Seen::default()
            })
        }
        Action::DeleteMessage => {
            let (id, receipt) = memory.receipt[i].clone().unwrap_or_default();
            client.delete_message(&n.queue, &id, &receipt).await?;
            Ok(seen(tr!("lab-steps-deleted", side = side.name())))
        }
        Action::Wait(seconds) => {
            tokio::time::sleep(Duration::from_secs(seconds)).await;
            Ok(seen(tr!("lab-steps-waited", seconds = number(seconds as f64))))
        }
        Action::CheckEntity { count, saved_by } => {
            let e = env.a.get_entity(&n.table, "lab", "entity").await?;
            let text = |name: &str| e.get(name).map(|v| v.to_text().into_owned()).unwrap_or_default();
            let (c, by) = (text("Count"), text("SavedBy"));
            Ok(Seen {
                holds: Some(c == count && by == saved_by),
                ..seen(tr!("lab-steps-entity-holds", count = c, by = by))
            })
        }
        Action::CheckBlobs { shared, new } => {
            let (x, _) = env.a.get_blob(&n.container, "shared.txt", None, None).await?;
            let (y, _) = env.a.get_blob(&n.container, "new.txt", None, None).await?;
            let (x, y) = (String::from_utf8_lossy(&x), String::from_utf8_lossy(&y));
            Ok(Seen {
                holds: Some(x == shared && y == new),
                ..seen(format!("shared.txt = {x:?}, new.txt = {y:?}")) // i18n-ignore: file names and their text
            })
        }
        Action::CheckLog(want) => {
            let (x, _) = env.a.get_blob(&n.container, LOG, None, None).await?;
            let x = String::from_utf8_lossy(&x);
            Ok(Seen {
                holds: Some(x == want),
                ..seen(format!("{LOG} = {x:?}"))
            })
        }
        Action::Lens(action) => crate::app::lab::lens_steps::act(env, side, action).await,
        Action::CheckQueueEmpty => {
            let left = env.a.peek_messages(&n.queue, 32).await?.len();
            Ok(Seen {
                holds: Some(left == 0),
                ..seen(tr!("lab-steps-messages-left", count = left))
            })
        }
    }
}

/// One side writes `body` to `blob` under `conditions` and remembers the ETag it got.
async fn write(
    env: &LabEnv,
    side: Side,
    blob: &str,
    body: &'static str,
    conditions: Conditions,
) -> Result<String, StorageError> {
    let etag = env
        .client(side)
        .put_blob(
            &env.names.container,
            blob,
            Bytes::from_static(body.as_bytes()),
            &BlobHttpHeaders::default(),
            &[],
            &conditions,
        )
        .await?;
    env.remember(|m| m.etag[slot(side)] = Some(etag.clone()));
    Ok(etag)
}

/// A lease action on the shared blob; the side remembers the id it holds (and forgets it on release).
async fn lease(env: &LabEnv, side: Side, lock: Lock) -> Result<Seen, StorageError> {
    let client = env.client(side);
    let i = slot(side);
    let held = env.recall().lease[i].clone().unwrap_or_default();
    let none = Conditions::none();
    let name = side.name();
    let acquire = |duration| client.acquire_lease(shared_blob(env), duration, None, &none);
    match lock {
        Lock::Acquire(seconds) => {
            let g = acquire(LeaseDuration::Seconds(seconds)).await?;
            env.remember(|m| m.lease[i] = Some(g.lease_id.clone()));
            Ok(seen(tr!("lab-steps-holds-lease", side = name, id = g.lease_id)))
        }
        Lock::Lead(seconds) => {
            let g = acquire(LeaseDuration::Seconds(seconds)).await?;
            env.remember(|m| {
                m.lease[i] = Some(g.lease_id.clone());
                m.leader = Some(side);
            });
            Ok(seen(tr!("lab-steps-leads", side = name, id = g.lease_id)))
        }
        Lock::AcquireInfinite => {
            let g = acquire(LeaseDuration::Infinite).await?;
            env.remember(|m| m.lease[i] = Some(g.lease_id.clone()));
            Ok(seen(tr!("lab-steps-holds-lease", side = name, id = g.lease_id)))
        }
        Lock::Renew => {
            client.renew_lease(shared_blob(env), &held, &none).await?;
            Ok(seen(tr!("lab-steps-renewed", side = name)))
        }
        Lock::Release => {
            client.release_lease(shared_blob(env), &held, &none).await?;
            env.remember(|m| m.lease[i] = None);
            Ok(seen(tr!("lab-steps-released", side = name)))
        }
        Lock::Break(period) => {
            let left = client.break_lease(shared_blob(env), Some(period), &none).await?;
            Ok(seen(tr!("lab-steps-breaking", seconds = left)))
        }
    }
}
