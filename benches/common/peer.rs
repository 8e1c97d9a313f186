//! Microsoft's Python SDKs as the benchmarks' peers: the same work done the SDK's way, timed by the SDK's own
//! process around the operation alone (`benches/peers/peer.py`). A missing peer is a reason to print, never a
//! silent skip: the goal line says MISS with it. The peers are installed on the first run that needs them, so a
//! plain `cargo bench` measures against them rather than printing that they are missing.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

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
    installed(&root)?;
    if !python.exists() {
        return Err("Python SDKs not installed (benches/peers/install made no venv)".into());
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

/// Runs `benches/peers/install` once per bench process: it returns at once when the venv matches the pins, and
/// otherwise makes it (a minute or two of pip, said on stderr). Its failure is the reason every peer goal gives.
fn installed(root: &Path) -> Result<(), String> {
    static INSTALLED: OnceLock<Result<(), String>> = OnceLock::new();
    INSTALLED
        .get_or_init(|| {
            println!("peers: running benches/peers/install (quick when Microsoft's Python SDKs are already there)");
            let out = Command::new("bash")
                .arg(root.join("benches/peers/install"))
                .current_dir(root)
                .stdin(std::process::Stdio::null())
                .output()
                .map_err(|e| format!("benches/peers/install did not start: {e}"))?;
            let said = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
            for line in said.lines() {
                println!("peers: {line}");
            }
            match out.status.success() {
                true => Ok(()),
                false => Err(format!(
                    "Python SDKs not installed: benches/peers/install failed ({}): {}",
                    out.status,
                    said.lines().last().unwrap_or("no output")
                )),
            }
        })
        .clone()
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
