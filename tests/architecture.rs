//! The architecture's rules that a reader of the code can check by eye,
//! checked here on the source itself:
//!
//! - no module cycle: no two files of `src/` import each other, directly or
//!   through others (`use` and paths alike, resolved to the file that
//!   defines the module named);
//! - no function in `src/` over 60 lines;
//! - no wildcard arm in a match over `Msg`, `Cmd`, `DebugMsg` or `DebugCmd`:
//!   a new message or command must be placed wherever they are matched;
//! - the pure layers (`engine`, `session`, `app`, `ai`) name no web crate;
//! - `Model` has at most [`MODEL_FIELDS`] fields: a new feature is a
//!   sub-model (as `Computer`, `Coach`, `Contest`), not fields beside them,
//!   and ARCHITECTURE.md's paragraph on the model names every field;
//! - the views and the runtime's own files call the browser only through
//!   doors, and every browser call on the runtime's path is listed, with
//!   what happens when it fails, in `BROWSER_CALLS` below.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use leptos_2048::app::chunks::Chunk;
use leptos_2048::app::rooms;

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

/// The most top-level fields `Model` may have.
const MODEL_FIELDS: usize = 14;

/// The fields of `struct NAME { … }` in `code`, each with its type: the
/// struct's lines that declare one.
fn struct_field_types(code: &str, name: &str) -> Vec<(String, String)> {
    let start = code
        .find(&format!("pub struct {name} {{"))
        .unwrap_or_else(|| panic!("no struct {name}"));
    let body = &code[start..];
    let end = body.find("\n}").expect("the struct's end");
    body[..end]
        .lines()
        .skip(1)
        .map(str::trim)
        .filter_map(|l| l.strip_prefix("pub ")?.split_once(':'))
        .map(|(f, t)| (f.trim().into(), t.trim().trim_end_matches(',').into()))
        .collect()
}

/// The fields of `struct NAME { … }` in `code`.
fn struct_fields(code: &str, name: &str) -> Vec<String> {
    struct_field_types(code, name)
        .into_iter()
        .map(|(f, _)| f)
        .collect()
}

#[test]
fn the_model_is_sub_models_not_a_heap_of_fields() {
    let code = code_of(&fs::read_to_string(src().join("app/model.rs")).unwrap());
    let fields = struct_fields(&code, "Model");
    assert!(
        fields.len() <= MODEL_FIELDS,
        "Model has {} fields (at most {MODEL_FIELDS}): {}",
        fields.len(),
        fields.join(", ")
    );
    assert!(fields.contains(&"contest".to_string()), "{fields:?}");
    let sample = "pub struct M {\n    pub a: u8,\n    /// b\n    pub b: u8,\n}\n";
    assert_eq!(struct_fields(sample, "M"), ["a", "b"]);
}

