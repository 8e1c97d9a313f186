//! What a person does to blobs in a container tab: deletes, leases, saving properties and metadata,
//! snapshots (take, promote, delete), previews and SAS URLs. Each runs in the background and reports back
//! through the pane's one-off results.

use std::time::{Duration, SystemTime};

use crate::app::blob::pane::{BlobPane, LeaseChange, OpDone, Preview};
use crate::app::blob::transfers::guess_content_type;
use crate::app::context::{PaneContext, Unit};
use crate::storage::StorageError;
use crate::storage::blob::conditions::Conditions;
use crate::storage::blob::lease::{LeaseDuration, LeaseTarget};
use crate::storage::blob::{BlobProperties, DeleteSnapshots};

impl BlobPane {
    /// The client, this container and a blob's name, owned, for work that outlives the frame.
    fn owned(&self, ctx: &PaneContext, name: &str) -> (crate::storage::Client, String, String) {
        (ctx.client.clone(), self.container.clone(), name.to_string())
    }

    pub fn delete_blobs(&mut self, ctx: &mut PaneContext, names: Vec<String>, with_snapshots: bool) {
        let leases: Vec<Option<String>> = names
            .iter()
            .map(|n| ctx.leases.id_for_write(&self.key(Some(n))))
            .collect();
        let count = names.len();
        let state = (ctx.client.clone(), self.container.clone(), names, leases);
        let title = format!("Delete {count} blob(s) from {}", self.container);
        ctx.start_job(
            title,
            Unit::Items("blobs"),
            state,
            move |job, (client, container, names, leases)| async move {
                job.progress.start(names.len() as u64);
                let snapshots = if with_snapshots {
                    DeleteSnapshots::Include
                } else {
                    DeleteSnapshots::None
                };
                for (name, lease) in names.iter().zip(leases) {
                    client
                        .delete_blob(&container, name, None, snapshots, &Conditions::none().with_lease(lease))
                        .await?;
                    job.progress.add(1);
                }
                Ok(format!("deleted {} blob(s)", names.len()))
            },
        );
        self.selection.clear();
        self.details = None;
    }

    pub fn lease_target(&self, blob: Option<&str>) -> (String, Option<String>) {
        (self.container.clone(), blob.map(str::to_string))
    }

    /// Acquire, renew, change, release or break the lease on the selected blob (or the container).
    pub fn lease_action(&mut self, ctx: &mut PaneContext, blob: Option<String>, action: LeaseAction) {
        let client = ctx.client.clone();
        let key = self.key(blob.as_deref());
        let held = ctx.leases.held(&key).map(|h| h.lease_id.clone());
        let container = self.container.clone();
        let duration = if self.lease_form.infinite {
            LeaseDuration::Infinite
        } else {
            LeaseDuration::Seconds(self.lease_form.seconds)
        };
        let proposed = Some(self.lease_form.proposed.trim().to_string()).filter(|p| !p.is_empty());
        let period = self.lease_form.break_period;
        self.run(ctx, async move {
            let target = match &blob {
                Some(b) => LeaseTarget::Blob { container: &container, blob: b },
                None => LeaseTarget::Container(&container),
            };
            let what = blob.clone().map(|b| format!("`{b}`")).unwrap_or_else(|| format!("container `{container}`"));
            let none = Conditions::none();
            let (message, lease) = match action {
                LeaseAction::Acquire => match client.acquire_lease(target, duration, proposed.as_deref(), &none).await {
                    Ok(g) => (Ok(format!("Leased {what}: lease id {}", g.lease_id)), Some(LeaseChange::Acquired(key, g.lease_id, duration))),
                    Err(e) => (Err(e), None),
                },
                LeaseAction::Renew | LeaseAction::Change | LeaseAction::Release => {
                    let Some(id) = held else {
                        return OpDone {
                            message: Err(StorageError::invalid(
                                "Use the lease",
                                "This app holds no lease on it, so it has no lease id to use. Acquire one, or break theirs.",
                            )),
                            lease: None,
                        };
                    };
                    match action {
                        LeaseAction::Renew => match client.renew_lease(target, &id, &none).await {
                            Ok(_) => (Ok(format!("Renewed the lease on {what}")), Some(LeaseChange::Renewed(key))),
                            Err(e) => (Err(e), None),
                        },
                        LeaseAction::Change => {
                            let new_id = proposed.unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
                            match client.change_lease(target, &id, &new_id, &none).await {
                                Ok(g) => (Ok(format!("The lease on {what} now has id {}", g.lease_id)), Some(LeaseChange::Changed(key, g.lease_id))),
                                Err(e) => (Err(e), None),
                            }
                        }
                        _ => match client.release_lease(target, &id, &none).await {
                            Ok(()) => (Ok(format!("Released the lease on {what}")), Some(LeaseChange::Released(key))),
                            Err(e) => (Err(e), None),
                        },
                    }
                }
                LeaseAction::Break => match client.break_lease(target, Some(period), &none).await {
                    Ok(left) => (Ok(format!("Breaking the lease on {what}: broken in {left} s")), Some(LeaseChange::Broke(key, left))),
                    Err(e) => (Err(e), None),
                },
            };
            OpDone { message, lease }
        });
    }

