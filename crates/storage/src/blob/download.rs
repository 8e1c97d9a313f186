//! Downloads of blobs to files: parallel ranges into a partial file beside the destination, each pinned to one
//! ETag and checked, and a journal beside it of the ranges on disk, so an interrupted download (a crash, a
//! failure) asks only for the ranges it lacks, or starts over, saying why, when the blob changed meanwhile.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use base64::Engine;
use bytes::{Bytes, BytesMut};
use md5::{Digest, Md5};
use reqwest::Method;
use serde::{Deserialize, Serialize};
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;

use crate::blob::transfer::range_size_for;
use crate::blob::transfer::{TransferOptions, cancelled, create_own, is_network, join_next, patiently};
use crate::blob::{blob_request, check_names};
use crate::checksum::{BlockChecksum, Crc64Digest, crc64_base64};
use crate::error::{ErrorKind, Result, StorageError};
use crate::pipeline::{Client, Headers};
use crate::progress::TransferProgress;
use crate::words::{Said, said};

/// A finished download.
#[derive(Clone, Debug)]
pub struct DownloadOutcome {
    /// Where the file went: the destination asked for, or a free name beside it when a file appeared there while
    /// the download ran and replacing was not asked for.
    pub saved_as: PathBuf,
    pub bytes: u64,
    pub etag: String,
    /// Bytes an earlier, interrupted try had already written and this one did not ask for again.
    pub resumed: u64,
    /// Why an earlier try's bytes were thrown away (the blob changed since), when they were.
    pub restarted: Option<Said>,
}

/// What an unfinished download has on disk: kept beside the partial file (no secret: names and an ETag).
#[derive(Debug, Default, Serialize, Deserialize)]
struct PartialJournal {
    container: String,
    blob: String,
    snapshot: Option<String>,
    etag: String,
    size: u64,
    range_size: u64,
    /// Ranges written whole, by index.
    done: BTreeSet<u64>,
    /// The blob endpoint (host and port): a partial of a same-named blob of another account is not taken.
    #[serde(default)]
    endpoint: Option<String>,
}

/// The partial file and its journal for a destination (the same for every try, so a later one finds them).
pub fn partial_paths(dest: &Path) -> (PathBuf, PathBuf) {
    let name = dest
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "download".into());
    (
        dest.with_file_name(format!(".{name}.tessera-partial")),
        dest.with_file_name(format!(".{name}.tessera-partial.json")),
    )
}

/// Whether a file's name is one a download keeps beside its destination while it runs (the partial file, its
/// journal and the journal's own temporary, or a sync's file waiting for its check): the app's, never a file of
/// the user's to compare, upload or delete.
pub fn is_partial_file(name: &str) -> bool {
    name.starts_with('.') && name.contains(".tessera-partial")
}

impl PartialJournal {
    fn read(path: &Path) -> Option<PartialJournal> {
        serde_json::from_slice(&std::fs::read(path).ok()?).ok()
    }

    /// Written beside and renamed into place, so a crash mid-write leaves the last whole journal.
    async fn write(&self, path: &Path) -> std::io::Result<()> {
        let (tmp, json) = (
            path.with_extension("json.tmp"),
            serde_json::to_vec(self).map_err(std::io::Error::other)?,
        );
        let opened = create_own(
            std::fs::OpenOptions::new().write(true).truncate(true),
            &tmp,
            &Said::empty(),
        );
        let mut file = tokio::fs::File::from_std(opened.map_err(|e| std::io::Error::other(e.message.clone()))?);
        tokio::io::AsyncWriteExt::write_all(&mut file, &json).await?;
        tokio::io::AsyncWriteExt::flush(&mut file).await?;
        tokio::fs::rename(&tmp, path).await
    }
}

