//! A container's own settings in its tab: public access and metadata, edited as a draft (`context::draft`) and
//! saved with the lease this app holds on the container; public access also with If-Unmodified-Since the
//! version shown (Set Container ACL has no ETag condition). Set Container Metadata takes no condition but the
//! lease (and If-Modified-Since, which cannot say "unchanged"), so the container is read again just before the
//! write and the save refused when its ETag is not the one the edit started from; its button says so.

use egui::{Color32, RichText};

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobEvent, BlobFeature, Effects};
use crate::app::context::draft::{Draft, Fields};
use crate::app::context::sent::OpDone;
use crate::app::context::{InFlight, PaneContext};
use crate::app::widgets::format::utc_opt;
use crate::storage::StorageError;
use crate::storage::blob::conditions::Conditions;
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
    pub(crate) policies: crate::app::widgets::policies::PoliciesEdit,
    asking_delete: bool,
}

impl ContainerSettings {
    pub fn new(container: &str) -> Self {
        ContainerSettings {
            props: None,
            reading: InFlight::default(),
            edit: None,
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

    fn poll(&mut self, _: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        if let Some(d) = &mut self.edit {
            d.settle();
        }
        self.policies.poll(ctx);
        match self.reading.take() {
            Some(((), Ok(p))) => self.props = Some(p),
            Some(((), Err(e))) => fx.fail(e),
            None => {}
        }
    }

    fn busy(&self) -> bool {
        !self.reading.is_empty()
    }

    fn unsaved(&self) -> Vec<String> {
        let mut said = Vec::new();
        if self.edit.as_ref().is_some_and(|d| d.is_dirty()) {
            said.push(format!("the settings of container `{}`", self.policies.name()));
        }
        said.extend(self.policies.unsaved());
        said
    }

    fn header_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        let Some((props, _)) = &self.props else { return };
        if props.public_access != PublicAccess::None {
            ui.label(
                RichText::new(format!("PUBLIC ({:?} access)", props.public_access))
                    .color(Color32::from_rgb(200, 120, 0))
                    .strong(),
            );
        }
        let (words, _) = ctx.leases.describe(&core.key(None), &props.lease);
        ui.label(format!("Container lease: {words}"));
    }

    fn overflow_ui(&mut self, ui: &mut egui::Ui, _: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        ui.separator();
        if ui.button("Delete container…").clicked() {
            self.asking_delete = true;
            ui.close();
        }
    }

    fn container_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        if let Some((props, _)) = &self.props {
            ui.label(format!("ETag: {}", props.etag));
            ui.label(format!("Last modified: {}", utc_opt(props.last_modified)));
        }
        self.form(ui, core, ctx, fx);
        let lease = ctx.leases.id_for_write(&core.key(None));
        self.policies.ui(ui, ctx, lease);
    }

