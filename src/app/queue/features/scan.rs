//! Scan the whole queue, past the 32 messages a peek can see: messages are received up to 32 at a time, held for
//! a short while, and made visible again at once, until the queue's front holds only messages already seen. Asked
//! first, saying what it costs (each message's dequeue count rises by one, its pop receipt changes, consumers
//! cannot take a batch while it is held). What it sees goes to a record on disk (`scan_record`) and the ids it has
//! seen to a set on disk (`seen_ids`), so its memory is the same for a hundred messages or a million. The result
//! shows the count and the first messages, searchable by text and id; it exports as JSON lines or CSV, and copies
//! what the search finds (every message, when it is empty) to another queue, each read back from the record.

use crate::app::context::feature::Feature;
use crate::app::widgets::i18n::{in_language, language, t, tr};
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use futures_util::StreamExt;

use crate::app::context::{InFlight, PaneContext};
use crate::app::queue::core::QueueCore;
use crate::app::queue::feature::{QueueEffects, QueueFeature};
use crate::app::queue::features::copy_to::{CopyToQueue, copy_to_menu};
use crate::app::queue::features::scan_record::{ExportForm, Found, ScanRecord, ScanRecorder, ScanRow};
use crate::app::queue::features::seen_ids::SeenIds;
use crate::app::widgets::format::utc_opt;
use crate::storage::queue::{DequeuedMessage, MAX_MESSAGES_PER_CALL};
use crate::storage::{Client, StorageError};

/// How long a received batch stays invisible if the scan is cut off before it makes it visible again.
pub const HOLD_SECONDS: u32 = 30;

/// How a scan ended.
#[derive(Debug)]
pub enum ScanEnd {
    /// It came round to messages it had seen, or the queue had none left to show.
    Whole,
    /// Cancel cut it short, after the batch it held was made visible again.
    Cancelled,
    /// A failure stopped it; what it saw before is kept.
    Failed(StorageError),
}

/// What a scan ended with: every message it saw, front first, and how it ended.
#[derive(Debug)]
pub struct Scanned {
    pub record: Arc<ScanRecord>,
    pub end: ScanEnd,
}

/// The scan's state on disk, handed to the blocking pool and back for each batch.
struct Disk {
    seen: SeenIds,
    record: ScanRecorder,
}

/// Receives the queue's messages a batch at a time, each batch recorded and made visible again at once (with the
/// receipts just given), until the front of the queue holds only messages already seen (the scan has come round)
/// or none. Fails only when it cannot keep a record at all; any other failure ends it with what it saw.
pub async fn scan_queue(
    client: Client,
    queue: String,
    listed: Arc<AtomicUsize>,
    cancel: Arc<AtomicBool>,
) -> Result<Scanned, StorageError> {
    let made = blocking(|| -> io::Result<Disk> {
        Ok(Disk {
            seen: SeenIds::new()?,
            record: ScanRecorder::new()?,
        })
    });
    let disk = made.await.map_err(|e| not_recorded(&queue, e))?;
    let (disk, end) = scan_into(&client, &queue, &listed, &cancel, disk).await;
    let record = blocking(move || disk.record.finish())
        .await
        .map_err(|e| not_recorded(&queue, e))?;
    Ok(Scanned {
        record: Arc::new(record),
        end,
    })
}

