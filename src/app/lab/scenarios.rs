//! The ready-made scenarios, as data: each step is who acts, what they do, what the service should answer,
//! and the words that explain it. `steps.rs` plays them; a new scenario is a new entry here, not new code.

use crate::app::lab::Side::{self, A, B};
use crate::app::lab::steps::{Action, Expect, Lock, Write};

pub struct Step {
    /// Who acts (None: a check or a wait that belongs to neither side).
    pub who: Option<Side>,
    pub says: &'static str,
    pub action: Action,
    pub expect: Expect,
}

pub struct Scenario {
    pub title: &'static str,
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
        explains: "Both clients read the entity and get the same ETag. A saves first, which changes the ETag; B's save still \
                   carries the old one, so the service refuses it with 412 instead of silently losing A's change. B reloads, \
                   re-applies its change and succeeds. Then B forces If-Match: * and simply overwrites A: last writer wins.",
        setup: Action::MakeEntity,
        steps: &[
            step(Some(A), "A reads the entity (ETag v1)", Action::ReadEntity, OK),
            step(Some(B), "B reads the entity (the same v1)", Action::ReadEntity, OK),
            step(
                Some(A),
                "A saves Count = 1 with If-Match v1 (now v2)",
                Action::SaveEntity { count: 1, force: false },
                OK,
            ),
            step(
                Some(B),
                "B saves Count = 2 with If-Match v1: 412",
                Action::SaveEntity { count: 2, force: false },
                Expect::Refused(&[412]),
            ),
            step(
                Some(B),
                "B reloads (v2) and re-applies its change",
                Action::ReadEntity,
                OK,
            ),
            step(
                Some(B),
                "B saves Count = 2 with If-Match v2 (now v3)",
                Action::SaveEntity { count: 2, force: false },
                OK,
            ),
            step(
                Some(A),
                "A saves Count = 10 with its stale v2: 412",
                Action::SaveEntity {
                    count: 10,
                    force: false,
                },
                Expect::Refused(&[412]),
            ),
            step(
                Some(B),
                "B forces Count = 99 with If-Match: * (last writer wins)",
                Action::SaveEntity { count: 99, force: true },
                OK,
            ),
            step(
                None,
                "Read back independently: Count = 99, saved by B",
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
        explains: "The same race on a blob: an upload with If-Match the ETag you saw fails with 412 once someone else has \
                   written. If-None-Match: * turns an upload into create-only: the second client to create the blob is refused.",
        setup: Action::MakeSharedBlob("v1"),
        steps: &[
            step(Some(A), "A reads shared.txt (ETag v1)", Action::ReadBlob, OK),
            step(Some(B), "B reads shared.txt (the same v1)", Action::ReadBlob, OK),
            step(
                Some(A),
                "A uploads with If-Match v1 (now v2)",
                Action::WriteBlob {
                    blob: "shared.txt",
                    body: "from A",
                    with: Write::MyEtag,
                },
                OK,
            ),
            step(
                Some(B),
                "B uploads with If-Match v1: 412",
                Action::WriteBlob {
                    blob: "shared.txt",
                    body: "from B",
                    with: Write::MyEtag,
                },
                Expect::Refused(&[412]),
            ),
            step(
                Some(A),
                "A creates new.txt with If-None-Match: * (create only)",
                Action::WriteBlob {
                    blob: "new.txt",
                    body: "A was first",
                    with: Write::CreateOnly,
                },
                OK,
            ),
            step(
                Some(B),
                "B creates new.txt with If-None-Match: *: refused",
                Action::WriteBlob {
                    blob: "new.txt",
                    body: "B was second",
                    with: Write::CreateOnly,
                },
                Expect::Refused(&[409, 412]),
            ),
            step(
                None,
                "Read back independently: shared.txt is A's, new.txt is A's",
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
        explains: "Appends to an append blob never overwrite each other: each block lands at the end. But a writer that must \
                   know where its record lands (a log with offsets, an exactly-once writer) appends only at the position it \
                   saw (x-ms-blob-condition-appendpos): when the other writer got there first, the service refuses with 412 \
                   and the writer reads the new end and tries again. A maximum size (x-ms-blob-condition-maxsize) refuses \
                   the append that would grow the log past it.",
        setup: Action::MakeAppendLog,
        steps: &[
            step(Some(A), "A reads the log: 0 bytes", Action::ReadLog, OK),
            step(Some(B), "B reads the log: the same 0 bytes", Action::ReadLog, OK),
            step(
                Some(A),
                "A appends \"A1;\" at position 0",
                Action::Append {
                    body: "A1;",
                    at_mine: true,
                    max_size: None,
                },
                OK,
            ),
            step(
                Some(B),
                "B appends \"B1;\" at its stale position 0: 412",
                Action::Append {
                    body: "B1;",
                    at_mine: true,
                    max_size: None,
                },
                Expect::Refused(&[412]),
            ),
            step(Some(B), "B reads the log again: 3 bytes", Action::ReadLog, OK),
            step(
                Some(B),
                "B appends \"B1;\" at position 3",
                Action::Append {
                    body: "B1;",
                    at_mine: true,
                    max_size: None,
                },
                OK,
            ),
            step(
                Some(A),
                "A appends \"A2;\" with no position: it lands at the end, wherever that is",
                Action::Append {
                    body: "A2;",
                    at_mine: false,
                    max_size: None,
                },
                OK,
            ),
            step(
                Some(A),
                "A appends \"A3;\" only if the log stays within 10 bytes: 412",
                Action::Append {
                    body: "A3;",
                    at_mine: false,
                    max_size: Some(10),
                },
                Expect::Refused(&[412]),
            ),
            step(
                None,
                "Read back independently: A1;B1;A2;",
                Action::CheckLog("A1;B1;A2;"),
                OK,
            ),
        ],
    },
    Scenario {
        title: "Pessimistic concurrency with a lease",
        explains: "A lease is a lock: while A holds one, B's writes fail with 412 (lease id missing) and only writes that \
                   carry A's lease id succeed. When A releases, B can take the lease. Anyone may break a lease: B breaks A's, \
                   which lets A finish for the break period (both see `breaking`), after which it is `broken` and anyone may \
                   acquire it.",
        setup: Action::MakeSharedBlob("v1"),
        steps: &[
            step(Some(A), "A acquires a 15 s lease", Action::Lease(Lock::Acquire(15)), OK),
            step(
                Some(B),
                "B writes without a lease id: 412",
                Action::WriteBlob {
                    blob: "shared.txt",
                    body: "from B",
                    with: Write::Plain,
                },
                Expect::Refused(&[412]),
            ),
            step(
                Some(A),
                "A writes with its lease id",
                Action::WriteBlob {
                    blob: "shared.txt",
                    body: "from A",
                    with: Write::MyLease,
                },
                OK,
            ),
            step(Some(A), "A releases the lease", Action::Lease(Lock::Release), OK),
            step(Some(B), "B acquires a 15 s lease", Action::Lease(Lock::Acquire(15)), OK),
            step(Some(B), "B releases it", Action::Lease(Lock::Release), OK),
            step(
                Some(A),
                "A acquires an infinite lease",
                Action::Lease(Lock::AcquireInfinite),
                OK,
            ),
            step(
                Some(B),
                "B breaks A's lease with a 3 s period",
                Action::Lease(Lock::Break(3)),
                OK,
            ),
            step(
                Some(A),
                "A sees `breaking`",
                Action::ReadLeaseState,
                Expect::LeaseState("breaking"),
            ),
            step(
                Some(B),
                "B sees `breaking`",
                Action::ReadLeaseState,
                Expect::LeaseState("breaking"),
            ),
            step(None, "Wait 4 s for the break period", Action::Wait(4), OK),
            step(
                Some(A),
                "A sees `broken`",
                Action::ReadLeaseState,
                Expect::LeaseState("broken"),
            ),
            step(
                Some(B),
                "B sees `broken`",
                Action::ReadLeaseState,
                Expect::LeaseState("broken"),
            ),
        ],
    },
    Scenario {
        title: "Competing consumers on a queue",
        explains: "A dequeues the message and it becomes invisible for A's 10 s timeout, so B gets nothing. A then 'crashes' \
                   (does nothing). When the timeout runs out the message reappears; B takes it with dequeue count 2. A's late \
                   delete is refused: its pop receipt went stale when the message reappeared (at-least-once delivery).",
        setup: Action::MakeQueueWithMessage,
        steps: &[
            step(
                Some(A),
                "A dequeues with a 10 s visibility timeout",
                Action::Dequeue(10),
                Expect::DequeueCount(1),
            ),
            step(
                Some(B),
                "B dequeues: nothing (the message is invisible)",
                Action::Dequeue(10),
                Expect::NoMessage,
            ),
            step(Some(A), "A crashes: wait 11 s, doing nothing", Action::Wait(11), OK),
            step(
                Some(B),
                "B dequeues again: the message, dequeue count 2",
                Action::Dequeue(30),
                Expect::DequeueCount(2),
            ),
            step(
                Some(A),
                "A's late delete with its old receipt: refused",
                Action::DeleteMessage,
                Expect::Refused(&[400, 404]),
            ),
            step(
                Some(B),
                "B deletes it with the current receipt",
                Action::DeleteMessage,
                OK,
            ),
            step(
                None,
                "Read back independently: the queue is empty",
                Action::CheckQueueEmpty,
                OK,
            ),
        ],
    },
    Scenario {
        title: "Leader election with a blob lease",
        explains: "Both try to acquire a 15 s lease on the same blob; the service grants it to one (the leader) and refuses \
                   the other with 409. The leader keeps it by renewing. When it stops renewing (it died), the lease expires \
                   and the other acquires it: a new leader, without any coordinator.",
        setup: Action::MakeSharedBlob("leader lock"),
        steps: &[
            step(Some(A), "A tries to acquire: wins", Action::Lease(Lock::Lead(15)), OK),
            step(
                Some(B),
                "B tries to acquire: 409, A leads",
                Action::Lease(Lock::Lead(15)),
                Expect::Refused(&[409]),
            ),
            step(Some(A), "A renews (it is alive)", Action::Lease(Lock::Renew), OK),
            step(Some(A), "A stops renewing: wait 16 s", Action::Wait(16), OK),
            step(
                Some(B),
                "B tries again: wins, B leads",
                Action::Lease(Lock::Lead(15)),
                OK,
            ),
            step(
                Some(A),
                "A, back, cannot renew: 409",
                Action::Lease(Lock::Renew),
                Expect::Refused(&[409]),
            ),
        ],
    },
];
