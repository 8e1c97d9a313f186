//! A fault soak: many mixed operations on all three services at once, through the fault proxy, each noting
//! what its outcome means (done, refused, or unknown: it may or may not have happened); then a direct read of
//! the service, compared with those notes. Nothing done may be lost, nothing said to run once may have applied
//! twice, and every unknown outcome must be explained by what the service holds. The test suite runs a short
//! soak; `cargo bench --bench soak` runs the long one.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use md5::{Digest, Md5};
use tessera::storage::blob::{BlobHttpHeaders, Conditions, LeaseDuration, LeaseTarget, PublicAccess, TransferOptions};
use tessera::storage::queue::MessageTtl;
use tessera::storage::table::{BatchOperation, EdmValue, EntityDraft, IfMatch, UpdateMode};
use tessera::storage::{Client, ClientOptions, ErrorKind, RetryPolicy, StorageError, TransferProgress};

use super::fault_proxy::Fault;
use tokio_util::sync::CancellationToken;

#[path = "soak_check.rs"]
mod check;
#[allow(unused_imports)]
pub use check::Report;

/// Every fault the proxy knows that a network or a busy service causes.
pub fn every_fault() -> Vec<Fault> {
    vec![
        Fault::Status {
            status: 503,
            retry_after: Some(0),
        },
        Fault::Status {
            status: 500,
            retry_after: None,
        },
        Fault::Status {
            status: 408,
            retry_after: None,
        },
        Fault::Reset,
        Fault::ResetAfterForward,
        Fault::Truncate,
        Fault::Stall(Duration::from_secs(4)),
        Fault::Delay(Duration::from_millis(1500)),
    ]
}

/// The client a soak runs with: a short silence limit, so a 4 s stall fails the attempt as on a link that died,
/// short retry delays, and a breaker that does not open (the soak is about each request's outcome, not about
/// stopping a storm).
pub fn client_options() -> ClientOptions {
    ClientOptions {
        read_timeout: Duration::from_secs(2),
        retry: RetryPolicy {
            base_delay: Duration::from_millis(20),
            max_delay: Duration::from_millis(200),
            ..RetryPolicy::default()
        },
        breaker_threshold: 1000,
        ..ClientOptions::default()
    }
}

/// What an operation's answer means for the model.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Done,
    /// The service said no, or the client never sent it: it did not happen.
    Refused,
    /// It may or may not have happened: the read-back decides.
    Unknown,
}

fn outcome_of<T>(r: &Result<T, StorageError>) -> Outcome {
    match r {
        Ok(_) => Outcome::Done,
        Err(e) => match e.kind {
            ErrorKind::Invalid | ErrorKind::CircuitOpen => Outcome::Refused,
            // 503 and 4xx: the service did not carry it out. 500, 502, 504 and transport failures: maybe it did.
            ErrorKind::Service
                if e.status
                    .is_some_and(|s| s == 503 || (400..500).contains(&s) && s != 408) =>
            {
                Outcome::Refused
            }
            _ => Outcome::Unknown,
        },
    }
}

/// What each operation expects the service to hold at the end, given its outcome.
#[derive(Clone, Debug)]
enum Note {
    /// An entity written with this payload (insert, upsert, a batch's member).
    Entity {
        key: (String, String),
        payload: String,
        outcome: Outcome,
    },
    /// An entity's property changed by a conditional replace or a merge, from `before` to `after`.
    Changed {
        key: (String, String),
        before: String,
        after: String,
        outcome: Outcome,
    },
    /// An entity deleted.
    Deleted { key: (String, String), outcome: Outcome },
    /// All the rows of one batch: all there, or none.
    Batch {
        partition: String,
        rows: Vec<String>,
        outcome: Outcome,
    },
    /// A blob written with this content's MD5 (or overwritten from `before`).
    Blob {
        name: String,
        md5: Vec<u8>,
        before: Option<Vec<u8>>,
        outcome: Outcome,
    },
    /// A blob's lease released (or not, if unknown).
    Released { name: String, outcome: Outcome },
    /// A message put with this text.
    Put { text: String, outcome: Outcome },
    /// A message taken and deleted.
    Removed { text: String, outcome: Outcome },
    /// A message's text changed from `from` to `to`.
    Updated { from: String, to: String, outcome: Outcome },
}

