//! How to play, and every key the game answers to: the rules in a
//! sentence, then the keys as one small table drawn by one loop.

use leptos::prelude::*;

/// Each shortcut: its keys, and what they do.
const SHORTCUTS: [(&[&str], &str); 8] = [
    (&["← ↑ → ↓", "W A S D", "H J K L"], "move the tiles"),
    (&["R"], "new game"),
    (&["U", "Ctrl Z"], "undo"),
    (&["Ctrl Shift Z", "Ctrl Y"], "redo"),
    (&["?"], "history inspector"),
    (&["I"], "hint"),
    (&["P"], "autoplay on or off"),
    (&["Tab"], "reach every button"),
];

/// The rules in a sentence and the keyboard shortcuts (not on a touch
/// screen without a fine pointer: style/ hides them there).
#[component]
pub fn HowToPlay() -> impl IntoView {
    let shortcuts = SHORTCUTS.map(|(keys, what)| {
        let keys = keys.iter().enumerate().map(|(i, &key)| {
            view! { {(i > 0).then_some(", ")}<kbd>{key}</kbd> }
        });
        view! {
            <dt>{keys.collect_view()}</dt>
            <dd>{what}</dd>
        }
    });
    view! {
        <div class="game-explanation">
            <p>
                <strong>"How to play:"</strong>
                " Slide the tiles with the arrow keys or a swipe. Two tiles with the same number merge into one when they touch. Add them up to reach "
                <strong>"2048!"</strong>
            </p>
            <h2 class="visually-hidden keys-only">"Keyboard shortcuts"</h2>
            <dl class="shortcuts keys-only">{shortcuts.into_iter().collect_view()}</dl>
        </div>
    }
}
