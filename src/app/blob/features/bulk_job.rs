//! A change of many blobs as a job: the selected blobs, then every blob under each selected folder listed page by
//! page (nothing held but the page in hand and the counts), eight at a time in name order. Each blob is read just
//! before it is written and written only if it is still as read (If-Match its ETag; tags only while they are
//! still the tags read), except a tier change, for which the service takes no condition. Where it got to is kept,
//! so a Retry after a Cancel or a failure goes on from there.

use std::sync::{Arc, Mutex};

use futures_util::StreamExt;

use crate::app::context::JobContext;
use crate::app::widgets::bulk_change::{Came, Progress, Tally, Words};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::blob::{AccessTier, BlobHttpHeaders, Conditions, DeleteSnapshots, ListBlobsOptions, quoted_etag};
use crate::storage::{Client, StorageError};

/// Blobs changed at once.
const AT_ONCE: usize = 8;

/// A header Set Blob Properties writes (the others are kept as read).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Header {
    ContentType,
    CacheControl,
    ContentEncoding,
    ContentLanguage,
    ContentDisposition,
}

impl Header {
    pub const ALL: [Header; 5] = [
        Header::ContentType,
        Header::CacheControl,
        Header::ContentEncoding,
        Header::ContentLanguage,
        Header::ContentDisposition,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Header::ContentType => "Content-Type",
            Header::CacheControl => "Cache-Control",
            Header::ContentEncoding => "Content-Encoding",
            Header::ContentLanguage => "Content-Language",
            Header::ContentDisposition => "Content-Disposition",
        }
    }

    fn slot(self, http: &mut BlobHttpHeaders) -> &mut Option<String> {
        match self {
            Header::ContentType => &mut http.content_type,
            Header::CacheControl => &mut http.cache_control,
            Header::ContentEncoding => &mut http.content_encoding,
            Header::ContentLanguage => &mut http.content_language,
            Header::ContentDisposition => &mut http.content_disposition,
        }
    }
}

/// What is done to each blob; a `None` value removes.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    Metadata {
        name: String,
        value: Option<String>,
    },
    Header {
        header: Header,
        value: String,
    },
    Tag {
        key: String,
        value: Option<String>,
    },
    Tier(AccessTier),
    /// The blob and its snapshots.
    Delete,
}

impl Change {
    /// "set metadata owner on", "delete": for the job's title.
    pub fn words(&self) -> String {
        match self {
            Change::Metadata { name, value: Some(_) } => tr!("blob-bulk-job-set-metadata", name = name.as_str()),
            Change::Metadata { name, value: None } => tr!("blob-bulk-job-remove-metadata", name = name.as_str()),
            Change::Header { header, .. } => tr!("blob-bulk-job-set-header", header = header.name()),
            Change::Tag { key, value: Some(_) } => tr!("blob-bulk-job-set-tag", name = key.as_str()),
            Change::Tag { key, value: None } => tr!("blob-bulk-job-remove-tag", name = key.as_str()),
            Change::Tier(tier) => tr!("blob-bulk-job-set-tier", tier = tier.as_str()),
            Change::Delete => t("blob-bulk-job-delete"),
        }
    }
}

/// How the counts of a change of blobs are said.
pub fn tally_words(change: &Change) -> Words {
    Words {
        items: "blob-bulk-job-blobs",
        done: if *change == Change::Delete {
            "blob-bulk-job-deleted"
        } else {
            "blob-bulk-job-changed"
        },
        changed: "blob-bulk-job-changed-why",
        unchanged: "blob-bulk-job-unchanged",
        reads: false,
    }
}

/// Where the job got to: which part (0: the selected blobs; then each folder), the page's marker in that part,
/// and the last blob dealt with.
#[derive(Debug, Default)]
pub struct Position {
    pub tally: Tally,
    pub finished: bool,
    pub part: usize,
    pub marker: Option<String>,
    pub last: Option<String>,
    /// Blobs past `last` already dealt with (counted and named) by a run that stopped at a blob without an
    /// answer before them: a Retry passes over them.
    pub dealt: std::collections::HashSet<String>,
}

impl Progress for Position {
    fn tally(&self) -> &Tally {
        &self.tally
    }
    fn finished(&self) -> bool {
        self.finished
    }
}

pub type Shared = Arc<Mutex<Position>>;

/// One blob's outcome.
enum Outcome {
    Done,
    Unchanged,
}

