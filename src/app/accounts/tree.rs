//! The explorer tree: accounts, then Blob containers / Queues / Tables, each list loaded when first opened.

use std::collections::HashMap;

use egui::RichText;
use serde::{Deserialize, Serialize};

use crate::app::accounts::connections::{ConnState, Connections};
pub use crate::app::accounts::resource_list::{ResourceItem, list_resources};
use crate::app::context::InFlight;
use crate::app::runtime::backend::Backend;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::blob::PublicAccess;
use crate::storage::{Client, Service, StorageError};

/// A resource a tab can show.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TabTarget {
    pub profile_id: String,
    pub service: Service,
    pub name: String,
}

pub enum Loadable<T> {
    NotLoaded,
    Loading,
    Loaded(T),
    Failed(StorageError),
}

#[derive(Default)]
pub(crate) struct ServiceList {
    pub(crate) items: Option<Loadable<Vec<ResourceItem>>>,
    pending: InFlight<(), Result<Vec<ResourceItem>, StorageError>>,
    /// How many the load under way has listed so far (pages of up to 5,000 arrive one after another).
    pub(crate) listed: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    /// Which load `items` came from (each finished load gets the next number): what was found in it stays valid
    /// until then.
    pub(crate) loaded: u64,
}

/// What the user asked of the tree this frame; the app carries it out.
#[derive(Clone, Debug, PartialEq)]
pub enum TreeAction {
    Open(TabTarget),
    TestConnection(String),
    Edit(String),
    /// Make an account SAS (key accounts only).
    AccountSas(String),
    /// The account's service settings (CORS, retention, static website, logging, metrics).
    ServiceSettings(String),
    /// Start the lens on the account: an endpoint the user's own app connects through.
    Lens(String),
    Remove(String),
    CountEntities(TabTarget),
    Delete(TabTarget),
    /// Open each of these (the tree's multi-selection).
    OpenMany(Vec<TabTarget>),
    /// Delete all of these, after one question naming them (the tree's multi-selection, all of one list).
    DeleteMany(Vec<TabTarget>),
    /// Create a container, queue or table; a container with this public access level.
    Create(TabTarget, PublicAccess),
    /// A profile changed in place (a browse account's hidden subscriptions): the account list is saved.
    ProfilesChanged,
}

#[derive(Default)]
pub struct Explorer {
    pub(crate) lists: HashMap<(String, Service), ServiceList>,
    /// The filter box above the tree, and what it found.
    pub(crate) find: crate::app::accounts::resource_list::TreeFind,
    /// The resources picked with Ctrl or Shift.
    pub(crate) pick: crate::app::accounts::tree_pick::TreePick,
    pub selected: Option<TabTarget>,
    /// The New container/queue/table dialog, when open: for which account and service, the name typed.
    pub(crate) creating: Option<((String, Service), String)>,
    /// The dialog just opened: its name field takes the keyboard.
    pub(crate) focus_new: bool,
    /// The nodes drawn, in order: Up and Down move the keyboard along them.
    keys: crate::app::accounts::tree_keys::TreeKeys,
    /// The Properties window of a resource, when open.
    properties: Option<crate::app::accounts::resource_properties::ResourceProperties>,
    /// Properties… was chosen this frame, on this resource of the account of this client: the window opens.
    properties_asked: Option<(TabTarget, Client)>,
    /// Blobs let go on a container this frame: where, what, and whether Ctrl made it a copy.
    dropped: Option<(
        TabTarget,
        std::sync::Arc<crate::app::context::clipboard::BlobDrag>,
        bool,
    )>,
    /// The public access a new container gets (private unless the user picks otherwise).
    pub new_access: PublicAccess,
    /// What the browse accounts found.
    browse: crate::app::accounts::browse::Browse,
}

impl Explorer {
    /// Reloads one service's list (after a create or delete, or on Ctrl+R).
    pub fn refresh(&mut self, backend: &Backend, client: &Client, profile_id: &str, service: Service) {
        let list = self.lists.entry((profile_id.to_string(), service)).or_default();
        // A list already shown stays while it is read again (after every job, a Refresh): its rows neither flicker
        // to "Loading…" nor leave the tree under the pointer; the answer replaces them.
        if !matches!(list.items, Some(Loadable::Loaded(_))) {
            list.items = Some(Loadable::Loading);
        }
        list.listed = Default::default();
        let listed = list.listed.clone();
        list.pending.start(
            (),
            backend.spawn(crate::app::accounts::resource_list::list_resources_counted(
                client.clone(),
                service,
                listed,
            )),
        );
    }

