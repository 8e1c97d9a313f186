//! SAS URLs of a blob or the container: permissions, lifetime, start, address range and protocol, signed off the
//! UI thread (a signed-in account asks the service for a user delegation key first) and put on the clipboard.

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobFeature, DetailsTab, Effects};
use crate::app::context::feature::Feature;
use crate::app::context::{InFlight, PaneContext};
use crate::app::widgets::i18n::t;
use crate::storage::StorageError;
use crate::storage::blob::SasPermissions;

/// What a SAS form draws on: the core, the pane's context and where it asks for effects.
type Parts<'a, 'b, 'c> = (&'a BlobCore, &'b mut PaneContext<'c>, &'b mut Effects);

/// The SAS feature: the form as chosen, the URL being signed, and one signed waiting for the clipboard.
pub struct SasUrls {
    permissions: SasPermissions,
    terms: crate::app::widgets::sas_terms::SasTerms,
    making: InFlight<(), Result<String, StorageError>>,
    to_copy: Option<String>,
}

impl Default for SasUrls {
    fn default() -> Self {
        SasUrls {
            permissions: SasPermissions::read_only(),
            terms: Default::default(),
            making: InFlight::default(),
            to_copy: None,
        }
    }
}

impl Feature for SasUrls {
    type Pane = crate::app::blob::feature::Blob;

    fn poll(&mut self, _: &BlobCore, _: &mut PaneContext, fx: &mut Effects) {
        match self.making.take() {
            Some(((), Ok(url))) => {
                fx.say(Ok(t(if url.contains("skoid=") {
                    "blob-sas-copied-delegation"
                } else {
                    "blob-sas-copied"
                })));
                self.to_copy = Some(url);
            }
            Some(((), Err(e))) => fx.fail(e),
            None => {}
        }
    }

    fn busy(&self) -> bool {
        !self.making.is_empty()
    }

    fn windows(&mut self, egui_ctx: &egui::Context, _: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        // A SAS made for the clipboard goes there as soon as it arrives, whatever part of the panel is open.
        if let Some(url) = self.to_copy.take() {
            egui_ctx.copy_text(url);
        }
    }
}

impl BlobFeature for SasUrls {
    fn details_tab(&self) -> DetailsTab {
        DetailsTab::Access
    }

    fn blob_ui(&mut self, ui: &mut egui::Ui, blob: &str, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        self.controls(ui, (core, ctx, fx), Some(blob));
    }

    fn container_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        self.controls(ui, (core, ctx, fx), None);
    }
}

impl SasUrls {
    /// Starts making a SAS URL (a user delegation SAS for a signed-in account, which asks the service for a
    /// key first); it is copied to the clipboard when it arrives.
    pub fn make_sas_url(&mut self, core: &BlobCore, ctx: &PaneContext, fx: &mut Effects, blob: Option<&str>) {
        let (start, expiry) = match self.terms.window() {
            Ok(w) => w,
            Err(why) => {
                fx.fail(StorageError::invalid(t("blob-sas-op-create"), why));
                return;
            }
        };
        let limits = crate::storage::blob::SasLimits {
            start,
            ip: self.terms.ip(),
            https_only: self.terms.https_only,
        };
        let (client, container, blob) = (ctx.client.clone(), core.container.clone(), blob.map(str::to_string));
        let permissions = self.permissions;
        let making = ctx.backend.spawn(async move {
            client
                .shareable_sas_url_within(&container, blob.as_deref(), permissions, expiry, &limits)
                .await
        });
        self.making.start((), making);
    }

    fn controls(&mut self, ui: &mut egui::Ui, (core, ctx, fx): Parts, blob: Option<&str>) {
        ui.collapsing(t("blob-sas-title"), |ui| {
            ui.horizontal_wrapped(|ui| {
                let p = &mut self.permissions;
                ui.checkbox(&mut p.read, t("blob-sas-read"));
                ui.checkbox(&mut p.add, t("blob-sas-add"));
                ui.checkbox(&mut p.create, t("blob-sas-create"));
                ui.checkbox(&mut p.write, t("blob-sas-write"));
                ui.checkbox(&mut p.delete, t("blob-sas-delete"));
                if blob.is_none() {
                    ui.checkbox(&mut p.list, t("blob-sas-list"));
                }
            });
            ui.horizontal_wrapped(|ui| self.terms.ui(ui));
            // A signed-in account has no key: it signs with a user delegation key the service gives it.
            let signed_in = matches!(ctx.client.account().credential, crate::storage::Credential::Bearer(_));
            let label = t(if signed_in {
                "blob-sas-copy-delegation"
            } else {
                "blob-sas-copy"
            });
            if ui
                .add_enabled(self.making.is_empty(), egui::Button::new(label))
                .clicked()
            {
                self.make_sas_url(core, ctx, fx, blob);
            }
        });
    }
}
