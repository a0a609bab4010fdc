//! How to play, and every key the game answers to: words.rs's
//! `HOW_TO_PLAY`, markup set whole. Static: drawn once.

use leptos::prelude::*;

use crate::app::words;

/// The rules in a sentence and the keyboard shortcuts (not on a touch
/// screen without a fine pointer: style/ hides them there).
#[component]
pub fn HowToPlay() -> impl IntoView {
    view! { <div class="game-explanation" inner_html=words::HOW_TO_PLAY></div> }
}