#[test]
fn the_pure_layers_name_no_web_crate() {
    for layer in ["engine", "session", "app", "ai"] {
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

/// The files on the runtime's path: every message and command goes through
/// them, so no call in them may throw a JavaScript exception.
const RUNTIME_PATH: &[&str] = &[
    "web/runtime.rs",
    "web/dispatcher.rs",
    "web/runner.rs",
    "web/subscriptions.rs",
    "web/swipes.rs",
    "web/storage.rs",
    "web/ai_client.rs",
    "web/review_pool.rs",
    "web/worker.rs",
    "web/browser.rs",
    "web/session_file.rs",
    "web/debugger.rs",
    "web/card_picture.rs",
];

/// Every call into the browser on the runtime's path, by file, and what
/// happens when the browser refuses it or lacks the API. The views make
/// none: they reach the browser through `web::browser`'s doors only (and
/// the folder `view/` is scanned like these files).
const BROWSER_CALLS: &[(&str, &[&str], &str)] = &[
    ("web/runtime.rs", &["new"], "gloo's EventListener::new, the debugger's handle heard on the window: addEventListener cannot throw"),
    ("web/runtime.rs", &["mount_to_body"], "needs <body>, which index.html has; runs once, before the loop"),
    ("web/subscriptions.rs", &["window", "document"], "present in every page (leptos caches them at start)"),
    ("web/subscriptions.rs", &["new", "new_with_options"], "gloo's addEventListener / removeEventListener on drop: cannot throw"),
    ("web/subscriptions.rs", &["key", "new_value", "matches", "target", "tag_name", "prevent_default"], "attribute reads and preventDefault: cannot throw"),
    ("web/subscriptions.rs", &["get"], "Reflect.get, bound with catch: Err reads as no modifier, no key code"),
    ("web/subscriptions.rs", &["dyn_ref", "dyn_into", "as_bool", "as_f64"], "instanceof checks and JsValue reads: cannot throw; a mismatch is None"),
    ("web/swipes.rs", &["window", "new", "new_with_options"], "gloo listeners, as above"),
    ("web/swipes.rs", &["dyn_ref", "pointer_type", "button", "client_x", "client_y", "time_stamp", "is_primary", "touches", "changed_touches", "length", "prevent_default", "query_selector", "client_width"], "event and element reads: cannot throw; querySelector is bound with catch (Err: no cell, the smallest threshold)"),
    ("web/storage.rs", &["window", "local_storage"], "web_sys::window() is an Option; localStorage is bound with catch: Err or None is no storage (Notice::Unavailable)"),
    ("web/storage.rs", &["get_item", "set_item"], "bound with catch: a failed read is Missing, a failed write Msg::SaveFailed"),
    ("web/worker.rs", &["new", "post_message"], "new Worker and postMessage, bound with catch: Err answers the question with a sentence (Msg::AiAnswered with Err)"),
    ("web/worker.rs", &["set_onmessage", "set_onerror", "terminate", "data", "message", "prevent_default", "as_string", "dyn_ref", "unchecked_ref"], "handler setters, reads and casts: cannot throw"),
    ("web/browser.rs", &["window", "document", "location", "navigator", "history"], "present in every page; history() is bound with catch (Err: the query stays)"),
    ("web/browser.rs", &["search", "origin", "pathname", "replace_state_with_url"], "bound with catch: Err is an empty string, or the query left in place"),
    ("web/browser.rs", &["random"], "Math.random: cannot throw"),
    ("web/browser.rs", &["id", "set_text_content", "get_attribute", "set_attribute"], "the debugger's handle: its id read, its text written, aria-expanded read (nullable) and written only when it changes: cannot throw (setAttribute bound with catch); no handle, nothing written"),
    ("web/browser.rs", &["as_bool", "scroll_top", "client_height", "set_scroll_top"], "a JsValue read, and an element's scrollTop and clientHeight read and scrollTop written: cannot throw"),
    ("web/browser.rs", &["fetch_with_str", "array_buffer"], "fetch returns a promise whose rejection is an Err of JsFuture; arrayBuffer is bound with catch: either way no bytes (None), and the worker fetches its wasm itself"),
    ("web/worker.rs", &["post_message_with_transfer", "of1"], "postMessage with a transfer list, bound with catch (Err: the worker is told to fetch its wasm itself); Array.of cannot throw"),
    ("web/browser.rs", &["service_worker", "controller"], "navigator.serviceWorker bound with catch as an Option (absent, or refused in a sandboxed frame), controller nullable: either way no service worker, and the panels' chunks are fetched when each opens"),
    ("web/browser.rs", &["hardware_concurrency"], "navigator.hardwareConcurrency, a number: cannot throw; 0 or absent reads as 1 core"),
    ("web/browser.rs", &["match_media", "matches"], "matchMedia, bound with catch and nullable: no scheme listener, a light system"),
    ("web/browser.rs", &["hidden", "get_element_by_id", "remove"], "document.hidden, a boolean; getElementById nullable; remove() cannot throw: the shell left where it was"),
    ("web/browser.rs", &["is_object", "as_f64", "as_string"], "JsValue reads: cannot throw; anything but an object with a whole-number seed reads as no first game drawn, and moves that are not a string as none played"),
    ("web/browser.rs", &["clipboard", "write_text", "then2"], "navigator.clipboard bound as an Option (absent off secure origins), writeText with catch, its rejection handled: the link stays on screen to copy by hand"),
    ("web/browser.rs", &["set_timeout_with_handle", "set_timeout", "clear_timeout"], "timers, bound with catch, their handles kept as the browser's values: Err runs the message at once (after the current one)"),
    ("web/browser.rs", &["set_interval", "clear_interval"], "the replay ticker and the clock, bound with catch: Err is no ticker (the replay can be skipped; the clock is read again at the next start)"),
    ("web/browser.rs", &["request_idle_callback", "cancel_idle_callback"], "bound with catch: absent (Safari before 2024) falls back to a timer"),
    ("web/browser.rs", &["resolve", "then"], "Promise.resolve().then: cannot throw"),
    ("web/browser.rs", &["set"], "Reflect.set on a fresh object, bound with catch: Err leaves the share sheet out (the clipboard, else the card stays on the page)"),
    ("web/browser.rs", &["share_fn", "call1"], "navigator.share read as an Option (absent from most desktop browsers), called through Function.call bound with catch, its rejection handled: the clipboard, else the card stays on the page to copy"),
    ("web/card_picture.rs", &["window", "document", "create_element", "query_selector", "query_selector_all", "get_computed_style", "get_property_value", "get_context"], "present in every page, or bound with catch and nullable: a missing board, style or context paints nothing, and the card goes with its text alone"),
    ("web/card_picture.rs", &["item", "length", "text_content", "is_null", "unchecked_into", "unchecked_ref"], "node list and JsValue reads and casts (a canvas element, its 2d context, a non-null blob, a matched element: each of the type cast to): cannot throw"),
    ("web/card_picture.rs", &["set_width", "set_height", "set_fill_style_str", "set_font", "set_text_align", "set_text_baseline", "fill_rect"], "canvas setters and fillRect with finite numbers: cannot throw (a value the canvas does not take is ignored)"),
    ("web/card_picture.rs", &["fill_text"], "bound with catch, its Err ignored: a cell painted without its number"),
    ("web/card_picture.rs", &["to_blob", "new_with_blob_sequence_and_options"], "bound with catch: Err (a canvas the browser will not encode, no File) sends the text alone; a null blob too"),
    ("web/card_picture.rs", &["new", "set_type", "of1", "set"], "new FilePropertyBag and its type, Array.of: cannot throw; Reflect.set bound with catch, its Err leaving the files out (the text goes alone)"),
    ("web/browser.rs", &["can_share_fn", "is_truthy"], "navigator.canShare read as an Option (absent where the share sheet takes no files), called through Function.call bound with catch: absent, a throw or a no sends the text alone"),
    ("web/browser.rs", &["new_0", "get_full_year", "get_month", "get_date", "get_hours", "get_minutes", "get_seconds"], "new Date() and its local fields: cannot throw"),
    ("web/browser.rs", &["get", "call0"], "Reflect.get and Function.call, bound with catch: no animation, no restart; no first game, or its kept keys and gestures not handed over"),
    ("web/browser.rs", &["set_current_time", "play"], "Animation: play() is bound with catch"),
    ("web/browser.rs", &["target", "dyn_into", "dyn_ref", "select", "selected_index", "unchecked_into", "unchecked_ref"], "event reads, casts and select(): cannot throw; a mismatch is None"),
    ("web/runtime.rs", &["window", "new_with_options", "prevent_default"], "the window, present in every page; gloo's addEventListener / removeEventListener (the file-drop listener) and preventDefault: cannot throw"),
    ("web/debugger.rs", &["new"], "ArcRwSignal::new, what the debugger's view draws: no browser call"),
    ("web/debugger.rs", &["query_selector", "set_attribute", "remove_attribute"], "querySelector and setAttribute / removeAttribute of `inert`, each bound with catch: an Err leaves the page under the veil as it was (the veil still covers it, and the keys are the debugger's)"),
    ("web/browser.rs", &["query_selector", "create_element", "append_child", "add_event_listener_with_callback", "new"], "the rooms' stylesheet, fetched with the first chunk: its meta found and a link made, added to the head with its load and error listeners, in a new Promise: querySelector, createElement and appendChild bound with catch, addEventListener cannot throw; an Err settles the promise at once and the views are drawn unstyled, not left undrawn"),
    ("web/debugger.rs", &["get_attribute", "create_element", "append_child", "remove"], "the stylesheet's meta read, a link made and added to the head, the meta removed: getAttribute nullable, createElement and appendChild bound with catch, remove() cannot throw; an Err leaves the debugger unstyled, not broken"),
    ("web/debugger.rs", &["try_borrow"], "not a browser call: the debugger's model, read as a row is drawn; borrowed elsewhere, the row is not drawn"),
    ("web/debugger.rs", &["document", "get_element_by_id", "dyn_into"], "the document, present in every page; getElementById cannot throw (no place: no inspector); an instanceof check"),
    ("web/session_file.rs", &["document", "window", "create_element", "set_attribute"], "document and window are present in every page; createElement and setAttribute, bound with catch: Err leaves the session unsaved (said in words, DebugMsg::Refused) or the picker unopened"),
    ("web/session_file.rs", &["get", "call0", "call1"], "Reflect.get and Function.call, bound with catch, reach text(), click(), item(), URL.createObjectURL and revokeObjectURL (as is new Blob, this file's one binding): a method missing or throwing is Err, a sentence (DebugMsg::Refused) or no file read, the live game untouched"),
    ("web/session_file.rs", &["of1", "set", "once", "as_string", "is_object", "unchecked_into"], "Array.of, Reflect.set (catch), gloo's listener, JsValue reads and a cast: cannot throw (a value that is not a function throws only when called, inside Function.call's catch); nothing read is no file"),
];

/// Method and function names on these files that are Rust's, the
/// reactive graph's or this crate's own: not calls into the browser.
const RUST_NAMES: &[&str] = &[
    "abs_diff",
    "ceil",
    "chars",
    "div_ceil",
    "fract",
    "keys",
    "pointer",
    "step_by",
    "and_then",
    "as_deref",
    "as_mut",
    "as_ref",
    "as_slice",
    "as_str",
    "borrow",
    "borrow_mut",
    "clamp",
    "clone",
    "cloned",
    "collect",
    "collect_view",
    "contains",
    "copied",
    "default",
    "downgrade",
    "enable_prevent_default",
    "err",
    "expect",
    "extend",
    "filter",
    "filter_map",
    "find",
    "find_map",
    "flatten",
    "from",
    "get_or_init",
    "from_millis",
    "front",
    "get",
    "get_untracked",
    "held",
    "into",
    "into_any",
    "into_iter",
    "into_owned",
    "is_err",
    "is_none",
    "is_ok",
    "is_some",
    "is_some_and",
    "iter",
    "iter_mut",
    "join",
    "len",
    "map",
    "map_err",
    "map_or",
    "min",
    "new_cyclic",
    "new_local",
    "ok",
    "ok_or",
    "on_load",
    "or",
    "or_else",
    "pop_front",
    "push",
    "push_back",
    "push_front",
    "push_str",
    "read",
    "read_only",
    "replace",
    "rev",
    "retain",
    "rfind",
    "run",
    "saturating_sub",
    "send",
    "set",
    "take",
    "then",
    "then_some",
    "to_string",
    "trailing_zeros",
    "trim",
    "truncate",
    "try_get_value",
    "try_into",
    "try_update",
    "try_with_untracked",
    "unwrap",
    "unwrap_or",
    "unwrap_or_default",
    "upgrade",
    "with",
    "selected",
    "with_untracked",
    "wrapping_add",
    "zip",
];

/// Types whose functions are Rust's or the reactive graph's, not the
/// browser's.
const RUST_TYPES: &[&str] = &[
    "Rc",
    "EventListenerOptions",
    "RefCell",
    "OnceCell",
    "Cell",
    "Box",
    "Vec",
    "VecDeque",
    "String",
    "Duration",
    "Some",
    "Ok",
    "Err",
    "RwSignal",
    "StoredValue",
    "NodeRef",
    "Memo",
    "Selector",
    "SendWrapper",
    "Callback",
    "Closure",
    "JsValue",
    "Option",
    "Result",
    "Effect",
    "Suspend",
];

/// Names this crate gives its own functions that are also browser calls
/// made on the runtime's path (`e.message()` of an `ErrorEvent`,
/// `location.search()`, …): counted wherever they are called.
const SHARED_NAMES: &[&str] = &[
    "message",
    "search",
    "play",
    "select",
    "selected_index",
    "touches",
    "new",
    "get",
];

/// The browser calls a file's code makes: method calls (`.name(`), calls
/// through a type (`Type::name(`) other than Rust's and this crate's, and
/// the page's globals (`window()`, `document()`), less Rust's own names and
/// this crate's functions (but for the bindings its `extern` blocks declare
/// and the [`SHARED_NAMES`]).
fn browser_calls(
    code: &str,
    crate_fns: &BTreeSet<String>,
    crate_types: &BTreeSet<String>,
) -> BTreeSet<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut calls = BTreeSet::new();
    let mut i = 0;
    while i < chars.len() {
        if !(chars[i].is_ascii_lowercase() || chars[i] == '_')
            || (i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'))
        {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
            i += 1;
        }
        let name: String = chars[start..i].iter().collect();
        let called = chars.get(i) == Some(&'(') || chars[i..].starts_with(&[':', ':', '<']);
        let before: String = chars[start.saturating_sub(1)..start].iter().collect();
        let through_type =
            start >= 3 && chars[start - 2] == ':' && chars[start - 3].is_alphanumeric() && {
                let mut k = start - 3;
                while k > 0 && (chars[k - 1].is_alphanumeric() || chars[k - 1] == '_') {
                    k -= 1;
                }
                let ty: String = chars[k..start - 2].iter().collect();
                chars[k].is_ascii_uppercase()
                    && !RUST_TYPES.contains(&ty.as_str())
                    && !crate_types.contains(&ty)
            };
        let global = matches!(
            name.as_str(),
            "window" | "document" | "mount_to_body" | "set_timeout_with_handle"
        ) && before != ".";
        let ours = crate_fns.contains(&name) && !SHARED_NAMES.contains(&name.as_str());
        // A name Rust has too (`get`, `set`) is still the browser's when
        // called through a browser type (`Reflect::get`); `then` is
        // `bool::then` when given a closure, else `Promise.then`.
        let rusts = match name.as_str() {
            "then" => {
                let rest: String = chars[i..(i + 8).min(chars.len())].iter().collect();
                rest.starts_with("(|") || rest.starts_with("(move |")
            }
            other => RUST_NAMES.contains(&other) && !through_type,
        };
        if called && (before == "." || through_type || global) && !ours && !rusts {
            calls.insert(name);
        }
    }
    calls
}

/// The types this crate defines (structs, enums, extern types).
fn crate_types() -> BTreeSet<String> {
    let mut types = BTreeSet::new();
    for path in rust_files(&src()) {
        let code = code_of(&fs::read_to_string(&path).unwrap());
        for word in ["struct ", "enum ", "type ", "trait "] {
            for (at, _) in code.match_indices(word) {
                let name: String = code[at + word.len()..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                types.insert(name);
            }
        }
    }
    types
}

/// The functions this crate defines, less those its `extern "C"` blocks
/// declare (those are browser calls).
fn crate_functions() -> BTreeSet<String> {
    let mut fns = BTreeSet::new();
    for path in rust_files(&src()) {
        let code = code_of(&fs::read_to_string(&path).unwrap());
        let mut in_extern = false;
        for line in code.lines() {
            if line.contains("extern \"C\"") || line.contains("extern \"\"") {
                in_extern = true;
            } else if in_extern && line.starts_with('}') {
                in_extern = false;
            }
            if let Some(at) = line.find("fn ") {
                let name: String = line[at + 3..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !in_extern && !name.is_empty() {
                    fns.insert(name);
                }
            }
        }
    }
    fns
}

#[test]
fn every_browser_call_on_the_runtimes_path_is_listed_with_its_failure() {
    let crate_fns = crate_functions();
    let crate_types = crate_types();
    let mut unlisted = Vec::new();
    let mut stale = Vec::new();
    for file in RUNTIME_PATH {
        let code = code_of(&fs::read_to_string(src().join(file)).unwrap());
        let found = browser_calls(&code, &crate_fns, &crate_types);
        let listed: BTreeSet<&str> = BROWSER_CALLS
            .iter()
            .filter(|(f, ..)| f == file)
            .flat_map(|(_, calls, _)| calls.iter().copied())
            .collect();
        unlisted.extend(
            found
                .iter()
                .filter(|c| !listed.contains(c.as_str()))
                .map(|c| format!("{file}: {c}")),
        );
        stale.extend(
            listed
                .iter()
                .filter(|c| !found.contains(**c))
                .map(|c| format!("{file}: {c}")),
        );
    }
    assert!(
        unlisted.is_empty(),
        "browser calls not in BROWSER_CALLS (say what happens when each fails):\n{}",
        unlisted.join("\n")
    );
    assert!(
        stale.is_empty(),
        "BROWSER_CALLS rows for calls no longer made:\n{}",
        stale.join("\n")
    );
    assert!(!BROWSER_CALLS.iter().any(|(.., why)| why.is_empty()));
}

#[test]
fn the_scanner_sees_browser_calls() {
    let code = "let p = window().navigator().clipboard().write_text(&t);\nlet w = Worker::new(url)?;\nlet n = Runner::new(store);\nlet x = self.store.save_game(&s);";
    let fns = BTreeSet::from(["save_game".to_string(), "new".to_string()]);
    let types = BTreeSet::from(["Runner".to_string()]);
    let found: Vec<String> = browser_calls(code, &fns, &types).into_iter().collect();
    assert_eq!(
        found,
        ["clipboard", "navigator", "new", "window", "write_text"]
    );
}

#[test]
fn the_views_call_the_browser_only_through_its_doors() {
    let crate_fns = crate_functions();
    let crate_types = crate_types();
    for path in rust_files(&src().join("view")) {
        let code = code_of(&fs::read_to_string(&path).unwrap());
        for web in ["web_sys", "js_sys", "wasm_bindgen", "Reflect"] {
            assert!(!code.contains(web), "{} names {web}", path.display());
        }
        let calls = browser_calls(&code, &crate_fns, &crate_types);
        let allowed = ["event_target_value"];
        let other: Vec<_> = calls
            .iter()
            .filter(|c| !allowed.contains(&c.as_str()))
            .collect();
        assert!(
            other.is_empty(),
            "{} calls the browser: {other:?}",
            path.display()
        );
    }
}

/// The lines of `block` (a match's body) at its own depth, trimmed: where
/// its arms' patterns start.
fn arm_lines(block: &str) -> Vec<&str> {
    let mut depth = 0i32;
    let mut lines = Vec::new();
    for line in block.lines() {
        if depth == 0 {
            lines.push(line.trim());
        }
        depth += line.matches(['{', '(', '[']).count() as i32;
        depth -= line.matches(['}', ')', ']']).count() as i32;
    }
    lines
}

/// The lines of the matches in `code` over one of `enums` (an arm whose
/// pattern starts `Enum::`) that have a wildcard arm (`_ =>`).
fn wildcard_matches(code: &str, enums: &[&str]) -> Vec<usize> {
    let mut found = Vec::new();
    for (at, _) in code.match_indices("match ") {
        let Some(open) = code[at..].find('{').map(|i| at + i) else {
            continue;
        };
        let mut depth = 0;
        let mut end = code.len();
        for (i, c) in code[open..].char_indices() {
            depth += match c {
                '{' => 1,
                '}' => -1,
                _ => 0,
            };
            if depth == 0 {
                end = open + i;
                break;
            }
        }
        let arms = arm_lines(&code[open + 1..end]);
        let over = |e: &&str| arms.iter().any(|a| a.starts_with(&format!("{e}::")));
        if enums.iter().any(over) && arms.iter().any(|a| a.starts_with("_ =>")) {
            found.push(code[..at].lines().count());
        }
    }
    found
}

#[test]
fn closed_enums_stay_closed_no_wildcard_arm_over_the_apps_messages_or_commands() {
    let enums = ["Msg", "Cmd", "DebugMsg", "DebugCmd"];
    let mut open = Vec::new();
    for path in rust_files(&src()) {
        let code = code_of(&fs::read_to_string(&path).unwrap());
        for line in wildcard_matches(&code, &enums) {
            open.push(format!("{}:{line}", path.display()));
        }
    }
    assert!(
        open.is_empty(),
        "a wildcard arm in a match over the app's messages or commands (a new one would pass \
         unplaced):\n{}",
        open.join("\n")
    );
    let one =
        "fn f(m: Msg) -> u8 {\n    match m {\n        Msg::Undo => 1,\n        _ => 2,\n    }\n}\n";
    assert_eq!(
        wildcard_matches(one, &enums),
        vec![2],
        "the checker sees one"
    );
    let closed = one.replace("_ => 2", "Msg::Redo => 2");
    assert_eq!(wildcard_matches(&closed, &enums), Vec::<usize>::new());
}

/// ARCHITECTURE.md's table of the model's rooms: each row's field, its
/// type, the file of src/app/ the type is in, and its rules' file of
/// src/app/.
fn rooms_in_architecture() -> Vec<[String; 4]> {
    let doc = fs::read_to_string(src().join("../ARCHITECTURE.md")).unwrap();
    let start = doc
        .find("| field | the room | its type | its rules |")
        .expect("the table of rooms");
    let ticked = |cell: &str| cell.trim().trim_matches('`').to_string();
    doc[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|row| {
            let cells: Vec<&str> = row.split('|').collect();
            let (ty, file) = cells[3].split_once(',').expect("`Type`, file.rs");
            [ticked(cells[1]), ticked(ty), ticked(file), ticked(cells[4])]
        })
        .collect()
}

#[test]
fn the_architectures_table_of_rooms_is_the_models_fields_files_and_rules() {
    let code = code_of(&fs::read_to_string(src().join("app/model.rs")).unwrap());
    let fields: BTreeMap<String, String> = struct_field_types(&code, "Model").into_iter().collect();
    let rooms = rooms_in_architecture();
    let listed: BTreeSet<&String> = rooms.iter().map(|[f, ..]| f).collect();
    assert_eq!(
        fields.keys().collect::<BTreeSet<_>>(),
        listed,
        "Model's fields against ARCHITECTURE.md's table of rooms"
    );
    let mut rule_files = BTreeSet::new();
    for [field, ty, file, rules] in &rooms {
        assert!(
            fields[field].contains(ty.as_str()),
            "`{field}` is a {} (the table says {ty})",
            fields[field]
        );
        let text = fs::read_to_string(src().join("app").join(file))
            .unwrap_or_else(|_| panic!("`{field}`: no src/app/{file}"));
        let defined = [format!("pub struct {ty}"), format!("pub enum {ty}")];
        assert!(
            ty == "String" || defined.iter().any(|d| text.contains(d.as_str())),
            "`{field}`: {ty} is not defined in src/app/{file}"
        );
        assert!(
            src().join("app").join(rules).is_file(),
            "`{field}`: no src/app/{rules}"
        );
        rule_files.insert(rules.clone());
    }
    let on_disk: BTreeSet<String> = fs::read_dir(src().join("app/update"))
        .unwrap()
        .map(|e| format!("update/{}", e.unwrap().file_name().to_string_lossy()))
        .filter(|f| f != "update/mod.rs")
        .collect();
    assert_eq!(
        on_disk, rule_files,
        "every rule file of src/app/update/ is a room's, and every room's is there"
    );
}

/// The string literals of `text` outside comments, each with its line.
fn string_literals(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut line = 1;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => line += 1,
            '/' if chars.peek() == Some(&'/') => {
                chars.by_ref().find(|&c| c == '\n');
                line += 1;
            }
            '\'' if chars.peek() == Some(&'"') => {
                chars.next();
            }
            '"' => {
                let (start, mut literal) = (line, String::new());
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => literal.extend(chars.next()),
                        '"' => break,
                        c => {
                            line += usize::from(c == '\n');
                            literal.push(c);
                        }
                    }
                }
                found.push((start, literal));
            }
            _ => {}
        }
    }
    found
}

