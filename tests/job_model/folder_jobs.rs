//! A local folder's jobs as cases of the model: a sync either way through the compare window, a folder upload and a
//! folder download. Beside each local folder stands an outside folder, reached from inside by links (to a file and
//! to the folder), which no job may read, write or delete through; around each container folder, blobs the job
//! must leave as they are.

use std::collections::BTreeMap;
use std::path::PathBuf;

use egui_kittest::kittest::Queryable;
use tessera::app::runtime::dialogs::ScriptedDialogs;

use crate::blob_jobs::{new_container, put, row, select};
use crate::model::{Case, Found, Judged, Said, Seen, Snapshot, blobs, disk, md5_hex, says_unknown};
use crate::ui::TestApp;

/// A temporary place holding the local folder the job is given (`mine`) and, beside it, `outside` with a file,
/// linked to from inside the folder by a link to the file and a link to the folder.
struct Local {
    dir: tempfile::TempDir,
    /// The folder the job is given, under `dir`.
    name: String,
}

impl Local {
    fn new(name: &str, links_at: &str) -> Local {
        let dir = tempfile::tempdir().unwrap();
        let local = Local {
            dir,
            name: name.to_string(),
        };
        std::fs::create_dir_all(local.root().join(links_at)).unwrap();
        std::fs::create_dir_all(local.dir.path().join("outside")).unwrap();
        std::fs::write(local.dir.path().join("outside/secret.txt"), "outside the folder").unwrap();
        #[cfg(unix)]
        {
            let up = "../".repeat(links_at.split('/').filter(|p| !p.is_empty()).count() + 1);
            let at = local.root().join(links_at);
            std::os::unix::fs::symlink(format!("{up}outside/secret.txt"), at.join("link.txt")).unwrap();
            std::os::unix::fs::symlink(format!("{up}outside"), at.join("linked")).unwrap();
        }
        local
    }

    fn root(&self) -> PathBuf {
        self.dir.path().join(&self.name)
    }

    fn write(&self, name: &str, body: &str) {
        let path = self.root().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, body).unwrap();
    }

    /// What a file of the folder holds (its MD5), if it is a file.
    fn md5(&self, name: &str) -> Option<String> {
        let path = self.root().join(name);
        let meta = std::fs::symlink_metadata(&path).ok()?;
        meta.is_file().then(|| md5_hex(&std::fs::read(path).unwrap()))
    }

    /// Everything under the temporary place (the folder and the outside), by path from it.
    fn snapshot(&self) -> Snapshot {
        disk(self.dir.path())
    }
}

fn body(name: &str, seed: u64, side: &str) -> String {
    format!("{name} as {side} holds it, seed {seed}{}", ".".repeat(name.len() % 7))
}

/// A sync of a local folder and a container's folder `sync/`, one way or the other, its deletes ticked or not.
pub struct Sync {
    seed: u64,
    up: bool,
    container: String,
    local: Local,
    /// Each write: the item's name and what the target holds once it is written.
    writes: Vec<(String, String)>,
    /// What is only on the target (deleted when ticked).
    deletes: Vec<String>,
    delete_too: bool,
}

impl Sync {
    pub fn new(rt: &tokio::runtime::Runtime, seed: u64) -> Sync {
        let mut rng = fastrand::Rng::with_seed(seed);
        let direct = crate::common::client();
        let container = new_container(rt, &direct, "jmsync");
        let up = rng.bool();
        let local = Local::new("mine", "");
        let (source, target) = if up { ("local", "remote") } else { ("remote", "local") };
        let write_to = |side: &str, name: &str, text: &str| match side {
            "local" => local.write(name, text),
            _ => put(rt, &direct, &container, &format!("sync/{name}"), text),
        };
        let mut writes = Vec::new();
        for i in 0..rng.usize(1..=4) {
            let name = format!("s{i}.txt");
            let same = body(&name, seed, "both");
            write_to("local", &name, &same);
            write_to("remote", &name, &same);
        }
        for i in 0..rng.usize(1..=5) {
            let name = format!("d{i}.txt");
            let new = body(&name, seed, source);
            write_to(source, &name, &new);
            write_to(target, &name, &format!("old {name}"));
            writes.push((name, new));
        }
        for name in (0..rng.usize(1..=5))
            .map(|i| format!("n{i}.txt"))
            .chain((0..rng.usize(0..=3)).map(|i| format!("sub/n{i}.txt")))
        {
            let new = body(&name, seed, source);
            write_to(source, &name, &new);
            writes.push((name, new));
        }
        let deletes: Vec<String> = (0..rng.usize(0..=4)).map(|i| format!("x{i}.txt")).collect();
        for name in &deletes {
            write_to(target, name, &body(name, seed, target));
        }
        // Under the local links' names on the container's side: never written through a link, nor deleted
        // because the link was not followed.
        put(
            rt,
            &direct,
            &container,
            "sync/linked/secret.txt",
            "a blob under the link's name",
        );
        for name in ["sync2/o.txt", "syncx.txt", "top.txt"] {
            put(rt, &direct, &container, name, "the container's outside");
        }
        Sync {
            seed,
            up,
            container,
            local,
            writes,
            delete_too: rng.bool(),
            deletes,
        }
    }

