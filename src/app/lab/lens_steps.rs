//! The lens scenarios' steps: side A plays "your worker", its requests going through a lens Tessera starts in
//! front of the lab's account (`crate::lens`, the same endpoint the user's own app connects to), while B writes
//! direct as a second writer would. A hold on A's next write, a ServerBusy rule on A's writes, and what the lens
//! saw of them.

use std::time::{Duration, Instant};

use crate::app::lab::steps::{Seen, seen};
use crate::app::lab::{LabEnv, Side, slot};
use crate::app::widgets::i18n::{t, tr};
use crate::lens::holds::Verdict;
use crate::lens::rules::{Action as RuleAction, Rule};
use crate::lens::{Lens, LensOptions};
use crate::storage::RetryPolicy;
use crate::storage::table::EdmValue;
use crate::storage::table::EntityDraft;
use crate::storage::table::{IfMatch, UpdateMode};
use crate::storage::words::Said;
use crate::storage::{Account, Client, ClientOptions, ErrorKind, StorageError};

/// A's retries in the retry storm: as an app's SDK retries, quickly, so the storm is seen in seconds.
const APP_RETRIES: RetryPolicy = RetryPolicy {
    max_retries: 4,
    base_delay: Duration::from_millis(100),
    max_delay: Duration::from_secs(1),
    max_retry_after: Duration::from_secs(10),
};

/// What a lens step does.
#[derive(Clone, Copy, Debug)]
pub enum LensAction {
    /// A's client goes through a lens in front of the account: without retries (the lab's way), or with an
    /// app's retries.
    Connect { retries: bool },
    /// A rule holds A's next Update Entity on the lab's entity; A sends it (Count, If-Match the ETag A saw),
    /// and the step ends once the lens holds it.
    HoldAndSave { count: i32 },
    /// The held request is released; the step ends with what A's write came to.
    Release,
    /// A rule answers A's next `times` Put Blob with 503 ServerBusy in the account's place.
    Busy { times: u64 },
    /// What the lens saw of `operation`: one try, and each retry of it, with its status.
    Tries { operation: &'static str, count: usize },
}

/// The lens A's requests go through, A's client through it, and A's write in flight while it is held.
pub struct LabLens {
    lens: Lens,
    pub(crate) app: Client,
    in_flight: Option<tokio::task::JoinHandle<Result<String, StorageError>>>,
}

/// A lens step that could not be done, in the words of the window's language.
fn failed(why: String) -> StorageError {
    StorageError::new(ErrorKind::Invalid, Said::text(t("lab-lens-step")), Said::text(why))
}

fn lens_of<R>(env: &LabEnv, f: impl FnOnce(&mut LabLens) -> R) -> Result<R, StorageError> {
    let mut guard = env.lens.lock().expect("lab lens");
    match guard.as_mut() {
        Some(l) => Ok(f(l)),
        None => Err(failed(t("lab-lens-not-started"))),
    }
}

pub(crate) async fn act(env: &LabEnv, side: Side, action: LensAction) -> Result<Seen, StorageError> {
    let n = &env.names;
    match action {
        LensAction::Connect { retries } => {
            let lens = Lens::start(env.account.clone(), LensOptions::default())
                .await
                .map_err(failed)?;
            let through =
                Account::from_connection_string(&lens.connection_string()).map_err(|e| failed(e.to_string()))?;
            let app = Client::new(
                through,
                ClientOptions {
                    retry: if retries { APP_RETRIES } else { RetryPolicy::none() },
                    events: Some(env.a_events.clone()),
                    ..ClientOptions::default()
                },
            )?;
            let endpoint = lens.endpoint(crate::storage::Service::Blob).unwrap_or_default();
            *env.lens.lock().expect("lab lens") = Some(LabLens {
                lens,
                app,
                in_flight: None,
            });
            Ok(seen(tr!("lab-lens-connected", side = side.name(), endpoint = endpoint)))
        }
        LensAction::HoldAndSave { count } => {
            let resource = format!("{}/lab/entity", n.table); // i18n-ignore: a resource name
            let etag = env.recall().etag[slot(side)].clone().unwrap_or_default();
            let (table, name) = (n.table.clone(), side.name());
            lens_of(env, |l| {
                l.lens.add_rule(Rule {
                    name: "hold".into(),
                    operation: Some("Update Entity".into()),
                    resource: Some(resource.clone()),
                    action: RuleAction::Hold {
                        stage: Default::default(),
                        ms: None,
                    },
                    times: Some(1),
                    ..rule()
                });
                let app = l.app.clone();
                l.in_flight = Some(tokio::spawn(async move {
                    let draft = EntityDraft::new("lab", "entity")
                        .with("Count", EdmValue::Int32(count))
                        .with("SavedBy", EdmValue::String(name.into()));
                    app.update_entity(&table, &draft, UpdateMode::Replace, &IfMatch::Etag(etag))
                        .await
                }));
            })?;
            let since = Instant::now();
            while lens_of(env, |l| l.lens.held().is_empty())? {
                if since.elapsed() > Duration::from_secs(20) {
                    return Err(failed(tr!("lab-lens-never-held", side = side.name())));
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            Ok(seen(tr!("lab-lens-held", side = side.name(), resource = resource)))
        }
        LensAction::Release => {
            let waiting = lens_of(env, |l| {
                for held in l.lens.held() {
                    l.lens.decide(held.id, Verdict::Release);
                }
                l.in_flight.take()
            })?;
            let Some(waiting) = waiting else {
                return Err(failed(t("lab-lens-nothing-held")));
            };
            let etag = waiting.await.map_err(|e| failed(e.to_string()))??;
            env.remember(|m| m.etag[slot(side)] = Some(etag.clone()));
            Ok(seen(tr!("lab-lens-released", side = side.name(), etag = etag)))
        }
        LensAction::Busy { times } => {
            lens_of(env, |l| {
                l.lens.add_rule(Rule {
                    name: "busy".into(),
                    operation: Some("Put Blob".into()),
                    resource_prefix: Some(format!("{}/", n.container)),
                    action: RuleAction::Answer {
                        status: 503,
                        code: Some("ServerBusy".into()),
                        message: None,
                    },
                    times: Some(times),
                    ..rule()
                })
            })?;
            Ok(seen(tr!("lab-lens-busy", side = side.name(), times = times)))
        }
        LensAction::Tries { operation, count } => {
            let seen_of: Vec<(String, bool)> = lens_of(env, |l| {
                l.lens
                    .records()
                    .into_iter()
                    .filter(|r| r.operation == operation)
                    .map(|r| {
                        let status = r.status.map(|s| s.to_string()).unwrap_or_default();
                        let said = r.error_code.map_or(status.clone(), |code| format!("{status} {code}"));
                        (said, r.retry_of.is_some())
                    })
                    .collect()
            })?;
            let retried = seen_of.iter().filter(|(_, retry)| *retry).count();
            let tries: Vec<String> = seen_of.into_iter().map(|(said, _)| said).collect();
            Ok(Seen {
                holds: Some(tries.len() == count && retried + 1 == count),
                ..seen(tr!(
                    "lab-lens-tries",
                    operation = operation,
                    count = tries.len(),
                    tries = tries.join(", "),
                    retried = retried
                ))
            })
        }
    }
}

/// A rule that matches everything until its fields say otherwise.
fn rule() -> Rule {
    Rule {
        name: String::new(),
        service: None,
        operation: None,
        resource: None,
        resource_prefix: None,
        method: None,
        action: RuleAction::Delay { ms: 0 },
        times: None,
        every: None,
        probability: None,
    }
}
