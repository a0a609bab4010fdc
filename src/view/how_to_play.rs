//! How to play, and every key the game answers to.

use leptos::prelude::*;

/// The keys, and what each does.
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

/// The rules in a sentence and the keyboard shortcuts.
#[component]
pub fn HowToPlay() -> impl IntoView {
    view! {
        <div class="game-explanation">
            <p>
                <strong>"How to play:"</strong>
                " Slide the tiles with the arrow keys or a swipe. Two tiles with the same \
                 number merge into one when they touch. Add them up to reach "
                <strong>"2048!"</strong>
            </p>
            <h2 class="visually-hidden">"Keyboard shortcuts"</h2>
            <dl class="shortcuts">
                {SHORTCUTS
                    .iter()
                    .map(|&(keys, does)| {
                        view! {
                            <dt>
                                {keys
                                    .iter()
                                    .enumerate()
                                    .map(|(i, k)| view! { {(i > 0).then_some(", ")} <kbd>{*k}</kbd> })
                                    .collect_view()}
                            </dt>
                            <dd>{does}</dd>
                        }
                    })
                    .collect_view()}
            </dl>
        </div>
    }
}
