//! A scenario of the lab as a Python test: the same steps, by the same two sides, through Microsoft's SDKs,
//! asserting the same outcomes (a 412, a lease refused, a stale pop receipt), so what a user found by hand
//! becomes a regression test in their own project. The account comes from `AZURE_STORAGE_CONNECTION_STRING`,
//! never written into the script; the resources are fresh per run and deleted after.

use std::fmt::Write as _;

use crate::app::lab::Side;
use crate::app::lab::lens_steps::LensAction;
use crate::app::lab::scenarios::{Scenario, uses_lens};
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
    let lens = uses_lens(scenario);
    let _ = writeln!(py, "Exported by Tessera. Run it with pytest, or as a script:");
    if lens {
        for line in LENS_HOW {
            let _ = writeln!(py, "{line}");
        }
    } else {
        let _ = writeln!(py, "    AZURE_STORAGE_CONNECTION_STRING=... python this_file.py");
    }
    let _ = writeln!(py, "\"\"\"");
    py.push_str(HEADER);
    if lens {
        let _ = writeln!(py, "LENS_RULES = '{}'\n", lens_rules(scenario));
        py.push_str(LENS_HEADER);
    }
    py.push_str(
        "\ndef test_scenario():\n    run = uuid.uuid4().hex[:10]\n    table_name, container_name, queue_name = \
         \"lab\" + run, \"lab-\" + run, \"lab-\" + run\n    tables = TableServiceClient.from_connection_string(\
         CONNECTION_STRING)\n    table = tables.get_table_client(table_name)\n    container = \
         BlobServiceClient.from_connection_string(CONNECTION_STRING).get_container_client(container_name)\n    \
         shared = container.get_blob_client(\"shared.txt\")\n    log = container.get_blob_client(\"log.txt\")\n    \
         queue = QueueClient.from_connection_string(CONNECTION_STRING, queue_name)\n    a, b = Side(\"A\"), \
         Side(\"B\")\n",
    );
    if lens {
        // The app's clients retry quickly, as an app's SDK would with its own policy.
        py.push_str(
            "    from azure.storage.blob import LinearRetry\n    app_table = TableServiceClient.\
             from_connection_string(APP_CONNECTION_STRING).get_table_client(table_name)\n    app_container = \
             BlobServiceClient.from_connection_string(APP_CONNECTION_STRING, retry_policy=LinearRetry(\
             backoff=0.2, random_jitter_range=0.1, retry_total=5)).get_container_client(container_name)\n    \
             app_shared = app_container.get_blob_client(\"shared.txt\")\n",
        );
    }
    py.push_str("    try:\n");
    let _ = writeln!(py, "        # Setup");
    code(&mut py, Side::A, scenario.setup, Expect::Ok, false);
    for (n, step) in scenario.steps.iter().enumerate() {
        let _ = writeln!(py, "        # {}. {}", n + 1, english(step.says));
        let through_lens = lens && step.who == Some(Side::A);
        code(
            &mut py,
            step.who.unwrap_or(Side::A),
            step.action,
            step.expect,
            through_lens,
        );
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

/// How a lens scenario's script is run: the lens first, with the script's rules, the app's side through it.
const LENS_HOW: [&str; 5] = [
    "    Your app's side (A) goes through Tessera's lens; the second writer (B) goes direct. Start the lens with",
    "    the rules in LENS_RULES below (saved as rules.json), then run the script with its connection string:",
    "    tessera lens --connection-string \"$AZURE_STORAGE_CONNECTION_STRING\" --rules rules.json --show-secret",
    "    TESSERA_LENS_CONNECTION_STRING=<the lens's> AZURE_STORAGE_CONNECTION_STRING=... python this_file.py",
    "    Or add the same rules in Tessera's lens window (a hold there waits for Release).",
];

/// The app's side of a lens scenario, and a call sent on its own thread while the lens holds it.
const LENS_HEADER: &str = r#"APP_CONNECTION_STRING = os.environ["TESSERA_LENS_CONNECTION_STRING"]


class Sent:
    """A call sent on its own thread: the lens holds it while the script goes on; `result` waits for it."""

    def __init__(self, call):
        import threading
        self.error, self.value = None, None
        self.thread = threading.Thread(target=self._run, args=(call,))
        self.thread.start()
        time.sleep(1.0)  # the request reaches the lens, which holds it

    def _run(self, call):
        try:
            self.value = call()
        except BaseException as e:  # raised again in the script's thread by `result`
            self.error = e

    def result(self):
        self.thread.join()
        if self.error is not None:
            raise self.error
        return self.value

"#;

/// The rules the lens needs for `scenario`, as a rules file (one line, in single quotes in the script).
fn lens_rules(scenario: &Scenario) -> String {
    let mut rules = Vec::new();
    for step in scenario.steps {
        match step.action {
            Action::Lens(LensAction::HoldAndSave { .. }) => rules.push(
                r#"{"name": "hold", "operation": "Update Entity", "resource_prefix": "lab", "action": {"kind": "hold", "ms": 3000}, "times": 1}"#.to_string(), // i18n-ignore: generated code
            ),
            Action::Lens(LensAction::Busy { times }) => rules.push(format!(
                r#"{{"name": "busy", "operation": "Put Blob", "resource_prefix": "lab-", "action": {{"kind": "answer", "status": 503, "code": "ServerBusy"}}, "times": {times}}}"# // i18n-ignore: generated code
            )),
            _ => {}
        }
    }
    format!(r#"{{"rules": [{}]}}"#, rules.join(", ")) // i18n-ignore: generated code
}

/// One step's Python, run by `side` (through the lens when `through_lens`), with what it must come to.
fn code(py: &mut String, side: Side, action: Action, expect: Expect, through_lens: bool) {
    let s = if side == Side::A { "a" } else { "b" };
    let name = side.name();
    let (bind, mut call, after) = statement(s, name, action);
    if through_lens && ["table.", "shared.", "container."].iter().any(|c| call.starts_with(c)) {
        call = format!("app_{call}"); // i18n-ignore: generated code
    }
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
        Action::Lens(action) => lens_statement(s, name, action),
        Action::CheckLog(want) => bound(
            "text",
            "log.download_blob().readall().decode()".into(),
            vec![format!("assert text == {want:?}, text")], // i18n-ignore: generated code
        ),
    }
}

/// A lens step by side `s`: what the script does itself (the lens's part is its rules).
fn lens_statement(s: &str, name: &str, action: LensAction) -> Statement {
    match action {
        LensAction::Connect { .. } => plain(
            "assert APP_CONNECTION_STRING != CONNECTION_STRING, \"the app's side goes through the lens\"".into(),
            Vec::new(),
        ),
        LensAction::HoldAndSave { count } => bound(
            "held",
            format!(
                "Sent(lambda: app_table.update_entity({{\"PartitionKey\": \"lab\", \"RowKey\": \"entity\", \"Count\": {count}, \"SavedBy\": \"{name}\"}}, mode=UpdateMode.REPLACE, etag={s}.etag, match_condition=MatchConditions.IfNotModified))" // i18n-ignore: generated code
            ),
            Vec::new(),
        ),
        LensAction::Release => plain("held.result()".into(), Vec::new()),
        LensAction::Busy { times } => plain(
            format!("pass  # the lens's rule \"busy\" answers the next {times} Put Blob 503 ServerBusy"), // i18n-ignore: generated code
            Vec::new(),
        ),
        LensAction::Tries { operation, count } => plain(
            format!("pass  # the lens shows {count} tries of one {operation}, each retry named as one"), // i18n-ignore: generated code
            Vec::new(),
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
