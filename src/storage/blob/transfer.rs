//! Streamed transfers between files and block blobs: parallel blocks up, parallel ranges down, progress,
//! cancel, nothing half-written, and a failed block or range retried on its own.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use base64::Engine;
use bytes::{Bytes, BytesMut};
use md5::{Digest, Md5};
use reqwest::Method;
use tokio::io::AsyncReadExt;
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;

use crate::storage::blob::conditions::Conditions;
use crate::storage::blob::{BlobHttpHeaders, blob_request, check_names, content_md5};
use crate::storage::error::{ErrorKind, Result, StorageError};
use crate::storage::metadata::apply_metadata;
use crate::storage::pipeline::{Client, Headers};
use crate::storage::progress::TransferProgress;
use crate::storage::xml;

/// How transfers cut their work.
#[derive(Clone, Debug)]
pub struct TransferOptions {
    /// Upload block size (the service takes up to 4,000 MiB; 8 MiB keeps memory low and retries cheap).
    pub block_size: usize,
    /// Files up to this size go up in one Put Blob.
    pub single_put_limit: u64,
    /// Download range size.
    pub range_size: u64,
    /// Ask the service for each range's MD5 and check it. The service computes one only for ranges of at
    /// most 4 MiB, and Azurite reads each such range twice to do it, which halves download speed; off by
    /// default. Every range is pinned to the blob's ETag and checked for its exact length either way, and
    /// a blob fetched in one range is checked against its stored Content-MD5.
    pub verify_range_md5: bool,
    /// Send each block's MD5, so the service refuses a block changed on the way. On by default; the benchmark
    /// turns it off to measure what it costs (the SDKs send none unless asked).
    pub block_md5: bool,
    /// Blocks or ranges in flight at once.
    pub parallelism: usize,
    /// Extra attempts for one range whose body broke off (the pipeline already retried the request).
    pub range_retries: u32,
    /// The most blocks a blob may have (the service's limit is 50,000); a larger file gets larger blocks.
    pub max_blocks: u64,
}

impl Default for TransferOptions {
    fn default() -> Self {
        TransferOptions {
            block_size: 8 * 1024 * 1024,
            single_put_limit: 8 * 1024 * 1024,
            range_size: 16 * 1024 * 1024,
            verify_range_md5: false,
            block_md5: true,
            parallelism: 4,
            range_retries: 3,
            max_blocks: MAX_BLOCKS,
        }
    }
}

/// The service's limits on a block blob: 50,000 blocks of at most 4,000 MiB.
pub const MAX_BLOCKS: u64 = 50_000;
pub const MAX_BLOCK_SIZE: u64 = 4000 * 1024 * 1024;

/// Blocks in flight stay under this many bytes together, however large the blocks must be.
const MAX_IN_FLIGHT: u64 = 256 * 1024 * 1024;

/// The block size for a file: the preferred size, or the smallest whole number of MiB that keeps the file
/// within `max_blocks`; an error (before anything is sent) when even 4,000 MiB blocks would not.
pub fn block_size_for(size: u64, preferred: usize, max_blocks: u64) -> std::result::Result<usize, String> {
    const MIB: u64 = 1024 * 1024;
    let needed = size.div_ceil(max_blocks.max(1));
    let block = (preferred as u64).max(needed.div_ceil(MIB) * MIB);
    if block > MAX_BLOCK_SIZE {
        return Err(format!(
            "The file is {size} bytes; a block blob holds at most {max_blocks} blocks of 4,000 MiB."
        ));
    }
    Ok(block as usize)
}

/// A finished download.
#[derive(Clone, Debug)]
pub struct DownloadOutcome {
    pub bytes: u64,
    pub etag: String,
}

/// Deletes the partial file unless the download finished and renamed it.
struct PartialFile {
    path: PathBuf,
    keep: bool,
}

