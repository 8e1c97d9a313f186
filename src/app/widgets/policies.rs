//! The stored access policies of a container or a queue as a form: read, edited apart from what the service
//! said, checked before sending, saved only if unchanged since read, and a SAS URL bound to each. Also the
//! plain service SAS form (permissions, lifetime, IP range, HTTPS only) a queue or table offers.

use std::time::{Duration, SystemTime};

use crate::app::context::{Loading, PaneContext, take_ready};
use crate::storage::Service;
use crate::storage::policies::{MAX_POLICIES, Policies, StoredPolicy, in_order, validate_policies};
use crate::storage::service_sas::{SasGrant, SasResource};

pub struct PoliciesEdit {
    service: Service,
    name: String,
    read: Option<Policies>,
    pub draft: Vec<StoredPolicy>,
    loading: Loading<Policies>,
    saving: Loading<()>,
    problem: Option<String>,
}

impl PoliciesEdit {
    pub fn new(service: Service, name: &str) -> PoliciesEdit {
        PoliciesEdit {
            service,
            name: name.to_string(),
            read: None,
            draft: Vec::new(),
            loading: None,
            saving: None,
            problem: None,
        }
    }

    fn letters(&self) -> &'static str {
        match self.service {
            Service::Blob => crate::storage::policies::CONTAINER_LETTERS,
            _ => crate::storage::policies::QUEUE_LETTERS,
        }
    }

    /// The policy ids the form shows.
    pub fn ids(&self) -> Vec<&str> {
        self.draft.iter().map(|p| p.id.as_str()).collect()
    }

    /// The user changed the policies since they were read.
    pub fn is_dirty(&self) -> bool {
        self.read.as_ref().is_some_and(|r| r.policies != self.draft)
    }

    /// Reads the policies (a clean form follows them; an edited one keeps the edit).
    pub fn load(&mut self, ctx: &PaneContext) {
        let (client, service, name) = (ctx.client.clone(), self.service, self.name.clone());
        self.loading = Some(
            ctx.backend
                .spawn(async move { client.get_policies(service, &name).await }),
        );
    }

    pub fn poll(&mut self, ctx: &PaneContext) {
        match take_ready(&mut self.loading) {
            Some(Ok(read)) => {
                if !self.is_dirty() {
                    self.draft = read.policies.clone();
                }
                self.read = Some(read);
            }
            Some(Err(e)) => self.problem = Some(format!("The policies could not be read: {}", e.plain_words())),
            None => {}
        }
        match take_ready(&mut self.saving) {
            Some(Ok(())) => {
                // What was saved is what the service holds now: read it back (and its new time, the next guard).
                self.read = None;
                self.problem = None;
                self.load(ctx);
            }
            Some(Err(e)) if e.is_conflict() => {
                self.problem = Some(format!(
                    "Not saved: someone changed the policies since you read them. Reload shows theirs (your edit is \
                     dropped); {}",
                    e.plain_words()
                ))
            }
            Some(Err(e)) => self.problem = Some(format!("The policies were not saved: {}", e.plain_words())),
            None => {}
        }
    }

    fn save(&mut self, ctx: &PaneContext, lease_id: Option<String>) {
        let Some(read) = self.read.clone() else { return };
        let letters = self.letters();
        if let Err(why) = validate_policies(&self.draft, letters) {
            self.problem = Some(why);
            return;
        }
        // Letters typed in any order go in the service's.
        for p in &mut self.draft {
            p.permissions = in_order(&p.permissions, letters);
        }
        let (client, service, name, policies) =
            (ctx.client.clone(), self.service, self.name.clone(), self.draft.clone());
        self.saving = Some(ctx.backend.spawn(async move {
            client
                .set_policies(service, &name, &policies, &read, lease_id.as_deref())
                .await
        }));
    }

    /// The form. `lease_id`: the container's lease this app holds, which a save must carry.
    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &PaneContext, lease_id: Option<String>) {
        let title = format!("Stored access policies ({} of {MAX_POLICIES})", self.draft.len());
        egui::CollapsingHeader::new(title)
            .id_salt(("policies", &self.name))
            .show(ui, |ui| self.body(ui, ctx, lease_id));
    }

    fn body(&mut self, ui: &mut egui::Ui, ctx: &PaneContext, lease_id: Option<String>) {
        if self.read.is_none() {
            ui.weak("reading…");
        }
        let (mut remove, mut sas) = (None, None);
        for (i, p) in self.draft.iter_mut().enumerate() {
            let n = i + 1;
            // Three short rows, so the form fits a side panel: id and letters, then each time on its own.
            let field = |ui: &mut egui::Ui, label: String, value: &mut String, width: f32, hint: &str| {
                let l = ui.label(label);
                ui.add(egui::TextEdit::singleline(value).desired_width(width).hint_text(hint))
                    .labelled_by(l.id);
            };
            ui.horizontal(|ui| {
                field(ui, format!("Policy {n} id:"), &mut p.id, 90.0, "");
                field(ui, format!("Policy {n} permissions:"), &mut p.permissions, 50.0, "");
            });
            ui.horizontal(|ui| {
                field(ui, format!("Policy {n} start:"), &mut p.start, 170.0, "the SAS's own");
            });
            ui.horizontal(|ui| {
                field(ui, format!("Policy {n} expiry:"), &mut p.expiry, 170.0, "the SAS's own");
            });
            ui.horizontal_wrapped(|ui| {
                if ui.small_button(format!("Remove policy {n}")).clicked() {
                    remove = Some(i);
                }
                if ui
                    .small_button(format!("SAS URL with policy {}", p.id))
                    .on_hover_text("A SAS bound to this policy (si=): it grants what the saved policy grants, until the policy changes")
                    .clicked()
                {
                    sas = Some(p.id.clone());
                }
            });
            ui.separator();
        }
        if let Some(i) = remove {
            self.draft.remove(i);
        }
        ui.horizontal(|ui| {
            if ui
                .add_enabled(self.draft.len() < MAX_POLICIES, egui::Button::new("Add policy"))
                .clicked()
            {
                let expiry = SystemTime::now() + Duration::from_secs(7 * 24 * 3600);
                self.draft.push(StoredPolicy {
                    id: format!("policy{}", self.draft.len() + 1),
                    start: String::new(),
                    expiry: crate::app::widgets::format::iso_seconds(expiry),
                    permissions: "r".into(),
                });
            }
            if self.saving.is_some() {
                ui.weak("Saving…");
            } else if ui
                .add_enabled(self.is_dirty(), egui::Button::new("Save policies"))
                .on_hover_text("Only if nobody changed them since they were read (If-Unmodified-Since)")
                .clicked()
            {
                self.save(ctx, lease_id);
            }
            if ui.button("Reload policies").clicked() {
                self.read = None;
                self.draft.clear();
                self.problem = None;
                self.load(ctx);
            }
        });
        ui.weak(format!("Permissions: {} (in any order).", self.letters()));
        if let Some(why) = &self.problem {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
        if let Some(id) = sas {
            let saved = self
                .read
                .as_ref()
                .is_some_and(|r| r.policies.iter().any(|p| p.id == id));
            if !saved {
                self.problem = Some(format!(
                    "Save policy `{id}` first: a SAS is bound to a policy the service holds."
                ));
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
                    ui.label("SAS URL copied to the clipboard (it is a secret: share it with care).");
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
            let l = ui.label(format!("SAS permissions ({}):", resource.letters()));
            ui.add(egui::TextEdit::singleline(&mut self.permissions).desired_width(50.0))
                .labelled_by(l.id);
            self.terms.ui(ui);
            if ui.button("Copy SAS URL").clicked() {
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
