//! Append and page blobs in a container tab: creating either, appending text or a file (only at the end the
//! user saw, and below a size, when asked), writing a file's pages at an offset, and the page ranges as a map.

use std::path::PathBuf;

use bytes::Bytes;

use crate::app::blob::pane::{BlobPane, DialogFor, OpDone};
use crate::app::context::{PaneContext, ReplyFor, take_for};
use crate::storage::StorageError;
use crate::storage::blob::{AppendConditions, Conditions, PAGE, PageRange};

/// What the New blob row and the append and page controls hold as typed.
pub struct AppendPage {
    pub new_name: String,
    pub new_page_blob: bool,
    pub page_size: u64,
    pub text: String,
    /// Append only if the blob is still the length shown (x-ms-blob-condition-appendpos).
    pub at_end_shown: bool,
    /// Refuse an append that would grow the blob past this many bytes (0: no limit).
    pub max_size: u64,
    pub page_offset: u64,
    reading: Option<ReplyFor<String, Result<Vec<PageRange>, StorageError>>>,
    /// A page blob's ranges, by blob, as last read.
    pub ranges: Option<(String, Vec<PageRange>)>,
}

impl Default for AppendPage {
    fn default() -> Self {
        AppendPage {
            new_name: String::new(),
            new_page_blob: false,
            page_size: 8 * PAGE,
            text: String::new(),
            at_end_shown: true,
            max_size: 0,
            page_offset: 0,
            reading: None,
            ranges: None,
        }
    }
}

fn append_conditions(at: Option<u64>, max_size: u64) -> AppendConditions {
    AppendConditions {
        position: at,
        max_size: (max_size > 0).then_some(max_size),
    }
}

impl BlobPane {
    /// Creates an empty append blob, or a page blob of the size typed, in the folder shown (never over a blob
    /// already there).
    pub fn create_special_blob(&mut self, ctx: &mut PaneContext) {
        let f = &self.append_page;
        let name = format!("{}{}", self.prefix, f.new_name.trim());
        let (page, size) = (f.new_page_blob, f.page_size);
        let (client, container, name) = self.owned(ctx, &name);
        self.run(ctx, async move {
            let only_new = Conditions::create_only();
            let r = if page {
                client.create_page_blob(&container, &name, size, &only_new).await
            } else {
                client.create_append_blob(&container, &name, &only_new).await
            };
            let what = if page {
                format!("page blob of {size} bytes")
            } else {
                "append blob".into()
            };
            OpDone {
                message: r.map(|_| format!("Created {what} `{name}`")),
                lease: None,
            }
        });
        self.append_page.new_name.clear();
    }

    /// The length the details show for a blob (the append position "at the end shown").
    fn shown_length(&self, blob: &str) -> Option<u64> {
        self.details
            .as_ref()
            .filter(|d| d.name == blob)
            .and_then(|d| d.props.as_ref())
            .map(|p| p.content_length)
    }

    /// Appends the text typed as one block.
    pub fn append_text(&mut self, ctx: &mut PaneContext, blob: &str) {
        let data = Bytes::from(self.append_page.text.clone().into_bytes());
        self.append_bytes(ctx, blob, AppendFrom::Text(data));
        self.append_page.text.clear();
    }

    /// Appends a file, in blocks of up to 4 MiB, each at the position the one before ended.
    pub fn append_file(&mut self, ctx: &mut PaneContext, blob: &str, file: PathBuf) {
        self.append_bytes(ctx, blob, AppendFrom::File(file));
    }

