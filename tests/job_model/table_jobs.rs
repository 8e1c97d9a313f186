//! A table's jobs as cases of the model: a change of many entities (the selected rows, or every entity the query
//! matches; a property set, or each deleted) and an import of a CSV file. Neither names each entity in its list of
//! items (a change of a million entities would hold a million lines): each says counts, and names the rows that
//! failed. So each is judged by count: the entities the SDK finds done must be exactly those the job says it did
//! (none lost, none said not done that was done), and nothing outside the query, the file's rows or the table was
//! touched.

use std::collections::BTreeMap;

use egui_kittest::kittest::{NodeT, Queryable};
use tessera::app::runtime::dialogs::ScriptedDialogs;
use tessera::storage::table::{BatchOperation, EdmValue, EntityDraft};

use crate::model::{Case, Found, Judged, Said, Seen, Snapshot, says_unknown};
use crate::ui::TestApp;

/// Tables as Microsoft's SDK reads them: "PartitionKey/RowKey" -> property -> its value as text.
pub fn tables(names: &[&str]) -> BTreeMap<String, BTreeMap<String, BTreeMap<String, String>>> {
    let mut args = vec!["table-state"];
    args.extend_from_slice(names);
    let v = crate::common::peer::run(&crate::common::emulator().connection_string(), &args);
    serde_json::from_value(v).expect("the peer's table state")
}

/// A table's fingerprint: each entity's properties, by its keys.
fn fingerprint(
    table: &str,
    seen: &BTreeMap<String, BTreeMap<String, String>>,
    keep: impl Fn(&str) -> bool,
) -> Snapshot {
    (seen.iter())
        .filter(|(k, _)| keep(k))
        .map(|(k, props)| (format!("{table} {k}"), format!("{props:?}")))
        .collect()
}

/// The first number before `what` in `words` ("12 entities changed", "1,200 written"), or 0.
fn count(words: &str, what: &str) -> usize {
    let re = regex::Regex::new(&format!(r"([\d,]+) {}", regex::escape(what))).unwrap();
    (re.captures(words)).map_or(0, |c| c[1].replace(',', "").parse().unwrap_or(0))
}

/// Items judged by count: the job says `done` of them were done and `unknown` may have been (its last run stopped on
/// an answer lost); the SDK finds each done or not. The items found done take the job's "done" first, then its
/// "unknown", so more found done than said (done and unknown) is an item said not done that was done, and fewer
/// found done than said done is an item lost.
fn by_count(found: Vec<(String, Found)>, done: usize, unknown: usize, words: &str) -> Vec<Judged> {
    let (yes, no): (Vec<_>, Vec<_>) = found.into_iter().partition(|(_, f)| *f == Found::Done);
    let lost = done.saturating_sub(yes.len());
    let judged = |(i, (item, found)): (usize, (String, Found)), said| Judged {
        item,
        said: match i {
            i if i < done => Said::Done,
            i if i < done + unknown => Said::Unknown,
            _ => said,
        },
        found,
        words: words.to_string(),
    };
    let mut out: Vec<Judged> = (yes.into_iter().enumerate())
        .map(|y| judged(y, Said::NotDone))
        .collect();
    // Found not done: said not done (nothing the job counted is lost unless it said more than there are).
    out.extend(no.into_iter().map(|(item, found)| Judged {
        item,
        said: Said::NotDone,
        found,
        words: words.to_string(),
    }));
    out.extend((0..lost).map(|n| Judged {
        item: format!("said done #{n} beyond what the service holds"),
        said: Said::Done,
        found: Found::NotDone,
        words: words.to_string(),
    }));
    out
}

/// The words a job's counts are in: its summary once done, else the pane's line (cancelled or stopped, with the
/// counts so far).
fn counts_words(seen: &Seen) -> String {
    format!("{} {}", seen.words(), seen.pane.clone().unwrap_or_default())
}

/// Whether the job ended with the counts it says (its summary, or the pane's line after a Cancel or a stop); an
/// import cut off says only why, and each of its rows may or may not have been written.
fn counted(seen: &Seen) -> bool {
    matches!(seen.ended, crate::model::Ended::Done(_))
}

fn create(rt: &tokio::runtime::Runtime, table: &str, rows: &[EntityDraft]) {
    let client = crate::common::client();
    rt.block_on(async {
        client.create_table(table).await.unwrap();
        let mut by_pk: BTreeMap<String, Vec<BatchOperation>> = BTreeMap::new();
        for r in rows {
            (by_pk.entry(r.partition_key.clone()).or_default()).push(BatchOperation::Insert(r.clone()));
        }
        for ops in by_pk.values() {
            for chunk in ops.chunks(100) {
                client.submit_batch(table, chunk).await.unwrap();
            }
        }
    });
}