impl Client {
    /// Downloads a blob to a file: parallel ranges into a partial file next to it, every range pinned to one
    /// ETag and checked for its length (and a checksum where one is available); renamed into place only when
    /// complete. A crash, or a failure with `keep_partial`, leaves the partial file and its journal for the next
    /// try, which asks only for the missing ranges (If-Match the same ETag); a cancel removes them.
    #[allow(clippy::too_many_arguments)]
    pub async fn download_file(
        &self,
        container: &str,
        blob: &str,
        snapshot: Option<&str>,
        dest: &Path,
        options: &TransferOptions,
        progress: &Arc<TransferProgress>,
        cancel: &CancellationToken,
    ) -> Result<DownloadOutcome> {
        let op = said!("error-op-download-to", blob = blob, path = dest.display().to_string());
        check_names(&op, container, Some(blob))?;
        let (partial, journal_path) = partial_paths(dest);
        let result = self
            .download_ranges(container, blob, snapshot, dest, options, progress, cancel, &op)
            .await;
        progress.end_network_wait();
        // The user stopped it, or nobody will resume it (`keep_partial` off): nothing is kept. A refusal before the
        // partial file was ours (another download holds it) leaves it alone.
        if let Err(e) = &result
            && (e.kind == ErrorKind::Cancelled || (!options.keep_partial && e.kind != ErrorKind::Invalid))
        {
            let _ = std::fs::remove_file(&partial);
            let _ = std::fs::remove_file(&journal_path);
        }
        result
    }

    #[allow(clippy::too_many_arguments)]
    async fn download_ranges(
        &self,
        container: &str,
        blob: &str,
        snapshot: Option<&str>,
        dest: &Path,
        options: &TransferOptions,
        progress: &Arc<TransferProgress>,
        cancel: &CancellationToken,
        op: &Said,
    ) -> Result<DownloadOutcome> {
        let wait = options.wait_for_network;
        let (props, _) = patiently(progress, cancel, wait, op, || {
            self.get_blob_properties(container, blob, snapshot)
        })
        .await
        .map_err(|e| e.with_operation(op))?;
        if !props.size_known {
            // Without a size nothing could be checked: an empty file must not pass for the blob.
            return Err(StorageError::decode(op, said("error-download-no-size")));
        }
        let size = props.content_length;
        let mut range_size = range_size_for(size, options);
        progress.start(size);
        let (partial, journal_path) = partial_paths(dest);
        let mut journal = PartialJournal {
            container: container.to_string(),
            blob: blob.to_string(),
            snapshot: snapshot.map(str::to_string),
            etag: props.etag.clone(),
            size,
            range_size,
            done: BTreeSet::new(),
            endpoint: self.account().endpoint_authority(crate::Service::Blob),
        };
        // The partial file is opened without truncating and locked before its journal is read: a second download
        // into the same file (a double click, a resume beside a fresh start, another instance) is refused rather
        // than writing over the first's ranges. The lock goes with the handle, also when the app ends.
        let file = create_own(std::fs::OpenOptions::new().write(true).truncate(false), &partial, op)?;
        if file.try_lock().is_err() {
            return Err(StorageError::invalid(
                op,
                said!("error-download-under-way", path = dest.display().to_string()),
            ));
        }
        let mut restarted = None;
        let earlier = PartialJournal::read(&journal_path)
            .filter(|j| (j.container.as_str(), j.blob.as_str(), j.snapshot.as_deref()) == (container, blob, snapshot))
            .filter(|j| j.endpoint == journal.endpoint);
        let on_disk = file.metadata().map(|m| m.len()).ok();
        match earlier {
            Some(j) if j.etag == props.etag && j.size == size && j.range_size > 0 && on_disk == Some(size) => {
                // The ranges as that try cut them (an earlier version, or other options, may cut them otherwise).
                (range_size, journal.range_size, journal.done) = (j.range_size, j.range_size, j.done);
            }
            Some(j) if j.etag != props.etag => {
                restarted = Some(said!(
                    "error-download-restarted",
                    blob = blob,
                    then = j.etag.as_str(),
                    now = props.etag.as_str()
                ));
            }
            _ => {}
        }
        if journal.done.is_empty() {
            // Starting over: whatever an earlier try left is cleared, and the file takes the blob's size.
            file.set_len(0)
                .and_then(|_| file.set_len(size))
                .map_err(|e| StorageError::io(op, &e))?;
        }
        let file = Arc::new(file);
        // A journal that cannot be written costs only the resume, not the download.
        let _ = journal.write(&journal_path).await;
        // The service returns a range's checksum only for ranges of at most 4 MiB.
        let range_checksum = match options.range_checksum {
            kind if range_size <= 4 * 1024 * 1024 => kind,
            _ => BlockChecksum::None,
        };
        let ranges = size.div_ceil(range_size);
        let mut resumed = 0;
        let mut tasks: JoinSet<Result<(u64, u64)>> = JoinSet::new();
        let mut written = 0;
        let mut unsynced = Unsynced::new(file.clone());
        let fetched: Result<()> = async {
            for index in 0..ranges {
                let start = index * range_size;
                let end = (start + range_size).min(size) - 1;
                if journal.done.contains(&index) {
                    resumed += end - start + 1;
                    progress.add_resumed(end - start + 1);
                    continue;
                }
                while tasks.len() >= options.parallelism.max(1) {
                    written += self
                        .range_done(&mut tasks, &mut journal, &mut unsynced, &journal_path, cancel, op)
                        .await?;
                }
                let range = RangeJob {
                    client: self.clone(),
                    container: container.to_string(),
                    blob: blob.to_string(),
                    snapshot: snapshot.map(str::to_string),
                    etag: props.etag.clone(),
                    file: file.clone(),
                    index,
                    start,
                    end,
                    retries: options.range_retries,
                    wait,
                    cancel: cancel.clone(),
                    range_checksum,
                    known_md5: props.http.content_md5.clone().filter(|_| start == 0 && end + 1 == size),
                    progress: progress.clone(),
                };
                tasks.spawn(range.run());
            }
            while !tasks.is_empty() {
                written += self
                    .range_done(&mut tasks, &mut journal, &mut unsynced, &journal_path, cancel, op)
                    .await?;
            }
            Ok(())
        }
        .await;
        if let Err(e) = fetched {
            // The ranges finished before the failure go in the journal (once on disk), for Retry or the next start.
            unsynced.settle(&mut journal, &journal_path).await;
            return Err(e);
        }
        if written + resumed != size {
            return Err(StorageError::decode(
                op,
                said!(
                    "error-download-short",
                    received = (written + resumed).to_string(),
                    size = size.to_string()
                ),
            ));
        }
        // On disk before it takes the destination's name: whoever trusts a file at that name (the folder
        // download's journal notes it saved; a resume skips it) must never find zeros a power cut left.
        let synced = file.clone();
        tokio::task::spawn_blocking(move || synced.sync_all())
            .await
            .map_err(std::io::Error::other)
            .and_then(|r| r)
            .map_err(|e| StorageError::io(op, &e))?;
        // Every handle closed before the rename (Windows renames an open file only if each opener allowed it).
        drop((file, unsynced));
        let saved_as = place(&partial, dest, options.replace_existing)
            .await
            .map_err(|e| StorageError::io(op, &e))?;
        let _ = tokio::fs::remove_file(&journal_path).await;
        Ok(DownloadOutcome {
            saved_as,
            bytes: size,
            etag: props.etag,
            resumed,
            restarted,
        })
    }

