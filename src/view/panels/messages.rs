//! The debugger's handle, "Messages (N)", in the window's corner on every
//! page (Elm's "Explore History (N)"): it shows or hides the debugger's
//! column (`view::inspector`, its own chunk, fetched by the runtime the
//! first time), whose message log lists every message the runtime
//! recorded, each with the commands `update` returned for it or why it was
//! ignored, and pauses the page on any of them.

use leptos::prelude::*;

use crate::app::debugger::program::DebugMsg;
use crate::view::context::{
    use_debugger_failed, use_dispatcher, use_log_shown, use_messages_taken,
};

/// The handle that shows or hides the debugger's column: how many
/// messages the page has taken.
#[component]
pub fn Messages() -> impl IntoView {
    let dispatch = use_dispatcher();
    let shown = use_log_shown();
    let taken = use_messages_taken();
    view! {
        <button
            class="messages-button"
            aria-expanded=move || shown.get().to_string()
            aria-controls="debugger"
            on:click=move |_| dispatch.debug(DebugMsg::ToggleLog)
        >
            "Messages (" {move || taken.get()} ")"
        </button>
    }
}

/// The line under the board when the message log's code could not be
/// fetched (a file dropped on the page waits for it too): said where the
/// notices are, so nothing moves, until it is asked for again.
#[component]
pub fn DebuggerFailed() -> impl IntoView {
    let failed = use_debugger_failed();
    view! {
        <p class="debugger-failed" role="status" hidden=move || !failed.get()>
            "The message log could not be loaded. The game plays on; it tries again when you \
             next open it or drop a session file on the page."
        </p>
    }
}
