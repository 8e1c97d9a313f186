//! Scan the whole queue, past the 32 messages a peek can see: messages are received up to 32 at a time, held for
//! a short while, and made visible again at once, until the queue's front holds only messages already seen. Asked first, saying what it
//! costs (each message's dequeue count rises by one, its pop receipt changes, consumers cannot take a batch while
//! it is held). The result lists every message seen, searchable by text and id, exports as JSON lines or CSV, and
//! copies what the search shows (every message, when it is empty) to another queue.

use crate::app::widgets::i18n::{t, tr};
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::SystemTime;

use crate::app::context::{InFlight, PaneContext};
use crate::app::queue::copy_to::{CopyToQueue, copy_to_menu};
use crate::app::queue::core::QueueCore;
use crate::app::queue::feature::{QueueEffects, QueueFeature};
use crate::app::widgets::format::utc_opt;
use crate::storage::queue::{DequeuedMessage, MAX_MESSAGES_PER_CALL, PeekedMessage};
use crate::storage::{Client, StorageError};

/// How long a received batch stays invisible if the scan is cut off before it makes it visible again.
pub const HOLD_SECONDS: u32 = 30;

/// One message as the scan saw it (its dequeue count includes the scan's own receive).
#[derive(Clone, Debug)]
pub struct ScanRow {
    pub id: String,
    pub inserted: Option<SystemTime>,
    pub expires: Option<SystemTime>,
    pub dequeue_count: u32,
    pub text: String,
}

impl ScanRow {
    fn of(m: &DequeuedMessage) -> Self {
        ScanRow {
            id: m.id.clone(),
            inserted: m.inserted,
            expires: m.expires,
            dequeue_count: m.dequeue_count,
            text: m.text.clone(),
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "id": self.id,
            "inserted": utc_opt(self.inserted),
            "expires": utc_opt(self.expires),
            "dequeueCount": self.dequeue_count,
            "text": self.text,
        })
    }

    /// The message as a copy takes it: its text exactly, and when it expires.
    fn to_peeked(&self) -> PeekedMessage {
        PeekedMessage {
            id: self.id.clone(),
            inserted: self.inserted,
            expires: self.expires,
            dequeue_count: self.dequeue_count,
            text: self.text.clone(),
        }
    }

    /// Whether `needle` (lowercased) is in its id or its text, any case.
    fn matches(&self, needle: &str) -> bool {
        needle.is_empty() || self.id.to_lowercase().contains(needle) || self.text.to_lowercase().contains(needle)
    }
}

/// What a scan ended with: the messages seen, front first, and whether Cancel cut it short.
#[derive(Debug)]
pub struct Scanned {
    pub rows: Vec<ScanRow>,
    pub cancelled: bool,
}

/// Receives the queue's messages a batch at a time, each batch made visible again at once (with the receipts
/// just given), until the front of the queue holds only messages already seen (the scan has come round) or none.
pub async fn scan_queue(
    client: Client,
    queue: String,
    listed: Arc<AtomicUsize>,
    cancel: Arc<AtomicBool>,
) -> Result<Scanned, StorageError> {
    use futures_util::StreamExt;
    let mut rows = Vec::new();
    let mut seen = HashSet::new();
    loop {
        if cancel.load(Ordering::Relaxed) {
            return Ok(Scanned { rows, cancelled: true });
        }
        // A peek first, which changes nothing: the scan has come round when the front holds only messages it has
        // seen, and it receives only as far as the last it has not (so a message is received again only where
        // seen and unseen ones interleave), rather than receive a whole batch again to find that out.
        let front = client.peek_messages(&queue, MAX_MESSAGES_PER_CALL).await?;
        let Some(last_new) = front.iter().rposition(|m| !seen.contains(&m.id)) else {
            break;
        };
        let batch = match client.get_messages(&queue, last_new as u32 + 1, HOLD_SECONDS).await {
            Ok(batch) => batch,
            // Its answer lost on the way: the batch may be held, unseen, until its time runs out. Said so.
            Err(mut e) if e.kind == crate::storage::ErrorKind::OutcomeUnknown => {
                let later = tr!("scan-return-failed", seconds = HOLD_SECONDS);
                e.message = format!("{} {later}", e.message);
                return Err(e);
            }
            Err(e) => return Err(e),
        };
        if batch.is_empty() {
            break;
        }
        let before = rows.len();
        for m in &batch {
            if seen.insert(m.id.clone()) {
                rows.push(ScanRow::of(m));
            }
        }
        // Visible again at once: a message deleted meanwhile (it expired) is no failure.
        let returned: Vec<Result<(), StorageError>> = futures_util::stream::iter(batch)
            .map(|m| {
                let (client, queue) = (client.clone(), queue.clone());
                async move {
                    match client.update_message(&queue, &m.id, &m.pop_receipt, 0, None).await {
                        Err(e) if !e.is_not_found() => Err(e),
                        _ => Ok(()),
                    }
                }
            })
            .buffer_unordered(8)
            .collect()
            .await;
        if let Some(Err(mut e)) = returned.into_iter().find(Result::is_err) {
            let later = tr!("scan-return-failed", seconds = HOLD_SECONDS);
            e.message = format!("{} {later}", e.message);
            return Err(e);
        }
        listed.store(rows.len(), Ordering::Relaxed);
        if rows.len() == before {
            break;
        }
    }
    Ok(Scanned { rows, cancelled: false })
}

