//! Leases on a blob or the container: what the lease is now (this app's or someone else's), and acquire (for a
//! duration or forever, with a proposed id), renew, change, release and break (with a break period). Each action
//! is a write sent through the tab; the lease it takes or gives up goes in the app's lease book.

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobFeature, DetailsTab, Effects};
use crate::app::blob::rows::lease_label;
use crate::app::context::PaneContext;
use crate::app::context::feature::Feature;
use crate::app::context::sent::{LeaseChange, OpDone};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;
use crate::storage::blob::Conditions;
use crate::storage::blob::{LeaseDuration, LeaseTarget};

/// What a lease action draws on: the core, the pane's context and where it asks for effects.
type Parts<'a, 'b, 'c> = (&'a BlobCore, &'b mut PaneContext<'c>, &'b mut Effects);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaseAction {
    Acquire,
    Renew,
    Change,
    Release,
    Break,
}

/// The lease controls as chosen: duration, proposed id, break period.
pub struct LeaseForm {
    pub seconds: u32,
    pub infinite: bool,
    pub proposed: String,
    pub break_period: u32,
}

/// The Leases feature: its form, shared by the blob's details and the container's.
pub struct Leases {
    form: LeaseForm,
}

impl Default for Leases {
    fn default() -> Self {
        Leases {
            form: LeaseForm {
                seconds: 15,
                infinite: false,
                proposed: String::new(),
                break_period: 0,
            },
        }
    }
}

impl Feature for Leases {
    type Pane = crate::app::blob::feature::Blob;
}

impl BlobFeature for Leases {
    fn details_tab(&self) -> DetailsTab {
        DetailsTab::Lease
    }

    fn blob_ui(&mut self, ui: &mut egui::Ui, blob: &str, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        let key = core.key(Some(blob));
        if let Some(p) = core.selected_properties() {
            let dark = ui.visuals().dark_mode;
            ui.horizontal(|ui| {
                ui.label(t("blob-leases-now"));
                ui.label(lease_label(ctx.leases, &key, &p.lease, dark));
            });
        }
        let held = ctx.leases.held(&key).map(|h| h.lease_id.clone());
        let id = held.unwrap_or_else(|| t("blob-leases-id-none"));
        ui.label(tr!("blob-leases-app-id", id = id));
        self.controls(ui, (core, ctx, fx), Some(blob.to_string()));
    }

    fn container_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        self.controls(ui, (core, ctx, fx), None);
    }
}