/// What a change of many entities does.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Change {
    Set(String),
    Delete,
}

/// A change of many entities: those of a table whose Count is under a bound (the query's filter), in a few
/// partitions; the rest of the table and a table beside it are the outside. Either the rows loaded and selected
/// (Ctrl+A), or, with 100 rows a page and more to read, every entity the query matches.
pub struct EntityChange {
    seed: u64,
    table: String,
    beside: String,
    /// The keys ("pk/rk") of the entities the query matches.
    items: Vec<String>,
    bound: usize,
    whole_query: bool,
    change: Change,
}

impl EntityChange {
    pub fn new(rt: &tokio::runtime::Runtime, seed: u64) -> EntityChange {
        let mut rng = fastrand::Rng::with_seed(seed);
        let [table, beside] = ["jmchange", "jmbeside"].map(crate::common::unique);
        let whole_query = rng.bool();
        let bound = match whole_query {
            true => rng.usize(110..=180),
            false => rng.usize(8..=60),
        };
        let partitions = rng.usize(1..=3);
        let total = bound + rng.usize(5..=20);
        let rows: Vec<EntityDraft> = (0..total)
            .map(|i| {
                EntityDraft::new(format!("p{}", i % partitions), format!("r{i:04}"))
                    .with("Name", EdmValue::String(format!("Customer {i}")))
                    .with("Count", EdmValue::Int32(i as i32))
            })
            .collect();
        create(rt, &table, &rows);
        create(rt, &beside, &rows[..3]);
        let items = (0..bound).map(|i| format!("p{}/r{i:04}", i % partitions)).collect();
        EntityChange {
            seed,
            table,
            beside,
            items,
            bound,
            whole_query,
            // Delete is offered for every match only (the selected rows are changed, not deleted, here).
            change: match whole_query && rng.bool() {
                true => Change::Delete,
                false => Change::Set(format!("v{seed}")),
            },
        }
    }
}

impl Case for EntityChange {
    fn describe(&self) -> String {
        let scope = if self.whole_query {
            "every match"
        } else {
            "the selected rows"
        };
        format!(
            "{:?} of {} entities ({scope}), seed {}",
            self.change,
            self.items.len(),
            self.seed
        )
    }

    fn outside(&self) -> Snapshot {
        let seen = tables(&[&self.table, &self.beside]);
        let mut out = fingerprint(&self.table, &seen[&self.table], |k| !self.items.iter().any(|i| i == k));
        out.extend(fingerprint(&self.beside, &seen[&self.beside], |_| true));
        out
    }

    fn start(&mut self, t: &mut TestApp, _: &ScriptedDialogs, arm: &mut dyn FnMut()) {
        t.open_resource("Tables", &self.table);
        t.wait_for_contains("entities loaded in");
        if self.whole_query {
            t.click("per page");
            t.click("100 per page");
        }
        t.replace_text("$filter:", &format!("Count lt {}", self.bound));
        t.click("Run query");
        let loaded = match self.whole_query {
            true => "100 entities loaded in 1 page · more available".to_string(),
            false => format!("{} entities loaded", self.items.len()),
        };
        t.wait_for_contains(&loaded);
        t.click("Customer 0");
        t.key(egui::Modifiers::COMMAND, egui::Key::A);
        let yes = match self.whole_query {
            true => {
                t.click("Select all that match the query");
                t.click("Change all that match…");
                match self.change {
                    Change::Delete => "Delete every entity that matches".to_string(),
                    Change::Set(_) => "Change every entity that matches".to_string(),
                }
            }
            false => {
                t.context_click("Customer 0");
                t.click(&format!("Edit the {} selected entities…", self.items.len()));
                format!("Change {} entities", self.items.len())
            }
        };
        match &self.change {
            Change::Set(value) => {
                t.replace_text("Property name", "Level");
                t.type_into("Value", value);
            }
            Change::Delete => t.click("Delete them"),
        }
        arm();
        t.click(&yes);
    }

    fn is_job(&self, title: &str) -> bool {
        title.contains(&format!("`{}`", self.table))
    }

    fn requests(&self) -> usize {
        self.items.len() / 50 + 2
    }

    fn own_buttons(&self) -> Option<(&'static str, &'static str)> {
        Some(("Cancel change", "Resume change"))
    }

    fn said(&self, t: &TestApp) -> Option<String> {
        let counts = ["Done: ", "Cancelled: ", "Stopped: "];
        let node = counts.iter().find_map(|c| t.harness.query_by_label_contains(c))?;
        node.accesskit_node().label()
    }

