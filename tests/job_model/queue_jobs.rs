//! The queue's writes of many things as cases of the model: a copy of the selected messages to another queue (Put
//! Message on the target, each a new message the service cannot tell from a second one, so a put whose answer
//! was lost must be said to be unknown, never put again unasked).

use tessera::app::runtime::dialogs::ScriptedDialogs;
use tessera::storage::queue::MessageTtl;

use crate::model::{Case, Clock, Found, Judged, Said, Seen, Snapshot, Work, queues, says_unknown};
use crate::ui::TestApp;

/// A copy of every peeked message of a queue (selected with Ctrl+A) to another queue that holds messages of its
/// own; a third queue stands beside them.
pub struct QueueCopy {
    seed: u64,
    from: String,
    to: String,
    beside: String,
    texts: Vec<String>,
    theirs: Vec<String>,
}

impl QueueCopy {
    pub fn new(rt: &tokio::runtime::Runtime, seed: u64) -> QueueCopy {
        let mut rng = fastrand::Rng::with_seed(seed);
        let direct = crate::common::client();
        let [from, to, beside] = ["jmqfrom", "jmqto", "jmqbeside"].map(crate::common::unique);
        let texts: Vec<String> = (0..rng.usize(3..=12))
            .map(|i| format!("message {i} of seed {seed}"))
            .collect();
        let theirs: Vec<String> = (0..rng.usize(0..=3)).map(|i| format!("the target's own {i}")).collect();
        rt.block_on(async {
            for q in [&from, &to, &beside] {
                direct.create_queue(q, &[]).await.unwrap();
            }
            for (q, list) in [(&from, &texts), (&to, &theirs)] {
                for text in list {
                    direct.put_message(q, text, None, MessageTtl::Default).await.unwrap();
                }
            }
            direct
                .put_message(&beside, "beside", None, MessageTtl::Default)
                .await
                .unwrap();
        });
        QueueCopy {
            seed,
            from,
            to,
            beside,
            texts,
            theirs,
        }
    }
}

impl Case for QueueCopy {
    fn describe(&self) -> String {
        format!("copy of {} messages, seed {}", self.texts.len(), self.seed)
    }

    fn work(&self) -> Work {
        Work::Sent
    }

    fn clock(&self) -> Clock {
        Clock::Queue
    }

    fn outside(&self) -> Snapshot {
        let seen = queues(&[&self.from, &self.to, &self.beside]);
        let mut out = Snapshot::new();
        for q in [&self.from, &self.beside] {
            let s = &seen[q.as_str()];
            out.insert(format!("{q} count"), s.count.to_string());
            out.insert(format!("{q} messages"), s.messages.join(" | "));
        }
        // The target's own messages stay, each once.
        for text in &self.theirs {
            let n = seen[&self.to].messages.iter().filter(|m| *m == text).count();
            out.insert(format!("{} holds `{text}`", self.to), n.to_string());
        }
        out
    }

    fn start(&mut self, t: &mut TestApp, _: &ScriptedDialogs, arm: &mut dyn FnMut()) {
        t.open_resource("Queues", &self.from);
        let (first, last) = (&self.texts[0], self.texts.last().unwrap());
        t.wait_for(last);
        t.click(first);
        t.key(egui::Modifiers::COMMAND, egui::Key::A);
        t.context_click(first);
        t.click(&format!("Copy {} messages to queue", self.texts.len()));
        arm();
        t.click(&format!("to {}", self.to));
    }

    fn is_job(&self, _: &str) -> bool {
        false
    }

    fn requests(&self) -> usize {
        self.texts.len()
    }

    fn said(&self, t: &TestApp) -> Option<String> {
        let words = match t.harness.state().active_queue()?.message()? {
            Ok(w) => w.clone(),
            Err(e) => e.plain_words(),
        };
        (words.contains(&format!("to `{}`", self.to))).then_some(words)
    }

    fn judge(&self, seen: &Seen) -> Vec<Judged> {
        let target = &queues(&[&self.to])[&self.to];
        let words = seen.words();
        // "Copied N messages to …", or "K of N messages were copied … before this one failed (…)".
        let stopped = regex::Regex::new(r"(\d+) of \d+ messages were copied").unwrap();
        let copied_before = (stopped.captures(&words)).and_then(|c| c[1].parse::<usize>().ok());
        let all = words.starts_with("Copied ");
        (self.texts.iter().enumerate())
            .map(|(i, text)| {
                let found = match target.messages.iter().filter(|m| *m == text).count() {
                    0 => Found::NotDone,
                    1 => Found::Done,
                    _ => Found::Twice,
                };
                let said = match copied_before {
                    _ if all => Said::Done,
                    Some(k) if i < k => Said::Done,
                    Some(k) if i == k && says_unknown(&words) => Said::Unknown,
                    Some(_) => Said::NotDone,
                    // The tab was closed before it said: the copies landed unseen.
                    None => Said::Unknown,
                };
                Judged {
                    item: text.clone(),
                    said,
                    found,
                    words: words.lines().next().unwrap_or_default().to_string(),
                }
            })
            .collect()
    }
}
