//! A query's remaining pages as PartitionKey ranges queried at once, handed over in key order as if one chain
//! of continuation tokens had read them.
//!
//! A continuation chain is sequential: a hundred thousand entities in pages of 1,000 are a hundred round trips
//! one after another. A range of partition keys is a filter (`PartitionKey ge 'a' and PartitionKey lt 'b'`),
//! and ranges that touch cover the key space whatever the keys are, so cutting it is always exact; where the
//! cuts fall only decides how even the parts are. They fall after the last key seen, at each of its positions
//! (`p0009` gives `p001`…`p009`, `p01`…`p09`, `p1`…`p9`, `q`…`z`, each class of characters to its end), and a
//! part that turns out large (its first page comes with a token) is cut again the same way after its own last
//! key. A part's chain goes on from the token of the page before it: a token names a position in the table
//! (the next partition and row key), not a query.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use tokio::sync::{Semaphore, mpsc};
use tokio::task::JoinSet;

use crate::Client;
use crate::error::Result;
use crate::listing::next_event;
use crate::names::listing_order;
use crate::table::{ContinuationToken, EntityPage, EntityQuery};
use crate::words::said;

/// Queries in flight at once, at most.
pub const PARALLEL_QUERIES: usize = 16;

/// At most this many cuts at once (a query each).
const MAX_CUTS: usize = 48;

/// How many times a part is cut again (each cut makes parts about a class of characters smaller).
const MAX_DEPTH: u8 = 2;

/// A range of partition keys: from `lo` (inclusive; None: the start) to `hi` (exclusive; None: the end).
#[derive(Clone, Debug, PartialEq, Eq)]
struct KeyRange {
    lo: Option<String>,
    hi: Option<String>,
}

impl KeyRange {
    /// The query's filter, narrowed to the range.
    fn filter(&self, filter: Option<&str>) -> Option<String> {
        let quote = |k: &str| format!("'{}'", k.replace('\'', "''"));
        let mut terms: Vec<String> = filter
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .map(|f| format!("({f})"))
            .into_iter()
            .collect();
        terms.extend(self.lo.as_deref().map(|lo| format!("PartitionKey ge {}", quote(lo)))); // i18n-ignore: OData
        terms.extend(self.hi.as_deref().map(|hi| format!("PartitionKey lt {}", quote(hi)))); // i18n-ignore: OData
        (!terms.is_empty()).then(|| terms.join(" and "))
    }
}

/// Where to cut after `key` inside `range`: at each position of the key, the next characters of its class
/// (digits, lower- or upper-case letters) and the class's end; sorted, inside the range, past the key.
fn cuts(key: &str, range: &KeyRange) -> Vec<String> {
    let mut out = Vec::new();
    for (at, c) in key.char_indices() {
        let head = &key[..at];
        let class = match c {
            '0'..='9' => '0'..='9',
            'a'..='z' => 'a'..='z',
            'A'..='Z' => 'A'..='Z',
            _ => continue,
        };
        let end = char::from_u32(*class.end() as u32 + 1).expect("ASCII");
        out.extend(class.filter(|d| *d > c).chain([end]).map(|d| format!("{head}{d}")));
    }
    out.retain(|b| listing_order(b, key).is_gt() && range.hi.as_deref().is_none_or(|hi| listing_order(b, hi).is_lt()));
    // The first positions' cuts are the coarsest; past MAX_CUTS the rest of the key space stays in the last part
    // (cut again if it is large): a long key (a GUID, a timestamp) would otherwise make hundreds of empty parts.
    out.truncate(MAX_CUTS);
    out.sort_by(|a, b| listing_order(a, b));
    out.dedup();
    out
}

