//! Uploads and downloads of a container tab, each a job in the activity list: blob names from local paths
//! and back (refusing names that would land outside the chosen folder), content types, upload conditions.

use crate::app::context::feature::Feature;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use futures_util::StreamExt;

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobFeature, Effects};
use crate::app::blob::features::downloads::{CheckFor, DownloadPlan, Selected};
use crate::app::blob::features::local_files::{Links, walk};
use crate::app::blob::features::resumable::run as run_transfer;
use crate::app::context::{Backend, Direction, JobContext, Jobs, TransferJournal, Unfinished, Unit};
use crate::app::context::{InFlight, PaneContext};
use crate::app::widgets::format::human_bytes;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::blob::Conditions;
use crate::storage::blob::TransferOptions;
use crate::storage::blob::{BlobHttpHeaders, ListBlobsOptions};
use crate::storage::{Client, ErrorKind, StorageError};

/// What a file dialog of the transfers was opened for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Pick {
    Files,
    Folder,
    /// The folder to download these into.
    DownloadInto(Selected),
}

/// What an upload may overwrite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UploadMode {
    Overwrite,
    /// If-None-Match `*`: refuse when the blob exists.
    OnlyIfNew,
    /// If-Match the ETag shown: refuse when someone changed it since this listing.
    OnlyIfUnchanged,
}

impl UploadMode {
    /// The mode in the window's language, as the menu and the upload buttons say it.
    pub fn words(self) -> String {
        t(match self {
            UploadMode::Overwrite => "blob-transfers-mode-overwrite",
            UploadMode::OnlyIfNew => "blob-transfers-mode-only-if-new",
            UploadMode::OnlyIfUnchanged => "blob-transfers-mode-only-if-unchanged",
        })
    }

    /// The mode as the journal of unfinished transfers writes it down (English, the same in every language).
    pub fn describe(self) -> &'static str {
        match self {
            UploadMode::Overwrite => "overwrite",
            UploadMode::OnlyIfNew => "only if new",
            UploadMode::OnlyIfUnchanged => "only if unchanged since I looked",
        }
    }
}

/// Uploads and downloads of a container tab: the upload mode chosen, the file dialogs open, a download's check of
/// its destinations, and the question about files already there.
pub struct Transfers {
    pub(crate) mode: UploadMode,
    picking: InFlight<Pick, Option<Vec<PathBuf>>>,
    pub(crate) checking: InFlight<CheckFor, Result<Vec<PathBuf>, StorageError>>,
    pub(crate) plan: Option<DownloadPlan>,
}

impl Default for Transfers {
    fn default() -> Self {
        Transfers {
            mode: UploadMode::OnlyIfNew,
            picking: InFlight::default(),
            checking: InFlight::default(),
            plan: None,
        }
    }
}

impl Transfers {
    /// Asks where to download the selected blobs and folders (the toolbar's button and the row menu's entry).
    fn download_selection(&mut self, core: &BlobCore, ctx: &mut PaneContext) {
        let what = Selected {
            names: core.selection.names.iter().cloned().collect(),
            base: core.prefix.clone(),
        };
        self.pick(ctx, Pick::DownloadInto(what), "blob-transfers-download-into");
    }

    /// Asks for files (or a folder) in the system's dialog, off the UI thread, the dialog titled in the window's
    /// language (the context's own `pick_files` and `pick_folder` take only a fixed title).
    fn pick(&mut self, ctx: &PaneContext, what: Pick, title: &str) {
        let (dialogs, title, files) = (ctx.dialogs.clone(), t(title), what == Pick::Files);
        let asked = ctx.backend.spawn_blocking(move || match files {
            true => dialogs.pick_files(&title),
            false => dialogs.pick_folder(&title).map(|p| vec![p]),
        });
        self.picking.start(what, asked);
    }
}

impl Feature for Transfers {
    type Pane = crate::app::blob::feature::Blob;

    fn poll(&mut self, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        for (pick, answer) in self.picking.ready() {
            let Some(paths) = answer else { continue };
            match pick {
                Pick::Files => self.upload(core, ctx, paths),
                Pick::Folder => {
                    if let Some(root) = paths.into_iter().next() {
                        self.upload_folder(core, ctx, root);
                    }
                }
                Pick::DownloadInto(what) => {
                    if let Some(folder) = paths.into_iter().next() {
                        self.check_download(core, ctx, what, folder);
                    }
                }
            }
        }
        self.poll_download_check(core, ctx, fx);
    }

    fn busy(&self) -> bool {
        !self.picking.is_empty() || !self.checking.is_empty()
    }

