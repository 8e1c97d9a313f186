//! A listing's remainder in parts at once: the root's folders, or a range per first character after the prefix,
//! each its own marker chain, handed over in name order as if one chain had listed them.
//!
//! A continuation chain is strictly sequential, so a million names in pages of 5,000 cost 200 round trips one
//! after another. Azure cannot start a listing at a name (markers are opaque), but a prefix can, and disjoint
//! prefixes can be listed at once. Two facts make the parts whole:
//! - a delimiter listing of the prefix names every root folder and every blob beside them, so the folders'
//!   chains plus those blobs are the listing, nothing missed;
//! - without folders, one prefix per printable character (space to `~`) covers the names whose next character
//!   is printable; the ones before a space are at the front of the original chain (which lists them and stops
//!   at the first child's range); the ones after `~` (non-ASCII) follow every child, and a chain over the
//!   prefix started from the last marker a child handed out lists them. A marker names a position in the
//!   container, not a query: Azure's and Azurite's both carry the next name, and a chain with the wider prefix
//!   goes on from there.

use std::collections::VecDeque;
use std::sync::Arc;

use tokio::sync::{Semaphore, mpsc};
use tokio::task::JoinSet;

use crate::i18n::t;
use crate::storage::Client;
use crate::storage::blob::{BlobListing, ListBlobsOptions};
use crate::storage::error::Result;
use crate::storage::listing::next_event;
use crate::storage::names::listing_order;

/// Listing requests in flight at once, at most: enough to hide a round trip of 50-100 ms behind the parsing of
/// the pages that already arrived, few enough not to look like a flood to the account's limits.
pub const PARALLEL_LISTINGS: usize = 16;

/// The characters a first-character split gives a prefix of their own.
const FIRST: char = ' ';
const LAST: char = '~';

/// One part of the remainder, in name order.
#[derive(Clone, Debug, PartialEq)]
enum Part {
    /// Names already in hand (the blobs a delimiter listing found beside the folders).
    Ready(Vec<crate::storage::blob::BlobItem>),
    /// A chain over `prefix` from `marker`; names at or past `stop` are the next part's, and end it.
    Chain {
        prefix: String,
        marker: Option<String>,
        stop: Option<String>,
    },
    /// The names after every child's range: a chain over the whole prefix from the last marker a child handed
    /// out, keeping the names from `from` on.
    Tail { from: String },
}

/// How a listing's remainder is cut: into the root's folders when a delimiter listing shows them (in one page),
/// else by the first character after the prefix.
fn plan(prefix: &str, after: &str, marker: &str, root: Option<BlobListing>, delimiter: Option<char>) -> Vec<Part> {
    if let Some(root) = root.filter(|r| !r.prefixes.is_empty() && r.next_marker.is_none()) {
        return by_folder(after, marker, root);
    }
    let next = after.strip_prefix(prefix).and_then(|rest| rest.chars().next());
    // With a delimiter, a child at the delimiter itself (`P/`) would list the level below instead of the one
    // folder entry `P/`: the names from the delimiter down stay with the first chain, which lists this level.
    let floor = next.max(delimiter);
    let children: Vec<char> = (FIRST..=LAST).filter(|c| floor.is_none_or(|n| *c > n)).collect();
    let Some(first) = children.first() else {
        // Past the printable characters already: the one chain is the rest.
        return vec![Part::Chain {
            prefix: prefix.to_string(),
            marker: Some(marker.to_string()),
            stop: None,
        }];
    };
    let mut parts = vec![Part::Chain {
        prefix: prefix.to_string(),
        marker: Some(marker.to_string()),
        stop: Some(format!("{prefix}{first}")),
    }];
    parts.extend(children.iter().map(|c| Part::Chain {
        prefix: format!("{prefix}{c}"),
        marker: None,
        stop: None,
    }));
    parts.push(Part::Tail {
        from: format!("{prefix}{}", char::from_u32(LAST as u32 + 1).expect("DEL")),
    });
    parts
}

/// The parts a delimiter listing of the root gives: its blobs as they are, each folder its own chain (one the
/// shown names reach into goes on from the shown listing's marker; one wholly shown is left out).
fn by_folder(after: &str, marker: &str, root: BlobListing) -> Vec<Part> {
    let mut parts = Vec::new();
    let (mut blobs, mut folders) = (root.blobs.into_iter().peekable(), root.prefixes.into_iter().peekable());
    loop {
        let blob_first = match (blobs.peek(), folders.peek()) {
            (None, None) => break,
            (Some(b), Some(f)) => listing_order(&b.name, f).is_lt(),
            (b, _) => b.is_some(),
        };
        if blob_first {
            let blob = blobs.next().expect("peeked");
            if listing_order(&blob.name, after).is_le() {
                continue;
            }
            match parts.last_mut() {
                Some(Part::Ready(run)) => run.push(blob),
                _ => parts.push(Part::Ready(vec![blob])),
            }
        } else {
            let folder = folders.next().expect("peeked");
            if after.starts_with(&folder) {
                parts.push(Part::Chain {
                    prefix: folder,
                    marker: Some(marker.to_string()),
                    stop: None,
                });
            } else if listing_order(&folder, after).is_gt() {
                parts.push(Part::Chain {
                    prefix: folder,
                    marker: None,
                    stop: None,
                });
            }
        }
    }
    parts
}

