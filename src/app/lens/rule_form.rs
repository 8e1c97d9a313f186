//! Adding a fault or hold rule while the app runs (what it matches, what it does, how often), and the rules in
//! force, each with how often it fired, and its Remove.

use crate::app::widgets::i18n::{t, tr};
use crate::lens::Lens;
use crate::lens::rules::{Action, Rule, RuleState, Stage};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Kind {
    #[default]
    Answer,
    Delay,
    Cut,
    Hold,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum How {
    #[default]
    Always,
    Next,
    Every,
    Probability,
}

/// The rule being written.
pub struct RuleForm {
    pub operation: String,
    pub resource: String,
    /// The resource box is a prefix (every resource that starts with it), not the one resource.
    pub prefix: bool,
    pub method: String,
    pub kind: Kind,
    pub status: String,
    pub code: String,
    pub ms: String,
    pub after_bytes: String,
    pub stage: Stage,
    pub how: How,
    pub count: String,
    pub probability: String,
    /// Why the last Add rule was refused.
    pub problem: Option<String>,
    /// Rules are named "rule 1", "rule 2"… in the order they were added.
    added: u64,
}

impl Default for RuleForm {
    fn default() -> Self {
        RuleForm {
            operation: String::new(),
            resource: String::new(),
            prefix: false,
            method: String::new(),
            kind: Kind::Answer,
            status: "503".into(),
            code: String::new(),
            ms: "1000".into(),
            after_bytes: "0".into(),
            stage: Stage::Before,
            how: How::Always,
            count: "1".into(),
            probability: "0.5".into(),
            problem: None,
            added: 0,
        }
    }
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| tr!("lens-rule-bad-number", what = t(what), text = text.trim()))
}

fn given(text: &str) -> Option<String> {
    Some(text.trim().to_string()).filter(|s| !s.is_empty())
}

impl RuleForm {
    /// The rule the form describes, or why it cannot be one.
    pub fn rule(&self) -> Result<Rule, String> {
        let action = match self.kind {
            Kind::Answer => {
                let status: u16 = number(&self.status, "lens-rule-status")?;
                if !(100..=599).contains(&status) {
                    return Err(t("lens-answer-status-bad"));
                }
                Action::Answer {
                    status,
                    code: given(&self.code),
                    message: None,
                }
            }
            Kind::Delay => Action::Delay {
                ms: number(&self.ms, "lens-rule-ms")?,
            },
            Kind::Cut => Action::Cut {
                after_bytes: number(&self.after_bytes, "lens-rule-after-bytes")?,
            },
            Kind::Hold => Action::Hold {
                stage: self.stage,
                ms: None,
            },
        };
        let (mut times, mut every, mut probability) = (None, None, None);
        match self.how {
            How::Always => {}
            How::Next => times = Some(number(&self.count, "lens-rule-count")?),
            How::Every => {
                every = Some(number::<u64>(&self.count, "lens-rule-count")?.max(1));
            }
            How::Probability => {
                let p: f64 = number(&self.probability, "lens-rule-probability")?;
                if !(0.0..=1.0).contains(&p) {
                    return Err(t("lens-rule-probability-bad"));
                }
                probability = Some(p);
            }
        }
        let resource = given(&self.resource);
        Ok(Rule {
            name: tr!("lens-rule-name", number = self.added + 1),
            service: None,
            operation: given(&self.operation),
            resource: resource.clone().filter(|_| !self.prefix),
            resource_prefix: resource.filter(|_| self.prefix),
            method: given(&self.method).map(|m| m.to_uppercase()),
            action,
            times,
            every,
            probability,
        })
    }
}

/// One text box with its visible name, which is also its accessible name.
fn field(ui: &mut egui::Ui, label: &str, text: &mut String, width: f32) {
    let l = ui.label(label);
    ui.add(egui::TextEdit::singleline(text).desired_width(width))
        .labelled_by(l.id);
}