    fn windows(&mut self, egui_ctx: &egui::Context, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        // Files and folders dropped on the window go into the folder shown.
        let dropped: Vec<PathBuf> =
            egui_ctx.input(|i| i.raw.dropped_files.iter().map(|f| f.path().to_path_buf()).collect());
        if !dropped.is_empty() {
            let (files, folders): (Vec<_>, Vec<_>) = dropped.into_iter().partition(|p| p.is_file());
            self.upload(core, ctx, files);
            for folder in folders {
                self.upload_folder(core, ctx, folder);
            }
        }
        crate::app::blob::features::downloads::ui(self, egui_ctx, core, ctx);
    }
}

impl BlobFeature for Transfers {
    fn toolbar_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        use crate::app::widgets::icon::{self, icon_button};
        let mode = tr!("blob-transfers-upload-hint", mode = self.mode.words());
        let (files, folder) = (t("blob-transfers-upload-files"), t("blob-transfers-upload-folder"));
        if icon_button(ui, true, icon::UPLOAD, &files, Some(&mode)).clicked() {
            self.pick(ctx, Pick::Files, "blob-transfers-upload-files-title");
        }
        if icon_button(ui, true, icon::UPLOAD_FOLDER, &folder, Some(&mode)).clicked() {
            self.pick(ctx, Pick::Folder, "blob-transfers-upload-folder-title");
        }
        let (any, hint) = (!core.selection.names.is_empty(), t("blob-transfers-download-hint"));
        if icon_button(ui, any, icon::DOWNLOAD, &t("blob-transfers-download"), Some(&hint)).clicked() {
            self.download_selection(core, ctx);
        }
    }

    fn offers(&self, core: &BlobCore, _: &PaneContext, offers: &mut Vec<crate::app::context::features::Offer>) {
        let (any, name) = (!core.selection.names.is_empty(), t("blob-transfers-download"));
        offers.push(crate::app::context::features::Offer::new("download", name, any));
    }

    fn run_offer(&mut self, id: &str, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        if id == "download" {
            self.download_selection(core, ctx);
        }
    }

    fn overflow_ui(&mut self, ui: &mut egui::Ui, _: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        ui.menu_button(t("blob-transfers-uploads"), |ui| {
            for m in [
                UploadMode::OnlyIfNew,
                UploadMode::OnlyIfUnchanged,
                UploadMode::Overwrite,
            ] {
                ui.radio_value(&mut self.mode, m, m.words());
            }
        });
    }

    fn blob_actions_ui(
        &mut self,
        ui: &mut egui::Ui,
        blob: &str,
        core: &BlobCore,
        ctx: &mut PaneContext,
        _: &mut Effects,
    ) {
        if ui.button(t("blob-transfers-download-blob")).clicked() {
            let what = Selected {
                names: vec![blob.to_string()],
                base: core.prefix.clone(),
            };
            self.pick(ctx, Pick::DownloadInto(what), "blob-transfers-download-into");
        }
    }
}

impl Transfers {
    /// The conditions an upload to `name` carries, by the chosen mode and any lease this app holds.
    fn upload_conditions(&self, core: &BlobCore, ctx: &PaneContext, name: &str) -> Conditions {
        let base = match self.mode {
            UploadMode::Overwrite => Conditions::none(),
            UploadMode::OnlyIfNew => Conditions::create_only(),
            UploadMode::OnlyIfUnchanged => match core.listed.blobs.position(name) {
                Ok(i) => Conditions::if_match(core.listed.blobs.etag(i)),
                // Not seen in this listing: "unchanged since I looked" means it must still not exist.
                Err(_) => Conditions::create_only(),
            },
        };
        base.with_lease(ctx.leases.id_for_write(&core.key(Some(name))))
    }

    /// Uploads files (from a dialog or dropped) into the current folder, each as a job written down in the
    /// journal of unfinished transfers until it ends (a crash or a restart leaves it to be resumed).
    pub fn upload(&mut self, core: &BlobCore, ctx: &mut PaneContext, files: Vec<PathBuf>) {
        for file in files {
            let relative = file
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let name = format!("{}{relative}", core.prefix);
            let conditions = self.upload_conditions(core, ctx, &name);
            let content_type = guess_content_type(&name);
            let transfer = Unfinished::upload(
                ctx.profile_id,
                (&core.container, &name),
                &file,
                content_type,
                &conditions,
            );
            let state = (ctx.client.clone(), transfer, ctx.journal.cloned());
            ctx.start_job(
                tr!("blob-transfers-upload-title", name = relative.as_str()),
                Unit::Bytes,
                state,
                |job, (client, transfer, journal)| run_transfer(job, client, transfer, journal, false),
            );
        }
    }

