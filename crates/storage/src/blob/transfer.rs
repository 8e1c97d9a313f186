//! What uploads (`upload`) and downloads (`download`) share: how they cut their work, the block size for a file,
//! waiting for one task, waiting out a lost network, and opening a download's own files never through a link.

use std::future::Future;

use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;

use crate::checksum::BlockChecksum;
use crate::error::{ErrorKind, Result, StorageError};
use crate::progress::TransferProgress;
use crate::words::{Said, said};

/// How transfers cut their work.
#[derive(Clone, Debug)]
pub struct TransferOptions {
    /// Upload block size (the service takes up to 4,000 MiB; 8 MiB keeps memory low and retries cheap).
    pub block_size: usize,
    /// Files up to this size go up in one Put Blob.
    pub single_put_limit: u64,
    /// Download range size: the smallest; a large blob's ranges grow up to `MAX_RANGE` (`range_size_for`).
    pub range_size: u64,
    /// Ask the service for each range's checksum (CRC64 or MD5) and check it where the answer carries one. The
    /// service computes one only for ranges of at most 4 MiB, and Azurite reads each such range twice for an
    /// MD5 (it sends no CRC64), which halves download speed; off by default. Every range is pinned to the
    /// blob's ETag and checked for its exact length either way, and a blob fetched in one range is checked
    /// against its stored Content-MD5.
    pub range_checksum: BlockChecksum,
    /// The checksum each block carries, so the service refuses a block changed on the way: CRC64 (MD5 on the
    /// emulator, which checks only that, and where a service refuses CRC64). The benchmark's baseline sends none
    /// (the SDKs send none unless asked).
    pub block_checksum: BlockChecksum,
    /// A block or range whose connection fails waits for the network and tries again, for as long as the user
    /// lets it (Cancel), rather than failing the transfer.
    pub wait_for_network: bool,
    /// A download that fails keeps its partial file and the journal of its ranges for a later try (the app's
    /// journaled downloads); off, a failed download leaves nothing behind (a crash still does).
    pub keep_partial: bool,
    /// A download replaces a file already at its destination when it finishes (on by default, as a rename does).
    /// Off, a file that is there then (one that appeared while the download ran) is kept, and the download is
    /// saved beside it (the outcome says where): the app's downloads are off unless the user chose Replace.
    pub replace_existing: bool,
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
            range_checksum: BlockChecksum::None,
            block_checksum: BlockChecksum::Auto,
            wait_for_network: true,
            keep_partial: false,
            replace_existing: true,
            parallelism: 4,
            range_retries: 3,
            max_blocks: MAX_BLOCKS,
        }
    }
}

/// A download's ranges grow up to this size for a large blob.
pub const MAX_RANGE: u64 = 64 * 1024 * 1024;

/// The range size for downloading a blob of `size`: `options.range_size`, grown (up to `MAX_RANGE`) so that each
/// of the parallel streams still has about four ranges. Each range costs a request (the service finds the blob and
/// its blocks again; a round trip away, the client waits for its first byte), so a large blob goes in fewer, larger
/// ranges, and a small one keeps as many streams as before. A range whose checksum is asked for stays as given: the
/// service computes one only for ranges of at most 4 MiB. The same for every try, so a resume's journal matches.
pub fn range_size_for(size: u64, options: &TransferOptions) -> u64 {
    let floor = options.range_size.max(1);
    if options.range_checksum != BlockChecksum::None {
        return floor;
    }
    // Whole MiB, rounded up, so the ranges do not leave a sliver at the end.
    const MIB: u64 = 1024 * 1024;
    let share = size.div_ceil(options.parallelism.max(1) as u64 * 4).div_ceil(MIB) * MIB;
    share.min(MAX_RANGE).max(floor)
}

/// The service's limits on a block blob: 50,000 blocks of at most 4,000 MiB.
pub const MAX_BLOCKS: u64 = 50_000;
pub const MAX_BLOCK_SIZE: u64 = 4000 * 1024 * 1024;

/// Blocks in flight stay under this many bytes together, however large the blocks must be.
pub(crate) const MAX_IN_FLIGHT: u64 = 256 * 1024 * 1024;

/// The block size for a file: the preferred size, or the smallest whole number of MiB that keeps the file
/// within `max_blocks`; an error (before anything is sent) when even 4,000 MiB blocks would not.
pub fn block_size_for(size: u64, preferred: usize, max_blocks: u64) -> std::result::Result<usize, Said> {
    const MIB: u64 = 1024 * 1024;
    let needed = size.div_ceil(max_blocks.max(1));
    let block = (preferred as u64).max(needed.div_ceil(MIB) * MIB);
    if block > MAX_BLOCK_SIZE {
        return Err(said!(
            "error-upload-too-large",
            size = size.to_string(),
            max_blocks = max_blocks.to_string()
        ));
    }
    Ok(block as usize)
}

