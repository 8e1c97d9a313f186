//! Deleting the selected rows: asked first (how many, in how many partitions), then one batch of up to 100 per
//! partition as a job, each entity with If-Match its ETag; the rows the job names as deleted leave the grid.

use crate::app::context::feature::Feature;
use std::collections::HashSet;

use crate::app::context::features::Offer;
use crate::app::context::{JobId, JobReplies, JobState, PaneContext, Unit, job_replies};
use crate::app::table::core::TableCore;
use crate::app::table::feature::{TableEffects, TableFeature};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;
use crate::storage::table::BatchOperation;

/// A delete in progress: its job, and the keys it hands back as it deletes them.
struct Deleting {
    job: JobId,
    done: JobReplies<(String, String)>,
}

#[derive(Default)]
pub struct DeleteRows {
    asking: bool,
    deleting: Option<Deleting>,
}

impl DeleteRows {
    pub fn is_deleting(&self) -> bool {
        self.deleting.is_some()
    }

    /// Deletes the selected rows, one batch (of up to 100) per partition, each entity with If-Match its ETag.
    pub fn delete_selected(&mut self, core: &TableCore, ctx: &mut PaneContext) {
        let mut ops: std::collections::BTreeMap<String, Vec<BatchOperation>> = Default::default();
        for e in core.selected_entities() {
            ops.entry(e.partition_key().to_string()).or_default().push(
                crate::app::table::features::deletes::delete_op(e.partition_key(), e.row_key(), e.etag().as_deref()),
            );
        }
        let total: usize = ops.values().map(Vec::len).sum();
        let batches: Vec<Vec<BatchOperation>> = ops
            .into_values()
            .flat_map(|v| v.chunks(100).map(<[_]>::to_vec).collect::<Vec<_>>())
            .collect();
        let (d, done) = job_replies();
        let (client, table) = (ctx.client.clone(), core.table.clone());
        let job = ctx.start_job(
            tr!("table-delete-rows-job", count = total, table = core.table.as_str()),
            Unit::Items("entities"),
            (client, table, batches, d),
            move |job, (client, table, batches, done)| async move {
                job.progress.start(total as u64);
                let mut gone = 0;
                for batch in &batches {
                    if job.cancel.is_cancelled() {
                        return Err(StorageError::cancelled(t("table-delete-rows-op")));
                    }
                    gone += crate::app::table::features::deletes::delete_batch(&client, &table, batch).await?;
                    for o in batch {
                        let (pk, rk) = o.keys();
                        done.send((pk.to_string(), rk.to_string()));
                    }
                    job.progress.add(batch.len() as u64);
                }
                Ok(match gone {
                    0 => tr!("table-delete-rows-done", count = total),
                    g => tr!("table-delete-rows-done-gone", count = total - g, gone = g),
                })
            },
        );
        self.deleting = Some(Deleting { job, done });
    }
}

impl Feature for DeleteRows {
    type Pane = crate::app::table::feature::Table;

    fn poll(&mut self, core: &TableCore, ctx: &mut PaneContext, fx: &mut TableEffects) {
        let Some(d) = &self.deleting else { return };
        let state = ctx.jobs.get(d.job).map(|j| j.state.clone());
        if matches!(state, Some(JobState::Running)) {
            return;
        }
        let keys: HashSet<(String, String)> = d.done.take().into_iter().collect();
        let rows: HashSet<u32> = (0..core.store.len() as u32)
            .filter(|&i| {
                let e = core.store.get(i);
                keys.contains(&(e.partition_key().to_string(), e.row_key().to_string()))
            })
            .collect();
        fx.drop_rows(rows);
        self.deleting = None;
    }

    fn busy(&self) -> bool {
        self.is_deleting()
    }

    fn windows(&mut self, egui_ctx: &egui::Context, core: &TableCore, ctx: &mut PaneContext, _: &mut TableEffects) {
        if !self.asking {
            return;
        }
        let count = core.selection.rows.len();
        let partitions: std::collections::BTreeSet<&str> =
            core.selected_entities().iter().map(|e| e.partition_key()).collect();
        let body = tr!("table-delete-rows-body", partitions = partitions.len());
        let answer = crate::app::widgets::confirm::ask(
            egui_ctx,
            egui::Id::unique(("confirm-delete-entities", &core.table)),
            &tr!("table-delete-rows-title", count = count, table = core.table.as_str()),
            &body,
            &tr!("table-delete-rows-yes", count = count),
            |_| {},
        );
        if let Some(yes) = answer {
            self.asking = false;
            if yes {
                self.delete_selected(core, ctx);
            }
        }
    }
}

impl TableFeature for DeleteRows {
    fn toolbar_ui(&mut self, ui: &mut egui::Ui, core: &TableCore, _: &mut PaneContext, _: &mut TableEffects) {
        use crate::app::widgets::icon::{self, icon_button};
        let any = !core.selection.rows.is_empty();
        let (name, hint) = (t("table-delete-rows-button"), t("table-delete-rows-button-hint"));
        if icon_button(ui, any, icon::DELETE, &name, Some(&hint)).clicked() {
            self.asking = true;
        }
    }

    fn offers(&self, core: &TableCore, offers: &mut Vec<Offer>) {
        let any = !core.selection.rows.is_empty() && !self.is_deleting();
        offers.push(
            Offer::new("delete", t("table-delete-rows-offer"), any).key(egui::Modifiers::NONE, egui::Key::Delete),
        );
    }

    fn run_offer(&mut self, id: &str, _: &TableCore, _: &mut PaneContext, _: &mut TableEffects) {
        if id == "delete" {
            self.asking = true;
        }
    }
}