    fn append_bytes(&mut self, ctx: &mut PaneContext, blob: &str, from: AppendFrom) {
        let at = if self.append_page.at_end_shown {
            match self.shown_length(blob) {
                Some(len) => Some(len),
                None => {
                    self.message = Some(Err(StorageError::invalid(
                        "Append",
                        "The blob's length is still loading: append once it shows (or untick \"only at the end shown\").",
                    )));
                    return;
                }
            }
        } else {
            None
        };
        let max = self.append_page.max_size;
        let lease = ctx.leases.id_for_write(&self.key(Some(blob)));
        let (client, container, name) = self.owned(ctx, blob);
        self.run(ctx, async move {
            let data = match from {
                AppendFrom::Text(d) => d,
                AppendFrom::File(path) => match tokio::fs::read(&path).await {
                    Ok(d) => Bytes::from(d),
                    Err(e) => {
                        return OpDone {
                            message: Err(StorageError::io("Append a file", &e)),
                            lease: None,
                        };
                    }
                },
            };
            let (mut at, mut appended, mut first, mut blocks) = (at, 0u64, None, 0);
            for block in data.chunks(crate::storage::blob::append_page::MAX_APPEND) {
                let conditions = Conditions::none().with_lease(lease.clone());
                match client
                    .append_block(
                        &container,
                        &name,
                        data.slice_ref(block),
                        &conditions,
                        append_conditions(at, max),
                    )
                    .await
                {
                    Ok(a) => {
                        appended += block.len() as u64;
                        at = at.map(|_| a.offset + block.len() as u64);
                        first = first.or(Some(a.offset));
                        blocks = a.blocks;
                    }
                    Err(e) => {
                        return OpDone {
                            message: Err(e),
                            lease: None,
                        };
                    }
                }
            }
            OpDone {
                message: Ok(match first {
                    Some(offset) => {
                        format!(
                            "Appended {appended} bytes to `{name}` at offset {offset}; it holds {blocks} block(s) now"
                        )
                    }
                    None => format!("Nothing to append to `{name}`"),
                }),
                lease: None,
            }
        });
    }

    /// Writes a file's pages at `offset` (the file's length must be a multiple of 512).
    pub fn write_pages(&mut self, ctx: &mut PaneContext, blob: &str, offset: u64, file: PathBuf) {
        let lease = ctx.leases.id_for_write(&self.key(Some(blob)));
        let (client, container, name) = self.owned(ctx, blob);
        self.run(ctx, async move {
            let message = async {
                let data = tokio::fs::read(&file)
                    .await
                    .map_err(|e| StorageError::io("Write pages", &e))?;
                let data = Bytes::from(data);
                let mut at = offset;
                for chunk in data.chunks(crate::storage::blob::append_page::MAX_APPEND) {
                    let conditions = Conditions::none().with_lease(lease.clone());
                    client
                        .put_pages(&container, &name, at, data.slice_ref(chunk), &conditions)
                        .await?;
                    at += chunk.len() as u64;
                }
                Ok(format!(
                    "Wrote {} bytes of pages into `{name}` at offset {offset}",
                    data.len()
                ))
            }
            .await;
            OpDone { message, lease: None }
        });
    }

    /// Reads a page blob's ranges for the map (with its properties: a refresh re-reads them).
    pub(super) fn read_page_ranges(&mut self, ctx: &mut PaneContext, blob: &str) {
        let (client, container, name) = self.owned(ctx, blob);
        let pending = ctx
            .backend
            .spawn(async move { client.get_page_ranges(&container, &name).await });
        self.append_page.reading = Some(ReplyFor::new(blob.to_string(), pending));
    }

    pub(super) fn poll_page_ranges(&mut self) {
        let shown = self.details.as_ref().map(|d| d.name.clone());
        // Ranges read for a blob no longer shown land nowhere.
        if let Some((blob, result)) = take_for(&mut self.append_page.reading, |b| Some(b) == shown.as_ref()) {
            match result {
                Ok(ranges) => self.append_page.ranges = Some((blob, ranges)),
                Err(e) => self.message = Some(Err(e)),
            }
        }
    }
}

enum AppendFrom {
    Text(Bytes),
    File(PathBuf),
}