impl Leases {
    /// Acquire, renew, change, release or break the lease on the selected blob (or the container).
    pub fn lease_action(
        &mut self,
        core: &BlobCore,
        ctx: &mut PaneContext,
        fx: &mut Effects,
        (blob, action): (Option<String>, LeaseAction),
    ) {
        let client = ctx.client.clone();
        let key = core.key(blob.as_deref());
        let held = ctx.leases.held(&key).map(|h| h.lease_id.clone());
        let container = core.container.clone();
        let duration = if self.form.infinite {
            LeaseDuration::Infinite
        } else {
            LeaseDuration::Seconds(self.form.seconds)
        };
        let proposed = Some(self.form.proposed.trim().to_string()).filter(|p| !p.is_empty());
        let period = self.form.break_period;
        let for_blob = blob.clone();
        let work = ctx.send(async move {
            let target = match &blob {
                Some(b) => LeaseTarget::Blob {
                    container: &container,
                    blob: b,
                },
                None => LeaseTarget::Container(&container),
            };
            let what = match &blob {
                Some(b) => format!("`{b}`"),
                None => tr!("blob-leases-container", container = container.as_str()),
            };
            let none = Conditions::none();
            let (message, lease) = match action {
                LeaseAction::Acquire => {
                    match client.acquire_lease(target, duration, proposed.as_deref(), &none).await {
                        Ok(g) => (
                            Ok(tr!("blob-leases-acquired", what = what, id = g.lease_id.as_str())),
                            Some(LeaseChange::Acquired(key, g.lease_id, duration)),
                        ),
                        Err(e) => (Err(e), None),
                    }
                }
                LeaseAction::Renew | LeaseAction::Change | LeaseAction::Release => {
                    let Some(id) = held else {
                        return OpDone {
                            message: Err(StorageError::invalid(
                                t("blob-leases-op-use"),
                                t("blob-leases-none-held"),
                            )),
                            lease: None,
                        };
                    };
                    match action {
                        LeaseAction::Renew => match client.renew_lease(target, &id, &none).await {
                            Ok(_) => (
                                Ok(tr!("blob-leases-renewed", what = what)),
                                Some(LeaseChange::Renewed(key)),
                            ),
                            Err(e) => (Err(e), None),
                        },
                        LeaseAction::Change => {
                            let new_id = proposed.unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
                            match client.change_lease(target, &id, &new_id, &none).await {
                                Ok(g) => (
                                    Ok(tr!("blob-leases-changed", what = what, id = g.lease_id.as_str())),
                                    Some(LeaseChange::Changed(key, g.lease_id)),
                                ),
                                Err(e) => (Err(e), None),
                            }
                        }
                        _ => match client.release_lease(target, &id, &none).await {
                            Ok(()) => (
                                Ok(tr!("blob-leases-released", what = what)),
                                Some(LeaseChange::Released(key)),
                            ),
                            Err(e) => (Err(e), None),
                        },
                    }
                }
                LeaseAction::Break => match client.break_lease(target, Some(period), &none).await {
                    Ok(left) => (
                        Ok(tr!("blob-leases-breaking", what = what, seconds = left)),
                        Some(LeaseChange::Broke(key, left)),
                    ),
                    Err(e) => (Err(e), None),
                },
            };
            OpDone { message, lease }
        });
        fx.op(for_blob, work);
    }

    fn controls(&mut self, ui: &mut egui::Ui, (core, ctx, fx): Parts, blob: Option<String>) {
        ui.separator();
        ui.strong(t(if blob.is_some() {
            "blob-leases-on-blob"
        } else {
            "blob-leases-on-container"
        }));
        ui.horizontal_wrapped(|ui| {
            ui.label(t("blob-leases-duration"));
            for s in [15, 30, 60] {
                if ui
                    .selectable_label(
                        !self.form.infinite && self.form.seconds == s,
                        tr!("blob-leases-seconds", seconds = s),
                    )
                    .clicked()
                {
                    self.form.seconds = s;
                    self.form.infinite = false;
                }
            }
            if ui
                .selectable_label(self.form.infinite, t("blob-leases-infinite"))
                .clicked()
            {
                self.form.infinite = true;
            }
        });
        ui.horizontal(|ui| {
            let l = ui.label(t("blob-leases-proposed"));
            ui.add(
                egui::TextEdit::singleline(&mut self.form.proposed)
                    .desired_width(250.0)
                    .hint_text(t("blob-leases-proposed-hint")),
            )
            .labelled_by(l.id);
        });
        ui.horizontal_wrapped(|ui| {
            for (label, action) in [
                ("blob-leases-acquire", LeaseAction::Acquire),
                ("blob-leases-renew", LeaseAction::Renew),
                ("blob-leases-change", LeaseAction::Change),
                ("blob-leases-release", LeaseAction::Release),
            ] {
                if ui.button(t(label)).clicked() {
                    self.lease_action(core, ctx, fx, (blob.clone(), action));
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(t("blob-leases-break-period"));
            for p in [0, 3, 10, 30, 60] {
                ui.selectable_value(
                    &mut self.form.break_period,
                    p,
                    tr!("blob-leases-break-seconds", seconds = p),
                );
            }
            if ui.button(t("blob-leases-break")).clicked() {
                self.lease_action(core, ctx, fx, (blob.clone(), LeaseAction::Break));
            }
        });
    }
}
