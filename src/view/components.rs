//! The components under `App`. Each reads only the derived signals it is
//! given and sends inputs through the [`Dispatcher`](super::Dispatcher).

use leptos::prelude::*;

use super::tiles::ViewTile;
use super::{use_dispatcher, Notice};
use crate::engine::{Input, Status};

/// Title and the two score boxes.
#[component]
pub fn Heading(
    /// The current game's score.
    score: Signal<u64>,
    /// The best score known.
    best: Signal<u64>,
    /// The last move's gain, with the move number that keys its animation.
    gain: Signal<Option<(u32, u64)>>,
) -> impl IntoView {
    view! {
        <div class="heading">
            <h1 class="title">"2048"</h1>
            <ScoreBar score best gain/>
        </div>
    }
}

/// Score and best score, in the original's `.score-container` and
/// `.best-container` (the first text of each is the number).
#[component]
pub fn ScoreBar(
    /// The current game's score.
    score: Signal<u64>,
    /// The best score known.
    best: Signal<u64>,
    /// The last move's gain, keyed by move number so each gain animates anew.
    gain: Signal<Option<(u32, u64)>>,
) -> impl IntoView {
    view! {
        <div class="scores-container">
            <div class="score-container" aria-label="Score">
                {move || score.get()}
                <For each=move || gain.get() key=|&(n, _)| n let:g>
                    <div class="score-addition" aria-hidden="true">"+" {g.1}</div>
                </For>
            </div>
            <div class="best-container" aria-label="Best score">{move || best.get()}</div>
        </div>
    }
}

/// The line under the heading, with the New Game button.
#[component]
pub fn Intro() -> impl IntoView {
    let dispatch = use_dispatcher();
    view! {
        <div class="above-game">
            <p class="game-intro">"Join the numbers and get to the " <strong>"2048 tile!"</strong></p>
            <button class="restart-button" on:click=move |_| dispatch.send(Input::NewGame)>
                "New Game"
            </button>
        </div>
    }
}

/// A quiet line saying when progress is not being kept, and why.
#[component]
pub fn StorageNotice(
    /// The current storage trouble, if any.
    notice: Signal<Option<Notice>>,
) -> impl IntoView {
    let text = move || {
        notice.get().map(|n| match n {
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
        })
    };
    view! {
        <p class="storage-notice" role="status" hidden=move || notice.get().is_none()>
            {text}
        </p>
    }
}

/// The win / game-over overlay. Always in the DOM (as in the original);
/// shown by its `.game-won` or `.game-over` class.
#[component]
pub fn GameMessage(
    /// The game's status.
    status: Signal<Status>,
) -> impl IntoView {
    let dispatch = use_dispatcher();
    let class = move || match status.get() {
        Status::Won => "game-message game-won",
        Status::Over => "game-message game-over",
        Status::Playing | Status::Continuing => "game-message",
    };
    let text = move || match status.get() {
        Status::Won => "You win!",
        Status::Over => "Game over!",
        Status::Playing | Status::Continuing => "",
    };
    view! {
        <div class=class>
            <p>{text}</p>
            <div class="lower">
                <button
                    class="keep-playing-button"
                    on:click=move |_| dispatch.send(Input::KeepPlaying)
                >
                    "Keep going"
                </button>
                <button class="retry-button" on:click=move |_| dispatch.send(Input::NewGame)>
                    "Try again"
                </button>
            </div>
        </div>
    }
}

/// The empty cells behind the tiles: `height` rows of `width` cells.
#[component]
pub fn Grid(
    /// Board width and height.
    size: Signal<(u8, u8)>,
) -> impl IntoView {
    let rows = move || {
        let (w, h) = size.get();
        (0..h)
            .map(|_| {
                view! {
                    <div class="grid-row">
                        {(0..w).map(|_| view! { <div class="grid-cell"></div> }).collect_view()}
                    </div>
                }
            })
            .collect_view()
    };
    view! { <div class="grid-container">{rows}</div> }
}

/// The tiles, keyed by id: a move touches only the tiles it changed.
#[component]
pub fn TileLayer(
    /// Every tile to draw, sorted by id.
    tiles: Memo<Vec<ViewTile>>,
) -> impl IntoView {
    view! {
        <div class="tile-container">
            <For each=move || tiles.get() key=|t| t.id let:tile>
                <Tile initial=tile tiles/>
            </For>
        </div>
    }
}

/// One tile. Its value never changes (a merge makes a new tile), so only its
/// class follows the state: position, and whether it is new or merged.
#[component]
pub fn Tile(
    /// The tile as first rendered.
    initial: ViewTile,
    /// The whole tile layer, to find this tile's latest frame in.
    tiles: Memo<Vec<ViewTile>>,
) -> impl IntoView {
    let me = Memo::new(move |prev: Option<&ViewTile>| {
        tiles
            .with(|ts| ts.iter().find(|t| t.id == initial.id).copied())
            .or(prev.copied())
            .unwrap_or(initial)
    });
    view! {
        <div class=move || me.with(ViewTile::class)>
            <div class="tile-inner">{initial.value}</div>
        </div>
    }
}

/// Controls, listed on the page.
#[component]
pub fn HowToPlay() -> impl IntoView {
    view! {
        <p class="game-explanation">
            <strong class="important">"How to play: "</strong>
            "Use the arrow keys, WASD or vim's HJKL to move the tiles. "
            "Tiles with the same number merge into one when they touch. "
            "Add them up to reach " <strong>"2048!"</strong> " Press R for a new game."
        </p>
    }
}