pub(crate) fn cancelled(op: &Said) -> StorageError {
    StorageError::cancelled(op)
}

/// Waits for one task; a failure or a cancel stops the transfer (dropping the set aborts the rest).
pub(crate) async fn join_next<T: 'static>(
    tasks: &mut JoinSet<Result<T>>,
    cancel: &CancellationToken,
    op: &Said,
) -> Result<T> {
    tokio::select! {
        joined = tasks.join_next() => match joined {
            Some(Ok(Ok(done))) => Ok(done),
            Some(Ok(Err(e))) => Err(e.with_operation(op)),
            Some(Err(e)) => Err(StorageError::new(ErrorKind::Io, op, said!("error-transfer-task-stopped", why = e.to_string()))),
            None => Err(StorageError::new(ErrorKind::Io, op, said("error-transfer-no-task"))),
        },
        _ = cancel.cancelled() => Err(cancelled(op)),
    }
}

/// A failure of the network, not of the request: nothing reached the service, no answer came, or the circuit
/// breaker stopped sending after such failures. Worth waiting out.
pub(crate) fn is_network(e: &StorageError) -> bool {
    matches!(
        e.kind,
        ErrorKind::Connection | ErrorKind::Timeout | ErrorKind::CircuitOpen
    )
}

/// Runs `attempt` until it succeeds or fails for a reason other than the network; while the network is gone
/// (and `wait`), pauses with backoff, shown as the transfer's wait, until the user cancels.
pub(crate) async fn patiently<T, F, Fut>(
    progress: &TransferProgress,
    cancel: &CancellationToken,
    wait: bool,
    op: &Said,
    mut attempt: F,
) -> Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T>>,
{
    loop {
        match attempt().await {
            Ok(done) => {
                if wait {
                    progress.network_back();
                }
                return Ok(done);
            }
            Err(e) if wait && is_network(&e) => {
                let short = e.kind == ErrorKind::CircuitOpen;
                if progress.wait_for_network(&e.message, short, cancel).await.is_err() {
                    return Err(cancelled(op));
                }
            }
            Err(e) => return Err(e),
        }
    }
}

/// Opens (creating it) a file of a download's own, beside its destination (its partial file, its journal), never
/// through a link at that name: a link planted there could lead anywhere out of the folder, and opening it would
/// write over (and truncate) what it leads to. A link there is refused in words. (Unix; elsewhere as asked.)
pub(crate) fn create_own(
    options: &mut std::fs::OpenOptions,
    path: &std::path::Path,
    op: &Said,
) -> Result<std::fs::File> {
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(options, libc::O_NOFOLLOW);
    options.create(true).open(path).map_err(|e| {
        match std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
            true => StorageError::invalid(op, said!("error-download-link-at", path = path.display().to_string())),
            false => StorageError::io(op, &e),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: u64 = 1024 * 1024;

    #[test]
    fn ranges_grow_with_the_blob_and_keep_four_a_stream() {
        let options = TransferOptions::default();
        // Small and middling blobs keep the smallest ranges: as many streams as before.
        assert_eq!(range_size_for(10 * MIB, &options), 16 * MIB);
        assert_eq!(range_size_for(256 * MIB, &options), 16 * MIB);
        // Larger ones grow, four ranges a stream, up to the most.
        assert_eq!(range_size_for(512 * MIB, &options), 32 * MIB);
        assert_eq!(range_size_for(1024 * MIB, &options), 64 * MIB);
        assert_eq!(range_size_for(100 * 1024 * MIB, &options), MAX_RANGE);
        // No sliver of a range at the end: whole MiB, rounded up (1000 MiB in 16 ranges of 63 MiB, the last 55).
        assert_eq!(range_size_for(1000 * MIB, &options), 63 * MIB);
        assert_eq!((1000 * MIB).div_ceil(range_size_for(1000 * MIB, &options)), 16);
        assert_eq!(range_size_for(1024 * MIB - 1, &options), 64 * MIB);
        // A range checksum holds them as given (the service checksums ranges of at most 4 MiB).
        let checked = TransferOptions {
            range_size: 4 * MIB,
            range_checksum: BlockChecksum::Md5,
            ..TransferOptions::default()
        };
        assert_eq!(range_size_for(1024 * MIB, &checked), 4 * MIB);
        // Asked for more than the most: taken as asked.
        let large = TransferOptions {
            range_size: 128 * MIB,
            ..TransferOptions::default()
        };
        assert_eq!(range_size_for(1024 * MIB, &large), 128 * MIB);
    }
}
