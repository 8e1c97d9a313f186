//! Open tabs: one pane per resource (a table, a container, a queue), created when its account is ready.

use std::sync::Arc;

use crate::app::accounts::connections::Connections;
use crate::app::accounts::tree::TabTarget;
use crate::app::blob::pane::BlobPane;
use crate::app::context::leases::LeaseBook;
use crate::app::context::pane::{Pane, PaneUi};
use crate::app::context::{Notice, PaneContext};
use crate::app::queue::pane::QueuePane;
use crate::app::runtime::backend::Backend;
use crate::app::runtime::dialogs::FileDialogs;
use crate::app::runtime::jobs::Jobs;
use crate::app::table::pane::TablePane;
use crate::storage::{Client, Service};

/// What every pane may use, owned by the app and lent to the panes each frame.
pub struct Shared<'a> {
    pub connections: &'a Connections,
    pub backend: &'a Backend,
    pub jobs: &'a mut Jobs,
    pub notices: &'a mut Vec<Notice>,
    pub dialogs: &'a Arc<dyn FileDialogs>,
    pub leases: &'a mut LeaseBook,
    /// Names the tree has loaded, for "move to" choices.
    pub explorer: &'a crate::app::accounts::tree::Explorer,
    pub lab_request: &'a mut Option<(String, crate::app::context::open_lab::FreeTarget)>,
    pub blob_clipboard: &'a mut Option<crate::app::context::clipboard::BlobClipboard>,
    pub picks: &'a mut crate::app::context::clipboard::Picks,
    pub saved_queries: &'a mut crate::app::context::saved_queries::SavedQueries,
    pub journal: &'a crate::app::context::TransferJournal,
}

impl Shared<'_> {
    /// What a pane of an account gets: the shared parts, that account's client, and a slot to ask for the lab.
    fn pane_context<'b>(
        &'b mut self,
        (client, profile_id, resource, sent): (&'b Client, &'b str, &'b str, &'b crate::app::context::SentCount),
        lab: &'b mut Option<crate::app::context::open_lab::FreeTarget>,
    ) -> PaneContext<'b> {
        PaneContext {
            backend: self.backend,
            client,
            jobs: self.jobs,
            notices: self.notices,
            dialogs: self.dialogs,
            leases: self.leases,
            lab,
            blob_clipboard: self.blob_clipboard,
            picks: self.picks,
            saved_queries: self.saved_queries,
            profile_id,
            resource,
            journal: Some(self.journal),
            sent,
        }
    }
}

pub struct Tab {
    pub(crate) target: TabTarget,
    /// The pane the tab shows, spoken to through one trait whatever its kind; None while its account connects.
    pub(crate) pane: Option<Box<dyn Pane>>,
    /// The writes this tab's pane sent (`PaneContext::send`) whose replies it has not taken yet.
    pub(crate) sent: crate::app::context::SentCount,
}

impl Tab {
    pub fn title(&self) -> String {
        let id = match self.target.service {
            crate::storage::Service::Blob => "tab-title-container",
            crate::storage::Service::Queue => "tab-title-queue",
            crate::storage::Service::Table => "tab-title-table",
        };
        crate::app::widgets::i18n::tr!(id, name = self.target.name.as_str())
    }
}

#[derive(Default)]
pub struct Tabs {
    pub(crate) list: Vec<Tab>,
    pub(crate) active: Option<usize>,
    /// Ctrl+F asked the active pane to focus its filter.
    pub(crate) focus_filter: bool,
    /// Ctrl+R asked the active pane to reload.
    pub(crate) refresh_requested: bool,
    /// Closed tabs whose sent work has not all answered (see `closing`).
    pub(crate) closed: Vec<Tab>,
    /// Image previews of tabs dropped since the last frame: egui keeps an image's bytes until told to forget it.
    pub(crate) forget_images: Vec<String>,
    /// The window is minimised: no tab is shown, so no watch reads.
    pub(crate) minimised: bool,
    /// Blobs dropped on a container in the tree: its tab pastes the clipboard into this folder once its pane is
    /// ready.
    pub(crate) drop_paste: Option<(TabTarget, String)>,
}

