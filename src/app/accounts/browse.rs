//! A "Microsoft Entra ID: browse" account in the tree: the user's tenants, their subscriptions and each
//! subscription's storage accounts from Resource Manager, each account opened with the signed-in identity or, when
//! the user chooses, with its key (kept in memory only).

use std::collections::HashMap;
use std::sync::Arc;

use egui::RichText;

use crate::app::accounts::browse_session::{Session, keyed_account, open_session, signed_in_account};
use crate::app::accounts::connections::Connections;
use crate::app::accounts::profiles::{AccountProfile, ProfileKind, SecretKind};
use crate::app::accounts::tree::{Loadable, TreeAction, account_tools, menu_action};
use crate::app::context::InFlight;
use crate::app::runtime::backend::{Backend, Pending};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::arm::{StorageAccountInfo, Subscription, Tenant};
use crate::storage::side_requests::Reporter;
use crate::storage::{Account, StorageError};

use crate::app::accounts::discovered::discovered_id;

/// A list that loads once, on first sight, and again on Refresh.
struct Slot<T> {
    state: Loadable<T>,
    pending: InFlight<(), Result<T, StorageError>>,
}

impl<T> Default for Slot<T> {
    fn default() -> Self {
        Slot {
            state: Loadable::NotLoaded,
            pending: InFlight::default(),
        }
    }
}

impl<T: Send + 'static> Slot<T> {
    fn ensure(&mut self, start: impl FnOnce() -> Pending<Result<T, StorageError>>) {
        if matches!(self.state, Loadable::NotLoaded) {
            self.state = Loadable::Loading;
            self.pending.start((), start());
        }
        if let Some(result) = self.pending.take().map(|(_, v)| v) {
            self.state = match result {
                Ok(v) => Loadable::Loaded(v),
                Err(e) => Loadable::Failed(e),
            };
        }
    }

    /// The list, or a line saying it is on its way or why it failed.
    fn shown(&self, ui: &mut egui::Ui, loading: &str) -> Option<&T> {
        match &self.state {
            Loadable::Loaded(v) => Some(v),
            Loadable::Failed(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
                None
            }
            _ => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.weak(loading);
                });
                None
            }
        }
    }
}

/// What one browse account has found, keyed by what each list is of.
#[derive(Default)]
struct Browsing {
    session: Slot<Arc<Session>>,
    tenants: Slot<Vec<Tenant>>,
    /// By tenant id.
    subscriptions: HashMap<String, Slot<Vec<Subscription>>>,
    /// By tenant id and subscription id.
    accounts: HashMap<(String, String), Slot<Vec<StorageAccountInfo>>>,
    /// `listKeys` under way, by the found account's profile id.
    /// Accounts' keys being listed, keyed by the account's profile id.
    keys: InFlight<String, Result<Account, StorageError>>,
    /// Why a key could not be had, by the found account's profile id.
    key_errors: HashMap<String, StorageError>,
    /// Each tenant's subscription filter, and whether its "Choose shown…" is open.
    filters: HashMap<String, (String, bool)>,
}

/// Every browse account's findings.
#[derive(Default)]
pub struct Browse {
    accounts: HashMap<String, Browsing>,
}

/// Draws a found account's services (the tree's own rows); given by the explorer.
pub type AccountBody<'a> = dyn FnMut(&mut egui::Ui, &mut Connections, &mut Vec<TreeAction>, &str) + 'a;

impl Browse {
    /// Forgets what a browse account found (after an edit, a removal or Refresh).
    pub fn forget(&mut self, id: &str) {
        self.accounts.remove(id);
    }

