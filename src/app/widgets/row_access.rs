//! What a screen reader hears of a list's row: a row, named by what it shows, selected or not, and where it
//! sits in the list ("3 of 120"), so that the rows of a blob list, the entity grid or the peeked messages are
//! heard as rows rather than as loose cells.

/// Marks a row's response (`egui_extras`' `row.response()`) for assistive technology: `cells` are what its
/// columns show, read in order as its name (each cut at 200 characters: a message's whole text is not a name).
pub fn row(response: &egui::Response, cells: &[&str], selected: bool, index: usize, count: usize) {
    let name = cells
        .iter()
        .filter(|c| !c.is_empty())
        .map(|c| c.chars().take(200).collect::<String>())
        .collect::<Vec<_>>()
        .join(", ");
    response.ctx.accesskit_node_builder(response.id, |node| {
        node.set_role(egui::accesskit::Role::Row);
        node.set_label(name);
        node.set_selected(selected);
        node.set_position_in_set(index + 1);
        node.set_size_of_set(count);
    });
}
