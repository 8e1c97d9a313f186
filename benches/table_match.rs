//! A table query with a part that runs here (contains in any case, which OData lacks), over a million
//! entities: the pages as the service sends them, parsed and taken by the tab as Load all hands them over,
//! matched here, against the same pages taken with nothing matched here. Run: `cargo bench --bench table_match`.
//!
//! The service is left out on purpose: its time would be the same on both sides and hide what matching costs,
//! so this is the strict form of `table_match_1m` (behind a real link the ratio only comes closer to 1).

mod common;

#[global_allocator]
static ALLOCATOR: tessera::allocator::Allocator = tessera::allocator::Allocator;

use std::sync::Arc;
use std::time::Instant;

use common::goal_spread;
use tessera::app::table::pane::TablePane;
use tessera::app::table::row_match::{MatchGroup, MatchOp, RowMatch, RowMatches};
use tessera::storage::table::{EdmValue, EntityDraft, EntityPage, parse_entity_page};

const MILLION: usize = 1_000_000;
const PAGE: usize = 1_000;

fn entity(n: usize) -> EntityDraft {
    let cities = ["Oslo", "Lima", "Kyoto", "Perth"];
    let name = match n % 50 {
        0 => format!("Nordic KRAFT customer {n}"),
        _ => format!("customer {n}"),
    };
    EntityDraft::new(format!("partition{:04}", n / PAGE), format!("row{n:07}"))
        .with("Name", EdmValue::String(name))
        .with("City", EdmValue::String(cities[n % 4].into()))
        .with("Age", EdmValue::Int32((n % 90) as i32))
        .with("Balance", EdmValue::Double(n as f64 * 1.25))
        .with("Active", EdmValue::Boolean(n.is_multiple_of(3)))
        .with_etag(Some(format!(
            "W/\"datetime'2026-11-22T08%3A30%3A00.{:07}Z'\"",
            n % 10_000_000
        )))
}

/// The service's answers: a million entities in pages of 1,000, as JSON bodies.
fn bodies() -> Vec<Vec<u8>> {
    (0..MILLION / PAGE)
        .map(|p| {
            let value: Vec<serde_json::Value> = (p * PAGE..(p + 1) * PAGE)
                .map(|n| entity(n).to_entity().to_json())
                .collect();
            serde_json::to_vec(&serde_json::json!({ "value": value })).unwrap()
        })
        .collect()
}

/// Entities a second through the tab: each body parsed (as the client does) and handed to the tab as Load all
/// hands its pages, matched here or not. Returns the rate and how many rows the tab holds.
fn through_the_tab(bodies: &[Vec<u8>], matching: Option<Arc<RowMatches>>) -> (f64, usize) {
    let mut pane = TablePane::new("bench");
    pane.set_matching(matching);
    let started = Instant::now();
    for body in bodies {
        let entities = parse_entity_page(body).unwrap();
        pane.append_listed(EntityPage {
            entities,
            continuation: None,
            response_bytes: body.len(),
        });
    }
    let rate = MILLION as f64 / started.elapsed().as_secs_f64();
    (rate, pane.store().len())
}

fn main() {
    let bodies = bodies();
    let contains = Arc::new(RowMatches {
        groups: vec![MatchGroup {
            any: false,
            matches: vec![RowMatch::new("Name", MatchOp::Contains, "kraft", true)],
        }],
    });
    let rounds = common::rounds(
        common::ROUNDS,
        &["matched here/s", "nothing matched here/s"],
        |_, side| {
            let (rate, held) = match side {
                0 => through_the_tab(&bodies, Some(contains.clone())),
                _ => through_the_tab(&bodies, None),
            };
            let expected = if side == 0 { MILLION / 50 } else { MILLION };
            assert_eq!(held, expected, "the tab holds what matched");
            rate
        },
    );
    goal_spread(
        "table_match_1m",
        format!("{:.0}/s(contains,any_case)", rounds.median(0)),
        format!("{:.0}/s(same_pages,nothing_matched_here)", rounds.median(1)),
        rounds.ratio(0, 1),
        ">=0.9",
    );
}
