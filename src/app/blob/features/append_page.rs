//! Append and page blobs in a container tab: creating either, appending text or a file (only at the end the
//! user saw, and below a size, when asked), writing a file's pages at an offset, and the page ranges as a map.

use crate::app::context::feature::Feature;
use std::path::PathBuf;

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobEvent, BlobFeature, Effects, Tool};
use crate::app::blob::features::append_page_ui::{append_ui, create_ui, page_ui};
use crate::app::context::draft::Draft;
use crate::app::context::sent::OpDone;
use crate::app::context::{InFlight, JobContext, PaneContext, Unit};
use crate::app::widgets::format::human_bytes;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::blob::{Conditions, FileWritten, PAGE, PageRange};
use crate::storage::{Client, StorageError};

/// A text append's purpose: the blob, and the text sent.
type TextSent = (String, String);

/// What the New blob row and the append and page controls hold as typed.
pub struct AppendPage {
    pub new_name: String,
    pub new_page_blob: bool,
    pub page_size: u64,
    /// The text to append, as typed: a draft on nothing (the service holds no text of it), kept until an append
    /// of exactly it succeeded.
    pub text: Draft<String>,
    /// Append only if the blob is still the length shown (x-ms-blob-condition-appendpos).
    pub at_end_shown: bool,
    /// Refuse an append that would grow the blob past this many bytes (0: no limit).
    pub max_size: u64,
    pub page_offset: u64,
    /// How many bytes Clear pages clears from the offset.
    pub clear_length: u64,
    reading: InFlight<String, Result<Vec<PageRange>, StorageError>>,
    /// A page blob's ranges, by blob, as last read.
    pub ranges: Option<(String, Vec<PageRange>)>,
    /// A text append on its way: for which blob, and the text it sent.
    appending: InFlight<TextSent, Result<FileWritten, (StorageError, FileWritten)>>,
    /// File dialogs open, keyed by what their answer is for.
    picking: InFlight<Pick, Option<Vec<PathBuf>>>,
    /// Clear pages waiting for the answer to its question: (blob, offset, length, the ETag shown).
    asking_clear: Option<(String, u64, u64, String)>,
}

/// What a file dialog of this feature was opened for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Pick {
    /// A file to append to this blob.
    Append(String),
    /// A file whose pages go into this blob at this offset.
    Pages(String, u64),
}

impl Default for AppendPage {
    fn default() -> Self {
        AppendPage {
            new_name: String::new(),
            new_page_blob: false,
            page_size: 8 * PAGE,
            text: Draft::new("", String::new()),
            at_end_shown: true,
            max_size: 0,
            page_offset: 0,
            clear_length: PAGE,
            reading: InFlight::default(),
            ranges: None,
            appending: InFlight::default(),
            picking: InFlight::default(),
            asking_clear: None,
        }
    }
}

impl Feature for AppendPage {
    type Pane = crate::app::blob::feature::Blob;

    fn poll(&mut self, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        if let Some((blob, result)) = self.reading.take() {
            match result {
                Ok(ranges) => self.ranges = Some((blob, ranges)),
                Err(e) => fx.fail(e),
            }
        }
        // An append lands on the blob it was for, whatever is shown now; the text goes only once it is in.
        if let Some(((blob, sent), result)) = self.appending.take() {
            self.text.unsent(&sent);
            fx.say(match result {
                Ok(done) => {
                    if self.text.edit == sent {
                        self.text.edit.clear();
                    }
                    match done.first_offset {
                        Some(first) => Ok(tr!(
                            "blob-append-page-appended",
                            bytes = sent.len().to_string(),
                            blob = blob.as_str(),
                            offset = first.to_string(),
                            blocks = done.blocks.to_string()
                        )),
                        None => Ok(tr!("blob-append-page-nothing", blob = blob.as_str())),
                    }
                }
                // Stopped part-way (the error says how much went in): the box keeps only what did not, so Append
                // text sends the rest and never the blocks that landed twice. Text typed since is left alone.
                Err((mut e, done)) => {
                    let went = done.bytes as usize;
                    if went > 0 && self.text.edit == sent {
                        self.text.edit = sent[went..].to_string();
                        let rest = tr!("blob-append-page-rest-kept", bytes = self.text.edit.len().to_string());
                        e.message = crate::storage::Said::Parts(vec![
                            e.message.clone(),
                            crate::storage::Said::text(format!(" {rest}")),
                        ]);
                    }
                    Err(e)
                }
            });
            fx.refresh();
        }
        for (pick, answer) in self.picking.ready() {
            let Some(file) = answer.and_then(|paths| paths.into_iter().next()) else {
                continue;
            };
            match pick {
                Pick::Append(blob) => self.append_file(core, ctx, fx, &blob, file),
                Pick::Pages(blob, offset) => self.write_pages(core, ctx, fx, (&blob, offset), file),
            }
        }
    }

