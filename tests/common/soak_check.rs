//! The soak's read-back: what the service holds after a soak, compared with what each operation's outcome
//! said, into a report of anything lost, applied twice, applied though refused, or left unexplained.

use std::collections::{BTreeMap, HashMap};
use std::time::Duration;

use tessera::storage::Client;
use tessera::storage::table::EntityQuery;

use super::{Note, Outcome, Soak, base, md5};

/// What the read-back found.
#[derive(Debug, Default)]
pub struct Report {
    /// Operations run, by kind.
    pub ops: BTreeMap<&'static str, usize>,
    /// Outcomes, by meaning.
    pub outcomes: BTreeMap<String, usize>,
    pub lost: Vec<String>,
    /// Said refused (did not happen), yet the service holds its effect.
    pub phantom: Vec<String>,
    pub duplicated: Vec<String>,
    pub unknown: usize,
    pub unknown_resolved: usize,
    pub unexplained: Vec<String>,
    pub downloads: usize,
    pub downloads_mismatched: Vec<String>,
}

impl Report {
    pub fn total_ops(&self) -> usize {
        self.ops.values().sum()
    }

    /// The share of unknown outcomes the read-back explained (1 when there were none).
    pub fn resolved_share(&self) -> f64 {
        if self.unknown == 0 {
            1.0
        } else {
            self.unknown_resolved as f64 / self.unknown as f64
        }
    }

    pub fn is_clean(&self) -> bool {
        self.lost.is_empty()
            && self.phantom.is_empty()
            && self.duplicated.is_empty()
            && self.unexplained.is_empty()
            && self.downloads_mismatched.is_empty()
    }
}

impl Soak {
    /// Reads the service directly (after giving delayed requests time to land and taken messages time to come
    /// back) and checks every note.
    pub async fn check(&self, direct: &Client) -> Report {
        tokio::time::sleep(Duration::from_secs(6)).await;
        let mut entities: HashMap<(String, String), Option<String>> = HashMap::new();
        direct
            .for_each_entity_page(&self.table, &EntityQuery::default(), None, |page| {
                for e in page.entities {
                    let payload = e.get("Payload").map(|v| v.to_text().into_owned());
                    entities.insert((e.partition_key().to_string(), e.row_key().to_string()), payload);
                }
                true
            })
            .await
            .unwrap();
        let mut blobs: HashMap<String, (Vec<u8>, bool)> = HashMap::new();
        let mut marker = None;
        loop {
            let options = tessera::storage::blob::ListBlobsOptions {
                marker: marker.clone(),
                ..Default::default()
            };
            let page = direct.list_blobs(&self.container, &options).await.unwrap();
            for b in page.blobs {
                let (body, _) = direct.get_blob(&self.container, &b.name, None, None).await.unwrap();
                let leased = b.properties.lease.state == tessera::storage::blob::LeaseState::Leased;
                blobs.insert(b.name, (md5(&body), leased));
            }
            match page.next_marker {
                Some(m) => marker = Some(m),
                None => break,
            }
        }
        let mut remaining: Vec<String> = Vec::new();
        loop {
            let got = direct.get_messages(&self.queue, 32, 300).await.unwrap();
            if got.is_empty() {
                break;
            }
            remaining.extend(got.into_iter().map(|m| m.text));
        }
        let mut report = Report {
            ops: self.ops.lock().unwrap().clone(),
            outcomes: self.outcomes.lock().unwrap().clone(),
            ..Report::default()
        };
        let (downloads, mismatched) = self.downloads.lock().unwrap().clone();
        report.downloads = downloads;
        report.downloads_mismatched = mismatched;
        let notes = self.notes.lock().unwrap().clone();
        for note in &notes {
            check_note(note, &notes, &entities, &blobs, &remaining, &mut report);
        }
        report
    }
}

