//! Copy messages to another queue (not move): the selected peeked messages are put on the target, in their order,
//! each with its text exactly as stored and the time to live it has left; the originals stay where they are.
//! The copies are sent through the tab (`PaneContext::send`), so a tab closed meanwhile lets them land. The scan
//! of the whole queue copies what it found through the same copy.

use crate::app::context::feature::Feature;
use crate::app::widgets::i18n::{t, tr};
use std::time::SystemTime;

use futures_util::{Stream, StreamExt};

use crate::app::context::{InFlight, PaneContext};
use crate::app::queue::core::QueueCore;
use crate::app::queue::feature::{QueueEffects, QueueFeature};
use crate::app::queue::features::message_actions::ttl_left_of;
use crate::storage::queue::PeekedMessage;
use crate::storage::{Client, StorageError};

/// What a copy did: how many landed, and the messages it left out (their time to live had run out) with why.
#[derive(Debug)]
pub struct Copied {
    pub copied: usize,
    pub skipped: Vec<(String, String)>,
}

#[derive(Default)]
pub struct CopyToQueue {
    /// Copies out, keyed by their target queue.
    sending: InFlight<String, Result<Copied, StorageError>>,
}

impl CopyToQueue {
    /// Copies `messages` (front first) to `to`.
    pub fn copy(&mut self, core: &QueueCore, ctx: &mut PaneContext, messages: Vec<PeekedMessage>, to: String) {
        let total = messages.len();
        let messages = futures_util::stream::iter(messages.into_iter().map(Ok));
        self.copy_from(core, ctx, total, messages, to);
    }

    /// Copies `total` messages to `to`, taken from `messages` (front first) as the copy goes, so a copy of many
    /// holds a few at a time (the scan's copy reads them back from its record).
    pub fn copy_from(
        &mut self,
        core: &QueueCore,
        ctx: &mut PaneContext,
        total: usize,
        messages: impl Stream<Item = Result<PeekedMessage, StorageError>> + Send + 'static,
        to: String,
    ) {
        let (client, from) = (ctx.client.clone(), core.queue.clone());
        let target = to.clone();
        self.sending.add(
            to,
            ctx.send(async move { copy_messages(client, &from, &target, total, messages).await }),
        );
    }
}

/// Puts each of the `total` messages on `to` in order. A failure (of a put, or of reading the next message)
/// stops the copy and says how many had landed before it.
pub async fn copy_messages(
    client: Client,
    from: &str,
    to: &str,
    total: usize,
    messages: impl Stream<Item = Result<PeekedMessage, StorageError>>,
) -> Result<Copied, StorageError> {
    let mut done = Copied {
        copied: 0,
        skipped: Vec::new(),
    };
    let stopped = |mut e: StorageError, copied: usize| {
        e.message = crate::storage::Said::text(tr!(
            "copy-failed",
            done = copied,
            total = total,
            from = from,
            to = to,
            why = e.message.to_string()
        ));
        e
    };
    let mut messages = std::pin::pin!(messages);
    while let Some(m) = messages.next().await {
        let m = m.map_err(|e| stopped(e, done.copied))?;
        let ttl = match ttl_left_of(m.expires, SystemTime::now()) {
            Ok(ttl) => ttl,
            Err(why) => {
                done.skipped.push((m.id, why));
                continue;
            }
        };
        if let Err(e) = client.put_message(to, &m.text, None, ttl).await {
            return Err(stopped(e, done.copied));
        }
        done.copied += 1;
    }
    Ok(done)
}

/// "Copy to queue": the account's other queues; the one chosen, if any. Copying leaves the messages here.
pub fn copy_to_menu(ui: &mut egui::Ui, core: &QueueCore, what: String) -> Option<String> {
    let mut chosen = None;
    ui.menu_button(what, |ui| {
        let others: Vec<&String> = core.targets.iter().filter(|t| **t != core.queue).collect();
        if others.is_empty() {
            ui.weak(t("copy-none"));
        }
        for target in others {
            if ui.button(tr!("copy-to", queue = target.as_str())).clicked() {
                chosen = Some(target.clone());
                ui.close();
            }
        }
    });
    chosen
}

impl Feature for CopyToQueue {
    type Pane = crate::app::queue::feature::Queue;

    fn poll(&mut self, _: &QueueCore, _: &mut PaneContext, fx: &mut QueueEffects) {
        for (to, result) in self.sending.ready() {
            fx.say(result.map(|done| {
                let mut words = tr!("copy-done", count = done.copied, queue = to.as_str());
                for (id, why) in &done.skipped {
                    words.push(' ');
                    words.push_str(&tr!("copy-not-copied", id = id.as_str(), why = why.as_str()));
                }
                words
            }));
        }
    }

    fn busy(&self) -> bool {
        !self.sending.is_empty()
    }
}

impl QueueFeature for CopyToQueue {}
