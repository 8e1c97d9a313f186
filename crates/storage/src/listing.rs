//! The account-level listing the Blob and Queue services share: List Containers and List Queues take the same
//! query (prefix, marker, maxresults, include=metadata) and answer the same XML shape; and the wait on the
//! chains of a listing read in parts (blobs by name, entities by key range).

use reqwest::Method;

use crate::error::{Result, StorageError};
use crate::pipeline::{Client, Request};
use crate::words::{Said, said};
use crate::{Service, xml};

/// What one page of an account-level listing asks for.
pub struct AccountListing<'a> {
    pub prefix: Option<&'a str>,
    pub marker: Option<&'a str>,
    pub max_results: Option<u32>,
    pub include_metadata: bool,
}

impl Client {
    /// Sends one page of an account-level listing and returns its XML root (with `NextMarker`).
    pub(crate) async fn list_account_level(
        &self,
        service: Service,
        operation: &Said,
        list: AccountListing<'_>,
    ) -> Result<xml::Element<'static>> {
        let req = Request::new(service, Method::GET, operation, "/")
            .query("comp", "list")
            .query_opt("prefix", list.prefix.filter(|p| !p.is_empty()))
            .query_opt("marker", list.marker.filter(|m| !m.is_empty()))
            .query_opt("maxresults", list.max_results.map(|m| m.to_string()))
            .query_opt("include", list.include_metadata.then_some("metadata"));
        let resp = self.send(req).await?;
        xml::parse(&resp.body)
            .map(xml::Element::into_owned)
            .map_err(|e| StorageError::decode(operation, e))
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
