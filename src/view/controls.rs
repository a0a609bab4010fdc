//! The buttons under the board, the autoplay pause, and the share link.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::{select, use_dispatcher};
use crate::app::computer::{supported, PAUSES};
use crate::app::{Msg, Panel, Share};

/// The buttons under the board.
#[component]
pub fn Controls() -> impl IntoView {
    let dispatch = use_dispatcher();
    let can_undo = select(|m| m.can_undo());
    let can_redo = select(|m| m.can_redo());
    let panel = select(|m| m.panel);
    let playable = select(|m| supported(m.present()));
    let autoplay = select(|m| m.computer.autoplay);
    let dark = select(|m| m.dark());
    let send = move |msg: Msg| move |_| dispatch.send(msg.clone());
    let open = move |p: Panel| move || (panel.get() == Some(p)).to_string();
    view! {
        <div class="game-controls">
            <button
                class="undo-button"
                disabled=move || !can_undo.get()
                aria-keyshortcuts="U Control+Z Meta+Z"
                on:click=send(Msg::Undo)
            >
                "Undo"
            </button>
            <button
                class="redo-button"
                disabled=move || !can_redo.get()
                aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
                on:click=send(Msg::Redo)
            >
                "Redo"
            </button>
            <button
                class="history-button"
                aria-expanded=open(Panel::History)
                aria-keyshortcuts="Shift+?"
                on:click=send(Msg::Toggle(Panel::History))
            >
                "History"
            </button>
            <button
                class="hint-button"
                disabled=move || !playable.get()
                aria-keyshortcuts="I"
                on:click=send(Msg::Hint)
            >
                "Hint"
            </button>
            <button
                class="autoplay-button"
                disabled=move || !playable.get()
                aria-pressed=move || autoplay.get().to_string()
                aria-keyshortcuts="P"
                on:click=send(Msg::Autoplay)
            >
                "Autoplay"
            </button>
            <AutoplayPause/>
            <ShareButton/>
            <button
                class="stats-button"
                aria-expanded=open(Panel::Stats)
                on:click=send(Msg::Toggle(Panel::Stats))
            >
                "Statistics"
            </button>
            <button
                class="settings-button"
                aria-expanded=open(Panel::Settings)
                on:click=send(Msg::Toggle(Panel::Settings))
            >
                "Board"
            </button>
            <button
                class="theme-button"
                aria-pressed=move || dark.get().to_string()
                on:click=send(Msg::ToggleTheme)
            >
                "Dark theme"
            </button>
        </div>
    }
}

/// The pause between autoplay's moves: one option per entry of `PAUSES`,
/// read back by index.
#[component]
fn AutoplayPause() -> impl IntoView {
    let dispatch = use_dispatcher();
    let chosen = select(|m| m.computer.pause_ms);
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(&(ms, _)) = PAUSES.get(selected_index(&ev)) {
            dispatch.send(Msg::AutoplayPause(ms));
        }
    };
    view! {
        <label class="autoplay-speed-label">
            "Pause "
            <select
                class="autoplay-speed"
                aria-label="Pause between autoplay moves"
                on:change=on_change
            >
                {PAUSES
                    .iter()
                    .map(|&(ms, label)| {
                        view! {
                            <option value=ms prop:selected=move || chosen.get() == ms>
                                {label}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// Which option of the `<select>` an event came from: the index into the
/// list the options were drawn from.
pub fn selected_index(ev: &leptos::ev::Event) -> usize {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
        .map_or(usize::MAX, |s| {
            s.selected_index().try_into().unwrap_or(usize::MAX)
        })
}

/// The share button and, once pressed, the link it made.
#[component]
fn ShareButton() -> impl IntoView {
    let dispatch = use_dispatcher();
    let share = select(|m| m.share.clone());
    let output = move || {
        let (said, url) = match share.get()? {
            Share::Refused => (
                "This game cannot be shared: it began before the undo history \
                 this page holds, or it is too long for a link.",
                String::new(),
            ),
            Share::Made(url) => ("Copy this link:", url),
            Share::Copied(url) => (
                "Link copied. Anyone who opens it sees this game replayed:",
                url,
            ),
        };
        Some(view! {
            <div class="share-output" role="status">
                <span>{said}</span>
                <input
                    class="share-link"
                    readonly
                    aria-label="Link to this game"
                    hidden=url.is_empty()
                    prop:value=url
                    on:focus=move |ev| {
                        if let Some(el) = ev
                            .target()
                            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                        {
                            el.select();
                        }
                    }
                />
            </div>
        })
    };
    view! {
        <button class="share-button" on:click=move |_| dispatch.send(Msg::Share)>
            "Share"
        </button>
        {output}
    }
}