    pub fn save_details(&mut self, ctx: &mut PaneContext) {
        let Some(d) = &self.details else { return };
        let Some(props) = &d.props else { return };
        let (client, container, name) = self.owned(ctx, &d.name);
        let conditions =
            Conditions::if_match(props.etag.clone()).with_lease(ctx.leases.id_for_write(&self.key(Some(&d.name))));
        let (metadata, http) = (d.metadata.clone(), d.http.clone());
        self.run(ctx, async move {
            let result = async {
                let etag = client
                    .set_blob_metadata(&container, &name, &metadata, &conditions)
                    .await?;
                let next = Conditions {
                    if_match: Some(etag),
                    ..conditions.clone()
                };
                client.set_blob_http_headers(&container, &name, &http, &next).await
            }
            .await;
            OpDone {
                message: result.map(|etag| format!("Saved `{name}`; its ETag is now {etag}")),
                lease: None,
            }
        });
    }

    pub fn snapshot(&mut self, ctx: &mut PaneContext, name: &str) {
        let (client, container, name) = self.owned(ctx, name);
        let lease = ctx.leases.id_for_write(&self.key(Some(&name)));
        self.run(ctx, async move {
            let r = client
                .snapshot_blob(&container, &name, &Conditions::none().with_lease(lease))
                .await;
            OpDone {
                message: r.map(|s| format!("Snapshot of `{name}` taken at {s}")),
                lease: None,
            }
        });
    }

    /// Copies a snapshot over its base blob, if the base is still the version shown.
    pub fn promote(&mut self, ctx: &mut PaneContext, name: &str, snapshot: &str) {
        let etag = self
            .details
            .as_ref()
            .and_then(|d| d.props.as_ref())
            .map(|p| p.etag.clone());
        // The copy is conditional on the version shown; with none shown yet there is nothing to condition on.
        if etag.is_none() {
            self.message = Some(Err(StorageError::invalid(
                "Promote the snapshot",
                format!("The properties of `{name}` are still loading; promote once its ETag shows."),
            )));
            return;
        }
        let lease = ctx.leases.id_for_write(&self.key(Some(name)));
        let ((client, container, name), snapshot) = (self.owned(ctx, name), snapshot.to_string());
        self.run(ctx, async move {
            let conditions = Conditions {
                if_match: etag,
                ..Conditions::none()
            }
            .with_lease(lease);
            let r = client
                .copy_blob((&container, &name, Some(&snapshot)), (&container, &name), &conditions)
                .await;
            OpDone {
                message: r.map(|_| format!("Promoted the snapshot {snapshot} to be `{name}` again")),
                lease: None,
            }
        });
    }

    pub fn delete_snapshot(&mut self, ctx: &mut PaneContext, name: &str, snapshot: &str) {
        let ((client, container, name), snapshot) = (self.owned(ctx, name), snapshot.to_string());
        self.run(ctx, async move {
            let r = client
                .delete_blob(
                    &container,
                    &name,
                    Some(&snapshot),
                    DeleteSnapshots::None,
                    &Conditions::none(),
                )
                .await;
            OpDone {
                message: r.map(|_| format!("Deleted the snapshot {snapshot} of `{name}`")),
                lease: None,
            }
        });
    }

    /// Reads the first 64 KiB (or a whole small image) to show as text, image or hex.
    pub fn preview(&mut self, ctx: &mut PaneContext, name: &str, snapshot: Option<&str>) {
        let size = self
            .blobs
            .iter()
            .find(|b| b.name == name)
            .map(|b| b.properties.content_length)
            .unwrap_or(0);
        let image = guess_content_type(name).starts_with("image/") && size <= 8 << 20;
        let range = if image || size == 0 {
            None
        } else {
            Some((0, size.min(64 * 1024) - 1))
        };
        let ((client, container, blob), snap) = (self.owned(ctx, name), snapshot.map(str::to_string));
        self.preview = Some(Preview::Loading(name.to_string()));
        self.preview_loading = Some(
            ctx.backend
                .spawn(async move { client.get_blob(&container, &blob, snap.as_deref(), range).await }),
        );
    }

    /// Starts making a SAS URL (a user delegation SAS for a signed-in account, which asks the service for a
    /// key first); it is copied to the clipboard when it arrives.
    pub fn make_sas_url(&mut self, ctx: &PaneContext, blob: Option<&str>) {
        let expiry = SystemTime::now() + Duration::from_secs(u64::from(self.sas_hours) * 3600);
        let (client, container, blob) = (ctx.client.clone(), self.container.clone(), blob.map(str::to_string));
        let permissions = self.sas_permissions;
        self.sas_making = Some(ctx.backend.spawn(async move {
            client
                .shareable_sas_url(&container, blob.as_deref(), permissions, expiry)
                .await
        }));
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaseAction {
    Acquire,
    Renew,
    Change,
    Release,
    Break,
}

pub(super) fn classify_preview(name: &str, bytes: &[u8], props: &BlobProperties) -> Preview {
    let content_type = props
        .http
        .content_type
        .clone()
        .unwrap_or_else(|| guess_content_type(name).to_string());
    // Only a whole image decodes: a big one was fetched in part and shows as bytes instead.
    let whole = bytes.len() as u64 == props.content_length;
    if content_type.starts_with("image/") && !content_type.contains("svg") && whole {
        return Preview::Image(name.to_string(), bytes.to_vec().into());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_dumps_show_offsets_bytes_and_text() {
        let dump = hex_dump(b"ABC\x00\x01");
        assert_eq!(dump, format!("00000000  {:<48} ABC..", "41 42 43 00 01"));
    }
}
