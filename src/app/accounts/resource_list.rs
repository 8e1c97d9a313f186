//! A service's list as the tree shows it: every container, queue or table of an account (following continuation
//! markers), each with what is worth seeing without opening it (public access, a lease, a queue's count); and the
//! filter the tree's find box applies to those lists.

use crate::storage::blob::{LeaseState, PublicAccess};
use crate::storage::{Client, Service, StorageError};

/// One entry of a service's list, with what is worth seeing without opening it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceItem {
    pub name: String,
    pub badge: Option<String>,
}

/// How many queues get their approximate message count in the tree: one request each, so not unbounded.
const COUNTED_QUEUES: usize = 200;

/// Puts each queue's approximate message count in its badge, a few requests at a time. A count that cannot be
/// read leaves the badge empty: the list itself has arrived and is worth showing.
async fn count_messages(client: &Client, items: &mut [ResourceItem]) {
    use futures_util::StreamExt;
    // Owned names and clients: a stream of borrowed ones trips the compiler's Send check on the spawned task.
    let names: Vec<String> = items.iter().take(COUNTED_QUEUES).map(|q| q.name.clone()).collect();
    let counts: Vec<Option<u64>> = futures_util::stream::iter(names)
        .map(|name| {
            let client = client.clone();
            async move { client.queue_message_count(&name).await.ok() }
        })
        .buffered(8)
        .collect()
        .await;
    for (item, count) in items.iter_mut().zip(counts) {
        item.badge = count.map(|n| crate::app::widgets::i18n::tr!("badge-messages", count = n));
    }
}

/// Every container, queue or table of an account, following continuation markers.
pub async fn list_resources(client: Client, service: Service) -> Result<Vec<ResourceItem>, StorageError> {
    list_resources_counted(client, service, Default::default()).await
}

/// As `list_resources`, adding to `listed` as each page arrives: an account of tens of thousands of containers
/// takes many pages, and the tree says how far it got.
pub async fn list_resources_counted(
    client: Client,
    service: Service,
    listed: std::sync::Arc<std::sync::atomic::AtomicUsize>,
) -> Result<Vec<ResourceItem>, StorageError> {
    use std::sync::atomic::Ordering;
    let mut items = Vec::new();
    match service {
        Service::Blob => {
            let mut marker: Option<String> = None;
            loop {
                let page = client.list_containers(None, marker.as_deref(), None, false).await?;
                items.extend(page.containers.into_iter().map(|c| {
                    let mut badges = Vec::new();
                    if c.properties.public_access != PublicAccess::None {
                        badges.push(crate::app::widgets::i18n::t("accounts-resource-list-public"));
                    }
                    if c.properties.lease.state != LeaseState::Available {
                        badges.push(c.properties.lease.state.as_str().to_string());
                    }
                    ResourceItem {
                        name: c.name,
                        badge: (!badges.is_empty()).then(|| badges.join(", ")),
                    }
                }));
                listed.store(items.len(), Ordering::Relaxed);
                match page.next_marker {
                    Some(m) => marker = Some(m),
                    None => break,
                }
            }
        }
        Service::Queue => {
            let mut marker: Option<String> = None;
            loop {
                let page = client.list_queues(None, marker.as_deref(), None, false).await?;
                items.extend(page.queues.into_iter().map(|q| ResourceItem {
                    name: q.name,
                    badge: None,
                }));
                listed.store(items.len(), Ordering::Relaxed);
                match page.next_marker {
                    Some(m) => marker = Some(m),
                    None => break,
                }
            }
            count_messages(&client, &mut items).await;
        }
        Service::Table => {
            items.extend(
                client
                    .list_all_tables()
                    .await?
                    .into_iter()
                    .map(|name| ResourceItem { name, badge: None }),
            );
        }
    }
    Ok(items)
}

/// The tree's filter: the text of the box above it (drawn by `tree_find`).
#[derive(Default)]
pub struct TreeFind {
    pub text: String,
    /// What the search found in each list, with the text and the load it was found for: a frame shows it again
    /// rather than lowercase every name of every list again (tens of thousands, sixty times a second).
    found: std::collections::HashMap<(String, Service), (String, u64, Vec<ResourceItem>)>,
}

impl TreeFind {
    /// Whether the tree shows what was found rather than its nodes.
    pub fn is_on(&self) -> bool {
        !self.text.trim().is_empty()
    }

    /// Whether a name matches: contains the text, whatever the case.
    pub fn matches(&self, name: &str) -> bool {
        name.to_lowercase().contains(&self.text.trim().to_lowercase())
    }

    /// The names found in a list for the text as it is now (what Find shows of it, in the list's order); none
    /// before the list was searched for it.
    pub fn found_names(&self, list: &(String, Service)) -> Vec<String> {
        let needle = self.text.trim().to_lowercase();
        match self.found.get(list) {
            Some((text, _, items)) if *text == needle => items.iter().map(|i| i.name.clone()).collect(),
            _ => Vec::new(),
        }
    }

    /// The items of a list (`loaded`: which load of it they are) whose names match, searched again only when the
    /// text or the list changed.
    pub fn found_in(&mut self, list: (String, Service), loaded: u64, items: &[ResourceItem]) -> &[ResourceItem] {
        let needle = self.text.trim().to_lowercase();
        let entry = self
            .found
            .entry(list)
            .or_insert_with(|| (String::new(), u64::MAX, Vec::new()));
        if entry.0 != needle || entry.1 != loaded {
            let found = items
                .iter()
                .filter(|i| i.name.to_lowercase().contains(&needle))
                .cloned()
                .collect();
            *entry = (needle, loaded, found);
        }
        &entry.2
    }
}