/// The resources a soak works on, and what it expects of them.
pub struct Soak {
    pub table: String,
    pub container: String,
    pub queue: String,
    notes: Mutex<Vec<Note>>,
    downloads: Mutex<(usize, Vec<String>)>,
    ops: Mutex<BTreeMap<&'static str, usize>>,
    outcomes: Mutex<BTreeMap<String, usize>>,
}

fn md5(data: &[u8]) -> Vec<u8> {
    Md5::digest(data).to_vec()
}

/// A message's identity across updates: its text up to the first `~`.
fn base(text: &str) -> &str {
    text.split('~').next().unwrap_or(text)
}

impl Soak {
    /// Makes the table, container and queue (with `setup`, a direct client).
    pub async fn new(setup: &Client) -> Arc<Soak> {
        let id = uuid::Uuid::new_v4().simple().to_string()[..8].to_string();
        let soak = Soak {
            table: format!("soak{id}"),
            container: format!("soak-{id}"),
            queue: format!("soak-{id}"),
            notes: Mutex::default(),
            downloads: Mutex::default(),
            ops: Mutex::default(),
            outcomes: Mutex::default(),
        };
        setup.create_table(&soak.table).await.unwrap();
        setup
            .create_container(&soak.container, PublicAccess::None, &[])
            .await
            .unwrap();
        setup.create_queue(&soak.queue, &[]).await.unwrap();
        Arc::new(soak)
    }

    fn note(&self, note: Note) {
        let o = match &note {
            Note::Entity { outcome, .. }
            | Note::Changed { outcome, .. }
            | Note::Deleted { outcome, .. }
            | Note::Batch { outcome, .. }
            | Note::Blob { outcome, .. }
            | Note::Released { outcome, .. }
            | Note::Put { outcome, .. }
            | Note::Removed { outcome, .. }
            | Note::Updated { outcome, .. } => format!("{outcome:?}"),
        };
        *self.outcomes.lock().unwrap().entry(o).or_default() += 1;
        self.notes.lock().unwrap().push(note);
    }

    fn count(&self, kind: &'static str) {
        *self.ops.lock().unwrap().entry(kind).or_default() += 1;
    }

    /// Runs `ops_per_service` operations of each service, `concurrency` at a time, chosen with `seed`, through
    /// `client` (which reaches the service through the fault proxy), counting each finished one in `progress`.
    pub async fn run(
        self: &Arc<Soak>,
        client: &Client,
        ops_per_service: usize,
        concurrency: usize,
        seed: u64,
        progress: &TransferProgress,
    ) {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut plan: Vec<(u8, u64)> = Vec::new();
        for service in 0..3u8 {
            for _ in 0..ops_per_service {
                plan.push((service, rng.u64(..)));
            }
        }
        rng.shuffle(&mut plan);
        progress.start(plan.len() as u64);
        let mut set = tokio::task::JoinSet::new();
        for (i, (service, draw)) in plan.into_iter().enumerate() {
            while set.len() >= concurrency {
                set.join_next().await.unwrap().unwrap();
                progress.add(1);
            }
            let (soak, client) = (self.clone(), client.clone());
            set.spawn(async move {
                match service {
                    0 => soak.table_op(&client, i, draw).await,
                    1 => soak.blob_op(&client, i, draw).await,
                    _ => soak.queue_op(&client, i, draw).await,
                }
            });
        }
        while let Some(r) = set.join_next().await {
            r.unwrap();
            progress.add(1);
        }
    }

