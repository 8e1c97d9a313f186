//! Clear queue: asked first, naming how many messages it deletes (invisible ones included); the clear is held
//! until it answers, so a tab close waits for it.

use crate::app::context::feature::Feature;
use crate::app::context::{InFlight, PaneContext};
use crate::app::queue::core::QueueCore;
use crate::app::queue::feature::{QueueEffects, QueueFeature};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;

#[derive(Default)]
pub struct ClearQueue {
    asking: bool,
    /// Clears sent, keyed by the queue each is for.
    clearing: InFlight<String, Result<String, StorageError>>,
}

impl ClearQueue {
    pub fn clear(&mut self, core: &QueueCore, ctx: &mut PaneContext) {
        let (client, queue) = (ctx.client.clone(), core.queue.clone());
        self.clearing.add(
            queue.clone(),
            ctx.send(async move {
                client
                    .clear_messages(&queue)
                    .await
                    .map(|_| tr!("clear-done", queue = queue))
            }),
        );
    }
}

impl Feature for ClearQueue {
    type Pane = crate::app::queue::feature::Queue;

    fn poll(&mut self, _: &QueueCore, _: &mut PaneContext, fx: &mut QueueEffects) {
        for (_, r) in self.clearing.ready() {
            fx.say(r);
            fx.peek();
        }
    }

    fn busy(&self) -> bool {
        !self.clearing.is_empty()
    }

    fn windows(&mut self, egui_ctx: &egui::Context, core: &QueueCore, ctx: &mut PaneContext, _: &mut QueueEffects) {
        if !self.asking {
            return;
        }
        let (body, yes) = match core.approximate_count() {
            Some(n) => (tr!("clear-body", count = n), tr!("clear-yes", count = n)),
            None => (t("clear-body-unknown"), t("clear-yes-unknown")),
        };
        let answer = crate::app::widgets::confirm::ask(
            egui_ctx,
            egui::Id::unique(("clear-queue", &core.queue)),
            &tr!("clear-title", queue = core.queue.as_str()),
            &body,
            &yes,
            |_| {},
        );
        if let Some(yes) = answer {
            self.asking = false;
            if yes {
                self.clear(core, ctx);
            }
        }
    }
}

impl QueueFeature for ClearQueue {
    fn header_ui(&mut self, ui: &mut egui::Ui, _: &QueueCore, _: &mut PaneContext, _: &mut QueueEffects) {
        let icon = crate::app::widgets::icon::DELETE;
        let hint = t("clear-hint");
        if crate::app::widgets::icon::icon_button(ui, true, icon, &t("clear-button"), Some(&hint)).clicked() {
            self.asking = true;
        }
    }
}
