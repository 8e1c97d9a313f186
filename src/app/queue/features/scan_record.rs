//! What a scan of the whole queue saw, kept on disk rather than in memory: every message a JSON line of a
//! temporary file, its count, and the first few as short previews for the window. Searches, exports and copies
//! read the file again a line at a time, so a scan of any length holds the same memory; the file goes when the
//! last of them (the scan's window, an export, a copy) lets it go.

use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use crate::app::context::feed::{self, Feed};
use crate::app::widgets::format::utc_opt;
use crate::storage::queue::{DequeuedMessage, PeekedMessage};

/// How many rows a search keeps to show (the window's list); the count, the export and a copy take them all.
pub const SAMPLE_ROWS: usize = 1000;
/// How much of a message's text a shown row keeps.
pub const PREVIEW_CHARS: usize = 500;

/// One message as the scan saw it (its dequeue count includes the scan's own receive).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScanRow {
    pub id: String,
    pub inserted: Option<SystemTime>,
    pub expires: Option<SystemTime>,
    pub dequeue_count: u32,
    /// The text as stored; in a shown row (`preview`), its first `PREVIEW_CHARS` characters and "…" when cut.
    pub text: String,
}

impl ScanRow {
    /// The row of a received message, taking its text (no copy of it is made).
    pub fn of(m: DequeuedMessage) -> Self {
        ScanRow {
            id: m.id,
            inserted: m.inserted,
            expires: m.expires,
            dequeue_count: m.dequeue_count,
            text: m.text,
        }
    }

    /// The row as the window's list keeps it: the text cut to its first `PREVIEW_CHARS` characters.
    pub fn preview(&self) -> ScanRow {
        let mut text: String = self.text.chars().take(PREVIEW_CHARS).collect();
        if text.len() < self.text.len() {
            text.push('…');
        }
        ScanRow { text, ..self.clone() }
    }

    /// The row as an exported JSON line holds it.
    fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "id": self.id,
            "inserted": utc_opt(self.inserted),
            "expires": utc_opt(self.expires),
            "dequeueCount": self.dequeue_count,
            "text": self.text,
        })
    }

    /// The message as a copy takes it: its text exactly, and when it expires.
    pub fn into_peeked(self) -> PeekedMessage {
        PeekedMessage {
            id: self.id,
            inserted: self.inserted,
            expires: self.expires,
            dequeue_count: self.dequeue_count,
            text: self.text,
        }
    }

    /// Whether `needle` (lowercased) is in its id or its text, any case.
    pub fn matches(&self, needle: &str) -> bool {
        needle.is_empty() || self.id.to_lowercase().contains(needle) || self.text.to_lowercase().contains(needle)
    }
}

/// The record while the scan writes it.
pub struct ScanRecorder {
    out: BufWriter<tempfile::NamedTempFile>,
    count: usize,
    sample: Vec<ScanRow>,
}

impl ScanRecorder {
    /// A new record in a temporary file of the system's temporary folder.
    pub fn new() -> io::Result<ScanRecorder> {
        let file = tempfile::Builder::new().prefix("tessera-scan-").tempfile()?;
        Ok(ScanRecorder {
            out: BufWriter::new(file),
            count: 0,
            sample: Vec::new(),
        })
    }

    /// Adds a message after those recorded before.
    pub fn add(&mut self, row: &ScanRow) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, row)?;
        self.out.write_all(b"\n")?;
        if self.sample.len() < SAMPLE_ROWS {
            self.sample.push(row.preview());
        }
        self.count += 1;
        Ok(())
    }

    /// How many messages are recorded.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The record, written out, to read.
    pub fn finish(self) -> io::Result<ScanRecord> {
        let file = self.out.into_inner().map_err(io::IntoInnerError::into_error)?;
        Ok(ScanRecord {
            file,
            count: self.count,
            sample: self.sample,
        })
    }
}

/// A finished scan's messages, front first.
#[derive(Debug)]
pub struct ScanRecord {
    file: tempfile::NamedTempFile,
    count: usize,
    sample: Vec<ScanRow>,
}

/// What a search of the record found: how many match, and the first `SAMPLE_ROWS` of them as previews.
#[derive(Clone, Debug, Default)]
pub struct Found {
    pub count: usize,
    pub sample: Vec<ScanRow>,
}

/// An export's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportForm {
    /// One JSON object a line.
    JsonLines,
    /// CSV with a header, the text quoted as CSV quotes it.
    Csv,
}

impl ScanRecord {
    /// How many messages the scan saw.
    pub fn count(&self) -> usize {
        self.count
    }

    /// What an empty search shows: every message, the first of them as previews.
    pub fn everything(&self) -> Found {
        Found {
            count: self.count,
            sample: self.sample.clone(),
        }
    }

    /// Every message, front first, read back a line at a time.
    pub fn rows(&self) -> io::Result<impl Iterator<Item = io::Result<ScanRow>> + use<>> {
        let lines = BufReader::new(self.file.reopen()?).lines();
        Ok(lines.map(|line| Ok(serde_json::from_str(&line?)?)))
    }

    /// The messages whose id or text holds `needle` (lowercased): counted, the first kept as previews. Gives up
    /// (with what it found so far) once `stop` is set: a newer search took its place.
    pub fn find(&self, needle: &str, stop: &AtomicBool) -> io::Result<Found> {
        let mut found = Found::default();
        for row in self.rows()? {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let row = row?;
            if row.matches(needle) {
                if found.sample.len() < SAMPLE_ROWS {
                    found.sample.push(row.preview());
                }
                found.count += 1;
            }
        }
        Ok(found)
    }

