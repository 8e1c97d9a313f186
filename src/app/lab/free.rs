//! The conflict lab's free mode: A and B pointed at one entity, blob or message the user picked, acting by
//! hand in any order, each with its own ETag, lease id and pop receipt.

use std::sync::Arc;

use bytes::Bytes;

pub use crate::app::context::open_lab::FreeTarget;
use crate::app::context::{Backend, InFlight};
use crate::app::lab::{LabEnv, Side};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;
use crate::storage::blob::Conditions;
use crate::storage::blob::{BlobHttpHeaders, DeleteSnapshots};
use crate::storage::blob::{LeaseDuration, LeaseTarget};
use crate::storage::table::EdmValue;
use crate::storage::table::{IfMatch, UpdateMode};

/// The actions a side may take on this kind of target.
pub fn actions(target: &FreeTarget) -> &'static [FreeAction] {
    match target {
        FreeTarget::Entity { .. } => &[
            FreeAction::Read,
            FreeAction::Save,
            FreeAction::ForceSave,
            FreeAction::Delete,
        ],
        FreeTarget::Blob { .. } => &[
            FreeAction::Read,
            FreeAction::Save,
            FreeAction::ForceSave,
            FreeAction::Delete,
            FreeAction::Acquire,
            FreeAction::Release,
            FreeAction::Break,
            FreeAction::BreakSlowly,
        ],
        FreeTarget::Queue { .. } => &[
            FreeAction::Peek,
            FreeAction::Dequeue,
            FreeAction::Delete,
            FreeAction::ReturnNow,
        ],
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FreeAction {
    Read,
    Save,
    ForceSave,
    Delete,
    Acquire,
    Release,
    Break,
    BreakSlowly,
    Peek,
    Dequeue,
    ReturnNow,
}

impl FreeAction {
    /// Its button's words, in the window's language.
    pub fn label(self) -> String {
        t(match self {
            FreeAction::Read => "lab-free-read",
            FreeAction::Save => "lab-free-save",
            FreeAction::ForceSave => "lab-free-force-save",
            FreeAction::Delete => "lab-free-delete",
            FreeAction::Acquire => "lab-free-acquire",
            FreeAction::Release => "lab-free-release",
            FreeAction::Break => "lab-free-break",
            FreeAction::BreakSlowly => "lab-free-break-slowly",
            FreeAction::Peek => "lab-free-peek",
            FreeAction::Dequeue => "lab-free-dequeue",
            FreeAction::ReturnNow => "lab-free-return",
        })
    }
}

/// One action taken in free mode, as recorded for the exported test: who, what, the text written, and what
/// the service said.
#[derive(Clone, Debug, PartialEq)]
pub struct FreeStep {
    pub side: Side,
    pub action: FreeAction,
    pub value: String,
    pub outcome: FreeOutcome,
    /// How long after the previous answer this one came: the export waits as long (a lease may run out meanwhile).
    pub after: std::time::Duration,
}

#[derive(Clone, Debug, PartialEq)]
pub enum FreeOutcome {
    Ok,
    /// A peek or dequeue that found no message.
    Empty,
    /// The service refused it with this status.
    Refused(u16),
    /// Refused before any request (nothing to replay): why, in words.
    NotSent(String),
}

#[derive(Default)]
pub struct FreeMode {
    pub target: Option<FreeTarget>,
    /// The text each side writes when it saves.
    pub value: [String; 2],
    /// Steps sent, keyed by the step each answer is for; with whether it found no message.
    pending: InFlight<FreeStep, (Result<String, StorageError>, bool)>,
    pub results: Vec<(Side, Result<String, StorageError>)>,
    /// Every action that finished, in the order the answers came: the run "Copy as a Python test" replays.
    pub recorded: Vec<FreeStep>,
    last_answer: Option<std::time::Instant>,
}

impl FreeMode {
    pub fn act(&mut self, backend: &Backend, env: &Arc<LabEnv>, side: Side, action: FreeAction) {
        let Some(target) = self.target.clone() else { return };
        let (env, value) = (env.clone(), self.value[side as usize].clone());
        let step = FreeStep {
            side,
            action,
            value: format!("{value} (by {})", side.name()), // i18n-ignore: the data the side writes
            outcome: FreeOutcome::Ok,
            after: std::time::Duration::ZERO,
        };
        self.pending.add(
            step,
            backend.spawn(async move {
                let r = run(&env, side, &target, action, value).await;
                // Told apart here, in the language the answer was worded in.
                let empty = [t("lab-free-got-nothing"), t("lab-free-nothing-visible")];
                let found_none = matches!(&r, Ok(said) if empty.contains(said));
                (r, found_none)
            }),
        );
    }

    /// A new run: nothing recorded or under way, and neither side holds an ETag, lease or receipt (the
    /// exported test starts from nothing, so the run does too).
    pub fn new_run(&mut self, env: &LabEnv) {
        self.pending.clear();
        self.recorded.clear();
        self.results.clear();
        self.last_answer = None;
        env.remember(|m| *m = Default::default());
    }

    /// Points A and B at `target`; another target starts a new run.
    pub fn aim(&mut self, env: &LabEnv, target: FreeTarget) {
        if self.target.as_ref() != Some(&target) {
            self.new_run(env);
        }
        self.target = Some(target);
    }

    pub fn poll(&mut self) {
        for (mut step, (r, found_none)) in self.pending.ready() {
            let now = std::time::Instant::now();
            step.after = self.last_answer.map_or(std::time::Duration::ZERO, |t| now - t);
            self.last_answer = Some(now);
            step.outcome = match &r {
                Ok(_) if found_none => FreeOutcome::Empty,
                Ok(_) => FreeOutcome::Ok,
                Err(e) => match e.status {
                    Some(status) => FreeOutcome::Refused(status),
                    None => FreeOutcome::NotSent(e.plain_words()),
                },
            };
            self.results.push((step.side, r));
            self.recorded.push(step);
        }
    }
}

async fn run(
    env: &LabEnv,
    side: Side,
    target: &FreeTarget,
    action: FreeAction,
    value: String,
) -> Result<String, StorageError> {
    let client = env.client(side);
    let i = side as usize;
    let memory = || env.memory.lock().expect("lab memory").clone();
    let remember = |f: &dyn Fn(&mut crate::app::lab::Memory)| f(&mut env.memory.lock().expect("lab memory"));
    match (target, action) {
        (
            FreeTarget::Entity {
                table,
                partition_key,
                row_key,
            },
            FreeAction::Read,
        ) => {
            let e = client.get_entity(table, partition_key, row_key).await?;
            let etag = e.etag().unwrap_or_default().to_string();
            remember(&|m| m.etag[i] = Some(etag.clone()));
            Ok(tr!("lab-free-read-entity", etag = etag))
        }
        (
            FreeTarget::Entity {
                table,
                partition_key,
                row_key,
            },
            FreeAction::Save | FreeAction::ForceSave,
        ) => {
            no_etag_to_save_with(action, &memory().etag[i], side)?;
            let current = client.get_entity(table, partition_key, row_key).await;
            let mut draft = match current {
                Ok(e) => e.to_draft(),
                Err(_) => crate::storage::table::EntityDraft::new(partition_key.clone(), row_key.clone()),
            };
            draft.set("LabValue", EdmValue::String(format!("{value} (by {})", side.name()))); // i18n-ignore: data
            let condition = match (action, memory().etag[i].clone()) {
                (FreeAction::Save, Some(e)) => IfMatch::Etag(e),
                _ => IfMatch::Any,
            };
            let etag = client
                .update_entity(table, &draft, UpdateMode::Merge, &condition)
                .await?;
            remember(&|m| m.etag[i] = Some(etag.clone()));
            Ok(tr!("lab-free-saved", etag = etag))
        }
        (
            FreeTarget::Entity {
                table,
                partition_key,
                row_key,
            },
            FreeAction::Delete,
        ) => {
            // A side that never read has no ETag to offer: it deletes with If-Match *, and says so.
            let condition = memory().etag[i].clone().map(IfMatch::Etag).unwrap_or(IfMatch::Any);
            client.delete_entity(table, partition_key, row_key, &condition).await?;
            Ok(match condition {
                IfMatch::Any => t("lab-free-deleted-any"),
                _ => t("lab-free-deleted-matched"),
            })
        }
        (FreeTarget::Blob { container, blob }, FreeAction::Read) => {
            let (p, _) = client.get_blob_properties(container, blob, None).await?;
            remember(&|m| m.etag[i] = Some(p.etag.clone()));
            Ok(tr!("lab-free-read-blob", etag = p.etag, state = p.lease.state.as_str()))
        }
        (FreeTarget::Blob { container, blob }, FreeAction::Save | FreeAction::ForceSave) => {
            let mem = memory();
            no_etag_to_save_with(action, &mem.etag[i], side)?;
            let mut conditions = Conditions::none().with_lease(mem.lease[i].clone());
            if action == FreeAction::Save {
                conditions.if_match = mem.etag[i].clone();
            }
            let body = Bytes::from(format!("{value} (by {})", side.name())); // i18n-ignore: data
            let etag = client
                .put_blob(container, blob, body, &BlobHttpHeaders::default(), &[], &conditions)
                .await?;
            remember(&|m| m.etag[i] = Some(etag.clone()));
            Ok(tr!("lab-free-written", etag = etag))
        }
        (FreeTarget::Blob { container, blob }, FreeAction::Acquire) => {
            let target = LeaseTarget::Blob { container, blob };
            let g = client
                .acquire_lease(target, LeaseDuration::Seconds(15), None, &Conditions::none())
                .await?;
            remember(&|m| m.lease[i] = Some(g.lease_id.clone()));
            Ok(tr!("lab-free-holds", id = g.lease_id))
        }
        (FreeTarget::Blob { container, blob }, FreeAction::Release) => {
            let id = memory().lease[i].clone().unwrap_or_default();
            client
                .release_lease(LeaseTarget::Blob { container, blob }, &id, &Conditions::none())
                .await?;
            remember(&|m| m.lease[i] = None);
            Ok(t("lab-free-released"))
        }
        (FreeTarget::Blob { container, blob }, FreeAction::Break | FreeAction::BreakSlowly) => {
            let period = if action == FreeAction::Break { 0 } else { 10 };
            let left = client
                .break_lease(LeaseTarget::Blob { container, blob }, Some(period), &Conditions::none())
                .await?;
            Ok(match left {
                0 => t("lab-free-broken-now"),
                s => tr!("lab-free-breaking", seconds = s),
            })
        }
        (FreeTarget::Blob { container, blob }, FreeAction::Delete) => {
            // As with an entity: the side's ETag when it has read one; without, the delete has no condition.
            let mem = memory();
            let conditions = Conditions {
                if_match: mem.etag[i].clone(),
                ..Conditions::none().with_lease(mem.lease[i].clone())
            };
            client
                .delete_blob(container, blob, None, DeleteSnapshots::Include, &conditions)
                .await?;
            Ok(match conditions.if_match {
                Some(_) => t("lab-free-deleted-matched"),
                None => t("lab-free-deleted-plain"),
            })
        }
        (FreeTarget::Queue { queue }, FreeAction::Peek) => {
            let m = client.peek_messages(queue, 1).await?;
            Ok(match m.first() {
                Some(m) => tr!("lab-free-front", id = m.id.as_str(), count = m.dequeue_count),
                None => t("lab-free-nothing-visible"),
            })
        }
        (FreeTarget::Queue { queue }, FreeAction::Dequeue) => {
            let got = client.get_messages(queue, 1, 30).await?;
            match got.into_iter().next() {
                Some(m) => {
                    let (id, receipt) = (m.id.clone(), m.pop_receipt.clone());
                    remember(&|mem| mem.receipt[i] = Some((id.clone(), receipt.clone())));
                    Ok(tr!(
                        "lab-free-took",
                        id = m.id,
                        count = m.dequeue_count,
                        receipt = m.pop_receipt
                    ))
                }
                None => Ok(t("lab-free-got-nothing")),
            }
        }
        (FreeTarget::Queue { queue }, FreeAction::Delete) => {
            let (id, receipt) = receipt_of(&memory().receipt[i], side)?;
            client.delete_message(queue, &id, &receipt).await?;
            Ok(tr!("lab-free-deleted-message", id = id))
        }
        (FreeTarget::Queue { queue }, FreeAction::ReturnNow) => {
            let (id, receipt) = receipt_of(&memory().receipt[i], side)?;
            let r = client.update_message(queue, &id, &receipt, 0, None).await?;
            remember(&|mem| mem.receipt[i] = Some((id.clone(), r.pop_receipt.clone())));
            Ok(tr!("lab-free-returned", id = id, receipt = r.pop_receipt))
        }
        (_, a) => Err(StorageError::invalid(
            t("lab-free-act"),
            tr!("lab-free-not-here", action = a.label()),
        )),
    }
}

/// A message action needs the side's message and pop receipt: without them it would be sent with an empty id
/// (a request dangerously close to Clear Messages), so it is refused before any request.
fn receipt_of(held: &Option<(String, String)>, side: Side) -> Result<(String, String), StorageError> {
    held.clone().ok_or_else(|| {
        StorageError::invalid(
            tr!("lab-free-acts-on-message", side = side.name()),
            tr!("lab-free-no-message", side = side.name()),
        )
    })
}

/// "Save with my ETag" needs an ETag: without one it would quietly be an unconditional write.
fn no_etag_to_save_with(action: FreeAction, etag: &Option<String>, side: Side) -> Result<(), StorageError> {
    if action == FreeAction::Save && etag.is_none() {
        return Err(StorageError::invalid(
            tr!("lab-free-saves", side = side.name()),
            tr!("lab-free-no-etag", side = side.name()),
        ));
    }
    Ok(())
}