pub async fn run(
    job: JobContext,
    client: Client,
    container: String,
    (blobs, folders): (Arc<Vec<String>>, Arc<Vec<String>>),
    change: Change,
    shared: Shared,
) -> Result<String, StorageError> {
    let cancelled = || StorageError::cancelled(tr!("blob-bulk-job-op", container = container.as_str()));
    loop {
        let (part, marker, last) = {
            let p = shared.lock().expect("position lock");
            if p.finished {
                return Ok(p.tally.summary(&tally_words(&change)));
            }
            (p.part, p.marker.clone(), p.last.clone())
        };
        if job.cancel.is_cancelled() {
            return Err(cancelled());
        }
        let (names, next): (Vec<String>, Option<String>) = match part {
            0 => (blobs.to_vec(), None),
            i if i <= folders.len() => {
                let options = ListBlobsOptions {
                    prefix: Some(folders[i - 1].clone()),
                    marker: marker.clone(),
                    max_results: Some(1000),
                    ..Default::default()
                };
                let page = client.list_blobs(&container, &options).await?;
                (page.blobs.into_iter().map(|b| b.name).collect(), page.next_marker)
            }
            _ => {
                let mut p = shared.lock().expect("position lock");
                p.finished = true;
                return Ok(p.tally.summary(&tally_words(&change)));
            }
        };
        let left: Vec<String> = {
            let dealt = &shared.lock().expect("position lock").dealt;
            (names.into_iter())
                .filter(|n| last.as_ref().is_none_or(|l| n > l) && !dealt.contains(n))
                .collect()
        };
        for chunk in left.chunks(AT_ONCE) {
            if job.cancel.is_cancelled() {
                return Err(cancelled());
            }
            // Collected first: a closure over borrowed names held across the await is not Send for every lifetime.
            let each: Vec<_> = chunk
                .iter()
                .map(|name| {
                    let (client, container, change, name) =
                        (client.clone(), container.clone(), change.clone(), name.clone());
                    async move {
                        let r = change_one(&client, &container, &name, &change).await;
                        (name, r)
                    }
                })
                .collect();
            let results: Vec<_> = futures_util::stream::iter(each).buffered(AT_ONCE).collect().await;
            let mut p = shared.lock().expect("position lock");
            let words = tally_words(&change);
            // The first blob without an answer stops the job after this chunk; every blob of the chunk is still
            // counted and named, and those past it that were dealt with are noted, so a Retry (which goes on from
            // that blob) does not count or change them again.
            let mut stop: Option<StorageError> = None;
            for (name, r) in results {
                let t = &mut p.tally;
                let came = match &r {
                    Ok(Outcome::Done) => {
                        t.done += 1;
                        Came::Done
                    }
                    Ok(Outcome::Unchanged) => {
                        t.unchanged += 1;
                        Came::Unchanged
                    }
                    Err(e) if e.is_conflict() && !e.is_lease_conflict() => {
                        t.changed += 1;
                        Came::Changed
                    }
                    Err(e) if e.is_not_found() => {
                        t.gone += 1;
                        Came::Gone
                    }
                    Err(e) if e.status.is_some() => {
                        t.failed += 1;
                        t.first_failure.get_or_insert(format!("`{name}`: {}", e.plain_words()));
                        Came::Failed(e.plain_words())
                    }
                    // No answer at all (the link, a timeout): the job stops, and Retry goes on from here.
                    Err(e) => {
                        job.item_not_done(&name, Tally::item(&words, Came::Failed(e.plain_words())));
                        stop.get_or_insert(e.clone());
                        continue;
                    }
                };
                let not_done = came.is_not_done();
                job.item_ended(&name, Tally::item(&words, came), not_done);
                match stop {
                    None => p.last = Some(name),
                    Some(_) => {
                        p.dealt.insert(name);
                    }
                }
            }
            if let Some(e) = stop {
                return Err(e);
            }
            drop(p);
            job.progress.add(chunk.len() as u64);
        }
        let mut p = shared.lock().expect("position lock");
        match next {
            Some(m) => p.marker = Some(m),
            None => (p.part, p.marker) = (p.part + 1, None),
        }
        p.last = None;
    }
}

/// Reads the blob, then writes the change only if it is still as read.
async fn change_one(client: &Client, container: &str, name: &str, change: &Change) -> Result<Outcome, StorageError> {
    let if_match = |etag: &str| Conditions {
        if_match: Some(quoted_etag(etag)),
        ..Conditions::none()
    };
    match change {
        Change::Metadata { name: key, value } => {
            let (props, mut metadata) = client.get_blob_properties(container, name, None).await?;
            let before = metadata.clone();
            metadata.retain(|(k, _)| !k.eq_ignore_ascii_case(key));
            if let Some(v) = value {
                metadata.push((key.clone(), v.clone()));
            }
            if metadata == before {
                return Ok(Outcome::Unchanged);
            }
            client
                .set_blob_metadata(container, name, &metadata, &if_match(&props.etag))
                .await?;
        }
        Change::Header { header, value } => {
            let (props, _) = client.get_blob_properties(container, name, None).await?;
            let mut http = props.http.clone();
            *header.slot(&mut http) = (!value.is_empty()).then(|| value.clone());
            if http == props.http {
                return Ok(Outcome::Unchanged);
            }
            client
                .set_blob_http_headers(container, name, &http, &if_match(&props.etag))
                .await?;
        }
        Change::Tag { key, value } => {
            let tags = client.get_blob_tags(container, name).await?;
            let mut new = tags.clone();
            new.retain(|(k, _)| k != key);
            if let Some(v) = value {
                new.push((key.clone(), v.clone()));
            }
            if new == tags {
                return Ok(Outcome::Unchanged);
            }
            crate::storage::blob::validate_tags(&new)
                .map_err(|e| StorageError::invalid(tr!("blob-bulk-job-set-tags-of", blob = name), e))?;
            let still = crate::app::blob::features::tags_edit::still(&tags);
            client
                .set_blob_tags(container, name, &new, None, still.as_deref())
                .await?;
        }
        Change::Tier(tier) => {
            client.set_blob_tier(container, name, *tier, None, None).await?;
        }
        Change::Delete => {
            let (props, _) = client.get_blob_properties(container, name, None).await?;
            let conditions = if_match(&props.etag);
            client
                .delete_blob(container, name, None, DeleteSnapshots::Include, &conditions)
                .await?;
        }
    }
    Ok(Outcome::Done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_names_every_count() {
        let t = Tally {
            done: 40,
            changed: 1,
            unchanged: 2,
            ..Tally::default()
        };
        let change = Change::Metadata {
            name: "owner".into(),
            value: Some("me".into()),
        };
        assert_eq!(
            t.summary(&tally_words(&change)),
            "40 blobs changed; 1 skipped because they changed between the read and the write; 2 already as asked; \
             0 failed"
        );
        assert_eq!(change.words(), "set metadata owner on");
        let mut http = BlobHttpHeaders::default();
        *Header::CacheControl.slot(&mut http) = Some("no-cache".into());
        assert_eq!(http.cache_control.as_deref(), Some("no-cache"));
    }
}
