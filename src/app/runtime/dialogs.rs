//! Native file dialogs behind a trait, so tests answer them without a window. They block: call them on
//! the backend's blocking pool, never on the UI thread.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

pub trait FileDialogs: Send + Sync {
    fn pick_file(&self, title: &str, extensions: &[&str]) -> Option<PathBuf>;
    fn pick_files(&self, title: &str) -> Option<Vec<PathBuf>>;
    fn pick_folder(&self, title: &str) -> Option<PathBuf>;
    fn save_file(&self, title: &str, default_name: &str) -> Option<PathBuf>;
}

/// The platform's dialogs (rfd: the XDG portal on Linux, no GTK needed).
pub struct NativeDialogs;

impl FileDialogs for NativeDialogs {
    fn pick_file(&self, title: &str, extensions: &[&str]) -> Option<PathBuf> {
        let mut d = rfd::FileDialog::new().set_title(title);
        if !extensions.is_empty() {
            d = d.add_filter(crate::i18n::t("runtime-dialogs-supported"), extensions);
        }
        d.pick_file()
    }

    fn pick_files(&self, title: &str) -> Option<Vec<PathBuf>> {
        rfd::FileDialog::new().set_title(title).pick_files()
    }

    fn pick_folder(&self, title: &str) -> Option<PathBuf> {
        rfd::FileDialog::new().set_title(title).pick_folder()
    }

    fn save_file(&self, title: &str, default_name: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title(title)
            .set_file_name(default_name)
            .save_file()
    }
}

/// Answers every dialog from a queue the test fills (None = the user cancelled).
#[derive(Default)]
pub struct ScriptedDialogs {
    answers: Mutex<Vec<Option<PathBuf>>>,
}

impl ScriptedDialogs {
    pub fn new() -> Arc<Self> {
        Arc::new(Self::default())
    }

    /// The next dialog returns this path.
    pub fn answer(&self, path: Option<PathBuf>) {
        self.answers.lock().expect("dialogs lock").push(path);
    }

    fn next(&self) -> Option<PathBuf> {
        let mut a = self.answers.lock().expect("dialogs lock");
        if a.is_empty() { None } else { a.remove(0) }
    }
}

impl FileDialogs for ScriptedDialogs {
    fn pick_file(&self, _: &str, _: &[&str]) -> Option<PathBuf> {
        self.next()
    }

    fn pick_files(&self, _: &str) -> Option<Vec<PathBuf>> {
        self.next().map(|p| vec![p])
    }

    fn pick_folder(&self, _: &str) -> Option<PathBuf> {
        self.next()
    }

    fn save_file(&self, _: &str, _: &str) -> Option<PathBuf> {
        self.next()
    }
}
