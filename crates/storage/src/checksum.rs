//! Transactional checksums the service checks on the way in and can send on the way out: CRC-64/NVME
//! (`x-ms-content-crc64`) and MD5 (`Content-MD5`).

use base64::Engine;

use crate::Service;
use crate::error::{Result, StorageError};
use crate::pipeline::Client;
use crate::request::{Request, Response};

/// How a block (Put Block, Append Block, Put Page) travels with its checksum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockChecksum {
    /// CRC64, except where MD5 is what the service checks: the emulator (Azurite checks MD5 and either refuses a
    /// CRC64 or takes it unchecked) and an endpoint that refused CRC64 before. The default.
    Auto,
    /// `x-ms-content-crc64`: the same protection as MD5 for a changed block, computed with SIMD at many GB/s, so
    /// it costs next to nothing. Azure checks it; Azurite 3.35 accepts the header without checking it.
    Crc64,
    /// `Content-MD5`: for services or versions that refuse CRC64 (and the one the emulator checks).
    Md5,
    /// No checksum (what the SDKs send unless asked; the benchmarks' baseline).
    None,
}

impl BlockChecksum {
    /// The header that carries this checksum of `data`, or None when none is sent.
    pub fn header(self, data: &[u8]) -> Option<(&'static str, String)> {
        match self {
            BlockChecksum::Crc64 | BlockChecksum::Auto => Some((CRC64_HEADER, crc64_base64(crc64(data)))),
            BlockChecksum::Md5 => Some(("content-md5", content_md5(data))),
            BlockChecksum::None => None,
        }
    }

    /// The request header that asks for a range's checksum of this kind on a download.
    pub fn range_request_header(self) -> Option<&'static str> {
        match self {
            BlockChecksum::Crc64 | BlockChecksum::Auto => Some("x-ms-range-get-content-crc64"),
            BlockChecksum::Md5 => Some("x-ms-range-get-content-md5"),
            BlockChecksum::None => None,
        }
    }

    /// The response header that carries a range's checksum of this kind.
    pub fn response_header(self) -> Option<&'static str> {
        match self {
            BlockChecksum::Crc64 | BlockChecksum::Auto => Some(CRC64_HEADER),
            BlockChecksum::Md5 => Some("content-md5"),
            BlockChecksum::None => None,
        }
    }
}

pub const CRC64_HEADER: &str = "x-ms-content-crc64";

/// A body's MD5 as `Content-MD5` carries it: Base64 of the 16 bytes.
pub fn content_md5(data: &[u8]) -> String {
    use md5::{Digest, Md5};
    base64::engine::general_purpose::STANDARD.encode(Md5::digest(data))
}

/// The service refused a write because it does not take the CRC64 header (an older service version; a service
/// that speaks the protocol without it; Azurite 3.35 on Append Block and Put Page, with 500 FeatureNotSupported):
/// the write did not happen and may go again with MD5.
pub(crate) fn refuses_crc64(e: &StorageError) -> bool {
    match (e.status, e.code.as_deref()) {
        (Some(400), Some("UnsupportedHeader" | "InvalidHeaderValue")) => true,
        (Some(500), Some("FeatureNotSupported")) => e
            .message
            .as_text()
            .is_some_and(|m| m.to_ascii_lowercase().contains("crc64")),
        _ => false,
    }
}

/// Blob endpoints (host and port) that refused CRC64 in this run: later writes there carry MD5 at once, rather
/// than each upload losing its first blocks to the refusal.
static REFUSED: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

impl Client {
    /// The checksum a write carries here: `Auto` is MD5 on the emulator or where CRC64 was refused, else CRC64;
    /// `Crc64` is CRC64 unless this endpoint refused it.
    pub(crate) fn resolve_checksum(&self, wanted: BlockChecksum) -> BlockChecksum {
        match wanted {
            BlockChecksum::Auto if self.account().is_emulator() || self.crc64_refused() => BlockChecksum::Md5,
            BlockChecksum::Crc64 if self.crc64_refused() => BlockChecksum::Md5,
            BlockChecksum::Auto => BlockChecksum::Crc64,
            other => other,
        }
    }

    /// Whether this client's blob endpoint refused CRC64 before (see `remember_crc64_refused`).
    pub(crate) fn crc64_refused(&self) -> bool {
        let endpoint = self.account().endpoint_authority(Service::Blob);
        endpoint.is_some_and(|e| REFUSED.lock().expect("refused lock").contains(&e))
    }

    pub(crate) fn remember_crc64_refused(&self) {
        if let Some(e) = self.account().endpoint_authority(Service::Blob) {
            let mut refused = REFUSED.lock().expect("refused lock");
            if !refused.contains(&e) {
                refused.push(e);
            }
        }
    }

    /// Sends a write of `data` (Append Block, Put Page) with the CRC64 of its body, and once more with its MD5
    /// when the service refuses CRC64. `make` builds the request afresh for each try.
    pub(crate) async fn send_checksummed(&self, data: &[u8], make: impl Fn() -> Request) -> Result<Response> {
        let first = self.resolve_checksum(BlockChecksum::Auto);
        let (name, value) = first.header(data).expect("a checksum always has a header");
        match self.send(make().header(name, value)).await {
            Err(e) if first == BlockChecksum::Crc64 && refuses_crc64(&e) => {
                self.remember_crc64_refused();
                let (name, value) = BlockChecksum::Md5.header(data).expect("MD5 always has a header");
                self.send(make().header(name, value)).await
            }
            answer => answer,
        }
    }
}

/// CRC-64/NVME, the polynomial Azure Storage documents for `x-ms-content-crc64` (reflected 0x9A6C9329AC4BC9B5,
/// initial value and final xor all ones).
pub fn crc64(data: &[u8]) -> u64 {
    crc_fast::checksum(crc_fast::CrcAlgorithm::Crc64Nvme, data)
}

/// A CRC64 as the header carries it: Base64 of its eight bytes, least significant first (as Microsoft's SDKs
/// write it).
pub fn crc64_base64(crc: u64) -> String {
    base64::engine::general_purpose::STANDARD.encode(crc.to_le_bytes())
}

/// A running CRC64 over pieces (a download range arrives in chunks).
pub struct Crc64Digest(crc_fast::Digest);

impl Default for Crc64Digest {
    fn default() -> Self {
        Crc64Digest(crc_fast::Digest::new(crc_fast::CrcAlgorithm::Crc64Nvme))
    }
}

impl Crc64Digest {
    pub fn update(&mut self, data: &[u8]) {
        self.0.update(data);
    }

    pub fn finalize(&self) -> u64 {
        self.0.finalize()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc64_matches_the_published_check_and_microsofts_values() {
        // The catalogue's check value for CRC-64/NVME, and values Microsoft's azure-storage-extensions computed.
        assert_eq!(crc64(b"123456789"), 0xae8b14860a799888);
        assert_eq!(crc64(b""), 0);
        assert_eq!(crc64_base64(crc64(b"a")), "PPzLtEWEL4w=");
        assert_eq!(crc64_base64(crc64(&vec![0u8; 4 << 20])), "7fxeieZXMgQ=");
        let mut pieces = Crc64Digest::default();
        for piece in vec![0x5au8; (4 << 20) + 1].chunks(1000) {
            pieces.update(piece);
        }
        assert_eq!(crc64_base64(pieces.finalize()), "M5xcUjx9BgU=");
    }
}
