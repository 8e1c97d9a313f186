//! What the tree and the account form ask of the app: open a tab, test, edit, remove or create, and a saved
//! profile put in place (its secret to the keychain, its client opened again, the list written).

use crate::app::accounts::editor::{AccountEditor, EditorOutcome};
use crate::app::accounts::tree::{TabTarget, TreeAction};
use crate::app::frame::app::{Confirm, OpResult, TesseraApp};
use crate::storage::Service;

impl TesseraApp {
    /// "Count entities" on a table in the tree: a job of the table pane's kind, on that account's client.
    fn start_count_job(&mut self, target: TabTarget) {
        let Some(client) = self.connections.client(&target.profile_id) else {
            self.notice("Connect the account first (open it in the tree).");
            return;
        };
        crate::app::table::scan::count_entities(&mut self.jobs, &self.backend, client, target.name);
    }

    pub fn tree_action(&mut self, action: TreeAction) {
        match action {
            TreeAction::Open(target) => self.open_tab(target),
            TreeAction::TestConnection(id) => {
                self.connections.open(&self.backend, &id);
                self.connections.test(&self.backend, &id);
            }
            TreeAction::Edit(id) => {
                if let Some(c) = self.connections.get(&id) {
                    self.editor = Some(AccountEditor::edit(&c.profile));
                }
            }
            TreeAction::AccountSas(id) => {
                self.account_sas = self.account_window(&id, crate::app::accounts::account_sas::AccountSasWindow::new)
            }
            TreeAction::ServiceSettings(id) => {
                use crate::app::accounts::service_settings::ServiceSettingsWindow;
                self.service_settings = self.account_window(&id, ServiceSettingsWindow::new)
            }
            TreeAction::Remove(id) => self.confirm = Some(Confirm::RemoveAccount(id)),
            TreeAction::ProfilesChanged => self.save_profiles(),
            TreeAction::Delete(target) => self.confirm = Some(Confirm::DeleteResource(target)),
            TreeAction::OpenMany(targets) => targets.into_iter().for_each(|t| self.open_tab(t)),
            TreeAction::DeleteMany(targets) => {
                let described = targets.iter().map(|t| self.explorer.describe(t)).collect();
                self.confirm = Some(Confirm::DeleteResources(targets, described));
            }
            TreeAction::CountEntities(target) => self.start_count_job(target),
            TreeAction::Create(target, access) => {
                let Some(client) = self.connections.client(&target.profile_id) else {
                    return;
                };
                self.run_op(async move {
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
                        message: result.map(|_| format!("Created {} `{name}`.", service.resource())),
                        refresh: Some((profile_id, service)),
                    }
                });
            }
        }
    }

    pub fn editor_outcome(&mut self, outcome: EditorOutcome) {
        match outcome {
            EditorOutcome::Open => {}
            EditorOutcome::Cancelled => self.editor = None,
            EditorOutcome::Saved { profile, secret } => {
                let profile = *profile;
                self.editor = None;
                let label = profile.label.clone();
                if let Some(secret) = secret {
                    let secrets = self.secrets.clone();
                    let id = profile.id.clone();
                    let l = label.clone();
                    self.secrets.hold(&id, &secret);
                    self.saving_secret.start(
                        (),
                        self.backend.spawn_blocking(move || (l, secrets.store(&id, &secret))),
                    );
                }
                match self.connections.get_mut(&profile.id) {
                    Some(c) => c.profile = profile.clone(),
                    None => self
                        .connections
                        .list
                        .push(crate::app::accounts::connections::Connection::new(profile.clone())),
                }
                self.connections.reset(&profile.id);
                // Open tabs keep their panes (and any unsaved edit) and carry on with the new settings: a
                // sign-in renewed in the form reaches them without closing anything.
                if self.tabs.list.iter().any(|t| t.target.profile_id == profile.id) {
                    self.connections.open(&self.backend, &profile.id);
                }
                self.explorer.forget_account(&profile.id);
                // The accounts a browse account found were opened with its old sign-in: they are found again
                // with the new one when the tree is opened (their tabs wait, edits kept).
                for found in self.connections.drop_found(&profile.id) {
                    self.explorer.forget_account(&found);
                }
                self.save_profiles();
                self.log
                    .line(&format!("account saved: {label} ({})", profile.kind.describe()));
                self.notice(format!("Account `{label}` saved."));
            }
        }
    }
}

impl TesseraApp {
    /// Deletes several resources of one list, one after another (a container this app leases with its lease
    /// id), their tabs closed first; says what was deleted and, if one failed, which and why (the rest were
    /// still tried).
    pub(crate) fn delete_resources(&mut self, targets: Vec<TabTarget>) {
        let Some(first) = targets.first().cloned() else { return };
        let Some(client) = self.connections.client(&first.profile_id) else {
            return;
        };
        let identity = self.connections.get(&first.profile_id).map(|c| c.profile.identity());
        let mut work = Vec::new();
        for t in targets {
            let lease = identity.as_ref().and_then(|id| {
                let key = crate::app::context::leases::LeaseKey::new(id, &t.name, None);
                self.leases.id_for_write(&key)
            });
            self.tabs.close_target(&t);
            work.push((t.name, lease));
        }
        let (profile_id, service) = (first.profile_id, first.service);
        self.run_op(async move {
            let total = work.len();
            let (mut deleted, mut failed) = (Vec::new(), None::<(String, crate::storage::StorageError)>);
            for (name, lease) in work {
                match crate::app::frame::resource_delete::delete_resource(&client, service, &name, lease).await {
                    Ok(()) => deleted.push(format!("`{name}`")),
                    Err(e) if failed.is_none() => failed = Some((name, e)),
                    Err(_) => {}
                }
            }
            let kinds = crate::app::accounts::resource_list::plural(service);
            let message = match failed {
                None => Ok(format!("Deleted {total} {kinds}: {}.", deleted.join(", "))),
                Some((name, mut e)) => {
                    e.message = format!(
                        "Deleted {} of {total} {kinds}{}; `{name}` could not be deleted ({}).",
                        deleted.len(),
                        if deleted.is_empty() {
                            String::new()
                        } else {
                            format!(" ({})", deleted.join(", "))
                        },
                        e.message
                    );
                    Err(e)
                }
            };
            OpResult {
                message,
                refresh: Some((profile_id, service)),
            }
        });
    }
}
