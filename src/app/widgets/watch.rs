//! What every watch shares (a table's, a container's, a queue's): its cadence (the user's interval, doubled
//! while the service throttles, stopped where it refuses), the line that says what it costs, and the bounded
//! list of what changed when, filterable and copied as JSON lines.

use crate::app::widgets::i18n::{t, tr};
use std::collections::VecDeque;
use std::time::{Duration, Instant, SystemTime};

/// The changes kept; older ones fall off.
pub const KEPT: usize = 1_000;

/// The tint of a row a watch found new, and of a cell it found changed.
pub const NEW: egui::Color32 = egui::Color32::from_rgb(60, 170, 90);
pub const CHANGED: egui::Color32 = egui::Color32::from_rgb(220, 160, 40);

/// Tints the cell being drawn, lightly enough to read its text.
pub fn tint(ui: &egui::Ui, color: egui::Color32) {
    ui.painter().rect_filled(ui.max_rect(), 0.0, color.gamma_multiply(0.25));
}

/// How often a watch asks.
pub struct Cadence {
    pub on: bool,
    /// The user's interval.
    pub seconds: u32,
    /// How many times the interval is doubled while the service throttles (503, 429): 0 when it does not.
    pub backoff: u32,
    /// Why watching stopped, when the service refused it (403).
    pub stopped: Option<String>,
    /// Why the last read failed, when it did and the watch goes on (it asks again at the next interval).
    pub failure: Option<String>,
    last: Option<Instant>,
}

impl Default for Cadence {
    fn default() -> Self {
        Cadence {
            on: false,
            seconds: 5,
            backoff: 0,
            stopped: None,
            failure: None,
            last: None,
        }
    }
}

impl Cadence {
    /// The seconds between reads: the user's, doubled per throttled answer in a row (at most 16 times).
    pub fn interval(&self) -> u32 {
        self.seconds.max(1).saturating_mul(1 << self.backoff.min(4))
    }

    /// Whether a read is due: watching, and the interval passed since the last one began.
    pub fn due(&self) -> bool {
        self.on
            && self
                .last
                .is_none_or(|at| at.elapsed() >= Duration::from_secs(u64::from(self.interval())))
    }

    /// A read begins now.
    pub fn started(&mut self) {
        self.last = Some(Instant::now());
    }

    /// A read failed: a throttled service is asked less often, a refusal stops the watch. True when it stopped.
    pub fn failed(&mut self, status: Option<u16>, why: &str) -> bool {
        self.failure = Some(tr!("watch-failed", why = why));
        match status {
            Some(503) | Some(429) => {
                self.backoff = (self.backoff + 1).min(4);
                false
            }
            Some(403) => {
                self.stopped = Some(tr!("watch-stopped", why = why));
                self.on = false;
                self.failure = None;
                true
            }
            _ => false,
        }
    }

    /// A read answered: the user's interval again.
    pub fn answered(&mut self) {
        self.backoff = 0;
        self.stopped = None;
        self.failure = None;
    }

    /// The switch, the interval and the cost: "about N requests/min", and the slower pace while throttled.
    pub fn ui(&mut self, ui: &mut egui::Ui, requests_per_read: u32, what: &str) {
        ui.checkbox(&mut self.on, t("watch-every"))
            .on_hover_text(tr!("watch-every-hint", what = what));
        ui.add(egui::Slider::new(&mut self.seconds, 1..=60).suffix(" s"))
            .accessible_name(t("watch-seconds"));
        if self.on {
            let every = self.interval();
            let per_minute = (f64::from(requests_per_read.max(1)) * 60.0 / f64::from(every)).ceil();
            ui.weak(tr!("watch-per-minute", count = per_minute)).on_hover_text(tr!(
                "watch-per-read",
                count = requests_per_read,
                what = what
            ));
            if every != self.seconds {
                ui.colored_label(ui.visuals().warn_fg_color, tr!("watch-throttled", seconds = every));
            }
        }
        if let Some(why) = self.failure.as_ref().filter(|_| self.on) {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                tr!("watch-asking-again", why = why.as_str(), seconds = self.interval()),
            );
        }
        if let Some(why) = &self.stopped {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
    }
}

