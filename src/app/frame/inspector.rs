//! The HTTP inspector: every request of every client, filtered by status or service, with headers (redacted
//! at their source), the string-to-sign of a 403, and "copy as curl" without the secret.

use crate::app::widgets::i18n::{t, tr};
use std::collections::VecDeque;

use egui::RichText;
use egui_extras::{Column, TableBuilder};

use crate::storage::{Api, RequestEvent, Service};

/// The inspector keeps this many requests; older ones fall off.
pub const CAPACITY: usize = 20_000;

/// The newest requests whose bodies (their first 16 KiB) are kept, for the HAR.
pub const BODIES_KEPT: usize = 1_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusFilter {
    All,
    Failures,
    Success,
}

pub struct Inspector {
    pub(crate) events: VecDeque<RequestEvent>,
    /// How many requests fell off the front: `events[i]` is request number `dropped + i` of this session.
    dropped: u64,
    failures: usize,
    pub(crate) status_filter: StatusFilter,
    pub(crate) service_filter: Option<Api>,
    pub(crate) text_filter: String,
    /// The requests that pass the filter, by number, oldest first. A new request is checked once, when it
    /// comes; all of them only when the filter changes: a frame costs what it shows, not what was ever seen.
    matching: VecDeque<u64>,
    matched_for: Option<(StatusFilter, Option<Api>, String)>,
    /// Requests numbered below this have been checked against `matched_for`.
    checked: u64,
    /// The selected request, by number.
    selected: Option<u64>,
    /// Where the keyboard is in the list, by number.
    cursor: crate::app::widgets::list_keys::ListCursor<u64>,
}

impl Default for Inspector {
    fn default() -> Self {
        Inspector {
            events: VecDeque::new(),
            dropped: 0,
            failures: 0,
            status_filter: StatusFilter::All,
            service_filter: None,
            text_filter: String::new(),
            matching: VecDeque::new(),
            matched_for: None,
            checked: 0,
            selected: None,
            cursor: crate::app::widgets::list_keys::ListCursor {
                list: crate::app::widgets::list_keys::KeysGoTo::Inspector,
                ..Default::default()
            },
        }
    }
}

fn is_failure(e: &RequestEvent) -> bool {
    e.status.is_none_or(|s| s >= 400)
}

/// A curl command that repeats the request, minus its secret: the Authorization header is left out and a
/// SAS signature stays redacted, so the user signs it again themselves.
pub fn curl_command(e: &RequestEvent) -> String {
    let mut cmd = format!("curl -X {} '{}'", e.method, e.url); // i18n-ignore: a shell command, not words
    for (name, value) in &e.request_headers {
        if name == "authorization" || name == "content-length" {
            continue;
        }
        cmd.push_str(&format!(" \\\n  -H '{name}: {}'", value.replace('\'', "'\\''")));
    }
    if e.request_header("authorization").is_some() {
        cmd.push_str(" \\\n  # Authorization left out: sign the request again with the account key to replay it");
    }
    if e.url.contains("sig=<redacted>") {
        cmd.push_str(" \\\n  # the SAS signature is redacted: paste yours in place of <redacted>");
    }
    cmd
}

/// What the inspector calls the door a request went through, in the window's language (a storage service by its
/// name, as the service calls itself).
fn door(api: Api) -> String {
    match api {
        Api::Storage(s) => s.name().to_string(),
        Api::SignIn => t("inspector-api-sign-in"),
        Api::ResourceManager => t("inspector-api-resource-manager"),
        Api::ProxyTest => t("inspector-api-proxy-test"),
    }
}

impl Inspector {
    pub fn push(&mut self, event: RequestEvent) {
        if self.events.len() == CAPACITY
            && let Some(old) = self.events.pop_front()
        {
            self.dropped += 1;
            self.failures -= usize::from(is_failure(&old));
        }
        self.failures += usize::from(is_failure(&event));
        self.events.push_back(event);
        // Bodies are kept for the newest requests only: 1,000 of at most 2 x 16 KiB, whatever the capacity.
        if let Some(old) = self
            .events
            .len()
            .checked_sub(BODIES_KEPT + 1)
            .and_then(|i| self.events.get_mut(i))
        {
            old.request_body = None;
            old.response_body = None;
        }
    }

    pub fn clear(&mut self) {
        self.dropped += self.events.len() as u64;
        self.events.clear();
        self.failures = 0;
        self.matching.clear();
        self.selected = None;
    }

    pub fn failures(&self) -> usize {
        self.failures
    }