    async fn table_op(&self, c: &Client, i: usize, draw: u64) {
        let t = &self.table;
        let (pk, rk) = (format!("p{}", i % 16), format!("r{i:06}"));
        let key = (pk.clone(), rk.clone());
        let entity =
            |payload: &str| EntityDraft::new(pk.clone(), rk.clone()).with("Payload", EdmValue::String(payload.into()));
        match draw % 5 {
            0 => {
                self.count("entity insert");
                let payload = format!("insert {i}");
                let outcome = outcome_of(&c.insert_entity(t, &entity(&payload)).await);
                self.note(Note::Entity { key, payload, outcome });
            }
            1 => {
                self.count("entity replace with If-Match");
                let Ok(etag) = c.upsert_entity(t, &entity("v1"), UpdateMode::Replace).await else {
                    return self.note(Note::Entity {
                        key,
                        payload: "v1".into(),
                        outcome: Outcome::Unknown,
                    });
                };
                let r = c
                    .update_entity(t, &entity("v2"), UpdateMode::Replace, &IfMatch::Etag(etag))
                    .await;
                self.note(Note::Changed {
                    key,
                    before: "v1".into(),
                    after: "v2".into(),
                    outcome: outcome_of(&r),
                });
            }
            2 => {
                self.count("entity merge");
                let Ok(_) = c.upsert_entity(t, &entity("m1"), UpdateMode::Replace).await else {
                    return self.note(Note::Entity {
                        key,
                        payload: "m1".into(),
                        outcome: Outcome::Unknown,
                    });
                };
                let r = c
                    .update_entity(t, &entity("m2"), UpdateMode::Merge, &IfMatch::Any)
                    .await;
                self.note(Note::Changed {
                    key,
                    before: "m1".into(),
                    after: "m2".into(),
                    outcome: outcome_of(&r),
                });
            }
            3 => {
                self.count("entity delete");
                let Ok(etag) = c.upsert_entity(t, &entity("doomed"), UpdateMode::Replace).await else {
                    return self.note(Note::Entity {
                        key,
                        payload: "doomed".into(),
                        outcome: Outcome::Unknown,
                    });
                };
                let r = c.delete_entity(t, &pk, &rk, &IfMatch::Etag(etag)).await;
                self.note(Note::Deleted {
                    key,
                    outcome: outcome_of(&r),
                });
            }
            _ => {
                self.count("entity batch");
                let partition = format!("batch{i:06}");
                let rows: Vec<String> = (0..5).map(|n| format!("b{n}")).collect();
                let ops: Vec<BatchOperation> = rows
                    .iter()
                    .map(|r| BatchOperation::Insert(EntityDraft::new(partition.clone(), r.clone())))
                    .collect();
                let outcome = outcome_of(&c.submit_batch(t, &ops).await);
                self.note(Note::Batch {
                    partition,
                    rows,
                    outcome,
                });
            }
        }
    }

