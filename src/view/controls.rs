//! The controls under the board, and the share link.

use leptos::prelude::*;

use super::context::{select, use_dispatcher};
use crate::app::computer::Purpose;
use crate::app::words::{self, theme_button};
use crate::app::{Msg, Panel, Share};
use crate::web::browser::select_text;

/// The controls under the board: the frequent actions one tap away, each
/// an icon with its name (Undo, Redo, Hint, Autoplay), then a quieter row:
/// the panels as tabs (History, Statistics, Settings), and beside them the
/// actions (Daily, Share, the theme), drawn as buttons.
#[component]
pub fn Controls() -> impl IntoView {
    view! {
        <div class="game-controls" role="toolbar" aria-label="Play">
            <PlayControls/>
        </div>
        <nav class="game-menu" aria-label="More">
            <MenuControls/>
        </nav>
        <ShareOutput/>
    }
}

/// Undo, Redo, Hint and Autoplay.
#[component]
fn PlayControls() -> impl IntoView {
    let dispatch = use_dispatcher();
    let can_undo = select(|m| m.can_undo());
    let can_redo = select(|m| m.can_redo());
    let can_ask =
        select(|m| [Purpose::Hint, Purpose::Autoplay].map(|purpose| m.can_ask_computer(purpose)));
    let unaided = select(|m| m.help_refused().map(words::refusal));
    let computer_off = select(|m| m.help_refused().or(m.refusal()).map(words::refusal));
    let autoplay = select(|m| m.computer.autoplay);
    let send = move |msg: Msg| move |_| dispatch.send(msg.clone());
    view! {
        <button
            class="undo-button control"
            disabled=move || !can_undo.get()
            title=move || unaided.get()
            aria-keyshortcuts=words::UNDO_KEYS
            on:click=send(Msg::Undo)
        >
            <svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11"></path></svg>
            <span class="control-name">"Undo"</span>
        </button>
        <button
            class="redo-button control"
            disabled=move || !can_redo.get()
            title=move || unaided.get()
            aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
            on:click=send(Msg::Redo)
        >
            <svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="m15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13"></path></svg>
            <span class="control-name">"Redo"</span>
        </button>
        <button
            class="hint-button control"
            disabled=move || !can_ask.get()[0]
            title=move || computer_off.get()
            aria-keyshortcuts="I"
            on:click=send(Msg::Hint)
        >
            <svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7V16h8v-1.3A7 7 0 0 0 12 2z"></path></svg>
            <span class="control-name">"Hint"</span>
        </button>
        <button
            class="autoplay-button control"
            disabled=move || !can_ask.get()[1]
            title=move || computer_off.get()
            aria-pressed=move || autoplay.get().to_string()
            aria-keyshortcuts="P"
            on:click=send(Msg::Autoplay)
        >
            <svg class="icon icon-play" viewBox="0 0 24 24" aria-hidden="true"><path d="M7 4v16l13-8z"></path></svg>
            <svg class="icon icon-pause" viewBox="0 0 24 24" aria-hidden="true"><path d="M7 4h4v16H7zM13 4h4v16h-4z"></path></svg>
            <span class="control-name">"Autoplay"</span>
        </button>
    }
}

/// History, Statistics, Settings (tabs: each opens its panel, drawn on a
/// strip), then Daily, Share and the theme (actions, drawn as buttons).
#[component]
fn MenuControls() -> impl IntoView {
    let dispatch = use_dispatcher();
    let panel = select(|m| m.panel);
    let dark = select(|m| m.settings.dark());
    let send = move |msg: Msg| move |_| dispatch.send(msg.clone());
    let open = move |p: Panel| move || (panel.get() == Some(p)).to_string();
    view! {
        <button
            class="history-button menu-item"
            aria-expanded=open(Panel::History)
            aria-keyshortcuts="Shift+?"
            on:click=send(Msg::Toggle(Panel::History))
        >
            <svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 3"></path></svg>
            <span class="control-name">"History"</span>
        </button>
        <button
            class="stats-button menu-item"
            aria-expanded=open(Panel::Stats)
            on:click=send(Msg::Toggle(Panel::Stats))
        >
            <svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M3 3v18h18M8 17v-5M13 17V7M18 17v-8"></path></svg>
            <span class="control-name">"Statistics"</span>
        </button>
        <button
            class="settings-button menu-item"
            aria-expanded=open(Panel::Settings)
            on:click=send(Msg::Toggle(Panel::Settings))
        >
            <svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z"></path></svg>
            <span class="control-name">"Settings"</span>
        </button>
        <button class="daily-button menu-action" on:click=send(Msg::OpenDaily(None))>
            <svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M4 6h16v14H4zM4 10h16M8 3v5M16 3v5"></path></svg>
            <span class="control-name">"Daily"</span>
        </button>
        <button class="share-button menu-action" on:click=send(Msg::Share)>
            <svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v13"></path></svg>
            <span class="control-name">"Share"</span>
        </button>
        // Named by what it does: "Light theme" while the dark one shows.
        <button class="theme-button menu-action" on:click=send(Msg::ToggleTheme)>
            <svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 3v18M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18z"></path></svg>
            <span class="control-name">{move || theme_button(dark.get())}</span>
        </button>
    }
}

/// The link the Share button made, once pressed, and what became of it.
#[component]
fn ShareOutput() -> impl IntoView {
    let share = select(|m| m.links.share.clone());
    let output = move || {
        let (said, url) = match share.get()? {
            Share::Refused => (words::SHARE_REFUSED, String::new()),
            Share::Made(url) => (words::COPY_THIS_LINK, url),
            Share::Copied(url) => (words::LINK_COPIED, url),
        };
        Some(view! {
            <div class="share-output" role="status">
                <span>{said}</span>
                <input
                    class="share-link"
                    readonly
                    aria-label=words::LINK_TO_THIS_GAME
                    hidden=url.is_empty()
                    prop:value=url
                    on:focus=move |ev| select_text(&ev)
                />
            </div>
        })
    };
    view! { {output} }
}
