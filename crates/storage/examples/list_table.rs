//! Lists a table's entities with `tessera-storage`, page by page: the client on its own, without the app.
//!
//! ```text
//! cargo run -p tessera-storage --example list_table -- "<connection string>" <table> [filter]
//! ```
//! The connection string may be the emulator's (`UseDevelopmentStorage=true`) or an account's
//! (`AccountName=…;AccountKey=…` or a SAS). Errors are typed (`StorageError`): this prints the service's status,
//! error code and request id, which is what the client knows of a failure without a language to word it in.

use tessera_storage::table::{ContinuationToken, EntityQuery};
use tessera_storage::{Account, Client, ClientOptions};

/// One line per entity: its keys, then each property as `name=value` with its Edm type.
pub async fn list_table(connection_string: &str, table: &str, filter: Option<&str>) -> Result<Vec<String>, String> {
    let account = Account::from_connection_string(connection_string).map_err(|e| format!("{e:?}"))?;
    let client = Client::new(account, ClientOptions::default()).map_err(|e| format!("{e:?}"))?;
    let query = EntityQuery {
        filter: filter.map(str::to_string),
        ..Default::default()
    };
    let (mut lines, mut next): (Vec<String>, Option<ContinuationToken>) = (Vec::new(), None);
    loop {
        let page = client
            .query_entities(table, &query, next.as_ref())
            .await
            .map_err(|e| format!("{e:?}"))?;
        for entity in &page.entities {
            let mut line = format!("{} / {}", entity.partition_key(), entity.row_key());
            for (name, value) in entity.properties() {
                line.push_str(&format!(" {name}={value:?}"));
            }
            lines.push(line);
        }
        match page.continuation {
            Some(token) => next = Some(token),
            None => return Ok(lines),
        }
    }
}

#[allow(dead_code)] // A test includes this file for `list_table` alone.
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [connection_string, table, rest @ ..] = args.as_slice() else {
        eprintln!("usage: list_table <connection string> <table> [filter]");
        std::process::exit(2);
    };
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    match runtime.block_on(list_table(connection_string, table, rest.first().map(String::as_str))) {
        Ok(lines) => lines.iter().for_each(|line| println!("{line}")),
        Err(e) => {
            eprintln!("listing {table} failed: {e}");
            std::process::exit(1);
        }
    }
}
