//! Uploads and downloads of a container tab, each a job in the activity list: blob names from local paths
//! and back (refusing names that would land outside the chosen folder), content types, upload conditions.

use std::path::{Path, PathBuf};

use crate::app::blob::pane::{BlobPane, UploadMode};
use crate::app::context::PaneContext;
use crate::app::context::Unit;
use crate::storage::blob::conditions::Conditions;
use crate::storage::blob::transfer::TransferOptions;
use crate::storage::blob::{BlobHttpHeaders, ListBlobsOptions};
use crate::storage::progress::TransferProgress;
use crate::storage::{Client, StorageError};

impl BlobPane {
    /// The conditions an upload to `name` carries, by the chosen mode and any lease this app holds.
    fn upload_conditions(&self, ctx: &PaneContext, name: &str) -> Conditions {
        let base = match self.upload_mode {
            UploadMode::Overwrite => Conditions::none(),
            UploadMode::OnlyIfNew => Conditions::create_only(),
            UploadMode::OnlyIfUnchanged => match self.blobs.iter().find(|b| b.name == name) {
                Some(b) => Conditions::if_match(b.properties.etag.clone()),
                // Not seen in this listing: "unchanged since I looked" means it must still not exist.
                None => Conditions::create_only(),
            },
        };
        base.with_lease(ctx.leases.id_for_write(&self.key(Some(name))))
    }

    /// Uploads files (from a dialog or dropped) into the current folder, each as a job.
    pub fn upload(&mut self, ctx: &mut PaneContext, files: Vec<PathBuf>, root: Option<PathBuf>) {
        for file in files {
            let relative = match &root {
                Some(r) => {
                    let base = r.parent().unwrap_or(r);
                    file.strip_prefix(base)
                        .unwrap_or(&file)
                        .to_string_lossy()
                        .replace('\\', "/")
                }
                None => file
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
            };
            let name = format!("{}{relative}", self.prefix);
            let conditions = self.upload_conditions(ctx, &name);
            let content_type = guess_content_type(&name);
            let state = (ctx.client.clone(), self.container.clone(), name, file, conditions);
            let title = format!("Upload {relative}");
            ctx.start_job(
                title,
                Unit::Bytes,
                state,
                move |job, (client, container, name, file, conditions)| {
                    let http = BlobHttpHeaders {
                        content_type: Some(content_type.to_string()),
                        ..Default::default()
                    };
                    async move {
                        let etag = client
                            .upload_file(
                                &container,
                                &name,
                                &file,
                                &http,
                                &[],
                                &conditions,
                                &TransferOptions::default(),
                                &job.progress,
                                &job.cancel,
                            )
                            .await?;
                        Ok(format!("uploaded as `{name}`, ETag {etag}"))
                    }
                },
            );
        }
    }

    /// Downloads the selected blobs and folders into `folder`, one job per blob or folder.
    pub fn download_selection(&mut self, ctx: &mut PaneContext, folder: &Path) {
        // (Each selected blob or folder is its own job, so one failure leaves the others going.)
        for name in self.selection.clone() {
            let (client, container, folder) = (ctx.client.clone(), self.container.clone(), folder.to_path_buf());
            let is_folder = name.ends_with('/');
            let base = self.prefix.clone();
            let title = format!("Download {name}");
            let state = (client, container, folder, name, base);
            ctx.start_job(
                title,
                Unit::Bytes,
                state,
                move |job, (client, container, folder, name, base)| async move {
                    if !is_folder {
                        let dest = folder.join(local_path(name.strip_prefix(&base).unwrap_or(&name))?);
                        // From a flat listing a blob's name holds its folders: make them, as for a folder.
                        if let Some(parent) = dest.parent() {
                            std::fs::create_dir_all(parent).map_err(|e| StorageError::io("Download", &e))?;
                        }
                        let options = TransferOptions::default();
                        client
                            .download_file(&container, &name, None, &dest, &options, &job.progress, &job.cancel)
                            .await?;
                        return Ok(format!("1 blob(s) saved under {}", folder.display()));
                    }
                    let names = list_all(&client, &container, &name).await?;
                    job.progress.start(names.iter().map(|(_, s)| s).sum());
                    for (blob, _) in &names {
                        let dest = folder.join(local_path(blob.strip_prefix(&base).unwrap_or(blob))?);
                        if let Some(parent) = dest.parent() {
                            std::fs::create_dir_all(parent).map_err(|e| StorageError::io("Download", &e))?;
                        }
                        // The folder's progress moves blob by blob.
                        let one = TransferProgress::new();
                        client
                            .download_file(
                                &container,
                                blob,
                                None,
                                &dest,
                                &TransferOptions::default(),
                                &one,
                                &job.cancel,
                            )
                            .await?;
                        job.progress.add(one.done());
                    }
                    Ok(format!("{} blob(s) saved under {}", names.len(), folder.display()))
                },
            );
        }
    }
}

/// Every blob under a prefix with its size, following markers.
async fn list_all(client: &Client, container: &str, prefix: &str) -> Result<Vec<(String, u64)>, StorageError> {
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

/// Every file below a folder.
pub fn walk(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                files.push(p);
            }
        }
    }
    files.sort();
    files
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
            return Err(StorageError::invalid(
                "Download",
                format!(
                    "The blob name `{name}` would be saved outside the chosen folder (it holds `{part}`); it was skipped."
                ),
            ));
        }
        path.push(part);
    }
    if path.as_os_str().is_empty() {
        return Err(StorageError::invalid(
            "Download",
            format!("The blob name `{name}` makes no file name."),
        ));
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
