//! What the tree and the account form ask of the app: open a tab, test, edit, remove or create, and a saved
//! profile put in place (its secret to the keychain, its client opened again, the list written).

use crate::app::accounts::editor::{AccountEditor, EditorOutcome};
use crate::app::accounts::profiles::AccountProfile;
use crate::app::accounts::settings_export::ExportSnapshot;
use crate::app::accounts::settings_file::Look;
use crate::app::accounts::settings_transfer::{Imported, SettingsOutcome, SettingsWindow};
use crate::app::accounts::tree::{TabTarget, TreeAction};
use crate::app::frame::app::{Confirm, OpResult, TesseraApp};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::Service;

impl TesseraApp {
    /// Service settings… on an account: the same account's window stays as it is (its draft with it); another
    /// account's is asked about first when it holds an unsaved draft, and this one opens once it closed; a save
    /// it had out lands unseen and is said.
    fn open_service_settings(&mut self, id: String) {
        use crate::app::accounts::service_settings::ServiceSettingsWindow;
        if let Some(w) = &mut self.windows.service_settings {
            if w.profile_id == id {
                return;
            }
            if !w.close_or_ask() {
                w.then_open = Some(id);
                return;
            }
        }
        if let Some(w) = self
            .windows
            .service_settings
            .take()
            .filter(ServiceSettingsWindow::is_saving)
        {
            self.windows.service_settings_landing.push(w);
        }
        self.windows.service_settings = self.account_window(&id, ServiceSettingsWindow::new);
    }

    /// "Count entities" on a table in the tree: a job of the table pane's kind, on that account's client.
    fn start_count_job(&mut self, target: TabTarget) {
        let Some(client) = self.accounts.connections.client(&target.profile_id) else {
            self.notice(t("notice-connect-account"));
            return;
        };
        crate::app::table::scan::count_entities(&mut self.jobs, &self.backend, client, target.name);
    }

    pub fn tree_action(&mut self, action: TreeAction) {
        match action {
            TreeAction::Open(target) => self.open_tab(target),
            TreeAction::TestConnection(id) => {
                self.accounts.connections.open(&self.backend, &id);
                self.accounts.connections.test(&self.backend, &id);
            }
            TreeAction::Edit(id) => {
                if let Some(c) = self.accounts.connections.get(&id) {
                    self.accounts.editor = Some(AccountEditor::edit(&c.profile));
                }
            }
            TreeAction::AccountSas(id) => {
                self.windows.account_sas =
                    self.account_window(&id, crate::app::accounts::account_sas::AccountSasWindow::new)
            }
            TreeAction::ServiceSettings(id) => self.open_service_settings(id),
            TreeAction::Lens(id) => {
                self.accounts.connections.open(&self.backend, &id);
                if let Some(words) = self.windows.lens.open(&self.backend, &self.accounts.connections, &id) {
                    self.session.log.line(&words);
                    self.notice(words);
                }
            }
            TreeAction::Remove(id) => self.windows.confirm = Some(Confirm::RemoveAccount(id)),
            TreeAction::ProfilesChanged => self.save_profiles(),
            // The question names what the open tabs of these hold unsaved: a tab goes only with its resource.
            TreeAction::Delete(target) => {
                let unsaved = self.tabs.unsaved_in(std::slice::from_ref(&target));
                self.windows.confirm = Some(Confirm::DeleteResource(target, unsaved));
            }
            TreeAction::OpenMany(targets) => targets.into_iter().for_each(|t| self.open_tab(t)),
            TreeAction::DeleteMany(targets) => {
                let described = targets.iter().map(|t| self.accounts.explorer.describe(t)).collect();
                let unsaved = self.tabs.unsaved_in(&targets);
                self.windows.confirm = Some(Confirm::DeleteResources(targets, described, unsaved));
            }
            TreeAction::CountEntities(target) => self.start_count_job(target),
            TreeAction::Create(target, access) => {
                let Some(client) = self.accounts.connections.client(&target.profile_id) else {
                    return;
                };
                self.run_op(vec![target.clone()], async move {
                    let TabTarget {
                        profile_id,
                        service,
                        name,
                    } = target;
                    let result = match service {
                        Service::Blob => client.create_container(&name, access, &[]).await,
                        Service::Queue => client.create_queue(&name, &[]).await,
                        Service::Table => client.create_table(&name).await,
                    };
                    OpResult {
                        message: result.map(|_| {
                            let id = match service {
                                Service::Blob => "done-created-container",
                                Service::Queue => "done-created-queue",
                                Service::Table => "done-created-table",
                            };
                            tr!(id, name = name.as_str())
                        }),
                        refresh: Some((profile_id, service)),
                        gone: Vec::new(),
                    }
                });
            }
        }
    }