/// Whether a string literal reads as words for the player: a capitalised
/// word and more ("Review game", "The game is over.", "Tiles."), a word
/// trailing off ("Thinking…"), or three lowercase words or more ("move the
/// tiles", "biggest tile you can!"). Class names, keys, paths
/// (`Option::is_none`) and JSON do not.
fn player_words(s: &str) -> bool {
    let first = s.split([' ', ',', ':', '.']).next().unwrap_or("");
    let capitalised = first.starts_with(|c: char| c.is_uppercase())
        && first
            .chars()
            .skip(1)
            .all(|c| c.is_lowercase() || "'#".contains(c));
    let sentence = s.contains(' ') || s.ends_with(['.', '!', '?', ':']);
    let lowercase_words = s
        .split_whitespace()
        .map(|w| w.trim_end_matches([',', '.', ':', ';', '!', '?']))
        .filter(|w| !w.is_empty() && w.chars().all(|c| c.is_lowercase() || c == '\''))
        .count();
    (capitalised && first.len() < s.len() && sentence) || s.ends_with('…') || lowercase_words >= 3
}

/// The modules whose words are not the player's, each with why. Every
/// other module of `src/` (the binaries aside, which are other programs)
/// says nothing to the player outside src/app/words.rs.
const NOT_THE_PLAYERS: [(&str, &str); 16] = [
    ("app::words", "the player's words themselves"),
    ("app::debugger", "the debugger's and the message log's words, for students"),
    ("app::ignored", "why a message changed nothing, in the message log's words"),
    ("view::inspector", "the debugger's own view: the message log's words"),
    ("web::session_file", "the debugger's session files: the message log's words"),
    ("engine", "why a state is impossible: the message log's and the tests' words"),
    ("session::save", "why a record is set aside (the notice names the record in words.rs)"),
    ("session::history", "why a stored history is refused: the message log's"),
    ("session::stats", "why stored statistics are refused: the message log's"),
    ("session::dailies", "why the stored dailies are refused: the message log's"),
    ("session::contest", "why a stored challenge is refused: the message log's"),
    ("ai", "the worker's: its failures are the message log's (the player reads words::COMPUTER_UNREACHABLE); its hint's reason is made in the worker"),
    ("web::worker", "the worker's failures: the message log's reasons"),
    ("web::review_pool", "the review's workers' failures: the message log's reasons"),
    ("web::ai_client", "the computer's refusals: the message log's reasons"),
    ("view::how_to_play", "how to play and its keys: static markup, one inert template of `view!`'s (drawn from words.rs's pieces it is not one: +1.4 KB, over the page's budget; docs/size.md)"),
];

