//! Drawing the conflict lab: the scenarios with their explanations and steps, what A and B each hold, the
//! shared timeline of both sides' requests, and free mode's buttons.

use egui::{Color32, RichText};
use egui_extras::{Column, TableBuilder};

use crate::app::context::Backend;
use crate::app::lab::{ConflictLab, Side};
use crate::app::widgets::i18n::{t, tr};

fn side_color(side: Side) -> Color32 {
    match side {
        Side::A => Color32::from_rgb(0x20, 0x70, 0xd0),
        Side::B => Color32::from_rgb(0xc0, 0x50, 0x20),
    }
}

/// Shows the lab window; returns false when the user closed it.
pub fn window(lab: &mut ConflictLab, ctx: &egui::Context, backend: &Backend) -> bool {
    let mut open = true;
    egui::Window::new(tr!("lab-view-window", account = lab.account_label.as_str()))
        .id(egui::Id::unique("conflict-lab"))
        .open(&mut open)
        .default_size([1100.0, 720.0])
        .show(ctx, |ui| {
            egui::Panel::left("lab-scenarios")
                .resizable(true)
                .default_size(420.0)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical().id_salt("lab-left").show(ui, |ui| {
                        // Opened on a resource: its buttons come first, not below the scenario list.
                        if lab.free.target.is_some() {
                            free_ui(lab, ui, backend);
                            ui.separator();
                            scenarios_ui(lab, ui, backend);
                        } else {
                            scenarios_ui(lab, ui, backend);
                            ui.separator();
                            free_ui(lab, ui, backend);
                        }
                    });
                });
            memory_ui(lab, ui);
            ui.separator();
            egui::CollapsingHeader::new(t("lab-view-lease-states"))
                .id_salt("lab-leases")
                .show(ui, |ui| {
                    lab.leases_seen.ui(ui, "lab");
                });
            timeline_ui(lab, ui);
        });
    open
}

fn scenarios_ui(lab: &mut ConflictLab, ui: &mut egui::Ui, backend: &Backend) {
    ui.heading(t("lab-view-scenarios"));
    ui.label(t("lab-view-scenarios-hint"));
    let mut start = None;
    for (i, s) in lab.scenarios.iter().enumerate() {
        if ui.button(tr!("lab-view-set-up", scenario = t(s.name))).clicked() {
            start = Some(i);
        }
    }
    if let Some(i) = start {
        lab.start(backend, i);
    }
    let Some(run) = &lab.run else { return };
    let scenario = &lab.scenarios[run.scenario];
    ui.separator();
    ui.strong(t(scenario.name));
    ui.add(egui::Label::new(t(scenario.explains)).wrap());
    for (i, step) in scenario.steps.iter().enumerate() {
        let who = step.who.map(|s| format!("{}: ", s.name())).unwrap_or_default();
        let marker = if i < run.next {
            t("lab-view-done")
        } else if i == run.next {
            t("lab-view-next")
        } else {
            String::new()
        };
        ui.label(
            RichText::new(format!("{}. {who}{} {marker}", i + 1, t(step.says)))
                .strong()
                .color(match step.who {
                    Some(s) => side_color(s),
                    None => ui.visuals().text_color(),
                }),
        );
    }
    let (busy, done) = (run.busy(), lab.finished());
    let (mut copied, exported) = (false, run.exported);
    let scenarios: &'static [crate::app::lab::scenarios::Scenario] = lab.scenarios;
    let scenario = &scenarios[run.scenario];
    ui.horizontal(|ui| {
        if ui
            .add_enabled(!busy && !done, egui::Button::new(t("lab-view-next-step")))
            .clicked()
        {
            lab.step(backend);
        }
        if ui
            .add_enabled(!busy && !done, egui::Button::new(t("lab-view-play-all")))
            .clicked()
        {
            lab.play(backend);
        }
        // The scenario as a test of the user's own: the same steps and outcomes through Microsoft's SDKs.
        if ui
            .button(t("lab-view-copy"))
            .on_hover_text(if crate::app::lab::scenarios::uses_lens(scenario) {
                t("lab-view-copy-lens-hover")
            } else {
                t("lab-view-copy-hover")
            })
            .clicked()
        {
            ui.ctx().copy_text(crate::app::lab::export::python_test(scenario));
            copied = true;
        }
        // Last in the row: what comes and goes with a step must not move a button under the pointer.
        if busy {
            ui.spinner();
        }
        if done {
            ui.label(t("lab-view-complete"));
        }
    });
    if exported {
        ui.add(egui::Label::new(RichText::new(t("lab-view-copied")).weak()).wrap());
    }
    if copied && let Some(run) = &mut lab.run {
        run.exported = true;
    }
    if let Some(run) = &lab.run {
        for (says, o) in &run.outcomes {
            let (mark, color) = if o.as_expected {
                (t("lab-view-as-expected"), ui.visuals().text_color())
            } else {
                (t("lab-view-unexpected"), ui.visuals().error_fg_color)
            };
            ui.label(RichText::new(format!("[{mark}] {says}: {}", o.text)).color(color));
        }
    }
}