/// The rows as JSON lines (one message a line).
pub fn to_json_lines(rows: &[ScanRow]) -> String {
    rows.iter().map(|r| format!("{}\n", r.json())).collect()
}

/// The rows as CSV with a header (the text quoted as CSV quotes it).
pub fn to_csv(rows: &[ScanRow]) -> Result<String, String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let header = ["id", "inserted", "expires", "dequeueCount", "text"];
    w.write_record(header).map_err(|e| e.to_string())?;
    for r in rows {
        let count = r.dequeue_count.to_string();
        let fields = [
            r.id.as_str(),
            &utc_opt(r.inserted),
            &utc_opt(r.expires),
            &count,
            &r.text,
        ];
        w.write_record(fields).map_err(|e| e.to_string())?;
    }
    String::from_utf8(w.into_inner().map_err(|e| e.to_string())?).map_err(|e| e.to_string())
}

#[derive(Default)]
pub struct QueueScan {
    asking: bool,
    running: InFlight<(), Result<Scanned, StorageError>>,
    listed: Arc<AtomicUsize>,
    cancel: Arc<AtomicBool>,
    /// The last scan's result, shown in its window until closed.
    result: Option<Scanned>,
    search: String,
    /// The rows the search shows (places in the result), with the text they were found for: searched again only
    /// when the text changes, not on every frame.
    shown: Option<(String, Vec<usize>)>,
    saving: InFlight<(), Result<String, String>>,
    said: Option<Result<String, String>>,
    /// Copies of the scanned messages to another queue (the same copy as the list's "Copy to queue").
    copying: CopyToQueue,
}

impl QueueScan {
    /// Starts the scan (after the user said yes).
    pub fn start(&mut self, core: &QueueCore, ctx: &mut PaneContext) {
        self.listed = Arc::default();
        self.cancel = Arc::default();
        self.result = None;
        self.shown = None;
        let (client, queue) = (ctx.client.clone(), core.queue.clone());
        let (listed, cancel) = (self.listed.clone(), self.cancel.clone());
        self.running.start(
            (),
            ctx.send(async move { scan_queue(client, queue, listed, cancel).await }),
        );
    }

    /// The last scan's messages, front first.
    pub fn rows(&self) -> Option<&[ScanRow]> {
        self.result.as_ref().map(|r| &r.rows[..])
    }

