//! The debugger's inspector, over the page while it is paused on a message
//! (Elm's debugger pauses the app the same way): which message, the
//! commands and subscriptions it gave, what it changed in the model (each
//! field before → after, `app::debugger::diff`), Previous, Next and Back to
//! live. The page around it is the model the fold made right after that
//! message, drawn by the same views. This is the debugger's chunk
//! (`Chunk::Debugger`), which hands the page its tools as it loads
//! ([`TOOL`]). One memo of plain data drawn by one closure.

use leptos::prelude::*;

use crate::app::debugger::diff::{diff, Change};
use crate::app::{Model, Msg};
use crate::view::context::{select, use_dispatcher};
use crate::web::session_file;
use crate::web::split_points::{Tool, Tools};

/// What the inspector shows, as plain data.
#[derive(Clone, Debug, PartialEq)]
struct Inspected {
    /// The message shown, and the first and last that can be.
    at: Option<u64>,
    first: u64,
    last: u64,
    /// Whether it is a session opened from a file.
    file: bool,
    /// The message, and its commands or why it was ignored, in words.
    msg: String,
    outcome: String,
    changes: Vec<Change>,
    /// Why a file was refused, if one was.
    problem: Option<String>,
}

impl Inspected {
    fn of(m: &Model) -> Inspected {
        let d = &m.debugger;
        let (first, last) = d.shown_range;
        let entry = m.log.latest().filter(|e| Some(e.n) == d.at && e.n > first);
        let (msg, outcome) = match entry {
            Some(e) => (e.msg.label(), outcome(e)),
            None => ("the start".into(), "init(flags)".into()),
        };
        let changes = match (&d.before, entry) {
            (Some(before), Some(_)) => diff(before, m),
            _ => Vec::new(),
        };
        Inspected {
            at: d.at,
            first,
            last,
            file: d.opened.is_some(),
            msg,
            outcome,
            changes,
            problem: d.problem.clone(),
        }
    }
}

/// A message's commands (or why it was ignored) and the subscriptions it
/// started or stopped.
fn outcome(e: &crate::app::log::Entry) -> String {
    let mut text = match e.ignored {
        Some(why) => why.words().to_string(),
        None if e.cmds.is_empty() => "no commands".to_string(),
        None => e
            .cmds
            .iter()
            .map(|c| c.label())
            .collect::<Vec<_>>()
            .join(", "),
    };
    for (sign, name) in &e.subs {
        text.push_str(&format!(" {sign}{name}"));
    }
    text
}

/// What the debugger's chunk hands the page as it loads
/// (`split_points::Tool`): the replays shown while paused and the session
/// files' functions, all in this chunk.
pub const TOOL: Tool = Tool::Debugger(Tools {
    show: session_file::show,
    save: session_file::save,
    pick: session_file::pick,
    dropped: session_file::dropped,
});

/// The inspector.
#[component]
pub fn Inspector() -> impl IntoView {
    let shown = select(Inspected::of);
    view! {
        <section class="inspector" aria-label="Debugger">
            {move || shown.with(draw)}
        </section>
    }
}

fn draw(i: &Inspected) -> impl IntoView + use<> {
    let dispatch = use_dispatcher();
    let problem = i
        .problem
        .clone()
        .map(|why| view! { <p class="inspector-problem" role="alert">{why}</p> });
    let Some(at) = i.at else {
        return view! {
            {problem}
            <button class="inspector-dismiss" on:click=move |_| dispatch.send(Msg::Inspect(None))>
                "Dismiss"
            </button>
        }
        .into_any();
    };
    let whose = if i.file {
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
            <code>{i.msg.clone()}</code>
            " → "
            <span class="inspector-cmds">{i.outcome.clone()}</span>
        </p>
        <div class="inspector-actions">
            <button class="inspector-prev" disabled={at <= first}
                on:click=move |_| dispatch.send(Msg::Inspect(Some(prev)))>"Previous message"</button>
            <button class="inspector-next" disabled={at >= last}
                on:click=move |_| dispatch.send(Msg::Inspect(Some(next)))>"Next message"</button>
            <button class="inspector-live" on:click=move |_| dispatch.send(Msg::Inspect(None))>
                "Back to live"
            </button>
        </div>
        {changes(&i.changes)}
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
