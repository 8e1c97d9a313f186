//! The blob pane's selection across folder changes and refreshes, and its drafts of blob headers across
//! refreshes, slow and failed saves, checked against a plain model after every step of random sequences: open a
//! folder, go up, go back, click and Ctrl+click blobs and folders, refresh, type a Cache-Control, save it (at
//! times slowly, typing on while the save is out, or meeting a failure), reload and re-apply, while someone else
//! adds, rewrites, re-headers and deletes blobs; and the tab closes (also while an Acquire lease is out, whose
//! lease must reach the lease book). The pane shows what the model says; its selection is always
//! part of what it shows; no draft is lost or changed by a refresh or a failure; and the service holds only the
//! writes the user made (checked through a client of its own). The pane reaches the service through a fault
//! proxy, which delays and fails requests on cue.

mod common;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use bytes::Bytes;
use common::fault_proxy::Fault;
use common::pane_world::World;
use proptest::prelude::*;
use tessera::app::blob::features::leases::{LeaseAction, Leases};
use tessera::app::blob::pane::BlobPane;
use tessera::storage::Client;
use tessera::storage::blob::{BlobHttpHeaders, Conditions, DeleteSnapshots, LeaseTarget, PublicAccess};

/// The words a user types as Cache-Control, and someone else writes.
const WORDS: [&str; 4] = ["max-age=1", "no-cache", "no-store", "private"];

const NAMES: [&str; 12] = [
    "a.txt",
    "b.txt",
    "c.log",
    "dir1/x.txt",
    "dir1/y.txt",
    "dir1/sub/z.txt",
    "dir1/sub/deep/q.bin",
    "dir2/w.txt",
    "dir2/v.txt",
    "dir3/only.txt",
    "dir1/sub/r.txt",
    "dir2/inner/s.txt",
];

#[derive(Clone, Debug)]
enum Action {
    Open(usize),
    Up,
    Back,
    Click(usize),
    CtrlClick(usize),
    Refresh,
    /// Someone else writes this blob (perhaps making a folder appear).
    TheyPut(usize),
    /// Someone else deletes this blob (perhaps emptying a folder).
    TheyDelete(usize),
    /// The user types this Cache-Control into the selected blob's draft.
    Type(usize),
    /// Save properties; `slow`: the save's reply takes a while and the user types this word meanwhile.
    Save {
        slow: Option<usize>,
    },
    /// Save properties, and the save's first request fails (500, the service never saw it).
    SaveFails,
    /// Reload and re-apply my changes.
    Reapply,
    /// Someone else sets this blob's Cache-Control (keeping its other headers and metadata).
    TheyHeader(usize, usize),
    /// The tab is closed and opened again; asked about unsaved drafts, the user `discard`s them or keeps the tab.
    Close {
        discard: bool,
    },
    /// Acquire a lease on the shown blob, slowly, and close the tab before the reply: the pane says it has sent
    /// work (what makes the frame keep a closed tab running, as the blob and queue kittests show), and polled
    /// on, its lease lands in the lease book with the service's id (then the test releases it).
    LeaseThenClose,
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        3 => (0..8usize).prop_map(Action::Open),
        2 => Just(Action::Up),
        1 => Just(Action::Back),
        5 => (0..10usize).prop_map(Action::Click),
        4 => (0..10usize).prop_map(Action::CtrlClick),
        2 => Just(Action::Refresh),
        2 => (0..NAMES.len()).prop_map(Action::TheyPut),
        2 => (0..NAMES.len()).prop_map(Action::TheyDelete),
        3 => (0..WORDS.len()).prop_map(Action::Type),
        2 => proptest::option::of(0..WORDS.len()).prop_map(|slow| Action::Save { slow }),
        1 => Just(Action::SaveFails),
        1 => Just(Action::Reapply),
        2 => (0..NAMES.len(), 0..WORDS.len()).prop_map(|(i, w)| Action::TheyHeader(i, w)),
        1 => any::<bool>().prop_map(|discard| Action::Close { discard }),
        1 => Just(Action::LeaseThenClose),
    ]
}

