//! Table import on Azurite, streamed: the peak heap of the whole import of a CSV of 1,000,000 rows (the file read
//! once through for the Import window's preview and types, then again row by row by the job that writes it)
//! against the same import of 100,000 rows. Each row is written once (the job's count; Microsoft's Python SDK
//! counts one partition of the large table). Run: `cargo bench --bench table_import`.

mod common;

use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

use common::goal;
use tessera::app::runtime::jobs::JobContext;
use tessera::app::table::features::import_job::{self, ImportPlan, Shared};
use tessera::app::table::features::import_plan::ImportSource;
use tessera::storage::{ClientOptions, TransferProgress};

#[global_allocator]
static ALLOCATOR: common::heap::Counting = common::heap::Counting;

const SMALL: usize = 100_000;
const LARGE: usize = 1_000_000;

fn main() {
    let (emulator, rt, client) = common::azurite(ClientOptions::default());
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut peaks = Vec::new();
    for (table, n) in [("importsmall", SMALL), ("importlarge", LARGE)] {
        let path = dir.path().join(format!("{table}.csv"));
        write_csv(&path, n);
        rt.block_on(client.create_table(table)).expect("create table");
        // Memory: the whole import, nothing else running; the peak above what was live when it started.
        let before = common::heap::live_bytes();
        common::heap::reset_peak();
        let started = Instant::now();
        let source = ImportSource::read(&path).expect("the file reads");
        let choices = source.default_choices();
        let plan = ImportPlan {
            table: table.into(),
            create: false,
            path: path.clone(),
            source: Arc::new(source),
            choices,
            seed: [0; 16],
        };
        let shared = Shared::default();
        let summary = rt
            .block_on(import_job::run(job(), client.clone(), plan, shared.clone()))
            .expect("the import ran");
        let peak = (common::heap::peak_bytes() - before).max(0) as f64;
        let written = shared.lock().unwrap().done.written;
        println!(
            "{n} rows imported in {:.1} s, peak {:.1} MB above the start: {summary}",
            started.elapsed().as_secs_f64(),
            peak / 1e6
        );
        assert_eq!(written, n, "the import wrote every row");
        peaks.push(peak);
    }
    let one = common::peer::run(
        &emulator.connection_string(),
        &["entity-count", "importlarge", "PartitionKey eq 'p0500'"],
    )
    .map_or_else(|why| why, |v| v["count"].to_string());
    println!("Microsoft's SDK counts {one} rows in partition p0500 of the large table, of 1,000 written");
    goal(
        "table_import_memory_1m",
        format!("{:.1}MB_peak(1000000_rows)", peaks[1] / 1e6),
        format!("{:.1}MB_peak(100000_rows)", peaks[0] / 1e6),
        peaks[1] / peaks[0],
        "<=1.2",
    );
}

fn job() -> JobContext {
    JobContext {
        progress: TransferProgress::new(),
        cancel: Default::default(),
        detail: Default::default(),
        items: Default::default(),
    }
}

/// `n` rows over partitions of 1,000, keys in their own columns, as an export of a table would have them.
fn write_csv(path: &std::path::Path, n: usize) {
    let mut w = std::io::BufWriter::new(std::fs::File::create(path).expect("create the file"));
    writeln!(w, "PartitionKey,RowKey,Name,City,Amount,Joined").unwrap();
    for i in 0..n {
        let city = ["Oslo", "Lima", "Kyoto", "Perth"][i % 4];
        writeln!(
            w,
            "p{:04},r{i:07},customer {i},{city},{}.25,2026-{:02}-{:02}T10:00:00Z",
            i / 1000,
            i % 997,
            i % 12 + 1,
            i % 28 + 1
        )
        .unwrap();
    }
    w.flush().unwrap();
}
