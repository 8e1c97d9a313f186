//! Access tiers in a container tab: a blob's tier in words (inferred, archived, rehydrating), and setting Hot,
//! Cool, Cold or Archive on one blob or a selection as a job, with the rehydrate priority for leaving Archive.

use crate::app::context::feature::Feature;
use futures_util::StreamExt;

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobFeature, Effects};
use crate::app::context::{JobReplies, PaneContext, ReplyTx, Unit, job_replies};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;
use crate::storage::blob::{AccessTier, RehydratePriority, TierChange};

/// Tier changes sent at once by a job (each is one small request).
const AT_ONCE: usize = 8;

/// What the tier controls hold as the user chooses.
#[derive(Clone, Copy, Debug)]
pub struct TierForm {
    pub tier: AccessTier,
    pub rehydrate: RehydratePriority,
}

impl Default for TierForm {
    fn default() -> Self {
        TierForm {
            tier: AccessTier::Cool,
            rehydrate: RehydratePriority::Standard,
        }
    }
}

/// A tier job's words: what changed, what is rehydrating, and each blob that could not be changed with why.
fn tier_outcome(
    tier: AccessTier,
    done: usize,
    rehydrating: usize,
    failed: &[(String, StorageError)],
) -> Result<String, StorageError> {
    let mut words = tr!("blob-tiers-outcome", tier = tier.as_str(), count = done);
    if rehydrating > 0 {
        words.push_str(&tr!("blob-tiers-outcome-rehydrating", count = rehydrating));
    }
    crate::app::blob::actions::with_failures(words, &t("blob-tiers-not-changed"), failed)
}

/// What a tier job hands back for each blob as its answer lands: the tier set and how (or why not).
type Landed = (String, AccessTier, Result<TierChange, StorageError>);

/// The Tiers feature: the tier chosen, the blobs waiting for the answer to "Archive them?", and what the jobs'
/// answers say each blob now is (taken into the tab with no read).
pub struct Tiers {
    form: TierForm,
    asking: Option<Vec<String>>,
    landed: (ReplyTx<Landed>, JobReplies<Landed>),
}

impl Default for Tiers {
    fn default() -> Self {
        Tiers {
            form: TierForm::default(),
            asking: None,
            landed: job_replies(),
        }
    }
}

/// What a blob is after a tier change answered: its properties (shown or listed) with the tier the answer says
/// (leaving Archive: still archived, rehydrating to it). The ETag and time do not move with a tier.
fn with_tier(
    mut props: crate::storage::blob::BlobProperties,
    tier: AccessTier,
    change: &TierChange,
) -> crate::storage::blob::BlobProperties {
    match change {
        TierChange::Done => {
            props.access_tier = Some(tier.as_str().to_string());
            props.archive_status = None;
        }
        TierChange::Rehydrating => {
            let to = tier.as_str().to_lowercase();
            props.archive_status = Some(format!("rehydrate-pending-to-{to}")); // i18n-ignore: the service's value
        }
    }
    props.tier_inferred = false;
    props
}

impl Feature for Tiers {
    type Pane = crate::app::blob::feature::Blob;

    fn poll(&mut self, core: &BlobCore, _: &mut PaneContext, fx: &mut Effects) {
        for (blob, tier, answer) in self.landed.1.take() {
            let shown = core
                .details
                .as_ref()
                .filter(|d| d.name == blob)
                .and_then(|d| d.props.clone());
            match answer {
                // The answer says what the blob now is: the row and the details take it, and nothing is read.
                Ok(change) => {
                    if let Some(props) = shown.or_else(|| core.listed_blob(&blob).map(|b| b.properties)) {
                        fx.wrote(&blob, with_tier(props, tier, &change), None);
                    }
                }
                // Not changed (someone else did, or the service refused): the blob shown is read, to show theirs.
                Err(_) if shown.is_some() => fx.reread(&blob),
                Err(_) => {}
            }
        }
    }

    fn windows(&mut self, egui_ctx: &egui::Context, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        let Some(names) = &self.asking else { return };
        let title = tr!("blob-tiers-archive-title", count = names.len());
        let body = format!(
            "{}\n\n{}",
            names.iter().take(10).cloned().collect::<Vec<_>>().join(", "),
            t("blob-tiers-archive-body")
        );
        let yes = tr!("blob-tiers-archive-yes", count = names.len());
        let id = egui::Id::unique(("archive-confirm", &core.container));
        let Some(answer) = crate::app::widgets::confirm::ask(egui_ctx, id, &title, &body, &yes, |_| {}) else {
            return;
        };
        if let Some(names) = self.asking.take().filter(|_| answer) {
            let rehydrate = self.form.rehydrate;
            self.set_tiers(core, ctx, names, (AccessTier::Archive, rehydrate));
        }
    }
}

