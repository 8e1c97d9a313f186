//! The New container/queue/table dialog the tree's service menu opens: the name, checked by the service's rules
//! as it is typed (and, for a container, its public access).

use crate::app::accounts::tree::{Explorer, TabTarget, TreeAction};
use crate::app::widgets::i18n::t;
use crate::storage::Service;
use crate::storage::blob::PublicAccess;

impl Explorer {
    /// The New container/queue/table dialog: the name, checked by the service's rules as it is typed (and, for
    /// a container, its public access); Create sends it, Cancel or Escape closes.
    pub(crate) fn create_dialog(&mut self, egui_ctx: &egui::Context, service: Service, actions: &mut Vec<TreeAction>) {
        let kind = service.resource();
        let [title, hint, named, create] = match service {
            Service::Blob => [
                "create-container-title",
                "create-container-hint",
                "create-container-name",
                "create-container",
            ],
            Service::Queue => [
                "create-queue-title",
                "create-queue-hint",
                "create-queue-name",
                "create-queue",
            ],
            Service::Table => [
                "create-table-title",
                "create-table-hint",
                "create-table-name",
                "create-table",
            ],
        };
        let Some(((profile_id, _), name)) = &mut self.creating else {
            return;
        };
        let mut open = true;
        let mut done = false;
        egui::Window::new(t(title))
            .id(egui::Id::unique(("create-resource", &*profile_id, kind)))
            .collapsible(false)
            .resizable(false)
            .open(&mut open)
            .show(egui_ctx, |ui| {
                let check = check_new_name(service, name.trim());
                let edit = ui
                    .add(egui::TextEdit::singleline(name).desired_width(240.0).hint_text(t(hint)))
                    .accessible_name(t(named));
                // Asked until it holds: a window's first frame only measures its contents.
                if self.focus_new {
                    if edit.has_focus() {
                        self.focus_new = false;
                    } else {
                        edit.request_focus();
                    }
                }
                let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if service == Service::Blob {
                    egui::ComboBox::from_label(t("create-public-access"))
                        .selected_text(t(access_message(self.new_access)))
                        .show_ui(ui, |ui| {
                            for level in [PublicAccess::None, PublicAccess::Blob, PublicAccess::Container] {
                                let words = t(access_message(level));
                                ui.selectable_value(&mut self.new_access, level, words);
                            }
                        });
                }
                if let (false, Err(why)) = (name.trim().is_empty(), &check) {
                    ui.colored_label(ui.visuals().error_fg_color, why);
                }
                let ok = !name.trim().is_empty() && check.is_ok();
                ui.horizontal(|ui| {
                    if ui.add_enabled(ok, egui::Button::new(t(create))).clicked() || (enter && ok) {
                        let target = TabTarget {
                            profile_id: profile_id.clone(),
                            service,
                            name: name.trim().to_string(),
                        };
                        actions.push(TreeAction::Create(target, self.new_access));
                        done = true;
                    }
                    if ui.button(t("editor-cancel")).clicked() {
                        done = true;
                    }
                });
            });
        if done || !open || egui_ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            self.creating = None;
        }
    }
}

/// The message naming a public access level.
fn access_message(level: PublicAccess) -> &'static str {
    match level {
        PublicAccess::None => "access-private",
        PublicAccess::Blob => "access-blob",
        PublicAccess::Container => "access-container",
    }
}

/// Checks a new resource's name by the service's rules, so a bad one never leaves the app.
pub fn check_new_name(service: Service, name: &str) -> Result<(), String> {
    use crate::storage::{validate_container_name, validate_queue_name, validate_table_name};
    match service {
        Service::Blob => validate_container_name(name),
        Service::Queue => validate_queue_name(name),
        Service::Table => validate_table_name(name),
    }
    .map_err(|e| e.to_string())
}
