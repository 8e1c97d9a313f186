//! The Table service against a real Azurite: tables, entities, paging, concurrency, batches, every Edm type.

mod common;

use std::collections::HashSet;

use common::{client, recorded_client, unique};
use tessera::storage::table::BatchOperation;
use tessera::storage::table::EntityDraft;
use tessera::storage::table::{EdmDateTime, EdmValue};
use tessera::storage::table::{EntityQuery, IfMatch, UpdateMode};
use tessera::storage::{Client, ErrorKind};

async fn new_table(c: &Client) -> String {
    let name = unique("t");
    c.create_table(&name).await.expect("create table");
    name
}

/// Inserts `count` entities in partition `pk`, 100 per batch, with ~8 properties each.
async fn fill(c: &Client, table: &str, pk: &str, count: usize) {
    let mut ops = Vec::new();
    for i in 0..count {
        ops.push(BatchOperation::Insert(
            EntityDraft::new(pk, format!("{i:06}"))
                .with("Name", EdmValue::String(format!("item {i}")))
                .with("Index", EdmValue::Int32(i as i32)),
        ));
        if ops.len() == 100 || i + 1 == count {
            c.submit_batch(table, &ops).await.expect("batch insert");
            ops.clear();
        }
    }
}

#[tokio::test]
async fn tables_are_created_listed_across_pages_and_deleted() {
    let c = client();
    let prefix = unique("list");
    let names: Vec<String> = (0..5).map(|i| format!("{prefix}n{i}")).collect();
    for n in &names {
        c.create_table(n).await.unwrap();
    }
    // Pages of two: the continuation token must carry us through all of them.
    let mut seen = Vec::new();
    let mut next = None;
    let mut pages = 0;
    loop {
        let page = c.list_tables(Some(2), next.as_ref()).await.unwrap();
        pages += 1;
        seen.extend(page.tables);
        match page.continuation {
            Some(n) => next = Some(n),
            None => break,
        }
    }
    assert!(
        pages >= 3,
        "five tables in pages of two take at least three pages, took {pages}"
    );
    for n in &names {
        assert_eq!(seen.iter().filter(|s| *s == n).count(), 1, "{n} listed exactly once");
    }
    let again = c.create_table(&names[0]).await.unwrap_err();
    assert_eq!(again.status, Some(409));
    assert!(
        again.plain_words().contains("already exists"),
        "{}",
        again.plain_words()
    );
    c.delete_table(&names[0]).await.unwrap();
    assert!(!c.list_all_tables().await.unwrap().contains(&names[0]));
}

#[tokio::test]
async fn bad_names_and_filters_are_refused_before_any_request() {
    let (c, recorder) = recorded_client(common::account());
    let err = c.create_table("no-dashes").await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::Invalid);
    let query = EntityQuery {
        filter: Some("Name = 'x'".into()),
        ..Default::default()
    };
    let err = c.query_entities("sometable", &query, None).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::Invalid);
    assert!(err.message.to_string().contains("column 6"), "{}", err.message);
    let bad_key = EntityDraft::new("a/b", "r");
    assert_eq!(
        c.insert_entity("sometable", &bad_key).await.unwrap_err().kind,
        ErrorKind::Invalid
    );
    assert!(
        recorder.events().is_empty(),
        "nothing was sent: {:?}",
        recorder.events()
    );
}

