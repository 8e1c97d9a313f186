//! The blob pane's selection across folder changes and refreshes, checked against a plain model after every
//! step of random sequences: open a folder, go up, go back, click and Ctrl+click blobs and folders, refresh,
//! while someone else adds and deletes blobs. The pane shows what the model says; its selection is always
//! part of what it shows, so Delete and Download act only on what the user sees selected.

mod common;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use bytes::Bytes;
use common::pane_world::World;
use proptest::prelude::*;
use tessera::app::blob::pane::BlobPane;
use tessera::storage::Client;
use tessera::storage::blob::{Conditions, DeleteSnapshots, PublicAccess};

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
    ]
}

#[derive(Default)]
struct Model {
    server: BTreeSet<String>,
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
    }
}

struct Run {
    rt: tokio::runtime::Runtime,
    world: World,
    direct: Client,
    container: String,
    pane: BlobPane,
    model: Model,
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
            }
        });
        let mut world = World::new(&rt, direct.clone());
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
        };
        run.settle();
        run.check(&Action::Refresh);
        run
    }

    fn settle(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            self.world.with(|ctx| self.pane.poll(ctx));
            if !self.pane.is_listing() {
                return;
            }
            assert!(Instant::now() < deadline, "the listing never came");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    fn step(&mut self, action: &Action) {
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
                self.rt.block_on(put(&self.direct, &self.container, name));
                m.server.insert(name.to_string());
            }
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
        self.check(action);
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
    #![proptest_config(ProptestConfig { cases: cases(), max_shrink_iters: 300, ..ProptestConfig::default() })]
    #[test]
    fn the_blob_pane_selection_agrees_with_the_model(actions in proptest::collection::vec(action(), 100)) {
        let mut run = Run::new();
        for a in &actions {
            run.step(a);
        }
    }
}
