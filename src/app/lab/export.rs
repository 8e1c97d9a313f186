//! A scenario of the lab as a Python test: the same steps, by the same two sides, through Microsoft's SDKs,
//! asserting the same outcomes (a 412, a lease refused, a stale pop receipt), so what a user found by hand
//! becomes a regression test in their own project. The account comes from `AZURE_STORAGE_CONNECTION_STRING`,
//! never written into the script; the resources are fresh per run and deleted after.

use std::fmt::Write as _;

use crate::app::lab::Side;
use crate::app::lab::scenarios::Scenario;
use crate::app::lab::steps::{Action, Expect, Lock, Write};
use crate::app::widgets::i18n::{Language, in_language, t};

/// The imports, the account, what a side holds, and `refused`: shared with free mode's export.
pub(super) const HEADER: &str = r#"import os
import time
import uuid

from azure.core import MatchConditions
from azure.core.exceptions import HttpResponseError
from azure.data.tables import TableServiceClient, UpdateMode
from azure.storage.blob import BlobLeaseClient, BlobServiceClient
from azure.storage.queue import QueueClient

CONNECTION_STRING = os.environ["AZURE_STORAGE_CONNECTION_STRING"]


class Side:
    """What one client holds: the ETag it last saw, its lease id, its pop receipt, where it expects to append."""

    def __init__(self, name):
        self.name = name
        self.etag = None
        self.lease = None
        self.receipt = None
        self.position = None


def refused(statuses, call):
    """Runs `call`, which the service must refuse with one of `statuses`."""
    try:
        call()
    except HttpResponseError as e:
        assert e.status_code in statuses, f"expected one of {statuses}, got {e.status_code} {e.error_code}"
        return
    raise AssertionError(f"expected the service to refuse with one of {statuses}, but it succeeded")

"#;

/// The Python test of `scenario`: a pytest test function that also runs as a plain script.
pub fn python_test(scenario: &Scenario) -> String {
    let mut py = String::new();
    let _ = writeln!(py, "\"\"\"Conflict lab scenario: {}.", scenario.title);
    let _ = writeln!(py);
    for line in wrap(&english(scenario.explains), 100) {
        let _ = writeln!(py, "{line}");
    }
    let _ = writeln!(py);
    let _ = writeln!(py, "Exported by Tessera. Run it with pytest, or as a script:");
    let _ = writeln!(py, "    AZURE_STORAGE_CONNECTION_STRING=... python this_file.py");
    let _ = writeln!(py, "\"\"\"");
    py.push_str(HEADER);
    py.push_str(
        "\ndef test_scenario():\n    run = uuid.uuid4().hex[:10]\n    table_name, container_name, queue_name = \
         \"lab\" + run, \"lab-\" + run, \"lab-\" + run\n    tables = TableServiceClient.from_connection_string(\
         CONNECTION_STRING)\n    table = tables.get_table_client(table_name)\n    container = \
         BlobServiceClient.from_connection_string(CONNECTION_STRING).get_container_client(container_name)\n    \
         shared = container.get_blob_client(\"shared.txt\")\n    log = container.get_blob_client(\"log.txt\")\n    \
         queue = QueueClient.from_connection_string(CONNECTION_STRING, queue_name)\n    a, b = Side(\"A\"), \
         Side(\"B\")\n    try:\n",
    );
    let _ = writeln!(py, "        # Setup");
    code(&mut py, Side::A, scenario.setup, Expect::Ok);
    for (n, step) in scenario.steps.iter().enumerate() {
        let _ = writeln!(py, "        # {}. {}", n + 1, english(step.says));
        code(&mut py, step.who.unwrap_or(Side::A), step.action, step.expect);
    }
    py.push_str(cleanup(scenario.setup));
    py.push_str("\n\nif __name__ == \"__main__\":\n    test_scenario()\n    print(\"passed\")\n");
    py
}

/// What the scenario made, deleted whatever happened.
fn cleanup(setup: Action) -> &'static str {
    match setup {
        Action::MakeEntity => "    finally:\n        tables.delete_table(table_name)\n",
        Action::MakeQueueWithMessage => "    finally:\n        queue.delete_queue()\n",
        _ => "    finally:\n        container.delete_container()\n",
    }
}