/// What the user asked of a watch's marks this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarksAsk {
    /// Mark all seen: the new and changed marks go, vanished rows stay.
    Seen,
    /// Dismiss vanished: the struck-through rows go.
    Dismiss,
}

/// Mark all seen, Dismiss vanished (N) and the Changes (N) switch, as every watch shows them; `rows` names what
/// is marked ("rows", "blobs"), `list_at` where the list opens ("beside the grid").
/// What a watch's row of controls shows besides its switch.
pub struct WatchRow<'a> {
    /// Requests one read makes, and what it reads (for the cost line).
    pub requests: u32,
    pub what: &'a str,
    pub reading: bool,
    /// Rows marked, of which vanished; changes listed.
    pub marks: (usize, usize),
    pub changes: usize,
    /// What the rows are called, and where the changes list is.
    pub words: (&'a str, &'a str),
    /// Whether the marks' buttons show (a container's watch shows them once there is something to mark).
    pub show_marks: bool,
}

/// A watch's row: the switch with its cost, `between` (a pane's own buttons), the marks' buttons, and last the
/// spinner of a read out, so that it comes and goes without moving a button under the pointer.
pub fn watch_row(
    ui: &mut egui::Ui,
    cadence: &mut Cadence,
    show_changes: &mut bool,
    row: WatchRow,
    between: impl FnOnce(&mut egui::Ui),
) -> Option<MarksAsk> {
    ui.horizontal_wrapped(|ui| {
        cadence.ui(ui, row.requests.max(1), row.what);
        between(ui);
        let asked = row
            .show_marks
            .then(|| marks_ui(ui, row.marks, show_changes, row.changes, row.words))
            .flatten();
        if row.reading {
            ui.spinner();
        }
        asked
    })
    .inner
}

pub fn marks_ui(
    ui: &mut egui::Ui,
    (marks, vanished): (usize, usize),
    show_changes: &mut bool,
    changes: usize,
    (rows, list_at): (&str, &str),
) -> Option<MarksAsk> {
    let mut asked = None;
    if ui
        .add_enabled(marks > vanished, egui::Button::new(t("watch-mark-seen")))
        .on_hover_text(tr!("watch-mark-seen-hint", rows = rows))
        .clicked()
    {
        asked = Some(MarksAsk::Seen);
    }
    if ui
        .add_enabled(vanished > 0, egui::Button::new(tr!("watch-dismiss", count = vanished)))
        .clicked()
    {
        asked = Some(MarksAsk::Dismiss);
    }
    ui.toggle_value(show_changes, tr!("watch-changes", count = changes))
        .on_hover_text(tr!("watch-changes-hint", where = list_at));
    asked
}

/// A change a watch saw: said in words for the list, and as JSON for the export.
pub trait Change {
    fn describe(&self) -> String;
    fn json(&self) -> serde_json::Value;
}

/// What changed when, newest last, at most `KEPT`.
pub struct ChangeLog<C> {
    pub list: VecDeque<(SystemTime, C)>,
    /// The list's filter (case-insensitive words of the description).
    pub filter: String,
}

impl<C> Default for ChangeLog<C> {
    fn default() -> Self {
        ChangeLog {
            list: VecDeque::new(),
            filter: String::new(),
        }
    }
}