    /// The browse account's rows. Returns the found accounts whose credential changed (their lists are stale).
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        backend: &Backend,
        connections: &mut Connections,
        id: &str,
        actions: &mut Vec<TreeAction>,
        body: &mut AccountBody<'_>,
    ) -> Vec<String> {
        let Some(profile) = connections.get(id).map(|c| c.profile.clone()) else {
            return Vec::new();
        };
        let mut changed = Vec::new();
        let mut refresh = false;
        let header = egui::CollapsingHeader::new(RichText::new(&profile.label).strong())
            .id_salt(("account", id))
            .show(ui, |ui| {
                let browsing = self.accounts.entry(id.to_string()).or_default();
                // Made only when the sign-in is read (not each frame): a reporter takes a client id of its own.
                let secrets = connections.secrets();
                browsing.session.ensure(|| {
                    let reporter = Reporter::standalone(backend.event_sink(), &profile.label);
                    backend.spawn_blocking(move || open_session(&profile, &secrets, reporter))
                });
                let Some(session) = browsing
                    .session
                    .shown(ui, &t("accounts-browse-reading-sign-in"))
                    .cloned()
                else {
                    return;
                };
                browsing.poll_keys(backend, connections, &mut changed);
                browsing.tenants_ui(ui, backend, connections, &session, actions, body);
            });
        header.header_response.context_menu(|ui| {
            if ui.button(t("accounts-browse-refresh")).clicked() {
                refresh = true;
                ui.close();
            }
            menu_action(ui, &t("tree-edit-account"), TreeAction::Edit(id.to_string()), actions);
            menu_action(
                ui,
                &t("tree-remove-account"),
                TreeAction::Remove(id.to_string()),
                actions,
            );
        });
        if refresh {
            // The lists are asked for again; a key on its way still arrives for the account it was asked for.
            let kept = self.accounts.remove(id).unwrap_or_default();
            let fresh = Browsing {
                keys: kept.keys,
                key_errors: kept.key_errors,
                ..Browsing::default()
            };
            self.accounts.insert(id.to_string(), fresh);
        }
        changed
    }
}