/// A blob on the service as the model knows it: how many times it changed, and its Cache-Control.
#[derive(Clone, Debug, Default)]
struct Stored {
    version: u64,
    cache: Option<String>,
}

/// The user's unsaved Cache-Control for a blob, and the version (and value) of the blob the edit started from.
#[derive(Clone, Debug, PartialEq)]
struct Typed {
    word: String,
    base_version: u64,
    base_cache: Option<String>,
}

#[derive(Default)]
struct Model {
    server: BTreeSet<String>,
    /// Every blob that ever existed: its version and Cache-Control (a deleted one keeps its last).
    stored: std::collections::BTreeMap<String, Stored>,
    /// The blob whose details are shown (the last blob clicked), and what the pane last read of it.
    details: Option<String>,
    seen: std::collections::BTreeMap<String, Stored>,
    /// Unsaved drafts, by blob.
    typed: std::collections::BTreeMap<String, Typed>,
    prefix: String,
    back: Vec<String>,
    /// What the pane lists: folders (ending in `/`) and blobs, sorted.
    shown: Vec<String>,
    selection: BTreeSet<String>,
}

impl Model {
    /// The folder listing at `prefix` with `/` as the delimiter.
    fn listing(&self) -> Vec<String> {
        let mut out = BTreeSet::new();
        for name in self.server.iter().filter(|n| n.starts_with(&self.prefix)) {
            let rest = &name[self.prefix.len()..];
            match rest.find('/') {
                Some(i) => out.insert(format!("{}{}", self.prefix, &rest[..=i])),
                None => out.insert(name.clone()),
            };
        }
        out.into_iter().collect()
    }

    fn list(&mut self) {
        self.shown = self.listing();
        self.selection.clear();
    }

    fn open(&mut self, prefix: String) {
        self.back.push(std::mem::replace(&mut self.prefix, prefix));
        self.list();
        self.details = None;
    }

    /// The pane reads a blob's properties (a click, a refresh): a draft is never changed, but a draft that now
    /// agrees with the service is clean, and one whose base the service still holds takes the new version.
    fn observe(&mut self, blob: &str) {
        let Some(now) = self.server.contains(blob).then(|| self.stored[blob].clone()) else {
            return;
        };
        if let Some(t) = self.typed.get_mut(blob) {
            if now.cache.as_deref() == Some(t.word.as_str()) {
                self.typed.remove(blob);
            } else if now.cache == t.base_cache {
                t.base_version = now.version;
            }
        }
        self.seen.insert(blob.to_string(), now);
    }

    fn changed(&mut self, blob: &str, cache: Option<String>) {
        let s = self.stored.entry(blob.to_string()).or_default();
        s.version += 1;
        s.cache = cache;
    }
}

struct Run {
    rt: tokio::runtime::Runtime,
    world: World,
    direct: Client,
    container: String,
    pane: BlobPane,
    model: Model,
    proxy: common::fault_proxy::FaultProxy,
}

impl Run {
    fn new() -> Run {
        let rt = common::pane_world::model_runtime();
        let direct = common::client();
        let container = common::unique("blobmodel");
        let mut model = Model::default();
        rt.block_on(async {
            direct
                .create_container(&container, PublicAccess::None, &[])
                .await
                .unwrap();
            for name in &NAMES[..9] {
                put(&direct, &container, name).await;
                model.server.insert(name.to_string());
                model.changed(name, None);
            }
        });
        // The pane's requests pass a fault proxy that the steps slow down or fail on cue.
        let (account, proxy) = rt.block_on(common::account_through_proxy(tessera::storage::Service::Blob));
        let through = Client::new(account, Default::default()).unwrap();
        let mut world = World::new(&rt, through);
        let mut pane = BlobPane::new("model", &container);
        world.with(|ctx| pane.list(ctx));
        model.list();
        let mut run = Run {
            rt,
            world,
            direct,
            container,
            pane,
            model,
            proxy,
        };
        run.settle();
        run.check(&Action::Refresh);
        run
    }