    fn judge(&self, seen: &Seen) -> Vec<Judged> {
        let state = tables(&[&self.table]);
        let now = &state[&self.table];
        let found = (self.items.iter())
            .map(|k| {
                let done = match &self.change {
                    Change::Delete => !now.contains_key(k),
                    Change::Set(v) => now.get(k).is_some_and(|p| p.get("Level") == Some(v)),
                };
                (k.clone(), if done { Found::Done } else { Found::NotDone })
            })
            .collect();
        let words = counts_words(seen);
        let done = match self.change {
            Change::Delete => count(&words, "entities deleted") + count(&words, "already gone"),
            Change::Set(_) => count(&words, "entities changed"),
        };
        // A run that stopped on a lost answer: the batch in hand may have landed. No counts at all (the window
        // closed on it): each may or may not have been changed.
        let unknown = match words.contains(" entities ") {
            true if says_unknown(&words) => 100,
            true => 0,
            false => self.items.len(),
        };
        by_count(found, done, unknown, &words)
    }
}

/// An import of a CSV file into a table holding entities of its own: the PartitionKey fixed, the RowKey from a
/// column or a new GUID per row, every row new (Insert only).
pub struct Import {
    seed: u64,
    table: String,
    file: tempfile::NamedTempFile,
    rows: usize,
    guids: bool,
    /// The table's own entities ("pk/rk").
    theirs: Vec<String>,
}

impl Import {
    pub fn new(rt: &tokio::runtime::Runtime, seed: u64) -> Import {
        let mut rng = fastrand::Rng::with_seed(seed);
        let table = crate::common::unique("jmimport");
        let theirs: Vec<EntityDraft> = (0..rng.usize(1..=4))
            .map(|i| EntityDraft::new("imp", format!("theirs{i}")).with("Name", EdmValue::String("theirs".into())))
            .collect();
        create(rt, &table, &theirs);
        let rows = rng.usize(120..=420);
        let guids = rng.bool();
        // Keys from the file's RowKey column, or a new GUID per row (the file's key then a column of its own).
        let header = if guids { "Key,Name\n" } else { "RowKey,Name\n" };
        let csv: String = std::iter::once(header.to_string())
            .chain((0..rows).map(|i| format!("k{i:05},row {i} of seed {seed}\n")))
            .collect();
        let file = tempfile::Builder::new().suffix(".csv").tempfile().unwrap();
        std::fs::write(file.path(), csv).unwrap();
        Import {
            seed,
            table,
            file,
            rows,
            guids,
            theirs: theirs.iter().map(|e| format!("imp/{}", e.row_key)).collect(),
        }
    }
}

impl Case for Import {
    fn describe(&self) -> String {
        let keys = if self.guids { "GUIDs" } else { "a column" };
        format!("import of {} rows (RowKeys from {keys}), seed {}", self.rows, self.seed)
    }

    fn outside(&self) -> Snapshot {
        let seen = tables(&[&self.table]);
        fingerprint(&self.table, &seen[&self.table], |k| self.theirs.iter().any(|i| i == k))
    }

    fn start(&mut self, t: &mut TestApp, dialogs: &ScriptedDialogs, arm: &mut dyn FnMut()) {
        t.open_resource("Tables", &self.table);
        t.wait_for_contains("entities loaded in");
        dialogs.answer(Some(self.file.path().to_path_buf()));
        t.click("Export / import");
        t.click("Import…");
        t.wait_for_contains(&format!("{} rows, 2 columns", self.rows));
        t.type_into("Fixed PartitionKey:", "imp");
        if self.guids {
            t.click("a new GUID per row");
        }
        arm();
        t.click("Start import");
    }

    fn is_job(&self, title: &str) -> bool {
        title == format!("Import into {}", self.table)
    }

    fn requests(&self) -> usize {
        self.rows / 100 + 1
    }

    fn judge(&self, seen: &Seen) -> Vec<Judged> {
        let state = tables(&[&self.table]);
        let now = &state[&self.table];
        // Each row by its Name (its RowKey may be a GUID): found once, twice, or not at all.
        let mut by_name: BTreeMap<&str, usize> = BTreeMap::new();
        for props in now.values() {
            if let Some(name) = props.get("Name") {
                *by_name.entry(name.as_str()).or_default() += 1;
            }
        }
        let found = (0..self.rows)
            .map(|i| {
                let name = format!("row {i} of seed {}", self.seed);
                let f = match by_name.get(name.as_str()).copied().unwrap_or(0) {
                    0 => Found::NotDone,
                    1 => Found::Done,
                    _ => Found::Twice,
                };
                (name, f)
            })
            .collect();
        let words = counts_words(seen);
        let unknown = match counted(seen) {
            true if says_unknown(&words) => 100,
            true => 0,
            false => self.rows,
        };
        by_count(found, count(&words, "written"), unknown, &words)
    }
}