impl Tabs {
    pub fn open(&mut self, target: TabTarget) {
        if self.reopen(&target) {
            return;
        }
        match self.list.iter().position(|t| t.target == target) {
            Some(i) => self.active = Some(i),
            None => {
                self.list.push(Tab {
                    target,
                    pane: None,
                    sent: Default::default(),
                });
                self.active = Some(self.list.len() - 1);
            }
        }
    }

    /// Closing a tab drops its pane, which aborts the reads it was waiting for; a pane with writes, leases or
    /// dequeues out (or live receipts) runs on unseen until they land (`closing`).
    pub fn close(&mut self, index: usize) {
        if index >= self.list.len() {
            return;
        }
        let tab = self.list.remove(index);
        // A drop waiting for this tab's pane is not pasted into a tab the user closed.
        if self.drop_paste.as_ref().is_some_and(|(t, _)| *t == tab.target) {
            self.drop_paste = None;
        }
        self.keep_if_working(tab);
        self.active = match self.active {
            _ if self.list.is_empty() => None,
            Some(a) if a > index => Some(a - 1),
            Some(a) => Some(a.min(self.list.len() - 1)),
            None => None,
        };
    }

    pub fn close_target(&mut self, target: &TabTarget) {
        if let Some(i) = self.list.iter().position(|t| &t.target == target) {
            self.close(i);
        }
    }

    pub fn close_account(&mut self, profile_id: &str) {
        while let Some(i) = self.list.iter().position(|t| t.target.profile_id == profile_id) {
            self.close(i);
        }
        // The account is gone: nothing of it is kept running.
        let (gone, kept) = std::mem::take(&mut self.closed)
            .into_iter()
            .partition(|t| t.target.profile_id == profile_id);
        self.closed = kept;
        self.dropped(gone);
    }

    pub fn active_tab(&mut self) -> Option<&mut Tab> {
        self.active.and_then(|i| self.list.get_mut(i))
    }

    /// Jobs ended (an upload, a delete, a paste): the tabs showing what they changed read it again (a container's
    /// listing, when next shown); the others are not touched.
    pub fn jobs_ended(&mut self, touched: &[crate::app::runtime::jobs::Touched]) {
        for tab in &mut self.list {
            let shows = |t: &crate::app::runtime::jobs::Touched| {
                t.profile_id == tab.target.profile_id && t.name == tab.target.name
            };
            if let Some(p) = &mut tab.pane
                && touched.iter().any(shows)
            {
                p.changed_elsewhere();
            }
        }
    }

    /// How soon the tab on screen needs a frame without input (a container's indicators' refresh).
    pub fn next_tick(&self) -> Option<std::time::Duration> {
        self.active
            .and_then(|i| self.list.get(i))
            .and_then(|t| t.pane.as_ref())
            .and_then(|p| p.next_tick())
    }

    /// Whether something on screen counts down or loads and needs frames without input.
    pub fn wants_ticks(&self) -> bool {
        !self.closed.is_empty() || self.list.iter().any(|t| t.pane.as_ref().is_some_and(|p| p.busy()))
    }