    /// Brings the matching requests up to date: the new ones, or all of them after the filter changed.
    fn refresh(&mut self) {
        let key = (self.status_filter, self.service_filter, self.text_filter.to_lowercase());
        if self.matched_for.as_ref() != Some(&key) {
            self.matching.clear();
            self.checked = self.dropped;
            self.matched_for = Some(key);
        }
        let (status, service, text) = self.matched_for.as_ref().expect("just set");
        let end = self.dropped + self.events.len() as u64;
        for n in self.checked.max(self.dropped)..end {
            let e = &self.events[(n - self.dropped) as usize];
            let status_ok = match status {
                StatusFilter::All => true,
                StatusFilter::Failures => is_failure(e),
                StatusFilter::Success => !is_failure(e),
            };
            let shown = status_ok
                && service.is_none_or(|s| s == e.service)
                && (text.is_empty()
                    || e.resource.to_lowercase().contains(text)
                    || e.operation.to_string().to_lowercase().contains(text)
                    || e.error_code.as_deref().is_some_and(|c| c.to_lowercase().contains(text)));
            if shown {
                self.matching.push_back(n);
            }
        }
        self.checked = end;
        while self.matching.front().is_some_and(|&n| n < self.dropped) {
            self.matching.pop_front();
        }
    }

    /// The request shown on row `row` (newest first) of the filtered list.
    fn shown(&self, row: usize) -> &RequestEvent {
        let n = self.matching[self.matching.len() - 1 - row];
        &self.events[(n - self.dropped) as usize]
    }

    /// The filtered requests, oldest first.
    pub fn shown_oldest_first(&mut self) -> Vec<&RequestEvent> {
        self.refresh();
        self.matching
            .iter()
            .map(|&n| &self.events[(n - self.dropped) as usize])
            .collect()
    }

    /// The filtered requests, newest first, as places in `events`.
    pub fn visible(&mut self) -> Vec<usize> {
        self.refresh();
        self.matching
            .iter()
            .rev()
            .map(|&n| (n - self.dropped) as usize)
            .collect()
    }