/// `range` after a page that ended at partition `key` with `token`: the first part goes on from the token,
/// up to the first cut; the others start at a cut each.
fn split(range: &KeyRange, key: &str, token: ContinuationToken, depth: u8) -> Vec<Part> {
    let cuts = cuts(key, range);
    let mut bounds: Vec<Option<String>> = vec![range.lo.clone()];
    bounds.extend(cuts.into_iter().map(Some));
    bounds.push(range.hi.clone());
    bounds
        .windows(2)
        .enumerate()
        .map(|(i, w)| Part {
            range: KeyRange {
                lo: w[0].clone(),
                hi: w[1].clone(),
            },
            start: (i == 0).then(|| token.clone()),
            depth,
        })
        .collect()
}

#[derive(Clone, Debug, PartialEq)]
struct Part {
    range: KeyRange,
    start: Option<ContinuationToken>,
    depth: u8,
}

/// What a part's chain sends: its first page may come with the part cut again (the parts that follow it).
enum Event {
    Page(EntityPage, bool),
    Cut(EntityPage, Vec<Part>),
    Failed(crate::StorageError),
}

#[derive(Default)]
struct Slot {
    pages: VecDeque<EntityPage>,
    done: bool,
}

/// Every page `query` has, in key order, queried as ranges at once, handed to `on_page` until it returns false:
/// from the start, or from `start` (the token after a page that ended at partition key `.0`). Each page handed
/// over carries the token a later query would resume from; the last carries none.
pub async fn for_each_page_in_ranges(
    client: &Client,
    table: &str,
    query: &EntityQuery,
    start: Option<(String, ContinuationToken)>,
    mut on_page: impl FnMut(EntityPage) -> bool,
) -> Result<()> {
    let whole = KeyRange { lo: None, hi: None };
    let permits = Arc::new(Semaphore::new(PARALLEL_QUERIES));
    let (tx, mut rx) = mpsc::unbounded_channel::<(u64, Event)>();
    let mut chains = JoinSet::new();
    // The parts in key order, by id: a cut inserts its parts after the one it came from.
    let mut order: Vec<u64> = Vec::new();
    let mut slots: HashMap<u64, Slot> = HashMap::new();
    let mut next_id = 0u64;
    let mut launch = |parts: Vec<Part>, chains: &mut JoinSet<()>| -> Vec<u64> {
        parts
            .into_iter()
            .map(|part| {
                let id = next_id;
                next_id += 1;
                let chain = Chain {
                    client: client.clone(),
                    table: table.to_string(),
                    query: query.clone(),
                    part,
                };
                chains.spawn(chain.run(id, permits.clone(), tx.clone()));
                id
            })
            .collect()
    };
    let (parts, mut resume) = match start {
        Some((after, token)) => (split(&whole, &after, token.clone(), 0), Some(token)),
        // From the start: one part, cut after its first page.
        None => (
            vec![Part {
                range: whole,
                start: None,
                depth: 0,
            }],
            None,
        ),
    };
    for id in launch(parts, &mut chains) {
        order.push(id);
        slots.insert(id, Slot::default());
    }
    let mut front = 0;
    while front < order.len() {
        let slot = slots.get_mut(&order[front]).expect("a slot per part");
        while let Some(mut page) = slot.pages.pop_front() {
            if page.continuation.is_some() {
                resume = page.continuation.clone();
            }
            let last = front + 1 == order.len() && slot.done && slot.pages.is_empty();
            page.continuation = resume.clone().filter(|_| !last);
            if !on_page(page) {
                return Ok(());
            }
        }
        if slot.done {
            slots.remove(&order[front]);
            front += 1;
            continue;
        }
        let Some((id, event)) = next_event(&mut rx, &mut chains, &said("error-op-query-in-ranges")).await? else {
            break;
        };
        let slot = slots.get_mut(&id).expect("a slot per part");
        match event {
            Event::Failed(e) => return Err(e),
            Event::Page(page, done) => {
                slot.pages.push_back(page);
                slot.done = done;
            }
            Event::Cut(page, parts) => {
                slot.pages.push_back(page);
                slot.done = true;
                let at = order.iter().position(|o| *o == id).expect("a part in order") + 1;
                let ids = launch(parts, &mut chains);
                for id in &ids {
                    slots.insert(*id, Slot::default());
                }
                order.splice(at..at, ids);
            }
        }
    }
    Ok(())
}

