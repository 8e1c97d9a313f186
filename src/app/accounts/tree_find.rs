//! Find in the tree: the box above the tree, and the containers, queues and tables of every open account whose
//! names contain its text (any case), each service's whole list read as needed, with how far each read got.

use std::sync::atomic::Ordering;

use egui::RichText;

use crate::app::accounts::connections::{ConnState, Connections};
use crate::app::accounts::resource_list::ResourceItem;
use crate::app::accounts::tree::{Explorer, Loadable, TreeAction};
use crate::app::context::Backend;
use crate::storage::Service;

/// What one service's list holds for the search: found, still being read (how many so far), or failed.
enum Found {
    Items(Vec<ResourceItem>),
    Reading(usize),
    Failed(String),
}

impl Explorer {
    /// The box above the tree. Escape in it clears it.
    pub(crate) fn find_box(&mut self, ui: &mut egui::Ui) {
        let r = ui
            .add(
                egui::TextEdit::singleline(&mut self.find.text)
                    .hint_text("Find containers, queues, tables…")
                    .desired_width(f32::INFINITY),
            )
            .accessible_name("Find in the tree")
            .on_hover_text(
                "Any part of the name, any case, in every open account: each list is read whole, every page of it",
            );
        // egui takes the keyboard from the box on Escape in the same frame: either is the box's Escape.
        if (r.has_focus() || r.lost_focus()) && ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            self.find.text.clear();
        }
    }

    /// What was found, account by account and service by service; a click opens a resource as in the tree.
    pub(crate) fn found_ui(
        &mut self,
        ui: &mut egui::Ui,
        backend: &Backend,
        connections: &Connections,
        actions: &mut Vec<TreeAction>,
    ) {
        let mut shown = 0;
        let mut reading = 0;
        let mut closed = 0;
        for conn in &connections.list {
            let (id, label) = (conn.profile.id.clone(), conn.profile.label.clone());
            let client = match (&conn.state, &conn.client) {
                (ConnState::Ready, Some(c)) => c.clone(),
                _ => {
                    closed += 1;
                    continue;
                }
            };
            let portal = conn.profile.portal.clone();
            for service in Service::ALL {
                if client.account().endpoint(service).is_err() {
                    continue;
                }
                // An account scoped to one resource has no list to read: that resource is its list.
                if let Some((s, name)) = &conn.profile.scope {
                    if *s == service && self.find.matches(name) {
                        let item = ResourceItem {
                            name: name.clone(),
                            badge: None,
                        };
                        shown += 1;
                        heading(ui, &label, service);
                        self.item_ui(ui, (&id, &client, portal.as_deref()), service, &item, actions);
                    }
                    continue;
                }
                self.ensure_loaded(backend, &client, &id, service);
                match self.found_in(&id, service) {
                    Found::Items(items) if items.is_empty() => {}
                    Found::Items(items) => {
                        heading(ui, &label, service);
                        shown += items.len();
                        for item in &items {
                            self.item_ui(ui, (&id, &client, portal.as_deref()), service, item, actions);
                        }
                    }
                    Found::Reading(n) => {
                        reading += 1;
                        ui.weak(format!(
                            "{label} · {}: reading the list… {} listed",
                            title(service),
                            crate::app::widgets::format::thousands(n as u64)
                        ));
                        ui.ctx().request_repaint_after(std::time::Duration::from_millis(200));
                    }
                    Found::Failed(why) => {
                        ui.colored_label(
                            ui.visuals().error_fg_color,
                            format!("{label} · {}: {why}", title(service)),
                        );
                    }
                }
            }
        }
        if shown == 0 && reading == 0 {
            ui.weak(format!(
                "No container, queue or table of the open accounts contains “{}”.",
                self.find.text.trim()
            ));
        }
        if closed > 0 {
            ui.weak(format!(
                "{closed} account{} not open: not searched (unfold an account to open it).",
                if closed == 1 { "" } else { "s" }
            ));
        }
    }

    fn found_in(&mut self, id: &str, service: Service) -> Found {
        let key = (id.to_string(), service);
        let Some(list) = self.lists.get(&key) else {
            return Found::Reading(0);
        };
        match &list.items {
            Some(Loadable::Loaded(items)) => Found::Items(self.find.found_in(key, list.loaded, items).to_vec()),
            Some(Loadable::Failed(e)) => Found::Failed(e.plain_words()),
            _ => Found::Reading(list.listed.load(Ordering::Relaxed)),
        }
    }
}

fn title(service: Service) -> &'static str {
    match service {
        Service::Blob => "Blob containers",
        Service::Queue => "Queues",
        Service::Table => "Tables",
    }
}

fn heading(ui: &mut egui::Ui, account: &str, service: Service) {
    ui.label(RichText::new(format!("{account} · {}", title(service))).strong());
}
