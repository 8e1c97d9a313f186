//! A container's own settings in its tab: public access and metadata, edited as a draft (`context::draft`) and
//! saved with the lease this app holds on the container; public access also with If-Unmodified-Since the
//! version shown (Set Container ACL has no ETag condition). Set Container Metadata takes no condition but the
//! lease (and If-Modified-Since, which cannot say "unchanged"), so the container is read again just before the
//! write and the save refused when its ETag is not the one the edit started from; its button says so.

use crate::app::context::feature::Feature;
use egui::{Color32, RichText};

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobEvent, BlobFeature, Effects};
use crate::app::context::draft::{Draft, Fields};
use crate::app::context::sent::OpDone;
use crate::app::context::{InFlight, PaneContext};
use crate::app::widgets::format::utc_opt;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;
use crate::storage::blob::Conditions;
use crate::storage::blob::{ContainerProperties, PublicAccess};

/// What the container form edits.
#[derive(Clone, Debug, PartialEq)]
pub struct ContainerForm {
    pub access: PublicAccess,
    pub metadata: Vec<(String, String)>,
}

impl Fields for ContainerForm {
    const NAMES: &'static [&'static str] = &["Public access", "Container metadata"];
    fn same(a: &Self, b: &Self, i: usize) -> bool {
        if i == 0 {
            a.access == b.access
        } else {
            a.metadata == b.metadata
        }
    }
    fn take(to: &mut Self, from: &Self, i: usize) {
        if i == 0 {
            to.access = from.access;
        } else {
            to.metadata.clone_from(&from.metadata);
        }
    }
    fn reapply(mine: &mut Self, base: &Self, theirs: &Self, i: usize) {
        if i == 1 {
            mine.metadata = crate::app::context::draft::reapply_pairs(&mine.metadata, &base.metadata, &theirs.metadata);
        }
    }
}

pub type ContainerEdit = Draft<ContainerForm>;

/// The container's properties and metadata as read.
type ContainerRead = (ContainerProperties, Vec<(String, String)>);

/// The container's own settings: what the service said of it, the user's draft of its public access and
/// metadata, its stored access policies, and Delete container (asked first).
pub struct ContainerSettings {
    props: Option<ContainerRead>,
    reading: InFlight<(), Result<ContainerRead, StorageError>>,
    edit: Option<ContainerEdit>,
    /// The saves out (public access, metadata), each keyed by the form it sent: the form as it is on the
    /// service once that save lands.
    saving: InFlight<ContainerForm, OpDone>,
    pub(crate) policies: crate::app::widgets::policies::PoliciesEdit,
    asking_delete: bool,
}

impl ContainerSettings {
    pub fn new(container: &str) -> Self {
        ContainerSettings {
            props: None,
            reading: InFlight::default(),
            edit: None,
            saving: InFlight::default(),
            policies: crate::app::widgets::policies::PoliciesEdit::new(crate::storage::Service::Blob, container),
            asking_delete: false,
        }
    }

    fn read(&mut self, core: &BlobCore, ctx: &PaneContext) {
        let (client, container) = (ctx.client.clone(), core.container.clone());
        let reading = ctx
            .backend
            .spawn(async move { client.get_container_properties(&container).await });
        self.reading.start((), reading);
    }
}

impl Feature for ContainerSettings {
    type Pane = crate::app::blob::feature::Blob;

    fn poll(&mut self, _: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        if let Some(d) = &mut self.edit {
            d.settle();
        }
        self.policies.poll(ctx);
        for (sent, done) in self.saving.ready() {
            // Landed: the service holds what was sent, on the version shown until the read after it brings the
            // new one. Refused or failed: the edit is unsaved again.
            if let Some(d) = &mut self.edit {
                match (&done.message, &self.props) {
                    (Ok(_), Some((props, _))) => d.saved(sent, &props.etag),
                    _ => d.unsent(&sent),
                }
            }
            fx.say(done.message);
            fx.refresh();
        }
        match self.reading.take() {
            Some(((), Ok(p))) => self.props = Some(p),
            Some(((), Err(e))) => fx.fail(e),
            None => {}
        }
    }

    fn busy(&self) -> bool {
        !self.reading.is_empty()
    }

    fn sending(&self) -> bool {
        !self.saving.is_empty()
    }

    fn unsaved(&self) -> Vec<String> {
        let mut said = Vec::new();
        if self.edit.as_ref().is_some_and(Draft::is_unsaved) {
            said.push(tr!("blob-container-edit-unsaved", container = self.policies.name()));
        }
        said.extend(self.policies.unsaved());
        said
    }

