//! The partition map's data: entities per PartitionKey over the loaded rows (or a whole-table scan), the hot
//! partition, the chart that draws them, and the map beside the grid as a feature of the tab.

use crate::app::context::feature::Feature;
use crate::storage::table::EntityView;
use std::collections::HashMap;

use egui::RichText;
use egui_plot::{Bar, BarChart, Plot};

use crate::app::context::{InFlight, JobId, JobReplies, JobState, PaneContext, Unit, job_replies};
use crate::app::table::core::TableCore;
use crate::app::table::feature::{TableEffects, TableFeature};
use crate::app::table::scan::job_pages;
use crate::app::widgets::format::{decimal, thousands};
use crate::app::widgets::i18n::{t, tr};
use crate::app::widgets::plot::category_label;

/// Entities per partition, biggest first.
#[derive(Clone, Debug, Default)]
pub struct PartitionCounts {
    pub counts: Vec<(String, u64)>,
    pub total: u64,
    /// Counted over the whole table (a scan) rather than the loaded rows.
    pub whole_table: bool,
    /// The version of the loaded rows these were counted from (`EntityStore::version`).
    pub store_version: Option<u64>,
}

/// One partition above this share of the rows is flagged: it takes most of the load.
pub const HOT_SHARE: f64 = 0.5;

impl PartitionCounts {
    pub fn from_keys<'a>(keys: impl Iterator<Item = &'a str>) -> Self {
        let mut map: HashMap<&str, u64> = HashMap::new();
        for k in keys {
            *map.entry(k).or_default() += 1;
        }
        let total = map.values().sum();
        let mut counts: Vec<(String, u64)> = map.into_iter().map(|(k, n)| (k.to_string(), n)).collect();
        counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        PartitionCounts {
            counts,
            total,
            whole_table: false,
            store_version: None,
        }
    }

    pub fn from_entities<'a>(entities: impl Iterator<Item = &'a EntityView>) -> Self {
        Self::from_keys(entities.map(EntityView::partition_key))
    }

    pub fn top_share(&self) -> f64 {
        match self.counts.first() {
            Some((_, n)) if self.total > 0 => *n as f64 / self.total as f64,
            _ => 0.0,
        }
    }

    pub fn is_hot(&self) -> bool {
        self.counts.len() > 1 && self.top_share() >= HOT_SHARE
    }

    pub fn summary(&self) -> String {
        match self.counts.first() {
            Some((pk, n)) => tr!(
                "table-partitions-summary",
                pk = pk.as_str(),
                entities = *n,
                share = decimal(self.top_share() * 100.0, 1),
                total = self.total,
                partitions = self.counts.len()
            ),
            None => t("table-partitions-none"),
        }
    }

    pub fn as_text(&self) -> String {
        let mut out = String::from("PartitionKey\tentities\n");
        for (pk, n) in &self.counts {
            out.push_str(&format!("{pk}\t{n}\n"));
        }
        out
    }
}

/// The partition map. Returns the partition whose bar was clicked.
pub fn partition_map_ui(ui: &mut egui::Ui, counts: &PartitionCounts) -> Option<String> {
    let id = match counts.whole_table {
        true => "table-partitions-counted-whole",
        false => "table-partitions-counted-loaded",
    };
    ui.label(RichText::new(tr!(id, summary = counts.summary())).strong());
    if counts.is_hot() {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            tr!("table-partitions-hot", share = decimal(counts.top_share() * 100.0, 0)),
        );
    }
    let shown: Vec<&(String, u64)> = counts.counts.iter().take(40).collect();
    let names: Vec<String> = shown.iter().map(|(pk, _)| pk.clone()).collect();
    let bars: Vec<Bar> = shown
        .iter()
        .enumerate()
        .map(|(i, (pk, n))| Bar::new(i as f64, *n as f64).name(pk).width(0.8))
        .collect();
    let heights: Vec<f64> = shown.iter().map(|(_, n)| *n as f64).collect();
    let response = Plot::new("partition-map")
        .height(180.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        // Room for ten bars at least, so one partition is a bar and not a wall.
        .include_x(-0.5)
        .include_x(shown.len().max(10) as f64 - 0.5)
        .include_y(0.0)
        // Only the top eight are named under their bars: more would overlap.
        .x_axis_formatter(move |mark, _| category_label(&names[..names.len().min(8)], mark.value))
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new(t("table-partitions-bars"), bars));
            plot.pointer_coordinate()
        });
    let mut clicked = None;
    if response.response.clicked()
        && let Some(p) = response.inner
    {
        let i = p.x.round();
        if i >= 0.0
            && (i as usize) < heights.len()
            && (p.x - i).abs() <= 0.4
            && p.y >= 0.0
            && p.y <= heights[i as usize]
        {
            clicked = Some(shown[i as usize].0.clone());
        }
    }
    ui.horizontal(|ui| {
        if ui.button(t("table-partitions-copy")).clicked() {
            ui.ctx().copy_text(counts.as_text());
        }
        ui.weak(t("table-partitions-click-bar"));
    });
    ui.collapsing(t("table-partitions-as-text"), |ui| {
        for (pk, n) in counts.counts.iter().take(100) {
            if ui.link(format!("{pk}: {}", thousands(*n))).clicked() {
                clicked = Some(pk.clone());
            }
        }
    });
    clicked
}