async fn scan_into(
    client: &Client,
    queue: &str,
    listed: &AtomicUsize,
    cancel: &AtomicBool,
    mut disk: Disk,
) -> (Disk, ScanEnd) {
    loop {
        if cancel.load(Ordering::Relaxed) {
            return (disk, ScanEnd::Cancelled);
        }
        // A peek first, which changes nothing: the scan has come round when the front holds only messages it has
        // seen, and it receives only as far as the last it has not (so a message is received again only where
        // seen and unseen ones interleave), rather than receive a whole batch again to find that out.
        let front = match client.peek_messages(queue, MAX_MESSAGES_PER_CALL).await {
            Ok(front) => front.into_iter().map(|m| m.id).collect::<Vec<_>>(),
            Err(e) => return (disk, ScanEnd::Failed(e)),
        };
        let last_new;
        (disk, last_new) = blocking(move || {
            let last = last_unseen(&mut disk.seen, &front);
            (disk, last)
        })
        .await;
        let last_new = match last_new {
            Ok(Some(last)) => last,
            Ok(None) => return (disk, ScanEnd::Whole),
            Err(e) => return (disk, ScanEnd::Failed(not_recorded(queue, e))),
        };
        let batch = match client.get_messages(queue, last_new as u32 + 1, HOLD_SECONDS).await {
            Ok(batch) if batch.is_empty() => return (disk, ScanEnd::Whole),
            Ok(batch) => batch,
            // Its answer lost on the way: the batch may be held, unseen, until its time runs out. Said so.
            Err(mut e) if e.kind == crate::storage::ErrorKind::OutcomeUnknown => {
                let later = tr!("scan-return-failed", count = last_new + 1, seconds = HOLD_SECONDS);
                e.message = crate::storage::Said::Parts(vec![
                    e.message.clone(),
                    crate::storage::Said::text(format!(" {later}")),
                ]);
                return (disk, ScanEnd::Failed(e));
            }
            Err(e) => return (disk, ScanEnd::Failed(e)),
        };
        let receipts: Vec<(String, String)> = batch.iter().map(|m| (m.id.clone(), m.pop_receipt.clone())).collect();
        // Recorded first, then made visible again whatever became of the record: nothing ends the scan while it
        // holds a batch.
        let recorded;
        (disk, recorded) = blocking(move || {
            let new = record_new(&mut disk, batch);
            (disk, new)
        })
        .await;
        let returned = return_batch(client, queue, receipts).await;
        listed.store(disk.record.count(), Ordering::Relaxed);
        match (recorded, returned) {
            (_, Err(e)) => return (disk, ScanEnd::Failed(e)),
            (Err(e), _) => return (disk, ScanEnd::Failed(not_recorded(queue, e))),
            // Nothing new in what it received: the front held seen messages only once received.
            (Ok(0), _) => return (disk, ScanEnd::Whole),
            (Ok(_), _) => {}
        }
    }
}

/// The place of the last message in `front` the scan has not seen, if any.
fn last_unseen(seen: &mut SeenIds, front: &[String]) -> io::Result<Option<usize>> {
    let mut last = None;
    for (i, id) in front.iter().enumerate() {
        if !seen.contains(id)? {
            last = Some(i);
        }
    }
    Ok(last)
}

/// Records the messages of `batch` the scan had not seen, in their order; how many.
fn record_new(disk: &mut Disk, batch: Vec<DequeuedMessage>) -> io::Result<usize> {
    let mut new = 0;
    for m in batch {
        if disk.seen.insert(&m.id)? {
            disk.record.add(&ScanRow::of(m))?;
            new += 1;
        }
    }
    Ok(new)
}

/// Makes every message of a batch visible again, each with its receipt. A return whose answer is lost is sent
/// again (`Client::return_message`), so only a failure the service keeps giving leaves a message hidden, said.
async fn return_batch(client: &Client, queue: &str, receipts: Vec<(String, String)>) -> Result<(), StorageError> {
    let returned: Vec<Result<bool, StorageError>> = futures_util::stream::iter(receipts)
        .map(|(id, receipt)| async move { client.return_message(queue, &id, &receipt).await })
        .buffer_unordered(8)
        .collect()
        .await;
    let hidden = returned.iter().filter(|r| r.is_err()).count();
    match returned.into_iter().find_map(Result::err) {
        None => Ok(()),
        Some(mut e) => {
            let later = tr!("scan-return-failed", count = hidden, seconds = HOLD_SECONDS);
            e.message =
                crate::storage::Said::Parts(vec![e.message.clone(), crate::storage::Said::text(format!(" {later}"))]);
            Err(e)
        }
    }
}

/// Work on the blocking pool (the record's and the seen ids' files), in the language the scan speaks.
async fn blocking<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    let speaks = language();
    tokio::task::spawn_blocking(move || in_language(speaks, work))
        .await
        .unwrap_or_else(|e| std::panic::resume_unwind(e.into_panic()))
}