    /// Uploads a folder (from the dialog or dropped) into the current folder as one job: the walk runs in the
    /// job, off the UI thread, and a few files go at a time however many the folder holds. The job is journaled
    /// with the files it finished, so a restart offers to resume it without them.
    pub fn upload_folder(&mut self, core: &BlobCore, ctx: &mut PaneContext, root: PathBuf) {
        let listed: HashMap<String, String> = (0..core.listed.blobs.len())
            .map(|i| (core.listed.blobs.name(i).to_string(), core.listed.blobs.etag(i)))
            .collect();
        let folder = root
            .file_name()
            .map_or_else(|| root.display().to_string(), |n| n.to_string_lossy().into_owned());
        // Only the ETags an "only if unchanged" upload of this folder compares with are written down.
        let under = format!("{}{folder}/", core.prefix);
        let journaled = match self.mode {
            UploadMode::OnlyIfUnchanged => listed
                .iter()
                .filter(|(name, _)| name.starts_with(&under))
                .map(|(n, e)| (n.clone(), e.clone()))
                .collect(),
            _ => Vec::new(),
        };
        let transfer = Unfinished::new(
            ctx.profile_id,
            (&core.container, &core.prefix),
            Direction::UploadFolder {
                root: root.clone(),
                mode: self.mode.describe().to_string(),
                listed: journaled,
            },
        );
        let upload = FolderUpload {
            client: ctx.client.clone(),
            container: core.container.clone(),
            prefix: core.prefix.clone(),
            root,
            mode: self.mode,
            listed: Arc::new(listed),
            leases: Arc::new(ctx.leases.ids_for_writes_in(&core.account, &core.container)),
            done: Arc::default(),
            journal: ctx.journal.cloned().map(|j| (j, transfer)),
            resumed: false,
        };
        let title = tr!("blob-transfers-upload-folder-job", folder = folder);
        ctx.start_job(title, Unit::Bytes, upload, |job, upload| upload.run(job));
    }
}

/// Resumes a journaled folder upload after a restart, as a job: the files it finished are skipped, the one it
/// was in the middle of sends only the blocks the service lacks.
pub fn resume_folder(jobs: &mut Jobs, backend: &Backend, client: Client, t: Unfinished, journal: TransferJournal) {
    let Direction::UploadFolder { root, mode, listed } = &t.direction else {
        return;
    };
    let mode = [
        UploadMode::Overwrite,
        UploadMode::OnlyIfNew,
        UploadMode::OnlyIfUnchanged,
    ]
    .into_iter()
    .find(|m| m.describe() == mode)
    .unwrap_or(UploadMode::OnlyIfNew);
    let upload = FolderUpload {
        client,
        container: t.container.clone(),
        prefix: t.blob.clone(),
        root: root.clone(),
        mode,
        listed: Arc::new(listed.iter().cloned().collect()),
        // The leases this app held went with its end.
        leases: Arc::default(),
        done: Arc::new(Mutex::new(journal.done(&t.id))),
        journal: Some((journal, t.clone())),
        resumed: true,
    };
    jobs.run(backend, t.title(), Unit::Bytes, upload, |job, upload| upload.run(job));
}

/// How many files of a folder upload are sent at once (each may itself send several blocks at once).
pub const FOLDER_FILES_AT_ONCE: usize = 4;

/// A folder upload's work, cloned for each run of its job.
#[derive(Clone)]
struct FolderUpload {
    client: Client,
    container: String,
    /// The folder of the container it goes into.
    prefix: String,
    root: PathBuf,
    mode: UploadMode,
    /// The listing's blobs and their ETags, for "only if unchanged".
    listed: Arc<HashMap<String, String>>,
    /// Leases this app holds in the container, by blob name.
    leases: Arc<HashMap<String, String>>,
    /// Files an earlier run uploaded: a retry sends only the rest.
    done: Arc<Mutex<HashSet<PathBuf>>>,
    /// Where the upload and the files it finished are written down (None: not journaled).
    journal: Option<(TransferJournal, Unfinished)>,
    /// Resumed after a restart (from the journal).
    resumed: bool,
}

impl FolderUpload {
    fn conditions(&self, name: &str) -> Conditions {
        let base = match self.mode {
            UploadMode::Overwrite => Conditions::none(),
            UploadMode::OnlyIfNew => Conditions::create_only(),
            UploadMode::OnlyIfUnchanged => match self.listed.get(name) {
                Some(etag) => Conditions::if_match(etag.clone()),
                None => Conditions::create_only(),
            },
        };
        base.with_lease(self.leases.get(name).cloned())
    }