/// Whether the counts shown are not of the rows loaded now. Keyed by which rows were counted (the store's
/// version), not how many: another query, or a count that lands after the rows changed, may have as many rows.
pub fn counts_are_stale(counts: Option<&PartitionCounts>, store: &crate::app::table::store::EntityStore) -> bool {
    counts.and_then(|p| p.store_version) != Some(store.version())
}

/// The partition map beside the grid: how the loaded rows (or the whole table, scanned) spread over partitions.
#[derive(Default)]
pub struct PartitionMap {
    pub(crate) on: bool,
    pub(crate) counts: Option<PartitionCounts>,
    /// The counts being computed, keyed by the store version they count.
    counting: InFlight<u64, PartitionCounts>,
    /// The whole-table scan: its job, and the counts it hands back when done.
    scan: Option<(JobId, JobReplies<PartitionCounts>)>,
}

impl PartitionMap {
    /// Counts the loaded rows per partition, off the UI thread, when the map is shown and the rows changed.
    fn count(&mut self, core: &TableCore, ctx: &mut PaneContext) {
        if let Some((version, mut counts)) = self.counting.take() {
            counts.store_version = Some(version);
            if !self.counts.as_ref().is_some_and(|p| p.whole_table) {
                self.counts = Some(counts);
            }
        }
        if let Some((job, replies)) = &self.scan {
            if let Some(counts) = replies.take().pop() {
                self.counts = Some(counts);
            }
            if !matches!(ctx.jobs.get(*job).map(|j| j.state.clone()), Some(JobState::Running)) {
                self.scan = None;
            }
        }
        let stale = counts_are_stale(self.counts.as_ref(), &core.store);
        let whole = self.counts.as_ref().is_some_and(|p| p.whole_table);
        if !whole && core.store.is_empty() {
            // Counts of rows no longer loaded would describe another query.
            self.counts = None;
        }
        if self.on && !whole && self.counting.is_empty() && stale && !core.store.is_empty() {
            let store = core.store.clone();
            let version = store.version();
            self.counting.start(
                version,
                ctx.backend
                    .spawn_blocking(move || PartitionCounts::from_entities(store.iter())),
            );
        }
    }

    /// Counts every partition of the whole table as a cancellable job. The filter is left out on purpose: the
    /// map answers how the table is spread, and after a click on a bar the filter names one partition.
    pub fn scan(&mut self, core: &TableCore, ctx: &mut PaneContext) {
        let Some(mut query) = core.query.to_query(Vec::new()) else {
            return;
        };
        query.filter = None;
        query.select = vec!["PartitionKey".into()];
        query.top = None;
        let (out, replies) = job_replies();
        let (client, table) = (ctx.client.clone(), core.table.clone());
        let job = ctx.start_job(
            tr!("table-partitions-scan-title", table = core.table.as_str()),
            Unit::Items("entities"),
            (client, table, query, out),
            move |job, (client, table, query, out)| async move {
                let mut keys: Vec<String> = Vec::new();
                // (A cancel ends in an error, so counts of part of the table are never stored as the whole's.)
                let what = t("table-partitions-scan-op");
                job_pages(&client, &table, &query, None, true, &job, &what, |page| {
                    keys.extend(page.entities.iter().map(|e| e.partition_key().to_string()));
                    true
                })
                .await?;
                let mut counts = PartitionCounts::from_keys(keys.iter().map(String::as_str));
                counts.whole_table = true;
                let summary = counts.summary();
                out.send(counts);
                Ok(summary)
            },
        );
        self.scan = Some((job, replies));
    }
}