    pub fn editor_outcome(&mut self, outcome: EditorOutcome) {
        match outcome {
            EditorOutcome::Open => {}
            EditorOutcome::Cancelled => self.accounts.editor = None,
            EditorOutcome::Saved { profile, secret } => {
                let profile = *profile;
                self.accounts.editor = None;
                let label = profile.label.clone();
                if let Some(secret) = secret {
                    let secrets = self.accounts.secrets.clone();
                    let id = profile.id.clone();
                    let l = label.clone();
                    self.accounts.secrets.hold(&id, &secret);
                    self.accounts.saving_secret.start(
                        (),
                        self.backend.spawn_blocking(move || (l, secrets.store(&id, &secret))),
                    );
                }
                self.put_profile(profile.clone());
                self.save_profiles();
                let line = format!("account saved: {label} ({})", profile.kind.describe()); // i18n-ignore: the log
                self.session.log.line(&line);
                self.notice(tr!("notice-account-saved", account = label.as_str()));
            }
        }
    }
}

impl TesseraApp {
    /// A saved or imported profile put in place: added, or over the one with its id.
    fn put_profile(&mut self, profile: AccountProfile) {
        match self.accounts.connections.get_mut(&profile.id) {
            Some(c) => c.profile = profile.clone(),
            None => self
                .accounts
                .connections
                .list
                .push(crate::app::accounts::connections::Connection::new(profile.clone())),
        }
        self.accounts.connections.reset(&profile.id);
        // Open tabs keep their panes (and any unsaved edit) and carry on with the new settings: a
        // sign-in renewed in the form reaches them without closing anything.
        if self.tabs.list.iter().any(|t| t.target.profile_id == profile.id) {
            self.accounts.connections.open(&self.backend, &profile.id);
        }
        self.accounts.explorer.forget_account(&profile.id);
        // The accounts a browse account found were opened with its old sign-in: they are found again
        // with the new one when the tree is opened (their tabs wait, edits kept).
        for found in self.accounts.connections.drop_found(&profile.id) {
            self.accounts.explorer.forget_account(&found);
        }
    }

    /// The accounts that outlive this run (not the emulator the run command started).
    fn lasting_profiles(&self) -> Vec<AccountProfile> {
        self.accounts
            .connections
            .profiles()
            .into_iter()
            .filter(|p| !p.id.starts_with(crate::app::accounts::profiles::TRANSIENT_PREFIX))
            .collect()
    }

    pub(crate) fn save_profiles(&mut self) {
        let lasting = self.lasting_profiles();
        self.accounts.profile_saver.save(lasting);
    }

    /// Accounts > Export settings…: what the file is to hold, as it is now.
    pub(crate) fn open_settings_export(&mut self) {
        let snapshot = ExportSnapshot {
            accounts: self.lasting_profiles(),
            recent: self.settings.recent.clone(),
            proxy: self.settings.proxy.clone(),
            proxy_started_with: self.accounts.proxy.started_with().clone(),
            look: Look {
                dark: self.settings.dark,
                high_contrast: self.settings.high_contrast,
            },
            saved_queries: self.settings.saved_queries.0.clone(),
        };
        self.windows.settings_window = Some(SettingsWindow::export(snapshot));
    }

    pub(crate) fn open_settings_import(&mut self) {
        self.windows.settings_window = Some(SettingsWindow::import(&self.backend, &self.session.dialogs));
    }

    pub(crate) fn settings_window_ui(&mut self, ctx: &egui::Context) {
        if self.windows.settings_window.is_none() {
            return;
        }
        let here = self.lasting_profiles();
        let Some(w) = &mut self.windows.settings_window else {
            return;
        };
        match w.ui(ctx, &self.backend, &self.session.dialogs, &self.accounts.secrets, &here) {
            SettingsOutcome::Open => {}
            SettingsOutcome::Closed => self.windows.settings_window = None,
            SettingsOutcome::Import(imported) => {
                self.windows.settings_window = None;
                self.apply_import(*imported);
            }
        }
    }

