//! How the accounts a browse account found are named: their ids say which browse account (and tenant) found
//! them, and that they belong to this run only.

/// The ids of accounts found by a browse account start so (and, being this run's only, are never saved).
pub const DISCOVERED_PREFIX: &str = "this-run-arm/";

/// What the ids of every account a browse account found start with.
pub fn discovered_prefix(browse_id: &str) -> String {
    format!("{DISCOVERED_PREFIX}{browse_id}/")
}

/// The profile id of a storage account found under a browse account, in a tenant (one subscription may be seen
/// from two tenants, through Azure Lighthouse).
pub fn discovered_id(browse_id: &str, tenant: &str, account_id: &str) -> String {
    format!(
        "{}{tenant}{}",
        discovered_prefix(browse_id),
        account_id.to_ascii_lowercase()
    )
}

pub fn is_discovered(id: &str) -> bool {
    id.starts_with(DISCOVERED_PREFIX)
}
