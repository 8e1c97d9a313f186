//! Closing a tab: it asks first when the tab holds an unsaved edit, and a tab whose sent work has not answered
//! (a lease being acquired, a dequeue, a save) or that holds live pop receipts keeps running unseen until it is
//! done, so what comes back is recorded (the lease book, the held messages). Such tabs are listed under Activity,
//! where Reopen brings them back as they are.

use crate::app::frame::app::{Confirm, TesseraApp};
use crate::app::frame::tabs::{Tab, Tabs};
use crate::app::widgets::i18n::{t, tr};

impl Tab {
    /// Whether the tab has sent work that has not answered (any write its pane sent through the tab is counted,
    /// whichever feature sent it), or state that must land somewhere (live receipts).
    pub fn has_sent_work(&self) -> bool {
        self.sent.outstanding() > 0 || self.pane.as_ref().is_some_and(|p| p.has_sent_work())
    }

    /// The unsaved edits its pane holds, in words (none while its account connects).
    pub fn unsaved(&self) -> Vec<String> {
        self.pane.as_ref().map(|p| p.unsaved()).unwrap_or_default()
    }
}

/// The close button and Ctrl+W: a tab with unsaved edits asks first.
pub fn request_close(app: &mut TesseraApp, index: usize) {
    let Some(tab) = app.tabs.list.get(index) else { return };
    let unsaved = tab.unsaved();
    if unsaved.is_empty() {
        close(app, index);
    } else {
        app.windows.confirm = Some(Confirm::CloseTab(tab.target.clone(), unsaved));
    }
}

/// Closes a tab, saying so when it keeps running unseen.
pub fn close(app: &mut TesseraApp, index: usize) {
    let Some(title) = app.tabs.list.get(index).map(|t| t.title()) else {
        return;
    };
    let kept = app.tabs.closed.len();
    app.tabs.close(index);
    if app.tabs.closed.len() > kept {
        app.settings.bottom_open = true;
        app.settings.bottom = crate::app::frame::app::BottomView::Activity;
        app.notice(tr!("closed-notice", title = title.as_str()));
    }
}

impl Tabs {
    /// The unsaved edits of the open tabs of `targets` (a delete of them would close them), a line for each tab
    /// holding any: the tab, then its edits as a close names them.
    pub(crate) fn unsaved_in(&self, targets: &[crate::app::accounts::tree::TabTarget]) -> Vec<String> {
        self.list
            .iter()
            .filter(|tab| targets.contains(&tab.target))
            .filter_map(|tab| {
                let edits = tab.unsaved();
                let tab_title = tab.title();
                (!edits.is_empty())
                    .then(|| tr!("confirm-delete-unsaved-tab", tab = tab_title, edits = edits.join(", ")))
            })
            .collect()
    }

    /// Keeps a closing tab running unseen while it has sent work; otherwise it is dropped (aborting reads).
    pub(crate) fn keep_if_working(&mut self, mut tab: Tab) {
        if tab.has_sent_work() {
            if let Some(pane) = &mut tab.pane {
                pane.close();
            }
            self.closed.push(tab);
        } else {
            self.dropped([tab]);
        }
    }

    /// Tabs gone for good: what egui holds for them (an image preview's bytes) is forgotten next frame.
    pub(crate) fn dropped(&mut self, tabs: impl IntoIterator<Item = Tab>) {
        for tab in tabs {
            if let Some(p) = &tab.pane
                && let Some(uri) = p.shown_image()
            {
                self.forget_images.push(uri.to_string());
            }
        }
    }

    /// A closed tab still working on this target comes back as it is.
    pub(crate) fn reopen(&mut self, target: &crate::app::accounts::tree::TabTarget) -> bool {
        let Some(i) = self.closed.iter().position(|t| &t.target == target) else {
            return false;
        };
        self.list.push(self.closed.remove(i));
        self.active = Some(self.list.len() - 1);
        true
    }

    /// Drops the closed tabs whose work has all landed.
    pub(crate) fn forget_finished_closed(&mut self) {
        if self.closed.iter().all(Tab::has_sent_work) {
            return;
        }
        let (working, done) = std::mem::take(&mut self.closed)
            .into_iter()
            .partition(Tab::has_sent_work);
        self.closed = working;
        self.dropped(done);
    }
}

/// Under Activity: the closed tabs still working, each with what it holds and Reopen.
pub fn ui(app: &mut TesseraApp, ui: &mut egui::Ui) {
    if app.tabs.closed.is_empty() {
        return;
    }
    ui.strong(t("closed-tabs"));
    let mut reopen = None;
    for tab in &app.tabs.closed {
        ui.horizontal(|ui| {
            let title = tab.title();
            let held = match &tab.pane {
                Some(p) => p.waits_for(),
                None => t("closed-request"),
            };
            ui.label(tr!("closed-tab", title = title.as_str(), what = held));
            if ui.button(tr!("closed-reopen", title = title.as_str())).clicked() {
                reopen = Some(tab.target.clone());
            }
        });
    }
    ui.separator();
    if let Some(target) = reopen {
        app.tabs.reopen(&target);
    }
}
