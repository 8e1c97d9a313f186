//! Microsoft's Python SDKs as the tests' independent reader (and writer): what the app wrote, read back by
//! someone else's code. `benches/peers/install` (run by `scripts/test`) puts them in `target/peers-venv`.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The peers' Python: the venv's `bin/python`, or `Scripts\python.exe` on Windows.
pub fn python() -> PathBuf {
    let venv = root().join("target/peers-venv");
    if cfg!(windows) {
        venv.join("Scripts").join("python.exe")
    } else {
        venv.join("bin").join("python")
    }
}

/// Runs one command of `benches/peers/peer.py` against `connection_string` and returns its JSON. Fails the
/// test, saying how to install the peers, when they are missing: never skips.
pub fn run(connection_string: &str, args: &[&str]) -> Value {
    run_with(connection_string, &[], args)
}

/// As `run`, with more environment for the peer (`REQUESTS_CA_BUNDLE` for an endpoint with the tests' own
/// certificate).
pub fn run_with(connection_string: &str, env: &[(&str, &str)], args: &[&str]) -> Value {
    let python = python();
    assert!(
        python.exists(),
        "Microsoft's Python SDKs are not installed: run benches/peers/install (scripts/test does)"
    );
    let out = Command::new(python)
        .arg(root().join("benches/peers/peer.py"))
        .args(args)
        .env("TESSERA_PEER_CONNECTION_STRING", connection_string)
        .envs(env.iter().copied())
        .output()
        .expect("run the Python peer");
    let text = String::from_utf8_lossy(&out.stdout);
    let value: Value = serde_json::from_str(text.trim()).unwrap_or_else(|e| {
        panic!(
            "the peer answered {text:?} ({e}); stderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    assert!(out.status.success(), "the peer failed: {value}");
    value
}

/// A resource's metadata as the SDK reads it, names in the case the service stored them.
pub fn metadata(connection_string: &str, args: &[&str]) -> Vec<(String, String)> {
    let value = run(connection_string, args);
    let mut pairs: Vec<(String, String)> = value["metadata"]
        .as_object()
        .expect("metadata")
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string()))
        .collect();
    pairs.sort();
    pairs
}

/// An entity as Microsoft's SDK reads it from the test emulator's TABLE: each property's type and value.
pub fn entity(table: &str, partition_key: &str, row_key: &str) -> Value {
    run(
        &super::emulator().connection_string(),
        &["entity", table, partition_key, row_key],
    )["entity"]
        .clone()
}

/// Every entity's keys in the test emulator's TABLE as Microsoft's SDK lists them, "PartitionKey/RowKey", sorted.
pub fn entity_keys(table: &str) -> Vec<String> {
    serde_json::from_value(run(&super::emulator().connection_string(), &["entity-keys", table])["keys"].clone())
        .expect("the peer lists keys")
}
