//! A free-mode run as a Python test: what A and B did by hand to the picked entity, blob or message, in the
//! order the service answered, through Microsoft's SDKs, each step asserting what the service said then (done, a
//! 412, a lease refused, no message). The account comes from `AZURE_STORAGE_CONNECTION_STRING`; the target's
//! names are constants at the top (the run acts on that resource, as the lab did: point them at a copy).

use std::fmt::Write as _;

use crate::app::lab::Side;
use crate::app::lab::free::{FreeAction, FreeOutcome, FreeStep, FreeTarget};
use crate::app::widgets::i18n::{Language, in_language};

/// The Python test of a free-mode run on `target`: in English, whatever the window speaks.
pub fn free_python_test(target: &FreeTarget, steps: &[FreeStep]) -> String {
    in_language(Language::English, || python(target, steps))
}

fn python(target: &FreeTarget, steps: &[FreeStep]) -> String {
    let mut py = String::new();
    let _ = writeln!(
        py,
        "\"\"\"Conflict lab, free mode: A and B on the {}.",
        docstring_safe(&target.describe())
    );
    let _ = writeln!(py);
    let _ = writeln!(
        py,
        "The steps were taken by hand in Tessera and are replayed here in the order the service answered them,"
    );
    let _ = writeln!(
        py,
        "each asserting what the service said then. It acts on the resource named below, as the lab did."
    );
    let _ = writeln!(py);
    let _ = writeln!(py, "Exported by Tessera. Run it with pytest, or as a script:");
    let _ = writeln!(py, "    AZURE_STORAGE_CONNECTION_STRING=... python this_file.py");
    let _ = writeln!(py, "\"\"\"");
    py.push_str(crate::app::lab::export::HEADER);
    py.push('\n');
    let target_code = match target {
        FreeTarget::Entity {
            table,
            partition_key,
            row_key,
        } => format!(
            "TABLE, PARTITION_KEY, ROW_KEY = {}, {}, {}\n", // i18n-ignore: generated code
            quoted(table),
            quoted(partition_key),
            quoted(row_key)
        ),
        FreeTarget::Blob { container, blob } => {
            format!("CONTAINER, BLOB = {}, {}\n", quoted(container), quoted(blob)) // i18n-ignore: generated code
        }
        FreeTarget::Queue { queue } => format!("QUEUE = {}\n", quoted(queue)), // i18n-ignore: generated code
    };
    py.push_str(&target_code);
    py.push_str("\n\ndef test_free_run():\n    a, b = Side(\"A\"), Side(\"B\")\n");
    py.push_str(match target {
        FreeTarget::Entity { .. } => {
            "    table = TableServiceClient.from_connection_string(CONNECTION_STRING).get_table_client(TABLE)\n"
        }
        FreeTarget::Blob { .. } => {
            "    blob = BlobServiceClient.from_connection_string(CONNECTION_STRING).get_blob_client(CONTAINER, BLOB)\n"
        }
        FreeTarget::Queue { .. } => "    queue = QueueClient.from_connection_string(CONNECTION_STRING, QUEUE)\n",
    });
    let mut sent = 0;
    for (n, step) in steps.iter().enumerate() {
        let who = step.side.name();
        // As long as the lab waited: a lease or an invisibility may have run out meanwhile.
        if n > 0 && step.after.as_secs_f64() >= 1.0 {
            let _ = writeln!(py, "    time.sleep({:.1})", step.after.as_secs_f64());
        }
        let _ = writeln!(py, "    # {}. {who}: {}", n + 1, step.action.label());
        if let FreeOutcome::NotSent(why) = &step.outcome {
            let _ = writeln!(py, "    # not sent (refused before any request): {}", comment_safe(why));
            continue;
        }
        let Some((bind, call, after)) = statement(target, step) else {
            let _ = writeln!(py, "    # {} does not apply to this target", step.action.label());
            continue;
        };
        sent += 1;
        match &step.outcome {
            FreeOutcome::Refused(status) => {
                let _ = writeln!(py, "    refused(({status},), lambda: {call})");
            }
            outcome => {
                let _ = writeln!(py, "    {bind}{call}");
                for line in after {
                    let _ = writeln!(py, "    {line}");
                }
                if matches!(step.action, FreeAction::Peek | FreeAction::Dequeue) {
                    let check = if *outcome == FreeOutcome::Empty {
                        "assert m is None, \"no message should be visible\""
                    } else {
                        "assert m is not None, \"a message should be visible\""
                    };
                    let _ = writeln!(py, "    {check}");
                }
            }
        }
    }
    if sent == 0 {
        py.push_str("    pass\n");
    }
    py.push_str("\n\nif __name__ == \"__main__\":\n    test_free_run()\n    print(\"passed\")\n");
    py
}

