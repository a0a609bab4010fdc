//! The debugger's inspector, over the page while it is paused on a message
//! (Elm's debugger pauses the app the same way): which message, the
//! commands and subscriptions it gave, what it changed in the model (each
//! field before → after, `app::debugger::diff`), Previous, Next and Back to
//! live. The page around it is the model the fold made right after that
//! message, drawn by the same views. Its code is the history panel's chunk,
//! with the message log and the debugger's runner (`web::debugger`), which
//! writes what it draws: one signal of plain data, drawn by one closure;
//! its buttons send the debugger's messages.

use leptos::prelude::*;

use crate::app::debugger::diff::Change;
use crate::app::debugger::inspected::Inspected;
use crate::app::debugger::program::DebugMsg;
use crate::view::context::use_dispatcher;
use crate::web::debugger::{self, inspected};
use crate::web::split_points::{DebuggerTool, Tool};

/// What the history panel's chunk hands the page as it loads (its row in
/// `chunk_table!`): the debugger's runner and this inspector.
pub const TOOL: Tool = Tool::Debugger(DebuggerTool {
    start: debugger::start,
    send: debugger::send,
    takes: debugger::takes,
    inspector: || view! { <Inspector/> }.into_any(),
});

/// The inspector.
#[component]
pub fn Inspector() -> impl IntoView {
    let shown = inspected();
    view! {
        <section class="inspector" aria-label="Debugger">
            {move || shown.with(draw)}
        </section>
    }
}

fn draw(i: &Inspected) -> impl IntoView + use<> {
    let dispatch = use_dispatcher();
    let problem = i
        .debugger
        .problem
        .clone()
        .map(|why| view! { <p class="inspector-problem" role="alert">{why}</p> });
    let Some(at) = i.debugger.at else {
        return view! {
            {problem}
            <button class="inspector-dismiss" on:click=move |_| dispatch.debug(DebugMsg::Inspect(None))>
                "Dismiss"
            </button>
        }
        .into_any();
    };
    let whose = if i.debugger.opened.is_some() {
        "Session from a file"
    } else {
        "Paused"
    };
    let (prev, next) = (at.saturating_sub(1), at + 1);
    let (first, last) = (i.first, i.last);
    view! {
        {problem}
        <h2 class="inspector-title" data-at=at>
            {format!("{whose}: after message {at} of {last}")}
        </h2>
        <p class="inspector-msg">
            <code>{i.described.msg.clone()}</code>
            " → "
            <span class="inspector-cmds">{i.described.outcome.clone()}</span>
        </p>
        <div class="inspector-actions">
            <button class="inspector-prev" disabled={at <= first}
                on:click=move |_| dispatch.debug(DebugMsg::Inspect(Some(prev)))>"Previous message"</button>
            <button class="inspector-next" disabled={at >= last}
                on:click=move |_| dispatch.debug(DebugMsg::Inspect(Some(next)))>"Next message"</button>
            <button class="inspector-live" on:click=move |_| dispatch.debug(DebugMsg::Inspect(None))>
                "Back to live"
            </button>
        </div>
        {changes(&i.described.changes)}
    }
    .into_any()
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
