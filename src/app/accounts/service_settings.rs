//! The Service settings window of one account: the Blob and Queue services' own properties (CORS rules, delete
//! retention, static website, logging, metrics, default version) read, edited as a draft apart from what the
//! service said, checked against the service's limits and saved; and the account's SKU and kind.

use std::collections::BTreeMap;

use crate::app::context::{Backend, Pending};
use crate::storage::service_properties::{
    AccountInformation, CorsRule, Logging, MAX_CORS_RULES, Metrics, RetentionPolicy, ServiceProperties, StaticWebsite,
};
use crate::storage::{Client, Service, StorageError};

/// One service's settings: what the service said, the user's draft, and the read or save under way.
#[derive(Default)]
struct Settings {
    said: Option<ServiceProperties>,
    draft: ServiceProperties,
    reading: Option<Pending<Result<ServiceProperties, StorageError>>>,
    saving: Option<Pending<Result<(), StorageError>>>,
    /// The last outcome in words (an error, or "Saved").
    outcome: Option<Result<String, String>>,
    /// The draft as it was saved: the read after the save takes the service's word over it.
    sent: Option<ServiceProperties>,
    /// A save landed: read the service's word once.
    reread: bool,
}

pub struct ServiceSettingsWindow {
    pub profile_id: String,
    label: String,
    service: Service,
    /// By service: a reply lands in its own service's settings, whichever is shown.
    settings: BTreeMap<u8, Settings>,
    info: Option<Pending<Result<AccountInformation, StorageError>>>,
    info_said: Option<Result<AccountInformation, String>>,
}

fn slot(service: Service) -> u8 {
    match service {
        Service::Blob => 0,
        Service::Queue => 1,
        Service::Table => 2,
    }
}

impl ServiceSettingsWindow {
    pub fn new(profile_id: &str, label: &str) -> Self {
        ServiceSettingsWindow {
            profile_id: profile_id.to_string(),
            label: label.to_string(),
            service: Service::Blob,
            settings: BTreeMap::new(),
            info: None,
            info_said: None,
        }
    }

    /// Draws the window; false once the user closed it. `client`: the account's, or why there is none yet.
    pub fn window(&mut self, ctx: &egui::Context, backend: &Backend, client: Result<&Client, &String>) -> bool {
        self.land();
        let mut open = true;
        egui::Window::new(format!("Service settings of {}", self.label))
            .id(egui::Id::unique(("service-settings", &self.profile_id)))
            .open(&mut open)
            .collapsible(false)
            .min_width(760.0)
            .show(ctx, |ui| match client {
                Ok(client) => self.form(ui, backend, client),
                Err(why) => {
                    ui.weak(why);
                }
            });
        open
    }

    /// Takes the replies that arrived, each into the settings of the service it was for.
    fn land(&mut self) {
        for s in self.settings.values_mut() {
            if let Some(read) = s.reading.as_mut().and_then(Pending::poll) {
                s.reading = None;
                match read {
                    Ok(props) => {
                        // A draft left as the service said follows the new word; an edited one is kept.
                        let untouched = s.said.as_ref().is_none_or(|said| *said == s.draft);
                        if untouched || s.sent.as_ref() == Some(&s.draft) {
                            s.sent = None;
                            s.draft = props.clone();
                        } else {
                            s.outcome = Some(Ok("Read again; your unsaved changes are kept (Discard changes shows \
                                                 the service's)"
                                .into()));
                        }
                        s.said = Some(props);
                    }
                    Err(e) => s.outcome = Some(Err(e.plain_words())),
                }
            }
            if let Some(saved) = s.saving.as_mut().and_then(Pending::poll) {
                s.saving = None;
                s.reread = saved.is_ok();
                s.outcome = Some(match saved {
                    Ok(()) => Ok("Saved. The service's settings are read again below.".into()),
                    Err(e) => Err(e.plain_words()),
                });
            }
        }
        if let Some(info) = self.info.as_mut().and_then(Pending::poll) {
            self.info = None;
            self.info_said = Some(info.map_err(|e| e.plain_words()));
        }
    }

    fn read(&mut self, backend: &Backend, client: &Client, service: Service) {
        let client = client.clone();
        let s = self.settings.entry(slot(service)).or_default();
        s.reading = Some(backend.spawn(async move {
            let props = client.service_properties(service).await;
            props.map(|p| with_every_part(p, service))
        }));
    }

