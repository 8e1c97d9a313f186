//! The stored access policies of a container or a queue as a form: read, edited apart from what the service
//! said, checked before sending, saved only if unchanged since read, and a SAS URL bound to each. Also the
//! plain service SAS form (permissions, lifetime, IP range, HTTPS only) a queue or table offers.

use std::time::{Duration, SystemTime};

use crate::app::context::draft::{Draft, Fields, reapply_named};
use crate::app::context::{InFlight, PaneContext};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::policies::{MAX_POLICIES, Policies, StoredPolicy, in_order, validate_policies};
use crate::storage::service_sas::{SasGrant, SasResource};
use crate::storage::{Service, StorageError};

/// The policies as one field of a draft, re-applied policy by policy (by id) on a reload.
impl Fields for Vec<StoredPolicy> {
    const NAMES: &'static [&'static str] = &["policies"];
    fn same(a: &Self, b: &Self, _: usize) -> bool {
        a == b
    }
    fn take(to: &mut Self, from: &Self, _: usize) {
        to.clone_from(from);
    }
    fn reapply(mine: &mut Self, base: &Self, theirs: &Self, _: usize) {
        *mine = reapply_named(mine, base, theirs, |p| &p.id);
    }
}

/// The version a read of the policies is: when the ACL last changed (a container's; a queue's ACL has no time,
/// and its policies themselves are its version, as `Draft` compares them too).
fn version_of(read: &Policies) -> String {
    read.read_at.map(httpdate::fmt_http_date).unwrap_or_default()
}

pub struct PoliciesEdit {
    service: Service,
    name: String,
    /// What the service said last.
    read: Option<Policies>,
    /// What the user edits, apart from what the service said (`context::draft`).
    draft: Option<Draft<Vec<StoredPolicy>>>,
    /// The read the edit started from: a save is conditional on it (its time, its policies).
    base: Option<Policies>,
    loading: InFlight<(), Result<Policies, StorageError>>,
    /// A save on its way, and what it sent.
    /// A save out, keyed by the policies it sent.
    saving: InFlight<Vec<StoredPolicy>, Result<Option<SystemTime>, StorageError>>,
    problem: Option<String>,
}

impl PoliciesEdit {
    pub fn new(service: Service, name: &str) -> PoliciesEdit {
        PoliciesEdit {
            service,
            name: name.to_string(),
            read: None,
            draft: None,
            base: None,
            loading: InFlight::default(),
            saving: InFlight::default(),
            problem: None,
        }
    }