/// The string literals of a module that could reach the player: outside
/// its tests (`#[cfg(test)]`, at a file's end), a `validate` function's
/// invariants (the tests' words), an `expect`'s or a `panic!`'s text, and
/// the reason a record is refused (`Invalid::Impossible(…)`, the message
/// log's: the notice names the record).
fn spoken_literals(text: &str) -> Vec<(usize, String)> {
    let text = text.split("#[cfg(test)]").next().unwrap_or(text);
    let mut skipped = vec![false; text.lines().count() + 2];
    let lines: Vec<&str> = text.lines().collect();
    let mut depth: Option<i32> = None;
    for (i, line) in lines.iter().enumerate() {
        if depth.is_none() && line.contains("fn validate(") {
            depth = Some(0);
        }
        if let Some(d) = depth.as_mut() {
            skipped[i + 1] = true;
            let code = code_of(line);
            *d += code.matches('{').count() as i32 - code.matches('}').count() as i32;
            if *d <= 0 && code.contains('}') {
                depth = None;
            }
        }
    }
    // What comes right before a literal: its line's code up to it, or the
    // line before when rustfmt broke the call there.
    let before = |line: usize, literal: &str| -> String {
        let on_line = lines.get(line - 1).copied().unwrap_or("");
        let head = on_line.split(&format!("\"{literal}")).next().unwrap_or("");
        match head.trim() {
            "" => lines
                .get(line.wrapping_sub(2))
                .copied()
                .unwrap_or("")
                .trim()
                .to_string(),
            head => head.to_string(),
        }
    };
    let programmers = ["expect(", "panic!(", "Impossible(", "Malformed("];
    string_literals(text)
        .into_iter()
        .filter(|(line, literal)| {
            let before = before(*line, literal);
            !skipped[*line] && !programmers.iter().any(|p| before.ends_with(p))
        })
        .collect()
}

