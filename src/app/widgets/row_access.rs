//! What a screen reader hears of a list's row: a row, named by what it shows, selected or not, and where it
//! sits in the list ("3 of 120"), so that the rows of a blob list, the entity grid or the peeked messages are
//! heard as rows rather than as loose cells.

/// Marks a row's response (`egui_extras`' `row.response()`) for assistive technology: `cells` gives what its
/// columns show, read in order as its name (each cut at 200 characters: a message's whole text is not a name).
/// `cells` runs only while assistive technology listens: without it, a frame of rows builds no names.
pub fn row(response: &egui::Response, selected: bool, index: usize, count: usize, cells: impl FnOnce() -> Vec<String>) {
    response.ctx.accesskit_node_builder(response.id, |node| {
        let name = cells()
            .iter()
            .filter(|c| !c.is_empty())
            .map(|c| c.chars().take(200).collect::<String>())
            .collect::<Vec<_>>()
            .join(", ");
        node.set_role(egui::accesskit::Role::Row);
        node.set_label(name);
        node.set_selected(selected);
        node.set_position_in_set(index + 1);
        node.set_size_of_set(count);
    });
}
