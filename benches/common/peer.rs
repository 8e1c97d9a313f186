//! Microsoft's Python SDKs as the benchmarks' peers: the same work done the SDK's way, timed by the SDK's own
//! process around the operation alone (`benches/peers/peer.py`). A missing peer is a reason to print, never a
//! silent skip: the goal line says MISS with it.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

/// Runs one `bench-*` command of the peer against `connection_string`; Err says why there is no figure.
pub fn run(connection_string: &str, args: &[&str]) -> Result<Value, String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    // The venv's `bin/python`, or `Scripts\python.exe` on Windows.
    let venv = root.join("target/peers-venv");
    let python = match cfg!(windows) {
        true => venv.join("Scripts").join("python.exe"),
        false => venv.join("bin").join("python"),
    };
    if !python.exists() {
        return Err("Python SDKs not installed (run benches/peers/install)".into());
    }
    let out = Command::new(python)
        .arg(root.join("benches/peers/peer.py"))
        .args(args)
        .env("TESSERA_PEER_CONNECTION_STRING", connection_string)
        .output()
        .map_err(|e| format!("the Python peer did not start: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let value: Value = serde_json::from_str(text.trim()).map_err(|e| {
        format!(
            "the peer answered {text:?} ({e}); {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })?;
    if !out.status.success() {
        return Err(format!("the peer failed: {value}"));
    }
    Ok(value)
}

/// Items (or bytes) per second from a peer's answer.
pub fn rate(value: &Value, what: &str) -> f64 {
    value[what].as_f64().unwrap_or(0.0) / value["seconds"].as_f64().unwrap_or(f64::INFINITY)
}

/// A connection string for an account on these blob, queue and table endpoints, as the SDK takes it.
pub fn connection_string(account: &tessera::storage::Account) -> String {
    let endpoint = |e: &Option<url::Url>| e.as_ref().map(|u| u.as_str().trim_end_matches('/').to_string());
    let mut cs = format!(
        "DefaultEndpointsProtocol=http;AccountName={};AccountKey={};",
        account.name,
        tessera::storage::EMULATOR_KEY
    );
    for (key, value) in [
        ("BlobEndpoint", endpoint(&account.blob_endpoint)),
        ("QueueEndpoint", endpoint(&account.queue_endpoint)),
        ("TableEndpoint", endpoint(&account.table_endpoint)),
    ] {
        if let Some(v) = value {
            cs.push_str(&format!("{key}={v};"));
        }
    }
    cs
}
