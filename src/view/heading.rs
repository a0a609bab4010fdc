//! Title, the two score boxes, and the line with New Game.

use super::context::{select, use_dispatcher};
use crate::app::model::Scored;
use crate::app::Msg;
use crate::engine::{Input, State};
use crate::web::browser::{css_animation, restart};
use leptos::prelude::*;

/// Title and the two score boxes.
#[component]
pub fn Heading(
    /// The state on the board.
    shown: Memo<State>,
) -> impl IntoView {
    let score = Memo::new(move |_| shown.with(|s| s.score));
    let best = select(|m| m.best_shown());
    let scored = select(|m| m.scored);
    view! {
        <div class="heading">
            <h1 class="title">"2048"</h1>
            <ScoreBar score best scored/>
        </div>
    }
}

/// Score and best score, in the original's `.score-container` and
/// `.best-container` (the first text of each is the number).
#[component]
fn ScoreBar(
    /// The score on the board.
    score: Memo<u64>,
    /// The best score known.
    best: Memo<u64>,
    /// The points the last move played scored, numbered (`Model::scored`).
    scored: Memo<Option<Scored>>,
) -> impl IntoView {
    // One "+N" element for the whole game: its text follows the points
    // scored in play and its CSS animation is restarted for each new
    // scoring move, the first time the page shows it: a paused page showing
    // an earlier message, or coming back to the live one, floats nothing.
    // Replacing the element per move, as the original does, costs two DOM
    // mutations a move; this costs at most one.
    let newest = Memo::new(move |prev: Option<&(u64, Option<u64>, bool)>| {
        let (seen, text, _) = prev.copied().unwrap_or((0, None, false));
        match scored.get() {
            Some(s) if s.n > seen => (s.n, Some(s.points), true),
            _ => (seen, text, false),
        }
    });
    let shown = Memo::new(move |_| newest.get().1);
    let fresh = Memo::new(move |_| newest.get().2.then(|| newest.get().0));
    let addition = NodeRef::<leptos::html::Div>::new();
    // The element's CSS animation, looked up once: asking the browser for an
    // element's animations forces a style recalculation, about a millisecond
    // a move if done on every gain.
    let mut animation = None;
    Effect::new(move |first: Option<()>| {
        let fresh = fresh.get().is_some();
        if first.is_some() && fresh {
            if animation.is_none() {
                animation = addition.get_untracked().and_then(|el| css_animation(&el));
            }
            if let Some(animation) = &animation {
                restart(animation);
            }
        }
    });
    view! {
        <div class="scores-container">
            <div class="score-container">
                {move || score.get()}
                <div class="score-addition" aria-hidden="true" node_ref=addition>
                    {move || shown.get().map(|g| format!("+{g}"))}
                </div>
            </div>
            <div class="best-container">{move || best.get()}</div>
        </div>
    }
}

/// The line under the heading, with the New Game button.
#[component]
pub fn Intro() -> impl IntoView {
    let dispatch = use_dispatcher();
    let target = select(|m| m.present().config.target);
    let goal = move || match target.get() {
        Some(t) => format!("{t} tile!"),
        None => "biggest tile you can!".to_string(),
    };
    let no_new_game = select(|m| m.no_new_game());
    view! {
        <div class="above-game">
            <p class="game-intro">"Join the numbers and get to the " <strong>{goal}</strong></p>
            <button
                class="restart-button"
                disabled=move || no_new_game.get().is_some()
                title=move || no_new_game.get()
                on:click=move |_| dispatch.send(Msg::Play(Input::NewGame))
            >
                <svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7"></path></svg>
                "New Game"
            </button>
        </div>
    }
}
