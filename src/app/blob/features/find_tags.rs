//! Find by tags: blobs whose index tags satisfy an expression (`"status" = 'done' AND "year" >= '2025'`), in this
//! container or the whole account, built condition by condition or typed, listed a page at a time.

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::{BlobFeature, Effects, Tool};
use crate::app::context::InFlight;
use crate::app::context::PaneContext;
use crate::app::context::feature::Feature;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::StorageError;
use crate::storage::blob::{TaggedBlob, TaggedPage, validate_tags};

/// The comparisons the service takes in a tags expression.
pub const OPERATORS: [&str; 5] = ["=", ">", ">=", "<", "<="];

/// The Find by tags row as typed: the expression, a condition being built, and the scope.
#[derive(Clone, Debug, Default)]
pub struct TagQuery {
    pub expression: String,
    pub key: String,
    pub operator: usize,
    pub value: String,
    pub whole_account: bool,
}

impl TagQuery {
    /// Adds `"key" op 'value'` to the expression (with AND), or says what is wrong with the key or value.
    pub fn add_condition(&mut self) -> Result<(), String> {
        validate_tags(&[(self.key.clone(), self.value.clone())]).map_err(|e| e.to_string())?;
        let condition = format!("\"{}\" {} '{}'", self.key, OPERATORS[self.operator], self.value);
        if self.expression.trim().is_empty() {
            self.expression = condition;
        } else {
            self.expression = format!("{} AND {condition}", self.expression.trim()); // i18n-ignore: syntax
        }
        self.key.clear();
        self.value.clear();
        Ok(())
    }
}

/// A Find by tags shown: what was asked, where, the blobs found so far, and the page out.
pub struct TagFind {
    pub(crate) asked: String,
    pub(crate) container: Option<String>,
    pub(crate) found: Vec<TaggedBlob>,
    pub(crate) next_marker: Option<String>,
    /// The page out, keyed by the marker it continues from (None: the first).
    pub(crate) loading: InFlight<Option<String>, Result<TaggedPage, StorageError>>,
    pub(crate) error: Option<StorageError>,
}

impl TagFind {
    pub fn found(&self) -> &[TaggedBlob] {
        &self.found
    }

    pub fn is_loading(&self) -> bool {
        !self.loading.is_empty()
    }
}

/// Find by tags: the row as typed, what is wrong with it, and the search shown.
#[derive(Default)]
pub struct FindByTags {
    pub(crate) query: TagQuery,
    pub(crate) problem: Option<String>,
    pub(crate) shown: Option<TagFind>,
}

impl FindByTags {
    /// The search shown, if any.
    pub fn shown(&self) -> Option<&TagFind> {
        self.shown.as_ref()
    }

    /// The Find by tags expression as typed or built.
    pub fn expression(&self) -> &str {
        &self.query.expression
    }

    /// Finds the blobs the expression matches, from the first page.
    fn find(&mut self, core: &BlobCore, ctx: &mut PaneContext) {
        let q = &self.query;
        if q.expression.trim().is_empty() {
            self.problem = Some(t("blob-find-tags-empty"));
            return;
        }
        self.problem = None;
        let container = (!q.whole_account).then(|| core.container.clone());
        self.shown = Some(TagFind {
            asked: q.expression.trim().to_string(),
            container,
            found: Vec::new(),
            next_marker: None,
            loading: InFlight::default(),
            error: None,
        });
        self.more(ctx, None);
    }

    /// The next page of the search shown.
    fn more(&mut self, ctx: &mut PaneContext, marker: Option<String>) {
        let Some(f) = &mut self.shown else { return };
        let (client, container, asked) = (ctx.client.clone(), f.container.clone(), f.asked.clone());
        let from = marker.clone();
        f.loading.start(
            marker,
            ctx.backend.spawn(async move {
                client
                    .find_blobs_by_tags(container.as_deref(), &asked, from.as_deref(), Some(1000))
                    .await
            }),
        );
    }
}

impl Feature for FindByTags {
    type Pane = crate::app::blob::feature::Blob;

    fn poll(&mut self, _: &BlobCore, _: &mut PaneContext, _: &mut Effects) {
        let Some(f) = &mut self.shown else { return };
        for (_, reply) in f.loading.ready() {
            match reply {
                Ok(page) => {
                    f.found.extend(page.blobs);
                    f.next_marker = page.next_marker;
                    f.error = None;
                }
                Err(e) => f.error = Some(e),
            }
        }
    }

    fn busy(&self) -> bool {
        self.shown.as_ref().is_some_and(TagFind::is_loading)
    }
}

