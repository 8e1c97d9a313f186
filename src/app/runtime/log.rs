//! The app's log file: one line per request and per notable action, built only from redacted material, written
//! by a thread of its own (the UI only hands it lines) and rotated so it never grows past a few files.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError};

use crate::storage::RequestEvent;

/// A log file grows to this size, then becomes `<name>.1` (and `.1` becomes `.2`, and `.2` goes).
pub const MAX_BYTES: u64 = 10 * 1024 * 1024;
/// Files kept: the current one and two older ones.
pub const FILES: usize = 3;
/// Lines waiting for the writer; beyond this (a disk that stopped) lines are counted and dropped, never
/// queued without bound and never waited for on the UI thread.
const BACKLOG: usize = 10_000;

enum Message {
    Line(String),
    /// Answers once every line sent before it is on disk.
    Sync(std::sync::mpsc::Sender<()>),
}

pub struct AppLog {
    path: PathBuf,
    sender: Option<SyncSender<Message>>,
    dropped: AtomicU64,
}

impl AppLog {
    /// Appends to `path`; if it cannot be opened, the app runs without a log and says so in a notice.
    pub fn open(path: &Path) -> AppLog {
        Self::open_with(path, MAX_BYTES)
    }

    /// The same with a smaller rotation size (tests rotate without writing 30 MiB).
    pub fn open_with(path: &Path, max_bytes: u64) -> AppLog {
        let file = path
            .parent()
            .map(std::fs::create_dir_all)
            .and_then(|r| r.ok())
            .and_then(|_| std::fs::OpenOptions::new().create(true).append(true).open(path).ok());
        let sender = file.and_then(|file| {
            let (tx, rx) = std::sync::mpsc::sync_channel(BACKLOG);
            let writer = Writer {
                path: path.to_path_buf(),
                size: file.metadata().map_or(0, |m| m.len()),
                file: std::io::BufWriter::new(file),
                max_bytes,
            };
            std::thread::Builder::new()
                .name("tessera-log".into())
                .spawn(move || writer.run(rx))
                .ok()
                .map(|_| tx)
        });
        AppLog {
            path: path.to_path_buf(),
            sender,
            dropped: AtomicU64::new(0),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn is_open(&self) -> bool {
        self.sender.is_some()
    }

    /// Lines dropped because the writer fell behind.
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }

    pub fn line(&self, text: &str) {
        let Some(sender) = &self.sender else { return };
        // Everything here was redacted where it was made; this is the last guard before the disk.
        let now = crate::storage::format_time(std::time::SystemTime::now(), crate::storage::ISO_SECONDS);
        let line = format!("{now} {}\n", crate::storage::redact_text(text)); // i18n-ignore: the log file
        if let Err(TrySendError::Full(_)) = sender.try_send(Message::Line(line)) {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Waits until every line logged so far is written (for tests and for a clean exit).
    pub fn sync(&self) {
        let Some(sender) = &self.sender else { return };
        let (tx, rx) = std::sync::mpsc::channel();
        if sender.send(Message::Sync(tx)).is_ok() {
            let _ = rx.recv();
        }
    }

    /// A request, as the inspector shows it in one line (the event is redacted at its source).
    pub fn request(&self, e: &RequestEvent) {
        self.line(&format!(
            "{} {} {} {} -> {} {} {} ms attempt {} request-id {}{}", // i18n-ignore: the log file
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

/// The log thread's side: writes lines, rotates at the size limit.
struct Writer {
    path: PathBuf,
    file: std::io::BufWriter<std::fs::File>,
    size: u64,
    max_bytes: u64,
}

impl Writer {
    fn run(mut self, messages: Receiver<Message>) {
        // Flush after each burst (when nothing more waits), so a crash loses at most the lines of one burst.
        while let Ok(first) = messages.recv() {
            let mut next = Some(first);
            while let Some(message) = next {
                self.handle(message);
                next = messages.try_recv().ok();
            }
            let _ = self.file.flush();
        }
    }

    fn handle(&mut self, message: Message) {
        match message {
            Message::Line(line) => {
                if self.size + line.len() as u64 > self.max_bytes && self.size > 0 {
                    self.rotate();
                }
                if self.file.write_all(line.as_bytes()).is_ok() {
                    self.size += line.len() as u64;
                }
            }
            Message::Sync(done) => {
                let _ = self.file.flush();
                let _ = done.send(());
            }
        }
    }

    fn rotate(&mut self) {
        let _ = self.file.flush();
        let numbered = |n: usize| PathBuf::from(format!("{}.{n}", self.path.display()));
        let _ = std::fs::remove_file(numbered(FILES - 1));
        for n in (1..FILES - 1).rev() {
            let _ = std::fs::rename(numbered(n), numbered(n + 1));
        }
        let _ = std::fs::rename(&self.path, numbered(1));
        if let Ok(file) = std::fs::OpenOptions::new().create(true).append(true).open(&self.path) {
            self.file = std::io::BufWriter::new(file);
            self.size = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_rotates_into_three_files_of_bounded_size() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tessera.log");
        let log = AppLog::open_with(&path, 64 * 1024);
        let line = "x".repeat(1000);
        for _ in 0..500 {
            log.line(&line);
        }
        log.sync();
        let sizes: Vec<u64> = ["tessera.log", "tessera.log.1", "tessera.log.2"]
            .iter()
            .map(|n| std::fs::metadata(dir.path().join(n)).map_or(0, |m| m.len()))
            .collect();
        assert!(sizes.iter().all(|&s| s > 0 && s <= 64 * 1024), "{sizes:?}");
        assert!(!dir.path().join("tessera.log.3").exists(), "a fourth file was kept");
        assert_eq!(log.dropped(), 0);
    }

    #[test]
    fn secrets_are_redacted_on_the_way_to_the_disk() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tessera.log");
        let log = AppLog::open(&path);
        log.line("GET https://a.blob.core.windows.net/c?sv=1&sig=SECRETSIGNATURE123 Bearer eyJabc.def.ghi");
        log.sync();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            !text.contains("SECRETSIGNATURE123") && !text.contains("eyJabc"),
            "{text}"
        );
    }
}