impl Feature for PartitionMap {
    type Pane = crate::app::table::feature::Table;

    fn poll(&mut self, core: &TableCore, ctx: &mut PaneContext, _: &mut TableEffects) {
        self.count(core, ctx);
    }

    fn busy(&self) -> bool {
        !self.counting.is_empty()
    }
}

impl TableFeature for PartitionMap {
    fn toolbar_ui(&mut self, ui: &mut egui::Ui, _: &TableCore, _: &mut PaneContext, _: &mut TableEffects) {
        let on = self.on;
        let r = ui
            .add(egui::Button::selectable(on, crate::app::widgets::icon::PARTITIONS).min_size(egui::vec2(26.0, 0.0)))
            .on_hover_text(t("table-partitions-map-hint"));
        let name = t("table-partitions-map");
        r.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, on, &name));
        if r.clicked() {
            self.on = !self.on;
        }
    }

    /// Beside the grid, never above it: the grid keeps its height.
    fn beside_grid_ui(&mut self, ui: &mut egui::Ui, core: &TableCore, ctx: &mut PaneContext, fx: &mut TableEffects) {
        if !self.on {
            return;
        }
        let widest = (ui.available_width() - 320.0).max(160.0);
        egui::Panel::right(("partition-map", &core.table))
            .resizable(true)
            .default_size(300.0)
            .max_size(widest)
            .show(ui, |ui| self.panel(ui, core, ctx, fx));
    }
}

impl PartitionMap {
    fn panel(&mut self, ui: &mut egui::Ui, core: &TableCore, ctx: &mut PaneContext, fx: &mut TableEffects) {
        ui.horizontal_wrapped(|ui| {
            ui.strong(t("table-partitions-title"));
            if ui
                .button(t("table-partitions-scan"))
                .on_hover_text(t("table-partitions-scan-hint"))
                .clicked()
            {
                self.scan(core, ctx);
            }
            if self.counts.as_ref().is_some_and(|p| p.whole_table) && ui.button(t("table-partitions-back")).clicked() {
                self.counts = None;
            }
        });
        let chosen = match &self.counts {
            Some(counts) => partition_map_ui(ui, counts),
            None if core.store.is_empty() => {
                ui.weak(t("table-partitions-no-rows"));
                None
            }
            None => {
                ui.weak(t("table-partitions-counting"));
                None
            }
        };
        // Shows one partition: the filter names it and the query runs again.
        if let Some(partition) = chosen {
            let v = crate::storage::table::EdmValue::String(partition);
            fx.run_filtered(format!("PartitionKey eq {}", crate::storage::table::filter_literal(&v))); // i18n-ignore: an OData filter
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partition_counts_find_the_hot_one() {
        let keys = ["a", "a", "a", "b", "c", "a"];
        let c = PartitionCounts::from_keys(keys.into_iter());
        assert_eq!(c.counts[0], ("a".to_string(), 4));
        assert!((c.top_share() - 4.0 / 6.0).abs() < 1e-9);
        assert!(c.is_hot());
        assert_eq!(
            c.summary(),
            "Top partition: a with 4 entities (66.7% of 6); 3 partitions"
        );
        assert!(c.as_text().contains("a\t4\n"));
        assert!(
            !PartitionCounts::from_keys(["x"].into_iter()).is_hot(),
            "one partition is not a skew"
        );
    }

    use crate::app::table::store::EntityStore;
    use crate::storage::table::EntityDraft;

    fn store(partition: &str) -> EntityStore {
        let mut s = EntityStore::default();
        s.push_page(
            (0..100)
                .map(|i| EntityDraft::new(partition, format!("r{i}")).to_entity())
                .collect(),
        );
        s
    }

    #[test]
    fn counts_of_other_rows_are_stale_even_with_the_same_total() {
        let a = store("p0");
        let mut counts = PartitionCounts::from_entities(a.iter());
        counts.store_version = Some(a.version());
        assert!(!counts_are_stale(Some(&counts), &a));
        // Query B loads as many rows of another partition; a count of A landing now must not be taken for B's.
        let b = store("p1");
        assert_eq!(counts.total as usize, b.len());
        assert!(counts_are_stale(Some(&counts), &b));
        // Any change of the rows makes a new version.
        let mut a2 = a.clone();
        a2.replace(0, EntityDraft::new("p9", "r0").to_entity());
        assert!(counts_are_stale(Some(&counts), &a2));
    }
}