    /// Loads a service's list once, if nothing has asked for it yet (the tree may never have been opened).
    pub fn ensure_loaded(&mut self, backend: &Backend, client: &Client, profile_id: &str, service: Service) {
        let asked = self
            .lists
            .get(&(profile_id.to_string(), service))
            .is_some_and(|l| l.items.is_some() || l.pending.is_out(&()));
        if !asked {
            self.refresh(backend, client, profile_id, service);
        }
    }

    /// Reloads every list that was loaded.
    pub fn refresh_all(&mut self, backend: &Backend, connections: &Connections) {
        let keys: Vec<(String, Service)> = self.lists.keys().cloned().collect();
        for (id, service) in keys {
            if let Some(client) = connections.client(&id) {
                self.refresh(backend, &client, &id, service);
            }
        }
    }

    pub fn forget_account(&mut self, profile_id: &str) {
        self.lists.retain(|(id, _), _| id != profile_id);
        self.browse.forget(profile_id);
    }

    pub fn poll(&mut self) {
        let mut reloaded = false;
        for list in self.lists.values_mut() {
            if let Some(result) = list.pending.take().map(|(_, v)| v) {
                reloaded = true;
                list.loaded += 1;
                list.items = Some(match result {
                    Ok(items) => Loadable::Loaded(items),
                    Err(e) => Loadable::Failed(e),
                });
            }
        }
        // What a reload no longer lists (deleted, here or elsewhere) leaves the multi-selection.
        if reloaded {
            let lists = &self.lists;
            self.pick
                .keep_only(|p| match lists.get(&(p.profile_id.clone(), p.service)) {
                    Some(ServiceList {
                        items: Some(Loadable::Loaded(items)),
                        ..
                    }) => items.iter().any(|i| i.name == p.name),
                    _ => true,
                });
        }
    }

    /// How a resource reads in a question: its kind, name, and the count its list showed, if any.
    pub fn describe(&self, target: &TabTarget) -> String {
        let badge = match self.lists.get(&(target.profile_id.clone(), target.service)) {
            Some(ServiceList {
                items: Some(Loadable::Loaded(items)),
                ..
            }) => items
                .iter()
                .find(|i| i.name == target.name)
                .and_then(|i| i.badge.clone()),
            _ => None,
        };
        let kind = target.service.resource();
        match badge {
            Some(b) => format!("{kind} `{}` ({b})", target.name),
            None => format!("{kind} `{}`", target.name),
        }
    }

    /// Blobs let go on a container this frame: where, what, and whether it is a copy (Ctrl) or a move.
    pub fn take_dropped(
        &mut self,
    ) -> Option<(
        TabTarget,
        std::sync::Arc<crate::app::context::clipboard::BlobDrag>,
        bool,
    )> {
        self.dropped.take()
    }

