//! Help > Keyboard shortcuts: the window that lists every key, read from the user guide's own chapter
//! (`docs/guide/keyboard-shortcuts.md`), so the window and the guide can never say different things.

const CHAPTER: &str = include_str!("../../../docs/guide/keyboard-shortcuts.md");

/// One place's keys: its title and (key, what it does) rows.
pub struct Place {
    pub title: String,
    pub keys: Vec<(String, String)>,
}

/// The chapter's tables, read once: the window draws from them every frame it is open.
static PLACES: std::sync::LazyLock<Vec<Place>> = std::sync::LazyLock::new(places);

/// The chapter's tables, place by place (a `## ` heading, then its `| key | what |` rows), markup taken out.
pub fn places() -> Vec<Place> {
    let mut places: Vec<Place> = Vec::new();
    for line in CHAPTER.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            places.push(Place {
                title: title.trim().to_string(),
                keys: Vec::new(),
            });
            continue;
        }
        let Some(row) = line.strip_prefix('|') else { continue };
        let cells: Vec<String> = row.split('|').map(plain).filter(|c| !c.is_empty()).collect();
        // The header row and the |---| line name no key.
        let [key, what] = cells.as_slice() else { continue };
        if key == "Key" || key.starts_with("---") {
            continue;
        }
        if let Some(place) = places.last_mut() {
            place.keys.push((key.clone(), what.clone()));
        }
    }
    places.retain(|p| !p.keys.is_empty());
    places
}

/// A cell as it reads: no bold, no code marks, no links' targets.
fn plain(cell: &str) -> String {
    let mut text = cell.trim().replace("**", "").replace('`', "");
    // [words](target) reads as words.
    while let (Some(open), Some(mid)) = (text.find('['), text.find("](")) {
        let Some(close) = text[mid..].find(')').map(|c| mid + c) else {
            break;
        };
        if open > mid {
            break;
        }
        text = format!("{}{}{}", &text[..open], &text[open + 1..mid], &text[close + 1..]);
    }
    text
}

/// The window; false once the user closed it.
pub fn window(ctx: &egui::Context) -> bool {
    let mut open = true;
    egui::Window::new(crate::app::widgets::i18n::t("shortcuts-title"))
        .open(&mut open)
        .default_size([640.0, 520.0])
        .show(ctx, |ui| {
            ui.label(crate::app::widgets::i18n::t("shortcuts-intro"));
            egui::ScrollArea::vertical().show(ui, |ui| {
                for place in PLACES.iter() {
                    ui.add_space(6.0);
                    ui.strong(&place.title);
                    egui::Grid::new(("shortcuts", &place.title))
                        .striped(true)
                        .show(ui, |ui| {
                            for (key, what) in &place.keys {
                                ui.monospace(key);
                                ui.label(what);
                                ui.end_row();
                            }
                        });
                }
            });
        });
    open
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chapters_tables_read_as_places_and_keys() {
        let places = places();
        let titles: Vec<&str> = places.iter().map(|p| p.title.as_str()).collect();
        assert!(
            titles.contains(&"Everywhere") && titles.contains(&"Blob list"),
            "{titles:?}"
        );
        let everywhere = &places.iter().find(|p| p.title == "Everywhere").unwrap().keys;
        assert!(everywhere.iter().any(|(k, _)| k == "Ctrl+W"), "{everywhere:?}");
        assert!(
            places
                .iter()
                .flat_map(|p| &p.keys)
                .all(|(k, w)| !k.contains("**") && !w.contains("**"))
        );
    }

    #[test]
    fn a_link_reads_as_its_words() {
        assert_eq!(plain(" see [the tree](window.md#the-tree) now "), "see the tree now");
        assert_eq!(plain("**Delete**"), "Delete");
    }
}