    /// Puts an import in place: the accounts (their secrets held at once and stored in the keychain off the UI
    /// thread), the recent resources after the ones here, the proxy and the look; then says what changed.
    fn apply_import(&mut self, imported: Imported) {
        let mut to_store = Vec::new();
        let mut names = Vec::new();
        let mut forgotten = Vec::new();
        for placed in imported.accounts {
            // A replaced account whose file brought no secret keeps the one stored here only where it connects
            // the same way: a key or token is never sent to endpoints or a sign-in host named by someone's file.
            let mine = self
                .accounts
                .connections
                .get(&placed.profile.id)
                .map(|c| c.profile.clone());
            if placed.secret.is_none()
                && let Some(mine) = mine
                && (AccountProfile {
                    label: placed.profile.label.clone(),
                    ..mine
                }) != placed.profile
            {
                let (secrets, id) = (self.accounts.secrets.clone(), placed.profile.id.clone());
                self.backend.run_blocking_detached(move || secrets.forget(&id));
                forgotten.push(format!("`{}`", placed.profile.label));
            }
            if let Some(secret) = &placed.secret {
                self.accounts.secrets.hold(&placed.profile.id, secret.expose());
                to_store.push((placed.profile.id.clone(), placed.profile.label.clone(), secret.clone()));
            }
            names.push(format!("`{}`", placed.profile.label));
            let (label, kind) = (&placed.profile.label, placed.profile.kind.describe());
            self.session.log.line(&format!("account imported: {label} ({kind})")); // i18n-ignore: the log
            self.put_profile(placed.profile);
        }
        let mut words = vec![match names.len() {
            0 => t("frame-account-actions-no-account"),
            n => tr!("frame-account-actions-accounts", count = n, names = names.join(", ")),
        }];
        if !to_store.is_empty() {
            words.push(tr!("frame-account-actions-secrets", count = to_store.len()));
            let secrets = self.accounts.secrets.clone();
            // Worded into "The secret of `…` is kept for this run only" when the keychain refuses.
            let label = to_store
                .iter()
                .map(|(_, l, _)| l.as_str())
                .collect::<Vec<_>>()
                .join("`, `");
            self.accounts.saving_secret.start(
                (),
                self.backend.spawn_blocking(move || {
                    let mut last = crate::app::accounts::secrets::Stored::Keychain;
                    for (id, _, secret) in to_store {
                        if let s @ crate::app::accounts::secrets::Stored::ThisRunOnly(_) =
                            secrets.store(&id, secret.expose())
                        {
                            last = s;
                        }
                    }
                    (label, last)
                }),
            );
        }
        if !forgotten.is_empty() {
            words.push(tr!("frame-account-actions-forgotten", names = forgotten.join(", ")));
        }
        if !imported.recent.is_empty() {
            let kept = imported
                .recent
                .iter()
                .filter(|t| !self.settings.recent.contains(t))
                .count()
                .min(crate::app::frame::recent::RECENT_KEPT.saturating_sub(self.settings.recent.len()));
            words.push(tr!("frame-account-actions-recent", count = kept));
            let mut recent = self.settings.recent.clone();
            for t in imported.recent.iter().rev() {
                recent.retain(|r| r != t);
            }
            recent.extend(imported.recent);
            recent.truncate(crate::app::frame::recent::RECENT_KEPT);
            self.settings.recent = recent;
        }
        if let Some((proxy, password)) = imported.proxy {
            words.push(t("frame-account-actions-proxy"));
            // The password kept for the proxy in use stays, kept for that proxy and user only: never sent to the
            // proxy the file names, and there again when the user goes back to theirs.
            self.accounts
                .proxy
                .import(&proxy, password, &self.accounts.secrets, &self.backend);
            self.settings.proxy = proxy;
        }
        let added = self.settings.saved_queries.merge(&imported.saved_queries);
        if added > 0 {
            words.push(crate::app::accounts::settings_transfer::counted_queries(added));
        }
        if let Some(look) = imported.look {
            words.push(tr!("frame-account-actions-look", look = look.describe()));
            (self.settings.dark, self.settings.high_contrast) = (look.dark, look.high_contrast);
        }
        self.save_profiles();
        self.notice(tr!("frame-account-actions-imported", what = words.join(", ")));
    }

    /// Deletes resources of one list, one after another (a container this app leases with its lease id); each
    /// tab closes once its resource is gone, so a tab whose delete failed (a lease, a 403, a 409) stays open with
    /// its unsaved edits. Says what was deleted and names each one that was not, and why (the rest were still
    /// tried).
    pub(crate) fn delete_resources(&mut self, targets: Vec<TabTarget>) {
        let Some(first) = targets.first().cloned() else { return };
        let Some(client) = self.accounts.connections.client(&first.profile_id) else {
            return;
        };
        let identity = self
            .accounts
            .connections
            .get(&first.profile_id)
            .map(|c| c.profile.identity());
        let work: Vec<(TabTarget, Option<String>)> = targets
            .into_iter()
            .map(|t| {
                let lease = identity.as_ref().and_then(|id| {
                    let key = crate::app::context::leases::LeaseKey::new(id, &t.name, None);
                    self.shared.leases.id_for_write(&key)
                });
                (t, lease)
            })
            .collect();
        let (profile_id, service) = (first.profile_id, first.service);
        let on = work.iter().map(|(t, _)| t.clone()).collect();
        self.run_op(on, async move {
            let total = work.len();
            let (mut gone, mut failed) = (Vec::new(), Vec::new());
            for (target, lease) in work {
                match crate::app::frame::resource_delete::delete_resource(&client, service, &target.name, lease).await {
                    Ok(()) => gone.push(target),
                    Err(e) => failed.push((target.name, e)),
                }
            }
            OpResult {
                message: crate::app::frame::resource_delete::outcome_words(service, total, &gone, failed),
                refresh: Some((profile_id, service)),
                gone,
            }
        });
    }
}