impl Browsing {
    fn tenants_ui(
        &mut self,
        ui: &mut egui::Ui,
        backend: &Backend,
        connections: &mut Connections,
        session: &Arc<Session>,
        actions: &mut Vec<TreeAction>,
        body: &mut AccountBody<'_>,
    ) {
        let named = session.fixed_tenant().map(str::to_string);
        let s = session.clone();
        self.tenants.ensure(|| {
            backend.spawn(async move {
                // A tenant named in the settings is the one to browse; otherwise every tenant the identity is in.
                if let Some(named) = named {
                    return Ok(vec![Tenant {
                        id: named.clone(),
                        name: named,
                        domain: String::new(),
                    }]);
                }
                s.manager(None)?.tenants().await
            })
        });
        let Some(tenants) = self.tenants.shown(ui, &t("accounts-browse-listing-tenants")).cloned() else {
            return;
        };
        if tenants.is_empty() {
            ui.weak(t("accounts-browse-no-tenant"));
        }
        for tenant in &tenants {
            if tenants.len() == 1 {
                self.subscriptions_ui(ui, backend, connections, session, tenant, actions, body);
                continue;
            }
            let title = match (tenant.name.as_str(), tenant.domain.as_str()) {
                ("", "") => tr!("accounts-browse-tenant", name = tenant.id.as_str()),
                (name, "") | ("", name) => tr!("accounts-browse-tenant", name = name),
                (name, domain) => tr!("accounts-browse-tenant-domain", name = name, domain = domain),
            };
            egui::CollapsingHeader::new(title)
                .id_salt(("tenant", &session.profile_id, &tenant.id))
                .show(ui, |ui| {
                    self.subscriptions_ui(ui, backend, connections, session, tenant, actions, body);
                });
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn subscriptions_ui(
        &mut self,
        ui: &mut egui::Ui,
        backend: &Backend,
        connections: &mut Connections,
        session: &Arc<Session>,
        tenant: &Tenant,
        actions: &mut Vec<TreeAction>,
        body: &mut AccountBody<'_>,
    ) {
        let slot = self.subscriptions.entry(tenant.id.clone()).or_default();
        let (s, tid) = (session.clone(), tenant.id.clone());
        slot.ensure(|| backend.spawn(async move { s.manager(s.tenant_for(&tid))?.subscriptions().await }));
        let Some(subscriptions) = slot.shown(ui, &t("accounts-browse-listing-subscriptions")).cloned() else {
            return;
        };
        if subscriptions.is_empty() {
            ui.weak(t("accounts-browse-no-subscriptions"));
            return;
        }
        let browse_id = session.profile_id.clone();
        let mut hidden = connections
            .get(&browse_id)
            .and_then(|c| c.profile.arm.clone())
            .unwrap_or_default()
            .hidden_subscriptions;
        let (filter, choosing) = self.filters.entry(tenant.id.clone()).or_default();
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(filter)
                    .id_salt(("browse-filter", &tenant.id))
                    .hint_text(t("accounts-browse-filter-hint"))
                    .desired_width(130.0),
            )
            .accessible_name(t("accounts-browse-filter"));
            ui.toggle_value(choosing, t("accounts-browse-choose-shown"));
        });
        if *choosing {
            let before = hidden.clone();
            for sub in &subscriptions {
                let mut shown = !hidden.contains(&sub.id);
                if ui.checkbox(&mut shown, &sub.name).changed() {
                    hidden.retain(|h| h != &sub.id);
                    if !shown {
                        hidden.push(sub.id.clone());
                    }
                }
            }
            if hidden != before {
                // Remembered with the account: the next run shows the same subscriptions.
                if let Some(c) = connections.get_mut(&browse_id) {
                    c.profile.arm.get_or_insert_with(Default::default).hidden_subscriptions = hidden.clone();
                }
                actions.push(TreeAction::ProfilesChanged);
            }
        }
        let filter = filter.trim().to_lowercase();
        let shown: Vec<&Subscription> = subscriptions
            .iter()
            .filter(|s| !hidden.contains(&s.id))
            .filter(|s| filter.is_empty() || s.name.to_lowercase().contains(&filter) || s.id.contains(&filter))
            .collect();
        let left_out = subscriptions.len() - shown.len();
        if left_out > 0 {
            ui.weak(tr!(
                "accounts-browse-not-shown",
                count = left_out,
                total = subscriptions.len()
            ));
        }
        for sub in shown {
            let title = match sub.state.as_str() {
                "" | "Enabled" => sub.name.clone(),
                state => format!("{} ({state})", sub.name),
            };
            egui::CollapsingHeader::new(title)
                .id_salt(("subscription", &browse_id, &tenant.id, &sub.id))
                .show(ui, |ui| {
                    self.accounts_ui(ui, backend, connections, session, tenant, sub, actions, body);
                })
                .header_response
                .on_hover_text(tr!("accounts-browse-subscription", id = sub.id.as_str()));
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn accounts_ui(
        &mut self,
        ui: &mut egui::Ui,
        backend: &Backend,
        connections: &mut Connections,
        session: &Arc<Session>,
        tenant: &Tenant,
        sub: &Subscription,
        actions: &mut Vec<TreeAction>,
        body: &mut AccountBody<'_>,
    ) {
        let slot = self.accounts.entry((tenant.id.clone(), sub.id.clone())).or_default();
        let (s, tid, sid) = (session.clone(), tenant.id.clone(), sub.id.clone());
        slot.ensure(|| backend.spawn(async move { s.manager(s.tenant_for(&tid))?.storage_accounts(&sid).await }));
        let Some(found) = slot.shown(ui, &t("accounts-browse-listing-accounts")).cloned() else {
            return;
        };
        if found.is_empty() {
            ui.weak(t("accounts-browse-no-accounts"));
        }
        for info in &found {
            let did = discovered_id(&session.profile_id, &tenant.id, &info.id);
            let header = egui::CollapsingHeader::new(&info.name)
                .id_salt(("found", &did))
                .show(ui, |ui| {
                    ui.weak(details(info));
                    if connections.get(&did).is_none() {
                        match signed_in_account(session, tenant, info) {
                            Ok((profile, account)) => connections.put_open(backend, profile, account),
                            Err(e) => {
                                ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
                                return;
                            }
                        }
                    }
                    let with_key = connections
                        .get(&did)
                        .is_some_and(|c| c.profile.secret == SecretKind::AccountKey);
                    ui.weak(t(if with_key {
                        "accounts-browse-opened-key"
                    } else {
                        "accounts-browse-opened-sign-in"
                    }));
                    if self.keys.is_out(&did) {
                        ui.horizontal(|ui| {
                            ui.spinner();
                            ui.weak(t("accounts-browse-listing-keys"));
                        });
                    }
                    if let Some(e) = self.key_errors.get(&did) {
                        ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
                    }
                    body(ui, connections, actions, &did);
                });
            let with_key = connections
                .get(&did)
                .is_some_and(|c| c.profile.secret == SecretKind::AccountKey);
            let header_response = header.header_response.on_hover_text(details(info));
            header_response.context_menu(|ui| {
                if with_key {
                    if ui.button(t("accounts-browse-use-sign-in")).clicked() {
                        // A key still on its way would switch the account back: it is dropped.
                        self.keys.cancel(&did);
                        match signed_in_account(session, tenant, info) {
                            Ok((profile, account)) => {
                                connections.put_open(backend, profile, account);
                                self.key_errors.remove(&did);
                            }
                            Err(e) => {
                                self.key_errors.insert(did.clone(), e);
                            }
                        }
                        ui.close();
                    }
                } else {
                    let key = ui
                        .add_enabled(info.shared_key_allowed, egui::Button::new(t("accounts-browse-use-key")))
                        .on_hover_text(t("accounts-browse-use-key-hint"))
                        .on_disabled_hover_text(t("accounts-browse-key-off"));
                    if key.clicked() {
                        self.key_errors.remove(&did);
                        let (s, tid, info) = (session.clone(), tenant.id.clone(), info.clone());
                        let pending = backend.spawn(async move { keyed_account(&s, s.tenant_for(&tid), &info).await });
                        self.keys.start(did.clone(), pending);
                        ui.close();
                    }
                }
                account_tools(ui, &did, actions);
                if ui.button(t("tree-open-portal")).clicked() {
                    // The subscription's own tenant: the typed one may be a domain or an alias.
                    let in_tenant = Some(sub.tenant_id.as_str())
                        .filter(|t| !t.is_empty())
                        .unwrap_or(&tenant.id);
                    let url = info.portal_url(session.cloud().portal(), in_tenant);
                    ui.ctx().open_url(egui::OpenUrl::new_tab(url));
                    ui.close();
                }
                if ui.button(t("accounts-browse-copy-id")).clicked() {
                    ui.ctx().copy_text(info.id.clone());
                    ui.close();
                }
            });
        }
    }

    /// Opens each account whose key arrived with it (its lists are then stale); a failure is kept to show.
    fn poll_keys(&mut self, backend: &Backend, connections: &mut Connections, changed: &mut Vec<String>) {
        for (did, result) in self.keys.ready() {
            let Some(old) = connections.get(&did).map(|c| c.profile.clone()) else {
                continue;
            };
            match result {
                Ok(account) => {
                    let profile = AccountProfile {
                        kind: ProfileKind::NameAndKey,
                        secret: SecretKind::AccountKey,
                        entra: None,
                        ..old
                    };
                    connections.put_open(backend, profile, account);
                    changed.push(did);
                }
                Err(e) => {
                    self.key_errors.insert(did, e);
                }
            }
        }
    }
}

/// Kind, SKU, location and whether keys are allowed: what a user picks an account by.
fn details(info: &StorageAccountInfo) -> String {
    let mut parts = vec![info.kind.clone(), info.sku.clone(), info.location.clone()];
    if !info.resource_group().is_empty() {
        parts.push(tr!("accounts-browse-group", group = info.resource_group()));
    }
    if info.hierarchical_namespace {
        parts.push(t("accounts-browse-hns"));
    }
    parts.push(t(if info.shared_key_allowed {
        "accounts-browse-key-allowed"
    } else {
        "accounts-browse-key-off-short"
    }));
    parts.retain(|p| !p.is_empty());
    parts.join(" · ")
}
