//! The requests a hold rule keeps waiting, as the lens window shows them: how long each has been held beside
//! the request's own `timeout` (when the app and the service give up), and its Release, Drop, Answer.

use crate::app::widgets::i18n::{t, tr};
use crate::lens::Lens;
use crate::lens::holds::{HeldView, Verdict};
use crate::lens::rules::Stage;
use crate::storage::Service;

/// The answer given by hand: a status and, when empty, the service's usual code for it.
pub struct AnswerForm {
    pub status: String,
    pub code: String,
}

impl Default for AnswerForm {
    fn default() -> Self {
        AnswerForm {
            status: "503".into(),
            code: String::new(),
        }
    }
}

/// The service a held request is of, by its operation's words (a held view names no service).
fn service_of(operation: &str) -> Service {
    let op = operation.to_lowercase();
    if op.contains("entit") || op.contains("table") {
        Service::Table
    } else if op.contains("message") || op.contains("queue") {
        Service::Queue
    } else {
        Service::Blob
    }
}

/// "held 12 s", and beside it the request's own timeout.
pub fn held_words(h: &HeldView) -> String {
    let held = tr!("lens-held-for", seconds = h.since.elapsed().as_secs());
    match h.timeout {
        Some(timeout) => format!("{held} · {}", tr!("lens-held-timeout", seconds = timeout)),
        None => format!("{held} · {}", t("lens-held-no-timeout")),
    }
}

/// The held requests with their buttons; returns the words of a verdict that could not be given.
pub fn ui(ui: &mut egui::Ui, lens: &Lens, answer: &mut AnswerForm) -> Option<String> {
    let held = lens.held();
    ui.strong(tr!("lens-held-heading", count = held.len()));
    if held.is_empty() {
        ui.weak(t("lens-held-none"));
        return None;
    }
    ui.horizontal_wrapped(|ui| {
        let l = ui.label(t("lens-answer-status"));
        ui.add(egui::TextEdit::singleline(&mut answer.status).desired_width(40.0))
            .labelled_by(l.id);
        let l = ui.label(t("lens-answer-code"));
        ui.add(egui::TextEdit::singleline(&mut answer.code).desired_width(160.0))
            .labelled_by(l.id);
    });
    let mut verdict = None;
    for h in &held {
        ui.group(|ui| {
            let stage = t(match h.stage {
                Stage::Before => "lens-held-before",
                Stage::After => "lens-held-after",
            });
            ui.label(tr!(
                "lens-held-line",
                number = h.number,
                operation = h.operation.as_str(),
                resource = h.resource.as_str(),
                stage = stage
            ));
            ui.label(held_words(h));
            ui.horizontal(|ui| {
                if ui.button(tr!("lens-release", number = h.number)).clicked() {
                    verdict = Some((h, Ok(Verdict::Release)));
                }
                if ui
                    .button(tr!("lens-drop", number = h.number))
                    .on_hover_text(t("lens-drop-hint"))
                    .clicked()
                {
                    verdict = Some((h, Ok(Verdict::Drop)));
                }
                if ui.button(tr!("lens-answer", number = h.number)).clicked() {
                    verdict = Some((h, by_hand(h, answer)));
                }
            });
        });
    }
    let (h, chosen) = verdict?;
    match chosen {
        Ok(v) => (!lens.decide(h.id, v)).then(|| tr!("lens-held-ended", number = h.number)),
        Err(why) => Some(why),
    }
}

/// The answer typed in, checked: a status from 100 to 599.
fn by_hand(h: &HeldView, answer: &AnswerForm) -> Result<Verdict, String> {
    let status: u16 = answer
        .status
        .trim()
        .parse()
        .ok()
        .filter(|s| (100..=599).contains(s))
        .ok_or_else(|| t("lens-answer-status-bad"))?;
    let code = match answer.code.trim() {
        "" => crate::lens::answer::default_code(service_of(&h.operation), status).to_string(),
        code => code.to_string(),
    };
    Ok(Verdict::Answer { status, code })
}