impl Drop for PartialFile {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

fn block_id(index: usize) -> String {
    // Every id of a blob must have the same length, hence the fixed width.
    base64::engine::general_purpose::STANDARD.encode(format!("tessera-block-{index:08}"))
}

fn cancelled(op: &str) -> StorageError {
    StorageError::cancelled(op)
}

impl Client {
    /// Uploads a file as a block blob: one Put Blob when small, else blocks in parallel and one commit.
    /// Conditions (If-Match, If-None-Match `*`, lease) guard the commit; nothing is visible before it.
    #[allow(clippy::too_many_arguments)]
    pub async fn upload_file(
        &self,
        container: &str,
        blob: &str,
        path: &Path,
        http: &BlobHttpHeaders,
        metadata: &[(String, String)],
        conditions: &Conditions,
        options: &TransferOptions,
        progress: &TransferProgress,
        cancel: &CancellationToken,
    ) -> Result<String> {
        let op = format!("Upload `{}` to `{blob}`", path.display());
        check_names(&op, container, Some(blob))?;
        apply_metadata(&op, blob_request(Method::PUT, &op, container, blob), metadata)?;
        let mut file = tokio::fs::File::open(path)
            .await
            .map_err(|e| StorageError::io(&op, &e))?;
        let size = file.metadata().await.map_err(|e| StorageError::io(&op, &e))?.len();
        progress.start(size);
        if size <= options.single_put_limit {
            let mut data = Vec::with_capacity(size as usize);
            file.read_to_end(&mut data)
                .await
                .map_err(|e| StorageError::io(&op, &e))?;
            let put = self.put_blob(container, blob, data.into(), http, metadata, conditions);
            let etag = tokio::select! {
                r = put => r.map_err(|e| e.with_operation(&op))?,
                _ = cancel.cancelled() => return Err(cancelled(&op)),
            };
            progress.add(size);
            return Ok(etag);
        }
        let block_size = block_size_for(size, options.block_size, options.max_blocks)
            .map_err(|why| StorageError::invalid(&op, why))?;
        // Larger blocks, fewer at once: memory stays bounded.
        let parallelism = options
            .parallelism
            .min((MAX_IN_FLIGHT / block_size as u64).max(1) as usize)
            .max(1);
        // A doomed condition is found out before gigabytes go up; the commit checks it again.
        self.precheck_upload(container, blob, conditions)
            .await
            .map_err(|e| e.with_operation(&op))?;
        let mut tasks: JoinSet<Result<u64>> = JoinSet::new();
        let mut ids = Vec::new();
        loop {
            let mut block = BytesMut::with_capacity(block_size);
            while block.len() < block_size {
                if file.read_buf(&mut block).await.map_err(|e| StorageError::io(&op, &e))? == 0 {
                    break;
                }
            }
            if block.is_empty() {
                break;
            }
            while tasks.len() >= parallelism {
                progress.add(join_next(&mut tasks, cancel, &op).await?);
            }
            let id = block_id(ids.len());
            ids.push(id.clone());
            let client = self.clone();
            let (c, b, lease) = (container.to_string(), blob.to_string(), conditions.lease_id.clone());
            let data = block.freeze();
            let hash = options.block_md5;
            tasks.spawn(async move {
                let len = data.len() as u64;
                // Hashing 8 MiB takes ~10 ms: done on the blocking pool so the async workers keep moving bytes.
                let (data, md5) = tokio::task::spawn_blocking(move || {
                    let md5 = hash.then(|| content_md5(&data));
                    (data, md5)
                })
                .await
                .map_err(|e| StorageError::new(ErrorKind::Io, "Hash a block", e.to_string()))?;
                client
                    .put_block(&c, &b, &id, data, md5.as_deref(), lease.as_deref())
                    .await
                    .map(|_| len)
            });
        }
        while !tasks.is_empty() {
            progress.add(join_next(&mut tasks, cancel, &op).await?);
        }
        tokio::select! {
            r = self.put_block_list(container, blob, &ids, http, metadata, conditions) => r.map_err(|e| e.with_operation(&op)),
            _ = cancel.cancelled() => Err(cancelled(&op)),
        }
    }

    /// Fails early when an upload's condition already fails (If-Match a changed ETag, create-only over a blob).
    async fn precheck_upload(&self, container: &str, blob: &str, conditions: &Conditions) -> Result<()> {
        if conditions.if_match.is_none() && conditions.if_none_match.is_none() {
            return Ok(());
        }
        let current = match self.get_blob_properties(container, blob, None).await {
            Ok((p, _)) => Some(p.etag),
            Err(e) if e.is_not_found() => None,
            Err(e) => return Err(e),
        };
        let refused = match (&conditions.if_match, &conditions.if_none_match, &current) {
            (Some(want), _, Some(have)) => want != "*" && want != have,
            (Some(_), _, None) => true,
            (None, Some(_), Some(_)) => true,
            _ => false,
        };
        if refused {
            let mut e = StorageError::new(
                ErrorKind::Service,
                "Upload",
                match &current {
                    Some(etag) => format!("The blob's ETag is now {etag}, so the upload's condition fails."),
                    None => "The blob does not exist, so If-Match cannot hold.".to_string(),
                },
            );
            e.status = Some(if current.is_some() { 412 } else { 404 });
            e.code = Some(
                if current.is_some() {
                    "ConditionNotMet"
                } else {
                    "BlobNotFound"
                }
                .into(),
            );
            e.current_etag = current;
            return Err(e);
        }
        Ok(())
    }

