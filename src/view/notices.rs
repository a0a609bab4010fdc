//! The lines that tell the player something: storage trouble, a bad link,
//! the live region, and the computer player's line.

use leptos::prelude::*;

use super::context::{select, use_dispatcher};
use crate::app::{Model, Msg, Notice};

/// A quiet line saying when progress is not being kept, and why.
#[component]
pub fn StorageNotice() -> impl IntoView {
    let notice = select(|m| m.notice);
    let text = move || notice.get().map(words);
    view! {
        <p class="storage-notice" role="status" hidden=move || notice.get().is_none()>
            {text}
        </p>
    }
}

fn words(notice: Notice) -> &'static str {
    match notice {
        Notice::Unavailable => {
            "This browser does not let the game use storage: \
             your progress and best score will not be kept after you leave."
        }
        Notice::WriteFailed => {
            "Storage is full, so your latest progress could not be saved. \
             The last saved game is still there."
        }
        Notice::SetAside => {
            "Your saved game could not be read, so a new game has started. \
             The old save was set aside, not deleted."
        }
        Notice::DataSetAside => {
            "Some saved data (undo history or statistics) could not be read \
             and was set aside, not deleted. Your game is not affected."
        }
    }
}

/// What is wrong with the link the page was opened with, as an alert; or
/// what it proved, as a quiet status line.
#[component]
pub fn LinkNotice() -> impl IntoView {
    let dispatch = use_dispatcher();
    let message = select(|m| match (&m.link_message, &m.link_verified) {
        (Some(wrong), _) => Some(("link-notice", "alert", wrong.clone())),
        (None, Some(proved)) => Some(("link-notice link-verified", "status", proved.clone())),
        (None, None) => None,
    });
    move || {
        message.get().map(|(class, role, text)| {
            view! {
                <p class=class role=role>
                    {text}
                    " "
                    <button
                        class="link-notice-close"
                        on:click=move |_| dispatch.send(Msg::DismissLinkMessage)
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
