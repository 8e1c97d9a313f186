//! Drawing the conflict lab: the scenarios with their explanations and steps, what A and B each hold, the
//! shared timeline of both sides' requests, and free mode's buttons.

use egui::{Color32, RichText};
use egui_extras::{Column, TableBuilder};

use crate::app::context::Backend;
use crate::app::lab::{ConflictLab, Side};

fn side_color(side: Side) -> Color32 {
    match side {
        Side::A => Color32::from_rgb(0x20, 0x70, 0xd0),
        Side::B => Color32::from_rgb(0xc0, 0x50, 0x20),
    }
}

/// Shows the lab window; returns false when the user closed it.
pub fn window(lab: &mut ConflictLab, ctx: &egui::Context, backend: &Backend) -> bool {
    let mut open = true;
    egui::Window::new(format!("Conflict lab — {}", lab.account_label))
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
            egui::CollapsingHeader::new("Lease states over time")
                .id_salt("lab-leases")
                .show(ui, |ui| {
                    lab.leases_seen.ui(ui, "lab");
                });
            timeline_ui(lab, ui);
        });
    open
}

fn scenarios_ui(lab: &mut ConflictLab, ui: &mut egui::Ui, backend: &Backend) {
    ui.heading("Ready-made scenarios");
    ui.label("Each runs on fresh resources in this account, with two clients that never retry.");
    let mut start = None;
    for (i, s) in lab.scenarios.iter().enumerate() {
        if ui.button(format!("Set up: {}", s.title)).clicked() {
            start = Some(i);
        }
    }
    if let Some(i) = start {
        lab.start(backend, i);
    }
    let Some(run) = &lab.run else { return };
    let scenario = &lab.scenarios[run.scenario];
    ui.separator();
    ui.strong(scenario.title);
    ui.add(egui::Label::new(scenario.explains).wrap());
    for (i, step) in scenario.steps.iter().enumerate() {
        let who = step.who.map(|s| format!("{}: ", s.name())).unwrap_or_default();
        let marker = if i < run.next {
            "done"
        } else if i == run.next {
            "next"
        } else {
            ""
        };
        ui.label(
            RichText::new(format!("{}. {who}{} {marker}", i + 1, step.says))
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
        if ui.add_enabled(!busy && !done, egui::Button::new("Next step")).clicked() {
            lab.step(backend);
        }
        if ui.add_enabled(!busy && !done, egui::Button::new("Play all")).clicked() {
            lab.play(backend);
        }
        // The scenario as a test of the user's own: the same steps and outcomes through Microsoft's SDKs.
        if ui
            .button("Copy as a Python test")
            .on_hover_text(
                "A pytest test (it also runs as a script) doing these steps through Microsoft's Python SDKs and \
                 asserting these outcomes; the account comes from AZURE_STORAGE_CONNECTION_STRING",
            )
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
            ui.label("Scenario complete.");
        }
    });
    if exported {
        ui.add(
            egui::Label::new(
                RichText::new("Copied: set AZURE_STORAGE_CONNECTION_STRING and run it with pytest or python.").weak(),
            )
            .wrap(),
        );
    }
    if copied && let Some(run) = &mut lab.run {
        run.exported = true;
    }
    if let Some(run) = &lab.run {
        for (says, o) in &run.outcomes {
            let (mark, color) = if o.as_expected {
                ("as expected", ui.visuals().text_color())
            } else {
                ("UNEXPECTED", ui.visuals().error_fg_color)
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
                    RichText::new(format!("Client {}", side.name()))
                        .strong()
                        .color(side_color(side)),
                );
                ui.label(format!("ETag it holds: {}", m.etag[i].as_deref().unwrap_or("-")));
                ui.label(format!("Lease id it holds: {}", m.lease[i].as_deref().unwrap_or("-")));
                ui.label(format!(
                    "Pop receipt it holds: {}",
                    m.receipt[i].as_ref().map(|(_, r)| r.as_str()).unwrap_or("-")
                ));
            });
        }
    });
}

fn timeline_ui(lab: &ConflictLab, ui: &mut egui::Ui) {
    ui.strong(format!(
        "Timeline: every request of A and B, in order ({})",
        lab.timeline.len()
    ));
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
            for t in [
                "#",
                "Who",
                "Operation",
                "Method",
                "Sent (If-Match, lease, receipt)",
                "Came back",
            ] {
                h.col(|ui| {
                    ui.strong(t);
                });
            }
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
                    ui.label(&e.event.operation);
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
    ui.heading("Free mode");
    let Some(target) = lab.free.target.clone() else {
        ui.label("Pick an entity, blob or queue in its pane and choose “Open in conflict lab”; then A and B act on it by hand.");
        return;
    };
    ui.label(format!("A and B act on the {}.", target.describe()));
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
                        .hint_text("value to write"),
                )
                .accessible_name(format!("Value {} writes", side.name()));
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
            .add_enabled(
                n > 0,
                egui::Button::new(format!(
                    "Copy this run as a Python test ({n} step{})",
                    if n == 1 { "" } else { "s" }
                )),
            )
            .on_hover_text(
                "A pytest test (it also runs as a script) doing these steps in this order through Microsoft's \
                 Python SDKs and asserting what the service said; the account comes from \
                 AZURE_STORAGE_CONNECTION_STRING",
            )
            .clicked()
        {
            let py = crate::app::lab::free_export::free_python_test(&target, &lab.free.recorded);
            ui.ctx().copy_text(py);
        }
        if ui
            .add_enabled(n > 0, egui::Button::new("Start a new run"))
            .on_hover_text("Forgets the steps so far and what A and B hold (ETags, leases, receipts)")
            .clicked()
        {
            let env = lab.env.clone();
            lab.free.new_run(&env);
        }
    });
    for (side, r) in lab.free.results.iter().rev().take(12) {
        match r {
            Ok(t) => ui.label(RichText::new(format!("{}: {t}", side.name())).color(side_color(*side))),
            Err(e) => ui.colored_label(
                ui.visuals().error_fg_color,
                format!("{}: {}", side.name(), e.plain_words()),
            ),
        };
    }
}
