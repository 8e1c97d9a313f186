//! Access tiers: Set Blob Tier (Hot, Cool, Cold, Archive) on a block blob, with the rehydrate priority a blob
//! leaving Archive is brought back at, and what the service says of a tier (inferred, archived, rehydrating).

use reqwest::Method;

use crate::blob::{blob_request, check_names};
use crate::error::Result;
use crate::pipeline::Client;
use crate::words::said;

/// The tiers a block blob can be set to (premium page blob tiers, P4–P80, are not offered).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessTier {
    Hot,
    Cool,
    Cold,
    Archive,
}

impl AccessTier {
    pub const ALL: [AccessTier; 4] = [AccessTier::Hot, AccessTier::Cool, AccessTier::Cold, AccessTier::Archive];

    /// As the service writes it (`x-ms-access-tier`, `AccessTier`).
    pub fn as_str(self) -> &'static str {
        match self {
            AccessTier::Hot => "Hot",
            AccessTier::Cool => "Cool",
            AccessTier::Cold => "Cold",
            AccessTier::Archive => "Archive",
        }
    }

    pub fn parse(s: &str) -> Option<AccessTier> {
        AccessTier::ALL.into_iter().find(|t| t.as_str().eq_ignore_ascii_case(s))
    }
}

/// How fast a blob leaving Archive is rehydrated (High costs more; the service may take hours either way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RehydratePriority {
    Standard,
    High,
}

impl RehydratePriority {
    pub fn as_str(self) -> &'static str {
        match self {
            RehydratePriority::Standard => "Standard",
            RehydratePriority::High => "High",
        }
    }
}

/// What a tier change did: took effect, or (leaving Archive) was accepted and the blob is rehydrating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TierChange {
    Done,
    Rehydrating,
}

impl Client {
    /// Sets a block blob's tier. The service takes no ETag condition for it (a tier change does not change the
    /// blob's content, ETag or Last-Modified): only the lease id, which a leased blob requires.
    pub async fn set_blob_tier(
        &self,
        container: &str,
        blob: &str,
        tier: AccessTier,
        rehydrate: Option<RehydratePriority>,
        lease_id: Option<&str>,
    ) -> Result<TierChange> {
        let op = said!("error-op-set-tier", blob = blob, tier = tier.as_str());
        check_names(&op, container, Some(blob))?;
        let req = blob_request(Method::PUT, &op, container, blob)
            .query("comp", "tier")
            .header("x-ms-access-tier", tier.as_str())
            .header_opt("x-ms-rehydrate-priority", rehydrate.map(|r| r.as_str().to_string()))
            .header_opt("x-ms-lease-id", lease_id.map(str::to_string));
        let resp = self.send(req).await?;
        Ok(if resp.status == 202 {
            TierChange::Rehydrating
        } else {
            TierChange::Done
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_read_in_any_case() {
        assert_eq!(AccessTier::parse("cool"), Some(AccessTier::Cool));
        assert_eq!(AccessTier::parse("P10"), None);
        for t in AccessTier::ALL {
            assert_eq!(AccessTier::parse(t.as_str()), Some(t));
        }
    }
}