    /// Names loaded for a service of an account (for the panes' "move to" choices).
    pub fn names(&self, profile_id: &str, service: Service) -> Vec<String> {
        match self
            .lists
            .get(&(profile_id.to_string(), service))
            .and_then(|l| l.items.as_ref())
        {
            Some(Loadable::Loaded(items)) => items.iter().map(|i| i.name.clone()).collect(),
            _ => Vec::new(),
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, backend: &Backend, connections: &mut Connections) -> Vec<TreeAction> {
        let mut actions = Vec::new();
        self.keys.begin();
        self.find_box(ui);
        // A screen reader hears one tree, named as the panel's heading, its nodes at their levels.
        let tree = egui::UiBuilder::new()
            .accessibility_role(egui::accesskit::Role::Tree)
            .accessibility_label(t("tree-heading"));
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            ui.scope_builder(tree, |ui| self.nodes_ui(ui, backend, connections, &mut actions));
        });
        if let Some((target, client)) = self.properties_asked.take() {
            let window = crate::app::accounts::resource_properties::ResourceProperties::open(backend, &client, target);
            self.properties = Some(window);
        }
        if let Some(window) = &mut self.properties
            && !window.ui(ui.ctx())
        {
            self.properties = None;
        }
        actions
    }

    /// The accounts and what they hold, or what Find found.
    fn nodes_ui(
        &mut self,
        ui: &mut egui::Ui,
        backend: &Backend,
        connections: &mut Connections,
        actions: &mut Vec<TreeAction>,
    ) {
        if self.find.is_on() {
            return self.found_ui(ui, backend, connections, actions);
        }
        // Accounts a browse account found are drawn under it, not here.
        let ids: Vec<String> = connections
            .list
            .iter()
            .map(|c| c.profile.id.clone())
            .filter(|id| !crate::app::accounts::discovered::is_discovered(id))
            .collect();
        for id in ids {
            self.account_ui(ui, backend, connections, &id, actions);
        }
    }

    fn account_ui(
        &mut self,
        ui: &mut egui::Ui,
        backend: &Backend,
        connections: &mut Connections,
        id: &str,
        actions: &mut Vec<TreeAction>,
    ) {
        let Some(conn) = connections.get(id) else { return };
        if conn.profile.kind == crate::app::accounts::profiles::ProfileKind::EntraBrowse {
            let mut browse = std::mem::take(&mut self.browse);
            let changed = browse.ui(
                ui,
                backend,
                connections,
                id,
                actions,
                &mut |ui, connections, actions, found| self.account_body(ui, backend, connections, found, actions),
            );
            self.browse = browse;
            for found in changed {
                self.lists.retain(|(id, _), _| *id != found);
            }
            return;
        }
        let label = conn.profile.label.clone();
        // An account SAS is signed with the account key: only key accounts (the emulator's included) offer it.
        let keyed = matches!(
            conn.profile.secret,
            crate::app::accounts::profiles::SecretKind::AccountKey
                | crate::app::accounts::profiles::SecretKind::EmulatorKey
        );
        let first = self.keys.drawn();
        let header = egui::CollapsingHeader::new(RichText::new(&label).strong())
            .id_salt(("account", id))
            // The run command's own emulator is what a newcomer came to see: it starts open.
            .default_open(id.starts_with(crate::app::accounts::profiles::TRANSIENT_PREFIX))
            .show(ui, |ui| self.account_body(ui, backend, connections, id, actions));
        self.keys.node(first, &header.header_response, 1);
        header.header_response.context_menu(|ui| {
            if ui.button(t("tree-test-connection")).clicked() {
                actions.push(TreeAction::TestConnection(id.to_string()));
                ui.close();
            }
            menu_action(ui, &t("tree-edit-account"), TreeAction::Edit(id.to_string()), actions);
            let sas = ui
                .add_enabled(keyed, egui::Button::new(t("tree-account-sas")))
                .on_disabled_hover_text(t("tree-account-sas-none"));
            if sas.clicked() {
                actions.push(TreeAction::AccountSas(id.to_string()));
                ui.close();
            }
            account_tools(ui, id, actions);
            menu_action(
                ui,
                &t("tree-remove-account"),
                TreeAction::Remove(id.to_string()),
                actions,
            );
        });
    }

    /// An account's services (or its one scoped resource), opening its client on first sight.
    fn account_body(
        &mut self,
        ui: &mut egui::Ui,
        backend: &Backend,
        connections: &mut Connections,
        id: &str,
        actions: &mut Vec<TreeAction>,
    ) {
        if connections
            .get(id)
            .is_some_and(|c| matches!(c.state, ConnState::Closed))
        {
            connections.open(backend, id);
        }
        let Some(conn) = connections.get(id) else { return };
        let scope = conn.profile.scope.clone();
        let portal = conn.profile.portal.clone();
        let portal = portal.as_deref();
        match &conn.state {
            ConnState::Opening | ConnState::Closed => {
                ui.weak(t("tree-connecting"));
            }
            ConnState::Failed(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
            }
            ConnState::Ready => {
                let client = conn.client.clone().expect("ready has a client");
                for service in Service::ALL {
                    if client.account().endpoint(service).is_err() {
                        continue;
                    }
                    if let Some((s, name)) = &scope {
                        if *s == service {
                            let item = ResourceItem {
                                name: name.clone(),
                                badge: None,
                            };
                            self.item_ui(ui, (id, &client, portal), service, &item, 2, actions);
                        }
                        continue;
                    }
                    self.service_ui(ui, backend, (id, &client, portal), service, actions);
                }
            }
        }
    }

    fn service_ui(
        &mut self,
        ui: &mut egui::Ui,
        backend: &Backend,
        (id, client, portal): (&str, &Client, Option<&str>),
        service: Service,
        actions: &mut Vec<TreeAction>,
    ) {
        let title = t(service_title(service));
        let count = match self
            .lists
            .get(&(id.to_string(), service))
            .and_then(|l| l.items.as_ref())
        {
            Some(Loadable::Loaded(items)) => tr!("tree-counted", title = title.as_str(), count = items.len()),
            _ => title.clone(),
        };
        let key = (id.to_string(), service);
        let first = self.keys.drawn();
        let shown = egui::CollapsingHeader::new(count)
            .id_salt(("service", id, service))
            .show(ui, |ui| {
                if self.lists.get(&key).and_then(|l| l.items.as_ref()).is_none() {
                    self.refresh(backend, client, id, service);
                }
                let items = match self.lists.get(&key).and_then(|l| l.items.as_ref()) {
                    Some(Loadable::Loaded(items)) => items.clone(),
                    Some(Loadable::Failed(e)) => {
                        ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
                        return;
                    }
                    _ => {
                        ui.weak(t("tree-loading"));
                        return;
                    }
                };
                if items.is_empty() {
                    ui.weak(t(match service {
                        Service::Blob => "tree-no-containers",
                        Service::Queue => "tree-no-queues",
                        Service::Table => "tree-no-tables",
                    }));
                }
                for item in &items {
                    self.item_ui(ui, (id, client, portal), service, item, 3, actions);
                }
            });
        // Create and Refresh through the node's menu; the tree itself shows names, counts and states only.
        self.keys.node(first, &shown.header_response, 2);
        shown.header_response.context_menu(|ui| {
            let new = match service {
                Service::Blob => "tree-new-container",
                Service::Queue => "tree-new-queue",
                Service::Table => "tree-new-table",
            };
            if ui.button(t(new)).clicked() {
                self.creating = Some((key.clone(), String::new()));
                self.focus_new = true;
                ui.close();
            }
            let refresh = match service {
                Service::Blob => "tree-refresh-containers",
                Service::Queue => "tree-refresh-queues",
                Service::Table => "tree-refresh-tables",
            };
            if ui.button(t(refresh)).clicked() {
                self.refresh(backend, client, id, service);
                ui.close();
            }
        });
        if self.creating.as_ref().is_some_and(|(k, _)| *k == key) {
            self.create_dialog(ui.ctx(), service, actions);
        }
    }

    pub(crate) fn item_ui(
        &mut self,
        ui: &mut egui::Ui,
        (id, client, portal): (&str, &Client, Option<&str>),
        service: Service,
        item: &ResourceItem,
        level: usize,
        actions: &mut Vec<TreeAction>,
    ) {
        let target = TabTarget {
            profile_id: id.to_string(),
            service,
            name: item.name.clone(),
        };
        let picked = crate::app::accounts::tree_pick::Picked {
            profile_id: target.profile_id.clone(),
            service,
            name: target.name.clone(),
        };
        let selected = self.selected.as_ref() == Some(&target) || self.pick.contains(&picked);
        let portal = portal.map(str::to_string);
        // The badge sits beside the name, not in it, so the row's accessible name is the resource's name.
        let r = ui
            .horizontal(|ui| {
                let r = ui.selectable_label(selected, &item.name);
                if let Some(b) = &item.badge {
                    ui.weak(format!("[{b}]"));
                }
                r
            })
            .inner;
        self.keys.node(self.keys.drawn(), &r, level);
        if r.clicked() {
            let modifiers = ui.input(|i| i.modifiers);
            let names = self.shown_names(id, service);
            if self.pick.click(&picked, modifiers, &names) {
                // What is opened takes the keyboard: its list answers the arrows from now on.
                r.surrender_focus();
                self.selected = Some(target.clone());
                actions.push(TreeAction::Open(target.clone()));
            }
        }
        // A right-click on a picked resource acts on every one picked; on another, on that one alone.
        let many: Option<Vec<TabTarget>> = self.pick.many().filter(|_| self.pick.contains(&picked)).map(|all| {
            all.iter()
                .map(|p| TabTarget {
                    profile_id: p.profile_id.clone(),
                    service: p.service,
                    name: p.name.clone(),
                })
                .collect()
        });
        // A container takes blobs dragged from a container tab: framed while it would, pasted at its root.
        if service == Service::Blob {
            use crate::app::context::clipboard::BlobDrag;
            if r.dnd_hover_payload::<BlobDrag>().is_some() {
                let stroke = ui.visuals().selection.stroke;
                ui.painter()
                    .rect_stroke(r.rect.expand(1.0), 2.0, stroke, egui::StrokeKind::Outside);
            }
            if let Some(drag) = r.dnd_release_payload::<BlobDrag>() {
                let copy = ui.input(|i| i.modifiers.command);
                self.dropped = Some((target.clone(), drag, copy));
            }
        }
        r.context_menu(|ui| {
            if let Some(all) = &many {
                let (open, delete) = match service {
                    Service::Blob => ("tree-open-containers", "tree-delete-containers"),
                    Service::Queue => ("tree-open-queues", "tree-delete-queues"),
                    Service::Table => ("tree-open-tables", "tree-delete-tables"),
                };
                menu_action(
                    ui,
                    &tr!(open, count = all.len()),
                    TreeAction::OpenMany(all.clone()),
                    actions,
                );
                menu_action(
                    ui,
                    &tr!(delete, count = all.len()),
                    TreeAction::DeleteMany(all.clone()),
                    actions,
                );
                return;
            }
            if ui.button(t("tree-open")).clicked() {
                actions.push(TreeAction::Open(target.clone()));
                ui.close();
            }
            // The resource's address without any signature (a SAS account's token stays out of the clipboard).
            let url = client.resource_url(service, &format!("/{}", item.name));
            if let Ok(url) = url
                && ui.button(t("tree-copy-url")).on_hover_text(url.as_str()).clicked()
            {
                ui.ctx().copy_text(url.to_string());
                ui.close();
            }
            // An account found through Resource Manager knows its page in the portal (its containers, queues and
            // tables are listed there).
            if let Some(page) = &portal
                && ui
                    .button(t("tree-open-portal"))
                    .on_hover_text(t("tree-open-portal-hint"))
                    .clicked()
            {
                ui.ctx().open_url(egui::OpenUrl::new_tab(page));
                ui.close();
            }
            if service == Service::Table && ui.button(t("tree-count-entities")).clicked() {
                actions.push(TreeAction::CountEntities(target.clone()));
                ui.close();
            }
            if ui.button(t("tree-properties")).clicked() {
                self.properties_asked = Some((target.clone(), client.clone()));
                ui.close();
            }
            ui.separator();
            if ui.button(t("tree-delete")).clicked() {
                actions.push(TreeAction::Delete(target.clone()));
                ui.close();
            }
        });
    }
}

/// A context menu's button that asks the app for `action`.
/// What every account's menu offers, wherever the account is listed (the account list, or found by browsing a
/// sign-in): one list, so an item added here is in both.
pub(crate) fn account_tools(ui: &mut egui::Ui, id: &str, actions: &mut Vec<TreeAction>) {
    menu_action(
        ui,
        &t("tree-service-settings"),
        TreeAction::ServiceSettings(id.to_string()),
        actions,
    );
    menu_action(ui, &t("tree-lens"), TreeAction::Lens(id.to_string()), actions);
}

pub(crate) fn menu_action(ui: &mut egui::Ui, label: &str, action: TreeAction, actions: &mut Vec<TreeAction>) {
    if ui.button(label).clicked() {
        actions.push(action);
        ui.close();
    }
}

/// The message naming a service's node: "Blob containers", "Queues", "Tables".
pub(crate) fn service_title(service: Service) -> &'static str {
    match service {
        Service::Blob => "tree-blob-containers",
        Service::Queue => "tree-queues",
        Service::Table => "tree-tables",
    }
}
