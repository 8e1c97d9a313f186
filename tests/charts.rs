//! The pictures, read back through their labelled figures (egui_kittest) on data seeded in a real Azurite:
//! the partition map's top partition, a queue's backlog after puts and deletes, lease states on the
//! timeline, a dequeued message's invisibility window, and an account's queues side by side.

mod common;
mod ui;

use std::time::Duration;

use bytes::Bytes;
use common::unique;
use tessera::storage::blob::Conditions;
use tessera::storage::blob::{BlobHttpHeaders, PublicAccess};
use tessera::storage::blob::{LeaseDuration, LeaseTarget};
use tessera::storage::queue::MessageTtl;
use tessera::storage::table::BatchOperation;
use tessera::storage::table::EntityDraft;
use ui::TestApp;

#[test]
fn the_partition_map_names_the_top_partition_and_filters_to_a_clicked_one() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let table = unique("map");
    rt.block_on(async {
        client.create_table(&table).await.unwrap();
        for (pk, n) in [("hot", 300), ("warm", 200), ("cold", 100)] {
            for chunk in (0..n).collect::<Vec<_>>().chunks(100) {
                let ops: Vec<_> = chunk
                    .iter()
                    .map(|i| BatchOperation::Insert(EntityDraft::new(pk, format!("r{i:03}"))))
                    .collect();
                client.submit_batch(&table, &ops).await.unwrap();
            }
        }
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_table(&table);
    t.wait_for_contains("600 entities loaded");
    t.click("Partition map");
    t.wait_for_contains(
        "Top partition: hot with 300 entities (50.0% of 600); 3 partitions (counted over the loaded rows)",
    );
    t.wait_for_contains("Hot-partition risk");
    t.click("Scan whole table");
    t.wait_for_contains("(counted over the whole table)");
    t.click("Partition counts as text");
    t.click("warm: 200");
    t.wait_for_contains("200 entities loaded");
    assert_eq!(t.table().filter_text(), "PartitionKey eq 'warm'");
    assert!(t.table().store().iter().all(|e| e.partition_key() == "warm"));
    // The loaded rows are one partition now; a scan still counts the whole table, not the filtered query.
    t.click("Back to the loaded rows");
    t.wait_for_contains(
        "Top partition: warm with 200 entities (100.0% of 200); 1 partition (counted over the loaded rows)",
    );
    t.click("Scan whole table");
    t.wait_for_contains(
        "Top partition: hot with 300 entities (50.0% of 600); 3 partitions (counted over the whole table)",
    );
}

#[test]
fn a_queues_backlog_follows_puts_and_deletes() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let q = unique("backlog");
    rt.block_on(async {
        client.create_queue(&q, &[]).await.unwrap();
        for i in 0..3 {
            client
                .put_message(&q, &format!("m{i}"), None, MessageTtl::Default)
                .await
                .unwrap();
        }
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &q);
    t.click("Backlog over time");
    t.wait_for_contains("Backlog now: 3 messages");
    t.click("Watch every");
    let got = rt.block_on(client.get_messages(&q, 2, 30)).unwrap();
    for m in got {
        rt.block_on(client.delete_message(&q, &m.id, &m.pop_receipt)).unwrap();
    }
    t.wait_app(
        "the backlog to fall",
        Duration::from_secs(30),
        |app| matches!(app.active_queue(), Some(p) if p.backlog().samples.back().is_some_and(|(_, n)| *n == 1.0)),
    );
    t.wait_for_contains("Backlog now: 1 messages, draining at");
}

#[test]
fn the_lease_timeline_shows_a_lease_taken_by_someone_else() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let container = unique("timeline");
    rt.block_on(async {
        client
            .create_container(&container, PublicAccess::None, &[])
            .await
            .unwrap();
        client
            .put_blob(
                &container,
                "locked.txt",
                Bytes::from_static(b"x"),
                &BlobHttpHeaders::default(),
                &[],
                &Conditions::none(),
            )
            .await
            .unwrap();
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Blob containers", &container);
    t.wait_for("locked.txt");
    t.click("Lease timeline");
    // A listing keeps no timeline for blobs nobody leased (a million of them would cost a million series).
    t.wait_for_contains("No lease seen yet");
    let target = LeaseTarget::Blob {
        container: &container,
        blob: "locked.txt",
    };
    rt.block_on(client.acquire_lease(target, LeaseDuration::Infinite, None, &Conditions::none()))
        .unwrap();
    t.click("Refresh");
    t.click("Lease states as text");
    t.wait_for_contains("locked.txt: leased since");
    t.wait_for_contains("history: available at");
    let copied = t.copied_by_clicking("Copy the lease states");
    assert!(copied.contains("locked.txt: leased since"), "{copied}");
}

#[test]
fn a_dequeued_messages_invisibility_window_is_drawn_with_its_numbers() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let q = unique("window");
    rt.block_on(async {
        client.create_queue(&q, &[]).await.unwrap();
        client
            .put_message(&q, "hide me", None, MessageTtl::Default)
            .await
            .unwrap();
    });
    let mut t = TestApp::with_emulator(&rt);
    t.open_resource("Queues", &q);
    t.wait_for("hide me");
    t.click("30 s");
    t.click("Dequeue");
    t.wait_for_contains("Visible again in");
    t.click("Invisibility windows as text");
    t.wait_for_contains("(visible again in");
    let copied = t.copied_by_clicking("Copy the invisibility windows");
    assert!(copied.contains("(visible again in"), "{copied}");
}

#[test]
fn an_accounts_queues_are_shown_side_by_side() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let (high, low) = (unique("high"), unique("low"));
    rt.block_on(async {
        client.create_queue(&high, &[]).await.unwrap();
        client.create_queue(&low, &[]).await.unwrap();
        for i in 0..4 {
            client
                .put_message(&low, &format!("m{i}"), None, MessageTtl::Default)
                .await
                .unwrap();
        }
    });
    let mut t = TestApp::with_emulator(&rt);
    t.click("Test emulator");
    t.wait_for_contains("Blob containers");
    t.click("Tools");
    t.click("Queue backlogs");
    t.wait_for_contains(&format!("{high}: Backlog now: 0 messages"));
    t.wait_for_contains(&format!("{low}: Backlog now: 4 messages"));
}
