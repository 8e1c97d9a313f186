//! The tree's Delete N as a case of the model, as it is on main (another branch is changing how it closes tabs):
//! queues picked with a click and Shift+click, deleted after one question, with queues before and after the range
//! standing by. What it says names each queue deleted and each that was not.

use egui::Modifiers;
use egui_kittest::kittest::Queryable;
use tessera::app::runtime::dialogs::ScriptedDialogs;
use tessera::storage::queue::MessageTtl;

use crate::model::{Case, Clock, Found, Judged, Said, Seen, Snapshot, Work, queues, says_unknown};
use crate::ui::TestApp;

/// Queues `<prefix>b…` picked and deleted; `<prefix>a` and `<prefix>z` beside them, each holding a message.
pub struct DeleteN {
    seed: u64,
    prefix: String,
    items: Vec<String>,
    beside: Vec<String>,
}

impl DeleteN {
    pub fn new(rt: &tokio::runtime::Runtime, seed: u64) -> DeleteN {
        let mut rng = fastrand::Rng::with_seed(seed);
        let prefix = crate::common::unique("jmdel");
        let items: Vec<String> = (0..rng.usize(2..=6)).map(|i| format!("{prefix}b{i}")).collect();
        let beside = vec![format!("{prefix}a"), format!("{prefix}z")];
        let direct = crate::common::client();
        rt.block_on(async {
            for q in items.iter().chain(&beside) {
                direct.create_queue(q, &[]).await.unwrap();
                direct.put_message(q, q, None, MessageTtl::Default).await.unwrap();
            }
        });
        DeleteN {
            seed,
            prefix,
            items,
            beside,
        }
    }

    fn exists(&self) -> Vec<String> {
        let v = crate::common::peer::run(
            &crate::common::emulator().connection_string(),
            &["queue-names", &self.prefix],
        );
        serde_json::from_value(v["names"].clone()).unwrap()
    }
}

impl Case for DeleteN {
    fn describe(&self) -> String {
        format!("Delete {} queues, seed {}", self.items.len(), self.seed)
    }

    fn work(&self) -> Work {
        Work::Sent
    }

    fn clock(&self) -> Clock {
        Clock::Queue
    }

    fn outside(&self) -> Snapshot {
        let seen = queues(&self.beside.iter().map(String::as_str).collect::<Vec<_>>());
        (seen.iter())
            .map(|(q, s)| (q.clone(), format!("{} {:?}", s.count, s.messages)))
            .collect()
    }

    fn start(&mut self, t: &mut TestApp, _: &ScriptedDialogs, arm: &mut dyn FnMut()) {
        t.click("Test emulator");
        t.click_contains("Queues");
        let (first, last) = (&self.items[0], self.items.last().unwrap());
        t.click(first);
        t.wait_for(last);
        (t.harness.get_all_by_label(last).next().unwrap()).click_modifiers(Modifiers::SHIFT);
        t.step();
        t.step();
        t.context_click(first);
        let n = self.items.len();
        t.click(&format!("Delete the {n} queues…"));
        t.wait_for(&format!("Delete {n} queues?"));
        arm();
        t.click(&format!("Delete {n} queues"));
    }

    fn is_job(&self, _: &str) -> bool {
        false
    }

    fn requests(&self) -> usize {
        self.items.len()
    }

    fn said(&self, t: &TestApp) -> Option<String> {
        let notices = t.harness.state().notices();
        let said = notices
            .iter()
            .map(|n| n.text.as_str())
            .find(|n| (n.contains("Deleted ") || n.contains("not deleted")) && n.contains(&self.prefix));
        said.map(str::to_string)
    }

    fn judge(&self, seen: &Seen) -> Vec<Judged> {
        let left = self.exists();
        let words = seen.words();
        // "Deleted 3 queues: `a`, `b`, `c`." or "Deleted 1 of 3 queues (`a`); not deleted: `b` (why), `c` (why)."
        let (deleted, failed) = match words.split_once("; not deleted: ") {
            Some((deleted, failed)) => (deleted, failed),
            None => (words.as_str(), ""),
        };
        (self.items.iter())
            .map(|q| {
                let found = match left.contains(q) {
                    true => Found::NotDone,
                    false => Found::Done,
                };
                let named = format!("`{q}`");
                let said = if words.is_empty() {
                    // Never said (the window closed first): each may or may not be gone.
                    Said::Unknown
                } else if failed.contains(&named) {
                    if says_unknown(&words) {
                        Said::Unknown
                    } else {
                        Said::NotDone
                    }
                } else if deleted.contains(&named) {
                    Said::Done
                } else {
                    Said::NotDone
                };
                Judged {
                    item: q.clone(),
                    said,
                    found,
                    words: words.clone(),
                }
            })
            .collect()
    }
}
