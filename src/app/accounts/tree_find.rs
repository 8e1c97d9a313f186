//! Find in the tree: the box above the tree, and the containers, queues and tables of every open account whose
//! names contain its text (any case), each service's whole list read as needed, with how far each read got.

use std::sync::atomic::Ordering;

use egui::RichText;

use crate::app::accounts::connections::{ConnState, Connections};
use crate::app::accounts::resource_list::ResourceItem;
use crate::app::accounts::tree::{Explorer, Loadable, TreeAction};
use crate::app::context::Backend;
use crate::app::widgets::i18n::{t, tr};
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
        let before = self.find.text.clone();
        let r = ui
            .add(
                egui::TextEdit::singleline(&mut self.find.text)
                    .id_salt("tree-find")
                    .hint_text(t("find-hint"))
                    .desired_width(f32::INFINITY),
            )
            .accessible_name(t("find-name"))
            .on_hover_text(t("find-hint-more"));
        // egui takes the keyboard from the box on Escape in the same frame: either is the box's Escape.
        if (r.has_focus() || r.lost_focus()) && ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            self.find.text.clear();
        }
        // Another text shows other resources: a pick made among what was shown before starts over, so "the N
        // selected" are never ones the tree no longer shows.
        if self.find.text != before {
            self.pick.clear();
        }
    }

    /// A list's names as the tree shows them, in its order: what Find found in it while Find is on, else the
    /// whole list. A Shift+click's range is taken from these, so it holds only what is shown.
    pub(crate) fn shown_names(&self, id: &str, service: Service) -> Vec<String> {
        match self.find.is_on() {
            true => self.find.found_names(&(id.to_string(), service)),
            false => self.names(id, service),
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
                        self.item_ui(ui, (&id, &client, portal.as_deref()), service, &item, 1, actions);
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
                            self.item_ui(ui, (&id, &client, portal.as_deref()), service, item, 1, actions);
                        }
                    }
                    Found::Reading(n) => {
                        reading += 1;
                        ui.weak(tr!(
                            "find-reading",
                            account = label.as_str(),
                            service = title(service),
                            listed = n as u64
                        ));
                        ui.ctx().request_repaint_after(std::time::Duration::from_millis(200));
                    }
                    Found::Failed(why) => {
                        ui.colored_label(
                            ui.visuals().error_fg_color,
                            tr!(
                                "find-failed",
                                account = label.as_str(),
                                service = title(service),
                                why = why
                            ),
                        );
                    }
                }
            }
        }
        if shown == 0 && reading == 0 {
            ui.weak(tr!("find-nothing", text = self.find.text.trim()));
        }
        if closed > 0 {
            ui.weak(tr!("find-closed", closed = closed));
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

fn title(service: Service) -> String {
    t(crate::app::accounts::tree::service_title(service))
}

fn heading(ui: &mut egui::Ui, account: &str, service: Service) {
    ui.label(RichText::new(format!("{account} · {}", title(service))).strong());
}