/// What a part's chain sends: a page (its own next marker kept, for resuming), and whether it was the last.
type Event = (usize, Result<BlobListing>, bool);

/// Lists what follows `after` (the last name shown) from `marker` (the shown listing's next marker), in parts
/// at once, handing each page to `on_page` in name order until it returns false. Each page handed over carries
/// the marker to resume from (the shown listing's `options` with it list what follows); the last carries none.
pub async fn list_in_parts(
    client: &Client,
    container: &str,
    options: &ListBlobsOptions,
    after: &str,
    mut on_page: impl FnMut(BlobListing) -> bool,
) -> Result<()> {
    let prefix = options.prefix.clone().unwrap_or_default();
    let Some(marker) = options.marker.clone() else {
        return Ok(());
    };
    // A flat listing asks first which folders its root holds: whole folders are the best cut.
    let root = match options.delimiter {
        None => {
            let root = ListBlobsOptions {
                delimiter: Some("/".into()),
                marker: None,
                // One page of up to 5,000 folders and blobs tells whether the root is a set of folders.
                max_results: None,
                ..options.clone()
            };
            Some(client.list_blobs(container, &root).await?)
        }
        Some(_) => None,
    };
    let delimiter = options.delimiter.as_deref().and_then(|d| d.chars().next());
    let parts = plan(&prefix, after, &marker, root, delimiter);
    if parts.is_empty() {
        // Nothing is left after what is shown (a folder's blobs deleted since): the listing ends here.
        on_page(BlobListing::default());
        return Ok(());
    }
    let permits = Arc::new(Semaphore::new(PARALLEL_LISTINGS));
    let (tx, mut rx) = mpsc::unbounded_channel::<Event>();
    // Dropped on return: every chain still listing is aborted with it.
    let mut chains = JoinSet::new();
    let mut slots: Vec<Slot> = parts.iter().map(|_| Slot::default()).collect();
    for (i, part) in parts.iter().enumerate() {
        match part {
            Part::Ready(blobs) => {
                slots[i].pages.push_back(BlobListing {
                    blobs: blobs.clone(),
                    ..Default::default()
                });
                slots[i].done = true;
            }
            Part::Chain { prefix, marker, stop } => {
                let chain = Chain {
                    client: client.clone(),
                    container: container.to_string(),
                    options: ListBlobsOptions {
                        prefix: Some(prefix.clone()),
                        marker: marker.clone(),
                        ..options.clone()
                    },
                    stop: stop.clone(),
                    keep_from: None,
                    after: after.to_string(),
                };
                chains.spawn(chain.run(i, permits.clone(), tx.clone()));
            }
            Part::Tail { .. } => {}
        }
    }
    // Where a resume would start: the latest marker handed over, or the shown listing's.
    let mut resume = marker.clone();
    let mut front = 0;
    while front < parts.len() {
        // Hand over what the front part has, then move on while parts are done.
        while let Some(mut page) = slots[front].pages.pop_front() {
            if let Some(m) = &page.next_marker {
                resume = m.clone();
            }
            let last = front + 1 == parts.len() && slots[front].done && slots[front].pages.is_empty();
            page.next_marker = (!last).then(|| resume.clone());
            if !on_page(page) {
                return Ok(());
            }
        }
        if slots[front].done {
            front += 1;
            if let Some(Part::Tail { from }) = parts.get(front) {
                let start = tail_start(client, container, options, &parts, &slots).await?;
                let chain = Chain {
                    client: client.clone(),
                    container: container.to_string(),
                    options: ListBlobsOptions {
                        marker: Some(start.unwrap_or_else(|| marker.clone())),
                        ..options.clone()
                    },
                    stop: None,
                    keep_from: Some(from.clone()),
                    after: after.to_string(),
                };
                chains.spawn(chain.run(front, permits.clone(), tx.clone()));
            }
            continue;
        }
        let Some((i, page, done)) = next_event(&mut rx, &mut chains, &t("error-op-list-blobs-in-parts")).await? else {
            break;
        };
        let page = page?;
        slots[i].listed += page.blobs.len() + page.prefixes.len();
        if page.next_marker.is_some() {
            slots[i].last_marker = page.next_marker.clone();
        }
        slots[i].pages.push_back(page);
        slots[i].done = done;
    }
    Ok(())
}

/// Where the tail's chain starts: the last marker a child handed out. A child listed in one page handed out
/// none; one request with a page one name short of it makes one, pointing at its last name. With no child of
/// two names, the shown listing's marker serves (everything before the tail is then a handful of pages).
async fn tail_start(
    client: &Client,
    container: &str,
    options: &ListBlobsOptions,
    parts: &[Part],
    slots: &[Slot],
) -> Result<Option<String>> {
    for (part, slot) in parts.iter().zip(slots).rev() {
        if slot.last_marker.is_some() {
            return Ok(slot.last_marker.clone());
        }
        let Part::Chain {
            prefix, marker: None, ..
        } = part
        else {
            continue;
        };
        if slot.listed >= 2 {
            let short = ListBlobsOptions {
                prefix: Some(prefix.clone()),
                marker: None,
                max_results: Some(slot.listed as u32 - 1),
                ..options.clone()
            };
            return Ok(client.list_blobs(container, &short).await?.next_marker);
        }
    }
    Ok(None)
}