    /// Waits for one range and notes it; the journal takes it once its bytes are on disk (`Unsynced`).
    async fn range_done(
        &self,
        tasks: &mut JoinSet<Result<(u64, u64)>>,
        journal: &mut PartialJournal,
        unsynced: &mut Unsynced,
        path: &Path,
        cancel: &CancellationToken,
        op: &Said,
    ) -> Result<u64> {
        let (index, n) = join_next(tasks, cancel, op).await?;
        unsynced.ranges.push(index);
        if unsynced.due() {
            unsynced.settle(journal, path).await;
        }
        Ok(n)
    }
}

/// Puts a finished (synced) partial file at `dest`, and makes the new name durable (the folder synced, where the
/// system has that). Over a file already there only when `replace`; otherwise a file that appeared there while the
/// download ran is kept, and the download takes the first free name beside it (`report (1).txt`), checked and
/// taken in one step (a hard link, which fails on a name taken) where the file system has links.
async fn place(partial: &Path, dest: &Path, replace: bool) -> std::io::Result<PathBuf> {
    let (partial, dest) = (partial.to_path_buf(), dest.to_path_buf());
    // Its failure is a `Said` inside the I/O error, worded by the app in the language of the window that reads it.
    tokio::task::spawn_blocking(move || {
        let placed = if replace {
            std::fs::rename(&partial, &dest).map(|_| dest.clone())
        } else {
            place_beside(&partial, &dest)
        }?;
        #[cfg(unix)]
        if let Some(folder) = placed.parent() {
            // Best effort: some file systems (network ones) refuse to sync a folder; the file itself is synced.
            let _ = std::fs::File::open(folder).and_then(|f| f.sync_all());
        }
        Ok(placed)
    })
    .await
    .map_err(std::io::Error::other)?
}

