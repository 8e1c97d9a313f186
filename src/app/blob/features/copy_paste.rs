//! Copy, cut and paste of blobs between container tabs of any accounts, and rename. A paste is a job: folders
//! are listed, each blob is copied by the service (a SAS made by the source account when the target is
//! another), pending copies are polled until done (cancel aborts them), and a cut source is deleted only if it
//! is still the version copied, and never with its snapshots: a source that has snapshots stays under its old
//! name with them (`move_check` asks before a move that would leave them). A blob already at the target is
//! skipped, kept beside as `name (1).ext`, or replaced, as the user chose.

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobFeature, Effects, Offer};
pub use crate::app::blob::features::paste_job::{AT_ONCE, OnExisting, Paste};
use crate::app::blob::features::paste_job::{run_paste, start_rename};
use crate::app::context::clipboard::BlobClipboard;
use crate::app::context::feature::Feature;
use crate::app::context::{PaneContext, Unit};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;

/// A paste or a rename, ready to start once the user has been asked what a move would not carry.
pub enum Move {
    Paste { paste: Paste, title: String },
    Rename { paste: Paste, to: String },
}

impl Move {
    pub(super) fn paste(&self) -> &Paste {
        match self {
            Move::Paste { paste, .. } | Move::Rename { paste, .. } => paste,
        }
    }

    /// Starts the paste's or the rename's job.
    pub(super) fn start(self, ctx: &mut PaneContext) {
        match self {
            Move::Paste { paste, title } => {
                let source = crate::app::context::Touched {
                    profile_id: paste.src_profile.clone(),
                    name: paste.src_container.clone(),
                };
                let id = ctx.start_job(title, Unit::Items("blobs"), paste, run_paste);
                ctx.jobs.touch(id, source);
            }
            Move::Rename { paste, to } => start_rename(ctx, paste, to),
        }
    }
}

/// Copy, Cut, Paste and Rename in a container tab: what a paste does with a blob already at the target, the
/// Rename box as typed, and a move waiting for the look at what it would not carry (then for the user's answer).
pub struct CopyPaste {
    pub(crate) on_existing: OnExisting,
    pub(crate) rename_to: String,
    /// F2 was pressed: the Rename box takes the keyboard next frame.
    focus_rename: bool,
    pub(crate) check: Option<crate::app::blob::features::move_check::MoveCheck>,
}

impl Default for CopyPaste {
    fn default() -> Self {
        CopyPaste {
            on_existing: OnExisting::Skip,
            rename_to: String::new(),
            focus_rename: false,
            check: None,
        }
    }
}

impl CopyPaste {
    /// Puts the selected blobs and folders on the app's clipboard (cut: moved by the paste).
    pub fn copy_selection(&mut self, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects, cut: bool) {
        let items = selection_items(core);
        if items.is_empty() {
            return;
        }
        fx.say(Ok(put_on_clipboard(core, ctx, items, cut, None)));
    }

    /// What a paste does with a blob already at the target.
    pub fn set_on_existing(&mut self, choice: OnExisting) {
        self.on_existing = choice;
    }

    /// Pastes what the clipboard holds into the folder shown, as a job. A cut is pasted once (the clipboard
    /// empties); a copy may be pasted again.
    pub fn paste(&mut self, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        self.paste_into(core, ctx, fx, &core.prefix.clone());
    }

    /// Pastes what the clipboard holds into `prefix` of this container (a folder shown, or one dropped on).
    pub fn paste_into(&mut self, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects, prefix: &str) {
        let Some(clip) = ctx.blob_clipboard.as_ref() else {
            return;
        };
        let paste = Paste {
            source: clip.client.clone(),
            same_account: clip.account == core.account,
            src_container: clip.container.clone(),
            src_profile: clip.profile_id.clone(),
            base: clip.base.clone(),
            items: clip.items.clone(),
            target: ctx.client.clone(),
            dst_container: core.container.clone(),
            dst_prefix: prefix.to_string(),
            on_existing: self.on_existing,
            cut: clip.cut,
            snapshot: clip.snapshot.clone(),
            record: Default::default(),
        };
        let id = if clip.cut {
            "blob-copy-paste-move-job"
        } else {
            "blob-copy-paste-copy-job"
        };
        let title = tr!(
            id,
            what = clip.describe(),
            container = core.container.as_str(),
            prefix = prefix
        );
        let cut = clip.cut;
        if cut {
            *ctx.blob_clipboard = None;
            // A move first looks for what it would not carry (snapshots, tags), and asks.
            self.check_move(ctx, fx, Move::Paste { paste, title });
        } else {
            ctx.start_job(title, Unit::Items("blobs"), paste, run_paste);
        }
    }

