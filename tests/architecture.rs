//! The architecture's rules that a reader of the code can check by eye,
//! checked here on the source itself:
//!
//! - no module cycle: no two files of `src/` import each other, directly or
//!   through others (`use` and paths alike, resolved to the file that
//!   defines the module named);
//! - no function in `src/` over 60 lines;
//! - the pure layers (`engine`, `session`, `app`) name no web crate;
//! - the views and the runtime's own files call the browser only through
//!   doors, and every browser call on the runtime's path is listed, with
//!   what happens when it fails, in `BROWSER_CALLS` below.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).expect("readable source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The library's files (not `main.rs` or `bin/`, which are other crates),
/// each with its module path: `src/app/update/game.rs` → `app::update::game`.
fn library_modules() -> BTreeMap<String, PathBuf> {
    let root = src();
    rust_files(&root)
        .into_iter()
        .filter(|p| !p.starts_with(root.join("bin")) && !p.ends_with("main.rs"))
        .map(|p| {
            let rel = p.strip_prefix(&root).unwrap().with_extension("");
            let mut parts: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into()).collect();
            if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
                parts.pop();
            }
            (parts.join("::"), p)
        })
        .collect()
}

/// The text without comments and string literals (so that a path in a doc
/// comment or a message is not an import).
fn code_of(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '"' => {
                out.push('"');
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        '\n' => out.push('\n'),
                        _ => {}
                    }
                }
                out.push('"');
            }
            _ => out.push(c),
        }
    }
    out
}

/// The paths a file names: every `a::b::c` in its code, with `use` trees
/// (`use super::{x, y::z};`) expanded into whole paths.
fn paths_in(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let boundary = at == 0 || !rest[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        let Some(end) = rest[at..].find(';') else {
            break;
        };
        if boundary {
            expand(&rest[at + 4..at + end], &mut Vec::new(), &mut paths);
        }
        rest = &rest[at + end..];
    }
    let words: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < words.len() {
        if words[i].is_alphabetic() || words[i] == '_' {
            let start = i;
            while i < words.len()
                && (words[i].is_alphanumeric() || words[i] == '_' || words[i] == ':')
            {
                i += 1;
            }
            let token: String = words[start..i].iter().collect();
            let preceded = start > 0 && words[start - 1] == ':';
            if token.contains("::") && !preceded {
                paths.push(
                    token
                        .split("::")
                        .filter(|s| !s.is_empty())
                        .map(String::from)
                        .collect(),
                );
            }
        } else {
            i += 1;
        }
    }
    paths
}

/// Expands one `use` tree into whole paths.
fn expand(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim().trim_start_matches("pub ").trim();
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open]
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let depth = prefix.len();
        prefix.extend(head);
        let mut level = 0;
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => level += 1,
                '}' => level -= 1,
                ',' if level == 0 => {
                    expand(&inner[start..i], prefix, out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand(&inner[start..], prefix, out);
        prefix.truncate(depth);
    } else if !tree.is_empty() {
        let name = tree.split(" as ").next().unwrap_or(tree);
        let mut path = prefix.clone();
        path.extend(
            name.split("::")
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(String::from),
        );
        out.push(path);
    }
}

/// The module file a path names, from module `here`: the longest prefix of
/// the path that is a module of the library.
fn resolve(
    path: &[String],
    here: &str,
    modules: &BTreeMap<String, PathBuf>,
    children: &BTreeSet<String>,
) -> Option<String> {
    let mut at: Vec<String> = if here.is_empty() {
        Vec::new()
    } else {
        here.split("::").map(String::from).collect()
    };
    let mut segments = path.iter().peekable();
    match segments.peek().map(|s| s.as_str()) {
        Some("crate") => {
            at.clear();
            segments.next();
        }
        Some("super") => {
            while segments.peek().map(|s| s.as_str()) == Some("super") {
                at.pop();
                segments.next();
            }
        }
        Some("self") => {
            segments.next();
        }
        Some(first) if children.contains(first) => {}
        _ => return None,
    }
    let mut best = None;
    for s in segments {
        at.push(s.clone());
        let name = at.join("::");
        if modules.contains_key(&name) {
            best = Some(name);
        } else {
            break;
        }
    }
    best
}

