//! The run command's demo data, seeded into a real Azurite (this test binary's own, so the fixed demo names
//! collide with nothing): the hot partition, every Edm type, leased blobs and a snapshot, the queues' backlogs.

mod common;

use tessera::demo::{self, CONTAINER, CUSTOMERS, PRIORITY_QUEUES, QUEUE, TYPES};
use tessera::storage::TransferProgress;
use tessera::storage::blob::ListBlobsOptions;
use tessera::storage::table::EntityQuery;
use tokio_util::sync::CancellationToken;

#[test]
fn the_demo_seeds_what_each_pane_shows_and_a_retry_succeeds() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let progress = TransferProgress::new();
    let cancel = CancellationToken::new();
    let said = rt.block_on(demo::seed(&client, 1_000, &progress, &cancel)).unwrap();
    assert!(said.starts_with("1,000 entities in `demoCustomers`"), "{said}");
    assert_eq!(progress.done(), 1_000, "progress counted every entity");

    // Read back by someone else's code: Microsoft's Python SDK sees every entity, and the first and the second
    // batch's first rows typed as written (an Int64 above 2^53 stays exact).
    let cs = common::emulator().connection_string();
    let listed = common::peer::run(&cs, &["bench-list-entities", CUSTOMERS]);
    assert_eq!(listed["count"], 1_000, "{listed}");
    for (row, n) in [("customer-000000", 0u64), ("customer-000050", 50)] {
        let e = common::peer::run(&cs, &["entity", CUSTOMERS, "region-000", row])["entity"].clone();
        assert_eq!(e["Name"]["value"], format!("Customer {n}"), "{e}");
        assert_eq!(e["LifetimeCents"]["type"], "Edm.Int64", "{e}");
        assert_eq!(
            e["LifetimeCents"]["value"],
            (9_007_199_254_740_993 + n).to_string(),
            "{e}"
        );
        assert_eq!(e["Active"]["value"], n % 3 != 0, "{e}");
    }

    rt.block_on(async {
        // One partition ten times the size of the others: the partition map's hot partition.
        let mut keys = Vec::new();
        let query = EntityQuery {
            select: vec!["PartitionKey".into()],
            ..EntityQuery::default()
        };
        client
            .for_each_entity_page(CUSTOMERS, &query, None, |page| {
                keys.extend(page.entities.iter().map(|e| e.partition_key().to_string()));
                true
            })
            .await
            .unwrap();
        assert_eq!(keys.len(), 1_000);
        assert_eq!(keys.iter().filter(|k| *k == "region-000").count(), 100);
        let partitions: std::collections::BTreeSet<&String> = keys.iter().collect();
        assert_eq!(partitions.len(), 100);
        assert!(
            keys.iter().filter(|k| *k == "region-001").count() <= 10,
            "an ordinary partition is a tenth of it"
        );

        let types = client
            .query_entities(TYPES, &EntityQuery::default(), None)
            .await
            .unwrap();
        assert_eq!(
            types.entities.len(),
            3,
            "every Edm type, text in many scripts, and a type clash"
        );

        let flat = ListBlobsOptions {
            include_snapshots: true,
            ..ListBlobsOptions::default()
        };
        let blobs = client.list_blobs(CONTAINER, &flat).await.unwrap().blobs;
        assert!(
            blobs.iter().any(|b| b.name == "readme.txt" && b.snapshot.is_some()),
            "a snapshot"
        );
        let leased = blobs
            .iter()
            .filter(|b| b.snapshot.is_none() && b.properties.lease.state.as_str() == "leased")
            .count();
        assert_eq!(leased, 2, "one blob leased forever, one for a minute");

        for (queue, backlog) in PRIORITY_QUEUES {
            let props = client.get_queue_properties(queue).await.unwrap();
            assert_eq!(props.approximate_message_count, backlog as u64, "{queue}");
        }
        // One demo order is hidden for an hour: counted, but not visible to a peek.
        let count = client
            .get_queue_properties(QUEUE)
            .await
            .unwrap()
            .approximate_message_count;
        let visible = client.peek_messages(QUEUE, 32).await.unwrap().len() as u64;
        assert_eq!(visible + 1, count);
    });

    // Retry (the activity list's button) seeds again over what is there without failing.
    rt.block_on(demo::seed(&client, 1_000, &TransferProgress::new(), &cancel))
        .unwrap();
}

#[test]
fn the_demo_s_emulator_answers_an_app_on_a_newer_sdk_than_it_knows() {
    // The ports the demo prefers are likely taken by other tests' emulators: any free ones serve as well.
    let demo = tessera::emulator::Emulator::start_preferring([1, 2, 3]).expect("the demo's emulator starts");
    let cs = demo.connection_string();
    // Microsoft's Python SDK at its own (newest) API version, as a user's app would send it.
    let listed = common::peer::run(&cs, &["container-names", ""]);
    assert_eq!(listed["names"], serde_json::json!([]), "{listed}");
}
