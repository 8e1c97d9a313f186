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
//!
//! Names that share a long start (`item0000000.txt`…) have one first character, so that cut alone leaves one
//! chain. A part's full page, wholly its own, whose names share a start longer than the part's says the names
//! are dense there: the part ends with that page and its rest is cut at each character of the shared start
//! (`listing_split`: the same three kinds of part a level, the cut's first part going on from the page's
//! marker), inserted in its place in the order. Pages are still handed over part by part in that order, and a
//! tail starts from the last marker any part before it handed out, so the facts above hold at every level. At
//! most `MAX_PARTS` parts are made, so the cost over the one chain stays a bounded number of requests.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::{Semaphore, mpsc};
use tokio::task::JoinSet;

use crate::Client;
use crate::blob::listing_split::{Sample, deeper, level};
use crate::blob::{BlobListing, ListBlobsOptions};
use crate::error::Result;
use crate::listing::next_event;
use crate::names::listing_order;
use crate::words::said;

/// Listing requests in flight at once, at most: enough to hide a round trip of 50-100 ms behind the parsing of
/// the pages that already arrived, few enough not to look like a flood to the account's limits.
pub const PARALLEL_LISTINGS: usize = 16;

/// The characters a first-character split gives a prefix of their own.
pub(super) const FIRST: char = ' ';
pub(super) const LAST: char = '~';

/// Parts a listing is cut into at most, deeper cuts included: each costs a request or two over the one chain.
const MAX_PARTS: usize = 256;

/// One part of the remainder, in name order.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Part {
    /// Names already in hand (the blobs a delimiter listing found beside the folders).
    Ready(Vec<crate::blob::BlobItem>),
    /// A chain over `prefix` from `marker`; names at or past `stop` are the next part's, and end it.
    Chain {
        prefix: String,
        marker: Option<String>,
        stop: Option<String>,
    },
    /// The names after every child's range: a chain over `prefix` from the last marker a part before it handed
    /// out, keeping the names from `from` on.
    Tail { prefix: String, from: String },
}

/// How a listing's remainder is cut: into the root's folders when a delimiter listing shows them (in one page),
/// else by the first character after the prefix.
fn plan(prefix: &str, after: &str, marker: &str, root: Option<BlobListing>, delimiter: Option<char>) -> Vec<Part> {
    if let Some(root) = root.filter(|r| !r.prefixes.is_empty() && r.next_marker.is_none()) {
        return by_folder(after, marker, root);
    }
    level(prefix, after, marker, delimiter, LAST)
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

/// What a part's chain sends: a page (its own next marker kept, for resuming), whether it was the last, and the
/// parts the rest of the part was cut into when the page showed dense names (the chain then ends there).
struct Event {
    part: usize,
    page: Result<BlobListing>,
    done: bool,
    deeper: Vec<Part>,
}

/// The parts listed so far, by id, and their order by name (a deeper cut inserts parts after the one it cuts).
struct Parts<'a> {
    client: &'a Client,
    container: &'a str,
    options: &'a ListBlobsOptions,
    after: &'a str,
    parts: Vec<Part>,
    slots: Vec<Slot>,
    order: Vec<usize>,
    permits: Arc<Semaphore>,
    budget: Arc<AtomicUsize>,
    tx: mpsc::UnboundedSender<Event>,
    chains: JoinSet<()>,
}

impl Parts<'_> {
    /// Adds `parts` after position `at` of the order, starting their chains (a tail waits for the front).
    fn insert(&mut self, at: usize, parts: Vec<Part>) {
        let ids: Vec<usize> = (self.parts.len()..self.parts.len() + parts.len()).collect();
        self.order.splice(at..at, ids.iter().copied());
        for (id, part) in ids.into_iter().zip(parts) {
            let mut slot = Slot::default();
            match &part {
                Part::Ready(blobs) => {
                    slot.pages.push_back(BlobListing {
                        blobs: blobs.clone(),
                        ..Default::default()
                    });
                    slot.done = true;
                }
                Part::Chain { prefix, marker, stop } => {
                    self.spawn(id, prefix.clone(), marker.clone(), stop.clone(), None);
                }
                Part::Tail { .. } => {}
            }
            self.parts.push(part);
            self.slots.push(slot);
        }
    }

    fn spawn(&mut self, id: usize, prefix: String, marker: Option<String>, stop: Option<String>, from: Option<String>) {
        let chain = Chain {
            client: self.client.clone(),
            container: self.container.to_string(),
            options: ListBlobsOptions {
                prefix: Some(prefix),
                marker,
                ..self.options.clone()
            },
            stop,
            keep_from: from,
            after: self.after.to_string(),
            budget: self.budget.clone(),
        };
        self.chains.spawn(chain.run(id, self.permits.clone(), self.tx.clone()));
    }
}

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
    let first = plan(&prefix, after, &marker, root, delimiter);
    if first.is_empty() {
        // Nothing is left after what is shown (a folder's blobs deleted since): the listing ends here.
        on_page(BlobListing::default());
        return Ok(());
    }
    let (tx, mut rx) = mpsc::unbounded_channel::<Event>();
    let mut all = Parts {
        client,
        container,
        options,
        after,
        parts: Vec::new(),
        slots: Vec::new(),
        order: Vec::new(),
        permits: Arc::new(Semaphore::new(PARALLEL_LISTINGS)),
        budget: Arc::new(AtomicUsize::new(MAX_PARTS.saturating_sub(first.len()))),
        tx,
        // Dropped on return: every chain still listing is aborted with it.
        chains: JoinSet::new(),
    };
    all.insert(0, first);
    // Where a resume would start: the latest marker handed over, or the shown listing's.
    let mut resume = marker.clone();
    let mut front = 0;
    while front < all.order.len() {
        let id = all.order[front];
        // Hand over what the front part has, then move on while parts are done.
        while let Some(mut page) = all.slots[id].pages.pop_front() {
            if let Some(m) = &page.next_marker {
                resume = m.clone();
            }
            let slot = &all.slots[id];
            let last = front + 1 == all.order.len() && slot.done && slot.pages.is_empty();
            page.next_marker = (!last).then(|| resume.clone());
            if !on_page(page) {
                return Ok(());
            }
        }
        if all.slots[id].done {
            front += 1;
            if let Some(Part::Tail { prefix, from }) = all.order.get(front).map(|i| all.parts[*i].clone()) {
                let start = tail_start(client, container, options, &all, front).await?;
                let start = start.unwrap_or_else(|| marker.clone());
                all.spawn(all.order[front], prefix, Some(start), None, Some(from));
            }
            continue;
        }
        let Some(event) = next_event(&mut rx, &mut all.chains, &said("error-op-list-blobs-in-parts")).await? else {
            break;
        };
        let (i, page) = (event.part, event.page?);
        let slot = &mut all.slots[i];
        slot.listed += page.blobs.len() + page.prefixes.len();
        if page.next_marker.is_some() {
            slot.last_marker = page.next_marker.clone();
        }
        slot.pages.push_back(page);
        slot.done = event.done;
        if !event.deeper.is_empty() {
            let at = all.order.iter().position(|o| *o == i).expect("a listed part") + 1;
            all.insert(at, event.deeper);
        }
    }
    Ok(())
}

