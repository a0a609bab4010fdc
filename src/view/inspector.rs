//! The debugger's view, in its own chunk, mounted by its runner
//! (`web::debugger`) in its place on the page, a root of its own, as Elm's
//! debugger draws beside the program it wraps: docked at the side of the
//! window (at its foot on a narrow screen), so that it stays where the
//! student clicked whatever the page under it shows.
//!
//! - Its head: while paused, which message (of how many), what it was and
//!   what `update` made of it, Previous, Next and Back to live; else the
//!   message log's title, with how many messages.
//! - Its message log: every message recorded (or of the file opened),
//!   newest first, the one paused on marked; each one's number pauses the
//!   page on it.
//! - What the message paused on changed in the model, field by field
//!   (`app::debugger::diff`).
//! - The session tools: saving the page's session and opening a file
//!   (which the player's page does not show), and hiding the log.
//! - While paused, its veil over the page (Elm's `BlockAll`): the page
//!   shows through it and takes no input; it says so, and how to go back.
//!
//! The page around it is the model the fold made right after the message
//! paused on, drawn by the app's own views. The runner writes what it
//! draws (plain data in signals, [`Drawn`]); its buttons send the
//! debugger's messages.

use std::sync::Arc;

use leptos::prelude::*;
use serde_json::Value;

use crate::app::debugger::diff::{cut, Change, LONGEST};
use crate::app::debugger::inspected::{Inspected, Listed};
use crate::app::debugger::program::{DebugMsg, Row};
use crate::view::context::use_dispatcher;
use crate::web::browser::{details_open, scroll_box};

/// What the debugger's view draws, as signals that only its runner writes
/// (provided in its root's context): reference-counted, so that no view's
/// owner takes them away.
#[derive(Clone)]
pub struct Drawn {
    /// The head and what the message paused on changed.
    pub inspected: ArcRwSignal<Inspected>,
    /// Whether the message log is shown.
    pub open: ArcRwSignal<bool>,
    /// Which messages the list stands for.
    pub listed: ArcRwSignal<Listed>,
    /// The message paused on, marked in the list.
    pub at: ArcRwSignal<Option<u64>>,
    /// The message log's scroll offset and height, in px.
    pub view_box: ArcRwSignal<(f64, f64)>,
    /// The model right after it, as JSON, drawn whole as a tree.
    pub model: ArcRwSignal<Option<Arc<Value>>>,
    /// Message N of the session listed, in words (the runner reads its
    /// model), made as its row is drawn.
    pub row: fn(u64) -> Option<Row>,
}

fn drawn() -> Drawn {
    use_context::<Drawn>().expect("the debugger's runner provides Drawn")
}

/// The debugger's view: its column, and while the page is paused its veil
/// over the page.
#[component]
pub fn Inspector() -> impl IntoView {
    let drawn = drawn();
    let (inspected, open) = (drawn.inspected, RwSignal::from(drawn.open));
    let (described, veiled) = (inspected.clone(), inspected.clone());
    let model = drawn.model;
    // Which parts of the model's tree are open, kept from one message to
    // the next.
    let opened = RwSignal::new(Vec::<String>::new());
    let dispatch = use_dispatcher();
    let send = move |msg: DebugMsg| move |_| dispatch.debug(msg.clone());
    view! {
        <section class="inspector" aria-label="Debugger">
            {move || inspected.with(head)}
            <Show when=move || open.get()>
                <MessageLog/>
            </Show>
            <div class="inspector-model">
                {move || described.with(|i| i.at.map(|_| changes(&i.described.changes)))}
                {move || model.get().map(|root| tree(root, opened))}
            </div>
            <div class="session-files">
                <button class="save-session" on:click=send(DebugMsg::Save)>"Save this session"</button>
                <button class="open-session" on:click=send(DebugMsg::Open)>"Open a session file…"</button>
                <button class="inspector-close" on:click=send(DebugMsg::ToggleLog)>
                    {move || if open.get() { "Hide the messages" } else { "Show the messages" }}
                </button>
            </div>
            <small>"Or drop a session file on the page to step through it."</small>
        </section>
        {move || veiled.with(veil)}
    }
}

