//! Demo data for the run command, chosen to show every pane at work: a large table across many partitions and
//! one entity of every Edm type; nested folders, leased blobs and a snapshot; a queue with poison-ish,
//! invisible and fresh messages.

use bytes::Bytes;
use tokio_util::sync::CancellationToken;

use crate::storage::TransferProgress;
use crate::storage::blob::Conditions;
use crate::storage::blob::{BlobHttpHeaders, PublicAccess};
use crate::storage::blob::{LeaseDuration, LeaseTarget};
use crate::storage::queue::{MessageEncoding, MessageTtl};
use crate::storage::table::BatchOperation;
use crate::storage::table::EntityDraft;
use crate::storage::table::UpdateMode;
use crate::storage::table::{EdmDateTime, EdmValue};
use crate::storage::{Client, StorageError};

pub const CUSTOMERS: &str = "demoCustomers";
/// The big table's size: enough for paging, the partition map and a quick filter worth timing, seeded in seconds.
pub const ENTITIES: usize = 10_000;
pub const TYPES: &str = "demoTypes";
pub const CONTAINER: &str = "demo";
pub const QUEUE: &str = "demo-orders";
/// Priority queues and how many messages each starts with.
pub const PRIORITY_QUEUES: [(&str, usize); 2] = [("demo-jobs-high", 3), ("demo-jobs-low", 24)];

/// Seeds everything; `entities` sets the size of the big table. Progress counts entities.
pub async fn seed(
    client: &Client,
    entities: usize,
    progress: &TransferProgress,
    cancel: &CancellationToken,
) -> Result<String, StorageError> {
    progress.start(entities as u64);
    seed_blobs(client).await?;
    seed_queue(client).await?;
    seed_types(client).await?;
    let shape = Shape {
        table: CUSTOMERS,
        entities,
        // Skewed on purpose: region-000 holds ten times an ordinary partition's rows, so the partition map has a
        // hot partition to show. Not more: Azurite's in-memory table store costs more per insert as a partition
        // grows (2.4 ms at 2,000 rows, 5.6 ms at 10,000, measured here), and the demo must be ready in seconds.
        partitions: 100.min(entities.max(2)),
        hot: entities / 10,
        // One batch of 50 at a time: the emulator's cost per entity, not the round trips, sets how long the demo
        // takes (7.6-7.8 s for 10,000 whether 100 x 2 or 50 x 1, measured here), and a user's request that
        // arrives meanwhile waits behind one batch of 50 at most (two of 100 before). The tree's slowest answers
        // while seeding went from 23-36 ms to 8-17 ms in three runs each (`cargo bench --bench shell --
        // demo_seeding`).
        batch: 50,
        in_flight: 1,
    };
    seed_rows(client, &shape, progress, cancel).await?;
    let entities = crate::app::widgets::format::thousands(entities as u64);
    Ok(format!(
        "{entities} entities in `{CUSTOMERS}`, every Edm type in `{TYPES}`, container `{CONTAINER}`, queue `{QUEUE}` and two priority queues"
    ))
}

/// An "already exists" from an earlier seeding is fine.
fn ensure<T>(result: Result<T, StorageError>) -> Result<(), StorageError> {
    match result {
        Ok(_) => Ok(()),
        Err(e) if e.status == Some(409) => Ok(()),
        Err(e) => Err(e),
    }
}

/// A table of customers to seed: how many rows, over how many partitions, and how many of them the first
/// (hot) partition holds; the others share the rest evenly.
pub struct Shape {
    pub table: &'static str,
    pub entities: usize,
    pub partitions: usize,
    pub hot: usize,
    /// Entities a batch (at most 100, the service's limit) and batches in flight at once.
    pub batch: usize,
    pub in_flight: usize,
}

/// The explicit "Seed a million rows" job (Tools menu): a table big enough to feel the grid's scale, in
/// partitions of 1,000 so that Azurite's cost per insert stays flat.
pub const MILLION: Shape = Shape {
    table: "demoMillion",
    entities: 1_000_000,
    partitions: 1_000,
    hot: 1_000,
    // Full batches, two at a time: a job the user waits for, possibly on a real account a round trip away.
    batch: 100,
    in_flight: 2,
};

/// Seeds a million rows into `MILLION.table`. Progress counts entities; rows are upserted, so Retry carries on.
pub async fn seed_million(
    client: &Client,
    progress: &TransferProgress,
    cancel: &CancellationToken,
) -> Result<String, StorageError> {
    progress.start(MILLION.entities as u64);
    seed_rows(client, &MILLION, progress, cancel).await?;
    Ok(format!(
        "{} entities in `{}`",
        crate::app::widgets::format::thousands(MILLION.entities as u64),
        MILLION.table
    ))
}

