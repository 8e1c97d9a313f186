//! The app's requests as the lens window lists them: filtered by operation, resource and status, each named by
//! operation and resource with what a conflict turns on (If-Match sent and ETag answered, lease id, pop receipt
//! and next visibility, continuation), the retry it was, the rules that acted, its status and error code.

use egui_extras::{Column, TableBuilder};

use crate::app::widgets::i18n::{t, tr};
use crate::lens::record::Record;

/// What the user typed in the three filter boxes.
#[derive(Default)]
pub struct Filter {
    pub operation: String,
    pub resource: String,
    /// A status or its start: `412`, `5` (every server error), `4` (every refusal).
    pub status: String,
}

impl Filter {
    /// The boxes, trimmed and lower-cased once, as a test of one record: a list of 20,000 is filtered each frame
    /// while a box is typed in, without lower-casing the boxes again for every record.
    pub fn matcher(&self) -> impl Fn(&Record) -> bool + '_ {
        let operation = self.operation.trim().to_lowercase();
        let resource = self.resource.trim().to_lowercase();
        let status = self.status.trim();
        let has = |text: &str, wanted: &str| wanted.is_empty() || text.to_lowercase().contains(wanted);
        move |r: &Record| {
            has(&r.operation, &operation)
                && has(&r.resource, &resource)
                && (status.is_empty() || r.status.is_some_and(|s| s.to_string().starts_with(status)))
        }
    }
}

/// One filter box with its visible name, which is also its accessible name.
fn filter_box(ui: &mut egui::Ui, label: &str, text: &mut String, width: f32) {
    let l = ui.label(label);
    ui.add(egui::TextEdit::singleline(text).desired_width(width))
        .labelled_by(l.id);
}

/// The filters, Copy as HAR, and the list; true when Copy as HAR was pressed.
pub fn ui(ui: &mut egui::Ui, records: &[Record], filter: &mut Filter) -> bool {
    let mut har = false;
    ui.horizontal_wrapped(|ui| {
        filter_box(ui, &t("lens-filter-operation"), &mut filter.operation, 120.0);
        filter_box(ui, &t("lens-filter-resource"), &mut filter.resource, 140.0);
        filter_box(ui, &t("lens-filter-status"), &mut filter.status, 50.0);
        har = ui
            .button(t("lens-copy-har"))
            .on_hover_text(t("lens-copy-har-hint"))
            .clicked();
    });
    let lets_through = filter.matcher();
    let shown: Vec<&Record> = records.iter().filter(|r| lets_through(r)).collect();
    ui.label(tr!("lens-requests-shown", shown = shown.len(), total = records.len()));
    if records.is_empty() {
        ui.weak(t("lens-requests-none"));
        return har;
    }
    // The list takes the rest of the window's height, however few rows it has yet.
    let height = ui.available_height();
    TableBuilder::new(ui)
        .id_salt("lens-requests")
        .striped(true)
        .auto_shrink([false, false])
        .min_scrolled_height(height)
        .max_scroll_height(height)
        .stick_to_bottom(true)
        .column(Column::exact(36.0))
        .column(Column::exact(64.0))
        .column(Column::initial(170.0).at_least(80.0).resizable(true).clip(true))
        .column(Column::initial(170.0).at_least(80.0).resizable(true).clip(true))
        .column(Column::initial(190.0).at_least(60.0).resizable(true).clip(true))
        .column(Column::remainder().at_least(200.0).clip(true))
        .header(20.0, |mut header| {
            for title in [
                "lens-col-number",
                "lens-col-time",
                "lens-col-operation",
                "lens-col-resource",
                "lens-col-status",
                "lens-col-details",
            ] {
                header.col(|ui| {
                    ui.strong(t(title));
                });
            }
        })
        .body(|body| {
            body.rows(20.0, shown.len(), |mut row| {
                let r = shown[row.index()];
                row.col(|ui| {
                    ui.label(format!("#{}", r.number));
                });
                row.col(|ui| {
                    // RFC 3339: the time of day is what tells requests apart here.
                    ui.label(r.time.get(11..19).unwrap_or(&r.time));
                });
                row.col(|ui| {
                    ui.add(egui::Label::new(&r.operation).truncate());
                });
                row.col(|ui| {
                    ui.add(egui::Label::new(&r.resource).truncate());
                });
                row.col(|ui| {
                    let text = egui::RichText::new(status_text(r));
                    let text = match r.status {
                        Some(s) if s < 400 => text,
                        _ => text.color(ui.visuals().error_fg_color),
                    };
                    ui.add(egui::Label::new(text).truncate());
                });
                row.col(|ui| {
                    let details = details(r);
                    ui.add(egui::Label::new(&details).truncate()).on_hover_text(&details);
                });
            });
        });
    har
}

/// "412 UpdateConditionNotSatisfied", or what the lens saw instead of an answer.
pub fn status_text(r: &Record) -> String {
    match (r.status, &r.error_code) {
        (Some(s), Some(code)) => format!("{s} {code}"),
        (Some(s), None) => s.to_string(),
        (None, _) => t("lens-no-answer"),
    }
}

/// What a conflict turns on, the retry and the rules, in words.
pub fn details(r: &Record) -> String {
    let mut words = Vec::new();
    if let Some(first) = r.retry_of {
        words.push(tr!("lens-detail-retry", number = first));
    }
    match (&r.if_match, &r.etag) {
        (Some(sent), got) => {
            let got = got.clone().unwrap_or_else(|| "—".into());
            words.push(tr!("lens-detail-etag", sent = sent.as_str(), got = got));
        }
        (None, Some(got)) => words.push(tr!("lens-detail-etag-answered", got = got.as_str())),
        (None, None) => {}
    }
    if let Some(v) = &r.if_none_match {
        words.push(tr!("lens-detail-if-none-match", sent = v.as_str()));
    }
    if let Some(v) = &r.lease_id {
        words.push(tr!("lens-detail-lease", lease = v.as_str()));
    }
    if let Some(v) = &r.pop_receipt {
        words.push(tr!("lens-detail-receipt", receipt = v.as_str()));
    }
    if let Some(v) = &r.next_visible {
        words.push(tr!("lens-detail-visible", time = v.as_str()));
    }
    if let Some(v) = r.dequeue_count {
        words.push(tr!("lens-detail-dequeued", count = v));
    }
    if let Some(v) = &r.continuation_sent {
        words.push(tr!("lens-detail-continued-from", token = v.as_str()));
    }
    if let Some(v) = &r.continuation {
        words.push(tr!("lens-detail-continuation", token = v.as_str()));
    }
    if !r.parts.is_empty() {
        words.push(tr!("lens-detail-parts", parts = r.parts.join("; ")));
    }
    if !r.rules.is_empty() {
        words.push(tr!("lens-detail-rules", rules = r.rules.join(", ")));
    }
    if let Some(p) = &r.problem {
        words.push(p.clone());
    }
    words.push(tr!("lens-detail-took", ms = r.duration_ms.round() as u64));
    words.join(" · ")
}
