//! The container's jobs as cases of the model: a paste (copy or move, a blob already at the target skipped, kept
//! beside or replaced) and a change of many blobs (a metadata pair set, or every blob deleted).

use std::collections::{BTreeMap, BTreeSet};

use bytes::Bytes;
use egui_kittest::kittest::Queryable;
use tessera::app::runtime::dialogs::ScriptedDialogs;
use tessera::storage::Client;
use tessera::storage::blob::{BlobHttpHeaders, Conditions, PublicAccess};

use crate::model::{Blob, Case, Found, Judged, Said, Seen, Snapshot, blobs, md5_hex, says_unknown};
use crate::ui::TestApp;

/// Writes a blob directly (no proxy): the model's set-up.
pub fn put(rt: &tokio::runtime::Runtime, client: &Client, container: &str, name: &str, body: &str) {
    rt.block_on(client.put_blob(
        container,
        name,
        Bytes::from(body.to_string()),
        &BlobHttpHeaders::default(),
        &[],
        &Conditions::none(),
    ))
    .unwrap();
}

pub fn new_container(rt: &tokio::runtime::Runtime, client: &Client, prefix: &str) -> String {
    let name = crate::common::unique(prefix);
    rt.block_on(client.create_container(&name, PublicAccess::None, &[]))
        .unwrap();
    name
}

/// Exactly these rows of the folder shown selected, by Ctrl+clicks as a person makes them: (name, row label).
pub fn select(t: &mut TestApp, rows: &[(String, String)]) {
    for (name, row) in rows {
        if !t.blob().selection().contains(name) {
            t.wait_for(row);
            // The details panel may name a blob shown before: the list's row is the last node of that name.
            (t.harness.get_all_by_label(row).last().unwrap())
                .click_modifiers(egui::Modifiers::CTRL | egui::Modifiers::COMMAND);
            t.step();
            t.step();
        }
    }
    let want: BTreeSet<String> = rows.iter().map(|(n, _)| n.clone()).collect();
    t.wait_until("the selection", |h| {
        h.state().active_blob().is_some_and(|p| *p.selection() == want)
    });
}

/// A row's label in the list: a folder's is its name and "(folder)".
pub fn row(name: &str) -> String {
    match name.ends_with('/') {
        true => format!("{name} (folder)"),
        false => name.to_string(),
    }
}

/// What each blob of the outside holds, keyed by container and name.
fn fingerprints(seen: &BTreeMap<String, BTreeMap<String, Blob>>, keep: impl Fn(&str, &str) -> bool) -> Snapshot {
    let mut out = Snapshot::new();
    for (container, list) in seen {
        for (name, blob) in list.iter().filter(|(n, _)| keep(container, n)) {
            out.insert(format!("{container}/{name}"), blob.fingerprint());
        }
    }
    out
}

/// What a paste does with a name already there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Existing {
    Skip,
    KeepBoth,
    Replace,
}

/// A paste: the folder `src/` (with a folder inside) and a few blobs beside it copied or moved into another
/// container's root, or into a folder of the same container; some names already taken at the target.
pub struct Paste {
    seed: u64,
    source: String,
    target: String,
    /// The folder pasted into ("" for another container's root).
    into: String,
    /// Each item: its name, and its content.
    items: Vec<(String, String)>,
    /// Blobs already at the target's names, and what they hold.
    taken: BTreeMap<String, String>,
    selected: Vec<String>,
    existing: Existing,
    cut: bool,
}

impl Paste {
    pub fn new(rt: &tokio::runtime::Runtime, seed: u64) -> Paste {
        let mut rng = fastrand::Rng::with_seed(seed);
        let direct = crate::common::client();
        let source = new_container(rt, &direct, "jmpaste");
        let same = rng.bool();
        let (target, into) = match same {
            true => (source.clone(), "into/".to_string()),
            false => (new_container(rt, &direct, "jmpasted"), String::new()),
        };
        let mut items = Vec::new();
        for i in 0..rng.usize(4..=9) {
            items.push(format!("src/a{i}.txt"));
        }
        for i in 0..rng.usize(1..=3) {
            items.push(format!("src/deep/b{i}.txt"));
        }
        let loose: Vec<String> = (0..rng.usize(0..=2)).map(|i| format!("r{i}.txt")).collect();
        items.extend(loose.iter().cloned());
        let items: Vec<(String, String)> = items
            .into_iter()
            .map(|n| {
                let body = format!("{n} of seed {seed}");
                (n, body)
            })
            .collect();
        for (name, body) in &items {
            put(rt, &direct, &source, name, body);
        }
        // Around them: names that share a start with the selection, and the target folder's own blob.
        for name in ["srcx/o.txt", "src.txt", "s.txt"] {
            put(rt, &direct, &source, name, "the source's outside");
        }
        put(
            rt,
            &direct,
            &target,
            &format!("{into}keep/o.txt"),
            "the target's outside",
        );
        let mut taken = BTreeMap::new();
        for (name, _) in &items {
            if rng.f64() < 0.3 {
                let at = format!("{into}{name}");
                let theirs = format!("already at {at}");
                put(rt, &direct, &target, &at, &theirs);
                taken.insert(at, theirs);
            }
        }
        let mut selected = vec!["src/".to_string()];
        selected.extend(loose);
        Paste {
            seed,
            source,
            target,
            into,
            items,
            taken,
            selected,
            existing: [Existing::Skip, Existing::KeepBoth, Existing::Replace][rng.usize(0..3)],
            cut: rng.f64() < 0.35,
        }
    }

