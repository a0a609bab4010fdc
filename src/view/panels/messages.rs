//! The message log, for people studying the fold: the last messages, newest
//! first, each with the commands `update` returned for it or why it was
//! ignored, and the subscriptions it started (`+idle`) or stopped
//! (`−ticker`); mounted only while shown. Each message's number is a button
//! that pauses the page on it (the debugger's inspector, `view::inspector`,
//! its own chunk); below, the session saved to a file or opened from one.

use leptos::prelude::*;

use crate::app::debugger::program::DebugMsg;
use crate::app::log::{Entry, SHOWN};
use crate::app::Msg;
use crate::view::context::{select, use_dispatcher};

/// The button that shows or hides the log, and the log while shown.
#[component]
pub fn Messages() -> impl IntoView {
    let dispatch = use_dispatcher();
    let open = select(|m| m.log.open);
    view! {
        <button
            class="messages-button"
            aria-expanded=move || open.get().to_string()
            aria-controls="message-log"
            on:click=move |_| dispatch.send(Msg::ToggleMessages)
        >
            "Messages"
        </button>
        {move || open.get().then(|| view! { <MessageLog/> <SessionFiles/> })}
    }
}

/// Save this session, or open one from a file (or drop it on the page);
/// why a file was refused is the inspector's to say.
#[component]
fn SessionFiles() -> impl IntoView {
    let dispatch = use_dispatcher();
    view! {
        <div class="session-files">
            <button class="save-session" on:click=move |_| dispatch.debug(DebugMsg::Save)>
                "Save this session"
            </button>
            <button class="open-session" on:click=move |_| dispatch.debug(DebugMsg::Open)>
                "Open a session file…"
            </button>
            <small>"Or drop a session file on the page to step through it."</small>
        </div>
    }
}

/// The log, newest first: rows collected in one closure, rebuilt in place
/// when a message arrives (a keyed `<For>` cost more code for rows that
/// hold no focus and no state of their own).
#[component]
fn MessageLog() -> impl IntoView {
    let entries = select(|m| {
        m.log
            .newest_first()
            .take(SHOWN)
            .cloned()
            .collect::<Vec<_>>()
    });
    view! {
        <ol id="message-log" class="message-log" aria-label="App messages, newest first" tabindex="0">
            {move || entries.with(|e| e.iter().map(row).collect_view())}
        </ol>
    }
}

/// One message: its number, the message, and its commands or why it was
/// ignored.
fn row(entry: &Entry) -> impl IntoView {
    let outcome = entry.outcome();
    let subs = (!entry.subs.is_empty()).then(|| {
        let said: Vec<String> = entry
            .subs
            .iter()
            .map(|(sign, name)| format!("{sign}{name}"))
            .collect();
        view! { " " <span class="message-subs">{said.join(" ")}</span> }
    });
    let n = entry.n;
    let dispatch = use_dispatcher();
    view! {
        <li class="message-row">
            <button
                class="message-n"
                aria-label=format!("Inspect message {n}")
                on:click=move |_| dispatch.debug(DebugMsg::Inspect(Some(n)))
            >
                {n}
            </button>
            " "
            <code class="message-msg">{entry.msg.label()}</code>
            " → "
            <span class="message-effects">{outcome}</span>
            {subs}
        </li>
    }
}