    pub fn ui(&mut self, ui: &mut egui::Ui) {
        // Wrapped: with the sign-in and Resource Manager filters the row is wider than a narrow window.
        ui.horizontal_wrapped(|ui| {
            ui.label(t("inspector-show"));
            ui.selectable_value(&mut self.status_filter, StatusFilter::All, t("inspector-all"));
            ui.selectable_value(&mut self.status_filter, StatusFilter::Failures, t("inspector-failures"));
            ui.selectable_value(&mut self.status_filter, StatusFilter::Success, t("inspector-successes"));
            ui.separator();
            ui.selectable_value(&mut self.service_filter, None, t("inspector-all-services"));
            let apis =
                Service::ALL
                    .map(Api::Storage)
                    .into_iter()
                    .chain([Api::SignIn, Api::ResourceManager, Api::ProxyTest]);
            for api in apis {
                ui.selectable_value(&mut self.service_filter, Some(api), door(api));
            }
            ui.separator();
            let label = ui.label(t("inspector-find"));
            ui.add(
                egui::TextEdit::singleline(&mut self.text_filter)
                    .id_salt("inspector-find")
                    .desired_width(160.0),
            )
            .labelled_by(label.id);
            if ui.button(t("inspector-clear")).clicked() {
                self.clear();
            }
            ui.separator();
            // What is shown, oldest first, taken elsewhere without its secrets.
            if ui
                .button(t("inspector-copy-har"))
                .on_hover_text(t("inspector-copy-har-hint"))
                .clicked()
            {
                ui.ctx()
                    .copy_text(crate::app::frame::replay::har(&self.shown_oldest_first()));
            }
            if ui
                .button(t("inspector-copy-curl-script"))
                .on_hover_text(t("inspector-copy-curl-script-hint"))
                .clicked()
            {
                ui.ctx()
                    .copy_text(crate::app::frame::replay::curl_script(&self.shown_oldest_first()));
            }
            if ui
                .button(t("inspector-copy-python"))
                .on_hover_text(t("inspector-copy-python-hint"))
                .clicked()
            {
                ui.ctx().copy_text(crate::app::frame::replay_python::python_script(
                    &self.shown_oldest_first(),
                ));
            }
        });
        self.refresh();
        let selected_event = self
            .selected
            .filter(|&n| n >= self.dropped)
            .and_then(|n| self.events.get((n - self.dropped) as usize))
            .cloned();
        egui::Panel::right("inspector-detail")
            .resizable(true)
            .default_size(420.0)
            .show(ui, |ui| match &selected_event {
                Some(e) => detail_ui(ui, e),
                None => {
                    ui.weak(t("inspector-select"));
                }
            });
        let mut clicked = None;
        // The list shows the newest first: row `r` is `matching[len - 1 - r]`.
        let len = self.matching.len();
        let page = crate::app::widgets::list_keys::page_rows(ui, 18.0);
        let matching = &self.matching;
        let step = self.cursor.keys(
            ui,
            len,
            page,
            |n| matching.iter().rposition(|m| m == n).map(|at| len - 1 - at),
            |row| matching[len - 1 - row],
        );
        if step.is_some() {
            // One request is shown at a time: the keys move the selection with the cursor.
            self.selected = self.cursor.at;
        }
        let follow = step.map(|s| s.cursor());
        let mut copy: Option<String> = None;
        // Cells are not selectable text: a click on them selects the row, a right-click opens its menu.
        ui.style_mut().interaction.selectable_labels = false;
        let seen = ui.clip_rect();
        let mut table = TableBuilder::new(ui);
        if let Some(row) = follow {
            table = table.scroll_to_row(row, None);
        }
        table
            .id_salt("inspector")
            .striped(true)
            .resizable(true)
            .sense(egui::Sense::click())
            .column(Column::initial(70.0))
            .column(Column::initial(50.0))
            .column(Column::initial(60.0))
            .column(Column::initial(260.0).clip(true))
            .column(Column::initial(150.0).clip(true))
            .column(Column::initial(60.0))
            .column(Column::initial(40.0))
            .column(Column::remainder().clip(true))
            .header(18.0, |mut h| {
                crate::app::widgets::column_titles::column_titles(
                    &mut h,
                    &[
                        "inspector-col-time",
                        "inspector-col-service",
                        "inspector-col-method",
                        "inspector-col-resource",
                        "inspector-col-status",
                        "inspector-col-ms",
                        "inspector-col-try",
                        "inspector-col-request-id",
                    ],
                );
            })
            .body(|body| {
                body.rows(18.0, self.matching.len(), |mut row| {
                    let key = self.matching[self.matching.len() - 1 - row.index()];
                    let e = self.shown(row.index());
                    row.set_selected(self.selected == Some(key));
                    row.col(|ui| {
                        ui.label(clock(e.started));
                    });
                    row.col(|ui| {
                        let short = match e.service {
                            Api::ResourceManager => e.service.short_name().to_string(),
                            other => door(other),
                        };
                        ui.label(short).on_hover_text(door(e.service));
                    });
                    row.col(|ui| {
                        ui.label(&e.method);
                    });
                    row.col(|ui| {
                        ui.label(&e.resource).on_hover_text(e.operation.to_string());
                    });
                    row.col(|ui| {
                        let text = match (e.status, &e.error_code) {
                            (Some(s), Some(c)) => format!("{s} {c}"),
                            (Some(s), None) => s.to_string(),
                            (None, _) => t("inspector-no-answer"),
                        };
                        let color = if is_failure(e) {
                            ui.visuals().error_fg_color
                        } else {
                            ui.visuals().text_color()
                        };
                        ui.label(RichText::new(text).color(color));
                    });
                    row.col(|ui| {
                        ui.label(e.duration.as_millis().to_string());
                    });
                    row.col(|ui| {
                        ui.label(e.attempt.to_string());
                    });
                    row.col(|ui| {
                        ui.label(e.request_id.as_deref().unwrap_or("-"));
                    });
                    let r = row.response();
                    if self.cursor.at == Some(key) {
                        crate::app::widgets::list_keys::paint_cursor(
                            &r,
                            crate::app::widgets::list_keys::KeysGoTo::Inspector,
                            18.0,
                            seen,
                        );
                    }
                    if r.clicked() || r.secondary_clicked() {
                        clicked = Some(key);
                    }
                    r.context_menu(|ui| copy = copy.take().or(request_menu(ui, e)));
                });
            });
        if let Some(key) = clicked {
            self.selected = Some(key);
            self.cursor.clicked(key, false);
        }
        if let Some(text) = copy {
            ui.ctx().copy_text(text);
        }
    }
}

/// A request's context menu: what can be taken elsewhere of it, without its secrets (curl and HAR leave the
/// signature out, as the list's own exports do).
fn request_menu(ui: &mut egui::Ui, e: &RequestEvent) -> Option<String> {
    let mut copy = None;
    let mut item = |ui: &mut egui::Ui, label: &str, text: Option<String>| {
        if ui.add_enabled(text.is_some(), egui::Button::new(label)).clicked() {
            copy = text;
            ui.close();
        }
    };
    item(ui, &t("inspector-copy-as-curl"), Some(curl_command(e)));
    item(
        ui,
        &t("inspector-copy-as-har"),
        Some(crate::app::frame::replay::har(&[e])),
    );
    item(ui, &t("inspector-copy-url"), Some(e.url.clone()));
    item(ui, &t("inspector-copy-request-id"), e.request_id.clone());
    item(
        ui,
        &t("inspector-copy-client-request-id"),
        Some(e.client_request_id.clone()),
    );
    copy
}

