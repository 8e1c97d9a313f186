//! The selected blob's metadata and HTTP headers as the user edits them: one draft per blob (kept when the
//! selection moves, so going back finds the edit), saved with If-Match the version the edit started from, and
//! on a 412 the user's version beside the service's, to reload and re-apply, overwrite, or discard.

use crate::app::context::feature::Feature;
use std::collections::BTreeMap;

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobEvent, BlobFeature, Effects};
use crate::app::context::draft::{Draft, Drafts, Fields};
use crate::app::context::{InFlight, PaneContext};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;
use crate::storage::blob::Conditions;
use crate::storage::blob::{BlobHttpHeaders, BlobProperties, Written};

/// What the details form edits: the metadata and the five headers a person sets (the MD5 is the content's).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BlobForm {
    pub metadata: Vec<(String, String)>,
    pub headers: [Option<String>; 5],
}

/// The headers' names, in the form's order (after the metadata).
pub const HEADER_NAMES: [&str; 5] = [
    "Content-Type",
    "Content-Encoding",
    "Content-Language",
    "Content-Disposition",
    "Cache-Control",
];

impl BlobForm {
    pub fn from_service(http: &BlobHttpHeaders, metadata: Vec<(String, String)>) -> Self {
        BlobForm {
            metadata,
            headers: [
                http.content_type.clone(),
                http.content_encoding.clone(),
                http.content_language.clone(),
                http.content_disposition.clone(),
                http.cache_control.clone(),
            ],
        }
    }

    /// The headers to send: the form's five, and the stored MD5 (Set Blob Properties clears what it is not sent).
    pub fn http(&self, content_md5: Option<String>) -> BlobHttpHeaders {
        let [t, e, l, d, c] = self.headers.clone();
        BlobHttpHeaders {
            content_type: t,
            content_encoding: e,
            content_language: l,
            content_disposition: d,
            cache_control: c,
            content_md5,
        }
    }
}

impl Fields for BlobForm {
    const NAMES: &'static [&'static str] = &[
        "Metadata",
        "Content-Type",
        "Content-Encoding",
        "Content-Language",
        "Content-Disposition",
        "Cache-Control",
    ];
    fn same(a: &Self, b: &Self, i: usize) -> bool {
        match i {
            0 => a.metadata == b.metadata,
            i => a.headers[i - 1] == b.headers[i - 1],
        }
    }
    fn take(to: &mut Self, from: &Self, i: usize) {
        match i {
            0 => to.metadata.clone_from(&from.metadata),
            i => to.headers[i - 1].clone_from(&from.headers[i - 1]),
        }
    }
    fn reapply(mine: &mut Self, base: &Self, theirs: &Self, i: usize) {
        if i == 0 {
            mine.metadata = crate::app::context::draft::reapply_pairs(&mine.metadata, &base.metadata, &theirs.metadata);
        }
    }
}

/// What the form draws on: the core, the pane's context and where it asks for effects.
type Parts<'a, 'b, 'c> = (&'a BlobCore, &'b mut PaneContext<'c>, &'b mut Effects);

/// A save on its way is keyed by its blob and what it sent: the reply is about that, whatever the form holds by
/// then.
type SaveFor = (String, BlobForm);

/// The metadata and headers feature: every blob's draft in this tab, the saves under way, and the 412s that
/// stopped a save.
#[derive(Default)]
pub struct PropertiesForm {
    drafts: Drafts<BlobForm>,
    saves: InFlight<SaveFor, Result<Written, StorageError>>,
    /// Per blob: the save the service refused because the blob changed (shown until resolved).
    conflicts: BTreeMap<String, StorageError>,
    /// The stored MD5 last read per blob, sent back with the headers.
    md5: BTreeMap<String, Option<String>>,
}

impl Feature for PropertiesForm {
    type Pane = crate::app::blob::feature::Blob;