/// Where the tail at `at` starts: the last marker a part before it handed out. A child listed in one page handed
/// out none; one request with a page one name short of it makes one, pointing at its last name. With no child of
/// two names, the shown listing's marker serves (everything before the tail is then a handful of pages).
async fn tail_start(
    client: &Client,
    container: &str,
    options: &ListBlobsOptions,
    all: &Parts<'_>,
    at: usize,
) -> Result<Option<String>> {
    for id in all.order[..at].iter().rev() {
        let (part, slot) = (&all.parts[*id], &all.slots[*id]);
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
    /// Parts the listing may still be cut into.
    budget: Arc<AtomicUsize>,
}

impl Chain {
    async fn run(mut self, part: usize, permits: Arc<Semaphore>, tx: mpsc::UnboundedSender<Event>) {
        let mut sampled = false;
        loop {
            let page = {
                let _permit = permits.acquire().await.expect("never closed");
                self.client.list_blobs(&self.container, &self.options).await
            };
            let mut page = match page {
                Ok(page) => page,
                Err(e) => {
                    let _ = tx.send(Event {
                        part,
                        page: Err(e),
                        done: true,
                        deeper: Vec::new(),
                    });
                    return;
                }
            };
            let listed = page.blobs.len() + page.prefixes.len();
            let ended = self.keep(&mut page);
            // A page that reached the next part's names carries no marker: the service's would point past names
            // this part dropped as the next part's (and a resume or the tail must never start after them).
            let next = page.next_marker.take().filter(|_| !ended);
            page.next_marker = next.clone();
            // A full page wholly this part's may say the rest is dense: then the rest is cut deeper and this
            // chain ends with the page (the cut's first part goes on from its marker).
            // Only the first such page is a sample: the ones after it would say the same at the cost of
            // reading every name again.
            let whole = page.blobs.len() + page.prefixes.len() == listed && !sampled;
            let deeper = match &next {
                Some(m) if whole => self.deeper(&page, m),
                _ => Vec::new(),
            };
            sampled |= whole && listed >= self.options.max_results.unwrap_or(5000) as usize;
            let done = next.is_none() || !deeper.is_empty();
            if tx
                .send(Event {
                    part,
                    page: Ok(page),
                    done,
                    deeper,
                })
                .is_err()
                || done
            {
                return;
            }
            self.options.marker = next;
        }
    }

    /// The parts the rest of this chain is cut into after `page`, or none.
    fn deeper(&self, page: &BlobListing, marker: &str) -> Vec<Part> {
        let size = self.options.max_results.unwrap_or(5000) as usize;
        let mut names: Vec<&str> = page.blobs.iter().map(|b| b.name.as_str()).collect();
        names.extend(page.prefixes.iter().map(String::as_str));
        if names.len() < size.max(2) {
            return Vec::new();
        }
        let first = names
            .iter()
            .copied()
            .min_by(|a, b| listing_order(a, b))
            .expect("a page");
        let last = names
            .iter()
            .copied()
            .max_by(|a, b| listing_order(a, b))
            .expect("a page");
        let prefix = self.options.prefix.as_deref().unwrap_or_default();
        // A chain up to a stop lists one character's names when the stop is the character after it.
        let scope = match &self.stop {
            None => prefix.to_string(),
            Some(stop) => match last.as_bytes().get(prefix.len()) {
                Some(c) if *c < LAST as u8 && *stop == format!("{prefix}{}", char::from(c + 1)) => {
                    format!("{prefix}{}", char::from(*c))
                }
                _ => return Vec::new(),
            },
        };
        let sample = Sample {
            names,
            first,
            last,
            marker,
            page: size,
        };
        let Some(parts) = deeper(
            &scope,
            &sample,
            self.options.delimiter.as_deref().and_then(|d| d.chars().next()),
        ) else {
            return Vec::new();
        };
        let taken = self
            .budget
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |b| b.checked_sub(parts.len()));
        if taken.is_err() { Vec::new() } else { parts }
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
    use crate::blob::BlobItem;

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
                prefix: "logs/".into(),
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