    fn letters(&self) -> &'static str {
        match self.service {
            Service::Blob => crate::storage::policies::CONTAINER_LETTERS,
            _ => crate::storage::policies::QUEUE_LETTERS,
        }
    }

    /// The container or queue the policies are of.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The policy ids the form shows.
    pub fn ids(&self) -> Vec<&str> {
        self.draft
            .as_ref()
            .map(|d| d.edit.iter().map(|p| p.id.as_str()).collect())
            .unwrap_or_default()
    }

    /// The user changed the policies since they were read (and is not saving them right now).
    pub fn is_dirty(&self) -> bool {
        self.draft.as_ref().is_some_and(Draft::is_dirty)
    }

    /// The unsaved edit, in words (closing the tab asks before dropping it).
    pub fn unsaved(&self) -> Option<String> {
        let unsaved = self.draft.as_ref().is_some_and(Draft::is_unsaved);
        unsaved.then(|| tr!("widgets-policies-unsaved", name = self.name.as_str()))
    }

    /// Quitting with Save all: saves the edit as the Save button would, unless it is already on its way.
    pub fn save_all(&mut self, ctx: &PaneContext, lease_id: Option<String>) {
        if self.unsaved().is_some() {
            self.save(ctx, lease_id);
        }
    }

    /// Reads the policies (a clean form follows them; an edited one keeps the edit and marks what moved).
    pub fn load(&mut self, ctx: &PaneContext) {
        let (client, service, name) = (ctx.client.clone(), self.service, self.name.clone());
        self.loading.start(
            (),
            ctx.backend
                .spawn(async move { client.get_policies(service, &name).await }),
        );
    }

    /// What the service said: the draft's service side moves; its base with it only while nothing is in the way.
    fn observe(&mut self, read: Policies) {
        let version = version_of(&read);
        match &mut self.draft {
            Some(d) => d.observe(&version, read.policies.clone()),
            None => self.draft = Some(Draft::new(&version, read.policies.clone())),
        }
        if self.draft.as_ref().is_some_and(|d| !d.is_stale()) {
            self.base = Some(read.clone());
        }
        self.read = Some(read);
    }

    pub fn poll(&mut self, ctx: &PaneContext) {
        if let Some(d) = &mut self.draft {
            d.settle();
        }
        match self.loading.take().map(|(_, r)| r) {
            Some(Ok(read)) => self.observe(read),
            Some(Err(e)) => self.problem = Some(tr!("widgets-policies-read-failed", why = e.plain_words())),
            None => {}
        }
        let (sent, saved) = match self.saving.take() {
            Some((sent, saved)) => (sent, Some(saved)),
            None => (Vec::new(), None),
        };
        if saved.as_ref().is_some_and(Result::is_err)
            && let Some(d) = &mut self.draft
        {
            d.unsent(&sent);
        }
        match saved {
            // What was sent is what the service holds now, at the time the write's answer says (a container's:
            // the next save's guard), with no read after it; typing done meanwhile stays, unsaved.
            Some(Ok(written_at)) => {
                self.problem = None;
                let public_access = self.base.as_ref().and_then(|b| b.public_access.clone());
                let now = Policies {
                    policies: sent.clone(),
                    read_at: written_at,
                    public_access,
                };
                match (&mut self.draft, written_at.is_some() || self.service != Service::Blob) {
                    (Some(d), true) => {
                        d.saved(sent, &version_of(&now));
                        self.base = Some(now.clone());
                        self.read = Some(now);
                    }
                    // An answer without its time: the next guard is read.
                    (d, _) => {
                        if let Some(d) = d {
                            d.saved(sent, "");
                        }
                        self.load(ctx);
                    }
                }
            }
            Some(Err(e)) if e.is_conflict() => {
                self.problem = Some(tr!("widgets-policies-conflict", why = e.plain_words()));
                self.load(ctx);
            }
            Some(Err(e)) => self.problem = Some(tr!("widgets-policies-save-failed", why = e.plain_words())),
            None => {}
        }
    }

    fn save(&mut self, ctx: &PaneContext, lease_id: Option<String>) {
        let (Some(base), Some(d)) = (self.base.clone(), self.draft.as_mut()) else {
            return;
        };
        let letters = match self.service {
            Service::Blob => crate::storage::policies::CONTAINER_LETTERS,
            _ => crate::storage::policies::QUEUE_LETTERS,
        };
        if let Err(why) = validate_policies(&d.edit, letters) {
            self.problem = Some(why.to_string());
            return;
        }
        if d.is_stale() {
            self.problem = Some(t("widgets-policies-stale-save"));
            return;
        }
        // Letters typed in any order go in the service's.
        for p in &mut d.edit {
            p.permissions = in_order(&p.permissions, letters);
        }
        let sent = d.send();
        let (client, service, name, policies) = (ctx.client.clone(), self.service, self.name.clone(), sent.clone());
        self.problem = None;
        self.saving.start(
            sent,
            ctx.send(async move {
                client
                    .set_policies(service, &name, &policies, &base, lease_id.as_deref())
                    .await
            }),
        );
    }

    /// The form. `lease_id`: the container's lease this app holds, which a save must carry.
    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &PaneContext, lease_id: Option<String>) {
        let count = self.draft.as_ref().map_or(0, |d| d.edit.len());
        let title = tr!("widgets-policies-title", count = count, max = MAX_POLICIES);
        egui::CollapsingHeader::new(title)
            .id_salt(("policies", &self.name))
            .show(ui, |ui| self.body(ui, ctx, lease_id));
    }

    /// What the Save button's hover says the write is guarded by.
    fn guard_words(&self) -> String {
        t(match self.service {
            Service::Blob => "widgets-policies-guard-container",
            _ => "widgets-policies-guard-queue",
        })
    }

    fn body(&mut self, ui: &mut egui::Ui, ctx: &PaneContext, lease_id: Option<String>) {
        let guard = self.guard_words();
        let letters = self.letters();
        let saving = !self.saving.is_empty();
        let Some(d) = self.draft.as_mut() else {
            ui.weak(t("widgets-policies-reading"));
            if let Some(why) = &self.problem {
                ui.colored_label(ui.visuals().error_fg_color, why);
            }
            return;
        };
        let (mut remove, mut sas) = (None, None);
        let own = t("widgets-policies-own");
        for (i, p) in d.edit.iter_mut().enumerate() {
            let n = i + 1;
            // Three short rows, so the form fits a side panel: id and letters, then each time on its own.
            let field = |ui: &mut egui::Ui, label: String, value: &mut String, width: f32, hint: &str| {
                let l = ui.label(label);
                ui.add(egui::TextEdit::singleline(value).desired_width(width).hint_text(hint))
                    .labelled_by(l.id);
            };
            ui.horizontal(|ui| {
                field(ui, tr!("widgets-policies-id", n = n), &mut p.id, 90.0, "");
                field(
                    ui,
                    tr!("widgets-policies-permissions", n = n),
                    &mut p.permissions,
                    50.0,
                    "",
                );
            });
            ui.horizontal(|ui| {
                field(ui, tr!("widgets-policies-start", n = n), &mut p.start, 170.0, &own);
            });
            ui.horizontal(|ui| {
                field(ui, tr!("widgets-policies-expiry", n = n), &mut p.expiry, 170.0, &own);
            });
            ui.horizontal_wrapped(|ui| {
                if ui.small_button(tr!("widgets-policies-remove", n = n)).clicked() {
                    remove = Some(i);
                }
                if ui
                    .small_button(tr!("widgets-policies-sas", id = p.id.as_str()))
                    .on_hover_text(t("widgets-policies-sas-hover"))
                    .clicked()
                {
                    sas = Some(p.id.clone());
                }
            });
            ui.separator();
        }
        if let Some(i) = remove {
            d.edit.remove(i);
        }
        let (dirty, stale) = (d.is_dirty(), d.is_stale());
        let (mut reload, mut save) = (false, false);
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(
                    d.edit.len() < MAX_POLICIES,
                    egui::Button::new(t("widgets-policies-add")),
                )
                .clicked()
            {
                let expiry = SystemTime::now() + Duration::from_secs(7 * 24 * 3600);
                d.edit.push(StoredPolicy {
                    id: format!("policy{}", d.edit.len() + 1), // i18n-ignore: a policy id (data)
                    start: String::new(),
                    expiry: crate::app::widgets::format::iso_seconds(expiry),
                    permissions: "r".into(),
                });
            }
            if saving {
                ui.weak(t("widgets-policies-saving"));
            } else if ui
                .add_enabled(dirty, egui::Button::new(t("widgets-policies-save")))
                .on_hover_text(guard)
                .clicked()
            {
                save = true;
            }
            if ui
                .button(t("widgets-policies-reload"))
                .on_hover_text(t("widgets-policies-reload-hover"))
                .clicked()
            {
                reload = true;
            }
        });
        if dirty && stale {
            ui.colored_label(ui.visuals().warn_fg_color, t("widgets-policies-changed"));
        }
        let (mut reapply, mut discard) = (false, false);
        if dirty {
            ui.horizontal_wrapped(|ui| {
                if stale {
                    reapply = ui.button(t("widgets-policies-reapply")).clicked();
                }
                discard = ui.button(t("widgets-policies-discard")).clicked();
            });
        }
        if reapply {
            d.reapply_on_theirs();
            self.base = self.read.clone();
            self.problem = None;
        }
        if discard {
            d.discard();
            self.base = self.read.clone();
            self.problem = None;
        }
        ui.weak(tr!("widgets-policies-letters", letters = letters));
        if let Some(why) = &self.problem {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
        if save {
            self.save(ctx, lease_id);
        }
        if reload {
            self.problem = None;
            self.load(ctx);
        }
        if let Some(id) = sas {
            let saved = self
                .read
                .as_ref()
                .is_some_and(|r| r.policies.iter().any(|p| p.id == id));
            if !saved {
                self.problem = Some(tr!("widgets-policies-save-first", id = id.as_str()));
                return;
            }
            let resource = match self.service {
                Service::Blob => SasResource::Container(self.name.clone()),
                _ => SasResource::Queue(self.name.clone()),
            };
            let grant = SasGrant {
                policy: Some(id),
                ..Default::default()
            };
            match ctx.client.service_sas_url(&resource, &grant) {
                Ok(url) => {
                    ui.ctx().copy_text(url);
                    self.problem = None;
                    ui.label(t("widgets-policies-copied"));
                }
                Err(e) => self.problem = Some(e.plain_words()),
            }
        }
    }
}