/// The head: what the debugger says, and while paused Previous, Next and
/// Back to live.
fn head(i: &Inspected) -> impl IntoView + use<> {
    let dispatch = use_dispatcher();
    let send = move |msg: DebugMsg| move |_| dispatch.debug(msg.clone());
    let problem = i
        .problem
        .clone()
        .map(|why| view! { <p class="inspector-problem" role="alert">{why}</p> });
    let Some(at) = i.at else {
        return view! {
            <h2 class="inspector-title">{format!("Messages ({})", i.last)}</h2>
            {problem}
        }
        .into_any();
    };
    let whose = if i.file {
        "Session from a file"
    } else {
        "Paused"
    };
    view! {
        <h2 class="inspector-title" data-at=at>
            {format!("{whose}: after message {at} of {}", i.last)}
        </h2>
        {problem}
        <p class="inspector-msg">
            <code>{i.described.msg.clone()}</code>
            " → "
            <span class="inspector-cmds">{i.described.outcome.clone()}</span>
        </p>
        <div class="inspector-actions">
            <button class="inspector-prev" disabled={at <= i.first}
                on:click=send(DebugMsg::Inspect(Some(at.saturating_sub(1))))>"Previous message"</button>
            <button class="inspector-next" disabled={at >= i.last}
                on:click=send(DebugMsg::Inspect(Some(at + 1)))>"Next message"</button>
            <button class="inspector-live" on:click=send(DebugMsg::Inspect(None))>"Back to live"</button>
        </div>
    }
    .into_any()
}

/// While paused, the veil over the page (Elm's `BlockAll`): the page shows
/// through it, out of reach (the runner makes it inert), and it says so,
/// how to step and how to go back to live, and the last input it took.
fn veil(i: &Inspected) -> Option<impl IntoView + use<>> {
    let at = i.at?;
    let dispatch = use_dispatcher();
    let blocked = i.blocked.clone().map(|input| {
        view! {
            <p class="inspector-blocked">{format!("{input} was not taken: the page is paused.")}</p>
        }
    });
    Some(view! {
        <div class="debugger-veil">
            <div class="debugger-veil-says" role="status">
                <p>
                    <strong>"Paused"</strong>
                    {format!(" after message {at} of {}: the page shows the model then and takes \
                        no input. ↑ and ↓ step through the messages.", i.last)}
                </p>
                <button class="debugger-resume" on:click=move |_| dispatch.debug(DebugMsg::Inspect(None))>
                    "Back to live"
                </button>
                {blocked}
            </div>
        </div>
    })
}

/// The height of a row of the message log, in CSS px: fixed, so that the
/// list knows where every row stands without drawing it (set on the list
/// as `--message-row`, which style/debugger.css sizes the rows by).
pub const ROW_PX: f64 = ROW as f64;

/// The same, as a whole number: the list's padding is written from it, as
/// whole pixels (formatting a float would bring its printer into the
/// chunk, 12 KB).
const ROW: u64 = 28;

/// How many rows are drawn past each edge of the view, so that a short
/// scroll shows rows already drawn.
const OVERSCAN: u64 = 8;

