//! How the append and page controls of a blob's details draw: the New blob row, the text or file to append, and
//! the pages to write, read and clear (the feature that holds them and sends their writes is `append_page`).

use crate::app::blob::core::BlobCore;
use crate::app::blob::feature::Effects;
use crate::app::blob::features::append_page::{AppendPage, Pick};
use crate::app::context::PaneContext;
use crate::app::widgets::i18n::{t, tr};
use crate::storage::blob::PAGE;

/// What the append and page controls draw on: the core, the pane's context and where they ask for effects.
type Parts<'a, 'b, 'c> = (&'a BlobCore, &'b mut PaneContext<'c>, &'b mut Effects);

/// The New blob part of the clipboard row: an append blob, or a page blob of a size.
pub(super) fn create_ui(
    f: &mut AppendPage,
    ui: &mut egui::Ui,
    core: &BlobCore,
    ctx: &mut PaneContext,
    fx: &mut Effects,
) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(t("blob-append-page-new"));
        ui.add(
            egui::TextEdit::singleline(&mut f.new_name)
                .desired_width(140.0)
                .hint_text(t("blob-append-page-name")),
        )
        .labelled_by(label.id);
        ui.radio_value(&mut f.new_page_blob, false, t("blob-append-page-append-blob"));
        ui.radio_value(&mut f.new_page_blob, true, t("blob-append-page-page-blob"));
        if f.new_page_blob {
            let label = ui.label(t("blob-append-page-of-bytes"));
            ui.add(
                egui::DragValue::new(&mut f.page_size)
                    .range(PAGE..=1u64 << 40)
                    .speed(PAGE as f64),
            )
            .labelled_by(label.id);
        }
        let problem = if f.new_name.trim().is_empty() {
            Some(t("blob-append-page-type-name"))
        } else if f.new_page_blob && !f.page_size.is_multiple_of(PAGE) {
            Some(tr!("blob-append-page-not-pages", bytes = f.page_size.to_string()))
        } else {
            None
        };
        let create = ui
            .add_enabled(problem.is_none(), egui::Button::new(t("blob-append-page-create")))
            .on_disabled_hover_text(problem.clone().unwrap_or_default());
        if let Some(p) = problem.filter(|_| !f.new_name.trim().is_empty()) {
            ui.colored_label(ui.visuals().error_fg_color, p);
        }
        if create.clicked() {
            f.create_special_blob(core, ctx, fx);
        }
    });
}

/// An append blob's controls in its details.
pub(super) fn append_ui(pane: &mut AppendPage, ui: &mut egui::Ui, (core, ctx, fx): Parts, blob: &str) {
    let length = core.shown_length(blob);
    ui.strong(t("blob-append-page-append"));
    ui.horizontal(|ui| {
        let label = ui.label(t("blob-append-page-text"));
        ui.add(
            egui::TextEdit::singleline(&mut pane.text.edit)
                .id_salt(("append-text", blob))
                .desired_width(200.0),
        )
        .labelled_by(label.id);
    });
    ui.horizontal_wrapped(|ui| {
        let at = match length {
            Some(l) => tr!("blob-append-page-at-end-position", position = l.to_string()),
            None => t("blob-append-page-at-end"),
        };
        ui.checkbox(&mut pane.at_end_shown, at)
            .on_hover_text(t("blob-append-page-at-end-hint"));
        let label = ui.label(t("blob-append-page-max-size"));
        ui.add(egui::DragValue::new(&mut pane.max_size)).labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        let ready = !pane.text.edit.is_empty() && !pane.is_appending();
        if ui
            .add_enabled(ready, egui::Button::new(t("blob-append-page-append-text")))
            .on_hover_text(t("blob-append-page-append-text-hint"))
            .clicked()
        {
            pane.append_text(core, ctx, fx, blob);
        }
        if ui.button(t("blob-append-page-append-file")).clicked() {
            pane.pick(ctx, Pick::Append(blob.to_string()), "blob-append-page-pick-append");
        }
    });
}

/// A page blob's controls in its details: its ranges as a map and in numbers, and a page write from a file.
pub(super) fn page_ui(pane: &mut AppendPage, ui: &mut egui::Ui, (core, ctx, fx): Parts, blob: &str, size: u64) {
    ui.strong(t("blob-append-page-ranges"));
    let ranges = pane.ranges.as_ref().filter(|(b, _)| b == blob).map(|(_, r)| r.clone());
    match ranges {
        None => {
            ui.weak(t("blob-append-page-reading"));
        }
        Some(ranges) => {
            let (rect, _) =
                ui.allocate_exact_size(egui::vec2(ui.available_width().min(320.0), 14.0), egui::Sense::hover());
            let painter = ui.painter();
            painter.rect_filled(rect, 2.0, ui.visuals().extreme_bg_color);
            for r in &ranges {
                let x = |at: u64| rect.left() + rect.width() * (at as f32 / size.max(1) as f32);
                let fill = egui::Rect::from_min_max(
                    egui::pos2(x(r.start), rect.top()),
                    egui::pos2(x(r.end + 1), rect.bottom()),
                );
                painter.rect_filled(fill, 0.0, ui.visuals().selection.bg_fill);
            }
            let words: Vec<String> = ranges.iter().map(|r| format!("{}–{}", r.start, r.end)).collect();
            let held: u64 = ranges.iter().map(|r| r.end + 1 - r.start).sum();
            let size = size.to_string();
            ui.label(if words.is_empty() {
                tr!("blob-append-page-no-pages", size = size)
            } else {
                tr!(
                    "blob-append-page-held",
                    held = held.to_string(),
                    size = size,
                    ranges = words.join(", ")
                )
            });
        }
    }
    ui.horizontal(|ui| {
        let label = ui.label(t("blob-append-page-offset"));
        ui.add(
            egui::DragValue::new(&mut pane.page_offset)
                .range(0..=size.saturating_sub(PAGE))
                .speed(PAGE as f64),
        )
        .labelled_by(label.id);
        let offset = pane.page_offset;
        let aligned = offset.is_multiple_of(PAGE);
        if ui
            .add_enabled(aligned, egui::Button::new(t("blob-append-page-write-file")))
            .on_hover_text(t("blob-append-page-write-file-hint"))
            .on_disabled_hover_text(t("blob-append-page-offset-aligned"))
            .clicked()
        {
            pane.pick(
                ctx,
                Pick::Pages(blob.to_string(), offset),
                "blob-append-page-pick-pages",
            );
        }
    });
    ui.horizontal(|ui| {
        let label = ui.label(t("blob-append-page-clear-bytes"));
        ui.add(
            egui::DragValue::new(&mut pane.clear_length)
                .range(PAGE..=size.max(PAGE))
                .speed(PAGE as f64),
        )
        .labelled_by(label.id);
        if ui
            .button(t("blob-append-page-clear-pages"))
            .on_hover_text(t("blob-append-page-clear-pages-hint"))
            .clicked()
        {
            pane.ask_clear_pages(core, fx, blob, size);
        }
    });
}
