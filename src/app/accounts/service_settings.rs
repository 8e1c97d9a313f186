//! The Service settings window of one account: the Blob and Queue services' own properties (CORS rules, delete
//! retention, static website, logging, metrics, default version) read, edited as a draft apart from what the
//! service said, checked against the service's limits and saved; and the account's SKU and kind.

use std::collections::BTreeMap;

use crate::app::context::draft::{Draft, Fields};
use crate::app::context::{Backend, InFlight, SentCount};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::service_properties::{
    AccountInformation, CorsRule, Logging, MAX_CORS_RULES, Metrics, RetentionPolicy, ServiceProperties, StaticWebsite,
};
use crate::storage::{Client, Service, StorageError};

/// A service's settings as the draft's fields, part by part: a reload re-applies the parts the user changed on
/// the service's and takes the service's for the rest.
impl Fields for ServiceProperties {
    const NAMES: &'static [&'static str] = &[
        "CORS rules",
        "Logging",
        "Hour metrics",
        "Minute metrics",
        "Default service version",
        "Keep deleted blobs",
        "Static website",
    ];
    fn same(a: &Self, b: &Self, i: usize) -> bool {
        match i {
            0 => a.cors == b.cors,
            1 => a.logging == b.logging,
            2 => a.hour_metrics == b.hour_metrics,
            3 => a.minute_metrics == b.minute_metrics,
            4 => a.default_service_version == b.default_service_version,
            5 => a.delete_retention == b.delete_retention,
            _ => a.static_website == b.static_website,
        }
    }
    fn take(to: &mut Self, from: &Self, i: usize) {
        match i {
            0 => to.cors.clone_from(&from.cors),
            1 => to.logging.clone_from(&from.logging),
            2 => to.hour_metrics.clone_from(&from.hour_metrics),
            3 => to.minute_metrics.clone_from(&from.minute_metrics),
            4 => to.default_service_version.clone_from(&from.default_service_version),
            5 => to.delete_retention.clone_from(&from.delete_retention),
            _ => to.static_website.clone_from(&from.static_website),
        }
    }
}

/// One service's settings: the user's draft apart from what the service said (`context::draft`), and the read or
/// save under way (a save keyed by what it sent).
#[derive(Default)]
struct Settings {
    draft: Option<Draft<ServiceProperties>>,
    reading: InFlight<(), Result<ServiceProperties, StorageError>>,
    saving: InFlight<ServiceProperties, Result<(), StorageError>>,
    /// The last outcome in words (an error, or "Saved").
    outcome: Option<Result<String, String>>,
    /// A save landed: read the service's word once.
    reread: bool,
    /// The read under way follows a refused save: its reply must not replace the refusal's words, which say
    /// why the save failed and what to do (a manual Read again says its own).
    keep_refusal: bool,
    /// That read failed too: said below the refusal, which stays until the user acts.
    reread_failed: Option<String>,
}

impl Settings {
    /// Whether the draft holds a change the service would see (lists compared as the service says them back).
    fn changed(&self) -> bool {
        self.draft.as_ref().is_some_and(|d| d.edit.tidied() != *d.base())
    }

    /// Whether the draft holds a change the service would see that is not on its way (`Draft::is_unsaved`).
    fn unsaved(&self) -> bool {
        self.changed() && self.draft.as_ref().is_some_and(Draft::is_unsaved)
    }
}

impl Settings {
    /// Sends the draft's changes, read again just before the write (the service offers no condition).
    fn save(&mut self, service: Service, backend: &Backend, client: &Client, sent: &SentCount) {
        let Some(d) = &mut self.draft else { return };
        let tidy = d.edit.tidied();
        let base = d.base().clone();
        let send = tidy.changes_from(&base);
        match send.validate(service) {
            Err(e) => self.outcome = Some(Err(e.to_string())),
            Ok(()) => {
                let client = client.clone();
                // Sent, not spawned: a save out when the window closes still lands (and is said).
                let reply = backend.send(sent, async move {
                    let now = with_every_part(client.service_properties(service).await?, service);
                    if now != base {
                        return Err(StorageError::changed_since_read(
                            t("accounts-service-settings-op-save"),
                            t("accounts-service-settings-changed"),
                        ));
                    }
                    client.set_service_properties(service, &send).await
                });
                d.edit = tidy;
                self.saving.start(d.send(), reply);
                (self.outcome, self.reread_failed) = (None, None);
            }
        }
    }
}

