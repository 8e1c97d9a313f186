//! The account list file (`accounts.json`): reading it entry by entry, so one entry this version cannot read
//! (a newer version's kind, a hand edit) costs only itself and is written back unchanged; an unreadable file is
//! copied aside with a timestamp and never written over; writing goes through a temporary file and a rename.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::app::accounts::profiles::{AccountProfile, without_query};
use crate::app::widgets::i18n::{t, tr};

/// What reading the account list found.
#[derive(Debug, Default)]
pub struct LoadedProfiles {
    pub profiles: Vec<AccountProfile>,
    /// Entries this version cannot read, kept to be written back exactly as they were.
    pub kept: Vec<Value>,
    /// Set when the file must not be written at all this run (it could not be read, or is not a list).
    pub read_only: Option<String>,
    /// What to tell the user, in words: what was kept, and where the copy is.
    pub problem: Option<String>,
}

/// Reads the account list; a missing file means a fresh install, which shows the emulator preset. Endpoints
/// come back without any query an older version saved.
pub fn load(path: &Path) -> LoadedProfiles {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return LoadedProfiles {
                profiles: vec![AccountProfile::emulator_preset()],
                ..Default::default()
            };
        }
        Err(e) => {
            let (path, e) = (path.display().to_string(), e.to_string());
            let why = tr!("accounts-account-file-unreadable", path = path, why = e);
            return unreadable(why);
        }
    };
    let entries = match serde_json::from_slice::<Value>(&bytes) {
        Ok(Value::Array(entries)) => entries,
        Ok(_) | Err(_) => {
            let what = serde_json::from_slice::<Value>(&bytes)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_else(|| t("accounts-account-file-not-a-list"));
            let copy = keep_copy(path, &bytes);
            let why = tr!(
                "accounts-account-file-broken",
                path = path.display().to_string(),
                why = what,
                copy = copied_words(&copy)
            );
            return unreadable(why);
        }
    };
    let total = entries.len();
    let mut loaded = LoadedProfiles::default();
    let mut reasons = Vec::new();
    for (i, entry) in entries.into_iter().enumerate() {
        match serde_json::from_value::<AccountProfile>(entry.clone()) {
            Ok(p) => loaded.profiles.push(p),
            Err(e) => {
                let label = entry.get("label").and_then(Value::as_str).map(str::to_string);
                let label = label.unwrap_or_else(|| t("accounts-account-file-no-label"));
                let why = e.to_string();
                reasons.push(tr!("accounts-account-file-entry", n = i + 1, label = label, why = why));
                loaded.kept.push(entry);
            }
        }
    }
    let scrubbed = scrub(&mut loaded.profiles);
    if !loaded.kept.is_empty() {
        let copy = keep_copy(path, &bytes);
        loaded.problem = Some(tr!(
            "accounts-account-file-kept",
            count = loaded.kept.len(),
            total = total,
            path = path.display().to_string(),
            why = reasons.join("; "),
            listed = loaded.profiles.len(),
            copy = copied_words(&copy)
        ));
    }
    if scrubbed {
        // Written back at once, so the old file stops holding what may be a SAS.
        let _ = save(path, &loaded.profiles, &loaded.kept);
    }
    loaded
}

fn unreadable(why: String) -> LoadedProfiles {
    LoadedProfiles {
        profiles: vec![AccountProfile::emulator_preset()],
        kept: Vec::new(),
        read_only: Some(why.clone()),
        problem: Some(why),
    }
}

/// Drops any query an older version saved with an endpoint; says whether it dropped one.
fn scrub(profiles: &mut [AccountProfile]) -> bool {
    let mut scrubbed = false;
    for p in profiles {
        for e in [&mut p.blob_endpoint, &mut p.queue_endpoint, &mut p.table_endpoint] {
            let clean = e.as_deref().map(without_query);
            scrubbed |= clean != *e;
            *e = clean;
        }
    }
    scrubbed
}

/// Copies the file as it was to `accounts.json.unreadable-<seconds since 1970>` beside it.
fn keep_copy(path: &Path, bytes: &[u8]) -> Result<PathBuf, String> {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let name = format!(
        "{}.unreadable-{secs}", // i18n-ignore: a file name
        path.file_name().and_then(|n| n.to_str()).unwrap_or("accounts.json")
    );
    let copy = path.with_file_name(name);
    std::fs::write(&copy, bytes).map_err(|e| e.to_string())?;
    Ok(copy)
}

fn copied_words(copy: &Result<PathBuf, String>) -> String {
    match copy {
        Ok(p) => tr!("accounts-account-file-copied", path = p.display().to_string()),
        Err(e) => tr!("accounts-account-file-not-copied", why = e.as_str()),
    }
}

/// Writes the account list (and the entries kept unread, after it) next to itself and renames it into place,
/// so a crash never leaves half a file.
pub fn save(path: &Path, profiles: &[AccountProfile], kept: &[Value]) -> Result<(), String> {
    let fail = |e: std::io::Error| {
        let (path, why) = (path.display().to_string(), e.to_string());
        tr!("accounts-account-file-not-saved", path = path, why = why)
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let tmp = path.with_extension("json.tmp");
    let mut entries: Vec<Value> = profiles
        .iter()
        .map(|p| serde_json::to_value(p).expect("profiles serialise"))
        .collect();
    entries.extend(kept.iter().cloned());
    let json = serde_json::to_vec_pretty(&entries).expect("JSON");
    std::fs::write(&tmp, json).map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(fail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_of_a_newer_kind_is_kept_unread_and_written_back_and_the_file_copied() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("accounts.json");
        let known = serde_json::to_value(AccountProfile::emulator_preset()).unwrap();
        let mut newer = known.clone();
        newer["kind"] = Value::String("QuantumLink".into());
        newer["id"] = Value::String("from-the-future".into());
        newer["label"] = Value::String("Future".into());
        std::fs::write(&path, serde_json::to_vec(&vec![known, newer.clone()]).unwrap()).unwrap();
        let loaded = load(&path);
        assert_eq!(loaded.profiles.len(), 1);
        assert_eq!(loaded.kept, vec![newer.clone()]);
        assert!(loaded.read_only.is_none());
        let problem = loaded.problem.unwrap();
        assert!(
            problem.contains("1 of 2 accounts") && problem.contains("`Future`"),
            "{problem}"
        );
        assert!(problem.contains(".unreadable-"), "{problem}");
        // A save of the readable ones keeps the unread entry as it was.
        save(&path, &[], &loaded.kept).unwrap();
        let on_disk: Vec<Value> = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        assert_eq!(on_disk, vec![newer]);
        let copies = std::fs::read_dir(dir.path())
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .contains(".unreadable-")
            })
            .count();
        assert_eq!(copies, 1);
    }

    #[test]
    fn a_file_that_is_not_a_list_is_copied_and_never_written_over() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("accounts.json");
        std::fs::write(&path, "{broken").unwrap();
        let loaded = load(&path);
        let why = loaded.read_only.expect("read only");
        assert!(
            why.contains("cannot be read") && why.contains("not written over"),
            "{why}"
        );
        assert_eq!(loaded.profiles, vec![AccountProfile::emulator_preset()]);
    }
}