    fn busy(&self) -> bool {
        !self.reading.is_empty() || !self.picking.is_empty()
    }

    fn sending(&self) -> bool {
        !self.appending.is_empty()
    }

    /// Text typed to append is a draft like any other: a closing tab asks before dropping it.
    fn unsaved(&self) -> Vec<String> {
        match self.text.is_unsaved() {
            false => Vec::new(),
            true => vec![tr!(
                "blob-append-page-unsaved",
                bytes = self.text.edit.len().to_string()
            )],
        }
    }

    fn windows(&mut self, egui_ctx: &egui::Context, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        let Some((name, offset, length, _)) = &self.asking_clear else {
            return;
        };
        let (bytes, blob) = (length.to_string(), name.as_str());
        let title = tr!("blob-append-page-clear-title", bytes = bytes.as_str(), blob = blob);
        let (from, to) = (offset.to_string(), (offset + length - 1).to_string());
        let body = tr!("blob-append-page-clear-body", from = from, to = to, blob = blob);
        let yes = tr!("blob-append-page-clear-yes", bytes = bytes);
        let id = egui::Id::unique(("clear-pages", &core.container));
        let Some(answer) = crate::app::widgets::confirm::ask(egui_ctx, id, &title, &body, &yes, |_| {}) else {
            return;
        };
        if let Some((name, offset, length, etag)) = self.asking_clear.take().filter(|_| answer) {
            self.clear_pages(core, ctx, fx, (&name, offset, length), etag);
        }
    }
}

impl BlobFeature for AppendPage {
    fn tool(&self) -> Option<Tool> {
        Some(Tool {
            icon: crate::app::widgets::icon::NEW_FILE,
            name: "blob-append-page-tool",
            hint: "blob-append-page-tool-hint",
            search: false,
        })
    }

    fn event(&mut self, event: &BlobEvent, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        match event {
            // A page blob's ranges are read with its details (each full read of them, not a read after a save).
            BlobEvent::PropertiesRead {
                blob,
                props,
                full: true,
                ..
            } if props.blob_type == "PageBlob" => self.read_page_ranges(core, ctx, blob),
            // Ranges read for a blob no longer shown land nowhere.
            BlobEvent::Selected(shown) => self.reading.keep(|b| Some(b.as_str()) == *shown),
            _ => {}
        }
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        create_ui(self, ui, core, ctx, fx);
    }

    fn blob_ui(&mut self, ui: &mut egui::Ui, blob: &str, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        match core
            .selected_properties()
            .map(|p| (p.blob_type.clone(), p.content_length))
        {
            Some((kind, _)) if kind == "AppendBlob" => {
                ui.separator();
                append_ui(self, ui, (core, ctx, fx), blob);
            }
            Some((kind, size)) if kind == "PageBlob" => {
                ui.separator();
                page_ui(self, ui, (core, ctx, fx), blob, size);
            }
            _ => {}
        }
    }
}

impl AppendPage {
    /// What the Write at offset box sets: where a page write or Clear pages starts.
    pub fn set_page_offset(&mut self, offset: u64) {
        self.page_offset = offset;
    }