    /// Writes every message to `out` in `form`, a line at a time; how many were written.
    pub fn export(&self, out: impl Write, form: ExportForm) -> io::Result<usize> {
        let mut out = BufWriter::new(out);
        let mut n = 0;
        match form {
            ExportForm::JsonLines => {
                for row in self.rows()? {
                    serde_json::to_writer(&mut out, &row?.json())?;
                    out.write_all(b"\n")?;
                    n += 1;
                }
                out.flush()?;
            }
            ExportForm::Csv => {
                let mut w = csv::Writer::from_writer(out);
                w.write_record(["id", "inserted", "expires", "dequeueCount", "text"])?;
                for row in self.rows()? {
                    let r = row?;
                    let count = r.dequeue_count.to_string();
                    w.write_record([
                        r.id.as_str(),
                        &utc_opt(r.inserted),
                        &utc_opt(r.expires),
                        &count,
                        &r.text,
                    ])?;
                    n += 1;
                }
                w.flush()?;
            }
        }
        Ok(n)
    }

    /// Writes every message in `form` to a temporary file beside `path`, renamed over `path` only once whole: a
    /// failed export leaves whatever file was there as it was. How many were written.
    pub fn export_to_file(&self, path: &std::path::Path, form: ExportForm) -> io::Result<usize> {
        let beside = path.parent().filter(|p| !p.as_os_str().is_empty());
        let dir = beside.unwrap_or(std::path::Path::new("."));
        let mut file = tempfile::Builder::new().prefix(".tessera-export-").tempfile_in(dir)?;
        let count = self.export(file.as_file_mut(), form)?;
        file.as_file().sync_all()?;
        file.persist(path).map_err(|e| e.error)?;
        Ok(count)
    }

    /// The messages matching `needle`, front first, for a copy: read on the blocking pool and handed over a few
    /// at a time (the channel holds at most `AHEAD`), so a copy of every message holds a few of them at once.
    pub fn matching(self: Arc<Self>, needle: String) -> Feed<io::Result<ScanRow>> {
        const AHEAD: usize = 8;
        let (tx, rx) = feed::bounded(AHEAD, None);
        tokio::task::spawn_blocking(move || {
            let rows = match self.rows() {
                Ok(rows) => rows,
                Err(e) => {
                    tx.blocking_send(Err(e));
                    return;
                }
            };
            for row in rows {
                let wanted = match &row {
                    Ok(r) => r.matches(&needle),
                    Err(_) => true,
                };
                let failed = row.is_err();
                if wanted && (!tx.blocking_send(row) || failed) {
                    return;
                }
            }
        });
        rx
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, text: &str) -> ScanRow {
        ScanRow {
            id: id.into(),
            inserted: None,
            expires: Some(SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_000)),
            dequeue_count: 1,
            text: text.into(),
        }
    }

    fn record(rows: &[ScanRow]) -> ScanRecord {
        let mut recorder = ScanRecorder::new().unwrap();
        for r in rows {
            recorder.add(r).unwrap();
        }
        recorder.finish().unwrap()
    }

    #[test]
    fn exports_keep_each_text_exactly_and_search_finds_text_or_id_in_any_case() {
        let rows = [row("a1", "plain"), row("b2", "has, a comma\nand \"quotes\"")];
        let record = record(&rows);
        let mut csv_text = Vec::new();
        assert_eq!(record.export(&mut csv_text, ExportForm::Csv).unwrap(), 2);
        let mut read = csv::Reader::from_reader(&csv_text[..]);
        let texts: Vec<String> = read.records().map(|r| r.unwrap()[4].to_string()).collect();
        assert_eq!(texts, ["plain", "has, a comma\nand \"quotes\""]);
        let mut json = Vec::new();
        record.export(&mut json, ExportForm::JsonLines).unwrap();
        let lines: Vec<serde_json::Value> = String::from_utf8(json)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines[1]["text"], "has, a comma\nand \"quotes\"");
        let search = |text: &str| text.trim().to_lowercase();
        assert!(
            rows[1].matches(&search("QUOTES")) && rows[1].matches(&search("B2")) && !rows[0].matches(&search("comma"))
        );
        let stop = AtomicBool::new(false);
        let found = record.find(&search("QUOTES"), &stop).unwrap();
        assert_eq!((found.count, found.sample), (1, vec![rows[1].clone()]));
    }

    #[test]
    fn a_record_reads_back_every_message_whole_and_keeps_only_previews_of_the_first() {
        let long = "é".repeat(PREVIEW_CHARS + 10);
        let rows: Vec<ScanRow> = (0..SAMPLE_ROWS + 5)
            .map(|i| row(&format!("id-{i}"), if i == 0 { &long } else { "short" }))
            .collect();
        let record = record(&rows);
        assert_eq!(record.count(), rows.len());
        let back: Vec<ScanRow> = record.rows().unwrap().map(Result::unwrap).collect();
        assert_eq!(back, rows, "every message, its text and times exactly");
        let everything = record.everything();
        assert_eq!((everything.count, everything.sample.len()), (rows.len(), SAMPLE_ROWS));
        assert_eq!(everything.sample[0].text.chars().count(), PREVIEW_CHARS + 1);
        assert!(everything.sample[0].text.ends_with('…'));
        let rt = tokio::runtime::Runtime::new().unwrap();
        let copied = rt.block_on(async {
            let mut rx = Arc::new(record).matching("id-100".into());
            let mut ids = Vec::new();
            while let Some(r) = rx.next().await {
                ids.push(r.unwrap().id);
            }
            ids
        });
        assert_eq!(
            copied,
            ["id-100", "id-1000", "id-1001", "id-1002", "id-1003", "id-1004"]
        );
    }
}