fn not_recorded(queue: &str, e: io::Error) -> StorageError {
    StorageError::invalid(
        tr!("scan-title", queue = queue),
        tr!("scan-record-failed", why = e.to_string()),
    )
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
    /// What the window shows, with the search (lowercased) it is for.
    found: Option<(String, Found)>,
    /// The search under way, keyed by its text; `stop_finding` stops it when a newer one takes its place.
    finding: InFlight<String, Result<Found, String>>,
    stop_finding: Arc<AtomicBool>,
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
        self.drop_result();
        let (client, queue) = (ctx.client.clone(), core.queue.clone());
        let (listed, cancel) = (self.listed.clone(), self.cancel.clone());
        self.running.start(
            (),
            ctx.send(async move { scan_queue(client, queue, listed, cancel).await }),
        );
    }

    /// The last scan's record of every message it saw, front first.
    pub fn record(&self) -> Option<&Arc<ScanRecord>> {
        self.result.as_ref().map(|r| &r.record)
    }

    /// The window's result goes, and with it (once no export or copy reads it) the record's file.
    fn drop_result(&mut self) {
        self.stop_finding.store(true, Ordering::Relaxed);
        self.finding.clear();
        self.result = None;
        self.found = None;
        self.said = None;
    }

    fn export(&mut self, ctx: &PaneContext, form: ExportForm, queue: &str) {
        let Some(record) = self.record().cloned() else { return };
        let dialogs = ctx.dialogs.clone();
        let extension = if form == ExportForm::JsonLines { "jsonl" } else { "csv" };
        let name = format!("{queue}-scan.{extension}"); // i18n-ignore: a file name
        self.saving.start(
            (),
            ctx.backend.spawn_blocking(move || {
                let Some(path) = dialogs.save_file(&t("scan-dialog"), &name) else {
                    return Err(t("scan-export-cancelled"));
                };
                let shown = path.display().to_string();
                let count = record
                    .export_to_file(&path, form)
                    .map_err(|e| tr!("scan-write-failed", path = shown.as_str(), why = e.to_string()))?;
                Ok(tr!("scan-exported", count = count, path = shown.as_str()))
            }),
        );
    }

    /// Searches the record for the window's search text when what it shows is for another.
    fn search_if_changed(&mut self, ctx: &PaneContext) {
        let Some(record) = self.record().cloned() else { return };
        let needle = self.search.trim().to_lowercase();
        if self.found.as_ref().is_some_and(|(n, _)| *n == needle) || self.finding.is_out(&needle) {
            return;
        }
        self.stop_finding.store(true, Ordering::Relaxed);
        self.finding.clear();
        if needle.is_empty() {
            self.found = Some((needle, record.everything()));
            return;
        }
        self.stop_finding = Arc::default();
        let (stop, n) = (self.stop_finding.clone(), needle.clone());
        let find = move || (record.find(&n, &stop)).map_err(|e| tr!("scan-find-failed", why = e.to_string()));
        self.finding.start(needle, ctx.backend.spawn_blocking(find));
    }

    fn window(&mut self, egui_ctx: &egui::Context, core: &QueueCore, ctx: &mut PaneContext) {
        self.search_if_changed(ctx);
        let Some(result) = &self.result else { return };
        let mut open = true;
        let mut export = None;
        let mut copy_to = None;
        let searching = !self.finding.is_empty();
        let title = tr!("scan-title", queue = core.queue.as_str());
        crate::app::widgets::placement::beside_the_toolbar(egui::Window::new(title), egui_ctx)
            .id(egui::Id::unique(("queue-scan", &core.queue)))
            .open(&mut open)
            .default_size([760.0, 460.0])
            .show(egui_ctx, |ui| {
                let n = result.record.count();
                match &result.end {
                    ScanEnd::Whole => ui.label(tr!("scan-whole-list", count = n)),
                    ScanEnd::Cancelled => ui.label(tr!("scan-cancelled-list", count = n)),
                    ScanEnd::Failed(_) => ui.label(tr!("scan-failed-list", count = n)),
                };
                ui.horizontal(|ui| {
                    let l = ui.label(t("scan-find"));
                    ui.add(
                        egui::TextEdit::singleline(&mut self.search)
                            .id_salt("scan-find")
                            .hint_text(t("scan-find-hint")),
                    )
                    .labelled_by(l.id);
                    if ui.button(t("scan-export-json")).clicked() {
                        export = Some(ExportForm::JsonLines);
                    }
                    if ui.button(t("scan-export-csv")).clicked() {
                        export = Some(ExportForm::Csv);
                    }
                });
                if let Some(said) = &self.said {
                    match said {
                        Ok(words) => ui.label(words),
                        Err(e) => ui.colored_label(ui.visuals().error_fg_color, e),
                    };
                }
                let Some((needle, found)) = &self.found else { return };
                ui.horizontal(|ui| {
                    ui.label(tr!("scan-shown", count = found.count));
                    if searching {
                        ui.spinner();
                        ui.label(t("scan-finding"));
                    }
                    // What the search shows is what is copied: every scanned message when the search is empty.
                    let what = tr!("scan-copy-shown", count = found.count);
                    if let Some(to) = copy_to_menu(ui, core, what) {
                        copy_to = Some((to, needle.clone(), found.count));
                    }
                });
                if found.sample.len() < found.count {
                    ui.weak(tr!("scan-first-shown", shown = found.sample.len(), count = found.count));
                }
                rows_table(ui, &core.queue, &found.sample);
            });
        if let Some(form) = export {
            self.export(ctx, form, &core.queue);
        }
        if let Some((to, needle, count)) = copy_to
            && let Some(record) = self.record().cloned()
        {
            let queue = core.queue.clone();
            // Read from the record as the copy goes, inside the copy's own work (which runs on the runtime).
            let messages = futures_util::stream::once(async move { record.matching(needle) })
                .flat_map(|feed| feed.into_stream())
                .map(move |row| {
                    row.map(ScanRow::into_peeked).map_err(|e| {
                        let why = tr!("scan-record-failed", why = e.to_string());
                        StorageError::invalid(tr!("scan-title", queue = queue.as_str()), why)
                    })
                });
            self.copying.copy_from(core, ctx, count, messages, to);
        }
        if !open {
            self.drop_result();
        }
    }
}