/// The message log: a virtual list of every message listed, newest first,
/// as Redux DevTools' log and Chrome's network panel draw theirs: only the
/// rows in view (and [`OVERSCAN`] more each side) are drawn, each keyed by
/// its session and number, in a list whose padding stands for the rest, so
/// that its scroll height is every message's. A new message adds one row
/// (and takes one off the far end); a step moves one mark (and scrolls the
/// list by a row when the mark leaves the view); scrolling draws the rows
/// that come into view.
#[component]
fn MessageLog() -> impl IntoView {
    let drawn = drawn();
    let listed = RwSignal::from(drawn.listed);
    let at = RwSignal::from(drawn.at);
    let row = drawn.row;
    let log = NodeRef::<leptos::html::Div>::new();
    // The list's scroll offset and height, in px, as last read (the
    // runner writes it too when it scrolls the list to the message marked).
    let view_box = RwSignal::from(drawn.view_box);
    view_box.set((0.0, 24.0 * ROW_PX));
    let read = move || {
        if let Some(el) = log.get_untracked() {
            view_box.set(scroll_box(&el));
        }
    };
    // The rows drawn: from and to, counted from the newest.
    let span = Memo::new(move |_| {
        let (listed, (top, height)) = (listed.get(), view_box.get());
        let len = listed.len();
        let from = ((top / ROW_PX) as u64).saturating_sub(OVERSCAN).min(len);
        let to = (((top + height) / ROW_PX).ceil() as u64 + OVERSCAN).min(len);
        (listed, from, to)
    });
    // Only the rows whose mark changes hear a step, not every row.
    let marked = Selector::new(move || at.get());
    let px = |rows: u64| format!("{}px", rows * ROW);
    view! {
        {move || listed.with(|l| l.parted).map(parted)}
        <div class="message-scroll" tabindex="0" node_ref=log on:scroll=move |_| read()
            style:--message-row=format!("{ROW}px")>
        <ol
            id="message-log"
            class="message-log"
            aria-label="App messages, newest first"
            style:padding-top=move || span.with(|s| px(s.1))
            style:padding-bottom=move || span.with(|s| px(s.0.len() - s.2))
        >
            <For
                each=move || {
                    let (listed, from, to) = span.get();
                    (from..to).map(move |i| (listed.file, listed.last - i))
                }
                key=|key| *key
                children=move |(_, n)| row(n).map(|row| message(row, marked.clone()))
            />
        </ol>
        </div>
    }
}

/// Over a file's list, the first message whose replay differs from what
/// the file recorded, and how many do (their rows are marked).
fn parted((n, count): (u64, usize)) -> impl IntoView {
    let others = match count {
        1 => String::new(),
        _ => format!(" ({count} messages differ, each marked ≠)"),
    };
    view! {
        <p class="message-parted" role="status">
            {format!("Message {n} is the first whose replay differs from the file{others}.")}
        </p>
    }
}

/// One message: its number (a button that pauses on it), the message, and
/// its commands or why it was ignored, on one line of a fixed height (the
/// whole of it in its title).
fn message(row: Row, marked: Selector<Option<u64>>) -> impl IntoView {
    let dispatch = use_dispatcher();
    let n = row.n;
    let current = move || marked.selected(&Some(n)).then_some("true");
    let title = format!("{} → {} {}", row.msg, row.outcome, row.subs);
    let subs =
        (!row.subs.is_empty()).then(|| view! { " " <span class="message-subs">{row.subs}</span> });
    // A message whose replay differs from the file opened: a mark, and
    // words for a screen reader.
    let differs = row.differs.then(|| {
        view! {
            <span class="message-differs" aria-hidden="true">"≠"</span>
            <span class="visually-hidden">"differs from the file: "</span>
        }
    });
    view! {
        <li class="message-row" data-n=n aria-current=current title=title
            class:differs=row.differs>
            {differs}
            <button class="message-n" aria-label=format!("Inspect message {n}")
                on:click=move |_| dispatch.debug(DebugMsg::Inspect(Some(n)))>
                {n}
            </button>
            " "
            <code class="message-msg">{row.msg}</code>
            " → "
            <span class="message-effects">{row.outcome}</span>
            {subs}
        </li>
    }
}

/// What the message changed, field by field; values cut open whole.
fn changes(changes: &[Change]) -> impl IntoView + use<> {
    if changes.is_empty() {
        return view! { <p class="inspector-same">"The model did not change."</p> }.into_any();
    }
    let rows = changes
        .iter()
        .map(|c| {
            let whole = c.whole.as_ref().map(|(before, after)| {
                view! {
                    <details class="inspector-value">
                        <summary>"The values whole"</summary>
                        <pre>{before.clone()}</pre>" → "<pre>{after.clone()}</pre>
                    </details>
                }
            });
            view! {
                <dt>{c.field.clone()}</dt>
                <dd><pre>{c.before.clone()}</pre>" → "<pre>{c.after.clone()}</pre>{whole}</dd>
            }
        })
        .collect_view();
    view! {
        <h3>"What it changed"</h3>
        <dl class="inspector-changes">{rows}</dl>
    }
    .into_any()
}