    /// Creates an empty append blob, or a page blob of the size typed, in the folder shown (never over a blob
    /// already there).
    pub fn create_special_blob(&mut self, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        let name = format!("{}{}", core.prefix, self.new_name.trim());
        let (page, size) = (self.new_page_blob, self.page_size);
        let (client, container, name) = (ctx.client.clone(), core.container.clone(), name.clone());
        let for_blob = Some(name.clone());
        let work = ctx.send(async move {
            let only_new = Conditions::create_only();
            let r = if page {
                client.create_page_blob(&container, &name, size, &only_new).await
            } else {
                client.create_append_blob(&container, &name, &only_new).await
            };
            OpDone {
                message: r.map(|_| match page {
                    true => tr!(
                        "blob-append-page-created-page",
                        bytes = size.to_string(),
                        blob = name.as_str()
                    ),
                    false => tr!("blob-append-page-created-append", blob = name.as_str()),
                }),
                lease: None,
            }
        });
        fx.op(for_blob, work);
        self.new_name.clear();
    }

    /// The position an append must start at ("only at the end shown"), or why it cannot be sent yet.
    fn append_position(&mut self, core: &BlobCore, fx: &mut Effects, blob: &str) -> Result<Option<u64>, ()> {
        if !self.at_end_shown {
            return Ok(None);
        }
        match core.shown_length(blob) {
            Some(len) => Ok(Some(len)),
            None => {
                fx.fail(StorageError::invalid(
                    t("blob-append-page-append"),
                    t("blob-append-page-length-loading"),
                ));
                Err(())
            }
        }
    }

    /// Appends the text typed, in blocks of up to 4 MiB. The text stays in its box until an append of exactly it
    /// succeeded: a refusal (someone appended first) or a failure leaves it there to send again.
    pub fn append_text(&mut self, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects, blob: &str) {
        let Ok(at) = self.append_position(core, fx, blob) else {
            return;
        };
        let text = self.text.send();
        let max = Some(self.max_size).filter(|m| *m > 0);
        let lease = ctx.leases.id_for_write(&core.key(Some(blob)));
        let (client, container, name) = (ctx.client.clone(), core.container.clone(), blob.to_string());
        let sent = text.clone();
        let reply = ctx.send(async move {
            let conditions = Conditions::none().with_lease(lease);
            client
                .append_text(&container, &name, &text, (at, max), &conditions)
                .await
        });
        self.appending.start((blob.to_string(), sent), reply);
    }

    /// Whether a text append is on its way.
    pub fn is_appending(&self) -> bool {
        !self.appending.is_empty()
    }

    /// Appends a file as a job: checked first, then read and sent in blocks of up to 4 MiB (never the whole file
    /// in memory), each where the one before ended, with progress and Cancel.
    pub fn append_file(&mut self, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects, blob: &str, file: PathBuf) {
        let Ok(at) = self.append_position(core, fx, blob) else {
            return;
        };
        let max = Some(self.max_size).filter(|m| *m > 0);
        let conditions = Conditions::none().with_lease(ctx.leases.id_for_write(&core.key(Some(blob))));
        let title = "blob-append-page-append-job";
        file_job(
            ctx,
            core,
            (blob, file),
            conditions,
            title,
            move |job, (client, container, name, file, conditions)| async move {
                let done = client
                    .append_file(
                        &container,
                        &name,
                        &file,
                        (at, max),
                        &conditions,
                        &job.progress,
                        &job.cancel,
                    )
                    .await?;
                Ok(tr!(
                    "blob-append-page-append-job-done",
                    size = human_bytes(done.bytes),
                    blob = name.as_str(),
                    offset = done.first_offset.unwrap_or(0).to_string(),
                    blocks = done.blocks.to_string()
                ))
            },
        );
    }