    fn poll(&mut self, core: &BlobCore, _: &mut PaneContext, fx: &mut Effects) {
        self.drafts.settle();
        // Each save lands on the blob it was for, whatever is selected now.
        for ((blob, sent), result) in self.saves.ready() {
            match result {
                Ok(written) => {
                    let md5 = self.md5.get(&blob).cloned().flatten();
                    // What the blob now is, from the save's own answer: the core and every feature take it in
                    // this frame, and nothing is read.
                    if let Some(props) = now_holds(core, &blob, &sent, md5, &written) {
                        fx.wrote(&blob, props, Some(sent.metadata.clone()));
                    }
                    if let Some(d) = self.drafts.get_mut(&blob) {
                        d.saved(sent, &written.etag);
                    }
                    fx.say(Ok(tr!(
                        "blob-details-form-saved",
                        blob = blob.as_str(),
                        etag = written.etag.as_str()
                    )));
                }
                Err(e) => {
                    if let Some(d) = self.drafts.get_mut(&blob) {
                        d.unsent(&sent);
                    }
                    // The draft stays; a 412 shows theirs beside it, which one read fetches.
                    if e.is_conflict() {
                        self.conflicts.insert(blob.clone(), e.clone());
                    }
                    fx.fail(e);
                    fx.reread(&blob);
                }
            }
        }
    }

    fn sending(&self) -> bool {
        !self.saves.is_empty()
    }

    fn unsaved(&self) -> Vec<String> {
        self.drafts
            .unsaved()
            .map(|b| tr!("blob-details-form-unsaved", blob = b))
            .collect()
    }

    fn save_all(&mut self, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        for blob in self.drafts.dirty_unsent(|b| self.is_saving(b)) {
            if let Err(e) = self.save(core, ctx, &blob, false) {
                fx.fail(e);
            }
        }
    }
}

impl BlobFeature for PropertiesForm {
    fn event(&mut self, event: &BlobEvent, _: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        match event {
            // Each blob keeps its edit while another is shown; a clean draft is forgotten with its blob.
            BlobEvent::Selected(shown) => {
                let conflicts = &self.conflicts;
                self.drafts.forget_clean_except(*shown, |n| conflicts.contains_key(n));
                let drafts = &self.drafts;
                self.md5.retain(|n, _| drafts.has(n));
            }
            // The service's side of the draft moves; what the user typed never does.
            BlobEvent::PropertiesRead {
                blob, props, metadata, ..
            } => {
                // An answer that says nothing of the metadata leaves it as the service said it last.
                let said = self.drafts.get(blob).map(|d| d.theirs().metadata.clone());
                let Some(metadata) = metadata.map(<[_]>::to_vec).or(said) else {
                    return;
                };
                let form = BlobForm::from_service(&props.http, metadata);
                self.md5.insert(blob.to_string(), props.http.content_md5.clone());
                self.drafts.observe(blob, &props.etag, form);
            }
            BlobEvent::Deleted(blobs) => {
                for b in *blobs {
                    self.drafts.remove(b);
                    self.conflicts.remove(b);
                }
            }
            _ => {}
        }
    }

    fn blob_ui(&mut self, ui: &mut egui::Ui, blob: &str, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        ui.separator();
        self.form(ui, (core, ctx, fx), blob);
    }
}

impl PropertiesForm {
    pub fn get(&self, blob: &str) -> Option<&Draft<BlobForm>> {
        self.drafts.get(blob)
    }

    pub fn get_mut(&mut self, blob: &str) -> Option<&mut Draft<BlobForm>> {
        self.drafts.get_mut(blob)
    }

    pub fn conflict(&self, blob: &str) -> Option<&StorageError> {
        self.conflicts.get(blob)
    }

    pub fn is_saving(&self, blob: &str) -> bool {
        self.saves.any(|(b, _)| b == blob)
    }

    /// Reload and re-apply after a 412: the user's changes on top of what the service holds now.
    pub fn reapply(&mut self, blob: &str) {
        if let Some(d) = self.drafts.get_mut(blob) {
            d.reapply_on_theirs();
        }
        self.conflicts.remove(blob);
    }

    /// Drops the user's edit of a blob: the form shows the service's version.
    pub fn discard(&mut self, blob: &str) {
        if let Some(d) = self.drafts.get_mut(blob) {
            d.discard();
        }
        self.conflicts.remove(blob);
    }

