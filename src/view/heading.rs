//! Title, the two score boxes, and the line with New Game.

use super::context::{select, use_dispatcher, use_model};
use crate::app::Msg;
use crate::engine::{Input, State};
use crate::web::browser::{css_animation, restart};
use leptos::prelude::*;

use crate::app::words;
/// Title and the two score boxes.
#[component]
pub fn Heading(
    /// The state on the board.
    shown: Memo<State>,
) -> impl IntoView {
    let score = Memo::new(move |_| shown.with(|s| s.score));
    let best = select(|m| m.best_shown());
    // The newest points scored in play the page has shown: a paused page
    // showing an earlier message, or coming back to the live one, shows no
    // newer number, so nothing floats up (`fresh` is false).
    let model = use_model();
    let float = Memo::new(move |prev: Option<&Float>| {
        let seen = prev.map_or(0, |f| f.n);
        match model.with(|m| m.game.scored) {
            Some(s) if s.n > seen => Float {
                n: s.n,
                points: Some(s.points),
                fresh: true,
            },
            _ => Float {
                fresh: false,
                ..prev.copied().unwrap_or_default()
            },
        }
    });
    view! {
        <div class="heading">
            <h1 class="title">"2048"</h1>
            <ScoreBar score best float/>
        </div>
    }
}

/// The "+N" over the score: the newest scoring move's number shown, its
/// points, and whether it just came.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Float {
    n: u64,
    points: Option<u64>,
    fresh: bool,
}

/// Score and best score, in the original's `.score-container` and
/// `.best-container` (the first text of each is the number).
#[component]
fn ScoreBar(
    /// The score on the board.
    score: Memo<u64>,
    /// The best score known.
    best: Memo<u64>,
    /// The points scored in play to float up (`Game::scored`).
    float: Memo<Float>,
) -> impl IntoView {
    // One "+N" element for the whole game: its text follows the points
    // scored in play and its CSS animation is restarted for each new
    // scoring move. Replacing the element per move, as the original does,
    // costs two DOM mutations a move; this costs at most one.
    let addition = NodeRef::<leptos::html::Div>::new();
    // The element's CSS animation, looked up once: asking the browser for an
    // element's animations forces a style recalculation, about a millisecond
    // a move if done on every gain.
    let mut animation = None;
    Effect::new(move |first: Option<()>| {
        let fresh = float.get().fresh;
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
                    {move || float.get().points.map(|g| format!("+{g}"))}
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
    let target = select(|m| m.board_game().present().config.target);
    let goal = move || words::goal(target.get());
    let no_new_game = select(|m| m.no_new_game());
    view! {
        <div class="above-game">
            <p class="game-intro">{words::INTRO} <strong>{goal}</strong></p>
            <button
                class="restart-button"
                disabled=move || no_new_game.get().is_some()
                title=move || no_new_game.get()
                on:click=move |_| dispatch.send(Msg::Play(Input::NewGame))
            >
                <svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7"></path></svg>
                {words::NEW_GAME}
            </button>
        </div>
    }
}
