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
use crate::app::debugger::inspected::Inspected;
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
    /// The messages listed, newest first.
    pub rows: ArcRwSignal<Vec<Row>>,
    /// The message paused on, marked in the list.
    pub at: ArcRwSignal<Option<u64>>,
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

/// The message log: every message listed, newest first; the one paused on
/// marked (`aria-current`). Keyed by the row itself (a file's message N is
/// not the page's), so a new message adds one row and a step moves one
/// mark.
#[component]
fn MessageLog() -> impl IntoView {
    let drawn = drawn();
    let (rows, at) = (drawn.rows, drawn.at);
    // Only the rows whose mark changes hear a step, not every row.
    let marked = Selector::new(move || at.get());
    view! {
        <ol id="message-log" class="message-log" aria-label="App messages, newest first" tabindex="0">
            <For each=move || rows.get() key=|row| row.clone() let:row>
                {message(row, marked.clone())}
            </For>
        </ol>
    }
}

/// One message: its number (a button that pauses on it), the message, and
/// its commands or why it was ignored.
fn message(row: Row, marked: Selector<Option<u64>>) -> impl IntoView {
    let dispatch = use_dispatcher();
    let n = row.n;
    let current = move || marked.selected(&Some(n)).then_some("true");
    let subs =
        (!row.subs.is_empty()).then(|| view! { " " <span class="message-subs">{row.subs}</span> });
    view! {
        <li class="message-row" data-n=n aria-current=current>
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