    /// Whether `name` at the target is where item `at` may land: its own name, or one numbered beside it.
    fn lands_at(at: &str, name: &str) -> bool {
        if name == at {
            return true;
        }
        let (stem, ext) = match at.rfind('.').filter(|&i| i > at.rfind('/').map_or(0, |s| s + 1)) {
            Some(i) => (&at[..i], &at[i..]),
            None => (at, ""),
        };
        (1..100).any(|n| name == format!("{stem} ({n}){ext}"))
    }

    fn target_of(&self, name: &str) -> String {
        format!("{}{name}", self.into)
    }

    fn is_item_or_landing(&self, container: &str, name: &str) -> bool {
        let source_item = container == self.source && self.items.iter().any(|(n, _)| n == name);
        let landing = container == self.target
            && self.items.iter().any(|(n, _)| Self::lands_at(&self.target_of(n), name))
            // A blob already there is outside the paste unless the user chose to replace it.
            && (self.existing == Existing::Replace || !self.taken.contains_key(name));
        source_item || landing
    }

    fn containers(&self) -> Vec<&str> {
        let mut c = vec![self.source.as_str()];
        if self.target != self.source {
            c.push(&self.target);
        }
        c
    }
}

impl Case for Paste {
    fn describe(&self) -> String {
        format!(
            "{} seed {} ({:?}, {} items into {}/{})",
            if self.cut { "move" } else { "paste" },
            self.seed,
            self.existing,
            self.items.len(),
            self.target,
            self.into
        )
    }

    fn outside(&self) -> Snapshot {
        let seen = blobs(&self.containers());
        fingerprints(&seen, |c, n| !self.is_item_or_landing(c, n))
    }

    fn start(&mut self, t: &mut TestApp, _: &ScriptedDialogs, arm: &mut dyn FnMut()) {
        t.open_resource("Blob containers", &self.source);
        t.wait_for("src/ (folder)");
        let rows: Vec<(String, String)> = self.selected.iter().map(|n| (n.clone(), row(n))).collect();
        select(t, &rows);
        t.click(if self.cut { "Cut" } else { "Copy" });
        t.wait_for_contains(if self.cut { "Cut " } else { "Copied " });
        if self.target == self.source {
            t.click("into/ (folder)");
            t.wait_for("keep/ (folder)");
        } else {
            t.click(&self.target.clone());
            t.wait_for("keep/ (folder)");
        }
        t.click("Paste options");
        t.click(match self.existing {
            Existing::Skip => "skip it",
            Existing::KeepBoth => "keep both",
            Existing::Replace => "replace it",
        });
        arm();
        t.click_contains("Paste here:");
    }

    fn is_job(&self, title: &str) -> bool {
        (title.starts_with("Copy ") || title.starts_with("Move ")) && title.contains(&self.target)
    }

    fn requests(&self) -> usize {
        self.items.len() * if self.cut { 4 } else { 2 }
    }

    fn judge(&self, seen: &Seen) -> Vec<Judged> {
        let state = blobs(&self.containers());
        let (source, target) = (&state[&self.source], &state[&self.target]);
        self.items
            .iter()
            .map(|(name, body)| {
                let (md5, at) = (md5_hex(body.as_bytes()), self.target_of(name));
                // Copies of the item the paste made: blobs at its landing names holding its content (a blob that
                // was there and holds the same would count too, but none does: each holds its own words).
                let copies = (target.iter())
                    .filter(|(n, b)| Self::lands_at(&at, n) && b.md5 == md5)
                    .count();
                let source_there = source.get(name).is_some_and(|b| b.md5 == md5);
                let words = seen.items.get(name).cloned().unwrap_or_default();
                if copies == 0 && !source_there {
                    return lost(name, &words);
                }
                // A move that copied but kept its source (it changed, or its delete failed) did not move it, and
                // says so ("copied; the source kept: why").
                let kept = words.starts_with("copied; the source kept");
                let found = match copies {
                    2.. => Found::Twice,
                    1 if !self.cut || !source_there => Found::Done,
                    _ => Found::NotDone,
                };
                let said = if words.starts_with("copied to ") {
                    Said::Done
                } else if kept || words.starts_with("skipped") || words.is_empty() {
                    Said::NotDone
                } else if words.starts_with("failed") {
                    if says_unknown(&words) {
                        Said::Unknown
                    } else {
                        Said::NotDone
                    }
                } else {
                    // Still "copying" or "pending": the job was dropped before it could say.
                    Said::Unknown
                };
                Judged {
                    item: name.clone(),
                    said,
                    found,
                    words,
                }
            })
            .collect()
    }
}

