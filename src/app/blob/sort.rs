//! The blob list sorted by a column: the order worked out off the UI thread on the listed rows (shared, not
//! copied), its progress and its Cancel, and the header that asks for it.

use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

use crate::app::blob::listed::{ListedBlobs, Shown, SortKey, Sorted};
use crate::app::context::{Backend, InFlight};

/// What an order is for: the rows (the list's version and the filter's run of them) and the column.
#[derive(Clone, Debug, PartialEq, Eq)]
struct For {
    version: u64,
    range: Range<usize>,
    by: SortKey,
    ascending: bool,
}

/// An order worked out, and what for.
struct Order {
    of: For,
    sorted: Sorted,
}

/// The list's order: by name as listed, or by the column the user asked for once its order is worked out.
#[derive(Default)]
pub struct Sorting {
    /// The column asked for and whether ascending; None: by name, as listed.
    by: Option<(SortKey, bool)>,
    order: Option<Order>,
    /// The order being worked out, keyed by what it is for.
    running: InFlight<For, Option<Order>>,
    /// Rows read by the sort running, and its Cancel.
    read: Arc<AtomicUsize>,
    cancel: Arc<AtomicBool>,
    /// Rows the sort running orders.
    rows: usize,
}

impl Sorting {
    /// The column sorted by (None: by name, as listed).
    pub fn by(&self) -> Option<(SortKey, bool)> {
        self.by
    }

    /// A click on a column's title: sorts by it ascending, then descending, then back to the names' order.
    pub fn click(&mut self, key: SortKey) {
        self.by = match self.by {
            Some((k, true)) if k == key => Some((key, false)),
            Some((k, false)) if k == key => None,
            None if key == SortKey::Name => Some((key, false)),
            _ => Some((key, true)),
        };
        self.cancel_running();
    }

    /// Back to the names' order (the Cancel of a sort under way).
    pub fn cancel(&mut self) {
        self.by = None;
        self.cancel_running();
    }

    fn cancel_running(&mut self) {
        self.cancel.store(true, Relaxed);
        self.running.clear();
    }

    /// Whether an order is being worked out.
    pub fn is_running(&self) -> bool {
        !self.running.is_empty()
    }

    /// The rows read of those the sort under way orders, while one is.
    pub fn progress(&self) -> Option<(usize, usize)> {
        (!self.running.is_empty()).then(|| (self.read.load(Relaxed).min(self.rows), self.rows))
    }

    fn wanted(&self, list: &ListedBlobs, range: &Range<usize>) -> Option<For> {
        let (by, ascending) = self.by?;
        Some(For {
            version: list.version(),
            range: range.clone(),
            by,
            ascending,
        })
    }

    /// Takes an order that arrived, and starts the one the list now needs (none while `hold`: Load all is
    /// under way and every page would make the order stale again; the list shows the names' order meanwhile).
    pub fn poll(&mut self, list: &Arc<ListedBlobs>, range: Range<usize>, hold: bool, backend: &Backend) {
        if let Some((_, Some(order))) = self.running.take() {
            let_go(self.order.replace(order));
        }
        let Some(wanted) = self.wanted(list, &range) else {
            let_go(self.order.take());
            return;
        };
        let done = self.order.as_ref().is_some_and(|o| o.of == wanted);
        if done || hold || self.running.is_out(&wanted) {
            return;
        }
        self.cancel_running();
        (self.read, self.cancel, self.rows) = (Default::default(), Default::default(), range.len());
        let (list, read, cancel, of) = (list.clone(), self.read.clone(), self.cancel.clone(), wanted.clone());
        // The order shown until now is not the one wanted: the new one is written into its buffers.
        let spare = self.order.take().map(|o| o.sorted.rows);
        let work = backend.spawn_blocking(move || {
            let sorted = list.order_by(of.range.clone(), of.by, of.ascending, spare, &read, &cancel)?;
            Some(Order { of, sorted })
        });
        self.running.start(wanted, work);
    }

    /// The rows `range` of `list` as the list shows them: in the order asked for once it is worked out for
    /// exactly these rows, in the names' order until then.
    pub fn shown<'a>(&'a self, list: &'a ListedBlobs, range: Range<usize>) -> Shown<'a> {
        let view = list.view(range.clone());
        match (&self.order, self.wanted(list, &range)) {
            (Some(order), Some(wanted)) if order.of == wanted => view.sorted(&order.sorted),
            _ => view,
        }
    }

    /// Whether the order shown is not yet the one asked for.
    pub fn is_pending(&self, list: &ListedBlobs, range: &Range<usize>) -> bool {
        match self.wanted(list, range) {
            Some(wanted) => self.order.as_ref().is_none_or(|o| o.of != wanted),
            None => false,
        }
    }

    /// The bytes the order worked out holds (a number a row).
    pub fn heap_size(&self) -> usize {
        self.order.as_ref().map_or(0, |o| o.sorted.heap_size())
    }

    /// The mark beside a column's title: which way it is sorted, if by it (as the entity grid marks it, in
    /// characters every font draws).
    pub fn arrow(&self, key: SortKey) -> &'static str {
        match self.by {
            Some((k, true)) if k == key => " ^",
            Some((k, false)) if k == key => " v",
            _ => "",
        }
    }
}

/// The column each title of the list stands for, in the list's order (the Tags column sorts by nothing).
const KEYS: [SortKey; 7] = [
    SortKey::Name,
    SortKey::Lease,
    SortKey::ETag,
    SortKey::Size,
    SortKey::Modified,
    SortKey::ContentType,
    SortKey::Tier,
];

