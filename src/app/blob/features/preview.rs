//! A blob's preview: the first bytes read as a range (never the whole blob), shown as text, image or hex, keyed
//! by the blob and snapshot it was asked for so it never lands in another blob's panel; an image is kept by egui
//! under its account, blob, snapshot and ETag, and forgotten when another preview takes its place.

use crate::app::context::feature::Feature;
use std::sync::Arc;

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobEvent, BlobFeature, Effects};
use crate::app::blob::features::transfers::guess_content_type;
use crate::app::context::{InFlight, PaneContext};
use crate::app::widgets::i18n::{t, tr};
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

/// The Preview feature: the preview shown, the one being read, and the image egui holds for it.
#[derive(Default)]
pub struct Previews {
    shown: Option<Preview>,
    reading: InFlight<PreviewFor, Result<PreviewBytes, StorageError>>,
    /// The address under which egui holds the image shown, forgotten when another takes its place.
    pub(crate) shown_image: Option<String>,
}

impl Feature for Previews {
    type Pane = crate::app::blob::feature::Blob;

    fn poll(&mut self, core: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        // Only replies for the blob shown are still out (`event` dropped the others).
        if let Some((key, result)) = self.reading.take() {
            let name = key.blob.clone();
            let uri = |etag: &str| {
                format!(
                    // i18n-ignore: an image URI, not words
                    "bytes://{}/{}/{name}@{}#{etag}",
                    core.account,
                    core.container,
                    key.snapshot.as_deref().unwrap_or("")
                )
            };
            self.shown = Some(match result {
                Ok((bytes, props)) => classify_preview(&name, uri(&props.etag), &bytes, &props),
                Err(e) => Preview::Failed(name, e),
            });
        }
    }

    fn busy(&self) -> bool {
        !self.reading.is_empty()
    }
}

impl BlobFeature for Previews {
    fn event(&mut self, event: &BlobEvent, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        match event {
            // A preview asked for the blob left behind must not land in this one's panel.
            BlobEvent::Selected(shown) => {
                self.reading.keep(|k| Some(k.blob.as_str()) == *shown);
                if self.shown.as_ref().is_some_and(|p| Some(p.blob()) != *shown) {
                    self.shown = None;
                }
            }
            BlobEvent::PreviewAsked { blob, snapshot } => self.preview(core, ctx, blob, *snapshot),
            _ => {}
        }
    }

    fn blob_actions_ui(
        &mut self,
        ui: &mut egui::Ui,
        blob: &str,
        core: &BlobCore,
        ctx: &mut PaneContext,
        _: &mut Effects,
    ) {
        if ui.button(t("blob-preview-button")).clicked() {
            self.preview(core, ctx, blob, None);
        }
    }

    fn blob_ui(&mut self, ui: &mut egui::Ui, _: &str, _: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        self.ui(ui);
    }
}

impl Preview {
    fn blob(&self) -> &str {
        match self {
            Preview::Loading(n) | Preview::Text(n, _) | Preview::Image(n, _, _) | Preview::Hex(n, _) => n,
            Preview::Failed(n, _) => n,
        }
    }
}

impl Previews {
    /// Reads the first 64 KiB (or the first 8 MiB of an image, enough for a whole small one) to show as text,
    /// image or hex. Always a range, whatever size the listing said: a snapshot's or a changed blob's size may
    /// be other than the one listed, and a multi-GB blob must never come whole into memory.
    pub fn preview(&mut self, core: &BlobCore, ctx: &mut PaneContext, name: &str, snapshot: Option<&str>) {
        let image = guess_content_type(name).starts_with("image/");
        let end = if image { (8 << 20) - 1 } else { 64 * 1024 - 1 };
        let (client, container, blob) = (ctx.client.clone(), core.container.clone(), name.to_string());
        let snap = snapshot.map(str::to_string);
        let key = PreviewFor {
            blob: name.to_string(),
            snapshot: snap.clone(),
        };
        self.shown = Some(Preview::Loading(name.to_string()));
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
        // One preview at a time: the one asked before is dropped.
        self.reading.clear();
        self.reading.start(key, reply);
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

impl Previews {
    fn ui(&mut self, ui: &mut egui::Ui) {
        // egui keeps an image's bytes and texture under its address until told to forget it.
        let now = match &self.shown {
            Some(Preview::Image(_, uri, _)) => Some(uri.clone()),
            _ => None,
        };
        if self.shown_image != now {
            if let Some(old) = self.shown_image.take() {
                ui.ctx().forget_image(&old);
            }
            self.shown_image = now;
        }
        let Some(p) = &self.shown else { return };
        ui.separator();
        match p {
            Preview::Loading(n) => {
                ui.label(tr!("blob-preview-loading", name = n.as_str()));
            }
            Preview::Text(n, text) => {
                ui.strong(tr!("blob-preview-text", name = n.as_str()));
                let mut shown = text.as_str();
                ui.add(egui::TextEdit::multiline(&mut shown).code_editor().desired_rows(10))
                    .accessible_name(t("blob-preview-text-name"));
            }
            Preview::Hex(n, hex) => {
                ui.strong(tr!("blob-preview-hex", name = n.as_str()));
                ui.monospace(hex);
            }
            Preview::Image(n, uri, bytes) => {
                ui.strong(tr!("blob-preview-image", name = n.as_str()));
                ui.add(egui::Image::from_bytes(uri.clone(), egui::load::Bytes::Shared(bytes.clone())).max_width(360.0));
            }
            Preview::Failed(n, e) => {
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    tr!("blob-preview-failed", name = n.as_str(), why = e.plain_words()),
                );
            }
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
