//! A local file appended to an append blob or written into a page blob's pages: checked whole before the first
//! write, then read and sent in blocks of at most 4 MiB (never the whole file in memory), each block where the one
//! before ended, with progress and cancel. A failure or a cancel part-way says how many bytes went in.

use std::path::Path;
use std::sync::Arc;

use bytes::BytesMut;
use tokio::io::AsyncReadExt;
use tokio_util::sync::CancellationToken;

use crate::blob::append_page::{AppendConditions, MAX_APPEND, PAGE};
use crate::blob::{Conditions, check_names};
use crate::error::{ErrorKind, Result, StorageError};
use crate::pipeline::Client;
use crate::progress::TransferProgress;
use crate::words::{Said, said};

/// What a file write did: the bytes that went in, where the first block landed, and (for an append) how many
/// blocks the blob holds now.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileWritten {
    pub bytes: u64,
    pub first_offset: Option<u64>,
    pub blocks: u64,
    pub etag: String,
}

/// A file opened for reading in blocks, and its length.
struct Blocks {
    file: tokio::fs::File,
    len: u64,
    read: u64,
}

impl Blocks {
    async fn open(op: &Said, path: &Path) -> Result<Blocks> {
        let file = tokio::fs::File::open(path)
            .await
            .map_err(|e| StorageError::io(op, &e))?;
        let len = file.metadata().await.map_err(|e| StorageError::io(op, &e))?.len();
        Ok(Blocks { file, len, read: 0 })
    }

    /// The next block of at most `MAX_APPEND` bytes (None at the end). A file that shrank while read is said.
    async fn next(&mut self, op: &Said) -> Result<Option<bytes::Bytes>> {
        let want = (self.len - self.read).min(MAX_APPEND as u64) as usize;
        if want == 0 {
            return Ok(None);
        }
        let mut buf = BytesMut::zeroed(want);
        self.file
            .read_exact(&mut buf)
            .await
            .map_err(|e| StorageError::invalid(op, said!("error-file-changed-while-sent", error = e.to_string())))?;
        self.read += want as u64;
        Ok(Some(buf.freeze()))
    }
}

/// The error of a write that stopped part-way, saying what went in before it.
fn part_way(mut e: StorageError, done: &FileWritten, total: u64, verb: &str) -> StorageError {
    let appended = verb == "appended";
    let total = total.to_string();
    let went = match done.first_offset {
        Some(first) if done.bytes > 0 => {
            let (done, first, last) = (
                done.bytes.to_string(),
                first.to_string(),
                (first + done.bytes - 1).to_string(),
            );
            if appended {
                said!(
                    "error-part-way-appended",
                    done = done,
                    total = total,
                    first = first,
                    last = last
                )
            } else {
                said!(
                    "error-part-way-written",
                    done = done,
                    total = total,
                    first = first,
                    last = last
                )
            }
        }
        _ if appended => said!("error-nothing-appended", total = total),
        _ => said!("error-nothing-written", total = total),
    };
    e.message = if e.kind == ErrorKind::Cancelled {
        Said::Parts(vec![said("error-cancelled"), Said::text(". "), went])
    } else {
        Said::Parts(vec![went, Said::text(" "), e.message.clone()])
    };
    e
}

impl Client {
    /// Appends a file to an append blob, block after block. `at`: the length the user saw, which the first block
    /// must start at (refused with 412 if someone appended since); each later block is pinned to where the one
    /// before ended, so nothing of another writer's lands between them unseen. `max_size`: refuse to grow the
    /// blob past it (checked here first when `at` is known, and by the service at each block).
    #[allow(clippy::too_many_arguments)]
    pub async fn append_file(
        &self,
        container: &str,
        blob: &str,
        path: &Path,
        (at, max_size): (Option<u64>, Option<u64>),
        conditions: &Conditions,
        progress: &Arc<TransferProgress>,
        cancel: &CancellationToken,
    ) -> Result<FileWritten> {
        let op = said!("error-op-append-file", file = path.display().to_string(), blob = blob);
        check_names(&op, container, Some(blob))?;
        let mut blocks = Blocks::open(&op, path).await?;
        let total = blocks.len;
        if total == 0 {
            return Err(StorageError::invalid(&op, said("error-file-empty-append")));
        }
        if let (Some(at), Some(max)) = (at, max_size)
            && at + total > max
        {
            return Err(StorageError::invalid(
                &op,
                said!(
                    "error-append-past-max",
                    size = (at + total).to_string(),
                    max = max.to_string()
                ),
            ));
        }
        progress.start(total);
        let (mut done, mut position) = (FileWritten::default(), at);
        let stopped = |e, done: &FileWritten| part_way(e, done, total, "appended");
        while let Some(data) = blocks.next(&op).await.map_err(|e| stopped(e, &done))? {
            if cancel.is_cancelled() {
                return Err(stopped(StorageError::cancelled(&op), &done));
            }
            let n = data.len() as u64;
            let append = AppendConditions { position, max_size };
            let block = self.append_block(container, blob, data, conditions, append).await;
            let block = block.map_err(|e| stopped(e, &done))?;
            done.first_offset = done.first_offset.or(Some(block.offset));
            done.bytes += n;
            (done.blocks, done.etag) = (block.blocks, block.etag);
            position = position.map(|_| block.offset + n);
            progress.add(n);
        }
        Ok(done)
    }