fn memory_ui(lab: &ConflictLab, ui: &mut egui::Ui) {
    let m = lab.env.memory.lock().expect("lab memory").clone();
    ui.columns(2, |cols| {
        for (i, side) in [Side::A, Side::B].into_iter().enumerate() {
            // Columns are justified, which would letter-space a wrapped id across the line; align left instead.
            cols[i].with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                ui.label(
                    RichText::new(tr!("lab-view-client", side = side.name()))
                        .strong()
                        .color(side_color(side)),
                );
                ui.label(tr!("lab-view-etag-held", etag = m.etag[i].as_deref().unwrap_or("-")));
                ui.label(tr!("lab-view-lease-held", id = m.lease[i].as_deref().unwrap_or("-")));
                ui.label(tr!(
                    "lab-view-receipt-held",
                    receipt = m.receipt[i].as_ref().map(|(_, r)| r.as_str()).unwrap_or("-")
                ));
            });
        }
    });
}

fn timeline_ui(lab: &ConflictLab, ui: &mut egui::Ui) {
    ui.strong(tr!("lab-view-timeline", count = lab.timeline.len()));
    ui.style_mut().interaction.selectable_labels = false;
    TableBuilder::new(ui)
        .id_salt("lab-timeline")
        .striped(true)
        .stick_to_bottom(true)
        // Lower bounds, because a window's first (sizing) frame is narrow and would otherwise shrink them for good.
        .column(Column::exact(28.0))
        .column(Column::exact(36.0))
        .column(Column::initial(190.0).at_least(150.0).resizable(true).clip(true))
        .column(Column::exact(60.0))
        .column(Column::initial(220.0).at_least(160.0).resizable(true).clip(true))
        .column(Column::remainder().clip(true))
        .header(18.0, |mut h| {
            crate::app::widgets::column_titles::column_titles(
                &mut h,
                &[
                    "lab-view-col-number",
                    "lab-view-col-who",
                    "lab-view-col-operation",
                    "lab-view-col-method",
                    "lab-view-col-sent",
                    "lab-view-col-came-back",
                ],
            )
        })
        .body(|body| {
            body.rows(18.0, lab.timeline.len(), |mut row| {
                let i = row.index();
                let e = &lab.timeline[i];
                row.col(|ui| {
                    ui.label((i + 1).to_string());
                });
                row.col(|ui| {
                    ui.label(RichText::new(e.side.name()).strong().color(side_color(e.side)));
                });
                row.col(|ui| {
                    ui.label(e.event.operation.to_string());
                });
                row.col(|ui| {
                    ui.label(&e.event.method);
                });
                row.col(|ui| {
                    ui.label(e.conditions()).on_hover_text(e.conditions());
                });
                row.col(|ui| {
                    let failed = e.event.status.is_none_or(|s| s >= 400);
                    let text = RichText::new(e.outcome());
                    ui.label(if failed {
                        text.color(ui.visuals().error_fg_color)
                    } else {
                        text
                    })
                    .on_hover_text(e.outcome());
                });
            });
        });
}

fn free_ui(lab: &mut ConflictLab, ui: &mut egui::Ui, backend: &Backend) {
    ui.heading(t("lab-view-free"));
    let Some(target) = lab.free.target.clone() else {
        ui.label(t("lab-view-free-hint"));
        return;
    };
    ui.label(tr!("lab-view-acts-on", target = target.describe()));
    for side in [Side::A, Side::B] {
        let i = side as usize;
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("{}:", side.name()))
                    .strong()
                    .color(side_color(side)),
            );
            if !matches!(target, crate::app::lab::free::FreeTarget::Queue { .. }) {
                ui.add(
                    egui::TextEdit::singleline(&mut lab.free.value[i])
                        .desired_width(100.0)
                        .hint_text(t("lab-view-value-hint")),
                )
                .accessible_name(tr!("lab-view-value-name", side = side.name()));
            }
            for action in crate::app::lab::free::actions(&target) {
                if ui.button(format!("{} {}", side.name(), action.label())).clicked() {
                    let env = lab.env.clone();
                    lab.free.act(backend, &env, side, *action);
                }
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        let n = lab.free.recorded.len();
        if ui
            .add_enabled(n > 0, egui::Button::new(tr!("lab-view-copy-run", count = n)))
            .on_hover_text(t("lab-view-copy-run-hover"))
            .clicked()
        {
            let py = crate::app::lab::free_export::free_python_test(&target, &lab.free.recorded);
            ui.ctx().copy_text(py);
        }
        if ui
            .add_enabled(n > 0, egui::Button::new(t("lab-view-new-run")))
            .on_hover_text(t("lab-view-new-run-hover"))
            .clicked()
        {
            let env = lab.env.clone();
            lab.free.new_run(&env);
        }
    });
    for (side, r) in lab.free.results.iter().rev().take(12) {
        match r {
            Ok(said) => ui.label(RichText::new(format!("{}: {said}", side.name())).color(side_color(*side))),
            Err(e) => ui.colored_label(
                ui.visuals().error_fg_color,
                format!("{}: {}", side.name(), e.plain_words()),
            ),
        };
    }
}
