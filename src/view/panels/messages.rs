//! The button that shows or hides the message log: the debugger's, which
//! wraps the app (`view::inspector`, its own chunk, fetched by the runtime
//! the first time). The log lists every message the runtime recorded, each
//! with the commands `update` returned for it or why it was ignored, and
//! pauses the page on any of them.

use leptos::prelude::*;

use crate::app::debugger::program::DebugMsg;
use crate::view::context::{use_dispatcher, use_log_shown};

/// The button that shows or hides the message log.
#[component]
pub fn Messages() -> impl IntoView {
    let dispatch = use_dispatcher();
    let shown = use_log_shown();
    view! {
        <button
            class="messages-button"
            aria-expanded=move || shown.get().to_string()
            aria-controls="debugger"
            on:click=move |_| dispatch.debug(DebugMsg::ToggleLog)
        >
            "Messages"
        </button>
    }
}