#[tokio::test]
async fn entity_lifecycle_insert_read_replace_merge_upsert_delete() {
    let c = client();
    let table = new_table(&c).await;
    let draft = EntityDraft::new("p'1", "r 1&2")
        .with("Name", EdmValue::String("first".into()))
        .with("Count", EdmValue::Int32(1));
    let etag1 = c.insert_entity(&table, &draft).await.unwrap();
    let dup = c.insert_entity(&table, &draft).await.unwrap_err();
    assert_eq!(dup.status, Some(409));
    assert_eq!(dup.code.as_deref(), Some("EntityAlreadyExists"));

    let read = c.get_entity(&table, "p'1", "r 1&2").await.unwrap();
    assert_eq!(read.etag().as_deref(), Some(etag1.as_str()));
    assert_eq!(read.get("Name").unwrap().to_text(), "first");

    // Merge keeps properties it does not mention; Replace drops them.
    let merge = EntityDraft::new("p'1", "r 1&2").with("Extra", EdmValue::Boolean(true));
    let etag2 = c
        .update_entity(&table, &merge, UpdateMode::Merge, &IfMatch::Etag(etag1.clone()))
        .await
        .unwrap();
    assert_ne!(etag1, etag2);
    let merged = c.get_entity(&table, "p'1", "r 1&2").await.unwrap();
    assert!(merged.get("Name").is_some() && merged.get("Extra").is_some());
    let replace = EntityDraft::new("p'1", "r 1&2").with("Only", EdmValue::Int64(5));
    c.update_entity(&table, &replace, UpdateMode::Replace, &IfMatch::Etag(etag2))
        .await
        .unwrap();
    let replaced = c.get_entity(&table, "p'1", "r 1&2").await.unwrap();
    assert!(replaced.get("Name").is_none());
    assert_eq!(replaced.properties().count(), 1);

    // Upserts need no condition and create when missing.
    c.upsert_entity(
        &table,
        &EntityDraft::new("p2", "new").with("A", EdmValue::Int32(1)),
        UpdateMode::Replace,
    )
    .await
    .unwrap();
    c.upsert_entity(
        &table,
        &EntityDraft::new("p2", "new").with("B", EdmValue::Int32(2)),
        UpdateMode::Merge,
    )
    .await
    .unwrap();
    let up = c.get_entity(&table, "p2", "new").await.unwrap();
    assert!(up.get("A").is_some() && up.get("B").is_some());

    c.delete_entity(&table, "p2", "new", &IfMatch::Any).await.unwrap();
    let gone = c.get_entity(&table, "p2", "new").await.unwrap_err();
    assert_eq!(gone.status, Some(404));
    assert!(gone.plain_words().contains("does not exist"));
}

#[tokio::test]
async fn a_stale_etag_gets_412_and_succeeds_after_reload_or_when_forced() {
    let c = client();
    let table = new_table(&c).await;
    let v1 = c
        .insert_entity(&table, &EntityDraft::new("p", "r").with("N", EdmValue::Int32(1)))
        .await
        .unwrap();
    // Someone else writes in between.
    let v2 = c
        .update_entity(
            &table,
            &EntityDraft::new("p", "r").with("N", EdmValue::Int32(2)),
            UpdateMode::Replace,
            &IfMatch::Etag(v1.clone()),
        )
        .await
        .unwrap();
    let mine = EntityDraft::new("p", "r").with("N", EdmValue::Int32(10));
    let stale = c
        .update_entity(&table, &mine, UpdateMode::Replace, &IfMatch::Etag(v1.clone()))
        .await
        .unwrap_err();
    assert_eq!(stale.status, Some(412));
    assert_eq!(stale.code.as_deref(), Some("UpdateConditionNotSatisfied"));
    assert!(
        stale.plain_words().contains("Someone else changed it"),
        "{}",
        stale.plain_words()
    );
    assert!(stale.request_id.is_some());
    assert_eq!(
        c.get_entity(&table, "p", "r")
            .await
            .unwrap()
            .get("N")
            .unwrap()
            .to_text(),
        "2",
        "the 412 changed nothing"
    );

    // Reload, re-apply, save.
    let current = c.get_entity(&table, "p", "r").await.unwrap();
    assert_eq!(current.etag().as_deref(), Some(v2.as_str()));
    let v3 = c
        .update_entity(&table, &mine, UpdateMode::Replace, &IfMatch::Etag(v2))
        .await
        .unwrap();
    assert_eq!(
        c.get_entity(&table, "p", "r").await.unwrap().etag().as_deref(),
        Some(v3.as_str())
    );

    // Forcing with * wins over any ETag; deleting with a stale one fails.
    let forced = EntityDraft::new("p", "r").with("N", EdmValue::Int32(99));
    c.update_entity(&table, &forced, UpdateMode::Replace, &IfMatch::Any)
        .await
        .unwrap();
    assert_eq!(
        c.get_entity(&table, "p", "r")
            .await
            .unwrap()
            .get("N")
            .unwrap()
            .to_text(),
        "99"
    );
    let del = c.delete_entity(&table, "p", "r", &IfMatch::Etag(v3)).await.unwrap_err();
    assert_eq!(del.status, Some(412));
}

