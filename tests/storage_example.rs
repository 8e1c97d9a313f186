//! The client crate's documented example (`crates/storage/examples/list_table.rs`) run against Azurite as its
//! reader would run it: it lists, page by page and with a filter, a table the client seeded, and says a missing
//! table's error code.

mod common;
#[path = "../crates/storage/examples/list_table.rs"]
mod example;

use tessera_storage::table::{EdmValue, EntityDraft};

#[test]
fn the_client_crate_s_example_lists_a_table_against_azurite() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = common::client();
    let table = common::unique("example").replace(['-', '_'], "");
    let connection_string = common::emulator().connection_string();
    rt.block_on(async {
        client.create_table(&table).await.unwrap();
        // More than one page of the service's 1,000, so the example follows a continuation token.
        for partition in ["a", "b"] {
            for row in 0..600 {
                let draft = EntityDraft::new(partition, format!("{row:04}"))
                    .with("Name", EdmValue::String(format!("n{row}")))
                    .with("Big", EdmValue::Int64(i64::MAX - row));
                client.insert_entity(&table, &draft).await.unwrap();
            }
        }
        let lines = example::list_table(&connection_string, &table, None).await.unwrap();
        assert_eq!(lines.len(), 1200, "every entity, across the pages");
        assert!(
            lines[0].starts_with("a / 0000") && lines[0].contains("Name=String(\"n0\")"),
            "{}",
            lines[0]
        );
        assert!(lines[0].contains(&format!("Big=Int64({})", i64::MAX)), "{}", lines[0]);
        let filtered = example::list_table(
            &connection_string,
            &table,
            Some("PartitionKey eq 'b' and RowKey lt '0003'"),
        )
        .await
        .unwrap();
        assert_eq!(filtered.len(), 3, "{filtered:?}");
        let missing = example::list_table(&connection_string, "nosuchtable0", None)
            .await
            .unwrap_err();
        assert!(
            missing.contains("TableNotFound") || missing.contains("ResourceNotFound"),
            "{missing}"
        );
    });
}
