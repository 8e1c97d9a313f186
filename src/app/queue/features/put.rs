//! Put a message: the text, how it is stored (Base64 or plain), its time to live and first invisibility, with
//! its stored size checked against the service's limit before anything is sent.

use crate::app::context::feature::Feature;
use crate::app::context::{InFlight, PaneContext};
use crate::app::queue::core::QueueCore;
use crate::app::queue::feature::{QueueEffects, QueueFeature};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;
use crate::storage::queue::{MAX_MESSAGE_BYTES, MessageEncoding, MessageTtl};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TtlChoice {
    Default,
    Seconds,
    Never,
}

pub struct PutMessage {
    pub text: String,
    pub encoding: MessageEncoding,
    pub ttl: TtlChoice,
    pub ttl_seconds: u64,
    pub delay: u32,
    /// The puts out: each is a write of its own, all held, keyed by its number in this tab.
    putting: InFlight<u64, Result<String, StorageError>>,
    puts: u64,
}

impl Default for PutMessage {
    fn default() -> Self {
        PutMessage {
            text: String::new(),
            encoding: MessageEncoding::Base64,
            ttl: TtlChoice::Default,
            ttl_seconds: 3600,
            delay: 0,
            putting: InFlight::default(),
            puts: 0,
        }
    }
}

impl PutMessage {
    /// The text as it will be stored, or why it cannot be.
    pub fn stored_text(&self) -> Result<String, String> {
        self.encoding.encode(self.text.as_bytes()).map_err(|e| e.to_string())
    }

    pub fn ttl(&self) -> MessageTtl {
        match self.ttl {
            TtlChoice::Default => MessageTtl::Default,
            TtlChoice::Seconds => MessageTtl::Seconds(self.ttl_seconds),
            TtlChoice::Never => MessageTtl::Never,
        }
    }

    pub fn put(&mut self, core: &QueueCore, ctx: &mut PaneContext, fx: &mut QueueEffects) {
        let text = match self.stored_text() {
            Ok(t) => t,
            Err(why) => return fx.say(Err(StorageError::invalid(t("op-put-message"), why))),
        };
        let (client, queue, ttl, delay) = (ctx.client.clone(), core.queue.clone(), self.ttl(), self.delay);
        self.puts += 1;
        self.putting.add(
            self.puts,
            ctx.send(async move {
                let delay = (delay > 0).then_some(delay);
                client
                    .put_message(&queue, &text, delay, ttl)
                    .await
                    .map(|r| tr!("put-done", id = r.id))
            }),
        );
    }
}

impl Feature for PutMessage {
    type Pane = crate::app::queue::feature::Queue;

    fn poll(&mut self, _: &QueueCore, _: &mut PaneContext, fx: &mut QueueEffects) {
        for (_, r) in self.putting.ready() {
            fx.say(r);
            fx.peek();
        }
    }

    fn busy(&self) -> bool {
        !self.putting.is_empty()
    }
}

impl QueueFeature for PutMessage {
    fn side_tab(&self) -> Option<crate::app::context::features::DetailsTab> {
        Some(crate::app::context::features::DetailsTab::NewMessage)
    }

    fn side_ui(&mut self, ui: &mut egui::Ui, core: &QueueCore, ctx: &mut PaneContext, fx: &mut QueueEffects) {
        ui.strong(t("put-title"));
        let l = ui.label(t("put-text"));
        ui.add(
            egui::TextEdit::multiline(&mut self.text)
                .id_salt("queue-put-text")
                .desired_rows(3)
                .desired_width(f32::INFINITY),
        )
        .labelled_by(l.id);
        ui.horizontal(|ui| {
            ui.label(t("put-store-as"));
            ui.selectable_value(&mut self.encoding, MessageEncoding::Base64, t("put-base64"));
            ui.selectable_value(&mut self.encoding, MessageEncoding::Text, t("put-plain"));
        });
        ui.horizontal(|ui| {
            ui.label(t("put-ttl"));
            ui.selectable_value(&mut self.ttl, TtlChoice::Default, t("put-ttl-default"));
            ui.selectable_value(&mut self.ttl, TtlChoice::Never, t("put-ttl-never"));
            ui.selectable_value(&mut self.ttl, TtlChoice::Seconds, t("put-ttl-seconds"));
            ui.add_enabled(
                self.ttl == TtlChoice::Seconds,
                egui::DragValue::new(&mut self.ttl_seconds).range(1..=604_800),
            )
            .accessible_name(t("put-ttl-seconds-name"));
        });
        ui.horizontal(|ui| {
            ui.label(t("put-delay"));
            ui.add(egui::DragValue::new(&mut self.delay).range(0..=604_800).suffix(" s"))
                .accessible_name(t("put-delay-name"));
        });
        let ok = match self.stored_text().map(|s| s.len()) {
            Ok(n) if n <= MAX_MESSAGE_BYTES => {
                ui.weak(tr!("put-size", count = n, max = MAX_MESSAGE_BYTES));
                true
            }
            Ok(n) => {
                ui.colored_label(ui.visuals().error_fg_color, tr!("put-too-big", count = n));
                false
            }
            Err(why) => {
                ui.colored_label(ui.visuals().error_fg_color, why);
                false
            }
        };
        if ui.add_enabled(ok, egui::Button::new(t("put-button"))).clicked() {
            self.put(core, ctx, fx);
        }
    }
}
