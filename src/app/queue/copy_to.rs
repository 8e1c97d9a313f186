//! Copy messages to another queue (not move): the selected peeked messages are put on the target, in their order,
//! each with its text exactly as stored and the time to live it has left; the originals stay where they are.
//! The copies are sent through the tab (`PaneContext::send`), so a tab closed meanwhile lets them land. The scan
//! of the whole queue copies what it found through the same copy.

use std::time::SystemTime;

use crate::app::context::{InFlight, PaneContext};
use crate::app::queue::core::QueueCore;
use crate::app::queue::feature::{QueueEffects, QueueFeature};
use crate::app::queue::message_actions::ttl_left_of;
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
        let (client, from) = (ctx.client.clone(), core.queue.clone());
        let target = to.clone();
        self.sending.add(
            to,
            ctx.send(async move { copy_messages(client, &from, &target, messages).await }),
        );
    }
}

/// Puts each message on `to` in order. A failure stops the copy and says how many had landed before it.
pub async fn copy_messages(
    client: Client,
    from: &str,
    to: &str,
    messages: Vec<PeekedMessage>,
) -> Result<Copied, StorageError> {
    let total = messages.len();
    let mut done = Copied {
        copied: 0,
        skipped: Vec::new(),
    };
    for m in messages {
        let ttl = match ttl_left_of(m.expires, SystemTime::now()) {
            Ok(ttl) => ttl,
            Err(why) => {
                done.skipped.push((m.id, why));
                continue;
            }
        };
        if let Err(mut e) = client.put_message(to, &m.text, None, ttl).await {
            e.message = format!(
                "{} of {total} messages were copied from `{from}` to `{to}` before this one failed ({}). The \
                 originals are all still in `{from}`.",
                done.copied, e.message
            );
            return Err(e);
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
            ui.weak("No other queue in this account (the tree lists them once Queues is unfolded).");
        }
        for target in others {
            if ui.button(format!("to {target}")).clicked() {
                chosen = Some(target.clone());
                ui.close();
            }
        }
    });
    chosen
}

impl QueueFeature for CopyToQueue {
    fn poll(&mut self, _: &QueueCore, _: &mut PaneContext, fx: &mut QueueEffects) {
        for (to, result) in self.sending.ready() {
            fx.say(result.map(|done| {
                let mut words = format!(
                    "Copied {} message{} to `{to}`, each with its text as stored and the time to live it had left; \
                     the originals stay here. There each is a new message: a new id and insertion time, dequeue \
                     count 0.",
                    done.copied,
                    if done.copied == 1 { "" } else { "s" }
                );
                for (id, why) in &done.skipped {
                    words.push_str(&format!(" Not copied: {id}: {why}"));
                }
                words
            }));
        }
    }

    fn busy(&self) -> bool {
        !self.sending.is_empty()
    }
}