    /// Saves a blob's draft: only the parts the user changed (metadata, headers, or both, the second on the ETag
    /// the first returned), each with If-Match the version the edit started from, or unconditionally when `force`
    /// (the button says so).
    pub fn save(
        &mut self,
        core: &BlobCore,
        ctx: &mut PaneContext,
        blob: &str,
        force: bool,
    ) -> Result<(), StorageError> {
        let Some(draft) = self.drafts.get(blob) else {
            return Err(StorageError::invalid(
                t("blob-details-form-save"),
                tr!("blob-details-form-still-loading", blob = blob),
            ));
        };
        let sent = draft.edit.clone();
        let version = if force { None } else { Some(draft.version().to_string()) };
        let metadata_changed = sent.metadata != draft.base().metadata;
        let headers_changed = sent.headers != draft.base().headers;
        let http = sent.http(self.md5.get(blob).cloned().flatten());
        // Bad input is refused in words before anything is sent (a header above ASCII would be signed wrong).
        for (name, value) in HEADER_NAMES.iter().zip(&sent.headers) {
            if let Some(v) = value.as_deref().filter(|v| !v.is_ascii()) {
                let header = format!("x-ms-blob-{}", name.to_lowercase()); // i18n-ignore: the header's name
                let words = crate::storage::not_ascii(&header, v);
                return Err(StorageError::invalid(
                    tr!("blob-details-form-save-of", blob = blob),
                    words,
                ));
            }
        }
        self.conflicts.remove(blob);
        let lease = ctx.leases.id_for_write(&core.key(Some(blob)));
        let (client, container, name, metadata) = (
            ctx.client.clone(),
            core.container.clone(),
            blob.to_string(),
            sent.metadata.clone(),
        );
        let reply = ctx.send(async move {
            let mut conditions = Conditions {
                if_match: version,
                ..Conditions::none()
            }
            .with_lease(lease);
            let mut written = None;
            // Only what changed goes: a metadata save is one write (Set Blob Metadata), a header save one write.
            if metadata_changed || !headers_changed {
                let w = client
                    .write_blob_metadata(&container, &name, &metadata, &conditions)
                    .await?;
                // The metadata save made a new version: the headers go on exactly that one.
                if conditions.if_match.is_some() {
                    conditions.if_match = Some(w.etag.clone());
                }
                written = Some(w);
            }
            if headers_changed {
                written = Some(
                    client
                        .write_blob_http_headers(&container, &name, &http, &conditions)
                        .await?,
                );
            }
            Ok(written.expect("one of the two writes went"))
        });
        if let Some(d) = self.drafts.get_mut(blob) {
            d.sending(sent.clone());
        }
        self.saves.start((blob.to_string(), sent), reply);
        Ok(())
    }
}

