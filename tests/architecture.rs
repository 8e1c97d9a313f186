//! The rules of ARCHITECTURE.md that a machine can check, checked on the source itself: the storage client
//! (its own crate, crates/storage, which the compiler keeps from reaching into the app) depends on no UI and no
//! languages; a pane imports only the pane context (which holds the lab's small "open in
//! conflict lab" interface), the widgets, its own folder and the storage client; nothing imports another pane
//! or the frame; the folders' imports form no cycle; no file has more than 600 lines of code before its tests.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const PANES: [&str; 4] = ["table", "blob", "queue", "lab"];

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

/// Every module path a file names (`crate::app::x::…`), then (`imports`) as the folder it points into: `crate::app::x::…`, grouped
/// (`crate::{app::x, storage::y}`, `crate::app::{x, y::z}`) and relative (`super::x`, `super::super::y`), resolved
/// from the file's own module (`path`, under `src`).
fn module_paths(code: &str, src: &Path, path: &Path) -> Vec<Vec<String>> {
    let module = module_of(src, path);
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(['c', 's']) {
        let here = &rest[at..];
        let before = code.len() - rest.len() + at;
        // Only whole words: `crate::` or `super::` not inside a longer name.
        let whole = before == 0 || !code[..before].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        let (base, tail) = if whole && here.starts_with("crate::") {
            (Vec::new(), &here["crate::".len()..])
        } else if whole && here.starts_with("super::") {
            let mut base = module.clone();
            let mut tail = here;
            while let Some(t) = tail.strip_prefix("super::") {
                base.pop();
                tail = t;
            }
            (base, tail)
        } else {
            rest = &here[1..];
            continue;
        };
        let (paths, used) = use_tree(tail);
        for p in paths {
            found.push(base.iter().cloned().chain(p).collect());
        }
        rest = &tail[used.max(1)..];
    }
    found
}

fn imports(code: &str, src: &Path, path: &Path) -> BTreeSet<String> {
    module_paths(code, src, path)
        .iter()
        .filter_map(|m| folder_of_module(src, m))
        .collect()
}

/// The files of the crate a file's imports point into (the longest module path that is a file).
fn file_imports(code: &str, src: &Path, path: &Path) -> BTreeSet<PathBuf> {
    let mut found = BTreeSet::new();
    for module in module_paths(code, src, path) {
        for n in (1..=module.len()).rev() {
            let base = src.join(module[..n].join("/"));
            let file = base.with_extension("rs");
            if file.is_file() {
                found.insert(file);
                break;
            }
            if base.join("mod.rs").is_file() {
                found.insert(base.join("mod.rs"));
                break;
            }
        }
    }
    found
}

/// The paths a use tree names (`a::b`, `{a, b::{c, d}}`), and how many bytes it took.
fn use_tree(s: &str) -> (Vec<Vec<String>>, usize) {
    if let Some(inner) = s.strip_prefix('{') {
        let mut paths = Vec::new();
        let mut used = 1;
        let mut rest = inner;
        loop {
            let trimmed = rest.trim_start();
            used += rest.len() - trimmed.len();
            rest = trimmed;
            if let Some(r) = rest.strip_prefix('}') {
                return (paths, used + 1 + (rest.len() - r.len() - 1));
            }
            if rest.is_empty() {
                return (paths, used);
            }
            let (mut more, n) = use_tree(rest);
            paths.append(&mut more);
            rest = &rest[n..];
            used += n;
            // `name as alias`, and the spaces around it, before the comma or the brace.
            let skipped = skip_alias(rest);
            rest = &rest[skipped..];
            used += skipped;
            if let Some(r) = rest.strip_prefix(',') {
                rest = r;
                used += 1;
            } else if !rest.trim_start().starts_with('}') {
                return (paths, used);
            }
        }
    }
    let name: String = s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    if name.is_empty() {
        return (Vec::new(), 0);
    }
    let after = &s[name.len()..];
    match after.strip_prefix("::") {
        Some(next) => {
            let (paths, n) = use_tree(next);
            let paths = if paths.is_empty() { vec![vec![]] } else { paths };
            let paths = paths
                .into_iter()
                .map(|p| std::iter::once(name.clone()).chain(p).collect())
                .collect();
            (paths, name.len() + 2 + n)
        }
        None => (vec![vec![name.clone()]], name.len()),
    }
}

/// How many bytes of spaces and an `as alias` start `s`.
fn skip_alias(s: &str) -> usize {
    let trimmed = s.trim_start();
    let mut used = s.len() - trimmed.len();
    if let Some(after) = trimmed.strip_prefix("as ") {
        let name = after.trim_start();
        let len = name.chars().take_while(|c| c.is_alphanumeric() || *c == '_').count();
        let rest = &name[len..];
        used += 3 + (after.len() - name.len()) + len + (rest.len() - rest.trim_start().len());
    }
    used
}

/// `app/table/grid.rs` -> [app, table, grid]; `app/table/mod.rs` -> [app, table]; `lib.rs` -> [].
fn module_of(src: &Path, path: &Path) -> Vec<String> {
    let rel = path.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap_or_default();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" && stem != "main" {
        parts.push(stem.to_string());
    }
    parts
}

