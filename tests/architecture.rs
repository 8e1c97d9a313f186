//! The rules of ARCHITECTURE.md that a machine can check, checked on the source itself: the storage client
//! imports nothing from the app; a pane imports only the pane context (which holds the lab's small "open in
//! conflict lab" interface), the widgets, its own folder and the storage client; nothing imports another pane
//! or the frame; the folders' imports form no cycle; no file has more than 600 lines of code before its tests.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const PANES: [&str; 4] = ["table", "blob", "queue", "lab"];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code before a file's test module: tests may reach further than the code they test.
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    match text.find("#[cfg(test)]") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// `app/table/grid.rs` -> "app/table"; `app/mod.rs` -> "app"; `storage/pipeline.rs` -> "storage".
fn folder_of(src: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(src).unwrap();
    let parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    match parts.as_slice() {
        [top, sub, _, ..] if top == "app" || top == "storage" => format!("{top}/{sub}"),
        [top, ..] => top.trim_end_matches(".rs").to_string(),
        [] => String::new(),
    }
}

/// Every `crate::app::x` and `crate::storage::x` a file names, as the folder it points into.
fn imports(code: &str, src: &Path) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for root in ["app", "storage"] {
        let needle = format!("crate::{root}::");
        let mut rest = code;
        while let Some(at) = rest.find(&needle) {
            rest = &rest[at + needle.len()..];
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            let is_folder = src.join(root).join(&name).is_dir();
            found.insert(if is_folder {
                format!("{root}/{name}")
            } else {
                root.to_string()
            });
        }
    }
    found
}

struct Tree {
    src: PathBuf,
    files: Vec<(PathBuf, String)>,
}

fn tree() -> Tree {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    sources(&src, &mut paths);
    paths.sort();
    let files = paths.into_iter().map(|p| {
        let code = code_of(&p);
        (p, code)
    });
    Tree {
        files: files.collect(),
        src,
    }
}

#[test]
fn the_storage_client_imports_nothing_from_the_app() {
    let t = tree();
    for (path, code) in &t.files {
        if folder_of(&t.src, path).starts_with("storage") {
            assert!(!code.contains("crate::app"), "{} imports from the app", path.display());
            assert!(!code.contains("egui"), "{} knows about egui", path.display());
        }
    }
}

#[test]
fn a_pane_imports_only_the_context_the_widgets_its_folder_and_storage() {
    let t = tree();
    for (path, code) in &t.files {
        let folder = folder_of(&t.src, path);
        let Some(pane) = PANES.iter().find(|p| folder == format!("app/{p}")) else {
            continue;
        };
        for import in imports(code, &t.src) {
            let allowed = import.starts_with("storage")
                || import == "app/context"
                || import == "app/widgets"
                || import == format!("app/{pane}");
            assert!(allowed, "{} (the {pane} pane) imports {import}", path.display());
        }
    }
}

#[test]
fn nothing_imports_the_frame_or_another_pane_except_the_frame() {
    let t = tree();
    for (path, code) in &t.files {
        let folder = folder_of(&t.src, path);
        // The fuzz entry points, like main, stand outside the app and reach each parser where it lives.
        if folder == "app/frame" || folder == "app" || folder == "main" || folder == "fuzzing" {
            continue;
        }
        for import in imports(code, &t.src) {
            assert_ne!(import, "app/frame", "{} imports the frame", path.display());
            if let Some(pane) = import.strip_prefix("app/") {
                let foreign = PANES.contains(&pane) && folder != import;
                assert!(!foreign, "{} imports the {pane} pane", path.display());
            }
        }
    }
}

#[test]
fn the_folders_imports_form_no_cycle() {
    let t = tree();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, code) in &t.files {
        let folder = folder_of(&t.src, path);
        for import in imports(code, &t.src) {
            if import != folder {
                graph.entry(folder.clone()).or_default().insert(import);
            }
        }
    }
    // Depth-first search for a way back to where it started.
    for start in graph.keys() {
        let mut stack: Vec<(String, Vec<String>)> = vec![(start.clone(), vec![start.clone()])];
        let mut seen = BTreeSet::new();
        while let Some((at, path)) = stack.pop() {
            for next in graph.get(&at).into_iter().flatten() {
                assert_ne!(next, start, "a cycle: {} -> {next}", path.join(" -> "));
                if seen.insert(next.clone()) {
                    let mut p = path.clone();
                    p.push(next.clone());
                    stack.push((next.clone(), p));
                }
            }
        }
    }
}

#[test]
fn no_file_has_more_than_600_lines_of_code() {
    let t = tree();
    for (path, code) in &t.files {
        let lines = code.lines().count();
        assert!(lines <= 600, "{} has {lines} lines before its tests", path.display());
    }
}
