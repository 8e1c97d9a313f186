//! A blob's preview: the first bytes read as a range (never the whole blob), shown as text, image or hex, keyed
//! by the blob and snapshot it was asked for so it never lands in another blob's panel; an image is kept by egui
//! under its account, blob, snapshot and ETag, and forgotten when another preview takes its place.

use std::sync::Arc;

use crate::app::blob::pane::BlobPane;
use crate::app::blob::transfers::guess_content_type;
use crate::app::context::{PaneContext, ReplyFor, take_for};
use crate::storage::StorageError;
use crate::storage::blob::BlobProperties;

/// A preview of a blob's first bytes.
pub enum Preview {
    Loading(String),
    Text(String, String),
    /// The name, the address egui keeps the image under (account, blob, snapshot and ETag), the bytes.
    Image(String, String, Arc<[u8]>),
    Hex(String, String),
    Failed(String, StorageError),
}

/// What a preview was asked for: its reply lands only while that blob is still the one shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PreviewFor {
    pub blob: String,
    pub snapshot: Option<String>,
}

/// A preview's bytes and the blob's properties (its whole size among them).
pub type PreviewBytes = (bytes::Bytes, BlobProperties);

impl BlobPane {
    /// Reads the first 64 KiB (or the first 8 MiB of an image, enough for a whole small one) to show as text,
    /// image or hex. Always a range, whatever size the listing said: a snapshot's or a changed blob's size may
    /// be other than the one listed, and a multi-GB blob must never come whole into memory.
    pub fn preview(&mut self, ctx: &mut PaneContext, name: &str, snapshot: Option<&str>) {
        let image = guess_content_type(name).starts_with("image/");
        let end = if image { (8 << 20) - 1 } else { 64 * 1024 - 1 };
        let ((client, container, blob), snap) = (self.owned(ctx, name), snapshot.map(str::to_string));
        let key = PreviewFor {
            blob: name.to_string(),
            snapshot: snap.clone(),
        };
        self.preview = Some(Preview::Loading(name.to_string()));
        let reply = ctx.backend.spawn(async move {
            match client
                .get_blob(&container, &blob, snap.as_deref(), Some((0, end)))
                .await
            {
                // An empty blob has no byte 0 to read: the service refuses the range.
                Err(e) if e.code.as_deref() == Some("InvalidRange") => {
                    let (props, _) = client.get_blob_properties(&container, &blob, snap.as_deref()).await?;
                    if props.content_length == 0 {
                        Ok((bytes::Bytes::new(), props))
                    } else {
                        Err(e)
                    }
                }
                r => r,
            }
        });
        self.preview_loading = Some(ReplyFor::new(key, reply));
    }

    /// Lands the preview that arrived, if its blob is still the one shown; one for a blob left behind is dropped.
    pub(super) fn poll_preview(&mut self) {
        let shown = self.core.details.as_ref().map(|d| d.name.clone());
        if let Some((key, result)) = take_for(&mut self.preview_loading, |k| shown.as_ref() == Some(&k.blob)) {
            let name = key.blob.clone();
            let uri = |etag: &str| {
                format!(
                    "bytes://{}/{}/{name}@{}#{etag}",
                    self.core.account,
                    self.core.container,
                    key.snapshot.as_deref().unwrap_or("")
                )
            };
            self.preview = Some(match result {
                Ok((bytes, props)) => classify_preview(&name, uri(&props.etag), &bytes, &props),
                Err(e) => Preview::Failed(name, e),
            });
        }
    }
}

pub(super) fn classify_preview(name: &str, uri: String, bytes: &[u8], props: &BlobProperties) -> Preview {
    let content_type = props
        .http
        .content_type
        .clone()
        .unwrap_or_else(|| guess_content_type(name).to_string());
    // Only a whole image decodes: a big one was fetched in part and shows as bytes instead.
    let whole = bytes.len() as u64 == props.content_length;
    if content_type.starts_with("image/") && !content_type.contains("svg") && whole {
        return Preview::Image(name.to_string(), uri, bytes.to_vec().into());
    }
    match std::str::from_utf8(bytes) {
        Ok(text) if !text.chars().any(|c| c.is_control() && !c.is_whitespace()) => {
            Preview::Text(name.to_string(), text.to_string())
        }
        _ => Preview::Hex(name.to_string(), hex_dump(&bytes[..bytes.len().min(1024)])),
    }
}

pub fn hex_dump(bytes: &[u8]) -> String {
    bytes
        .chunks(16)
        .enumerate()
        .map(|(i, row)| {
            let hex: Vec<String> = row.iter().map(|b| format!("{b:02x}")).collect();
            let text: String = row
                .iter()
                .map(|&b| {
                    if b.is_ascii_graphic() || b == b' ' {
                        b as char
                    } else {
                        '.'
                    }
                })
                .collect();
            format!("{:08x}  {:<48} {text}", i * 16, hex.join(" "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

pub(super) fn ui(pane: &mut BlobPane, ui: &mut egui::Ui) {
    // egui keeps an image's bytes and texture under its address until told to forget it.
    let now = match &pane.preview {
        Some(Preview::Image(_, uri, _)) => Some(uri.clone()),
        _ => None,
    };
    if pane.shown_image != now {
        if let Some(old) = pane.shown_image.take() {
            ui.ctx().forget_image(&old);
        }
        pane.shown_image = now;
    }
    let Some(p) = &pane.preview else { return };
    ui.separator();
    match p {
        Preview::Loading(n) => {
            ui.label(format!("Loading a preview of {n}…"));
        }
        Preview::Text(n, text) => {
            ui.strong(format!("Preview of {n} (text, first 64 KiB)"));
            let mut t = text.as_str();
            ui.add(egui::TextEdit::multiline(&mut t).code_editor().desired_rows(10))
                .accessible_name("Preview text");
        }
        Preview::Hex(n, hex) => {
            ui.strong(format!("Preview of {n} (hex, first bytes)"));
            ui.monospace(hex);
        }
        Preview::Image(n, uri, bytes) => {
            ui.strong(format!("Preview of {n} (image)"));
            ui.add(egui::Image::from_bytes(uri.clone(), egui::load::Bytes::Shared(bytes.clone())).max_width(360.0));
        }
        Preview::Failed(n, e) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("No preview of {n}: {}", e.plain_words()),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_dumps_show_offsets_bytes_and_text() {
        let dump = hex_dump(b"ABC\x00\x01");
        assert_eq!(dump, format!("00000000  {:<48} ABC..", "41 42 43 00 01"));
    }
}
