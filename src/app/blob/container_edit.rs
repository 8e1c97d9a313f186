//! A container's own settings in its tab: public access and metadata, edited in place and saved with the lease
//! this app holds on the container.

use crate::app::blob::pane::{BlobPane, OpDone};
use crate::app::context::PaneContext;
use crate::storage::blob::PublicAccess;
use crate::storage::blob::conditions::Conditions;

/// What the user is editing, and the container version (ETag) it started from.
#[derive(Clone, Debug, PartialEq)]
pub struct ContainerEdit {
    etag: String,
    saved: (PublicAccess, Vec<(String, String)>),
    pub access: PublicAccess,
    pub metadata: Vec<(String, String)>,
}

impl ContainerEdit {
    fn new(etag: &str, access: PublicAccess, metadata: &[(String, String)]) -> Self {
        ContainerEdit {
            etag: etag.to_string(),
            saved: (access, metadata.to_vec()),
            access,
            metadata: metadata.to_vec(),
        }
    }

    /// A new version of the container (someone saved, perhaps this form): what is stored changes, and each field
    /// the user has not touched follows it; a field being edited keeps the user's text.
    fn rebase(&mut self, etag: &str, access: PublicAccess, metadata: &[(String, String)]) {
        if self.etag == etag {
            return;
        }
        if self.access == self.saved.0 {
            self.access = access;
        }
        if self.metadata == self.saved.1 {
            self.metadata = metadata.to_vec();
        }
        self.etag = etag.to_string();
        self.saved = (access, metadata.to_vec());
    }
}

pub fn ui(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    let Some((props, metadata)) = &pane.container_props else {
        return;
    };
    let edit = pane
        .container_edit
        .get_or_insert_with(|| ContainerEdit::new(&props.etag, props.public_access, metadata));
    edit.rebase(&props.etag, props.public_access, metadata);
    let mut save_access = false;
    let mut save_metadata = false;
    ui.horizontal_wrapped(|ui| {
        ui.label("Public access:");
        for (level, words) in PublicAccess::ALL.map(|a| (a, a.describe())) {
            ui.selectable_value(&mut edit.access, level, words);
        }
        let changed = edit.access != edit.saved.0;
        save_access = ui
            .add_enabled(changed, egui::Button::new("Set public access"))
            .clicked();
    });
    ui.label("Container metadata:");
    crate::app::widgets::metadata_edit::rows(ui, &mut edit.metadata, Some("Container"));
    ui.horizontal(|ui| {
        crate::app::widgets::metadata_edit::add_button(ui, &mut edit.metadata, Some("Container"));
        let changed = edit.metadata != edit.saved.1;
        save_metadata = ui
            .add_enabled(changed, egui::Button::new("Save container metadata"))
            .clicked();
    });
    // Copied only when saving: this runs every frame the container's details are on screen.
    let (access, metadata) = (edit.access, save_metadata.then(|| edit.metadata.clone()));
    if save_access {
        set_public_access(pane, ctx, access);
    }
    if let Some(metadata) = metadata {
        set_metadata(pane, ctx, metadata);
    }
}

fn set_public_access(pane: &mut BlobPane, ctx: &mut PaneContext, access: PublicAccess) {
    let (client, container) = (ctx.client.clone(), pane.container.clone());
    let lease = ctx.leases.id_for_write(&pane.key(None));
    pane.run(ctx, async move {
        let r = client
            .set_container_public_access(&container, access, lease.as_deref())
            .await;
        OpDone {
            message: r.map(|_| format!("Public access of `{container}` is now {}.", access.describe())),
            lease: None,
        }
    });
}

fn set_metadata(pane: &mut BlobPane, ctx: &mut PaneContext, metadata: Vec<(String, String)>) {
    let (client, container) = (ctx.client.clone(), pane.container.clone());
    let conditions = Conditions::none().with_lease(ctx.leases.id_for_write(&pane.key(None)));
    pane.run(ctx, async move {
        let r = client.set_container_metadata(&container, &metadata, &conditions).await;
        OpDone {
            message: r.map(|_| format!("Saved the metadata of `{container}`.")),
            lease: None,
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_version_moves_untouched_fields_and_keeps_edited_ones() {
        let meta = vec![("team".to_string(), "blue".to_string())];
        let mut e = ContainerEdit::new("\"1\"", PublicAccess::None, &meta);
        e.metadata[0].1 = "red".into();
        // Someone made the container public: the access follows, the metadata being edited stays.
        e.rebase("\"2\"", PublicAccess::Blob, &meta);
        assert_eq!(e.access, PublicAccess::Blob);
        assert_eq!(e.metadata[0].1, "red");
        // Once the edit is saved, the stored version matches it and nothing is left to save.
        let saved = vec![("team".to_string(), "red".to_string())];
        e.rebase("\"3\"", PublicAccess::Blob, &saved);
        assert_eq!((e.access, &e.metadata), (e.saved.0, &e.saved.1));
    }
}
