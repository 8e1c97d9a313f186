//! The account-level listing the Blob and Queue services share: List Containers and List Queues take the same
//! query (prefix, marker, maxresults, include=metadata) and answer the same XML shape; and the wait on the
//! chains of a listing read in parts (blobs by name, entities by key range).

use reqwest::Method;

use crate::error::{Result, StorageError};
use crate::pipeline::{Client, Request};
use crate::words::{Said, said};
use crate::{Service, xml};

impl Client {
    /// Sends one page of an account-level listing (`prefix`, `marker`, `max_results`, `include_metadata`) and
    /// reads its answer with `read` (containers or queues, with `NextMarker`): List Containers and List Queues
    /// are this one call.
    pub(crate) async fn list_account_level<T>(
        &self,
        service: Service,
        operation: Said,
        (prefix, marker, max_results, include_metadata): (Option<&str>, Option<&str>, Option<u32>, bool),
        read: fn(&xml::Element) -> T,
    ) -> Result<T> {
        let req = Request::new(service, Method::GET, &operation, "/")
            .query("comp", "list")
            .query_opt("prefix", prefix.filter(|p| !p.is_empty()))
            .query_opt("marker", marker.filter(|m| !m.is_empty()))
            .query_opt("maxresults", max_results.map(|m| m.to_string()))
            .query_opt("include", include_metadata.then_some("metadata"));
        let resp = self.send(req).await?;
        let root = xml::parse(&resp.body).map_err(|e| StorageError::decode(&operation, e))?;
        Ok(read(&root))
    }
}

/// The next event a chain sent; a chain that stopped without saying so (it panicked) is a failure, not a wait
/// that never ends.
pub(crate) async fn next_event<E>(
    rx: &mut tokio::sync::mpsc::UnboundedReceiver<E>,
    chains: &mut tokio::task::JoinSet<()>,
    op: &Said,
) -> crate::Result<Option<E>> {
    loop {
        tokio::select! {
            event = rx.recv() => return Ok(event),
            Some(joined) = chains.join_next(), if !chains.is_empty() => {
                if let Err(e) = joined
                    && !e.is_cancelled()
                {
                    let why = said!("error-listing-stopped", why = e.to_string());
                    return Err(crate::StorageError::invalid(op, why));
                }
            }
        }
    }
}
