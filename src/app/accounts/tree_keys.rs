//! The tree's keys: the nodes in the order they are drawn, so that Up and Down move the keyboard from node to
//! node as in any tree (egui's own search by direction wanders off to the panel's resize handle).

/// The nodes drawn this frame and in the last, in order.
#[derive(Default)]
pub struct TreeKeys {
    nodes: Vec<egui::Id>,
    last_nodes: Vec<egui::Id>,
}

impl TreeKeys {
    /// A new frame: the nodes drawn in the last are where the keys move.
    pub fn begin(&mut self) {
        self.last_nodes = std::mem::take(&mut self.nodes);
    }

    /// How many nodes were drawn so far this frame.
    pub fn drawn(&self) -> usize {
        self.nodes.len()
    }

    /// A node drawn (an account, a service, a resource), in order: while it has the keyboard, Up and Down move it
    /// to the node above or below, as in any tree (egui's own search by direction wanders off to the panel's
    /// resize handle); Enter opens or unfolds it (egui's own).
    /// `at`: its place among the nodes (a folding node's header comes before its body, drawn first); `level`: how
    /// deep it sits (an account 1, its services 2, their resources 3), which a screen reader says with the node,
    /// as it says whether a folding node is expanded (egui marks that).
    pub fn node(&mut self, at: usize, r: &egui::Response, level: usize) {
        self.nodes.insert(at, r.id);
        r.ctx.accesskit_node_builder(r.id, |node| {
            node.set_role(egui::accesskit::Role::TreeItem);
            node.set_level(level);
        });
        if !r.has_focus() {
            return;
        }
        let arrows = egui::EventFilter {
            vertical_arrows: true,
            ..Default::default()
        };
        r.ctx.memory_mut(|m| m.set_focus_lock_filter(r.id, arrows));
        let step = r.ctx.input_mut(|i| {
            if i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowDown) {
                1
            } else if i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowUp) {
                -1
            } else {
                0
            }
        });
        let at = self.last_nodes.iter().position(|id| *id == r.id);
        let to = at.and_then(|at| at.checked_add_signed(step)).filter(|_| step != 0);
        if let Some(&id) = to.and_then(|to| self.last_nodes.get(to)) {
            r.ctx.memory_mut(|m| m.request_focus(id));
        }
    }
}
