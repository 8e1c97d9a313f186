//! Who else may use the queue: its stored access policies (read when the tab opens) and a SAS for it.

use crate::app::context::PaneContext;
use crate::app::context::feature::Feature;
use crate::app::queue::core::QueueCore;
use crate::app::queue::feature::{QueueEffects, QueueEvent, QueueFeature};
use crate::app::widgets::policies::{PoliciesEdit, SasForm};

pub struct QueueAccess {
    pub policies: PoliciesEdit,
    sas: SasForm,
}

impl QueueAccess {
    pub fn new(queue: &str) -> Self {
        QueueAccess {
            policies: PoliciesEdit::new(crate::storage::Service::Queue, queue),
            sas: SasForm::new("rp"),
        }
    }
}

impl Feature for QueueAccess {
    type Pane = crate::app::queue::feature::Queue;

    fn poll(&mut self, _: &QueueCore, ctx: &mut PaneContext, _: &mut QueueEffects) {
        self.policies.poll(ctx);
    }

    fn unsaved(&self) -> Vec<String> {
        self.policies.unsaved().into_iter().collect()
    }

    fn save_all(&mut self, _: &QueueCore, ctx: &mut PaneContext, _: &mut QueueEffects) {
        self.policies.save_all(ctx, None);
    }
}

impl QueueFeature for QueueAccess {
    fn event(&mut self, event: &QueueEvent, _: &QueueCore, ctx: &mut PaneContext, _: &mut QueueEffects) {
        // Policies change seldom: read when the tab opens (and on Reload policies).
        if let QueueEvent::Opened = event {
            self.policies.load(ctx);
        }
    }

    fn side_tab(&self) -> Option<crate::app::context::features::DetailsTab> {
        Some(crate::app::context::features::DetailsTab::Access)
    }

    fn side_ui(&mut self, ui: &mut egui::Ui, core: &QueueCore, ctx: &mut PaneContext, _: &mut QueueEffects) {
        self.policies.ui(ui, ctx, None);
        let queue = crate::storage::service_sas::SasResource::Queue(core.queue.clone());
        self.sas.ui(ui, ctx, queue);
    }
}