#[tokio::test]
async fn paging_reads_five_thousand_entities_exactly_once() {
    let c = client();
    let table = new_table(&c).await;
    for pk in ["a", "b", "c", "d", "e"] {
        fill(&c, &table, pk, 1000).await;
    }
    for top in [None, Some(700)] {
        let query = EntityQuery {
            top,
            ..Default::default()
        };
        let mut seen = HashSet::new();
        let mut next = None;
        let mut pages = 0;
        loop {
            let page = c.query_entities(&table, &query, next.as_ref()).await.unwrap();
            pages += 1;
            for e in &page.entities {
                let key = format!("{}/{}", e.partition_key(), e.row_key());
                assert!(seen.insert(key.clone()), "{key} read twice");
                assert!(e.etag().is_some(), "every entity carries its ETag");
            }
            match page.continuation {
                Some(token) => next = Some(token),
                None => break,
            }
        }
        assert_eq!(seen.len(), 5000, "top {top:?}");
        assert!(pages >= 5, "top {top:?}: {pages} pages");
    }
    // The overlapped lister hands over the same 5,000, in order, and stops when told.
    let mut keys = Vec::new();
    c.for_each_entity_page(&table, &EntityQuery::default(), None, |page| {
        keys.extend(
            page.entities
                .iter()
                .map(|e| format!("{}/{}", e.partition_key(), e.row_key())),
        );
        true
    })
    .await
    .unwrap();
    assert_eq!(keys.len(), 5000);
    assert!(keys.windows(2).all(|w| w[0] < w[1]), "in key order, each once");
    let mut pages = 0;
    c.for_each_entity_page(
        &table,
        &EntityQuery {
            top: Some(100),
            ..Default::default()
        },
        None,
        |_| {
            pages += 1;
            pages < 3
        },
    )
    .await
    .unwrap();
    assert_eq!(pages, 3, "stopped after the third page");
    // A filtered, selected query returns only what was asked.
    let query = EntityQuery {
        filter: Some("PartitionKey eq 'c' and Index ge 990".into()),
        select: vec!["Index".into()],
        top: None,
    };
    let page = c.query_entities(&table, &query, None).await.unwrap();
    assert_eq!(page.entities.len(), 10);
    assert!(
        page.entities
            .iter()
            .all(|e| e.get("Name").is_none() && e.get("Index").is_some())
    );
}

#[tokio::test]
async fn a_failing_batch_leaves_nothing_behind() {
    let c = client();
    let table = new_table(&c).await;
    c.insert_entity(&table, &EntityDraft::new("p", "taken")).await.unwrap();
    let ops = vec![
        BatchOperation::Insert(EntityDraft::new("p", "fresh1")),
        BatchOperation::Insert(EntityDraft::new("p", "taken")),
        BatchOperation::Insert(EntityDraft::new("p", "fresh2")),
    ];
    let err = c.submit_batch(&table, &ops).await.unwrap_err();
    assert_eq!(err.status, Some(409), "{err:?}");
    assert!(err.message.to_string().contains("none was applied"), "{}", err.message);
    let all = c.query_entities(&table, &EntityQuery::default(), None).await.unwrap();
    let keys: Vec<&str> = all.entities.iter().map(|e| e.row_key()).collect();
    assert_eq!(keys, vec!["taken"], "the batch applied nothing");

    // A good batch applies every kind of operation.
    let etag = c
        .get_entity(&table, "p", "taken")
        .await
        .unwrap()
        .etag()
        .unwrap()
        .to_string();
    let ops = vec![
        BatchOperation::Insert(EntityDraft::new("p", "n1")),
        BatchOperation::Upsert {
            entity: EntityDraft::new("p", "n2"),
            mode: UpdateMode::Merge,
        },
        BatchOperation::Delete {
            partition_key: "p".into(),
            row_key: "taken".into(),
            condition: IfMatch::Etag(etag),
        },
    ];
    let outcome = c.submit_batch(&table, &ops).await.unwrap();
    assert_eq!(outcome.statuses.len(), 3);
    let all = c.query_entities(&table, &EntityQuery::default(), None).await.unwrap();
    let keys: Vec<&str> = all.entities.iter().map(|e| e.row_key()).collect();
    assert_eq!(keys, vec!["n1", "n2"]);
}

