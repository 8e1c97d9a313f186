//! The terms every SAS form asks for beside its permissions: when it starts, how many hours it lasts, from which
//! addresses, over which protocol; and what came of the last Copy (words, never the SAS itself).

use std::time::{Duration, SystemTime};

use crate::app::widgets::i18n::{t, tr};

pub struct SasTerms {
    /// A UTC time (`2026-12-01T00:00:00Z`), or empty for now.
    pub start: String,
    pub hours: u32,
    pub ip: String,
    pub https_only: bool,
    pub outcome: Option<Result<String, String>>,
}

impl Default for SasTerms {
    fn default() -> Self {
        SasTerms {
            start: String::new(),
            hours: 1,
            ip: String::new(),
            https_only: false,
            outcome: None,
        }
    }
}

impl SasTerms {
    /// The start (None: from now) and the expiry, `hours` after the start; a start that is no UTC time is said
    /// in words before anything is signed.
    pub fn window(&self) -> Result<(Option<SystemTime>, SystemTime), String> {
        let text = self.start.trim();
        let start = match text {
            "" => None,
            typed => Some(
                crate::storage::parse_iso(typed).ok_or_else(|| tr!("widgets-sas-terms-bad-start", start = typed))?,
            ),
        };
        let from = start.unwrap_or_else(SystemTime::now);
        Ok((start, from + Duration::from_secs(3600 * u64::from(self.hours))))
    }

    /// The address or range, if one was typed.
    pub fn ip(&self) -> Option<String> {
        Some(self.ip.trim().to_string()).filter(|s| !s.is_empty())
    }

    /// Start, hours, IP or range, HTTPS only, each labelled.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let l = ui.label(t("widgets-sas-terms-start"));
        ui.add(
            egui::TextEdit::singleline(&mut self.start)
                .desired_width(150.0)
                .hint_text(t("widgets-sas-terms-now")),
        )
        .labelled_by(l.id);
        let l = ui.label(t("widgets-sas-terms-hours"));
        ui.add(egui::DragValue::new(&mut self.hours).range(1..=24 * 365))
            .labelled_by(l.id);
        let l = ui.label(t("widgets-sas-terms-ip"));
        ui.add(
            egui::TextEdit::singleline(&mut self.ip)
                .desired_width(110.0)
                .hint_text(t("widgets-sas-terms-any")),
        )
        .labelled_by(l.id);
        ui.checkbox(&mut self.https_only, t("widgets-sas-terms-https-only"));
    }

    /// Puts what was made on the clipboard and says so, or says why nothing was made.
    pub fn copied(&mut self, ui: &egui::Ui, made: Result<String, String>) {
        self.outcome = Some(made.map(|text| {
            ui.ctx().copy_text(text);
            t("widgets-sas-terms-copied")
        }));
    }

    /// What came of the last Copy.
    pub fn outcome_ui(&self, ui: &mut egui::Ui) {
        match &self.outcome {
            Some(Ok(words)) => {
                ui.label(words);
            }
            Some(Err(why)) => {
                ui.colored_label(ui.visuals().error_fg_color, why);
            }
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_is_a_utc_time_or_now_and_the_expiry_follows_it() {
        let mut t = SasTerms {
            start: "2026-12-01T00:00:00Z".into(),
            hours: 2,
            ..Default::default()
        };
        let (start, expiry) = t.window().unwrap();
        assert_eq!(
            expiry.duration_since(start.unwrap()).unwrap(),
            Duration::from_secs(7200)
        );
        t.start = "tomorrow".into();
        assert!(t.window().unwrap_err().contains("`tomorrow` is not a UTC time"));
        t.start = " ".into();
        assert!(t.window().unwrap().0.is_none());
    }
}