    /// Stages one block (not visible until committed). Safe to repeat: same id, same bytes.
    /// `md5` is the block's base64 MD5 (see `content_md5`); the service refuses the block if it differs.
    /// None sends the block unhashed.
    pub async fn put_block(
        &self,
        container: &str,
        blob: &str,
        block_id: &str,
        data: Bytes,
        md5: Option<&str>,
        lease_id: Option<&str>,
    ) -> Result<()> {
        let op = format!("Upload a block of `{blob}`");
        let req = blob_request(Method::PUT, &op, container, blob)
            .query("comp", "block")
            .query("blockid", block_id)
            .header_opt("content-md5", md5)
            .header_opt("x-ms-lease-id", lease_id)
            .body(data)
            .idempotent(true);
        self.send(req).await.map(drop)
    }

    /// Commits staged blocks, in order, as the blob's content. Returns the new ETag.
    pub async fn put_block_list(
        &self,
        container: &str,
        blob: &str,
        block_ids: &[String],
        http: &BlobHttpHeaders,
        metadata: &[(String, String)],
        conditions: &Conditions,
    ) -> Result<String> {
        let op = format!("Commit the blocks of `{blob}`");
        let mut body = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?><BlockList>");
        for id in block_ids {
            body.push_str(&format!("<Latest>{}</Latest>", xml::escape(id)));
        }
        body.push_str("</BlockList>");
        let req = blob_request(Method::PUT, &op, container, blob)
            .query("comp", "blocklist")
            .header("content-type", "application/xml")
            .body(body);
        let req = http.apply_as_blob_headers(req);
        let req = conditions
            .apply(apply_metadata(&op, req, metadata)?)
            .idempotent(!conditions.is_conditional());
        let resp = self.send(req).await?;
        resp.etag()
            .ok_or_else(|| StorageError::decode(&op, "The service did not return the new ETag."))
    }

    /// Downloads a blob to a file: parallel ranges into a partial file next to it, every range pinned to
    /// one ETag and checked for its length (and MD5 where one is available); renamed into place only when
    /// complete.
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
        let op = format!("Download `{blob}` to `{}`", dest.display());
        check_names(&op, container, Some(blob))?;
        let (props, _) = self
            .get_blob_properties(container, blob, snapshot)
            .await
            .map_err(|e| e.with_operation(&op))?;
        if !props.size_known {
            // Without a size nothing could be checked: an empty file must not pass for the blob.
            return Err(StorageError::decode(
                &op,
                "The answer about the blob did not say its size (no Content-Length; a proxy on the way may drop \
                 it), so the download could not be checked. Nothing was saved.",
            ));
        }
        let size = props.content_length;
        progress.start(size);
        let file_name = dest
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "download".into());
        let partial = PartialFile {
            path: dest.with_file_name(format!(".{file_name}.{}.partial", uuid::Uuid::new_v4().simple())),
            keep: false,
        };
        let file = tokio::fs::File::create(&partial.path)
            .await
            .map_err(|e| StorageError::io(&op, &e))?;
        file.set_len(size).await.map_err(|e| StorageError::io(&op, &e))?;
        let file = Arc::new(file.into_std().await);
        let range_size = options.range_size.max(1);
        // The service returns a range's MD5 only for ranges of at most 4 MiB.
        let verify_md5 = options.verify_range_md5 && range_size <= 4 * 1024 * 1024;
        let mut tasks: JoinSet<Result<u64>> = JoinSet::new();
        let mut written = 0;
        let mut start = 0;
        while start < size {
            let end = (start + range_size).min(size) - 1;
            while tasks.len() >= options.parallelism {
                written += join_next(&mut tasks, cancel, &op).await?;
            }
            let range = RangeJob {
                client: self.clone(),
                container: container.to_string(),
                blob: blob.to_string(),
                snapshot: snapshot.map(str::to_string),
                etag: props.etag.clone(),
                file: file.clone(),
                start,
                end,
                retries: options.range_retries,
                verify_md5,
                known_md5: props.http.content_md5.clone().filter(|_| start == 0 && end + 1 == size),
                progress: progress.clone(),
            };
            tasks.spawn(range.run());
            start = end + 1;
        }
        while !tasks.is_empty() {
            written += join_next(&mut tasks, cancel, &op).await?;
        }
        if written != size {
            return Err(StorageError::decode(
                &op,
                format!("Received {written} of {size} bytes; nothing was saved."),
            ));
        }
        drop(file);
        tokio::fs::rename(&partial.path, dest)
            .await
            .map_err(|e| StorageError::io(&op, &e))?;
        let mut partial = partial;
        partial.keep = true;
        Ok(DownloadOutcome {
            bytes: size,
            etag: props.etag,
        })
    }
}

