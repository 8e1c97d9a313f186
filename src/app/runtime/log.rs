//! The app's log file: one line per request and per notable action, built only from redacted material.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::storage::RequestEvent;

pub struct AppLog {
    path: PathBuf,
    file: Mutex<Option<std::fs::File>>,
}

impl AppLog {
    /// Appends to `path`; if it cannot be opened, the app runs without a log and says so in a notice.
    pub fn open(path: &Path) -> AppLog {
        let file = path
            .parent()
            .map(std::fs::create_dir_all)
            .and_then(|r| r.ok())
            .and_then(|_| std::fs::OpenOptions::new().create(true).append(true).open(path).ok());
        AppLog {
            path: path.to_path_buf(),
            file: Mutex::new(file),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn is_open(&self) -> bool {
        self.file.lock().expect("log lock").is_some()
    }

    pub fn line(&self, text: &str) {
        // Everything here was redacted where it was made; this is the last guard before the disk.
        let text = crate::storage::redact::redact_text(text);
        if let Some(f) = self.file.lock().expect("log lock").as_mut() {
            let now = crate::storage::times::now(crate::storage::times::ISO_SECONDS);
            let _ = writeln!(f, "{now} {text}");
        }
    }

    /// A request, as the inspector shows it in one line (the event is redacted at its source).
    pub fn request(&self, e: &RequestEvent) {
        self.line(&format!(
            "{} {} {} {} -> {} {} {} ms attempt {} request-id {}{}",
            e.account,
            e.service,
            e.method,
            e.url,
            e.status.map_or("no answer".to_string(), |s| s.to_string()),
            e.error_code.as_deref().unwrap_or(""),
            e.duration.as_millis(),
            e.attempt,
            e.request_id.as_deref().unwrap_or("-"),
            e.note.as_ref().map(|n| format!(" ({n})")).unwrap_or_default(),
        ));
    }
}