/// One step's Python, run by `side`, with what it must come to.
fn code(py: &mut String, side: Side, action: Action, expect: Expect) {
    let s = if side == Side::A { "a" } else { "b" };
    let name = side.name();
    let (bind, call, after) = statement(s, name, action);
    match expect {
        Expect::Refused(statuses) => {
            // A refused call binds nothing: the side keeps what it held, as in the lab.
            let list: Vec<String> = statuses.iter().map(u16::to_string).collect();
            let _ = writeln!(py, "        refused(({},), lambda: {call})", list.join(", "));
        }
        _ => {
            let _ = writeln!(py, "        {bind}{call}");
            for line in after {
                let _ = writeln!(py, "        {line}");
            }
        }
    }
    let check = match expect {
        Expect::DequeueCount(n) => Some(format!(
            "assert m is not None and m.dequeue_count == {n}, f\"dequeue count {{m.dequeue_count if m else None}}\"" // i18n-ignore: generated code
        )),
        Expect::NoMessage => Some("assert m is None, \"the message should be invisible\"".to_string()),
        Expect::LeaseState(state) => Some(format!("assert state == \"{state}\", state")), // i18n-ignore: generated code
        _ => None,
    };
    if let Some(check) = check {
        let _ = writeln!(py, "        {check}");
    }
}

/// What a step runs: the name its result is bound to (`r = `, or nothing), the call (an expression, so a
/// refusal can wrap it), and the statements that record what it returned.
type Statement = (String, String, Vec<String>);

/// A call whose result is not kept.
fn plain(call: String, after: Vec<String>) -> Statement {
    (String::new(), call, after)
}

/// A call whose result is bound to `bind`.
fn bound(bind: &str, call: String, after: Vec<String>) -> Statement {
    (format!("{bind} = "), call, after)
}

fn statement(s: &str, name: &str, action: Action) -> Statement {
    let entity = |count: i32| {
        format!("{{\"PartitionKey\": \"lab\", \"RowKey\": \"entity\", \"Count\": {count}, \"SavedBy\": \"{name}\"}}")
    };
    let etag_of = |expr: String| bound("r", expr, vec![format!("{s}.etag = r[\"etag\"]")]); // i18n-ignore: generated code
    match action {
        Action::MakeEntity => plain(
            "tables.create_table(table_name)".into(),
            vec!["table.create_entity({\"PartitionKey\": \"lab\", \"RowKey\": \"entity\", \"Count\": 0})".into()],
        ),
        Action::MakeSharedBlob(text) => plain(
            "container.create_container()".into(),
            vec![format!(
                "{s}.etag = shared.upload_blob({text:?}, overwrite=True)[\"etag\"]" // i18n-ignore: generated code
            )],
        ),
        Action::MakeQueueWithMessage => plain(
            "queue.create_queue()".into(),
            vec!["queue.send_message(\"work item\")".into()],
        ),
        Action::MakeAppendLog => plain(
            "container.create_container()".into(),
            vec!["log.create_append_blob()".into()],
        ),
        Action::ReadEntity => bound(
            "e",
            "table.get_entity(\"lab\", \"entity\")".into(),
            vec![format!("{s}.etag = e.metadata[\"etag\"]")], // i18n-ignore: generated code
        ),
        Action::SaveEntity { count, force } => {
            let condition = if force {
                "match_condition=MatchConditions.Unconditionally".to_string()
            } else {
                format!("etag={s}.etag, match_condition=MatchConditions.IfNotModified") // i18n-ignore: generated code
            };
            let call = format!(
                "table.update_entity({}, mode=UpdateMode.REPLACE, {condition})", // i18n-ignore: generated code
                entity(count)
            );
            etag_of(call)
        }
        Action::ReadBlob => bound(
            "p",
            "shared.get_blob_properties()".into(),
            vec![format!("{s}.etag = p.etag")], // i18n-ignore: generated code
        ),
        Action::WriteBlob { blob, body, with } => {
            let condition = match with {
                Write::Plain => "overwrite=True".to_string(),
                Write::MyEtag => {
                    format!("overwrite=True, etag={s}.etag, match_condition=MatchConditions.IfNotModified") // i18n-ignore: generated code
                }
                Write::MyLease => format!("overwrite=True, lease={s}.lease"), // i18n-ignore: generated code
                Write::CreateOnly => "overwrite=False".to_string(),
            };
            etag_of(format!(
                "container.get_blob_client({blob:?}).upload_blob({body:?}, {condition})" // i18n-ignore: generated code
            ))
        }
        Action::Lease(lock) => lease(s, lock),
        Action::ReadLeaseState => bound("state", "shared.get_blob_properties().lease.state".into(), Vec::new()),
        Action::Dequeue(timeout) => bound(
            "m",
            format!("queue.receive_message(visibility_timeout={timeout})"), // i18n-ignore: generated code
            vec![format!("{s}.receipt = (m.id, m.pop_receipt) if m else {s}.receipt")], // i18n-ignore: generated code
        ),
        Action::DeleteMessage => plain(format!("queue.delete_message(*{s}.receipt)"), Vec::new()), // i18n-ignore: generated code
        Action::Wait(seconds) => plain(format!("time.sleep({seconds})"), Vec::new()), // i18n-ignore: generated code
        Action::CheckEntity { count, saved_by } => bound(
            "e",
            "table.get_entity(\"lab\", \"entity\")".into(),
            vec![format!(
                "assert (str(e[\"Count\"]), e[\"SavedBy\"]) == ({count:?}, {saved_by:?}), (e[\"Count\"], e[\"SavedBy\"])" // i18n-ignore: generated code
            )],
        ),
        Action::CheckBlobs { shared, new } => bound(
            "texts",
            "[container.get_blob_client(n).download_blob().readall().decode() for n in (\"shared.txt\", \
             \"new.txt\")]"
                .into(),
            vec![format!("assert texts == [{shared:?}, {new:?}], texts")], // i18n-ignore: generated code
        ),
        Action::CheckQueueEmpty => bound(
            "left",
            "list(queue.peek_messages(max_messages=32))".into(),
            vec!["assert not left, f\"{len(left)} messages left\"".into()],
        ),
        Action::ReadLog => bound(
            &format!("{s}.position"), // i18n-ignore: generated code
            "log.get_blob_properties().size".into(),
            Vec::new(),
        ),
        Action::Append {
            body,
            at_mine,
            max_size,
        } => {
            let position = if at_mine {
                format!("{s}.position") // i18n-ignore: generated code
            } else {
                "None".into()
            };
            let size = max_size.map_or("None".to_string(), |m| m.to_string());
            bound(
                "r",
                format!("log.append_block({body:?}, appendpos_condition={position}, maxsize_condition={size})"), // i18n-ignore: generated code
                vec![format!(
                    "{s}.position = int(r[\"blob_append_offset\"]) + {}", // i18n-ignore: generated code
                    body.len()
                )],
            )
        }
        Action::CheckLog(want) => bound(
            "text",
            "log.download_blob().readall().decode()".into(),
            vec![format!("assert text == {want:?}, text")], // i18n-ignore: generated code
        ),
    }
}