/// One expectation against what the service holds.
fn check_note(
    note: &Note,
    notes: &[Note],
    entities: &HashMap<(String, String), Option<String>>,
    blobs: &HashMap<String, (Vec<u8>, bool)>,
    remaining: &[String],
    report: &mut Report,
) {
    // `done` must hold when the outcome was Done; when it was Unknown, `explained` must; when it was Refused,
    // `happened` (the service holds this operation's own effect, which nothing else could have caused) must not.
    let mut judge = |what: String, outcome: &Outcome, done: bool, explained: bool, happened: bool| match outcome {
        Outcome::Done if !done => report.lost.push(what),
        Outcome::Refused if happened => report.phantom.push(what),
        Outcome::Unknown => {
            report.unknown += 1;
            if explained {
                report.unknown_resolved += 1;
            } else {
                report.unexplained.push(what);
            }
        }
        _ => {}
    };
    match note {
        Note::Entity { key, payload, outcome } => {
            let there = entities.get(key);
            let ok = there == Some(&Some(payload.clone()));
            // A later step of the same operation may have changed or deleted it.
            let later = notes
                .iter()
                .any(|n| matches!(n, Note::Changed { key: k, .. } | Note::Deleted { key: k, .. } if k == key));
            judge(
                format!("entity {key:?} = {payload}"),
                outcome,
                ok || later,
                ok || there.is_none() || later,
                ok,
            );
        }
        Note::Changed {
            key,
            before,
            after,
            outcome,
        } => {
            let now = entities.get(key).cloned().flatten();
            let done = now.as_deref() == Some(after.as_str());
            let explained = done || now.as_deref() == Some(before.as_str());
            judge(
                format!("entity {key:?} {before} -> {after}"),
                outcome,
                done,
                explained,
                done,
            );
        }
        Note::Deleted { key, outcome } => {
            let gone = !entities.contains_key(key);
            judge(format!("entity {key:?} deleted"), outcome, gone, true, gone);
        }
        Note::Batch {
            partition,
            rows,
            outcome,
        } => {
            let present = rows
                .iter()
                .filter(|r| entities.contains_key(&(partition.clone(), (*r).clone())))
                .count();
            let atomic = present == 0 || present == rows.len();
            if !atomic {
                judge(
                    format!("batch {partition}: {present} of {} rows (not atomic)", rows.len()),
                    &Outcome::Done,
                    false,
                    false,
                    false,
                );
            }
            judge(
                format!("batch {partition}"),
                outcome,
                present == rows.len(),
                atomic,
                present > 0,
            );
        }
        Note::Blob {
            name,
            md5,
            before,
            outcome,
        } => {
            let now = blobs.get(name).map(|(m, _)| m);
            let done = now == Some(md5);
            let explained = done || now.is_none() || (before.is_some() && now == before.as_ref());
            if *outcome == Outcome::Refused && before.is_some() && now != before.as_ref() && now.is_some() {
                judge(
                    format!("blob {name}: a refused overwrite changed it"),
                    &Outcome::Done,
                    false,
                    false,
                    false,
                );
            }
            judge(format!("blob {name}"), outcome, done, explained, done);
        }
        Note::Released { name, outcome } => {
            let leased = blobs.get(name).is_some_and(|(_, l)| *l);
            judge(format!("lease on {name} released"), outcome, !leased, true, false);
        }
        Note::Put { text, outcome } => {
            let here = remaining.iter().filter(|r| base(r) == text).count();
            let removed = |sure: bool| {
                notes.iter().any(|n| {
                    matches!(n, Note::Removed { text: t, outcome: o } if base(t) == text && (*o == Outcome::Done || !sure && *o == Outcome::Unknown))
                })
            };
            if here > 1 {
                report.duplicated.push(format!("message {text} is there {here} times"));
            }
            if here == 1 && removed(true) {
                report
                    .duplicated
                    .push(format!("message {text} was deleted and is there again"));
            }
            judge(
                format!("message {text}"),
                outcome,
                here == 1 || removed(false),
                here <= 1,
                here > 0,
            );
        }
        Note::Removed { text, outcome } => {
            let here = remaining.iter().any(|r| base(r) == base(text));
            judge(format!("message {text} deleted"), outcome, !here, true, false);
        }
        Note::Updated { from, to, outcome } => {
            let now: Vec<&String> = remaining.iter().filter(|r| base(r) == base(from)).collect();
            let deleted_later = notes
                .iter()
                .any(|n| matches!(n, Note::Removed { text, .. } if base(text) == base(from)));
            let done = deleted_later || now.iter().any(|t| t.starts_with(to.as_str()));
            let happened = now.iter().any(|t| t.starts_with(to.as_str()));
            judge(format!("message {from} -> {to}"), outcome, done, true, happened);
        }
    }
}