/// A tab closed (or a listing replaced) while a sort runs: the sort stops at its next look at Cancel rather than
/// ordering ten million rows nobody will see.
impl Drop for Sorting {
    fn drop(&mut self) {
        self.cancel.store(true, Relaxed);
        let_go(self.order.take());
    }
}

/// Lets go of an order off the UI thread when it is large: giving back the pages of ten million rows' order
/// (80 MB) takes the kernel a frame's time.
fn let_go(order: Option<Order>) {
    if let Some(order) = order.filter(|o| o.sorted.rows.len() >= 1 << 20) {
        std::thread::spawn(move || drop(order));
    }
}

/// The list's column titles, each a click that sorts by it (with an arrow for the way it is sorted); the
/// column clicked.
pub fn titles(header: &mut egui_extras::TableRow<'_, '_>, ids: &[&str], sorting: &Sorting) -> Option<SortKey> {
    let mut clicked = None;
    for (i, id) in ids.iter().enumerate() {
        header.col(|ui| {
            let title = crate::app::widgets::i18n::t(id);
            let Some(&key) = KEYS.get(i) else {
                let r = ui.strong(&title);
                r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ColumnHeader, true, &title));
                return;
            };
            let shown = format!("{title}{}", sorting.arrow(key));
            let r = ui
                .add(egui::Label::new(egui::RichText::new(&shown).strong()).sense(egui::Sense::click()))
                .on_hover_text(crate::app::widgets::i18n::t("blob-sort-hint"));
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ColumnHeader, true, &shown));
            if r.clicked() {
                clicked = Some(key);
            }
        });
    }
    clicked
}

/// The words for a column sorted by.
pub fn column_words(key: SortKey) -> String {
    let id = match key {
        SortKey::Name => "blob-view-col-name",
        SortKey::Lease => "blob-rows-col-lease",
        SortKey::ETag => "blob-rows-col-etag",
        SortKey::Size => "blob-rows-col-size",
        SortKey::Modified => "blob-rows-col-last-modified",
        SortKey::ContentType => "blob-rows-col-content-type",
        SortKey::Tier => "blob-rows-col-tier",
    };
    crate::app::widgets::i18n::t(id)
}

/// Under the list while a sort is worked out: how far it is, and its Cancel (true when clicked). While Load all
/// runs, that the order comes once it ends.
pub fn progress_ui(ui: &mut egui::Ui, sorting: &Sorting, waits: bool) -> bool {
    use crate::app::widgets::i18n::{t, tr};
    let Some((by, _)) = sorting.by() else {
        return false;
    };
    let column = column_words(by);
    if let Some((read, rows)) = sorting.progress() {
        ui.separator();
        ui.spinner();
        let percent = (read as f64 * 100.0 / rows.max(1) as f64).round() as u64;
        ui.label(tr!(
            "blob-sort-running",
            count = rows,
            column = column.as_str(),
            percent = percent
        ));
        return ui.button(t("blob-sort-cancel")).clicked();
    }
    if waits {
        ui.separator();
        ui.label(tr!("blob-sort-waits", column = column.as_str()));
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::blob::BlobItem;
    use std::time::{Duration, Instant};

    fn list(sizes: &[(&str, u64)]) -> Arc<ListedBlobs> {
        let mut l = ListedBlobs::new();
        for (name, size) in sizes {
            let mut b = BlobItem {
                name: name.to_string(),
                ..Default::default()
            };
            b.properties.content_length = *size;
            l.push(b);
        }
        Arc::new(l)
    }

    fn names(shown: Shown) -> Vec<String> {
        shown.names().map(str::to_string).collect()
    }

    /// A refresh lands while a sort runs, and the sort's reply for the rows before it has already arrived: the
    /// list never draws that order over the new rows (their names' order until theirs is worked out), then
    /// draws theirs.
    #[test]
    fn an_order_worked_out_for_rows_a_refresh_replaced_is_never_drawn() {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let backend = Backend::new(rt.handle().clone(), Arc::new(|| {}));
        let mut sorting = Sorting::default();
        sorting.click(SortKey::Size);
        let before = list(&[("a", 30), ("b", 10), ("c", 20)]);
        sorting.poll(&before, 0..3, false, &backend);
        assert!(sorting.is_running());
        // Its reply arrives (waiting in its channel) while the refresh brings a new blob in.
        std::thread::sleep(Duration::from_millis(200));
        let after = list(&[("a", 30), ("ab", 5), ("b", 10), ("c", 20)]);
        sorting.poll(&after, 0..4, false, &backend);
        assert_eq!(
            names(sorting.shown(&after, 0..4)),
            ["a", "ab", "b", "c"],
            "the names' order meanwhile"
        );
        let deadline = Instant::now() + Duration::from_secs(10);
        while sorting.is_pending(&after, &(0..4)) {
            assert!(Instant::now() < deadline, "the new rows' order came");
            std::thread::sleep(Duration::from_millis(5));
            sorting.poll(&after, 0..4, false, &backend);
        }
        assert_eq!(names(sorting.shown(&after, 0..4)), ["ab", "b", "c", "a"]);
        assert_eq!(
            sorting.shown(&after, 0..4).position("c"),
            Ok(2),
            "and each row's place in it"
        );
        // Back to names: the order is let go of; the list is in its names' order at once.
        sorting.click(SortKey::Size);
        sorting.click(SortKey::Size);
        sorting.poll(&after, 0..4, false, &backend);
        assert_eq!(names(sorting.shown(&after, 0..4)), ["a", "ab", "b", "c"]);
    }
}