fn clock(t: std::time::SystemTime) -> String {
    crate::storage::format_time(t, crate::storage::CLOCK_MILLIS)
}

fn detail_ui(ui: &mut egui::Ui, e: &RequestEvent) {
    egui::ScrollArea::vertical()
        .id_salt("inspector-detail-scroll")
        .show(ui, |ui| {
            ui.strong(format!("{} — {}", e.operation, e.account));
            ui.monospace(format!("{} {}", e.method, e.url));
            if let Some(note) = &e.note {
                ui.label(tr!("inspector-pipeline", note = note.to_string()));
            }
            ui.label(tr!("inspector-client-request-id", id = e.client_request_id.as_str()));
            if ui.button(t("inspector-copy-as-curl")).clicked() {
                ui.ctx().copy_text(curl_command(e));
            }
            ui.separator();
            ui.strong(t("inspector-request-headers"));
            for (n, v) in &e.request_headers {
                ui.monospace(format!("{n}: {v}"));
            }
            ui.separator();
            ui.strong(t("inspector-response-headers"));
            for (n, v) in &e.response_headers {
                ui.monospace(format!("{n}: {v}"));
            }
            if let Some(sts) = &e.string_to_sign {
                ui.separator();
                ui.strong(t("inspector-string-to-sign"));
                ui.monospace(sts.replace('\n', "\\n\n"));
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::SystemTime;

    fn event(status: Option<u16>) -> RequestEvent {
        RequestEvent {
            started: SystemTime::now(),
            operation: "Read `a`".into(),
            resource: "/c/a".into(),
            request_headers: vec![
                ("authorization".into(), "SharedKey acct:<redacted>".into()),
                ("x-ms-version".into(), "2024-11-04".into()),
            ],
            ..RequestEvent::sample(
                Service::Blob,
                "GET",
                "https://acct.blob.core.windows.net/c/a?sv=1&sig=<redacted>",
                status,
            )
        }
    }

    #[test]
    fn curl_leaves_the_secret_out_and_says_so() {
        let cmd = curl_command(&event(Some(200)));
        assert!(cmd.starts_with("curl -X GET 'https://acct.blob.core.windows.net/c/a?sv=1&sig=<redacted>'"));
        assert!(cmd.contains("-H 'x-ms-version: 2024-11-04'"));
        assert!(!cmd.contains("SharedKey"));
        assert!(cmd.contains("Authorization left out"));
    }

    #[test]
    fn only_the_newest_requests_keep_their_bodies() {
        let mut i = Inspector::default();
        for _ in 0..BODIES_KEPT + 2 {
            let mut e = event(Some(200));
            e.response_body = Some(bytes::Bytes::from_static(b"<xml/>"));
            i.push(e);
        }
        let kept = i.events.iter().filter(|e| e.response_body.is_some()).count();
        assert_eq!(kept, BODIES_KEPT);
        assert!(i.events[0].response_body.is_none() && i.events[BODIES_KEPT + 1].response_body.is_some());
    }

    #[test]
    fn the_oldest_requests_fall_off_at_capacity() {
        let mut i = Inspector::default();
        for n in 0..CAPACITY + 5 {
            let mut e = event(Some(if n % 2 == 0 { 200 } else { 404 }));
            e.request_seq = n as u64;
            i.push(e);
        }
        assert_eq!(i.events.len(), CAPACITY);
        assert_eq!(i.events.front().unwrap().request_seq, 5);
        i.status_filter = StatusFilter::Failures;
        let shown = i.visible();
        assert_eq!(shown.len(), CAPACITY / 2);
        assert!(shown.iter().all(|&n| is_failure(&i.events[n])));
        assert_eq!(i.failures(), CAPACITY / 2);
        // New requests join the filtered list as they come; the oldest leave it as they fall off.
        let mut e = event(Some(503));
        e.request_seq = 999_999;
        i.push(e);
        let shown = i.visible();
        assert_eq!(i.events[shown[0]].request_seq, 999_999);
        assert_eq!(shown.len(), CAPACITY / 2, "one failure came, one fell off");
        i.text_filter = "nothing like it".into();
        assert!(i.visible().is_empty());
    }
}