async fn seed_rows(
    client: &Client,
    shape: &Shape,
    progress: &TransferProgress,
    cancel: &CancellationToken,
) -> Result<(), StorageError> {
    let Shape {
        table,
        entities,
        partitions,
        hot,
        batch,
        in_flight,
    } = *shape;
    ensure(client.create_table(table).await)?;
    let cities = ["Oslo", "Lima", "Kyoto", "Perth", "Accra", "Quito", "Turku", "Hanoi"];
    let (share, spare) = ((entities - hot) / (partitions - 1), (entities - hot) % (partitions - 1));
    let size = |p: usize| {
        if p == 0 {
            hot
        } else {
            share + usize::from(p - 1 < spare)
        }
    };
    let mut set = tokio::task::JoinSet::new();
    let mut written = 0;
    for p in 0..partitions {
        let per_partition = size(p);
        let mut start = 0;
        while start < per_partition && written < entities {
            if cancel.is_cancelled() {
                return Err(StorageError::cancelled("Seed the demo data"));
            }
            let end = (start + batch.clamp(1, 100))
                .min(per_partition)
                .min(start + entities - written);
            let ops: Vec<BatchOperation> = (start..end)
                .map(|i| {
                    let n = written + i - start;

                    let draft = EntityDraft::new(format!("region-{p:03}"), format!("customer-{i:06}"))
                        .with("Name", EdmValue::String(format!("Customer {n}")))
                        .with("City", EdmValue::String(cities[n % cities.len()].into()))
                        .with("Orders", EdmValue::Int32((n % 97) as i32))
                        .with("Balance", EdmValue::Double((n % 10_000) as f64 / 7.0))
                        .with("LifetimeCents", EdmValue::Int64(9_007_199_254_740_993 + n as i64))
                        .with("Active", EdmValue::Boolean(n % 3 != 0))
                        .with(
                            "Joined",
                            EdmValue::DateTime(EdmDateTime::parse("2020-01-01T00:00:00.1234567Z").expect("date")),
                        )
                        .with("Ref", EdmValue::Guid(uuid::Uuid::from_u128(n as u128)));
                    BatchOperation::Upsert {
                        entity: draft,
                        mode: UpdateMode::Replace,
                    }
                })
                .collect();
            written += ops.len();
            start = end;
            // Few batches in flight keep the emulator busy without a queue in front of the user's own requests:
            // the tree and open tabs answer while the demo seeds.
            while set.len() >= in_flight.max(1) {
                progress.add(set.join_next().await.expect("task").expect("join")?);
            }
            let c = client.clone();
            set.spawn(async move {
                let n = ops.len() as u64;
                c.submit_batch(table, &ops).await.map(|_| n)
            });
        }
    }
    while let Some(r) = set.join_next().await {
        progress.add(r.expect("join")?);
    }
    Ok(())
}

async fn seed_types(client: &Client) -> Result<(), StorageError> {
    ensure(client.create_table(TYPES).await)?;
    let every = EntityDraft::new("types", "extremes")
        .with(
            "AString",
            EdmValue::String("Grüße, 世界 — quotes ' \" and a\nnewline".into()),
        )
        .with("AnInt32", EdmValue::Int32(i32::MIN))
        .with("AnInt64", EdmValue::Int64(9_007_199_254_740_993))
        .with("ADouble", EdmValue::Double(0.1 + 0.2))
        .with("NotANumber", EdmValue::Double(f64::NAN))
        .with("Infinite", EdmValue::Double(f64::INFINITY))
        .with("ABoolean", EdmValue::Boolean(true))
        .with(
            "ADateTime",
            EdmValue::DateTime(EdmDateTime::parse("2026-11-22T08:30:00.1234567Z").expect("date")),
        )
        .with("EarliestDate", EdmValue::DateTime(EdmDateTime::MIN))
        .with(
            "AGuid",
            EdmValue::Guid(uuid::Uuid::from_u128(0x6f9619ff_8b86_d011_b42d_00c04fc964ff)),
        )
        .with("ABinary", EdmValue::Binary(vec![0xde, 0xad, 0xbe, 0xef, 0x00, 0xff]));
    client.upsert_entity(TYPES, &every, UpdateMode::Replace).await?;
    // Text in many scripts, as people store it.
    let scripts = EntityDraft::new("types", "scripts")
        .with("Russian", EdmValue::String("Привет, мир".into()))
        .with("Chinese", EdmValue::String("你好，世界".into()))
        .with("Japanese", EdmValue::String("こんにちは、東京".into()))
        .with("Korean", EdmValue::String("안녕하세요".into()))
        .with("Greek", EdmValue::String("Καλημέρα".into()))
        .with("Arabic", EdmValue::String("مرحبا بالعالم".into()))
        .with("Hebrew", EdmValue::String("שלום עולם".into()))
        .with("Hindi", EdmValue::String("नमस्ते दुनिया".into()))
        .with("Thai", EdmValue::String("สวัสดีชาวโลก".into()))
        .with("Emoji", EdmValue::String("📦 🚚 ✅".into()));
    client.upsert_entity(TYPES, &scripts, UpdateMode::Replace).await?;
    // The same name with another type in a second entity: the grid shows the clash.
    let clash = EntityDraft::new("types", "clash").with("AnInt32", EdmValue::String("not a number".into()));
    client.upsert_entity(TYPES, &clash, UpdateMode::Replace).await?;
    Ok(())
}