    fn save_all(&mut self, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        let lease = ctx.leases.id_for_write(&core.key(None));
        self.policies.save_all(ctx, lease);
        let (Some((props, _)), Some(draft)) = (&self.props, &mut self.edit) else {
            return;
        };
        if !draft.is_unsaved() {
            return;
        }
        // As the form's two buttons, one at a time: each write moves the container's version, which the other's
        // guard is on, so the metadata waits for the next Save all (the window asks again while it is unsaved).
        let (access, metadata) = (draft.edit.access, draft.edit.metadata.clone());
        if access != draft.base().access {
            match draft.is_stale() {
                true => fx.fail(StorageError::invalid(
                    t("blob-container-edit-set-access"),
                    t("blob-container-edit-stale"),
                )),
                false => {
                    let sent = draft.sending(ContainerForm {
                        access,
                        metadata: draft.base().metadata.clone(),
                    });
                    self.saving
                        .add(sent, set_public_access(core, ctx, (access, props.last_modified)));
                }
            }
        } else if metadata != draft.base().metadata {
            let version = draft.version().to_string();
            let sent = draft.sending(ContainerForm {
                access: draft.base().access,
                metadata: metadata.clone(),
            });
            self.saving.add(sent, set_metadata(core, ctx, (metadata, version)));
        }
    }

    fn windows(&mut self, egui_ctx: &egui::Context, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        if !self.asking_delete {
            return;
        }
        let title = tr!("blob-container-edit-delete-title", container = core.container.as_str());
        let body = t("blob-container-edit-delete-body");
        let yes = tr!("blob-container-edit-delete-yes", container = core.container.as_str());
        let id = egui::Id::unique(("delete-container", &core.container));
        let Some(answer) = crate::app::widgets::confirm::ask(egui_ctx, id, &title, &body, &yes, |_| {}) else {
            return;
        };
        self.asking_delete = false;
        if answer {
            let (client, container) = (ctx.client.clone(), core.container.clone());
            let lease = ctx.leases.id_for_write(&core.key(None));
            let for_blob = None;
            let work = ctx.send(async move {
                let r = client
                    .delete_container(&container, &Conditions::none().with_lease(lease))
                    .await;
                OpDone {
                    message: r.map(|_| tr!("blob-container-edit-deleted", container = container.as_str())),
                    lease: None,
                }
            });
            fx.op(for_blob, work);
        }
    }
}

impl BlobFeature for ContainerSettings {
    fn event(&mut self, event: &BlobEvent, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        match event {
            BlobEvent::Listing => {
                self.read(core, ctx);
                // Policies change seldom: read on each listing, not on each 5-second refresh.
                self.policies.load(ctx);
            }
            BlobEvent::Refreshed => self.read(core, ctx),
            _ => {}
        }
    }

    fn header_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        let Some((props, _)) = &self.props else { return };
        if props.public_access != PublicAccess::None {
            ui.label(
                RichText::new(tr!(
                    "blob-container-edit-public",
                    access = format!("{:?}", props.public_access)
                ))
                .color(Color32::from_rgb(200, 120, 0))
                .strong(),
            );
        }
        let (words, _) = ctx.leases.describe(&core.key(None), &props.lease);
        ui.label(tr!("blob-container-edit-lease", lease = words));
    }

    fn overflow_ui(&mut self, ui: &mut egui::Ui, _: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        ui.separator();
        if ui.button(t("blob-container-edit-delete")).clicked() {
            self.asking_delete = true;
            ui.close();
        }
    }

    fn container_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        if let Some((props, _)) = &self.props {
            ui.label(tr!("blob-container-edit-etag", etag = props.etag.as_str()));
            ui.label(tr!(
                "blob-container-edit-last-modified",
                time = utc_opt(props.last_modified)
            ));
        }
        self.form(ui, core, ctx, fx);
        let lease = ctx.leases.id_for_write(&core.key(None));
        self.policies.ui(ui, ctx, lease);
    }
}