    fn export(&mut self, ctx: &PaneContext, json: bool, queue: &str) {
        let rows = self.rows().map(<[ScanRow]>::to_vec).unwrap_or_default();
        let dialogs = ctx.dialogs.clone();
        let name = format!("{queue}-scan.{}", if json { "jsonl" } else { "csv" }); // i18n-ignore: a file name
        self.saving.start(
            (),
            ctx.backend.spawn_blocking(move || {
                let Some(path) = dialogs.save_file(&t("scan-dialog"), &name) else {
                    return Err(t("scan-export-cancelled"));
                };
                let text = if json { to_json_lines(&rows) } else { to_csv(&rows)? };
                let shown = path.display().to_string();
                std::fs::write(&path, text)
                    .map_err(|e| tr!("scan-write-failed", path = shown.as_str(), why = e.to_string()))?;
                Ok(tr!("scan-exported", count = rows.len(), path = shown.as_str()))
            }),
        );
    }

    fn window(&mut self, egui_ctx: &egui::Context, core: &QueueCore, ctx: &mut PaneContext) {
        let Some(result) = &self.result else { return };
        let mut open = true;
        let mut export = None;
        let mut copy_to = None;
        let title = tr!("scan-title", queue = core.queue.as_str());
        crate::app::widgets::placement::beside_the_toolbar(egui::Window::new(title), egui_ctx)
            .id(egui::Id::unique(("queue-scan", &core.queue)))
            .open(&mut open)
            .default_size([760.0, 460.0])
            .show(egui_ctx, |ui| {
                let n = result.rows.len();
                ui.label(if result.cancelled {
                    tr!("scan-cancelled-list", count = n)
                } else {
                    tr!("scan-whole-list", count = n)
                });
                ui.horizontal(|ui| {
                    let l = ui.label(t("scan-find"));
                    ui.add(egui::TextEdit::singleline(&mut self.search).hint_text(t("scan-find-hint")))
                        .labelled_by(l.id);
                    if ui.button(t("scan-export-json")).clicked() {
                        export = Some(true);
                    }
                    if ui.button(t("scan-export-csv")).clicked() {
                        export = Some(false);
                    }
                });
                if let Some(said) = &self.said {
                    match said {
                        Ok(words) => ui.label(words),
                        Err(e) => ui.colored_label(ui.visuals().error_fg_color, e),
                    };
                }
                let needle = self.search.trim().to_lowercase();
                if self.shown.as_ref().is_none_or(|(n, _)| *n != needle) {
                    let places = (0..result.rows.len())
                        .filter(|&i| result.rows[i].matches(&needle))
                        .collect();
                    self.shown = Some((needle, places));
                }
                let shown: &[usize] = self.shown.as_ref().map_or(&[], |(_, p)| p);
                ui.horizontal(|ui| {
                    ui.label(tr!("scan-shown", count = shown.len()));
                    // What the search shows is what is copied: every scanned message when the search is empty.
                    let what = tr!("scan-copy-shown", count = shown.len());
                    if let Some(to) = copy_to_menu(ui, core, what) {
                        copy_to = Some((to, shown.iter().map(|&i| result.rows[i].to_peeked()).collect()));
                    }
                });
                use egui_extras::{Column, TableBuilder};
                TableBuilder::new(ui)
                    .id_salt(("scan-rows", &core.queue))
                    .striped(true)
                    .column(Column::initial(250.0).resizable(true).clip(true))
                    .column(Column::initial(60.0))
                    .column(Column::initial(150.0))
                    .column(Column::initial(150.0))
                    .column(Column::remainder().clip(true))
                    .header(20.0, |mut h| {
                        crate::app::widgets::column_titles::column_titles(
                            &mut h,
                            &[
                                "queue-col-id",
                                "queue-col-dequeue-count",
                                "queue-col-inserted",
                                "queue-col-expires",
                                "queue-col-text",
                            ],
                        );
                    })
                    .body(|body| {
                        body.rows(18.0, shown.len(), |mut row| {
                            let r = &result.rows[shown[row.index()]];
                            row.col(|ui| {
                                ui.monospace(&r.id);
                            });
                            row.col(|ui| {
                                ui.label(r.dequeue_count.to_string());
                            });
                            row.col(|ui| {
                                ui.label(utc_opt(r.inserted));
                            });
                            row.col(|ui| {
                                ui.label(utc_opt(r.expires));
                            });
                            row.col(|ui| {
                                let preview: String = r.text.chars().take(200).collect();
                                ui.label(preview).on_hover_text(&r.text);
                            });
                        });
                    });
            });
        if let Some(json) = export {
            self.export(ctx, json, &core.queue);
        }
        if let Some((to, messages)) = copy_to {
            self.copying.copy(core, ctx, messages, to);
        }
        if !open {
            self.result = None;
            self.shown = None;
            self.said = None;
        }
    }
}