/// Text for a Python comment: every control character (a newline would end the comment) a space.
pub fn comment_safe(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// Text for inside a `"""` docstring: backslashes and quotes escaped, control characters spaces.
fn docstring_safe(text: &str) -> String {
    comment_safe(text).replace('\\', "\\\\").replace('"', "\\\"")
}

fn quoted(text: &str) -> String {
    serde_json::to_string(text).expect("a string")
}

/// What a step runs: the name its result is bound to, the call (an expression, so a refusal can wrap it), and
/// the statements recording what it returned on the side.
fn statement(target: &FreeTarget, step: &FreeStep) -> Option<(String, String, Vec<String>)> {
    let s = if step.side == Side::A { "a" } else { "b" };
    let value = quoted(&step.value);
    // A side's own ETag when it has one; none (an unconditional request), as in the lab, when it has not.
    let if_match =
        format!("**({{\"etag\": {s}.etag, \"match_condition\": MatchConditions.IfNotModified}} if {s}.etag else {{}})");
    let bound = |bind: &str, call: String, after: Vec<String>| Some((format!("{bind} = "), call, after));
    let plain = |call: String, after: Vec<String>| Some((String::new(), call, after));
    match (target, step.action) {
        (FreeTarget::Entity { .. }, FreeAction::Read) => bound(
            "r",
            "table.get_entity(PARTITION_KEY, ROW_KEY)".into(),
            vec![format!("{s}.etag = r.metadata[\"etag\"]")], // i18n-ignore: generated code
        ),
        (FreeTarget::Entity { .. }, FreeAction::Save | FreeAction::ForceSave) => {
            let condition = if step.action == FreeAction::Save {
                format!("etag={s}.etag, match_condition=MatchConditions.IfNotModified") // i18n-ignore: generated code
            } else {
                "match_condition=MatchConditions.Unconditionally".into()
            };
            bound(
                "r",
                format!(
                    // i18n-ignore: generated code
                    "table.update_entity({{\"PartitionKey\": PARTITION_KEY, \"RowKey\": ROW_KEY, \"LabValue\": \
                     {value}}}, mode=UpdateMode.MERGE, {condition})"
                ),
                vec![format!("{s}.etag = r[\"etag\"]")], // i18n-ignore: generated code
            )
        }
        (FreeTarget::Entity { .. }, FreeAction::Delete) => plain(
            format!("table.delete_entity(PARTITION_KEY, ROW_KEY, {if_match})"), // i18n-ignore: generated code
            vec![],
        ),
        (FreeTarget::Blob { .. }, FreeAction::Read) => bound(
            "p",
            "blob.get_blob_properties()".into(),
            vec![format!("{s}.etag = p.etag")], // i18n-ignore: generated code
        ),
        (FreeTarget::Blob { .. }, FreeAction::Save | FreeAction::ForceSave) => {
            let condition = if step.action == FreeAction::Save {
                format!(", etag={s}.etag, match_condition=MatchConditions.IfNotModified") // i18n-ignore: generated code
            } else {
                String::new()
            };
            bound(
                "r",
                format!("blob.upload_blob({value}, overwrite=True, lease={s}.lease{condition})"), // i18n-ignore: generated code
                vec![format!("{s}.etag = r[\"etag\"]")], // i18n-ignore: generated code
            )
        }
        (FreeTarget::Blob { .. }, FreeAction::Acquire) => plain(
            format!("setattr({s}, \"lease\", blob.acquire_lease(lease_duration=15).id)"), // i18n-ignore: generated code
            vec![],
        ),
        (FreeTarget::Blob { .. }, FreeAction::Release) => plain(
            format!("BlobLeaseClient(blob, lease_id={s}.lease).release()"), // i18n-ignore: generated code
            vec![format!("{s}.lease = None")],                              // i18n-ignore: generated code
        ),
        (FreeTarget::Blob { .. }, FreeAction::Break | FreeAction::BreakSlowly) => {
            let period = if step.action == FreeAction::Break { 0 } else { 10 };
            plain(
                format!("BlobLeaseClient(blob).break_lease(lease_break_period={period})"), // i18n-ignore: generated code
                vec![],
            )
        }
        (FreeTarget::Blob { .. }, FreeAction::Delete) => plain(
            format!("blob.delete_blob(delete_snapshots=\"include\", lease={s}.lease, {if_match})"), // i18n-ignore: generated code
            vec![],
        ),
        (FreeTarget::Queue { .. }, FreeAction::Peek) => bound(
            "m",
            "next(iter(queue.peek_messages(max_messages=1)), None)".into(),
            vec![],
        ),
        (FreeTarget::Queue { .. }, FreeAction::Dequeue) => bound(
            "m",
            "next(iter(queue.receive_messages(max_messages=1, visibility_timeout=30)), None)".into(),
            vec![format!("{s}.receipt = (m.id, m.pop_receipt) if m else {s}.receipt")], // i18n-ignore: generated code
        ),
        (FreeTarget::Queue { .. }, FreeAction::Delete) => plain(
            format!("queue.delete_message({s}.receipt[0], pop_receipt={s}.receipt[1])"), // i18n-ignore: generated code
            vec![],
        ),
        (FreeTarget::Queue { .. }, FreeAction::ReturnNow) => bound(
            "r",
            format!("queue.update_message({s}.receipt[0], pop_receipt={s}.receipt[1], visibility_timeout=0)"), // i18n-ignore: generated code
            vec![format!("{s}.receipt = ({s}.receipt[0], r.pop_receipt)")], // i18n-ignore: generated code
        ),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(side: Side, action: FreeAction, outcome: FreeOutcome) -> FreeStep {
        FreeStep {
            side,
            action,
            value: format!("v (by {})", side.name()),
            outcome,
            after: std::time::Duration::from_secs(2),
        }
    }

    #[test]
    fn a_run_becomes_steps_asserting_what_the_service_said() {
        let target = FreeTarget::Entity {
            table: "t".into(),
            partition_key: "p'1".into(),
            row_key: "r".into(),
        };
        let py = free_python_test(
            &target,
            &[
                step(
                    Side::A,
                    FreeAction::Save,
                    FreeOutcome::NotSent("A holds no ETag yet".into()),
                ),
                step(Side::A, FreeAction::Read, FreeOutcome::Ok),
                step(Side::B, FreeAction::Save, FreeOutcome::Refused(412)),
            ],
        );
        assert!(
            py.contains("TABLE, PARTITION_KEY, ROW_KEY = \"t\", \"p'1\", \"r\""),
            "{py}"
        );
        assert!(py.contains("# not sent (refused before any request): A holds no ETag yet"));
        assert!(py.contains("    time.sleep(2.0)\n    # 2. A: Read"), "{py}");
        assert_eq!(docstring_safe("a\\N\"b\nc"), "a\\\\N\\\"b c");
        assert!(py.contains("    a.etag = r.metadata[\"etag\"]"));
        assert!(
            py.contains("refused((412,), lambda: table.update_entity(") && py.contains("etag=b.etag"),
            "{py}"
        );
    }
}
