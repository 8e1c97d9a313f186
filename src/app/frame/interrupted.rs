//! Transfers a crash or a restart interrupted: found in the journal at start, offered above the tabs (resume or
//! discard, each or all), and resumed as jobs once their account is connected.

use crate::app::widgets::i18n::{t, tr};
use std::path::Path;

use egui::RichText;

use crate::app::TesseraApp;
use crate::app::blob::features::resumable::run;
use crate::app::context::{Direction, Notice, TransferJournal, Unfinished, Unit};

pub struct Interrupted {
    pub journal: TransferJournal,
    /// Found at start, not yet resumed or discarded.
    pub offered: Vec<Unfinished>,
    /// Resumed while their account was still connecting: started once it is.
    waiting: Vec<Unfinished>,
}

impl Interrupted {
    /// Reads the journal (a few small files, once, as the account list is read).
    pub fn load(dir: &Path) -> Self {
        let journal = TransferJournal::new(dir.to_path_buf());
        Interrupted {
            offered: journal.read_all(),
            journal,
            waiting: Vec::new(),
        }
    }
}

enum Choice {
    Resume(usize),
    Discard(usize),
    ResumeAll,
    DiscardAll,
}

/// The banner above the tabs while interrupted transfers wait for a decision.
pub fn ui(app: &mut TesseraApp, ui: &mut egui::Ui) {
    if app.session.interrupted.offered.is_empty() {
        return;
    }
    let mut choice = None;
    egui::Panel::top("interrupted").show(ui, |ui| {
        let n = app.session.interrupted.offered.len();
        ui.horizontal(|ui| {
            let words = tr!("interrupted-count", count = n);
            ui.label(RichText::new(words).strong());
            if ui.button(t("interrupted-resume-all")).clicked() {
                choice = Some(Choice::ResumeAll);
            }
            if ui.button(t("interrupted-discard-all")).clicked() {
                choice = Some(Choice::DiscardAll);
            }
        });
        for (i, transfer) in app.session.interrupted.offered.iter().enumerate() {
            ui.horizontal(|ui| {
                // Short on screen; named in full for a screen reader (and a test) by the transfer they act on.
                let title = transfer.title();
                let resume = tr!("interrupted-resume-name", transfer = title.as_str());
                if named_button(ui, &t("interrupted-resume"), &resume).clicked() {
                    choice = Some(Choice::Resume(i));
                }
                let discard = tr!("interrupted-discard-name", transfer = title.as_str());
                if named_button(ui, &t("interrupted-discard"), &discard).clicked() {
                    choice = Some(Choice::Discard(i));
                }
                let account = app
                    .accounts
                    .connections
                    .get(&transfer.profile_id)
                    .map_or_else(|| t("interrupted-account-gone"), |c| c.profile.label.clone());
                let size = match &transfer.direction {
                    Direction::Upload { size, .. } => format!(", {}", crate::app::widgets::format::human_bytes(*size)),
                    Direction::Download { .. } | Direction::UploadFolder { .. } | Direction::DownloadFolder { .. } => {
                        String::new()
                    }
                };
                ui.add(egui::Label::new(format!("{title}{size} · {account}")).truncate());
            });
        }
    });
    let all = 0..app.session.interrupted.offered.len();
    let (resume, discard): (Vec<usize>, Vec<usize>) = match choice {
        None => return,
        Some(Choice::Resume(i)) => (vec![i], vec![]),
        Some(Choice::Discard(i)) => (vec![], vec![i]),
        Some(Choice::ResumeAll) => (all.collect(), vec![]),
        Some(Choice::DiscardAll) => (vec![], all.collect()),
    };
    for i in discard.into_iter().rev() {
        let t = app.session.interrupted.offered.remove(i);
        discard_files(app, t);
    }
    for i in resume.into_iter().rev() {
        let t = app.session.interrupted.offered.remove(i);
        app.accounts.connections.open(&app.backend, &t.profile_id);
        app.session.interrupted.waiting.push(t);
    }
}

fn named_button(ui: &mut egui::Ui, text: &str, name: &str) -> egui::Response {
    let r = ui.small_button(text);
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
    r
}

/// Crosses a transfer out of the journal, and removes a download's partial file and its ranges (off the UI
/// thread), unless it is running elsewhere by then. An upload's staged blocks stay in the service until it drops
/// them (a week, on Azure).
fn discard_files(app: &mut TesseraApp, t: Unfinished) {
    let journal = app.session.interrupted.journal.clone();
    app.backend.run_blocking_detached(move || {
        // Held while its files go, so another window cannot resume it meanwhile; refused when another window resumed
        // it since this one offered it: that run owns its files now, and crosses the entry out itself when it ends.
        let Ok(_claim) = journal.claim(&t.id) else {
            return;
        };
        if let Direction::Download { dest, .. } = &t.direction {
            let (partial, ranges) = crate::storage::blob::partial_paths(dest);
            let _ = std::fs::remove_file(partial);
            let _ = std::fs::remove_file(ranges);
        }
        journal.end(&t.id);
    });
}

/// Starts the resumed transfers whose account is connected; one whose account is gone is said and offered again.
pub fn poll(app: &mut TesseraApp) {
    let waiting = std::mem::take(&mut app.session.interrupted.waiting);
    for t in waiting {
        let Some(conn) = app.accounts.connections.get(&t.profile_id) else {
            app.panels.notices.push(Notice {
                text: tr!("interrupted-no-account", transfer = t.title()),
                error: true,
            });
            app.session.interrupted.offered.push(t);
            continue;
        };
        if let crate::app::accounts::connections::ConnState::Failed(e) = &conn.state {
            app.panels.notices.push(Notice {
                text: tr!("interrupted-failed", transfer = t.title(), why = e.plain_words()),
                error: true,
            });
            app.session.interrupted.offered.push(t);
            continue;
        }
        let Some(client) = conn.client.clone() else {
            app.session.interrupted.waiting.push(t);
            continue;
        };
        let journal = app.session.interrupted.journal.clone();
        if matches!(t.direction, Direction::UploadFolder { .. }) {
            crate::app::blob::features::transfers::resume_folder(&mut app.jobs, &app.backend, client, t, journal);
            continue;
        }
        if matches!(t.direction, Direction::DownloadFolder { .. }) {
            crate::app::blob::features::folder_download::resume_folder_download(
                &mut app.jobs,
                &app.backend,
                client,
                t,
                journal,
            );
            continue;
        }
        app.jobs.run(
            &app.backend,
            t.title(),
            Unit::Bytes,
            (client, t, journal),
            |job, (client, t, journal)| run(job, client, t, Some(journal), true),
        );
    }
}
