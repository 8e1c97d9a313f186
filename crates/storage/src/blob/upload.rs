//! Uploads of files as block blobs: blocks in parallel, each with its CRC64, under ids that name the block's
//! place and content, so an interrupted upload resumes from the blocks the service already holds; one guarded
//! commit.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use base64::Engine;
use bytes::Bytes;
use reqwest::Method;
use tokio::io::AsyncReadExt;
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;

use crate::blob::conditions::Conditions;
use crate::blob::transfer::{MAX_IN_FLIGHT, TransferOptions, block_size_for, cancelled, join_next, patiently};
use crate::blob::{BlobHttpHeaders, blob_request, check_names};
use crate::checksum::{BlockChecksum, Crc64Digest, refuses_crc64};
use crate::error::{ErrorKind, Result, StorageError};
use crate::metadata::apply_metadata;
use crate::pipeline::{Client, Headers};
use crate::progress::TransferProgress;
use crate::words::said;
use crate::xml;

/// A block's id: its index and its content's CRC64, at a fixed width (every id of a blob has one length). A
/// staged block with the same id holds the same bytes at the same place, so a resume need not send it again.
pub fn block_id(index: usize, crc: u64) -> String {
    base64::engine::general_purpose::STANDARD.encode(format!("tessera-{index:06}-{crc:016x}"))
}

/// The id of a block sent with no checksum, whose content was not hashed: its index and dashes where the CRC64
/// stands, the same length as `block_id`'s. No content ever matches it, so a blob uploaded this way is never
/// taken for a file it may not hold.
pub fn unhashed_block_id(index: usize) -> String {
    base64::engine::general_purpose::STANDARD.encode(format!("tessera-{index:06}-{:->16}", ""))
}

/// A staged block: its id and size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StagedBlock {
    pub id: String,
    pub size: u64,
}

/// The block arrived changed (the service's check against its checksum failed): worth sending again. Azure says
/// Md5Mismatch or Crc64Mismatch; Azurite says InvalidOperation, "Provided contentMD5 doesn't match."
fn checksum_mismatch(e: &StorageError) -> bool {
    e.status == Some(400)
        && match e.code.as_deref() {
            Some("Md5Mismatch" | "Crc64Mismatch") => true,
            Some("InvalidOperation") => e
                .message
                .as_text()
                .is_some_and(|m| m.contains("contentMD5 doesn't match")),
            _ => false,
        }
}