    /// Renames a blob: a copy to the new name (refused if a blob has that name), then a delete of the old one if
    /// still the version copied.
    pub fn rename(&mut self, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects, from: &str, to: &str) {
        if let Err(why) = crate::storage::validate_blob_name(to) {
            fx.fail(StorageError::invalid(t("blob-copy-paste-rename"), why));
            return;
        }
        let etag = core.listed_blob(from).map(|b| b.properties.etag.clone());
        let (folder, _) = from.rsplit_once('/').unwrap_or(("", from));
        let paste = Paste {
            source: ctx.client.clone(),
            same_account: true,
            src_container: core.container.clone(),
            src_profile: ctx.profile_id.to_string(),
            base: if folder.is_empty() {
                String::new()
            } else {
                format!("{folder}/")
            },
            items: vec![(from.to_string(), etag)],
            target: ctx.client.clone(),
            dst_container: core.container.clone(),
            dst_prefix: String::new(),
            on_existing: OnExisting::Skip,
            cut: true,
            snapshot: None,
            record: Default::default(),
        };
        self.check_move(
            ctx,
            fx,
            Move::Rename {
                paste,
                to: to.to_string(),
            },
        );
    }
}

impl Feature for CopyPaste {
    type Pane = crate::app::blob::feature::Blob;

    fn poll(&mut self, _: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        self.poll_check(ctx, fx);
    }

    fn busy(&self) -> bool {
        self.check.as_ref().is_some_and(|c| c.is_reading())
    }

    fn windows(&mut self, egui_ctx: &egui::Context, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        crate::app::blob::features::move_check::ui(self, egui_ctx, core, ctx, fx);
    }
}

impl BlobFeature for CopyPaste {
    fn toolbar_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        clipboard_buttons(self, ui, core, ctx, fx);
    }

    fn blob_actions_ui(
        &mut self,
        ui: &mut egui::Ui,
        blob: &str,
        core: &BlobCore,
        ctx: &mut PaneContext,
        fx: &mut Effects,
    ) {
        rename_row(self, ui, blob, core, ctx, fx);
    }

    fn offers(&self, core: &BlobCore, ctx: &PaneContext, offers: &mut Vec<Offer>) {
        use egui::{Key, Modifiers};
        let any = !core.selection.names.is_empty();
        let one_blob = core.selection.names.len() == 1 && core.selection.names.iter().all(|n| !n.ends_with('/'));
        offers.push(Offer::new("copy", t("blob-copy-paste-copy"), any).key(Modifiers::COMMAND, Key::C));
        offers.push(Offer::new("cut", t("blob-copy-paste-cut"), any).key(Modifiers::COMMAND, Key::X));
        let paste = paste_name(ctx);
        offers.push(Offer::new("paste", paste, ctx.blob_clipboard.is_some()).key(Modifiers::COMMAND, Key::V));
        offers.push(Offer::new("rename", t("blob-copy-paste-rename-offer"), one_blob).key(Modifiers::NONE, Key::F2));
    }

    fn run_offer(&mut self, id: &str, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        match id {
            "copy" => self.copy_selection(core, ctx, fx, false),
            "cut" => self.copy_selection(core, ctx, fx, true),
            "paste" => self.paste(core, ctx, fx),
            // The Rename box of the details takes the keyboard, holding the whole name to edit.
            "rename" => {
                if let Some(blob) = core.selection.names.iter().next() {
                    self.rename_to = blob.clone();
                    self.focus_rename = true;
                }
            }
            _ => {}
        }
    }
}
/// The selected blobs and folders, each with the ETag it was listed with (a move deletes a source only if still
/// that version).
pub fn selection_items(core: &BlobCore) -> Vec<(String, Option<String>)> {
    core.selection
        .names
        .iter()
        .map(|n| {
            let etag = core
                .listed_blob(n)
                .map(|b| b.properties.etag.clone())
                .filter(|e| !e.is_empty());
            (n.clone(), etag)
        })
        .collect()
}

/// Puts these blobs (or one snapshot) of the folder shown on the app's clipboard; what to say about it.
pub fn put_on_clipboard(
    core: &crate::app::blob::core::BlobCore,
    ctx: &mut PaneContext,
    items: Vec<(String, Option<String>)>,
    cut: bool,
    snapshot: Option<String>,
) -> String {
    let clip = clipboard_of(core, ctx, items, cut, snapshot);
    let id = if cut {
        "blob-copy-paste-cut-said"
    } else {
        "blob-copy-paste-copied-said"
    };
    let said = tr!(id, what = clip.describe());
    *ctx.blob_clipboard = Some(clip);
    said
}