    fn form(&mut self, ui: &mut egui::Ui, backend: &Backend, client: &Client) {
        if self.info.is_none() && self.info_said.is_none() {
            let c = client.clone();
            self.info = Some(backend.spawn(async move { c.account_information().await }));
        }
        match &self.info_said {
            Some(Ok(i)) => ui.label(format!(
                "Account: SKU {}, kind {}, hierarchical namespace {}",
                i.sku.as_deref().unwrap_or("not said"),
                i.kind.as_deref().unwrap_or("not said"),
                match i.hierarchical_namespace {
                    Some(true) => "on",
                    Some(false) => "off",
                    None => "not said",
                }
            )),
            Some(Err(e)) => ui.colored_label(ui.visuals().error_fg_color, format!("Account information: {e}")),
            None => ui.weak("Reading the account's information…"),
        };
        ui.horizontal(|ui| {
            for (service, name) in [
                (Service::Blob, "Blob service"),
                (Service::Queue, "Queue service"),
                (Service::Table, "Table service"),
            ] {
                ui.selectable_value(&mut self.service, service, name);
            }
        });
        let service = self.service;
        if service == Service::Table {
            ui.label(
                "The Table service's properties are not offered here: the emulator (Azurite 3.35) has none, so \
                 nothing here could be tested against a service.",
            );
            return;
        }
        if !self.settings.contains_key(&slot(service)) {
            self.read(backend, client, service);
        }
        let s = self.settings.get_mut(&slot(service)).expect("read above");
        if s.said.is_none() {
            match &s.outcome {
                Some(Err(e)) => {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
                _ => {
                    ui.weak("Reading the service's properties…");
                }
            }
            return;
        }
        draft_ui(ui, &mut s.draft, service);
        let changed = s.said.as_ref() != Some(&s.draft.tidied());
        let mut reload = false;
        ui.horizontal(|ui| {
            let busy = s.saving.is_some() || s.reading.is_some();
            if ui
                .add_enabled(changed && !busy, egui::Button::new("Save settings"))
                .clicked()
            {
                let tidy = s.draft.tidied();
                let send = tidy.changes_from(s.said.as_ref().expect("shown only once said"));
                match send.validate(service) {
                    Err(e) => s.outcome = Some(Err(e)),
                    Ok(()) => {
                        let client = client.clone();
                        s.saving =
                            Some(backend.spawn(async move { client.set_service_properties(service, &send).await }));
                        s.draft = tidy.clone();
                        s.sent = Some(tidy);
                        s.outcome = None;
                    }
                }
            }
            if ui.add_enabled(changed, egui::Button::new("Discard changes")).clicked() {
                s.draft = s.said.clone().unwrap_or_default();
                s.outcome = None;
            }
            if ui.add_enabled(!busy, egui::Button::new("Read again")).clicked() {
                reload = true;
            }
            if busy {
                ui.spinner();
            }
        });
        match &s.outcome {
            Some(Ok(t)) => {
                ui.label(t);
            }
            Some(Err(e)) => {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
            None => {}
        }
        if reload || std::mem::take(&mut s.reread) {
            self.read(backend, client, service);
        }
    }
}

/// The properties with every part the window edits (a part the service did not say, off): what is compared with
/// the draft and saved is then the same shape, and an untouched window has nothing to save.
fn with_every_part(mut p: ServiceProperties, service: Service) -> ServiceProperties {
    p.logging.get_or_insert_with(|| Logging {
        version: "1.0".into(),
        delete: false,
        read: false,
        write: false,
        retention: RetentionPolicy::default(),
    });
    for m in [&mut p.hour_metrics, &mut p.minute_metrics] {
        m.get_or_insert_with(|| Metrics {
            version: "1.0".into(),
            enabled: false,
            include_apis: None,
            retention: RetentionPolicy::default(),
        });
    }
    if service == Service::Blob {
        p.delete_retention.get_or_insert_with(RetentionPolicy::default);
        p.static_website.get_or_insert_with(StaticWebsite::default);
    }
    p
}

/// A labelled single-line text field (its label is its accessible name).
fn field(ui: &mut egui::Ui, label: &str, text: &mut String, width: f32) {
    let l = ui.label(label);
    ui.add(egui::TextEdit::singleline(text).desired_width(width))
        .labelled_by(l.id);
}

/// A labelled number of days, kept as text until it reads as a number.
fn days(ui: &mut egui::Ui, label: &str, policy: &mut RetentionPolicy) {
    ui.checkbox(&mut policy.enabled, label);
    if policy.enabled {
        let mut text = policy.days.map(|d| d.to_string()).unwrap_or_default();
        field(ui, &format!("{label}: days"), &mut text, 40.0);
        policy.days = text.trim().parse().ok();
    }
}

fn draft_ui(ui: &mut egui::Ui, d: &mut ServiceProperties, service: Service) {
    ui.separator();
    ui.strong(format!("CORS rules ({} of at most {MAX_CORS_RULES})", d.cors.len()));
    let mut remove = None;
    for (i, rule) in d.cors.iter_mut().enumerate() {
        let n = i + 1;
        // A rule in three rows: the lists are long, and each label says which rule it is of.
        ui.horizontal(|ui| {
            field(ui, &format!("Rule {n} origins:"), &mut rule.allowed_origins, 320.0);
            field(ui, &format!("Rule {n} methods:"), &mut rule.allowed_methods, 180.0);
        });
        ui.horizontal(|ui| {
            field(
                ui,
                &format!("Rule {n} allowed headers:"),
                &mut rule.allowed_headers,
                200.0,
            );
            field(
                ui,
                &format!("Rule {n} exposed headers:"),
                &mut rule.exposed_headers,
                200.0,
            );
        });
        ui.horizontal(|ui| {
            let mut age = rule.max_age_seconds.to_string();
            field(ui, &format!("Rule {n} max age (s):"), &mut age, 60.0);
            rule.max_age_seconds = age.trim().parse().unwrap_or(rule.max_age_seconds);
            if ui.button(format!("Remove rule {n}")).clicked() {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        d.cors.remove(i);
    }
    if ui.button("Add CORS rule").clicked() {
        d.cors.push(CorsRule {
            allowed_origins: "*".into(),
            allowed_methods: "GET,HEAD,OPTIONS".into(),
            max_age_seconds: 300,
            ..Default::default()
        });
    }
    ui.separator();
    if service == Service::Blob {
        if let Some(policy) = &mut d.delete_retention {
            ui.horizontal(|ui| days(ui, "Keep deleted blobs", policy));
        }
        if let Some(site) = &mut d.static_website {
            ui.horizontal(|ui| {
                ui.checkbox(&mut site.enabled, "Static website (from $web)");
                if site.enabled {
                    let (mut index, mut missing) = (
                        site.index_document.clone().unwrap_or_default(),
                        site.error_document_404_path.clone().unwrap_or_default(),
                    );
                    field(ui, "Index document:", &mut index, 120.0);
                    field(ui, "Error document (404):", &mut missing, 140.0);
                    site.index_document = Some(index).filter(|s| !s.is_empty());
                    site.error_document_404_path = Some(missing).filter(|s| !s.is_empty());
                }
            });
        }
        let mut version = d.default_service_version.clone().unwrap_or_default();
        ui.horizontal(|ui| field(ui, "Default service version:", &mut version, 100.0));
        d.default_service_version = Some(version).filter(|v| !v.trim().is_empty());
    }
    if let Some(logging) = &mut d.logging {
        ui.horizontal(|ui| {
            ui.label("Logging:");
            ui.checkbox(&mut logging.read, "Log reads");
            ui.checkbox(&mut logging.write, "Log writes");
            ui.checkbox(&mut logging.delete, "Log deletes");
            days(ui, "Keep logs", &mut logging.retention);
        });
    }
    for (name, metrics) in [
        ("Hour metrics", &mut d.hour_metrics),
        ("Minute metrics", &mut d.minute_metrics),
    ] {
        let Some(m) = metrics else { continue };
        ui.horizontal(|ui| {
            ui.checkbox(&mut m.enabled, name);
            if m.enabled {
                let mut apis = m.include_apis.unwrap_or(false);
                ui.checkbox(&mut apis, format!("{name} per API"));
                m.include_apis = Some(apis);
            }
            days(ui, &format!("Keep {}", name.to_lowercase()), &mut m.retention);
        });
    }
}