impl BlobFeature for Tiers {
    fn blob_ui(&mut self, ui: &mut egui::Ui, blob: &str, core: &BlobCore, ctx: &mut PaneContext, _: &mut Effects) {
        if core.selected_properties().is_some_and(|p| p.access_tier.is_some()) {
            self.tier_controls(ui, core, ctx, blob);
        }
    }
}

impl Tiers {
    /// What Set tier does: Archive asks first (the blob cannot be read until rehydrated, which takes hours);
    /// another tier starts at once.
    pub fn ask_set_tier(&mut self, core: &BlobCore, ctx: &mut PaneContext, names: Vec<String>) {
        let TierForm { tier, rehydrate } = self.form;
        if tier == AccessTier::Archive {
            self.asking = Some(names);
        } else {
            self.set_tiers(core, ctx, names, (tier, rehydrate));
        }
    }

    /// Sets `tier` on each blob as a job (a few at a time), with this app's lease where it holds one. The
    /// service takes no If-Match for a tier change (it changes neither content nor ETag), so each blob's tier is
    /// read again just before the write and compared with the tier listed: a blob whose tier someone changed
    /// since is kept and named. A blob that cannot take the tier (an append or page blob) is named at the end;
    /// the others are changed.
    pub fn set_tiers(
        &mut self,
        core: &BlobCore,
        ctx: &mut PaneContext,
        names: Vec<String>,
        (tier, rehydrate): (AccessTier, RehydratePriority),
    ) {
        // Each with its lease, and the tier it was listed with (what the read before the write compares with).
        let items: Vec<(String, Option<String>, Option<Option<String>>)> = names
            .iter()
            .map(|n| {
                let listed = core.listed_blob(n).map(|b| b.properties.access_tier.clone());
                (n.clone(), ctx.leases.id_for_write(&core.key(Some(n))), listed)
            })
            .collect();
        // Only a blob leaving Archive is rehydrated; the priority is sent for those alone.
        let archived: std::collections::HashSet<String> = names
            .iter()
            .filter(|n| {
                core.listed_blob(n)
                    .is_some_and(|b| b.properties.access_tier.as_deref() == Some("Archive"))
            })
            .cloned()
            .collect();
        let title = tr!(
            "blob-tiers-job-title",
            tier = tier.as_str(),
            count = names.len(),
            container = core.container.as_str()
        );
        let state = (
            ctx.client.clone(),
            core.container.clone(),
            items,
            archived,
            self.landed.0.clone(),
        );
        // Each answer is handed back as it lands and taken into the tab: the job's end reads nothing again.
        ctx.start_job_answered(
            title,
            Unit::Items("blobs"),
            state,
            move |job, (client, container, items, archived, landed)| async move {
                job.progress.start(items.len() as u64);
                let asks = items.into_iter().map(|(name, lease, listed)| {
                    let (client, container, job, landed) =
                        (client.clone(), container.clone(), job.clone(), landed.clone());
                    let priority = (tier != AccessTier::Archive && archived.contains(&name)).then_some(rehydrate);
                    async move {
                        let r = match tier_unchanged(&client, &container, &name, listed).await {
                            Ok(()) => {
                                client
                                    .set_blob_tier(&container, &name, tier, priority, lease.as_deref())
                                    .await
                            }
                            Err(e) => Err(e),
                        };
                        job.progress.add(1);
                        landed.send((name.clone(), tier, r.clone()));
                        (name, r)
                    }
                });
                let cancel = job.cancel.clone();
                let results: Vec<(String, Result<TierChange, StorageError>)> = futures_util::stream::iter(asks)
                    .buffer_unordered(AT_ONCE)
                    .take_while(move |_| std::future::ready(!cancel.is_cancelled()))
                    .collect()
                    .await;
                if job.cancel.is_cancelled() {
                    return Err(StorageError::cancelled(t("blob-tiers-op-set-tier")));
                }
                let (mut done, mut rehydrating, mut failed) = (0, 0, Vec::new());
                for (name, r) in results {
                    match r {
                        Ok(TierChange::Done) => done += 1,
                        Ok(TierChange::Rehydrating) => {
                            done += 1;
                            rehydrating += 1
                        }
                        Err(e) => failed.push((name, e)),
                    }
                }
                failed.sort_by(|a, b| a.0.cmp(&b.0));
                tier_outcome(tier, done, rehydrating, &failed)
            },
        );
    }
}