    /// Appends a text to an append blob in blocks of at most `MAX_APPEND` bytes, each cut where a character ends
    /// and pinned as `append_file` pins them. Stopped part-way, the error says how much went in, and what went in
    /// comes with it: the text from that many bytes on is exactly what did not (still whole characters).
    pub async fn append_text(
        &self,
        container: &str,
        blob: &str,
        text: &str,
        (at, max_size): (Option<u64>, Option<u64>),
        conditions: &Conditions,
    ) -> std::result::Result<FileWritten, (StorageError, FileWritten)> {
        let total = text.len() as u64;
        let (mut done, mut position, mut rest) = (FileWritten::default(), at, text);
        while !rest.is_empty() {
            let mut end = rest.len().min(MAX_APPEND);
            while !rest.is_char_boundary(end) {
                end -= 1;
            }
            let (block, after) = rest.split_at(end);
            let data = bytes::Bytes::copy_from_slice(block.as_bytes());
            let append = AppendConditions { position, max_size };
            let appended = match self.append_block(container, blob, data, conditions, append).await {
                Ok(a) => a,
                Err(e) => return Err((part_way(e, &done, total, "appended"), done)),
            };
            done.first_offset = done.first_offset.or(Some(appended.offset));
            done.bytes += end as u64;
            (done.blocks, done.etag) = (appended.blocks, appended.etag);
            position = position.map(|_| appended.offset + end as u64);
            rest = after;
        }
        Ok(done)
    }

    /// Writes a file into a page blob's pages from `offset`, 4 MiB at a time. The whole file is checked first (a
    /// length of whole 512-byte pages, an aligned offset, and room within the blob's size as the service says it
    /// now), so a file that cannot go in whole writes nothing. With an If-Match in `conditions`, the first chunk
    /// is written only to that version and each next one only to the version the one before made, so another
    /// writer's pages landing between two chunks stop the write (said with what went in).
    #[allow(clippy::too_many_arguments)]
    pub async fn write_file_pages(
        &self,
        container: &str,
        blob: &str,
        path: &Path,
        offset: u64,
        conditions: &Conditions,
        progress: &Arc<TransferProgress>,
        cancel: &CancellationToken,
    ) -> Result<FileWritten> {
        let op = said!(
            "error-op-write-pages-file",
            file = path.display().to_string(),
            blob = blob
        );
        check_names(&op, container, Some(blob))?;
        let mut blocks = Blocks::open(&op, path).await?;
        let total = blocks.len;
        let (props, _) = self.get_blob_properties(container, blob, None).await?;
        if let Err(why) = pages_fit(total, offset, props.content_length) {
            return Err(StorageError::invalid(&op, why));
        }
        progress.start(total);
        let (mut done, mut at, mut conditions) = (FileWritten::default(), offset, conditions.clone());
        let stopped = |e, done: &FileWritten| part_way(e, done, total, "written");
        while let Some(data) = blocks.next(&op).await.map_err(|e| stopped(e, &done))? {
            if cancel.is_cancelled() {
                return Err(stopped(StorageError::cancelled(&op), &done));
            }
            let n = data.len() as u64;
            let etag = self.put_pages(container, blob, at, data, &conditions).await;
            done.etag = etag.map_err(|e| stopped(e, &done))?;
            if conditions.if_match.is_some() {
                conditions.if_match = Some(done.etag.clone());
            }
            done.first_offset = done.first_offset.or(Some(at));
            done.bytes += n;
            at += n;
            progress.add(n);
        }
        Ok(done)
    }
}

/// Why `len` bytes cannot be written as pages at `offset` of a page blob of `size` bytes, in words.
pub fn pages_fit(len: u64, offset: u64, size: u64) -> std::result::Result<(), Said> {
    if len == 0 {
        return Err(said("error-file-empty-pages"));
    }
    if !len.is_multiple_of(PAGE) {
        return Err(said!(
            "error-pages-file-length",
            length = len.to_string(),
            cut = (len / PAGE * PAGE).to_string()
        ));
    }
    if !offset.is_multiple_of(PAGE) {
        return Err(said!("error-pages-offset", offset = offset.to_string()));
    }
    if offset + len > size {
        return Err(said!(
            "error-pages-past-end",
            length = len.to_string(),
            offset = offset.to_string(),
            size = size.to_string(),
            over = (offset + len - size).to_string()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_that_do_not_fit_whole_are_refused_before_any_write() {
        assert!(pages_fit(1024, 512, 2048).is_ok());
        assert!(pages_fit(1024, 1024, 2048).is_ok());
        assert_eq!(
            pages_fit(700, 0, 4096),
            Err(said!("error-pages-file-length", length = "700", cut = "512"))
        );
        assert_eq!(
            pages_fit(1024, 100, 4096),
            Err(said!("error-pages-offset", offset = "100"))
        );
        assert_eq!(
            pages_fit(4096, 512, 4096),
            Err(said!(
                "error-pages-past-end",
                length = "4096",
                offset = "512",
                size = "4096",
                over = "512"
            ))
        );
        assert_eq!(pages_fit(0, 0, 4096), Err(said("error-file-empty-pages")));
    }
}
