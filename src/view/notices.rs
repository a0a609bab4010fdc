//! The lines that tell the player something: storage trouble, a bad link,
//! the live region, and the computer player's line.

use leptos::prelude::*;

use super::context::{select, use_dispatcher};
use crate::app::model::Note;
use crate::app::words::notice_words;
use crate::app::{Model, Msg};

/// A quiet line saying when progress is not being kept, and why.
#[component]
pub fn StorageNotice() -> impl IntoView {
    let notice = select(|m| m.storage.notice);
    let text = move || notice.get().map(notice_words);
    view! {
        <p class="storage-notice" role="status" hidden=move || notice.get().is_none()>
            {text}
        </p>
    }
}

/// What the player asked that cannot be done (a link that does not open, a
/// daily not out yet), as an alert; or what the page's link proved, as a
/// quiet status line.
#[component]
pub fn LinkNotice() -> impl IntoView {
    let dispatch = use_dispatcher();
    let message = select(|m| match &m.note {
        Some(Note::Refusal(why)) => Some(("link-notice", "alert", why.clone())),
        Some(Note::Proof(what)) => Some(("link-notice link-verified", "status", what.clone())),
        None => None,
    });
    move || {
        message.get().map(|(class, role, text)| {
            view! {
                <p class=class role=role>
                    {text}
                    " "
                    <button
                        class="link-notice-close"
                        on:click=move |_| dispatch.send(Msg::DismissNote)
                    >
                        "OK"
                    </button>
                </p>
            }
        })
    }
}

/// What the last input did, in words, for screen readers (a polite live
/// region: it waits for the reader to finish).
#[component]
pub fn Announcer() -> impl IntoView {
    let text = select(|m| m.announcement.clone());
    view! {
        <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
            {move || text.get()}
        </div>
    }
}

/// The computer's line under the board: what it has to say about the board
/// in play, or the hint and its reason. A polite live region, so screen
/// readers hear the hint.
#[component]
pub fn HintLine() -> impl IntoView {
    let text = select(Model::computer_line);
    view! {
        <p class="hint-output" role="status" aria-live="polite">
            {move || text.get()}
        </p>
    }
}