    async fn run(self, job: JobContext) -> Result<String, StorageError> {
        let mut _claim = None;
        if let Some((journal, unfinished)) = self.journal.clone() {
            let resumed = self.resumed;
            let begun = tokio::task::spawn_blocking(move || journal.start(&unfinished, resumed)).await;
            _claim = Some(
                begun
                    .map_err(|e| StorageError::invalid(t("blob-transfers-op-journal"), e.to_string()))?
                    .map_err(crate::app::blob::features::resumable::journal_refused)?,
            );
        }
        let result = self.upload_files(&job).await;
        // Finished, cancelled or refused for what it asks (gone, exists, changed): crossed out. Failed otherwise:
        // kept, so Retry or the next start resumes it.
        let keep =
            matches!(&result, Err(e) if e.kind != ErrorKind::Cancelled && !matches!(e.status, Some(404 | 409 | 412)));
        if let (Some((journal, t)), false) = (&self.journal, keep) {
            journal.end(&t.id);
        }
        result
    }

    async fn upload_files(&self, job: &JobContext) -> Result<String, StorageError> {
        let op = tr!(
            "blob-transfers-upload-folder-job",
            folder = self.root.display().to_string()
        );
        job.say(t("blob-transfers-reading-folder"));
        let root = self.root.clone();
        // Links are passed over (never followed out of the folder), and what could not be read is named as not
        // uploaded rather than taken for empty.
        let walked = tokio::task::spawn_blocking(move || walk(&root, Links::PassOver))
            .await
            .map_err(|e| StorageError::invalid(&op, tr!("blob-transfers-walk-stopped", why = e.to_string())))?;
        let files: Vec<(PathBuf, u64)> = {
            let done = self.done.lock().expect("done lock");
            (walked.files.into_iter())
                .filter(|f| !done.contains(&f.path))
                .map(|f| (f.path, f.size))
                .collect()
        };
        let folder = self
            .root
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        // Each named among the job's items: what could not be read as not uploaded, the links as passed over.
        let unread: Vec<(String, StorageError)> = (walked.unread.into_iter())
            .map(|(name, why)| {
                let (name, what) = (format!("{folder}/{name}"), tr!("blob-transfers-not-read", why = why));
                job.item_not_done(&name, tr!("blob-transfers-item-not-uploaded", why = what.as_str()));
                (name, StorageError::invalid(&op, what))
            })
            .collect();
        for (name, why) in &walked.passed {
            job.item(
                &format!("{folder}/{name}"),
                tr!("blob-transfers-item-passed", why = why.words()),
            );
        }
        let (count, bytes) = (files.len() + unread.len(), files.iter().map(|(_, s)| s).sum::<u64>());
        job.progress.start(bytes);
        let base = self.root.parent().unwrap_or(&self.root).to_path_buf();
        let failures: Mutex<Vec<(String, StorageError)>> = Mutex::new(unread);
        let started = std::sync::atomic::AtomicUsize::new(0);
        futures_util::stream::iter(files)
            .for_each_concurrent(FOLDER_FILES_AT_ONCE, |(path, _)| {
                let (job, this, base, failures, started) = (job, self, &base, &failures, &started);
                async move {
                    if job.cancel.is_cancelled() {
                        return;
                    }
                    let relative = path
                        .strip_prefix(base)
                        .unwrap_or(&path)
                        .to_string_lossy()
                        .replace('\\', "/");
                    let n = started.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                    job.say(tr!(
                        "blob-transfers-file-of",
                        n = n,
                        count = count,
                        name = relative.as_str()
                    ));
                    let name = format!("{}{relative}", this.prefix);
                    let http = BlobHttpHeaders {
                        content_type: Some(guess_content_type(&name).to_string()),
                        ..Default::default()
                    };
                    let result = this
                        .client
                        .upload_file(
                            &this.container,
                            &name,
                            &path,
                            &http,
                            &[],
                            &this.conditions(&name),
                            &TransferOptions::default(),
                            &job.progress.part(),
                            &job.cancel,
                        )
                        .await;
                    let result = match result {
                        // After a restart, a file refused because its blob exists may be one whose upload had
                        // committed just before the app ended: it counts as done when the blob holds exactly it.
                        Err(e) if this.resumed && matches!(e.status, Some(409 | 412)) => {
                            let options = TransferOptions::default();
                            match this.client.holds_file(&this.container, &name, &path, &options).await {
                                Ok(true) => Ok(String::new()),
                                _ => Err(e),
                            }
                        }
                        other => other,
                    };
                    match result {
                        Ok(_) => {
                            if let Some((journal, t)) = &this.journal {
                                let (journal, id, file) = (journal.clone(), t.id.clone(), path.clone());
                                // A line appended: noted before the next file, so a crash never sends it again.
                                let _ = tokio::task::spawn_blocking(move || {
                                    journal.mark_done(&id, &file.to_string_lossy())
                                })
                                .await;
                            }
                            this.done.lock().expect("done lock").insert(path);
                            job.item(&relative, t("blob-transfers-item-uploaded"));
                        }
                        Err(e) => {
                            job.item_not_done(
                                &relative,
                                tr!("blob-transfers-item-not-uploaded", why = e.message.to_string()),
                            );
                            failures.lock().expect("failures lock").push((relative, e));
                        }
                    }
                }
            })
            .await;
        if job.cancel.is_cancelled() {
            return Err(StorageError::cancelled(op));
        }
        let failures = failures.into_inner().expect("failures lock");
        let sent = count - failures.len();
        let links = match walked.passed.len() {
            0 => String::new(),
            n => tr!("blob-transfers-links-skipped", count = n),
        };
        match failures.into_iter().next() {
            None => Ok(tr!(
                "blob-transfers-uploaded",
                count = sent,
                size = human_bytes(bytes),
                links = links
            )),
            Some((first, mut e)) => {
                let (failed, why) = (count - sent, e.message.to_string());
                e.message = crate::storage::Said::text(tr!(
                    "blob-transfers-not-uploaded",
                    failed = failed,
                    count = count,
                    first = first,
                    why = why
                ));
                Err(e)
            }
        }
    }
}