/// The whole model right after the message paused on, as Elm's debugger
/// shows it: a tree of every room, each part a `<details>` whose contents
/// are drawn when it is opened (a long list by hundreds, a long text
/// whole), so that nothing is cut without a way to open it.
fn tree(root: Arc<Value>, opened: RwSignal<Vec<String>>) -> impl IntoView {
    view! {
        <h3>"The whole model"</h3>
        <ul class="debugger-tree" aria-label="The model after this message">
            {parts(&root, "", (0, 0), opened)}
        </ul>
    }
}

/// What a part of the model holds, at `pointer` (a JSON pointer), its
/// items `from..to` if it is a list.
fn parts(
    root: &Arc<Value>,
    pointer: &str,
    (from, to): (usize, usize),
    opened: RwSignal<Vec<String>>,
) -> Vec<AnyView> {
    let item = |key: String, step: String| node(root, format!("{pointer}/{step}"), key, opened);
    match root.pointer(pointer) {
        Some(Value::Object(fields)) => fields
            .keys()
            .map(|k| item(k.clone(), k.replace('~', "~0").replace('/', "~1")))
            .collect(),
        Some(Value::Array(_)) if to - from > 100 => {
            let mut step = 100;
            while (to - from).div_ceil(step) > 100 {
                step *= 100;
            }
            (from..to)
                .step_by(step)
                .map(|i| {
                    let end = (i + step).min(to);
                    let label = format!("[{i}…{}]", end - 1);
                    branch(root, pointer.to_string(), label, (i, end), opened)
                })
                .collect()
        }
        Some(Value::Array(_)) => (from..to)
            .map(|i| item(i.to_string(), i.to_string()))
            .collect(),
        Some(Value::String(text)) => vec![leaf(text.clone())],
        _ => Vec::new(),
    }
}

/// One part of the model: a value on one line, or a branch to open.
fn node(root: &Arc<Value>, pointer: String, key: String, opened: RwSignal<Vec<String>>) -> AnyView {
    let value = root.pointer(&pointer).unwrap_or(&Value::Null);
    let (summary, len) = match value {
        Value::Object(fields) if !fields.is_empty() => (format!("{{{} fields}}", fields.len()), 0),
        Value::Array(items) if !items.is_empty() => {
            (format!("[{} items]", items.len()), items.len())
        }
        Value::String(text) if text.chars().count() > LONGEST => (cut(&value.to_string()), 0),
        _ => return leaf(format!("{key}: {value}")),
    };
    branch(root, pointer, format!("{key}: {summary}"), (0, len), opened)
}

/// A value of the model's tree, whole.
fn leaf(text: String) -> AnyView {
    view! { <li class="tree-leaf">{text}</li> }.into_any()
}

/// A part to open: its contents drawn only while it is open.
fn branch(
    root: &Arc<Value>,
    pointer: String,
    label: String,
    part: (usize, usize),
    opened: RwSignal<Vec<String>>,
) -> AnyView {
    let root = root.clone();
    let id = format!("{pointer}#{}", part.0);
    let key = id.clone();
    let open = move || opened.with(|o| o.contains(&key));
    let shown = open.clone();
    let toggle = move |ev: leptos::ev::Event| {
        let now = details_open(&ev);
        if now != opened.with_untracked(|o| o.contains(&id)) {
            opened.update(|o| match now {
                true => o.push(id.clone()),
                false => o.retain(|k| *k != id),
            });
        }
    };
    view! {
        <li>
            <details prop:open=open on:toggle=toggle>
                <summary>{label}</summary>
                <ul>{move || shown().then(|| parts(&root, &pointer, part, opened))}</ul>
            </details>
        </li>
    }
    .into_any()
}
