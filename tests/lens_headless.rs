//! `tessera lens` without the window, as a team runs it in CI: it prints the connection string for the app,
//! applies the rules file (a 503 and a timed hold), writes each decoded request as a JSON line with no secret,
//! says what is wrong with its arguments, and `--help` says all of it.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::{emulator, peer, unique};
use tessera::storage::EMULATOR_KEY;

/// The binary under test; `TESSERA_BIN` names another build of it (a target directory shared by several
/// checkouts keeps only the last one's `target/debug/tessera`).
fn tessera() -> Command {
    Command::new(std::env::var_os("TESSERA_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_tessera").into()))
}

/// Kills the lens however the test ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `tessera lens ARGS` and reads what it prints up to its connection string line.
fn start(args: &[&str]) -> (Running, Vec<String>) {
    let mut child = tessera()
        .arg("lens")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tessera lens");
    let stdout = child.stdout.take().unwrap();
    let mut lines = Vec::new();
    for line in BufReader::new(stdout).lines() {
        let line = line.unwrap();
        let done = line.starts_with("connection string: ");
        lines.push(line);
        if done {
            break;
        }
    }
    (Running(child), lines)
}

#[test]
fn help_says_every_option_and_the_rules() {
    let out = tessera().args(["lens", "--help"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for words in [
        "--connection-string",
        "--connection-string-env",
        "--account NAME",
        "--rules",
        "--log",
        "--ports",
        "--bind",
        "--silence",
        "--show-secret",
        "\"kind\": \"answer\"",
        "\"kind\": \"hold\"",
        "\"kind\": \"cut\"",
        "\"kind\": \"delay\"",
        "retry_of",
    ] {
        assert!(text.contains(words), "--help does not say {words}:\n{text}");
    }
}

#[test]
fn headless_prints_the_connection_string_applies_the_rules_and_logs_json_lines() {
    let dir = tempfile::tempdir().unwrap();
    let container = unique("lenscli");
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(common::client().create_container(&container, tessera::storage::blob::PublicAccess::None, &[]))
        .unwrap();
    let rules = dir.path().join("rules.json");
    std::fs::write(
        &rules,
        format!(
            r#"{{"rules":[
                {{"name":"wait","operation":"Put Blob","action":{{"kind":"hold","ms":300}},"times":1}},
                {{"name":"busy","operation":"Put Blob","resource":"{container}/r.txt","action":{{"kind":"answer","status":503,"code":"ServerBusy"}},"times":1}}]}}"#
        ),
    )
    .unwrap();
    let log = dir.path().join("out.jsonl");
    let cs = emulator().connection_string();
    let (_lens, printed) = start(&[
        "--connection-string",
        &cs,
        "--rules",
        rules.to_str().unwrap(),
        "--log",
        log.to_str().unwrap(),
        "--show-secret",
    ]);
    let through = printed
        .last()
        .unwrap()
        .strip_prefix("connection string: ")
        .unwrap()
        .to_string();
    assert!(
        printed.iter().any(|l| l.starts_with("blob  http://127.0.0.1:")),
        "{printed:?}"
    );
    let out = peer::run(&through, &["lens-retry", &container, "r.txt"]);
    assert_eq!(out["ok"], true);
    assert_eq!(
        peer::run(&cs, &["blob-text", &container, "r.txt"])["text"],
        "landed after a retry"
    );

    let mut lines: Vec<serde_json::Value> = Vec::new();
    common::wait(
        "two Put Blob lines",
        Duration::from_secs(20),
        || {
            let text = std::fs::read_to_string(&log).unwrap_or_default();
            lines = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
            lines.iter().filter(|l| l["operation"] == "Put Blob").count() == 2
        },
        || std::fs::read_to_string(&log).unwrap_or_default(),
    );
    let puts: Vec<&serde_json::Value> = lines.iter().filter(|l| l["operation"] == "Put Blob").collect();
    assert_eq!(puts[0]["status"], 503);
    assert_eq!(puts[0]["error_code"], "ServerBusy");
    assert_eq!(puts[0]["rules"], serde_json::json!(["wait", "busy"]));
    assert!(
        puts[0]["duration_ms"].as_f64().unwrap() >= 300.0,
        "the timed hold held: {}",
        puts[0]
    );
    assert_eq!(puts[1]["status"], 201);
    assert_eq!(puts[1]["retry_of"], puts[0]["number"]);
    assert_eq!(puts[1]["resource"], format!("{container}/r.txt"));
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(!text.contains(EMULATOR_KEY), "the key is in the log");
}

#[test]
fn without_show_secret_the_connection_string_is_printed_without_its_key() {
    let cs = emulator().connection_string();
    let (_lens, printed) = start(&["--connection-string", &cs]);
    let all = printed.join("\n");
    assert!(!all.contains(EMULATOR_KEY), "{all}");
    assert!(
        all.contains("AccountName=devstoreaccount1;BlobEndpoint=http://127.0.0.1:"),
        "{all}"
    );
}

#[test]
fn wrong_arguments_are_said_and_a_port_in_use_too() {
    let said = |args: &[&str]| {
        let out = tessera().arg("lens").args(args).output().unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let (code, text) = said(&[]);
    assert_eq!(code, Some(2));
    assert!(text.contains("--connection-string"), "{text}");
    let (code, text) = said(&["--rules"]);
    assert_eq!(code, Some(2));
    assert!(text.contains("--rules needs a value"), "{text}");
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("bad.json");
    std::fs::write(&rules, r#"{"rules":[{"action":{"kind":"shout"}}]}"#).unwrap();
    let cs = emulator().connection_string();
    let (code, text) = said(&["--connection-string", &cs, "--rules", rules.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(text.contains("are not valid"), "{text}");
    let (code, text) = said(&["--connection-string", "AccountKey=c2VjcmV0"]);
    assert_eq!(code, Some(2));
    assert!(
        text.contains("connection string is not valid") && !text.contains("c2VjcmV0"),
        "{text}"
    );
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let ports = format!("0,0,{port}");
    let (code, text) = said(&["--connection-string", &cs, "--ports", &ports]);
    assert_eq!(code, Some(1));
    assert!(text.contains(&port) && text.contains("table service"), "{text}");
}

#[test]
fn a_saved_account_is_found_by_its_name_in_the_window() {
    use tessera::app::accounts::profiles::{AccountProfile, ProfileKind, save_profiles};
    let config = tempfile::tempdir().unwrap();
    let (profile, _) = AccountProfile::from_account("Local test", ProfileKind::Emulator, &common::account());
    let file = config.path().join("tessera").join("accounts.json");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    save_profiles(&file, &[profile]).unwrap();
    let started = |name: &str| {
        let mut child = tessera()
            .args(["lens", "--account", name, "--show-secret"])
            .env("XDG_CONFIG_HOME", config.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let first = BufReader::new(child.stdout.take().unwrap())
            .lines()
            .find_map(|l| l.unwrap().strip_prefix("connection string: ").map(str::to_string));
        let running = Running(child);
        (running, first)
    };
    let (_lens, through) = started("local TEST");
    let through = through.expect("the lens printed its connection string");
    let queues = peer::run(&through, &["queue-names", "lens"]);
    assert!(queues["names"].is_array(), "{queues}");

    let out = tessera()
        .args(["lens", "--account", "nobody"])
        .env("XDG_CONFIG_HOME", config.path())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text.contains("no saved account is named \"nobody\" (saved: Local test)"),
        "{text}"
    );
}