/// Every blob under a prefix with its size, following markers.
pub(super) async fn list_all(
    client: &Client,
    container: &str,
    prefix: &str,
) -> Result<Vec<(String, u64)>, StorageError> {
    let mut out = Vec::new();
    let mut marker = None;
    loop {
        let options = ListBlobsOptions {
            prefix: Some(prefix.to_string()),
            marker,
            ..Default::default()
        };
        let page = client.list_blobs(container, &options).await?;
        out.extend(page.blobs.into_iter().map(|b| (b.name, b.properties.content_length)));
        match page.next_marker {
            Some(m) => marker = Some(m),
            None => return Ok(out),
        }
    }
}

pub fn guess_content_type(name: &str) -> &'static str {
    let ext = name.rsplit('.').next().unwrap_or("").to_ascii_lowercase();
    match ext.as_str() {
        "txt" | "log" => "text/plain",
        "md" => "text/markdown",
        "csv" => "text/csv",
        "json" => "application/json",
        "xml" => "application/xml",
        "html" | "htm" => "text/html",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "svg" => "image/svg+xml",
        "pdf" => "application/pdf",
        _ => "application/octet-stream",
    }
}

/// The local path for a blob name below the download folder. Blob names may hold `..`, a leading `/` or a
/// drive letter; saved as they are, they could land outside the folder the user chose, so they are refused.
pub fn local_path(name: &str) -> Result<PathBuf, StorageError> {
    let mut path = PathBuf::new();
    for part in name.split('/').filter(|p| !p.is_empty()) {
        // On Windows a backslash separates folders and `:` names a drive or a stream; elsewhere both are plain.
        let unsafe_part = part == "." || part == ".." || (cfg!(windows) && part.contains(['\\', ':']));
        if unsafe_part {
            let why = tr!("blob-transfers-name-outside", name = name, part = part);
            return Err(StorageError::invalid(t("blob-transfers-op-download"), why));
        }
        path.push(part);
    }
    if path.as_os_str().is_empty() {
        let why = tr!("blob-transfers-name-no-file", name = name);
        return Err(StorageError::invalid(t("blob-transfers-op-download"), why));
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blob_names_that_would_escape_the_download_folder_are_refused() {
        assert_eq!(
            local_path("a/b/c.txt").unwrap(),
            PathBuf::from("a").join("b").join("c.txt")
        );
        assert_eq!(
            local_path("/lead//double").unwrap(),
            PathBuf::from("lead").join("double")
        );
        assert_eq!(local_path("logs/10:00.json").is_ok(), !cfg!(windows));
        for bad in ["../x", "a/../../x", "./x", "/", ".."] {
            assert!(local_path(bad).is_err(), "{bad} was accepted");
        }
    }
}