/// Waits for one task; a failure or a cancel stops the transfer (dropping the set aborts the rest).
async fn join_next(tasks: &mut JoinSet<Result<u64>>, cancel: &CancellationToken, op: &str) -> Result<u64> {
    tokio::select! {
        joined = tasks.join_next() => match joined {
            Some(Ok(Ok(n))) => Ok(n),
            Some(Ok(Err(e))) => Err(e.with_operation(op)),
            Some(Err(e)) => Err(StorageError::new(ErrorKind::Io, op, format!("a transfer task stopped: {e}"))),
            None => Ok(0),
        },
        _ = cancel.cancelled() => Err(cancelled(op)),
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
    start: u64,
    end: u64,
    retries: u32,
    verify_md5: bool,
    /// The MD5 the whole range must have, when it is known before asking (a single-range download).
    known_md5: Option<String>,
    progress: Arc<TransferProgress>,
}

/// Writes are gathered to this size before going to disk, so the blocking pool sees few large writes.
const WRITE_BUFFER: usize = 1 << 20;

impl RangeJob {
    async fn run(self) -> Result<u64> {
        let mut attempt = 0;
        loop {
            attempt += 1;
            match self.fetch().await {
                Ok(n) => return Ok(n),
                Err((e, counted)) => {
                    self.progress.sub(counted);
                    let transient = matches!(e.kind, ErrorKind::Connection | ErrorKind::Timeout | ErrorKind::Decode);
                    if !transient || attempt > self.retries {
                        return Err(e);
                    }
                }
            }
        }
    }

    /// Fetches the whole range; on failure says how many bytes it had counted as progress.
    async fn fetch(&self) -> std::result::Result<u64, (StorageError, u64)> {
        let op = format!("Download bytes {}-{} of `{}`", self.start, self.end, self.blob);
        let req = blob_request(Method::GET, &op, &self.container, &self.blob)
            .query_opt("snapshot", self.snapshot.clone())
            .header("x-ms-range", format!("bytes={}-{}", self.start, self.end))
            .header_opt("x-ms-range-get-content-md5", self.verify_md5.then_some("true"))
            // Every range from the same version: a change mid-download fails it instead of mixing versions.
            .header("if-match", self.etag.clone());
        let mut resp = self.client.send_streaming(req).await.map_err(|e| (e, 0))?;
        let expected_md5 = match &self.known_md5 {
            Some(md5) => Some(md5.clone()),
            None => resp
                .header("content-md5")
                .map(str::to_string)
                .filter(|_| self.verify_md5),
        };
        let mut hasher = expected_md5.as_ref().map(|_| Md5::new());
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
                Err(failure) => {
                    let kind = if failure.timeout {
                        ErrorKind::Timeout
                    } else {
                        ErrorKind::Connection
                    };
                    return Err((StorageError::new(kind, &op, failure.summary), counted));
                }
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
                StorageError::decode(&op, format!("the range ended after {received} of {wanted} bytes")),
                counted,
            ));
        }
        if let (Some(md5), Some(h)) = (expected_md5, hasher) {
            let actual = base64::engine::general_purpose::STANDARD.encode(h.finalize());
            if actual != md5 {
                return Err((
                    StorageError::decode(&op, "the content's MD5 does not match the blob's"),
                    counted,
                ));
            }
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