/// The shown messages, a row each (only the rows in view are laid out).
fn rows_table(ui: &mut egui::Ui, queue: &str, rows: &[ScanRow]) {
    use egui_extras::{Column, TableBuilder};
    TableBuilder::new(ui)
        .id_salt(("scan-rows", queue))
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
            body.rows(18.0, rows.len(), |mut row| {
                let r = &rows[row.index()];
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
                    ui.label(&r.text).on_hover_text(&r.text);
                });
            });
        });
}

impl Feature for QueueScan {
    type Pane = crate::app::queue::feature::Queue;

    fn poll(&mut self, core: &QueueCore, ctx: &mut PaneContext, fx: &mut QueueEffects) {
        self.copying.poll(core, ctx, fx);
        if let Some((_, result)) = self.running.take() {
            match result {
                Ok(scanned) => {
                    let n = scanned.record.count();
                    fx.say(match &scanned.end {
                        ScanEnd::Whole => Ok(tr!("scan-done", count = n)),
                        ScanEnd::Cancelled => Ok(tr!("scan-cancelled", count = n)),
                        ScanEnd::Failed(e) => Err(e.clone()),
                    });
                    self.drop_result();
                    self.result = Some(scanned);
                }
                Err(e) => fx.say(Err(e)),
            }
            fx.peek();
        }
        for (needle, found) in self.finding.ready() {
            match found {
                Ok(found) => self.found = Some((needle, found)),
                // Shown as found nothing, so the same search is not tried again each frame; the failure is said.
                Err(e) => {
                    self.found = Some((needle, Found::default()));
                    self.said = Some(Err(e));
                }
            }
        }
        if let Some((_, said)) = self.saving.take() {
            self.said = Some(said);
        }
    }

    fn busy(&self) -> bool {
        !self.running.is_empty() || !self.saving.is_empty() || self.copying.busy()
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

impl QueueFeature for QueueScan {
    /// Its tab was closed: the scan stops as Cancel stops it (the batch it holds made visible again first), rather
    /// than go on raising every message's dequeue count for a list nobody sees.
    fn hide(&mut self) {
        self.cancel_work();
    }

    fn jobs(&self, core: &QueueCore) -> Vec<String> {
        match self.running.is_empty() {
            true => Vec::new(),
            false => vec![tr!("scan-title", queue = core.queue.as_str())],
        }
    }

    fn cancel_work(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
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
}