impl PropertiesForm {
    /// The metadata and headers as the user edits them, with what the service changed under the edit marked, the
    /// save, and after a 412 the user's version beside the service's.
    fn form(&mut self, ui: &mut egui::Ui, (core, ctx, fx): Parts, name: &str) {
        ui.strong(t("blob-details-form-heading"));
        let warn = ui.visuals().warn_fg_color;
        let Some(draft) = self.drafts.get_mut(name) else {
            return;
        };
        let under = draft.changed_under();
        let theirs = draft.theirs().clone();
        let moved = |ui: &mut egui::Ui, i: usize, now: String| {
            if under.contains(&i) {
                ui.colored_label(warn, tr!("blob-details-form-moved", now = now));
            }
        };
        crate::app::widgets::metadata_edit::rows(ui, &mut draft.edit.metadata, None);
        crate::app::widgets::metadata_edit::add_button(ui, &mut draft.edit.metadata, None);
        moved(ui, 0, show_metadata(&theirs.metadata));
        for (i, label) in HEADER_NAMES.iter().enumerate() {
            let value = &mut draft.edit.headers[i];
            ui.horizontal(|ui| {
                let l = ui.label(format!("{label}:"));
                let mut text = value.clone().unwrap_or_default();
                if ui
                    .add(
                        egui::TextEdit::singleline(&mut text)
                            // A stable id: a mark a refresh adds above must not move the focus to another field.
                            .id_salt(("blob-header", name, *label))
                            .desired_width(200.0),
                    )
                    .labelled_by(l.id)
                    .changed()
                {
                    *value = Some(text).filter(|t| !t.is_empty());
                }
            });
            moved(ui, i + 1, show_header(&theirs.headers[i]));
        }
        let (dirty, stale) = (draft.is_dirty(), draft.is_stale());
        let (version, theirs_version) = (draft.version().to_string(), draft.theirs_version().to_string());
        let saving = self.is_saving(name);
        let conflict = self.conflicts.contains_key(name);
        if dirty && stale && !conflict {
            let words = tr!("blob-details-form-stale", version = version, now = theirs_version);
            ui.colored_label(warn, words);
        }
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(dirty && !saving, egui::Button::new(t("blob-details-form-save")))
                .clicked()
                && let Err(e) = self.save(core, ctx, name, false)
            {
                fx.fail(e);
            }
            if saving {
                ui.spinner();
            }
            if dirty && !saving && ui.button(t("blob-details-form-discard")).clicked() {
                self.discard(name);
            }
        });
        if conflict || (dirty && stale) {
            self.conflict_ui(ui, (core, ctx, fx), name);
        }
    }

    /// After a 412 (or with the service's version moved under the edit): yours beside theirs, and the three ways on.
    fn conflict_ui(&mut self, ui: &mut egui::Ui, (core, ctx, fx): Parts, name: &str) {
        let Some(draft) = self.drafts.get(name) else { return };
        let warn = ui.visuals().warn_fg_color;
        if self.conflicts.contains_key(name) {
            ui.strong(t("blob-details-form-refused"));
        }
        egui::Grid::new(("blob-conflict", name)).striped(true).show(ui, |ui| {
            ui.strong(t("blob-details-form-field"));
            ui.strong(t("blob-details-form-yours"));
            ui.strong(t("blob-details-form-theirs"));
            ui.end_row();
            let rows = std::iter::once((
                t("blob-details-form-metadata"),
                show_metadata(&draft.edit.metadata),
                show_metadata(&draft.theirs().metadata),
            ))
            .chain(HEADER_NAMES.iter().enumerate().map(|(i, n)| {
                (
                    n.to_string(),
                    show_header(&draft.edit.headers[i]),
                    show_header(&draft.theirs().headers[i]),
                )
            }));
            for (field, mine, theirs) in rows {
                let text = |s: &str| {
                    if mine == theirs {
                        egui::RichText::new(s)
                    } else {
                        egui::RichText::new(s).strong().color(warn)
                    }
                };
                ui.label(text(&field));
                ui.label(text(&mine));
                ui.label(text(&theirs));
                ui.end_row();
            }
        });
        ui.horizontal_wrapped(|ui| {
            if ui.button(t("blob-details-form-reapply")).clicked() {
                self.reapply(name);
            }
            if ui.button(t("blob-details-form-overwrite")).clicked()
                && let Err(e) = self.save(core, ctx, name, true)
            {
                fx.fail(e);
            }
            if ui.button(t("blob-details-form-discard-mine")).clicked() {
                self.discard(name);
            }
        });
    }
}

/// What a blob is after a save of `sent` answered `written`: the properties shown (or listed) with the save's
/// headers, and its new ETag and time.
fn now_holds(
    core: &BlobCore,
    blob: &str,
    sent: &BlobForm,
    md5: Option<String>,
    written: &Written,
) -> Option<BlobProperties> {
    let shown = core
        .details
        .as_ref()
        .filter(|d| d.name == blob)
        .and_then(|d| d.props.clone());
    let mut props = shown.or_else(|| core.listed_blob(blob).map(|b| b.properties))?;
    props.http = sent.http(md5);
    props.etag = written.etag.clone();
    props.last_modified = written.last_modified.or(props.last_modified);
    Some(props)
}

fn show_header(v: &Option<String>) -> String {
    v.as_deref()
        .map(|v| format!("`{v}`"))
        .unwrap_or_else(|| t("blob-details-none"))
}

fn show_metadata(m: &[(String, String)]) -> String {
    if m.is_empty() {
        return t("blob-details-none");
    }
    m.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_sends_back_the_stored_md5_and_its_own_headers() {
        let http = BlobHttpHeaders {
            cache_control: Some("no-cache".into()),
            content_md5: Some("abc=".into()),
            ..Default::default()
        };
        let mut form = BlobForm::from_service(&http, vec![]);
        form.headers[4] = Some("max-age=99".into());
        let sent = form.http(http.content_md5.clone());
        assert_eq!(sent.cache_control.as_deref(), Some("max-age=99"));
        assert_eq!(sent.content_md5.as_deref(), Some("abc="));
    }
}