#[test]
fn every_word_the_app_says_is_in_words_rs() {
    let mut elsewhere = Vec::new();
    let own = |module: &str| {
        NOT_THE_PLAYERS
            .iter()
            .any(|(m, _)| module == *m || module.starts_with(&format!("{m}::")))
    };
    for (module, path) in library_modules() {
        if own(&module) {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        for (line, literal) in spoken_literals(&text) {
            if player_words(&literal) {
                elsewhere.push(format!("{}:{line}: {literal:?}", path.display()));
            }
        }
    }
    assert!(
        elsewhere.is_empty(),
        "words for the player outside src/app/words.rs:\n{}",
        elsewhere.join("\n")
    );
    let sample =
        "// \"Not this one\"\nlet c = '\"';\nlet a = (\"contest-own\", \"The game is over.\");\n\
                  let b = \"move the tiles\";\nx.expect(\"Page provides the model\");\n\
                  fn validate() {\n    Err(\"best score below the present score\")\n}\n\
                  #[cfg(test)]\nlet t = \"Move 1: best\";\n";
    let said: Vec<_> = spoken_literals(sample)
        .into_iter()
        .filter(|(_, s)| player_words(s))
        .collect();
    assert_eq!(
        said,
        [
            (3, "The game is over.".to_string()),
            (4, "move the tiles".to_string())
        ],
        "the checker sees two, and neither the programmer's nor the tests'"
    );
    assert!(player_words("Thinking…") && player_words("Review game"));
    assert!(player_words("biggest tile you can!") && player_words("Tiles."));
    assert!(!player_words("2048") && !player_words("Live") && !player_words("{x}"));
    assert!(!player_words("Option::is_none") && !player_words("no commands"));
}

#[test]
fn the_apps_header_names_each_of_its_modules() {
    let text = fs::read_to_string(src().join("app/mod.rs")).unwrap();
    let header: String = text.lines().filter_map(|l| l.strip_prefix("//!")).collect();
    let unnamed: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod ")?.strip_suffix(';'))
        .filter(|m| !header.contains(&format!("[`{m}`]")))
        .collect();
    assert_eq!(
        unnamed,
        Vec::<&str>::new(),
        "src/app/mod.rs's header names no"
    );
}

/// The standard library's methods that change what they are called on,
/// which a rule could call on a room's field.
const STD_MUTATORS: [&str; 14] = [
    "take",
    "replace",
    "as_mut",
    "get_or_insert",
    "get_or_insert_with",
    "insert",
    "push",
    "pop",
    "clear",
    "extend",
    "retain",
    "remove",
    "truncate",
    "swap",
];

/// The methods that change what they are called on: every `fn NAME(&mut
/// self` of `src/`, and [`STD_MUTATORS`].
fn mutating_methods() -> BTreeSet<String> {
    let mut names: BTreeSet<String> = STD_MUTATORS.map(String::from).into();
    for path in rust_files(&src()) {
        let code = code_of(&fs::read_to_string(&path).unwrap());
        let mut rest = code.as_str();
        while let Some(at) = rest.find("fn ") {
            rest = &rest[at + 3..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let mut after = &rest[name.len()..];
            if after.starts_with('<') {
                let mut depth = 0;
                let close = after.find(|c: char| {
                    depth += i32::from(c == '<') - i32::from(c == '>');
                    depth == 0
                });
                after = close.map_or("", |at| &after[at + 1..]);
            }
            let Some(params) = after.strip_prefix('(') else {
                continue;
            };
            let first = params.split([',', ')']).next().unwrap_or("");
            if first.contains("mut self") {
                names.insert(name);
            }
        }
    }
    names
}

/// Where `code`, a rule file, writes to a room of the model: `model.ROOM…
/// =` (or `+=`, `|=`, …), `&mut model.ROOM…`, or a method of `mutating`
/// called on one of the room's fields (`model.ROOM.FIELD….take()`). A
/// method called on the room itself (`model.storage.mark(…)`) is the
/// room's door, written in its type's file (but a standard one on a room
/// that is a plain value, `model.note.take()`, is a write), and
/// `model.board_game_mut()` is the model's. Each as `(room, the expression)`.
fn room_writes(code: &str, mutating: &BTreeSet<String>) -> Vec<(String, String)> {
    // Chains that rustfmt breaks over lines (`model\n    .contest\n    .challenge`)
    // are joined first.
    let mut joined = String::with_capacity(code.len());
    for line in code.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with('.') && !trimmed.starts_with("..") {
            joined.push_str(trimmed);
        } else {
            joined.push('\n');
            joined.push_str(line);
        }
    }
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = joined[from..].find("model.") {
        let start = from + at;
        from = start + "model.".len();
        let before = &joined[..start];
        if before.ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '.') {
            continue;
        }
        let mut segments = vec![ident(&joined[from..])];
        let mut end = from + segments[0].len();
        while joined[end..].starts_with('.') {
            let next = ident(&joined[end + 1..]);
            if next.is_empty() {
                break;
            }
            end += 1 + next.len();
            segments.push(next);
        }
        let rest = joined[end..].trim_start();
        let assigned = rest.starts_with('=') && !rest.starts_with("==")
            || ["+=", "-=", "|=", "&=", "*="]
                .iter()
                .any(|op| rest.starts_with(op));
        let borrowed = before.trim_end().ends_with("&mut");
        let method = segments.last().unwrap().as_str();
        let mutated = rest.starts_with('(')
            && match segments.len() {
                // A room's own method is its door, unless the room is a
                // plain value (`model.note.take()`).
                2 => STD_MUTATORS.contains(&method),
                n => n > 2 && mutating.contains(method),
            };
        if assigned || borrowed || mutated {
            found.push((segments[0].clone(), format!("model.{}", segments.join("."))));
        }
    }
    found
}

