//! The ready-made scenarios, as data: each step is who acts, what they do, what the service should answer,
//! and the words that explain it (message ids of locales/*/lab.ftl). `steps.rs` plays them; a new scenario is
//! a new entry here, not new code.

use crate::app::lab::Side::{self, A, B};
use crate::app::lab::lens_steps::LensAction;
use crate::app::lab::steps::{Action, Expect, Lock, Write};

pub struct Step {
    /// Who acts (None: a check or a wait that belongs to neither side).
    pub who: Option<Side>,
    /// What the step does, as a message id (`t(says)` shows it).
    pub says: &'static str,
    pub action: Action,
    pub expect: Expect,
}

pub struct Scenario {
    /// Its name in English: the exported test's docstring and the tests find it by it.
    pub title: &'static str,
    /// Its name as a message id (`t(name)` shows it).
    pub name: &'static str,
    /// What it shows, as a message id.
    pub explains: &'static str,
    /// What the setup makes (by A, not counted as a step).
    pub setup: Action,
    pub steps: &'static [Step],
}

const fn step(who: Option<Side>, says: &'static str, action: Action, expect: Expect) -> Step {
    Step {
        who,
        says,
        action,
        expect,
    }
}

const OK: Expect = Expect::Ok;

pub static SCENARIOS: &[Scenario] = &[
    Scenario {
        title: "Optimistic concurrency on an entity",
        name: "lab-scenarios-entity-title",
        explains: "lab-scenarios-entity-explains",
        setup: Action::MakeEntity,
        steps: &[
            step(Some(A), "lab-scenarios-entity-1", Action::ReadEntity, OK),
            step(Some(B), "lab-scenarios-entity-2", Action::ReadEntity, OK),
            step(
                Some(A),
                "lab-scenarios-entity-3",
                Action::SaveEntity { count: 1, force: false },
                OK,
            ),
            step(
                Some(B),
                "lab-scenarios-entity-4",
                Action::SaveEntity { count: 2, force: false },
                Expect::Refused(&[412]),
            ),
            step(Some(B), "lab-scenarios-entity-5", Action::ReadEntity, OK),
            step(
                Some(B),
                "lab-scenarios-entity-6",
                Action::SaveEntity { count: 2, force: false },
                OK,
            ),
            step(
                Some(A),
                "lab-scenarios-entity-7",
                Action::SaveEntity {
                    count: 10,
                    force: false,
                },
                Expect::Refused(&[412]),
            ),
            step(
                Some(B),
                "lab-scenarios-entity-8",
                Action::SaveEntity { count: 99, force: true },
                OK,
            ),
            step(
                None,
                "lab-scenarios-entity-9",
                Action::CheckEntity {
                    count: "99",
                    saved_by: "B",
                },
                OK,
            ),
        ],
    },
    Scenario {
        title: "Optimistic concurrency on a blob",
        name: "lab-scenarios-blob-title",
        explains: "lab-scenarios-blob-explains",
        setup: Action::MakeSharedBlob("v1"),
        steps: &[
            step(Some(A), "lab-scenarios-blob-1", Action::ReadBlob, OK),
            step(Some(B), "lab-scenarios-blob-2", Action::ReadBlob, OK),
            step(
                Some(A),
                "lab-scenarios-blob-3",
                Action::WriteBlob {
                    blob: "shared.txt",
                    body: "from A",
                    with: Write::MyEtag,
                },
                OK,
            ),
            step(
                Some(B),
                "lab-scenarios-blob-4",
                Action::WriteBlob {
                    blob: "shared.txt",
                    body: "from B",
                    with: Write::MyEtag,
                },
                Expect::Refused(&[412]),
            ),
            step(
                Some(A),
                "lab-scenarios-blob-5",
                Action::WriteBlob {
                    blob: "new.txt",
                    body: "A was first",
                    with: Write::CreateOnly,
                },
                OK,
            ),
            step(
                Some(B),
                "lab-scenarios-blob-6",
                Action::WriteBlob {
                    blob: "new.txt",
                    body: "B was second",
                    with: Write::CreateOnly,
                },
                Expect::Refused(&[409, 412]),
            ),
            step(
                None,
                "lab-scenarios-blob-7",
                Action::CheckBlobs {
                    shared: "from A",
                    new: "A was first",
                },
                OK,
            ),
        ],
    },
    Scenario {
        title: "Two writers appending to one log",
        name: "lab-scenarios-append-title",
        explains: "lab-scenarios-append-explains",
        setup: Action::MakeAppendLog,
        steps: &[
            step(Some(A), "lab-scenarios-append-1", Action::ReadLog, OK),
            step(Some(B), "lab-scenarios-append-2", Action::ReadLog, OK),
            step(
                Some(A),
                "lab-scenarios-append-3",
                Action::Append {
                    body: "A1;",
                    at_mine: true,
                    max_size: None,
                },
                OK,
            ),
            step(
                Some(B),
                "lab-scenarios-append-4",
                Action::Append {
                    body: "B1;",
                    at_mine: true,
                    max_size: None,
                },
                Expect::Refused(&[412]),
            ),
            step(Some(B), "lab-scenarios-append-5", Action::ReadLog, OK),
            step(
                Some(B),
                "lab-scenarios-append-6",
                Action::Append {
                    body: "B1;",
                    at_mine: true,
                    max_size: None,
                },
                OK,
            ),
            step(
                Some(A),
                "lab-scenarios-append-7",
                Action::Append {
                    body: "A2;",
                    at_mine: false,
                    max_size: None,
                },
                OK,
            ),
            step(
                Some(A),
                "lab-scenarios-append-8",
                Action::Append {
                    body: "A3;",
                    at_mine: false,
                    max_size: Some(10),
                },
                Expect::Refused(&[412]),
            ),
            step(None, "lab-scenarios-append-9", Action::CheckLog("A1;B1;A2;"), OK),
        ],
    },
    Scenario {
        title: "Pessimistic concurrency with a lease",
        name: "lab-scenarios-lease-title",
        explains: "lab-scenarios-lease-explains",
        setup: Action::MakeSharedBlob("v1"),
        steps: &[
            step(Some(A), "lab-scenarios-lease-1", Action::Lease(Lock::Acquire(15)), OK),
            step(
                Some(B),
                "lab-scenarios-lease-2",
                Action::WriteBlob {
                    blob: "shared.txt",
                    body: "from B",
                    with: Write::Plain,
                },
                Expect::Refused(&[412]),
            ),
            step(
                Some(A),
                "lab-scenarios-lease-3",
                Action::WriteBlob {
                    blob: "shared.txt",
                    body: "from A",
                    with: Write::MyLease,
                },
                OK,
            ),
            step(Some(A), "lab-scenarios-lease-4", Action::Lease(Lock::Release), OK),
            step(Some(B), "lab-scenarios-lease-5", Action::Lease(Lock::Acquire(15)), OK),
            step(Some(B), "lab-scenarios-lease-6", Action::Lease(Lock::Release), OK),
            step(
                Some(A),
                "lab-scenarios-lease-7",
                Action::Lease(Lock::AcquireInfinite),
                OK,
            ),
            step(Some(B), "lab-scenarios-lease-8", Action::Lease(Lock::Break(3)), OK),
            step(
                Some(A),
                "lab-scenarios-lease-9",
                Action::ReadLeaseState,
                Expect::LeaseState("breaking"),
            ),
            step(
                Some(B),
                "lab-scenarios-lease-10",
                Action::ReadLeaseState,
                Expect::LeaseState("breaking"),
            ),
            step(None, "lab-scenarios-lease-11", Action::Wait(4), OK),
            step(
                Some(A),
                "lab-scenarios-lease-12",
                Action::ReadLeaseState,
                Expect::LeaseState("broken"),
            ),
            step(
                Some(B),
                "lab-scenarios-lease-13",
                Action::ReadLeaseState,
                Expect::LeaseState("broken"),
            ),
        ],
    },
    Scenario {
        title: "Competing consumers on a queue",
        name: "lab-scenarios-queue-title",
        explains: "lab-scenarios-queue-explains",
        setup: Action::MakeQueueWithMessage,
        steps: &[
            step(
                Some(A),
                "lab-scenarios-queue-1",
                Action::Dequeue(10),
                Expect::DequeueCount(1),
            ),
            step(Some(B), "lab-scenarios-queue-2", Action::Dequeue(10), Expect::NoMessage),
            step(Some(A), "lab-scenarios-queue-3", Action::Wait(11), OK),
            step(
                Some(B),
                "lab-scenarios-queue-4",
                Action::Dequeue(30),
                Expect::DequeueCount(2),
            ),
            step(
                Some(A),
                "lab-scenarios-queue-5",
                Action::DeleteMessage,
                Expect::Refused(&[400, 404]),
            ),
            step(Some(B), "lab-scenarios-queue-6", Action::DeleteMessage, OK),
            step(None, "lab-scenarios-queue-7", Action::CheckQueueEmpty, OK),
        ],
    },
    Scenario {
        title: "Leader election with a blob lease",
        name: "lab-scenarios-leader-title",
        explains: "lab-scenarios-leader-explains",
        setup: Action::MakeSharedBlob("leader lock"),
        steps: &[
            step(Some(A), "lab-scenarios-leader-1", Action::Lease(Lock::Lead(15)), OK),
            step(
                Some(B),
                "lab-scenarios-leader-2",
                Action::Lease(Lock::Lead(15)),
                Expect::Refused(&[409]),
            ),
            step(Some(A), "lab-scenarios-leader-3", Action::Lease(Lock::Renew), OK),
            step(Some(A), "lab-scenarios-leader-4", Action::Wait(16), OK),
            step(Some(B), "lab-scenarios-leader-5", Action::Lease(Lock::Lead(15)), OK),
            step(
                Some(A),
                "lab-scenarios-leader-6",
                Action::Lease(Lock::Renew),
                Expect::Refused(&[409]),
            ),
        ],
    },
    Scenario {
        title: "Your worker against a second writer",
        name: "lab-scenarios-worker-title",
        explains: "lab-scenarios-worker-explains",
        setup: Action::MakeEntity,
        steps: &[
            step(
                Some(A),
                "lab-scenarios-worker-1",
                Action::Lens(LensAction::Connect { retries: false }),
                OK,
            ),
            step(Some(A), "lab-scenarios-worker-2", Action::ReadEntity, OK),
            step(
                Some(A),
                "lab-scenarios-worker-3",
                Action::Lens(LensAction::HoldAndSave { count: 1 }),
                OK,
            ),
            step(Some(B), "lab-scenarios-worker-4", Action::ReadEntity, OK),
            step(
                Some(B),
                "lab-scenarios-worker-5",
                Action::SaveEntity { count: 2, force: false },
                OK,
            ),
            step(
                Some(A),
                "lab-scenarios-worker-6",
                Action::Lens(LensAction::Release),
                Expect::Refused(&[412]),
            ),
            step(
                None,
                "lab-scenarios-worker-7",
                Action::CheckEntity {
                    count: "2",
                    saved_by: "B",
                },
                OK,
            ),
        ],
    },
    Scenario {
        title: "A retry storm under ServerBusy",
        name: "lab-scenarios-storm-title",
        explains: "lab-scenarios-storm-explains",
        setup: Action::MakeSharedBlob("v1"),
        steps: &[
            step(
                Some(A),
                "lab-scenarios-storm-1",
                Action::Lens(LensAction::Connect { retries: true }),
                OK,
            ),
            step(
                Some(A),
                "lab-scenarios-storm-2",
                Action::Lens(LensAction::Busy { times: 3 }),
                OK,
            ),
            step(
                Some(A),
                "lab-scenarios-storm-3",
                Action::WriteBlob {
                    blob: "shared.txt",
                    body: "from A, at last",
                    with: Write::Plain,
                },
                OK,
            ),
            step(
                None,
                "lab-scenarios-storm-4",
                Action::Lens(LensAction::Tries {
                    operation: "Put Blob",
                    count: 4,
                }),
                OK,
            ),
        ],
    },
];

/// Whether a scenario puts A ("your worker") behind a lens: its export reads the lens's connection string.
pub fn uses_lens(scenario: &Scenario) -> bool {
    scenario.steps.iter().any(|s| matches!(s.action, Action::Lens(_)))
}