fn extremes() -> EntityDraft {
    EntityDraft::new("edm", "extremes")
        .with("Int32Min", EdmValue::Int32(i32::MIN))
        .with("Int32Max", EdmValue::Int32(i32::MAX))
        .with("Int64Min", EdmValue::Int64(i64::MIN))
        .with("Int64Max", EdmValue::Int64(i64::MAX))
        .with("Int64Odd", EdmValue::Int64(9_007_199_254_740_993))
        .with("DoubleMax", EdmValue::Double(f64::MAX))
        .with("DoubleTiny", EdmValue::Double(5e-324))
        .with("DoubleWhole", EdmValue::Double(3.0))
        .with("DoubleThird", EdmValue::Double(1.0 / 3.0))
        .with("DoubleNaN", EdmValue::Double(f64::NAN))
        .with("DoubleInf", EdmValue::Double(f64::INFINITY))
        .with("DoubleNegInf", EdmValue::Double(f64::NEG_INFINITY))
        .with("DateMin", EdmValue::DateTime(EdmDateTime::MIN))
        .with("DateMax", EdmValue::DateTime(EdmDateTime::MAX))
        .with(
            "DateTicks",
            EdmValue::DateTime(EdmDateTime::parse("2026-11-22T08:30:00.1234567Z").unwrap()),
        )
        .with(
            "GuidVal",
            EdmValue::Guid(uuid::Uuid::from_u128(0x6f9619ff_8b86_d011_b42d_00c04fc964ff)),
        )
        .with(
            "BinaryMax",
            EdmValue::Binary((0..65536).map(|i| (i % 251) as u8).collect()),
        )
        .with("BinaryEmpty", EdmValue::Binary(Vec::new()))
        .with("BoolTrue", EdmValue::Boolean(true))
        .with("BoolFalse", EdmValue::Boolean(false))
        .with("StringMax", EdmValue::String("é".repeat(32 * 1024)))
        .with("StringEmpty", EdmValue::String(String::new()))
        .with(
            "StringOdd",
            EdmValue::String("quote ' \"double\" \\ back\n newline ☃ 𝄞".into()),
        )
}

#[tokio::test]
async fn every_edm_type_round_trips_at_its_extremes_and_unchanged_writes_store_the_same() {
    let c = client();
    let table = new_table(&c).await;
    let original = extremes();
    c.insert_entity(&table, &original).await.unwrap();
    let read = c.get_entity(&table, "edm", "extremes").await.unwrap();
    let as_read = read.to_draft();
    for p in &original.properties {
        assert_eq!(as_read.get(&p.name), Some(&p.value), "{} after insert", p.name);
    }
    // Open and save unchanged: what is stored afterwards is what was there.
    c.update_entity(
        &table,
        &as_read,
        UpdateMode::Replace,
        &IfMatch::Etag(read.etag().unwrap().into()),
    )
    .await
    .unwrap();
    let again = c.get_entity(&table, "edm", "extremes").await.unwrap().to_draft();
    assert_eq!(again.properties.len(), original.properties.len());
    for p in &original.properties {
        assert_eq!(again.get(&p.name), Some(&p.value), "{} after an unchanged save", p.name);
    }
    // The same through a query page (the path the grid uses).
    let page = c.query_entities(&table, &EntityQuery::default(), None).await.unwrap();
    let from_page = page.entities[0].to_draft();
    for p in &original.properties {
        assert_eq!(from_page.get(&p.name), Some(&p.value), "{} from a query page", p.name);
    }
}

#[tokio::test]
async fn filters_with_typed_literals_select_the_right_entities() {
    let c = client();
    let table = new_table(&c).await;
    for i in 0..10i64 {
        let e = EntityDraft::new("p", format!("r{i}"))
            .with("Big", EdmValue::Int64(9_007_199_254_740_990 + i))
            .with(
                "When",
                EdmValue::DateTime(EdmDateTime::parse(&format!("2026-01-0{}T00:00:00Z", (i % 9) + 1)).unwrap()),
            );
        c.insert_entity(&table, &e).await.unwrap();
    }
    let count = |filter: &str| {
        let c = c.clone();
        let table = table.clone();
        let query = EntityQuery {
            filter: Some(filter.to_string()),
            ..Default::default()
        };
        async move { c.query_entities(&table, &query, None).await.unwrap().entities.len() }
    };
    assert_eq!(count("Big ge 9007199254740995L").await, 5);
    assert_eq!(count("When lt datetime'2026-01-03T00:00:00Z'").await, 3);
    assert_eq!(count("RowKey ge 'r3' and RowKey lt 'r5'").await, 2);
    assert_eq!(count("not (RowKey eq 'r1') and PartitionKey eq 'p'").await, 9);
}