/// The New blob part of the clipboard row: an append blob, or a page blob of a size.
pub fn create_ui(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext) {
    ui.horizontal_wrapped(|ui| {
        let f = &mut pane.append_page;
        let label = ui.label("New blob:");
        ui.add(
            egui::TextEdit::singleline(&mut f.new_name)
                .desired_width(140.0)
                .hint_text("name"),
        )
        .labelled_by(label.id);
        ui.radio_value(&mut f.new_page_blob, false, "append blob");
        ui.radio_value(&mut f.new_page_blob, true, "page blob");
        if f.new_page_blob {
            let label = ui.label("of bytes:");
            ui.add(
                egui::DragValue::new(&mut f.page_size)
                    .range(PAGE..=1u64 << 40)
                    .speed(PAGE as f64),
            )
            .labelled_by(label.id);
        }
        let problem = if f.new_name.trim().is_empty() {
            Some("Type the new blob's name".to_string())
        } else if f.new_page_blob && !f.page_size.is_multiple_of(PAGE) {
            Some(format!(
                "A page blob's size is a multiple of 512 bytes; {} is not",
                f.page_size
            ))
        } else {
            None
        };
        let create = ui
            .add_enabled(problem.is_none(), egui::Button::new("Create blob"))
            .on_disabled_hover_text(problem.clone().unwrap_or_default());
        if let Some(p) = problem.filter(|_| !f.new_name.trim().is_empty()) {
            ui.colored_label(ui.visuals().error_fg_color, p);
        }
        if create.clicked() {
            pane.create_special_blob(ctx);
        }
    });
}

/// An append blob's controls in its details.
pub fn append_ui(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext, blob: &str) {
    let length = pane.shown_length(blob);
    ui.strong("Append");
    ui.horizontal(|ui| {
        let label = ui.label("Text to append:");
        ui.add(
            egui::TextEdit::singleline(&mut pane.append_page.text)
                .id_salt(("append-text", blob))
                .desired_width(200.0),
        )
        .labelled_by(label.id);
    });
    ui.horizontal_wrapped(|ui| {
        let at = length.map(|l| format!(" (position {l})")).unwrap_or_default();
        ui.checkbox(&mut pane.append_page.at_end_shown, format!("only at the end shown{at}"))
            .on_hover_text("x-ms-blob-condition-appendpos: refused (412) if someone appended since");
        let label = ui.label("max size (0: none):");
        ui.add(egui::DragValue::new(&mut pane.append_page.max_size))
            .labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        if ui
            .add_enabled(!pane.append_page.text.is_empty(), egui::Button::new("Append text"))
            .clicked()
        {
            pane.append_text(ctx, blob);
        }
        if ui.button("Append a file…").clicked() {
            pane.ask(ctx, DialogFor::AppendFile(blob.to_string()));
        }
    });
}

/// A page blob's controls in its details: its ranges as a map and in numbers, and a page write from a file.
pub fn page_ui(pane: &mut BlobPane, ui: &mut egui::Ui, ctx: &mut PaneContext, blob: &str, size: u64) {
    ui.strong("Page ranges");
    let ranges = pane
        .append_page
        .ranges
        .as_ref()
        .filter(|(b, _)| b == blob)
        .map(|(_, r)| r.clone());
    match ranges {
        None => {
            ui.weak("reading…");
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
            ui.label(if words.is_empty() {
                format!("No pages written: all {size} bytes are zeros.")
            } else {
                format!("{} of {size} bytes hold data: {}", held, words.join(", "))
            });
        }
    }
    ui.horizontal(|ui| {
        let label = ui.label("Write at offset:");
        ui.add(
            egui::DragValue::new(&mut pane.append_page.page_offset)
                .range(0..=size.saturating_sub(PAGE))
                .speed(PAGE as f64),
        )
        .labelled_by(label.id);
        let offset = pane.append_page.page_offset;
        let aligned = offset.is_multiple_of(PAGE);
        if ui
            .add_enabled(aligned, egui::Button::new("Write pages from a file…"))
            .on_disabled_hover_text("The offset is a multiple of 512")
            .clicked()
        {
            pane.ask(ctx, DialogFor::WritePages(blob.to_string(), offset));
        }
    });
}
