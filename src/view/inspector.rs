//! The debugger's view, in its own chunk, mounted by its runner
//! (`web::debugger`) in its place on the page, a root of its own, as Elm's
//! debugger draws beside the program it wraps: docked at the side of the
//! window (at its foot on a narrow screen), so that it stays where the
//! student clicked whatever the page under it shows.
//!
//! - Its head: while paused, which message (of how many), what it was and
//!   what `update` made of it, Previous, Next and Back to live, and the
//!   player's input blocked while paused, in words (Elm's `BlockMost`);
//!   else the message log's title, saving and opening session files.
//! - Its message log: every message recorded (or of the file opened),
//!   newest first, the one paused on marked; each one's number pauses the
//!   page on it.
//! - What the message paused on changed in the model, field by field
//!   (`app::debugger::diff`).
//!
//! The page around it is the model the fold made right after the message
//! paused on, drawn by the app's own views. The runner writes what it
//! draws (plain data in signals, [`Drawn`]); its buttons send the
//! debugger's messages.

use leptos::prelude::*;

use crate::app::debugger::diff::Change;
use crate::app::debugger::inspected::{Inspected, Listed};
use crate::app::debugger::program::{DebugMsg, Row};
use crate::view::context::use_dispatcher;

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
    /// Message N of the session listed, in words (the runner reads its
    /// model), made as its row is drawn.
    pub row: fn(u64) -> Option<Row>,
}

fn drawn() -> Drawn {
    use_context::<Drawn>().expect("the debugger's runner provides Drawn")
}

/// The debugger's view.
#[component]
pub fn Inspector() -> impl IntoView {
    let drawn = drawn();
    let (inspected, open) = (drawn.inspected, drawn.open);
    let described = inspected.clone();
    view! {
        <section class="inspector" aria-label="Debugger">
            {move || inspected.with(head)}
            <Show when=move || open.get()>
                <MessageLog/>
            </Show>
            {move || described.with(|i| i.at.map(|_| changes(&i.described.changes)))}
        </section>
    }
}

/// The head: what the debugger says, and its buttons.
fn head(i: &Inspected) -> impl IntoView + use<> {
    let dispatch = use_dispatcher();
    let send = move |msg: DebugMsg| move |_| dispatch.debug(msg.clone());
    let problem = i
        .problem
        .clone()
        .map(|why| view! { <p class="inspector-problem" role="alert">{why}</p> });
    let Some(at) = i.at else {
        return view! {
            <h2 class="inspector-title">"Messages"</h2>
            {problem}
            <div class="session-files">
                <button class="save-session" on:click=send(DebugMsg::Save)>"Save this session"</button>
                <button class="open-session" on:click=send(DebugMsg::Open)>"Open a session file…"</button>
                <button class="inspector-close" on:click=send(DebugMsg::ToggleLog)>"Close"</button>
            </div>
            <small>"Or drop a session file on the page to step through it."</small>
        }
        .into_any();
    };
    let whose = if i.file {
        "Session from a file"
    } else {
        "Paused"
    };
    let blocked = i.blocked.clone().map(|input| {
        view! {
            <p class="inspector-blocked" role="status">
                {format!("Paused: {input} was not taken. Back to live to play.")}
            </p>
        }
    });
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
        {blocked}
    }
    .into_any()
}

/// The height of a row of the message log, in CSS px: fixed, so that the
/// list knows where every row stands without drawing it (set on the list
/// as `--message-row`, which style/debugger.css sizes the rows by).
pub const ROW_PX: f64 = 28.0;

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
    let log = NodeRef::<leptos::html::Ol>::new();
    // The list's scroll offset and height, in px, as last read.
    let view_box = RwSignal::new((0.0_f64, 20.0 * ROW_PX));
    let read = move || {
        if let Some(el) = log.get_untracked() {
            view_box.set((el.scroll_top() as f64, el.client_height() as f64));
        }
    };
    log.on_load(move |_| request_animation_frame(read));
    // The rows drawn: from and to, counted from the newest.
    let span = Memo::new(move |_| {
        let (listed, (top, height)) = (listed.get(), view_box.get());
        let len = listed.len();
        let from = ((top / ROW_PX) as u64).saturating_sub(OVERSCAN).min(len);
        let to = (((top + height) / ROW_PX).ceil() as u64 + OVERSCAN).min(len);
        (listed, from, to)
    });
    // Paused on a message out of view: the list scrolls to it.
    Effect::new(move |_| {
        let (Some(n), Some(el)) = (at.get(), log.get()) else {
            return;
        };
        let row_top = listed.get_untracked().last.saturating_sub(n) as f64 * ROW_PX;
        let (top, height) = (el.scroll_top() as f64, el.client_height() as f64);
        let want = if row_top < top {
            row_top
        } else if row_top + ROW_PX > top + height {
            row_top + ROW_PX - height
        } else {
            return;
        };
        el.set_scroll_top(want as i32);
        view_box.set((want, height));
    });
    // A message more while the list is scrolled down: what is in view
    // stays in view (the rows move down by one, so the list does too).
    Effect::new(move |was: Option<Listed>| {
        let now = listed.get();
        if let (Some(was), Some(el)) = (was, log.get_untracked()) {
            let (top, height) = (el.scroll_top() as f64, el.client_height() as f64);
            if was.file == now.file && now.last > was.last && top > 0.0 {
                let want = top + (now.last - was.last) as f64 * ROW_PX;
                el.set_scroll_top(want as i32);
                view_box.set((want, height));
            }
        }
        now
    });
    // Only the rows whose mark changes hear a step, not every row.
    let marked = Selector::new(move || at.get());
    let px = |rows: u64| format!("{}px", rows as f64 * ROW_PX);
    view! {
        <ol
            id="message-log"
            class="message-log"
            aria-label="App messages, newest first"
            tabindex="0"
            node_ref=log
            style:--message-row=format!("{ROW_PX}px")
            style:padding-top=move || span.with(|s| px(s.1))
            style:padding-bottom=move || span.with(|s| px(s.0.len() - s.2))
            on:scroll=move |_| read()
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
    view! {
        <li class="message-row" data-n=n aria-current=current title=title>
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

/// What the message changed, field by field.
fn changes(changes: &[Change]) -> impl IntoView + use<> {
    if changes.is_empty() {
        return view! { <p class="inspector-same">"The model did not change."</p> }.into_any();
    }
    let rows = changes
        .iter()
        .map(|c| {
            view! {
                <dt>{c.field.clone()}</dt>
                <dd><pre>{c.before.clone()}</pre>" → "<pre>{c.after.clone()}</pre></dd>
            }
        })
        .collect_view();
    view! {
        <h3>"What it changed"</h3>
        <dl class="inspector-changes">{rows}</dl>
    }
    .into_any()
}
