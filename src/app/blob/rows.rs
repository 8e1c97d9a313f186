//! The rows of a container tab's listing as features see them change: a read of the listing merged into the
//! rows shown (what appeared, which columns changed and what they held, what vanished), the marks a feature puts
//! on a row, rows kept shown after they left, and how a row's tier and lease read.

use egui::{Color32, RichText};

use crate::app::blob::listed::ListedBlobs;
use crate::app::context::leases::LeaseBook;
use crate::app::widgets::format::{human_bytes, utc_opt};
use crate::app::widgets::i18n::{t, tr};
use crate::app::widgets::watch::Change;
use crate::storage::blob::{BlobItem, BlobProperties, LeaseInfo, LeaseState};
use crate::storage::listing_order;

/// The columns a change can touch, as the listing titles them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    ETag,
    Lease,
    Size,
    LastModified,
    ContentType,
    Tier,
}

impl Column {
    /// The column's title in the window's language, as the listing shows it.
    pub fn name(self) -> String {
        t(match self {
            Column::ETag => "blob-rows-col-etag",
            Column::Lease => "blob-rows-col-lease",
            Column::Size => "blob-rows-col-size",
            Column::LastModified => "blob-rows-col-last-modified",
            Column::ContentType => "blob-rows-col-content-type",
            Column::Tier => "blob-rows-col-tier",
        })
    }

    /// Its English title, the key the watch's JSON lines name it by.
    pub fn title(self) -> &'static str {
        match self {
            Column::ETag => "ETag",
            Column::Lease => "Lease",
            Column::Size => "Size",
            Column::LastModified => "Last modified",
            Column::ContentType => "Content type",
            Column::Tier => "Tier",
        }
    }

    const ALL: [Column; 6] = [
        Column::ETag,
        Column::Lease,
        Column::Size,
        Column::LastModified,
        Column::ContentType,
        Column::Tier,
    ];

    /// The column's text for these properties, as the listing shows it.
    fn text(self, p: &BlobProperties) -> String {
        match self {
            Column::ETag => p.etag.clone(),
            Column::Lease => p.lease.state.as_str().to_string(),
            Column::Size => human_bytes(p.content_length),
            Column::LastModified => utc_opt(p.last_modified),
            Column::ContentType => p.http.content_type.clone().unwrap_or_default(),
            Column::Tier => tier_short(p),
        }
    }
}

/// A column that changed: what it held, what it holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub column: Column,
    pub was: String,
    pub now: String,
}

/// How the listing marks a blob.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    New,
    /// The columns that changed, with what they held when the user last looked.
    Changed(Vec<Cell>),
    /// Gone from the listing: the row as it was last seen, kept shown until dismissed.
    Vanished(Box<BlobItem>),
}

/// One change in the list.
#[derive(Clone, Debug, PartialEq)]
pub struct BlobChange {
    pub name: String,
    pub kind: Kind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    Appeared {
        size: u64,
        etag: String,
    },
    Changed(Vec<Cell>),
    /// Gone from the listing: the row as it was last seen.
    Vanished(Box<BlobItem>),
}

impl Change for BlobChange {
    fn describe(&self) -> String {
        match &self.kind {
            Kind::Appeared { size, etag } => tr!(
                "blob-rows-appeared",
                name = self.name.as_str(),
                size = human_bytes(*size),
                etag = etag.as_str()
            ),
            Kind::Changed(cells) => {
                let said: Vec<String> = cells
                    .iter()
                    .map(|c| {
                        let (was, now) = (c.was.as_str(), c.now.as_str());
                        tr!("blob-rows-changed-cell", column = c.column.name(), was = was, now = now)
                    })
                    .collect();
                format!("{}: {}", self.name, said.join(", "))
            }
            Kind::Vanished(_) => tr!("blob-rows-vanished", name = self.name.as_str()),
        }
    }

    fn json(&self) -> serde_json::Value {
        match &self.kind {
            Kind::Appeared { size, etag } => {
                serde_json::json!({"blob": self.name, "change": "appeared", "size": size, "etag": etag})
            }
            Kind::Changed(cells) => {
                let cells: Vec<serde_json::Value> = cells
                    .iter()
                    .map(|c| serde_json::json!({"column": c.column.title(), "was": c.was, "now": c.now}))
                    .collect();
                serde_json::json!({"blob": self.name, "change": "changed", "cells": cells})
            }
            Kind::Vanished(_) => serde_json::json!({"blob": self.name, "change": "vanished"}),
        }
    }
}

/// A read's pages, joined: the blobs and folders, and the last name it covers (the last loaded; None: all).
pub struct Read {
    pub blobs: Vec<BlobItem>,
    pub prefixes: Vec<String>,
    pub covered_to: Option<String>,
    pub requests: u32,
}

/// The last name listed among blobs and folders (both sorted by name, in the service's order).
pub fn last_name(last_blob: Option<&str>, folders: &[String]) -> Option<String> {
    let last = match (last_blob, folders.last().map(String::as_str)) {
        (Some(b), Some(f)) => std::cmp::max_by(b, f, |a, b| listing_order(a, b)),
        (b, f) => b.or(f)?,
    };
    Some(last.to_string())
}

/// Where folder `name` is (Ok) or would go (Err) among `folders`, which are in the service's order.
pub fn folder_at(folders: &[String], name: &str) -> Result<usize, usize> {
    folders.binary_search_by(|f| listing_order(f, name))
}