/// A lease step on `shared.txt` by side `s`.
fn lease(s: &str, lock: Lock) -> Statement {
    let held = format!("BlobLeaseClient(shared, lease_id={s}.lease)"); // i18n-ignore: generated code
    let lease = format!("{s}.lease"); // i18n-ignore: generated code
    match lock {
        Lock::Acquire(seconds) | Lock::Lead(seconds) => bound(
            &lease,
            format!("shared.acquire_lease(lease_duration={seconds}).id"), // i18n-ignore: generated code
            Vec::new(),
        ),
        Lock::AcquireInfinite => bound(&lease, "shared.acquire_lease(lease_duration=-1).id".into(), Vec::new()),
        Lock::Renew => plain(format!("{held}.renew()"), Vec::new()), // i18n-ignore: generated code
        Lock::Release => plain(format!("{held}.release()"), vec![format!("{lease} = None")]), // i18n-ignore: generated code
        Lock::Break(period) => plain(
            format!("BlobLeaseClient(shared).break_lease(lease_break_period={period})"), // i18n-ignore: generated code
            Vec::new(),
        ),
    }
}

/// The message `id` in English, whatever the window speaks: the exported code and its comments are English.
pub(super) fn english(id: &str) -> String {
    in_language(Language::English, || t(id))
}

/// `text` in lines of at most `width` characters, broken between words.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::lab::scenarios::SCENARIOS;

    #[test]
    fn every_scenario_exports_every_step_and_no_secret() {
        for s in SCENARIOS {
            let py = python_test(s);
            assert!(py.contains("os.environ[\"AZURE_STORAGE_CONNECTION_STRING\"]"));
            assert!(!py.contains("AccountKey"), "no key in a script");
            assert_eq!(py.matches("        # ").count(), s.steps.len() + 1, "{}", s.title);
            assert_eq!(
                py.matches("refused((").count(),
                s.steps
                    .iter()
                    .filter(|st| matches!(st.expect, Expect::Refused(_)))
                    .count()
            );
        }
    }
}