async fn seed_blobs(client: &Client) -> Result<(), StorageError> {
    ensure(
        client
            .create_container(CONTAINER, PublicAccess::None, &[("purpose".into(), "demo".into())])
            .await,
    )?;
    let text = |s: &'static str| Bytes::from_static(s.as_bytes());
    let plain = BlobHttpHeaders {
        content_type: Some("text/plain".into()),
        ..Default::default()
    };
    let files: [(&str, Bytes, &str); 8] = [
        ("readme.txt", text("Demo container for Tessera.\n"), "text/plain"),
        // Names and text in other scripts: they draw with the system's fonts.
        (
            "international/東京レポート 2026 отчёт.txt",
            text("Отчёт за ноябрь, 東京 📦\n"),
            "text/plain; charset=utf-8",
        ),
        (
            "docs/guide.md",
            text("# Guide\n\nFolders are prefixes.\n"),
            "text/markdown",
        ),
        ("docs/api/v1/reference.md", text("## Reference\n"), "text/markdown"),
        (
            "data/2026/11/report.csv",
            text("region,orders\nnorth,12\nsouth,7\n"),
            "text/csv",
        ),
        (
            "data/2026/11/raw.bin",
            Bytes::from((0u8..=255).cycle().take(4096).collect::<Vec<u8>>()),
            "application/octet-stream",
        ),
        (
            "locks/held-forever.txt",
            text("under an infinite lease\n"),
            "text/plain",
        ),
        (
            "locks/held-for-a-minute.txt",
            text("under a 60 second lease\n"),
            "text/plain",
        ),
    ];
    for (name, body, content_type) in files {
        let http = BlobHttpHeaders {
            content_type: Some(content_type.into()),
            ..plain.clone()
        };
        // A blob still leased from a previous seeding refuses the write; leave it as it is.
        match client
            .put_blob(CONTAINER, name, body, &http, &[], &Conditions::none())
            .await
        {
            Err(e) if e.is_lease_conflict() => {}
            other => drop(other?),
        }
    }
    client
        .snapshot_blob(CONTAINER, "readme.txt", &Conditions::none())
        .await?;
    client
        .put_blob(
            CONTAINER,
            "readme.txt",
            text("Demo container for Tessera (edited after a snapshot).\n"),
            &plain,
            &[],
            &Conditions::none(),
        )
        .await?;
    for (name, duration) in [
        ("locks/held-forever.txt", LeaseDuration::Infinite),
        ("locks/held-for-a-minute.txt", LeaseDuration::Seconds(60)),
    ] {
        let target = LeaseTarget::Blob {
            container: CONTAINER,
            blob: name,
        };
        ensure(client.acquire_lease(target, duration, None, &Conditions::none()).await)?;
    }
    Ok(())
}

async fn seed_queue(client: &Client) -> Result<(), StorageError> {
    ensure(client.create_queue(QUEUE, &[("consumer".into(), "demo".into())]).await)?;
    client.clear_messages(QUEUE).await?;
    for i in 0..8 {
        let body = format!("{{\"order\":{i},\"items\":{}}}", i * 3 + 1);
        let text = if i % 2 == 0 {
            MessageEncoding::Base64.encode(body.as_bytes())
        } else {
            Ok(body)
        };
        client
            .put_message(QUEUE, &text.expect("UTF-8"), None, MessageTtl::Default)
            .await?;
    }
    // Dequeue the front messages repeatedly with a 1 s timeout and let them reappear: rising counts.
    for _ in 0..6 {
        client.get_messages(QUEUE, 2, 1).await?;
        tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    }
    // One message taken for an hour: invisible until then.
    client.get_messages(QUEUE, 1, 3600).await?;
    // An order in other scripts, with an emoji.
    client
        .put_message(QUEUE, "Заказ 9 отправлен 📦 出荷済み", None, MessageTtl::Default)
        .await?;
    // Priority queues, one per priority as is usual, so Tools > Queue backlogs has several lines to compare.
    for (queue, backlog) in PRIORITY_QUEUES {
        ensure(client.create_queue(queue, &[]).await)?;
        client.clear_messages(queue).await?;
        for i in 0..backlog {
            client
                .put_message(queue, &format!("{{\"job\":{i}}}"), None, MessageTtl::Default)
                .await?;
        }
    }
    Ok(())
}