#[derive(Default)]
struct Slot {
    pages: VecDeque<BlobListing>,
    done: bool,
    /// Names and folders this part listed.
    listed: usize,
    /// The last next-marker its chain received.
    last_marker: Option<String>,
}

/// One part's marker chain.
struct Chain {
    client: Client,
    container: String,
    options: ListBlobsOptions,
    stop: Option<String>,
    /// The tail keeps only names from here on (what lies before is the children's).
    keep_from: Option<String>,
    /// The last name shown: nothing up to it is handed over again.
    after: String,
}

impl Chain {
    async fn run(mut self, part: usize, permits: Arc<Semaphore>, tx: mpsc::UnboundedSender<Event>) {
        loop {
            let page = {
                let _permit = permits.acquire().await.expect("never closed");
                self.client.list_blobs(&self.container, &self.options).await
            };
            let mut page = match page {
                Ok(page) => page,
                Err(e) => {
                    let _ = tx.send((part, Err(e), true));
                    return;
                }
            };
            let ended = self.keep(&mut page);
            // A page that reached the next part's names carries no marker: the service's would point past names
            // this part dropped as the next part's (and a resume or the tail must never start after them).
            let next = page.next_marker.take().filter(|_| !ended);
            page.next_marker = next.clone();
            let done = next.is_none();
            if tx.send((part, Ok(page), done)).is_err() || done {
                return;
            }
            self.options.marker = next;
        }
    }

    /// Drops what is not this part's; true when the chain reached the next part's names.
    fn keep(&self, page: &mut BlobListing) -> bool {
        // (`from` and `stop` end in an ASCII character where names differ from them: any order agrees there.)
        let mine = |name: &str| {
            listing_order(name, &self.after).is_gt()
                && self.keep_from.as_deref().is_none_or(|f| name >= f)
                && self.stop.as_deref().is_none_or(|s| name < s)
        };
        let past = |name: &str| self.stop.as_deref().is_some_and(|s| name >= s);
        let ended = page.blobs.iter().any(|b| past(&b.name)) || page.prefixes.iter().any(|p| past(p));
        page.blobs.retain(|b| mine(&b.name));
        page.prefixes.retain(|p| mine(p));
        ended
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::blob::BlobItem;

    fn chain(prefix: &str, marker: Option<&str>, stop: Option<&str>) -> Part {
        Part::Chain {
            prefix: prefix.into(),
            marker: marker.map(Into::into),
            stop: stop.map(Into::into),
        }
    }

    #[test]
    fn without_folders_each_printable_first_character_after_the_shown_one_is_a_part() {
        let parts = plan("logs/", "logs/x17", "M", None, None);
        // The shown chain goes on until `y`, then `y`, `z`, `{`, `|`, `}`, `~`, then the tail past `~`.
        assert_eq!(parts[0], chain("logs/", Some("M"), Some("logs/y")));
        let children: Vec<&Part> = parts[1..parts.len() - 1].iter().collect();
        assert_eq!(children.len(), 6);
        assert_eq!(*children[0], chain("logs/y", None, None));
        assert_eq!(*children[5], chain("logs/~", None, None));
        assert_eq!(
            parts.last(),
            Some(&Part::Tail {
                from: "logs/\u{7f}".into()
            })
        );
        // Names whose first character is past `~` already: one chain, as before.
        assert_eq!(plan("", "é", "M", None, None), [chain("", Some("M"), None)]);
        // A name that is the prefix itself: every printable character is a child.
        assert_eq!(plan("a", "a", "M", None, None).len(), 2 + 95);
        // With `/` as the delimiter, no child at `/` or below: the first chain lists `a/` as one folder entry.
        let parts = plan("a", "a-1", "M", None, Some('/'));
        assert_eq!(parts[0], chain("a", Some("M"), Some("a0")));
    }

    #[test]
    fn a_root_with_folders_is_cut_into_its_folders_and_the_blobs_beside_them() {
        let blob = |n: &str| BlobItem {
            name: n.into(),
            ..Default::default()
        };
        let root = BlobListing {
            blobs: vec![blob("a.txt"), blob("c.txt"), blob("d.txt"), blob("z.txt")],
            prefixes: vec!["b/".into(), "c/".into(), "e/".into()],
            next_marker: None,
        };
        // Shown: up to c/17 (inside c/): a.txt, b/ and c.txt (`.` sorts before `/`) are shown, c/ goes on
        // from the marker.
        let parts = plan("", "c/17", "M", Some(root), None);
        assert_eq!(
            parts,
            [
                chain("c/", Some("M"), None),
                Part::Ready(vec![blob("d.txt")]),
                chain("e/", None, None),
                Part::Ready(vec![blob("z.txt")]),
            ]
        );
    }
}