/// The plain service SAS form of a queue or a table.
pub struct SasForm {
    pub permissions: String,
    pub terms: crate::app::widgets::sas_terms::SasTerms,
}

impl SasForm {
    pub fn new(permissions: &str) -> SasForm {
        SasForm {
            permissions: permissions.to_string(),
            terms: Default::default(),
        }
    }

    /// Draws the form; a click signs the SAS for `resource` and puts the URL on the clipboard.
    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &PaneContext, resource: SasResource) {
        ui.horizontal_wrapped(|ui| {
            let l = ui.label(tr!("widgets-policies-sas-permissions", letters = resource.letters()));
            ui.add(egui::TextEdit::singleline(&mut self.permissions).desired_width(50.0))
                .labelled_by(l.id);
            self.terms.ui(ui);
            if ui.button(t("widgets-policies-copy-sas")).clicked() {
                let made = self.terms.window().and_then(|(start, expiry)| {
                    let grant = SasGrant {
                        permissions: self.permissions.trim().to_string(),
                        start,
                        expiry: Some(expiry),
                        policy: None,
                        ip: self.terms.ip(),
                        https_only: self.terms.https_only,
                    };
                    ctx.client
                        .service_sas_url(&resource, &grant)
                        .map_err(|e| e.plain_words())
                });
                self.terms.copied(ui, made);
            }
        });
        self.terms.outcome_ui(ui);
    }
}