impl<C: Change> ChangeLog<C> {
    pub fn push(&mut self, at: SystemTime, change: C) {
        if self.list.len() == KEPT {
            self.list.pop_front();
        }
        self.list.push_back((at, change));
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The changes the filter lets through, as JSON lines, oldest first.
    pub fn json_lines(&self) -> String {
        self.shown()
            .map(|(at, c)| {
                let mut line = serde_json::json!({"time": crate::storage::format_time(*at, crate::storage::ISO_TICKS)});
                if let (Some(line), serde_json::Value::Object(fields)) = (line.as_object_mut(), c.json()) {
                    line.extend(fields);
                }
                line.to_string() + "\n"
            })
            .collect()
    }

    fn shown(&self) -> impl Iterator<Item = &(SystemTime, C)> {
        let needle = self.filter.trim().to_lowercase();
        self.list
            .iter()
            .filter(move |(_, c)| needle.is_empty() || c.describe().to_lowercase().contains(&needle))
    }

    /// The list, newest first, with its filter, copy and clear.
    pub fn ui(&mut self, ui: &mut egui::Ui, id: impl std::hash::Hash + std::fmt::Debug) {
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(t("watch-filter"));
            ui.add(
                egui::TextEdit::singleline(&mut self.filter)
                    .id_salt(("watch-filter", &id))
                    .desired_width(140.0),
            )
            .labelled_by(label.id);
            if ui
                .add_enabled(!self.is_empty(), egui::Button::new(t("watch-copy")))
                .clicked()
            {
                ui.ctx().copy_text(self.json_lines());
            }
            if ui
                .add_enabled(!self.is_empty(), egui::Button::new(t("watch-clear")))
                .clicked()
            {
                self.list.clear();
            }
        });
        // Unfiltered, rows are read in place; a filter describes every change (at most KEPT, and only while the
        // list is open).
        let shown: Option<Vec<&(SystemTime, C)>> = (!self.filter.trim().is_empty()).then(|| self.shown().collect());
        let n = shown.as_ref().map_or(self.list.len(), Vec::len);
        egui::ScrollArea::vertical()
            .id_salt(("changes-list", id))
            .max_height(ui.available_height().clamp(40.0, 600.0))
            .show_rows(ui, 18.0, n, |ui, rows| {
                for i in rows {
                    let (at, change) = match &shown {
                        Some(s) => s[n - 1 - i],
                        None => &self.list[n - 1 - i],
                    };
                    let clock = crate::storage::format_time(*at, crate::storage::CLOCK_MILLIS);
                    ui.label(format!("{clock} {}", change.describe()));
                }
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Said(&'static str);
    impl Change for Said {
        fn describe(&self) -> String {
            self.0.to_string()
        }
        fn json(&self) -> serde_json::Value {
            serde_json::json!({"change": self.0})
        }
    }

    #[test]
    fn a_throttling_service_is_asked_less_often_and_a_refusal_stops_the_watch() {
        let mut c = Cadence {
            on: true,
            ..Default::default()
        };
        assert_eq!(c.interval(), 5);
        assert!(c.due(), "the first read is due at once");
        c.started();
        assert!(!c.due());
        for _ in 0..6 {
            assert!(!c.failed(Some(503), "busy"));
        }
        assert_eq!(c.interval(), 80, "doubled at most four times");
        c.answered();
        assert_eq!(c.interval(), 5);
        assert!(
            !c.failed(Some(500), "oops"),
            "another failure neither slows nor stops it"
        );
        assert!(c.failure.as_deref().unwrap().contains("oops"), "but is said");
        assert!(c.failed(Some(403), "AuthorizationFailure"));
        assert!(!c.on && c.stopped.as_deref().unwrap().contains("403"));
    }

    #[test]
    fn the_log_keeps_the_newest_and_filters_what_it_exports() {
        let mut log = ChangeLog::default();
        for _ in 0..KEPT {
            log.push(SystemTime::UNIX_EPOCH, Said("old"));
        }
        log.push(SystemTime::UNIX_EPOCH, Said("customer-42: Balance 10 -> 12"));
        assert_eq!(log.len(), KEPT);
        log.filter = "BALANCE".into();
        let lines = log.json_lines();
        assert_eq!(lines.lines().count(), 1);
        let v: serde_json::Value = serde_json::from_str(lines.trim()).unwrap();
        assert_eq!(v["change"], "customer-42: Balance 10 -> 12");
        assert_eq!(v["time"], "1970-01-01T00:00:00.0000000Z");
    }
}