impl BlobFeature for FindByTags {
    fn tool(&self) -> Option<Tool> {
        Some(Tool {
            icon: crate::app::widgets::icon::TAG,
            name: "blob-find-tags-tool",
            hint: "blob-find-tags-tool-hint",
            search: true,
        })
    }

    fn tool_in_use(&self, _: &BlobCore, _: &PaneContext) -> bool {
        self.shown.is_some()
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
        row(self, ui, core, ctx, fx);
    }
}

/// The Find by tags row, and the blobs found under it.
fn row(this: &mut FindByTags, ui: &mut egui::Ui, core: &BlobCore, ctx: &mut PaneContext, fx: &mut Effects) {
    let mut find = false;
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(t("blob-find-tags-label"));
        let edit = ui
            .add(
                egui::TextEdit::singleline(&mut this.query.expression)
                    .desired_width(240.0)
                    .hint_text("\"status\" = 'done'"), // i18n-ignore: an example of the expression's syntax
            )
            .labelled_by(label.id);
        find |= edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let label = ui.label(t("blob-find-tags-tag"));
        ui.add(egui::TextEdit::singleline(&mut this.query.key).desired_width(70.0))
            .labelled_by(label.id);
        egui::ComboBox::from_id_salt(("tag-op", &core.container))
            .width(40.0)
            .selected_text(OPERATORS[this.query.operator])
            .show_ui(ui, |ui| {
                for (i, op) in OPERATORS.iter().enumerate() {
                    ui.selectable_value(&mut this.query.operator, i, *op);
                }
            });
        let label = ui.label(t("blob-find-tags-value"));
        ui.add(egui::TextEdit::singleline(&mut this.query.value).desired_width(70.0))
            .labelled_by(label.id);
        if ui.button(t("blob-find-tags-add")).clicked() {
            this.problem = this.query.add_condition().err();
        }
        ui.checkbox(&mut this.query.whole_account, t("blob-find-tags-whole-account"));
        find |= ui.button(t("blob-find-tags-tool")).clicked();
        if this.shown.is_some() && ui.button(t("blob-find-tags-close")).clicked() {
            this.shown = None;
        }
    });
    if find {
        this.find(core, ctx);
    }
    if let Some(why) = &this.problem {
        ui.colored_label(ui.visuals().error_fg_color, why);
    }
    let Some(f) = &this.shown else { return };
    let place = match &f.container {
        Some(c) => tr!("blob-find-tags-in", container = c.as_str()),
        None => t("blob-find-tags-in-account"),
    };
    let found = if f.is_loading() {
        "blob-find-tags-found-asking"
    } else {
        "blob-find-tags-found"
    };
    ui.strong(tr!(
        found,
        count = f.found.len(),
        place = place,
        asked = f.asked.as_str()
    ));
    if let Some(e) = &f.error {
        ui.colored_label(ui.visuals().error_fg_color, e.plain_words());
    }
    let mut more = None;
    egui::ScrollArea::vertical()
        .id_salt(("tag-results", &core.container))
        .max_height(120.0)
        .show(ui, |ui| {
            egui::Grid::new(("tag-results-grid", &core.container))
                .striped(true)
                .show(ui, |ui| {
                    for b in &f.found {
                        ui.label(&b.container);
                        // A blob of this container opens in the details; one elsewhere is named only.
                        if b.container == core.container {
                            if ui.link(&b.name).clicked() {
                                fx.select(&b.name);
                            }
                        } else {
                            ui.label(&b.name);
                        }
                        let tags: Vec<String> = b.tags.iter().map(|(k, v)| format!("{k}={v}")).collect();
                        ui.label(tags.join(", "));
                        ui.end_row();
                    }
                });
        });
    if let Some(marker) = &f.next_marker
        && !f.is_loading()
        && ui.button(t("blob-find-tags-more")).clicked()
    {
        more = Some(marker.clone());
    }
    if more.is_some() {
        this.more(ctx, more);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_are_built_into_an_expression_and_bad_ones_said() {
        let mut q = TagQuery {
            key: "status".into(),
            value: "done".into(),
            ..Default::default()
        };
        q.add_condition().unwrap();
        q.key = "year".into();
        q.operator = 2;
        q.value = "2025".into();
        q.add_condition().unwrap();
        assert_eq!(q.expression, "\"status\" = 'done' AND \"year\" >= '2025'");
        q.key = "owner".into();
        q.value = "o'brien".into();
        assert!(q.add_condition().unwrap_err().contains("holds `'`"));
        assert!(q.expression.ends_with("'2025'"), "a refused condition adds nothing");
    }
}