/// What the clipboard holds for these blobs of the folder shown (the account's client goes with them).
pub fn clipboard_of(
    core: &crate::app::blob::core::BlobCore,
    ctx: &PaneContext,
    items: Vec<(String, Option<String>)>,
    cut: bool,
    snapshot: Option<String>,
) -> BlobClipboard {
    BlobClipboard {
        client: ctx.client.clone(),
        account: core.account.clone(),
        account_label: ctx.client.account().name.clone(),
        profile_id: ctx.profile_id.to_string(),
        container: core.container.clone(),
        base: core.prefix.clone(),
        items,
        cut,
        snapshot,
    }
}

/// The clipboard's toolbar buttons: Copy, Cut, Paste here (named with what the clipboard holds), and what to do
/// with a blob already at the target.
fn clipboard_buttons(
    this: &mut CopyPaste,
    ui: &mut egui::Ui,
    core: &BlobCore,
    ctx: &mut PaneContext,
    fx: &mut Effects,
) {
    use crate::app::widgets::icon::{self, icon_button};
    let any = !core.selection.names.is_empty();
    let hint = t("blob-copy-paste-copy-hint");
    if icon_button(ui, any, icon::CLONE, &t("blob-copy-paste-copy"), Some(&hint)).clicked() {
        this.copy_selection(core, ctx, fx, false);
    }
    let hint = t("blob-copy-paste-cut-hint");
    if icon_button(ui, any, icon::CUT, &t("blob-copy-paste-cut"), Some(&hint)).clicked() {
        this.copy_selection(core, ctx, fx, true);
    }
    let name = paste_name(ctx);
    let hint = tr!("blob-copy-paste-paste-hint", choice = this.on_existing.describe());
    if icon_button(ui, ctx.blob_clipboard.is_some(), icon::PASTE, &name, Some(&hint)).clicked() {
        this.paste(core, ctx, fx);
    }
    // What a paste does with a name already there: a choice made once in a while, in a small drop-down.
    let menu = ui.menu_button(icon::OPTIONS, |ui| {
        ui.label(t("blob-copy-paste-existing"));
        for choice in OnExisting::ALL {
            ui.radio_value(&mut this.on_existing, choice, choice.describe());
        }
    });
    menu.response
        .on_hover_text(tr!(
            "blob-copy-paste-options-hint",
            choice = this.on_existing.describe()
        ))
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, t("blob-copy-paste-options")));
}

/// Paste here, named with what the clipboard holds.
fn paste_name(ctx: &PaneContext) -> String {
    match ctx.blob_clipboard.as_ref() {
        Some(clip) => tr!("blob-copy-paste-paste-what", what = clip.describe()),
        None => t("blob-copy-paste-paste"),
    }
}

/// The rename field's width: what the row leaves beside its button, between 100 and 180 points (and 180 while
/// the panel's width is not known yet: its first frame measures nothing).
fn field_width(room: f32) -> f32 {
    if room.is_finite() {
        (room - 130.0).clamp(100.0, 180.0)
    } else {
        180.0
    }
}

/// The Rename box of the details.
fn rename_row(
    this: &mut CopyPaste,
    ui: &mut egui::Ui,
    blob: &str,
    core: &BlobCore,
    ctx: &mut PaneContext,
    fx: &mut Effects,
) {
    ui.horizontal(|ui| {
        let label = ui.label(t("blob-copy-paste-rename-to"));
        let edit = ui
            .add(
                egui::TextEdit::singleline(&mut this.rename_to)
                    .id_salt(("rename-to", blob))
                    // Room left for the button beside it (its word is longer in Russian): the row never runs
                    // past the panel.
                    .desired_width(field_width(ui.available_width()))
                    .hint_text(blob),
            )
            .labelled_by(label.id);
        if std::mem::take(&mut this.focus_rename) {
            edit.request_focus();
            edit.scroll_to_me(None);
        }
        let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let to = this.rename_to.trim().to_string();
        let ok = !to.is_empty() && to != blob;
        if ui
            .add_enabled(ok, egui::Button::new(t("blob-copy-paste-rename")))
            .on_hover_text(t("blob-copy-paste-rename-hint"))
            .clicked()
            || (enter && ok)
        {
            this.rename(core, ctx, fx, blob, &to);
            this.rename_to.clear();
        }
    });
}