    /// Writes a file's pages at `offset` as a job: the whole file is checked first (whole pages, within the
    /// blob), then sent 4 MiB at a time with progress and Cancel, each chunk If-Match the version the one before
    /// made (the first, the version shown).
    pub fn write_pages(
        &mut self,
        core: &BlobCore,
        ctx: &mut PaneContext,
        fx: &mut Effects,
        (blob, offset): (&str, u64),
        file: PathBuf,
    ) {
        let Some(etag) = core.shown_etag(blob) else {
            fx.fail(StorageError::invalid(
                t("blob-append-page-write"),
                t("blob-append-page-props-loading"),
            ));
            return;
        };
        let conditions = Conditions::if_match(etag).with_lease(ctx.leases.id_for_write(&core.key(Some(blob))));
        let title = "blob-append-page-write-job";
        file_job(
            ctx,
            core,
            (blob, file),
            conditions,
            title,
            move |job, (client, container, name, file, conditions)| async move {
                let done = client
                    .write_file_pages(
                        &container,
                        &name,
                        &file,
                        offset,
                        &conditions,
                        &job.progress,
                        &job.cancel,
                    )
                    .await?;
                Ok(tr!(
                    "blob-append-page-write-job-done",
                    bytes = done.bytes.to_string(),
                    blob = name.as_str(),
                    offset = offset.to_string()
                ))
            },
        );
    }

    /// Clear pages, after the question: only if the blob is still the version shown.
    pub fn clear_pages(
        &mut self,
        core: &BlobCore,
        ctx: &mut PaneContext,
        fx: &mut Effects,
        (blob, offset, length): (&str, u64, u64),
        etag: String,
    ) {
        let conditions = Conditions::if_match(etag).with_lease(ctx.leases.id_for_write(&core.key(Some(blob))));
        let (client, container, name) = (ctx.client.clone(), core.container.clone(), blob.to_string());
        let for_blob = Some(name.clone());
        let work = ctx.send(async move {
            let r = client.clear_pages(&container, &name, offset, length, &conditions).await;
            OpDone {
                message: r.map(|etag| {
                    let (from, to) = (offset.to_string(), (offset + length - 1).to_string());
                    tr!(
                        "blob-append-page-cleared",
                        from = from,
                        to = to,
                        blob = name.as_str(),
                        etag = etag
                    )
                }),
                lease: None,
            }
        });
        fx.op(for_blob, work);
    }

    /// Asks before clearing pages, naming the blob and the range; refused in words first when the range is not
    /// whole pages within the blob.
    pub fn ask_clear_pages(&mut self, core: &BlobCore, fx: &mut Effects, blob: &str, size: u64) {
        let (offset, length) = (self.page_offset, self.clear_length);
        if let Err(why) = crate::storage::blob::pages_fit(length, offset, size) {
            fx.fail(StorageError::invalid(
                t("blob-append-page-clear"),
                why.to_string().replace("file", "range"),
            ));
            return;
        }
        let Some(etag) = core.shown_etag(blob) else { return };
        self.asking_clear = Some((blob.to_string(), offset, length, etag));
    }

    /// Asks for a file in the system's dialog, off the UI thread, titled in the window's language.
    pub(super) fn pick(&mut self, ctx: &PaneContext, what: Pick, title: &str) {
        let (dialogs, title) = (ctx.dialogs.clone(), t(title));
        let asked = ctx.backend.spawn_blocking(move || dialogs.pick_files(&title));
        self.picking.start(what, asked);
    }

    /// Reads a page blob's ranges for the map (with its properties: a refresh re-reads them).
    fn read_page_ranges(&mut self, core: &BlobCore, ctx: &mut PaneContext, blob: &str) {
        let (client, container, name) = (ctx.client.clone(), core.container.clone(), blob.to_string());
        let pending = ctx
            .backend
            .spawn(async move { client.get_page_ranges(&container, &name).await });
        self.reading.start(blob.to_string(), pending);
    }
}

/// Starts the job that sends `file` into `blob` (appended, or written as pages) under `conditions`, titled by the
/// message `title` (which names the file and the blob); `send` is the job's work.
fn file_job<W, F>(
    ctx: &mut PaneContext,
    core: &BlobCore,
    (blob, file): (&str, PathBuf),
    conditions: Conditions,
    title: &str,
    send: W,
) where
    W: Fn(JobContext, (Client, String, String, PathBuf, Conditions)) -> F + Send + Sync + 'static,
    F: std::future::Future<Output = Result<String, StorageError>> + Send + 'static,
{
    let title = tr!(title, file = file.display().to_string(), blob = blob);
    let state = (
        ctx.client.clone(),
        core.container.clone(),
        blob.to_string(),
        file,
        conditions,
    );
    ctx.start_job(title, Unit::Bytes, state, send);
}