/// The form; the rule to add when Add rule was pressed with a form that makes one.
pub fn ui(ui: &mut egui::Ui, form: &mut RuleForm) -> Option<Rule> {
    ui.strong(t("lens-rule-heading"));
    ui.weak(t("lens-rule-match-hint"));
    // The checkbox stands between two grids, in the column's own layout, so its words wrap in a narrow column
    // (a grid's cell never wraps: the words ran past the column's edge). Both grids' labels take one width.
    const LABELS: f32 = 80.0;
    egui::Grid::new("lens-rule-match")
        .num_columns(2)
        .min_col_width(LABELS)
        .show(ui, |ui| {
            field(ui, &t("lens-rule-operation"), &mut form.operation, 160.0);
            ui.end_row();
            field(ui, &t("lens-rule-resource"), &mut form.resource, 160.0);
            ui.end_row();
        });
    ui.checkbox(&mut form.prefix, t("lens-rule-prefix"));
    egui::Grid::new("lens-rule-method")
        .num_columns(2)
        .min_col_width(LABELS)
        .show(ui, |ui| {
            field(ui, &t("lens-rule-method"), &mut form.method, 60.0);
            ui.end_row();
        });
    ui.label(t("lens-rule-does"));
    ui.horizontal_wrapped(|ui| {
        ui.radio_value(&mut form.kind, Kind::Answer, t("lens-kind-answer"));
        ui.radio_value(&mut form.kind, Kind::Delay, t("lens-kind-delay"));
        ui.radio_value(&mut form.kind, Kind::Cut, t("lens-kind-cut"));
        ui.radio_value(&mut form.kind, Kind::Hold, t("lens-kind-hold"));
    });
    ui.horizontal_wrapped(|ui| match form.kind {
        Kind::Answer => {
            field(ui, &t("lens-rule-status"), &mut form.status, 40.0);
            field(ui, &t("lens-rule-code"), &mut form.code, 160.0);
        }
        Kind::Delay => field(ui, &t("lens-rule-ms"), &mut form.ms, 60.0),
        Kind::Cut => field(ui, &t("lens-rule-after-bytes"), &mut form.after_bytes, 80.0),
        Kind::Hold => {
            ui.radio_value(&mut form.stage, Stage::Before, t("lens-hold-before"));
            ui.radio_value(&mut form.stage, Stage::After, t("lens-hold-after"));
        }
    });
    ui.label(t("lens-rule-how"));
    ui.horizontal_wrapped(|ui| {
        ui.radio_value(&mut form.how, How::Always, t("lens-how-always"));
        ui.radio_value(&mut form.how, How::Next, t("lens-how-next"));
        ui.radio_value(&mut form.how, How::Every, t("lens-how-every"));
        ui.radio_value(&mut form.how, How::Probability, t("lens-how-probability"));
    });
    match form.how {
        How::Always => {}
        How::Next | How::Every => field(ui, &t("lens-rule-count"), &mut form.count, 40.0),
        How::Probability => field(ui, &t("lens-rule-probability"), &mut form.probability, 40.0),
    }
    let mut added = None;
    if ui.button(t("lens-add-rule")).clicked() {
        match form.rule() {
            Ok(rule) => {
                form.added += 1;
                form.problem = None;
                added = Some(rule);
            }
            Err(why) => form.problem = Some(why),
        }
    }
    if let Some(why) = &form.problem {
        ui.colored_label(ui.visuals().error_fg_color, why);
    }
    added
}

/// What a rule matches and does, in words.
pub fn describe(rule: &Rule) -> String {
    let mut matches = vec![rule.operation.clone().unwrap_or_else(|| t("lens-any-operation"))];
    if let Some(r) = &rule.resource {
        matches.push(r.clone());
    }
    if let Some(p) = &rule.resource_prefix {
        matches.push(tr!("lens-describe-prefix", prefix = p.as_str()));
    }
    matches.extend(rule.method.clone());
    let does = match &rule.action {
        Action::Answer { status, code, .. } => tr!(
            "lens-describe-answer",
            status = *status,
            code = code.clone().unwrap_or_default()
        )
        .trim_end()
        .to_string(),
        Action::Delay { ms } => tr!("lens-describe-delay", ms = *ms),
        Action::Cut { after_bytes } => tr!("lens-describe-cut", bytes = *after_bytes),
        Action::Hold { stage, .. } => t(match stage {
            Stage::Before => "lens-describe-hold-before",
            Stage::After => "lens-describe-hold-after",
        }),
    };
    let how = match (rule.times, rule.every, rule.probability) {
        (Some(n), _, _) => tr!("lens-describe-next", count = n),
        (_, Some(n), _) => tr!("lens-describe-every", count = n),
        (_, _, Some(p)) => tr!("lens-describe-probability", percent = (p * 100.0).round() as u64),
        _ => t("lens-describe-always"),
    };
    format!("{}: {} – {does}, {how}", rule.name, matches.join(" · "))
}

/// The rules in force with their counts and Remove; a rule taken off goes at once.
pub fn list(ui: &mut egui::Ui, lens: &Lens) {
    let rules: Vec<RuleState> = lens.rules();
    ui.strong(tr!("lens-rules-heading", count = rules.len()));
    if rules.is_empty() {
        ui.weak(t("lens-rules-none"));
    }
    for state in rules {
        ui.horizontal_wrapped(|ui| {
            ui.label(describe(&state.rule));
            ui.strong(tr!("lens-rule-fired", fired = state.fired, matched = state.matched));
            if ui
                .small_button(tr!("lens-remove-rule", name = state.rule.name.as_str()))
                .clicked()
            {
                lens.remove_rule(&state.rule.name);
            }
        });
    }
}