/// `partial` at `dest`, or at the first free numbered name beside it, never over a file.
fn place_beside(partial: &Path, dest: &Path) -> std::io::Result<PathBuf> {
    for n in 0..10_000 {
        let target = match n {
            0 => dest.to_path_buf(),
            n => crate::names::numbered_path(dest, n),
        };
        match std::fs::hard_link(partial, &target) {
            Ok(()) => {
                std::fs::remove_file(partial)?;
                return Ok(target);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            // No hard links here (FAT, some network shares): look, then rename.
            Err(_) if target.exists() => continue,
            Err(_) => {
                std::fs::rename(partial, &target)?;
                return Ok(target);
            }
        }
    }
    Err(std::io::Error::other(said!(
        "error-download-no-free-name",
        path = dest.display().to_string()
    )))
}

/// The journal is written at most this often: each time the partial file is synced first.
const SYNC_EVERY: Duration = Duration::from_secs(1);

/// Ranges written to the partial file but not yet in its journal. They go in only after the file is synced, so a
/// power cut never leaves a journal that claims bytes the disk lost (a resume would keep zeros as the blob's
/// bytes); a crash costs at most `SYNC_EVERY` of progress, asked for again by the resume.
struct Unsynced {
    file: Arc<std::fs::File>,
    ranges: Vec<u64>,
    /// When the journal was last written (None: not yet, so the first range goes in at once).
    last: Option<Instant>,
}

impl Unsynced {
    fn new(file: Arc<std::fs::File>) -> Self {
        Unsynced {
            file,
            ranges: Vec::new(),
            last: None,
        }
    }

    fn due(&self) -> bool {
        self.last.is_none_or(|t| t.elapsed() >= SYNC_EVERY)
    }

    /// Syncs the file (on the blocking pool) and writes the journal with the ranges now on disk.
    async fn settle(&mut self, journal: &mut PartialJournal, path: &Path) {
        self.last = Some(Instant::now());
        if self.ranges.is_empty() {
            return;
        }
        let file = self.file.clone();
        let synced = tokio::task::spawn_blocking(move || file.sync_data()).await;
        if matches!(synced, Ok(Ok(()))) {
            journal.done.extend(self.ranges.drain(..));
            // Not fatal: on Windows an indexer or a virus scanner may hold the journal a moment; the download goes
            // on, and only its resume would ask for these ranges again.
            let _ = journal.write(path).await;
        }
    }
}

/// One byte range of a download, written at its offset, retried on its own when its body breaks off.
struct RangeJob {
    client: Client,
    container: String,
    blob: String,
    snapshot: Option<String>,
    etag: String,
    file: Arc<std::fs::File>,
    index: u64,
    start: u64,
    end: u64,
    retries: u32,
    wait: bool,
    cancel: CancellationToken,
    range_checksum: BlockChecksum,
    /// The MD5 the whole range must have, when it is known before asking (a single-range download).
    known_md5: Option<String>,
    progress: Arc<TransferProgress>,
}

/// Writes are gathered to this size before going to disk, so the blocking pool sees few large writes.
const WRITE_BUFFER: usize = 1 << 20;

/// A range's running checksum, of the kind its answer carries.
enum RangeHash {
    Md5(Md5),
    Crc64(Box<Crc64Digest>),
}

impl RangeHash {
    fn update(&mut self, data: &[u8]) {
        match self {
            RangeHash::Md5(h) => h.update(data),
            RangeHash::Crc64(h) => h.update(data),
        }
    }

    fn finish(self) -> String {
        match self {
            RangeHash::Md5(h) => base64::engine::general_purpose::STANDARD.encode(h.finalize()),
            RangeHash::Crc64(h) => crc64_base64(h.finalize()),
        }
    }
}

impl RangeJob {
    async fn run(self) -> Result<(u64, u64)> {
        let mut attempt = 0;
        loop {
            match self.fetch().await {
                Ok(n) => {
                    if self.wait {
                        self.progress.network_back();
                    }
                    return Ok((self.index, n));
                }
                Err((e, counted)) => {
                    self.progress.sub(counted);
                    if self.wait && is_network(&e) {
                        // The network is gone: wait for it as long as the user lets the transfer wait.
                        let short = e.kind == ErrorKind::CircuitOpen;
                        if self
                            .progress
                            .wait_for_network(&e.message, short, &self.cancel)
                            .await
                            .is_err()
                        {
                            return Err(cancelled(&e.operation));
                        }
                        continue;
                    }
                    attempt += 1;
                    let transient = is_network(&e) || e.kind == ErrorKind::Decode;
                    if !transient || attempt > self.retries {
                        return Err(e);
                    }
                }
            }
        }
    }

    /// Fetches the whole range; on failure says how many bytes it had counted as progress.
    async fn fetch(&self) -> std::result::Result<u64, (StorageError, u64)> {
        let op = said!(
            "error-op-download-range",
            start = self.start.to_string(),
            end = self.end.to_string(),
            blob = self.blob.as_str()
        );
        let req = blob_request(Method::GET, &op, &self.container, &self.blob)
            .query_opt("snapshot", self.snapshot.clone())
            .header("x-ms-range", format!("bytes={}-{}", self.start, self.end))
            // Every range from the same version: a change mid-download fails it instead of mixing versions.
            .header("if-match", self.etag.clone());
        let req = match self.range_checksum.range_request_header() {
            Some(name) => req.header(name, "true"),
            None => req,
        };
        let mut resp = self.client.send_streaming(req).await.map_err(|e| (e, 0))?;
        // The checksum the range must have: the blob's own MD5 when the range is the whole blob, else the one
        // the answer carries (when asked for; Azurite sends an MD5 but no CRC64).
        let expected = match &self.known_md5 {
            Some(md5) => Some((md5.clone(), RangeHash::Md5(Md5::new()))),
            None => self.range_checksum.response_header().and_then(|h| {
                let value = resp.header(h)?.to_string();
                let hash = match self.range_checksum {
                    BlockChecksum::Crc64 => RangeHash::Crc64(Box::default()),
                    _ => RangeHash::Md5(Md5::new()),
                };
                Some((value, hash))
            }),
        };
        let (expected, mut hasher) = expected.unzip();
        let mut received = 0u64;
        // What went into the progress: bytes count when written, so a body that breaks off with bytes still
        // in the buffer must take back only these.
        let mut counted = 0u64;
        let mut offset = self.start;
        let mut buffer = BytesMut::with_capacity(WRITE_BUFFER);
        loop {
            let chunk = match resp.chunk().await {
                Ok(Some(chunk)) => {
                    received += chunk.len() as u64;
                    buffer.extend_from_slice(&chunk);
                    true
                }
                Ok(None) => false,
                Err(failure) => return Err((failure.error(failure.kind(), &op), counted)),
            };
            if buffer.len() >= WRITE_BUFFER || (!chunk && !buffer.is_empty()) {
                let data = buffer.split().freeze();
                if let Some(h) = hasher.as_mut() {
                    h.update(&data);
                }
                let n = data.len() as u64;
                write_at(&self.file, offset, data)
                    .await
                    .map_err(|e| (StorageError::io(&op, &e), counted))?;
                offset += n;
                self.progress.add(n);
                counted += n;
            }
            if !chunk {
                break;
            }
        }
        let wanted = self.end - self.start + 1;
        if received != wanted {
            return Err((
                StorageError::decode(
                    &op,
                    said!(
                        "error-download-range-short",
                        received = received.to_string(),
                        wanted = wanted.to_string()
                    ),
                ),
                counted,
            ));
        }
        if let (Some(expected), Some(h)) = (expected, hasher)
            && h.finish() != expected
        {
            return Err((StorageError::decode(&op, said("error-download-checksum")), counted));
        }
        Ok(received)
    }
}

/// A positional write on the blocking pool (ranges write to one file at their own offsets).
async fn write_at(file: &Arc<std::fs::File>, offset: u64, data: Bytes) -> std::io::Result<()> {
    let file = file.clone();
    tokio::task::spawn_blocking(move || {
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileExt;
            file.write_all_at(&data, offset)
        }
        #[cfg(windows)]
        {
            use std::os::windows::fs::FileExt;
            let mut written = 0;
            while written < data.len() {
                written += file.seek_write(&data[written..], offset + written as u64)?;
            }
            Ok(())
        }
    })
    .await
    .map_err(std::io::Error::other)?
}