impl QueueFeature for QueueScan {
    fn poll(&mut self, core: &QueueCore, ctx: &mut PaneContext, fx: &mut QueueEffects) {
        self.copying.poll(core, ctx, fx);
        if let Some((_, result)) = self.running.take() {
            match result {
                Ok(scanned) => {
                    let n = scanned.rows.len();
                    fx.say(Ok(if scanned.cancelled {
                        tr!("scan-cancelled", count = n)
                    } else {
                        tr!("scan-done", count = n)
                    }));
                    self.result = Some(scanned);
                    self.shown = None;
                }
                Err(e) => fx.say(Err(e)),
            }
            fx.peek();
        }
        if let Some((_, said)) = self.saving.take() {
            self.said = Some(said);
        }
    }

    fn busy(&self) -> bool {
        !self.running.is_empty() || !self.saving.is_empty() || self.copying.busy()
    }

    fn header_ui(&mut self, ui: &mut egui::Ui, _: &QueueCore, _: &mut PaneContext, _: &mut QueueEffects) {
        let icon = crate::app::widgets::icon::FIND;
        let hint = t("scan-hint");
        let idle = self.running.is_empty();
        if crate::app::widgets::icon::icon_button(ui, idle, icon, &t("scan-button"), Some(&hint)).clicked() {
            self.asking = true;
        }
    }

    fn above_list_ui(&mut self, ui: &mut egui::Ui, _: &QueueCore, _: &mut PaneContext, _: &mut QueueEffects) {
        if self.running.is_empty() {
            return;
        }
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(tr!("scan-running", count = self.listed.load(Ordering::Relaxed)));
            if ui.button(t("scan-cancel")).clicked() {
                self.cancel.store(true, Ordering::Relaxed);
            }
        });
        ui.ctx().request_repaint_after(std::time::Duration::from_millis(200));
    }

    fn windows(&mut self, egui_ctx: &egui::Context, core: &QueueCore, ctx: &mut PaneContext, _: &mut QueueEffects) {
        if self.asking {
            let answer = crate::app::widgets::confirm::ask(
                egui_ctx,
                egui::Id::unique(("scan-queue", &core.queue)),
                &tr!("scan-ask-title", queue = core.queue.as_str()),
                &tr!("scan-ask-body", batch = MAX_MESSAGES_PER_CALL, hold = HOLD_SECONDS),
                &t("scan-ask-yes"),
                |_| {},
            );
            if let Some(yes) = answer {
                self.asking = false;
                if yes {
                    self.start(core, ctx);
                }
            }
        }
        self.window(egui_ctx, core, ctx);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, text: &str) -> ScanRow {
        ScanRow {
            id: id.into(),
            inserted: None,
            expires: None,
            dequeue_count: 1,
            text: text.into(),
        }
    }

    #[test]
    fn exports_keep_each_text_exactly_and_search_finds_text_or_id_in_any_case() {
        let rows = [row("a1", "plain"), row("b2", "has, a comma\nand \"quotes\"")];
        let csv_text = to_csv(&rows).unwrap();
        let mut read = csv::Reader::from_reader(csv_text.as_bytes());
        let texts: Vec<String> = read.records().map(|r| r.unwrap()[4].to_string()).collect();
        assert_eq!(texts, ["plain", "has, a comma\nand \"quotes\""]);
        let lines: Vec<serde_json::Value> = to_json_lines(&rows)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines[1]["text"], "has, a comma\nand \"quotes\"");
        let search = |text: &str| text.trim().to_lowercase();
        assert!(
            rows[1].matches(&search("QUOTES")) && rows[1].matches(&search("B2")) && !rows[0].matches(&search("comma"))
        );
    }
}
