//! The selected blob's metadata and HTTP headers as the user edits them: one draft per blob (kept when the
//! selection moves, so going back finds the edit), saved with If-Match the version the edit started from, and
//! on a 412 the user's version beside the service's, to reload and re-apply, overwrite, or discard.

use std::collections::BTreeMap;

use crate::app::blob::pane::BlobPane;
use crate::app::context::draft::{Draft, Fields};
use crate::app::context::{PaneContext, Pending};
use crate::storage::StorageError;
use crate::storage::blob::conditions::Conditions;
use crate::storage::blob::{BlobHttpHeaders, BlobProperties};

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

/// A save on its way: for which blob, what it sent.
struct Save {
    blob: String,
    sent: BlobForm,
    reply: Pending<Result<String, StorageError>>,
}

/// Every blob's draft in this tab, the saves under way, and the 412s that stopped a save.
#[derive(Default)]
pub struct BlobDrafts {
    drafts: BTreeMap<String, Draft<BlobForm>>,
    saves: Vec<Save>,
    /// Per blob: the save the service refused because the blob changed (shown until resolved).
    conflicts: BTreeMap<String, StorageError>,
    /// The stored MD5 last read per blob, sent back with the headers.
    md5: BTreeMap<String, Option<String>>,
}

impl BlobDrafts {
    pub fn get(&self, blob: &str) -> Option<&Draft<BlobForm>> {
        self.drafts.get(blob)
    }

    pub fn get_mut(&mut self, blob: &str) -> Option<&mut Draft<BlobForm>> {
        self.drafts.get_mut(blob)
    }

    /// The blobs with unsaved edits.
    pub fn unsaved(&self) -> Vec<&str> {
        self.drafts
            .iter()
            .filter(|(_, d)| d.is_dirty())
            .map(|(n, _)| n.as_str())
            .collect()
    }

    pub fn conflict(&self, blob: &str) -> Option<&StorageError> {
        self.conflicts.get(blob)
    }

    pub fn is_saving(&self, blob: &str) -> bool {
        self.saves.iter().any(|s| s.blob == blob)
    }

    /// What the service said of a blob (a details load, a refresh): its draft follows only while clean.
    pub fn observe(&mut self, blob: &str, props: &BlobProperties, metadata: Vec<(String, String)>) {
        let form = BlobForm::from_service(&props.http, metadata);
        self.md5.insert(blob.to_string(), props.http.content_md5.clone());
        match self.drafts.get_mut(blob) {
            Some(d) => d.observe(&props.etag, form),
            None => {
                self.drafts.insert(blob.to_string(), Draft::new(&props.etag, form));
            }
        }
    }

    /// Each clean draft shows what the service said last (`Draft::settle`).
    pub fn settle(&mut self) {
        self.drafts.values_mut().for_each(Draft::settle);
    }

    /// Forgets the clean drafts of blobs no longer selected (an unsaved one stays until saved or discarded).
    pub fn forget_clean_except(&mut self, selected: Option<&str>) {
        self.drafts
            .retain(|n, d| d.is_dirty() || Some(n.as_str()) == selected || self.conflicts.contains_key(n));
        // The stored MD5 is kept only for the drafts that may still be saved.
        let drafts = &self.drafts;
        self.md5.retain(|n, _| drafts.contains_key(n));
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

    /// A blob deleted (by this app): its draft goes with it.
    pub fn remove(&mut self, blob: &str) {
        self.drafts.remove(blob);
        self.conflicts.remove(blob);
    }
}

impl BlobPane {
    /// The unsaved edits in this tab, in words (closing asks before dropping them).
    pub fn unsaved(&self) -> Vec<String> {
        let mut said: Vec<String> = self
            .forms
            .unsaved()
            .into_iter()
            .filter(|b| !self.forms.is_saving(b))
            .map(|b| format!("the metadata and headers of `{b}`"))
            .chain(self.tags.unsaved().into_iter().map(|b| format!("the tags of `{b}`")))
            .collect();
        if self.container_edit.as_ref().is_some_and(|d| d.is_dirty()) {
            said.push(format!("the settings of container `{}`", self.core.container));
        }
        said.extend(self.policies.unsaved());
        said.extend(self.features.unsaved());
        said
    }

    /// Whether a write or lease action this tab sent has not answered yet (the tab keeps running, unseen, until
    /// it has, so a lease acquired lands in the lease book).
    pub fn has_sent_work(&self) -> bool {
        !self.ops.is_empty() || !self.forms.saves.is_empty()
    }

    /// Saves the selected blob's draft: metadata, then headers, each with If-Match the version the edit started
    /// from (the second on the ETag the first returned), or unconditionally when `force` (the button says so).
    pub fn save_details(&mut self, ctx: &mut PaneContext, force: bool) {
        let Some(blob) = self.core.details.as_ref().map(|d| d.name.clone()) else {
            return;
        };
        let Some(draft) = self.forms.get(&blob) else {
            self.message = Some(Err(StorageError::invalid(
                "Save properties",
                format!("The properties of `{blob}` are still loading; save once they show."),
            )));
            return;
        };
        let sent = draft.edit.clone();
        let version = if force { None } else { Some(draft.version().to_string()) };
        let http = sent.http(self.forms.md5.get(&blob).cloned().flatten());
        // Bad input is refused in words before anything is sent (a header above ASCII would be signed wrong).
        for (name, value) in HEADER_NAMES.iter().zip(&sent.headers) {
            if let Some(v) = value.as_deref().filter(|v| !v.is_ascii()) {
                let words = crate::storage::request::not_ascii(&format!("x-ms-blob-{}", name.to_lowercase()), v);
                self.message = Some(Err(StorageError::invalid(
                    format!("Save properties of `{blob}`"),
                    words,
                )));
                return;
            }
        }
        self.forms.conflicts.remove(&blob);
        let lease = ctx.leases.id_for_write(&self.key(Some(&blob)));
        let (client, container, name, metadata) = (
            ctx.client.clone(),
            self.core.container.clone(),
            blob.clone(),
            sent.metadata.clone(),
        );
        let reply = ctx.send(async move {
            let first = Conditions {
                if_match: version,
                ..Conditions::none()
            }
            .with_lease(lease);
            let etag = client.set_blob_metadata(&container, &name, &metadata, &first).await?;
            // The metadata save made a new version: the headers go on exactly that one.
            let next = Conditions {
                if_match: first.if_match.as_ref().map(|_| etag),
                ..first.clone()
            };
            client.set_blob_http_headers(&container, &name, &http, &next).await
        });
        self.forms.saves.push(Save { blob, sent, reply });
    }

    /// Lands the saves that answered, on the blob each was for, whatever is selected now.
    pub(super) fn poll_saves(&mut self, ctx: &mut PaneContext) {
        let mut landed = Vec::new();
        self.forms.saves.retain_mut(|s| match s.reply.poll() {
            Some(r) => {
                landed.push((s.blob.clone(), s.sent.clone(), r));
                false
            }
            None => true,
        });
        for (blob, sent, result) in landed {
            match result {
                Ok(etag) => {
                    if let Some(d) = self.forms.drafts.get_mut(&blob) {
                        d.saved(sent, &etag);
                    }
                    self.message = Some(Ok(format!("Saved `{blob}`; its ETag is now {etag}")));
                }
                Err(e) => {
                    // The draft stays; a 412 shows theirs beside it (the refresh below fetches theirs).
                    if e.is_conflict() {
                        self.forms.conflicts.insert(blob.clone(), e.clone());
                    }
                    self.message = Some(Err(e));
                }
            }
            self.refresh_indicators(ctx);
        }
    }
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
