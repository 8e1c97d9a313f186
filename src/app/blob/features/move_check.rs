//! Before a move (Cut then Paste, or Rename): what it would not carry is looked for, and the user is asked first.
//! A copy carries a blob's content, properties and metadata, but not its snapshots, its index tags or its
//! versions; a move never deletes a source's snapshots (its base then stays under its old name with them).

use std::collections::BTreeMap;

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::Effects;
use crate::app::blob::features::copy_paste::{CopyPaste, Move};
use crate::app::context::{InFlight, PaneContext};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::blob::ListBlobsOptions;
use crate::storage::{Client, StorageError};

/// A source blob holding what a copy does not carry.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NotCarried {
    pub name: String,
    /// Its snapshots' times.
    pub snapshots: Vec<String>,
    pub tags: Vec<(String, String)>,
}

impl NotCarried {
    fn describe(&self) -> String {
        let mut parts = Vec::new();
        if !self.snapshots.is_empty() {
            let times: Vec<&str> = self.snapshots.iter().take(3).map(String::as_str).collect();
            let more = if self.snapshots.len() > 3 { ", …" } else { "" };
            let times = format!("{}{more}", times.join(", "));
            parts.push(tr!(
                "blob-move-check-snapshots",
                count = self.snapshots.len(),
                times = times
            ));
        }
        if !self.tags.is_empty() {
            let tags: Vec<String> = self.tags.iter().map(|(k, v)| format!("{k}={v}")).collect();
            parts.push(tr!("blob-move-check-tags", tags = tags.join(", ")));
        }
        format!("`{}`: {}", self.name, parts.join("; "))
    }
}

/// A move waiting for the look at its sources, then for the user's answer.
pub struct MoveCheck {
    pending: Move,
    /// The look at the sources, keyed by the move's title (one look at a time).
    reading: InFlight<(), Result<Vec<NotCarried>, StorageError>>,
    found: Vec<NotCarried>,
}

impl MoveCheck {
    pub(crate) fn is_reading(&self) -> bool {
        !self.reading.is_empty()
    }
}

impl CopyPaste {
    /// Looks at a move's sources for snapshots and tags (one listing per blob or folder), then starts the move
    /// at once when there are none, or asks.
    pub(super) fn check_move(&mut self, ctx: &mut PaneContext, fx: &mut Effects, pending: Move) {
        let p = pending.paste();
        let (client, container, items) = (p.source.clone(), p.src_container.clone(), p.items.clone());
        let mut reading = InFlight::default();
        reading.start(
            (),
            ctx.backend
                .spawn(async move { not_carried(&client, &container, &items).await }),
        );
        fx.say(Ok(t("blob-move-check-looking")));
        self.check = Some(MoveCheck {
            pending,
            reading,
            found: Vec::new(),
        });
    }

    pub(super) fn poll_check(&mut self, ctx: &mut PaneContext, fx: &mut Effects) {
        let Some(check) = &mut self.check else { return };
        match check.reading.take().map(|(_, r)| r) {
            Some(Ok(found)) if found.is_empty() => {
                if let Some(check) = self.check.take() {
                    fx.hush();
                    check.pending.start(ctx);
                }
            }
            Some(Ok(found)) => check.found = found,
            Some(Err(e)) => {
                self.check = None;
                fx.fail(e.with_operation(t("blob-move-check-op-look")));
            }
            None => {}
        }
    }

    /// The blobs the move question names (empty until the look has found some).
    pub fn move_would_not_carry(&self) -> &[NotCarried] {
        self.check.as_ref().map_or(&[], |c| &c.found)
    }
}

/// The sources among `items` (blobs, and folders ending in `/`, listed whole) that have snapshots or tags.
async fn not_carried(
    client: &Client,
    container: &str,
    items: &[(String, Option<String>)],
) -> Result<Vec<NotCarried>, StorageError> {
    let mut found: BTreeMap<String, NotCarried> = BTreeMap::new();
    for (name, _) in items {
        let mut options = ListBlobsOptions {
            prefix: Some(name.clone()),
            max_results: Some(5000),
            include_snapshots: true,
            include_tags: true,
            ..Default::default()
        };
        loop {
            let page = client.list_blobs(container, &options).await?;
            for b in page.blobs {
                // A blob's prefix also lists the blobs whose names go on from it.
                if !name.ends_with('/') && b.name != *name {
                    continue;
                }
                let entry = found.entry(b.name.clone()).or_insert_with(|| NotCarried {
                    name: b.name.clone(),
                    ..Default::default()
                });
                match b.snapshot {
                    Some(time) => entry.snapshots.push(time),
                    None => entry.tags = b.tags,
                }
            }
            match page.next_marker {
                Some(m) => options.marker = Some(m),
                None => break,
            }
        }
    }
    Ok(found
        .into_values()
        .filter(|n| !n.snapshots.is_empty() || !n.tags.is_empty())
        .collect())
}

/// The question, once the look found something: move keeping the snapshots where they are, or cancel.
pub(super) fn ui(
    this: &mut CopyPaste,
    egui_ctx: &egui::Context,
    core: &BlobCore,
    ctx: &mut PaneContext,
    fx: &mut Effects,
) {
    let Some(check) = &this.check else { return };
    if check.found.is_empty() {
        return;
    }
    let names: Vec<String> = check.found.iter().take(10).map(NotCarried::describe).collect();
    let more = match check.found.len() {
        n if n > 10 => format!("\n{}", tr!("blob-move-check-more", count = n - 10)),
        _ => String::new(),
    };
    let body = format!("{}{more}\n\n{}", names.join("\n"), t("blob-move-check-body"));
    let title = tr!("blob-move-check-title", count = check.found.len());
    let yes = t("blob-move-check-yes");
    let id = egui::Id::unique(("move-check", &core.container));
    let Some(answer) = crate::app::widgets::confirm::ask(egui_ctx, id, &title, &body, &yes, |_| {}) else {
        return;
    };
    let Some(check) = this.check.take() else { return };
    if answer {
        fx.hush();
        check.pending.start(ctx);
    } else {
        fx.say(Ok(t("blob-move-check-nothing-moved")));
    }
}
