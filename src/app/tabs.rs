//! Open tabs: one pane per resource (a table, a container, a queue), created when its account is ready.

use std::sync::Arc;

use super::backend::Backend;
use super::connections::Connections;
use super::explorer::TabTarget;
use super::jobs::{JobContext, Jobs, Unit};
use super::{Notice, TesseraApp};
use crate::storage::table::EntityQuery;
use crate::storage::{Client, Service};

/// What a pane may use while it draws or polls.
pub struct PaneContext<'a> {
    pub backend: &'a Backend,
    pub client: &'a Client,
    pub jobs: &'a mut Jobs,
    pub notices: &'a mut Vec<Notice>,
}

/// The pane a tab shows.
pub enum Pane {
    /// The account is still connecting.
    Waiting,
    Resource(String),
}

pub struct Tab {
    pub target: TabTarget,
    pub pane: Pane,
}

impl Tab {
    pub fn title(&self) -> String {
        let kind = match self.target.service {
            Service::Blob => "container",
            Service::Queue => "queue",
            Service::Table => "table",
        };
        format!("{} ({kind})", self.target.name)
    }
}

#[derive(Default)]
pub struct Tabs {
    pub list: Vec<Tab>,
    pub active: Option<usize>,
    /// Ctrl+F asked the active pane to focus its filter.
    pub focus_filter: bool,
    /// Ctrl+R asked the active pane to reload.
    pub refresh_requested: bool,
}

impl Tabs {
    pub fn open(&mut self, target: TabTarget) {
        match self.list.iter().position(|t| t.target == target) {
            Some(i) => self.active = Some(i),
            None => {
                self.list.push(Tab {
                    target,
                    pane: Pane::Waiting,
                });
                self.active = Some(self.list.len() - 1);
            }
        }
    }

    /// Closing a tab drops its pane, which aborts whatever it was still waiting for.
    pub fn close(&mut self, index: usize) {
        if index >= self.list.len() {
            return;
        }
        self.list.remove(index);
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
    }

    pub fn active_tab(&mut self) -> Option<&mut Tab> {
        self.active.and_then(|i| self.list.get_mut(i))
    }

    /// Whether something on screen counts down and needs frames without input.
    pub fn wants_ticks(&self) -> bool {
        false
    }

    /// Creates panes whose account became ready, and lets every pane collect its results.
    pub fn poll(
        &mut self,
        connections: &Connections,
        _backend: &Backend,
        _jobs: &mut Jobs,
        _notices: &mut Vec<Notice>,
    ) {
        for tab in &mut self.list {
            if matches!(tab.pane, Pane::Waiting) && connections.client(&tab.target.profile_id).is_some() {
                tab.pane = Pane::Resource(tab.target.name.clone());
            }
        }
    }

    pub fn pane_ui(
        &mut self,
        ui: &mut egui::Ui,
        connections: &Connections,
        ctx_backend: &Backend,
        jobs: &mut Jobs,
        notices: &mut Vec<Notice>,
    ) {
        let Some(tab) = self.active_tab() else {
            ui.weak("Open a table, container or queue from the tree on the left.");
            return;
        };
        let Some(client) = connections.client(&tab.target.profile_id) else {
            ui.weak("Connecting…");
            return;
        };
        let _ctx = PaneContext {
            backend: ctx_backend,
            client: &client,
            jobs,
            notices,
        };
        match &tab.pane {
            Pane::Waiting => {
                ui.weak("Connecting…");
            }
            Pane::Resource(name) => {
                ui.heading(name);
            }
        }
    }
}

/// "Count entities": a cancellable scan of every page, counting as it goes.
pub fn start_count_job(app: &mut TesseraApp, target: TabTarget) {
    let Some(client) = app.connections.client(&target.profile_id) else {
        app.notice("Connect the account first (open it in the tree).");
        return;
    };
    let table = target.name.clone();
    let factory = Arc::new(move |ctx: JobContext| {
        let (client, table) = (client.clone(), table.clone());
        Box::pin(async move {
            let mut count = 0u64;
            let query = EntityQuery {
                select: vec!["PartitionKey".into()],
                ..Default::default()
            };
            client
                .for_each_entity_page(&table, &query, None, |page| {
                    count += page.entities.len() as u64;
                    ctx.progress.add(page.entities.len() as u64);
                    !ctx.cancel.is_cancelled()
                })
                .await?;
            Ok(format!("{count} entities in `{table}`"))
        }) as super::jobs::JobFuture
    });
    app.jobs.start(
        &app.backend,
        format!("Count entities in {}", target.name),
        Unit::Items("entities"),
        factory,
    );
}