/// The rooms whose rules are in each rule file, from ARCHITECTURE.md's
/// table: `update/game.rs` → {`game`}.
fn rooms_of_rule_files() -> BTreeMap<String, BTreeSet<String>> {
    let mut owners: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for [field, _, _, rules] in rooms_in_architecture() {
        owners.entry(rules).or_default().insert(field);
    }
    owners
}

#[test]
fn a_rooms_state_is_written_by_its_own_rule_file_only() {
    let owners = rooms_of_rule_files();
    let rooms: BTreeSet<String> = owners.values().flatten().cloned().collect();
    let mutating = mutating_methods();
    let mut trespasses = Vec::new();
    for path in rust_files(&src().join("app/update")) {
        let file = format!("update/{}", path.file_name().unwrap().to_string_lossy());
        let own = owners.get(&file).cloned().unwrap_or_default();
        let code = code_of(&fs::read_to_string(&path).unwrap());
        for (room, what) in room_writes(&code, &mutating) {
            if rooms.contains(&room) && !own.contains(&room) {
                trespasses.push(format!("{file} writes {what} (`{room}` is not its room)"));
            }
        }
    }
    assert!(
        trespasses.is_empty(),
        "a room's state is changed only by its rule file, through the room's \
         doors elsewhere (`model.travel.go_live()`, `model.storage.mark(…)`, \
         `common::announce`):\n{}",
        trespasses.join("\n")
    );
}

