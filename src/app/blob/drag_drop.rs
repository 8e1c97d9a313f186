//! Blobs dragged out of the list and dropped on a folder (a row of the list, or a container in the tree): the
//! drag carries the selection as a clipboard would, and a drop pastes it through the same job as Paste here,
//! moved (a move asks first about what it would not carry), or copied when Ctrl is held.

use crate::app::blob::features::copy_paste::{CopyPaste, clipboard_of, selection_items};
use crate::app::blob::pane::BlobPane;
use crate::app::context::PaneContext;
use crate::app::context::clipboard::BlobDrag;

impl BlobPane {
    /// A row began to be dragged: a row outside the selection becomes the selection (as a file manager does),
    /// then the selection is what is carried.
    pub(crate) fn start_drag(&mut self, egui_ctx: &egui::Context, ctx: &mut PaneContext, name: &str) {
        if !self.core.selection.names.contains(name) {
            match name.ends_with('/') {
                true => self.select_folder(name, false),
                false => self.select(ctx, name, false),
            }
        }
        let items = selection_items(&self.core);
        if items.is_empty() {
            return;
        }
        egui::DragAndDrop::set_payload(egui_ctx, BlobDrag(clipboard_of(&self.core, ctx, items, true, None)));
    }

    /// What was dragged was let go on `folder` of this container: pasted there, unless that is where it came
    /// from or one of the folders carried (a folder cannot go into itself).
    pub(crate) fn drop_on_folder(&mut self, ctx: &mut PaneContext, drag: &BlobDrag, folder: &str, copy: bool) {
        let clip = &drag.0;
        let here = clip.account == self.core.account && clip.container == self.core.container;
        if here && (clip.base == folder || clip.items.iter().any(|(n, _)| folder.starts_with(n.as_str()))) {
            return;
        }
        let mut clip = clip.clone();
        clip.cut = !copy;
        *ctx.blob_clipboard = Some(clip);
        self.paste_into(ctx, folder);
    }

    /// Pastes what the clipboard holds into `prefix` of this container (a drop from the tree lands at the root).
    pub fn paste_into(&mut self, ctx: &mut PaneContext, prefix: &str) {
        let prefix = prefix.to_string();
        self.with_feature::<CopyPaste, _>(ctx, |f, core, ctx, fx| f.paste_into(core, ctx, fx, &prefix));
    }
}

/// Whether a drop now is a copy: Ctrl (Cmd on macOS) held.
pub fn drop_copies(egui_ctx: &egui::Context) -> bool {
    egui_ctx.input(|i| i.modifiers.command)
}

/// Beside the pointer while blobs are dragged: what a drop would do (move, or copy with Ctrl), and how many.
pub fn drag_hint(ctx: &egui::Context) {
    use crate::app::context::clipboard::{BlobDrag, drop_words};
    let Some(drag) = egui::DragAndDrop::payload::<BlobDrag>(ctx) else {
        return;
    };
    let copy = ctx.input(|i| i.modifiers.command);
    let words = drop_words(&drag, copy);
    let id = egui::Id::unique("blob-drag-hint");
    egui::Tooltip::always_open(ctx.clone(), egui::LayerId::background(), id, egui::PopupAnchor::Pointer).show(|ui| {
        ui.label(words);
    });
}