    fn items(&self) -> impl Iterator<Item = &str> {
        let deletes = self.deletes.iter().filter(|_| self.delete_too);
        self.writes.iter().map(|(n, _)| n).chain(deletes).map(String::as_str)
    }
}

impl Case for Sync {
    fn describe(&self) -> String {
        format!(
            "sync {} seed {} ({} writes, {} deletes{})",
            if self.up { "up" } else { "down" },
            self.seed,
            self.writes.len(),
            self.deletes.len(),
            if self.delete_too { " ticked" } else { "" }
        )
    }

    fn outside(&self) -> Snapshot {
        let item = |name: &str| self.items().any(|i| i == name);
        let mut out: Snapshot = (self.local.snapshot().into_iter())
            .filter(|(k, _)| self.up || !k.strip_prefix("mine/").is_some_and(item))
            .map(|(k, v)| (format!("local {k}"), v))
            .collect();
        let seen = blobs(&[&self.container]);
        for (name, blob) in &seen[&self.container] {
            if !self.up || !name.strip_prefix("sync/").is_some_and(item) {
                out.insert(format!("blob {name}"), blob.fingerprint());
            }
        }
        out
    }

    fn start(&mut self, t: &mut TestApp, dialogs: &ScriptedDialogs, arm: &mut dyn FnMut()) {
        t.open_resource("Blob containers", &self.container);
        t.click("sync/ (folder)");
        t.wait_for("linked/ (folder)");
        dialogs.answer(Some(self.local.root()));
        t.click("Compare");
        t.click("Compare or sync with a local folder…");
        t.wait_for_contains("this compare is the dry run");
        t.click_contains(match self.up {
            true => "Upload left to right (",
            false => "Download right to left (",
        });
        if self.delete_too && !self.deletes.is_empty() {
            t.click_contains("Also delete the");
        }
        arm();
        t.click("Write them");
        // Many deletes (more than a tenth of the target) are asked about again, by count.
        let again = format!("Delete {}", self.deletes.len());
        if self.delete_too && t.harness.query_by_label(&again).is_some() {
            t.click(&again);
        }
    }

    fn is_job(&self, title: &str) -> bool {
        title.starts_with("Write the differences into")
    }

    fn requests(&self) -> usize {
        self.writes.len() * 2 + self.deletes.len()
    }

    fn judge(&self, seen: &Seen) -> Vec<Judged> {
        let state = blobs(&[&self.container]);
        let remote = &state[&self.container];
        let holds = |name: &str| -> Option<String> {
            match self.up {
                true => remote.get(&format!("sync/{name}")).map(|b| b.md5.clone()),
                false => self.local.md5(name),
            }
        };
        let mut out = Vec::new();
        for (name, body) in &self.writes {
            let found = match holds(name) == Some(md5_hex(body.as_bytes())) {
                true => Found::Done,
                false => Found::NotDone,
            };
            out.push(judged(name, found, seen, &["written", "already the same"]));
        }
        for name in self.deletes.iter().filter(|_| self.delete_too) {
            let found = match holds(name) {
                None => Found::Done,
                Some(_) => Found::NotDone,
            };
            out.push(judged(name, found, seen, &["deleted", "already gone"]));
        }
        out
    }
}

/// An item judged by its state in the job's items: `done` are the states that say it was done; a failure the job
/// cannot know the outcome of says so in its words; an item still in hand when the job was dropped is unknown.
fn judged(name: &str, found: Found, seen: &Seen, done: &[&str]) -> Judged {
    let words = seen.items.get(name).cloned().unwrap_or_default();
    let said = if done.iter().any(|d| words == *d || words.starts_with(&format!("{d} "))) {
        Said::Done
    } else if says_unknown(&words) || ["writing", "deleting", "uploading", "downloading"].contains(&words.as_str()) {
        Said::Unknown
    } else {
        Said::NotDone
    };
    Judged {
        item: name.to_string(),
        said,
        found,
        words,
    }
}

/// A folder moved one way by the container's own transfer buttons: Upload folder… (only if new, the default), or a
/// folder row selected and Download… into a local folder (files already there replaced, kept beside or skipped).
pub struct Transfer {
    seed: u64,
    up: bool,
    container: String,
    local: Local,
    /// Each item (a blob name) and what it holds.
    items: Vec<(String, String)>,
    /// Items whose name is already taken at the target, with what is there.
    taken: BTreeMap<String, String>,
    /// For a download onto files already there: the answer.
    answer: &'static str,
}