/// An item neither at its target nor at its source: lost, whatever the job said.
fn lost(name: &str, words: &str) -> Judged {
    Judged {
        item: format!("{name} (neither copied nor left where it was)"),
        said: Said::Done,
        found: Found::NotDone,
        words: words.to_string(),
    }
}

/// What a change of many blobs does.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Change {
    Metadata(String),
    Delete,
}

/// A change of many blobs: the folder `logs/` (with a folder inside) and `top.txt` selected, a metadata pair set
/// (a few blobs already carry it) or every one deleted; names that share a start with the selection around them.
pub struct Bulk {
    seed: u64,
    container: String,
    items: Vec<String>,
    change: Change,
    /// Blobs that carried the pair before the job: already as asked whether the job reached them or not.
    preset: BTreeSet<String>,
}

impl Bulk {
    pub fn new(rt: &tokio::runtime::Runtime, seed: u64) -> Bulk {
        let mut rng = fastrand::Rng::with_seed(seed);
        let direct = crate::common::client();
        let container = new_container(rt, &direct, "jmbulk");
        let mut items: Vec<String> = (0..rng.usize(5..=14)).map(|i| format!("logs/d{i:02}.log")).collect();
        items.extend((0..rng.usize(1..=4)).map(|i| format!("logs/sub/e{i}.log")));
        items.push("top.txt".into());
        for name in &items {
            put(rt, &direct, &container, name, &format!("{name} of seed {seed}"));
        }
        for name in ["logs2/x.log", "logsx.txt", "other.txt", "topx.txt"] {
            put(rt, &direct, &container, name, "outside");
        }
        let change = match rng.f64() < 0.3 {
            true => Change::Delete,
            false => Change::Metadata(format!("v{seed}")),
        };
        let mut preset = BTreeSet::new();
        if let Change::Metadata(value) = &change {
            for name in items.iter().filter(|_| rng.f64() < 0.2) {
                preset.insert(name.clone());
                let pair = [("owner".to_string(), value.clone())];
                rt.block_on(direct.set_blob_metadata(&container, name, &pair, &Conditions::none()))
                    .unwrap();
            }
        }
        Bulk {
            seed,
            container,
            items,
            change,
            preset,
        }
    }
}

impl Case for Bulk {
    fn describe(&self) -> String {
        format!("{:?} of {} blobs, seed {}", self.change, self.items.len(), self.seed)
    }

    fn outside(&self) -> Snapshot {
        let seen = blobs(&[&self.container]);
        fingerprints(&seen, |_, n| !self.items.iter().any(|i| i == n))
    }

    fn start(&mut self, t: &mut TestApp, _: &ScriptedDialogs, arm: &mut dyn FnMut()) {
        t.open_resource("Blob containers", &self.container);
        t.wait_for("logs/ (folder)");
        let rows = [
            ("logs/".to_string(), row("logs/")),
            ("top.txt".to_string(), row("top.txt")),
        ];
        select(t, &rows);
        t.context_click("logs/ (folder)");
        t.click("Change the 2 selected…");
        t.click("What to change");
        match &self.change {
            Change::Metadata(value) => {
                t.click("Set a metadata pair");
                t.type_into("Metadata name", "owner");
                t.type_into("Value to set", value);
                arm();
                t.click("Change 2 selected");
            }
            Change::Delete => {
                t.click("Delete them");
                arm();
                t.click("Delete every blob named, with their snapshots");
            }
        }
    }

    fn is_job(&self, title: &str) -> bool {
        title.contains(&self.container)
    }

    fn requests(&self) -> usize {
        self.items.len() * 2 + 2
    }

    fn own_buttons(&self) -> Option<(&'static str, &'static str)> {
        Some(("Cancel change", "Resume change"))
    }

    fn judge(&self, seen: &Seen) -> Vec<Judged> {
        let state = blobs(&[&self.container]);
        let now = &state[&self.container];
        self.items
            .iter()
            .map(|name| {
                let found = match &self.change {
                    Change::Delete if now.contains_key(name) => Found::NotDone,
                    Change::Delete => Found::Done,
                    Change::Metadata(v) => match now.get(name) {
                        Some(b) if b.metadata.get("owner") == Some(v) => Found::Done,
                        Some(_) => Found::NotDone,
                        None => return lost(name, ""),
                    },
                };
                let words = seen.items.get(name).cloned().unwrap_or_default();
                let said = match words.as_str() {
                    "changed" | "deleted" | "already as asked" => Said::Done,
                    "already gone" if self.change == Change::Delete => Said::Done,
                    w if w.starts_with("failed") && says_unknown(w) => Said::Unknown,
                    w if w.starts_with("stopped") => Said::Unknown,
                    _ => Said::NotDone,
                };
                // A blob that carried the pair before holds it whatever the job did: done only if the job said so.
                let found = match self.preset.contains(name) && said != Said::Done {
                    true => Found::NotDone,
                    false => found,
                };
                Judged {
                    item: name.clone(),
                    said,
                    found,
                    words,
                }
            })
            .collect()
    }
}