/// The folder a module path points into, for `app` and `storage` ones: `app/x` when `src/app/x` is a folder,
/// else `app`.
fn folder_of_module(src: &Path, module: &[String]) -> Option<String> {
    let root = module.first().filter(|r| *r == "app" || *r == "storage")?;
    Some(match module.get(1) {
        Some(name) if src.join(root).join(name).is_dir() => format!("{root}/{name}"),
        _ => root.clone(),
    })
}

struct Tree {
    src: PathBuf,
    files: Vec<(PathBuf, String)>,
}

/// The app's package (`src/`).
fn tree() -> Tree {
    tree_at(Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

/// The storage client's crate (`crates/storage/src/`).
fn client_tree() -> Tree {
    tree_at(Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/storage/src"))
}

fn tree_at(src: PathBuf) -> Tree {
    let paths = common::rust_files(&src);
    let files = paths.into_iter().map(|p| {
        let code = code_of(&p);
        (p, code)
    });
    Tree {
        files: files.collect(),
        src,
    }
}

/// The client is a crate of its own: the compiler keeps it from naming the app (the app is not among its
/// dependencies), and what it depends on is read from cargo: no UI, no languages, not the app.
#[test]
fn the_storage_client_depends_on_no_ui_no_languages_and_not_the_app() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args([
            "tree",
            "--offline",
            "--locked",
            "-p",
            "tessera-storage",
            "-e",
            "normal,build,dev",
        ])
        .args(["--prefix", "none", "--format", "{p}"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let tree = String::from_utf8(out.stdout).unwrap();
    let names: BTreeSet<&str> = tree.lines().filter_map(|l| l.split_whitespace().next()).collect();
    assert!(
        names.contains("tessera-storage") && names.contains("reqwest"),
        "{names:?}"
    );
    for name in &names {
        let ui_or_words = [
            "egui",
            "eframe",
            "epaint",
            "winit",
            "wgpu",
            "fluent",
            "intl",
            "unic-langid",
        ];
        assert!(
            *name != "tessera" && !ui_or_words.iter().any(|w| name.starts_with(w)),
            "the storage client depends on {name}"
        );
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
        for import in imports(code, &t.src, path) {
            // The lab puts its side A behind a lens (`crate::lens`, like the storage client an engine without UI).
            let allowed = import.starts_with("storage")
                || (*pane == "lab" && import == "lens")
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
        for import in imports(code, &t.src, path) {
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
        for import in imports(code, &t.src, path) {
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
    for t in [tree(), client_tree()] {
        assert!(t.files.len() > 50, "{} is read", t.src.display());
        for (path, code) in &t.files {
            let lines = code.lines().count();
            assert!(lines <= 600, "{} has {lines} lines before its tests", path.display());
        }
    }
}

#[test]
fn imports_are_followed_through_groups_and_super() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let file = src.join("app/table/grid.rs");
    let code = "use crate::{app::{blob::pane::BlobPane as Pane, context::Pending}, storage::Client};\n\
                use super::super::queue::pane::QueuePane;\nuse super::store::EntityStore;\n\
                use crate::app::frame::tabs::Tab;";
    let found: Vec<String> = imports(code, &src, &file).into_iter().collect();
    assert_eq!(
        found,
        [
            "app/blob",
            "app/context",
            "app/frame",
            "app/queue",
            "app/table",
            "storage"
        ],
        "each import's folder, grouped or relative"
    );
}

/// The files of each folder that import each other in a loop (the strongly connected parts of the folder's own
/// import graph, more than one file each), largest first.
fn circles(t: &Tree) -> Vec<(String, Vec<String>)> {
    let mut graph: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    for (path, code) in &t.files {
        let here = path.parent().unwrap();
        let mine = file_imports(code, &t.src, path)
            .into_iter()
            .filter(|f| f != path && f.parent() == Some(here) && !f.ends_with("mod.rs"));
        graph.insert(path.clone(), mine.collect());
    }
    let reach = |from: &PathBuf| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(at) = stack.pop() {
            for next in graph.get(&at).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&PathBuf, BTreeSet<PathBuf>> = graph.keys().map(|f| (f, reach(f))).collect();
    let mut done = BTreeSet::new();
    let mut found = Vec::new();
    for (file, from_it) in &reaches {
        if done.contains(*file) || !from_it.contains(*file) {
            continue;
        }
        let circle: Vec<&PathBuf> = from_it.iter().filter(|g| reaches[g].contains(*file)).collect();
        done.extend(circle.iter().map(|g| (*g).clone()));
        let folder = file
            .parent()
            .unwrap()
            .strip_prefix(&t.src)
            .unwrap()
            .display()
            .to_string();
        let names = circle
            .iter()
            .map(|g| g.file_name().unwrap().to_string_lossy().into_owned());
        found.push((folder, names.collect::<Vec<_>>()));
    }
    found.sort_by_key(|(_, files)| std::cmp::Reverse(files.len()));
    found
}

#[test]
fn no_import_circle_in_a_folder_is_larger_than_three_files() {
    let t = tree();
    let mut found = circles(&t);
    // The client's folders too (`crate::x` there is its own crate's module).
    let client = client_tree();
    found.extend(circles(&client).into_iter().map(|(f, c)| (format!("storage/{f}"), c)));
    assert!(
        !found.is_empty(),
        "circles are looked for (the frame's app and shell form one)"
    );
    for (folder, files) in &found {
        assert!(
            files.len() <= 3,
            "{folder}: {} files import each other in a loop ({}); at most 3",
            files.len(),
            files.join(", ")
        );
    }
    // The blob folder, rebuilt as a core and features, holds to the rule itself.
    let blob = found
        .iter()
        .filter(|(f, _)| f == "app/blob")
        .map(|(_, c)| c.len())
        .max();
    assert!(blob.unwrap_or(0) <= 3, "{found:?}");
}

#[test]
fn circles_are_found_as_the_files_that_reach_each_other() {
    let t = tree();
    let found = circles(&t);
    // The frame's app and shell call each other (the window draws the app; the app lays out the window).
    let frame = found
        .iter()
        .find(|(f, _)| f == "app/frame")
        .expect("the frame's circle");
    assert!(
        frame.1.contains(&"app.rs".to_string()) && frame.1.contains(&"shell.rs".to_string()),
        "{frame:?}"
    );
}

/// The files that make up a container tab itself (its core, its listing, its drawing, what the frame asks of it
/// in `tab.rs`); every other file of the
/// blob folder is a feature or what features share.
const BLOB_PANE_FILES: [&str; 9] = [
    "pane.rs",
    "tab.rs",
    "listing.rs",
    "view.rs",
    "path_bar.rs",
    "drag_drop.rs",
    "details.rs",
    "details_read.rs",
    "snapshot_rows.rs",
];

/// The files of the queue folder that are the pane itself (its core and drawing, what the frame asks of it).
const QUEUE_PANE_FILES: [&str; 3] = ["pane.rs", "view.rs", "tab.rs"];

/// The files of the table folder that are the pane itself: its state, drawing (the grid, the details panel),
/// loading, the rows the editor saved, what a watch read swaps in, and what the frame asks of it.
const TABLE_PANE_FILES: [&str; 7] = [
    "pane.rs",
    "tab.rs",
    "grid.rs",
    "details.rs",
    "load_all.rs",
    "saved_rows.rs",
    "watch_swap.rs",
];

#[test]
fn a_feature_never_names_its_panes_type() {
    let t = tree();
    for (folder, pane, own, at_least) in [
        ("app/blob", "BlobPane", &BLOB_PANE_FILES[..], 20),
        ("app/queue", "QueuePane", &QUEUE_PANE_FILES[..], 8),
        ("app/table", "TablePane", &TABLE_PANE_FILES[..], 20),
    ] {
        let dir = t.src.join(folder);
        let mut features = 0;
        let in_features = dir.join("features");
        for (path, code) in &t.files {
            if path.parent() != Some(dir.as_path()) && path.parent() != Some(in_features.as_path()) {
                continue;
            }
            let name = path.file_name().unwrap().to_string_lossy();
            if own.contains(&name.as_ref()) || name == "mod.rs" {
                continue;
            }
            features += 1;
            assert!(!code.contains(pane), "{} names the pane's type", path.display());
        }
        assert!(
            features > at_least,
            "the features of {folder} were looked at ({features})"
        );
    }
}

/// Every feature has one shape: what every feature has (`context::feature::Feature`: poll, unsaved, busy,
/// sending, save_all, windows) is one trait, which each pane's feature trait extends with its own hooks (so the
/// compiler makes every feature implement it once), and the union over a pane's features is written once, in
/// `context/feature.rs`: no pane walks its features for those hooks itself.
#[test]
fn every_feature_has_one_shape_and_its_union_is_written_once() {
    const HOOKS: [&str; 6] = ["poll", "unsaved", "busy", "sending", "save_all", "windows"];
    let t = tree();
    let code_at = |rel: &str| {
        let path = t.src.join(rel);
        t.files
            .iter()
            .find(|(p, _)| *p == path)
            .map(|(_, c)| c.clone())
            .unwrap()
    };
    let shape = code_at("app/context/feature.rs");
    for hook in HOOKS {
        assert!(shape.contains(&format!("    fn {hook}(")), "Feature declares {hook}");
    }
    for (file, name, kind) in [
        ("app/blob/feature.rs", "BlobFeature", "Blob"),
        ("app/queue/feature.rs", "QueueFeature", "Queue"),
        ("app/table/feature.rs", "TableFeature", "Table"),
    ] {
        let code = code_at(file);
        let head = format!("pub trait {name}: Feature<Pane = {kind}> {{");
        let body = code
            .split(&head)
            .nth(1)
            .unwrap_or_else(|| panic!("{file}: {name} extends Feature"));
        let body = &body[..body.find("\n}\n").unwrap()];
        for hook in HOOKS {
            assert!(!body.contains(&format!("fn {hook}(")), "{name} declares {hook} again");
        }
    }
    let mut looked = 0;
    for (path, code) in &t.files {
        let rel = path.strip_prefix(&t.src).unwrap().to_string_lossy().replace('\\', "/");
        if !["app/blob/", "app/queue/", "app/table/"]
            .iter()
            .any(|d| rel.starts_with(d))
        {
            continue;
        }
        looked += 1;
        for hook in HOOKS {
            let call = format!("f.{hook}(");
            for (at, _) in code.match_indices(&call) {
                let before = code[..at].chars().next_back().unwrap_or(' ');
                assert!(
                    before.is_alphanumeric() || before == '_',
                    "{rel} walks its features for {hook} itself (the union is Features::{hook}, context/feature.rs)"
                );
            }
        }
    }
    assert!(looked > 60, "the pane folders were looked at ({looked})");
}

/// A feature's effects are an ordered list of commands (`context::commands::Commands`, as rerun's
/// `SystemCommand`): each pane's effects struct holds the list and nothing else, so no pane's `apply` can read the
/// asks field by field in an order of its own; each pane's `apply` walks the list as asked (`in_order`, which only
/// collapses the asks to read again into one, last), and nothing else reads it.
#[test]
fn a_features_effects_are_commands_applied_in_the_order_asked() {
    let t = tree();
    let code_at = |rel: &str| {
        let path = t.src.join(rel);
        let found = t.files.iter().find(|(p, _)| *p == path);
        found.map(|(_, c)| c.clone()).unwrap_or_else(|| panic!("{rel} is read"))
    };
    for (file, effects, command, pane) in [
        ("app/blob/feature.rs", "Effects", "BlobCommand", "app/blob/pane.rs"),
        (
            "app/queue/feature.rs",
            "QueueEffects",
            "QueueCommand",
            "app/queue/pane.rs",
        ),
        (
            "app/table/feature.rs",
            "TableEffects",
            "TableCommand",
            "app/table/pane.rs",
        ),
    ] {
        let code = code_at(file);
        let head = format!("pub struct {effects} {{");
        let body = code
            .split(&head)
            .nth(1)
            .unwrap_or_else(|| panic!("{file} has {effects}"));
        let body = &body[..body.find("\n}\n").unwrap()];
        let fields: Vec<&str> = body
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with("//"))
            .collect();
        let list = format!("pub(crate) commands: crate::app::context::commands::Commands<{command}>,");
        assert_eq!(
            fields,
            [list.as_str()],
            "{effects} holds the ordered list of commands alone"
        );
        let code = code_at(pane);
        let apply = code
            .split("fn apply(")
            .nth(1)
            .unwrap_or_else(|| panic!("{pane} has apply"));
        let apply = &apply[..apply.find("\n    }\n").unwrap()];
        assert!(
            apply.contains("fx.commands.in_order()"),
            "{pane}: apply walks the commands as asked"
        );
    }
    let mut readers = Vec::new();
    for (path, code) in &t.files {
        if code.contains("fx.commands") {
            readers.push(path.strip_prefix(&t.src).unwrap().to_string_lossy().replace('\\', "/"));
        }
    }
    readers.sort();
    assert_eq!(
        readers,
        ["app/blob/pane.rs", "app/queue/pane.rs", "app/table/pane.rs"],
        "only the panes' apply read what features asked"
    );
}

/// The pane shell that holds a core and its features is one generic type (`context::shell::Shell`): each pane is
/// that shell of its kind with its own part, and no pane defines a struct of its own to hold them.
#[test]
fn every_pane_is_the_one_shell_of_its_kind() {
    let t = tree();
    let shell = t.src.join("app/context/shell.rs");
    let (_, code) = t.files.iter().find(|(p, _)| *p == shell).expect("context/shell.rs");
    assert!(
        code.contains("pub struct Shell<K: PaneKind, Own> {"),
        "the shell is generic over the pane's kind"
    );
    let fields = fields_of(code, "Shell").expect("the shell's fields");
    assert_eq!(fields, ["core", "features", "chrome", "own"], "the shell's fields");
    for (file, pane, kind) in [
        ("app/blob/pane.rs", "BlobPane", "blob::feature::Blob, BlobOwn"),
        ("app/queue/pane.rs", "QueuePane", "queue::feature::Queue, QueueOwn"),
        ("app/table/pane.rs", "TablePane", "table::feature::Table, ()"),
    ] {
        let path = t.src.join(file);
        let (_, code) = t.files.iter().find(|(p, _)| *p == path).expect(file);
        let alias = format!("pub type {pane} = crate::app::context::shell::Shell<crate::app::{kind}>;");
        assert!(code.contains(&alias), "{file}: {pane} is the shell of its kind");
    }
    for (path, code) in &t.files {
        for pane in ["BlobPane", "QueuePane", "TablePane"] {
            assert!(
                !code.contains(&format!("struct {pane} ")),
                "{} defines {pane} as a struct of its own",
                path.display()
            );
        }
    }
    what_a_pane_does_is_written_once_on_the_shell(&t);
}

/// What the shell does for every kind of pane: a pane's files write none of it again.
const SHELL_DOES: [&str; 7] = [
    "unsaved",
    "save_all",
    "set_shown",
    "has_sent_work",
    "with_feature",
    "add_feature",
    "each",
];

/// The pane trait is implemented once, by the shell, for every kind (`impl<…> Pane for Shell<K, Own>`); a pane's
/// `tab.rs` holds only the few things that differ by kind (`ShellKind`: its own reading, drawing and effects, what
/// it is busy with besides its features), at most `at_most` of them, and neither it nor its `pane.rs` writes
/// again what the shell does (`SHELL_DOES`).
fn what_a_pane_does_is_written_once_on_the_shell(t: &Tree) {
    let mut impls = Vec::new();
    for (path, code) in &t.files {
        let rel = path.strip_prefix(&t.src).unwrap().to_string_lossy().replace('\\', "/");
        for (at, _) in code.match_indices(" Pane for ") {
            let line_start = code[..at].rfind('\n').map_or(0, |n| n + 1);
            let line = code[line_start..].lines().next().unwrap_or("");
            if line.trim_start().starts_with("impl") {
                impls.push((rel.clone(), line.trim().to_string()));
            }
        }
    }
    assert_eq!(
        impls,
        [(
            "app/context/shell.rs".to_string(),
            "impl<K: ShellKind<Own>, Own: 'static> Pane for Shell<K, Own> {".to_string()
        )],
        "the pane trait is implemented once, by the shell"
    );
    for (kind, at_most) in [("blob", 12), ("queue", 12), ("table", 7)] {
        for file in ["tab.rs", "pane.rs"] {
            let path = t.src.join(format!("app/{kind}/{file}"));
            let (_, code) = t.files.iter().find(|(p, _)| *p == path).expect(file);
            for method in SHELL_DOES {
                assert!(
                    !code.contains(&format!("fn {method}(")) && !code.contains(&format!("fn {method}<")),
                    "app/{kind}/{file} writes {method} again: the shell does it (context/shell.rs)"
                );
            }
        }
        let path = t.src.join(format!("app/{kind}/tab.rs"));
        let (_, code) = t.files.iter().find(|(p, _)| *p == path).unwrap();
        let methods = code.matches("\n    fn ").count() + code.matches("\n    pub fn ").count();
        assert!(
            methods <= at_most,
            "app/{kind}/tab.rs has {methods} methods: only what differs by kind is its own (at most {at_most})"
        );
    }
}

/// The frame talks to every pane through one trait (`context::pane::Pane`): it never matches on a pane's kind
/// to reach into it (the `Pane` enum of Waiting, Table, Blob and Queue is gone), names a concrete pane's type only
/// where a tab's pane is made (`tabs.rs`, by the service of what it shows) and where tests read one
/// (`surface.rs`), and downcasts in that one place.
#[test]
fn the_frame_talks_to_every_pane_through_one_trait() {
    let t = tree();
    let frame = t.src.join("app/frame");
    let mut downcasts = Vec::new();
    let mut looked_at = 0;
    for (path, code) in &t.files {
        if path.parent() != Some(frame.as_path()) {
            continue;
        }
        looked_at += 1;
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for kind in ["Pane::Waiting", "Pane::Table", "Pane::Blob", "Pane::Queue"] {
            assert!(!code.contains(kind), "{name} matches on a pane's kind ({kind})");
        }
        for pane in ["BlobPane", "QueuePane", "TablePane"] {
            assert!(
                !code.contains(pane) || name == "tabs.rs" || name == "surface.rs",
                "{name} names {pane}: the frame speaks to a pane through `context::pane::Pane`"
            );
        }
        // (The Python the replay writes imports `azure.core`.)
        let reaches = code.lines().any(|l| l.contains(".core.") && !l.contains("azure.core"));
        assert!(!reaches, "{name} reaches into a pane's core");
        if code.contains("downcast") {
            downcasts.push(name);
        }
    }
    assert!(looked_at > 15, "the frame's files were looked at ({looked_at})");
    assert_eq!(downcasts, ["surface.rs"], "the frame downcasts a pane in one place");
    let shell = t.src.join("app/context/shell.rs");
    let (_, code) = t.files.iter().find(|(p, _)| *p == shell).expect("context/shell.rs");
    assert!(
        code.contains(" Pane for Shell<K, Own> {"),
        "every pane implements the pane trait, through its shell"
    );
}

#[test]
fn nothing_under_app_names_reqwest() {
    let t = tree();
    for (path, code) in &t.files {
        if folder_of(&t.src, path).starts_with("app") {
            assert!(!code.contains("reqwest"), "{} names reqwest", path.display());
        }
    }
}

#[test]
fn requests_leave_through_the_pipeline_or_the_side_request_path_only() {
    let mut senders = BTreeSet::new();
    let mut builders = BTreeSet::new();
    for (t, prefix) in [(tree(), ""), (client_tree(), "storage/")] {
        for (path, code) in &t.files {
            let rel = format!("{prefix}{}", path.strip_prefix(&t.src).unwrap().display());
            // A built reqwest request sent: `request.send()` in the pipeline, `builder.send()` on the side path.
            if code.contains("request.send()") || code.contains("builder.send()") {
                senders.insert(rel.clone());
            }
            if code.contains("reqwest::Client::builder") || code.contains("reqwest::Client::new") {
                builders.insert(rel);
            }
        }
    }
    // The lens (`src/lens/upstream.rs`) sends the user's app's requests, not Tessera's: signed by the app, retried
    // by the app, forwarded as they came. Its one client is made in `lens/mod.rs`.
    assert_eq!(
        senders,
        BTreeSet::from([
            "storage/pipeline.rs".to_string(),
            "storage/side_requests.rs".to_string(),
            "lens/upstream.rs".to_string()
        ]),
        "the two request paths, and the lens's forwarding"
    );
    // HTTP clients are made for the storage client (its transports), for sign-in (a tenant's own certificate)
    // and for the proxy test (the proxy being tried): each sends through one of the two paths; and the lens's one
    // client, for the app's requests it forwards.
    assert_eq!(
        builders,
        BTreeSet::from([
            "storage/http_clients.rs".to_string(),
            "storage/oauth.rs".to_string(),
            "storage/proxy_trial.rs".to_string(),
            "lens/mod.rs".to_string()
        ])
    );
}

#[test]
fn a_frame_refuses_to_build_a_client() {
    // Client::new reads certificates and sets up TLS: during a frame it is refused (debug builds), so every UI
    // test that reaches one on the UI thread fails.
    let result = std::panic::catch_unwind(|| {
        let _frame = tessera::storage::in_frame();
        tessera::storage::Client::new(common::account(), tessera::storage::ClientOptions::default())
    });
    assert!(result.is_err(), "a client was built during a frame");
    assert!(tessera::storage::Client::new(common::account(), tessera::storage::ClientOptions::default()).is_ok());
}

/// The client's public face is its crate root's re-exports and these modules, each a service or an area a user
/// of the client reaches for by name; everything else (the account, the errors, the pipeline's parts, a
/// service's own files) is `pub(crate)` and re-exported where a user looks. A new public module is a choice
/// made here, not a side effect of making the app compile.
#[test]
fn the_storage_clients_public_modules_are_the_agreed_few() {
    let agreed = [
        "account_sas",
        "answers",
        "arm",
        "azure_cli",
        "blob",
        "browser_sign_in",
        "cloud",
        "oauth",
        "policies",
        "proxy",
        "queue",
        "service_properties",
        "service_sas",
        "side_requests",
        "table",
        "token",
        "words",
    ];
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/storage/src");
    let mut public = Vec::new();
    for file in common::rust_files(&src) {
        let code = std::fs::read_to_string(&file).unwrap();
        for line in code.lines() {
            let line = line.trim_start();
            // `pub mod x;` or `pub mod x {`; `pub(crate) mod`, `mod` and `pub(super) mod` do not start so.
            if let Some(rest) = line.strip_prefix("pub mod ") {
                let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                let at = file.strip_prefix(&src).unwrap().display().to_string();
                public.push(if at == "lib.rs" { name } else { format!("{at}: {name}") });
            }
        }
    }
    public.sort();
    assert_eq!(public, agreed, "the client's public modules (crates/storage/src)");
}

/// ARCHITECTURE.md, whole.
fn architecture_md() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md")).unwrap()
}

#[test]
fn the_code_map_lists_every_storage_file() {
    let doc = architecture_md();
    let storage = &doc[doc.find("### `crates/storage/`").expect("the storage section")..];
    let storage = &storage[..storage.find("### `src/app/`").expect("the app section after it")];
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/storage/src");
    for path in common::rust_files(&src) {
        let name = path.file_name().unwrap().to_string_lossy();
        assert!(
            storage.contains(name.as_ref()),
            "the code map does not list storage/{}",
            path.strip_prefix(&src).unwrap().display()
        );
    }
}

#[test]
fn every_test_the_architecture_names_exists() {
    let doc = architecture_md();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut code = String::new();
    for dir in ["src", "crates/storage/src", "tests"] {
        for path in common::rust_files(&root.join(dir)) {
            code.push_str(&std::fs::read_to_string(path).unwrap());
        }
    }
    // A test's name is a backticked snake_case phrase of five words or more.
    let named: Vec<&str> = doc
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|w| w.split('_').count() >= 5 && w.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        .collect();
    assert!(named.len() >= 10, "the architecture names its tests ({named:?})");
    for name in named {
        assert!(
            code.contains(&format!("fn {name}(")),
            "ARCHITECTURE.md names `{name}`, which is not a test"
        );
    }
}

/// Every file ARCHITECTURE.md names is where it says: a path from the repository's root (`src/…`, `crates/…`,
/// `tests/…`) as written, and a shorter one (`blob/features/bulk_job.rs`, `pipeline.rs`) as the end of the path
/// of some Rust file, so a file moved or renamed is moved in the map too.
#[test]
fn every_file_the_architecture_names_exists() {
    let doc = architecture_md();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rust: Vec<String> = ["src", "crates", "tests", "benches"]
        .iter()
        .flat_map(|dir| common::rust_files(&root.join(dir)))
        .map(|path| path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/"))
        .collect();
    let from_root = [
        "src/", "crates/", "tests/", "benches/", "scripts/", "docs/", "locales/", "fuzz/",
    ];
    let path_char = |c: char| c.is_ascii_alphanumeric() || "_./-".contains(c);
    let mut missing = BTreeSet::new();
    for word in doc.split(|c: char| !path_char(c)).map(|w| w.trim_end_matches('.')) {
        let found = if from_root.iter().any(|top| word.starts_with(top)) {
            root.join(word).exists()
        } else if word.ends_with(".rs") && !word.starts_with('.') {
            rust.iter().any(|file| file.ends_with(&format!("/{word}")))
        } else {
            true
        };
        if !found {
            missing.insert(word);
        }
    }
    assert!(
        doc.contains("`crates/storage/src/`") && doc.contains("pipeline.rs"),
        "the scan reads the map"
    );
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names files that are not there: {missing:?}"
    );
}

/// `scripts/figures` (every bench's run, written to docs/dev/benchmarks.md) runs every bench of Cargo.toml.
#[test]
fn the_figures_script_runs_every_bench() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let script = std::fs::read_to_string(root.join("scripts/figures")).unwrap();
    let listed = script
        .lines()
        .find(|line| line.starts_with("BENCHES = ["))
        .expect("the script's list of benches");
    let benches: Vec<&str> = manifest
        .split("[[bench]]")
        .skip(1)
        .filter_map(|table| table.lines().find_map(|l| l.trim().strip_prefix("name = ")))
        .map(|name| name.trim_matches('"'))
        .collect();
    assert!(
        benches.len() >= 10,
        "the benches are read from Cargo.toml ({benches:?})"
    );
    let missing: Vec<&&str> = benches
        .iter()
        .filter(|b| !listed.contains(&format!("\"{b}\"")))
        .collect();
    assert!(missing.is_empty(), "scripts/figures does not run {missing:?}");
}

/// The files that hold work in flight some other way than `InFlight`, each for the reason ARCHITECTURE.md gives:
/// the runtime's own (the `Pending` and `InFlight` types, jobs' progress lines), a sign-in's state machine whose
/// states hold their one request, and seven jobs' own state kept for a Retry, with the line that shows a change
/// of many items' counts from it (never a reply the UI waits for).
const OTHER_HOLDERS: [&str; 12] = [
    "app/runtime/backend.rs",
    "app/runtime/in_flight.rs",
    "app/runtime/jobs.rs",
    "app/accounts/entra_form.rs",
    "app/blob/features/transfers.rs",
    "app/table/core.rs",
    "app/table/features/bulk_job.rs",
    "app/table/features/import_job.rs",
    "app/blob/features/bulk_job.rs",
    "app/blob/features/paste_job.rs",
    "app/blob/features/folder_download.rs",
    "app/widgets/bulk_change.rs",
];

#[test]
fn every_reply_is_held_in_an_in_flight_keyed_by_what_it_is_for() {
    let t = tree();
    let mut holders = BTreeSet::new();
    for (path, code) in &t.files {
        let rel = path.strip_prefix(&t.src).unwrap().display().to_string();
        if !rel.starts_with("app/") {
            continue;
        }
        // A reply held bare (`Option<Pending<…>>`, a list of them, a tuple of one and its key), or a slot a job
        // fills and the UI locks.
        let bare = [
            "Option<Pending<",
            "Vec<Pending<",
            "(Pending<",
            ", Pending<",
            "Arc<Mutex<",
            "Arc<std::sync::Mutex<",
        ];
        if bare.iter().any(|p| code.contains(p)) {
            holders.insert(rel);
        }
    }
    let named: BTreeSet<String> = OTHER_HOLDERS.iter().map(|s| s.to_string()).collect();
    let new: Vec<&String> = holders.difference(&named).collect();
    assert!(new.is_empty(), "replies held outside an InFlight in {new:?}");
    let gone: Vec<&String> = named.difference(&holders).collect();
    assert!(
        gone.is_empty(),
        "no longer holding work another way (take them off the list): {gone:?}"
    );
}

/// The files under `app/` that name a channel outside the runtime, each for its reason (ARCHITECTURE.md): the
/// account list's writer is a thread of its own whose inbox is a channel, and the quit waits on it (no reply the
/// UI polls).
const OTHER_CHANNELS: [&str; 1] = ["app/accounts/saver.rs"];

#[test]
fn every_stream_of_replies_is_held_in_a_feed_and_no_receiver_outside_it() {
    let t = tree();
    let mut found = BTreeSet::new();
    for (path, code) in &t.files {
        let rel = path.strip_prefix(&t.src).unwrap().display().to_string();
        // The runtime holds the mechanisms themselves (`Pending`, `InFlight`, `Feed`, the jobs' channels).
        if !rel.starts_with("app/") || rel.starts_with("app/runtime/") {
            continue;
        }
        let channel = [
            "Receiver",
            "mpsc::",
            "oneshot::",
            "broadcast::",
            "watch::channel",
            "crossbeam",
            "flume::",
            "sync_channel",
        ];
        if channel.iter().any(|p| code.contains(p)) {
            found.insert(rel);
        }
    }
    let named: BTreeSet<String> = OTHER_CHANNELS.iter().map(|s| s.to_string()).collect();
    let new: Vec<&String> = found.difference(&named).collect();
    assert!(
        new.is_empty(),
        "a channel held outside a Feed or an InFlight (use app::context::feed) in {new:?}"
    );
    let gone: Vec<&String> = named.difference(&found).collect();
    assert!(
        gone.is_empty(),
        "no longer holding a channel (take them off the list): {gone:?}"
    );
}

#[test]
fn a_reply_keyed_by_nothing_is_the_only_one_of_its_kind_out() {
    // `InFlight::add` puts work beside what is out for the same key; under the key `()` that would be several
    // replies no one can tell apart. Work of which several may be out is keyed by what each is for.
    let t = tree();
    let mut found = Vec::new();
    for (path, code) in &t.files {
        let flat: String = code.split_whitespace().collect();
        if flat.contains(".add((),") {
            found.push(path.strip_prefix(&t.src).unwrap().display().to_string());
        }
    }
    assert!(found.is_empty(), "several replies keyed by () at once in {found:?}");
}

/// The app, every pane and core, and the parts they are split into: each holds at most twelve fields, so a
/// feature or a frame module can take the part it works on whole (`&mut core.paging`), not the whole core.
const NAMED_PARTS: [&str; 21] = [
    "TesseraApp",
    "BlobCore",
    "TableCore",
    "QueueCore",
    // Every pane is the one shell (context/shell.rs) with its own part (a table tab's is `()`).
    "Shell",
    "BlobOwn",
    "QueueOwn",
    // TableCore's parts (table/core.rs).
    "Paging",
    "RowsView",
    "RowSelection",
    // BlobCore's parts (blob/core.rs).
    "Listing",
    "Reading",
    "ListView",
    "BlobSelection",
    // TesseraApp's parts (frame/parts.rs).
    "Accounts",
    "Windows",
    "Lab",
    "SharedState",
    "Panels",
    "AppSession",
    "OneOffs",
];

/// The fields of `pub struct NAME { … }` (or `NAME<…> { … }`) in `code`, if it is defined there: the lines at
/// the struct's own depth that name a field (`name: Type`, a visibility before it), not its doc comments or
/// attributes.
fn fields_of(code: &str, name: &str) -> Option<Vec<String>> {
    let at = ["pub struct ", "pub(crate) struct ", "pub(super) struct ", "struct "]
        .iter()
        .find_map(|v| {
            let plain = code.find(&format!("{v}{name} {{"));
            plain.or_else(|| code.find(&format!("{v}{name}<")))
        })?;
    let body = &code[code[at..].find('{')? + at + 1..];
    let (mut depth, mut fields) = (0i32, Vec::new());
    for line in body.lines() {
        let l = line.trim();
        if depth == 0 && !l.starts_with("//") && !l.starts_with('#') {
            let l = l
                .strip_prefix("pub(crate) ")
                .or(l.strip_prefix("pub(super) "))
                .unwrap_or(l);
            let l = l.strip_prefix("pub ").unwrap_or(l);
            if let Some((field, _)) = l.split_once(':')
                && !field.is_empty()
                && field
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                && !l[field.len()..].starts_with("::")
            {
                fields.push(field.to_string());
            }
        }
        if l.starts_with("//") {
            continue;
        }
        for c in line.chars() {
            match c {
                '{' | '(' | '[' | '<' => depth += 1,
                '}' | ')' | ']' | '>' => depth -= 1,
                _ => {}
            }
        }
        // `->` and `=>` are not brackets.
        depth += (line.matches("->").count() + line.matches("=>").count()) as i32;
        if depth < 0 {
            return Some(fields);
        }
    }
    None
}

#[test]
fn the_app_panes_cores_and_their_parts_hold_at_most_twelve_fields() {
    let (t, client) = (tree(), client_tree());
    let mut counts = BTreeMap::new();
    for name in NAMED_PARTS {
        let files = t.files.iter().chain(&client.files);
        let found: Vec<Vec<String>> = files.filter_map(|(_, code)| fields_of(code, name)).collect();
        assert_eq!(
            found.len(),
            1,
            "`{name}` is defined once under src/ and crates/storage/src/"
        );
        counts.insert(name, found[0].len());
    }
    assert!(counts["TesseraApp"] >= 6, "the fields are counted: {counts:?}");
    let over: Vec<_> = counts.iter().filter(|(_, n)| **n > 12).collect();
    assert!(over.is_empty(), "more than twelve fields: {over:?} (all: {counts:?})");
}

/// The entity editor is a feature of its table tab like the others (issue 60): the pane holds its core, its
/// features and its chrome, and what the frame asks of it (`table/tab.rs`: unsaved, Save all, sent work) names no
/// feature, the editor included.
#[test]
fn the_table_pane_holds_its_core_its_features_and_its_chrome_only() {
    let t = tree();
    let table = t.src.join("app/table/pane.rs");
    let (_, code) = t.files.iter().find(|(p, _)| *p == table).expect("table/pane.rs");
    assert!(
        code.contains("pub type TablePane = crate::app::context::shell::Shell<crate::app::table::feature::Table, ()>;"),
        "TablePane is the shell with nothing of its own"
    );
    let tab = t.src.join("app/table/tab.rs");
    let (_, code) = t.files.iter().find(|(p, _)| *p == tab).expect("table/tab.rs");
    for name in ["editor", "Editing", "history"] {
        assert!(!code.contains(name), "table/tab.rs names {name}");
    }
}

#[test]
fn fields_are_counted_past_comments_attributes_and_types_over_lines() {
    let code = "pub struct A {\n    /// a: doc (of a > b\n    pub(crate) a: Option<(u8, u8)>,\n    #[serde(default)]\n    \
                pub b: InFlight<\n        crate::x::Y,\n        Result<(), E>,\n    >,\n    c: Box<dyn Fn() -> u8>,\n}\n\
                struct B { x: u8 }\n";
    assert_eq!(fields_of(code, "A").unwrap(), ["a", "b", "c"]);
    assert_eq!(fields_of(code, "C"), None);
}