/// Which library files each library file imports.
fn import_graph() -> BTreeMap<String, BTreeSet<String>> {
    let modules = library_modules();
    let mut graph = BTreeMap::new();
    for (name, path) in &modules {
        let code = code_of(&fs::read_to_string(path).unwrap());
        let children: BTreeSet<String> = modules
            .keys()
            .filter_map(|m| {
                let rest = if name.is_empty() {
                    Some(m.as_str())
                } else {
                    m.strip_prefix(&format!("{name}::"))
                };
                rest.filter(|r| !r.contains("::") && !r.is_empty())
                    .map(String::from)
            })
            .collect();
        let edges = paths_in(&code)
            .iter()
            .filter_map(|p| resolve(p, name, &modules, &children))
            .filter(|target| target != name && !target.is_empty())
            .collect();
        graph.insert(name.clone(), edges);
    }
    graph
}

/// A cycle of the graph, if it has one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_string(), 1);
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            match state.get(next.as_str()) {
                Some(1) => {
                    let from = stack.iter().position(|n| n == next).unwrap();
                    let mut cycle = stack[from..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Some(_) => {}
                None => {
                    if let Some(cycle) = visit(next, graph, state, stack) {
                        return Some(cycle);
                    }
                }
            }
        }
        stack.pop();
        state.insert(node.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in graph.keys() {
        if !state.contains_key(node) {
            if let Some(cycle) = visit(node, graph, &mut state, &mut Vec::new()) {
                return Some(cycle);
            }
        }
    }
    None
}

#[test]
fn no_two_files_import_each_other() {
    let graph = import_graph();
    assert!(
        graph["app::update"].contains("app::update::game"),
        "the checker sees parent → child paths"
    );
    assert!(
        graph["app::update::game"].contains("app::update::common"),
        "the checker sees `use super::…`"
    );
    assert!(
        graph["web::runtime"].contains("view"),
        "the checker sees `use crate::…`"
    );
    if let Some(cycle) = find_cycle(&graph) {
        panic!("a module cycle: {}", cycle.join(" → "));
    }
}

#[test]
fn the_checker_finds_a_cycle() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a".to_string(), BTreeSet::from(["b".to_string()])),
        ("b".to_string(), BTreeSet::from(["c".to_string()])),
        ("c".to_string(), BTreeSet::from(["a".to_string()])),
    ]
    .into();
    assert_eq!(find_cycle(&graph).map(|c| c.len()), Some(4));
}

/// The functions of `code` longer than `limit` lines: (first line, lines).
fn long_functions(code: &str, limit: usize) -> Vec<(usize, usize)> {
    let lines: Vec<&str> = code.lines().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim_start();
        let is_fn = line.split_whitespace().take_while(|w| *w != "fn").all(|w| {
            matches!(
                w,
                "pub" | "pub(crate)" | "pub(super)" | "const" | "async" | "unsafe"
            )
        }) && line.split_whitespace().any(|w| w == "fn");
        if !is_fn {
            i += 1;
            continue;
        }
        let (mut depth, mut opened, mut j) = (0i32, false, i);
        while j < lines.len() {
            if !opened && lines[j].contains(';') && !lines[j].contains('{') {
                break;
            }
            for c in lines[j].chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if opened && depth == 0 {
                break;
            }
            j += 1;
        }
        if opened && j + 1 - i > limit {
            found.push((i + 1, j + 1 - i));
        }
        i = if opened { j + 1 } else { i + 1 };
    }
    found
}

#[test]
fn no_function_is_over_sixty_lines() {
    let mut long = Vec::new();
    for path in rust_files(&src()) {
        let code = code_of(&fs::read_to_string(&path).unwrap());
        for (line, n) in long_functions(&code, 60) {
            long.push(format!("{}:{line}: {n} lines", path.display()));
        }
    }
    assert!(
        long.is_empty(),
        "functions over 60 lines:\n{}",
        long.join("\n")
    );
    assert_eq!(
        long_functions(&format!("fn f() {{\n{}}}\n", "x();\n".repeat(60)), 60),
        vec![(1, 62)]
    );
}

#[test]
fn the_pure_layers_name_no_web_crate() {
    for layer in ["engine", "session", "app"] {
        for path in rust_files(&src().join(layer)) {
            let code = code_of(&fs::read_to_string(&path).unwrap());
            for web in [
                "leptos",
                "web_sys",
                "js_sys",
                "gloo_",
                "wasm_bindgen",
                "send_wrapper",
            ] {
                assert!(!code.contains(web), "{} names {web}", path.display());
            }
        }
    }
}