impl ContainerSettings {
    fn form(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        let Some((props, metadata)) = &self.props else {
            return;
        };
        let theirs = ContainerForm {
            access: props.public_access,
            metadata: metadata.clone(),
        };
        let modified = props.last_modified;
        let draft = self.edit.get_or_insert_with(|| Draft::new(&props.etag, theirs.clone()));
        if draft.theirs_version() != props.etag {
            draft.observe(&props.etag, theirs);
        }
        let warn = ui.visuals().warn_fg_color;
        let under = draft.changed_under();
        let mut save_access = false;
        let mut save_metadata = false;
        ui.horizontal_wrapped(|ui| {
            ui.label(t("blob-container-edit-access"));
            for (level, words) in PublicAccess::ALL.map(|a| (a, access_words(a))) {
                ui.selectable_value(&mut draft.edit.access, level, words);
            }
            let changed = draft.edit.access != draft.base().access;
            save_access = ui
                .add_enabled(changed, egui::Button::new(t("blob-container-edit-set-access")))
                .on_hover_text(t("blob-container-edit-set-access-hint"))
                .clicked();
        });
        if under.contains(&0) {
            let now = access_words(draft.theirs().access);
            ui.colored_label(warn, tr!("blob-container-edit-access-moved", now = now));
        }
        ui.label(t("blob-container-edit-metadata"));
        crate::app::widgets::metadata_edit::rows(ui, &mut draft.edit.metadata, Some("Container"));
        // Wrapped: the two buttons' words run longer in Russian than the panel is wide.
        ui.horizontal_wrapped(|ui| {
            crate::app::widgets::metadata_edit::add_button(ui, &mut draft.edit.metadata, Some("Container"));
            let changed = draft.edit.metadata != draft.base().metadata;
            save_metadata = ui
                .add_enabled(changed, egui::Button::new(t("blob-container-edit-save-metadata")))
                .on_hover_text(t("blob-container-edit-save-metadata-hint"))
                .clicked();
        });
        if under.contains(&1) {
            ui.colored_label(warn, t("blob-container-edit-metadata-moved"));
        }
        if draft.is_dirty() && draft.is_stale() && ui.button(t("blob-container-edit-reapply")).clicked() {
            draft.reapply_on_theirs();
        }
        // Refused before sending: the form's base is not what the service holds, so the time guard would be wrong.
        let stale = draft.is_stale();
        let (access, metadata) = (draft.edit.access, save_metadata.then(|| draft.edit.metadata.clone()));
        let version = draft.version().to_string();
        // Each save records what it sends: the form with its one part changed.
        let base = draft.base().clone();
        if save_access {
            if stale {
                fx.fail(StorageError::invalid(
                    t("blob-container-edit-set-access"),
                    t("blob-container-edit-stale"),
                ));
            } else {
                let sent = draft.sending(ContainerForm {
                    access,
                    metadata: base.metadata.clone(),
                });
                self.saving.add(sent, set_public_access(core, ctx, (access, modified)));
            }
        }
        if let Some(metadata) = metadata {
            let sent = draft.sending(ContainerForm {
                access: base.access,
                metadata: metadata.clone(),
            });
            self.saving.add(sent, set_metadata(core, ctx, (metadata, version)));
        }
    }
}

fn set_public_access(
    core: &BlobCore,
    ctx: &mut PaneContext,
    (access, shown): (PublicAccess, Option<std::time::SystemTime>),
) -> crate::app::context::Pending<OpDone> {
    let (client, container) = (ctx.client.clone(), core.container.clone());
    let conditions = Conditions {
        if_unmodified_since: shown,
        ..Conditions::none()
    }
    .with_lease(ctx.leases.id_for_write(&core.key(None)));
    ctx.send(async move {
        let r = client
            .set_container_public_access(&container, access, &conditions)
            .await;
        OpDone {
            message: r.map(|_| {
                tr!(
                    "blob-container-edit-access-set",
                    container = container.as_str(),
                    access = access_words(access)
                )
            }),
            lease: None,
        }
    })
}

/// Saves the container's metadata if the container is still `version` (read again just before the write).
fn set_metadata(
    core: &BlobCore,
    ctx: &mut PaneContext,
    (metadata, version): (Vec<(String, String)>, String),
) -> crate::app::context::Pending<OpDone> {
    let (client, container) = (ctx.client.clone(), core.container.clone());
    let conditions = Conditions::none().with_lease(ctx.leases.id_for_write(&core.key(None)));
    ctx.send(async move {
        let r = async {
            let (now, _) = client.get_container_properties(&container).await?;
            if now.etag != version {
                return Err(StorageError::changed_since_read(
                    tr!("blob-container-edit-save-metadata-of", container = container.as_str()),
                    tr!(
                        "blob-container-edit-etag-moved",
                        etag = now.etag,
                        version = version.as_str()
                    ),
                ));
            }
            client.set_container_metadata(&container, &metadata, &conditions).await
        }
        .await;
        OpDone {
            message: r.map(|_| tr!("blob-container-edit-metadata-saved", container = container.as_str())),
            lease: None,
        }
    })
}

/// A public access level in words.
fn access_words(access: PublicAccess) -> String {
    t(match access {
        PublicAccess::None => "access-private",
        PublicAccess::Blob => "access-blob",
        PublicAccess::Container => "access-container",
    })
}

impl ContainerSettings {
    /// Whether the container's stored access policies hold unsaved changes.
    pub fn policies_dirty(&self) -> bool {
        self.policies.is_dirty()
    }

    /// The ids of the container's stored access policies as the form shows them.
    pub fn policy_ids(&self) -> Vec<&str> {
        self.policies.ids()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_access_leaves_the_metadata_edit_unsaved_and_not_stale() {
        let meta = vec![("team".to_string(), "blue".to_string())];
        let form = |access| ContainerForm {
            access,
            metadata: meta.clone(),
        };
        let mut e = Draft::new("\"1\"", form(PublicAccess::None));
        e.edit.metadata[0].1 = "red".into();
        e.edit.access = PublicAccess::Blob;
        // This form's own access save lands: the access is agreed, the metadata still the user's, and the new
        // version differs from the start only where the user agrees with it.
        e.observe("\"2\"", form(PublicAccess::Blob));
        assert_eq!(e.edit.metadata[0].1, "red");
        assert!(!e.is_stale());
        assert_eq!(e.version(), "\"2\"");
    }
}