    fn windows(&mut self, egui_ctx: &egui::Context, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        if !self.asking_delete {
            return;
        }
        let title = format!("Delete container `{}`?", core.container);
        let body = "The container and every blob in it will be deleted. A leased container needs this app's lease id.";
        let yes = format!("Delete {}", core.container);
        let id = egui::Id::unique(("delete-container", &core.container));
        let Some(answer) = crate::app::widgets::confirm::ask(egui_ctx, id, &title, body, &yes, |_| {}) else {
            return;
        };
        self.asking_delete = false;
        if answer {
            let (client, container) = (ctx.client.clone(), core.container.clone());
            let lease = ctx.leases.id_for_write(&core.key(None));
            fx.op(ctx.send(async move {
                let r = client
                    .delete_container(&container, &Conditions::none().with_lease(lease))
                    .await;
                OpDone {
                    message: r.map(|_| format!("Deleted container `{container}`; close this tab.")),
                    lease: None,
                }
            }));
        }
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
            ui.label("Public access:");
            for (level, words) in PublicAccess::ALL.map(|a| (a, a.describe())) {
                ui.selectable_value(&mut draft.edit.access, level, words);
            }
            let changed = draft.edit.access != draft.base().access;
            save_access = ui
                .add_enabled(changed, egui::Button::new("Set public access"))
                .on_hover_text(
                    "Only if the container is unchanged since shown (If-Unmodified-Since), with this app's lease",
                )
                .clicked();
        });
        if under.contains(&0) {
            ui.colored_label(
                warn,
                format!(
                    "Public access changed on the service since you started editing: now {}",
                    draft.theirs().access.describe()
                ),
            );
        }
        ui.label("Container metadata:");
        crate::app::widgets::metadata_edit::rows(ui, &mut draft.edit.metadata, Some("Container"));
        ui.horizontal(|ui| {
            crate::app::widgets::metadata_edit::add_button(ui, &mut draft.edit.metadata, Some("Container"));
            let changed = draft.edit.metadata != draft.base().metadata;
            save_metadata = ui
                .add_enabled(changed, egui::Button::new("Save container metadata"))
                .on_hover_text(
                    "Set Container Metadata takes no ETag condition: the container is read again just before the \
                 write, and the save refused if its ETag is not the one your edit started from (a change landing \
                 in between is not caught). With this app's lease.",
                )
                .clicked();
        });
        if under.contains(&1) {
            ui.colored_label(
                warn,
                "The container's metadata changed on the service since you started editing.",
            );
        }
        if draft.is_dirty() && draft.is_stale() && ui.button("Reload and re-apply my container changes").clicked() {
            draft.reapply_on_theirs();
        }
        // Refused before sending: the form's base is not what the service holds, so the time guard would be wrong.
        let stale = draft.is_stale();
        let (access, metadata) = (draft.edit.access, save_metadata.then(|| draft.edit.metadata.clone()));
        let version = draft.version().to_string();
        if save_access {
            if stale {
                fx.fail(StorageError::invalid(
                    "Set public access",
                    "The container changed on the service since you started editing. Reload and re-apply your change \
                 first.",
                ));
            } else {
                set_public_access(core, ctx, fx, (access, modified));
            }
        }
        if let Some(metadata) = metadata {
            set_metadata(core, ctx, fx, (metadata, version));
        }
    }
}

fn set_public_access(
    core: &BlobCore,
    ctx: &mut PaneContext,
    fx: &mut Effects,
    (access, shown): (PublicAccess, Option<std::time::SystemTime>),
) {
    let (client, container) = (ctx.client.clone(), core.container.clone());
    let conditions = Conditions {
        if_unmodified_since: shown,
        ..Conditions::none()
    }
    .with_lease(ctx.leases.id_for_write(&core.key(None)));
    fx.op(ctx.send(async move {
        let r = client
            .set_container_public_access(&container, access, &conditions)
            .await;
        OpDone {
            message: r.map(|_| format!("Public access of `{container}` is now {}.", access.describe())),
            lease: None,
        }
    }));
}

/// Saves the container's metadata if the container is still `version` (read again just before the write).
fn set_metadata(
    core: &BlobCore,
    ctx: &mut PaneContext,
    fx: &mut Effects,
    (metadata, version): (Vec<(String, String)>, String),
) {
    let (client, container) = (ctx.client.clone(), core.container.clone());
    let conditions = Conditions::none().with_lease(ctx.leases.id_for_write(&core.key(None)));
    fx.op(ctx.send(async move {
        let r = async {
            let (now, _) = client.get_container_properties(&container).await?;
            if now.etag != version {
                return Err(StorageError::changed_since_read(
                    format!("Save the metadata of `{container}`"),
                    format!(
                        "the container's ETag is {}, not {version} as when you started editing",
                        now.etag
                    ),
                ));
            }
            client.set_container_metadata(&container, &metadata, &conditions).await
        }
        .await;
        OpDone {
            message: r.map(|_| format!("Saved the metadata of `{container}`.")),
            lease: None,
        }
    }));
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
