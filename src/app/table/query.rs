//! A table tab's query: the raw OData `$filter` (checked as it is typed, errors shown where they are), a
//! builder of conditions in and/or groups that writes the same filter (and the part of it that runs here:
//! contains, starts with, ends with, any case), presets, page size and `$select`.

use crate::app::table::row_match::{MatchGroup, MatchOp, RowMatch, RowMatches};
use crate::app::widgets::i18n::{t, tr};
use crate::storage::table::{
    CompareOp, FilterError, FilterExpr, Operand, ScanKind, filter_literal, parse_filter, scan_kind,
};
use crate::storage::table::{EdmDateTime, EdmType, EdmValue};
use crate::storage::table::{EntityQuery, MAX_PAGE_SIZE};

/// One condition of the builder: property, type, operator, value; or, when `here` names an operator OData
/// lacks, a string condition matched here on every page.
#[derive(Clone, Debug)]
pub struct Condition {
    pub property: String,
    pub ty: EdmType,
    pub op: CompareOp,
    pub value: String,
    pub here: Option<MatchOp>,
    pub any_case: bool,
}

impl Default for Condition {
    fn default() -> Self {
        Condition {
            property: "PartitionKey".into(),
            ty: EdmType::String,
            op: CompareOp::Eq,
            value: String::new(),
            here: None,
            any_case: false,
        }
    }
}

/// Conditions joined by `and` or by `or`; groups are joined the other way round at the top.
#[derive(Clone, Debug)]
pub struct Group {
    pub any: bool,
    pub conditions: Vec<Condition>,
}

#[derive(Clone, Debug)]
pub struct QueryPanel {
    pub filter: String,
    pub page_size: u32,
    /// Ask only for the columns shown (`$select`).
    pub select_shown: bool,
    pub groups: Vec<Group>,
    /// Groups joined by `or` (true) or `and`.
    pub groups_any: bool,
    pub builder_error: Option<String>,
    /// What the builder last wrote that runs here, joined by `and` with the filter box.
    pub matching: RowMatches,
    pub partition_preset: String,
    pub prefix_preset: String,
    /// Whether the presets' row is shown (a form used once in a while: hidden until asked for).
    pub presets_open: bool,
}

impl Default for QueryPanel {
    fn default() -> Self {
        QueryPanel {
            filter: String::new(),
            page_size: MAX_PAGE_SIZE,
            select_shown: false,
            groups: vec![Group {
                any: false,
                conditions: vec![Condition::default()],
            }],
            groups_any: true,
            builder_error: None,
            matching: RowMatches::default(),
            partition_preset: String::new(),
            prefix_preset: String::new(),
            presets_open: false,
        }
    }
}

/// The filter's state as the user types: empty, valid (with how it reads the table), or wrong somewhere.
pub enum FilterState {
    Empty,
    Valid(ScanKind),
    Invalid(FilterError),
}

/// The smallest string greater than every string starting with `prefix` (for a prefix range).
pub fn prefix_upper_bound(prefix: &str) -> Option<String> {
    let mut chars: Vec<char> = prefix.chars().collect();
    while let Some(last) = chars.pop() {
        if let Some(next) = char::from_u32(last as u32 + 1) {
            chars.push(next);
            return Some(chars.into_iter().collect());
        }
    }
    None
}

impl QueryPanel {
    pub fn state(&self) -> FilterState {
        let f = self.filter.trim();
        if f.is_empty() {
            return FilterState::Empty;
        }
        match parse_filter(f) {
            Ok(expr) => FilterState::Valid(scan_kind(Some(&expr))),
            Err(e) => FilterState::Invalid(e),
        }
    }

    /// The query to send, or None while the filter is wrong.
    pub fn to_query(&self, shown_columns: Vec<String>) -> Option<EntityQuery> {
        if matches!(self.state(), FilterState::Invalid(_)) {
            return None;
        }
        let f = self.filter.trim();
        let select = if self.select_shown {
            // What runs here reads its properties: they are fetched too.
            let mut select: Vec<String> = shown_columns
                .into_iter()
                .filter(|c| c != crate::app::table::store::ETAG)
                .collect();
            for p in self.matching.properties() {
                if !select.iter().any(|s| s == p) {
                    select.push(p.to_string());
                }
            }
            select
        } else {
            Vec::new()
        };
        Some(EntityQuery {
            filter: (!f.is_empty()).then(|| f.to_string()),
            select,
            top: Some(self.page_size.clamp(1, MAX_PAGE_SIZE)),
        })
    }