/// Whether a blob's tier is still the one it was listed with (None listed: not seen in the listing, nothing to
/// compare). Set Blob Tier takes no condition of its own, so this read just before it is the guard; a change
/// landing between the two is not caught.
async fn tier_unchanged(
    client: &crate::storage::Client,
    container: &str,
    name: &str,
    listed: Option<Option<String>>,
) -> Result<(), StorageError> {
    let Some(listed) = listed else { return Ok(()) };
    let (now, _) = client.get_blob_properties(container, name, None).await?;
    if now.access_tier == listed {
        return Ok(());
    }
    let said = |tier: &Option<String>| tier.clone().unwrap_or_else(|| t("blob-tiers-none"));
    Err(StorageError::changed_since_read(
        tr!("blob-tiers-op-set-tier-of", name = name),
        tr!(
            "blob-tiers-changed-since",
            then = said(&listed),
            now = said(&now.access_tier)
        ),
    ))
}

impl Tiers {
    /// The tier controls of the details: the tier to set, the rehydrate priority when leaving Archive, and the
    /// button, for the blob shown or (when it is one of several selected) for the selection.
    fn tier_controls(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, shown: &str) {
        let selected: Vec<String> = core
            .selection
            .names
            .iter()
            .filter(|n| !n.ends_with('/'))
            .cloned()
            .collect();
        let names = if selected.len() > 1 && selected.iter().any(|n| n == shown) {
            selected
        } else {
            vec![shown.to_string()]
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(t("blob-tiers-tier-to-set"));
            for tier in AccessTier::ALL {
                ui.radio_value(&mut self.form.tier, tier, tier.as_str());
            }
        });
        let leaving_archive = names.iter().any(|n| {
            core.listed_blob(n)
                .is_some_and(|b| b.properties.access_tier.as_deref() == Some("Archive"))
        });
        if leaving_archive && self.form.tier != AccessTier::Archive {
            ui.horizontal(|ui| {
                ui.label(t("blob-tiers-rehydrate-priority"));
                for p in [RehydratePriority::Standard, RehydratePriority::High] {
                    ui.radio_value(&mut self.form.rehydrate, p, p.as_str());
                }
            });
        }
        let tier = self.form.tier.as_str();
        let label = if names.len() == 1 {
            tr!("blob-tiers-set-one", tier = tier)
        } else {
            tr!("blob-tiers-set-many", tier = tier, count = names.len())
        };
        if ui.button(label).on_hover_text(t("blob-tiers-set-hint")).clicked() {
            self.ask_set_tier(core, ctx, names);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::blob::rows::{tier_short, tier_words};
    use crate::storage::blob::BlobProperties;

    #[test]
    fn a_tier_says_whether_it_is_the_default_or_rehydrating() {
        let mut p = BlobProperties {
            access_tier: Some("Hot".into()),
            tier_inferred: true,
            blob_type: "BlockBlob".into(),
            ..Default::default()
        };
        assert_eq!(tier_short(&p), "Hot (default)");
        p.access_tier = Some("Archive".into());
        p.tier_inferred = false;
        p.archive_status = Some("rehydrate-pending-to-hot".into());
        p.rehydrate_priority = Some("High".into());
        assert_eq!(tier_short(&p), "Archive (rehydrate-pending-to-hot)");
        assert_eq!(tier_words(&p), "Archive; rehydrate-pending-to-hot at High priority");
        p.access_tier = None;
        p.blob_type = "AppendBlob".into();
        assert_eq!(tier_words(&p), "none (AppendBlob: only block blobs have tiers)");
    }

    #[test]
    fn a_tier_job_names_each_blob_it_could_not_change() {
        assert_eq!(
            tier_outcome(AccessTier::Cool, 3, 0, &[]).unwrap(),
            "set Cool on 3 blob(s)"
        );
        let mut e = StorageError::invalid("Set tier", "An append blob has no tier.");
        e.code = Some("AccessTierNotSupportedForBlobType".into());
        let err = tier_outcome(AccessTier::Hot, 2, 1, &[("log.txt".into(), e)]).unwrap_err();
        assert!(
            err.message
                .to_string()
                .contains("set Hot on 2 blob(s); 1 leaving Archive"),
            "{}",
            err.message
        );
        assert!(
            err.message
                .to_string()
                .contains("log.txt (AccessTierNotSupportedForBlobType)"),
            "{}",
            err.message
        );
    }
}