/// One range's chain of tokens.
struct Chain {
    client: Client,
    table: String,
    query: EntityQuery,
    part: Part,
}

impl Chain {
    async fn run(self, id: u64, permits: Arc<Semaphore>, tx: mpsc::UnboundedSender<(u64, Event)>) {
        let query = EntityQuery {
            filter: self.part.range.filter(self.query.filter.as_deref()),
            ..self.query.clone()
        };
        let mut token = self.part.start.clone();
        let mut first = true;
        loop {
            let page = {
                let _permit = permits.acquire().await.expect("never closed");
                self.client.query_entities(&self.table, &query, token.as_ref()).await
            };
            let page = match page {
                Ok(page) => page,
                Err(e) => {
                    let _ = tx.send((id, Event::Failed(e)));
                    return;
                }
            };
            // A part whose first page is not its last is large: cut what follows again, by its last key.
            let key = page
                .entities
                .last()
                .map(|e| e.partition_key().to_string())
                .unwrap_or_default();
            if let Some(t) = page.continuation.clone().filter(|_| first && !key.is_empty())
                && self.part.depth < MAX_DEPTH
            {
                let parts = split(&self.part.range, &key, t, self.part.depth + 1);
                if parts.len() > 1 {
                    let _ = tx.send((id, Event::Cut(page, parts)));
                    return;
                }
            }
            // An empty page with a token (the service's time ran out) does not tell the part's size yet.
            first = first && page.entities.is_empty();
            token = page.continuation.clone();
            let done = token.is_none();
            if tx.send((id, Event::Page(page, done))).is_err() || done {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(lo: Option<&str>, hi: Option<&str>) -> KeyRange {
        KeyRange {
            lo: lo.map(Into::into),
            hi: hi.map(Into::into),
        }
    }

    #[test]
    fn cuts_fall_at_each_position_of_the_last_key() {
        let all = cuts("p09", &range(None, None));
        assert_eq!(
            all,
            [
                "p0:", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p:", "q", "r", "s", "t", "u", "v", "w",
                "x", "y", "z", "{"
            ]
        );
        // Inside a range: only the cuts below its end.
        assert_eq!(cuts("p09", &range(None, Some("p3"))), ["p0:", "p1", "p2"]);
        // Keys of other characters cut nowhere: the part stays whole.
        assert!(cuts("~~", &range(None, None)).is_empty());
    }

    #[test]
    fn the_parts_of_a_split_touch_and_cover_the_range() {
        let token = ContinuationToken {
            next_partition_key: "t".into(),
            next_row_key: None,
        };
        let parts = split(&range(Some("a"), Some("c")), "b8", token.clone(), 1);
        let bounds: Vec<(Option<&str>, Option<&str>)> = parts
            .iter()
            .map(|p| (p.range.lo.as_deref(), p.range.hi.as_deref()))
            .collect();
        assert_eq!(
            bounds,
            [
                (Some("a"), Some("b9")),
                (Some("b9"), Some("b:")),
                (Some("b:"), Some("c"))
            ]
        );
        assert_eq!(parts[0].start, Some(token));
        assert!(parts[1..].iter().all(|p| p.start.is_none() && p.depth == 1));
    }

    #[test]
    fn a_range_narrows_the_query_s_own_filter() {
        assert_eq!(
            range(Some("o'k"), Some("p"))
                .filter(Some("Size gt 3 or Size lt 1"))
                .as_deref(),
            Some("(Size gt 3 or Size lt 1) and PartitionKey ge 'o''k' and PartitionKey lt 'p'")
        );
        assert_eq!(range(None, None).filter(Some("  ")), None);
    }
}