    /// The part of the query that runs here, if any (the pane keeps it with the query it ran).
    pub fn matching(&self) -> Option<std::sync::Arc<RowMatches>> {
        (!self.matching.is_empty()).then(|| std::sync::Arc::new(self.matching.clone()))
    }

    /// Writes the builder's conditions into the filter box, and those OData lacks into what runs here; says
    /// which condition is wrong if one is (and then changes neither).
    pub fn apply_builder(&mut self) {
        match self.builder_expr() {
            Ok((expr, matching)) => {
                self.filter = expr.map(|e| e.to_string()).unwrap_or_default();
                self.matching = matching;
                self.builder_error = None;
            }
            Err(e) => self.builder_error = Some(e),
        }
    }

    fn builder_expr(&self) -> Result<(Option<FilterExpr>, RowMatches), String> {
        let mut groups = Vec::new();
        let mut matching = RowMatches::default();
        let used = |g: &Group| g.conditions.iter().any(|c| !c.property.trim().is_empty());
        let several_groups = self.groups.iter().filter(|g| used(g)).count() > 1;
        for (g, group) in self.groups.iter().enumerate() {
            let mut conditions = Vec::new();
            let mut here = Vec::new();
            for (c, cond) in group.conditions.iter().enumerate() {
                if cond.property.trim().is_empty() {
                    continue;
                }
                if let Some(op) = cond.here {
                    here.push(RowMatch::new(&cond.property, op, &cond.value, cond.any_case));
                    continue;
                }
                let value = EdmValue::parse(cond.ty, &cond.value)
                    .map_err(|e| tr!("table-query-condition-wrong", g = g + 1, c = c + 1, why = e.to_string()))?;
                conditions.push(FilterExpr::Compare {
                    left: Operand::Property(cond.property.trim().to_string()),
                    op: cond.op,
                    right: Operand::Literal(value),
                });
            }
            if !here.is_empty() {
                // The service sends the rows of its part; what runs here can only narrow them: it joins with `and`.
                if group.any && !conditions.is_empty() {
                    return Err(tr!("table-query-here-in-or-group", g = g + 1));
                }
                if self.groups_any && several_groups {
                    return Err(tr!("table-query-here-in-or-groups", g = g + 1));
                }
                matching.groups.push(MatchGroup {
                    any: group.any,
                    matches: here,
                });
            }
            if let Some(e) = join(conditions, group.any) {
                groups.push(e);
            }
        }
        Ok((join(groups, self.groups_any), matching))
    }

    pub fn preset_partition(&mut self) {
        let v = EdmValue::String(self.partition_preset.clone());
        self.filter = format!("PartitionKey eq {}", filter_literal(&v)); // i18n-ignore: an OData filter
    }

    pub fn preset_prefix(&mut self) {
        let p = &self.prefix_preset;
        self.filter = match prefix_upper_bound(p) {
            Some(upper) if !p.is_empty() => format!(
                "RowKey ge {} and RowKey lt {}", // i18n-ignore: an OData filter
                filter_literal(&EdmValue::String(p.clone())),
                filter_literal(&EdmValue::String(upper))
            ),
            _ => String::new(),
        };
    }

    pub fn preset_last_day(&mut self) {
        let since = EdmDateTime::from_ticks(EdmDateTime::now().ticks() - 24 * 3600 * 10_000_000).expect("in range");
        self.filter = format!("Timestamp ge {}", filter_literal(&EdmValue::DateTime(since))); // i18n-ignore: an OData filter
    }