/// Merges a read into the blobs and folders shown (both sorted by name): rows stay in place and take the new
/// properties; new blobs are inserted; blobs gone from the range the read covered are taken out; what changed
/// is returned. Rows kept shown after they vanished are taken out by the caller first, so a row that comes
/// back is news again and one still gone is not news twice.
pub fn merge(blobs: &mut ListedBlobs, folders: &mut Vec<String>, read: Read) -> Vec<BlobChange> {
    let covered = |name: &str| {
        read.covered_to
            .as_deref()
            .is_none_or(|end| listing_order(name, end).is_le())
    };
    let mut changes = Vec::new();
    let fresh: std::collections::HashSet<&str> = read.blobs.iter().map(|b| b.name.as_str()).collect();
    let gone: std::collections::HashSet<usize> = (0..blobs.len())
        .filter(|&i| covered(blobs.name(i)) && !fresh.contains(blobs.name(i)))
        .collect();
    for &i in &gone {
        changes.push(BlobChange {
            name: blobs.name(i).to_string(),
            kind: Kind::Vanished(Box::new(blobs.get(i))),
        });
    }
    changes.sort_by(|a, b| listing_order(&a.name, &b.name));
    blobs.retain(|i, _| !gone.contains(&i));
    folders.retain(|f| !covered(f) || read.prefixes.contains(f));
    for f in read.prefixes.into_iter().filter(|f| covered(f)) {
        if let Err(i) = folder_at(folders, &f) {
            folders.insert(i, f);
        }
    }
    for blob in read.blobs.into_iter().filter(|b| covered(&b.name)) {
        match blobs.position(&blob.name) {
            Ok(i) => {
                let mut row = blobs.get(i);
                let cells: Vec<Cell> = Column::ALL
                    .iter()
                    .map(|&c| (c, c.text(&row.properties), c.text(&blob.properties)))
                    .filter(|(_, was, now)| was != now)
                    .map(|(column, was, now)| Cell { column, was, now })
                    .collect();
                if !cells.is_empty() {
                    changes.push(BlobChange {
                        name: blob.name.clone(),
                        kind: Kind::Changed(cells),
                    });
                }
                let unchanged =
                    row.properties == blob.properties && row.tags == blob.tags && row.metadata == blob.metadata;
                if !unchanged {
                    (row.properties, row.tags, row.metadata) = (blob.properties, blob.tags, blob.metadata);
                    blobs.set(i, row);
                }
            }
            Err(i) => {
                changes.push(appeared(&blob));
                blobs.insert(i, blob);
            }
        }
    }
    changes
}

fn appeared(b: &BlobItem) -> BlobChange {
    BlobChange {
        name: b.name.clone(),
        kind: Kind::Appeared {
            size: b.properties.content_length,
            etag: b.properties.etag.clone(),
        },
    }
}

/// Puts rows kept shown (vanished ones) back among `blobs` after a listing merged or replaced them away. Only up
/// to `end`, the last name loaded (None: all were), so the pages loaded next still follow the rows held.
pub fn keep_rows<'a>(blobs: &mut ListedBlobs, kept: impl IntoIterator<Item = &'a BlobItem>, end: Option<&str>) {
    for b in kept {
        if end.is_none_or(|e| listing_order(&b.name, e).is_le())
            && let Err(i) = blobs.position(&b.name)
        {
            blobs.insert(i, b.clone());
        }
    }
}

/// A blob's tier as the list's Tier column shows it: the tier, and whether it is only the account's default or
/// on its way out of Archive.
pub fn tier_short(p: &BlobProperties) -> String {
    let Some(tier) = &p.access_tier else {
        return String::new();
    };
    match (&p.archive_status, p.tier_inferred) {
        (Some(status), _) => format!("{tier} ({status})"),
        (None, true) => tr!("blob-rows-tier-default", tier = tier.as_str()),
        (None, false) => tier.clone(),
    }
}

/// The same for the details, in a sentence.
pub fn tier_words(p: &BlobProperties) -> String {
    let Some(tier) = &p.access_tier else {
        return tr!("blob-rows-tier-none", kind = p.blob_type.as_str());
    };
    let mut words = tier.clone();
    if p.tier_inferred {
        words = tr!("blob-rows-tier-inferred", tier = words);
    }
    if let Some(status) = &p.archive_status {
        words.push_str(&format!("; {status}"));
        if let Some(priority) = &p.rehydrate_priority {
            words = tr!("blob-rows-tier-priority", text = words, priority = priority.as_str());
        }
    }
    // An inferred tier was never set: the date the service gives for it is the blob's creation.
    if let Some(when) = p.tier_changed.filter(|_| !p.tier_inferred) {
        words = tr!("blob-rows-tier-set", text = words, time = utc_opt(Some(when)));
    }
    words
}

/// The lease indicator: a symbol and words, coloured by state.
pub fn lease_label(
    book: &LeaseBook,
    key: &crate::app::context::leases::LeaseKey,
    info: &LeaseInfo,
    dark: bool,
) -> RichText {
    let (words, _) = book.describe(key, info);
    let (symbol, color) = match info.state {
        LeaseState::Available => ("", if dark { Color32::GRAY } else { Color32::DARK_GRAY }),
        LeaseState::Leased => ("[L] ", Color32::from_rgb(0xd0, 0x60, 0x20)),
        LeaseState::Expired => ("[E] ", Color32::from_rgb(0x70, 0x70, 0xa0)),
        LeaseState::Breaking => ("[B] ", Color32::from_rgb(0xc0, 0x30, 0x30)),
        LeaseState::Broken => ("[X] ", Color32::from_rgb(0x80, 0x40, 0x40)),
    };
    RichText::new(format!("{symbol}{words}")).color(color)
}
