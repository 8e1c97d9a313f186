//! Saving the account list off the UI thread: a writer thread takes the newest list (a burst of changes is
//! one write) and reports a failure back for a notice. Entries the file held that this version cannot read go
//! back with every write; a file that could not be read at all is never written over.

use std::path::PathBuf;
use std::sync::mpsc;

use crate::app::accounts::account_file::save;
use crate::app::accounts::profiles::AccountProfile;
use crate::app::widgets::i18n::{Language, tr};

enum Message {
    /// A list to write, and the language the window spoke when it changed (a failure is worded in it).
    Save(Vec<AccountProfile>, Language),
    /// Answers once every list sent before it is written.
    Sync(mpsc::Sender<()>),
}

pub struct ProfileSaver {
    sender: Option<mpsc::Sender<Message>>,
    failures: crate::app::context::feed::Feed<String>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl ProfileSaver {
    /// `kept`: entries to write back unread; `read_only`: why the file must not be written this run.
    pub fn new(path: PathBuf, kept: Vec<serde_json::Value>, read_only: Option<String>) -> ProfileSaver {
        let (tx, rx) = mpsc::channel::<Message>();
        let (fail_tx, failures) = crate::app::context::feed::unbounded(None);
        let thread = std::thread::Builder::new()
            .name("tessera-accounts".into())
            .spawn(move || {
                while let Ok(first) = rx.recv() {
                    // Only the newest list matters; syncs are answered after it is written.
                    let (mut newest, mut syncs, mut language) = (None, Vec::new(), Language::English);
                    let mut next = Some(first);
                    while let Some(message) = next {
                        match message {
                            Message::Save(list, spoken) => (newest, language) = (Some(list), spoken),
                            Message::Sync(done) => syncs.push(done),
                        }
                        next = rx.try_recv().ok();
                    }
                    crate::i18n::in_language(language, || match (&read_only, newest) {
                        (Some(why), Some(_)) => {
                            fail_tx.blocking_send(tr!("accounts-saver-not-saved", why = why.as_str()));
                        }
                        (None, Some(list)) => {
                            if let Err(e) = save(&path, &list, &kept) {
                                fail_tx.blocking_send(e);
                            }
                        }
                        (_, None) => {}
                    });
                    for done in syncs {
                        let _ = done.send(());
                    }
                }
            })
            .ok();
        ProfileSaver {
            sender: Some(tx),
            failures,
            thread,
        }
    }

    pub fn save(&self, profiles: Vec<AccountProfile>) {
        if let Some(s) = &self.sender {
            let _ = s.send(Message::Save(profiles, crate::i18n::language()));
        }
    }

    /// A save that failed since the last call, in words.
    pub fn failure(&mut self) -> Option<String> {
        self.failures.try_next().ok()
    }

    /// Waits until every list sent so far is on disk.
    pub fn sync(&self) {
        let Some(s) = &self.sender else { return };
        let (tx, rx) = mpsc::channel();
        if s.send(Message::Sync(tx)).is_ok() {
            let _ = rx.recv();
        }
    }
}

impl Drop for ProfileSaver {
    /// The last change is written before the app goes.
    fn drop(&mut self) {
        self.sender = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