    /// The filter box, its error or scan warning, and the presets. Returns true when the user asks to run.
    pub fn ui(&mut self, ui: &mut egui::Ui, focus_filter: bool) -> bool {
        let mut run = false;
        // The filter takes what the row's other controls leave, measured in the window's language (Russian's
        // words are half again as long as English's).
        let font = egui::TextStyle::Button.resolve(ui.style());
        let words: f32 = ["table-query-run", "table-query-per-page", "table-query-presets"]
            .iter()
            .map(|id| ui.fonts_mut(|f| f.layout_no_wrap(t(id), font.clone(), egui::Color32::WHITE).size().x))
            .sum();
        ui.horizontal(|ui| {
            let label = ui.label("$filter:"); // i18n-ignore: the OData parameter's name
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut self.filter)
                        .id_salt("table-query-filter")
                        .hint_text("PartitionKey eq 'p1' and Count gt 5") // i18n-ignore: an OData filter
                        .desired_width((ui.available_width() - 190.0 - words).max(120.0))
                        .font(egui::TextStyle::Monospace),
                )
                .labelled_by(label.id);
            if focus_filter {
                edit.request_focus();
            }
            let valid = !matches!(self.state(), FilterState::Invalid(_));
            let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.add_enabled(valid, egui::Button::new(t("table-query-run"))).clicked() || (enter && valid) {
                run = true;
            }
            egui::ComboBox::from_label(t("table-query-per-page"))
                .selected_text(self.page_size.to_string())
                .show_ui(ui, |ui| {
                    for size in [100, 250, 500, MAX_PAGE_SIZE] {
                        let words = tr!("table-query-size-per-page", size = size.to_string());
                        ui.selectable_value(&mut self.page_size, size, words);
                    }
                });
            ui.toggle_value(&mut self.presets_open, t("table-query-presets"))
                .on_hover_text(t("table-query-presets-hint"));
        });
        match self.state() {
            FilterState::Invalid(e) => {
                let caret = format!("{}^", " ".repeat(e.column.saturating_sub(1)));
                ui.label(
                    egui::RichText::new(format!("{}\n{caret}", self.filter))
                        .monospace()
                        .color(ui.visuals().error_fg_color),
                );
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    tr!(
                        "table-query-wrong-at",
                        column = e.column,
                        message = e.message.to_string()
                    ),
                );
            }
            state => {
                // No filter at all reads every partition too.
                let kind = if let FilterState::Valid(k) = state {
                    k
                } else {
                    ScanKind::TableScan
                };
                let (text, warn) = match kind {
                    ScanKind::Point => ("table-query-scan-point", false),
                    ScanKind::Partition => ("table-query-scan-partition", false),
                    ScanKind::PartitionRange => ("table-query-scan-range", false),
                    ScanKind::TableScan => ("table-query-scan-table", true),
                };
                let color = if warn {
                    ui.visuals().warn_fg_color
                } else {
                    ui.visuals().weak_text_color()
                };
                ui.colored_label(color, t(text));
            }
        }
        if !self.matching.is_empty() {
            self.matching_ui(ui);
        }
        if self.presets_open {
            self.presets_ui(ui);
        }
        egui::CollapsingHeader::new(t("table-query-builder"))
            .id_salt("filter-builder")
            .show(ui, |ui| self.builder_ui(ui));
        run
    }

    /// What runs here, and what it costs: every page of the service's result is read.
    fn matching_ui(&mut self, ui: &mut egui::Ui) {
        let op = self.matching.first_op().unwrap_or(MatchOp::Contains).words();
        ui.horizontal_wrapped(|ui| {
            let said = tr!("table-query-matched-here", matches = self.matching.describe(), op = op);
            ui.colored_label(ui.visuals().warn_fg_color, said);
            if ui
                .button(t("table-query-stop-matching"))
                .on_hover_text(t("table-query-stop-matching-hint"))
                .clicked()
            {
                self.matching = RowMatches::default();
            }
        });
    }

    /// The presets' row: each writes a filter into the box (run it with Run query).
    fn presets_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.label(t("table-query-presets-label"));
            let l = ui.label(t("table-query-preset-partition"));
            ui.add(egui::TextEdit::singleline(&mut self.partition_preset).desired_width(90.0))
                .labelled_by(l.id);
            if ui.button(t("table-query-one-partition")).clicked() {
                self.preset_partition();
            }
            let l = ui.label(t("table-query-rowkey-prefix"));
            ui.add(egui::TextEdit::singleline(&mut self.prefix_preset).desired_width(90.0))
                .labelled_by(l.id);
            if ui.button(t("table-query-key-prefix")).clicked() {
                self.preset_prefix();
            }
            if ui.button(t("table-query-last-day")).clicked() {
                self.preset_last_day();
            }
            ui.checkbox(&mut self.select_shown, t("table-query-select-shown"));
        });
    }

    fn builder_ui(&mut self, ui: &mut egui::Ui) {
        let ops = CompareOp::ALL;
        let mut remove_group = None;
        let groups_joiner = t(if self.groups_any {
            "table-query-or-groups"
        } else {
            "table-query-and-groups"
        });
        for (g, group) in self.groups.iter_mut().enumerate() {
            if g > 0 {
                ui.label(&groups_joiner);
            }
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.horizontal(|ui| {
                    let n = g + 1;
                    ui.label(tr!("table-query-group-join", n = n));
                    ui.selectable_value(&mut group.any, false, tr!("table-query-and-group", n = n));
                    ui.selectable_value(&mut group.any, true, tr!("table-query-or-group", n = n));
                    if ui.button(tr!("table-query-remove-group", n = n)).clicked() {
                        remove_group = Some(g);
                    }
                });
                let mut remove = None;
                for (c, cond) in group.conditions.iter_mut().enumerate() {
                    ui.horizontal(|ui| {
                        let name = format!("{}.{}", g + 1, c + 1);
                        let name = name.as_str();
                        ui.add(egui::TextEdit::singleline(&mut cond.property).desired_width(120.0))
                            .accessible_name(tr!("table-query-property", name = name));
                        egui::ComboBox::from_id_salt(("type", g, c))
                            .selected_text(cond.ty.short_name())
                            .show_ui(ui, |ui| {
                                for t in EdmType::ALL {
                                    ui.selectable_value(&mut cond.ty, t, t.short_name());
                                }
                            })
                            .response
                            .accessible_name(tr!("table-query-type", name = name))
                            .on_hover_text(t("table-query-type-hint"));
                        let shown = cond.here.map_or(cond.op.keyword().to_string(), MatchOp::words);
                        egui::ComboBox::from_id_salt(("op", g, c))
                            .selected_text(shown)
                            .show_ui(ui, |ui| {
                                for op in ops {
                                    if ui
                                        .selectable_label(cond.here.is_none() && cond.op == op, op.keyword())
                                        .clicked()
                                    {
                                        (cond.op, cond.here) = (op, None);
                                    }
                                }
                                ui.separator();
                                for m in MatchOp::ALL {
                                    let words = tr!("table-query-runs-here", op = m.words());
                                    if ui.selectable_label(cond.here == Some(m), words).clicked() {
                                        (cond.here, cond.ty) = (Some(m), EdmType::String);
                                    }
                                }
                            })
                            .response
                            .accessible_name(tr!("table-query-operator", name = name))
                            .on_hover_text(t("table-query-operator-hint"));
                        ui.add(egui::TextEdit::singleline(&mut cond.value).desired_width(160.0))
                            .accessible_name(tr!("table-query-value", name = name));
                        if cond.here.is_some() {
                            ui.checkbox(&mut cond.any_case, t("table-query-any-case"))
                                .accessible_name(tr!("table-query-any-case-of", name = name));
                        }
                        if ui.small_button(tr!("table-query-remove", name = name)).clicked() {
                            remove = Some(c);
                        }
                    });
                }
                if let Some(c) = remove {
                    group.conditions.remove(c);
                }
                if ui.small_button(tr!("table-query-add-condition", n = g + 1)).clicked() {
                    group.conditions.push(Condition::default());
                }
            });
        }
        if let Some(g) = remove_group {
            self.groups.remove(g);
        }
        ui.horizontal(|ui| {
            if ui.button(t("table-query-add-group")).clicked() {
                self.groups.push(Group {
                    any: false,
                    conditions: vec![Condition::default()],
                });
            }
            ui.label(t("table-query-groups-joined"));
            ui.selectable_value(&mut self.groups_any, false, t("table-query-and-groups"));
            ui.selectable_value(&mut self.groups_any, true, t("table-query-or-groups"));
            if ui.button(t("table-query-write")).clicked() {
                self.apply_builder();
            }
        });
        if let Some(e) = &self.builder_error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }
}