impl Client {
    /// Uploads a file as a block blob: one Put Blob when small, else blocks in parallel and one commit.
    /// Conditions (If-Match, If-None-Match `*`, lease) guard the commit; nothing is visible before it. Blocks the
    /// service already holds uncommitted under the same id (an earlier, interrupted try) are not sent again.
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
        progress: &Arc<TransferProgress>,
        cancel: &CancellationToken,
    ) -> Result<String> {
        // However it ends (done, failed, cancelled, dropped), the upload waits for no network any more.
        let _ended = progress.wait_ends_with_this();
        let op = said!("error-op-upload-from", path = path.display().to_string(), blob = blob);
        check_names(&op, container, Some(blob))?;
        apply_metadata(&op, blob_request(Method::PUT, &op, container, blob), metadata)?;
        let mut file = tokio::fs::File::open(path)
            .await
            .map_err(|e| StorageError::io(&op, &e))?;
        let size = file.metadata().await.map_err(|e| StorageError::io(&op, &e))?.len();
        progress.start(size);
        let wait = options.wait_for_network;
        if size <= options.single_put_limit {
            let mut data = Vec::with_capacity(size as usize);
            file.read_to_end(&mut data)
                .await
                .map_err(|e| StorageError::io(&op, &e))?;
            let data = Bytes::from(data);
            // A cancel is seen before the write is sent, never while it is out: a Put Blob cut off may still land,
            // and "cancelled" would then name as not done a blob that is there. Its answer is waited for instead
            // (one request; a wait for the network between attempts still ends on a cancel).
            if cancel.is_cancelled() {
                return Err(cancelled(&op));
            }
            let etag = patiently(progress, cancel, wait && !conditions.is_conditional(), &op, || {
                self.put_blob(container, blob, data.clone(), http, metadata, conditions)
            })
            .await
            .map_err(|e| e.with_operation(&op))?;
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
        let start = async {
            patiently(progress, cancel, wait, &op, || {
                self.precheck_upload(container, blob, conditions)
            })
            .await?;
            // Without a checksum the ids cannot tell a staged block's content, so nothing is taken as staged.
            if options.block_checksum == BlockChecksum::None {
                return Ok(HashMap::new());
            }
            let staged = patiently(progress, cancel, wait, &op, || self.uncommitted_blocks(container, blob)).await?;
            Ok::<_, StorageError>(staged.into_iter().map(|b| (b.id, b.size)).collect())
        };
        let staged: Arc<HashMap<String, u64>> = Arc::new(start.await.map_err(|e| e.with_operation(&op))?);
        // Every block id of a blob has one length: blocks another tool left staged under ids of another length
        // make the service refuse ours (InvalidBlobOrBlock), so say so before sending gigabytes.
        let ours = block_id(0, 0).len();
        if let Some(other) = staged.keys().find(|id| id.len() != ours) {
            return Err(StorageError::invalid(
                &op,
                said!("error-upload-foreign-blocks", id = other.as_str()),
            ));
        }
        // CRC64 until the service refuses it; then MD5 for this block and every later one.
        let md5_instead = Arc::new(AtomicBool::new(false));
        let mut tasks: JoinSet<Result<(usize, String, u64)>> = JoinSet::new();
        let mut ids: Vec<String> = Vec::new();
        let mut index = 0;
        // Without a checksum no CRC64 is computed at all: the ids then name the place alone (`unhashed_block_id`;
        // nothing is resumed).
        let hashed = options.block_checksum != BlockChecksum::None;
        let mut file = file.into_std().await;
        loop {
            // The file goes to the blocking pool for one block and comes back with it.
            let (back, read) = tokio::task::spawn_blocking(move || {
                let read = read_block(&mut file, block_size, hashed);
                (file, read)
            })
            .await
            .map_err(|e| StorageError::new(ErrorKind::Io, &op, e.to_string()))?;
            file = back;
            let (block, crc) = read.map_err(|e| StorageError::io(&op, &e))?;
            if block.is_empty() {
                break;
            }
            while tasks.len() >= parallelism {
                place(&mut ids, progress, join_next(&mut tasks, cancel, &op).await?);
            }
            let job = BlockJob {
                client: self.clone(),
                container: container.to_string(),
                blob: blob.to_string(),
                lease: conditions.lease_id.clone(),
                index,
                crc,
                data: Bytes::from(block),
                checksum: self.resolve_checksum(options.block_checksum),
                md5_instead: md5_instead.clone(),
                staged: staged.clone(),
                retries: options.range_retries,
                wait,
                cancel: cancel.clone(),
            };
            let progress = progress.clone();
            tasks.spawn(async move { job.run(&progress).await });
            index += 1;
        }
        while !tasks.is_empty() {
            place(&mut ids, progress, join_next(&mut tasks, cancel, &op).await?);
        }
        // As for one Put Blob: the commit is not sent after a cancel, and not cut off once sent.
        if cancel.is_cancelled() {
            return Err(cancelled(&op));
        }
        (self
            .put_block_list(container, blob, &ids, http, metadata, conditions)
            .await)
            .map_err(|e| e.with_operation(&op))
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
                    Some(etag) => said!("error-upload-etag-now", etag = etag.as_str()),
                    None => said("error-upload-no-blob-for-if-match"),
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

    /// The blocks staged for a blob and not committed (Get Block List); none when the blob has none.
    pub async fn uncommitted_blocks(&self, container: &str, blob: &str) -> Result<Vec<StagedBlock>> {
        self.block_list(container, blob, "uncommitted", "UncommittedBlocks")
            .await
    }

    /// Whether the blob already holds exactly this file as this app uploads it: the same size, and the same
    /// MD5 (one Put Blob) or the same blocks, whose ids name each block's place and CRC64. What a resume asks
    /// of a file whose upload may have committed just before the app ended.
    pub async fn holds_file(
        &self,
        container: &str,
        blob: &str,
        path: &Path,
        options: &TransferOptions,
    ) -> Result<bool> {
        let op = said!("error-op-compare", blob = blob, path = path.display().to_string());
        let (props, _) = self.get_blob_properties(container, blob, None).await?;
        let data_len = tokio::fs::metadata(path)
            .await
            .map_err(|e| StorageError::io(&op, &e))?
            .len();
        if props.content_length != data_len {
            return Ok(false);
        }
        if data_len <= options.single_put_limit {
            let data = tokio::fs::read(path).await.map_err(|e| StorageError::io(&op, &e))?;
            return Ok(props.http.content_md5.as_deref() == Some(crate::checksum::content_md5(&data).as_str()));
        }
        let block_size = block_size_for(data_len, options.block_size, options.max_blocks)
            .map_err(|why| StorageError::invalid(&op, why))?;
        let committed = self.block_list(container, blob, "committed", "CommittedBlocks").await?;
        let path = path.to_path_buf();
        let ours = tokio::task::spawn_blocking(move || -> std::io::Result<Vec<StagedBlock>> {
            // The blocks as an upload reads and hashes them.
            let mut file = std::fs::File::open(path)?;
            let mut blocks = Vec::new();
            loop {
                let (block, crc) = read_block(&mut file, block_size, true)?;
                if block.is_empty() {
                    return Ok(blocks);
                }
                let id = block_id(blocks.len(), crc.unwrap_or_default());
                blocks.push(StagedBlock {
                    id,
                    size: block.len() as u64,
                });
            }
        })
        .await
        .map_err(|e| StorageError::new(ErrorKind::Io, &op, e.to_string()))?
        .map_err(|e| StorageError::io(&op, &e))?;
        Ok(committed == ours)
    }

    async fn block_list(&self, container: &str, blob: &str, kind: &str, element: &str) -> Result<Vec<StagedBlock>> {
        let op = if kind == "committed" {
            said!("error-op-list-committed-blocks", blob = blob)
        } else {
            said!("error-op-list-uncommitted-blocks", blob = blob)
        };
        check_names(&op, container, Some(blob))?;
        let req = blob_request(Method::GET, &op, container, blob)
            .query("comp", "blocklist")
            .query("blocklisttype", kind);
        let resp = match self.send(req).await {
            Ok(resp) => resp,
            Err(e) if e.is_not_found() => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        let root = xml::parse(&resp.body).map_err(|e| StorageError::decode(&op, e))?;
        let Some(list) = root.child(element) else {
            return Ok(Vec::new());
        };
        Ok(list
            .children_named("Block")
            .filter_map(|b| {
                Some(StagedBlock {
                    id: b.string("Name")?,
                    size: b.text_of("Size")?.trim().parse().ok()?,
                })
            })
            .collect())
    }

    /// Stages one block (not visible until committed). Safe to repeat: same id, same bytes. `checksum` is the
    /// header that lets the service refuse the block if it changed on the way (see `BlockChecksum::header`).
    pub async fn put_block(
        &self,
        container: &str,
        blob: &str,
        block_id: &str,
        data: Bytes,
        checksum: Option<(&'static str, String)>,
        lease_id: Option<&str>,
    ) -> Result<()> {
        let op = said!("error-op-upload-block", blob = blob);
        let (name, value) = checksum.unzip();
        let mut req = blob_request(Method::PUT, &op, container, blob)
            .query("comp", "block")
            .query("blockid", block_id)
            .header_opt("x-ms-lease-id", lease_id)
            .body(data)
            .idempotent(true);
        if let (Some(name), Some(value)) = (name, value) {
            req = req.header(name, value);
        }
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
        let op = said!("error-op-commit-blocks", blob = blob);
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
            .ok_or_else(|| StorageError::decode(&op, said("error-decode-no-etag")))
    }
}

/// Reads the next block of at most `size` bytes (empty at the end of the file) and, when `hashed`, its CRC64.
/// Runs on the blocking pool. The CRC is taken piece by piece right after each read, while the piece is still in
/// the core's cache, so the checksum costs no second trip through memory.
fn read_block(file: &mut std::fs::File, size: usize, hashed: bool) -> std::io::Result<(Vec<u8>, Option<u64>)> {
    use std::io::Read;
    // Small enough to stay in a core's L2 cache between the read and the hash.
    const PIECE: u64 = 256 << 10;
    // `read_to_end` reads into the spare capacity as it is, with no pass to zero it first.
    let mut block = Vec::with_capacity(size);
    let mut digest = hashed.then(Crc64Digest::default);
    while block.len() < size {
        let start = block.len();
        let want = PIECE.min((size - start) as u64);
        if Read::by_ref(file).take(want).read_to_end(&mut block)? == 0 {
            break;
        }
        if let Some(d) = digest.as_mut() {
            d.update(&block[start..]);
        }
    }
    Ok((block, digest.map(|d| d.finalize())))
}

/// Puts a finished block's id in its place (blocks finish out of order) and counts the bytes it sent.
fn place(ids: &mut Vec<String>, progress: &TransferProgress, (index, id, sent): (usize, String, u64)) {
    if ids.len() <= index {
        ids.resize(index + 1, String::new());
    }
    ids[index] = id;
    progress.add(sent);
}

/// One block of an upload: hashed, skipped when already staged, else sent (again after a changed-on-the-way
/// refusal, and for as long as the network is gone when the user lets it wait).
struct BlockJob {
    client: Client,
    container: String,
    blob: String,
    lease: Option<String>,
    index: usize,
    /// The block's CRC64, computed as it was read (None when the upload sends no checksum).
    crc: Option<u64>,
    data: Bytes,
    checksum: BlockChecksum,
    md5_instead: Arc<AtomicBool>,
    staged: Arc<HashMap<String, u64>>,
    retries: u32,
    wait: bool,
    cancel: CancellationToken,
}

impl BlockJob {
    async fn run(self, progress: &TransferProgress) -> Result<(usize, String, u64)> {
        let len = self.data.len() as u64;
        let op = said!(
            "error-op-upload-block-number",
            index = self.index.to_string(),
            blob = self.blob.as_str()
        );
        let crc = self.crc;
        let id = match crc {
            Some(crc) => block_id(self.index, crc),
            None => unhashed_block_id(self.index),
        };
        if self.staged.get(&id) == Some(&len) {
            progress.add_resumed(len);
            return Ok((self.index, id, 0));
        }
        let mut mismatches = 0;
        loop {
            let kind = match self.checksum {
                BlockChecksum::Crc64 if self.md5_instead.load(Ordering::Relaxed) => BlockChecksum::Md5,
                kind => kind,
            };
            let header = match kind {
                // The CRC64 is known already (a block is hashed whenever a checksum is asked for); MD5 is
                // computed only when it is the one sent.
                BlockChecksum::Crc64 => {
                    crc.map(|crc| (crate::checksum::CRC64_HEADER, crate::checksum::crc64_base64(crc)))
                }
                BlockChecksum::Md5 | BlockChecksum::Auto => {
                    let data = self.data.clone();
                    tokio::task::spawn_blocking(move || BlockChecksum::Md5.header(&data))
                        .await
                        .map_err(|e| StorageError::new(ErrorKind::Io, &op, e.to_string()))?
                }
                BlockChecksum::None => None,
            };
            let put = patiently(progress, &self.cancel, self.wait, &op, || {
                self.client.put_block(
                    &self.container,
                    &self.blob,
                    &id,
                    self.data.clone(),
                    header.clone(),
                    self.lease.as_deref(),
                )
            });
            match put.await {
                Ok(()) => return Ok((self.index, id, len)),
                Err(e) if kind == BlockChecksum::Crc64 && refuses_crc64(&e) => {
                    self.client.remember_crc64_refused();
                    self.md5_instead.store(true, Ordering::Relaxed);
                }
                Err(e) if checksum_mismatch(&e) && mismatches < self.retries => mismatches += 1,
                Err(e) => return Err(e),
            }
        }
    }
}
