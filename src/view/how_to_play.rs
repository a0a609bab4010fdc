//! How to play, and every key the game answers to, in words.rs's words
//! (`HOW_TO_PLAY`, `RULES`, `SHORTCUTS`). Static: drawn once.

use leptos::prelude::*;

use crate::app::words;

/// The rules in a sentence and the keyboard shortcuts (not on a touch
/// screen without a fine pointer: style/ hides them there).
#[component]
pub fn HowToPlay() -> impl IntoView {
    let shortcuts = words::SHORTCUTS
        .iter()
        .map(|&(keys, does)| {
            // A comma before every key but the first (the keys differ).
            let keys = keys
                .iter()
                .map(|&key| view! { {(key != keys[0]).then_some(", ")}<kbd>{key}</kbd> })
                .collect_view();
            view! { <dt>{keys}</dt><dd>{does}</dd> }
        })
        .collect_view();
    view! {
        <div class="game-explanation">
            <p>
                <strong>{words::HOW_TO_PLAY}</strong>
                {words::RULES}
                <strong>"2048!"</strong>
            </p>
            <h2 class="visually-hidden keys-only">{words::KEYBOARD_SHORTCUTS}</h2>
            <dl class="shortcuts keys-only">{shortcuts}</dl>
        </div>
    }
}
