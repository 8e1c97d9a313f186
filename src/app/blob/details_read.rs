//! Reading the selected blob's details: its properties (which move its draft's service side and its row) and
//! its snapshots, asked again on each refresh, and a page blob's ranges with them.

use crate::app::blob::core::Details;
use crate::app::blob::pane::BlobPane;
use crate::app::context::{InFlight, PaneContext};
use crate::storage::blob::ListBlobsOptions;

impl BlobPane {
    pub fn load_details(&mut self, ctx: &mut PaneContext, name: &str) {
        let same = self.core.details.as_ref().is_some_and(|d| d.name == name);
        if !same {
            self.core.details = Some(Details {
                name: name.to_string(),
                props: None,
                snapshots: None,
                snapshots_failed: None,
                loading: InFlight::default(),
                snap_loading: InFlight::default(),
                ranges_wanted: false,
            });
            self.dispatch(ctx, crate::app::blob::feature::BlobEvent::Selected(Some(name)));
        }
        self.dispatch(ctx, crate::app::blob::feature::BlobEvent::DetailsAsked(name));
        self.read_properties(ctx, name);
        let (client, container, blob) = (ctx.client.clone(), self.core.container.clone(), name.to_string());
        let Some(d) = self.core.details.as_mut() else { return };
        // What the details show of a page blob is read with them (not with a properties read after a save).
        d.ranges_wanted = true;
        let key = blob.clone();
        d.snap_loading.start(
            key,
            ctx.backend.spawn(async move {
                let options = ListBlobsOptions {
                    prefix: Some(blob.clone()),
                    include_snapshots: true,
                    ..Default::default()
                };
                let listing = client.list_blobs(&container, &options).await?;
                Ok(listing
                    .blobs
                    .into_iter()
                    .filter(|b| b.name == blob && b.snapshot.is_some())
                    .collect())
            }),
        );
    }

    /// The details shown, read again with a refresh of the listing. After a change (`changed`) what is out is
    /// dropped and asked again: it may have been answered before the change. On the timer's refresh a read of
    /// them still out is left to land: asked again, it was dropped unanswered every few seconds, so with a
    /// service slower than the timer (a loaded machine, a slow link) the details stayed loading and the
    /// snapshots unlisted for good; the read out tells what the service holds as well.
    pub(super) fn reread_details(&mut self, ctx: &mut PaneContext, changed: bool) {
        let Some(d) = &self.core.details else { return };
        let out = d.loading.is_out(&d.name) || d.snap_loading.is_out(&d.name);
        if changed || !out {
            let name = d.name.clone();
            self.load_details(ctx, &name);
        }
    }

    /// Reads the shown blob's properties again, and nothing else (after a write to it: its new ETag and times).
    pub fn read_properties(&mut self, ctx: &mut PaneContext, name: &str) {
        let (client, container, blob) = (ctx.client.clone(), self.core.container.clone(), name.to_string());
        let Some(d) = self.core.details.as_mut().filter(|d| d.name == name) else {
            return;
        };
        let key = blob.clone();
        d.loading.start(
            key,
            ctx.backend
                .spawn(async move { client.get_blob_properties(&container, &blob, None).await }),
        );
    }

    pub(super) fn poll_details(&mut self, ctx: &mut PaneContext) {
        let (mut read, mut full) = (None, false);
        if let Some(d) = &mut self.core.details {
            if let Some((_, result)) = d.loading.take() {
                match result {
                    Ok((props, metadata)) => {
                        read = Some((d.name.clone(), props.clone(), metadata));
                        full = std::mem::take(&mut d.ranges_wanted);
                        d.props = Some(props);
                    }
                    Err(e) => self.own.message = Some(Err(e)),
                }
            }
            // A failed listing is said (a slow emulator's timeout, a SAS without List), not shown as "No snapshots":
            // in the details, where the snapshots would be, and in the pane's message. Those listed before are
            // dropped: what is shown is what the last listing said.
            match d.snap_loading.take() {
                Some((_, Ok(snaps))) => (d.snapshots, d.snapshots_failed) = (Some(snaps), None),
                Some((_, Err(e))) => {
                    (d.snapshots, d.snapshots_failed) = (None, Some(e.clone()));
                    self.own.message = Some(Err(e));
                }
                None => {}
            }
        }
        // Features hear what the service holds now (a draft's service side moves; what the user typed never does).
        if let Some((blob, props, metadata)) = &read {
            self.row_takes(blob, props);
            let event = crate::app::blob::feature::BlobEvent::PropertiesRead {
                blob,
                props,
                metadata: Some(metadata),
                full,
            };
            self.dispatch(ctx, event);
        }
    }

    /// The listed row takes newer properties, unless a sort or search still reads the rows: ten million of them
    /// would be copied on the UI thread for one row; the details show them, and the next refresh brings the row.
    fn row_takes(&mut self, blob: &str, props: &crate::storage::blob::BlobProperties) {
        let shared = std::sync::Arc::strong_count(&self.core.listed.blobs) > 1;
        if !shared && let Ok(i) = self.core.listed.blobs.position(blob) {
            let mut row = self.core.listed.blobs.get(i);
            if row.properties != *props {
                row.properties = props.clone();
                std::sync::Arc::make_mut(&mut self.core.listed.blobs).set(i, row);
            }
        }
    }

    /// A write's answer said what the blob now is (`Effects::wrote`): the details, the row and every feature
    /// take it in this frame, as a read of its properties, with no read sent.
    pub(crate) fn take_written(
        &mut self,
        ctx: &mut PaneContext,
        blob: &str,
        props: crate::storage::blob::BlobProperties,
        metadata: Option<Vec<(String, String)>>,
    ) {
        if let Some(d) = self.core.details.as_mut().filter(|d| d.name == blob) {
            d.props = Some(props.clone());
        }
        self.row_takes(blob, &props);
        let event = crate::app::blob::feature::BlobEvent::PropertiesRead {
            blob,
            props: &props,
            metadata: metadata.as_deref(),
            full: false,
        };
        self.dispatch(ctx, event);
    }
}
