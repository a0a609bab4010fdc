//! How to play, and every key the game answers to. Static markup: the
//! `view!` macro builds it from one template.

use leptos::prelude::*;

/// The rules in a sentence and the keyboard shortcuts (not on a touch
/// screen without a fine pointer: style/ hides them there).
#[component]
pub fn HowToPlay() -> impl IntoView {
    view! {
        <div class="game-explanation">
            <p>
                <strong>"How to play:"</strong>
                " Slide the tiles with the arrow keys or a swipe. Two tiles with the same number merge into one when they touch. Add them up to reach "
                <strong>"2048!"</strong>
            </p>
            <h2 class="visually-hidden keys-only">"Keyboard shortcuts"</h2>
            <dl class="shortcuts keys-only">
                <dt><kbd>"← ↑ → ↓"</kbd>", "<kbd>"W A S D"</kbd>", "<kbd>"H J K L"</kbd></dt>
                <dd>"move the tiles"</dd>
                <dt><kbd>"R"</kbd></dt>
                <dd>"new game"</dd>
                <dt><kbd>"U"</kbd>", "<kbd>"Ctrl Z"</kbd></dt>
                <dd>"undo"</dd>
                <dt><kbd>"Ctrl Shift Z"</kbd>", "<kbd>"Ctrl Y"</kbd></dt>
                <dd>"redo"</dd>
                <dt><kbd>"?"</kbd></dt>
                <dd>"history"</dd>
                <dt><kbd>"I"</kbd></dt>
                <dd>"hint"</dd>
                <dt><kbd>"P"</kbd></dt>
                <dd>"autoplay on or off"</dd>
                <dt><kbd>"Tab"</kbd></dt>
                <dd>"reach every button"</dd>
            </dl>
        </div>
    }
}
