//! Two entities side by side, property by property, types included (an Int64 that became a String is a
//! difference even when the text reads the same): two rows of one table, or a row picked in one table tab and
//! one of another table or account.

use std::borrow::Cow;

use crate::app::context::clipboard::PickedEntity;
use crate::app::widgets::i18n::{t, tr};

use crate::storage::table::{EdmType, EntityView};

/// One property of the comparison: its type and value on each side (None: that side has no such property).
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub name: String,
    pub left: Option<(EdmType, String)>,
    pub right: Option<(EdmType, String)>,
}

impl Line {
    pub fn same(&self) -> bool {
        self.left == self.right
    }
}

/// The keys first, then the left's properties in its order, then those only the right has. The Timestamp is
/// the service's, not the data's: it is shown with the ETag above the lines, not compared.
pub fn lines(left: &EntityView, right: &EntityView) -> Vec<Line> {
    let value = |e: &EntityView, name: &str| e.get(name).map(|v| (v.edm_type(), v.to_value().to_text()));
    let mut names: Vec<String> = ["PartitionKey", "RowKey"].map(String::from).to_vec();
    for e in [left, right] {
        for (n, _) in e.properties() {
            if !names.iter().any(|m| m == n) {
                names.push(n.to_string());
            }
        }
    }
    names
        .into_iter()
        .map(|name| Line {
            left: value(left, &name),
            right: value(right, &name),
            name,
        })
        .collect()
}

/// The comparison window of a table tab.
pub struct EntityCompare {
    pub left: String,
    pub right: String,
    /// Each side's ETag and Timestamp: the service's, shown, not compared.
    versions: [String; 2],
    pub lines: Vec<Line>,
    pub only_differences: bool,
}

impl EntityCompare {
    pub fn new(left: &PickedEntity, right: &PickedEntity) -> EntityCompare {
        let describe =
            |p: &PickedEntity| format!("{} / {} / {}", p.place, p.entity.partition_key(), p.entity.row_key());
        let version = |side: &str, p: &PickedEntity| {
            let when = p.entity.timestamp().map(|ts| ts.to_string()).unwrap_or_default();
            let etag = p.entity.etag().map_or_else(|| t("table-compare-none"), Cow::into_owned);
            tr!("table-compare-version", side = side, etag = etag, when = when)
        };
        EntityCompare {
            left: describe(left),
            right: describe(right),
            versions: [version("left", left), version("right", right)],
            lines: lines(&left.entity, &right.entity),
            only_differences: false,
        }
    }

    pub fn differences(&self) -> usize {
        self.lines.iter().filter(|l| !l.same()).count()
    }

    /// Draws the window; false once closed.
    pub fn window(&mut self, ctx: &egui::Context) -> bool {
        let mut open = true;
        crate::app::widgets::placement::beside_the_toolbar(egui::Window::new(t("table-compare-title")), ctx)
            .open(&mut open)
            .default_width(760.0)
            .show(ctx, |ui| self.ui(ui));
        open
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        let differ = self.differences();
        ui.horizontal(|ui| {
            ui.label(match differ {
                0 => t("table-compare-same"),
                n => tr!("table-compare-differ", count = n, total = self.lines.len()),
            });
            ui.checkbox(&mut self.only_differences, t("table-compare-only-differences"));
        });
        for v in &self.versions {
            ui.weak(v);
        }
        let warn = ui.visuals().warn_fg_color;
        egui::ScrollArea::vertical().max_height(480.0).show(ui, |ui| {
            egui::Grid::new("entity-compare").striped(true).show(ui, |ui| {
                ui.strong(t("table-compare-property"));
                ui.strong(tr!("table-compare-left", what = self.left.as_str()));
                ui.strong(tr!("table-compare-right", what = self.right.as_str()));
                ui.end_row();
                for line in self.lines.iter().filter(|l| !self.only_differences || !l.same()) {
                    let cell = |ui: &mut egui::Ui, side: &Option<(EdmType, String)>| {
                        let text = match side {
                            Some((ty, v)) => format!("{v}  ({})", ty.short_name()),
                            None => t("table-compare-no-such"),
                        };
                        let text = egui::RichText::new(text);
                        ui.label(if line.same() { text } else { text.color(warn) });
                    };
                    ui.label(if line.same() {
                        egui::RichText::new(&line.name)
                    } else {
                        egui::RichText::new(tr!("table-compare-differs", name = line.name.as_str()))
                            .color(warn)
                            .strong()
                    });
                    cell(ui, &line.left);
                    cell(ui, &line.right);
                    ui.end_row();
                }
            });
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::table::{EdmValue, EntityDraft};

    #[test]
    fn a_type_change_is_a_difference_even_when_the_text_agrees() {
        let left = EntityDraft::new("p", "a")
            .with("Count", EdmValue::Int64(7))
            .with("Name", EdmValue::String("x".into()))
            .to_entity();
        let right = EntityDraft::new("p", "b")
            .with("Count", EdmValue::String("7".into()))
            .with("Name", EdmValue::String("x".into()))
            .with("Extra", EdmValue::Boolean(true))
            .to_entity();
        let l = lines(&left, &right);
        let differ: Vec<&str> = l.iter().filter(|x| !x.same()).map(|x| x.name.as_str()).collect();
        assert_eq!(differ, ["RowKey", "Count", "Extra"]);
        let extra = l.iter().find(|x| x.name == "Extra").unwrap();
        assert_eq!(extra.left, None);
    }
}