    /// Creates panes whose account became ready, and lets every pane collect its results.
    pub fn poll(&mut self, shared: &mut Shared) {
        let active = if self.minimised { None } else { self.active };
        let open = self.list.len();
        for (i, tab) in self.list.iter_mut().chain(self.closed.iter_mut()).enumerate() {
            let active = if i < open { active } else { None };
            let Some(conn) = shared.connections.get(&tab.target.profile_id) else {
                continue;
            };
            let Some(client) = conn.client.clone() else { continue };
            let pane = tab.pane.get_or_insert_with(|| {
                // The one place a pane's kind is chosen: by the service of what the tab shows.
                let name = &tab.target.name;
                match tab.target.service {
                    Service::Table => Box::new(TablePane::new(name)) as Box<dyn Pane>,
                    Service::Blob => Box::new(BlobPane::new(&conn.profile.identity(), name)),
                    Service::Queue => Box::new(QueuePane::new(name)),
                }
            });
            pane.set_shown(active == Some(i));
            let mut lab = None;
            let (profile, resource) = (tab.target.profile_id.clone(), tab.target.name.clone());
            let mut ctx = shared.pane_context((&client, &profile, &resource, &tab.sent), &mut lab);
            pane.poll(&mut ctx);
            if let Some((_, prefix)) = self.drop_paste.take_if(|(t, _)| *t == tab.target) {
                pane.paste_into(&mut ctx, &prefix);
            }
        }
        self.forget_finished_closed();
    }

    /// Runs `act` on every pane that is ready, open or closed-and-working, with its context, as `poll` does.
    pub(crate) fn each_pane(&mut self, shared: &mut Shared, mut act: impl FnMut(&mut dyn Pane, &mut PaneContext)) {
        for tab in self.list.iter_mut().chain(self.closed.iter_mut()) {
            let Some(pane) = tab.pane.as_deref_mut() else {
                continue;
            };
            let Some(client) = shared.connections.client(&tab.target.profile_id) else {
                continue;
            };
            let mut lab = None;
            let (profile, resource) = (tab.target.profile_id.clone(), tab.target.name.clone());
            let mut ctx = shared.pane_context((&client, &profile, &resource, &tab.sent), &mut lab);
            act(pane, &mut ctx);
        }
    }

    pub fn pane_ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared) {
        let (focus, refresh) = (
            std::mem::take(&mut self.focus_filter),
            std::mem::take(&mut self.refresh_requested),
        );
        let Some(tab) = self.active_tab() else {
            ui.weak(crate::app::widgets::i18n::t("tabs-empty"));
            return;
        };
        let Some(client) = shared.connections.client(&tab.target.profile_id) else {
            ui.weak(crate::app::widgets::i18n::t("tree-connecting"));
            return;
        };
        let mut lab = None;
        let explorer = shared.explorer;
        let (profile, resource) = (tab.target.profile_id.clone(), tab.target.name.clone());
        let mut ctx = shared.pane_context((&client, &profile, &resource, &tab.sent), &mut lab);
        let (target, pane) = (&tab.target, &mut tab.pane);
        let Some(pane) = pane else {
            ui.weak(crate::app::widgets::i18n::t("tree-connecting"));
            return;
        };
        let siblings = || explorer.names(&target.profile_id, target.service);
        let asked = PaneUi {
            focus,
            refresh,
            siblings: &siblings,
        };
        pane.ui(ui, &mut ctx, asked);
        if let Some(target) = lab {
            *shared.lab_request = Some((profile, target));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::runtime::jobs::Touched;
    use crate::storage::Service;

    fn blob_tab(profile_id: &str, name: &str) -> Tab {
        Tab {
            target: TabTarget {
                profile_id: profile_id.into(),
                service: Service::Blob,
                name: name.into(),
            },
            pane: Some(Box::new(BlobPane::new(profile_id, name))),
            sent: Default::default(),
        }
    }

    #[test]
    fn a_job_that_ended_refreshes_only_the_tabs_showing_what_it_changed() {
        let mut tabs = Tabs {
            list: vec![blob_tab("p1", "a"), blob_tab("p1", "b"), blob_tab("p2", "a")],
            ..Default::default()
        };
        tabs.jobs_ended(&[Touched {
            profile_id: "p1".into(),
            name: "a".into(),
        }]);
        let due: Vec<bool> = tabs
            .list
            .iter()
            .map(|t| {
                let pane = t.pane.as_deref().expect("a pane");
                pane.as_any()
                    .downcast_ref::<BlobPane>()
                    .is_some_and(|p| p.own.refresh_now)
            })
            .collect();
        assert_eq!(due, [true, false, false]);
    }
}