pub struct ServiceSettingsWindow {
    pub profile_id: String,
    label: String,
    service: Service,
    /// By service: a reply lands in its own service's settings, whichever is shown.
    settings: BTreeMap<u8, Settings>,
    info: InFlight<(), Result<AccountInformation, StorageError>>,
    info_said: Option<Result<AccountInformation, String>>,
    /// The window's saves: written through `Backend::send`, so closing the window never aborts one.
    sent: SentCount,
    /// Closing was asked while a draft is unsaved: the window asks Discard or Keep editing first.
    asking_close: bool,
    /// Another account's settings were asked for while this window asked: opened once it closes.
    pub then_open: Option<String>,
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
            info: InFlight::default(),
            info_said: None,
            sent: SentCount::default(),
            asking_close: false,
            then_open: None,
        }
    }

    /// The account's name, as the window's title says it.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// Whether any service's draft holds a change not on its way to the service.
    pub fn unsaved(&self) -> bool {
        self.settings.values().any(Settings::unsaved)
    }

    /// Quitting with Save all: each service's unsaved draft is saved as its Save button would.
    pub fn save_all(&mut self, backend: &Backend, client: &Client) {
        let sent = self.sent.clone();
        for service in [Service::Blob, Service::Queue] {
            match self.settings.get_mut(&slot(service)) {
                Some(s) if s.unsaved() && s.saving.is_empty() => s.save(service, backend, client, &sent),
                _ => {}
            }
        }
    }

    /// Whether a save has not answered yet.
    pub fn is_saving(&self) -> bool {
        self.settings.values().any(|s| !s.saving.is_empty())
    }

    /// Asks before closing (Discard or Keep editing) when a draft is unsaved; true when it may close now.
    pub fn close_or_ask(&mut self) -> bool {
        self.asking_close = self.unsaved();
        !self.asking_close
    }

    /// For a window closed while its save was out: takes the replies, and once none is out, what the saves came
    /// to, in words (a notice).
    pub fn landed(&mut self) -> Option<Result<String, String>> {
        self.land();
        if self.is_saving() {
            return None;
        }
        let said = self.settings.values_mut().filter_map(|s| s.outcome.take()).next();
        let account = self.label.as_str();
        Some(match said {
            Some(Err(why)) => Err(tr!(
                "accounts-service-settings-closed-failed",
                account = account,
                why = why
            )),
            _ => Ok(tr!("accounts-service-settings-closed-saved", account = account)),
        })
    }

    /// The question a close with an unsaved draft asks: Discard closes (true), Keep editing stays.
    fn close_question(&mut self, ctx: &egui::Context) -> bool {
        if !self.asking_close {
            return false;
        }
        let mut close = false;
        let id = egui::Id::unique(("service-settings-close", &self.profile_id));
        egui::Modal::new(id).show(ctx, |ui| {
            ui.heading(tr!(
                "accounts-service-settings-close-title",
                account = self.label.as_str()
            ));
            ui.label(t("accounts-service-settings-close-body"));
            ui.horizontal(|ui| {
                close = ui.button(t("accounts-service-settings-close-discard")).clicked();
                if ui.button(t("accounts-service-settings-close-keep")).clicked() {
                    self.asking_close = false;
                    self.then_open = None;
                }
            });
        });
        close
    }

    /// Draws the window; false once the user closed it. `client`: the account's, or why there is none yet.
    pub fn window(&mut self, ctx: &egui::Context, backend: &Backend, client: Result<&Client, &String>) -> bool {
        self.land();
        if self.close_question(ctx) {
            return false;
        }
        let mut open = true;
        egui::Window::new(tr!("accounts-service-settings-title", account = self.label.as_str()))
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
        // The window's own close button: an unsaved draft is asked about first.
        open || !self.close_or_ask()
    }

    /// Takes the replies that arrived, each into the settings of the service it was for.
    fn land(&mut self) {
        for s in self.settings.values_mut() {
            if let Some(d) = &mut s.draft {
                d.settle();
            }
            if let Some((_, read)) = s.reading.take() {
                // A failed save's words (why, and what to do) stay until the user acts: the read that follows
                // it, whenever it lands and however it ends, says nothing in their place.
                let after_refusal = std::mem::take(&mut s.keep_refusal) && matches!(s.outcome, Some(Err(_)));
                match read {
                    // A draft left as the service said follows the new word; an edited one is kept, and what
                    // moved under it is said.
                    Ok(props) => match &mut s.draft {
                        None => s.draft = Some(Draft::new("", props)),
                        Some(d) => {
                            d.observe("", props);
                            if d.is_dirty() && !after_refusal {
                                s.outcome = Some(Ok(if d.is_stale() {
                                    t("accounts-service-settings-read-stale")
                                } else {
                                    t("accounts-service-settings-read-kept")
                                }));
                            }
                        }
                    },
                    Err(e) if after_refusal => {
                        let why = e.plain_words();
                        s.reread_failed = Some(tr!("accounts-service-settings-reread-failed", why = why));
                    }
                    Err(e) => s.outcome = Some(Err(e.plain_words())),
                }
            }
            if let Some((sent, saved)) = s.saving.take() {
                s.reread = true;
                s.keep_refusal = saved.is_err();
                s.reread_failed = None;
                s.outcome = Some(match saved {
                    Ok(()) => {
                        // What was sent is what the service holds; changes typed since stay, unsaved.
                        if let Some(d) = &mut s.draft {
                            d.saved(sent, "");
                        }
                        Ok(t("accounts-service-settings-saved"))
                    }
                    // The draft is never touched by a failed save (it is unsaved again): Read again shows theirs
                    // beside it.
                    Err(e) => {
                        if let Some(d) = &mut s.draft {
                            d.unsent(&sent);
                        }
                        Err(e.plain_words())
                    }
                });
            }
        }
        if let Some((_, info)) = self.info.take() {
            self.info_said = Some(info.map_err(|e| e.plain_words()));
        }
    }

    fn read(&mut self, backend: &Backend, client: &Client, service: Service) {
        let client = client.clone();
        let s = self.settings.entry(slot(service)).or_default();
        s.reading.start(
            (),
            backend.spawn(async move {
                let props = client.service_properties(service).await;
                props.map(|p| with_every_part(p, service))
            }),
        );
    }

    fn form(&mut self, ui: &mut egui::Ui, backend: &Backend, client: &Client) {
        if self.info.is_empty() && self.info_said.is_none() {
            let c = client.clone();
            self.info
                .start((), backend.spawn(async move { c.account_information().await }));
        }
        match &self.info_said {
            Some(Ok(i)) => {
                let said = |v: &Option<String>| v.clone().unwrap_or_else(|| t("accounts-service-settings-not-said"));
                ui.label(tr!(
                    "accounts-service-settings-account",
                    sku = said(&i.sku),
                    kind = said(&i.kind),
                    namespace = t(match i.hierarchical_namespace {
                        Some(true) => "accounts-service-settings-on",
                        Some(false) => "accounts-service-settings-off",
                        None => "accounts-service-settings-not-said",
                    })
                ))
            }
            Some(Err(e)) => ui.colored_label(
                ui.visuals().error_fg_color,
                tr!("accounts-service-settings-account-failed", why = e.as_str()),
            ),
            None => ui.weak(t("accounts-service-settings-reading-account")),
        };
        ui.horizontal(|ui| {
            for (service, name) in [
                (Service::Blob, "accounts-account-sas-blob"),
                (Service::Queue, "accounts-account-sas-queue"),
                (Service::Table, "accounts-account-sas-table"),
            ] {
                ui.selectable_value(&mut self.service, service, t(name));
            }
        });
        let service = self.service;
        if service == Service::Table {
            ui.label(t("accounts-service-settings-no-table"));
            return;
        }
        if !self.settings.contains_key(&slot(service)) {
            self.read(backend, client, service);
        }
        let sent = self.sent.clone();
        let s = self.settings.get_mut(&slot(service)).expect("read above");
        let Some(draft) = &mut s.draft else {
            match &s.outcome {
                Some(Err(e)) => {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
                _ => {
                    ui.weak(t("accounts-service-settings-reading"));
                }
            }
            return;
        };
        draft_ui(ui, &mut draft.edit, service);
        let changed = s.changed();
        let stale = s.draft.as_ref().is_some_and(Draft::is_stale);
        let mut reload = false;
        ui.horizontal_wrapped(|ui| {
            let busy = !s.saving.is_empty() || !s.reading.is_empty();
            if ui
                .add_enabled(changed && !busy, egui::Button::new(t("accounts-service-settings-save")))
                .on_hover_text(t("accounts-service-settings-save-hint"))
                .clicked()
            {
                s.save(service, backend, client, &sent);
            }
            if let Some(d) = &mut s.draft {
                if stale && changed && ui.button(t("accounts-service-settings-reapply")).clicked() {
                    d.reapply_on_theirs();
                    (s.outcome, s.reread_failed) = (None, None);
                }
                if ui
                    .add_enabled(changed, egui::Button::new(t("accounts-service-settings-discard")))
                    .clicked()
                {
                    d.discard();
                    (s.outcome, s.reread_failed) = (None, None);
                }
            }
            if ui
                .add_enabled(!busy, egui::Button::new(t("accounts-service-settings-read-again")))
                .clicked()
            {
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
        if let Some(why) = &s.reread_failed {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
        if reload {
            (s.keep_refusal, s.reread_failed) = (false, None);
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
        field(
            ui,
            &tr!("accounts-service-settings-days", what = label),
            &mut text,
            40.0,
        );
        policy.days = text.trim().parse().ok();
    }
}

fn draft_ui(ui: &mut egui::Ui, d: &mut ServiceProperties, service: Service) {
    ui.separator();
    ui.strong(tr!(
        "accounts-service-settings-cors",
        count = d.cors.len(),
        max = MAX_CORS_RULES
    ));
    let mut remove = None;
    for (i, rule) in d.cors.iter_mut().enumerate() {
        let n = i + 1;
        // A rule in three rows: the lists are long, and each label says which rule it is of.
        ui.horizontal(|ui| {
            field(
                ui,
                &tr!("accounts-service-settings-origins", n = n),
                &mut rule.allowed_origins,
                320.0,
            );
            field(
                ui,
                &tr!("accounts-service-settings-methods", n = n),
                &mut rule.allowed_methods,
                180.0,
            );
        });
        ui.horizontal(|ui| {
            field(
                ui,
                &tr!("accounts-service-settings-allowed-headers", n = n),
                &mut rule.allowed_headers,
                200.0,
            );
            field(
                ui,
                &tr!("accounts-service-settings-exposed-headers", n = n),
                &mut rule.exposed_headers,
                200.0,
            );
        });
        ui.horizontal(|ui| {
            let mut age = rule.max_age_seconds.to_string();
            field(ui, &tr!("accounts-service-settings-max-age", n = n), &mut age, 60.0);
            rule.max_age_seconds = age.trim().parse().unwrap_or(rule.max_age_seconds);
            if ui.button(tr!("accounts-service-settings-remove-rule", n = n)).clicked() {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        d.cors.remove(i);
    }
    if ui.button(t("accounts-service-settings-add-rule")).clicked() {
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
            ui.horizontal(|ui| days(ui, &t("accounts-service-settings-keep-deleted"), policy));
        }
        if let Some(site) = &mut d.static_website {
            ui.horizontal(|ui| {
                ui.checkbox(&mut site.enabled, t("accounts-service-settings-website"));
                if site.enabled {
                    let (mut index, mut missing) = (
                        site.index_document.clone().unwrap_or_default(),
                        site.error_document_404_path.clone().unwrap_or_default(),
                    );
                    field(ui, &t("accounts-service-settings-index"), &mut index, 120.0);
                    field(ui, &t("accounts-service-settings-error-doc"), &mut missing, 140.0);
                    site.index_document = Some(index).filter(|s| !s.is_empty());
                    site.error_document_404_path = Some(missing).filter(|s| !s.is_empty());
                }
            });
        }
        let mut version = d.default_service_version.clone().unwrap_or_default();
        ui.horizontal(|ui| field(ui, &t("accounts-service-settings-version"), &mut version, 100.0));
        d.default_service_version = Some(version).filter(|v| !v.trim().is_empty());
    }
    if let Some(logging) = &mut d.logging {
        ui.horizontal(|ui| {
            ui.label(t("accounts-service-settings-logging"));
            ui.checkbox(&mut logging.read, t("accounts-service-settings-log-reads"));
            ui.checkbox(&mut logging.write, t("accounts-service-settings-log-writes"));
            ui.checkbox(&mut logging.delete, t("accounts-service-settings-log-deletes"));
            days(ui, &t("accounts-service-settings-keep-logs"), &mut logging.retention);
        });
    }
    for (hour, metrics) in [(true, &mut d.hour_metrics), (false, &mut d.minute_metrics)] {
        let Some(m) = metrics else { continue };
        let [name, per_api, keep] = if hour {
            [
                "accounts-service-settings-hour",
                "accounts-service-settings-hour-per-api",
                "accounts-service-settings-keep-hour",
            ]
        } else {
            [
                "accounts-service-settings-minute",
                "accounts-service-settings-minute-per-api",
                "accounts-service-settings-keep-minute",
            ]
        }
        .map(t);
        ui.horizontal(|ui| {
            ui.checkbox(&mut m.enabled, name);
            if m.enabled {
                let mut apis = m.include_apis.unwrap_or(false);
                ui.checkbox(&mut apis, per_api);
                m.include_apis = Some(apis);
            }
            days(ui, &keep, &mut m.retention);
        });
    }
}