    fn settle(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            self.world.with(|ctx| self.pane.poll(ctx));
            if !self.pane.is_listing() && !self.pane.is_reading_details() && !self.pane.has_sent_work() {
                return;
            }
            assert!(Instant::now() < deadline, "the listing never came");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    fn step(&mut self, action: &Action) {
        // Whether the pane read the shown blob's details again in this step (a blob clicked, a refresh, a save
        // sent): only then does the model observe what the service holds.
        let mut reread = matches!(action, Action::Refresh);
        let m = &mut self.model;
        match action {
            Action::Open(i) => {
                let folders: Vec<String> = m.shown.iter().filter(|n| n.ends_with('/')).cloned().collect();
                if let Some(f) = folders.get(i % folders.len().max(1)) {
                    m.open(f.clone());
                    self.world.with(|ctx| self.pane.open_folder(ctx, f));
                }
            }
            Action::Up => {
                if !m.prefix.is_empty() {
                    let trimmed = m.prefix.trim_end_matches('/');
                    let parent = trimmed.rfind('/').map_or(String::new(), |i| trimmed[..=i].to_string());
                    m.open(parent);
                    self.world.with(|ctx| self.pane.go_up(ctx));
                }
            }
            Action::Back => {
                if let Some(p) = m.back.pop() {
                    m.prefix = p;
                    m.list();
                    m.details = None;
                    self.world.with(|ctx| self.pane.go_back(ctx));
                }
            }
            Action::Click(i) | Action::CtrlClick(i) => {
                if !m.shown.is_empty() {
                    let add = matches!(action, Action::CtrlClick(_));
                    let name = m.shown[i % m.shown.len()].clone();
                    if !add {
                        m.selection.clear();
                    }
                    if !m.selection.insert(name.clone()) && add {
                        m.selection.remove(&name);
                    }
                    if name.ends_with('/') {
                        self.pane.select_folder(&name, add);
                    } else {
                        m.details = Some(name.clone());
                        reread = true;
                        self.world.with(|ctx| self.pane.select(ctx, &name, add));
                    }
                }
            }
            Action::Refresh => {
                m.shown = m.listing();
                let shown: BTreeSet<&String> = m.shown.iter().collect();
                m.selection.retain(|n| shown.contains(n));
                self.world.with(|ctx| self.pane.refresh_indicators(ctx));
            }
            Action::TheyPut(i) => {
                let name = NAMES[*i];
                // A rewrite of the content keeps the headers and metadata it had (as most writers do).
                let kept = match m.server.contains(name) {
                    true => self
                        .rt
                        .block_on(self.direct.get_blob_properties(&self.container, name, None))
                        .ok(),
                    false => None,
                };
                let (mut http, metadata) = kept.map(|(p, md)| (p.http, md)).unwrap_or_default();
                // The new content has its own MD5.
                http.content_md5 = None;
                let body = Bytes::from(format!("{name} again"));
                let conditions = Conditions::none();
                let rewrite = self
                    .direct
                    .put_blob(&self.container, name, body, &http, &metadata, &conditions);
                self.rt.block_on(rewrite).unwrap();
                let cache = http.cache_control.clone();
                m.server.insert(name.to_string());
                m.changed(name, cache);
            }
            Action::TheyHeader(i, w) => {
                let name = NAMES[*i];
                if m.server.contains(name) {
                    let (props, _) = self
                        .rt
                        .block_on(self.direct.get_blob_properties(&self.container, name, None))
                        .unwrap();
                    let http = BlobHttpHeaders {
                        cache_control: Some(WORDS[*w].to_string()),
                        ..props.http
                    };
                    let none = Conditions::none();
                    let set = self.direct.set_blob_http_headers(&self.container, name, &http, &none);
                    self.rt.block_on(set).unwrap();
                    m.changed(name, Some(WORDS[*w].to_string()));
                }
            }
            Action::Type(w) => self.type_word(WORDS[*w]),
            Action::Save { slow } => {
                if let Some(b) = self.model.details.clone().filter(|b| self.model.typed.contains_key(b)) {
                    if slow.is_some() {
                        self.proxy.inject([Fault::Delay(Duration::from_millis(300))]);
                    }
                    let sent = self.model.typed[&b].clone();
                    self.world.with(|ctx| self.pane.save_details(ctx, false));
                    reread = true;
                    // Typing on while the save is out: the reply is about what was sent, and what the typing
                    // means depends on it (the same word as before the save is a change once the save landed).
                    let later = slow.map(|w| WORDS[w]);
                    if let (Some(w), Some(d)) = (later, self.pane.draft_mut(&b)) {
                        d.edit.headers[4] = Some(w.to_string());
                    }
                    self.saved(&b, sent, true, later);
                }
            }
            Action::SaveFails => {
                if let Some(b) = self.model.details.clone().filter(|b| self.model.typed.contains_key(b)) {
                    self.proxy.inject([Fault::Status {
                        status: 500,
                        retry_after: None,
                    }]);
                    let sent = self.model.typed[&b].clone();
                    self.world.with(|ctx| self.pane.save_details(ctx, false));
                    reread = true;
                    self.saved(&b, sent, false, None);
                }
            }
            Action::Reapply => {
                if let Some(b) = self.model.details.clone().filter(|b| self.model.typed.contains_key(b)) {
                    if let Some(d) = self.pane.draft_mut(&b) {
                        d.reapply_on_theirs();
                    }
                    let seen = self.model.seen[&b].clone();
                    let t = self.model.typed.get_mut(&b).unwrap();
                    t.base_version = seen.version;
                    t.base_cache = seen.cache.clone();
                    if seen.cache.as_deref() == Some(t.word.as_str()) {
                        self.model.typed.remove(&b);
                    }
                }
            }
            Action::Close { discard } => self.close(*discard),
            Action::LeaseThenClose => self.lease_then_close(),
            Action::TheyDelete(i) => {
                let name = NAMES[*i];
                if m.server.remove(name) {
                    let none = Conditions::none();
                    let gone = self
                        .direct
                        .delete_blob(&self.container, name, None, DeleteSnapshots::Include, &none);
                    self.rt.block_on(gone).unwrap();
                }
            }
        }
        self.settle();
        // A Save with nothing typed, or a click on a folder, sends nothing and reads nothing: the pane still
        // holds what it read before, so the model must not observe the service's newer version here.
        if reread && let Some(b) = self.model.details.clone() {
            self.model.observe(&b);
        }
        if std::env::var("TRACE").is_ok() {
            let b = self.model.details.clone();
            let d = b.as_ref().and_then(|b| self.pane.draft(b));
            eprintln!(
                "{action:?} details={b:?} typed={:?} stored={:?}\n   pane: {:?}",
                b.as_ref().and_then(|b| self.model.typed.get(b)),
                b.as_ref().and_then(|b| self.model.stored.get(b)),
                d.map(|d| (
                    d.version().to_string(),
                    d.is_dirty(),
                    d.edit.clone(),
                    d.base().clone(),
                    d.theirs_version().to_string(),
                    d.theirs().clone()
                ))
            );
        }
        self.check(action);
    }

    /// Closing the tab as the frame does: asked first when drafts are unsaved (the pane names each, and nothing
    /// else); kept, unseen, while work it sent is out; otherwise dropped, and opening the container again starts
    /// a new pane at its root.
    fn close(&mut self, discard: bool) {
        let mut unsaved = self.pane.unsaved();
        unsaved.sort();
        let mut typed: Vec<String> = (self.model.typed.keys())
            .map(|b| format!("the metadata and headers of `{b}`"))
            .collect();
        typed.sort();
        assert_eq!(unsaved, typed, "closing asks about exactly the unsaved drafts");
        if !unsaved.is_empty() && !discard {
            return;
        }
        assert!(
            !self.pane.has_sent_work(),
            "nothing was out after the last step settled"
        );
        self.reopen();
    }

    /// The tab is dropped and the container opened again.
    fn reopen(&mut self) {
        self.pane = BlobPane::new("model", &self.container);
        self.world.with(|ctx| self.pane.list(ctx));
        let m = &mut self.model;
        m.typed.clear();
        m.seen.clear();
        m.details = None;
        m.back.clear();
        m.prefix.clear();
        m.list();
    }

    fn lease_then_close(&mut self) {
        let Some(b) = self.model.details.clone().filter(|b| self.model.server.contains(b)) else {
            return;
        };
        if !self.model.typed.is_empty() {
            return;
        }
        let key = self.pane.key(Some(&b));
        self.proxy.inject([Fault::Delay(Duration::from_millis(300))]);
        self.world.with(|ctx| {
            self.pane.with_feature(ctx, |leases: &mut Leases, core, ctx, fx| {
                leases.lease_action(core, ctx, fx, (Some(b.clone()), LeaseAction::Acquire))
            })
        });
        // Closed before the reply: the frame keeps a tab with work out, unseen, until it lands.
        assert!(self.pane.has_sent_work(), "the lease request is out");
        self.settle();
        let held = self.world.leases.held(&key).map(|h| h.lease_id.clone());
        let id = held.expect("the lease acquired after the tab closed is in the lease book");
        let target = LeaseTarget::Blob {
            container: &self.container,
            blob: &b,
        };
        let none = Conditions::none();
        // The service holds exactly that lease: releasing it with the book's id works.
        self.rt
            .block_on(self.direct.release_lease(target, &id, &none))
            .expect("the book's lease id is the service's");
        self.world.leases.released(&key);
        self.reopen();
    }

    /// What typing a Cache-Control into the shown blob's fields does, in the pane and in the model.
    fn type_word(&mut self, word: &str) {
        let Some(b) = self.model.details.clone() else { return };
        let Some(draft) = self.pane.draft_mut(&b) else { return };
        draft.edit.headers[4] = Some(word.to_string());
        self.typed_in_model(&b, word);
    }

    /// The model's side of typing `word` into blob `b`'s Cache-Control: a draft, unless it is what the edit
    /// started from.
    fn typed_in_model(&mut self, b: &str, word: &str) {
        let Some(seen) = self.model.seen.get(b).cloned() else {
            return;
        };
        let base = self.model.typed.get(b).cloned().unwrap_or(Typed {
            word: String::new(),
            base_version: seen.version,
            base_cache: seen.cache.clone(),
        });
        if base.base_cache.as_deref() == Some(word) {
            self.model.typed.remove(b);
        } else {
            self.model.typed.insert(
                b.to_string(),
                Typed {
                    word: word.into(),
                    ..base
                },
            );
        }
    }

    /// A save of `sent` for blob `b` went out (the pane settles before the model decides): it lands when the blob
    /// is still the version the edit started from and `may_land`, and then the service holds exactly `sent`.
    /// `later`: the word typed while the save was out.
    fn saved(&mut self, b: &str, sent: Typed, may_land: bool, later: Option<&str>) {
        self.settle();
        let m = &mut self.model;
        // A save's end reads the saved blob's properties again, and nothing else: the listing stays as it was.
        let lands = may_land && m.server.contains(b) && m.stored[b].version == sent.base_version;
        if !lands {
            // The edit still starts from where it did: the later word is typing on that draft.
            if let Some(w) = later {
                self.typed_in_model(b, w);
            }
            return;
        }
        // Only what changed is written: the header typed, one new version, the one the draft now starts from.
        m.changed(b, Some(sent.word.clone()));
        let now = m.stored[b].clone();
        match later {
            Some(w) if w != sent.word => {
                m.typed.insert(
                    b.to_string(),
                    Typed {
                        word: w.to_string(),
                        base_version: now.version,
                        base_cache: now.cache.clone(),
                    },
                );
            }
            _ => {
                m.typed.remove(b);
            }
        }
        m.seen.insert(b.to_string(), now);
    }

    fn check(&self, after: &Action) {
        let mut shown: Vec<String> = self.pane.folders().to_vec();
        shown.extend(self.pane.blobs().iter().map(|b| b.name.clone()));
        shown.sort();
        assert_eq!(
            shown, self.model.shown,
            "after {after:?}: the listing differs (folder `{}`)",
            self.model.prefix
        );
        assert_eq!(self.pane.prefix(), self.model.prefix, "after {after:?}");
        assert_eq!(
            self.pane.selection(),
            &self.model.selection,
            "after {after:?}: the selection differs"
        );
        assert!(
            self.pane.selection().iter().all(|n| shown.contains(n)),
            "after {after:?}: something selected is not shown"
        );
        // No draft lost or changed by a refresh, a slow or failed save: every unsaved word is in its draft.
        for (b, t) in &self.model.typed {
            let draft = self.pane.draft(b);
            assert_eq!(
                draft.and_then(|d| d.edit.headers[4].clone()).as_deref(),
                Some(t.word.as_str()),
                "after {after:?}: the draft of `{b}` was lost or changed"
            );
            assert!(
                draft.is_some_and(|d| d.is_dirty()),
                "after {after:?}: `{b}` says nothing is unsaved"
            );
        }
        // What closing would ask about is exactly what is unsaved.
        let mut unsaved = self.pane.unsaved();
        unsaved.sort();
        let typed: Vec<String> = (self.model.typed.keys())
            .map(|b| format!("the metadata and headers of `{b}`"))
            .collect();
        assert_eq!(unsaved, typed, "after {after:?}: the unsaved drafts differ");
        // Only the writes the user made reached the service.
        let acted: BTreeSet<&String> = self.model.typed.keys().chain(self.model.details.iter()).collect();
        for b in acted.into_iter().filter(|b| self.model.server.contains(*b)) {
            let (props, _) = self
                .rt
                .block_on(self.direct.get_blob_properties(&self.container, b, None))
                .unwrap();
            assert_eq!(
                props.http.cache_control, self.model.stored[b].cache,
                "after {after:?}: the service holds another Cache-Control for `{b}`"
            );
        }
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        let _ = self
            .rt
            .block_on(self.direct.delete_container(&self.container, &Conditions::none()));
    }
}

async fn put(client: &Client, container: &str, name: &str) {
    let body = Bytes::from(name.to_string());
    client
        .put_blob(container, name, body, &Default::default(), &[], &Conditions::none())
        .await
        .unwrap();
}

/// Steps in all: `TESSERA_MODEL_STEPS` / 5 (2,000 by default), in runs of 100.
fn cases() -> u32 {
    (common::pane_world::model_steps(10_000) / 5).div_ceil(100)
}

proptest! {
    #![proptest_config(common::pane_world::model_config(cases()))]
    #[test]
    fn the_blob_pane_selection_agrees_with_the_model(actions in proptest::collection::vec(action(), 100)) {
        let mut run = Run::new();
        for a in &actions {
            run.step(a);
        }
    }
}

/// Found by the model under load: the user types a word, someone else changes the header, a refresh shows
/// theirs, the user types the original back (nothing to save) and then types the service's own value. The clean
/// draft must have followed the service, so that last word is no edit at all; it once counted as unsaved
/// against the version the form had stopped showing.
#[test]
fn a_draft_typed_back_while_someone_changed_the_blob_follows_the_service() {
    use Action::*;
    let mut run = Run::new();
    let steps = [
        TheyHeader(6, 2),
        Open(0),
        Open(0),
        Open(0),
        Click(0),
        Type(3),
        TheyHeader(6, 0),
        Refresh,
        Type(2),
        Type(0),
        Save { slow: None },
    ];
    for a in &steps {
        run.step(a);
    }
    assert_eq!(run.model.details.as_deref(), Some(NAMES[6]), "the steps reach the blob");
}
