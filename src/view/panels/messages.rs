//! The line under the board when the debugger's chunk could not be
//! fetched. The debugger's handle, "Messages (N)", is index.html's (a
//! button from the first paint, Elm's "Explore History (N)": in the
//! window's corner beside the board, at the page's end on one column),
//! heard and written by the runtime: it shows or hides the
//! debugger's column (`view::inspector`, its own chunk, fetched the first
//! time).

use leptos::prelude::*;

use crate::app::words;
use crate::view::context::use_debugger_failed;

/// The line under the board when the message log's code could not be
/// fetched (a file dropped on the page waits for it too): said where the
/// notices are, so nothing moves, until it is asked for again.
#[component]
pub fn DebuggerFailed() -> impl IntoView {
    let failed = use_debugger_failed();
    view! {
        <p class="debugger-failed" role="status" hidden=move || !failed.get()>
            {words::LOG_FAILED}
        </p>
    }
}