impl Transfer {
    pub fn new(rt: &tokio::runtime::Runtime, seed: u64) -> Transfer {
        let mut rng = fastrand::Rng::with_seed(seed);
        let direct = crate::common::client();
        let container = new_container(rt, &direct, "jmfolder");
        let up = rng.bool();
        let folder = if up { "up" } else { "down" };
        // A download goes into `into`, where its folder `down/` already exists with the links inside.
        let local = match up {
            true => Local::new("up", ""),
            false => Local::new("into", "down"),
        };
        let mut items = Vec::new();
        for name in (0..rng.usize(3..=10))
            .map(|i| format!("{folder}/f{i}.txt"))
            .chain((0..rng.usize(0..=3)).map(|i| format!("{folder}/sub/g{i}.txt")))
        {
            let text = body(&name, seed, "the source");
            match up {
                true => local.write(name.strip_prefix("up/").unwrap(), &text),
                false => put(rt, &direct, &container, &name, &text),
            }
            items.push((name, text));
        }
        let mut taken = BTreeMap::new();
        for (name, _) in &items {
            if rng.f64() < 0.25 {
                let theirs = format!("already at {name}");
                match up {
                    true => put(rt, &direct, &container, name, &theirs),
                    false => local.write(name, &theirs),
                }
                taken.insert(name.clone(), theirs);
            }
        }
        if !up {
            // A blob under the name of a link in the local folder: never written through it.
            let name = "down/linked/x.txt".to_string();
            let text = body(&name, seed, "the source");
            put(rt, &direct, &container, &name, &text);
            items.push((name, text));
        }
        for name in ["upx/o.txt", "downx/o.txt", "top.txt"] {
            put(rt, &direct, &container, name, "the container's outside");
        }
        Transfer {
            seed,
            up,
            container,
            local,
            items,
            taken,
            answer: ["Replace", "Keep both", "Skip"][rng.usize(0..3)],
        }
    }

    /// Where a download of `name` may land: its own path, or one numbered beside it.
    fn lands_at(name: &str, path: &str) -> bool {
        if path == name {
            return true;
        }
        let (stem, ext) = match name.rfind('.') {
            Some(i) => (&name[..i], &name[i..]),
            None => (name, ""),
        };
        (1..100).any(|n| path == format!("{stem} ({n}){ext}"))
    }

    fn local_path(&self, name: &str) -> String {
        match self.up {
            true => name.strip_prefix("up/").unwrap().to_string(),
            false => name.to_string(),
        }
    }
}

impl Case for Transfer {
    fn describe(&self) -> String {
        format!(
            "folder {} seed {} ({} files, {} taken{})",
            if self.up { "upload" } else { "download" },
            self.seed,
            self.items.len(),
            self.taken.len(),
            if self.up {
                String::new()
            } else {
                format!(", answered {}", self.answer)
            }
        )
    }

    fn outside(&self) -> Snapshot {
        // A download lands at an item's own path (unless a file was there and the user kept it) or beside it.
        let replace = self.answer == "Replace";
        let landing = |path: &str| {
            (self.items.iter()).any(|(n, _)| {
                let own = self.local_path(n);
                match path == own {
                    true => replace || !self.taken.contains_key(n),
                    false => Self::lands_at(&own, path),
                }
            })
        };
        let mut out: Snapshot = (self.local.snapshot().into_iter())
            .filter(|(k, _)| self.up || !k.strip_prefix("into/").is_some_and(landing))
            .map(|(k, v)| (format!("local {k}"), v))
            .collect();
        let seen = blobs(&[&self.container]);
        for (name, blob) in &seen[&self.container] {
            let item = self.items.iter().any(|(n, _)| n == name) && !self.taken.contains_key(name);
            if !self.up || !item {
                out.insert(format!("blob {name}"), blob.fingerprint());
            }
        }
        out
    }

    fn start(&mut self, t: &mut TestApp, dialogs: &ScriptedDialogs, arm: &mut dyn FnMut()) {
        t.open_resource("Blob containers", &self.container);
        t.wait_for("top.txt");
        dialogs.answer(Some(self.local.root()));
        arm();
        if self.up {
            t.click("Upload folder…");
            return;
        }
        select(t, &[("down/".to_string(), row("down/"))]);
        t.click("Download…");
        if !self.taken.is_empty() {
            t.wait_for("A file of that name is already there");
            t.click(self.answer);
        }
    }

    fn is_job(&self, title: &str) -> bool {
        title == "Upload folder up" || title == "Download down/"
    }

    fn requests(&self) -> usize {
        self.items.len() * 2
    }

    fn judge(&self, seen: &Seen) -> Vec<Judged> {
        let state = blobs(&[&self.container]);
        let remote = &state[&self.container];
        let files = self.local.snapshot();
        (self.items.iter())
            .map(|(name, text)| {
                let md5 = md5_hex(text.as_bytes());
                let found = match self.up {
                    true => match remote.get(name).is_some_and(|b| b.md5 == md5) {
                        true => Found::Done,
                        false => Found::NotDone,
                    },
                    false => {
                        let path = self.local_path(name);
                        let copies = (files.iter())
                            .filter(|(k, v)| {
                                k.strip_prefix("into/").is_some_and(|p| Self::lands_at(&path, p))
                                    && v.starts_with(&md5[..8])
                            })
                            .count();
                        match copies {
                            0 => Found::NotDone,
                            1 => Found::Done,
                            _ => Found::Twice,
                        }
                    }
                };
                judged(name, found, seen, &["uploaded", "saved", "saved by an earlier run"])
            })
            .collect()
    }
}