fn join(mut parts: Vec<FilterExpr>, any: bool) -> Option<FilterExpr> {
    let first = if parts.is_empty() { return None } else { parts.remove(0) };
    Some(parts.into_iter().fold(first, |acc, e| {
        if any {
            FilterExpr::Or(Box::new(acc), Box::new(e))
        } else {
            FilterExpr::And(Box::new(acc), Box::new(e))
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builder_writes_typed_literals_and_groups() {
        let mut q = QueryPanel {
            groups: vec![
                Group {
                    any: false,
                    conditions: vec![
                        Condition {
                            property: "PartitionKey".into(),
                            ty: EdmType::String,
                            op: CompareOp::Eq,
                            value: "o'k".into(),
                            ..Default::default()
                        },
                        Condition {
                            property: "Big".into(),
                            ty: EdmType::Int64,
                            op: CompareOp::Gt,
                            value: "9007199254740993".into(),
                            ..Default::default()
                        },
                    ],
                },
                Group {
                    any: false,
                    conditions: vec![Condition {
                        property: "When".into(),
                        ty: EdmType::DateTime,
                        op: CompareOp::Lt,
                        value: "2026-01-01T00:00:00Z".into(),
                        ..Default::default()
                    }],
                },
            ],
            ..Default::default()
        };
        q.apply_builder();
        assert_eq!(
            q.filter,
            "PartitionKey eq 'o''k' and Big gt 9007199254740993L or When lt datetime'2026-01-01T00:00:00.0000000Z'"
        );
        assert!(matches!(q.state(), FilterState::Valid(ScanKind::TableScan)));
        q.groups[0].conditions[1].value = "12.5".into();
        q.apply_builder();
        assert!(q.builder_error.as_deref().unwrap().starts_with("Group 1, condition 2"));
    }

    #[test]
    fn the_builder_sends_what_odata_has_and_keeps_the_rest_to_match_here() {
        let cond = |property: &str, op, here, value: &str| Condition {
            property: property.into(),
            op,
            here,
            value: value.into(),
            any_case: here.is_some(),
            ..Default::default()
        };
        let mut q = QueryPanel {
            groups: vec![
                Group {
                    any: false,
                    conditions: vec![
                        cond("PartitionKey", CompareOp::Eq, None, "p1"),
                        cond("Name", CompareOp::Eq, Some(MatchOp::Contains), "Kraft"),
                    ],
                },
                Group {
                    any: true,
                    conditions: vec![
                        cond("City", CompareOp::Eq, Some(MatchOp::StartsWith), "os"),
                        cond("City", CompareOp::Eq, Some(MatchOp::EndsWith), "ma"),
                    ],
                },
            ],
            groups_any: false,
            select_shown: true,
            ..Default::default()
        };
        q.apply_builder();
        assert_eq!(q.builder_error, None);
        assert_eq!(q.filter, "PartitionKey eq 'p1'");
        assert_eq!(
            q.matching.describe(),
            "Name contains 'Kraft' (any case) and (City starts with 'os' (any case) or City ends with 'ma' (any case))"
        );
        // What runs here is fetched even when only the shown columns are asked for.
        let query = q.to_query(vec!["PartitionKey".into()]).unwrap();
        assert_eq!(query.select, ["PartitionKey", "Name", "City"]);
        // An `or` the service would only half know is refused before anything is sent, and nothing changes.
        q.groups_any = true;
        q.filter = "kept".into();
        q.apply_builder();
        assert!(q.builder_error.as_deref().unwrap().contains("Join the groups with and"));
        assert_eq!(q.filter, "kept");
        q.groups_any = false;
        q.groups[0].any = true;
        q.apply_builder();
        assert!(q.builder_error.as_deref().unwrap().starts_with("Group 1: "));
        // Conditions of the service only leave nothing to match here.
        q.groups.truncate(1);
        q.groups[0].conditions.truncate(1);
        q.apply_builder();
        assert!(q.matching.is_empty() && q.matching().is_none());
    }

    #[test]
    fn presets_write_partition_prefix_and_time_filters() {
        let mut q = QueryPanel {
            partition_preset: "p1".into(),
            prefix_preset: "abc".into(),
            ..Default::default()
        };
        q.preset_partition();
        assert_eq!(q.filter, "PartitionKey eq 'p1'");
        assert!(matches!(q.state(), FilterState::Valid(ScanKind::Partition)));
        q.preset_prefix();
        assert_eq!(q.filter, "RowKey ge 'abc' and RowKey lt 'abd'");
        q.preset_last_day();
        assert!(q.filter.starts_with("Timestamp ge datetime'"));
        assert!(matches!(q.state(), FilterState::Valid(_)));
        assert_eq!(prefix_upper_bound("a\u{10FFFF}"), Some("b".into()));
    }
}