    async fn blob_op(&self, c: &Client, i: usize, draw: u64) {
        let name = format!("b{i:06}");
        let body: Bytes = Bytes::from(format!("blob {i} ").repeat(1 + (draw % 64) as usize));
        let put = |body: Bytes, conditions: Conditions| {
            let name = name.clone();
            async move {
                c.put_blob(
                    &self.container,
                    &name,
                    body,
                    &BlobHttpHeaders::default(),
                    &[],
                    &conditions,
                )
                .await
            }
        };
        match draw % 5 {
            0 => {
                self.count("blob upload (one put)");
                let outcome = outcome_of(&put(body.clone(), Conditions::none()).await);
                self.note(Note::Blob {
                    name,
                    md5: md5(&body),
                    before: None,
                    outcome,
                });
            }
            1 => {
                self.count("blob upload (blocks)");
                let data: Vec<u8> = (0..(600 * 1024)).map(|n| (n % 251) as u8 ^ (i as u8)).collect();
                let dir = tempfile::tempdir().unwrap();
                let path = dir.path().join("up.bin");
                std::fs::write(&path, &data).unwrap();
                let options = TransferOptions {
                    block_size: 256 * 1024,
                    single_put_limit: 0,
                    ..TransferOptions::default()
                };
                let r = c
                    .upload_file(
                        &self.container,
                        &name,
                        &path,
                        &BlobHttpHeaders::default(),
                        &[],
                        &Conditions::none(),
                        &options,
                        &TransferProgress::new(),
                        &CancellationToken::new(),
                    )
                    .await;
                self.note(Note::Blob {
                    name,
                    md5: md5(&data),
                    before: None,
                    outcome: outcome_of(&r),
                });
            }
            2 => {
                self.count("blob conditional overwrite");
                let Ok(etag) = put(body.clone(), Conditions::none()).await else {
                    return self.note(Note::Blob {
                        name,
                        md5: md5(&body),
                        before: None,
                        outcome: Outcome::Unknown,
                    });
                };
                let newer = Bytes::from(format!("newer {i}"));
                let r = put(newer.clone(), Conditions::if_match(etag)).await;
                self.note(Note::Blob {
                    name,
                    md5: md5(&newer),
                    before: Some(md5(&body)),
                    outcome: outcome_of(&r),
                });
            }
            3 => {
                self.count("blob lease acquire/renew/release");
                if put(body.clone(), Conditions::none()).await.is_err() {
                    return self.note(Note::Blob {
                        name,
                        md5: md5(&body),
                        before: None,
                        outcome: Outcome::Unknown,
                    });
                }
                self.note(Note::Blob {
                    name: name.clone(),
                    md5: md5(&body),
                    before: None,
                    outcome: Outcome::Done,
                });
                let target = LeaseTarget::Blob {
                    container: &self.container,
                    blob: &name,
                };
                let proposed = uuid::Uuid::new_v4().to_string();
                let none = Conditions::none();
                let acquired = c
                    .acquire_lease(target, LeaseDuration::Seconds(15), Some(&proposed), &none)
                    .await;
                if outcome_of(&acquired) == Outcome::Refused {
                    return;
                }
                let _ = c.renew_lease(target, &proposed, &none).await;
                let r = c.release_lease(target, &proposed, &none).await;
                self.note(Note::Released {
                    name,
                    outcome: outcome_of(&r),
                });
            }
            _ => {
                self.count("blob download");
                if put(body.clone(), Conditions::none()).await.is_err() {
                    return self.note(Note::Blob {
                        name,
                        md5: md5(&body),
                        before: None,
                        outcome: Outcome::Unknown,
                    });
                }
                self.note(Note::Blob {
                    name: name.clone(),
                    md5: md5(&body),
                    before: None,
                    outcome: Outcome::Done,
                });
                let dir = tempfile::tempdir().unwrap();
                let dest = dir.path().join("down.bin");
                let r = c
                    .download_file(
                        &self.container,
                        &name,
                        None,
                        &dest,
                        &TransferOptions::default(),
                        &TransferProgress::new(),
                        &CancellationToken::new(),
                    )
                    .await;
                let mut d = self.downloads.lock().unwrap();
                if r.is_ok() {
                    d.0 += 1;
                    if md5(&std::fs::read(&dest).unwrap()) != md5(&body) {
                        d.1.push(name);
                    }
                }
            }
        }
    }

    async fn queue_op(&self, c: &Client, i: usize, draw: u64) {
        let q = &self.queue;
        if draw.is_multiple_of(2) {
            self.count("message put");
            let text = format!("m{i:06}");
            let outcome = outcome_of(&c.put_message(q, &text, None, MessageTtl::Default).await);
            return self.note(Note::Put { text, outcome });
        }
        self.count("message get, then update and/or delete");
        let Ok(got) = c.get_messages(q, 1, 2).await else {
            return;
        };
        let Some(m) = got.into_iter().next() else { return };
        let (mut receipt, mut text) = (m.pop_receipt.clone(), m.text.clone());
        if draw.is_multiple_of(3) {
            let to = format!("{text}~u");
            let r = c.update_message(q, &m.id, &receipt, 2, Some(&to)).await;
            let outcome = outcome_of(&r);
            self.note(Note::Updated {
                from: text.clone(),
                to: to.clone(),
                outcome: outcome.clone(),
            });
            match r {
                Ok(u) => {
                    receipt = u.pop_receipt;
                    text = to;
                }
                Err(_) => return,
            }
        }
        if !draw.is_multiple_of(5) {
            let r = c.delete_message(q, &m.id, &receipt).await;
            self.note(Note::Removed {
                text,
                outcome: outcome_of(&r),
            });
        }
    }
}