#[test]
fn the_room_checker_sees_a_write_from_another_rooms_file() {
    let mutating = mutating_methods();
    let planted = "fn swap(model: &mut Model) {\n    model.travel.mode = Mode::Live;\n    \
                   model.storage.unsaved.challenge |= true;\n    \
                   std::mem::swap(&mut model.game.own, &mut other);\n    \
                   model\n        .contest\n        .challenge\n        .take();\n    \
                   model.announcement = String::new();\n    \
                   model.storage.mark(Unsaved::GAME);\n    \
                   let same = model.travel.mode == Mode::Live;\n}\n";
    let rooms: Vec<String> = room_writes(planted, &mutating)
        .into_iter()
        .map(|(room, _)| room)
        .collect();
    assert_eq!(
        rooms,
        ["travel", "storage", "game", "contest", "announcement"],
        "each write seen once; a door (`mark`) and a comparison are not writes"
    );
}

// ─── A room's code arrives with the room ──────────────────────────────────

/// The item that starts at `head` (`fn name(`, `const NAME:`) in `code`:
/// from `head` to its closing brace, or `None` if there is none.
fn item<'a>(code: &'a str, head: &str) -> Option<&'a str> {
    let at = code.find(head)?;
    let open = at + code[at..].find('{')?;
    let mut depth = 0;
    for (i, c) in code[open..].char_indices() {
        depth += match c {
            '{' => 1,
            '}' => -1,
            _ => 0,
        };
        if depth == 0 {
            return Some(&code[at..=open + i]);
        }
    }
    None
}

/// Where `code` calls or names `name` as a word not reached through a
/// path (`name(` with no `::` before it).
fn names_directly(code: &str, name: &str) -> bool {
    code.match_indices(&format!("{name}(")).any(|(at, _)| {
        let before = code[..at].chars().last();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
    })
}

/// A room whose rules arrive with its chunk (`app::rooms`): its rules
/// file, the module path other files name them by, the constant that hands
/// them to the chunk's split point, what the page at start keeps of the file (every other
/// `pub fn` there is the room's, and arrives with its chunk), and what
/// other moved rooms' rules call directly (they are in those rooms'
/// chunks, which hand this room's rules over too: no other file may name
/// them).
struct MovedRoom {
    file: &'static str,
    module: &'static str,
    constant: &'static str,
    kept: &'static [&'static str],
    from_rooms: &'static [&'static str],
}

/// The rooms moved so far.
const MOVED_ROOMS: [MovedRoom; 3] = [
    MovedRoom {
        file: "app/update/contest.rs",
        module: "contest",
        constant: "CONTEST",
        kept: &[
            "loaded",
            "take_asked",
            "keep_question",
            "put_own_game_on_board",
            "time",
        ],
        from_rooms: &[],
    },
    MovedRoom {
        file: "app/update/learn.rs",
        module: "learn",
        constant: "LEARN",
        kept: &["leave", "verdict_in"],
        from_rooms: &[],
    },
    MovedRoom {
        file: "app/update/coach.rs",
        module: "coach",
        constant: "COACH",
        kept: &["keep_valid"],
        // A challenge's end (the contest's) and a puzzle's position
        // (learn's) start a review.
        from_rooms: &["review_quietly", "review_one"],
    },
];

/// Whether `path` is a moved room's rules file.
fn moved_rooms_file(path: &str) -> bool {
    MOVED_ROOMS.iter().any(|room| path.ends_with(room.file))
}

