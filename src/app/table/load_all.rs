//! Load all in a table tab: the job that reads every remaining page (as PartitionKey ranges at once, in key
//! order) into the tab, how a page the service listed joins the tab (past what was listed, matched here when
//! the query has a part that runs here), and where a later page resumes.

use crate::app::context::{PaneContext, Unit, feed};
use crate::app::table::core::LoadAll;
use crate::app::table::pane::TablePane;
use crate::app::table::scan::job_pages;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;
use crate::storage::listing_order;
use crate::storage::table::{ContinuationToken, EntityPage, EntityView};

impl TablePane {
    /// Streams every remaining page as a job in the activity list; cancelling keeps what arrived.
    pub fn load_all(&mut self, ctx: &mut PaneContext) {
        let Some(query) = self.core.paging.running.clone() else {
            return;
        };
        if self.is_loading() || !self.has_more() {
            return;
        }
        *self.core.paging.next.lock().expect("next lock") = self.resume_point();
        let (tx, rx) = feed::unbounded(Some(ctx.backend));
        let (client, table, next) = (
            ctx.client.clone(),
            self.core.table.clone(),
            self.core.paging.next.clone(),
        );
        // A query matched here reads every page the service has for it: the job says why it runs so long.
        let title = match self.core.paging.matching.as_ref().and_then(|m| m.first_op()) {
            Some(op) => tr!(
                "table-load-all-every-page",
                table = self.core.table.as_str(),
                op = op.words()
            ),
            None => tr!("table-load-all-title", table = self.core.table.as_str()),
        };
        let job = ctx.start_job(
            title,
            Unit::Items("entities"),
            (
                client,
                table,
                query,
                next,
                tx,
                self.core.paging.in_ranges && self.keys_listed(),
            ),
            move |job, (client, table, query, next, tx, in_ranges)| async move {
                // The tab's feed closed (a new query, a new Load all, a closed tab): a Retry has nowhere to load.
                if tx.is_closed() {
                    return Err(StorageError::invalid(
                        tr!("table-load-all-title", table = table.as_str()),
                        t("table-load-all-gone"),
                    ));
                }
                let start = next.lock().expect("next lock").clone();
                if start.is_none() {
                    return Ok(t("table-load-all-nothing"));
                }
                let (mut entities, mut pages) = (0u64, 0u64);
                let what = t("table-load-all-op");
                job_pages(&client, &table, &query, start, in_ranges, &job, &what, |page| {
                    entities += page.entities.len() as u64;
                    pages += 1;
                    let mut next = next.lock().expect("next lock");
                    *next = resume_after(&page, next.take());
                    tx.send_now(page)
                })
                .await?;
                Ok(tr!("table-load-all-done", entities = entities, pages = pages))
            },
        );
        self.core.paging.load_all = Some(LoadAll {
            job,
            pages: rx,
            running: true,
        });
    }

    /// Whether the rows carry both keys (no `$select`, or one naming both): a row's place, and so what a page
    /// lists again, is known only then.
    pub(super) fn keys_listed(&self) -> bool {
        let has = |k: &str| {
            self.core
                .paging
                .running
                .as_ref()
                .is_none_or(|q| q.select.is_empty() || q.select.iter().any(|s| s == k))
        };
        has("PartitionKey") && has("RowKey")
    }

    /// Adds a page the service listed: past the last row listed only (a Load all resumed from a range's token
    /// lists that range's last page again), and remembered as listed up to its last row.
    pub fn append_listed(&mut self, mut page: EntityPage) {
        if !self.keys_listed() {
            self.match_here(&mut page);
            return self.append(page);
        }
        if let Some(to) = &self.core.paging.listed_to {
            let past = |e: &EntityView| {
                listing_order(e.partition_key(), &to.0).then_with(|| listing_order(e.row_key(), &to.1))
            };
            page.entities.retain(|e| past(e).is_gt());
        }
        if let Some(e) = page.entities.last().filter(|e| !e.partition_key().is_empty()) {
            self.core.paging.listed_to = Some((e.partition_key().to_string(), e.row_key().to_string()));
        }
        // Matched after the page's place was noted: where the listing resumes is the service's, not the matches'.
        self.match_here(&mut page);
        self.append(page);
    }

    /// What runs here on the pages of the query run next and of the one loaded (Run query takes it from the
    /// query panel; a benchmark sets it to feed pages as Load all does).
    pub fn set_matching(&mut self, matching: Option<std::sync::Arc<crate::app::table::row_match::RowMatches>>) {
        self.core.paging.matching = matching;
    }

    /// Keeps the entities matched here (counting what was read), when the query has a part that runs here.
    fn match_here(&mut self, page: &mut EntityPage) {
        self.core.paging.read += page.entities.len() as u64;
        if let Some(m) = &self.core.paging.matching {
            page.entities.retain(|e| m.matches(e));
        }
    }

    /// Stops the Load all under way (what arrived stays; Load all resumes after it).
    pub fn cancel_load_all(&mut self, ctx: &mut PaneContext) {
        if let Some(all) = self.core.paging.load_all.as_ref().filter(|a| a.running) {
            ctx.jobs.cancel(all.job);
        }
    }

    /// Where a later page starts: the token, with the partition key of the last row listed.
    pub(super) fn resume_point(&self) -> Option<(String, ContinuationToken)> {
        let key = self
            .core
            .paging
            .listed_to
            .as_ref()
            .map(|k| k.0.clone())
            .unwrap_or_default();
        self.core.paging.continuation.clone().map(|t| (key, t))
    }
}

/// Where a Load all job resumes after `page`: its token, with the last partition key listed so far.
fn resume_after(page: &EntityPage, before: Option<(String, ContinuationToken)>) -> Option<(String, ContinuationToken)> {
    let key = page.entities.last().map(|e| e.partition_key().to_string());
    let key = key.or(before.map(|b| b.0)).unwrap_or_default();
    page.continuation.clone().map(|t| (key, t))
}