/// The `pub fn`s of `code`.
fn public_functions(code: &str) -> Vec<String> {
    code.match_indices("pub fn ")
        .map(|(at, _)| {
            let rest = &code[at + "pub fn ".len()..];
            rest.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

/// Where `room`'s rules (`code`, its rules file) are named in ways that
/// would link them into the page at start: by another file than
/// `rooms.rs`'s constant (the one place the chunk's split point reaches
/// them by), by what the page keeps of the room other than through
/// `rooms`, or by `rooms.rs`'s page-side `here`.
fn room_rules_linked(
    room: &MovedRoom,
    code: &str,
    rooms: &str,
    others: &[(String, String)],
) -> Vec<String> {
    let moved: Vec<String> = public_functions(code)
        .into_iter()
        .filter(|f| !room.kept.contains(&f.as_str()))
        .collect();
    let mut found = Vec::new();
    let constant = format!("pub const {}:", room.constant);
    let rooms_outside = rooms.replace(item(rooms, &constant).unwrap_or(""), "");
    let outside = format!("app/rooms.rs outside {}", room.constant);
    let files = others
        .iter()
        .map(|(p, c)| (p.as_str(), c.as_str()))
        .chain([(outside.as_str(), rooms_outside.as_str())]);
    for (path, code) in files {
        for f in &moved {
            let path_of = format!("{}::{f}", room.module);
            let named = code.match_indices(&path_of).any(|(at, _)| {
                let after = code[at + path_of.len()..].chars().next();
                !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
            });
            let from_room = room.from_rooms.contains(&f.as_str()) && moved_rooms_file(path);
            if named && !from_room {
                found.push(format!("{path} names {path_of}"));
            }
        }
    }
    for kept in room.kept {
        let body = item(code, &format!("pub fn {kept}(")).unwrap_or("");
        for f in moved.iter().filter(|f| names_directly(body, f)) {
            found.push(format!(
                "{}::{kept} calls {f} not through rooms",
                room.module
            ));
        }
    }
    found.extend(getter_reads_what_arrived(room, rooms));
    found
}

/// `rooms.rs`'s page-side `here`, which reads the rules the chunks handed
/// over, must never name `room`'s constant.
fn getter_reads_what_arrived(room: &MovedRoom, rooms: &str) -> Option<String> {
    // The function right after a `#[cfg(target_family = "wasm")]`.
    let getter = "fn here(";
    let page_side = rooms
        .match_indices("#[cfg(target_family")
        .map(|(at, _)| &rooms[at..])
        .find(|after| after.find("fn ") == after.find(getter))
        .and_then(|after| item(after, getter))
        .unwrap_or("");
    if page_side.is_empty() {
        return Some("rooms::here on the page is missing".into());
    }
    let c = room.constant;
    let word = |ch: Option<char>| ch.is_some_and(|ch| ch.is_alphanumeric() || ch == '_');
    let names = page_side.match_indices(c).any(|(at, _)| {
        !word(page_side[..at].chars().last()) && !word(page_side[at + c.len()..].chars().next())
    });
    names.then(|| format!("rooms::here on the page names {c}, not only what arrived"))
}

#[test]
fn moved_rooms_rules_are_not_linked_into_the_page_at_start() {
    let read = |p: &Path| code_of(&fs::read_to_string(p).unwrap());
    let rooms = read(&src().join("app/rooms.rs"));
    for room in &MOVED_ROOMS {
        let code = read(&src().join(room.file));
        let others: Vec<(String, String)> = rust_files(&src())
            .into_iter()
            .filter(|p| !p.ends_with(room.file) && !p.ends_with("app/rooms.rs"))
            .map(|p| (p.display().to_string(), read(&p)))
            .collect();
        let linked = room_rules_linked(room, &code, &rooms, &others);
        assert!(linked.is_empty(), "{linked:#?}");
        assert!(
            public_functions(&code).len() > room.kept.len() + 3,
            "{}'s rules are found",
            room.module
        );
    }
}

/// The rooms' rules each row of `chunk_table!` hands over (`rules A & B`,
/// by their constants' names), by the row's chunk as written
/// (`Chunk::Contest`).
fn rules_by_row(table: &str) -> Vec<(String, Vec<String>)> {
    let rows = table.lines().filter_map(|line| {
        let (chunk, rest) = line.trim().split_once(" => ")?;
        let rules = rest.split_once("; rules ").map_or("", |(_, r)| r);
        let rules = rules.trim_end_matches(',').split(" & ");
        let names = rules.filter_map(|r| r.rsplit("::").next());
        let names = names.filter(|n| !n.is_empty()).map(String::from);
        chunk
            .starts_with("Chunk::")
            .then(|| (chunk.to_string(), names.collect()))
    });
    rows.collect()
}

#[test]
fn the_debugger_fetches_a_chunk_that_brings_every_moved_rooms_rules() {
    let table = fs::read_to_string(src().join("app/chunks.rs")).unwrap();
    let rows = rules_by_row(&table);
    let written = |c: Chunk| format!("Chunk::{c:?}").replace("Panel(", "Panel(Panel::");
    let fetched: Vec<String> = rooms::WITH_RULES.iter().map(|&c| written(c)).collect();
    for room in &MOVED_ROOMS {
        let handing: Vec<&String> = rows
            .iter()
            .filter(|(_, rules)| rules.iter().any(|r| r == room.constant))
            .map(|(chunk, _)| chunk)
            .collect();
        let c = room.constant;
        assert!(
            !handing.is_empty(),
            "no row of chunk_table! hands rooms::{c}"
        );
        assert!(
            handing.iter().any(|chunk| fetched.contains(chunk)),
            "the debugger fetches none of {handing:?}, which hand rooms::{c}"
        );
    }
    let contest = rows.iter().find(|(chunk, _)| chunk == "Chunk::Contest");
    assert_eq!(
        contest.unwrap().1,
        ["CONTEST", "COACH"],
        "the table is read"
    );
}

#[test]
fn the_checker_sees_a_moved_rule_linked_into_the_page() {
    let contest = "pub fn loaded() { daily(1) }\npub fn daily(n: u32) {}\npub fn rule() {}\n\
                   pub fn keep_question() {}\npub fn put_own_game_on_board() {}\npub fn time() {}";
    let rooms = "pub const CONTEST: Rules = Rules { rule: contest::rule };\n\
                 #[cfg(target_family = \"wasm\")]\nfn here() { HANDED.get() }";
    let others = vec![(
        "mod.rs".to_string(),
        "contest::rule(model, msg)".to_string(),
    )];
    let found = room_rules_linked(&MOVED_ROOMS[0], contest, rooms, &others);
    assert_eq!(
        found,
        [
            "mod.rs names contest::rule",
            "contest::loaded calls daily not through rooms"
        ]
    );
    let well = "pub fn loaded() { rooms::daily(1) }\npub fn daily(n: u32) {}";
    assert!(room_rules_linked(&MOVED_ROOMS[0], well, rooms, &[]).is_empty());
}

#[test]
fn the_checker_sees_the_coachs_rules_linked_into_the_page() {
    let coach = "pub fn rule() {}\npub fn review() {}\npub fn review_quietly() {}\n\
                 pub fn review_one() {}\npub fn keep_valid() {}";
    let rooms = "pub const COACH: Rules = Rules::Coach(CoachRules { rule: coach::rule });\n\
                 #[cfg(target_family = \"wasm\")]\nfn here() { HANDED.get() }";
    let file = |path: &str, code: &str| (path.to_string(), code.to_string());
    let others = vec![
        file(
            "src/app/update/mod.rs",
            "Msg::Review => coach::review(model),",
        ),
        file(
            "src/app/update/contest.rs",
            "use super::coach::review_quietly;",
        ),
        file("src/app/update/learn.rs", "super::coach::review_one(model)"),
        file(
            "src/app/update/game.rs",
            "super::coach::review_quietly(model)",
        ),
    ];
    let found = room_rules_linked(&MOVED_ROOMS[2], coach, rooms, &others);
    assert_eq!(
        found,
        [
            "src/app/update/mod.rs names coach::review",
            "src/app/update/game.rs names coach::review_quietly"
        ]
    );
    let native = "#[cfg(target_family = \"wasm\")]\nfn here() { Here::NONE.with(COACH) }";
    let found = room_rules_linked(&MOVED_ROOMS[2], coach, native, &[]);
    assert_eq!(
        found,
        ["rooms::here on the page names COACH, not only what arrived"]
    );
}
